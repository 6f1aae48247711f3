"""`chronos time TEXT`: show what a phrase means to Chronos (the temporal engine).

Light on purpose: only the temporal package (pydantic + stdlib) and, inside the
command, rich. Never litellm/lancedb/onnxruntime.
"""

from __future__ import annotations

import json

import typer

from chronos_cli.cli.common import parse_now


def register(app: typer.Typer) -> None:
    @app.command("time")
    def time_command(
        text: str = typer.Argument(..., help='Text containing time expressions, e.g. "last Sunday".'),
        now: str | None = typer.Option(
            None, "--now", help="Moment the text was said (ISO 8601). Default: now, local time."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print a JSON list of spans."),
        dayfirst: bool = typer.Option(False, "--dayfirst", help="Read 03/04/2022 as 3 April (day first)."),
        prefer: str = typer.Option("auto", "--prefer", help="auto | past | future: direction for bare names."),
    ) -> None:
        """Resolve the time expressions in TEXT to inclusive date ranges."""
        from chronos_cli.temporal import resolve

        if prefer not in ("auto", "past", "future"):
            typer.echo(f"Error: --prefer must be auto, past or future, not {prefer!r}.", err=True)
            raise typer.Exit(2)
        moment = parse_now(now)
        spans = resolve(text, moment, prefer=prefer, dayfirst=dayfirst)  # type: ignore[arg-type]
        if as_json:
            typer.echo(json.dumps([s.to_json() for s in spans], indent=2))
            return
        from rich.console import Console
        from rich.table import Table

        console = Console()
        wall = moment.replace(tzinfo=None)
        if not spans:
            console.print(f"No time expression found (now = {wall:%Y-%m-%d %H:%M}, {wall:%A}).")
            return
        table = Table(title=f"now = {wall:%Y-%m-%d %H:%M} ({wall:%A})")
        table.add_column("phrase")
        for col in ("start", "end", "granularity", "rule"):
            table.add_column(col, no_wrap=True)
        table.add_column("means")
        for s in spans:
            fmt = "%Y-%m-%d %H:%M" if s.granularity in ("instant", "part_of_day") else "%Y-%m-%d"
            table.add_row(s.text, s.start.strftime(fmt), s.end.strftime(fmt), s.granularity, s.rule, s.display())
        console.print(table)
