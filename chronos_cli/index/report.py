"""What an indexing run reports, and how it reports progress (light: no LanceDB, no model)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import BaseModel

from chronos_cli.models import Skipped


@dataclass
class IndexCallbacks:
    """How the core reports progress; the CLI passes Rich progress bars in here."""

    on_stage: Callable[[str, int], None] = lambda stage, total: None  # a stage starts, with its size
    on_advance: Callable[[str, int], None] = lambda stage, n: None
    on_file_error: Callable[[str], None] = lambda message: None
    on_skip: Callable[[Skipped], None] = lambda skipped: None  # a conversation left out of an archive
    on_wait: Callable[[str], None] = lambda message: None  # another command holds the write lock


class IndexReport(BaseModel):
    db: str
    files: int = 0
    failed_files: list[str] = []
    skipped: list[Skipped] = []  # conversations left out of archives that were otherwise read
    namespaces: list[str] = []
    sessions_new: int = 0
    sessions_changed: int = 0
    sessions_unchanged: int = 0
    # turns and events count what was committed (an interrupted run: up to its last batch)
    turns_new: int = 0
    turns_changed: int = 0
    turns_unchanged: int = 0
    turns_removed: int = 0
    turns_embedded: int = 0
    events: int = 0
    turns_unread: int = 0  # messages the offline rules failed on (their events are missing; see the log)
    embed_model: str = ""
    extractor: str = ""
    seconds: float = 0.0
    usage: dict = {}
    interrupted: bool = False

    @property
    def turns_committed(self) -> int:
        """Turns this run wrote (new or changed)."""
        return self.turns_new + self.turns_changed


class IndexInterrupted(Exception):
    """The stop signal ended the run; ``report`` counts what was committed before it."""

    def __init__(self, report: IndexReport) -> None:
        self.report = report
        super().__init__(f"interrupted: {report.turns_committed} turns committed")


# Sessions are committed in batches of about this many turns (each batch: turns, events,
# then the session markers). CHRONOS_INDEX_BATCH_TURNS overrides it: smaller batches mean
# more, smaller commits (less work lost when a run is killed; tests force many commits).
BATCH_TURNS = 4000


def batch_turns() -> int:
    """The batch size in turns (``CHRONOS_INDEX_BATCH_TURNS``, else ``BATCH_TURNS``)."""
    try:
        return max(1, int(os.environ.get("CHRONOS_INDEX_BATCH_TURNS", "") or BATCH_TURNS))
    except ValueError:
        return BATCH_TURNS
