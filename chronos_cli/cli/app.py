"""Typer entry point: parse options, call the core, hand results to render.

Keep this module light: `chronos --help` must answer in well under a second, so
nothing heavy is imported here (see chronos_cli/commands/*).
"""

from __future__ import annotations

import os
import sys

import typer

from chronos_cli import __version__
from chronos_cli.cli import (
    ask_cmd,
    config_cmd,
    eval_cmd,
    events_cmd,
    grep_cmd,
    help_format,
    index_cmd,
    mcp_cmd,
    time_cmd,
)

help_format.install()  # TEXT / INTEGER / PATH in --help, not Typer's <str> / <bool> / <list[Path]>

app = typer.Typer(
    name="chronos",
    help=(
        "Time-aware long-term memory over your own conversation archives.\n\n"
        "Examples:\n\n"
        "  chronos index ./chats            # read archives into the calendars\n\n"
        '  chronos ask "what did I do last month"\n\n'
        "  chronos grep -i dentist          # regex over every turn\n\n"
        '  chronos time "last Sunday"       # what a phrase means to Chronos'
    ),
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish, PowerShell
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"chronos {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    pass


for _module in (index_cmd, ask_cmd, events_cmd, grep_cmd, time_cmd, config_cmd, eval_cmd, mcp_cmd):
    _module.register(app)


def main() -> None:
    try:
        app()
    except SystemExit as e:
        if e.code == 130:  # interrupted (index): leave now, without waiting on worker threads
            # (a model call in flight) or letting native ones (onnxruntime, LanceDB) abort the exit
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        raise
