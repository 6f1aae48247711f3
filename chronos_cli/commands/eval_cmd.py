"""`chronos eval` (not available yet)."""

import typer


def register(app: typer.Typer) -> None:
    @app.command("eval", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def eval_command(ctx: typer.Context) -> None:
        """Not available yet."""
        typer.echo("chronos eval: not available yet", err=True)
        raise typer.Exit(2)
