"""Event-calendar benchmark on LoCoMo (offline rule extractor).

    .venv/bin/python bench/bench_events.py [../shared/data/locomo_dev.json] [-v] [--no-speed]

1. Event-date recall on temporal questions (LoCoMo QA category 2) whose answer is a date:
   is there an event sourced from one of the question's evidence turns whose range matches
   the answer? Match = the ranges overlap and the event is at most 3 × as wide as the
   answer + 2 days. Undated events (no time cue: on or before the day said) match nothing.
   Baseline "said-on": the day the evidence turn was said, same test.
2. Events per turn (and the share undated, and of "mention" events), extraction turns/s.
3. Offline indexing throughput: (embed turns + extract + embed events) vs embed turns alone.

Answers are parsed by chronos_cli.evals.dates.parse_answer_range (shared with `chronos eval`):
  "7 May 2023" / "May 7, 2023" / "19 January, 2023"  → that day
  "June 2023" / "January, 2023"                      → that month
  "2022" / "Since 2016"                              → that year
  "The week before D"                                → Monday of D's previous week … D-1
                                                       (covers "last week" read as the previous
                                                       calendar week or as the 7 days before D)
  "The week of D"                                    → Monday … Sunday of D's week
  "The <weekday> before D"                           → the last such weekday before D
  "The weekend before D" / "two weekends before D"   → that Saturday–Sunday
Anything else (durations "4 years", "10 years ago", "A few years ago", a day without a year
"13 August") is not a date: skipped and counted.
"""

from __future__ import annotations

import re
import sys
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chronos_cli.archives import read_archive  # noqa: E402
from chronos_cli.evals.dates import date_match, parse_answer_range  # noqa: E402
from chronos_cli.extract.rule_extractor import RuleExtractor  # noqa: E402
from chronos_cli.providers.embed import get_embedder  # noqa: E402
from chronos_cli.store.tables import event_embed_text  # noqa: E402


def main(path: str) -> None:
    archive = read_archive(Path(path), "locomo")
    sessions = archive.sessions
    n_turns = sum(len(s.turns) for s in sessions)
    ex = RuleExtractor()
    ex.extract(sessions[:1])  # warm the temporal engine
    t0 = time.perf_counter()
    per_session = ex.extract(sessions)
    t_extract = time.perf_counter() - t0
    events = [e for evs in per_session for e in evs]

    by_turn: dict[tuple[str, str], list] = {}
    for e in events:
        for tid in e.source_turn_ids:
            by_turn.setdefault((e.namespace, tid), []).append(e)
    said: dict[tuple[str, str], datetime] = {(s.namespace, t.turn_id): t.t_conv for s in sessions for t in s.turns}

    total = skipped = hit = base = 0
    misses = []
    for info in archive.namespaces:
        for q in info.qa:
            if q.get("category") != 2:
                continue
            total += 1
            rng = parse_answer_range(q.get("answer", ""))
            if rng is None:
                skipped += 1
                continue
            ev_ids = [x.strip() for e in q.get("evidence", []) for x in re.split(r"[;,]", e) if x.strip()]
            cands = [e for tid in ev_ids for e in by_turn.get((info.namespace, tid), [])]
            ok = any(e.start is not None and date_match((e.start.date(), e.end.date()), rng) for e in cands)
            b = any(
                (info.namespace, tid) in said and date_match((said[(info.namespace, tid)].date(),) * 2, rng)
                for tid in ev_ids
            )
            hit += ok
            base += b
            if not ok:
                misses.append(
                    (
                        q["question"],
                        q["answer"],
                        [
                            (
                                e.subject,
                                e.verb,
                                e.object,
                                e.start.date().isoformat() if e.start else "undated",
                                e.end.date().isoformat(),
                                e.time_expression,
                            )
                            for e in cands
                        ],
                    )
                )
    dated = total - skipped
    print(f"LoCoMo {path}: {len(sessions)} sessions, {n_turns} turns, {len(events)} events")
    print(f"temporal questions (category 2): {total}; with a date answer: {dated}; skipped (not a date): {skipped}")
    print(f"event-date recall:  {hit}/{dated} = {hit / max(dated, 1):.1%}")
    print(f"said-on baseline:   {base}/{dated} = {base / max(dated, 1):.1%}")
    print(f"events per turn:    {len(events) / n_turns:.2f}")
    undated = sum(e.start is None for e in events)
    mentions = sum(e.kind == "mention" for e in events)
    print(f"undated / mention:  {undated / max(len(events), 1):.0%} / {mentions / max(len(events), 1):.0%} of events")
    print(f"extraction:         {n_turns / t_extract:,.0f} turns/s ({1000 * t_extract / n_turns:.2f} ms/turn)")
    if "-v" in sys.argv:
        for m in misses:
            print("MISS", m)

    if "--no-speed" in sys.argv:
        return
    emb = get_embedder("local/all-MiniLM-L6-v2-int8")
    texts = [t.text for s in sessions for t in s.turns]
    emb.embed(texts[:64])  # warm up
    t0 = time.perf_counter()
    emb.embed(texts)
    t_bare = time.perf_counter() - t0
    t0 = time.perf_counter()
    emb.embed(texts)
    evs = [e for evs in ex.extract(sessions) for e in evs]
    emb.embed([event_embed_text(e.text, e.aliases, e.start, e.end) for e in evs])
    t_full = time.perf_counter() - t0
    bare, full = n_turns / t_bare, n_turns / t_full
    print(f"bare embedder:      {bare:,.0f} turns/s")
    print(f"extract + embed:    {full:,.0f} turns/s (turns and events embedded)")
    print(f"ratio:              {full / bare:.2f} (target >= 0.70)")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    main(args[0] if args else str(ROOT.parent / "shared" / "data" / "locomo_dev.json"))
