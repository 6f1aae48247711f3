"""The tools' structured output: the CLI's JSON contract (``TurnHit.to_json``, ``EventHit.to_json``,
``AskResult.to_json``) written out as models, so each tool publishes an output schema.

Extra keys are allowed: the contract in ``chronos_cli.hits`` may grow a field without the server
rejecting its own output.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class TurnOut(_Open):
    """One turn, as `chronos grep --json` prints it."""

    namespace: str
    session_id: str
    turn_id: str
    t_conv: str = Field(description="when it was said: ISO datetime, with the source's UTC offset when known")
    speaker: str
    role: str
    text: str
    attrs: dict[str, Any] | None = None
    score: float | None = None


class EventOut(_Open):
    """One event of the event calendar, as `chronos events --json` prints it."""

    event_id: str
    namespace: str
    session_id: str
    source_turn_ids: list[str]
    subject: str
    verb: str
    object: str
    text: str
    aliases: list[str]
    time_expression: str | None
    start: str | None = Field(description="ISO date (datetime when finer than a day); null: undated")
    end: str | None
    granularity: str
    time_source: str
    t_conv: str = Field(description="when the event was mentioned")
    evidence: str
    extractor: str
    kind: str = Field("event", description="event, or mention: a dated mention whose clause did not parse")
    score: float | None = None


class TurnsOut(BaseModel):
    turns: list[TurnOut]
    total: int = Field(description="how many turns matched (a grep may show fewer)")


class EventsOut(BaseModel):
    events: list[EventOut]
    total: int = Field(description="how many events matched (fewer may be shown)")


class AnswerRangeOut(BaseModel):
    start: str
    end: str


class AskOut(_Open):
    """What `chronos ask --json` prints."""

    question: str
    now: str
    answer: str
    answer_range: AnswerRangeOut | None = Field(description="the dates the answer names, when it names any")
    mode: str
    plan: dict[str, Any]
    retrieved_turns: list[TurnOut] = Field(description="the initial retrieval, ranked")
    events: list[EventOut] = Field(description="the events the answer used")
    steps: list[dict[str, Any]]
    usage: dict[str, Any]


class SessionOut(BaseModel):
    uri: str
    namespace: str
    session_id: str
    title: str
    t_conv: str = Field(description="when the session started")
    n_turns: int
