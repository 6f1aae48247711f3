"""One time boundary: --now and --tz read the same way by ask, events and batch lines."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app
from chronos_cli.clock import ClockError, parse_moment, to_zone, zone
from tests.conftest import share_local_embedder, write_jsonl

NY = ZoneInfo("America/New_York")


def test_parse_moment_converts_an_offset_to_the_users_zone():
    # 23:30 at UTC-5 is 04:30 UTC, which is 00:30 on May 1 in New York (UTC-4 in May)
    assert parse_moment("2026-04-30T23:30-05:00", NY) == datetime(2026, 5, 1, 0, 30)
    assert parse_moment("2026-05-01T04:30Z", NY) == datetime(2026, 5, 1, 0, 30)
    # no offset: wall time in the user's zone, as written
    assert parse_moment("2026-05-01T00:30", NY) == datetime(2026, 5, 1, 0, 30)
    assert parse_moment("2026-05-01", NY) == datetime(2026, 5, 1)


def test_parse_moment_now_is_the_users_wall_clock():
    tokyo = parse_moment(None, ZoneInfo("Asia/Tokyo"))
    expected = datetime.now(UTC).astimezone(ZoneInfo("Asia/Tokyo")).replace(tzinfo=None)
    assert abs(tokyo - expected) < timedelta(seconds=5)


def test_bad_moments_and_zones_are_one_line_errors():
    with pytest.raises(ClockError, match="not an ISO date"):
        parse_moment("next tuesday", None)
    with pytest.raises(ClockError, match="unknown time zone"):
        zone("Mars/Olympus")


def test_to_zone_leaves_naive_wall_times_alone():
    assert to_zone(datetime(2026, 5, 1, 0, 30), NY) == datetime(2026, 5, 1, 0, 30)
    aware = datetime(2026, 5, 1, 4, 30, tzinfo=UTC)
    assert to_zone(aware, NY) == datetime(2026, 5, 1, 0, 30)


@pytest.fixture(scope="module")
def db(tmp_path_factory, embedder):
    """A journal with one entry a day around the New York / UTC day boundary."""
    share_local_embedder(embedder)
    root = tmp_path_factory.mktemp("tzdb")
    rows = [
        {
            "session_id": "d29",
            "timestamp": "2026-04-29T12:00:00",
            "speaker": "user",
            "text": "Today I repainted the fence.",
        },
        {
            "session_id": "d30",
            "timestamp": "2026-04-30T12:00:00",
            "speaker": "user",
            "text": "Today I baked rye bread.",
        },
        {
            "session_id": "d01",
            "timestamp": "2026-05-01T12:00:00",
            "speaker": "user",
            "text": "Today I planted tomatoes.",
        },
    ]
    write_jsonl(root / "journal.jsonl", rows)
    out = root / "db"
    res = CliRunner().invoke(app, ["index", str(root / "journal.jsonl"), "--db", str(out), "--offline"])
    assert res.exit_code == 0, res.output
    return str(out)


def _ask(db: str, *args: str) -> dict:
    res = CliRunner().invoke(app, ["ask", "What did I do yesterday?", "--db", db, "--offline", "--json", *args])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_ask_now_with_tz_and_with_an_offset_select_the_same_yesterday(db):
    by_zone = _ask(db, "--now", "2026-05-01T00:30", "--tz", "America/New_York")
    by_offset = _ask(db, "--now", "2026-04-30T23:30-05:00", "--tz", "America/New_York")
    assert by_zone["now"] == by_offset["now"] == "2026-05-01T00:30:00"
    for out in (by_zone, by_offset):
        tr = out["plan"]["time_range"]
        assert tr["start"].startswith("2026-04-30") and tr["end"].startswith("2026-04-30")
    # the same instant read in UTC is May 1 04:30
    utc = _ask(db, "--now", "2026-04-30T23:30-05:00", "--tz", "UTC")
    assert utc["now"] == "2026-05-01T04:30:00"


def test_ask_now_offset_changes_the_day_when_the_zone_says_so(db):
    # 20:00 at UTC-4 on April 30 is 09:00 May 1 in Tokyo: "yesterday" there is April 30,
    # while in New York it is April 29
    tokyo = _ask(db, "--now", "2026-04-30T20:00-04:00", "--tz", "Asia/Tokyo")
    ny = _ask(db, "--now", "2026-04-30T20:00-04:00", "--tz", "America/New_York")
    assert tokyo["plan"]["time_range"]["start"].startswith("2026-04-30")
    assert ny["plan"]["time_range"]["start"].startswith("2026-04-29")


def test_ask_now_is_a_cutoff(db):
    out = _ask(db, "--now", "2026-04-30T18:00")
    said = [t["t_conv"] for t in out["retrieved_turns"]]
    assert said and all(t < "2026-04-30T18:00" for t in said)
    assert not any("tomatoes" in t["text"] for t in out["retrieved_turns"])


def test_events_when_honours_tz_and_now(db):
    def events(*args: str) -> list[dict]:
        res = CliRunner().invoke(app, ["events", "--db", db, "--json", "--when", "yesterday", *args])
        assert res.exit_code == 0, res.output
        return json.loads(res.stdout)

    tokyo = events("--now", "2026-04-30T20:00-04:00", "--tz", "Asia/Tokyo")
    ny = events("--now", "2026-04-30T20:00-04:00", "--tz", "America/New_York")
    assert any("bread" in e["text"] for e in tokyo) and all(e["start"].startswith("2026-04-30") for e in tokyo)
    assert any("fence" in e["text"] for e in ny) and all(e["start"].startswith("2026-04-29") for e in ny)


def test_bad_tz_is_a_usage_error(db):
    res = CliRunner().invoke(app, ["ask", "What did I do?", "--db", db, "--offline", "--tz", "Mars/Olympus"])
    assert res.exit_code == 2 and "unknown time zone" in res.output


def test_batch_lines_read_now_like_the_flag(db, tmp_path):
    batch = write_jsonl(
        tmp_path / "q.jsonl",
        [{"id": "a", "question": "What did I do yesterday?", "now": "2026-04-30T23:30-05:00"}],
    )
    res = CliRunner().invoke(app, ["ask", "--batch", str(batch), "--db", db, "--offline", "--tz", "America/New_York"])
    assert res.exit_code == 0, res.output
    line = json.loads(res.stdout.splitlines()[0])
    assert line["now"] == "2026-05-01T00:30:00"
    assert line["plan"]["time_range"]["start"].startswith("2026-04-30")
