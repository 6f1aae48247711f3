"""`chronos events` on a tmp database indexed (offline) from tests/fixtures/events/chat.jsonl."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app

FIXTURE = Path(__file__).parent / "fixtures" / "events" / "chat.jsonl"
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory, embedder):
    from chronos_cli.extract import RuleExtractor
    from chronos_cli.index.pipeline import index_paths
    from chronos_cli.store.tables import Store

    path = tmp_path_factory.mktemp("events_db") / "db"
    report = index_paths([FIXTURE], Store(str(path)), embedder, extractor=RuleExtractor())
    assert report.events >= 7
    return str(path)


def run(*args: str):
    return runner.invoke(app, ["events", *args], env={"COLUMNS": "220"})


def events_json(*args: str) -> list[dict]:
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_json_shape_sorted(db):
    rows = events_json("--db", db)
    assert [r["start"] for r in rows] == sorted(r["start"] for r in rows)
    r = next(r for r in rows if "support group" in r["object"])
    assert set(r) == {
        "event_id",
        "namespace",
        "session_id",
        "source_turn_ids",
        "subject",
        "verb",
        "object",
        "text",
        "aliases",
        "time_expression",
        "start",
        "end",
        "granularity",
        "time_source",
        "t_conv",
        "evidence",
        "extractor",
        "kind",
    }
    assert (r["subject"], r["start"], r["end"], r["time_source"]) == ("Caroline", "2023-05-07", "2023-05-07", "rule")
    assert r["source_turn_ids"] == ["s1:1"] and r["t_conv"].startswith("2023-05-08T13:56")


def test_when_with_now(db):
    rows = events_json("--db", db, "--when", "last month", "--now", "2023-08-15")
    assert rows and all(r["start"] <= "2023-07-31" and r["end"] >= "2023-07-01" for r in rows)
    assert any("transgender conference" in r["object"] for r in rows)
    assert not any("support group" in r["object"] for r in rows)


def test_since_until(db):
    rows = events_json("--db", db, "--since", "2023-09-01", "--until", "2023-09-30")
    objs = " | ".join(r["object"] for r in rows)
    assert "running shoes" in objs and "gang" in objs or "biking" in objs
    assert all(r["end"] >= "2023-09-01" and r["start"] <= "2023-09-30" for r in rows)


def test_query_speaker_session(db):
    rows = events_json("--db", db, "--query", "pottery class")
    assert rows and "pottery" in rows[0]["object"] or any("pottery" in r["object"] for r in rows)
    rows = events_json("--db", db, "--speaker", "melanie")
    assert rows and all(r["subject"] == "Melanie" for r in rows)
    rows = events_json("--db", db, "--session", "s2")
    assert rows and all(r["session_id"] == "s2" for r in rows)
    res = runner.invoke(app, ["events", "--db", db, "--namespace", "nope", "--json"])
    assert res.exit_code == 2 and "unknown namespace 'nope'" in res.output and "known:" in res.output
    rows = events_json("--db", db, "--limit", "2")
    assert len(rows) == 2


def test_table_and_timeline(db):
    r = run("--db", db)
    assert r.exit_code == 0 and "support group" in r.stdout and "events" in r.stdout
    r = run("--db", db, "--timeline")
    assert r.exit_code == 0 and "█" in r.stdout and "per month" in r.stdout
    buckets = events_json("--db", db, "--timeline")
    assert sum(b["count"] for b in buckets) == len(events_json("--db", db)) and buckets[0]["period"] == "month"


def test_errors(tmp_path, db):
    r = run("--db", str(tmp_path / "missing"))
    assert r.exit_code == 1 and "chronos index" in r.output
    r = run("--db", db, "--when", "banana")
    assert r.exit_code == 2 and "no time expression" in r.output
    r = run("--db", db, "--when", "last month", "--since", "2023-01-01")
    assert r.exit_code == 2
    r = run("--db", db, "--since", "May")
    assert r.exit_code == 2 and "--since" in r.output


def test_timeline_units_follow_the_span():
    from datetime import datetime

    from chronos_cli.event_query import timeline_buckets
    from chronos_cli.hits import EventHit

    def rows(*days):
        def event(d: str) -> EventHit:
            t = datetime.fromisoformat(d)
            return EventHit(
                event_id=d, namespace="n", session_id="s", source_turn_ids=["t1"], subject="I", verb="ran",
                object="", start=t, end=t.replace(hour=23), t_conv=t,
            )  # fmt: skip

        return [event(d) for d in days]

    weeks = timeline_buckets(rows("2026-03-02", "2026-03-04", "2026-03-18"))
    assert [(b["period"], b["start"], b["count"]) for b in weeks] == [
        ("week", "2026-03-02", 2),
        ("week", "2026-03-09", 0),
        ("week", "2026-03-16", 1),
    ]
    months = timeline_buckets(rows("2026-01-31", "2026-05-05"))  # 94 days: past the ~3-month week limit
    assert [b["start"] for b in months] == ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01"]
    years = timeline_buckets(rows("2017-06-01", "2026-05-01", "2026-06-01"))
    assert [b["period"] for b in years] == ["year"] * 10
    assert (years[0]["count"], years[-1]["count"], sum(b["count"] for b in years)) == (1, 2, 3)


def test_when_leaves_out_events_much_wider_than_the_window(db):
    """ "this year" dates an event to all of 2023: listed for "this year", not for "last month"."""
    wide = [
        r for r in events_json("--db", db, "--when", "this year", "--now", "2023-09-15") if "painting" in r["object"]
    ]
    assert wide and (wide[0]["start"], wide[0]["end"]) == ("2023-01-01", "2023-12-31")
    august = events_json("--db", db, "--when", "last month", "--now", "2023-09-15")
    assert not any("painting" in r["object"] for r in august)
