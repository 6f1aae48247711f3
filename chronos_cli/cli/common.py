"""Helpers shared by the command modules: errors, settings, dates, JSON output."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from typing import Annotated, Any, NoReturn

import typer

from chronos_cli.config import ConfigError, Settings, load_settings

DB_HELP = "LanceDB URI (a folder, s3://…); env CHRONOS_DB; default: a folder in the per-user data dir."


def err_console():
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def fail(message: str, code: int = 1) -> NoReturn:
    """One line on stderr, non-zero exit, never a traceback."""
    err_console().print(f"[bold red]error:[/] {message}", markup=True, soft_wrap=True)
    raise typer.Exit(code)


def settings(**flags: Any) -> Settings:
    try:
        return load_settings(**flags)
    except ConfigError as e:
        fail(str(e), 2)


def parse_day(value: str | None, *, end: bool = False, option: str = "--since") -> datetime | None:
    """A --since/--until value: an ISO date or datetime; a bare date covers the whole day."""
    if value is None:
        return None
    from chronos_cli.temporal.dates import parse_iso_bound

    try:
        return parse_iso_bound(value, end=end)
    except ValueError as e:
        fail(f"{option}: {e}", 2)


def user_zone(tz: str | None):
    """The zone of ``--tz``/``CHRONOS_TZ`` (None: the system's); a bad name is a usage error."""
    from chronos_cli.clock import ClockError, zone

    try:
        return zone(tz)
    except ClockError as e:
        fail(f"--tz: {e}", 2)


def parse_now(value: str | None, tz: str | None = None, option: str = "--now") -> datetime:
    """``--now`` (or another moment ``option``) as local wall time in the user's zone (an
    explicit offset is converted to it)."""
    from chronos_cli.clock import ClockError, parse_moment

    try:
        return parse_moment(value, user_zone(tz))
    except ClockError as e:
        fail(f"{option}: {e}", 2)


TzOption = Annotated[
    str | None,
    typer.Option(
        "--tz", help="Your time zone for --now and relative dates (IANA name; env CHRONOS_TZ; default: the system's)."
    ),
]


def _default(o: Any) -> Any:
    if isinstance(o, (datetime, date)):
        return o.isoformat()
    if hasattr(o, "model_dump"):
        return o.model_dump(mode="json")
    raise TypeError(f"not JSON serialisable: {type(o).__name__}")


def print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2, default=_default) + "\n")


def runtime(s: Settings, *, must_exist: bool = True):
    """The command's parts (store, embedder, models, reranker, extractor), each built on first use."""
    from chronos_cli.runtime import Runtime

    return Runtime(s, must_exist=must_exist)


@contextmanager
def setup_failures() -> Iterator[None]:
    """A part the runtime cannot build (no index, a mismatched embedder, …) ends the command in one line."""
    from chronos_cli.runtime import SetupError

    try:
        yield
    except SetupError as e:
        fail(str(e), e.exit_code)


def open_store(s: Settings, *, must_exist: bool = True):
    """The store of ``s.db`` alone (commands that need no model)."""
    with setup_failures():
        return runtime(s, must_exist=must_exist).store


# The paper's Table 3 ablations, shared by `ask` and `eval` (one definition of each flag).
NoInitialRetrieval = Annotated[
    bool, typer.Option("--no-initial-retrieval", help="Ablation: no seed context from the initial retrieval.")
]
NoDynamicPrompting = Annotated[
    bool, typer.Option("--no-dynamic-prompting", help="Ablation: no plan bullets (offline: operation = lookup).")
]
NoRerank = Annotated[bool, typer.Option("--no-rerank", help="Ablation: dense order, no rerank.")]
NoDateFilter = Annotated[bool, typer.Option("--no-date-filter", help="Ablation: tools ignore start/end.")]
GrepOnly = Annotated[bool, typer.Option("--grep-only", help="Ablation: only the grep tools.")]
VectorOnly = Annotated[bool, typer.Option("--vector-only", help="Ablation: only the vector-search tools.")]
TurnsOnly = Annotated[bool, typer.Option("--turns-only", help="Ablation: no event calendar tools.")]
ABLATIONS = (
    "no_initial_retrieval",
    "no_dynamic_prompting",
    "no_rerank",
    "no_date_filter",
    "grep_only",
    "vector_only",
    "turns_only",
)


def ask_options(flags: dict[str, Any], *, offline: bool, max_steps: int):
    """AskOptions from a command's ablation flags (the names in ABLATIONS)."""
    from chronos_cli.ask.steps import AskOptions

    if flags["grep_only"] and flags["vector_only"]:
        fail("--grep-only and --vector-only exclude each other", 2)
    return AskOptions(
        offline=offline,
        max_steps=max_steps,
        initial_retrieval=not flags["no_initial_retrieval"],
        dynamic_prompting=not flags["no_dynamic_prompting"],
        rerank=not flags["no_rerank"],
        date_filter=not flags["no_date_filter"],
        grep_only=flags["grep_only"],
        vector_only=flags["vector_only"],
        turns_only=flags["turns_only"],
    )


def check_namespaces(store, namespaces) -> list[str] | None:
    """The ``--namespace`` values, each known to the database; an unknown one is a usage error
    that lists the known ones. None/empty: all namespaces."""
    if not namespaces:
        return None
    known = store.namespaces()
    unknown = [n for n in namespaces if n not in known]
    if unknown:
        listed = ", ".join(known[:20]) + (f" … ({len(known)} in all)" if len(known) > 20 else "")
        fail(f"unknown namespace {', '.join(map(repr, unknown))}; known: {listed or '(none)'}", 2)
    return list(namespaces)
