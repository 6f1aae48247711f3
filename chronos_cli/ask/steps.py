"""The records of one `ask` run: options in, steps along the way, the result out.

Every step is a small pydantic record that feeds both the Rich trace and ``--json``. The steps
ARE the run's record: each tool step keeps the model's message that asked for the calls and
each call's observation, and the message list sent to the model is derived from them
(``messages_from``) — nothing is recorded twice.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, field_serializer

from chronos_cli.ask.plan import Plan
from chronos_cli.hits import EventHit, Hit, TurnHit
from chronos_cli.providers.messages import Usage

# the agent's tools (``chronos_cli.ask.tools.Tools`` methods of these names; ``Tools.NAMES``)
TOOL_NAMES = ("search_turns", "search_events", "grep_turns", "grep_events")


class AskOptions(BaseModel):
    """Switches of one run; the ablation switches mirror the paper's Table 3."""

    offline: bool = False
    max_steps: int = Field(10, ge=1, le=50)
    initial_retrieval: bool = True  # --no-initial-retrieval
    dynamic_prompting: bool = True  # --no-dynamic-prompting
    rerank: bool = True  # --no-rerank: dense order
    date_filter: bool = True  # --no-date-filter: the tools offer no start/end (and ignore them, saying so)
    grep_only: bool = False  # only grep tools
    vector_only: bool = False  # only search tools
    turns_only: bool = False  # no event tools
    pool: int = 100  # dense candidates before rerank
    top_n: int = 15  # initial retrieval size
    concurrency: int = 4  # tool calls of one step at once

    def tool_names(self) -> list[str]:
        """The enabled tools (of ``TOOL_NAMES``) under the ablation switches."""
        names = list(TOOL_NAMES)
        if self.grep_only:
            names = [n for n in names if n.startswith("grep")]
        if self.vector_only:
            names = [n for n in names if n.startswith("search")]
        if self.turns_only:
            names = [n for n in names if n.endswith("turns")]
        return names


class ToolCallRecord(BaseModel):
    """One tool call and what came back (``observation`` is what the model read)."""

    id: str
    name: str
    arguments: Any  # the parsed dict, or the raw text when it did not parse
    hits: int = 0
    ms: float = 0.0
    error: str | None = None
    attempts: int = 1  # > 1: retried after a transient failure (storage, embedding)
    observation: str = Field("", exclude=True)
    kind: str = Field("", exclude=True)  # turns | events
    results: list[Hit] = Field(default_factory=list, exclude=True)  # the ranked hits


class Step(BaseModel):
    index: int
    kind: Literal["plan", "retrieve", "tool", "answer"]
    messages: int = 0  # messages sent to the model at this step (0 offline)
    tool_calls: list[ToolCallRecord] = Field(default_factory=list)
    summary: str = ""  # results in a few words
    hits: int = 0
    errors: list[str] = Field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    ms: float = 0.0
    detail: dict[str, Any] = Field(default_factory=dict)  # e.g. the plan bullets, the forced flag
    # the model's message that asked for this step's tool calls (None offline)
    assistant: dict[str, Any] | None = Field(None, exclude=True)


def messages_from(prologue: list[dict[str, Any]], steps: list[Step]) -> list[dict[str, Any]]:
    """The conversation sent to a tool-calling model: the prologue (system + question), then per
    tool step the model's tool-call message and one tool message per call."""
    out = list(prologue)
    for step in steps:
        if step.kind != "tool" or step.assistant is None:
            continue
        out.append(step.assistant)
        out += [{"role": "tool", "tool_call_id": c.id, "content": c.observation} for c in step.tool_calls]
    return out


class AnswerRange(BaseModel):
    start: str
    end: str


class AskResult(BaseModel):
    """What `ask --json` prints: {question, now, answer, answer_range, plan, retrieved_turns
    (the initial retrieval, ranked), events (those the answer used), steps, usage}, plus ``mode``."""

    question: str
    now: datetime
    answer: str
    answer_range: AnswerRange | None = None
    plan: Plan
    retrieved_turns: list[TurnHit] = Field(default_factory=list)
    events: list[EventHit] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    mode: str = "offline"

    @field_serializer("retrieved_turns")
    def _turns_json(self, hits: list[TurnHit]) -> list[dict[str, Any]]:
        return [h.to_json(score=True, attrs=False) for h in hits]

    @field_serializer("events")
    def _events_json(self, hits: list[EventHit]) -> list[dict[str, Any]]:
        return [e.to_json() for e in hits]

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
