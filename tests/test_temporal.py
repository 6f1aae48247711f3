"""Exact unit tests for the temporal engine, and the generated rule documentation."""

import sys
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from chronos_cli.temporal import RULES, TimeSpan, resolve
from chronos_cli.temporal.docs import render_rules_markdown

MON = datetime(2023, 5, 8, 14, 0)  # Monday
SUN = datetime(2023, 5, 7, 18, 0)  # Sunday
SAT = datetime(2023, 5, 6, 11, 0)  # Saturday


def one(text, now=MON, **kw) -> TimeSpan:
    spans = resolve(text, now, **kw)
    assert len(spans) == 1, spans
    return spans[0]


def dates(span: TimeSpan):
    return span.start_date.isoformat(), span.end_date.isoformat(), span.granularity


# --- explicit dates ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,expected",
    [
        ("2023-05-08", "2023-05-08"),
        ("on 3 March 2021", "2021-03-03"),
        ("March 3rd, 2021", "2021-03-03"),
        ("March 3, 2021", "2021-03-03"),
        ("3/14/2022", "2022-03-14"),
        ("the 12th of January 2020", "2020-01-12"),
        ("8 May, 2023", "2023-05-08"),
        ("Jan 5 2022", "2022-01-05"),
        ("14.03.2022", "2022-03-14"),
    ],
)
def test_explicit_dates_exact(text, expected):
    s = one(text)
    assert (s.start_date.isoformat(), s.end_date.isoformat()) == (expected, expected)
    assert s.granularity == "day"
    assert s.start.time() == datetime.min.time()
    assert s.end.time() == datetime.max.time()


def test_dayfirst_setting():
    assert one("on 03/04/2022").start_date == date(2022, 3, 4)
    assert one("on 03/04/2022", dayfirst=True).start_date == date(2022, 4, 3)


def test_locomo_instant():
    s = one("1:56 pm on 8 May, 2023")
    assert s.granularity == "instant" and s.start == s.end == datetime(2023, 5, 8, 13, 56)
    assert (s.start_char, s.end_char) == (0, len("1:56 pm on 8 May, 2023"))


def test_offsets_are_character_offsets():
    text = "Well, we ran a charity race last Sunday!"
    s = one(text)
    assert text[s.start_char : s.end_char] == s.text == "last Sunday"


# --- weeks and weekdays -----------------------------------------------------------------


def test_acceptance_last_sunday():
    s = one("We ran a charity race last Sunday", MON)
    assert dates(s) == ("2023-05-07", "2023-05-07", "day")
    assert s.rule == "weekday_rel"


def test_last_sunday_on_a_sunday_is_a_week_ago():
    assert dates(one("We had brunch last Sunday.", SUN))[:2] == ("2023-04-30", "2023-04-30")


@pytest.mark.parametrize("now", [MON, SUN, SAT, datetime(2023, 5, 10)])
def test_last_week_is_previous_monday_to_sunday(now):
    s = one("last week", now)
    monday = now.date() - timedelta(days=now.weekday() + 7)
    assert s.start == datetime.combine(monday, datetime.min.time())
    assert s.end == datetime.combine(monday + timedelta(days=6), datetime.max.time())
    assert s.start_date.weekday() == 0 and s.granularity == "week"


def test_last_weekend_edges():
    assert dates(one("last weekend", MON))[:2] == ("2023-05-06", "2023-05-07")
    assert dates(one("last weekend", SUN))[:2] == ("2023-04-29", "2023-04-30")
    assert dates(one("last weekend", SAT))[:2] == ("2023-04-29", "2023-04-30")
    assert dates(one("this weekend", SAT))[:2] == ("2023-05-06", "2023-05-07")


def test_bare_weekday_follows_tense():
    assert one("I went swimming on Friday.").start_date == date(2023, 5, 5)
    assert one("I'll go swimming on Friday.").start_date == date(2023, 5, 12)
    assert one("Friday", prefer="future").start_date == date(2023, 5, 12)
    assert one("Friday", prefer="past").start_date == date(2023, 5, 5)


# --- calendar units, leap day, year end -------------------------------------------------


def test_leap_day_a_year_ago_clamps_to_feb_28():
    s = one("a year ago", datetime(2024, 2, 29, 12))
    assert s.granularity == "year"
    mid = s.start_date + (s.end_date - s.start_date) / 2
    assert mid == date(2023, 2, 28)


def test_leap_day_last_month_and_tomorrow():
    leap = datetime(2024, 2, 29, 12)
    assert dates(one("last month", leap)) == ("2024-01-01", "2024-01-31", "month")
    assert one("tomorrow", leap).start_date == date(2024, 3, 1)
    assert one("next month", datetime(2024, 1, 31)).end_date == date(2024, 2, 29)


def test_year_end_next_month_and_next_week():
    ye = datetime(2023, 12, 31, 20)
    assert dates(one("next month", ye)) == ("2024-01-01", "2024-01-31", "month")
    assert dates(one("next week", ye)) == ("2024-01-01", "2024-01-07", "week")
    assert dates(one("next year", ye)) == ("2024-01-01", "2024-12-31", "year")


def test_month_and_year_display():
    assert one("last month").display() == "April 2023"
    assert one("last year").display() == "2022"
    assert one("last week").display() == "2023-05-01 – 2023-05-07"
    assert one("yesterday").display() == "2023-05-07"
    assert one("in the 90s").display() == "1990s"


def test_part_of_day_keeps_times():
    s = one("this morning")
    assert s.granularity == "part_of_day"
    assert s.start == datetime(2023, 5, 8, 6) and s.end.hour == 11
    assert one("last night").start_date == date(2023, 5, 7)


def test_holidays():
    assert one("on Thanksgiving", datetime(2023, 12, 1)).start_date == date(2023, 11, 23)
    assert one("We dyed eggs for Easter.", datetime(2024, 4, 5)).start_date == date(2024, 3, 31)
    assert one("I'll see you at Christmas.", datetime(2023, 12, 26)).start_date == date(2024, 12, 25)


def test_seasons():
    assert dates(one("last summer", datetime(2023, 10, 1))) == ("2023-06-01", "2023-08-31", "season")
    assert dates(one("this winter", datetime(2024, 1, 15)))[:2] == ("2023-12-01", "2024-02-29")


def test_ranges_and_since():
    s = one("from March to April")
    assert (s.granularity, s.rule, s.text) == ("range", "range", "from March to April")
    s = one("since January")
    assert (s.start_date, s.end_date, s.rule) == (date(2023, 1, 1), date(2023, 5, 8), "since")


def test_duration_since_needs_perfect_tense():
    s = one("I've had them for 3 years.")
    assert s.rule == "duration_since" and s.granularity == "year"
    assert s.start_date < date(2020, 5, 8) < s.end_date
    assert resolve("I lived in Berlin for three years.", MON) == []


def test_chaining_uses_previous_span_else_now():
    spans = resolve("I got sick on May 1. The day after I stayed home.", MON)
    assert [s.start_date for s in spans] == [date(2023, 5, 1), date(2023, 5, 2)]
    assert one("the day after").start_date == date(2023, 5, 9)


@pytest.mark.parametrize(
    "text",
    [
        "May I ask you something?",
        "You should get a second opinion.",
        "Let's March on together.",
        "I may go.",
        "Please upgrade to v2.3.1.",
        "It costs $20.50.",
        "Meet at 3:30.",
        "one of the best",
        "A few of them came.",
        "Will Smith was great.",
        "the Fall of Rome",
    ],
)
def test_no_false_positives(text):
    assert resolve(text, MON) == []


# --- `now` handling ---------------------------------------------------------------------


def test_now_may_be_date_naive_or_aware():
    assert one("yesterday", date(2023, 5, 8)).start_date == date(2023, 5, 7)
    aware = datetime(2023, 5, 8, 0, 30, tzinfo=timezone(timedelta(hours=-7)))
    s = one("yesterday", aware)  # wall clock of `now`, never UTC
    assert s.start_date == date(2023, 5, 7) and s.start.tzinfo is None


def test_prefer_is_validated():
    with pytest.raises(ValueError):
        resolve("yesterday", MON, prefer="sideways")  # type: ignore[arg-type]


def test_deterministic_and_no_overlaps():
    text = "Last year we went to Italy, and next year we'll go to Spain from June 3 to June 10."
    a, b = resolve(text, MON), resolve(text, MON)
    assert a == b
    for x, y in zip(a, a[1:]):
        assert x.end_char <= y.start_char


# --- rule table and generated docs --------------------------------------------------------


def _answer(s: TimeSpan) -> str:
    if s.granularity == "instant":
        return f"{s.start:%Y-%m-%d %H:%M} (instant)"
    a, b = s.start_date.isoformat(), s.end_date.isoformat()
    return f"{a} ({s.granularity})" if a == b else f"{a} – {b} ({s.granularity})"


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_every_rule_example_resolves_to_its_stated_answer(rule):
    spans = resolve(rule.example, datetime.fromisoformat(rule.now))
    assert rule.answer in [_answer(s) for s in spans if s.rule == rule.id], [(s.rule, _answer(s)) for s in spans]


def test_rule_ids_unique_and_documented():
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids))
    for r in RULES:
        assert r.pattern and r.meaning and r.example and r.answer


def test_committed_docs_match_generated():
    doc = Path(__file__).resolve().parents[1] / "docs" / "time_rules.md"
    assert doc.read_text() == render_rules_markdown(), (
        "docs/time_rules.md is stale: python -m chronos_cli.temporal.docs > docs/time_rules.md"
    )


def test_light_imports():
    import subprocess

    code = (
        "import sys, chronos_cli.temporal, chronos_cli.cli.time_cmd; "
        "bad = [m for m in ('litellm', 'lancedb', 'onnxruntime', 'rich', 'dateparser') if m in sys.modules]; "
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# -- abbreviated weekdays and months -------------------------------------------------------------

WED = datetime(2023, 7, 19, 10, 0)  # a Wednesday


@pytest.mark.parametrize(
    "text,day",
    [
        ("We signed the lease last Tues.", date(2023, 7, 18)),
        ("Last Fri we drove to the coast.", date(2023, 7, 14)),
        ("it rained last sat", date(2023, 7, 15)),  # a cue makes lowercase safe
        ("The plumber comes next Thurs morning.", date(2023, 7, 20)),  # next = nearest after today
        ("Thu was a long day at work.", date(2023, 7, 13)),  # capitalised and unambiguous
        ("We will meet on Sat.", date(2023, 7, 22)),
        ("We meet on Sun.", date(2023, 7, 16)),
    ],
)
def test_weekday_abbreviations(text, day):
    assert one(text, WED).start_date == day


@pytest.mark.parametrize(
    "text",
    [
        "I sat on the porch all evening.",
        "Sat down and cried for a bit.",
        "Sun was out so we swam.",
        "Wed is a word too",
        "We wed in a small chapel.",
        "I talked to Jan about it.",
        "Don't let it mar the day.",
    ],
)
def test_ambiguous_abbreviations_need_a_cue(text):
    assert [s for s in resolve(text, WED) if s.rule in ("weekday", "month_bare", "month_rel")] == []


@pytest.mark.parametrize(
    "text,first,last",
    [
        ("We moved in Sept.", date(2022, 9, 1), date(2022, 9, 30)),
        ("The clinic opened last Dec.", date(2022, 12, 1), date(2022, 12, 31)),
        ("I'll visit them next Aug.", date(2023, 8, 1), date(2023, 8, 31)),
    ],
)
def test_month_abbreviations_after_a_cue(text, first, last):
    s = one(text, WED)
    assert (s.start_date, s.end_date) == (first, last)
