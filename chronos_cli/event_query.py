"""The event calendar as `chronos events` (and the MCP `events` tool) query it: date windows,
hybrid search (dense vectors + BM25, fused by reciprocal rank fusion), sessions, speaker; and
the timeline buckets."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from chronos_cli.hits import EventHit
from chronos_cli.ranking import rrf

if TYPE_CHECKING:
    from chronos_cli.providers.embed import Embedder

# `events --query`: an event matches when the full-text index finds the query's words in it
# (text or aliases) or its meaning is close enough. MiniLM cosines of unrelated short texts sit
# around 0.0-0.3; paraphrases ("dentist" / "had a tooth filled") reach 0.4 and above.
MIN_SIMILARITY = 0.4


def hybrid_events(
    store,
    embedder,
    query: str,
    *,
    k: int = 50,
    where=None,
    vec=None,
    relevant_only: bool = False,
    text_pool: int | None = None,
) -> list[EventHit]:
    """Events for ``query``: vector top-k and full-text top-k, fused by RRF. ``vec``: the
    query's vector when the caller already has it (``embedder`` is then not used).
    ``relevant_only``: drop dense hits that neither match a word nor reach ``MIN_SIMILARITY``
    (a dense search always returns k events, however unrelated). ``text_pool``: ask the
    full-text search for that many and keep its top k, so that another caller's larger search is
    the store's remembered one (LanceDB's top k of a larger search may order ties otherwise: 6 of
    85 questions' lists differed on a written chat, with the same answers and retrieval)."""
    from chronos_cli.store.tables import EVENTS

    if vec is None:
        vec = embedder.embed([query])[0]
    dense = store.vector_search(EVENTS, vec, k=k, where=where)
    text = store.text_search(EVENTS, query, k=max(k, text_pool or k), where=where)[:k]
    if relevant_only:
        dense = [e for e in dense if e.score >= MIN_SIMILARITY]
    return rrf([dense, text], top_n=k)


def find_events(
    store,
    *,
    ranges: Sequence[tuple[datetime | None, datetime | None]] = (),
    query: str | None = None,
    embedder: Embedder | None = None,
    sessions: Sequence[str] = (),
    namespaces: Sequence[str] = (),
    speaker: str | None = None,
    limit: int = 0,
    undated: bool = False,
    said_until: datetime | None = None,
    by_date: bool = True,
) -> list[EventHit]:
    """The events of `chronos events`, sorted by start: overlapping any of ``ranges``,
    matching ``query`` (hybrid search; needs ``embedder``), in these sessions/namespaces,
    whose subject is ``speaker``, said up to ``said_until``. ``limit`` bounds a query's hits (0:
    no bound). Undated events (no time cue) are listed only when no range is given or
    ``undated`` asks for them. Sorted by date, or with a query and ``by_date=False`` best first."""
    from chronos_cli.store.tables import EVENTS

    pairs = [(ns, sid) for ns in (namespaces or store.namespaces()) for sid in sessions] if sessions else None
    lo = min((r[0] for r in ranges if r[0] is not None), default=None)
    hi = max((r[1] for r in ranges if r[1] is not None), default=None)
    where = store.build_filter(
        namespaces=namespaces or None,
        start=lo,
        end=hi,
        time_col="start",
        end_col="end",
        session_ids=pairs,
        undated=undated,
        said_until=said_until,
    )

    def fits(e: EventHit, a: datetime | None, b: datetime | None) -> bool:
        """Overlaps [a, b] and, for a closed range, is at most 3 × as wide + 2 days: "last
        month" should not list an event dated only "this year" (the rule the benches use).
        An undated event fits when it was said on or after ``a`` (it may have happened then)."""
        if a is not None and e.end < a:
            return False
        if e.start is None:
            return undated
        if b is not None and e.start > b:
            return False
        if a is None or b is None:
            return True
        return (e.end - e.start) <= 3 * (b - a) + timedelta(days=2)

    def keep(e: EventHit) -> bool:
        if speaker and e.subject.strip().lower() != speaker.strip().lower():
            return False
        return not ranges or any(fits(e, a, b) for a, b in ranges)

    if query:
        # over-fetch when rows are filtered after the search
        k = max(limit or 200, 50) * (4 if speaker or len(ranges) > 1 else 1)
        hits = [e for e in hybrid_events(store, embedder, query, k=k, where=where, relevant_only=True) if keep(e)]
        if limit:
            hits = hits[:limit]
        if not by_date:
            return hits
    else:
        hits = [e for e in store.hits(EVENTS, store.scan(EVENTS, where=where, vectors=False)) if keep(e)]
    hits.sort(key=lambda e: (*e.day_range, e.namespace, e.session_id))
    return hits


def timeline_buckets(rows: list[EventHit]) -> list[dict[str, Any]]:
    """Counts per ISO week (Monday) when the events span ≤ ~3 months, per month up to ~3
    years, else per year; empty periods in between are included so the bars read as a
    calendar (the year unit keeps one old event from drawing decades of empty months)."""
    from datetime import date, timedelta

    if not rows:
        return []
    starts = [e.day_range[0].date() for e in rows]
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
