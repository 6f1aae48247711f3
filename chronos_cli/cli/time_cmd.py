"""`chronos time TEXT`: show what a phrase means to Chronos (the temporal engine), and the
parts each span was composed from (the audit trail).

Light on purpose: only the temporal package (pydantic + stdlib; `holidays` when a holiday is
named) and, inside the command, rich. Never litellm/lancedb/onnxruntime.
"""

from __future__ import annotations

import json

import typer

from chronos_cli.cli.common import parse_now


def _parts_text(span) -> str:
    """One line per part: "base period “November 2019” = 2019-11-01 – 2019-11-30"."""
    return "\n".join(f"{p.role} {p.rule}" + (f" “{p.text}”" if p.text else "") + f" = {p.value}" for p in span.parts)


# the seven-column table needs about this many columns; a narrower terminal gets one block per span
WIDE = 120


def _bounds(span) -> tuple[str, str]:
    fmt = "%Y-%m-%d %H:%M" if span.granularity in ("instant", "part_of_day") else "%Y-%m-%d"
    return span.start.strftime(fmt), span.end.strftime(fmt)


def _print_blocks(console, title: str, spans) -> None:
    """One block per span, every value on its own line: readable at 80 columns, never cut."""
    from rich.text import Text

    console.print(title)
    for s in spans:
        start, end = _bounds(s)
        console.print()
        console.print(Text(f"“{s.text}” → {s.display()}", style="bold"))
        console.print(Text(f"  {start} … {end} · {s.granularity} · rule {s.rule}"))
        for line in _parts_text(s).splitlines():
            console.print(Text(f"  {line}"), overflow="fold")


def register(app: typer.Typer) -> None:
    @app.command("time")
    def time_command(
        text: str = typer.Argument(..., help='Text containing time expressions, e.g. "last Sunday".'),
        now: str | None = typer.Option(
            None, "--now", help="Moment the text was said (ISO 8601). Default: now, local time."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print a JSON list of spans (with their parts)."),
        dayfirst: bool = typer.Option(False, "--dayfirst", help="Read 03/04/2022 as 3 April (day first)."),
        prefer: str = typer.Option(
            "past",
            "--prefer",
            help="past | future: direction for bare names when the sentence's tense gives none (auto = past).",
        ),
        country: str | None = typer.Option(
            None,
            "--country",
            help="Holiday calendar (ISO country code). Default: setting holiday_country "
            "(env CHRONOS_HOLIDAY_COUNTRY), else US.",
        ),
        last_talk: str | None = typer.Option(
            None,
            "--last-talk",
            help='When the speakers last talked (ISO 8601), on or before the day of --now: dates "since we '
            "last talked\". At index time it is the latest turn of the conversation's previous session.",
        ),
    ) -> None:
        """Resolve the time expressions in TEXT to inclusive date ranges, and show the parts
        each one was composed from (base, modifiers, anchor).

        Examples:

          chronos time "We ran a charity race last Sunday" --now 2023-05-08T14:00

          chronos time "the third Thursday of November 2019"

          chronos time "Christmas 2 years ago" --json

          chronos time "about a year ago" --now 2024-06-10

          chronos time "at 7pm" --prefer future

          chronos time "Thanksgiving" --country CA

          chronos time "since we last spoke" --now 2023-05-20 --last-talk 2023-05-08
        """
        from chronos_cli.temporal import resolve

        if prefer not in ("auto", "past", "future"):
            typer.echo(f"Error: --prefer must be past, future or auto, not {prefer!r}.", err=True)
            raise typer.Exit(2)
        if country is not None and not (len(country) == 2 and country.isalpha()):
            typer.echo(f"Error: --country must be a two-letter country code, not {country!r}.", err=True)
            raise typer.Exit(2)
        moment = parse_now(now)
        last = None
        if last_talk is not None:
            last = parse_now(last_talk, option="--last-talk")
            if last.date() > moment.date():
                typer.echo("Error: --last-talk must not be after --now.", err=True)
                raise typer.Exit(2)
        spans = resolve(text, moment, prefer=prefer, dayfirst=dayfirst, holiday_country=country, last_talk=last)  # type: ignore[arg-type]
        if as_json:
            typer.echo(json.dumps([s.to_json() for s in spans], indent=2, ensure_ascii=False))
            return
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        console = Console()
        wall = moment.replace(tzinfo=None)
        if not spans:
            console.print(f"No time expression found (now = {wall:%Y-%m-%d %H:%M}, {wall:%A}).")
            return
        title = f"now = {wall:%Y-%m-%d %H:%M} ({wall:%A})"
        if console.width < WIDE:
            _print_blocks(console, title, spans)
            return
        table = Table(title=title, show_lines=True)
        table.add_column("phrase")
        for col in ("start", "end", "granularity", "rule"):
            table.add_column(col, no_wrap=True)
        table.add_column("means")
        table.add_column("composed from")
        for s in spans:
            cells = (s.text, *_bounds(s), s.granularity, s.rule, s.display(), _parts_text(s))
            table.add_row(*(Text(c) for c in cells))  # Text: brackets in the input are not markup
        console.print(table)
