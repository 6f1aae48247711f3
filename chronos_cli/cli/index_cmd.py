"""`chronos index`: read archives into the turn and event calendars.

Exit codes: 0 done; 1 an error (a file that could not be read is left out whole); 2 a usage
error; 3 partly indexed (conversations an export could not read were skipped, and listed);
130 interrupted (Ctrl-C: what was committed stays, the same command finishes the job).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from pathlib import Path

import typer

from chronos_cli.cli.common import DB_HELP, err_console, fail, print_json, runtime, settings, user_zone

EXIT_PARTLY_INDEXED = 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a Ctrl-C


def register(app: typer.Typer) -> None:
    @app.command("index")
    def index_command(
        paths: list[Path] = typer.Argument(None, help="Archive files or folders.", show_default=False),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        namespace: str = typer.Option(
            None,
            "--namespace",
            "-n",
            help="Namespace for personal archives (default 'default'); prefixes benchmark instance ids.",
        ),
        fmt: str = typer.Option("auto", "--format", "-f", help="auto|longmemeval|locomo|chatgpt|claude|jsonl"),
        offline: bool = typer.Option(False, "--offline", help="Use no model even if one is configured."),
        embed_model: str = typer.Option(
            None, "--embed-model", help="LiteLLM embedding model (default: the local all-MiniLM-L6-v2)."
        ),
        extract_model: str = typer.Option(
            None,
            "--extract-model",
            help="LiteLLM model for event extraction (default CHRONOS_EXTRACT_MODEL, else CHRONOS_MODEL).",
        ),
        no_events: bool = typer.Option(False, "--no-events", help="Index turns only (skip event extraction)."),
        tz: str = typer.Option(None, "--tz", help="Time zone for epoch timestamps (default: the system's)."),
        dayfirst: bool = typer.Option(False, "--dayfirst", help="Read 3/4/2022 as 3 April."),
        strict: bool = typer.Option(
            False,
            "--strict",
            help="Stop at the first problem: a file or a conversation that cannot be read (default: "
            "leave it out, index the rest, list it and exit 3).",
        ),
        reembed: bool = typer.Option(
            False,
            "--reembed",
            help="Re-embed everything already indexed with --embed-model (archives are not re-read).",
        ),
        json_out: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    ) -> None:
        """Read conversation archives into the calendars (idempotent and incremental).

        One command writes to a database at a time: a second waits (and says so). Ctrl-C stops
        at once and keeps what was committed; run the same command again to finish. Exit codes:
        0 done, 1 error, 2 usage error, 3 partly indexed (skipped conversations are listed),
        130 interrupted.

        Examples:

          chronos index ./sample_chats

          chronos index ../shared/data/locomo_dev.json --format locomo --db ./locomo.db

          chronos index --reembed --embed-model text-embedding-3-large
        """
        from chronos_cli.archives import FORMATS

        if fmt != "auto" and fmt not in FORMATS:
            fail(f"--format: unknown format {fmt!r} (choose auto, {', '.join(FORMATS)})", 2)
        if not paths and not reembed:
            fail("give at least one archive file or folder, e.g. `chronos index ./chats`", 2)
        for p in paths or []:
            if not p.exists():
                fail(f"{p}: no such file or folder", 2)
        s = settings(db=db, embed_model=embed_model, extract_model=extract_model, tz=tz, offline=offline)
        opts = {"fmt": fmt, "namespace": namespace, "tz": user_zone(s.tz), "dayfirst": dayfirst, "strict": strict}
        _run(s, paths or [], opts, reembed=reembed, no_events=no_events, json_out=json_out)


def _run(s, paths: list[Path], opts: dict, *, reembed: bool, no_events: bool, json_out: bool) -> None:
    # nothing here imports LanceDB before index_paths opens the store (see chronos_cli.index.files)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from chronos_cli.cli.render.progress import rich_index_callbacks
    from chronos_cli.index.files import StoreOpener, index_paths
    from chronos_cli.index.report import IndexInterrupted
    from chronos_cli.runtime import SetupError

    console = err_console()
    rt = runtime(s, must_exist=False)
    try:
        embedder = rt.configured_embedder
        extractor = None if no_events else rt.extractor
    except SetupError as e:
        fail(str(e), e.exit_code)
    if s.effective_extract_model is None and not json_out and not reembed:
        console.print("[dim]offline: local embeddings and rule-based event extraction (no model configured)[/]")

    progress = Progress(
        TextColumn("[bold]{task.description:<8}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
        disable=json_out or not console.is_terminal,
    )
    cb = rich_index_callbacks(progress)

    if reembed:
        try:
            with progress:
                return _reembed(_open(rt), embedder, cb, json_out, console)
        except Exception as e:  # noqa: BLE001
            _fail_known(e)
            raise

    ctrl_c = _CtrlC()

    def open_store():
        try:
            return _open(rt)
        finally:
            ctrl_c.writing = True  # from here on the core stops at its next safe point

    try:
        with ctrl_c, progress:
            report = index_paths(
                paths,
                StoreOpener(s.db, open_store),
                embedder,
                extractor=extractor,
                stop=ctrl_c.stop,
                callbacks=cb,
                **opts,
            )
    except IndexInterrupted as e:
        _interrupted(e.report, json_out, console)
    except KeyboardInterrupt:  # before the store was open: nothing was written
        from chronos_cli.index.report import IndexReport

        _interrupted(IndexReport(db=s.db, interrupted=True), json_out, console)
    except Exception as e:  # noqa: BLE001 - the classes below are imported only now: LanceDB is heavy
        _fail_known(e)
        raise
    if json_out:
        print_json(report.model_dump())
    else:
        _summary(report)
    if report.failed_files:
        raise typer.Exit(1)
    if report.skipped:
        raise typer.Exit(EXIT_PARTLY_INDEXED)


def _fail_known(e: Exception) -> None:
    """One line for the errors a user can meet (a bad file, the database, a provider)."""
    from chronos_cli.archives import ArchiveError
    from chronos_cli.providers.embed import EmbedError
    from chronos_cli.providers.errors import LLMError, LLMOutputError
    from chronos_cli.store.tables import StoreError

    if isinstance(e, (ArchiveError, StoreError, EmbedError)):
        fail(str(e))
    if isinstance(e, LLMOutputError):  # a model's output beyond repair
        fail(f"the extraction model's reply is unusable: {e}")
    if isinstance(e, LLMError):  # a provider that keeps failing
        fail(f"model provider failed: {e}")


def _open(rt):
    from chronos_cli.runtime import SetupError

    try:
        return rt.store
    except SetupError as e:
        fail(str(e), e.exit_code)


class _CtrlC:
    """Ctrl-C while indexing. Until the store is open (reading the first file, importing
    LanceDB: seconds on a busy machine) nothing has been written, so it interrupts at once;
    after that it sets ``stop``, which the index core checks at its next safe point (between
    batches and embedding chunks, while waiting for the extractor) to end with a summary. A
    second Ctrl-C leaves at once."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.writing = False
        self._previous = None

    def __enter__(self) -> _CtrlC:
        # signals reach the main thread only; an ignored SIGINT (a background job) stays ignored
        if (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN
        ):
            self._previous = signal.signal(signal.SIGINT, self._on_sigint)
        return self

    def __exit__(self, *exc) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)

    def _on_sigint(self, signum, frame) -> None:
        if self.stop.is_set():
            sys.stderr.write("interrupted again: leaving now\n")
            sys.stderr.flush()
            os._exit(EXIT_INTERRUPTED)
        self.stop.set()
        if not self.writing:
            raise KeyboardInterrupt


def _reembed(store, embedder, cb, json_out: bool, console) -> None:
    from chronos_cli.index.pipeline import reembed

    counts = reembed(store, embedder, cb)
    if json_out:
        print_json({"reembedded": counts, "embed_model": embedder.name})
    else:
        console.print(
            f"re-embedded {counts.get('turns', 0)} turns and {counts.get('events', 0)} events with {embedder.name}"
        )


def _interrupted(report, json_out: bool, console) -> None:
    """Ctrl-C: one line (and the partial report with --json), exit 130."""
    if json_out:
        print_json(report.model_dump())
    console.print(
        f"interrupted: {report.turns_committed} turns committed; run the same command to finish", soft_wrap=True
    )
    raise typer.Exit(EXIT_INTERRUPTED)


def _summary(r) -> None:
    from rich.console import Console
    from rich.table import Table

    t = Table(show_header=False, box=None, pad_edge=False)
    t.add_column(style="bold")
    t.add_column()
    t.add_row("database", r.db)
    t.add_row("files", f"{r.files} read" + (f", [red]{len(r.failed_files)} failed[/]" if r.failed_files else ""))
    if r.skipped:
        t.add_row("skipped", f"[yellow]{len(r.skipped)} conversation(s) could not be read (listed above)[/]")
    t.add_row(
        "namespaces", ", ".join(r.namespaces[:8]) + (f" … (+{len(r.namespaces) - 8})" if len(r.namespaces) > 8 else "")
    )
    t.add_row("sessions", f"{r.sessions_new} new, {r.sessions_changed} changed, {r.sessions_unchanged} unchanged")
    t.add_row(
        "turns",
        f"{r.turns_new} new, {r.turns_changed} changed, {r.turns_unchanged} unchanged, "
        f"{r.turns_removed} removed ({r.turns_embedded} embedded)",
    )
    if r.extractor:
        t.add_row("events", f"{r.events} extracted by {r.extractor}")
    if r.turns_unread:
        t.add_row("unread", f"[yellow]{r.turns_unread} message(s) the rules failed on: no events from them[/]")
    if r.usage and r.usage.get("llm_calls"):
        u = r.usage
        t.add_row(
            "LLM", f"{u['llm_calls']} calls, {u['prompt_tokens']}+{u['completion_tokens']} tokens, ${u['cost_usd']:.4f}"
        )
    t.add_row("embeddings", r.embed_model)
    t.add_row("time", f"{r.seconds:.1f} s")
    Console().print(t)
