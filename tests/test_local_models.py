"""Local models, end to end through `chronos ask`, each against a local fake server of its shape:

- Ollama's own API: ``CHRONOS_MODEL=ollama_chat/<model>``, ``CHRONOS_API_BASE=http://localhost:11434``
  (LiteLLM posts to ``/api/chat``; tool calls come back with arguments as a JSON object);
- an OpenAI-compatible local server (llama.cpp's llama-server, vLLM): ``CHRONOS_MODEL=openai/<model>``,
  ``CHRONOS_API_BASE=http://localhost:8080/v1``, with no key (a placeholder is sent) or the
  server's own ``--api-key`` in ``OPENAI_API_KEY``.

Each: planner → a tool call executed on the real index → the result back to the model → the
answer; temperature 0 on the wire; no key anywhere in the output. And the documented fallback
when the model server has no tool calling (an Ollama model without tools, llama-server without
``--jinja``, vLLM without ``--enable-auto-tool-choice``): the run goes on without tools and
answers from the retrieved context.
"""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from chronos_cli.ask.agent import NO_TOOLS_NOTE
from chronos_cli.cli import app
from tests.conftest import share_local_embedder, write_jsonl
from tests.llm_server import FakeProviderServer

NOW = "2024-05-10T12:00"
QUESTION = "When did I go to the dentist?"
PLAN = {
    "bullets": ["Search turns about the dentist.", "Cite the session."],
    "attributes": ["dentist"],
    "operation": "when",
}
SEARCH = {"tool_calls": [{"name": "search_turns", "arguments": {"query": "dentist", "k": 3}}]}
ANSWER = "On 2024-05-02 (session s1)."
LOCAL_KEY = "sk-local-not-checked-0123456789"


@pytest.fixture(scope="module")
def db(tmp_path_factory, embedder):
    from chronos_cli.extract import RuleExtractor
    from chronos_cli.index.pipeline import index_paths
    from chronos_cli.store.tables import Store

    root = tmp_path_factory.mktemp("localmodels")
    rows = [
        {
            "session_id": f"s{i}",
            "timestamp": f"2024-05-{i + 2:02d}T10:0{j}:00",
            "speaker": "user" if j == 0 else "assistant",
            "text": f"turn {j}: today I went to the dentist in town number {i}" if j == 0 else "Hope it went well!",
        }
        for i in range(3)
        for j in range(2)
    ]
    arch = write_jsonl(root / "chats.jsonl", rows)
    path = root / "db"
    index_paths([arch], Store(str(path)), embedder, extractor=RuleExtractor())
    return str(path)


@pytest.fixture
def ollama(monkeypatch):
    """A fake Ollama server (``server.url`` is the ``api_base``): ``/api/chat`` in Ollama's shape."""
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    with FakeProviderServer() as server:
        yield server
        server.assert_script_used()


@pytest.fixture
def local_env(monkeypatch, embedder):
    monkeypatch.setattr(random, "uniform", lambda a, b: 0.001)  # back-off waits ~0
    share_local_embedder(embedder)
    monkeypatch.setenv("CHRONOS_TZ", "UTC")


def ask(db, *extra):
    r = CliRunner().invoke(app, ["ask", QUESTION, "--db", db, "--now", NOW, "--json", *extra])
    assert r.exit_code == 0, r.output
    return r


# -- Ollama (ollama_chat/<model>) -------------------------------------------------------------


def test_ollama_chat_plans_calls_a_tool_and_answers(db, local_env, monkeypatch, ollama):
    monkeypatch.setenv("CHRONOS_MODEL", "ollama_chat/llama3.1")
    monkeypatch.setenv("CHRONOS_API_BASE", ollama.url)
    ollama.chat.extend([{"content": json.dumps(PLAN)}, SEARCH, {"content": ANSWER}])
    r = ask(db)
    out = json.loads(r.stdout)
    assert out["answer"] == ANSWER and out["mode"] == "model" and out["plan"]["source"] == "ollama_chat/llama3.1"
    reqs = [q["body"] for q in ollama.ollama_requests]
    assert len(reqs) == 3 and ollama.chat_requests == []  # Ollama's own API, not /v1
    assert all(b["model"] == "llama3.1" and b["options"]["temperature"] == 0 and b["stream"] is False for b in reqs)
    assert reqs[0]["format"] == "json"  # the planner's structured reply: Ollama's JSON mode
    assert {t["function"]["name"] for t in reqs[1]["tools"]} >= {"search_turns", "grep_turns"}
    # the call ran on the index; its result went back as a tool message after Ollama's call message
    (step,) = [s for s in out["steps"] if s["kind"] == "tool"]
    (call,) = step["tool_calls"]
    assert call["name"] == "search_turns" and call["hits"] == 3 and call["error"] is None
    assistant, tool = reqs[2]["messages"][-2:]
    assert assistant["tool_calls"][0]["function"] == {"name": "search_turns", "arguments": {"query": "dentist", "k": 3}}
    assert tool["role"] == "tool" and "dentist in town number" in tool["content"]
    assert "authorization" not in {k.lower() for q in ollama.ollama_requests for k in q["headers"]}


def test_ollama_model_without_tools_answers_from_the_context(db, local_env, monkeypatch, ollama):
    monkeypatch.setenv("CHRONOS_MODEL", "ollama_chat/gemma3:1b")
    monkeypatch.setenv("CHRONOS_API_BASE", ollama.url)
    refusal = "registry.ollama.ai/library/gemma3:1b does not support tools"
    ollama.chat.extend([{"status": 400, "message": refusal}, {"content": ANSWER}])
    out = json.loads(ask(db, "--no-dynamic-prompting").stdout)
    assert out["answer"] == ANSWER
    first, second = (q["body"] for q in ollama.ollama_requests)
    assert "tools" in first and "tools" not in second
    assert second["messages"][0]["content"].endswith(NO_TOOLS_NOTE)
    assert "Retrieved context" in second["messages"][1]["content"]  # what it answers from
    assert "tool calling unavailable" in out["steps"][-1]["errors"][0] and refusal in out["steps"][-1]["errors"][0]


# -- an OpenAI-compatible local server (llama.cpp, vLLM): openai/<model> + CHRONOS_API_BASE ---------


def test_openai_compatible_local_server(db, local_env, monkeypatch, openai_server):
    monkeypatch.setenv("CHRONOS_MODEL", "openai/qwen2.5-7b-instruct")
    monkeypatch.setenv("CHRONOS_API_BASE", openai_server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", LOCAL_KEY)  # any value: the local server does not check it
    openai_server.chat.extend([{"content": json.dumps(PLAN)}, SEARCH, {"content": ANSWER}])
    r = ask(db)
    out = json.loads(r.stdout)
    assert out["answer"] == ANSWER
    bodies = [q["body"] for q in openai_server.chat_requests]
    assert len(bodies) == 3 and all(b["model"] == "qwen2.5-7b-instruct" and b["temperature"] == 0 for b in bodies)
    assert bodies[0]["response_format"] == {"type": "json_object"}  # what llama.cpp and vLLM accept
    tool = bodies[2]["messages"][-1]
    assert tool["role"] == "tool" and "dentist in town number" in tool["content"]
    assert tool["tool_call_id"] == bodies[2]["messages"][-2]["tool_calls"][0]["id"]
    assert LOCAL_KEY not in r.output and all(LOCAL_KEY not in json.dumps(b) for b in bodies)


def test_openai_compatible_local_server_needs_no_key(db, local_env, monkeypatch, openai_server):
    monkeypatch.setenv("CHRONOS_MODEL", "openai/qwen2.5-7b-instruct")
    monkeypatch.setenv("CHRONOS_API_BASE", openai_server.base_url)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    openai_server.chat.extend([{"content": json.dumps(PLAN)}, SEARCH, {"content": ANSWER}])
    r = ask(db)
    assert json.loads(r.stdout)["answer"] == ANSWER
    assert len(openai_server.chat_requests) == 3


@pytest.mark.parametrize(
    "status, refusal",
    [
        (500, "tools param requires --jinja flag"),  # llama-server started without --jinja
        (400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'),  # vLLM
    ],
)
def test_openai_compatible_server_without_tool_calling(db, local_env, monkeypatch, openai_server, status, refusal):
    monkeypatch.setenv("CHRONOS_MODEL", "openai/local-model")
    monkeypatch.setenv("CHRONOS_API_BASE", openai_server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", LOCAL_KEY)
    monkeypatch.setenv("CHRONOS_LLM_RETRIES", "0")  # llama.cpp's refusal is a 500: not worth retrying here
    openai_server.chat.extend([{"status": status, "message": refusal}, {"content": ANSWER}])
    out = json.loads(ask(db, "--no-dynamic-prompting").stdout)
    assert out["answer"] == ANSWER
    first, second = (q["body"] for q in openai_server.chat_requests)
    assert "tools" in first and "tools" not in second
    assert second["messages"][0]["content"].endswith(NO_TOOLS_NOTE)


def test_a_plain_bad_request_is_not_mistaken_for_missing_tool_support(db, local_env, monkeypatch, openai_server):
    monkeypatch.setenv("CHRONOS_MODEL", "openai/local-model")
    monkeypatch.setenv("CHRONOS_API_BASE", openai_server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", LOCAL_KEY)
    openai_server.chat.append({"status": 400, "message": "the request exceeds the available context size"})
    r = CliRunner().invoke(app, ["ask", QUESTION, "--db", db, "--now", NOW, "--json", "--no-dynamic-prompting"])
    assert r.exit_code == 1 and "context size" in r.stderr
    assert len(openai_server.chat_requests) == 1
