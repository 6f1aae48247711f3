"""LiteLLM embeddings over real HTTP to the local test server, stored and searched."""

from __future__ import annotations

import numpy as np
import pytest

from chronos_cli.index.pipeline import index_paths
from chronos_cli.providers.embed import LiteLLMEmbedder
from chronos_cli.providers.errors import ProviderError
from chronos_cli.store.tables import TURNS, EmbedModelMismatch, Store
from tests.conftest import write_jsonl


def _embedder(server, **kw):
    return LiteLLMEmbedder("openai/test-embed", api_base=server.base_url, api_key="sk-test-embed-0000", **kw)


def test_litellm_embedder_batches_and_normalises(openai_server, monkeypatch):
    monkeypatch.setattr(LiteLLMEmbedder, "batch_size", 2)
    e = _embedder(openai_server)
    v = e.embed(["one", "two", "three"])
    assert v.shape == (3, openai_server.embed_dim)
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    bodies = [r["body"] for r in openai_server.requests if r["path"].endswith("/embeddings")]
    assert [b["input"] for b in bodies] == [["one", "two"], ["three"]]


def test_litellm_embedder_retries_then_fails_cleanly(openai_server):
    openai_server.embeddings.extend([{"status": 429}])
    e = _embedder(openai_server, base_delay=0.01)
    assert e.embed(["x"]).shape[0] == 1  # one 429, then the default answer
    calls = [r for r in openai_server.requests if r["path"].endswith("/embeddings")]
    assert len(calls) == 2  # our single retry, and no hidden SDK retries beneath it
    openai_server.embeddings.extend([{"status": 401}])
    with pytest.raises(ProviderError) as info:
        _embedder(openai_server, base_delay=0.01).embed(["y"])
    assert "sk-test-embed" not in str(info.value)


def test_index_with_api_embeddings_records_the_model(tmp_path, openai_server, embedder):
    src = write_jsonl(
        tmp_path / "a.jsonl",
        [
            {"session_id": "s", "timestamp": "2026-01-05T10:00:00", "speaker": "user", "text": "I bought a bike"},
        ],
    )
    store = Store(str(tmp_path / "db"))
    index_paths([src], store, _embedder(openai_server))
    assert store.embed_model() == ("openai/test-embed", openai_server.embed_dim)
    assert store.counts()[TURNS] == 1
    with pytest.raises(EmbedModelMismatch):
        index_paths([src], store, embedder)
