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
    if unit == "second":
        return dt + timedelta(seconds=n)
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
    if unit in ("month", "year", "decade"):  # whole months, then any fraction as days
        months = n * {"month": 1, "year": 12, "decade": 120}[unit]
        whole = int(months)
        return add_months(dt, whole) + timedelta(days=(months - whole) * 30.44)
    raise ValueError(unit)


# Half-widths of the unit-sized window put around "now − N units" ("three weeks ago").
_HALF = {"week": 3, "fortnight": 3, "month": 15, "year": 182, "decade": 1826}


def window(target: datetime, unit: str) -> Res:
    """The unit-sized window around `target`: a day is the day, a week ±3 days, a month
    ±15 days, a year ±182 days, a decade ±5 years; minutes and hours are an instant."""
    if unit in ("second", "minute", "hour"):
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


def unit_range(today: date, unit: str, offset: int) -> tuple[date, date]:
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


# --- approximate expressions ("about a year ago", "around Christmas") ----------------------

# Margin on each side of the computed point, by unit: an approximate expression is a window
# centred on its point, not the whole unit ("about a year ago" is ±6 weeks, not ±6 months: a
# speaker who means 9 or 15 months says "under a year" or "over a year").
APPROX_MARGIN = {
    "second": timedelta(seconds=30),
    "minute": timedelta(minutes=5),
    "hour": timedelta(minutes=30),
    "instant": timedelta(minutes=30),
    "part_of_day": timedelta(hours=1),
    "day": timedelta(days=1),
    "weekend": timedelta(days=1),
    "week": timedelta(days=3),
    "fortnight": timedelta(days=3),
    "month": timedelta(days=14),
    "season": timedelta(days=14),
    "quarter": timedelta(days=14),
    "year": timedelta(days=45),
    "decade": timedelta(days=730),
}
_UNIT_LEN = {
    "second": timedelta(seconds=1),
    "minute": timedelta(minutes=1),
    "hour": timedelta(hours=1),
    "day": timedelta(days=1),
    "weekend": timedelta(days=7),
    "week": timedelta(days=7),
    "fortnight": timedelta(days=14),
    "month": timedelta(days=30.44),
    "year": timedelta(days=365.25),
    "decade": timedelta(days=3652.5),
}


def approx_count_window(now: datetime, unit: str, lo: float, hi: float, sign: int) -> Res:
    """'about N units ago' (sign −1) / 'in about N units' (+1): centred on now ± the middle
    of the count, half-width the unit's margin, or a tenth of the count (about 20 years ago
    is ±2 years), or half the spread of a vague count (a few = 2–4: ±1 unit)."""
    centre = shift(now, unit, sign * lo) if lo == hi else None
    if centre is None:  # vague count: the span between its ends, at least the margin wide
        a, b = shift(now, unit, sign * hi), shift(now, unit, sign * lo)
        centre = min(a, b) + (max(a, b) - min(a, b)) / 2
    half = max(APPROX_MARGIN[unit], _UNIT_LEN[unit] * (hi * 0.1), _UNIT_LEN[unit] * ((hi - lo) / 2))
    if unit in ("second", "minute", "hour"):
        return centre - half, centre + half, "instant"
    a, b = (centre - half).date(), (centre + half).date()
    return day_start(a), day_end(b), ("fuzzy" if lo != hi else unit)


def approx_span(start: datetime, end: datetime, g: str) -> Res:
    """'around X': X widened by the margin of its granularity (a range by a fifth of its
    length, at least a day)."""
    if g == "range":
        m = max(timedelta(days=1), timedelta(days=((end - start).days + 1) // 5))
    else:
        m = APPROX_MARGIN.get(g)
        if m is None:  # fuzzy spans are already approximate
            return start, end, g
    if g in ("instant", "part_of_day"):
        return start - m, end + m, "instant" if g == "instant" else g
    a, b = (start - m).date(), (end + m).date()
    return day_start(a), day_end(b), ("range" if g == "day" else g)
