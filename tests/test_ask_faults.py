"""The LLM fault matrix for `chronos ask` at the wire level: the real CLI, real
LiteLLM, the local OpenAI-compatible server (tests/llm_server.py), a tiny indexed archive and
the real local embedder.

Transport faults (429 storm, 5xx, timeouts, truncated bodies) either recover through the
client's retry loop or end the command with exit 1 and ONE `error:` line (no traceback).
Model misbehaviour (non-JSON tool arguments, a model that never stops calling tools, an empty
reply, a planner returning garbage) never fails the run: it ends with an answer, and the
trouble is recorded in the steps. Decided outcome for an empty reply (no text, no tool call):
the answer is "(the model gave no answer)" (policy.NO_ANSWER), exit 0.

After every case: the DB is intact (`chronos grep` still finds the turns) and every file of
the response cache parses as JSON and holds no error / truncated reply.

Fast retries: `random.uniform` is pinned near 0 (as in test_faults.py), so the back-off waits
are ~0; the timeout case sets CHRONOS_LLM_TIMEOUT / CHRONOS_LLM_RETRIES (read by ask_cmd).
"""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from chronos_cli.ask.policy import FORCE_ANSWER, NO_ANSWER
from chronos_cli.cli import app
from tests.conftest import share_local_embedder, write_jsonl
from tests.test_faults import assert_one_line_failure

NOW = "2024-05-10T12:00"
QUESTION = "When did I go to the dentist?"
RETRIES = 4  # LiteLLMClient's default num_retries: 1 + 4 requests before giving up
PLAN = {
    "bullets": ["Search turns about the dentist.", "Cite the session."],
    "entities": [],
    "attributes": ["dentist"],
    "time_phrase": None,
    "operation": "when",
    "hops": [],
}
SEARCH = {"tool_calls": [{"name": "search_turns", "arguments": {"query": "dentist", "k": 3}}]}
ANSWER = "On 2024-05-01 (session s0)."


@pytest.fixture(scope="module")
def built_db(tmp_path_factory, embedder):
    """A tiny archive, indexed once (rule events, real local embedder)."""
    from chronos_cli.extract import RuleExtractor
    from chronos_cli.index.pipeline import index_paths
    from chronos_cli.store.tables import Store

    root = tmp_path_factory.mktemp("askfaults")
    rows = [
        {
            "session_id": f"s{i}",
            "timestamp": f"2024-05-{i + 1:02d}T10:0{j}:00",
            "speaker": "user" if j % 2 == 0 else "assistant",
            "text": f"session {i} turn {j}: yesterday I went to the dentist in town number {i}",
        }
        for i in range(3)
        for j in range(2)
    ]
    arch = write_jsonl(root / "chats.jsonl", rows)
    db = root / "db"
    index_paths([arch], Store(str(db)), embedder, extractor=RuleExtractor())
    return db


@pytest.fixture
def env(monkeypatch, openai_server, built_db, embedder):
    monkeypatch.setattr(random, "uniform", lambda a, b: 0.001)  # back-off waits ~0
    share_local_embedder(embedder)
    monkeypatch.setenv("CHRONOS_MODEL", "openai/test-model")
    monkeypatch.setenv("CHRONOS_API_BASE", openai_server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-askfaults-0123456789")
    monkeypatch.setenv("CHRONOS_TZ", "UTC")
    return openai_server


def ask(db, *extra, json_out=True):
    args = ["ask", QUESTION, "--db", str(db), "--now", NOW, *extra]
    return CliRunner().invoke(app, args + (["--json"] if json_out else []))


def assert_intact(db, home):
    """The DB still answers grep, and the response cache holds only valid JSON replies."""
    r = CliRunner().invoke(app, ["grep", "dentist", "--db", str(db), "--json"])
    assert r.exit_code == 0, r.output
    assert "dentist" in r.stdout
    for f in (home / "cache").rglob("*") if (home / "cache").exists() else []:
        if f.is_file():
            rec = json.loads(f.read_text(encoding="utf-8"))  # every cache file parses
            resp = rec["response"]
            assert resp["content"] is None or "scripted error" not in resp["content"], f
            assert not any(isinstance(v, str) and v.endswith('"mess') for v in resp.values()), f


# -- transport faults -------------------------------------------------------------------------


def test_429_storm_fails_with_one_line(env, built_db, _isolated_home):
    env.chat.extend([{"status": 429}] * (RETRIES + 1))
    r = ask(built_db, "--no-dynamic-prompting")
    assert_one_line_failure(r)
    assert "429" in r.stderr and f"after {RETRIES + 1} attempts" in r.stderr, r.stderr
    assert len(env.chat_requests) == RETRIES + 1  # our loop only: LiteLLM / SDK retries are off
    assert_intact(built_db, _isolated_home)


def test_429_storm_with_planner(env, built_db, _isolated_home):
    """The planner's storm falls back to the rule plan; the agent's storm then fails the run."""
    env.chat.extend([{"status": 429}] * (2 * (RETRIES + 1)))
    r = ask(built_db)
    assert_one_line_failure(r)
    assert len(env.chat_requests) == 2 * (RETRIES + 1)
    assert_intact(built_db, _isolated_home)


@pytest.mark.parametrize("status", [500])
def test_5xx_then_success(status, env, built_db, _isolated_home):
    env.chat.extend([{"status": status}, {"status": status}, {"content": ANSWER}])
    r = ask(built_db, "--no-dynamic-prompting")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["answer"] == ANSWER and out["mode"] == "model"
    assert len(env.chat_requests) == 3
    assert out["usage"]["llm_calls"] == 1  # the failed attempts are not calls
    assert_intact(built_db, _isolated_home)


def test_timeout_is_retried_then_answers(env, built_db, _isolated_home, monkeypatch):
    monkeypatch.setenv("CHRONOS_LLM_TIMEOUT", "0.5")
    env.chat.extend([{"sleep": 1.5, "content": "too late"}, {"content": ANSWER}])
    r = ask(built_db, "--no-dynamic-prompting")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["answer"] == ANSWER
    assert len(env.chat_requests) == 2
    assert_intact(built_db, _isolated_home)


def test_timeout_storm_fails_cleanly(env, built_db, _isolated_home, monkeypatch):
    monkeypatch.setenv("CHRONOS_LLM_TIMEOUT", "0.4")
    monkeypatch.setenv("CHRONOS_LLM_RETRIES", "1")
    env.chat.extend([{"sleep": 1.0, "content": "too late"}] * 2)
    r = ask(built_db, "--no-dynamic-prompting")
    assert_one_line_failure(r)
    assert "timeout" in r.stderr.lower() or "timed out" in r.stderr.lower(), r.stderr
    assert len(env.chat_requests) == 2
    assert_intact(built_db, _isolated_home)


def test_bad_client_env_is_a_usage_error(env, built_db, monkeypatch):
    monkeypatch.setenv("CHRONOS_LLM_TIMEOUT", "soon")
    r = ask(built_db, "--no-dynamic-prompting")
    assert r.exit_code == 2 and "CHRONOS_LLM_TIMEOUT" in r.stderr, r.output


@pytest.mark.parametrize("raw", ['{"id": "x", "choices": [{"mess', ""])
def test_truncated_body_storm(raw, env, built_db, _isolated_home):
    """A 200 with a cut-off (or empty) body is the server's fault: retried, then one line."""
    env.chat.extend([{"raw": raw}] * (RETRIES + 1))
    r = ask(built_db, "--no-dynamic-prompting")
    assert_one_line_failure(r)
    assert f"after {RETRIES + 1} attempts" in r.stderr, r.stderr
    assert len(env.chat_requests) == RETRIES + 1
    assert_intact(built_db, _isolated_home)


@pytest.mark.parametrize("raw", ['{"id": "x", "choices": [{"mess'])
def test_truncated_body_then_success(raw, env, built_db, _isolated_home):
    env.chat.extend([{"raw": raw}, {"content": ANSWER}])
    r = ask(built_db, "--no-dynamic-prompting")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["answer"] == ANSWER
    assert len(env.chat_requests) == 2
    assert_intact(built_db, _isolated_home)


# -- model misbehaviour -----------------------------------------------------------------------


def test_non_json_tool_arguments_go_back_to_the_model(env, built_db, _isolated_home):
    env.chat.extend(
        [
            {"tool_calls": [{"name": "search_turns", "arguments": '{"query": "dentist", "k": '}]},  # cut-off JSON
            {"content": ANSWER},
        ]
    )
    r = ask(built_db, "--no-dynamic-prompting")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["answer"] == ANSWER
    tool = [s for s in out["steps"] if s["kind"] == "tool"]
    assert len(tool) == 1 and tool[0]["tool_calls"][0]["error"] and "not a JSON object" in tool[0]["errors"][0]
    last = env.chat_requests[-1]["body"]["messages"][-1]
    assert last["role"] == "tool" and last["content"].startswith("ERROR:") and "not a JSON object" in last["content"]
    assert_intact(built_db, _isolated_home)


def test_endless_tool_calls_hit_the_step_cap(env, built_db, _isolated_home):
    max_steps = 3
    env.chat.append({"content": json.dumps(PLAN)})
    env.chat.extend([dict(SEARCH)] * max_steps + [{"content": ANSWER}])
    r = ask(built_db, "--max-steps", str(max_steps))
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    reqs = env.chat_requests
    assert len(reqs) == 1 + max_steps + 1  # plan + one per step + the forced final answer
    final = reqs[-1]["body"]
    assert final.get("tool_choice") == "none" and final["messages"][-1]["content"] == FORCE_ANSWER
    assert out["answer"] == ANSWER
    assert [s["kind"] for s in out["steps"]] == ["plan", "retrieve"] + ["tool"] * max_steps + ["answer"]
    assert out["steps"][-1]["detail"]["forced"] is True
    assert out["usage"]["llm_calls"] == 1 + max_steps + 1
    assert_intact(built_db, _isolated_home)


def test_endless_tool_calls_and_empty_forced_answer(env, built_db, _isolated_home):
    env.chat.extend([dict(SEARCH), {"content": ""}])
    r = ask(built_db, "--no-dynamic-prompting", "--max-steps", "1")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["answer"] == NO_ANSWER
    assert_intact(built_db, _isolated_home)


@pytest.mark.parametrize("json_out", [True, False])
def test_empty_reply_is_a_clear_answer(json_out, env, built_db, _isolated_home):
    env.chat.append({"content": ""})
    r = ask(built_db, "--no-dynamic-prompting", json_out=json_out)
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    if json_out:
        out = json.loads(r.stdout)
        assert out["answer"] == NO_ANSWER and out["mode"] == "model"
    else:
        assert NO_ANSWER in r.stdout
    assert_intact(built_db, _isolated_home)


@pytest.mark.parametrize("garbage", ["not json at all", '{"bullets": []}', '{"bullets": ["x"], "operation": "dance"}'])
def test_planner_garbage_falls_back_to_rules(garbage, env, built_db, _isolated_home):
    # the first reply and the one repair are both garbage → the rule plan stands in
    env.chat.extend([{"content": garbage}, {"content": garbage}, {"content": ANSWER}])
    r = ask(built_db)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["answer"] == ANSWER
    plan_step = out["steps"][0]
    assert plan_step["kind"] == "plan" and plan_step["detail"]["source"] == "rules"
    assert plan_step["errors"] and "PlanDraft" in plan_step["errors"][0]
    assert out["plan"]["source"] == "rules" and out["plan"]["operation"] == "when" and out["plan"]["error"]
    reqs = env.chat_requests
    assert len(reqs) == 3 and "not valid" in reqs[1]["body"]["messages"][-1]["content"]  # one repair request
    # the invalid plans were not cached: only the agent's answer is
    cached = [json.loads(f.read_text())["response"]["content"] for f in (_isolated_home / "cache").rglob("*.json")]
    assert garbage not in cached and ANSWER in cached
    assert_intact(built_db, _isolated_home)


def test_cache_replays_the_answer_without_a_request(env, built_db, _isolated_home):
    """After a fault clears, a rerun of the same question is served from the cache."""
    env.chat.extend([{"status": 500}, {"content": ANSWER}])
    assert ask(built_db, "--no-dynamic-prompting").exit_code == 0
    n = len(env.chat_requests)
    r = ask(built_db, "--no-dynamic-prompting")
    assert r.exit_code == 0 and json.loads(r.stdout)["answer"] == ANSWER
    assert len(env.chat_requests) == n
    assert_intact(built_db, _isolated_home)


def test_empty_reply_is_not_cached(env, built_db, _isolated_home):
    env.chat.append({"content": ""})
    assert json.loads(ask(built_db, "--no-dynamic-prompting").stdout)["answer"] == NO_ANSWER
    env.chat.append({"content": ANSWER})  # the same question again reaches the model
    r = ask(built_db, "--no-dynamic-prompting")
    assert r.exit_code == 0 and json.loads(r.stdout)["answer"] == ANSWER
