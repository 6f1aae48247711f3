"""TimeSpan: one resolved temporal expression (local wall time, inclusive), and the parts
it was composed from (the audit trail `chronos time` shows)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from pydantic import BaseModel, Field

from chronos_cli.models import Granularity
from chronos_cli.temporal.lexicon import MONTH_NAMES

_DAY_END = time(23, 59, 59, 999999)


def day_start(d: date) -> datetime:
    return datetime(d.year, d.month, d.day)


def day_end(d: date) -> datetime:
    return datetime.combine(d, _DAY_END)


class Part(BaseModel):
    """One step of how a span was composed: a base (named day, date, holiday, period), a
    modifier (ordinal-of, this/next/last, in/ago, before/after, part-of, about, at TIME…)
    or the anchor a chained phrase is relative to."""

    role: str  # base | modifier | anchor
    text: str  # the words this part covers
    rule: str  # the rule (or sub-grammar) that read them
    value: str  # what they mean here, in words

    def __str__(self) -> str:
        return f"{self.role} {self.rule} “{self.text}” = {self.value}"


class TimeSpan(BaseModel):
    """A temporal expression found in text and the inclusive wall-clock range it means."""

    text: str
    start_char: int
    end_char: int
    start: datetime
    end: datetime
    granularity: Granularity
    rule: str
    parts: list[Part] = Field(default_factory=list)  # how it was composed (audit trail)

    @property
    def start_date(self) -> date:
        return self.start.date()

    @property
    def end_date(self) -> date:
        return self.end.date()

    def _whole_days(self) -> bool:
        return self.start.time() == time(0) and self.end.time() == _DAY_END

    def display(self) -> str:
        """The range at its granularity: "2023-05-07", "May 2023", "2023", "a – b"."""
        s, e, g = self.start, self.end, self.granularity
        sd, ed = s.date(), e.date()
        if g == "instant":
            return s.strftime("%Y-%m-%d %H:%M") if s == e else f"{s:%Y-%m-%d %H:%M} – {e:%Y-%m-%d %H:%M}"
        if g == "part_of_day":
            if sd == ed:
                return f"{sd.isoformat()} {s:%H:%M}–{e:%H:%M}"
            return f"{s:%Y-%m-%d %H:%M} – {e:%Y-%m-%d %H:%M}"
        if self._whole_days():
            if sd == ed:
                return sd.isoformat()
            if g == "month" and sd.day == 1 and (ed + timedelta(days=1)).day == 1 and sd.month == ed.month:
                return f"{MONTH_NAMES[sd.month - 1]} {sd.year}"
            if g == "year" and (sd.month, sd.day, ed.month, ed.day) == (1, 1, 12, 31) and sd.year == ed.year:
                return str(sd.year)
            if (
                g == "decade"
                and (sd.month, sd.day, ed.month, ed.day) == (1, 1, 12, 31)
                and sd.year % 10 == 0
                and ed.year == sd.year + 9
            ):
                return f"{sd.year}s"
            return f"{sd.isoformat()} – {ed.isoformat()}"
        return f"{s:%Y-%m-%d %H:%M} – {e:%Y-%m-%d %H:%M}"

    def to_json(self) -> dict:
        """Plain dict with ISO strings (what `chronos time --json` prints)."""
        return {
            "text": self.text,
            "start_char": self.start_char,
            "end_char": self.end_char,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "granularity": self.granularity,
            "rule": self.rule,
            "display": self.display(),
            "parts": [p.model_dump() for p in self.parts],
        }
