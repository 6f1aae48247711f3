"""Archive files → the index core: read each file, hand its sessions to an ``Indexer``.

Light at import time (archive readers only): the CLI imports this before LanceDB, so that
on a fresh local database the first turns can start embedding while LanceDB imports
(about 1.5 s of a short run; the embedding model releases the GIL). For that, pass a
``StoreOpener`` instead of a ``Store``.

A file that cannot be read is reported (``failed_files``) and writes nothing; conversations
an export had to leave out are reported (``skipped``); ``strict`` makes the first of
either problems fatal (an ``ArchiveError``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronos_cli.archives import ArchiveError, iter_archive_files, read_archive
from chronos_cli.config import LOCAL_EMBED_MODEL
from chronos_cli.index.report import IndexCallbacks, IndexReport, batch_turns
from chronos_cli.models import Archive

if TYPE_CHECKING:
    from chronos_cli.index.pipeline import Extractor
    from chronos_cli.store.tables import Store

# On a fresh database, up to this many of the first file's turns are embedded while the
# store opens (what the model does in about the time LanceDB takes to import).
WARM_START_TURNS = 256


class WarmStart:
    """Turn texts embedded in a background thread while the store opens; the index core takes
    the vectors once (``take``) and embeds only the rest. The thread sees the stop signal
    between embedding chunks, so a Ctrl-C ends it too."""

    def __init__(self, embedder: Any, texts: list[str], stop: threading.Event) -> None:
        self._vectors: dict[str, Any] = {}
        self._done = threading.Event()

        def run() -> None:
            def check(n: int) -> None:
                if stop.is_set():
                    raise InterruptedError

            try:
                self._vectors = dict(zip(texts, embedder.embed(texts, progress=check)))
            except BaseException:  # noqa: BLE001, S110 - stopped, or failed: the core embeds them (and reports it)
                pass
            finally:
                self._done.set()

        threading.Thread(target=run, name="chronos-warm-start", daemon=True).start()

    def take(self, check: Callable[[], None]) -> dict[str, Any]:
        """The vectors (text → vector), once; ``check`` is called while waiting (it may raise)."""
        while not self._done.wait(0.1):
            check()
        out, self._vectors = self._vectors, {}
        return out


@dataclass
class StoreOpener:
    """A database not opened yet: ``open()`` imports LanceDB and connects."""

    uri: str
    open: Callable[[], Store]

    def fresh(self) -> bool:
        """A local folder with no turns yet: every turn of the first file will be embedded."""
        return "://" not in self.uri and not (Path(self.uri).expanduser() / "turns.lance").exists()


def index_paths(
    paths: Sequence[Path],
    store: Store | StoreOpener,
    embedder: Any,
    *,
    fmt: str = "auto",
    namespace: str | None = None,
    tz: tzinfo | None = None,
    dayfirst: bool = False,
    strict: bool = False,
    extractor: Extractor | None = None,
    stop: threading.Event | None = None,
    callbacks: IndexCallbacks | None = None,
) -> IndexReport:
    """Index archive files and folders. Raises ``IndexInterrupted`` when ``stop`` is set."""
    files: list[Path] = []
    for p in paths:
        files.extend(iter_archive_files(Path(p)))
    stop = stop or threading.Event()
    first = _read(files[0], fmt, tz, namespace, dayfirst, strict) if files else None
    warm = None
    if isinstance(store, StoreOpener):
        # the overlap hides LanceDB's import behind the local model's compute; a remote embedder
        # has nothing to hide it behind and would only race the run's first requests
        if isinstance(first, Archive) and store.fresh() and getattr(embedder, "name", "") == LOCAL_EMBED_MODEL:
            # at most the first batch: the warm start never runs ahead of what the first commit needs
            limit = min(WARM_START_TURNS, batch_turns())
            texts = list(dict.fromkeys(t.text for s in first.sessions for t in s.turns))[:limit]
            warm = WarmStart(embedder, texts, stop)
        store = store.open()

    from chronos_cli.index.pipeline import Indexer  # LanceDB is loaded by now

    cb = callbacks or IndexCallbacks()
    report = IndexReport(db=store.uri)
    with Indexer(store, embedder, extractor=extractor, stop=stop, callbacks=cb, report=report, warm=warm) as ix:
        cb.on_stage("files", len(files))
        for i, path in enumerate(files):
            ix.check_stop()
            archive = first if i == 0 else _read(path, fmt, tz, namespace, dayfirst, strict)
            archive = _check_namespaces(archive, path, strict)
            if isinstance(archive, ArchiveError):
                report.failed_files.append(str(archive))
                cb.on_file_error(str(archive))
            else:
                report.files += 1
                for skip in archive.skipped:
                    report.skipped.append(skip)
                    cb.on_skip(skip)
                ix.index(archive.sessions, source=str(path))
            cb.on_advance("files", 1)
        return ix.finish()


def _read(
    path: Path, fmt: str, tz: tzinfo | None, namespace: str | None, dayfirst: bool, strict: bool
) -> Archive | ArchiveError:
    """One archive, or the error that says why it cannot be read (raised when ``strict``)."""
    try:
        return read_archive(path, fmt, tz=tz, namespace=namespace, dayfirst=dayfirst, strict=strict)
    except ArchiveError as e:
        if strict:
            raise
        return e


def _check_namespaces(archive: Archive | ArchiveError, path: Path, strict: bool) -> Archive | ArchiveError:
    """A benchmark instance id that cannot be a namespace fails its file, as a reading error does."""
    from chronos_cli.store.tables import StoreError, check_namespace  # LanceDB is loaded by now

    if isinstance(archive, ArchiveError):
        return archive
    try:
        for ns in {s.namespace for s in archive.sessions}:
            check_namespace(ns)
    except StoreError as e:
        err = ArchiveError(path, "", str(e))
        if strict:
            raise err from None
        return err
    return archive
