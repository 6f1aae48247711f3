"""Provider keys never leak from `chronos ask`: the real CLI, real LiteLLM against
the local OpenAI-compatible server, the real Cohere SDK against the local Cohere server.

The keys must reach the servers (Authorization headers: the test is not vacuous) but appear
nowhere in stdout / stderr (the `--json` output and the Rich trace), the captured logs (DEBUG),
the files under CHRONOS_HOME (the response cache) or the DB folder — also when a provider
answers 401 with an error text that echoes the key.
"""

from __future__ import annotations

import json
import logging
import random

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app
from tests.conftest import share_local_embedder
from tests.test_ask_faults import (  # noqa: F401, F811  (shared fixtures)
    ANSWER,
    PLAN,
    QUESTION,
    SEARCH,
    built_db,
)
from tests.test_faults import assert_one_line_failure
from tests.test_secrets import COHERE_KEY, KEYS, OPENAI_KEY, _files_with_keys

NOW = "2024-05-10T12:00"


@pytest.fixture
def env(monkeypatch, openai_server, cohere_server, caplog, embedder):
    caplog.set_level(logging.DEBUG)
    monkeypatch.setattr(random, "uniform", lambda a, b: 0.001)
    share_local_embedder(embedder)
    monkeypatch.setenv("OPENAI_API_KEY", OPENAI_KEY)
    monkeypatch.setenv("COHERE_API_KEY", COHERE_KEY)
    monkeypatch.setenv("CHRONOS_MODEL", "openai/test-model")
    monkeypatch.setenv("CHRONOS_API_BASE", openai_server.base_url)
    monkeypatch.setenv("CHRONOS_COHERE_BASE_URL", cohere_server.url)
    monkeypatch.setenv("CHRONOS_TZ", "UTC")
    return openai_server, cohere_server


def ask(db, *extra):
    return CliRunner().invoke(app, ["ask", QUESTION, "--db", str(db), "--now", NOW, *extra])


def assert_no_keys(texts, caplog, home, db):
    for i, text in enumerate(texts):
        for k in KEYS:
            assert k not in text, f"key in output #{i}: {text[:400]}"
    for k in KEYS:
        assert k not in caplog.text
    assert _files_with_keys(home) == []
    assert _files_with_keys(db) == []


def assert_keys_sent(oai, co):
    assert oai.chat_requests and all(OPENAI_KEY in (q["headers"].get("authorization") or "") for q in oai.chat_requests)
    assert all(OPENAI_KEY not in json.dumps(q["body"]) for q in oai.requests)  # header only, never the body
    assert co.requests and all(COHERE_KEY in (q["headers"].get("authorization") or "") for q in co.requests)


@pytest.mark.parametrize("json_out", [True, False], ids=["json", "trace"])
def test_ask_keys_reach_servers_but_nowhere_else(json_out, env, built_db, _isolated_home, caplog, embedder):  # noqa: F811  (fixture imported from test_ask_faults)
    oai, co = env
    # plan, one tool step (a search that Cohere reranks too), the answer
    oai.chat.extend([{"content": json.dumps(PLAN)}, dict(SEARCH), {"content": ANSWER}])
    r = ask(built_db, *(["--json"] if json_out else []))
    assert r.exit_code == 0, r.output
    if json_out:
        out = json.loads(r.stdout)
        assert out["answer"] == ANSWER and out["steps"][1]["detail"]["rerank"] == "cohere"
    else:
        assert ANSWER in r.stdout and "search_turns" in r.stderr  # the Rich trace was printed
    assert_keys_sent(oai, co)
    assert list((_isolated_home / "cache").rglob("*.json"))  # the cache was written (and holds no key)
    assert_no_keys([r.stdout, r.stderr], caplog, _isolated_home, built_db)


def test_agent_401_echoing_the_key(env, built_db, _isolated_home, caplog, embedder):  # noqa: F811  (fixture imported from test_ask_faults)
    oai, co = env
    oai.chat.append({"status": 401, "echo_key": True})
    r = ask(built_db, "--no-dynamic-prompting", "--json")
    assert_one_line_failure(r)
    assert "Incorrect API key" in r.stderr and "401" in r.stderr  # the error is shown …
    assert len(oai.chat_requests) == 1  # … at once (auth errors are not retried)
    assert_keys_sent(oai, co)
    assert_no_keys([r.stdout, r.stderr], caplog, _isolated_home, built_db)  # … with the key scrubbed


@pytest.mark.parametrize("json_out", [True, False], ids=["json", "trace"])
def test_planner_401_echoing_the_key(json_out, env, built_db, _isolated_home, caplog, embedder):  # noqa: F811  (fixture imported from test_ask_faults)
    """The planner's 401 falls back to the rule plan; its error text lands in the output, scrubbed."""
    oai, co = env
    oai.chat.extend([{"status": 401, "echo_key": True}, {"content": ANSWER}])
    r = ask(built_db, *(["--json"] if json_out else []))
    assert r.exit_code == 0, r.output
    shown = r.stdout if json_out else r.stderr
    assert "Incorrect API key" in shown
    if json_out:
        out = json.loads(r.stdout)
        assert out["plan"]["source"] == "rules" and "Incorrect API key" in out["plan"]["error"]
    assert_keys_sent(oai, co)
    assert_no_keys([r.stdout, r.stderr], caplog, _isolated_home, built_db)


@pytest.mark.parametrize("json_out", [True, False], ids=["json", "trace"])
def test_cohere_401_echoing_the_key(json_out, env, built_db, _isolated_home, caplog, embedder):  # noqa: F811  (fixture imported from test_ask_faults)
    """A reranker that rejects the key: retrieval goes on without it; the error is recorded, scrubbed."""
    oai, co = env
    co.rerank.append({"status": 401, "echo_key": True})
    oai.chat.append({"content": ANSWER})
    r = ask(built_db, "--no-dynamic-prompting", *(["--json"] if json_out else []))
    assert r.exit_code == 0, r.output
    shown = r.stdout if json_out else r.stderr
    assert "Incorrect API key" in shown
    if json_out:
        retrieve = json.loads(r.stdout)["steps"][1]
        assert retrieve["kind"] == "retrieve" and retrieve["errors"]
    assert_keys_sent(oai, co)
    assert_no_keys([r.stdout, r.stderr], caplog, _isolated_home, built_db)
