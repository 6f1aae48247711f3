"""Hybrid search over a calendar table: dense vectors + BM25, fused by reciprocal rank fusion."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

RRF_K = 60


def rrf(
    rankings: Sequence[Sequence[dict[str, Any]]], *, key: Callable[[dict[str, Any]], str], k: int = RRF_K
) -> list[dict[str, Any]]:
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


def hybrid_events(store, embedder, query: str, *, k: int = 50, where=None, vec=None) -> list[dict[str, Any]]:
    """Events for ``query``: vector top-k and full-text top-k, fused by RRF. ``vec``: the
    query's vector when the caller already has it (``embedder`` is then not used)."""
    from chronos_cli.store.tables import EVENTS

    if vec is None:
        vec = embedder.embed([query])[0]
    dense = store.vector_search(EVENTS, vec, k=k, where=where)
    text = store.text_search(EVENTS, query, k=k, where=where)
    return rrf([dense, text], key=lambda r: r["event_id"])[:k]


def find_events(
    store,
    *,
    ranges: Sequence[tuple[datetime | None, datetime | None]] = (),
    query: str | None = None,
    embedder=None,
    sessions: Sequence[str] = (),
    namespaces: Sequence[str] = (),
    speaker: str | None = None,
    limit: int = 0,
) -> list[dict[str, Any]]:
    """The events of `chronos events`, sorted by start: overlapping any of ``ranges``,
    matching ``query`` (hybrid search; needs ``embedder``), in these sessions/namespaces,
    whose subject is ``speaker``. ``limit`` bounds a query's hits (0: no bound)."""
    from chronos_cli.store.tables import EVENTS

    pairs = [(ns, sid) for ns in (namespaces or store.namespaces()) for sid in sessions] if sessions else None
    lo = min((r[0] for r in ranges if r[0] is not None), default=None)
    hi = max((r[1] for r in ranges if r[1] is not None), default=None)
    where = store.build_filter(
        namespaces=namespaces or None, start=lo, end=hi, time_col="start", end_col="end", session_ids=pairs
    )

    def fits(r: dict[str, Any], a: datetime | None, b: datetime | None) -> bool:
        """Overlaps [a, b] and, for a closed range, is at most 3 × as wide + 2 days: "last
        month" should not list an event dated only "this year" (the rule the benches use)."""
        if (a is not None and r["end"] < a) or (b is not None and r["start"] > b):
            return False
        if a is None or b is None:
            return True
        return (r["end"] - r["start"]) <= 3 * (b - a) + timedelta(days=2)

    def keep(r: dict[str, Any]) -> bool:
        if speaker and r["subject"].strip().lower() != speaker.strip().lower():
            return False
        return not ranges or any(fits(r, a, b) for a, b in ranges)

    if query:
        # over-fetch when rows are filtered after the search
        k = max(limit or 200, 50) * (4 if speaker or len(ranges) > 1 else 1)
        rows = [r for r in hybrid_events(store, embedder, query, k=k, where=where) if keep(r)]
        if limit:
            rows = rows[:limit]
    else:
        rows = [r for r in store.scan(EVENTS, where=where, vectors=False).to_pylist() if keep(r)]
    for r in rows:
        r.pop("vector", None)
    rows.sort(key=lambda r: (r["start"], r["end"], r["namespace"], r["session_id"]))
    return rows


def timeline_buckets(rows: list[dict]) -> list[dict]:
    """Counts per ISO week (Monday) when the events span ≤ ~3 months, per month up to ~3
    years, else per year; empty periods in between are included so the bars read as a
    calendar (the year unit keeps one old event from drawing decades of empty months)."""
    from datetime import date, timedelta

    if not rows:
        return []
    starts = [r["start"].date() for r in rows]
    lo, hi = min(starts), max(starts)
    span = (hi - lo).days
    unit = "week" if span <= 92 else "month" if span <= 3 * 366 else "year"

    def key(d: date) -> date:
        if unit == "week":
            return d - timedelta(days=d.weekday())
        return d.replace(day=1) if unit == "month" else d.replace(month=1, day=1)

    def step(d: date) -> date:
        if unit == "week":
            return d + timedelta(days=7)
        if unit == "month":
            return (d.replace(day=28) + timedelta(days=4)).replace(day=1)
        return d.replace(year=d.year + 1)

    counts: dict[date, int] = {}
    for d in starts:
        counts[key(d)] = counts.get(key(d), 0) + 1
    out = []
    cur = key(lo)
    while cur <= key(hi):
        out.append({"period": unit, "start": cur.isoformat(), "count": counts.get(cur, 0)})
        cur = step(cur)
    return out
