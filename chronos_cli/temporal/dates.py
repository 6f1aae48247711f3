"""ISO date bounds typed by a person or a model (``--since``/``--until``, the agent's tool
arguments): one rule for both — a bare date covers the whole day (inclusive,
local wall time)."""

from __future__ import annotations

from datetime import datetime, time


def parse_iso_bound(value: str, *, end: bool) -> datetime:
    """An ISO date or datetime as an inclusive range bound, naive wall time.

    A bare date (``YYYY-MM-DD``) covers the whole day: its first moment, or with ``end`` its
    last (23:59:59.999999). A datetime is taken as written (an offset is dropped, the wall time
    kept). Raises ``ValueError`` with a message fit to show, e.g.
    ``'2023-02-30' is not a valid calendar date``.
    """
    v = value.strip() if isinstance(value, str) else value
    if not isinstance(v, str) or not v:
        raise ValueError(f"{str(value)[:60]!r} is not an ISO date; use YYYY-MM-DD or YYYY-MM-DDTHH:MM")
    try:
        d = datetime.fromisoformat(v)
    except ValueError:
        if len(v) >= 10 and v[:4].isdigit() and v[4] == "-" and v[7] == "-":
            raise ValueError(f"{v[:60]!r} is not a valid calendar date") from None
        raise ValueError(f"{v[:60]!r} is not an ISO date; use YYYY-MM-DD or YYYY-MM-DDTHH:MM") from None
    if len(v) <= 10:  # a bare date: the whole day, inclusive
        return datetime.combine(d.date(), time.max if end else time.min)
    return d.replace(tzinfo=None)
