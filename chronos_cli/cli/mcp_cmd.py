"""`chronos mcp`: serve the memory to MCP clients (stdio by default, or streamable HTTP).
The SDK is imported only when the command runs, so `chronos --help` stays fast."""

from __future__ import annotations

import typer

from chronos_cli.cli.common import DB_HELP, TzOption, fail, parse_now, settings, user_zone


def register(app: typer.Typer) -> None:
    @app.command("mcp")
    def mcp_command(
        db: str = typer.Option(None, "--db", help=DB_HELP),
        namespace: list[str] = typer.Option(
            None, "--namespace", "-n", help="Serve only these namespaces (repeatable; default all)."
        ),
        now: str = typer.Option(
            None,
            "--now",
            help="The moment the memory is asked at (ISO): nothing said after it is seen; "
            "`ask` may pass its own. Default: the moment of each call.",
        ),
        tz: TzOption = None,
        offline: bool = typer.Option(False, "--offline", help="`ask` uses no model even if one is configured."),
        model: str = typer.Option(None, "--model", help="LiteLLM model for `ask` (default CHRONOS_MODEL)."),
        http: str = typer.Option(
            None,
            "--http",
            metavar="HOST:PORT",
            help="Serve streamable HTTP at http://HOST:PORT/mcp instead of stdio (loopback only unless --allow-remote).",
        ),
        allow_remote: bool = typer.Option(
            False,
            "--allow-remote",
            help="Let --http listen on a non-loopback address. There is no authentication: anyone who reaches the port reads the archives.",
        ),
    ) -> None:
        """Serve the memory over the Model Context Protocol (read-only).

        Tools: search_turns, search_events, grep_turns, grep_events, ask, events.
        Resources: chronos://sessions and each session's transcript.

        Examples:

          chronos mcp --db ~/chronos-db         # stdio (Claude Desktop, Cursor)

          chronos mcp --http 127.0.0.1:8765     # streamable HTTP at /mcp
        """
        from chronos_cli.mcp.endpoint import parse_endpoint

        endpoint = None
        if http is not None:
            try:
                endpoint = parse_endpoint(http, allow_remote=allow_remote)
            except ValueError as e:
                fail(str(e), 2)
        elif allow_remote:
            fail("--allow-remote goes with --http HOST:PORT", 2)
        s = settings(db=db, tz=tz, model=model, offline=offline)
        zone = user_zone(s.tz)
        fixed_now = parse_now(now, s.tz) if now else None

        from chronos_cli.mcp.memory import Memory
        from chronos_cli.mcp.server import serve
        from chronos_cli.runtime import Runtime

        memory = Memory(Runtime(s), namespaces=namespace or (), now=fixed_now, tz=zone)
        if endpoint is not None:
            from chronos_cli.cli.common import err_console

            err_console().print(f"chronos mcp: serving {endpoint.url} (read-only)")
            serve(memory, host=endpoint.host, port=endpoint.port)
        else:
            serve(memory)
