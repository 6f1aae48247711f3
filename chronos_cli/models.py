"""Pydantic models for everything that crosses a module boundary.

Time convention: ``t_conv`` is the conversation's local wall-clock time.
When the source gives a UTC offset we keep it (an aware datetime); the store keeps the
naive wall time for filtering and the offset beside it so ISO output can show it.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from datetime import datetime
from statistics import median
from typing import Any, Literal

from pydantic import BaseModel, Field

from chronos_cli.clock import wall

Role = Literal["user", "assistant", "other"]


class Turn(BaseModel):
    session_id: str
    turn_id: str
    t_conv: datetime
    speaker: str
    role: Role = "other"
    text: str
    # format-specific attributes kept for evaluation (e.g. LongMemEval has_answer)
    attrs: dict[str, Any] = Field(default_factory=dict)

    @property
    def content_hash(self) -> str:
        return content_hash(self.speaker, self.role, self.t_conv.isoformat(), self.text)


class Session(BaseModel):
    namespace: str
    session_id: str
    title: str | None = None
    t_conv: datetime  # when the session started (first turn)
    turns: list[Turn]
    # when the same people last talked before this session (the end of their previous one):
    # what "since we last talked" counts from. Set by ``link_last_talks``; not part of the content.
    last_talk: datetime | None = None
    # for a talk with none before it in the archive: how many days its people usually go between
    # talks (the median of their later gaps), so news told in it can be dated (``extract/news.py``)
    usual_gap_days: float | None = None

    @property
    def content_hash(self) -> str:
        return content_hash(*(t.content_hash for t in self.turns))


def link_last_talks(
    sessions: list[Session], stored: dict[tuple[str, str], tuple[set[str], list[datetime]]] | None = None
) -> None:
    """Give each session that has none the time its participants last talked: the latest turn,
    before the session starts, of another session of its namespace that was a talk (two
    speakers or more) among people who include all of its speakers (a diary entry is no talk).
    A conversation reopened later counts with its turns before the start, not its end.
    ``stored``: (namespace, session_id) → (speakers, turn times) of sessions already indexed,
    so a session read from another file still finds the talk before it."""
    talks: dict[tuple[str, frozenset], list[datetime]] = {}
    seen: set[tuple[str, str]] = set()
    people = [_people(t.speaker for t in s.turns) for s in sessions]
    starts = [min(wall(t.t_conv) for t in s.turns) if s.turns else None for s in sessions]
    for s, who in zip(sessions, people):
        seen.add((s.namespace, s.session_id))
        if len(who) > 1:
            talks.setdefault((s.namespace, who), []).extend(wall(t.t_conv) for t in s.turns)
    for (ns, sid), (speakers, times) in (stored or {}).items():
        who = _people(speakers)
        if (ns, sid) not in seen and len(who) > 1:
            talks.setdefault((ns, who), []).extend(wall(t) for t in times)
    by_ns: dict[str, list[tuple[frozenset, list[datetime]]]] = {}
    for (ns, who), times in talks.items():
        by_ns.setdefault(ns, []).append((who, sorted(times)))
    for s, who, start in zip(sessions, people, starts):
        if s.last_talk is not None or start is None:
            continue
        best = None
        for group, times in by_ns.get(s.namespace, []):
            k = bisect_left(times, start)  # the latest turn strictly before this session starts
            if who <= group and k and (best is None or times[k - 1] > best):
                best = times[k - 1]
        s.last_talk = best
    gaps: dict[tuple[str, frozenset], list[float]] = {}
    for s, who, start in zip(sessions, people, starts):
        if s.last_talk is not None and start is not None and len(who) > 1:
            gaps.setdefault((s.namespace, who), []).append((start - s.last_talk).total_seconds() / 86400)
    for s, who in zip(sessions, people):
        seen_gaps = gaps.get((s.namespace, who), [])
        if s.last_talk is None and len(who) > 1 and len(seen_gaps) >= 2:
            s.usual_gap_days = median(seen_gaps)


def _people(speakers) -> frozenset:
    return frozenset(" ".join(w.split()).casefold() for w in speakers)


class NamespaceInfo(BaseModel):
    """Metadata a benchmark file carries per namespace (questions for evaluation)."""

    namespace: str
    format: str
    question_id: str | None = None
    question_type: str | None = None
    question: str | None = None
    answer: Any = None
    question_date: datetime | None = None
    answer_session_ids: list[str] = Field(default_factory=list)
    qa: list[dict[str, Any]] = Field(default_factory=list)  # LoCoMo QA list


class Skipped(BaseModel):
    """A conversation (or JSON Lines line) left out of an archive whose other parts were read."""

    path: str  # the file it is in
    where: str  # e.g. "conversation 3 (id 6f2c…) message 4", "line 12"
    id: str | None = None  # the conversation's (or line's session) id, when it has one
    title: str | None = None
    reason: str

    def __str__(self) -> str:
        title = f" {self.title!r}" if self.title else ""
        return f"{self.path}: {self.where}{title}: skipped: {self.reason}"


class Archive(BaseModel):
    """What one archive file yields. ``skipped``: the parts that could not be read (empty when
    the reader ran with ``strict=True``, which raises on the first problem instead)."""

    path: str
    format: str
    sessions: list[Session]
    namespaces: list[NamespaceInfo] = Field(default_factory=list)
    skipped: list[Skipped] = Field(default_factory=list)


def content_hash(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8", "surrogatepass"))
        h.update(b"\x1f")
    return h.hexdigest()[:32]


Granularity = Literal[
    "instant",
    "part_of_day",
    "day",
    "weekend",
    "week",
    "month",
    "season",
    "quarter",
    "year",
    "decade",
    "range",
    "fuzzy",
    "undated",
]
TimeSource = Literal["rule", "model", "news", "said_on"]
# "event": a parsed ⟨subject, verb, object⟩; "mention": a dated clause the parser could not
# split into one (subject = the speaker, object = the clause as said), kept so that no
# resolved time expression is lost from the calendar.
EventKind = Literal["event", "mention"]


class Event(BaseModel):
    """One dated ⟨subject, verb, object⟩ event of the event calendar.

    ``start``/``end`` are naive local wall-clock datetimes, inclusive (a day is
    00:00:00 … 23:59:59.999999); ``granularity`` says how to print them.

    An event with no time cue is *undated*: ``start`` is None, ``end`` is the end of the day it
    was said, ``granularity`` "undated", ``time_source`` "said_on" — known only to be on or
    before that day (a wedding mentioned today may have been years ago). A past deed told as
    news between people who last talked at most a week before is dated from that talk to the
    day it was told: ``time_source`` "news", ``granularity`` "range".
    """

    event_id: str = ""
    namespace: str
    session_id: str
    source_turn_ids: list[str]
    subject: str
    verb: str
    object: str
    aliases: list[str] = Field(default_factory=list)
    time_expression: str | None = None
    start: datetime | None
    end: datetime
    granularity: str = "day"
    time_source: TimeSource = "said_on"
    kind: EventKind = "event"
    t_conv: datetime
    evidence: str = ""
    extractor: str = "rules"

    @property
    def text(self) -> str:
        return f"{self.subject} {self.verb} {self.object}".strip()

    def stable_id(self) -> str:
        """Same namespace, session, source turns and normalized SVO → same id."""
        norm = " ".join(self.text.lower().split())
        return content_hash(self.namespace, self.session_id, ",".join(sorted(self.source_turn_ids)), norm)[:24]
