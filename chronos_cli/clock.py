"""The time boundary: one convention for every datetime that enters Chronos.

Inside Chronos a moment is a **naive local wall-clock datetime** — the time on the speaker's
(or the user's) clock. "Yesterday" is a calendar day on that clock, never a UTC day. Values
are made naive where they enter, and nowhere else:

- archive readers: a timestamp with an offset keeps its own wall time (the offset is stored
  beside it, so output can show it); an epoch is converted to the user's zone;
- ``--now`` and a batch line's ``now``: an ISO time with an offset (or ``Z``) is converted to
  the user's zone (``--tz``/``CHRONOS_TZ``, default the system's); without one it is read as
  wall time in that zone; no ``--now`` means the current time in that zone;
- a model's output and the agent's tool arguments are ISO dates parsed by the temporal
  engine's bound parser (``chronos_cli.temporal.dates.parse_iso_bound``).

Ranges are inclusive: a day is 00:00:00 … 23:59:59.999999.
"""

from __future__ import annotations

from datetime import datetime, tzinfo


class ClockError(ValueError):
    """A time zone or a moment that cannot be read (the message is fit to show)."""


def zone(name: str | None) -> tzinfo | None:
    """The zone called ``name`` (IANA, e.g. ``America/New_York``); None: the system's."""
    if not name:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ClockError(f"unknown time zone {name!r} (use an IANA name such as Europe/Paris)") from None


def wall(dt: datetime) -> datetime:
    """The wall-clock time as written (an offset is dropped, not applied)."""
    return dt.replace(tzinfo=None)


def to_zone(dt: datetime, tz: tzinfo | None) -> datetime:
    """An aware moment as wall time in ``tz`` (None: the system's zone); a naive one as is."""
    if dt.tzinfo is None:
        return dt
    return dt.astimezone(tz).replace(tzinfo=None)


def now_in(tz: tzinfo | None) -> datetime:
    """The current wall time in ``tz`` (None: the system's), to the second."""
    return datetime.now(tz).replace(tzinfo=None, microsecond=0)


def parse_moment(text: str | None, tz: tzinfo | None) -> datetime:
    """A ``--now`` value: ISO date or datetime, with or without an offset (see the module doc).
    None or empty: now. Raises ``ClockError``."""
    if text is None or not str(text).strip():
        return now_in(tz)
    value = str(text).strip()
    if value.endswith(("Z", "z")):
        value = value[:-1] + "+00:00"
    try:
        dt = datetime.fromisoformat(value)
    except ValueError:
        raise ClockError(f"{str(text)[:60]!r} is not an ISO date or datetime (e.g. 2023-05-08T14:00)") from None
    return to_zone(dt, tz)
