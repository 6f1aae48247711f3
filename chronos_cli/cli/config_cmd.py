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

        Example: chronos config --json
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
        from rich.table import Table

        table = Table(title=f"chronos settings  ({config_path()})", title_justify="left")
        for c in ("setting", "value", "from", "env var"):
            table.add_column(c)
        for n, v, src, env in rows:
            table.add_row(n, "" if v is None else str(v), src, env)
        for k, masked in keys.items():
            table.add_row(k, masked, "env", k)
        console = Console()
        console.print(table)
        if s.model is None:
            console.print(
                "No model configured: Chronos runs offline (local embeddings, rule-based extraction and answers)."
            )
