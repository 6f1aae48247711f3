"""The two calendars as LanceDB tables: ``turns`` and ``events``, plus
``sessions`` (what has been indexed, written last as a commit marker) and ``meta``
(which embedding model the vectors come from, and the schema version).

One writer at a time: a local database is locked by a file inside its folder while a
command writes (``Store.writer``); on object storage, where no such lock exists, a write
that loses a commit race is retried (every write is a keyed upsert, safe to repeat).

Filters are built only with ``lancedb.expr`` from typed values (datetimes, hashes,
validated names): no string from a model or a user is ever pasted into SQL.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

# Lance logs index-build chatter ("partition N is empty") and retried commit races to stderr;
# it reads these once, at import
os.environ.setdefault("LANCE_LOG", "error")
os.environ.setdefault("LANCEDB_LOG", "error")

import lancedb  # noqa: E402
import numpy as np
import pyarrow as pa  # noqa: E402
import pyarrow.compute as pc  # noqa: E402
from lancedb.expr import Expr, col, lit  # noqa: E402
from lancedb.index import FTS, BTree  # noqa: E402

from chronos_cli.clock import wall  # noqa: E402
from chronos_cli.hits import EventHit, Hit, TurnHit  # noqa: E402
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
MEMO_SEARCHES = 256  # vector and full-text searches remembered per Store (per table version)
EXACT_SCAN_MAX_ROWS = 20_000  # filtered searches over at most this many rows skip the ANN index
ANN_INDEX_TYPE = "IVF_SQ"
ANN_NPROBES = 20
ANN_MAX_NPROBES = 80
ANN_EF = 64
ANN_REFINE_FACTOR = 4
# The layout of the tables, recorded in ``meta`` as ``schema_version``; an older database is
# upgraded when it is opened (``Store.upgrade``):
#   1  the first release (its meta has no schema_version)
#   2  events gain ``kind``; an event with no time cue is undated (start null, granularity
#      "undated", end = the end of the day it was said) instead of dated on that day; each
#      table's key column is its (unenforced) primary key, so that Lance sees two writers
#      inserting the same row at once as a commit conflict instead of writing it twice
SCHEMA_VERSION = 2
LOCK_FILE = ".chronos-write.lock"  # inside a local database's folder
COMMIT_RETRIES = 8
_CONFLICT = re.compile(
    r"commit conflict|write contention|preempted by concurrent|incompatible transaction", re.IGNORECASE
)
_DENIED = re.compile(r"permission denied|read-only|access denied|forbidden", re.IGNORECASE)
NAMESPACE_RE = re.compile(r"^[A-Za-z0-9_.:/@+\-]{1,200}$")


class StoreError(Exception):
    pass


class EmbedModelMismatch(StoreError):
    pass


class LockWaitStopped(StoreError):
    """The stop signal was set while waiting for another writer."""


def key_of(*parts: str) -> str:
    """A stable hex key: safe to use in a filter whatever the parts contain."""
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def check_namespace(ns: str) -> str:
    if not NAMESPACE_RE.match(ns):
        raise StoreError(f"invalid namespace {ns!r}: use letters, digits and . _ : / @ + - (at most 200)")
    return ns


def offset_minutes(dt: datetime) -> int | None:
    off = dt.utcoffset()
    return None if off is None else int(off.total_seconds() // 60)


def event_search_text(text: str, aliases: Sequence[str]) -> str:
    """What full-text search sees of an event (the ``search_text`` column)."""
    return " ; ".join([text, *aliases])


def event_embed_text(text: str, aliases: Sequence[str], start: datetime | None, end: datetime) -> str:
    """What an event's vector is made of: its text, aliases and a readable time. An undated
    event (``start`` None) reads as the day it was said, which its ``end`` holds."""
    when = (start or end).strftime("%-d %B %Y")
    if start is not None and end.date() != start.date():
        when += " to " + end.strftime("%-d %B %Y")
    return "; ".join([text, *aliases, when])


def _turns_schema(dim: int) -> pa.Schema:
    return pa.schema(
        [
            pa.field("key", pa.string(), nullable=False),
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
            pa.field("event_id", pa.string(), nullable=False),
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
            pa.field("start", pa.timestamp("us")),  # null: undated (no time cue)
            pa.field("end", pa.timestamp("us")),
            pa.field("granularity", pa.string()),
            pa.field("time_source", pa.string()),
            pa.field("t_conv", pa.timestamp("us")),
            pa.field("evidence", pa.string()),
            pa.field("extractor", pa.string()),
            pa.field("kind", pa.string()),  # "event" | "mention" (a dated clause with no parsed SVO)
            pa.field("vector", pa.list_(pa.float32(), dim)),
        ]
    )


SESSIONS_SCHEMA = pa.schema(
    [
        pa.field("key", pa.string(), nullable=False),
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

META_SCHEMA = pa.schema([pa.field("key", pa.string(), nullable=False), pa.field("value", pa.string())])
PRIMARY_KEYS = {TURNS: "key", EVENTS: "event_id", SESSIONS: "key", META: "key"}
_PK_META = b"lance-schema:unenforced-primary-key:position"


def _sql(where: Expr | None) -> str | None:
    return where.to_sql() if where is not None else None


class Store:
    """One LanceDB database holding every namespace."""

    def __init__(self, uri: str, *, storage_options: dict[str, str] | None = None) -> None:
        self.uri = uri
        try:
            self.db = lancedb.connect(uri, storage_options=storage_options)
        except Exception as e:  # bad URI, unreachable bucket
            from chronos_cli.providers.errors import scrub  # light: no provider SDK

            raise StoreError(scrub(f"cannot open database {uri}: {e}")) from None
        self._tables: dict[str, Any] = {}
        self._keyed: set[str] = set()  # tables seen with their primary key (it is never unset)
        self._ann: dict[str, bool] = {}
        self._counts: dict[tuple[str, int, str], int] = {}
        # searches remembered per table version: an offline answer asks the same ranking twice
        # (the initial retrieval and the tools' lexical list), and each LanceDB query costs
        # about 5-10 ms of planning however small the table
        self._memo: dict[tuple, list[Hit]] = {}
        self._memo_lock = threading.Lock()
        self._lock_fd: int | None = None
        self._lock_depth = 0
        self.upgrade_error: str | None = None  # why an older database could not be upgraded
        self._open_schema()

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
            self._tables[name] = self._commit(lambda: self._create(name, schema))
        elif name in self._keyed:
            return t  # checked once: every later handle has the key too
        if not self._has_primary_key(name):
            # a new table, or one opened between another writer's create and its primary key: a
            # write from a handle without the key would not see that writer's rows as conflicts
            # and would insert them twice
            self._tables.pop(name, None)
            if not self._has_primary_key(name):
                self._set_primary_key(name)
            self._tables.pop(name, None)
        self._keyed.add(name)
        return self.table(name)

    def _has_primary_key(self, name: str) -> bool:
        return _PK_META in (self.table(name).schema.field(PRIMARY_KEYS[name]).metadata or {})

    def _create(self, name: str, schema: pa.Schema):
        try:
            return self.db.create_table(name, schema=schema, exist_ok=True)
        except ValueError:  # another writer made it first, and its key metadata differs from ``schema``
            if name in self._names():
                return self.db.open_table(name)
            raise

    def _set_primary_key(self, name: str) -> None:
        """Make the table's key column its primary key (before the first write: see SCHEMA_VERSION 2)."""
        key = PRIMARY_KEYS[name]
        field = self.table(name).schema.field(key)
        if field.nullable:
            self._commit(lambda: self.table(name).alter_columns({"path": key, "nullable": False}))
        if _PK_META in (field.metadata or {}):
            return
        try:
            self._commit(lambda: self.table(name).set_unenforced_primary_key(key))
        except ValueError as e:  # another writer set it first
            if "already set" not in str(e):
                raise

    def exists(self) -> bool:
        return TURNS in self._names()

    # -- meta: the embedding model ----------------------------------------------------

    def meta(self) -> dict[str, str]:
        t = self.table(META)
        if t is None:
            return {}
        return {r["key"]: r["value"] for r in t.to_arrow().to_pylist()}

    def set_meta(self, values: dict[str, str]) -> None:
        self._ensure(META, META_SCHEMA)
        data = pa.Table.from_pylist([{"key": k, "value": v} for k, v in values.items()], schema=META_SCHEMA)
        self._commit(
            lambda: (
                self.table(META)
                .merge_insert("key")
                .when_matched_update_all()
                .when_not_matched_insert_all()
                .execute(data)
            )
        )

    # -- schema version ---------------------------------------------------------------

    def schema_version(self) -> int | None:
        """The layout this database was written with (None: nothing written yet)."""
        m = self.meta()
        if "schema_version" in m:
            return int(m["schema_version"])
        return 1 if self.exists() else None

    def _open_schema(self) -> None:
        """Refuse a database from a newer release; upgrade one from an older release. A reader
        that cannot upgrade (read-only, or another command is writing) reads the old layout."""
        version = self.schema_version()
        if version is None or version == SCHEMA_VERSION:
            return
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database {self.uri} was written by a newer chronos (schema {version}; this one "
                f"knows {SCHEMA_VERSION}): upgrade chronos to use it"
            )
        try:
            self.upgrade(wait=False)
        except Exception as e:  # noqa: BLE001 - a reader goes on with the old layout; `index` reports it
            self.upgrade_error = str(e).splitlines()[0] if str(e) else type(e).__name__

    def upgrade(self, *, wait: bool = True, on_wait: Callable[[str], None] | None = None) -> bool:
        """Bring an older database to ``SCHEMA_VERSION`` in place; False when it is not needed
        (or, with ``wait=False``, when another command holds the write lock). Every step can be
        repeated, and the version is written last: an upgrade cut short is finished by the next open."""
        with self.writer(on_wait=on_wait, wait=wait) as held:
            version = self.schema_version()
            if not held or version is None or version >= SCHEMA_VERSION:
                return False
            if version < 2:
                self._upgrade_v2()
            self.set_meta({"schema_version": str(SCHEMA_VERSION)})
            self.finish_bulk_write()
            return True

    def _upgrade_v2(self) -> None:
        for name in PRIMARY_KEYS:
            if self.table(name) is not None:
                self._set_primary_key(name)
        t = self.table(EVENTS)
        if t is None:
            return
        if "kind" not in t.schema.names:
            self._commit(lambda: self.table(EVENTS).add_columns({"kind": "'event'"}))
        # events dated by the day they were said become undated (their end keeps that day)
        said_on = (col("time_source") == lit("said_on")).to_sql()
        self._commit(lambda: self.table(EVENTS).update(where=said_on, values={"start": None, "granularity": "undated"}))

    # -- one writer at a time -----------------------------------------------------------

    def local_path(self) -> Path | None:
        """The database's folder, or None for object storage and remote databases."""
        return None if "://" in self.uri else Path(self.uri).expanduser()

    @contextmanager
    def writer(
        self, *, on_wait: Callable[[str], None] | None = None, wait: bool = True, stop: threading.Event | None = None
    ) -> Iterator[bool]:
        """Hold the write lock of a local database while the block runs (re-entrant). Another
        command writing: ``on_wait`` is told once, then this waits (``wait=False``: yields False
        at once instead; ``stop`` set while waiting: ``LockWaitStopped``). A folder that cannot be
        written is a one-line StoreError here, before any work. Object storage has no lock: its
        commits are retried instead (``_commit``)."""
        if self._lock_depth:
            self._lock_depth += 1
            try:
                yield True
            finally:
                self._lock_depth -= 1
            return
        held = self._lock(on_wait, wait, stop)
        if not held:
            yield False
            return
        self._lock_depth = 1
        self._tables.clear()  # what another writer committed meanwhile: open the tables again
        self._ann.clear()
        try:
            yield True
        finally:
            self._lock_depth = 0
            self._unlock()

    def _lock(self, on_wait: Callable[[str], None] | None, wait: bool, stop: threading.Event | None) -> bool:
        path = self.local_path()
        if path is None:
            return True
        try:
            import fcntl
        except ImportError:  # no flock (Windows): one writer at a time is up to the user
            return True
        try:
            path.mkdir(parents=True, exist_ok=True)
            fd = os.open(path / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise StoreError(f"cannot write to the database {self.uri}: {e.strerror or e}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not wait:
                os.close(fd)
                return False
            if on_wait is not None:
                on_wait(f"waiting for another chronos command writing to {self.uri} …")
            while True:  # polled, not blocking: a Ctrl-C while waiting must be seen
                if stop is not None and stop.is_set():
                    os.close(fd)
                    raise LockWaitStopped(f"stopped while waiting to write to {self.uri}") from None
                time.sleep(0.1)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    continue
        self._lock_fd = fd
        return True

    def _unlock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the descriptor releases the flock
            self._lock_fd = None

    def _commit(self, write: Callable[[], Any]) -> Any:
        """Run one write. Lost a commit race to another writer (object storage, or the index
        compaction of a reader-side upgrade): open the tables again and retry — every write
        is a keyed upsert or a rewrite, safe to repeat. Refused by the storage: one line."""
        for attempt in range(COMMIT_RETRIES + 1):
            try:
                return write()
            except Exception as e:  # noqa: BLE001 - LanceDB raises RuntimeError/OSError/ValueError
                msg = str(e)
                if _CONFLICT.search(msg) and attempt < COMMIT_RETRIES:
                    time.sleep(min(2.0, 0.05 * 2**attempt) * (0.5 + random.random()))
                    self._tables.clear()
                    continue
                if isinstance(e, PermissionError) or _DENIED.search(msg):
                    raise StoreError(f"cannot write to the database {self.uri}: {msg.splitlines()[0][:300]}") from None
                raise
        raise AssertionError("unreachable")

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

    def talks(
        self, namespaces: Iterable[str], before: datetime
    ) -> dict[tuple[str, str], tuple[set[str], list[datetime]]]:
        """(namespace, session_id) → (speakers, times of its turns before ``before``) of the
        sessions stored in these namespaces: what "since we last talked" counts from when the
        talk was indexed before."""
        t = self.table(TURNS)
        names = sorted({check_namespace(n) for n in namespaces})
        if t is None or not names:
            return {}
        cols = ["namespace", "session_id", "speaker", "t_conv"]
        where = col("namespace").isin(names) & (col("t_conv") < lit(wall(before)))
        data = t.search().where(where).select(cols).limit(None).to_arrow()
        out: dict[tuple[str, str], tuple[set[str], list[datetime]]] = {}
        for ns, sid, who, at in zip(*(data[c].to_pylist() for c in cols)):
            speakers, times = out.setdefault((ns, sid), (set(), []))
            if who:
                speakers.add(who)
            if at is not None:
                times.append(at)
        return out

    def stored_turns(self, session_keys: Sequence[str]) -> dict[str, tuple[str, np.ndarray]]:
        """Turn key → (content_hash, vector) of the turns stored for these sessions."""
        return self._vectors_by("session_key", session_keys, ("key", "content_hash"))

    def vectors_for_hashes(self, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Vectors of turns with these content hashes, wherever they are stored."""
        return {h: v for h, (v,) in self._vectors_by("content_hash", hashes, ("content_hash",)).items()}

    def _vectors_by(self, column: str, values: Sequence[str], out_columns: tuple[str, ...]) -> dict[str, tuple]:
        """Turns whose ``column`` is in ``values``: first of ``out_columns`` → (the others…, vector)."""
        t = self.table(TURNS)
        if t is None or not values:
            return {}
        out: dict[str, tuple] = {}
        uniq = sorted(set(values))
        cols = list(dict.fromkeys([column, *out_columns, "vector"]))
        for i in range(0, len(uniq), 500):
            part = uniq[i : i + 500]
            data = t.search().where(col(column).isin(part)).select(cols).limit(None).to_arrow()
            if data.num_rows == 0:
                continue
            vecs = np.asarray(
                data["vector"].combine_chunks().flatten().to_numpy(zero_copy_only=False), dtype=np.float32
            )
            vecs = vecs.reshape(data.num_rows, -1)
            rest = [data[c].to_pylist() for c in out_columns[1:]]
            for j, (k, v) in enumerate(zip(data[out_columns[0]].to_pylist(), vecs)):
                out[k] = (*(r[j] for r in rest), v)
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

    def event_rows(self, events: Sequence[Event], vectors: np.ndarray) -> list[dict[str, Any]]:
        return [self._event_row(e, vectors[i]) for i, e in enumerate(events)]

    def write_batch(
        self,
        sessions: Sequence[Session],
        *,
        turns: list[dict[str, Any]] | None,
        events: list[dict[str, Any]] | None,
        dim: int,
        extractor: str,
        source: str,
    ) -> None:
        """Index a batch of sessions in three commits, in the order that lets a killed run be
        finished by the next: their turn rows (None: the turns are unchanged), their event rows
        (None: not extracted), then the session markers. Turns and events are written alike."""
        keys = [self.session_key(s.namespace, s.session_id) for s in sessions]
        if turns is not None:
            self.write_rows(TURNS, turns, keys, dim)
        if events is not None:
            self.write_rows(EVENTS, events, keys, dim)
        self.mark_sessions(sessions, extractor=extractor, source=source)

    def write_rows(self, name: str, rows: list[dict[str, Any]], session_keys: Sequence[str], dim: int) -> None:
        """One commit: the ``name`` rows of ``session_keys`` become exactly ``rows`` (a keyed
        upsert that also deletes those sessions' rows that are not in ``rows``)."""
        schema, key = (_turns_schema(dim), "key") if name == TURNS else (_events_schema(dim), "event_id")
        self._ensure(name, schema)
        if not rows and not session_keys:
            return
        data = pa.Table.from_pylist(rows, schema=schema)
        gone = col("session_key").isin(list(session_keys)).to_sql() if session_keys else None

        def write() -> None:
            b = self.table(name).merge_insert(key).when_matched_update_all().when_not_matched_insert_all()
            if gone is not None:
                b = b.when_not_matched_by_source_delete(gone)
            b.execute(data)

        self._commit(write)

    def _event_row(self, e: Event, vector: np.ndarray) -> dict[str, Any]:
        return {
            "event_id": e.event_id or e.stable_id(),  # the extractors set it; the one rule is Event.stable_id
            "namespace": e.namespace,
            "session_id": e.session_id,
            "session_key": self.session_key(e.namespace, e.session_id),
            "source_turn_ids": list(e.source_turn_ids),
            "subject": e.subject,
            "verb": e.verb,
            "object": e.object,
            "text": e.text,
            "aliases": list(e.aliases),
            "search_text": event_search_text(e.text, e.aliases),
            "time_expression": e.time_expression,
            "start": None if e.start is None else wall(e.start),  # None: undated (see Event)
            "end": wall(e.end),
            "granularity": e.granularity,
            "time_source": e.time_source,
            "t_conv": wall(e.t_conv),
            "evidence": e.evidence,
            "extractor": e.extractor,
            "kind": e.kind,
            "vector": vector,
        }

    def mark_sessions(self, sessions: Sequence[Session], *, extractor: str, source: str) -> None:
        """Written last: a session is 'indexed' only once its turns (and events) are in."""
        if not sessions:
            return
        self._ensure(SESSIONS, SESSIONS_SCHEMA)
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
        data = pa.Table.from_pylist(rows, schema=SESSIONS_SCHEMA)
        self._commit(
            lambda: (
                self.table(SESSIONS)
                .merge_insert("key")
                .when_matched_update_all()
                .when_not_matched_insert_all()
                .execute(data)
            )
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
        data = data.select(schema.names).cast(schema)
        self._tables[name] = self._commit(lambda: self.db.create_table(name, data=data, mode="overwrite"))
        self._set_primary_key(name)
        self._ann.pop(name, None)  # the overwrite dropped its indexes
        return data.num_rows

    def finish_bulk_write(self, stop: threading.Event | None = None) -> bool:
        """Indexes and compaction after a bulk write (cheap when nothing changed).

        Scalar (BTree) indexes on namespace, dates and keys and a full-text index are made
        as soon as a table has rows; the ANN index once it passes ``ANN_MIN_ROWS``. Later
        writes are folded into the existing indexes by ``optimize()``, which also compacts
        the small fragments each commit leaves. ``stop`` set: returns False before the next
        table (reads work without indexes; the next bulk write builds them).
        """
        plans = (
            (TURNS, ["text"], ["key", "namespace", "t_conv", "session_key", "content_hash"], True),
            (EVENTS, ["search_text"], ["event_id", "namespace", "start", "end", "session_key"], True),
            (SESSIONS, [], ["key", "namespace"], False),
        )
        for name, fts, scalars, ann in plans:
            if stop is not None and stop.is_set():
                return False
            t = self.table(name)
            if t is not None:
                self._index(t, fts=fts, scalars=scalars, ann=ann)
        return True

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
        name = t.name
        if stale or self._fragments(t) > 1:
            # fold new rows into the existing indexes and compact the fragments
            self._commit(lambda: self.table(name).optimize())
        for c in fts:
            if c not in existing:
                self._commit(
                    lambda c=c: self.table(name).create_index(c, config=FTS(with_position=False), replace=True)
                )
        for c in scalars:
            if c not in existing:
                self._commit(lambda c=c: self.table(name).create_index(c, config=BTree(), replace=True))
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
        name = t.name
        self._commit(
            lambda: self.table(name).create_index(
                "vector", config=config_cls(distance_type="cosine", num_partitions=parts), replace=True
            )
        )
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
        undated: bool = False,
        said_until: datetime | None = None,
    ) -> Expr | None:
        """Typed filter: namespaces (validated), a date range, (namespace, session_id) pairs.

        With ``end_col`` (events), a row matches when its [time_col, end_col] range
        overlaps [start, end]; otherwise ``time_col`` must fall inside. Undated events (start
        NULL) never match an upper bound unless ``undated`` asks for them. ``said_until``: only rows
        said (``t_conv``) up to that moment.
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
            upper = col(time_col) <= lit(wall(end))
            if end_col and undated:
                # an undated event (start NULL: on or before the day it was said) whose said-on
                # day is inside the range may have happened in it
                upper = upper | (col("granularity") == lit("undated"))
            parts.append(upper)
        if session_ids:
            parts.append(col("session_key").isin([key_of(ns, sid) for ns, sid in session_ids]))
        if said_until is not None:
            if not isinstance(said_until, datetime):
                raise TypeError("said_until must be a datetime")
            # the --now cutoff: nothing said after the moment a question is asked
            parts.append(col("t_conv") <= lit(wall(said_until)))
        if not parts:
            return None
        f = parts[0]
        for p in parts[1:]:
            f = f & p
        return f

    def vector_search(self, name: str, vector: np.ndarray, *, k: int, where: Expr | None = None) -> list[Hit]:
        t = self.table(name)
        if t is None:
            return []
        vector = np.asarray(vector, dtype=np.float32)
        return self._remembered(
            ("vector", name, t.version, k, _sql(where), vector.tobytes()),
            lambda: self._vector(t, name, vector, k, where),
        )

    def _vector(self, t, name: str, vector: np.ndarray, k: int, where: Expr | None) -> list[Hit]:
        q = t.search(vector, vector_column_name="vector").metric("cosine")
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
        # the vector column is left out: no hit carries it, and reading it back costs more than the search
        rows = q.select([*self._read_columns(t), "_distance"]).limit(k).to_arrow().to_pylist()
        return [self._hit(name, r, 1.0 - float(r.get("_distance", 1.0))) for r in rows]

    def text_search(self, name: str, query: str, *, k: int, where: Expr | None = None) -> list[Hit]:
        """BM25 full-text search. The query is a plain bag of words (never parsed as syntax)."""
        t = self.table(name)
        words = re.findall(r"\w+", query.lower())
        if t is None or not words:
            return []
        return self._remembered(
            ("text", name, t.version, k, _sql(where), " ".join(words)), lambda: self._text(t, name, words, k, where)
        )

    def _text(self, t, name: str, words: list[str], k: int, where: Expr | None) -> list[Hit]:
        column = "text" if name == TURNS else "search_text"
        from lancedb.query import MatchQuery

        q = t.search(MatchQuery(" ".join(words), column), query_type="fts")
        if where is not None:
            q = q.where(where, prefilter=True)
        try:
            rows = q.select([*self._read_columns(t), "_score"]).limit(k).to_arrow().to_pylist()
        except Exception:  # no FTS index yet (tiny table): fall back to substring scoring
            return self._scan_words(name, t, words, k, where)
        return [self._hit(name, r, float(r.get("_score", 0.0))) for r in rows]

    def _remembered(self, key: tuple, search: Callable[[], list[Hit]]) -> list[Hit]:
        """``search()``, or its result for the same arguments on the same table version (hits
        are never changed in place: callers copy them)."""
        with self._memo_lock:
            hit = self._memo.get(key)
        if hit is None:
            hit = search()
            with self._memo_lock:
                if len(self._memo) >= MEMO_SEARCHES:
                    self._memo.clear()
                self._memo[key] = hit
        return list(hit)

    @staticmethod
    def _read_columns(t) -> list[str]:
        """Every column but the (large) vector: what hits are made of."""
        return [c for c in t.schema.names if c != "vector"]

    def read_columns(self, name: str) -> list[str]:
        t = self.table(name)
        return self._read_columns(t) if t is not None else []

    def _scan_words(self, name: str, t, words: list[str], k: int, where: Expr | None) -> list[Hit]:
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
        return [self._hit(name, r, float(score[i])) for r, i in zip(rows, order)]

    @staticmethod
    def _hit(name: str, row: dict[str, Any], score: float = 0.0) -> Hit:
        return TurnHit.from_row(row, score) if name == TURNS else EventHit.from_row(row, score)

    def hits(self, name: str, data: pa.Table) -> list[Hit]:
        """Rows of a ``scan`` as typed hits (score 0)."""
        return [self._hit(name, r) for r in data.to_pylist()]

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
            columns = self._read_columns(t)
        q = t.search()
        if where is not None:
            q = q.where(where)
        if columns:
            q = q.select(list(columns))
        return q.limit(None).to_arrow()

    def grep(self, name: str, pattern: str, **options: Any) -> list[Hit]:
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
    ) -> tuple[list[Hit], int]:
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
        return self.hits(name, data), total

    def session_turns(self, namespace: str, session_id: str) -> list[TurnHit]:
        data = self.scan(TURNS, where=self.build_filter(session_ids=[(namespace, session_id)]), vectors=False)
        return sorted(self.hits(TURNS, data), key=lambda h: h.turn_index)
