"""Rich rendering of results. The core never imports this module; commands hand it data."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text


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


def grep_table(rows: list[dict[str, Any]], pattern: str, ignore_case: bool, *, show_namespace: bool) -> Table:
    t = Table(show_lines=False, expand=True)
    t.add_column("date", no_wrap=True, style="cyan")
    if show_namespace:
        t.add_column("namespace", no_wrap=True, style="magenta")
    t.add_column("session / turn", no_wrap=True, style="dim")
    t.add_column("speaker", no_wrap=True, style="green")
    t.add_column("text", ratio=1)
    for r in rows:
        cells = [r["t_conv"].strftime("%Y-%m-%d %H:%M")]
        if show_namespace:
            cells.append(r["namespace"])
        cells += [f"{r['session_id']} · {r['turn_id']}", r["speaker"], highlight(r["text"], pattern, ignore_case)]
        t.add_row(*cells)
    return t


def print_grep(rows: list[dict[str, Any]], pattern: str, ignore_case: bool, total: int) -> None:
    console = Console()
    if not rows:
        console.print(f"no turn matches /{pattern}/")
        return
    show_ns = len({r["namespace"] for r in rows}) > 1
    console.print(grep_table(rows, pattern, ignore_case, show_namespace=show_ns))
    more = f" (showing {len(rows)})" if total > len(rows) else ""
    console.print(f"[dim]{total} matching turn{'s' if total != 1 else ''}{more}[/]")


def when_text(start, end, granularity: str) -> str:
    """An event's time at its granularity."""
    if granularity in ("instant", "part_of_day"):
        return start.strftime("%Y-%m-%d %H:%M")
    if granularity == "month":
        return start.strftime("%b %Y")
    if granularity == "year":
        return start.strftime("%Y")
    if start.date() == end.date():
        return start.strftime("%Y-%m-%d")
    return f"{start:%Y-%m-%d} – {end:%Y-%m-%d}"


def events_table(rows: list[dict[str, Any]]) -> Table:
    t = Table(expand=True)
    t.add_column("when", no_wrap=True, style="cyan")
    t.add_column("subject", style="green")
    t.add_column("verb")
    t.add_column("object", ratio=1)
    t.add_column("aliases", style="dim", ratio=1)
    t.add_column("session", no_wrap=True, style="dim")
    t.add_column("time", no_wrap=True, style="magenta")
    for r in rows:
        src = r["time_source"] + (f" ({r['time_expression']})" if r.get("time_expression") else "")
        t.add_row(
            when_text(r["start"], r["end"], r["granularity"]), r["subject"], r["verb"], r["object"],
            "; ".join(r.get("aliases") or []), r["session_id"], src,
        )
    return t


def print_events(rows: list[dict[str, Any]], total: int | None = None) -> None:
    console = Console()
    if not rows:
        console.print("no events match")
        return
    console.print(events_table(rows))
    total = len(rows) if total is None else total
    more = f" (showing {len(rows)})" if total > len(rows) else ""
    console.print(f"[dim]{total} event{'s' if total != 1 else ''}{more}[/]")
