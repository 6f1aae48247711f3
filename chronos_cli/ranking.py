"""Ranking typed hits: reciprocal rank fusion and reranking against the ORIGINAL question.

- a ``Reranker`` (Cohere Rerank through ``chronos_cli.providers.rerank``) when given;
- offline: reciprocal rank fusion of the dense ranking with a full-text (BM25) ranking of the
  same question (the lexical list counts ``LEXICAL_WEIGHT`` times);
- ``use_rerank=False`` (``--no-rerank``): the dense order as is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from chronos_cli.hits import EventHit, Hit, TurnHit, with_score

H = TypeVar("H", TurnHit, EventHit)

RRF_K = 60
# the full-text ranking counts twice in the fusion: with the local MiniLM model, BM25 is the
# stronger signal on LoCoMo (bench/bench_ask.py: dense 30.5%, BM25 57.5%, 1:1 RRF 44.6%, 2:1 54.5%)
LEXICAL_WEIGHT = 2


def rrf(rankings: Sequence[Sequence[H]], *, k: int = RRF_K, top_n: int | None = None) -> list[H]:
    """Reciprocal rank fusion: score(d) = Σ 1 / (k + rank_i(d)), rank from 1, hits keyed by
    their ``id``. Each hit keeps the first ranking's copy with ``score`` = the fused score;
    ties keep first-seen order."""
    scores: dict[str, float] = {}
    first: dict[str, H] = {}
    for ranking in rankings:
        for rank, hit in enumerate(ranking, 1):
            scores[hit.id] = scores.get(hit.id, 0.0) + 1.0 / (k + rank)
            first.setdefault(hit.id, hit)
    order = sorted(scores, key=lambda x: -scores[x])
    if top_n is not None:
        order = order[:top_n]
    return [with_score(first[i], round(scores[i], 6)) for i in order]


def rerank_text(hit: Hit) -> str:
    """What a reranker reads for a hit: a turn with who said it and when ("Caroline (8 May
    2023): I went to a support group yesterday"), since questions name the person and the
    time ("When did Caroline…") while the turn says "I" (measured for the embedding side on
    the dev conversations: BENCHMARKS.md, "Speaker and date in the text")."""
    if isinstance(hit, TurnHit):
        return f"{hit.speaker} ({hit.t_conv:%-d %B %Y}): {hit.text}"
    when = f"{hit.start:%Y-%m-%d}" if hit.start is not None else f"before {hit.end:%Y-%m-%d}"
    return f"{hit.text} ({when}): {hit.evidence or ''}"


def rerank(
    question: str,
    dense: Sequence[H],
    lexical: Sequence[H] = (),
    *,
    top_n: int,
    reranker=None,
    use_rerank: bool = True,
    restrict_to_dense: bool = False,
    text_of: Callable[[Hit], str] = rerank_text,
) -> list[H]:
    """The best ``top_n`` hits, each with ``score`` (cosine, Cohere relevance or fused RRF).

    ``restrict_to_dense``: the lexical list only reorders the dense pool (tool searches, where
    the pool came from the agent's own query), it adds nothing to it.
    """
    dense = list(dense)
    if not use_rerank:
        return dense[:top_n]
    if reranker is not None:
        if not dense:
            return []
        pairs = reranker.rerank(question, [text_of(h) for h in dense], top_n)
        return [with_score(dense[i], score) for i, score in pairs]
    lex = list(lexical)
    if restrict_to_dense:
        pool = {h.id for h in dense}
        lex = [h for h in lex if h.id in pool]
    return rrf([dense, *([lex] * LEXICAL_WEIGHT)], top_n=top_n)
