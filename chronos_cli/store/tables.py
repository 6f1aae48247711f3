"""The two calendars as LanceDB tables: ``turns`` and ``events`` (DESIGN §3), plus
``sessions`` (what has been indexed, written last as a commit marker) and ``meta``
(which embedding model the vectors come from).

Filters are built only with ``lancedb.expr`` from typed values (datetimes, hashes,
validated names): no string from a model or a user is ever pasted into SQL.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

# Lance logs index-build chatter ("partition N is empty") to stderr; it reads this once, at import
os.environ.setdefault("LANCE_LOG", "error")

import lancedb  # noqa: E402
import numpy as np
import pyarrow as pa  # noqa: E402
import pyarrow.compute as pc  # noqa: E402
from lancedb.expr import Expr, col, lit  # noqa: E402
from lancedb.index import FTS, BTree  # noqa: E402

from chronos_cli.models import Event, Session  # noqa: E402

TURNS, EVENTS, SESSIONS, META = "turns", "events", "sessions", "meta"
# Vector search (tuned by bench/scale.py, see BENCHMARKS.md "Scale"): below ANN_MIN_ROWS an
# exact scan is fast enough and exact; from there an IVF_SQ index (cosine, about sqrt(rows)
# partitions of ~sqrt(rows) vectors, 8-bit scalar-quantised; retrained when the table has
# doubled since it was trained). IVF_SQ measured 4x faster to build than IVF_HNSW_SQ and as
# fast to query at these sizes (partitions are small, so a graph inside them buys nothing).
# Query time: partitions probed (at least / at most: more when a prefilter leaves too few
# candidates), HNSW beam width (HNSW index types only), and a refine step that re-ranks
# refine_factor x k candidates with the full-precision vectors (SQ distances are approximate).
ANN_MIN_ROWS = 10_000
EXACT_SCAN_MAX_ROWS = 20_000  # filtered searches over at most this many rows skip the ANN index
ANN_INDEX_TYPE = "IVF_SQ"
ANN_NPROBES = 20
ANN_MAX_NPROBES = 80
ANN_EF = 64
ANN_REFINE_FACTOR = 4
NAMESPACE_RE = re.compile(r"^[A-Za-z0-9_.:/@+\-]{1,200}$")


class StoreError(Exception):
    pass


class EmbedModelMismatch(StoreError):
    pass


def key_of(*parts: str) -> str:
    """A stable hex key: safe to use in a filter whatever the parts contain."""
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def check_namespace(ns: str) -> str:
    if not NAMESPACE_RE.match(ns):
        raise StoreError(f"invalid namespace {ns!r}: use letters, digits and . _ : / @ + - (at most 200)")
    return ns


def wall(dt: datetime) -> datetime:
    """Naive local wall-clock time (what date filters compare against)."""
    return dt.replace(tzinfo=None)


def offset_minutes(dt: datetime) -> int | None:
    off = dt.utcoffset()
    return None if off is None else int(off.total_seconds() // 60)


def _turns_schema(dim: int) -> pa.Schema:
    return pa.schema(
        [
            pa.field("key", pa.string()),
            pa.field("namespace", pa.string()),
            pa.field("session_id", pa.string()),
            pa.field("session_key", pa.string()),
            pa.field("turn_id", pa.string()),
            pa.field("turn_index", pa.int32()),
            pa.field("t_conv", pa.timestamp("us")),
            pa.field("tz_offset_min", pa.int32()),
            pa.field("speaker", pa.string()),
            pa.field("role", pa.string()),
            pa.field("text", pa.string()),
            pa.field("title", pa.string()),
            pa.field("content_hash", pa.string()),
            pa.field("attrs", pa.string()),  # JSON: format-specific attributes (has_answer, …)
            pa.field("vector", pa.list_(pa.float32(), dim)),
        ]
    )


def _events_schema(dim: int) -> pa.Schema:
    return pa.schema(
        [
            pa.field("event_id", pa.string()),
            pa.field("namespace", pa.string()),
            pa.field("session_id", pa.string()),
            pa.field("session_key", pa.string()),
            pa.field("source_turn_ids", pa.list_(pa.string())),
            pa.field("subject", pa.string()),
            pa.field("verb", pa.string()),
            pa.field("object", pa.string()),
            pa.field("text", pa.string()),
            pa.field("aliases", pa.list_(pa.string())),
            pa.field("search_text", pa.string()),  # text + aliases: what full-text search sees
            pa.field("time_expression", pa.string()),
            pa.field("start", pa.timestamp("us")),
            pa.field("end", pa.timestamp("us")),
            pa.field("granularity", pa.string()),
            pa.field("time_source", pa.string()),
            pa.field("t_conv", pa.timestamp("us")),
            pa.field("evidence", pa.string()),
            pa.field("extractor", pa.string()),
            pa.field("vector", pa.list_(pa.float32(), dim)),
        ]
    )


SESSIONS_SCHEMA = pa.schema(
    [
        pa.field("key", pa.string()),
        pa.field("namespace", pa.string()),
        pa.field("session_id", pa.string()),
        pa.field("title", pa.string()),
        pa.field("t_conv", pa.timestamp("us")),
        pa.field("n_turns", pa.int32()),
        pa.field("content_hash", pa.string()),
        pa.field("extractor", pa.string()),  # which extractor produced its events ("" = none yet)
        pa.field("source", pa.string()),
    ]
)

META_SCHEMA = pa.schema([pa.field("key", pa.string()), pa.field("value", pa.string())])


@dataclass
class TurnHit:
    row: dict[str, Any]
    score: float


def turn_row_to_json(row: dict[str, Any]) -> dict[str, Any]:
    """A turn row as the JSON contract shows it (t_conv ISO with its offset, no vector)."""
    t = row["t_conv"]
    off = row.get("tz_offset_min")
    if off is not None:
        from datetime import timezone

        t = t.replace(tzinfo=timezone(timedelta(minutes=off)))
    out = {
        "namespace": row["namespace"],
        "session_id": row["session_id"],
        "turn_id": row["turn_id"],
        "t_conv": t.isoformat(),
        "speaker": row["speaker"],
        "role": row["role"],
        "text": row["text"],
    }
    attrs = json.loads(row.get("attrs") or "{}")
    if attrs:
        out["attrs"] = attrs
    return out


def iso_at(dt: datetime, granularity: str) -> str:
    """Dates for day-or-coarser granularities, datetimes for finer ones."""
    if granularity in ("instant", "part_of_day"):
        return dt.isoformat()
    return dt.date().isoformat()


EVENT_JSON_FIELDS = (
    "event_id",
    "namespace",
    "session_id",
    "source_turn_ids",
    "subject",
    "verb",
    "object",
    "text",
    "aliases",
    "time_expression",
    "start",
    "end",
    "granularity",
    "time_source",
    "t_conv",
    "evidence",
    "extractor",
)


def event_row_to_json(row: dict[str, Any]) -> dict[str, Any]:
    """An event row as `events --json` shows it: the §3 fields, ISO dates, no vector."""
    out = {k: row.get(k) for k in EVENT_JSON_FIELDS}
    out["start"] = iso_at(row["start"], row["granularity"])
    out["end"] = iso_at(row["end"], row["granularity"])
    out["t_conv"] = row["t_conv"].isoformat()
    out["source_turn_ids"] = list(row.get("source_turn_ids") or [])
    out["aliases"] = list(row.get("aliases") or [])
    return out


class Store:
    """One LanceDB database holding every namespace."""

    def __init__(self, uri: str, *, storage_options: dict[str, str] | None = None) -> None:
        self.uri = uri
        try:
            self.db = lancedb.connect(uri, storage_options=storage_options)
        except Exception as e:  # bad URI, unreachable bucket
            from chronos_cli.providers.llm import scrub  # light: LiteLLM itself is imported lazily

            raise StoreError(scrub(f"cannot open database {uri}: {e}")) from None
        self._tables: dict[str, Any] = {}
        self._ann: dict[str, bool] = {}
        self._counts: dict[tuple[str, int, str], int] = {}

    # -- tables -----------------------------------------------------------------------

    def _names(self) -> set[str]:
        res = self.db.list_tables()
        names = getattr(res, "tables", res)
        return set(names)

    def table(self, name: str):
        if name not in self._tables:
            if name not in self._names():
                return None
            self._tables[name] = self.db.open_table(name)
        return self._tables[name]

    def _ensure(self, name: str, schema: pa.Schema):
        t = self.table(name)
        if t is None:
            t = self.db.create_table(name, schema=schema, exist_ok=True)
            self._tables[name] = t
        return t

    def exists(self) -> bool:
        return TURNS in self._names()

    # -- meta: the embedding model ----------------------------------------------------

    def meta(self) -> dict[str, str]:
        t = self.table(META)
        if t is None:
            return {}
        return {r["key"]: r["value"] for r in t.to_arrow().to_pylist()}

    def set_meta(self, values: dict[str, str]) -> None:
        t = self._ensure(META, META_SCHEMA)
        rows = [{"key": k, "value": v} for k, v in values.items()]
        t.merge_insert("key").when_matched_update_all().when_not_matched_insert_all().execute(rows)

    def check_embedder(self, name: str, dim: int) -> None:
        """Refuse to mix vectors from two models in one database."""
        m = self.meta()
        if not m:
            return
        if m.get("embed_model") != name or int(m.get("embed_dim", dim)) != dim:
            raise EmbedModelMismatch(
                f"this database was embedded with {m.get('embed_model')} ({m.get('embed_dim')}-d), "
                f"not {name} ({dim}-d): use --embed-model {m.get('embed_model')}, "
                f"or re-embed everything with `chronos index --reembed --embed-model {name}`"
            )

    def embed_model(self) -> tuple[str, int] | None:
        m = self.meta()
        if "embed_model" not in m:
            return None
        return m["embed_model"], int(m["embed_dim"])

    # -- sessions (indexing state) ----------------------------------------------------

    def session_states(self, namespaces: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
        t = self.table(SESSIONS)
        if t is None:
            return {}
        q = t.search()
        if namespaces is not None:
            q = q.where(col("namespace").isin([check_namespace(n) for n in namespaces]))
        rows = (
            q.select(["key", "namespace", "session_id", "content_hash", "extractor", "n_turns"]).limit(None).to_list()
        )
        return {r["key"]: r for r in rows}

    def turn_hashes(self, session_keys: Sequence[str]) -> dict[str, str]:
        t = self.table(TURNS)
        if t is None or not session_keys:
            return {}
        out: dict[str, str] = {}
        for i in range(0, len(session_keys), 500):
            part = list(session_keys[i : i + 500])
            rows = (
                t.search().where(col("session_key").isin(part)).select(["key", "content_hash"]).limit(None).to_arrow()
            )
            out.update(zip(rows["key"].to_pylist(), rows["content_hash"].to_pylist()))
        return out

    def vectors_for_keys(self, keys: Sequence[str]) -> dict[str, np.ndarray]:
        return self._vectors_by("key", keys)

    def vectors_for_hashes(self, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Vectors of turns with these content hashes, wherever they are stored."""
        return self._vectors_by("content_hash", hashes)

    def _vectors_by(self, column: str, values: Sequence[str]) -> dict[str, np.ndarray]:
        t = self.table(TURNS)
        if t is None or not values:
            return {}
        out: dict[str, np.ndarray] = {}
        uniq = sorted(set(values))
        for i in range(0, len(uniq), 500):
            part = uniq[i : i + 500]
            data = t.search().where(col(column).isin(part)).select([column, "vector"]).limit(None).to_arrow()
            if data.num_rows == 0:
                continue
            vecs = np.asarray(
                data["vector"].combine_chunks().flatten().to_numpy(zero_copy_only=False), dtype=np.float32
            )
            vecs = vecs.reshape(data.num_rows, -1)
            for k, v in zip(data[column].to_pylist(), vecs):
                out[k] = v
        return out

    # -- writes -------------------------------------------------------------------------

    @staticmethod
    def session_key(namespace: str, session_id: str) -> str:
        return key_of(namespace, session_id)

    @staticmethod
    def turn_key(namespace: str, session_id: str, turn_id: str) -> str:
        return key_of(namespace, session_id, turn_id)

    def turn_rows(self, session: Session, vectors: dict[str, np.ndarray]) -> list[dict[str, Any]]:
        skey = self.session_key(session.namespace, session.session_id)
        rows = []
        for i, turn in enumerate(session.turns):
            k = self.turn_key(session.namespace, session.session_id, turn.turn_id)
            rows.append(
                {
                    "key": k,
                    "namespace": session.namespace,
                    "session_id": session.session_id,
                    "session_key": skey,
                    "turn_id": turn.turn_id,
                    "turn_index": i,
                    "t_conv": wall(turn.t_conv),
                    "tz_offset_min": offset_minutes(turn.t_conv),
                    "speaker": turn.speaker,
                    "role": turn.role,
                    "text": turn.text,
                    "title": session.title or "",
                    "content_hash": turn.content_hash,
                    "attrs": json.dumps(turn.attrs, sort_keys=True, default=str),
                    "vector": vectors[k],
                }
            )
        return rows

    def upsert_turns(self, rows: list[dict[str, Any]], session_keys: Sequence[str], dim: int) -> None:
        """One commit: insert/replace ``rows`` and delete turns of ``session_keys`` that are gone."""
        t = self._ensure(TURNS, _turns_schema(dim))
        if not rows and not session_keys:
            return
        b = t.merge_insert("key").when_matched_update_all().when_not_matched_insert_all()
        if session_keys:
            b = b.when_not_matched_by_source_delete(col("session_key").isin(list(session_keys)).to_sql())
        b.execute(pa.Table.from_pylist(rows, schema=_turns_schema(dim)))

    def replace_events(self, events: list[Event], vectors: np.ndarray, session_keys: Sequence[str], dim: int) -> None:
        """One commit: the events of ``session_keys`` become exactly ``events``."""
        t = self._ensure(EVENTS, _events_schema(dim))
        if not events and not session_keys:
            return
        rows = [self._event_row(e, vectors[i]) for i, e in enumerate(events)]
        b = t.merge_insert("event_id").when_matched_update_all().when_not_matched_insert_all()
        if session_keys:
            b = b.when_not_matched_by_source_delete(col("session_key").isin(list(session_keys)).to_sql())
        b.execute(pa.Table.from_pylist(rows, schema=_events_schema(dim)))

    def _event_row(self, e: Event, vector: np.ndarray) -> dict[str, Any]:
        eid = e.event_id or e.stable_id()
        return {
            "event_id": eid,
            "namespace": e.namespace,
            "session_id": e.session_id,
            "session_key": self.session_key(e.namespace, e.session_id),
            "source_turn_ids": list(e.source_turn_ids),
            "subject": e.subject,
            "verb": e.verb,
            "object": e.object,
            "text": e.text,
            "aliases": list(e.aliases),
            "search_text": " ; ".join([e.text, *e.aliases]),
            "time_expression": e.time_expression,
            "start": wall(e.start),
            "end": wall(e.end),
            "granularity": e.granularity,
            "time_source": e.time_source,
            "t_conv": wall(e.t_conv),
            "evidence": e.evidence,
            "extractor": e.extractor,
            "vector": vector,
        }

    def mark_sessions(self, sessions: Sequence[Session], *, extractor: str, source: str) -> None:
        """Written last: a session is 'indexed' only once its turns (and events) are in."""
        if not sessions:
            return
        t = self._ensure(SESSIONS, SESSIONS_SCHEMA)
        rows = [
            {
                "key": self.session_key(s.namespace, s.session_id),
                "namespace": s.namespace,
                "session_id": s.session_id,
                "title": s.title or "",
                "t_conv": wall(s.t_conv),
                "n_turns": len(s.turns),
                "content_hash": s.content_hash,
                "extractor": extractor,
                "source": source,
            }
            for s in sessions
        ]
        t.merge_insert("key").when_matched_update_all().when_not_matched_insert_all().execute(
            pa.Table.from_pylist(rows, schema=SESSIONS_SCHEMA)
        )

    def rewrite_vectors(self, name: str, vectors_for: Any, dim: int) -> int:
        """Re-embed a whole table into a new version (``--reembed``): one atomic overwrite."""
        t = self.table(name)
        if t is None:
            return 0
        data = t.to_arrow()
        vecs = vectors_for(data)
        schema = _turns_schema(dim) if name == TURNS else _events_schema(dim)
        data = data.drop_columns(["vector"]).append_column(
            schema.field("vector"), pa.FixedSizeListArray.from_arrays(pa.array(vecs.reshape(-1), pa.float32()), dim)
        )
        self._tables[name] = self.db.create_table(name, data=data.select(schema.names).cast(schema), mode="overwrite")
        self._ann.pop(name, None)  # the overwrite dropped its indexes
        return data.num_rows

    def finish_bulk_write(self) -> None:
        """Indexes and compaction after a bulk write (cheap when nothing changed).

        Scalar (BTree) indexes on namespace, dates and keys and a full-text index are made
        as soon as a table has rows; the ANN index once it passes ``ANN_MIN_ROWS``. Later
        writes are folded into the existing indexes by ``optimize()``, which also compacts
        the small fragments each commit leaves.
        """
        t = self.table(TURNS)
        if t is not None:
            self._index(t, fts=["text"], scalars=["key", "namespace", "t_conv", "session_key", "content_hash"])
        e = self.table(EVENTS)
        if e is not None:
            self._index(e, fts=["search_text"], scalars=["event_id", "namespace", "start", "end", "session_key"])
        s = self.table(SESSIONS)
        if s is not None:
            self._index(s, fts=[], scalars=["key", "namespace"], ann=False)

    def _index(self, t, *, fts: list[str], scalars: list[str], ann: bool = True) -> None:
        n = t.count_rows()
        if n == 0:
            return
        indices = list(t.list_indices())
        existing = {next(iter(ix.columns)): ix for ix in indices}
        stale = False
        for ix in indices:
            stats = t.index_stats(ix.name)
            if stats is None or stats.num_unindexed_rows:
                stale = True
                break
        if stale or self._fragments(t) > 1:
            # fold new rows into the existing indexes and compact the fragments
            t.optimize()
        for c in fts:
            if c not in existing:
                t.create_index(c, config=FTS(with_position=False), replace=True)
        for c in scalars:
            if c not in existing:
                t.create_index(c, config=BTree(), replace=True)
        if ann and n >= ANN_MIN_ROWS:
            trained = int(self.meta().get(f"ann_rows:{t.name}", "0") or 0)
            if "vector" not in existing or n >= 2 * trained:
                self._build_ann(t, n)

    @staticmethod
    def _fragments(t) -> int:
        try:
            st = t.stats()
            fs = st["fragment_stats"] if isinstance(st, dict) else st.fragment_stats
            return int(fs["num_fragments"] if isinstance(fs, dict) else fs.num_fragments)
        except Exception:  # noqa: BLE001 - older/remote tables without stats: assume compaction is due
            return 2

    def _build_ann(self, t, n: int) -> None:
        parts = max(8, round(n**0.5))
        import lancedb.index as lx

        config_cls = {
            "IVF_HNSW_SQ": lx.HnswSq,
            "IVF_HNSW_PQ": lx.HnswPq,
            "IVF_SQ": lx.IvfSq,
            "IVF_FLAT": lx.IvfFlat,
            "IVF_PQ": lx.IvfPq,
        }[ANN_INDEX_TYPE]
        t.create_index("vector", config=config_cls(distance_type="cosine", num_partitions=parts), replace=True)
        self.set_meta({f"ann_rows:{t.name}": str(n)})
        self._ann[t.name] = True

    def _count(self, t, where: Expr) -> int:
        """Rows matching a filter, remembered per table version (an agent asks the same
        namespace and date filters several times per question)."""
        key = (t.name, t.version, where.to_sql())
        if key not in self._counts:
            if len(self._counts) > 1024:
                self._counts.clear()
            self._counts[key] = t.count_rows(key[2])
        return self._counts[key]

    def _has_ann(self, name: str) -> bool:
        """Whether the table has a vector index (looked up once per Store)."""
        if name not in self._ann:
            t = self.table(name)
            self._ann[name] = t is not None and any("vector" in ix.columns for ix in t.list_indices())
        return self._ann[name]

    # -- reads ---------------------------------------------------------------------------

    def namespaces(self) -> list[str]:
        t = self.table(SESSIONS)
        if t is None:
            return []
        arr = t.search().select(["namespace"]).limit(None).to_arrow()["namespace"]
        return sorted(set(arr.to_pylist()))

    def counts(self) -> dict[str, int]:
        return {n: (self.table(n).count_rows() if self.table(n) is not None else 0) for n in (TURNS, EVENTS, SESSIONS)}

    @staticmethod
    def build_filter(
        *,
        namespaces: Sequence[str] | None = None,
        start: datetime | None = None,
        end: datetime | None = None,
        time_col: str = "t_conv",
        end_col: str | None = None,
        session_ids: Sequence[tuple[str, str]] | None = None,
    ) -> Expr | None:
        """Typed filter: namespaces (validated), a date range, (namespace, session_id) pairs.

        With ``end_col`` (events), a row matches when its [time_col, end_col] range
        overlaps [start, end]; otherwise ``time_col`` must fall inside.
        """
        parts: list[Expr] = []
        if namespaces:
            parts.append(col("namespace").isin([check_namespace(n) for n in namespaces]))
        if start is not None:
            if not isinstance(start, datetime):
                raise TypeError("start must be a datetime")
            parts.append(col(end_col or time_col) >= lit(wall(start)))
        if end is not None:
            if not isinstance(end, datetime):
                raise TypeError("end must be a datetime")
            parts.append(col(time_col) <= lit(wall(end)))
        if session_ids:
            parts.append(col("session_key").isin([key_of(ns, sid) for ns, sid in session_ids]))
        if not parts:
            return None
        f = parts[0]
        for p in parts[1:]:
            f = f & p
        return f

    def vector_search(
        self, name: str, vector: np.ndarray, *, k: int, where: Expr | None = None
    ) -> list[dict[str, Any]]:
        t = self.table(name)
        if t is None:
            return []
        q = t.search(np.asarray(vector, dtype=np.float32), vector_column_name="vector").metric("cosine")
        # query-time ANN parameters; ignored by an exact scan (no index yet)
        q = q.minimum_nprobes(ANN_NPROBES).maximum_nprobes(ANN_MAX_NPROBES).ef(max(ANN_EF, 2 * k))
        q = q.refine_factor(ANN_REFINE_FACTOR)
        if where is not None:
            q = q.where(where, prefilter=True)
            # A selective filter (one namespace among hundreds, a short date range) leaves
            # few rows in the probed partitions, so the ANN index misses neighbours (recall
            # 0.62 measured for 500 of 40k rows). Few rows are cheap to scan exactly.
            if self._has_ann(name) and self._count(t, where) <= EXACT_SCAN_MAX_ROWS:
                q = q.bypass_vector_index()
        rows = q.limit(k).to_list()
        for r in rows:
            r.pop("vector", None)
            r["_score"] = 1.0 - float(r.pop("_distance", 1.0))
        return rows

    def text_search(self, name: str, query: str, *, k: int, where: Expr | None = None) -> list[dict[str, Any]]:
        """BM25 full-text search. The query is a plain bag of words (never parsed as syntax)."""
        t = self.table(name)
        words = re.findall(r"\w+", query.lower())
        if t is None or not words:
            return []
        column = "text" if name == TURNS else "search_text"
        from lancedb.query import MatchQuery

        q = t.search(MatchQuery(" ".join(words), column), query_type="fts")
        if where is not None:
            q = q.where(where, prefilter=True)
        try:
            rows = q.limit(k).to_list()
        except Exception:  # no FTS index yet (tiny table): fall back to substring scoring
            return self._scan_words(t, words, k, where)
        for r in rows:
            r.pop("vector", None)
            r["_score"] = float(r.pop("_score", 0.0))
        return rows

    def _scan_words(self, t, words: list[str], k: int, where: Expr | None) -> list[dict[str, Any]]:
        q = t.search()
        if where is not None:
            q = q.where(where)
        data = q.limit(None).to_arrow()
        column = "text" if "search_text" not in data.column_names else "search_text"
        low = pc.utf8_lower(data[column])
        score = np.zeros(data.num_rows)
        for w in words:
            score += np.asarray(pc.match_substring(low, w).to_numpy(zero_copy_only=False), dtype=float)
        order = [i for i in np.argsort(-score, kind="stable")[:k] if score[i] > 0]
        rows = data.take(order).to_pylist()
        for r, i in zip(rows, order):
            r.pop("vector", None)
            r["_score"] = float(score[i])
        return rows

    def scan(
        self,
        name: str,
        *,
        where: Expr | None = None,
        columns: Sequence[str] | None = None,
        vectors: bool = True,
    ) -> pa.Table:
        """Rows matching ``where``; ``vectors=False`` leaves the (large) vector column out."""
        t = self.table(name)
        if t is None:
            return pa.table({})
        if columns is None and not vectors:
            columns = [c for c in t.schema.names if c != "vector"]
        q = t.search()
        if where is not None:
            q = q.where(where)
        if columns:
            q = q.select(list(columns))
        return q.limit(None).to_arrow()

    def grep(self, name: str, pattern: str, **options: Any) -> list[dict[str, Any]]:
        """The matching rows of ``grep_counted`` (same options)."""
        return self.grep_counted(name, pattern, **options)[0]

    def grep_counted(
        self,
        name: str,
        pattern: str,
        *,
        ignore_case: bool = False,
        where: Expr | None = None,
        speaker: str | None = None,
        limit: int | None = None,
    ) -> tuple[list[dict[str, Any]], int]:
        """Regex over text with RE2 (pyarrow.compute): linear time, no catastrophic backtracking.
        Matches oldest first, and their total; ``limit`` cuts before rows become Python objects."""
        column = "text" if name == TURNS else "search_text"
        data = self.scan(name, where=where, vectors=False)
        if data.num_rows == 0:
            return [], 0
        try:
            mask = pc.match_substring_regex(data[column], pattern=pattern, ignore_case=ignore_case)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as e:
            raise StoreError(f"invalid regular expression {pattern!r}: {str(e).splitlines()[0]}") from None
        if speaker is not None and "speaker" in data.column_names:
            mask = pc.and_(mask, pc.equal(pc.utf8_lower(data["speaker"]), speaker.lower()))
        data = data.filter(mask)
        sort_col = "t_conv" if name == TURNS else "start"
        keys = [(sort_col, "ascending"), ("namespace", "ascending"), ("session_id", "ascending")]
        if name == TURNS:
            keys.append(("turn_index", "ascending"))
        data = data.sort_by(keys)
        total = data.num_rows
        if limit:
            data = data.slice(0, limit)
        return data.to_pylist(), total

    def session_turns(self, namespace: str, session_id: str) -> list[dict[str, Any]]:
        data = self.scan(TURNS, where=self.build_filter(session_ids=[(namespace, session_id)]))
        rows = [r for r in data.to_pylist()]
        for r in rows:
            r.pop("vector", None)
        return sorted(rows, key=lambda r: r["turn_index"])
