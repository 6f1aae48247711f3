"""INITIAL RETRIEVAL: dense top-100 over turns → rerank against the question → top 15 →
each expanded with its previous and next turn → grouped by session date as seed context."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from chronos_cli.ask.rerank import rerank_rows
from chronos_cli.store import TURNS, Store, turn_row_to_json

TURN_TEXT_LIMIT = 600


def turn_json(row: dict[str, Any]) -> dict[str, Any]:
    out = turn_row_to_json(row)
    out.pop("attrs", None)
    out["score"] = round(float(row.get("_score", 0.0)), 6)
    return out


def initial_retrieval(
    store: Store,
    question: str,
    qvec,
    *,
    where=None,
    reranker=None,
    use_rerank: bool = True,
    pool: int = 100,
    top_n: int = 15,
) -> list[dict[str, Any]]:
    """The ranked top ``top_n`` turn rows (with ``_score``)."""
    dense = store.vector_search(TURNS, qvec, k=pool, where=where)
    lexical = store.text_search(TURNS, question, k=pool, where=where) if use_rerank and reranker is None else []
    return rerank_rows(question, dense, lexical, top_n=top_n, reranker=reranker, use_rerank=use_rerank)


def expand_neighbours(store: Store, ranked: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ranked turns plus the previous and next turn of each in its session (one scan)."""
    if not ranked:
        return []
    sessions = sorted({(r["namespace"], r["session_id"]) for r in ranked})
    wanted = {(r["session_key"], r["turn_index"] + d) for r in ranked for d in (-1, 0, 1)}
    cols = ["key", "namespace", "session_id", "session_key", "turn_id", "turn_index", "t_conv", "tz_offset_min", "speaker", "role", "text", "title"]
    data = store.scan(TURNS, where=Store.build_filter(session_ids=sessions), columns=cols).to_pylist()
    hit_keys = {r["key"] for r in ranked}
    out = [r for r in data if (r["session_key"], r["turn_index"]) in wanted]
    for r in out:
        r["_hit"] = r["key"] in hit_keys
    return out


def _clip(text: str, limit: int = TURN_TEXT_LIMIT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def format_context(rows: list[dict[str, Any]]) -> str:
    """Turns grouped by session (sessions in date order), each line with its turn id and time."""
    by_session: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_session[(r["namespace"], r["session_id"])].append(r)
    blocks = []
    for (ns, sid), turns in sorted(by_session.items(), key=lambda kv: min(t["t_conv"] for t in kv[1])):
        turns.sort(key=lambda t: t["turn_index"])
        t0 = turns[0]["t_conv"]
        title = turns[0].get("title") or ""
        head = f"### session {sid} ({ns}) — {t0:%Y-%m-%d %A}" + (f" — “{title}”" if title else "")
        lines = [head]
        for t in turns:
            mark = "*" if t.get("_hit") else " "
            lines.append(f"{mark}[{t['turn_id']} · {t['t_conv']:%Y-%m-%d %H:%M}] {t['speaker']}: {_clip(t['text'])}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
