"""Measure `chronos ask` offline on LoCoMo (../shared/data/locomo_dev.json), in one process.

- recall_all@15: the share of questions whose evidence turns (dia_ids) ALL appear in the
  initial retrieval's ranked top 15 (``retrieved_turns``), for all questions and for temporal
  (category 2) ones, beside dense-only and BM25-only top 15 on the same index;
- date accuracy of ``answer_range`` on temporal questions whose answer is a date (overlap, at
  most 3× as wide + 2 days; parser and rule from chronos_cli/evals/dates.py), beside the date said
  of the top BM25 turn;
- milliseconds per question (embedder and store loaded once, as `ask --batch` does).

    python bench/bench_ask.py [LOCOMO.json] [--db DIR] [--limit N]

The question's "now" is the day after the conversation's last session.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chronos_cli.ask import AskOptions, answer  # noqa: E402
from chronos_cli.evals.dates import date_match, parse_answer_range  # noqa: E402
from chronos_cli.extract import RuleExtractor  # noqa: E402
from chronos_cli.index.pipeline import index_paths  # noqa: E402
from chronos_cli.providers.embed import LocalEmbedder  # noqa: E402
from chronos_cli.store.tables import TURNS, Store  # noqa: E402


def evidence_ids(qa: dict) -> set[str]:
    out = set()
    for e in qa.get("evidence") or []:
        out.update(re.findall(r"D\d+:\d+", str(e)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?", default=str(ROOT.parent / "shared" / "data" / "locomo_dev.json"))
    ap.add_argument("--db", default=None, help="an existing index of the file (else a temp one is built)")
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    data = json.loads(Path(args.path).read_text())
    embedder = LocalEmbedder()
    db = args.db or tempfile.mkdtemp(prefix="bench_ask_") + "/db"
    store = Store(db)
    if not store.exists():
        t0 = time.perf_counter()
        index_paths([Path(args.path)], store, embedder, fmt="locomo", extractor=RuleExtractor())
        print(f"indexed {store.counts()} in {time.perf_counter() - t0:.1f}s")
    n_turns = store.counts()[TURNS]

    rows = []
    ms = []
    for conv in data:
        ns = conv["sample_id"]
        where = Store.build_filter(namespaces=[ns])
        last = max(r["t_conv"] for r in store.scan(TURNS, where=where, columns=["t_conv"]).to_pylist())
        now = (last + timedelta(days=1)).replace(hour=12, minute=0)
        qas = [q for q in conv["qa"] if evidence_ids(q) and q.get("answer") is not None]
        if args.limit:
            qas = qas[: args.limit]
        for qa in qas:
            q = qa["question"]
            t0 = time.perf_counter()
            r = answer(q, store=store, embedder=embedder, now=now, options=AskOptions(offline=True), namespaces=[ns])
            ms.append((time.perf_counter() - t0) * 1000)
            ev = evidence_ids(qa)
            ours = {t.turn_id for t in r.retrieved_turns}
            vec = embedder.embed([q])[0]
            dense = {x.turn_id for x in store.vector_search(TURNS, vec, k=15, where=where)}
            bm25_rows = store.text_search(TURNS, q, k=15, where=where)
            bm25 = {x.turn_id for x in bm25_rows}
            gold = parse_answer_range(str(qa["answer"])) if qa.get("category") == 2 else None
            date_ok = bm25_ok = None
            if gold:
                rng = r.answer_range
                if rng:
                    s = datetime.fromisoformat(rng.start).date()
                    e = datetime.fromisoformat(rng.end).date()
                    date_ok = date_match((s, e), gold)
                else:
                    date_ok = False
                if bm25_rows:
                    d = bm25_rows[0].t_conv.date()
                    bm25_ok = date_match((d, d), gold)
                else:
                    bm25_ok = False
            rows.append(
                {
                    "cat": qa.get("category"),
                    "ours": ev <= ours,
                    "dense": ev <= dense,
                    "bm25": ev <= bm25,
                    "date_ok": date_ok,
                    "bm25_date_ok": bm25_ok,
                    "op": r.plan.operation,
                }
            )

    def pct(xs) -> str:
        xs = list(xs)
        return f"{100 * sum(xs) / len(xs):5.1f}% (n={len(xs)})" if xs else "  n/a"

    temporal = [r for r in rows if r["cat"] == 2]
    print(f"\nLoCoMo {Path(args.path).name}: {len(rows)} questions with evidence, {n_turns} turns indexed, offline\n")
    print("recall_all@15              all              temporal (cat 2)")
    for key, name in (("ours", "ask (offline fusion)"), ("dense", "dense only"), ("bm25", "BM25 only")):
        print(f"  {name:24s} {pct(r[key] for r in rows):18s} {pct(r[key] for r in temporal)}")
    dated = [r for r in temporal if r["date_ok"] is not None]
    print("\ndate accuracy, temporal questions with a date answer")
    print(f"  ask answer_range         {pct(r['date_ok'] for r in dated)}")
    print(f"  top BM25 turn's date     {pct(r['bm25_date_ok'] for r in dated)}")
    ops = {}
    for r in dated:
        ops.setdefault(r["op"], []).append(r["date_ok"])
    print(
        "  by planned operation:    "
        + ", ".join(f"{k} {100 * sum(v) / len(v):.0f}% (n={len(v)})" for k, v in sorted(ops.items()))
    )
    ms.sort()
    print(
        f"\nms/question: mean {sum(ms) / len(ms):.0f}, median {ms[len(ms) // 2]:.0f}, p90 {ms[int(len(ms) * 0.9)]:.0f}"
    )


if __name__ == "__main__":
    main()
