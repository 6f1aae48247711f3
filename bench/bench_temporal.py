"""Accuracy and speed of chronos_cli.temporal.resolve vs dateparser.search.search_dates.

    python bench/bench_temporal.py [--repeats 5]

Both run over the hand-labelled dev sets tests/data/temporal_dev*.jsonl (chat sentences;
the compositional families: composition, clock times, numeric dates, holidays, quarters,
open ranges, approximate expressions) with the same scoring as the test suite: a prediction
counts when it overlaps the gold range and is at most 3x as wide + 2 days; a sentence passes
when it has one matching prediction per gold range and no extras (any prediction on a
"none" sentence fails). A row's "prefer" (past/future) goes to both engines. dateparser
returns datetimes: each is a day span.

Throughput: one thread, a mix of every dev sentence and as many plain sentences with no time
words, best of several repeats, counted in CPU seconds of this process (time.process_time)
so that other work on a shared machine does not skew it; wall-clock is printed beside it.
Holiday calendars are built on their first use, during the accuracy pass.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chronos_cli.temporal import resolve  # noqa: E402

PLAIN = [
    "I think that's a great idea, thanks for sharing!",
    "Can you recommend a good book on cooking?",
    "My dog loves chasing squirrels in the park.",
    "That sounds really interesting, tell me more.",
    "I'm not sure what to do about my job situation.",
    "Haha yes, that's exactly what I meant.",
    "What kind of music do you like to listen to?",
    "We should definitely try that restaurant.",
]


def ok(ps: date, pe: date, gs: date, ge: date) -> bool:
    if pe < gs or ps > ge:
        return False
    return (pe - ps).days + 1 <= 3 * ((ge - gs).days + 1) + 2


def score(rows, predict) -> float:
    good = 0
    for r in rows:
        preds = predict(r)
        gold = [(date.fromisoformat(g["start"]), date.fromisoformat(g["end"])) for g in r["gold"]]
        if not gold:
            good += not preds
        elif len(preds) == len(gold) and all(ok(p[0], p[1], *g) for p, g in zip(preds, gold)):
            good += 1
    return good / len(rows)


def chronos_predict(r):
    return [(s.start_date, s.end_date) for s in resolve(r["text"], r["now"], prefer=r.get("prefer", "past"))]


def dateparser_predict_factory():
    from dateparser.search import search_dates

    def predict(r):
        now = datetime.fromisoformat(r["now"])
        settings = {"RELATIVE_BASE": now, "PREFER_DATES_FROM": r.get("prefer", "past")}
        found = search_dates(r["text"], languages=["en"], settings=settings) or []
        return [(d.date(), d.date()) for _, d in found]

    return predict, search_dates


def throughput(fn, sents, repeats: int) -> tuple[float, float]:
    """(sentences per CPU second, sentences per wall second), best of `repeats`."""
    best_cpu = best_wall = float("inf")
    for _ in range(repeats):
        c, w = time.process_time(), time.perf_counter()
        for s, now in sents:
            fn(s, now)
        best_cpu = min(best_cpu, time.process_time() - c)
        best_wall = min(best_wall, time.perf_counter() - w)
    return len(sents) / max(best_cpu, 1e-9), len(sents) / best_wall


def load(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    files = sorted((ROOT / "tests/data").glob("temporal_dev*.jsonl"))
    sets = {p.name: load(p) for p in files}
    rows = [r for rs in sets.values() for r in rs]
    try:
        dp_predict, search_dates = dateparser_predict_factory()
    except ImportError:
        dp_predict = search_dates = None
        print("dateparser not installed: skipped")
    print(f"{'dev set':34s} {'rows':>5s} {'none':>5s} {'chronos':>8s} {'dateparser':>11s}")
    for name, rs in [*sets.items(), ("all", rows)]:
        dp = f"{score(rs, dp_predict):10.1%}" if dp_predict else "         -"
        print(f"{name:34s} {len(rs):5d} {sum(not r['gold'] for r in rs):5d} {score(rs, chronos_predict):8.1%} {dp}")

    mix = [(r["text"], datetime.fromisoformat(r["now"])) for r in rows]
    now = datetime(2023, 5, 8, 14)
    mix += [(PLAIN[i % len(PLAIN)], now) for i in range(len(rows))]
    cpu, wall = throughput(lambda s, n: resolve(s, n), mix * 3, args.repeats)
    print(
        f"chronos resolve    throughput: {cpu:9,.0f} sentences per CPU second ({wall:,.0f} per wall second; "
        f"{len(mix) * 3} sentences, half without time words, best of {args.repeats})"
    )
    if search_dates:
        cpu_dp, wall_dp = throughput(
            lambda s, n: search_dates(s, languages=["en"], settings={"RELATIVE_BASE": n}), mix, 1
        )
        print(f"dateparser search  throughput: {cpu_dp:9,.0f} sentences per CPU second ({len(mix)} sentences, 1 run)")


if __name__ == "__main__":
    main()
