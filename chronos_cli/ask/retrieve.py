"""INITIAL RETRIEVAL: candidate turns for the question → rerank against the question → top 15 →
each expanded with its previous and next turn → grouped by session date as seed context.

With a reranker (Cohere) the dense top-``pool`` is reranked. Offline, several rankings of the
turns are fused by reciprocal rank fusion (``chronos_cli.ranking.rrf``):

- dense: the question's vector against the turn vectors, each turn read in its context (its
  neighbours' similarity counting half: a short reply's subject is in the turn before it);
- BM25 (LanceDB full-text) on the question's content words (question scaffolding removed);
- events: the event calendar searched (vector + BM25 over event text and aliases), each event
  hit standing for its source turns — events carry a normalized "subject verb object" and
  paraphrases, which often match the question's wording better than the raw turn;
- people: when the question names a speaker of the archive (or says "I/my/me" and the archive
  has a user role), that speaker's turns ranked by BM25 on the rest of the question — a soft
  boost through the fusion, never a filter (the evidence is often the other speaker's reply);
- dates: when the plan resolved a time range, BM25 restricted to turns said in the range.
"""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.compute as pc
from lancedb.expr import col

from chronos_cli.ask.occurrences import is_question
from chronos_cli.ask.plan import QUESTION_WORDS, TimeRange
from chronos_cli.event_query import hybrid_events
from chronos_cli.hits import TurnHit, with_score
from chronos_cli.ranking import RRF_K, rerank, rrf
from chronos_cli.store.tables import EVENTS, TURNS, Store
from chronos_cli.text import one_line

if TYPE_CHECKING:
    from chronos_cli.providers.rerank import Reranker

TURN_TEXT_LIMIT = 600

FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})

# the dense ranking reads a turn in its context too, its neighbours' similarity counting half
# (bench/bench_ask.py on the dev conversations: recall_all@15 +1.7 / +0.6 points, temporal
# +0 / +1.5; BENCHMARKS.md)
DENSE_NEIGHBOUR = 0.5
# the BM25 window reaches on to the replies two and three messages after a hit, at these
# weights: in a chat the time of what a message names is often given a few messages on
# ("so varnish this wknd still?" / … / "can we do the wknd after instead? sat 25th"); on the
# tune files recall_all@15 +14/786, temporal +3/418, When-QA −2/411 (BENCHMARKS.md, session 40)
BM25_LATER = (0.5, 0.25)
# the question a turn of the event calendar's ranking answers, at this share of its score
# (``_with_questions_before``; tune files, against none: recall_all@15 +8/786, temporal +4/418,
# When-QA −1/411 at 0.25; at 0.5 and 1.0 the same recall for −2 When-QA)
EVENT_QUESTION = 0.25
# each offline ranking's list length (the dense/BM25 pools are ``pool``)
EVENT_K = 50
SIDE_K = 50
POOL = 100  # what the tools' searches ask for (``ask.tools``), reranked to their k

_WORD = re.compile(r"\w+")


# -- query analysis ------------------------------------------------------------------------


def content_query(question: str, drop: Sequence[str] = ()) -> str:
    """The question's words for BM25, without question scaffolding (and without ``drop``)."""
    dropped = QUESTION_WORDS | {d.lower() for d in drop}
    words = [w for w in _WORD.findall(question.lower()) if w not in dropped and w != "s"]
    return " ".join(words) if words else question


def _speaker_tokens(name: str) -> set[str]:
    toks = {w for w in _WORD.findall(name.lower()) if len(w) >= 3}
    return toks | {name.lower()}


def question_speakers(question: str, speakers: Sequence[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """The speakers the question names (whole words of their names; "I/my/me" ↔ role user),
    and the question words that named them (to leave out of the side ranking's query)."""
    words = set(_WORD.findall(question.lower()))
    # possessives: "Caroline's" → "caroline"
    words |= {w[:-2] for w in re.findall(r"\w+'s\b", question.lower())}
    named: list[str] = []
    used: set[str] = set()
    for name, role in speakers:
        hit = _speaker_tokens(name) & words
        if hit:
            named.append(name)
            used |= hit
        elif role == "user" and FIRST_PERSON & words:
            named.append(name)
    return named, sorted(used)


# -- per-namespace facts (cached on the table version) -------------------------------------

_CACHE: dict[tuple, Any] = {}
# the rankings' queries run side by side (LanceDB releases the GIL); shared, so nested or
# concurrent questions never create threads without bound
_POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="chronos-retrieve")
_LOCK = threading.Lock()


def _table_version(store: Store, name: str) -> Any:
    t = store.table(name)
    if t is None:
        return None
    try:
        return t.version
    except Exception:  # noqa: BLE001 - remote tables without a cheap version: do not cache
        return object()


def speakers_of(store: Store, where=None) -> list[tuple[str, str]]:
    """Distinct (speaker, role) pairs of the turns under ``where`` (cached per table version)."""
    key = ("speakers", getattr(store, "uri", id(store)), _table_version(store, TURNS), str(where))
    with _LOCK:
        hit = _CACHE.get(key)
    if hit is not None:
        return hit
    data = store.scan(TURNS, where=where, columns=["speaker", "role"])
    pairs = sorted(
        {(s or "", r or "") for s, r in zip(data["speaker"].to_pylist(), data["role"].to_pylist())}
        if data.num_rows
        else set()
    )
    pairs = [(s, r) for s, r in pairs if s]
    with _LOCK:
        if len(_CACHE) > 256:
            _CACHE.clear()
        _CACHE[key] = pairs
    return pairs


def _and(where, extra):
    return extra if where is None else where & extra


# -- the extra rankings --------------------------------------------------------------------


def event_turn_keys(store: Store, query: str, qvec, *, where=None, k: int = EVENT_K) -> list[str]:
    """The keys of the turns the event calendar ranks: events by vector + BM25 (RRF), each
    event's source turns in its place (first occurrence wins)."""
    if store.table(EVENTS) is None:
        return []
    order: list[str] = []
    seen: set[str] = set()
    # the tools' lexical list of the offline answer asks the same full-text search for POOL
    for e in hybrid_events(store, None, query, k=k, where=where, vec=qvec, text_pool=POOL):
        for tid in e.source_turn_ids:
            key = Store.turn_key(e.namespace, e.session_id, tid)
            if key not in seen:
                seen.add(key)
                order.append(key)
    return order


def event_turn_ranking(store: Store, query: str, qvec, *, where=None, k: int = EVENT_K) -> list[TurnHit]:
    """Turns ranked by the event calendar (``event_turn_keys``), read from the turn table."""
    order = event_turn_keys(store, query, qvec, where=where, k=k)
    by_key = _fetch_turns(store, where, set(), order)[1]
    return [by_key[k] for k in order if k in by_key]


Position = tuple[str, int]  # (session_key, turn_index)


def _window_scores(
    hits: list[TurnHit], neighbour: float, later: tuple[float, ...] = ()
) -> tuple[dict[Position, float], dict[Position, TurnHit]]:
    """Each hit's score plus its previous and next turn's times ``neighbour``, by position;
    ``later``: the weights of the turns after the next (a reply two or three messages on)."""
    score: dict[Position, float] = defaultdict(float)
    rows: dict[Position, TurnHit] = {}
    for h in hits:
        p = (h.session_key, h.turn_index)
        rows[p] = h
        s = h.score
        for d in (0, -1, 1):  # the hit first: on a tie it ranks above its neighbours
            score[(p[0], p[1] + d)] += s if d == 0 else neighbour * s
        for d, w in enumerate(later, 2):
            score[(p[0], p[1] + d)] += w * s
    return score, rows


def _missing(score: dict[Position, float], rows: dict[Position, TurnHit]) -> set[Position]:
    return {p for p in score if p not in rows and p[1] >= 0}


def _fetch_turns(
    store: Store, where, positions: set[Position], keys: Sequence[str]
) -> tuple[dict[Position, TurnHit], dict[str, TurnHit]]:
    """The turns at ``positions`` (under ``where``) and those with ``keys``, in ONE scan: a
    LanceDB query costs 5-10 ms of planning however few rows it returns."""
    conds = []
    if positions:
        sessions = sorted({p[0] for p in positions})
        idx = sorted({p[1] for p in positions})
        conds.append(_and(where, col("session_key").isin(sessions) & col("turn_index").isin(idx)))
    if keys:
        conds.append(col("key").isin(list(keys)))
    if not conds:
        return {}, {}
    cond = conds[0] if len(conds) == 1 else conds[0] | conds[1]
    # the filter asks sessions × indices; only the wanted rows become hits
    data = store.hits(
        TURNS, _at_positions(store.scan(TURNS, where=cond, columns=store.read_columns(TURNS)), positions, keys)
    )
    wanted = set(keys)
    at = {(h.session_key, h.turn_index): h for h in data if (h.session_key, h.turn_index) in positions}
    return at, {h.key: h for h in data if h.key in wanted}


def _at_positions(data: pa.Table, positions: set[Position], keys: Sequence[str] = ()) -> pa.Table:
    """The rows of ``data`` at one of ``positions`` or with one of ``keys``."""
    if not data.num_rows:
        return data
    pos = pc.binary_join_element_wise(data["session_key"], pc.cast(data["turn_index"], pa.string()), "\x00")
    mask = pc.is_in(pos, value_set=pa.array([f"{sk}\x00{i}" for sk, i in positions], pa.string()))
    if keys:
        mask = pc.or_(mask, pc.is_in(data["key"], value_set=pa.array(list(keys), pa.string())))
    return data.filter(mask)


def _ranked_window(score: dict[Position, float], rows: dict[Position, TurnHit]) -> list[TurnHit]:
    order = sorted((p for p in score if p in rows), key=lambda p: -score[p])
    return [with_score(rows[p], score[p]) for p in order]


def window_ranking(store: Store, hits: list[TurnHit], where=None, *, neighbour: float = 1.0) -> list[TurnHit]:
    """A ranking of turns in their context: each turn scored with its own score plus its previous
    and next turn's times ``neighbour`` (the evidence is often a short reply — "Yes, last
    Tuesday!", "I've had them for 3 years now" — whose subject is in the turn before it).
    ``hits``: a ranking of turns with scores (BM25, or cosine)."""
    score, rows = _window_scores(hits, neighbour)
    rows.update(_fetch_turns(store, where, _missing(score, rows), ())[0])
    return _ranked_window(score, rows)


def _range_filter(time_range: TimeRange | None):
    """The filter of turns said in the plan's resolved range."""
    if time_range is None:
        return None
    return Store.build_filter(start=time_range.start, end=time_range.end)


# -- initial retrieval ---------------------------------------------------------------------


def initial_retrieval(
    store: Store,
    question: str,
    qvec,
    *,
    where=None,
    reranker: Reranker | None = None,
    use_rerank: bool = True,
    pool: int = 100,
    top_n: int = 15,
    time_range: TimeRange | None = None,
    events: bool = True,
) -> list[TurnHit]:
    """The ranked top ``top_n`` turns (each with its ``score``).

    ``time_range``: the plan's resolved range: offline, turns said in it get one more ranking
    (a boost, not a filter). ``events`` False (``--turns-only``): no ranking from the event calendar.
    """
    if not use_rerank or reranker is not None:
        dense = store.vector_search(TURNS, qvec, k=pool, where=where)
        return rerank(question, dense, top_n=top_n, reranker=reranker, use_rerank=use_rerank)
    rankings = offline_rankings(store, question, qvec, where=where, pool=pool, time_range=time_range, events=events)
    return fuse(rankings, top_n=top_n)


def fuse(rankings: dict[str, list[TurnHit]], *, top_n: int) -> list[TurnHit]:
    """RRF of the named rankings, each counted once; ``score`` = fused score."""
    return rrf(list(rankings.values()), top_n=top_n)


def offline_rankings(
    store: Store,
    question: str,
    qvec,
    *,
    where=None,
    pool: int = 100,
    time_range: TimeRange | None = None,
    events: bool = True,
) -> dict[str, list[TurnHit]]:
    """The offline rankings of turns to fuse, by name (queries run concurrently):

    dense and bm25 (each in context: a turn with its neighbours) · events · people_bm25 ·
    people_dense (the named speakers' turns) · dates (BM25 inside the plan's time range).
    """
    query = content_query(question)
    # the searches run side by side; the turns they need beyond their hits (the dense and BM25
    # hits' neighbours, the events' source turns) are then read in one scan
    jobs: dict[str, Any] = {
        "dense": lambda: store.vector_search(TURNS, qvec, k=pool, where=where),
        "bm25": lambda: store.text_search(TURNS, query, k=pool, where=where),
    }
    if events:  # off under --turns-only: the ablation must not see the event calendar at all
        jobs["events"] = lambda: event_turn_keys(store, query, qvec, where=where)
    named, used = question_speakers(question, speakers_of(store, where))
    if named:
        side_q = content_query(question, drop=used)
        spk = _and(where, col("speaker").isin(named))
        jobs["people_bm25"] = lambda: store.text_search(TURNS, side_q, k=SIDE_K, where=spk)
        jobs["people_dense"] = lambda: store.vector_search(TURNS, qvec, k=SIDE_K, where=spk)
    rng = _range_filter(time_range)
    if rng is not None:
        jobs["dates"] = lambda: store.text_search(TURNS, query, k=SIDE_K, where=_and(where, rng))
    futures = {name: _POOL.submit(fn) for name, fn in jobs.items()}
    out = {name: f.result() for name, f in futures.items()}
    windows = {
        "dense": _window_scores(out["dense"], DENSE_NEIGHBOUR),
        "bm25": _window_scores(out["bm25"], 1.0, BM25_LATER),
    }
    keys = out.get("events", [])
    at, by_key = _fetch_turns(store, where, set().union(*(_missing(*w) for w in windows.values())), keys)
    for name, (score, rows) in windows.items():
        out[name] = _ranked_window(score, {**rows, **{p: h for p, h in at.items() if p in score and p not in rows}})
    if events:
        out["events"] = _with_questions_before(store, where, [by_key[k] for k in keys if k in by_key], at)
    return out


def _with_questions_before(store: Store, where, hits: list[TurnHit], known: dict[Position, TurnHit]) -> list[TurnHit]:
    """The event calendar's ranking with, just below each turn, the question the turn before it
    asked: an event is most often told in a reply, and the question carries half of what it says
    ("how was the game yesterday??" / "and i scored"). Scored as RRF would rank them, the
    question at ``EVENT_QUESTION`` of its answer's score. ``known``: turns already read (the
    dense and BM25 neighbours): only the others cost a scan."""
    score: dict[Position, float] = defaultdict(float)
    rows: dict[Position, TurnHit] = {}
    for r, h in enumerate(hits, 1):
        p = (h.session_key, h.turn_index)
        rows[p] = h
        score[p] += 1.0 / (RRF_K + r)
        score[(p[0], p[1] - 1)] += EVENT_QUESTION / (RRF_K + r)
    missing = _missing(score, rows)
    rows.update((p, known[p]) for p in missing if p in known)
    unread = {p for p in missing if p not in rows}
    if unread:
        rows.update(_fetch_turns(store, where, unread, ())[0])
    for p in missing:  # only a question is carried in: any other turn before is another thing
        if p not in rows or not is_question(rows[p].text):
            score.pop(p, None)
    return _ranked_window(score, rows)


def expand_neighbours(
    store: Store, ranked: list[TurnHit], said_until: datetime | None = None, *, before: int = 1, after: int = 1
) -> list[TurnHit]:
    """The ranked turns (``hit``) plus the ``before`` turns before each and the ``after`` turns
    after it in its session (one scan), none said after ``said_until``."""
    if not ranked:
        return []
    sessions = sorted({(h.namespace, h.session_id) for h in ranked})
    wanted = {(h.session_key, h.turn_index + d) for h in ranked for d in range(-before, after + 1)}
    cols = [
        "key",
        "namespace",
        "session_id",
        "session_key",
        "turn_id",
        "turn_index",
        "t_conv",
        "tz_offset_min",
        "speaker",
        "role",
        "text",
        "title",
    ]
    where = Store.build_filter(session_ids=sessions, said_until=said_until)
    data = store.hits(TURNS, _at_positions(store.scan(TURNS, where=where, columns=cols), wanted))
    hit_keys = {h.key for h in ranked}
    return [h.model_copy(update={"hit": h.key in hit_keys}) for h in data]


def format_context(rows: list[TurnHit]) -> str:
    """Turns grouped by session (sessions in date order), each line with its turn id and time."""
    by_session: dict[tuple[str, str], list[TurnHit]] = defaultdict(list)
    for h in rows:
        by_session[(h.namespace, h.session_id)].append(h)
    blocks = []
    for (ns, sid), turns in sorted(by_session.items(), key=lambda kv: min(t.t_conv for t in kv[1])):
        turns.sort(key=lambda t: t.turn_index)
        t0 = turns[0].t_conv
        title = one_line(turns[0].title, 200)  # archive text: never a line break that fakes a header
        head = f"### session {sid} ({ns}) — {t0:%Y-%m-%d %A}" + (f" — “{title}”" if title else "")
        lines = [head]
        for t in turns:
            mark = "*" if t.hit else " "
            lines.append(
                f"{mark}[{t.turn_id} · {t.t_conv:%Y-%m-%d %H:%M}] {one_line(t.speaker, 80)}: {one_line(t.text, TURN_TEXT_LIMIT)}"
            )
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
