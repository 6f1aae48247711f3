"""Accuracy over the hand-labelled development sets (tests/data/temporal_dev*.jsonl).

temporal_dev.jsonl is chat sentences; temporal_dev_compose.jsonl the families added with
the compositional grammar (composition, clock times, numeric dates, holidays, quarters,
open ranges, approximate expressions), written before their rules; temporal_dev_talk.jsonl
"since we last talked", whose rows carry "last_talk" (the previous session). A row may carry
"prefer": "future" (a bare expression read the way a calendar UI would).
"""

import json
from datetime import date, datetime
from pathlib import Path

from chronos_cli.temporal import resolve

DATA = Path(__file__).parent / "data"
DEV = DATA / "temporal_dev.jsonl"
COMPOSE = DATA / "temporal_dev_compose.jsonl"


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def load_dev() -> list[dict]:
    return [r for p in sorted(DATA.glob("temporal_dev*.jsonl")) for r in load(p)]


def span_ok(ps: date, pe: date, gs: date, ge: date) -> bool:
    """Overlaps the gold range and is at most 3x as wide + 2 days."""
    if pe < gs or ps > ge:
        return False
    return (pe - ps).days + 1 <= 3 * ((ge - gs).days + 1) + 2


def sentence_ok(row, spans) -> bool:
    gold = [(date.fromisoformat(g["start"]), date.fromisoformat(g["end"])) for g in row["gold"]]
    if not gold:
        return not spans  # any prediction on a "none" sentence is a failure
    if len(spans) != len(gold):
        return False
    return all(span_ok(s.start_date, s.end_date, gs, ge) for s, (gs, ge) in zip(spans, gold))


def run(row):
    last = datetime.fromisoformat(row["last_talk"]) if "last_talk" in row else None
    return resolve(row["text"], row["now"], prefer=row.get("prefer", "past"), last_talk=last)


def test_dev_set_shape():
    rows = load(DEV)
    assert len(rows) >= 150
    nows = {r["now"][:10] for r in rows}
    assert {"2024-02-29", "2023-12-31", "2023-05-06", "2023-05-07", "2023-05-08"} <= nows
    assert sum(1 for r in rows if not r["gold"]) >= 20
    assert sum(1 for r in rows if len(r["gold"]) >= 2) >= 10
    for r in load_dev():
        assert set(r) - {"prefer", "last_talk"} == {"text", "now", "gold", "note"}
        assert r.get("prefer", "past") in ("past", "future")
        for g in r["gold"]:
            assert date.fromisoformat(g["start"]) <= date.fromisoformat(g["end"])


def test_compose_set_covers_the_new_families():
    rows = load(COMPOSE)
    assert len(rows) >= 150
    fams = {r["note"].split(":")[0] for r in rows}
    assert {
        "compose",
        "clock",
        "numeric",
        "holiday",
        "quarter",
        "half",
        "part",
        "rolling",
        "open",
        "tense",
        "approx",
        "none",
        "bare",
    } <= fams
    assert sum(1 for r in rows if not r["gold"]) >= 15
    assert sum(1 for r in rows if r.get("prefer") == "future") >= 20


def test_dev_set_accuracy_is_100_percent():
    failures = []
    rows = load_dev()
    for r in rows:
        spans = run(r)
        if not sentence_ok(r, spans):
            failures.append((r["text"], r["now"], r["gold"], [(s.text, s.display(), s.rule) for s in spans]))
    assert not failures, f"{len(failures)}/{len(rows)} fail:\n" + "\n".join(map(str, failures))


def test_every_rule_is_exercised_by_the_dev_set():
    from chronos_cli.temporal import RULES

    fired = set()
    for r in load_dev():
        for s in run(r):
            fired.add(s.rule)
            fired.update(p.rule for p in s.parts)
    missing = {r.id for r in RULES} - fired
    assert not missing, f"rules with no dev sentence: {sorted(missing)}"
