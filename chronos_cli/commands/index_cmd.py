"""`chronos index` (being written)."""

import typer


def register(app: typer.Typer) -> None:
    @app.command("index")
    def index_command() -> None:
        """Not available yet."""
        typer.echo("chronos index: not available yet", err=True)
        raise typer.Exit(2)
