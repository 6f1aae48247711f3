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
    # what can be done is to come, even after a past clause run on; a verbless "back at" is a return
    said = datetime(2024, 5, 15, 20, 12)  # a Wednesday
    assert resolve("i rang the repair place today they can come monday morning", said)[-1].start_date == date(
        2024, 5, 20
    )
    assert one("I can't believe we went there on Friday", said).start_date == date(2024, 5, 10)
    assert one("I opened a can of beans on Friday", said).start_date == date(2024, 5, 10)
    assert one("back at the dentist thurs for the filling btw", said).start_date == date(2024, 5, 16)
    assert one("I was back at work on Monday", said).start_date == date(2024, 5, 13)
    # weekday abbreviations that are no other word, as chats type them
    assert one("he went back weds", said).start_date == date(2024, 5, 15 - 7)
    assert one("launch is thurs", said).start_date == date(2024, 5, 16)
    # the present simple of what is scheduled is ahead
    assert one("worktop comes fri btw!!", said).start_date == date(2024, 5, 17)
    assert one("she goes back monday", said).start_date == date(2024, 5, 20)
    # what a booking is for, with a chat tag after it
    assert one("train tickets booked for the 19th btw", said).start_date == date(2024, 5, 19)


def test_a_bare_nth_after_a_copula_is_a_day_of_the_month():
    said = datetime(2023, 9, 2, 11, 20)  # a Saturday
    assert one("btw keisha start date is the 11th", said).start_date == date(2023, 9, 11)
    assert one("wedding's the 3rd!", said).start_date == date(2023, 9, 3)
    assert one("the deadline was the 1st", said).start_date == date(2023, 9, 1)  # told in the past: gone by
    # a rank goes on to what it ranks
    for text in [
        "she was the 3rd to arrive",
        "it's the 2nd time this week",
        "he is the 4th person to ask",
        "that's the 3rd in a row",
        "it's the 2nd this week",
    ]:
        assert [s.text for s in resolve(text, said) if s.text.startswith("the ")] == [], text


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
    # New Year's Eve as chats type it; "Nye" the name is not
    assert one("mara got engaged on nye", datetime(2025, 1, 6)).start_date == date(2024, 12, 31)
    assert resolve("Bill Nye explained it", datetime(2025, 1, 6)) == []


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
        "I ran the mile in 5:45.",
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
    last = datetime.fromisoformat(rule.last_talk) if rule.last_talk else None
    spans = resolve(rule.example, datetime.fromisoformat(rule.now), last_talk=last)
    # the span the rule made, or the one it was composed into ("from now until Christmas")
    mine = [s for s in spans if s.rule == rule.id or any(p.rule == rule.id for p in s.parts)]
    assert rule.answer in [_answer(s) for s in mine], [(s.rule, _answer(s)) for s in spans]


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
        "bad = [m for m in ('litellm', 'lancedb', 'onnxruntime', 'rich', 'dateparser', 'holidays') if m in sys.modules]; "
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
        ("The plumber comes next Thurs morning.", date(2023, 7, 27)),  # next: not tomorrow
        ("Thu was a long day at work.", date(2023, 7, 13)),  # capitalised and unambiguous
        ("We will meet on Sat.", date(2023, 7, 22)),
        ("We meet on Sun.", date(2023, 7, 16)),
        # a clock time or a part of the day after it is a cue too
        ("oh yes!! tiler is sat 9am", date(2023, 7, 22)),
        ("fri at 2 works for me", date(2023, 7, 21)),
        ("sun morning we walked to the lake", date(2023, 7, 16)),
    ],
)
def test_weekday_abbreviations(text, day):
    assert one(text, WED).start_date == day


@pytest.mark.parametrize(
    "text,said,day",
    [
        # "next Weekday" is the nearest after today, but never tomorrow or the day after
        ("midterm is next thursday", datetime(2023, 11, 21, 9), date(2023, 11, 30)),  # a Tuesday
        ("the hen do is next saturday", datetime(2024, 3, 8, 9), date(2024, 3, 16)),  # a Friday
        ("the demo plays next thursday", datetime(2024, 2, 3, 9), date(2024, 2, 8)),  # a Saturday
        ("we meet next sunday", datetime(2024, 2, 4, 9), date(2024, 2, 11)),  # a Sunday
        ("the dinner is next Sunday.", datetime(2023, 5, 8, 14), date(2023, 5, 14)),  # a Monday: six days on
        # "coming" is the nearest such day after today
        ("the roofer comes this coming tuesday", datetime(2024, 10, 27, 9), date(2024, 10, 29)),
        ("the roofer comes on the coming thursday", datetime(2023, 11, 21, 9), date(2023, 11, 23)),
    ],
)
def test_next_weekday_is_the_nearest_after_the_day_after_tomorrow(text, said, day):
    assert one(text, said).start_date == day


@pytest.mark.parametrize(
    "text",
    [
        "I sat on the porch all evening.",
        "Sat down and cried for a bit.",
        "I sat at the back of the bus.",
        "we sat 3 hours in traffic",
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


# -- the compositional grammar (base + modifiers + grain) ------------------------------------------

JUN10 = datetime(2024, 6, 10, 14, 0)  # a Monday


@pytest.mark.parametrize(
    "text,now,first,last,rule",
    [
        ("the third Thursday of November 2019", JUN10, "2019-11-21", "2019-11-21", "nth_of"),
        ("the first Monday of next month", JUN10, "2024-07-01", "2024-07-01", "nth_of"),
        ("the second-to-last day of June", JUN10, "2024-06-29", "2024-06-29", "nth_of"),
        ("the last weekend of September 2024", JUN10, "2024-09-28", "2024-09-29", "nth_of"),
        ("Tuesday of this week", JUN10, "2024-06-11", "2024-06-11", "weekday_of_week"),
        ("Friday next week", JUN10, "2024-06-21", "2024-06-21", "weekday_of_week"),
        ("last week's Tuesday", JUN10, "2024-06-04", "2024-06-04", "weekday_of_week"),
        ("the Monday after next", JUN10, "2024-06-24", "2024-06-24", "weekday_of_week"),
        ("June in two years", JUN10, "2026-06-01", "2026-06-30", "annual_shift"),
        ("Easter in 2 years", JUN10, "2026-04-05", "2026-04-05", "annual_shift"),
        ("Christmas 2 years ago", JUN10, "2022-12-25", "2022-12-25", "annual_shift"),
        ("Black Friday of this year", JUN10, "2024-11-29", "2024-11-29", "annual_shift"),
        ("the Christmas before last", JUN10, "2022-12-25", "2022-12-25", "annual_shift"),
        ("the Friday before Christmas", datetime(2024, 12, 28, 20), "2024-12-20", "2024-12-20", "weekday_anchor"),
        ("two weeks from Saturday", JUN10, "2024-06-29", "2024-06-29", "chain_n"),
        ("the week of March 17, 2025", JUN10, "2025-03-17", "2025-03-23", "week_of"),
        ("the 15th of next month", JUN10, "2024-07-15", "2024-07-15", "day_of_month_rel"),
        ("the first half of 2024", JUN10, "2024-01-01", "2024-06-30", "part_of"),
        ("H2 2023", JUN10, "2023-07-01", "2023-12-31", "half_year"),
        ("Q1 last year", JUN10, "2023-01-01", "2023-03-31", "quarter"),
        ("by EOM", JUN10, "2024-06-30", "2024-06-30", "eo"),
        ("5-Nov-98", JUN10, "1998-11-05", "1998-11-05", "d_mon_y"),
    ],
)
def test_composed_expressions(text, now, first, last, rule):
    s = one(text, now)
    assert (s.start_date.isoformat(), s.end_date.isoformat(), s.rule) == (first, last, rule)


def test_composed_span_records_its_parts():
    s = one("The meeting is on the third Thursday of November 2019.", JUN10)
    roles = [(p.role, p.rule, p.text) for p in s.parts]
    assert ("base", "period", "November 2019") in roles
    assert ("modifier", "ordinal_of", "third Thursday") in roles
    chained = one("Two days after Christmas we drove back.", datetime(2024, 12, 28))
    assert chained.parts[0].role == "anchor" and chained.parts[0].text == "Christmas"
    assert chained.start_date == date(2024, 12, 27)
    plain = one("yesterday")
    assert [(p.role, p.rule) for p in plain.parts] == [("base", "day_word")]


def test_the_month_rolls_with_the_tense():
    # said on the 10th about the future: the beginning of this month is over, so next month's
    s = one("I'll be traveling at the beginning of the month.", JUN10)
    assert (s.start_date, s.end_date) == (date(2024, 7, 1), date(2024, 7, 10))
    s = one("first Tuesday of the month", datetime(2025, 3, 7), prefer="future")
    assert s.start_date == date(2025, 4, 1)
    s = one("The last Friday of the month is payday.", JUN10)
    assert s.start_date == date(2024, 6, 28)


def test_two_ordinals_joined_are_a_range_with_or_without_the():
    feb9 = datetime(2025, 2, 9, 18, 40)
    for text in ("im coming home for reading week, 17th till the 21st", "home the 17th to the 21st", "17th-21st"):
        s = one(text, feb9)
        assert (s.start_date, s.end_date) == (date(2025, 2, 17), date(2025, 2, 21)), text
    assert resolve("it was my 5th time there", feb9) == []  # an ordinal alone is no date


# -- tense, prefer ---------------------------------------------------------------------------------


def test_last_and_next_are_not_tense_cues():
    assert one("My last day at work is June 19.", JUN10).start_date == date(2024, 6, 19)
    assert one("My final exam was on June 19.", JUN10).start_date == date(2023, 6, 19)
    assert one("My last exam is on Friday.", JUN10).start_date == date(2024, 6, 14)


def test_prefer_decides_only_when_the_sentence_has_no_tense():
    assert one("Thursday", JUN10).start_date == date(2024, 6, 6)
    assert one("Thursday", JUN10, prefer="future").start_date == date(2024, 6, 13)
    assert one("Thursday", JUN10, prefer="auto").start_date == date(2024, 6, 6)
    assert one("I went swimming on Thursday.", JUN10, prefer="future").start_date == date(2024, 6, 6)
    assert one("June 5th", JUN10, prefer="future").start_date == date(2025, 6, 5)
    assert one("Christmas", datetime(2024, 12, 28), prefer="future").start_date == date(2025, 12, 25)


def test_a_sentence_year_sets_bare_yearly_names():
    spans = resolve("Valentine's Day is on a Friday this year.", datetime(2025, 3, 7))
    assert [s.start_date for s in spans] == [date(2025, 2, 14), date(2025, 1, 1)]  # "on a Friday" is no date


# -- holidays --------------------------------------------------------------------------------------


def test_holidays_come_from_the_configured_country(monkeypatch):
    now = datetime(2023, 12, 1)
    assert one("Thanksgiving", now).start_date == date(2023, 11, 23)  # US, 4th Thursday of November
    assert one("Thanksgiving", now, holiday_country="CA").start_date == date(2023, 10, 9)  # 2nd Monday of October
    monkeypatch.setenv("CHRONOS_HOLIDAY_COUNTRY", "ca")
    assert one("Thanksgiving", now).start_date == date(2023, 10, 9)
    # a name the country lacks comes from its home calendar; Black Friday follows US Thanksgiving
    assert one("Canada Day", datetime(2024, 6, 10), holiday_country="US").start_date == date(2024, 7, 1)
    assert one("Black Friday 2024", now).start_date == date(2024, 11, 29)


def test_observances_and_multi_day_feasts():
    now = datetime(2025, 3, 7)
    assert one("Easter Monday", now).start_date == date(2025, 4, 21)  # Easter 2025 = April 20
    assert one("Mardi Gras", now).start_date == date(2025, 3, 4)  # Easter - 47
    # the days of Holy Week round Easter, and the UK's Mother's Day (Lent's fourth Sunday)
    assert one("got it in padstow on easter saturday", now).start_date == date(2024, 3, 30)  # the one gone by
    assert one("Holy Saturday", now).start_date == date(2025, 4, 19)
    assert one("Maundy Thursday", now).start_date == date(2025, 4, 17)
    assert one("flowers for Mothering Sunday", now).start_date == date(2025, 3, 30)
    assert one("Easter Sunday", now).start_date == date(2025, 4, 20)
    assert one("Cyber Monday 2024", now).start_date == date(2024, 12, 2)
    s = one("Rosh Hashanah 2024", now)
    assert (s.start_date, s.end_date) == (date(2024, 10, 3), date(2024, 10, 4))
    assert one("We had dumplings for Chinese New Year.", now).start_date == date(2025, 1, 29)


def test_holidays_package_is_imported_only_when_a_holiday_is_named():
    import subprocess

    code = (
        "import sys; from chronos_cli.temporal import resolve; "
        "resolve('We ran a race last Sunday at 7pm', '2023-05-08'); a = 'holidays' in sys.modules; "
        "resolve('See you at Christmas', '2023-05-08'); print(a, 'holidays' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]


# -- clock times -----------------------------------------------------------------------------------


def test_clock_times_alone():
    assert one("Let's meet at 7pm.", JUN10).start == datetime(2024, 6, 10, 19, 0)
    assert one("at 9am", JUN10, prefer="future").start == datetime(2024, 6, 11, 9, 0)  # passed: tomorrow
    assert one("I went to bed at 11pm.", JUN10).start == datetime(2024, 6, 9, 23, 0)  # still ahead: yesterday
    assert one("I woke up at 3 in the morning.", JUN10).start == datetime(2024, 6, 10, 3, 0)
    assert one("My flight is at 10:30.", JUN10).start == datetime(2024, 6, 10, 22, 30)  # next 10:30 is pm
    assert one("Meet me at half past seven.", JUN10).start.minute == 30
    # a bare hour after "at" ends its clause before a conjunction that opens the next one
    assert one("i have the dentist at 3 so if i dont reply thats why", JUN10).start == datetime(2024, 6, 10, 15, 0)
    assert one("see you at 4 then", JUN10).start == datetime(2024, 6, 10, 16, 0)
    # and after "since": the hour it has lasted from today ("since 5 years" is a duration)
    s = one("I've been out in the garden since 8.", JUN10)
    assert (s.rule, s.start, s.end.date()) == ("since", datetime(2024, 6, 10, 8, 0), date(2024, 6, 10))
    assert resolve("i am since 5 years physiotherapist", JUN10) == []
    assert [s for s in resolve("we're at 3 but need 5 more", JUN10) if s.rule == "clock"] == []  # a count


def test_clock_time_on_a_day():
    s = one("Dinner tonight at 8.", JUN10)
    assert (s.rule, s.start) == ("at_time", datetime(2024, 6, 10, 20, 0))  # 8 inside tonight = 20:00
    s = one("The store opens at 10 a.m. on Monday.", datetime(2025, 3, 7, 9, 30))
    assert s.start == datetime(2025, 3, 10, 10, 0)
    assert one("We talked at a quarter to ten last night.", JUN10).start == datetime(2024, 6, 9, 21, 45)


@pytest.mark.parametrize(
    "text",
    [
        "I ran the mile in 5:45.",
        "The ratio is 16:9.",
        "Psalm 23:4 is my favourite verse.",
        "Look at 3 options before deciding.",
        "I usually wake up at 6am.",
        "We spent the afternoon at the lake.",
    ],
)
def test_not_clock_times(text):
    assert resolve(text, JUN10) == []


# -- numeric dates ---------------------------------------------------------------------------------


def test_numeric_dates_without_a_year():
    assert one("My appointment is on 3/14.", datetime(2025, 3, 7)).start_date == date(2025, 3, 14)
    assert one("I moved in on 9/1.", JUN10).start_date == date(2023, 9, 1)
    assert one("on 3/4", JUN10, dayfirst=True).start_date == date(2024, 4, 3)
    assert one("See you on 12.06.", JUN10).start_date == date(2024, 6, 12)
    assert one("deadline: Mar7", JUN10).start_date == date(2024, 3, 7)


@pytest.mark.parametrize(
    "text", ["Mix 1/2 cup of sugar.", "I'm available 24/7.", "He got 9/10 on the test.", "The ratio is 3/4."]
)
def test_fractions_and_scores_are_not_dates(text):
    assert resolve(text, JUN10) == []


def test_weekday_settles_the_year_of_a_date():
    assert one("Thu, Mar 7", JUN10).start_date == date(2024, 3, 7)  # 2024-03-07 is a Thursday
    assert one("Thu, Mar 7", JUN10, prefer="future").start_date == date(2030, 3, 7)  # the next Thursday Mar 7
    assert one("I broke a mirror on Friday the 13th.", JUN10).start_date == date(2023, 10, 13)
    assert one("Tuesday, 5 March 2024", JUN10).start_date == date(2024, 3, 5)
    # without "the", a written ordinal is the day of the month: 2024-03-09 and 2024-11-09 are Saturdays
    assert one("I moved house on sat 9th", JUN10).start_date == date(2024, 3, 9)
    assert one("my exam will be on Saturday 9th", JUN10).start_date == date(2024, 11, 9)
    # a bare number is no day: "Friday 13 people came" is the Friday
    s = one("Friday 13 people came", JUN10)
    assert (s.text, s.start_date) == ("Friday", date(2024, 6, 7))


def test_what_is_reported_keeps_its_own_tense():
    # a saying verb opens the reported clause; "'d"/"would" before a bare verb looks ahead
    s = one("she said they'd let us know by the end of the week", JUN10)
    assert (s.start_date, s.end_date) == (date(2024, 6, 14), date(2024, 6, 16))
    assert one("he told me he's coming on friday", JUN10).start_date == date(2024, 6, 14)
    assert one("she said it was great on friday", JUN10).start_date == date(2024, 6, 7)
    # "'d" before a participle is "had"
    assert one("I'd gone to the gym on friday", JUN10).start_date == date(2024, 6, 7)
    assert one("I'd love to go hiking saturday", JUN10).start_date == date(2024, 6, 15)


def test_a_rate_is_no_count_of_units():
    # "£38 a month" is a price per month: "from august" is August, not a month after it
    s = one("the membership goes up to £38 a month from august", JUN10)
    assert (s.text, s.granularity) == ("august", "month")
    assert one("I'll see you a week from friday", JUN10).rule == "chain_n"  # a count still counts


# -- counts, open ranges, approximate expressions ---------------------------------------------------


def test_numbers_too_large_for_the_calendar_give_nothing():
    assert resolve("I saw a fossil from 5000 years ago.", JUN10) == []
    s = one("The castle was built 800 years ago.", JUN10)
    assert s.start_date < date(1224, 6, 10) < s.end_date


def test_open_and_rolling_ranges():
    s = one("I'm out until Friday.", JUN10)
    assert (s.rule, s.start_date, s.end_date) == ("until", date(2024, 6, 10), date(2024, 6, 14))
    assert one("I worked there up until last week.", JUN10).rule == "unit_rel"  # past: the period itself
    s = one("Please reply within the next two weeks.", JUN10)
    assert (s.start_date, s.end_date) == (date(2024, 6, 10), date(2024, 6, 24))
    s = one("I'm saving money from now until Christmas.", JUN10)
    assert (s.start_date, s.end_date) == (date(2024, 6, 10), date(2024, 12, 25))


def _centre_and_half(s: TimeSpan) -> tuple[date, int]:
    return s.start_date + (s.end_date - s.start_date) / 2, (s.end_date - s.start_date).days // 2


def test_approximate_counts_are_centred_with_a_margin_by_unit():
    centre, half = _centre_and_half(one("I started this job about a year ago.", JUN10))
    assert centre == date(2023, 6, 10) and half == 45  # year margin ± 6 weeks, not ± 6 months
    centre, half = _centre_and_half(one("We moved a couple of months back.", JUN10))
    assert centre == date(2024, 4, 10) and half == 14  # month margin ± 14 days
    s = one("I quit a few years ago.", JUN10)  # a few = 2–4: centred on 3 years, ± 1 year
    assert (s.start_date, s.end_date, s.granularity) == (date(2020, 6, 10), date(2022, 6, 10), "fuzzy")
    centre, half = _centre_and_half(one("My parents met some 20 years ago.", JUN10))
    assert abs((centre - date(2004, 6, 10)).days) <= 1 and 729 <= half <= 731  # a tenth of 20 years
    s = one("I got my first dog a year or so ago.", JUN10)
    assert s.text == "a year or so ago" and _centre_and_half(s)[1] == 45


def test_around_widens_a_named_time():
    s = one("We met around Christmas.", datetime(2023, 11, 15))
    assert (s.rule, s.start_date, s.end_date) == ("approx", date(2022, 12, 24), date(2022, 12, 26))
    s = one("Lunch around noon?", JUN10)
    assert (s.start, s.end) == (datetime(2024, 6, 10, 11, 30), datetime(2024, 6, 10, 12, 30))
    assert [x.text for x in resolve("We talked about Christmas.", JUN10)] == ["Christmas"]  # "about" = concerning


@pytest.mark.parametrize(
    "text",
    [
        "The first half was boring.",
        "3/4 done",
        "I'll be back in a second.",
        "At 5 I started school.",
        "We meet every Monday at 7pm.",
        "Mild soreness usually fades within a few days.",
        "My last 3 days in Paris were great.",
    ],
)
def test_more_things_that_are_not_dates(text):
    assert resolve(text, JUN10) == []


def test_clock_ranges_take_their_day_and_half_of_day():
    s = one("between 9:30 and 11:00 on Thursday", JUN10, prefer="future")
    assert (s.start, s.end) == (datetime(2024, 6, 13, 9, 30), datetime(2024, 6, 13, 11, 0))
    s = one("We have the meeting from 2 to 3pm tomorrow.", JUN10)
    assert (s.start, s.end) == (datetime(2024, 6, 11, 14, 0), datetime(2024, 6, 11, 15, 0))  # 2 → 2 pm
    s = one("Thursday from 9am to 11am", JUN10, prefer="future")
    assert (s.start, s.end) == (datetime(2024, 6, 13, 9, 0), datetime(2024, 6, 13, 11, 0))


def test_holiday_weekends_and_following_weekdays():
    s = one("We went to the lake over Labor Day weekend.", datetime(2024, 10, 1))
    assert (s.start_date, s.end_date) == (date(2024, 8, 31), date(2024, 9, 2))  # Sat–Mon
    s = one("Thanksgiving weekend", JUN10)
    assert (s.start_date, s.end_date) == (date(2024, 11, 28), date(2024, 12, 1))  # Thu–Sun
    spans = resolve("We met on May 3. The following Monday we went out again.", JUN10)
    assert [x.start_date for x in spans] == [date(2024, 5, 3), date(2024, 5, 6)]


@pytest.mark.parametrize(
    "text,first,last",
    [
        ("within 2 weeks", "2024-06-10", "2024-06-24"),
        ("last 7 days", "2024-06-03", "2024-06-10"),
        ("the rest of the week", "2024-06-10", "2024-06-16"),
        ("the week-end", "2024-06-15", "2024-06-16"),
        ("end of year", "2024-09-01", "2024-12-31"),
        ("the 19th century", "1801-01-01", "1900-12-31"),
        ("in the 1800s", "1800-01-01", "1899-12-31"),
        ("1974", "1974-01-01", "1974-12-31"),
    ],
)
def test_open_ranges_periods_and_bare_years(text, first, last):
    s = one(text, JUN10, prefer="future")
    assert (s.start_date.isoformat(), s.end_date.isoformat()) == (first, last)


def test_fractional_counts():
    assert one("in half an hour", JUN10).start == datetime(2024, 6, 10, 14, 30)
    assert one("Let's meet in an hour and a half.", JUN10).start == datetime(2024, 6, 10, 15, 30)
    s = one("I moved here two and a half years ago.", JUN10)  # a year-sized window around 2021-12-10
    assert s.start_date < date(2021, 12, 10) < s.end_date and (s.end_date - s.start_date).days in (364, 365)


JUL14 = datetime(2026, 7, 14, 12)  # a Tuesday


def test_a_date_that_is_the_object_of_a_plan_is_ahead_even_with_a_past_verb():
    assert one("I booked a table for Thursday.", JUL14).start_date == date(2026, 7, 16)
    assert one("I made an appointment for Friday.", JUL14).start_date == date(2026, 7, 17)
    assert one("I bought tickets for the concert on October 4.", JUL14).start_date == date(2026, 10, 4)
    assert one("I signed up for the race on March 3.", JUL14).start_date == date(2027, 3, 3)
    # no "for": the date is when the booking happened, or a plain past event
    assert one("I booked the flight on Monday.", JUL14).start_date == date(2026, 7, 13)
    assert one("I went to the race on October 4.", JUL14).start_date == date(2025, 10, 4)


def test_a_day_and_its_clock_time_after_what_was_arranged_is_the_appointment_ahead():
    # the booking is not told to the minute: the clock time is the appointment's
    assert one("booked the dentist thursday at 3", JUL14).start_date == date(2026, 7, 16)
    assert one("called the vet, they had a spot saturday at 10", JUL14).start_date == date(2026, 7, 18)
    assert one("got an appt friday at 2", JUL14).start_date == date(2026, 7, 17)
    # a deed or an appointment kept, with its clock time, stays in the past
    assert one("I had my appointment monday at 9 and it was fine", JUL14).start_date == date(2026, 7, 13)
    assert one("we went out saturday at 10", JUL14).start_date == date(2026, 7, 11)
    assert one("booked the dentist thursday", JUL14).start_date == date(2026, 7, 9)  # no clock: the tense decides


def test_the_verb_nearest_before_a_time_tells_its_tense():
    # a present progressive after a past verb: the time is the progressive's, still to come
    s = one("I've signed up for a glazing workshop Anton is running in June.", date(2023, 5, 1))
    assert s.start_date == date(2023, 6, 1)
    assert one("She said the party is happening on Friday.", JUL14).start_date == date(2026, 7, 17)
    # a past verb after it takes the time back
    assert one("Anton is running a workshop, he taught it in June.", JUL14).start_date == date(2026, 6, 1)
    assert one("I went to Paris in June.", date(2023, 5, 1)).start_date == date(2022, 6, 1)


def test_have_got_is_a_present_not_the_past_got():
    assert one("she's got finals in may", date(2025, 3, 26)).start_date == date(2025, 5, 1)
    assert one("ive got the dentist friday", date(2024, 11, 18)).start_date == date(2024, 11, 22)
    # "got" of a deed done stays past
    assert one("she got married in june", date(2023, 5, 1)).start_date == date(2022, 6, 1)
    assert one("we've got back from Rome on Friday", date(2024, 11, 18)).start_date == date(2024, 11, 15)


def test_what_is_wanted_or_needed_by_a_day_is_still_to_come():
    fri = date(2026, 6, 26)
    assert one("they want an answer by wednesday", fri).start_date == date(2026, 7, 1)
    assert one("she wants the car back sunday", fri).start_date == date(2026, 6, 28)
    # the participle of what is wanted done is no past deed
    assert one("I need it done by wednesday", fri).start_date == date(2026, 7, 1)
    assert one("they want the report finished by tuesday", fri).start_date == date(2026, 6, 30)
    # a past verb still takes it back
    assert one("I had finished it by wednesday", fri).start_date == date(2026, 6, 24)
    assert one("I wanted to go on wednesday", fri).start_date == date(2026, 6, 24)


def test_a_count_of_things_per_unit_is_a_rate_not_a_time_from_a_day():
    [s] = resolve("shes happy for me to come back 3 days a week from september", datetime(2024, 5, 25, 10))
    assert (s.text, s.start_date) == ("september", date(2024, 9, 1))
    [s] = resolve("I'm doing two shifts a week from monday", datetime(2024, 5, 22, 10))
    assert (s.text, s.start_date) == ("monday", date(2024, 5, 27))
    # a plain offset from a day is still one
    assert one("a week from friday we leave", date(2026, 6, 22)).start_date == date(2026, 7, 3)


def test_a_holiday_naming_a_kind_of_thing_gives_way_to_the_sentences_own_time():
    fri = datetime(2024, 12, 20, 16, 10)
    [s] = resolve("Nana's home is having their Christmas party tomorrow", fri)
    assert (s.text, s.start_date) == ("tomorrow", date(2024, 12, 21))
    [s] = resolve("we did the Easter egg hunt on saturday", datetime(2024, 4, 1, 12))
    assert s.start_date == date(2024, 3, 30)
    # the day itself, or a holiday alone in its sentence, still dates
    assert [x.text for x in resolve("Christmas Eve we went out, and on friday too", fri)] == ["Christmas Eve", "friday"]
    assert one("our Christmas party was fun", fri).text == "Christmas"
    # a weekday or a filler after the name is no noun it modifies
    assert [x.text for x in resolve("wait thursday is thanksgiving lol. i'll cover", datetime(2023, 11, 20))] == [
        "thursday",
        "thanksgiving",
    ]
    assert resolve("got it on easter saturday and on friday", fri)[0].text.lower().startswith("easter")


def test_a_bare_month_with_no_tense_is_the_nearer_one():
    # November: February is three months ahead and nine back; June five back and seven ahead
    assert one("engagement shoot in february", date(2024, 11, 18)).start_date == date(2025, 2, 1)
    assert one("the wedding in june", date(2024, 11, 18)).start_date == date(2024, 6, 1)
    assert one("the wedding in november", date(2024, 11, 18)).start_date == date(2024, 11, 1)


def test_that_weekday_is_the_weekday_of_the_time_already_in_the_story():
    a, b = resolve("We flew to Lisbon on June 22. That Saturday we took a boat trip.", JUL14)
    assert (a.start_date, b.start_date, b.rule) == (date(2026, 6, 22), date(2026, 6, 27), "that_weekday")
    assert any(p.role == "anchor" and p.text == "June 22" for p in b.parts)
    _, b = resolve("It was hectic last week. That Saturday I slept all day.", JUL14)
    assert b.start_date == date(2026, 7, 11)  # the Saturday of that week
    # an antecedent coarser than a week (a month) is no day's week: read as a bare weekday
    _, b = resolve("In March we moved. That Friday I was exhausted.", JUL14)
    assert b.start_date == date(2026, 7, 10)
    assert one("I was exhausted that Saturday.", JUL14).start_date == date(2026, 7, 11)


def test_recently_is_the_last_three_weeks():
    s = one("I recently started taking pottery classes.", JUL14)
    assert (s.start_date, s.end_date, s.granularity) == (date(2026, 6, 24), date(2026, 7, 14), "fuzzy")
    # "a little while ago" is the last month, "not so long ago" the last half year; "a while ago"
    # without "little" is older
    s = one("We met a little while ago.", JUL14)
    assert (s.start_date, s.end_date) == (date(2026, 6, 14), date(2026, 7, 14))
    for text in ("I started my store not so long ago.", "I moved not too long ago."):
        s = one(text, JUL14)
        assert (s.start_date, s.end_date) == (date(2026, 1, 15), date(2026, 7, 14)), text
    assert one("We met a while ago.", JUL14).end_date < date(2026, 6, 24)


def test_in_n_units_in_a_past_sentence_is_how_long_it_took():
    assert resolve("I finished the race in 40 minutes.", JUL14) == []
    assert resolve("I lost five pounds in two weeks.", JUL14) == []
    s = one("I'm moving in two weeks.", JUL14)  # future: a point ahead
    assert s.start_date > date(2026, 7, 14)


@pytest.mark.parametrize(
    "text",
    [
        "Earlier I went for a run.",
        "Earlier, we grabbed lunch.",
        "I went for a run earlier.",
        "saw the doctor earlier and she said I'm fine",
        "we got there earlier on",
    ],
)
def test_a_bare_earlier_is_earlier_the_same_day(text):
    assert dates(one(text)) == ("2023-05-08", "2023-05-08", "day")


@pytest.mark.parametrize(
    "text",
    [
        "I left earlier than usual.",
        "I took an earlier flight.",
        "She arrived much earlier",
        "I couldn't get there any earlier.",
        "I'll pick you up a little earlier.",  # ahead
        "The store closes earlier.",  # the present
        "can we meet earlier?",
        "my kids wake up earlier and earlier",
    ],
)
def test_earlier_as_a_comparison_is_no_time(text):
    assert resolve(text, MON) == []


def test_earlier_with_a_unit_keeps_its_own_rule():
    assert (one("earlier this week").text, one("earlier this week").rule) == ("earlier this week", "earlier_later_this")
    assert one("Earlier today I ran").text == "Earlier today"
    assert dates(one("2 days earlier")) == ("2023-05-06", "2023-05-06", "day")


@pytest.mark.parametrize("part", ["night", "morning", "evening"])
def test_the_other_night_is_a_few_days_ago_like_the_other_day(part):
    assert dates(one(f"We watched it the other {part}.")) == dates(one("We watched it the other day."))


def test_the_other_week_is_one_to_three_weeks_ago():
    assert dates(one("I saw her the other week.")) == ("2023-04-17", "2023-05-03", "fuzzy")


@pytest.mark.parametrize(
    "text, when",
    [
        ("I was sick all weekend.", ("2023-05-06", "2023-05-07")),  # MON: the weekend just gone
        ("I'll be at the lake the whole weekend.", ("2023-05-13", "2023-05-14")),
        ("I cleaned the entire day.", ("2023-05-08", "2023-05-08")),
        ("We were up all night.", ("2023-05-07", "2023-05-07")),  # last night
        ("I was busy all week.", ("2023-05-01", "2023-05-07")),  # on a Monday: the week just gone
    ],
)
def test_all_of_a_unit_is_the_unit_the_sentence_is_in(text, when):
    assert dates(one(text))[:2] == when


@pytest.mark.parametrize(
    "text",
    [
        "I sit at a desk all day.",  # the present: how often
        "I work all day every day.",
        "We bought an all day pass.",
        "We went to an all night party.",  # a modifier
        "On our honeymoon we stayed in bed all day.",  # set at an occasion
        "When I was a kid I would play outside all day.",  # a past habit
    ],
)
def test_all_of_a_unit_in_the_present_or_as_a_modifier_is_no_time(text):
    assert resolve(text, MON) == []


def test_all_of_a_unit_within_a_time_its_sentence_names_is_that_time():
    assert [s.text for s in resolve("It rained all day yesterday.", MON)] == ["yesterday"]
    assert [s.text for s in resolve("We hiked all day on Saturday.", MON)] == ["Saturday"]
    assert [s.text for s in resolve("Last Friday I slept all day.", MON)] == ["Last Friday"]


def test_all_of_a_part_of_the_day_not_yet_begun_was_yesterdays_and_a_week_ahead_on_a_weekend_is_next():
    assert dates(one("I was studying all afternoon.", datetime(2023, 5, 8, 9, 0)))[:2] == ("2023-05-07", "2023-05-07")
    assert dates(one("I'll be traveling all week.", SAT))[:2] == ("2023-05-08", "2023-05-14")


def test_all_of_a_unit_at_a_place_or_on_a_thing_is_still_now_and_a_past_week_ends_today():
    assert dates(one("I worked on my project all day."))[:2] == ("2023-05-08", "2023-05-08")
    assert dates(one("I was at my mom's all weekend."))[:2] == ("2023-05-06", "2023-05-07")
    wed = datetime(2023, 5, 10, 14, 0)
    assert dates(one("I was busy all week.", wed))[:2] == ("2023-05-08", "2023-05-10")


def test_a_past_week_told_early_in_the_next_is_the_week_just_gone():
    tue = datetime(2023, 5, 9, 20, 0)
    assert dates(one("The dog stayed with my neighbour the whole week.", tue))[:2] == ("2023-05-01", "2023-05-07")


def test_a_clause_with_a_tense_of_its_own_keeps_it_in_a_sentence_with_another():
    mon = datetime(2025, 3, 17, 20, 0)

    def day(text):
        [sp] = [s for s in resolve(text, mon) if s.text.lower() in ("thursday", "friday", "monday")]
        return sp.start.date()

    # the past verb is another clause's: the progressive with a day is the coming one
    assert day("and my principal emailed, she's observing me thursday") == date(2025, 3, 20)
    assert day("and my principal emailed, shes observing me thursday") == date(2025, 3, 20)
    assert day("Yesterday I met Sam, he's moving friday") == date(2025, 3, 21)
    # a clause with no tense of its own takes the sentence's; a past clause stays past
    assert day("I was sick all week, thursday") == date(2025, 3, 13)
    assert day("I went to the store, it was closed on Monday") == date(2025, 3, 10)


@pytest.mark.parametrize(
    "text,said,day",
    [
        ("ramon told me to run brunch on sunday", datetime(2023, 12, 28, 9), date(2023, 12, 31)),
        ("she asked me to come over on monday 3 days ago", datetime(2023, 12, 28, 9), date(2023, 12, 25)),
        # "they're" opens a clause with a tense of its own; "where they have" does not
        ("the doctor called they're doing my knee surgery on January 14", datetime(2023, 12, 28, 9), date(2024, 1, 14)),
        ("we went to the place where they have karaoke on friday", datetime(2023, 12, 28, 9), date(2023, 12, 22)),
    ],
)
def test_a_deed_asked_and_a_clause_typed_on_keep_their_own_tense(text, said, day):
    assert [s.start_date for s in resolve(text, said)][0] == day


def test_a_week_today_counts_the_weeks_on_from_that_day():
    now = datetime(2024, 3, 9, 10, 0)  # a Saturday
    cases = {
        "raku day is a week today": date(2024, 3, 16),
        "see you a week tomorrow": date(2024, 3, 17),
        "the party is a week on friday": date(2024, 3, 22),
        "two weeks today we fly": date(2024, 3, 23),
        "a fortnight on saturday": date(2024, 3, 30),
    }
    for text, day in cases.items():
        [sp] = resolve(text, now)
        assert (sp.start.date(), sp.end.date(), sp.granularity) == (day, day, "day"), text
    assert resolve("i spent a week on holiday", now) == []


def test_o_clock_typed_with_a_space_or_without_its_apostrophe_is_a_clock_time():
    now = datetime(2025, 1, 24, 11, 0)
    for text in ("meet at two o clock", "meet at two oclock", "meet at two o'clock"):
        [sp] = resolve(text, now)
        assert (sp.start.hour, sp.start.minute) == (14, 0), text


def test_since_a_clock_time_is_since_the_last_one_a_hedge_between_included():
    evening = datetime(2025, 1, 24, 21, 5)
    [sp] = resolve("The power is off here since about four o clock.", evening)
    assert sp.rule == "since" and sp.start == datetime(2025, 1, 24, 15, 30)  # about: half an hour either side
    assert sp.end.date() == date(2025, 1, 24)
    [sp] = resolve("yeah since like last week, cant chew on the left", datetime(2025, 10, 6, 9, 25))
    assert (sp.rule, sp.start.date(), sp.end.date()) == ("since", date(2025, 9, 29), date(2025, 10, 6))
    # without "since" the hour to come is still ahead
    [sp] = resolve("I will be there about four o clock", evening)
    assert sp.start > evening


def test_a_day_told_alone_with_instead_is_where_a_plan_moved_ahead():
    mon = datetime(2025, 2, 3, 16, 15)
    assert [s.start.date() for s in resolve("Thursday instead.", mon)] == [date(2025, 2, 6)]
    assert [s.start.date() for s in resolve("ok friday instead then", mon)] == [date(2025, 2, 7)]
    # with a verb its tense decides: "I went thursday instead" was the Thursday gone by
    assert [s.start.date() for s in resolve("I went thursday instead.", mon)] == [date(2025, 1, 30)]


def test_sat_before_a_day_number_is_saturday_not_sat():
    wed = datetime(2024, 10, 30, 12, 0)
    assert [s.start.date() for s in resolve("rovers v athletic sat 9th, 3pm", wed)] == [date(2024, 11, 9)]
    assert [s.start.date() for s in resolve("the game is sat 9th", wed)] == [date(2024, 11, 9)]
    # told in the past, the Saturday the 9th gone by
    assert [s.start.date() for s in resolve("we played on sat 9th", wed)] == [date(2024, 3, 9)]
