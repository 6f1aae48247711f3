"""The LLM fault matrix through the local OpenAI-compatible server: 429 storms,
5xx, timeouts, truncated / empty bodies, truncated JSON content — on the embeddings path
(``LiteLLMEmbedder``) and the event-extraction path (``LLMExtractor``), via `chronos index`.

Each fault must end `chronos index` with exit 1 and one `error:` line (no traceback), leave
the sessions committed before the fault intact and the failed batch unmarked, and a rerun
after the fault clears must finish with no duplicates and no invalid reply in the cache.
"""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app
from tests.conftest import write_jsonl

N_SESSIONS, N_TURNS = 4, 3  # with CHRONOS_INDEX_BATCH_TURNS=6: two batches of two sessions
OK_EVENTS = json.dumps({"events": []})


@pytest.fixture(autouse=True)
def _fast_retries(monkeypatch):
    # with_retries waits base * 2**n * uniform(0.5, 1): make the waits ~0 for the test
    monkeypatch.setattr(random, "uniform", lambda a, b: 0.001)
    monkeypatch.setenv("CHRONOS_INDEX_BATCH_TURNS", str(2 * N_TURNS))
    monkeypatch.setenv("CHRONOS_TZ", "UTC")


def archive(tmp_path):
    rows = [
        {
            "session_id": f"s{i}",
            "timestamp": f"2024-05-{i + 1:02d}T10:0{j}:00",
            "speaker": "user" if j % 2 == 0 else "assistant",
            "text": f"session {i} turn {j}: yesterday I went to the dentist in town number {i}",
        }
        for i in range(N_SESSIONS)
        for j in range(N_TURNS)
    ]
    return write_jsonl(tmp_path / "chats.jsonl", rows)


def state(db):
    from chronos_cli.store.tables import EVENTS, SESSIONS, TURNS, Store

    store = Store(str(db))
    out = {}
    for name, key in ((TURNS, "key"), (EVENTS, "event_id"), (SESSIONS, "key")):
        data = store.scan(name, columns=[key, "session_id"]) if store.table(name) is not None else None
        keys = [] if data is None else data[key].to_pylist()
        assert len(keys) == len(set(keys)), f"duplicate rows in {name}"
        out[name] = sorted(set(data["session_id"].to_pylist())) if data is not None else []
    return out


def assert_one_line_failure(r):
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output and r.exception is None or isinstance(r.exception, SystemExit)
    err = r.stderr.strip()
    assert err.startswith("error:") and "\n" not in err, err


FAULTS = {
    "429-storm": [{"status": 429}] * 12,
    "500-storm": [{"status": 503}] * 12,
    "truncated-body": [{"raw": '{"id": "x", "choices": [{"mess'}] * 12,
    "empty-body": [{"raw": ""}] * 12,
}


def _embed_env(monkeypatch, server):
    monkeypatch.setenv("CHRONOS_API_BASE", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-faults")
    # LiteLLM's embedding() makes up to 3 HTTP requests per call even with num_retries=0
    # (its own retry on 429/5xx): with the default 4 retries a storm is 15 requests with
    # SDK back-off. One retry keeps the test fast; the path is the same.
    from chronos_cli.providers import registry
    from chronos_cli.providers.embed import LiteLLMEmbedder

    def fast(settings, model):
        return LiteLLMEmbedder(model, api_base=settings.api_base, num_retries=1, base_delay=0.01)

    registry.register_embedder("openai/test-embed", fast)  # undone by conftest after the test


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_embedding_faults(fault, tmp_path, monkeypatch, openai_server):
    _embed_env(monkeypatch, openai_server)
    db, arch = tmp_path / "db", archive(tmp_path)
    cmd = ["index", str(arch), "--db", str(db), "--embed-model", "openai/test-embed", "--no-events", "--json"]
    # the dimension probe and the first batch succeed; the second batch meets the fault
    openai_server.embeddings.extend([{}, {}] + [dict(x) for x in FAULTS[fault]])
    r = CliRunner().invoke(app, cmd)
    assert_one_line_failure(r)
    openai_server.embeddings.clear()
    s = state(db)
    assert s["sessions"] == ["s0", "s1"]  # the first batch is committed …
    assert s["turns"] == ["s0", "s1"]  # … and nothing of the failed one is written

    r = CliRunner().invoke(app, cmd)  # the fault has cleared
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["sessions_new"] == 2 and rep["sessions_unchanged"] == 2
    s = state(db)
    assert s["sessions"] == s["turns"] == [f"s{i}" for i in range(N_SESSIONS)]


def test_embedding_timeout(tmp_path, monkeypatch, openai_server):
    """A provider that hangs: the request times out, is retried, then fails cleanly."""
    from chronos_cli.index.pipeline import index_paths
    from chronos_cli.providers.embed import LiteLLMEmbedder
    from chronos_cli.providers.errors import ProviderError
    from chronos_cli.store.tables import Store

    emb = LiteLLMEmbedder(
        "openai/test-embed",
        api_base=openai_server.base_url,
        api_key="sk-test-faults",
        timeout=0.4,
        num_retries=1,
        base_delay=0.01,
    )
    # LiteLLM retries a timeout itself (up to 3 requests per call): 2 calls x 3 requests hang
    openai_server.embeddings.extend([{}, {}] + [{"sleep": 1.0}] * 6)
    db, arch = tmp_path / "db", archive(tmp_path)
    with pytest.raises(ProviderError) as exc:
        index_paths([arch], Store(str(db)), emb)
    openai_server.embeddings.clear()
    assert "\n" not in str(exc.value) and "sk-test-faults" not in str(exc.value)
    assert state(db)["sessions"] == ["s0", "s1"]
    report = index_paths([arch], Store(str(db)), emb)
    assert report.sessions_new == 2 and report.sessions_unchanged == 2
    assert state(db)["turns"] == [f"s{i}" for i in range(N_SESSIONS)]


EXTRACT_FAULTS = {
    **FAULTS,
    # a 200 whose content is cut-off JSON: parse, one repair retry, then LLMOutputError
    "truncated-json-content": [{"content": '{"events": [{"subject": "Ann", "ver'}] * 12,
    "empty-content": [{"content": ""}] * 12,
}


@pytest.mark.parametrize("fault", sorted(EXTRACT_FAULTS))
def test_extraction_faults(fault, tmp_path, monkeypatch, openai_server, _isolated_home):
    monkeypatch.setenv("CHRONOS_API_BASE", openai_server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-faults")
    monkeypatch.setenv("CHRONOS_EXTRACT_MODEL", "openai/test-model")
    db, arch = tmp_path / "db", archive(tmp_path)
    cmd = ["index", str(arch), "--db", str(db), "--json"]
    openai_server.chat.extend([{"content": OK_EVENTS}] * 2 + [dict(x) for x in EXTRACT_FAULTS[fault]])
    r = CliRunner().invoke(app, cmd)
    assert_one_line_failure(r)
    openai_server.chat.clear()
    s = state(db)
    assert s["sessions"] == ["s0", "s1"]
    # the failed batch's turns may be written (they come before extraction) but its
    # sessions are not marked, so the rerun redoes them
    assert set(s["turns"]) <= {f"s{i}" for i in range(N_SESSIONS)}

    cache = _isolated_home / "cache" / "llm"
    for f in cache.rglob("*") if cache.exists() else []:
        if f.is_file():
            text = f.read_text(errors="replace")
            assert '"ver' not in text or "verb" in text  # no invalid reply was cached

    openai_server.chat.extend([{"content": OK_EVENTS}] * 2)
    r = CliRunner().invoke(app, cmd)
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["sessions_new"] == 2 and rep["sessions_unchanged"] == 2
    s = state(db)
    assert s["sessions"] == s["turns"] == [f"s{i}" for i in range(N_SESSIONS)]
    # a third run is served from the markers (and the cache): no model call at all
    n = len(openai_server.chat_requests)
    r = CliRunner().invoke(app, cmd)
    assert r.exit_code == 0, r.output
    assert len(openai_server.chat_requests) == n
