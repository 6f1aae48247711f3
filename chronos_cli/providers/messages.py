"""What crosses the model boundary: a reply (``LLMResponse``) with its tool calls, the
OpenAI-format messages built from them, and the running ``Usage`` totals."""

from __future__ import annotations

import json
import threading
from typing import Any

from pydantic import BaseModel, Field, PrivateAttr


class ToolCall(BaseModel):
    id: str
    name: str
    arguments: str  # raw JSON text, as the model sent it

    def parsed_arguments(self) -> dict[str, Any]:
        """The arguments as a dict (``{}`` for empty); raises ``ValueError`` on bad JSON."""
        if not self.arguments.strip():
            return {}
        value = json.loads(self.arguments)
        if not isinstance(value, dict):
            raise ValueError("tool arguments are not a JSON object")
        return value


class LLMResponse(BaseModel):
    content: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    model: str = ""
    cached: bool = False
    ms: float = 0.0

    def assistant_message(self) -> dict[str, Any]:
        """This reply as an OpenAI-format assistant message, to append to the conversation."""
        msg: dict[str, Any] = {"role": "assistant", "content": self.content}
        if self.tool_calls:
            msg["tool_calls"] = [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in self.tool_calls
            ]
        return msg


def tool_message(call_id: str, content: str) -> dict[str, Any]:
    """The OpenAI-format message that answers one tool call."""
    return {"role": "tool", "tool_call_id": call_id, "content": content}


class Usage(BaseModel):
    """Totals across calls (thread-safe). Cached replies cost nothing and are not calls."""

    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)
    _cache_hits: int = PrivateAttr(default=0)

    def add(self, resp: LLMResponse) -> None:
        with self._lock:
            if resp.cached:
                self._cache_hits += 1
                return
            self.llm_calls += 1
            self.prompt_tokens += resp.prompt_tokens
            self.completion_tokens += resp.completion_tokens
            self.cost_usd += resp.cost_usd

    @property
    def cache_hits(self) -> int:
        return self._cache_hits
