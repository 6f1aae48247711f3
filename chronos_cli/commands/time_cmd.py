"""`chronos time` (not available yet)."""

import typer


def register(app: typer.Typer) -> None:
    @app.command("time", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def time_command(ctx: typer.Context) -> None:
        """Not available yet."""
        typer.echo("chronos time: not available yet", err=True)
        raise typer.Exit(2)
