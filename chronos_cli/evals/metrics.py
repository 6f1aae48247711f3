"""Retrieval metrics over ranked id lists (pure functions; no store, no model).

Conventions (documented here because benchmarks differ on them):

- ``recall_any@k`` = 1 if at least one gold id is in the top k, else 0.
- ``recall_all@k`` = 1 if every gold id is in the top k, else 0.
- ``ndcg@k``: binary relevance (1 for a gold id, 0 otherwise), the standard log2 discount
  ``rel_i / log2(i + 1)`` for rank i = 1, 2, …; the ideal DCG puts ``min(|gold|, k)`` relevant
  ids at the top. (LongMemEval's script uses the variant with no discount at rank 1 *and* 2;
  ours is the textbook form, so NDCG@k of a single gold id at rank 2 is 1/log2(3) ≈ 0.631.)
- Duplicates in a ranking count once, at their first position.
- An empty gold set has no defined value: callers skip such questions (``None`` is returned).
- Session-level rankings come from a turn ranking: each session at the position of its first
  turn (``sessions_from_turns``).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence

KS = (1, 3, 5, 10, 30, 50)
METRICS = ("recall_any", "recall_all", "ndcg")


def dedupe(ranked: Iterable[Hashable]) -> list:
    """The ranking with repeats removed (first position wins)."""
    seen: set = set()
    out = []
    for x in ranked:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def sessions_from_turns(turn_sessions: Iterable[Hashable]) -> list:
    """Session ranking = order of first appearance of each session in the turn ranking."""
    return dedupe(turn_sessions)


def recall_any(ranked: Sequence[Hashable], gold: Iterable[Hashable], k: int) -> float | None:
    gold = set(gold)
    if not gold:
        return None
    return 1.0 if gold & set(dedupe(ranked)[:k]) else 0.0


def recall_all(ranked: Sequence[Hashable], gold: Iterable[Hashable], k: int) -> float | None:
    gold = set(gold)
    if not gold:
        return None
    return 1.0 if gold <= set(dedupe(ranked)[:k]) else 0.0


def dcg(relevances: Sequence[float]) -> float:
    return sum(rel / math.log2(i + 1) for i, rel in enumerate(relevances, 1))


def ndcg(ranked: Sequence[Hashable], gold: Iterable[Hashable], k: int) -> float | None:
    gold = set(gold)
    if not gold:
        return None
    rels = [1.0 if x in gold else 0.0 for x in dedupe(ranked)[:k]]
    ideal = dcg([1.0] * min(len(gold), k))
    return dcg(rels) / ideal


_FUNCS = {"recall_any": recall_any, "recall_all": recall_all, "ndcg": ndcg}


def metrics_at(ranked: Sequence[Hashable], gold: Iterable[Hashable], ks: Sequence[int] = KS) -> dict[str, float] | None:
    """{"recall_any@1": …, "recall_all@1": …, "ndcg@1": …, …} or None for an empty gold set."""
    gold = set(gold)
    if not gold:
        return None
    return {f"{m}@{k}": _FUNCS[m](ranked, gold, k) for k in ks for m in METRICS}  # type: ignore[misc]


def mean_metrics(rows: Iterable[dict[str, float] | None]) -> tuple[dict[str, float], int]:
    """Average of per-question metric dicts (``None`` skipped) and how many were averaged."""
    rows = [r for r in rows if r]
    if not rows:
        return {}, 0
    keys = list(rows[0])
    return {k: sum(r[k] for r in rows) / len(rows) for k in keys}, len(rows)
