"""Sessions → the two calendars: the index core.

``index_sessions(sessions, store, embedder, extractor=...)`` (or an ``Indexer``, to index
several archives under one write lock and build the indexes once) plans which sessions are
new or changed, then for each batch of them: embeds the turns that changed, extracts and
embeds events, and writes turns, events and, last, the session markers
(``Store.write_batch``). The marker is written last, so a run killed half-way is finished
by the next run without duplicates (every write is a keyed upsert).

A stop signal (a ``threading.Event``, set by the CLI on Ctrl-C) is checked between batches,
between embedding chunks and while waiting for the extractor: the run ends at the next of
those points with ``IndexInterrupted``, whose report counts what was committed. Reading
archive files is a thin layer in front of this (``chronos_cli.index.files``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Protocol

from chronos_cli.clock import wall
from chronos_cli.index.files import WarmStart, index_paths
from chronos_cli.index.report import BATCH_TURNS, IndexCallbacks, IndexInterrupted, IndexReport, batch_turns
from chronos_cli.models import Event, Session, link_last_talks
from chronos_cli.providers.embed import Embedder
from chronos_cli.store.tables import (
    EVENTS,
    SCHEMA_VERSION,
    TURNS,
    LockWaitStopped,
    Store,
    check_namespace,
    event_embed_text,
)

__all__ = [
    "BATCH_TURNS",
    "IndexCallbacks",
    "IndexInterrupted",
    "IndexReport",
    "Indexer",
    "index_paths",
    "index_sessions",
    "reembed",
]

POLL_S = 0.1  # how often a wait for the extractor looks at the stop signal


class Extractor(Protocol):
    """Turns sessions into dated events. ``name`` is recorded per session: a session
    indexed by another extractor (or version) is re-extracted."""

    name: str

    def extract(self, sessions: Sequence[Session]) -> list[list[Event]]: ...


class _Stopped(Exception):
    pass


@dataclass
class _Plan:
    sessions: list[Session] = field(default_factory=list)  # new or changed content
    reextract: list[Session] = field(default_factory=list)  # same content, other extractor


def index_sessions(
    sessions: Sequence[Session],
    store: Store,
    embedder: Embedder,
    *,
    source: str = "",
    extractor: Extractor | None = None,
    stop: threading.Event | None = None,
    callbacks: IndexCallbacks | None = None,
) -> IndexReport:
    """Index ``sessions`` (from ``source``, recorded per session) and build the indexes."""
    with Indexer(store, embedder, extractor=extractor, stop=stop, callbacks=callbacks) as ix:
        ix.index(sessions, source=source)
        return ix.finish()


class Indexer:
    """One indexing run: holds the database's write lock from ``__enter__`` to ``__exit__``.
    ``index`` may be called once per archive; ``finish`` builds the indexes once at the end."""

    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        *,
        extractor: Extractor | None = None,
        stop: threading.Event | None = None,
        callbacks: IndexCallbacks | None = None,
        report: IndexReport | None = None,
        warm: WarmStart | None = None,
    ) -> None:
        self.store = store
        self.warm = warm  # the first turns, embedded while the store opened
        self._warm_vectors: dict = {}
        self.embedder = embedder
        self.extractor = extractor
        self.stop = stop or threading.Event()
        self.cb = callbacks or IndexCallbacks()
        self.report = report or IndexReport(db=store.uri)
        self.report.embed_model = embedder.name
        self.report.extractor = extractor.name if extractor else ""
        self._t0 = time.perf_counter()
        self._exit = ExitStack()
        self._meta_checked = False

    def __enter__(self) -> Indexer:
        try:
            self._exit.enter_context(self.store.writer(on_wait=self.cb.on_wait, stop=self.stop))
        except LockWaitStopped:
            raise self._interrupted() from None
        try:
            self.store.upgrade(on_wait=self.cb.on_wait)  # an older database: in place, under the lock
            self.store.check_embedder(self.embedder.name, self.embedder.dim)
        except BaseException:
            self._exit.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self._exit.close()

    # -- the run ------------------------------------------------------------------------

    def index(self, sessions: Sequence[Session], *, source: str = "") -> None:
        """Index one archive's sessions. Raises ``IndexInterrupted`` when the stop signal is set."""
        for ns in {s.namespace for s in sessions}:
            check_namespace(ns)
        self.report.namespaces = sorted(set(self.report.namespaces) | {s.namespace for s in sessions})
        try:
            self._check()
            self._index(list(sessions), source)
        except _Stopped:
            raise self._interrupted() from None

    def finish(self) -> IndexReport:
        """Build or refresh the indexes and close the report. A stop before or between index
        builds ends with ``IndexInterrupted`` (every batch is committed; the next run builds them)."""
        self.check_stop()
        if self.store.exists() and not self.store.finish_bulk_write(stop=self.stop):
            raise self._interrupted()
        self._close_report()
        return self.report

    def check_stop(self) -> None:
        """``IndexInterrupted`` when the stop signal is set (callers between archives)."""
        if self.stop.is_set():
            raise self._interrupted()

    def _interrupted(self) -> IndexInterrupted:
        self.report.interrupted = True
        self._close_report()
        return IndexInterrupted(self.report)

    def _close_report(self) -> None:
        usage = getattr(self.extractor, "usage", None) if self.extractor else None
        if usage is not None:
            self.report.usage = usage.model_dump()
        self.report.turns_unread = getattr(self.extractor, "failed_turns", 0) if self.extractor else 0
        self.report.seconds = round(time.perf_counter() - self._t0, 3)

    def _check(self) -> None:
        if self.stop.is_set():
            raise _Stopped

    def _progress(self, stage: str) -> Callable[[int], None]:
        """An embedder progress callback that also checks the stop signal between chunks."""

        def tick(n: int) -> None:
            self.cb.on_advance(stage, n)
            self._check()

        return tick

    def _index(self, sessions: list[Session], source: str) -> None:
        ext_name = self.extractor.name if self.extractor else ""
        plan = _plan(self.store, sessions, ext_name, self.report)
        todo = plan.sessions + plan.reextract
        if not todo:
            return
        if self.extractor:
            # before batching (a batch may not hold a session's previous one), and with the talks
            # indexed before (another file may have held it)
            latest = max(wall(s.t_conv) for s in todo)
            link_last_talks(sessions, self.store.talks({s.namespace for s in todo}, before=latest))
        self.cb.on_stage("turns", sum(len(s.turns) for s in plan.sessions))
        if self.extractor:
            self.cb.on_stage("events", len(todo))
        reextract = {Store.session_key(s.namespace, s.session_id) for s in plan.reextract}
        batches = _batches(todo)
        # extraction runs in a worker, one batch ahead: the embedding model releases the GIL,
        # and rules (or model calls) fill the time it spends
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chronos-extract")
        pending: dict[int, Future] = {}

        def submit(i: int) -> None:
            if self.extractor is not None and i < len(batches):
                pending[i] = pool.submit(self.extractor.extract, batches[i])

        try:
            submit(0)
            for i, batch in enumerate(batches):
                self._check()
                fresh = [s for s in batch if Store.session_key(s.namespace, s.session_id) not in reextract]
                turns, counts = self._turn_rows(fresh) if fresh else (None, {})
                events = self._wait(pending.pop(i)) if i in pending else None
                submit(i + 1)
                event_rows = self._event_rows(events) if events is not None else None
                self._check()
                self._write(batch, turns, event_rows, ext_name, source)
                for k, v in counts.items():
                    setattr(self.report, k, getattr(self.report, k) + v)
                if event_rows is not None:
                    self.report.events += len(event_rows)
                    self.cb.on_advance("events", len(batch))
        finally:
            # never wait for an extraction still running (a slow model): the caller is leaving
            pool.shutdown(wait=False, cancel_futures=True)

    def _wait(self, fut: Future) -> list[list[Event]]:
        while True:
            try:
                return fut.result(timeout=POLL_S)
            except TimeoutError:
                self._check()

    def _write(self, batch, turns, events, ext_name: str, source: str) -> None:
        if not self._meta_checked:  # before the first data commit: which model the vectors are from
            want = {
                "embed_model": self.embedder.name,
                "embed_dim": str(self.embedder.dim),
                "schema_version": str(SCHEMA_VERSION),
            }
            meta = self.store.meta()
            if any(meta.get(k) != v for k, v in want.items()):
                self.store.set_meta(want)
            self._meta_checked = True
        self.store.write_batch(
            batch, turns=turns, events=events, dim=self.embedder.dim, extractor=ext_name, source=source
        )

    def _turn_rows(self, sessions: list[Session]) -> tuple[list[dict], dict[str, int]]:
        """The rows of these sessions' turns, embedding only what is not stored already."""
        store = self.store
        stored = store.stored_turns([Store.session_key(s.namespace, s.session_id) for s in sessions])
        wanted: dict[str, tuple[str, str]] = {}  # turn key -> (content_hash, text)
        for s in sessions:
            for t in s.turns:
                wanted[Store.turn_key(s.namespace, s.session_id, t.turn_id)] = (t.content_hash, t.text)
        need = [k for k, (h, _) in wanted.items() if k not in stored or stored[k][0] != h]
        need_set = set(need)
        vectors = {k: stored[k][1] for k in wanted if k not in need_set}
        counts = {
            "turns_changed": sum(1 for k in need if k in stored),
            "turns_new": sum(1 for k in need if k not in stored),
            "turns_unchanged": len(wanted) - len(need),
            "turns_removed": sum(1 for k in stored if k not in wanted),
        }
        # the same content already embedded elsewhere (LongMemEval shares sessions between
        # instances): reuse its vector instead of embedding it again
        by_hash = store.vectors_for_hashes([wanted[k][0] for k in need]) if need else {}
        done = 0  # turns whose vector is known without embedding here
        uniq: dict[str, list[str]] = {}  # identical texts in one batch are embedded once
        for k in need:
            h, text = wanted[k]
            if h in by_hash:
                vectors[k] = by_hash[h]
                done += 1
            else:
                uniq.setdefault(text, []).append(k)
        embedded = 0
        if self.warm is not None and uniq:  # the start-up overlap: embedded while the store opened
            self._warm_vectors, self.warm = self.warm.take(self._check), None
        for text in [t for t in uniq if t in self._warm_vectors]:
            vec = self._warm_vectors.pop(text)
            for k in uniq.pop(text):
                vectors[k] = vec
                done += 1
            embedded += 1
        if done:
            self.cb.on_advance("turns", done)
        texts = list(uniq)
        if texts:
            sizes = [len(uniq[t]) for t in texts]
            pos = 0
            tick = self._progress("turns")

            def progress(n: int) -> None:
                nonlocal pos
                tick(sum(sizes[pos : pos + n]))
                pos += n

            arr = self.embedder.embed(texts, progress=progress)
            for text, vec in zip(texts, arr):
                for k in uniq[text]:
                    vectors[k] = vec
        counts["turns_embedded"] = embedded + len(texts)
        return [r for s in sessions for r in store.turn_rows(s, vectors)], counts

    def _event_rows(self, per_session: list[list[Event]]) -> list[dict]:
        events = [e for evs in per_session for e in evs]
        if not events:
            return []
        texts = [event_embed_text(e.text, e.aliases, e.start, e.end) for e in events]
        vecs = self.embedder.embed(texts, progress=lambda n: self._check())
        return self.store.event_rows(events, vecs)


def _plan(store: Store, sessions: list[Session], extractor_name: str, report: IndexReport) -> _Plan:
    states = store.session_states({s.namespace for s in sessions})
    plan = _Plan()
    seen: set[str] = set()
    for s in sessions:
        key = Store.session_key(s.namespace, s.session_id)
        if key in seen:  # the same session twice in one archive: the first wins
            continue
        seen.add(key)
        st = states.get(key)
        if st is None:
            report.sessions_new += 1
            plan.sessions.append(s)
        elif st["content_hash"] != s.content_hash:
            report.sessions_changed += 1
            plan.sessions.append(s)
        else:
            report.sessions_unchanged += 1
            report.turns_unchanged += len(s.turns)
            if st["extractor"] != extractor_name:
                plan.reextract.append(s)
    return plan


def _batches(sessions: Iterable[Session]) -> list[list[Session]]:
    out: list[list[Session]] = []
    cur: list[Session] = []
    n = 0
    limit = batch_turns()
    for s in sessions:
        cur.append(s)
        n += len(s.turns)
        if n >= limit:
            out.append(cur)
            cur, n = [], 0
    if cur:
        out.append(cur)
    return out


def reembed(store: Store, embedder: Embedder, callbacks: IndexCallbacks | None = None) -> dict[str, int]:
    """Re-embed every turn and event with ``embedder`` without re-reading archives (each table
    is one atomic overwrite; ``meta`` names the new model once both are done)."""
    cb = callbacks or IndexCallbacks()
    out: dict[str, int] = {}
    with store.writer(on_wait=cb.on_wait):
        store.upgrade(on_wait=cb.on_wait)
        for name in (TURNS, EVENTS):
            t = store.table(name)
            if t is None:
                continue
            cb.on_stage(name, t.count_rows())

            def vectors_for(data, name=name):
                if name == TURNS:
                    texts = data["text"].to_pylist()
                else:
                    texts = [
                        event_embed_text(r["text"], r["aliases"], r["start"], r["end"])
                        for r in data.select(["text", "aliases", "start", "end"]).to_pylist()
                    ]
                return embedder.embed(texts, progress=lambda k: cb.on_advance(name, k))

            out[name] = store.rewrite_vectors(name, vectors_for, embedder.dim)
        store.set_meta({"embed_model": embedder.name, "embed_dim": str(embedder.dim)})
        store.finish_bulk_write()  # the overwrite dropped the indexes: build them again
    return out
