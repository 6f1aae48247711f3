"""Hybrid search over a calendar table: dense vectors + BM25, fused by reciprocal rank fusion."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

RRF_K = 60


def rrf(rankings: Sequence[Sequence[dict[str, Any]]], *, key: Callable[[dict[str, Any]], str], k: int = RRF_K) -> list[dict[str, Any]]:
    """Reciprocal rank fusion: score(d) = Σ 1 / (k + rank_i(d)), rank from 1. Rows keep the
    first ranking's copy; ``_rrf`` holds the fused score. Ties keep first-seen order."""
    scores: dict[str, float] = {}
    rows: dict[str, dict[str, Any]] = {}
    for ranking in rankings:
        for rank, row in enumerate(ranking, 1):
            kk = key(row)
            scores[kk] = scores.get(kk, 0.0) + 1.0 / (k + rank)
            rows.setdefault(kk, row)
    order = sorted(scores, key=lambda x: -scores[x])
    out = []
    for kk in order:
        r = dict(rows[kk])
        r["_rrf"] = scores[kk]
        out.append(r)
    return out


def hybrid_events(store, embedder, query: str, *, k: int = 50, where=None) -> list[dict[str, Any]]:
    """Events for ``query``: vector top-k and full-text top-k, fused by RRF."""
    from chronos_cli.store import EVENTS

    vec = embedder.embed([query])[0]
    dense = store.vector_search(EVENTS, vec, k=k, where=where)
    text = store.text_search(EVENTS, query, k=k, where=where)
    return rrf([dense, text], key=lambda r: r["event_id"])[:k]
