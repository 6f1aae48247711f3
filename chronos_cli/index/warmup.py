"""Overlap start-up with work: on a fresh database, begin embedding the first turns
while the command is still importing LanceDB (about 1.5 s of a short run).

Only for a local database folder that holds no turns yet — there every turn will be
embedded, so the work is never wasted — and only for the first file's first batch, so a
huge archive still commits batch by batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import tzinfo
from pathlib import Path

from chronos_cli.archives import ArchiveError, iter_archive_files, read_archive

MAX_FILE_BYTES = 20_000_000  # larger files are read once, by the indexer itself
MAX_TEXTS = 4000


def fresh_local_db(uri: str) -> bool:
    if "://" in uri:
        return False
    return not (Path(uri).expanduser() / "turns.lance").exists()


def prefetch_first_turns(
    paths: Sequence[Path], embedder, *, fmt: str, tz: tzinfo | None, namespace: str | None, dayfirst: bool
) -> int:
    """Start embedding the first file's turns in the background; returns how many."""
    prefetch = getattr(embedder, "prefetch", None)
    if prefetch is None:
        return 0
    try:
        files = iter_archive_files(Path(paths[0]))
        first = files[0]
        if first.stat().st_size > MAX_FILE_BYTES:
            return 0
        archive = read_archive(first, fmt, tz=tz, namespace=namespace, dayfirst=dayfirst)
    except (ArchiveError, OSError, IndexError):
        return 0  # the indexer reads it again and reports the error properly
    texts = [t.text for s in archive.sessions for t in s.turns][:MAX_TEXTS]
    prefetch(texts)
    return len(texts)
