"""Reranking candidates against the ORIGINAL question.

- a ``Reranker`` (Cohere Rerank v3 through ``chronos_cli.providers.rerank.CohereReranker``) when given;
- offline: reciprocal rank fusion (``chronos_cli.event_query.rrf``, the one implementation) of the
  dense ranking with a full-text (BM25) ranking of the same question;
- ``use_rerank=False`` (``--no-rerank``): the dense order as is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chronos_cli.event_query import rrf

# the full-text ranking counts twice in the fusion: with the local MiniLM model, BM25 is the
# stronger signal on LoCoMo (bench/bench_ask.py: dense 30.5%, BM25 57.5%, 1:1 RRF 44.6%, 2:1 54.5%)
LEXICAL_WEIGHT = 2


def row_key(row: dict[str, Any]) -> str:
    return (
        row.get("event_id") or row.get("key") or f"{row.get('namespace')}/{row.get('session_id')}/{row.get('turn_id')}"
    )


def rrf_rows(rankings: Sequence[Sequence[dict[str, Any]]], *, top_n: int) -> list[dict[str, Any]]:
    """RRF of ``rankings`` (rows keyed by ``row_key``): the best ``top_n`` rows, each with
    ``_score`` = the fused score."""
    fused = rrf(rankings, key=row_key)[:top_n]
    for r in fused:
        r["_score"] = round(float(r.pop("_rrf")), 6)
    return fused


def rerank_rows(
    question: str,
    dense: Sequence[dict[str, Any]],
    lexical: Sequence[dict[str, Any]] = (),
    *,
    top_n: int,
    reranker=None,
    use_rerank: bool = True,
    restrict_to_dense: bool = False,
    text_of=lambda r: r.get("text") or "",
) -> list[dict[str, Any]]:
    """The best ``top_n`` rows, each with ``_score`` (cosine, Cohere relevance or fused RRF).

    ``restrict_to_dense``: the lexical list only reorders the dense pool (tool searches, where
    the pool came from the agent's own query), it adds nothing to it.
    """
    dense = list(dense)
    if not use_rerank:
        return [dict(r) for r in dense[:top_n]]
    if reranker is not None:
        if not dense:
            return []
        pairs = reranker.rerank(question, [text_of(r) for r in dense], top_n)
        out = []
        for i, score in pairs:
            r = dict(dense[i])
            r["_score"] = float(score)
            out.append(r)
        return out
    lex = list(lexical)
    if restrict_to_dense:
        pool = {row_key(r) for r in dense}
        lex = [r for r in lex if row_key(r) in pool]
    return rrf_rows([dense, *([lex] * LEXICAL_WEIGHT)], top_n=top_n)
