"""Resolvers of the base rules: each gets the regex match and the context (now, tense of
the sentence, previous span, holiday country) and returns (start, end, granularity), or
None when the match turns out not to be a date."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from chronos_cli.temporal import clock as C
from chronos_cli.temporal import lexicon as L
from chronos_cli.temporal.calendar_math import (
    Res,
    add_months,
    approx_count_window,
    count_window,
    days,
    month_of,
    pick_annual,
    pick_weekday,
    quarter_of,
    shift,
    unit_range,
    week_of,
    weekend_of,
    window,
)
from chronos_cli.temporal.compose import MOD_OFFSET, annual_fn, direction, month_for_bare, period, rolled
from chronos_cli.temporal.compose import year_for_month_day as _year_for_month_day
from chronos_cli.temporal.spans import day_end, day_start

F = re.I


def part_span(d: date, part: str) -> Res:
    h0, h1 = L.PARTS[part.lower()]
    return datetime(d.year, d.month, d.day, h0), datetime(d.year, d.month, d.day, h1, 59, 59, 999999), "part_of_day"


def _day_or_part(d: date, part: str | None) -> Res:
    return part_span(d, part) if part else days(d)


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def anchor(ctx) -> Res:
    """What a chained expression ("the day after", "two weeks from") is relative to: the
    date that directly follows it, else the previous span in the text, else today."""
    if ctx.anchor_next is not None:
        return ctx.anchor_next
    p = ctx.prev
    if p is None:
        return days(ctx.today)
    return p.start, p.end, p.granularity


# --- explicit dates ------------------------------------------------------------------------


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


def r_d_mon_y(m, ctx):
    y = int(m["y"])
    if y < 100:
        y += 2000 if y < 50 else 1900
    dd = _safe_date(y, L.month_num(m["mon"]), int(m["d"]))
    return days(dd) if dd else None


def r_md_numeric(m, ctx):
    """3/14, 7/4 (M/D; D/M with dayfirst) and 12.06. (always day first), no year."""
    if m["a"]:
        a, b = int(m["a"]), int(m["b"])
        mo, d = (b, a) if ctx.dayfirst else (a, b)
    else:
        d, mo = int(m["a2"]), int(m["b2"])
    if not (1 <= mo <= 12):
        return None
    return _dm(ctx, m.start(), d, mo, None)


def r_day_range(m, ctx):
    mo = L.month_num(m["mon"])
    d1, d2 = L.day_num(m["d1"]), L.day_num(m["d2"])
    if d2 <= d1:
        return None
    y = L.year_num(m["y"]) if m["y"] else _year_for_month_day(ctx, m.start(), mo, d1)
    a, b = _safe_date(y, mo, d1), _safe_date(y, mo, d2)
    return days(a, b, "range") if a and b else None


def nth_of_month(ctx, pos: int, d: int) -> date | None:
    """Day d of this month; past tense → last month's if still ahead; future (or the present:
    "my appointment is on the 3rd", "rent's due on the 1st") → next month's if passed."""
    today = ctx.today
    t = ctx.tense(pos)
    cand = _safe_date(today.year, today.month, d)
    if t == "past" and (cand is None or cand > today):
        prev = add_months(today.replace(day=1), -1)
        cand = _safe_date(prev.year, prev.month, d)
    elif t == "future" and (cand is None or cand < today):
        nxt = add_months(today.replace(day=1), 1)
        cand = _safe_date(nxt.year, nxt.month, d)
    return cand


# between a month and the day of it told after it: "in June, on the 3rd", "next month on the 5th"
_MONTH_THEN_DAY = re.compile(r"[\s,]*(?:on\s+|by\s+|until\s+|til\s+|till\s+)?", re.I)


def r_on_the_nth(m, ctx):
    d = L.day_num(m["d"] or m["d2"] or m["d3"] or m["d4"] or m["d5"])
    nxt, p = ctx.anchor_next, ctx.prev
    if nxt is not None and nxt[2] == "month":  # "on the 5th next month"
        cand = _safe_date(nxt[0].year, nxt[0].month, d)
    else:
        ctx.anchor_next = None  # a clock or a weekday after it is a time of its own
        if p is not None and p.granularity == "month" and _MONTH_THEN_DAY.fullmatch(m.string[p.end_char : m.start()]):
            ctx.part("modifier", m.group(0), "on_the_nth", f"day {d} of it")  # "i start in june, on the 3rd"
            cand = _safe_date(p.start.year, p.start.month, d)
            ctx.join_prev = cand is not None
        else:
            cand = nth_of_month(ctx, m.start(), d)
    if cand is None:
        return None
    if m["dend"]:  # "for the 14th and 15th", "from the 3rd to the 7th", "the 28th to the 2nd"
        last = L.day_num(m["dend"])
        if last > cand.day:
            end = _safe_date(cand.year, cand.month, last)
        else:  # over the month's end
            nxt = add_months(cand.replace(day=1), 1)
            end = _safe_date(nxt.year, nxt.month, last)
        return days(cand, end, "range") if end else days(cand)
    return days(cand)


# --- years, months, decades, quarters -------------------------------------------------------


def r_year(m, ctx):
    y = int(m["y"])
    return days(date(y, 1, 1), date(y, 12, 31), "year")


def r_year_range(m, ctx):
    a, b = int(m["y1"]), int(m["y2"])
    if b < a:
        return None  # "2024-2021": no range
    return days(date(a, 1, 1), date(b, 12, 31), "range")


_DECADE_WORDS = {
    "twenties": 20,
    "thirties": 30,
    "forties": 40,
    "fifties": 50,
    "sixties": 60,
    "seventies": 70,
    "eighties": 80,
    "nineties": 90,
}


def r_decade(m, ctx):
    if m["full"]:
        y = int(m["full"])
    elif m["short"]:
        dd = int(m["short"])
        y = 2000 + dd if dd < 20 else 1900 + dd
    else:
        y = 1900 + _DECADE_WORDS[m["word"].lower()]
    return days(date(y, 1, 1), date(y + 9, 12, 31), "decade")


def r_century(m, ctx):
    if m["c"]:
        c = int(m["c"])
        return days(date((c - 1) * 100 + 1, 1, 1), date(c * 100, 12, 31), "range")
    h = int(m["h"]) * 100
    return days(date(h, 1, 1), date(h + 99, 12, 31), "range")


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
    y = ctx.sentence_year(m.start())
    a, b = month_of(y if y is not None else month_for_bare(ctx, m.start(), mo), mo)
    return days(a, b, "month")


def r_unit_rel(m, ctx):
    unit = m["unit"].lower().replace("-", "")
    mod = m["mod"].lower().split()[-1]
    off = MOD_OFFSET[mod]
    if unit == "weekend" and mod == "past" and ctx.today.weekday() >= 5:
        off = 0  # "this past weekend" said on Sat/Sun: the weekend we are in
    if unit == "weekend" and mod == "coming":
        off = 0 if ctx.today.weekday() < 5 else 1  # "(this) coming weekend": the next one to start
    a, b = unit_range(ctx.today, unit, off)
    return days(a, b, unit)


def r_before_last(m, ctx):
    unit = m["unit"].lower()
    a, b = unit_range(ctx.today, unit, -2)
    return days(a, b, unit)


_THIRDS = {"early": 0, "beginning": 0, "start": 0, "mid": 1, "middle": 1, "late": 2, "end": 2}


def _third(a: date, b: date, grain: str, k: int) -> tuple[date, date]:
    """Beginning/middle/end of a period: a week is Mon–Tue / Wed–Thu / Fri–Sun, a month days
    1–10 / 11–20 / 21–end, a year Jan–Apr / May–Aug / Sep–Dec, a quarter or season its
    first / second / third month, a decade years 0–3 / 4–6 / 7–9."""
    if grain == "week":
        lo, hi = [(0, 1), (2, 3), (4, 6)][k]
        return a + timedelta(days=lo), a + timedelta(days=hi)
    if grain == "month":
        return [(a, a.replace(day=10)), (a.replace(day=11), a.replace(day=20)), (a.replace(day=21), b)][k]
    if grain in ("quarter", "season"):
        t = add_months(a, k)
        return month_of(t.year, t.month)
    if grain == "decade":
        lo, hi = [(0, 3), (4, 6), (7, 9)][k]
        return date(a.year + lo, 1, 1), date(a.year + hi, 12, 31)
    lo, hi = [(1, 4), (5, 8), (9, 12)][k]
    return date(a.year, lo, 1), month_of(a.year, hi)[1]


def _half(a: date, b: date, grain: str, k: int) -> tuple[date, date]:
    """First/second half: months split after the 15th, years after June, others in the middle."""
    if grain == "month":
        return (a, a.replace(day=15)) if k == 0 else (a.replace(day=16), b)
    if grain == "year":
        return (a, date(a.year, 6, 30)) if k == 0 else (date(a.year, 7, 1), b)
    mid = a + timedelta(days=((b - a).days + 1) // 2 - 1)
    return (a, mid) if k == 0 else (mid + timedelta(days=1), b)


def r_part_of(m, ctx):
    """early/mid/late P, the beginning/middle/end of P, the first/second half of P."""
    sub = period(ctx, m["p"], m.start("p"))
    if sub is None:
        return None
    if m["half"]:
        k = 0 if m["half"].lower() in ("first", "1st") else 1
        r = rolled(ctx, m.start(), sub, lambda a, b: _half(a, b, sub.grain, k))
        how = f"{m['half']} half"
    else:
        word = (m["part"] or m["part2"]).lower()
        r = rolled(ctx, m.start(), sub, lambda a, b: _third(a, b, sub.grain, _THIRDS[word]))
        how = word
    ctx.part("base", m["p"], "period", f"{sub.start} – {sub.end}")
    ctx.part("modifier", how, "part_of", f"{r[0]} – {r[1]}")
    return days(r[0], r[1], "range")


def r_earlier_later_this(m, ctx):
    unit = m["unit"].lower()
    if unit == "day":
        return days(ctx.today)
    a, b = unit_range(ctx.today, unit, 0)
    if m["which"] and m["which"].lower() == "earlier":
        return days(a, max(a, ctx.today), "range")
    return days(min(ctx.today, b), b, "range")


_QWORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": 4, "final": 4}


def _quarter_or_half(ctx, pos: int, fn, mod: str | None, y: str | None):
    if y:
        return fn(int(y))
    if mod:
        return fn(ctx.today.year + MOD_OFFSET[mod.lower()])
    t = ctx.tense(pos)  # no year: the tense picks this year's or the nearest one
    return pick_annual(fn, ctx.today, t if t in ("past", "future") else "this")


def r_quarter(m, ctx):
    q = int(m["q"]) if m["q"] else _QWORD[m["qw"].lower()]
    a, b = _quarter_or_half(ctx, m.start(), lambda y: quarter_of(y, q), m["mod"], m["y"])
    return days(a, b, "quarter")


def r_half_year(m, ctx):
    h = int(m["h"])
    a, b = _quarter_or_half(
        ctx,
        m.start(),
        lambda y: (date(y, 1, 1), date(y, 6, 30)) if h == 1 else (date(y, 7, 1), date(y, 12, 31)),
        m["mod"],
        m["y"],
    )
    return days(a, b, "range")


def r_eo(m, ctx):
    """EOD / EOW / EOM / EOQ / EOY, close of business: the last day of that unit."""
    w = m.group(0).lower()
    today = ctx.today
    if w in ("eod", "cob") or w.startswith("close"):
        return days(today)
    if w == "eow":
        return days(week_of(today)[0] + timedelta(days=4))
    unit = {"eom": "month", "eoq": "quarter", "eoy": "year"}[w]
    return days(unit_range(today, unit, 0)[1])


# --- days and parts of days -----------------------------------------------------------------

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


def r_earlier_bare(m, ctx):
    """A bare "earlier" is earlier today only in the past ("I went for a run earlier"); ahead or
    in the present it compares ("I'll pick you up earlier", "the store closes earlier")."""
    return days(ctx.today) if ctx.tense_apart(m.start(), m.end()) == "past" else None


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
    elif mod == "next":
        # the nearest after today, but not tomorrow or the day after, which have words of their
        # own: "next Thursday" said on a Tuesday is nine days on, said on a Saturday five
        d = pick_weekday(today, wd, "future")
        if (d - today).days <= 2:
            d += timedelta(days=7)
    elif mod in ("coming", "this coming"):
        d = pick_weekday(today, wd, "future")
    else:  # "this Saturday": that day of the current Monday-week
        d = week_of(today)[0] + timedelta(days=wd)
    return _day_or_part(d, m["part"])


def r_weekday(m, ctx):
    wd = L.weekday_num(m["wd"])
    return _day_or_part(pick_weekday(ctx.today, wd, direction(ctx, m.start())), m["part"])


# An antecedent a "that Saturday" can be a day of: a day, a part of one, a weekend or a week.
_THAT_ANTECEDENT = ("instant", "part_of_day", "day", "weekend", "week")


def r_that_weekday(m, ctx):
    """ "that Saturday" points back to the story's time: the Saturday on/after it."""
    wd = L.weekday_num(m["wd"])
    p = ctx.prev
    if ctx.anchor_next is not None:  # "that Friday, May 8": the date said with it
        ref = ctx.anchor_next[0].date()
        d = ref + timedelta(days=(wd - ref.weekday()) % 7)
    elif p is not None and p.granularity in _THAT_ANTECEDENT and (p.end - p.start).days < 7:
        ref = p.start.date()
        d = ref + timedelta(days=(wd - ref.weekday()) % 7)
        ctx.part("anchor", p.text, "that_weekday", f"the {m['wd']} on or after {ref.isoformat()}")
    else:
        d = pick_weekday(ctx.today, wd, direction(ctx, m.start()))
    return _day_or_part(d, m["part"])


def weekend_for(ctx, pos: int) -> Res:
    t = ctx.tense(pos)
    today = ctx.today
    if t == "past":
        sat = today - timedelta(days=(today.weekday() - 5) % 7)
        return days(sat, sat + timedelta(days=1), "weekend")
    if t == "future":
        sun = today + timedelta(days=(6 - today.weekday()) % 7)
        return days(sun - timedelta(days=1), sun, "weekend")
    return days(*weekend_of(today), g="weekend")


# a sentence set at another time than now: a habit of the past, or an occasion it names ("On our
# honeymoon we stayed in bed all day", "When I was a kid I would play outside all day")
_SET_ELSEWHERE = re.compile(
    r"(?i)\b(?:would|used\s+to|when\s+(?:i|we)\s+(?:was|were)|as\s+a\s+(?:kid|child|teen)|back\s+(?:then|in)"
    r"|(?:on|during|at|for)\s+(?:our|my|his|her|their)\s+(?:\w+\s+)?(?:honeymoon|trip|vacation|holiday|birthday|wedding"
    r"|anniversary|cruise|tour|graduation|retreat|camp|getaway|visit))\b"
)


def r_all_unit(m, ctx):
    """ "all weekend", "the whole day": the unit the told time is in — only in a past or future
    sentence (in the present, "I sit all day" says how often) set at no other time."""
    t = ctx.tense(m.start())
    s, e = ctx.sentence_span(m.start())
    if t is None or _SET_ELSEWHERE.search(ctx.text, s, e):
        return None
    u = m["u"].lower()
    today = ctx.today
    if u == "day":
        return days(today)
    if u == "night":
        return part_span(today - timedelta(days=1) if t == "past" else today, "night")
    if u == "weekend":
        return weekend_for(ctx, m.start())
    if u == "week":
        # told in the past early in a week (Monday, Tuesday), the week just gone; ahead on a
        # weekend, the week to come
        shift = -7 if t == "past" and today.weekday() <= 1 else 7 if t == "future" and today.weekday() >= 5 else 0
        a, b = week_of(today + timedelta(days=shift))
        return days(a, min(b, today) if t == "past" else b, g="week")  # the past: not the days still ahead
    # a part of the day not yet begun, told in the past, was yesterday's ("studied all afternoon" at 9 am)
    before = t == "past" and L.PARTS[u][0] > ctx.now.hour
    return part_span(today - timedelta(days=1) if before else today, u)


def r_weekend_bare(m, ctx):
    return weekend_for(ctx, m.start())


def r_alone(m, ctx):
    """A bare name that is the whole text (a heading, a form field): March, the weekend,
    the 14th, summer."""
    if m["mon"]:
        mo = L.month_num(m["mon"])
        return days(*month_of(month_for_bare(ctx, m.start(), mo), mo), "month")
    if m["wkd"]:
        return weekend_for(ctx, m.start())
    if m["nth"]:
        cand = nth_of_month(ctx, m.start(), L.day_num(m["nth"]))
        return days(cand) if cand else None
    if m["yr"]:
        y = int(m["yr"])
        return days(date(y, 1, 1), date(y, 12, 31), "year")
    if m["ch"]:
        t = C.alone(ctx.now, int(m["ch"]), int(m["cm"]), False, ctx.tense(m.start()))
        return t, t, "instant"
    if m["now"]:
        return ctx.now, ctx.now, "instant"
    if m["ma"]:
        a, b = int(m["ma"]), int(m["mb"])
        mo, d = (b, a) if ctx.dayfirst else (a, b)
        return _dm(ctx, m.start(), d, mo, None) if 1 <= mo <= 12 else None
    t = ctx.tense(m.start())
    a, b = pick_annual(lambda y: L.season_range(m["s"], y), ctx.today, t if t in ("past", "future") else "this")
    return days(a, b, "season")


# --- offsets, durations, chains -----------------------------------------------------------


def _vague(n: str) -> bool:
    return any(w in n.lower() for w in L.FUZZY_COUNTS)


def _count(m) -> tuple[float, float]:
    lo, hi = L.parse_count(m["n"])
    if m["andhalf"]:  # "an hour and a half"
        lo, hi = lo + 0.5, hi + 0.5
    return lo, hi


def _count_or_approx(m, ctx, sign: int) -> Res:
    lo, hi = _count(m)
    u = L.norm_unit(m["u"])
    if m["approx"] or m["orso"] or _vague(m["n"]):
        if m["approx"] or m["orso"]:
            ctx.part("modifier", (m["approx"] or m["orso"]).strip(), "approx", "centred window, margin by unit")
        return approx_count_window(ctx.now, u, lo, hi, sign)
    return count_window(ctx.now, u, lo, hi, sign)


def r_ago(m, ctx):
    return _count_or_approx(m, ctx, -1)


def r_units_ago(m, ctx):
    # "years ago" with no number: 2–10 units back (fuzzy)
    u = L.norm_unit(m["u"])
    return count_window(ctx.now, u, 2, 10 if u == "year" else 6, -1)[:2] + ("fuzzy",)


_NEGATED_PERFECT = re.compile(r"\b(?:haven'?t|hasn'?t|have\s+not|has\s+not|never|first\s+time)\b", F)


def r_in_n(m, ctx):
    lo, hi = _count(m)
    u = L.norm_unit(m["u"])
    if u == "second" and m["n"].lower() in ("a", "one"):
        return None  # "back in a second": soon, not a time
    before = ctx.sentence_before(m.start())
    if _NEGATED_PERFECT.search(before):
        # "I haven't seen her in three years": the gap runs from then until now
        s = day_start(shift(ctx.now, u, -hi).date())
        return s, day_end(ctx.today), "range"
    if ctx.tense(m.start()) == "past":
        return None  # "finished the race in 40 minutes": how long it took, not when
    return _count_or_approx(m, ctx, +1)


def r_from_now(m, ctx):
    if m["ref"].lower() != "now":  # "a week from today/tomorrow": that exact day
        lo, hi = _count(m)
        if lo != hi:
            return None
        base = ctx.today + timedelta(days=1 if m["ref"].lower() == "tomorrow" else 0)
        return days(shift(day_start(base), L.norm_unit(m["u"]), lo).date())
    return _count_or_approx(m, ctx, +1)


def r_week_today(m, ctx):
    """'a week today', 'a fortnight on Friday': the weeks counted on from today, tomorrow or the
    coming Weekday (British usage: 'a week on Friday' is the Friday after this coming one)."""
    n = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4}.get(m["n"].lower()) or int(m["n"])
    weeks = 2 * n if m["u"].lower() == "fortnight" else n
    if m["wd"]:
        base = pick_weekday(ctx.today, L.weekday_num(m["wd"]), "future")
    else:
        base = ctx.today + timedelta(days=1 if m["ref"].lower() == "tomorrow" else 0)
    return days(base + timedelta(days=7 * weeks))


def r_this_time(m, ctx):
    """this time next year / this time last week / a week ago today: that exact day."""
    today = ctx.today
    if m["mod"]:
        return days(shift(day_start(today), m["tu"].lower(), MOD_OFFSET[m["mod"].lower()]).date())
    lo, hi = L.parse_count(m["n"])
    if lo != hi:
        return None
    base = today + timedelta(days=_DAY_WORDS[m["ref"].lower()])
    return days(shift(day_start(base), L.norm_unit(m["u"]), -lo).date())


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
    n = m["n"] or m["n3"]
    lo, hi = L.parse_count(n) if n else (1, 1)
    u = L.norm_unit(m["u"] or m["u2"] or m["u3"])
    s = shift(ctx.now, u, -hi)
    return day_start(s.date()), day_end(ctx.today), "range"


def r_rolling_future(m, ctx):
    """the next 3 days / the coming weeks / the upcoming two weeks: today to now + N units
    (no number: a few, 2–4)."""
    if C.habitual(ctx, m.start()):
        return None  # "it usually fades within a few days": no particular days
    n = m["n"] or m["n2"]
    lo, hi = L.parse_count(n) if n else (2, 4)
    e = shift(ctx.now, L.norm_unit(m["u"] or m["u2"]), hi)
    return day_start(ctx.today), day_end(e.date()), "range"


def r_now(m, ctx):
    return days(ctx.today)


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


# "3 days a week from september", "two shifts a week from monday": a count of things per unit is a
# rate, and what follows "from" is when the rate starts
_RATE_BEFORE = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|a\s+few|few|several|some)\s+[a-z]+s\s+$", re.I)


def r_chain_n(m, ctx):
    lo, hi = L.parse_count(m["n"])
    d0 = m["dir"].lower().split()[0]
    u = L.norm_unit(m["u"])
    a = anchor(ctx)
    if d0 == "from":  # "a week from Friday": exactly that far from the day named
        if lo != hi or ctx.anchor_next is None or _RATE_BEFORE.search(m.string, 0, m.start()):
            return None
        base = a[0].date()
        rule, am = ctx.anchor_match
        if rule.id == "weekday" and ctx.tense(m.start()) != "past":
            base = pick_weekday(ctx.today, L.weekday_num(am["wd"]), "future")  # "from Saturday" looks ahead
        return days(shift(day_start(base), u, lo).date())
    sign = -1 if d0 in ("before", "earlier", "prior") else 1
    if lo == hi:
        return _shift_span(a, u, sign * lo)
    x, y = _shift_span(a, u, sign * lo), _shift_span(a, u, sign * hi)
    return min(x[0], y[0]), max(x[1], y[1]), "fuzzy"


def r_chain_unit(m, ctx):
    unit = m["unit"].lower()
    w = m["dir"].lower()
    after = w in ("after", "next", "following")
    s, e, g = anchor(ctx)
    sd, ed = s.date(), e.date()
    if unit.rstrip(".") in L.WEEKDAYS or unit.rstrip(".") in L.WEEKDAY_ABBR:  # "the following Monday"
        wd = L.weekday_num(unit)
        return days(pick_weekday(ed, wd, "future") if after else pick_weekday(sd, wd, "past"))
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


# --- seasons, holidays, fuzzy words ---------------------------------------------------------


def _season_fn(name):
    return lambda y: L.season_range(name, y)


_SEASON_MODE = {
    "last": "last",
    "past": "last",
    "this past": "last",
    "next": "next",
    "coming": "next",
    "this coming": "next",
    "this": "this",
}


def r_season_rel(m, ctx):
    mode = _SEASON_MODE[" ".join(m["mod"].lower().split())]
    a, b = pick_annual(_season_fn(m["s"]), ctx.today, mode)
    return days(a, b, "season")


def r_season_year(m, ctx):
    a, b = L.season_range(m["s"], L.year_num(m["y"]))
    return days(a, b, "season")


def r_season_bare(m, ctx):
    y = ctx.sentence_year(m.start())
    if y is not None:
        return days(*L.season_range(m["s"], y), "season")
    t = ctx.tense(m.start())
    mode = t if t in ("past", "future") else "this"
    a, b = pick_annual(_season_fn(m["s"]), ctx.today, mode)
    return days(a, b, "season")


def r_holiday(m, ctx):
    fn, g, label = annual_fn(ctx, m["h"])
    if m["y"]:
        a, b = fn(L.year_num(m["y"]))
        why = "that year"
    else:
        mod = " ".join((m["mod"] or "").lower().split())
        sy = None if mod else ctx.sentence_year(m.start())
        if sy is not None:
            a, b = fn(sy)
            ctx.part("base", m["h"], "holiday", f"{label} ({ctx.country} calendar)")
            ctx.part("modifier", str(sy), "sentence_year", a.isoformat() if a == b else f"{a} – {b}")
            return days(a, b, g)
        if mod:
            mode = {"last": "last", "this past": "last", "next": "next", "this coming": "next", "this": "this"}[mod]
        else:
            t = ctx.tense(m.start())
            mode = t if t in ("past", "future") else "this"
        a, b = pick_annual(fn, ctx.today, mode)
        why = {"last": "the latest one over", "next": "the first not begun", "this": "this year's"}.get(mode) or (
            "past: the latest that has begun" if mode == "past" else "future: the next not over"
        )
    ctx.part("base", m["h"], "holiday", f"{label} ({ctx.country} calendar)")
    ctx.part("modifier", m["y"] or m["mod"] or "", "occurrence", f"{_fmt(a, b)} ({why})")
    if m["wk"]:
        a, b = holiday_weekend(a, b)
        ctx.part("modifier", m["wk"].strip(), "holiday_weekend", _fmt(a, b))
        return days(a, b, "weekend")
    return days(a, b, g)


def holiday_weekend(a: date, b: date) -> tuple[date, date]:
    """'Memorial Day weekend': the holiday with the weekend beside it."""
    wd = a.weekday()
    if wd in (0, 1):  # Monday/Tuesday: from the Saturday before
        return a - timedelta(days=wd + 2), b
    if wd in (5, 6):  # on the weekend itself
        return a - timedelta(days=wd - 5), max(b, a + timedelta(days=6 - wd))
    return a, max(b, a + timedelta(days=6 - wd))  # Wednesday–Friday: through the Sunday after


def _fmt(a: date, b: date) -> str:
    return a.isoformat() if a == b else f"{a} – {b}"


# "recently" is the last few weeks: further back, English says "last month" or "a while ago".
_FUZZY = {  # word -> (days back from today at the start, days back at the end)
    "recently": (20, 0),
    "lately": (20, 0),
    "not long ago": (20, 0),
    "not so long ago": (180, 0),  # vaguer than "not long ago": weeks to months
    "not too long ago": (180, 0),
    "not that long ago": (180, 0),
    "a little while ago": (30, 0),
    "a little while back": (30, 0),
    "a short while ago": (30, 0),
    "a short while back": (30, 0),
    "recent": (20, 0),
    "the other day": (7, 1),
    "the other night": (7, 1),
    "the other morning": (7, 1),
    "the other evening": (7, 1),
    "the other week": (21, 5),
    "a while ago": (365, 30),
    "a while back": (365, 30),
    "some time ago": (365, 30),
    "a long time ago": (3650, 365),
    "ages ago": (3650, 180),
}


def r_fuzzy(m, ctx):
    lo, hi = _FUZZY[" ".join(m.group(0).lower().split())]
    return days(ctx.today - timedelta(days=lo), ctx.today - timedelta(days=hi), "fuzzy")


def r_since_last_talk(m, ctx):
    """ "since we last talked": from the day the speakers last talked to today. Only the
    conversation knows that day (``last_talk``); without it the phrase dates nothing."""
    last = ctx.last_talk
    if last is None or last.date() > ctx.today:
        return None
    return days(last.date(), ctx.today, "range")
