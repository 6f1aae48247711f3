"""What both extractors share: dating an event (rule > model > said-on), dedup, aliases.

Time comes from rules, not from the model (DESIGN §2): a time expression is resolved by the
temporal engine against the moment its turn was said; a model's own dates are a fallback
used only when they are valid and plausible; no time cue → the day it was said.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from chronos_cli.models import Event

_DAY_END = time(23, 59, 59, 999999)
MAX_PAST_YEARS = 100
MAX_FUTURE_YEARS = 10


def naive(dt: datetime) -> datetime:
    return dt.replace(tzinfo=None)


def said_on(t_conv: datetime) -> tuple[datetime, datetime, str]:
    d = naive(t_conv).date()
    return datetime.combine(d, time.min), datetime.combine(d, _DAY_END), "day"


def resolve_spans(text: str, t_conv: datetime):
    """The temporal engine's spans for ``text`` said at ``t_conv`` ([] if it has none)."""
    if not text or not text.strip():
        return []
    from chronos_cli.temporal import resolve

    try:
        return resolve(text, naive(t_conv))
    except Exception:  # noqa: BLE001 - a rule bug must not lose the event: said-on instead
        return []


def span_range(spans) -> tuple[datetime, datetime, str] | None:
    """One range for several spans: their union (granularity of the single span, else 'range')."""
    if not spans:
        return None
    if len(spans) == 1:
        s = spans[0]
        return s.start, s.end, s.granularity
    return min(s.start for s in spans), max(s.end for s in spans), "range"


def resolve_expression(expr: str | None, t_conv: datetime) -> tuple[datetime, datetime, str] | None:
    return span_range(resolve_spans(expr or "", t_conv))


_ISO_YEAR = re.compile(r"^\d{4}$")
_ISO_MONTH = re.compile(r"^\d{4}-\d{2}$")


def _parse_model_date(value: str | None, *, end: bool) -> tuple[datetime, str] | None:
    if value is None:
        return None
    s = str(value).strip()
    if not s:
        return None
    try:
        if _ISO_YEAR.match(s):
            y = int(s)
            return (datetime(y, 12, 31, 23, 59, 59, 999999) if end else datetime(y, 1, 1)), "year"
        if _ISO_MONTH.match(s):
            y, m = int(s[:4]), int(s[5:])
            first = date(y, m, 1)
            if end:
                nxt = date(y + (m == 12), m % 12 + 1, 1)
                return datetime.combine(nxt - timedelta(days=1), _DAY_END), "month"
            return datetime.combine(first, time.min), "month"
        if len(s) == 10:
            d = date.fromisoformat(s)
            return datetime.combine(d, _DAY_END if end else time.min), "day"
        dt = datetime.fromisoformat(s.replace("Z", "+00:00"))
        return naive(dt), "instant"
    except (ValueError, OverflowError):
        return None


def model_range(start: str | None, end: str | None, t_conv: datetime) -> tuple[datetime, datetime, str] | None:
    """The model's dates when parseable, ordered and plausible (≤100 y before, ≤10 y after t_conv)."""
    s = _parse_model_date(start, end=False)
    e = _parse_model_date(end or start, end=True)
    if s is None or e is None:
        return None
    (s_dt, g1), (e_dt, g2) = s, e
    if s_dt > e_dt:
        return None
    now = naive(t_conv)
    try:
        lo = now.replace(year=now.year - MAX_PAST_YEARS)
        hi = now.replace(year=now.year + MAX_FUTURE_YEARS)
    except ValueError:  # 29 February
        lo = now - timedelta(days=365 * MAX_PAST_YEARS)
        hi = now + timedelta(days=365 * MAX_FUTURE_YEARS)
    if s_dt < lo or e_dt > hi:
        return None
    gran = (
        g1
        if g1 == g2 and (g1 != "day" or s_dt.date() == e_dt.date())
        else ("day" if s_dt.date() == e_dt.date() else "range")
    )
    return s_dt, e_dt, gran


def norm_svo(e: Event) -> str:
    return " ".join(re.sub(r"[^\w\s']", " ", e.text.lower()).split())


def clean_aliases(aliases: Iterable[str], e: Event, limit: int = 4) -> list[str]:
    """Distinct, non-empty aliases, none equal to the event's own text, at most ``limit``."""
    out: list[str] = []
    seen = {norm_svo(e)}
    for a in aliases:
        a = " ".join(str(a).split()).strip(" .,;:!")
        k = a.lower()
        if a and k not in seen:
            seen.add(k)
            out.append(a)
        if len(out) >= limit:
            break
    return out


def dedup(events: list[Event]) -> list[Event]:
    """Same session, same source turns and same normalized SVO → one event (aliases merged).

    Overlapping chunks report the same event twice; the first report wins for its dates,
    except that a rule-dated report beats a model-dated or said-on one.
    """
    rank = {"rule": 0, "model": 1, "said_on": 2}
    by_key: dict[tuple, Event] = {}
    for e in events:
        key = (e.namespace, e.session_id, tuple(sorted(e.source_turn_ids)), norm_svo(e))
        cur = by_key.get(key)
        if cur is None:
            by_key[key] = e
            continue
        merged = cur.aliases + [a for a in e.aliases if a.lower() not in {x.lower() for x in cur.aliases}]
        if rank[e.time_source] < rank[cur.time_source]:
            e = e.model_copy(update={"aliases": merged})
            by_key[key] = e
        else:
            cur.aliases = merged
    out = []
    for e in by_key.values():
        e.aliases = clean_aliases(e.aliases, e)
        e.event_id = e.stable_id()
        out.append(e)
    return out
