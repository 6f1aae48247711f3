"""Unit tests of the LLM layer with a scripted model (no HTTP, no LiteLLM)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from pydantic import BaseModel

from chronos_cli.prompts import load_prompt
from chronos_cli.providers.cache import ResponseCache
from chronos_cli.providers.client import LLM
from chronos_cli.providers.concurrency import map_concurrent
from chronos_cli.providers.errors import LLMOutputError, ProviderError, scrub, with_retries
from chronos_cli.providers.messages import LLMResponse, Usage, tool_message
from chronos_cli.providers.structured import extract_json, structured
from tests.scripted import ScriptedLLM

ROOT = Path(__file__).resolve().parents[1]
MSGS = [
    {"role": "system", "content": "You extract events."},
    {"role": "user", "content": "I moved to Lisbon last May."},
]


class Event(BaseModel):
    what: str
    year: int


class Events(BaseModel):
    events: list[Event]


def test_importing_llm_does_not_import_litellm():
    code = (
        "import sys, chronos_cli.providers.client, chronos_cli.providers.structured, chronos_cli.providers.registry, "
        "chronos_cli.providers.rerank, chronos_cli.runtime, chronos_cli.prompts; "
        "assert 'litellm' not in sys.modules; assert 'cohere' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)


def test_scripted_llm_satisfies_protocol():
    assert isinstance(ScriptedLLM([]), LLM)


def test_structured_valid_reply():
    llm = ScriptedLLM(['{"events": [{"what": "moved to Lisbon", "year": 2023}]}'])
    out = structured(llm, MSGS, Events, prompt_version="extract.v1")
    assert out == Events(events=[Event(what="moved to Lisbon", year=2023)])
    llm.assert_exhausted()
    req = llm.requests[0]
    assert req["response_schema"] is Events
    # the schema is appended to the existing system message, the user message untouched
    assert req["messages"][0]["role"] == "system" and '"events"' in req["messages"][0]["content"]
    assert req["messages"][1] == MSGS[1]
    assert MSGS[0]["content"] == "You extract events."  # caller's messages not mutated


def test_structured_tolerates_fences_and_prose():
    llm = ScriptedLLM(
        [
            'Sure! Here it is:\n```json\n{"what": "x", "year": 1}\n```\nAnything else?',
            'Result: {"what": "y", "year": 2} done',
        ]
    )
    assert structured(llm, MSGS, Event, prompt_version="p.v1") == Event(what="x", year=1)
    assert structured(llm, MSGS, Event, prompt_version="p.v1") == Event(what="y", year=2)
    llm.assert_exhausted()


def test_extract_json_variants():
    assert extract_json("[1, 2]") == [1, 2]
    assert extract_json('text {"a": {"b": [1]}} trailing {"c": 2}') == {"a": {"b": [1]}}
    assert extract_json('oops {not json} then {"ok": true}') == {"ok": True}
    with pytest.raises(ValueError):
        extract_json("no json here")
    with pytest.raises(ValueError):
        extract_json(None)


def test_structured_repair_after_malformed_json():
    llm = ScriptedLLM(['{"what": "moved", "year": ', '{"what": "moved", "year": 2023}'])
    assert structured(llm, MSGS, Event, prompt_version="p.v1") == Event(what="moved", year=2023)
    llm.assert_exhausted()
    repair = llm.requests[1]["messages"]
    assert repair[-2] == {"role": "assistant", "content": '{"what": "moved", "year": '}
    assert repair[-1]["role"] == "user" and "Return only valid JSON" in repair[-1]["content"]


def test_structured_repair_after_schema_violation_names_the_field():
    llm = ScriptedLLM(['{"what": "moved", "year": "last year"}', '{"what": "moved", "year": 2022}'])
    assert structured(llm, MSGS, Event, prompt_version="p.v1").year == 2022
    assert "year" in llm.requests[1]["messages"][-1]["content"]
    llm.assert_exhausted()


def test_structured_invalid_twice_raises_one_line_error(tmp_path):
    cache = ResponseCache(tmp_path)
    llm = ScriptedLLM(["not json", '{"what": 1}'], cache=cache)
    with pytest.raises(LLMOutputError) as err:
        structured(llm, MSGS, Event, prompt_version="p.v1")
    assert "\n" not in str(err.value) and "Event" in str(err.value)
    llm.assert_exhausted()
    # neither invalid reply was cached
    assert not list(tmp_path.rglob("*.json"))


def test_cache_hit_makes_no_call(tmp_path):
    usage = Usage()
    cache = ResponseCache(tmp_path)
    llm = ScriptedLLM(['{"what": "a", "year": 1}'], cache=cache, usage=usage)
    first = structured(llm, MSGS, Event, prompt_version="p.v1")
    again = structured(ScriptedLLM([], cache=cache, usage=usage), MSGS, Event, prompt_version="p.v1")
    assert first == again
    assert usage.llm_calls == 1 and usage.cache_hits == 1
    # a new prompt version is a new key: a call is made
    llm2 = ScriptedLLM(['{"what": "b", "year": 2}'], cache=cache)
    assert structured(llm2, MSGS, Event, prompt_version="p.v2").what == "b"
    llm2.assert_exhausted()
    # use_cache=False bypasses it
    llm3 = ScriptedLLM(['{"what": "c", "year": 3}'], cache=cache)
    assert structured(llm3, MSGS, Event, prompt_version="p.v1", use_cache=False).what == "c"


def test_cache_key_covers_tools_and_schema(tmp_path):
    cache = ResponseCache(tmp_path)
    llm = ScriptedLLM(["a", "b", "c"], cache=cache)
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}]
    assert llm.complete(MSGS).content == "a"
    assert llm.complete(MSGS, tools=tools).content == "b"
    assert llm.complete(MSGS, response_schema=Event).content == "c"  # invalid for Event: not cached
    assert llm.complete(MSGS).content == "a" and llm.complete(MSGS, tools=tools).content == "b"
    llm.assert_exhausted()
    assert len(list(tmp_path.rglob("*.json"))) == 2


def test_corrupted_cache_file_is_a_miss_and_is_overwritten(tmp_path):
    cache = ResponseCache(tmp_path)
    key = ResponseCache.key("scripted", "", {"messages": MSGS})
    cache.path(key).parent.mkdir(parents=True)
    cache.path(key).write_text('{"response": {"content": ')
    llm = ScriptedLLM(["fresh"], cache=cache)
    assert llm.complete(MSGS).content == "fresh"
    assert json.loads(cache.path(key).read_text())["response"]["content"] == "fresh"
    assert cache.path(key).parent.name == key[:2]
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


def test_usage_totals_are_thread_safe():
    usage = Usage()
    resp = LLMResponse(content="x", prompt_tokens=10, completion_tokens=2, cost_usd=0.001, model="m")

    def work(_):
        for _ in range(100):
            usage.add(resp)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    usage.add(resp.model_copy(update={"cached": True}))
    assert usage.model_dump() == {
        "llm_calls": 800,
        "prompt_tokens": 8000,
        "completion_tokens": 1600,
        "cost_usd": pytest.approx(0.8),
    }


def test_scripted_usage_and_tool_calls():
    usage = Usage()
    llm = ScriptedLLM(
        [{"tool_calls": [{"name": "search", "arguments": {"q": "Lisbon"}}]}, "It was May 2023."], usage=usage
    )
    r1 = llm.complete(MSGS, tools=[{"type": "function", "function": {"name": "search"}}])
    assert r1.content is None and r1.tool_calls[0].name == "search"
    assert r1.tool_calls[0].parsed_arguments() == {"q": "Lisbon"}
    convo = [*MSGS, r1.assistant_message(), tool_message(r1.tool_calls[0].id, "found: moved 2023-05")]
    assert convo[-2]["tool_calls"][0]["function"]["arguments"] == '{"q": "Lisbon"}'
    assert llm.complete(convo).content == "It was May 2023."
    assert usage.llm_calls == 2 and usage.prompt_tokens > 0
    assert llm.requests[1]["messages"][-1]["role"] == "tool"
    llm.assert_exhausted()


def test_scripted_exhaustion_and_unexpected_call():
    llm = ScriptedLLM(["one", "two"])
    llm.complete(MSGS)
    with pytest.raises(AssertionError, match="1 scripted LLM replies left unused"):
        llm.assert_exhausted()
    llm.complete(MSGS)
    llm.assert_exhausted()
    with pytest.raises(AssertionError, match="unexpected LLM call"):
        llm.complete(MSGS)


def test_scripted_exception_is_raised():
    llm = ScriptedLLM([ProviderError("rate limited")])
    with pytest.raises(ProviderError, match="rate limited"):
        llm.complete(MSGS)


def test_with_retries_bounded_and_classified():
    class RateLimitError(Exception):
        status_code = 429

    class AuthenticationError(Exception):
        status_code = 401

    calls = []

    def flaky():
        calls.append(1)
        if len(calls) < 3:
            raise RateLimitError("slow down")
        return "ok"

    sleeps: list[float] = []
    assert with_retries(flaky, retries=4, base_delay=0.01, sleep=sleeps.append) == "ok"
    assert len(sleeps) == 2 and sleeps[1] > sleeps[0] * 0.9 / 2  # backoff grows (with jitter)
    assert all(0 < s <= 0.02 for s in sleeps)

    def always():
        raise RateLimitError("still slow")

    sleeps.clear()
    with pytest.raises(ProviderError, match="after 3 attempts") as err:
        with_retries(always, retries=2, base_delay=0.01, sleep=sleeps.append)
    assert err.value.status == 429 and len(sleeps) == 2

    key = "sk-live-0123456789abcdef"

    def auth():
        raise AuthenticationError(f"bad key {key}")

    sleeps.clear()
    with pytest.raises(ProviderError) as err:
        with_retries(auth, retries=4, base_delay=0.01, sleep=sleeps.append, secrets=[key])
    assert not sleeps and key not in str(err.value) and err.value.status == 401


@pytest.mark.parametrize(
    "text",
    [
        "Incorrect API key provided: sk-proj-AbC123xyz987_QWE",
        "headers {'Authorization': 'Bearer abcdef1234567890'}",
        "url ?api_key=s3cr3tvalue&x=1",
        "cohere token Xy7Gq2Lm9Pz4Rt8Vb3Nc6Kw1Hs5Jd0Fa2Ge4",
    ],
)
def test_scrub_removes_key_like_strings(text):
    out = scrub(text)
    for secret in (
        "sk-proj-AbC123xyz987_QWE",
        "abcdef1234567890",
        "s3cr3tvalue",
        "Xy7Gq2Lm9Pz4Rt8Vb3Nc6Kw1Hs5Jd0Fa2Ge4",
    ):
        assert secret not in out
    assert "[redacted]" in out


def test_scrub_removes_env_secrets(monkeypatch):
    monkeypatch.setenv("SOMEPROVIDER_API_KEY", "plainsecret99")
    assert "plainsecret99" not in scrub("failed with plainsecret99")


def test_map_concurrent_preserves_order_and_bounds_concurrency():
    active = 0
    peak = 0
    lock = threading.Lock()

    def fn(x):
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        time.sleep(0.01 * (x % 3))
        with lock:
            active -= 1
        return x * x

    done = []
    assert map_concurrent(fn, range(20), concurrency=4, progress=done.append) == [x * x for x in range(20)]
    assert peak <= 4 and sum(done) == 20


def test_map_concurrent_propagates_first_exception_and_cancels_rest():
    started = []

    def fn(x):
        started.append(x)
        if x == 1:
            raise ValueError("boom 1")
        time.sleep(0.05)
        return x

    with pytest.raises(ValueError, match="boom 1"):
        map_concurrent(fn, range(50), concurrency=2)
    assert len(started) < 50  # the queue was cancelled


def test_load_prompt_highest_version_and_render(tmp_path):
    (tmp_path / "demo.v1.md").write_text("old {{x}}")
    (tmp_path / "demo.v2.md").write_text('Question: {{ question }}\nNow: {{now}}\nJSON: {"a": 1} costs $5 {{question}}')
    (tmp_path / "demo.v10.md").write_text("Q={{question}} {{now}}")
    p = load_prompt("demo", directory=tmp_path)
    assert (p.name, p.version) == ("demo", "demo.v10")
    assert p.render(question="{{now}}", now="2024-01-01") == "Q={{now}} 2024-01-01"  # one pass only
    p2 = load_prompt("demo", directory=tmp_path, version=2)
    assert p2.render(question="when?", now="today") == 'Question: when?\nNow: today\nJSON: {"a": 1} costs $5 when?'
    with pytest.raises(KeyError, match="now"):
        p2.render(question="q")
    with pytest.raises(FileNotFoundError):
        load_prompt("missing", directory=tmp_path)
