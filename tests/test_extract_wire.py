"""The LLM extractor over the wire: real LiteLLM against the local OpenAI-compatible server."""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest

from chronos_cli.extract.llm_extractor import LLMExtractor
from chronos_cli.models import Session, Turn
from chronos_cli.providers.client import LiteLLMClient
from chronos_cli.providers.errors import ProviderError

REPLY = json.dumps(
    {
        "events": [
            {
                "subject": "Caroline",
                "verb": "went to",
                "object": "a LGBTQ support group",
                "time_expression": "yesterday",
                "start": "2023-05-07",
                "end": "2023-05-07",
                "aliases": ["support group meeting", "LGBTQ group visit"],
                "source_turn_ids": ["D1:1"],
                "evidence": "I went to a LGBTQ support group yesterday.",
            }
        ]
    }
)


def _session() -> Session:
    t = datetime(2023, 5, 8, 13, 56)
    return Session(
        namespace="ns",
        session_id="session_1",
        t_conv=t,
        turns=[
            Turn(
                session_id="session_1",
                turn_id="D1:1",
                t_conv=t,
                speaker="Caroline",
                text="I went to a LGBTQ support group yesterday.",
            )
        ],
    )


def _client(server, **kw) -> LiteLLMClient:
    kw.setdefault("retry_base_delay", 0.01)
    kw.setdefault("retry_max_delay", 0.02)
    return LiteLLMClient("openai/test-model", api_base=server.base_url, api_key="sk-test-1", **kw)


def test_wire_extraction_temperature_zero(openai_server):
    openai_server.chat.append({"content": REPLY})
    ex = LLMExtractor(_client(openai_server))
    [[e]] = ex.extract([_session()])
    assert (e.subject, e.start.date(), e.time_source) == ("Caroline", date(2023, 5, 7), "rule")
    body = openai_server.chat_requests[0]["body"]
    assert body["temperature"] == 0
    assert "[D1:1]" in body["messages"][-1]["content"]
    assert ex.usage.llm_calls == 1 and ex.usage.prompt_tokens > 0


def test_wire_429_then_success(openai_server):
    openai_server.chat.extend([{"status": 429}, {"content": REPLY}])
    [[e]] = LLMExtractor(_client(openai_server)).extract([_session()])
    assert e.object == "a LGBTQ support group"
    assert len(openai_server.chat_requests) == 2


def test_wire_500_gives_up_with_provider_error(openai_server):
    openai_server.chat.extend([{"status": 500}, {"status": 500}])
    with pytest.raises(ProviderError) as info:
        LLMExtractor(_client(openai_server, num_retries=1)).extract([_session()])
    assert "sk-test-1" not in str(info.value)


def test_wire_timeout(openai_server):
    openai_server.chat.append({"sleep": 1.5, "content": REPLY})
    with pytest.raises(ProviderError):
        LLMExtractor(_client(openai_server, num_retries=0, timeout=0.3)).extract([_session()])
