"""Accuracy and speed of chronos_cli.temporal.resolve vs dateparser.search.search_dates.

    python bench/bench_temporal.py [--repeats 5]

Both run over tests/data/temporal_dev.jsonl with the same scoring as the test suite: a
prediction counts when it overlaps the gold range and is at most 3x as wide + 2 days; a
sentence passes when it has one matching prediction per gold range and no extras (any
prediction on a "none" sentence fails). dateparser returns datetimes: each is a day span.
Throughput: one core, a mix of dev sentences and plain sentences with no time words,
best of several repeats.
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
    return [(s.start_date, s.end_date) for s in resolve(r["text"], r["now"])]


def dateparser_predict_factory():
    from dateparser.search import search_dates

    def predict(r):
        now = datetime.fromisoformat(r["now"])
        found = (
            search_dates(r["text"], languages=["en"], settings={"RELATIVE_BASE": now, "PREFER_DATES_FROM": "past"})
            or []
        )
        return [(d.date(), d.date()) for _, d in found]

    return predict, search_dates


def throughput(fn, sents, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        for s, now in sents:
            fn(s, now)
        best = min(best, time.perf_counter() - t)
    return len(sents) / best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    rows = [json.loads(x) for x in (ROOT / "tests/data/temporal_dev.jsonl").read_text().splitlines() if x.strip()]
    print(f"dev set: {len(rows)} sentences ({sum(not r['gold'] for r in rows)} with no time expression)")
    print(f"chronos resolve         accuracy: {score(rows, chronos_predict):6.1%}")
    try:
        dp_predict, search_dates = dateparser_predict_factory()
    except ImportError:
        dp_predict = None
        print("dateparser not installed: skipped")
    if dp_predict:
        print(f"dateparser search_dates accuracy: {score(rows, dp_predict):6.1%}")

    mix = [(r["text"], datetime.fromisoformat(r["now"])) for r in rows]
    now = datetime(2023, 5, 8, 14)
    mix += [(PLAIN[i % len(PLAIN)], now) for i in range(len(rows))]
    rate = throughput(lambda s, n: resolve(s, n), mix * 5, args.repeats)
    print(
        f"chronos resolve         throughput: {rate:9,.0f} sentences/s "
        f"({len(mix) * 5} sentences, half without time words, best of {args.repeats})"
    )
    if dp_predict:
        rate_dp = throughput(lambda s, n: search_dates(s, languages=["en"], settings={"RELATIVE_BASE": n}), mix, 1)
        print(f"dateparser search_dates throughput: {rate_dp:9,.0f} sentences/s ({len(mix)} sentences, 1 run)")


if __name__ == "__main__":
    main()
