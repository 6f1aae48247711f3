"""Wire-level tests: the real LiteLLM talks HTTP to a local fake OpenAI server."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel

from chronos_cli.providers.cache import ResponseCache
from chronos_cli.providers.client import LiteLLMClient
from chronos_cli.providers.errors import LLMOutputError, ProviderError
from chronos_cli.providers.messages import Usage, tool_message
from chronos_cli.providers.structured import structured

KEY = "sk-test-wire0123456789abcdefXYZ"
MSGS = [{"role": "user", "content": "When did I move to Lisbon?"}]
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "search_events",
            "description": "Search the event calendar.",
            "parameters": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
        },
    }
]


class Answer(BaseModel):
    answer: str
    year: int


def client(server, **kw) -> LiteLLMClient:
    kw.setdefault("retry_base_delay", 0.01)
    kw.setdefault("timeout", 5)
    return LiteLLMClient("openai/test-model", api_base=server.base_url, api_key=KEY, **kw)


def test_scripted_completion_sends_temperature_zero(openai_server):
    openai_server.chat.append({"content": "In May 2023.", "usage": {"prompt_tokens": 12, "completion_tokens": 4}})
    usage = Usage()
    resp = client(openai_server, usage=usage).complete(MSGS)
    assert resp.content == "In May 2023." and not resp.tool_calls and not resp.cached
    assert (resp.prompt_tokens, resp.completion_tokens) == (12, 4)
    assert resp.cost_usd == 0.0  # unknown model: no price, no crash
    assert usage.model_dump() == {"llm_calls": 1, "prompt_tokens": 12, "completion_tokens": 4, "cost_usd": 0.0}
    (req,) = openai_server.chat_requests
    assert req["body"]["temperature"] == 0
    assert req["body"]["model"] == "test-model"
    assert req["body"]["messages"] == MSGS
    assert req["headers"].get("authorization") == f"Bearer {KEY}"  # the key goes in the header only
    assert KEY not in json.dumps(req["body"])


def test_tool_call_round_trip(openai_server):
    openai_server.chat.append({"tool_calls": [{"name": "search_events", "arguments": {"query": "Lisbon move"}}]})
    openai_server.chat.append({"content": "You moved in May 2023."})
    llm = client(openai_server)
    first = llm.complete(MSGS, tools=TOOLS, tool_choice="auto")
    (call,) = first.tool_calls
    assert call.name == "search_events" and json.loads(call.arguments) == {"query": "Lisbon move"}
    convo = [*MSGS, first.assistant_message(), tool_message(call.id, "2023-05-02: moved to Lisbon")]
    second = llm.complete(convo, tools=TOOLS)
    assert second.content == "You moved in May 2023."
    body1, body2 = (r["body"] for r in openai_server.chat_requests)
    assert body1["tools"][0]["function"]["name"] == "search_events" and body1["tool_choice"] == "auto"
    assert body2["messages"][1]["tool_calls"][0]["id"] == call.id
    assert body2["messages"][2] == {"role": "tool", "tool_call_id": call.id, "content": "2023-05-02: moved to Lisbon"}


@pytest.mark.parametrize("status", [429, 500, 503])
def test_transient_error_then_success_is_retried(openai_server, status):
    openai_server.chat.extend([{"status": status}, {"content": "ok"}])
    usage = Usage()
    assert client(openai_server, usage=usage).complete(MSGS).content == "ok"
    assert len(openai_server.chat_requests) == 2  # exactly one retry: LiteLLM/OpenAI SDK retries are off
    assert usage.llm_calls == 1


def test_persistent_500_gives_provider_error_after_bounded_retries(openai_server):
    openai_server.chat.extend([{"status": 500}] * 3)
    with pytest.raises(ProviderError) as err:
        client(openai_server, num_retries=2).complete(MSGS)
    assert len(openai_server.chat_requests) == 3
    assert err.value.status == 500 and "after 3 attempts" in str(err.value) and "\n" not in str(err.value)


def test_slow_reply_times_out_then_retry_succeeds(openai_server):
    openai_server.chat.extend([{"sleep": 1.0, "content": "too late"}, {"content": "on time"}])
    assert client(openai_server, timeout=0.3).complete(MSGS).content == "on time"
    assert len(openai_server.chat_requests) == 2


def test_persistent_timeout_gives_provider_error(openai_server):
    openai_server.chat.extend([{"sleep": 0.6, "content": "late"}] * 2)
    with pytest.raises(ProviderError, match="(?i)timeout|timed out") as err:
        client(openai_server, timeout=0.2, num_retries=1).complete(MSGS)
    assert err.value.retryable


def test_auth_error_is_not_retried_and_key_is_scrubbed(openai_server, tmp_path):
    openai_server.chat.append({"status": 401, "echo_key": True})
    with pytest.raises(ProviderError) as err:
        client(openai_server, cache=ResponseCache(tmp_path)).complete(MSGS)
    assert len(openai_server.chat_requests) == 1
    assert err.value.status == 401
    text = str(err.value) + repr(err.value) + "".join(map(str, err.value.args))
    assert KEY not in text and "wire0123456789" not in text and "[redacted]" in text
    assert err.value.__cause__ is None and err.value.__suppress_context__
    assert not list(tmp_path.rglob("*.json"))


def test_bad_request_is_not_retried(openai_server):
    openai_server.chat.append({"status": 400, "message": "The model `nope` does not exist"})
    with pytest.raises(ProviderError, match="does not exist"):
        client(openai_server).complete(MSGS)
    assert len(openai_server.chat_requests) == 1


def test_truncated_body_is_retried(openai_server):
    openai_server.chat.extend([{"raw": '{"id": "chatcmpl-1", "choi'}, {"content": "whole"}])
    assert client(openai_server).complete(MSGS).content == "whole"


def test_disk_cache_makes_second_identical_call_free_and_holds_no_key(openai_server, tmp_path):
    openai_server.chat.append({"content": '{"answer": "May 2023", "year": 2023}'})
    usage = Usage()
    cache = ResponseCache(tmp_path / "cache")
    first = structured(client(openai_server, cache=cache, usage=usage), MSGS, Answer, prompt_version="ask.v1")
    # a fresh client (as in a second run) with the same cache directory: no HTTP request
    second = structured(client(openai_server, cache=cache, usage=usage), MSGS, Answer, prompt_version="ask.v1")
    assert first == second == Answer(answer="May 2023", year=2023)
    assert len(openai_server.chat_requests) == 1
    assert usage.llm_calls == 1 and usage.cache_hits == 1
    files = list((tmp_path / "cache").rglob("*.json"))
    assert len(files) == 1
    for f in files:
        assert KEY not in f.read_text() and "wire0123456789" not in f.read_text()


def test_structured_over_the_wire_sends_response_format_and_repairs(openai_server):
    openai_server.chat.extend(
        [{"content": '```json\n{"answer": "May"}\n```'}, {"content": '{"answer": "May", "year": 2023}'}]
    )
    out = structured(client(openai_server), MSGS, Answer, prompt_version="ask.v1")
    assert out == Answer(answer="May", year=2023)
    first, repair = (r["body"] for r in openai_server.chat_requests)
    # an unknown model on an OpenAI-compatible server: JSON mode, the schema is in the system message
    assert first["response_format"] == {"type": "json_object"}
    assert first["messages"][0]["role"] == "system" and '"year"' in first["messages"][0]["content"]
    assert repair["messages"][-1]["role"] == "user" and "year" in repair["messages"][-1]["content"]


def test_structured_invalid_twice_over_the_wire(openai_server, tmp_path):
    openai_server.chat.extend([{"content": "I think May?"}, {"content": "May 2023, I believe"}])
    with pytest.raises(LLMOutputError):
        structured(client(openai_server, cache=ResponseCache(tmp_path)), MSGS, Answer, prompt_version="ask.v1")
    assert not list(tmp_path.rglob("*.json"))


def test_server_rejecting_response_format_falls_back_to_plain_requests(openai_server):
    openai_server.chat.extend(
        [
            {"status": 400, "message": "response_format is not supported by this server"},
            {"content": '{"answer": "May", "year": 2023}'},
            {"content": '{"answer": "June", "year": 2024}'},
        ]
    )
    llm = client(openai_server)
    assert structured(llm, MSGS, Answer, prompt_version="ask.v1").year == 2023
    assert structured(llm, [{"role": "user", "content": "and then?"}], Answer, prompt_version="ask.v1").year == 2024
    bodies = [r["body"] for r in openai_server.chat_requests]
    assert "response_format" in bodies[0] and "response_format" not in bodies[1] and "response_format" not in bodies[2]


def test_known_model_gets_json_schema_format_and_a_cost(openai_server):
    # a model LiteLLM knows (local price table) served by the fake server: native structured output
    openai_server.chat.append(
        {"content": '{"answer": "May", "year": 2023}', "usage": {"prompt_tokens": 1000, "completion_tokens": 100}}
    )
    usage = Usage()
    llm = LiteLLMClient(
        "openai/gpt-4o-mini", api_base=openai_server.base_url, api_key=KEY, retry_base_delay=0.01, usage=usage
    )
    assert structured(llm, MSGS, Answer, prompt_version="ask.v1").year == 2023
    fmt = openai_server.chat_requests[0]["body"]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "Answer"
    assert set(fmt["json_schema"]["schema"]["properties"]) == {"answer", "year"}
    assert usage.cost_usd > 0


def test_backoff_doubles_with_jitter_and_is_capped():
    from chronos_cli.providers.errors import with_retries

    class Overloaded(Exception):
        status_code = 503

    slept: list[float] = []
    calls = []

    def fn():
        calls.append(1)
        raise Overloaded("busy")

    with pytest.raises(ProviderError):
        with_retries(fn, retries=5, base_delay=1.0, max_delay=5.0, sleep=slept.append)
    assert len(calls) == 6 and len(slept) == 5
    for attempt, delay in enumerate(slept):
        full = min(5.0, 1.0 * 2**attempt)
        assert 0.5 * full <= delay <= full  # jitter 0.5–1 × the exponential delay, capped
