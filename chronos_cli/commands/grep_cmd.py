"""`chronos grep` (being written)."""

import typer


def register(app: typer.Typer) -> None:
    @app.command("grep")
    def grep_command() -> None:
        """Not available yet."""
        typer.echo("chronos grep: not available yet", err=True)
        raise typer.Exit(2)
