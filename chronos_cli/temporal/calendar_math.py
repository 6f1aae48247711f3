"""Calendar arithmetic shared by the rules (pure functions on dates)."""

from __future__ import annotations

from calendar import monthrange
from datetime import date, datetime, timedelta

from chronos_cli.temporal.spans import day_end, day_start

# (start, end, granularity) as every resolver returns it
Res = tuple[datetime, datetime, str]


def days(a: date, b: date | None = None, g: str = "day") -> Res:
    return day_start(a), day_end(b or a), g


def week_of(d: date) -> tuple[date, date]:
    mon = d - timedelta(days=d.weekday())
    return mon, mon + timedelta(days=6)


def weekend_of(d: date) -> tuple[date, date]:
    """Saturday–Sunday of the Monday-week containing d."""
    mon = d - timedelta(days=d.weekday())
    return mon + timedelta(days=5), mon + timedelta(days=6)


def month_of(y: int, m: int) -> tuple[date, date]:
    return date(y, m, 1), date(y, m, monthrange(y, m)[1])


def add_months(d: date | datetime, n: int):
    y, m0 = divmod(d.month - 1 + n, 12)
    y += d.year
    return d.replace(year=y, month=m0 + 1, day=min(d.day, monthrange(y, m0 + 1)[1]))


def quarter_of(y: int, q: int) -> tuple[date, date]:
    return date(y, 3 * q - 2, 1), month_of(y, 3 * q)[1]


def shift(dt: datetime, unit: str, n: float) -> datetime:
    """dt moved by n units; months/years clamp to the month's last day (Feb 29 → Feb 28)."""
    if unit == "minute":
        return dt + timedelta(minutes=n)
    if unit == "hour":
        return dt + timedelta(hours=n)
    if unit == "day":
        return dt + timedelta(days=n)
    if unit in ("week", "weekend"):
        return dt + timedelta(days=7 * n)
    if unit == "fortnight":
        return dt + timedelta(days=14 * n)
    if unit == "month":
        return add_months(dt, int(n))
    if unit == "year":
        return add_months(dt, 12 * int(n))
    if unit == "decade":
        return add_months(dt, 120 * int(n))
    raise ValueError(unit)


# Half-widths of the unit-sized window put around "now − N units" ("three weeks ago").
_HALF = {"week": 3, "fortnight": 3, "month": 15, "year": 182, "decade": 1826}


def window(target: datetime, unit: str) -> Res:
    """The unit-sized window around `target`: a day is the day, a week ±3 days, a month
    ±15 days, a year ±182 days, a decade ±5 years; minutes and hours are an instant."""
    if unit in ("minute", "hour"):
        return target, target, "instant"
    d = target.date()
    if unit == "day":
        return days(d)
    if unit == "weekend":
        return days(*weekend_of(d), g="weekend")
    h = _HALF[unit]
    g = "week" if unit == "fortnight" else unit
    return days(d - timedelta(days=h), d + timedelta(days=h), g)


def count_window(now: datetime, unit: str, lo: float, hi: float, sign: int) -> Res:
    """Window for "N units ago/from now"; vague counts (lo < hi) give a fuzzy span."""
    if lo == hi:
        return window(shift(now, unit, sign * lo), unit)
    a = window(shift(now, unit, sign * hi), unit)
    b = window(shift(now, unit, sign * lo), unit)
    lo_s, hi_e = min(a[0], b[0]), max(a[1], b[1])
    return lo_s, hi_e, "fuzzy"


def pick_weekday(today: date, wd: int, direction: str) -> date:
    """Nearest `wd` strictly before (past) or strictly after (future) today."""
    if direction == "past":
        return today - timedelta(days=(today.weekday() - wd) % 7 or 7)
    return today + timedelta(days=(wd - today.weekday()) % 7 or 7)


def pick_annual(fn, today: date, mode: str) -> tuple[date, date]:
    """Occurrence of a yearly range fn(year) -> (start, end) chosen by mode:
    past = latest that has begun; future = earliest not yet over; last = latest already
    over; next = earliest not yet begun; this = the one containing today, else this year's."""
    occ = [fn(y) for y in (today.year - 2, today.year - 1, today.year, today.year + 1, today.year + 2)]
    if mode == "past":
        return [o for o in occ if o[0] <= today][-1]
    if mode == "future":
        return next(o for o in occ if o[1] >= today)
    if mode == "last":
        return [o for o in occ if o[1] < today][-1]
    if mode == "next":
        return next(o for o in occ if o[0] > today)
    for o in occ:
        if o[0] <= today <= o[1]:
            return o
    return fn(today.year)
