"""The fourteen demo questions of sample_chats/README.md, asked offline as a new user would
(`chronos index sample_chats --tz America/New_York`, then `ask` with "now" = 2026-11-29).

Gold answers are the README's. Each test checks the answer a person reads (dates, counts,
the occurrences listed) and, where there is one, the ``answer_range`` a program reads.
One real index for the module: the real readers, the offline rule extractor, the real local
embedder, LanceDB in a tmp dir.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from chronos_cli.ask import AskOptions, answer
from chronos_cli.store.tables import Store
from tests.conftest import ROOT

NOW = datetime(2026, 11, 29, 12, 0)


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder):
    from chronos_cli.extract import RuleExtractor
    from chronos_cli.index.pipeline import index_paths

    st = Store(str(tmp_path_factory.mktemp("sample_chats") / "db"))
    index_paths([ROOT / "sample_chats"], st, embedder, tz=ZoneInfo("America/New_York"), extractor=RuleExtractor())
    return st


def ask(store, embedder, q: str):
    r = answer(q, store=store, embedder=embedder, now=NOW, options=AskOptions(offline=True))
    assert r.usage.llm_calls == 0 and "no language model" in r.answer
    return r


def rng(r) -> tuple[str, str] | None:
    return (r.answer_range.start[:10], r.answer_range.end[:10]) if r.answer_range else None


def count_of(text: str) -> int:
    m = re.search(r"^(\d+) times?\b", text, re.M)
    assert m, text
    return int(m.group(1))


def counted_days(text: str) -> set[str]:
    """The day of each listed (counted) occurrence: the first date of each "- " line."""
    days = set()
    for line in text.splitlines():
        m = re.search(r"\b2026-\d\d-\d\d\b", line) if line.startswith("- ") else None
        if m:
            days.add(m.group(0))
    return days


def test_q01_last_dentist_visit(store, embedder):
    r = ask(store, embedder, "When did I last see the dentist?")
    assert rng(r) == ("2026-11-13", "2026-11-13")
    first = r.answer.splitlines()[0]
    assert "Friday 2026-11-13" in first and "crown" in first  # names the visit, quotes the turn
    assert "mentioned Dentist" not in r.answer


def test_q02_dentist_visits_in_2026(store, embedder):
    r = ask(store, embedder, "How many times did I go to the dentist in 2026?")
    assert count_of(r.answer) == 4
    assert counted_days(r.answer) == {"2026-03-10", "2026-03-17", "2026-09-02", "2026-11-13"}
    # the day the molar cracked is not a visit
    assert "2026-11-03" not in counted_days(r.answer)


def test_q03_spring_hikes(store, embedder):
    r = ask(store, embedder, "How many times did I go hiking this spring?")
    assert count_of(r.answer) == 3
    assert counted_days(r.answer) == {"2026-04-11", "2026-05-02", "2026-05-24"}
    assert "2026-06-13" not in counted_days(r.answer)  # the Mount Major hike was called off


def test_q04_hikes_in_2026_and_the_last(store, embedder):
    r = ask(store, embedder, "How many times did I go hiking in 2026, and when was the last one?")
    assert count_of(r.answer) == 7
    assert counted_days(r.answer) >= {
        "2026-04-11",
        "2026-05-02",
        "2026-05-24",
        "2026-07-25",
        "2026-08-15",
        "2026-10-10",
        "2026-11-07",
    }
    assert "2026-09-15" not in counted_days(r.answer)  # Sintra was a palace visit, not a hike
    assert re.search(r"The most recent:.*2026-11-07.*Mount Philo", r.answer)


def test_q05_move_to_burlington(store, embedder):
    r = ask(store, embedder, "When did I move to Burlington?")
    assert rng(r) == ("2026-06-27", "2026-06-27")
    assert "Saturday 2026-06-27" in r.answer and "Burlington" in r.answer


def test_q06_job_offer_and_first_day(store, embedder):
    r = ask(store, embedder, "When did I get the job offer, and when did I start the new job?")
    offer, start = r.answer.split("when did I start the new job?")
    assert "2026-05-19" in offer.splitlines()[1]
    assert "2026-07-06" in start.splitlines()[1]


def test_q07_half_marathon_and_time(store, embedder):
    r = ask(store, embedder, "When did I run the half marathon, and what was my time?")
    assert rng(r) == ("2026-10-04", "2026-10-04")
    when, time = r.answer.split("what was my time?")
    assert "Sunday 2026-10-04" in when.splitlines()[1]
    assert "1:58:42" in time


def test_q08_10k_time_and_which_came_first(store, embedder):
    r = ask(store, embedder, "What was my 10K time, and which came first, the 10K or the half marathon?")
    lookup, compare = r.answer.split("which came first, the 10K or the half marathon?")
    assert "52:10" in lookup
    assert re.search(r"10K came first \(2026-04-26\), then half marathon \(2026-10-04\)", compare)


def test_q09_lisbon_trip(store, embedder):
    r = ask(store, embedder, "When was I in Lisbon?")
    assert rng(r) == ("2026-09-12", "2026-09-19")
    assert "From Saturday 2026-09-12 to Saturday 2026-09-19" in r.answer


def test_q10_october(store, embedder):
    r = ask(store, embedder, "What did I do in October 2026?")
    assert rng(r) == ("2026-10-01", "2026-10-31")
    for day, word in [
        ("2026-10-04", "Half Marathon"),
        ("2026-10-10", "Pisgah"),
        ("2026-10-23", "vet"),
        ("2026-10-24", "mugs"),
    ]:
        line = next((ln for ln in r.answer.splitlines() if day in ln), "")
        assert word.lower() in line.lower(), (day, r.answer)
    assert "2026-09" not in r.answer and "2026-11" not in r.answer


def test_q11_how_long_biscuit(store, embedder):
    r = ask(store, embedder, "How long have I had Biscuit?")
    assert "April 2023" in r.answer and "3 years" in r.answer


def test_q12_maya_birthday(store, embedder):
    r = ask(store, embedder, "When is Maya's birthday?")
    assert rng(r) == ("2026-08-25", "2026-08-25")
    assert "Tuesday 2026-08-25" in r.answer


def test_q13_maya_thanksgiving_visit(store, embedder):
    r = ask(store, embedder, "When did Maya come to visit for Thanksgiving?")
    # arrived Wednesday the 25th, Thanksgiving dinner Thursday the 26th: both are told
    assert rng(r)[0] in ("2026-11-25", "2026-11-26")
    assert "2026-11-25" in r.answer and "flew in" in r.answer
    assert "2026-11-26" in r.answer


def test_q14_training_plan_start(store, embedder):
    r = ask(store, embedder, "When did I start my half-marathon training plan?")
    assert rng(r) == ("2026-07-13", "2026-07-13")
    assert "Monday 2026-07-13" in r.answer.splitlines()[0]
