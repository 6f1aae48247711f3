"""`chronos index`: read archives into the turn and event calendars."""

from __future__ import annotations

from pathlib import Path

import typer

from chronos_cli.cli.common import DB_HELP, err_console, fail, print_json, settings


def _tz(name: str | None):
    if not name:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        fail(f"--tz: unknown time zone {name!r} (use an IANA name such as Europe/Paris)", 2)


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
        reembed: bool = typer.Option(
            False,
            "--reembed",
            help="Re-embed everything already indexed with --embed-model (archives are not re-read).",
        ),
        json_out: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    ) -> None:
        """Read conversation archives into the calendars (idempotent and incremental).

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
        _run(s, paths or [], fmt, namespace, _tz(s.tz), dayfirst, reembed, no_events, json_out)


def _run(s, paths, fmt, namespace, tzinfo, dayfirst, reembed, no_events, json_out) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from chronos_cli.archives import ArchiveError
    from chronos_cli.config import ConfigError, storage_options
    from chronos_cli.providers.embed import EmbedError, get_embedder
    from chronos_cli.providers.llm import LLMError  # light: LiteLLM itself is imported only for a model

    console = err_console()
    try:
        embedder = get_embedder(s.embed_model, api_base=s.api_base)
    except EmbedError as e:
        fail(str(e))
    if not reembed:
        from chronos_cli.index.warmup import fresh_local_db, prefetch_first_turns

        if fresh_local_db(s.db):  # start embedding while LanceDB imports below
            prefetch_first_turns(paths, embedder, fmt=fmt, tz=tzinfo, namespace=namespace, dayfirst=dayfirst)

    from chronos_cli.index.pipeline import index_paths
    from chronos_cli.index.pipeline import reembed as do_reembed
    from chronos_cli.store.tables import Store, StoreError

    try:
        store = Store(s.db, storage_options=storage_options(s.db))
    except ConfigError as e:
        fail(str(e), 2)
    except StoreError as e:
        fail(str(e))
    from chronos_cli.extract import get_extractor

    extractor = None if no_events else get_extractor(s)
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
    from chronos_cli.cli.render.progress import rich_index_callbacks

    cb = rich_index_callbacks(progress)
    try:
        with progress:
            if reembed:
                counts = do_reembed(store, embedder, cb)
                if json_out:
                    print_json({"reembedded": counts, "embed_model": embedder.name})
                else:
                    console.print(
                        f"re-embedded {counts.get('turns', 0)} turns and {counts.get('events', 0)} events with {embedder.name}"
                    )
                return
            report = index_paths(
                paths,
                store,
                embedder,
                fmt=fmt,
                namespace=namespace,
                tz=tzinfo,
                dayfirst=dayfirst,
                extractor=extractor,
                callbacks=cb,
            )
    except (ArchiveError, StoreError, EmbedError) as e:
        fail(str(e))
    except LLMError as e:  # a provider that keeps failing, or a model's output beyond repair
        fail(f"model provider failed: {e}")
    if json_out:
        print_json(report.model_dump())
    else:
        _summary(report)
    if report.failed_files:
        raise typer.Exit(1)


def _summary(r) -> None:
    from rich.console import Console
    from rich.table import Table

    t = Table(show_header=False, box=None, pad_edge=False)
    t.add_column(style="bold")
    t.add_column()
    t.add_row("database", r.db)
    t.add_row("files", f"{r.files} read" + (f", [red]{len(r.failed_files)} failed[/]" if r.failed_files else ""))
    t.add_row(
        "namespaces", ", ".join(r.namespaces[:8]) + (f" … (+{len(r.namespaces) - 8})" if len(r.namespaces) > 8 else "")
    )
    t.add_row("sessions", f"{r.sessions_new} new, {r.sessions_changed} changed, {r.sessions_unchanged} unchanged")
    t.add_row(
        "turns",
        f"{r.turns_new} new, {r.turns_changed} changed, {r.turns_unchanged} unchanged, {r.turns_removed} removed ({r.turns_embedded} embedded)",
    )
    if r.extractor:
        t.add_row("events", f"{r.events} extracted by {r.extractor}")
    if r.usage and r.usage.get("llm_calls"):
        u = r.usage
        t.add_row(
            "LLM", f"{u['llm_calls']} calls, {u['prompt_tokens']}+{u['completion_tokens']} tokens, ${u['cost_usd']:.4f}"
        )
    t.add_row("embeddings", r.embed_model)
    t.add_row("time", f"{r.seconds:.1f} s")
    Console().print(t)
