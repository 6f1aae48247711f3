"""Test doubles for the provider protocols.

``ScriptedLLM`` answers from a queue through the same cache / usage / structured paths as the
real client (it subclasses ``BaseLLM``). Register one by model name to reach it through Settings
(``CHRONOS_MODEL=scripted/agent``), see the ``registry`` fixture in ``tests/conftest.py``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from chronos_cli.providers.cache import ResponseCache
from chronos_cli.providers.client import BaseLLM
from chronos_cli.providers.messages import LLMResponse, ToolCall, Usage


class ScriptedLLM(BaseLLM):
    """Replies from a queue, for tests. A ``str`` is the content; a dict
    ``{"tool_calls": [{"name", "arguments"}], "content"?}`` makes tool calls (arguments may be a
    dict or raw JSON text); an ``LLMResponse`` is returned as is; an ``Exception`` is raised.
    ``requests`` records what each call was asked; ``assert_exhausted()`` fails on leftovers."""

    def __init__(
        self,
        replies: Sequence[str | dict | LLMResponse | Exception] = (),
        *,
        name: str = "scripted",
        cache: ResponseCache | None = None,
        usage: Usage | None = None,
    ) -> None:
        super().__init__(cache=cache, usage=usage)
        self.name = name
        self.replies = list(replies)
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def add(self, *replies: str | dict | LLMResponse | Exception) -> None:
        with self._lock:
            self.replies.extend(replies)

    def _call(self, request: dict[str, Any], response_schema: type[BaseModel] | None) -> LLMResponse:
        with self._lock:
            self.requests.append({**request, "response_schema": response_schema})
            if not self.replies:
                raise AssertionError("unexpected LLM call")
            reply = self.replies.pop(0)
        if isinstance(reply, BaseException):
            raise reply
        if isinstance(reply, LLMResponse):
            return reply
        prompt_tokens = sum(len(str(m.get("content") or "")) for m in request["messages"]) // 4
        if isinstance(reply, str):
            return LLMResponse(
                content=reply, prompt_tokens=prompt_tokens, completion_tokens=len(reply) // 4, model=self.name
            )
        if isinstance(reply, dict):
            n = len(self.requests)
            calls = [
                ToolCall(
                    id=c.get("id") or f"call_{n}_{i}",
                    name=c["name"],
                    arguments=c.get("arguments")
                    if isinstance(c.get("arguments"), str)
                    else json.dumps(c.get("arguments") or {}),
                )
                for i, c in enumerate(reply.get("tool_calls") or [])
            ]
            content = reply.get("content")
            return LLMResponse(
                content=content,
                tool_calls=calls,
                prompt_tokens=prompt_tokens,
                completion_tokens=len(content or "") // 4 + 10 * len(calls),
                model=self.name,
            )
        raise TypeError(f"unsupported scripted reply: {type(reply).__name__}")

    def assert_exhausted(self) -> None:
        assert not self.replies, f"{len(self.replies)} scripted LLM replies left unused: {self.replies!r:.300}"
