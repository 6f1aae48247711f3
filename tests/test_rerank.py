"""The real Cohere SDK against a local fake Cohere server (base URL override)."""

from __future__ import annotations

import json

import pytest

from chronos_cli.providers.errors import ProviderError
from chronos_cli.providers.rerank import CohereReranker, Reranker

KEY = "co-test-Xy7Gq2Lm9Pz4Rt8Vb3Nc6Kw1Hs5Jd0Fa2Ge4"
DOCS = [
    "We adopted a cat named Miso in March.",
    "I moved to Lisbon in May 2023 for a new job.",
    "The weather in Lisbon was lovely.",
    "Lunch was pasta.",
]


def reranker(server, **kw) -> CohereReranker:
    kw.setdefault("retry_base_delay", 0.01)
    kw.setdefault("timeout", 5)
    return CohereReranker("rerank-english-v3.0", api_key=KEY, base_url=server.url, **kw)


def test_default_scoring_order_and_request(cohere_server):
    rr = reranker(cohere_server)
    assert isinstance(rr, Reranker)
    out = rr.rerank("when did I move to Lisbon", DOCS, top_n=2)
    assert [i for i, _ in out] == [1, 2]
    assert out[0][1] > out[1][1] > 0
    (req,) = cohere_server.requests
    assert req["path"] == "/v2/rerank"
    assert req["body"]["model"] == "rerank-english-v3.0" and req["body"]["top_n"] == 2
    assert req["body"]["documents"] == DOCS
    assert req["headers"]["authorization"] == f"Bearer {KEY}"
    assert KEY not in json.dumps(req["body"])


def test_scripted_results_are_parsed_and_sorted(cohere_server):
    cohere_server.rerank.append(
        {
            "results": [
                {"index": 3, "relevance_score": 0.2},
                {"index": 0, "relevance_score": 0.91},
                {"index": 2, "relevance_score": 0.5},
            ]
        }
    )
    assert reranker(cohere_server).rerank("q", DOCS, top_n=3) == [(0, 0.91), (2, 0.5), (3, 0.2)]


def test_top_n_is_capped_and_empty_input_makes_no_call(cohere_server):
    rr = reranker(cohere_server)
    assert rr.rerank("q", [], top_n=5) == []
    assert cohere_server.requests == []
    out = rr.rerank("lunch pasta", DOCS, top_n=10)
    assert len(out) == 4 and out[0][0] == 3
    assert cohere_server.requests[0]["body"]["top_n"] == 4


def test_transient_error_is_retried(cohere_server):
    cohere_server.rerank.extend([{"status": 429}, {"status": 503}, {"results": [{"index": 1, "relevance_score": 0.7}]}])
    assert reranker(cohere_server).rerank("q", DOCS, top_n=1) == [(1, 0.7)]
    assert len(cohere_server.requests) == 3


def test_auth_error_is_provider_error_without_key(cohere_server):
    cohere_server.rerank.append({"status": 401, "echo_key": True})
    with pytest.raises(ProviderError) as err:
        reranker(cohere_server).rerank("q", DOCS, top_n=2)
    text = str(err.value)
    assert err.value.status == 401 and "\n" not in text
    assert KEY not in text and "Xy7Gq2Lm9Pz4" not in text
    assert len(cohere_server.requests) == 1  # not retried


def test_persistent_server_error_is_bounded(cohere_server):
    cohere_server.rerank.extend([{"status": 500}] * 3)
    with pytest.raises(ProviderError, match="after 3 attempts"):
        reranker(cohere_server, num_retries=2).rerank("q", DOCS, top_n=2)


def test_out_of_range_index_is_provider_error(cohere_server):
    cohere_server.rerank.append({"results": [{"index": 9, "relevance_score": 0.7}]})
    with pytest.raises(ProviderError, match="outside"):
        reranker(cohere_server).rerank("q", DOCS, top_n=1)


def test_missing_key_is_refused():
    with pytest.raises(ProviderError, match="COHERE_API_KEY"):
        CohereReranker(api_key="")
