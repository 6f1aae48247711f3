"""Who decides the next step: ``LLMPolicy`` (a tool-calling model) or ``RulePolicy`` (offline
rules following the plan). Both drive the same loop and the same tools (agent.py).

Interface: ``decide(state) -> Decision`` (tool calls, or a final answer) and
``final(state) -> Decision`` (answer now: the step cap was reached).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from chronos_cli.ask.offline import Answer, answer_one, calls_for, compare_answer, compare_items, item_plan
from chronos_cli.ask.plan import Plan, hop_plans
from chronos_cli.ask.steps import Step, ToolCallRecord, messages_from
from chronos_cli.hits import EventHit, TurnHit
from chronos_cli.providers.messages import LLMResponse, ToolCall

if TYPE_CHECKING:
    from chronos_cli.providers.client import LLM

FORCE_ANSWER = (
    "You have used all your tool steps. Answer the question now from what you have found, "
    "citing sessions and dates; if the evidence is insufficient, say so."
)
NO_ANSWER = "(the model gave no answer)"  # an empty reply (no text, no tool call) is shown as this
OFFLINE_NOTE = "(Offline, retrieval-based answer: no language model was used.)"


@dataclass
class AgentState:
    """What a policy sees. ``steps`` is the run's record (shared with the agent loop); the
    model's messages and the observations are derived from it."""

    question: str
    now: datetime
    plan: Plan
    prologue: list[dict[str, Any]] = field(default_factory=list)  # system + question (model runs)
    steps: list[Step] = field(default_factory=list)
    seed: list[TurnHit] = field(default_factory=list)  # the initial retrieval
    around: list[TurnHit] = field(default_factory=list)  # the seed's turns with those around them
    enabled: list[str] = field(default_factory=list)

    @property
    def messages(self) -> list[dict[str, Any]]:
        return messages_from(self.prologue, self.steps)

    @property
    def observations(self) -> list[ToolCallRecord]:
        return [c for s in self.steps if s.kind == "tool" for c in s.tool_calls]

    @property
    def tool_steps(self) -> int:
        return sum(1 for s in self.steps if s.kind == "tool")


@dataclass
class Decision:
    tool_calls: list[ToolCall] = field(default_factory=list)
    answer: str | None = None
    answer_range: dict[str, str] | None = None
    events: list[EventHit] = field(default_factory=list)
    response: LLMResponse | None = None


# ------------------------------------------------------------------------------------------
# the model
# ------------------------------------------------------------------------------------------


class LLMPolicy:
    def __init__(self, llm: LLM, schemas: list[dict], *, prompt_version: str) -> None:
        self.llm = llm
        self.schemas = schemas
        self.prompt_version = prompt_version

    def decide(self, state: AgentState) -> Decision:
        resp = self.llm.complete(state.messages, tools=self.schemas or None, prompt_version=self.prompt_version)
        if resp.tool_calls:
            return Decision(tool_calls=resp.tool_calls, response=resp)
        return Decision(answer=(resp.content or "").strip() or NO_ANSWER, response=resp)

    def final(self, state: AgentState) -> Decision:
        msgs = [*state.messages, {"role": "user", "content": FORCE_ANSWER}]
        if self.schemas:
            resp = self.llm.complete(msgs, tools=self.schemas, tool_choice="none", prompt_version=self.prompt_version)
        else:
            resp = self.llm.complete(msgs, prompt_version=self.prompt_version)
        return Decision(answer=(resp.content or "").strip() or NO_ANSWER, response=resp)


# ------------------------------------------------------------------------------------------
# rules
# ------------------------------------------------------------------------------------------


class RulePolicy:
    """Offline: one round of tool calls chosen from the plan (per part of a multi-part
    question, per item of a comparison), then an answer composed from the hits
    (``chronos_cli.ask.offline``: when / count / list / latest / compare / lookup)."""

    def __init__(self) -> None:
        # per part of the question: (the part, its items — (text, plan, indices of its tool
        # calls) — and whether the items are compared)
        self._parts: list[tuple[str, list[tuple[str, Plan, list[int]]], bool]] = []

    def _split(self, state: AgentState) -> list[tuple[str, list[tuple[str, Plan]], bool]]:
        plan = state.plan
        parts = hop_plans(plan.hops, state.now) if plan.operation == "multi-hop" and plan.hops else []
        parts = parts or [(state.question, plan)]
        out = []
        for q, p in parts:
            items = compare_items(q) if p.operation == "compare" else []
            if len(items) >= 2:
                out.append((q, [(it, item_plan(it, p)) for it in items], True))
            else:
                out.append((q, [(q, p)], False))
        return out

    def decide(self, state: AgentState) -> Decision:
        if state.tool_steps > 0:
            return self.final(state)
        calls: list[ToolCall] = []
        self._parts = []
        for q, items, compared in self._split(state):
            planned = []
            for it, p in items:
                mine = calls_for(it, p, state.enabled, len(calls))
                planned.append((it, p, list(range(len(calls), len(calls) + len(mine)))))
                calls += mine
            self._parts.append((q, planned, compared))
        if not calls:
            return self.final(state)
        return Decision(tool_calls=calls)

    def final(self, state: AgentState) -> Decision:
        obs = state.observations
        if not self._parts:
            self._parts = [(state.question, [(state.question, state.plan, list(range(len(obs))))], False)]

        def one(q: str, p: Plan, idx: list[int]) -> Answer:
            records = [obs[i] for i in idx if i < len(obs)]
            return answer_one(q, p, records, state.seed, state.now, p.operation, around=state.around)

        answers: list[tuple[str, Answer]] = []
        for q, items, compared in self._parts:
            if compared:
                answers.append((q, compare_answer([(it, one(it, p, idx)) for it, p, idx in items])))
            else:
                it, p, idx = items[0]
                answers.append((q, one(it, p, idx)))
        if len(answers) == 1:
            text = answers[0][1].text
        else:
            text = "\n".join(f"{q}\n{a.text}" for q, a in answers)
        rng = next((a.answer_range for _, a in answers if a.answer_range), None)
        events = [e for _, a in answers for e in a.events]
        return Decision(answer=f"{text}\n{OFFLINE_NOTE}", answer_range=rng, events=events)
