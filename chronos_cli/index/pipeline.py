"""Archives → the two calendars.

Per file: read and validate the whole archive first (a bad file writes nothing), then
for each batch of new or changed sessions: embed the turns that changed, extract and
embed events, write turns and events, and finally mark the sessions as indexed. The
session marker is written last, so a run killed half-way is finished by the next run
without duplicates (every write is a keyed upsert).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import tzinfo
from pathlib import Path
from typing import Protocol

import numpy as np
from pydantic import BaseModel

from chronos_cli.archives import ArchiveError, iter_archive_files, read_archive
from chronos_cli.models import Event, Session
from chronos_cli.providers.embed import Embedder
from chronos_cli.store.tables import EVENTS, TURNS, Store, check_namespace

# Sessions are committed in batches of about this many turns (each batch: turns, events,
# then the session markers). CHRONOS_INDEX_BATCH_TURNS overrides it: smaller batches mean
# more, smaller commits (less work lost when a run is killed; tests force many commits).
BATCH_TURNS = 4000


def _batch_turns() -> int:
    try:
        return max(1, int(os.environ.get("CHRONOS_INDEX_BATCH_TURNS", "") or BATCH_TURNS))
    except ValueError:
        return BATCH_TURNS


class Extractor(Protocol):
    """Turns sessions into dated events. ``name`` is recorded per session: a session
    indexed by another extractor (or version) is re-extracted."""

    name: str

    def extract(self, sessions: Sequence[Session]) -> list[list[Event]]: ...


@dataclass
class IndexCallbacks:
    """How the core reports progress; the CLI passes Rich progress bars in here."""

    on_stage: Callable[[str, int], None] = lambda stage, total: None  # a stage starts, with its size
    on_advance: Callable[[str, int], None] = lambda stage, n: None
    on_file_error: Callable[[str], None] = lambda message: None


class IndexReport(BaseModel):
    db: str
    files: int = 0
    failed_files: list[str] = []
    namespaces: list[str] = []
    sessions_new: int = 0
    sessions_changed: int = 0
    sessions_unchanged: int = 0
    turns_new: int = 0
    turns_changed: int = 0
    turns_unchanged: int = 0
    turns_removed: int = 0
    turns_embedded: int = 0
    events: int = 0
    embed_model: str = ""
    extractor: str = ""
    seconds: float = 0.0
    usage: dict = {}


def event_embed_text(e: Event) -> str:
    """What an event's vector is made of: its text, aliases and a readable time."""
    return embed_text_of(e.text, e.aliases, e.start, e.end)


def embed_text_of(text: str, aliases: Sequence[str], start, end) -> str:
    when = start.strftime("%-d %B %Y")
    if end.date() != start.date():
        when += " to " + end.strftime("%-d %B %Y")
    return "; ".join([text, *aliases, when])


@dataclass
class _Plan:
    sessions: list[Session] = field(default_factory=list)  # new or changed content
    reextract: list[Session] = field(default_factory=list)  # same content, other extractor


def index_paths(
    paths: Sequence[Path],
    store: Store,
    embedder: Embedder,
    *,
    fmt: str = "auto",
    namespace: str | None = None,
    tz: tzinfo | None = None,
    dayfirst: bool = False,
    extractor: Extractor | None = None,
    callbacks: IndexCallbacks | None = None,
) -> IndexReport:
    cb = callbacks or IndexCallbacks()
    t0 = time.perf_counter()
    if namespace is not None:
        check_namespace(namespace)
    report = IndexReport(db=store.uri, embed_model=embedder.name, extractor=extractor.name if extractor else "")
    store.check_embedder(embedder.name, embedder.dim)
    files: list[Path] = []
    for p in paths:
        files.extend(iter_archive_files(Path(p)))
    cb.on_stage("files", len(files))
    namespaces: set[str] = set()
    for path in files:
        try:
            archive = read_archive(path, fmt, tz=tz, namespace=namespace, dayfirst=dayfirst)
            for s in archive.sessions:
                check_namespace(s.namespace)
        except (ArchiveError, ValueError) as e:
            report.failed_files.append(str(e))
            cb.on_file_error(str(e))
            cb.on_advance("files", 1)
            continue
        report.files += 1
        namespaces.update(s.namespace for s in archive.sessions)
        _index_archive(store, embedder, extractor, archive.sessions, str(path), report, cb)
        cb.on_advance("files", 1)
    if store.exists():
        store.set_meta({"embed_model": embedder.name, "embed_dim": str(embedder.dim)})
        store.finish_bulk_write()
    report.namespaces = sorted(namespaces)
    if extractor is not None and getattr(extractor, "usage", None) is not None:
        report.usage = extractor.usage.model_dump()
    report.seconds = round(time.perf_counter() - t0, 3)
    return report


def _plan(store: Store, sessions: list[Session], extractor_name: str, report: IndexReport) -> _Plan:
    states = store.session_states({s.namespace for s in sessions})
    plan = _Plan()
    seen: set[str] = set()
    for s in sessions:
        key = store.session_key(s.namespace, s.session_id)
        if key in seen:  # the same session twice in one file: the first wins
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


def _batches(sessions: list[Session]) -> list[list[Session]]:
    out: list[list[Session]] = []
    cur: list[Session] = []
    n = 0
    limit = _batch_turns()
    for s in sessions:
        cur.append(s)
        n += len(s.turns)
        if n >= limit:
            out.append(cur)
            cur, n = [], 0
    if cur:
        out.append(cur)
    return out


def _index_archive(
    store: Store,
    embedder: Embedder,
    extractor: Extractor | None,
    sessions: list[Session],
    source: str,
    report: IndexReport,
    cb: IndexCallbacks,
) -> None:
    ext_name = extractor.name if extractor else ""
    plan = _plan(store, sessions, ext_name, report)
    todo = plan.sessions + plan.reextract
    if not todo:
        return
    n_turns = sum(len(s.turns) for s in plan.sessions)
    cb.on_stage("turns", n_turns)
    if extractor:
        cb.on_stage("events", len(todo))
    reextract_keys = {store.session_key(s.namespace, s.session_id) for s in plan.reextract}
    # extraction runs beside the turn embedding: the model releases the GIL, and rules
    # (or LLM calls) fill the time it spends
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="chronos-extract") as pool:
        for batch in _batches(todo):
            pending = pool.submit(extractor.extract, batch) if extractor else None
            fresh = [s for s in batch if store.session_key(s.namespace, s.session_id) not in reextract_keys]
            try:
                if fresh:
                    _write_turns(store, embedder, fresh, report, cb)
            except BaseException:
                if pending is not None:
                    pending.cancel()
                raise
            _write_events(store, embedder, batch, pending.result() if pending else None, report, cb)
            store.mark_sessions(batch, extractor=ext_name, source=source)


def _write_events(
    store: Store,
    embedder: Embedder,
    batch: list[Session],
    events_per_session: list[list[Event]] | None,
    report: IndexReport,
    cb: IndexCallbacks,
) -> None:
    """One commit: the batch's sessions get exactly these events (vectors included)."""
    if events_per_session is None:
        return
    events = [e for evs in events_per_session for e in evs]
    for e in events:
        e.event_id = e.event_id or e.stable_id()
    vecs = embedder.embed([event_embed_text(e) for e in events]) if events else np.zeros((0, embedder.dim))
    keys = [store.session_key(s.namespace, s.session_id) for s in batch]
    store.replace_events(events, vecs, keys, embedder.dim)
    report.events += len(events)
    cb.on_advance("events", len(batch))


def _write_turns(
    store: Store, embedder: Embedder, sessions: list[Session], report: IndexReport, cb: IndexCallbacks
) -> None:
    keys = [store.session_key(s.namespace, s.session_id) for s in sessions]
    existing = store.turn_hashes(keys)  # key -> content_hash of what is stored now
    wanted: dict[str, tuple[str, str]] = {}  # turn key -> (content_hash, text)
    for s in sessions:
        for t in s.turns:
            wanted[store.turn_key(s.namespace, s.session_id, t.turn_id)] = (t.content_hash, t.text)
    vectors: dict[str, np.ndarray] = {}
    need = [k for k, (h, _) in wanted.items() if existing.get(k) != h]
    need_set = set(need)
    keep = [k for k in wanted if k not in need_set]
    report.turns_changed += sum(1 for k in need if k in existing)
    report.turns_new += sum(1 for k in need if k not in existing)
    report.turns_unchanged += len(keep)
    report.turns_removed += sum(1 for k in existing if k not in wanted)
    if keep:
        vectors.update(store.vectors_for_keys(keep))
    # the same content already embedded elsewhere (LongMemEval shares sessions between
    # instances): reuse its vector instead of embedding it again
    by_hash = store.vectors_for_hashes([wanted[k][0] for k in need])
    to_embed = [k for k in need if wanted[k][0] not in by_hash]
    for k in need:
        if wanted[k][0] in by_hash:
            vectors[k] = by_hash[wanted[k][0]]
            cb.on_advance("turns", 1)
    # identical texts in one batch are embedded once
    uniq: dict[str, list[str]] = {}
    for k in to_embed:
        uniq.setdefault(wanted[k][1], []).append(k)
    texts = list(uniq)
    if texts:
        counts = [len(uniq[t]) for t in texts]
        done = 0

        def progress(n: int) -> None:
            nonlocal done
            cb.on_advance("turns", sum(counts[done : done + n]))
            done += n

        arr = embedder.embed(texts, progress=progress)
        for text, vec in zip(texts, arr):
            for k in uniq[text]:
                vectors[k] = vec
        report.turns_embedded += len(texts)
    rows = [r for s in sessions for r in store.turn_rows(s, vectors)]
    store.upsert_turns(rows, keys, embedder.dim)


def reembed(store: Store, embedder: Embedder, callbacks: IndexCallbacks | None = None) -> dict[str, int]:
    """Re-embed every turn and event with ``embedder`` without re-reading archives."""
    cb = callbacks or IndexCallbacks()
    out: dict[str, int] = {}
    for name in (TURNS, EVENTS):
        t = store.table(name)
        if t is None:
            continue
        n = t.count_rows()
        cb.on_stage(name, n)

        def vectors_for(data, name=name):
            if name == TURNS:
                texts = data["text"].to_pylist()
            else:
                texts = [
                    embed_text_of(r["text"], r["aliases"], r["start"], r["end"])
                    for r in data.select(["text", "aliases", "start", "end"]).to_pylist()
                ]
            return embedder.embed(texts, progress=lambda k: cb.on_advance(name, k))

        out[name] = store.rewrite_vectors(name, vectors_for, embedder.dim)
    store.set_meta({"embed_model": embedder.name, "embed_dim": str(embedder.dim)})
    store.finish_bulk_write()  # the overwrite dropped the indexes: build them again
    return out
