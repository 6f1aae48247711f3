"""Rich progress glue shared by the commands that index (`chronos index`, `chronos eval`).

Nothing heavy at import time: Rich loads when the helper is called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def rich_index_callbacks(
    progress: Any,
    *,
    on_file_error: Callable[[str], None] | None = None,
    **task_fields: Any,
):
    """``IndexCallbacks`` that drive ``progress`` (a ``rich.progress.Progress``): one task per
    stage, a stage started again adds to its total. ``task_fields`` are given to each new task
    (e.g. ``stats=""`` when a column shows ``{task.fields[stats]}``). A file that fails is
    printed as an error on the progress console unless ``on_file_error`` says otherwise."""
    from rich.markup import escape

    from chronos_cli.index.report import IndexCallbacks

    tasks: dict[str, Any] = {}

    def on_stage(stage: str, total: int) -> None:
        if stage in tasks:
            progress.update(tasks[stage], total=(progress.tasks[tasks[stage]].total or 0) + total)
        else:
            tasks[stage] = progress.add_task(stage, total=total, **task_fields)

    def on_advance(stage: str, n: int) -> None:
        if stage in tasks:
            progress.advance(tasks[stage], n)

    def print_file_error(message: str) -> None:
        progress.console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True, highlight=False)

    def print_skip(skipped) -> None:  # a conversation an export could not read: named, with the reason
        progress.console.print(f"[yellow]warning:[/] {escape(str(skipped))}", soft_wrap=True, highlight=False)

    def print_wait(message: str) -> None:
        progress.console.print(f"[dim]{escape(message)}[/]", soft_wrap=True, highlight=False)

    return IndexCallbacks(
        on_stage=on_stage,
        on_advance=on_advance,
        on_file_error=on_file_error or print_file_error,
        on_skip=print_skip,
        on_wait=print_wait,
    )
