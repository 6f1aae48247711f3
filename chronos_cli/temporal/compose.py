"""The compositional part of the grammar: a time expression built from a base (a period, a
yearly day, a weekday) and modifiers (ordinal-of, this/next/last, in/ago, part-of…).

Sub-grammars read the parts inside a composed match:

- PERIOD — "November 2019", "next month", "the month", "March", "2025", "Q3", "summer";
- ANNUAL — a day or period that comes back every year: a holiday, a month, "June 5", a season;
- WEEKDAY — "Thursday", "Thu".

Each resolver records the parts it used on the context (`ctx.part`), which is the audit
trail `chronos time` shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from chronos_cli.temporal import holiday_calendar as H
from chronos_cli.temporal import lexicon as L
from chronos_cli.temporal.calendar_math import (
    Res,
    days,
    month_of,
    pick_annual,
    quarter_of,
    unit_range,
    week_of,
)

F = re.I
MF, Y, S = L.MONTH_FULL, L.YEAR, L.SEASON
HOL = L.alts([a for a, _ in H.ALIASES])

MOD_OFFSET = {
    "the": 0,
    "last": -1,
    "past": -1,
    "previous": -1,
    "this": 0,
    "current": 0,
    "next": 1,
    "coming": 1,
    "following": 1,
}

# --- tense-chosen years --------------------------------------------------------------------


def year_for_month_day(ctx, pos: int, month: int, day: int) -> int | None:
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


def month_for_bare(ctx, pos: int, m: int) -> int:
    """Year of a bare month name ("in March"): past → this year's if begun else last
    year's; future → this year's if not over else next year's; no cue (a bare "engagement shoot in
    february" said in November) → the nearer of last and next, this year's when half a year off."""
    t, today = ctx.tense(pos), ctx.today
    if t == "past":
        return today.year if m <= today.month else today.year - 1
    if t == "future":
        return today.year if m >= today.month else today.year + 1
    if m - today.month > 6:
        return today.year - 1
    if today.month - m > 6:
        return today.year + 1
    return today.year


def direction(ctx, pos: int, default: str = "past") -> str:
    t = ctx.tense(pos)
    return t if t in ("past", "future") else default


# --- PERIOD --------------------------------------------------------------------------------

_UNITW = r"(?:week|month|year|quarter|decade)"
PERIOD = (
    rf"(?:(?:(?:this|next|last|the|coming|previous|following|current)\s+)?{_UNITW}\b"
    rf"|(?:{MF}|{L.MONTH_ABBR_CUED}\.?)(?![a-z])(?:\s+of)?(?:,?\s+(?:{Y}|(?:this|next|last)\s+year\b))?"
    rf"|(?:19|20)\d{{2}}(?![\d%])"
    rf"|Q[1-4](?:\s+(?:of\s+)?{Y})?\b"
    rf"|{S}\b(?:\s+(?:of\s+)?{Y})?)"
)
_P_RX = re.compile(
    rf"(?:(?P<mod>this|next|last|the|coming|previous|following|current)\s+)?(?P<unit>{_UNITW})"
    rf"|(?P<mon>{MF}|{L.MONTH_ABBR_CUED})\.?(?:\s+of)?(?:,?\s+(?:(?P<my>{Y})|(?P<mrel>this|next|last)\s+year))?"
    rf"|(?P<y>(?:19|20)\d{{2}})"
    rf"|Q(?P<q>[1-4])(?:\s+(?:of\s+)?(?P<qy>{Y}))?"
    rf"|(?P<s>{S})(?:\s+(?:of\s+)?(?P<sy>{Y}))?",
    F,
)


@dataclass
class Sub:
    """A period read inside a composed expression. `roll(k)` gives the same period k cycles
    later (next year's March, next month for "the month"), or is None when it is fixed."""

    start: date
    end: date
    grain: str
    roll: Callable[[int], tuple[date, date]] | None = None


def _annual_pick(ctx, pos: int, fn) -> tuple[tuple[date, date], Callable[[int], tuple[date, date]]]:
    t = ctx.tense(pos)
    a, b = pick_annual(fn, ctx.today, t if t in ("past", "future") else "this")
    y0 = a.year
    return (a, b), (lambda k: fn(y0 + k))


def period(ctx, text: str, pos: int) -> Sub | None:
    m = _P_RX.fullmatch(" ".join(text.split()))
    if m is None:
        return None
    today = ctx.today
    if m["unit"]:
        unit, mod = m["unit"].lower(), (m["mod"] or "the").lower()
        a, b = unit_range(today, unit, MOD_OFFSET[mod])
        roll = (lambda k: unit_range(today, unit, k)) if mod == "the" else None
        return Sub(a, b, unit, roll)
    if m["mon"]:
        mo = L.month_num(m["mon"])
        if m["my"]:
            return Sub(*month_of(L.year_num(m["my"]), mo), "month")
        if m["mrel"]:
            return Sub(*month_of(today.year + MOD_OFFSET[m["mrel"].lower()], mo), "month")
        y = month_for_bare(ctx, pos, mo)
        return Sub(*month_of(y, mo), "month", lambda k: month_of(y + k, mo))
    if m["y"]:
        y = int(m["y"])
        return Sub(date(y, 1, 1), date(y, 12, 31), "year")
    if m["q"]:
        q = int(m["q"])
        if m["qy"]:
            return Sub(*quarter_of(L.year_num(m["qy"]), q), "quarter")
        (a, b), roll = _annual_pick(ctx, pos, lambda y: quarter_of(y, q))
        return Sub(a, b, "quarter", roll)
    name = m["s"]
    if m["sy"]:
        return Sub(*L.season_range(name, L.year_num(m["sy"])), "season")
    (a, b), roll = _annual_pick(ctx, pos, lambda y: L.season_range(name, y))
    return Sub(a, b, "season", roll)


def rolled(ctx, pos: int, sub: Sub, f) -> tuple[date, date] | None:
    """f(period) → (a, b), moved one cycle when a period the tense chose ("the month",
    "March") gives a day on the wrong side of today: its middle already past in a sentence
    about the future, or still ahead in one about the past."""
    r = f(sub.start, sub.end)
    if r is None or sub.roll is None:
        return r
    a, b = r
    mid = a + (b - a) / 2
    t = ctx.tense(pos)
    if t == "future" and mid < ctx.today:
        return f(*sub.roll(1))
    if t == "past" and mid > ctx.today:
        return f(*sub.roll(-1))
    return r


def _fmt(a: date, b: date) -> str:
    return a.isoformat() if a == b else f"{a.isoformat()} – {b.isoformat()}"


# --- ANNUAL --------------------------------------------------------------------------------

# one copy of each sub-pattern: the composed regexes that use ANNUAL stay quick to compile
ANNUAL = rf"(?:{HOL}|{MF}(?:\s+(?:the\s+)?{L.DAY_NUM})?|{S})"
_MD_RX = re.compile(rf"(?P<mon>{MF})\s+(?:the\s+)?(?P<d>{L.DAY_NUM})$", F)
_MON_RX = re.compile(rf"(?:{MF})$", F)
_SEASON_RX = re.compile(rf"(?:{S})$", F)


def annual_fn(ctx, text: str):
    """(fn(year) → (first day, last day), grain, label) of a yearly base, or None."""
    s = " ".join(text.split())
    if (m := _MD_RX.match(s)) is not None:
        mo, d = L.month_num(m["mon"]), L.day_num(m["d"])
        return (lambda y: (date(y, mo, d),) * 2), "day", f"{L.MONTH_NAMES[mo - 1]} {d}"
    if _MON_RX.match(s):
        mo = L.month_num(s)
        return (lambda y: month_of(y, mo)), "month", L.MONTH_NAMES[mo - 1]
    if _SEASON_RX.match(s):
        return (lambda y: L.season_range(s, y)), "season", s.lower()
    key = H.key_of(s)
    country = ctx.country
    g = "range" if key == "holidays" else "day"

    def fn(y: int) -> tuple[date, date]:
        r = H.holiday_range(key, y, country)
        if r is None:
            raise ValueError(f"no {key} in {y}")
        return r

    return fn, g, H.LABELS[key]


# --- resolvers -----------------------------------------------------------------------------


def _weekdays_in(a: date, b: date, wd: int) -> list[date]:
    first = a + timedelta(days=(wd - a.weekday()) % 7)
    out = []
    while first <= b:
        out.append(first)
        first += timedelta(days=7)
    return out


def _nth(items: list, n: int):
    if n > 0:
        return items[n - 1] if n <= len(items) else None
    return items[n] if -n <= len(items) else None


def r_nth_of(m, ctx) -> Res | None:
    """the third Thursday of November 2019 / the last day of next month / the first weekend of
    February / the second week of next month."""
    sub = period(ctx, m["p"], m.start("p"))
    if sub is None:
        return None
    n = L.nth_num(m["n"])
    what = " ".join(m["what"].lower().split())
    wd = None if what in ("day", "week", "weekend", "weekday", "business day") else L.weekday_num(what)

    def pick(a: date, b: date):
        if wd is not None:
            d = _nth(_weekdays_in(a, b, wd), n)
            return (d, d) if d else None
        if what == "day":
            d = a + timedelta(days=n - 1) if n > 0 else b + timedelta(days=n + 1)
            return (d, d) if a <= d <= b else None
        if what in ("weekday", "business day"):
            wk = [a + timedelta(days=i) for i in range((b - a).days + 1) if (a + timedelta(days=i)).weekday() < 5]
            d = _nth(wk, n)
            return (d, d) if d else None
        if what == "weekend":  # a weekend belongs to the period of its Saturday
            sat = _nth(_weekdays_in(a, b, 5), n)
            return (sat, sat + timedelta(days=1)) if sat else None
        if n > 0:  # weeks: days 1–7, 8–14, … of the period; last = its final 7 days
            s = a + timedelta(days=7 * (n - 1))
            return (s, s + timedelta(days=6)) if s + timedelta(days=6) <= b else None
        e = b - timedelta(days=7 * (-n - 1))
        return e - timedelta(days=6), e

    r = rolled(ctx, m.start(), sub, pick)
    if r is None:
        return None
    ctx.part("base", m["p"], "period", _fmt(sub.start, sub.end))
    ctx.part("modifier", f"{m['n']} {m['what']}", "ordinal_of", _fmt(*r))
    g = {"week": "week", "weekend": "weekend"}.get(what, "day")
    return days(r[0], r[1], g)


def r_day_of_month_rel(m, ctx) -> Res | None:
    """the 15th of next month / the first of this month."""
    sub = period(ctx, m["p"], m.start("p"))
    d = L.day_num(m["d"])

    def pick(a: date, b: date):
        x = a.replace(day=d) if d <= b.day else None
        return (x, x) if x else None

    r = rolled(ctx, m.start(), sub, pick)
    if r is None:
        return None
    ctx.part("base", m["p"], "period", _fmt(sub.start, sub.end))
    ctx.part("modifier", m["d"], "day_of_month", r[0].isoformat())
    return days(r[0])


def r_weekday_of_week(m, ctx) -> Res | None:
    """Friday next week / Tuesday of this week / last week's Tuesday / Monday after next /
    Tuesday in two weeks."""
    wd_text = m["wd"] or m["wd2"] or m["wd3"] or m["wd4"]
    wd = L.weekday_num(wd_text.rstrip("."))
    today = ctx.today
    if m["wd3"]:  # "Monday after next": the one after the coming one
        nxt = today + timedelta(days=(wd - today.weekday()) % 7 or 7)
        d = nxt + timedelta(days=7)
        ctx.part("base", wd_text, "weekday", L.WEEKDAY_NAMES[wd])
        ctx.part("modifier", "after next", "after_next", d.isoformat())
        return days(d)
    if m["wd4"]:
        lo, hi = L.parse_count(m["n"])
        if lo != hi:
            return None
        a, _ = week_of(today + timedelta(days=7 * int(lo)))
        wk = f"in {m['n']} weeks"
    else:
        wk = m["p"] or m["p2"]
        mod = wk.lower().split()[0]
        a, _ = unit_range(today, "week", MOD_OFFSET[mod])
    d = a + timedelta(days=wd)
    ctx.part("base", wk, "week", _fmt(a, a + timedelta(days=6)))
    ctx.part("modifier", wd_text, "weekday_of", d.isoformat())
    return days(d)


_NEGATED_PERFECT = re.compile(r"\b(?:haven'?t|hasn'?t|have\s+not|has\s+not|never|first\s+time)\b", F)


def r_annual_shift(m, ctx) -> Res | None:
    """Christmas 2 years ago / June in two years / Black Friday of this year / Thanksgiving
    last year / last year's Christmas / the Christmas before last."""
    if not (m["mod"] or m["mod2"] or m["mod3"] or m["n"] or m["bl"]):
        return None
    base = m["b"]
    fn, g, label = annual_fn(ctx, base)
    today = ctx.today
    if m["mod"] or m["mod2"] or m["mod3"]:
        mod = (m["mod"] or m["mod2"] or m["mod3"]).lower()
        y = today.year + MOD_OFFSET[mod]
        how = f"{mod} year"
    elif m["n"]:
        lo, hi = L.parse_count(m["n"])
        if lo != hi or not (m["ago"] or m["inn"] or m["fromnow"]):
            return None  # "Christmas 2 years" alone says nothing
        if m["ago"]:
            y, how = today.year - int(lo), f"{m['n']} years ago"
        else:
            if _NEGATED_PERFECT.search(ctx.sentence_before(m.start())):
                return None  # "haven't had Christmas at home in two years": a gap, not a date
            y, how = today.year + int(lo), f"in {m['n']} years"
    else:  # "the Christmas before last" / "the Easter after next"
        last = m["bl"].lower() == "before last"
        a, _ = pick_annual(fn, today, "last" if last else "next")
        y, how = a.year + (-1 if last else 1), m["bl"]
    a, b = fn(y)
    ctx.part("base", base, "annual", label)
    ctx.part("modifier", how, "year_shift", str(y))
    return days(a, b, g)


def r_weekday_anchor(m, ctx, anchor: Res | None) -> Res | None:
    """the Monday after Easter / the Friday before Christmas: the first such weekday after
    (before) the anchor, which is the date that follows, else the previous date, else today."""
    wd = L.weekday_num(m["wd"].rstrip("."))
    if anchor is None:
        if not m["the"]:
            return None
        a_start = a_end = ctx.today
    else:
        a_start, a_end = anchor[0].date(), anchor[1].date()
    if m["dir"].lower() == "after":
        d = a_end + timedelta(days=(wd - a_end.weekday()) % 7 or 7)
    else:
        d = a_start - timedelta(days=(a_start.weekday() - wd) % 7 or 7)
    ctx.part("modifier", f"{m['wd']} {m['dir']}", "weekday_anchor", d.isoformat())
    return days(d)


def r_week_of(m, ctx, anchor: Res | None) -> Res | None:
    """the week of March 17 / the week of Thanksgiving: the Monday–Sunday week containing it."""
    if anchor is None:
        return None
    a, b = week_of(anchor[0].date())
    ctx.part("modifier", "the week of", "week_of", _fmt(a, b))
    return days(a, b, "week")


def weekday_agree(ctx, pos: int, wd: int, month: int | None, day: int, year_given: bool, d: date) -> date:
    """A weekday written with a date ("Thu, Mar 7", "Friday the 13th"): when the year (or
    month) was not written, the nearest such date that falls on that weekday — with a month,
    the one within a year of now; else in the direction of the tense (no cue: nearest either
    way)."""
    if year_given or d.weekday() == wd:
        return d
    today = ctx.today
    cands = []
    if month is not None:
        for y in range(today.year - 11, today.year + 12):
            try:
                c = date(y, month, day)
            except ValueError:
                continue
            if c.weekday() == wd:
                cands.append(c)
    else:
        base = today.replace(day=1)
        for k in range(-24, 25):
            y, m0 = divmod(base.month - 1 + k, 12)
            try:
                c = date(base.year + y, m0 + 1, day)
            except ValueError:
                continue
            if c.weekday() == wd:
                cands.append(c)
    if not cands:
        return d
    near = min(cands, key=lambda c: abs((c - today).days))
    if month is not None and abs((near - today).days) <= 366 and ctx.prefer != "future":
        # a month, a day and its weekday name one date in years: within a year of now it is the
        # one meant, whatever the tense ("we got booked, friday feb 9th" in January is this Feb);
        # a caller who asks for the future gets the next one
        return near
    t = ctx.tense(pos)
    if t == "past":
        past = [c for c in cands if c <= today]
        return past[-1] if past else d
    if t == "future":
        fut = [c for c in cands if c >= today]
        return fut[0] if fut else d
    return min(cands, key=lambda c: abs((c - today).days))
