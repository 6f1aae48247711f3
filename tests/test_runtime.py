"""The composition root: parts built from Settings, substituted by model name or by constructor,
the embedder that matches the database, and nothing model-backed offline."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app
from chronos_cli.config import LOCAL_EMBED_MODEL, Settings, load_settings
from chronos_cli.extract import RuleExtractor
from chronos_cli.providers.client import LiteLLMClient
from chronos_cli.providers.embed import LiteLLMEmbedder, LocalEmbedder
from chronos_cli.providers.rerank import CohereReranker
from chronos_cli.runtime import Runtime, SetupError
from chronos_cli.store.tables import Store
from tests.conftest import share_local_embedder
from tests.scripted import ScriptedLLM
from tests.test_ask_faults import NOW, QUESTION, built_db  # noqa: F401  (shared fixture)

COHERE_KEY = "co-test-runtime-0123456789abcdefghij"


def meta_db(tmp_path, model: str, dim: int) -> str:
    """A real LanceDB folder whose meta records ``model`` (what indexing writes first)."""
    db = str(tmp_path / "db")
    Store(db).set_meta({"embed_model": model, "embed_dim": str(dim)})
    return db


# -- models ------------------------------------------------------------------------------------


def test_registered_models_are_found_by_the_names_in_settings(tmp_path, substitute):
    agent = substitute.model("scripted/agent", ScriptedLLM([], name="scripted/agent"))
    planner = substitute.model("scripted/planner", ScriptedLLM([], name="scripted/planner"))
    rt = Runtime(Settings(db=str(tmp_path), model="scripted/agent", planner_model="scripted/planner"))
    assert rt.agent_llm is agent and rt.planner_llm is planner
    assert rt.agent_llm is rt.agent_llm  # built once


def test_registered_block_restores_what_was_there(tmp_path, substitute):
    from chronos_cli.providers import registry

    outer = substitute.model("scripted/agent", ScriptedLLM([]))
    inner = ScriptedLLM([])
    s = Settings(db=str(tmp_path), model="scripted/agent", extract_model="openai/extract")
    with registry.registered(models={"scripted/agent": lambda *a, **k: inner, "openai/extract": lambda *a, **k: inner}):
        assert Runtime(s).agent_llm is inner and Runtime(s).extract_llm is inner
    assert Runtime(s).agent_llm is outer
    assert isinstance(Runtime(s).extract_llm, LiteLLMClient)  # unregistered again: the real adapter


def test_planner_is_the_agent_client_when_the_names_match(tmp_path):
    rt = Runtime(Settings(db=str(tmp_path), model="openai/test-model"))
    assert isinstance(rt.agent_llm, LiteLLMClient) and rt.planner_llm is rt.agent_llm
    other = Runtime(Settings(db=str(tmp_path), model="openai/test-model", planner_model="openai/small"))
    assert other.planner_llm is not other.agent_llm and other.planner_llm.name == "openai/small"


def test_fresh_agent_llms_keep_separate_usage(tmp_path):
    rt = Runtime(Settings(db=str(tmp_path), model="openai/a", planner_model="openai/b"))
    (a1, p1), (a2, p2) = rt.fresh_agent_llms(), rt.fresh_agent_llms()
    assert a1 is not a2 and a1.usage is not a2.usage and p1 is not p2
    assert (a1.name, p1.name) == ("openai/a", "openai/b")
    same = Runtime(Settings(db=str(tmp_path), model="openai/a"))
    agent, planner = same.fresh_agent_llms()
    assert planner is agent


def test_offline_builds_no_model_and_no_reranker(tmp_path, monkeypatch, substitute):
    monkeypatch.setenv("COHERE_API_KEY", COHERE_KEY)
    substitute.model("scripted/agent", ScriptedLLM([]))
    s = Settings(db=str(tmp_path), model="scripted/agent", extract_model="scripted/agent", offline=True)
    rt = Runtime(s)
    assert rt.agent_llm is None and rt.planner_llm is None and rt.extract_llm is None
    assert rt.judge_llm is None and rt.reranker is None
    assert isinstance(rt.extractor, RuleExtractor)
    assert rt.fresh_agent_llms() == (None, None)


def test_no_model_configured_is_offline_too(tmp_path):
    rt = Runtime(Settings(db=str(tmp_path)))
    assert rt.agent_llm is None and rt.extract_llm is None and rt.reranker is None
    assert isinstance(rt.extractor, RuleExtractor)


def test_judge_gets_short_replies_and_still_judges_offline_when_named_by_flag(tmp_path, monkeypatch, substitute):
    seen: list[dict | None] = []
    judge = ScriptedLLM([], name="scripted/judge")

    def factory(settings, name, extra=None):
        seen.append(extra)
        return judge

    from chronos_cli.providers import registry

    registry.register_model("scripted/judge", factory)
    monkeypatch.setenv("CHRONOS_JUDGE_MODEL", "scripted/judge")
    assert Runtime(load_settings(offline=True)).judge_llm is None  # from the environment: offline wins
    assert Runtime(load_settings(judge_model="scripted/judge", offline=True)).judge_llm is judge  # --judge-model
    assert Runtime(load_settings()).judge_llm is judge
    assert seen == [{"max_tokens": 10}, {"max_tokens": 10}]


# -- extractor and reranker --------------------------------------------------------------------


def test_extractor_is_the_llm_extractor_over_the_registered_extract_model(tmp_path, substitute):
    llm = substitute.model("scripted/extract", ScriptedLLM([], name="scripted/extract"))
    rt = Runtime(Settings(db=str(tmp_path), extract_model="scripted/extract"))
    assert rt.extractor.llm is llm and rt.extractor.name.startswith("scripted/extract+extract_events.")
    rules = substitute.extractor("scripted/extract", RuleExtractor())
    assert Runtime(Settings(db=str(tmp_path), extract_model="scripted/extract")).extractor is rules


def test_reranker_is_cohere_with_a_key_and_never_shows_it(tmp_path, monkeypatch):
    s = Settings(db=str(tmp_path), cohere_base_url="http://127.0.0.1:9")
    assert Runtime(s).reranker is None  # no key: offline fusion
    monkeypatch.setenv("COHERE_API_KEY", COHERE_KEY)
    rt = Runtime(s)
    assert isinstance(rt.reranker, CohereReranker) and rt.reranker.base_url == "http://127.0.0.1:9"
    assert COHERE_KEY not in repr(rt) + repr(rt.reranker)


def test_registered_reranker_by_rerank_model_name(tmp_path, substitute):
    class Fixed:
        name = "fixed"

        def rerank(self, query, documents, top_n):
            return [(i, 1.0) for i in range(min(top_n, len(documents)))]

    fixed = substitute.reranker("test/fixed", Fixed())
    assert Runtime(Settings(db=str(tmp_path), rerank_model="test/fixed")).reranker is fixed
    assert Runtime(Settings(db=str(tmp_path), rerank_model="test/fixed", offline=True)).reranker is None


# -- constructor injection ---------------------------------------------------------------------


def test_constructor_parts_win_and_none_is_a_value(tmp_path, monkeypatch, embedder):
    monkeypatch.setenv("COHERE_API_KEY", COHERE_KEY)
    store = Store(str(tmp_path / "db"))
    llm = ScriptedLLM([])
    rt = Runtime(
        Settings(db="unused://nowhere", model="openai/never-built"),
        store=store,
        embedder=embedder,
        agent_llm=llm,
        reranker=None,
    )
    assert rt.store is store and rt.embedder is embedder and rt.configured_embedder is embedder
    assert rt.agent_llm is llm and rt.planner_llm is llm  # same model name: the agent's client
    assert rt.fresh_agent_llms() == (llm, llm)
    assert rt.reranker is None  # even with a Cohere key set


# -- store -------------------------------------------------------------------------------------


def test_nothing_is_opened_until_asked_and_a_missing_index_is_one_clear_error(tmp_path):
    db = str(tmp_path / "nothing-here")
    rt = Runtime(Settings(db=db))
    assert not (tmp_path / "nothing-here").exists()
    with pytest.raises(SetupError, match=r"no index at .*nothing-here: run `chronos index PATH --db"):
        _ = rt.store
    assert Runtime(Settings(db=db), must_exist=False).store.exists() is False


def test_bad_storage_settings_are_a_usage_error(tmp_path, monkeypatch):
    from chronos_cli.config import config_path

    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('storage_options = "not a table"\n', encoding="utf-8")
    with pytest.raises(SetupError) as e:
        _ = Runtime(Settings(db="s3://bucket/db")).store
    assert e.value.exit_code == 2 and "storage_options" in str(e.value)


# -- the embedder that matches the database ----------------------------------------------------


def test_embedder_follows_the_database_when_none_is_set(tmp_path, monkeypatch, openai_server):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-runtime-embed")
    db = meta_db(tmp_path, "openai/test-embed", openai_server.embed_dim)
    rt = Runtime(load_settings(db=db, api_base=openai_server.base_url), must_exist=False)
    emb = rt.embedder
    assert isinstance(emb, LiteLLMEmbedder) and emb.name == "openai/test-embed" and emb.dim == openai_server.embed_dim
    assert rt.configured_embedder.name == LOCAL_EMBED_MODEL  # what `index --reembed` would switch to


def test_fresh_database_uses_the_configured_model(tmp_path, embedder):
    share_local_embedder(embedder)
    rt = Runtime(Settings(db=str(tmp_path / "db")), must_exist=False)
    assert rt.embedder is embedder and rt.configured_embedder is embedder  # one instance, one ONNX session


def test_explicit_embed_model_that_differs_from_the_database_is_refused(tmp_path, monkeypatch):
    db = meta_db(tmp_path, "openai/test-embed", 8)
    monkeypatch.setenv("CHRONOS_EMBED_MODEL", LOCAL_EMBED_MODEL)
    rt = Runtime(load_settings(db=db), must_exist=False)
    with pytest.raises(SetupError, match=r"embedded with openai/test-embed \(8-d\), not local/.*--reembed"):
        _ = rt.embedder


def test_same_model_name_with_another_dimension_is_refused(tmp_path, embedder):
    share_local_embedder(embedder)
    db = meta_db(tmp_path, LOCAL_EMBED_MODEL, 768)
    with pytest.raises(SetupError, match=r"768-d"):
        _ = Runtime(Settings(db=db), must_exist=False).embedder
    ok = meta_db(tmp_path / "ok", LOCAL_EMBED_MODEL, 384)
    assert isinstance(Runtime(Settings(db=ok), must_exist=False).embedder, LocalEmbedder)


# -- the CLI through the same path -------------------------------------------------------------


def test_ask_cli_reaches_a_registered_model_through_chronos_model(built_db, monkeypatch, substitute, embedder):  # noqa: F811
    share_local_embedder(embedder)
    llm = substitute.model("scripted/agent", ScriptedLLM(["On 2024-05-01 (session s0)."], name="scripted/agent"))
    monkeypatch.setenv("CHRONOS_MODEL", "scripted/agent")
    r = CliRunner().invoke(
        app, ["ask", QUESTION, "--db", str(built_db), "--now", NOW, "--json", "--no-dynamic-prompting"]
    )
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["answer"] == "On 2024-05-01 (session s0)."
    llm.assert_exhausted()
    seed = json.dumps(llm.requests[0]["messages"])
    assert "dentist" in seed  # the agent saw the initial retrieval from the real store and embedder


def test_ask_cli_refuses_a_mismatched_embedder_in_one_line(built_db, monkeypatch):  # noqa: F811
    monkeypatch.setenv("CHRONOS_EMBED_MODEL", "openai/other-embed")
    r = CliRunner().invoke(app, ["ask", QUESTION, "--db", str(built_db), "--now", NOW, "--json"])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "embedded with local/all-MiniLM-L6-v2-int8" in r.stderr and r.stdout == ""
