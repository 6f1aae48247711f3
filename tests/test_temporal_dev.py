"""Accuracy over the hand-labelled development set (tests/data/temporal_dev.jsonl)."""

import json
from datetime import date
from pathlib import Path

from chronos_cli.temporal import resolve

DEV = Path(__file__).parent / "data" / "temporal_dev.jsonl"


def load_dev():
    return [json.loads(line) for line in DEV.read_text().splitlines() if line.strip()]


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


def test_dev_set_shape():
    rows = load_dev()
    assert len(rows) >= 150
    nows = {r["now"][:10] for r in rows}
    assert {"2024-02-29", "2023-12-31", "2023-05-06", "2023-05-07", "2023-05-08"} <= nows
    assert sum(1 for r in rows if not r["gold"]) >= 20
    assert sum(1 for r in rows if len(r["gold"]) >= 2) >= 10
    for r in rows:
        assert set(r) == {"text", "now", "gold", "note"}
        for g in r["gold"]:
            assert date.fromisoformat(g["start"]) <= date.fromisoformat(g["end"])


def test_dev_set_accuracy():
    rows = load_dev()
    failures = []
    for r in rows:
        spans = resolve(r["text"], r["now"])
        if not sentence_ok(r, spans):
            failures.append((r["text"], r["now"], r["gold"], [(s.text, s.display(), s.rule) for s in spans]))
    rate = 1 - len(failures) / len(rows)
    assert rate >= 0.95, f"pass rate {rate:.1%}; failures:\n" + "\n".join(map(str, failures))


def test_every_rule_is_exercised_by_the_dev_set():
    from chronos_cli.temporal import RULES

    fired = set()
    for r in load_dev():
        fired.update(s.rule for s in resolve(r["text"], r["now"]))
    missing = {r.id for r in RULES} - fired
    assert not missing, f"rules with no dev sentence: {sorted(missing)}"
