"""`chronos config`: the effective settings, where each came from, secrets masked."""

from __future__ import annotations

import typer

from chronos_cli.cli.common import print_json, settings


def register(app: typer.Typer) -> None:
    @app.command("config")
    def config_command(
        json_out: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    ) -> None:
        """Show the effective settings (flag > env > config file > default), keys masked.

        Examples:

          chronos config

          chronos config --json

          CHRONOS_MODEL=gpt-4o chronos config    # see an env var take effect
        """
        from chronos_cli.config import ENV_VARS, config_path, secret_status

        s = settings()
        rows = [(name, getattr(s, name), s.sources.get(name, "default"), ENV_VARS[name]) for name in ENV_VARS]
        keys = secret_status()
        if json_out:
            print_json(
                {
                    "config_file": str(config_path()),
                    "settings": {n: {"value": v, "source": src, "env": env} for n, v, src, env in rows},
                    "keys": keys,
                    "offline": s.model is None,
                }
            )
            return
        from rich.console import Console

        console = Console()
        console.print(f"chronos settings  ({config_path()})", soft_wrap=True, highlight=False)
        table_rows = [(n, "" if v is None else str(v), src, env) for n, v, src, env in rows]
        table_rows += [(k, masked, "env", k) for k, masked in keys.items()]
        console.print(_table(table_rows))
        if s.model is None:
            console.print(
                "No model configured: Chronos runs offline (local embeddings, rule-based extraction and answers)."
            )


def _table(rows: list[tuple[str, str, str, str]]):
    """Names, sources and env vars never wrap or shorten; only values fold onto more lines. A
    shortened value ("/root/.config/chro…") is worse than none: paths and model names are what
    people copy from here. No borders, so an 80-column terminal still leaves room for values."""
    from rich.table import Table

    table = Table(box=None, pad_edge=False, header_style="bold underline")
    table.add_column("setting", no_wrap=True)
    table.add_column("value", overflow="fold", ratio=1)
    table.add_column("from", no_wrap=True)
    table.add_column("env var", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    return table
