"""`chronos events` (not available yet)."""

import typer


def register(app: typer.Typer) -> None:
    @app.command("events", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def events_command(ctx: typer.Context) -> None:
        """Not available yet."""
        typer.echo("chronos events: not available yet", err=True)
        raise typer.Exit(2)
