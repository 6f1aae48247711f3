"""Deterministic date matching for LoCoMo temporal answers (no judge needed).

``parse_answer_range(text, anchor=None) -> (first_day, last_day) | None`` reads a gold answer
(or a short model response) as an inclusive range of days:

  "7 May 2023" / "May 7, 2023" / "19 January, 2023"  → that day
  "June 2023" / "January, 2023"                      → that month
  "2022" / "Since 2016" / "in 2022"                  → that year
  "The week before D"                                → Monday of D's previous week … D − 1
                                                       (covers both readings of "last week":
                                                       the previous calendar week and the 7 days
                                                       before D)
  "The week of D"                                    → Monday … Sunday of D's week
  "The <weekday> before D"                           → the last such weekday before D
  "The weekend before D" / "two weekends before D"   → that Saturday–Sunday
  anything else                                      → the first span the temporal engine
                                                       (``chronos_cli.temporal.resolve``) finds,
                                                       anchored at ``anchor`` (e.g. "last
                                                       Saturday" said on ``anchor``); without an
                                                       anchor only text that names a year is read

Durations ("4 years"), vague answers ("A few years ago") and days without a year are not dates
(``None``): such questions are left to the judge / F1.

``date_match(pred, gold)``: the ranges overlap and the prediction is at most 3 × as wide as
the gold range + 2 days (so "2023" does not match "7 May 2023", but "the week of 8 May" does).

This is the one implementation: ``bench/bench_events.py`` and ``bench/bench_ask.py`` should
import it from here.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        1,
    )
}
WEEKDAYS = {d: i for i, d in enumerate(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])}
NUMS = {"one": 1, "two": 2, "three": 3, "four": 4, "a": 1, "the": 1}
_M = r"(january|february|march|april|may|june|july|august|september|october|november|december)"
DAY_RE = re.compile(rf"^(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_M},?\s+(\d{{4}})$")
DAY_RE2 = re.compile(rf"^{_M}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})$")
MONTH_RE = re.compile(rf"^(?:in\s+)?{_M},?\s+(\d{{4}})$")
YEAR_RE = re.compile(r"^(?:since\s+|in\s+)?(\d{4})$")
REL_RE = re.compile(
    r"^(?:the\s+)?(?:(\w+)\s+)?(week|weekend|weekends|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"\s+(before|of)\s+(.+)$"
)

DateRange = tuple[date, date]


def _norm(text: str) -> str:
    return " ".join(str(text).strip().lower().rstrip(".").split())


def _day(s: str) -> date | None:
    s = _norm(s)
    try:
        if m := DAY_RE.match(s):
            return date(int(m.group(3)), MONTHS[m.group(2)], int(m.group(1)))
        if m := DAY_RE2.match(s):
            return date(int(m.group(3)), MONTHS[m.group(1)], int(m.group(2)))
    except ValueError:  # 31 June
        return None
    return None


def _rules(s: str) -> DateRange | None:
    if d := _day(s):
        return d, d
    if m := MONTH_RE.match(s):
        y, mo = int(m.group(2)), MONTHS[m.group(1)]
        nxt = date(y + (mo == 12), mo % 12 + 1, 1)
        return date(y, mo, 1), nxt - timedelta(days=1)
    if m := YEAR_RE.match(s):
        y = int(m.group(1))
        return date(y, 1, 1), date(y, 12, 31)
    m = REL_RE.match(s)
    if m:
        d = _day(m.group(4))
        if d is None:
            return None
        n = NUMS.get(m.group(1) or "the", 1)
        unit, rel = m.group(2), m.group(3)
        if unit == "week" and rel == "before":
            mon = d - timedelta(days=d.weekday())
            return mon - timedelta(days=7 * n), d - timedelta(days=1 + 7 * (n - 1))
        if unit == "week" and rel == "of":
            mon = d - timedelta(days=d.weekday())
            return mon, mon + timedelta(days=6)
        if unit.startswith("weekend") and rel == "before":
            sat = d - timedelta(days=(d.weekday() - 5) % 7 or 7)
            sat -= timedelta(days=7 * (n - 1))
            return sat, sat + timedelta(days=1)
        if unit in WEEKDAYS and rel == "before":
            back = (d.weekday() - WEEKDAYS[unit]) % 7 or 7
            x = d - timedelta(days=back)
            return x, x
    return None


def parse_answer_range(text: object, anchor: date | datetime | None = None) -> DateRange | None:
    """An answer as an inclusive (first day, last day) range, or ``None`` if it is not a date."""
    if text is None:
        return None
    s = _norm(str(text))
    if not s:
        return None
    if r := _rules(s):
        return r
    if anchor is None and not re.search(r"\b\d{4}\b", s):
        return None
    from chronos_cli.temporal import resolve

    now = anchor if anchor is not None else datetime(2000, 1, 1)
    try:
        spans = resolve(str(text), now)
    except Exception:  # noqa: BLE001 - a free-text answer never breaks scoring
        return None
    for sp in spans:
        if sp.granularity == "fuzzy":
            continue
        return sp.start.date(), sp.end.date()
    return None


def range_from_iso(value: dict | None) -> DateRange | None:
    """An ``answer_range`` {start, end} (ISO dates or datetimes) as a day range."""
    if not value or not value.get("start") or not value.get("end"):
        return None
    try:
        s = datetime.fromisoformat(str(value["start"])).date()
        e = datetime.fromisoformat(str(value["end"])).date()
    except ValueError:
        return None
    return (s, e) if s <= e else (e, s)


def date_match(pred: DateRange, gold: DateRange) -> bool:
    """Overlap, and the prediction at most 3 × as wide as the gold range + 2 days."""
    p0, p1 = pred
    g0, g1 = gold
    overlap = p0 <= g1 and g0 <= p1
    width = (p1 - p0).days + 1
    g_width = (g1 - g0).days + 1
    return overlap and width <= 3 * g_width + 2
