"""The rule table: every temporal pattern Chronos understands, with its meaning and a
worked example. `docs/time_rules.md` is generated from RULES and a test resolves every
example, so the documentation cannot drift from the code.

A resolver gets the regex match and a Ctx (now, tense of the sentence, previous span)
and returns (start, end, granularity) or None (the match is not a date after all).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from chronos_cli.temporal import lexicon as L
from chronos_cli.temporal.calendar_math import (
    Res,
    add_months,
    count_window,
    days,
    month_of,
    pick_annual,
    pick_weekday,
    quarter_of,
    shift,
    week_of,
    weekend_of,
    window,
)
from chronos_cli.temporal.spans import day_end, day_start

F = re.I


@dataclass(frozen=True)
class Rule:
    id: str
    pattern: str  # human description of what it matches
    meaning: str  # what it resolves to (the documented convention)
    example: str  # example sentence
    now: str  # example "now" (ISO)
    answer: str  # expected "start – end (granularity)" / "date (granularity)"
    regex: re.Pattern | None = None
    resolve: Callable | None = None  # None for post-processing rules (ranges, since, times)


# --- helpers ----------------------------------------------------------------------------


def part_span(d: date, part: str) -> Res:
    h0, h1 = L.PARTS[part.lower()]
    return datetime(d.year, d.month, d.day, h0), datetime(d.year, d.month, d.day, h1, 59, 59, 999999), "part_of_day"


def _day_or_part(d: date, part: str | None) -> Res:
    return part_span(d, part) if part else days(d)


def _direction(ctx, pos: int, default: str = "past") -> str:
    t = ctx.tense(pos)
    return t if t in ("past", "future") else default


def _year_for_month_day(ctx, pos: int, month: int, day: int) -> int | None:
    """Year of a month/day written without one: past tense → latest on/before today,
    future → next on/after today, no cue → this year."""
    today, y = ctx.today, ctx.today.year
    t = ctx.tense(pos)
    try:
        this = date(y, month, day)
    except ValueError:
        return y if (month, day) == (2, 29) else None
    if t == "past":
        return y if this <= today else y - 1
    if t == "future":
        return y if this >= today else y + 1
    return y


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def _month_for_bare(ctx, pos: int, m: int) -> int:
    """Year of a bare month name ("in March"): past → this year's if begun else last
    year's; future → this year's if not over else next year's; no cue → this year's."""
    t, today = ctx.tense(pos), ctx.today
    if t == "past":
        return today.year if m <= today.month else today.year - 1
    if t == "future":
        return today.year if m >= today.month else today.year + 1
    return today.year


def _anchor(ctx) -> Res:
    """What a chained expression ("the day after") is relative to: the previous span in
    the same text, else today."""
    p = ctx.prev
    if p is None:
        return days(ctx.today)
    return p.start, p.end, p.granularity


# --- resolvers: explicit dates ----------------------------------------------------------


def r_iso(m, ctx):
    d = _safe_date(int(m["y"]), int(m["m"]), int(m["d"]))
    if d is None:
        return None
    if m["H"] is not None:
        t = datetime(d.year, d.month, d.day, int(m["H"]), int(m["M"]), int(m["S"] or 0))
        return t, t, "instant"
    return days(d)


def r_numeric(m, ctx):
    a, b, y = int(m["a"]), int(m["b"]), int(m["y"])
    if y < 100:
        y += 2000 if y < 50 else 1900
    dayfirst = ctx.dayfirst or m["sep"] == "."  # dotted dates are European
    mo, d = (b, a) if dayfirst else (a, b)
    if mo > 12 and d <= 12:  # impossible month: the writer meant the other order
        mo, d = d, mo
    dd = _safe_date(y, mo, d)
    return days(dd) if dd else None


def _dm(ctx, pos, d: int, mo: int, y: str | None):
    year = L.year_num(y) if y else _year_for_month_day(ctx, pos, mo, d)
    dd = _safe_date(year, mo, d) if year else None
    return days(dd) if dd else None


def r_day_month(m, ctx):
    return _dm(ctx, m.start(), L.day_num(m["d"]), L.month_num(m["mon"]), m["y"])


def r_month_day(m, ctx):
    return _dm(ctx, m.start(), L.day_num(m["d"]), L.month_num(m["mon"]), m["y"])


def r_day_range(m, ctx):
    mo = L.month_num(m["mon"])
    d1, d2 = L.day_num(m["d1"]), L.day_num(m["d2"])
    if d2 <= d1:
        return None
    y = L.year_num(m["y"]) if m["y"] else _year_for_month_day(ctx, m.start(), mo, d1)
    a, b = _safe_date(y, mo, d1), _safe_date(y, mo, d2)
    return days(a, b, "range") if a and b else None


def r_on_the_nth(m, ctx):
    d = L.day_num(m["d"])
    today = ctx.today
    t = ctx.tense(m.start())
    cand = _safe_date(today.year, today.month, d)
    if t == "past" and (cand is None or cand > today):
        prev = add_months(today.replace(day=1), -1)
        cand = _safe_date(prev.year, prev.month, d)
    elif t == "future" and (cand is None or cand < today):
        nxt = add_months(today.replace(day=1), 1)
        cand = _safe_date(nxt.year, nxt.month, d)
    return days(cand) if cand else None


# --- resolvers: years, months, decades --------------------------------------------------


def r_year(m, ctx):
    y = int(m["y"])
    return days(date(y, 1, 1), date(y, 12, 31), "year")


def r_decade(m, ctx):
    if m["full"]:
        y = int(m["full"])
    elif m["short"]:
        dd = int(m["short"])
        y = 2000 + dd if dd < 20 else 1900 + dd
    else:
        y = (
            1900
            + {
                "twenties": 20,
                "thirties": 30,
                "forties": 40,
                "fifties": 50,
                "sixties": 60,
                "seventies": 70,
                "eighties": 80,
                "nineties": 90,
            }[m["word"].lower()]
        )
    return days(date(y, 1, 1), date(y + 9, 12, 31), "decade")


def r_month_year(m, ctx):
    a, b = month_of(L.year_num(m["y"]), L.month_num(m["mon"]))
    return days(a, b, "month")


def r_month_rel(m, ctx):
    mo, mod, today = L.month_num(m["mon"]), m["mod"].lower().split()[-1], ctx.today
    if mod in ("last", "past"):
        y = today.year if mo < today.month else today.year - 1
    elif mod in ("next", "coming"):
        y = today.year if mo > today.month else today.year + 1
    else:
        y = today.year
    a, b = month_of(y, mo)
    return days(a, b, "month")


def r_month_bare(m, ctx):
    mo = L.month_num(m["mon"] or m["mon2"])
    a, b = month_of(_month_for_bare(ctx, m.start(), mo), mo)
    return days(a, b, "month")


_THIRDS = {"early": 0, "beginning": 0, "start": 0, "mid": 1, "middle": 1, "late": 2, "end": 2}


def _month_third(y: int, mo: int, third: int) -> Res:
    a, b = month_of(y, mo)
    lo = [a, a.replace(day=11), a.replace(day=21)][third]
    hi = [a.replace(day=10), a.replace(day=20), b][third]
    return days(lo, hi, "range")


def r_part_of_month(m, ctx):
    mo = L.month_num(m["mon"])
    y = L.year_num(m["y"]) if m["y"] else _month_for_bare(ctx, m.start(), mo)
    return _month_third(y, mo, _THIRDS[m["part"].lower()])


def _unit_range(today: date, unit: str, offset: int) -> tuple[date, date]:
    """Calendar unit (week/weekend/month/quarter/year/decade) `offset` units from today's."""
    if unit == "week":
        a, b = week_of(today)
        return a + timedelta(days=7 * offset), b + timedelta(days=7 * offset)
    if unit == "weekend":
        a, b = weekend_of(today)
        return a + timedelta(days=7 * offset), b + timedelta(days=7 * offset)
    if unit == "month":
        t = add_months(today.replace(day=1), offset)
        return month_of(t.year, t.month)
    if unit == "quarter":
        q0 = (today.month - 1) // 3 + offset
        y, q = today.year + q0 // 4, q0 % 4 + 1
        return quarter_of(y, q)
    if unit == "year":
        y = today.year + offset
        return date(y, 1, 1), date(y, 12, 31)
    if unit == "decade":
        y = today.year // 10 * 10 + 10 * offset
        return date(y, 1, 1), date(y + 9, 12, 31)
    raise ValueError(unit)


_MOD_OFFSET = {"the": 0, "last": -1, "past": -1, "previous": -1, "this": 0, "current": 0, "next": 1, "coming": 1}


def r_unit_rel(m, ctx):
    unit = m["unit"].lower()
    mod = m["mod"].lower().split()[-1]
    off = _MOD_OFFSET[mod]
    if unit == "weekend" and mod == "past" and ctx.today.weekday() >= 5:
        off = 0  # "this past weekend" said on Sat/Sun: the weekend we are in
    if unit == "weekend" and mod == "coming":
        off = 0 if ctx.today.weekday() < 5 else 1  # "(this) coming weekend": the next one to start
    a, b = _unit_range(ctx.today, unit, off)
    return days(a, b, unit)


def r_before_last(m, ctx):
    unit = m["unit"].lower()
    a, b = _unit_range(ctx.today, unit, -2)
    return days(a, b, unit)


def _third_of(a: date, b: date, unit: str, third: int) -> Res:
    if unit == "week":
        spans = [(0, 1), (2, 3), (4, 6)]
        lo, hi = spans[third]
        return days(a + timedelta(days=lo), a + timedelta(days=hi), "range")
    if unit == "month":
        return _month_third(a.year, a.month, third)
    spans = [(1, 4), (5, 8), (9, 12)]
    lo, hi = spans[third]
    return days(date(a.year, lo, 1), month_of(a.year, hi)[1], "range")


def r_part_of_unit(m, ctx):
    unit = m["unit"].lower()
    a, b = _unit_range(ctx.today, unit, _MOD_OFFSET[m["mod"].lower()])
    return _third_of(a, b, unit, _THIRDS[m["part"].lower()])


def r_part_of_year(m, ctx):
    y = int(m["y"])
    return _third_of(date(y, 1, 1), date(y, 12, 31), "year", _THIRDS[m["part"].lower()])


def r_earlier_later_this(m, ctx):
    a, b = _unit_range(ctx.today, m["unit"].lower(), 0)
    if m["which"].lower() == "earlier":
        return days(a, max(a, ctx.today), "range")
    return days(min(ctx.today, b), b, "range")


_NTH = {"first": 0, "second": 1, "third": 2, "fourth": 3, "1st": 0, "2nd": 1, "3rd": 2, "4th": 3}


def r_nth_week(m, ctx):
    if m["mon"]:
        mo = L.month_num(m["mon"])
        y = L.year_num(m["y"]) if m["y"] else _month_for_bare(ctx, m.start(), mo)
        a, b = month_of(y, mo)
    else:
        mod = (m["mod"] or "this").lower()
        a, b = _unit_range(ctx.today, "month", _MOD_OFFSET.get(mod, 0))
    n = m["n"].lower()
    if n == "last":
        return days(b - timedelta(days=6), b, "week")
    s = a + timedelta(days=7 * _NTH[n])
    return days(s, s + timedelta(days=6), "week")


_QWORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": 4}


def r_quarter(m, ctx):
    q = int(m["q"]) if m["q"] else _QWORD[m["qw"].lower()]
    y = ctx.today.year
    if m["y"]:
        y = int(m["y"])
    elif m["mod"]:
        y += _MOD_OFFSET[m["mod"].lower()]
    a, b = quarter_of(y, q)
    return days(a, b, "quarter")


# --- resolvers: days and parts of days ---------------------------------------------------

_DAY_WORDS = {"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1}


def r_day_word(m, ctx):
    w = m["w"].lower()
    d = ctx.today + timedelta(days=_DAY_WORDS[w])
    part = m["part"] or ("night" if w == "tonight" else None)
    return _day_or_part(d, part)


def r_day_before_after(m, ctx):
    off = -2 if m["w"].lower() == "yesterday" else 2
    return _day_or_part(ctx.today + timedelta(days=off), m["part"])


def r_earlier_later_today(m, ctx):
    return days(ctx.today)


def r_this_part(m, ctx):
    return part_span(ctx.today, m["part"])


def r_last_night(m, ctx):
    return part_span(ctx.today - timedelta(days=1), "night")


def r_weekday_rel(m, ctx):
    wd = L.weekday_num(m["wd"])
    mod = " ".join(m["mod"].lower().split())
    today = ctx.today
    if mod in ("last", "past", "this past"):
        d = pick_weekday(today, wd, "past")
    elif mod in ("next", "coming", "this coming"):
        d = pick_weekday(today, wd, "future")
    else:  # "this Saturday": that day of the current Monday-week
        d = week_of(today)[0] + timedelta(days=wd)
    return _day_or_part(d, m["part"])


def r_weekday(m, ctx):
    wd = L.weekday_num(m["wd"])
    return _day_or_part(pick_weekday(ctx.today, wd, _direction(ctx, m.start())), m["part"])


def r_weekend_bare(m, ctx):
    t = ctx.tense(m.start())
    today = ctx.today
    if t == "past":
        sat = today - timedelta(days=(today.weekday() - 5) % 7)
        return days(sat, sat + timedelta(days=1), "weekend")
    if t == "future":
        sun = today + timedelta(days=(6 - today.weekday()) % 7)
        return days(sun - timedelta(days=1), sun, "weekend")
    return days(*weekend_of(today), g="weekend")


# --- resolvers: offsets, durations, chains ----------------------------------------------


def r_ago(m, ctx):
    lo, hi = L.parse_count(m["n"])
    return count_window(ctx.now, L.norm_unit(m["u"]), lo, hi, -1)


def r_units_ago(m, ctx):
    # "years ago" with no number: 2–10 units back (fuzzy)
    u = L.norm_unit(m["u"])
    return count_window(ctx.now, u, 2, 10 if u == "year" else 6, -1)[:2] + ("fuzzy",)


_NEGATED_PERFECT = re.compile(r"\b(?:haven'?t|hasn'?t|have\s+not|has\s+not|never|first\s+time)\b", F)


def r_in_n(m, ctx):
    lo, hi = L.parse_count(m["n"])
    u = L.norm_unit(m["u"])
    before = ctx.sentence_before(m.start())
    if _NEGATED_PERFECT.search(before):
        # "I haven't seen her in three years": the gap runs from then until now
        s = day_start(shift(ctx.now, u, -hi).date())
        return s, day_end(ctx.today), "range"
    return count_window(ctx.now, u, lo, hi, +1)


def r_from_now(m, ctx):
    lo, hi = L.parse_count(m["n"])
    return count_window(ctx.now, L.norm_unit(m["u"]), lo, hi, +1)


_PERFECT = re.compile(
    r"\b(?:have|has|'ve|'s|had)\s+(?:(?:not|never|only|just|now|already|actually|both|all|really|been)\s+)*"
    r"(?:been|had|known|owned|lived|worked|used|kept|done|run|taught|\w+ed)\b",
    F,
)


def r_duration_since(m, ctx):
    # "I've had them for 3 years": the state began ~3 years before now. Without a
    # perfect-tense verb ("I lived there for 3 years") it is a length, not a date.
    if not (_PERFECT.search(ctx.sentence_before(m.start())) or m.group(0).lower().endswith("now")):
        return None
    lo, hi = L.parse_count(m["n"])
    return count_window(ctx.now, L.norm_unit(m["u"]), lo, hi, -1)


def r_rolling(m, ctx):
    n = m["n"]
    lo, hi = L.parse_count(n) if n else (1, 1)
    u = L.norm_unit(m["u"])
    s = shift(ctx.now, u, -hi)
    return day_start(s.date()), day_end(ctx.today), "range"


def _shift_span(a: Res, unit: str, n: float) -> Res:
    s, e, g = a
    if g in ("instant", "part_of_day", "day", "fuzzy", "range"):
        return window(shift(day_start(s.date()), unit, n), unit)
    if g == "month" and unit in ("month", "year"):
        t = shift(s, unit, n)
        a2, b2 = month_of(t.year, t.month)
        return days(a2, b2, "month")
    if g == "year" and unit == "year":
        y = s.year + int(n)
        return days(date(y, 1, 1), date(y, 12, 31), "year")
    return shift(s, unit, n), shift(e, unit, n), g


def r_chain_n(m, ctx):
    lo, hi = L.parse_count(m["n"])
    sign = -1 if m["dir"].lower().split()[0] in ("before", "earlier", "prior") else 1
    u = L.norm_unit(m["u"])
    anchor = _anchor(ctx)
    if lo == hi:
        return _shift_span(anchor, u, sign * lo)
    a, b = _shift_span(anchor, u, sign * lo), _shift_span(anchor, u, sign * hi)
    return min(a[0], b[0]), max(a[1], b[1]), "fuzzy"


def r_chain_unit(m, ctx):
    unit = m["unit"].lower()
    w = m["dir"].lower()
    after = w in ("after", "next", "following")
    s, e, g = _anchor(ctx)
    sd, ed = s.date(), e.date()
    if unit in ("day", "morning", "afternoon", "evening", "night"):
        d = ed + timedelta(days=1) if after else sd - timedelta(days=1)
        return days(d) if unit == "day" else part_span(d, unit)
    if unit == "week":
        if g == "week":
            off = 7 if after else -7
            return days(sd + timedelta(days=off), ed + timedelta(days=off), "week")
        if after:
            return days(ed + timedelta(days=1), ed + timedelta(days=7), "week")
        return days(sd - timedelta(days=7), sd - timedelta(days=1), "week")
    if unit == "weekend":
        if after:
            d = ed + timedelta(days=1)
            sat = d + timedelta(days=(5 - d.weekday()) % 7)
            return days(sat, sat + timedelta(days=1), "weekend")
        d = sd - timedelta(days=1)
        sun = d - timedelta(days=(d.weekday() - 6) % 7)
        return days(sun - timedelta(days=1), sun, "weekend")
    if unit == "month":
        t = add_months((ed if after else sd).replace(day=1), 1 if after else -1)
        a, b = month_of(t.year, t.month)
        return days(a, b, "month")
    y = (ed.year + 1) if after else (sd.year - 1)
    return days(date(y, 1, 1), date(y, 12, 31), "year")


# --- resolvers: seasons, holidays, fuzzy words -------------------------------------------


def _season_fn(name):
    return lambda y: L.season_range(name, y)


def r_season_rel(m, ctx):
    mod = " ".join(m["mod"].lower().split())
    mode = {
        "last": "last",
        "past": "last",
        "this past": "last",
        "next": "next",
        "coming": "next",
        "this coming": "next",
        "this": "this",
    }[mod]
    a, b = pick_annual(_season_fn(m["s"]), ctx.today, mode)
    return days(a, b, "season")


def r_season_year(m, ctx):
    a, b = L.season_range(m["s"], L.year_num(m["y"]))
    return days(a, b, "season")


def r_season_bare(m, ctx):
    t = ctx.tense(m.start())
    mode = t if t in ("past", "future") else "this"
    a, b = pick_annual(_season_fn(m["s"]), ctx.today, mode)
    return days(a, b, "season")


_HOLIDAY_RES = [(re.compile(p + r"$", F), k) for p, k in L.HOLIDAY_PATTERNS]


def _holiday_key(s: str) -> str:
    s = " ".join(s.split())
    return next(k for rx, k in _HOLIDAY_RES if rx.match(s))


def r_holiday(m, ctx):
    key = _holiday_key(m["h"])
    fn = L.HOLIDAYS[key]
    g = "range" if key == "holidays" else "day"
    if m["y"]:
        a, b = fn(L.year_num(m["y"]))
        return days(a, b, g)
    mod = " ".join((m["mod"] or "").lower().split())
    if mod:
        mode = {"last": "last", "this past": "last", "next": "next", "this coming": "next", "this": "this"}[mod]
    else:
        t = ctx.tense(m.start())
        mode = t if t in ("past", "future") else "this"
    a, b = pick_annual(fn, ctx.today, mode)
    return days(a, b, g)


_FUZZY = {  # word -> (days back from today at the start, days back at the end)
    "recently": (30, 0),
    "lately": (30, 0),
    "not long ago": (30, 0),
    "recent": (30, 0),
    "the other day": (7, 1),
    "a while ago": (365, 30),
    "a while back": (365, 30),
    "some time ago": (365, 30),
    "a long time ago": (3650, 365),
    "ages ago": (3650, 180),
}


def r_fuzzy(m, ctx):
    lo, hi = _FUZZY[" ".join(m.group(0).lower().split())]
    return days(ctx.today - timedelta(days=lo), ctx.today - timedelta(days=hi), "fuzzy")


# --- regex fragments --------------------------------------------------------------------

N, U, MF, MA, WD, P, Y, S = L.COUNT, L.UNIT, L.MONTH_FULL, L.MONTH_ANY, L.WEEKDAY, L.PART, L.YEAR, L.SEASON
DN = L.DAY_NUM
_HOL = "|".join(p for p, _ in L.HOLIDAY_PATTERNS)
# Prepositions that make a bare month/year a date ("in March", "since 2019"); kept out of
# the span text via fixed-width lookbehinds.
_PREPS = (
    "in",
    "since",
    "during",
    "of",
    "from",
    "until",
    "till",
    "through",
    "before",
    "after",
    "around",
    "by",
    "and",
    "to",
    "between",
    "throughout",
    "year",
    "early",
    "late",
    "mid",
    "back",
)
_LB = "(?:" + "|".join(f"(?<=\\b{p} )" for p in _PREPS) + ")"
# the prepositions trusted before a capitalised month abbreviation ("in Sept", "since Dec.")
_LB_ABBR = (
    "(?:"
    + "|".join(
        f"(?<=\\b{p} )"
        for p in ("in", "since", "during", "until", "till", "through", "throughout", "early", "late", "mid", "back")
    )
    + ")"
)
_NOT_NOUN = (
    r"(?!\s+(?:tree|gift|present|card|costume|candy|decoration|light|song|music|movie|"
    r"sweater|spirit|egg|hunt|list|shopping|cookie|special|theme)s?\b)"
)


def _rx(p: str) -> re.Pattern:
    return re.compile(p, F)


def _R(id, pattern, meaning, example, now, answer, regex, resolve):
    return Rule(id, pattern, meaning, example, now, answer, _rx(regex), resolve)


MATCH_RULES: list[Rule] = [
    _R(
        "iso_date",
        "YYYY-MM-DD or YYYY/MM/DD, optional time",
        "that day (an instant when a time is given)",
        "The recital is on 2023-05-20.",
        "2023-05-08T14:00",
        "2023-05-20 (day)",
        r"(?<![\w./-])(?P<y>(?:19|20)\d{2})[-/](?P<m>\d{1,2})[-/](?P<d>\d{1,2})"
        r"(?:(?:T|\s+(?:\(\w{3}\)\s+)?)(?P<H>[01]?\d|2[0-3]):(?P<M>[0-5]\d)(?::(?P<S>[0-5]\d))?)?(?![\w/]|-\d)",
        r_iso,
    ),
    _R(
        "numeric_date",
        "M/D/YYYY (D/M/YYYY with dayfirst; D.M.YYYY always day-first)",
        "that day; an impossible month (>12) swaps the order",
        "My appointment was on 3/14/2022.",
        "2023-05-08T14:00",
        "2022-03-14 (day)",
        r"(?<![\w./$-])(?<!version )(?<!ver )(?P<a>\d{1,2})(?P<sep>[/.-])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4}|\d{2})(?![/.-]?\d)",
        r_numeric,
    ),
    _R(
        "day_month",
        "D Month [YYYY], the Dth of Month, 8 May, 2023",
        "that day; without a year: past tense → latest on/before today, future → next on/after, else this year",
        "We got the keys on 8 May, 2023.",
        "2023-06-01T10:00",
        "2023-05-08 (day)",
        rf"\b(?:the\s+)?(?P<d>{DN})(?:\s+of)?\s+(?P<mon>{MA})(?![a-z])(?:,?\s+(?P<y>{Y}))?",
        r_day_month,
    ),
    _R(
        "month_day",
        "Month D[st|nd|rd|th][, YYYY]",
        "that day; year as for day_month",
        "I met her on March 3rd.",
        "2023-05-08T14:00",
        "2023-03-03 (day)",
        rf"\b(?P<mon>{MA})(?<![a-z]\.)\s+(?:the\s+)?(?P<d>{DN})(?![:.]\d|\s*%)(?:,?\s+(?P<y>{Y}))?",
        r_month_day,
    ),
    _R(
        "day_range",
        "Month D–D[, YYYY]",
        "those days (inclusive)",
        "We'll be in Lisbon June 3-10.",
        "2023-05-08T14:00",
        "2023-06-03 – 2023-06-10 (range)",
        rf"\b(?P<mon>{MA})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|—|to|through)\s*(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?(?!\d)(?:,?\s+(?P<y>{Y}))?",
        r_day_range,
    ),
    _R(
        "on_the_nth",
        "on the Nth (day of month only)",
        "that day of this month; past tense → last month if still ahead, future → next month if passed",
        "The package came on the 3rd.",
        "2023-05-08T14:00",
        "2023-05-03 (day)",
        rf"(?<=\bon )the\s+(?P<d>\d{{1,2}}(?:st|nd|rd|th)|{L.ORDINAL_WORD})\b(?!\s+(?:of|century|time|floor|grade|place|anniversary|birthday|round|day|week|month))",
        r_on_the_nth,
    ),
    _R(
        "month_year",
        "Month [of] YYYY",
        "that calendar month",
        "We moved in March 2021.",
        "2023-05-08T14:00",
        "2021-03-01 – 2021-03-31 (month)",
        rf"\b(?P<mon>{MA})(?![a-z])(?:\s+of)?,?\s+(?P<y>{Y})",
        r_month_year,
    ),
    _R(
        "month_rel",
        "last/this/next/past/coming Month (or a capitalised abbreviation: last Sept)",
        "last = the latest such month before the current one; next = the first after; this = this year's",
        "We went hiking last March.",
        "2023-05-08T14:00",
        "2023-03-01 – 2023-03-31 (month)",
        rf"\b(?P<mod>last|this\s+past|this|next|coming|past)\s+(?P<mon>{MF}\b|{L.MONTH_ABBR_CUED})",
        r_month_rel,
    ),
    _R(
        "month_bare",
        "in/since/during/of… Month (a preposition is required; 'May' must be capitalised; capitalised abbreviations other than Jan/Mar after in/since/during/until…)",
        "past tense → this year's if begun else last year's; future → this year's if not over else next year's; no cue → this year's",
        "I went to Japan in March.",
        "2023-05-08T14:00",
        "2023-03-01 – 2023-03-31 (month)",
        rf"(?:{_LB}(?:the\s+month\s+of\s+)?(?P<mon>{MF})\b|{_LB_ABBR}(?P<mon2>{L.MONTH_ABBR_CUED}))(?!\.?\s+\d)",
        r_month_bare,
    ),
    _R(
        "part_of_month",
        "early/mid/late Month, the beginning/middle/end of Month [YYYY]",
        "days 1–10 / 11–20 / 21–end of that month (year as month_bare)",
        "We're moving in late June.",
        "2023-05-08T14:00",
        "2023-06-21 – 2023-06-30 (range)",
        rf"\b(?:(?P<part>early|mid|late)[-\s]+|(?:the\s+)?(?P<part2>beginning|start|middle|end)\s+of\s+)(?P<mon>{MF})\b(?:,?\s+(?P<y>{Y}))?",
        lambda m, c: r_part_of_month(_PartProxy(m), c),
    ),
    _R(
        "year",
        "in/since/during/back in… YYYY (a preposition is required)",
        "that calendar year",
        "Back in 2015 I lived in Ohio.",
        "2023-05-08T14:00",
        "2015-01-01 – 2015-12-31 (year)",
        rf"{_LB}(?P<y>(?:19|20)\d{{2}})(?![\d%]|[,.]\d|[-/]\d)",
        r_year,
    ),
    _R(
        "part_of_year",
        "early/mid/late YYYY, the beginning/end of YYYY",
        "Jan–Apr / May–Aug / Sep–Dec of that year",
        "They met in early 2019.",
        "2023-05-08T14:00",
        "2019-01-01 – 2019-04-30 (range)",
        r"\b(?:(?P<part>early|mid|late)[-\s]+|(?:the\s+)?(?P<part2>beginning|start|middle|end)\s+of\s+)(?P<y>(?:19|20)\d{2})(?!\d)",
        lambda m, c: r_part_of_year(_PartProxy(m), c),
    ),
    _R(
        "decade",
        "the 1990s, the '90s, the 90s, the nineties",
        "that decade (2-digit 20s–90s → 1900s, 00s/10s → 2000s)",
        "I grew up in the 90s.",
        "2023-05-08T14:00",
        "1990-01-01 – 1999-12-31 (decade)",
        r"\b(?:the\s+)?(?:(?P<full>(?:19|20)\d0)'?s|the\s+'?(?P<short>\d0)'?s|the\s+(?P<word>twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties))\b",
        r_decade,
    ),
    _R(
        "unit_rel",
        "last/this/next/past/coming week|weekend|month|quarter|year|decade",
        "calendar unit: weeks are Monday–Sunday; 'last weekend' = Saturday–Sunday of the previous Monday-week",
        "We ran a 10k last weekend.",
        "2023-05-08T14:00",
        "2023-05-06 – 2023-05-07 (weekend)",
        r"\b(?P<mod>last|this\s+past|this|next|this\s+coming|coming|current|previous)\s+(?P<unit>week|weekend|month|quarter|year|decade)\b",
        r_unit_rel,
    ),
    _R(
        "before_last",
        "the week/weekend/month/year before last",
        "the calendar unit two before the current one",
        "We adopted him the week before last.",
        "2023-05-08T14:00",
        "2023-04-24 – 2023-04-30 (week)",
        r"\bthe\s+(?P<unit>week|weekend|month|year)\s+before\s+last\b",
        r_before_last,
    ),
    _R(
        "part_of_unit",
        "early/mid/late or the beginning/middle/end of last/this/next week|month|year",
        "week: Mon–Tue / Wed–Thu / Fri–Sun; month: days 1–10 / 11–20 / 21–end; year: Jan–Apr / May–Aug / Sep–Dec",
        "I got paid at the end of last month.",
        "2023-05-08T14:00",
        "2023-04-21 – 2023-04-30 (range)",
        r"\b(?:(?P<part>early|mid|late)[-\s]+|(?:the\s+)?(?P<part2>beginning|start|middle|end)\s+of\s+)(?P<mod>last|this|next|the)\s+(?P<unit>week|month|year)\b",
        lambda m, c: r_part_of_unit(_PartProxy(m), c),
    ),
    _R(
        "earlier_later_this",
        "earlier/later this week|month|year",
        "earlier: from the unit's start to today; later: from today to the unit's end",
        "Earlier this month I started a new job.",
        "2023-05-08T14:00",
        "2023-05-01 – 2023-05-08 (range)",
        r"\b(?P<which>earlier|later)\s+this\s+(?P<unit>week|month|year)\b",
        r_earlier_later_this,
    ),
    _R(
        "nth_week",
        "the first/second/third/fourth/last week of Month|last/this/next month",
        "days 1–7, 8–14, 15–21, 22–28 of the month; last = its final 7 days",
        "The first week of June is booked.",
        "2023-05-08T14:00",
        "2023-06-01 – 2023-06-07 (week)",
        rf"\bthe\s+(?P<n>first|second|third|fourth|1st|2nd|3rd|4th|last)\s+week\s+of\s+(?:(?P<mon>{MF})\b(?:,?\s+(?P<y>{Y}))?|(?:the\s+month|(?P<mod>last|this|next)\s+month))",
        r_nth_week,
    ),
    _R(
        "quarter",
        "Q1–Q4 / the first…fourth quarter [of YYYY | last/this/next year]",
        "that calendar quarter (no year → this year)",
        "Sales dipped in Q3 last year.",
        "2023-05-08T14:00",
        "2022-07-01 – 2022-09-30 (quarter)",
        r"\b(?:Q(?P<q>[1-4])|the\s+(?P<qw>first|second|third|fourth)\s+quarter)(?:\s+(?:of\s+)?(?:(?P<mod>last|this|next)\s+year|(?P<y>(?:19|20)\d{2})))?\b",
        r_quarter,
    ),
    _R(
        "day_word",
        "today / tonight / yesterday / tomorrow [morning|afternoon|evening|night]",
        "that day (part_of_day when a part is given; tonight = today 19:00–23:59)",
        "I went to a LGBTQ support group yesterday.",
        "2023-05-08T14:00",
        "2023-05-07 (day)",
        rf"\b(?P<w>today|tonight|yesterday|tomorrow)\b(?:\s+(?P<part>{P})\b)?",
        r_day_word,
    ),
    _R(
        "day_before_after",
        "the day before yesterday / the day after tomorrow",
        "today −2 / +2 days",
        "We landed the day before yesterday.",
        "2023-05-08T14:00",
        "2023-05-06 (day)",
        rf"\bthe\s+day\s+(?:before|after)\s+(?P<w>yesterday|tomorrow)\b(?:\s+(?P<part>{P})\b)?",
        r_day_before_after,
    ),
    _R(
        "earlier_later_today",
        "earlier today / later today",
        "today",
        "I called her earlier today.",
        "2023-05-08T14:00",
        "2023-05-08 (day)",
        r"\b(?:earlier|later)\s+today\b",
        r_earlier_later_today,
    ),
    _R(
        "this_part",
        "this morning/afternoon/evening",
        "today's part of day (morning 06–12, afternoon 12–18, evening 17–24)",
        "I went for a run this morning.",
        "2023-05-08T14:00",
        "2023-05-08 (part_of_day)",
        rf"\bthis\s+(?P<part>{P})\b",
        r_this_part,
    ),
    _R(
        "last_night",
        "last night",
        "yesterday 19:00–23:59",
        "We watched a movie last night.",
        "2023-05-08T14:00",
        "2023-05-07 (part_of_day)",
        r"\blast\s+night\b",
        r_last_night,
    ),
    _R(
        "weekday_rel",
        "last/this/next/this past/this coming Weekday [part] (abbreviations: last Tues, next Fri)",
        "last = nearest before today; next = nearest after today; this = that day of the current Monday-week",
        "We ran a charity race last Sunday.",
        "2023-05-08T14:00",
        "2023-05-07 (day)",
        rf"\b(?P<mod>this\s+past|this\s+coming|last|this|next|coming|past)\s+(?P<wd>{L.WEEKDAY_CUED})(?:\s+(?P<part>{P})\b)?",
        r_weekday_rel,
    ),
    _R(
        "weekday",
        "(on) Weekday [part]; capitalised Tue(s)/Thu(rs)/Fri alone, Mon/Wed/Sat/Sun only after on/by/until",
        "past tense or no cue → nearest before today; future tense → nearest after today",
        "I'm going to the dentist on Friday.",
        "2023-05-08T14:00",
        "2023-05-12 (day)",
        rf"\b(?P<wd>{L.WEEKDAY_BARE})(?:\s+(?P<part>{P})\b)?",
        r_weekday,
    ),
    _R(
        "weekend_bare",
        "over/on/during the weekend, this past weekend",
        "past → the latest weekend that has begun; future → the next not yet over; no cue → this week's",
        "We went camping over the weekend.",
        "2023-05-08T14:00",
        "2023-05-06 – 2023-05-07 (weekend)",
        r"(?:(?<=\bover )|(?<=\bon )|(?<=\bduring )|(?<=\bat ))the\s+weekend\b",
        r_weekend_bare,
    ),
    _R(
        "ago",
        "N units ago (digits, number words, a/an, a couple of, a few, several)",
        "the unit-sized window around now − N units (day exact; week ±3 d; month ±15 d; year ±182 d); "
        "a few = 2–4, several = 3–7 (fuzzy), a couple = 2",
        "I adopted a cat three days ago.",
        "2023-05-08T14:00",
        "2023-05-05 (day)",
        rf"\b(?P<n>{N})\s+(?P<u>{U})\s+(?:ago|back)\b",
        r_ago,
    ),
    _R(
        "units_ago",
        "days/weeks/months/years ago (no number)",
        "2–6 units back (years: 2–10), fuzzy",
        "I read that book years ago.",
        "2023-05-08T14:00",
        "2012-11-07 – 2021-11-06 (fuzzy)",
        r"\b(?P<u>days|weeks|months|years)\s+ago\b",
        r_units_ago,
    ),
    _R(
        "in_n",
        "in N units",
        "future: the window around now + N units; after a negated perfect ('haven't … in 3 years') → now − N units to today",
        "I'm moving in two weeks.",
        "2023-05-08T14:00",
        "2023-05-19 – 2023-05-25 (week)",
        rf"\bin\s+(?:(?:about|around|roughly|another|just)\s+)?(?P<n>{N})\s+(?P<u>{U})\b(?!\s+(?:ago|back))",
        r_in_n,
    ),
    _R(
        "from_now",
        "N units from now/today",
        "the window around now + N units",
        "The wedding is two weeks from now.",
        "2023-05-08T14:00",
        "2023-05-19 – 2023-05-25 (week)",
        rf"\b(?P<n>{N})\s+(?P<u>{U})\s+from\s+(?:now|today)\b",
        r_from_now,
    ),
    _R(
        "duration_since",
        "for [about] N units [now] with a perfect-tense verb (I've had / we've been / has known)",
        "the state began N units before now: the window around now − N units",
        "We've been married for 5 years now.",
        "2023-05-08T14:00",
        "2017-11-07 – 2018-11-06 (year)",
        rf"\bfor\s+(?:(?:about|around|almost|nearly|over|more\s+than|roughly|close\s+to|just\s+over|just\s+under|maybe|like)\s+)?(?P<n>{N})\s+(?P<u>{U})(?:\s+now)?\b",
        r_duration_since,
    ),
    _R(
        "rolling",
        "the past/last N units, the past week, this past week",
        "from now − N units to today (range)",
        "I've slept badly the past few days.",
        "2023-05-08T14:00",
        "2023-05-04 – 2023-05-08 (range)",
        rf"\b(?:the\s+(?:past|last|previous)\s+(?:(?P<n>{N})\s+)?(?P<u>{U})|this\s+past\s+(?P<u2>week|month|year)\b)",
        lambda m, c: r_rolling(_RollProxy(m), c),
    ),
    _R(
        "chain_n",
        "N units later/after (that)/afterwards/before/earlier (relative to the previous date in the text, else now)",
        "the previous span moved by N units (a day anchor gives the unit-sized window)",
        "We met on 3 May 2023. Two weeks later we got engaged.",
        "2023-06-01T10:00",
        "2023-05-14 – 2023-05-20 (week)",
        rf"\b(?P<n>{N})\s+(?P<u>{U})\s+(?P<dir>later|after(?:\s+that)?|afterwards|before(?:\s+that)?|earlier|prior)\b",
        r_chain_n,
    ),
    _R(
        "chain_unit",
        "the day/week/weekend/month/year before|after, the next/following/previous day|morning|week|…",
        "the unit just before/after the previous date in the text (else today); weeks are the 7 days adjacent",
        "I got sick on May 1. The day after I stayed home.",
        "2023-05-08T14:00",
        "2023-05-02 (day)",
        rf"\bthe\s+(?:(?P<unit>day|week|weekend|month|year)\s+(?P<dir>before|after)|(?P<dir2>next|following|previous|preceding|prior)\s+(?P<unit2>day|week|weekend|month|year|{P}))\b",
        lambda m, c: r_chain_unit(_ChainProxy(m), c),
    ),
    _R(
        "season_rel",
        "last/this/next/this past season (spring, summer, fall/autumn, winter)",
        "northern-hemisphere meteorological seasons (spring Mar–May, summer Jun–Aug, fall Sep–Nov, winter Dec–Feb); "
        "last = latest one already over, next = first not begun, this = the current one else this year's",
        "We went to Greece last summer.",
        "2023-05-08T14:00",
        "2022-06-01 – 2022-08-31 (season)",
        rf"\b(?P<mod>this\s+past|this\s+coming|last|this|next|coming|past)\s+(?P<s>{S})\b",
        r_season_rel,
    ),
    _R(
        "season_year",
        "(the) season (of) YYYY",
        "that season; winter YYYY = Dec YYYY – Feb YYYY+1",
        "We moved in the fall of 2021.",
        "2023-05-08T14:00",
        "2021-09-01 – 2021-11-30 (season)",
        rf"\b(?:the\s+)?(?P<s>{S})\s+(?:of\s+)?(?P<y>{Y})",
        r_season_year,
    ),
    _R(
        "season_bare",
        "in/during/over (the) season",
        "past → latest season that has begun; future → first not yet over; no cue → current/this year's",
        "I'll visit Norway in the summer.",
        "2023-05-08T14:00",
        "2023-06-01 – 2023-08-31 (season)",
        rf"(?:(?<=\bin the )|(?<=\bin )|(?<=\bduring the )|(?<=\bover the )|(?<=\bduring )|(?<=\bthis past )|(?<=\bearly )|(?<=\blate ))(?P<s>{S})\b(?!\s+of\b)",
        r_season_bare,
    ),
    _R(
        "holiday",
        "[last/this/next] holiday [YYYY]: New Year's Eve/Day, Valentine's, Easter, Mother's/Father's Day, "
        "Memorial Day, Fourth of July, Labor Day, Halloween, Thanksgiving (US), Christmas Eve/Day, the holidays",
        "that year's date (Easter computed, Thanksgiving = 4th Thursday of November; the holidays = Dec 24 – Jan 1); "
        "without a year: past → latest that has begun, future → next not over, no cue → this year's",
        "We had a big dinner on Thanksgiving.",
        "2023-12-01T10:00",
        "2023-11-23 (day)",
        rf"\b(?:(?P<mod>last|this\s+past|this\s+coming|this|next)\s+)?(?P<h>{_HOL})\b(?:,?\s+(?:of\s+)?(?P<y>{Y}))?{_NOT_NOUN}",
        r_holiday,
    ),
    _R(
        "fuzzy",
        "recently, lately, not long ago, the other day, a while ago/back, some time ago, a long time ago, ages ago",
        "recently/lately/not long ago = the last 30 days; the other day = 7–1 days ago; a while ago = 365–30 days ago; "
        "a long time ago = 10–1 years; ages ago = 10 years–180 days",
        "I saw her the other day.",
        "2023-05-08T14:00",
        "2023-05-01 – 2023-05-07 (fuzzy)",
        r"\b(?:recently|lately|not\s+long\s+ago|the\s+other\s+day|a\s+while\s+(?:ago|back)|some\s+time\s+ago|a\s+long\s+time\s+ago|ages\s+ago)\b",
        r_fuzzy,
    ),
]


class _PartProxy:
    """Lets one resolver read 'part' from either of two alternation groups."""

    def __init__(self, m):
        self.m = m

    def __getitem__(self, k):
        if k == "part":
            return self.m["part"] or self.m["part2"]
        return self.m[k]

    def start(self):
        return self.m.start()


class _RollProxy(_PartProxy):
    def __getitem__(self, k):
        if k == "u":
            return self.m["u"] or self.m["u2"]
        return self.m[k]


class _ChainProxy(_PartProxy):
    def __getitem__(self, k):
        if k == "unit":
            return self.m["unit"] or self.m["unit2"]
        if k == "dir":
            return self.m["dir"] or self.m["dir2"]
        return self.m[k]


# Post-processing rules: they combine or extend spans found by the rules above.
POST_RULES: list[Rule] = [
    Rule(
        "range",
        "from A to/until/through B, between A and B, A – B",
        "from A's start to B's end (B moved a year forward if it would end before A)",
        "We were in Spain from March to April.",
        "2023-05-08T14:00",
        "2023-03-01 – 2023-04-30 (range)",
    ),
    Rule(
        "since",
        "since A",
        "from A's start through today (range)",
        "I've been vegan since last spring.",
        "2023-05-08T14:00",
        "2022-03-01 – 2023-05-08 (range)",
    ),
    Rule(
        "at_time",
        "TIME on A, A at TIME (A a single day; 1:56 pm, 3pm, 14:30)",
        "that instant",
        "1:56 pm on 8 May, 2023",
        "2023-05-08T14:00",
        "2023-05-08 13:56 (instant)",
    ),
]

RULES: list[Rule] = MATCH_RULES + POST_RULES
