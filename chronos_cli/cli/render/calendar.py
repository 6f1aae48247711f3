"""Rich rendering of results. The core never imports this module; commands hand it data."""

from __future__ import annotations

import re

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chronos_cli.hits import EventHit, TurnHit


def highlight(text: str, pattern: str, ignore_case: bool, limit: int = 400) -> Text:
    """The text with regex matches highlighted (display only; matching was done by RE2)."""
    out = Text(text if len(text) <= limit else text[:limit] + "…")
    try:
        rx = re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    except re.error:  # RE2 syntax Python lacks: show without highlight
        return out
    for m in rx.finditer(out.plain):
        if m.end() > m.start():
            out.stylize("bold black on yellow", m.start(), m.end())
    return out


def grep_lines(rows: list[TurnHit], pattern: str, ignore_case: bool, *, show_namespace: bool) -> list[Text]:
    """One header line (date, speaker, where) and the highlighted text per match: grep-like,
    and readable at any terminal width (long session ids never squeeze the text)."""
    out: list[Text] = []
    for r in rows:
        head = Text()
        head.append(r.t_conv.strftime("%Y-%m-%d %H:%M"), style="cyan")
        head.append("  ")
        head.append(r.speaker, style="bold green")
        where = f"{r.namespace} · " if show_namespace else ""
        head.append(f"  {where}{r.session_id} · {r.turn_id}", style="dim")
        body = Text("  ")
        body.append_text(highlight(r.text, pattern, ignore_case))
        out += [head, body]
    return out


def print_grep(rows: list[TurnHit], pattern: str, ignore_case: bool, total: int) -> None:
    console = Console()
    if not rows:
        console.print(f"no turn matches /{pattern}/")
        return
    show_ns = len({r.namespace for r in rows}) > 1
    for line in grep_lines(rows, pattern, ignore_case, show_namespace=show_ns):
        console.print(line)
    more = f" (showing {len(rows)})" if total > len(rows) else ""
    console.print(f"[dim]{total} matching turn{'s' if total != 1 else ''}{more}[/]")


def when_text(start, end, granularity: str) -> str:
    """An event's time at its granularity (``start`` None: undated, on or before ``end``)."""
    if start is None:
        return f"≤ {end:%Y-%m-%d}"
    if granularity in ("instant", "part_of_day"):
        return start.strftime("%Y-%m-%d %H:%M")
    if granularity == "month":
        return start.strftime("%b %Y")
    if granularity == "year":
        return start.strftime("%Y")
    if start.date() == end.date():
        return start.strftime("%Y-%m-%d")
    return f"{start:%Y-%m-%d} – {end:%Y-%m-%d}"


def events_table(rows: list[EventHit], width: int = 120) -> Table:
    """Events with the ⟨subject, verb, object⟩ kept readable: on a narrow terminal the
    aliases and session columns give way."""
    wide = width >= 110
    t = Table(expand=True)
    t.add_column("when", no_wrap=True, style="cyan")
    t.add_column("event", ratio=3, min_width=24)
    t.add_column("dated by", style="magenta", ratio=1, min_width=12)
    if wide:
        t.add_column("aliases", style="dim", ratio=2, min_width=10)
        t.add_column("session", style="dim", no_wrap=True, max_width=14, overflow="ellipsis")
    for r in rows:
        event = Text()
        event.append(r.subject, style="green")
        event.append(f" {r.verb} ", style="bold")
        event.append(r.object)
        if r.undated:
            src = "undated (said then)"
        elif r.time_source == "news":
            src = "news (since last talk)"
        else:
            src = r.time_source + (f": {r.time_expression}" if r.time_expression else "")
        cells = [when_text(r.start, r.end, r.granularity), event, src]
        if wide:
            cells += ["; ".join(r.aliases), r.session_id]
        t.add_row(*cells)
    return t


def print_events(rows: list[EventHit], total: int | None = None) -> None:
    console = Console()
    if not rows:
        console.print("no events match")
        return
    console.print(events_table(rows, console.width))
    total = len(rows) if total is None else total
    more = f" (showing {len(rows)})" if total > len(rows) else ""
    console.print(f"[dim]{total} event{'s' if total != 1 else ''}{more}[/]")
