"""The records of one `ask` run: options in, steps along the way, the result out.

Every step is a small pydantic record that feeds both the Rich trace and ``--json``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

# the agent's tools (``chronos_cli.ask.tools.Tools`` methods of these names; ``Tools.NAMES``)
TOOL_NAMES = ("search_turns", "search_events", "grep_turns", "grep_events")


class AskOptions(BaseModel):
    """Switches of one run; the ablation switches mirror the paper's Table 3."""

    offline: bool = False
    max_steps: int = Field(10, ge=1, le=50)
    initial_retrieval: bool = True  # --no-initial-retrieval
    dynamic_prompting: bool = True  # --no-dynamic-prompting
    rerank: bool = True  # --no-rerank: dense order
    date_filter: bool = True  # --no-date-filter: tools ignore start/end
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
    id: str
    name: str
    arguments: Any  # the parsed dict, or the raw text when it did not parse
    hits: int = 0
    ms: float = 0.0
    error: str | None = None


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


class AskResult(BaseModel):
    """What `ask --json` prints (DESIGN §6), plus ``mode``."""

    question: str
    now: datetime
    answer: str
    answer_range: dict[str, str] | None = None
    plan: dict[str, Any]
    retrieved_turns: list[dict[str, Any]] = Field(default_factory=list)
    events: list[dict[str, Any]] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)
    usage: dict[str, Any] = Field(default_factory=dict)
    mode: str = "offline"

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
