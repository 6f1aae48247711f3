"""`chronos ask` (not available yet)."""

import typer


def register(app: typer.Typer) -> None:
    @app.command("ask", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def ask_command(ctx: typer.Context) -> None:
        """Not available yet."""
        typer.echo("chronos ask: not available yet", err=True)
        raise typer.Exit(2)
