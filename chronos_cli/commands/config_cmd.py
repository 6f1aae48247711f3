"""`chronos config` (being written)."""

import typer


def register(app: typer.Typer) -> None:
    @app.command("config")
    def config_command() -> None:
        """Not available yet."""
        typer.echo("chronos config: not available yet", err=True)
        raise typer.Exit(2)
