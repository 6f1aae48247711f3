"""Typed rows read back from the two calendars, and the JSON contract they are shown in.

The store returns ``TurnHit``/``EventHit`` (never raw dicts); rankings, tools, the offline
policy and the CLI pass these along, and ``to_json()`` here is the one place that decides
what ``ask --json``, ``events --json``, ``grep --json`` and the MCP tools print.

Time convention: ``t_conv``, ``start`` and ``end`` are naive local wall-clock datetimes (what
date filters compare against); ``tz_offset_min`` keeps the turn's UTC offset when the source
gave one, so JSON shows ``2023-05-08T13:56:00+02:00``. Day-or-coarser ranges print as dates.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any

from pydantic import BaseModel, Field

from chronos_cli.models import Event

# granularities finer than a day print as datetimes
_FINE = ("instant", "part_of_day")


def iso_at(dt: datetime | None, granularity: str) -> str | None:
    """Dates for day-or-coarser granularities, datetimes for finer ones; None stays None."""
    if dt is None:
        return None
    if granularity in _FINE:
        return dt.isoformat()
    return dt.date().isoformat()


class TurnHit(BaseModel):
    """One turn of the turn calendar, with the score of the ranking that found it."""

    key: str
    namespace: str
    session_id: str
    session_key: str = ""
    turn_id: str
    turn_index: int = 0
    t_conv: datetime
    tz_offset_min: int | None = None
    speaker: str
    role: str = "other"
    text: str
    title: str = ""
    attrs: dict[str, Any] = Field(default_factory=dict)
    score: float = 0.0
    # in an expanded context: one of the ranked turns (True) or only a neighbour (False)
    hit: bool = False

    @classmethod
    def from_row(cls, row: dict[str, Any], score: float | None = None) -> TurnHit:
        """A store row (vector and LanceDB's ``_distance``/``_score`` columns are not fields)."""
        attrs = row.get("attrs")
        if isinstance(attrs, str):
            attrs = json.loads(attrs or "{}")
        fields = {k: row[k] for k in cls.model_fields if k in row and k not in ("attrs", "score")}
        return cls(**fields, attrs=attrs or {}, score=float(score if score is not None else row.get("score", 0.0)))

    @property
    def id(self) -> str:
        return self.key

    @property
    def t_local(self) -> datetime:
        """``t_conv`` with its UTC offset when the source gave one."""
        if self.tz_offset_min is None:
            return self.t_conv
        return self.t_conv.replace(tzinfo=timezone(timedelta(minutes=self.tz_offset_min)))

    def to_json(self, *, score: bool = False, attrs: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "namespace": self.namespace,
            "session_id": self.session_id,
            "turn_id": self.turn_id,
            "t_conv": self.t_local.isoformat(),
            "speaker": self.speaker,
            "role": self.role,
            "text": self.text,
        }
        if attrs and self.attrs:
            out["attrs"] = self.attrs
        if score:
            out["score"] = round(self.score, 6)
        return out


EVENT_JSON_FIELDS = (
    "event_id",
    "namespace",
    "session_id",
    "source_turn_ids",
    "subject",
    "verb",
    "object",
    "text",
    "aliases",
    "time_expression",
    "start",
    "end",
    "granularity",
    "time_source",
    "t_conv",
    "evidence",
    "extractor",
    "kind",
)


class EventHit(Event):
    """One event of the event calendar as stored (with its id), plus a ranking score."""

    session_key: str = ""
    stored_text: str = ""  # the ``text`` column as written (subject verb object)
    score: float = 0.0

    @classmethod
    def from_row(cls, row: dict[str, Any], score: float | None = None) -> EventHit:
        skip = {"score", "stored_text"}
        fields = {k: row[k] for k in cls.model_fields if k in row and k not in skip}
        fields["source_turn_ids"] = list(row.get("source_turn_ids") or [])
        fields["aliases"] = list(row.get("aliases") or [])
        return cls(
            **fields,
            stored_text=row.get("text") or "",
            score=float(score if score is not None else row.get("score", 0.0)),
        )

    @property
    def id(self) -> str:
        return self.event_id

    @property
    def text(self) -> str:  # the stored text when there is one (older rows may differ)
        return self.stored_text or super().text

    @property
    def undated(self) -> bool:
        """No time cue: known only to be on or before the day it was said."""
        return self.start is None

    @property
    def day_range(self) -> tuple[datetime, datetime]:
        """A range to sort and draw by: an undated event sits on the day it was said."""
        if self.start is None:
            day = self.end.replace(hour=0, minute=0, second=0, microsecond=0)
            return day, self.end
        return self.start, self.end

    def to_json(self, *, score: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {k: getattr(self, k) for k in EVENT_JSON_FIELDS}
        out["start"] = iso_at(self.start, self.granularity)
        out["end"] = iso_at(self.end, self.granularity)
        out["t_conv"] = self.t_conv.isoformat()
        out["source_turn_ids"] = list(self.source_turn_ids)
        out["aliases"] = list(self.aliases)
        if score:
            out["score"] = round(self.score, 6)
        return out


Hit = TurnHit | EventHit


def with_score(hit: Hit, score: float) -> Hit:
    """A copy of ``hit`` carrying another ranking's score."""
    return hit.model_copy(update={"score": float(score)})
