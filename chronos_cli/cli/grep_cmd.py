"""`chronos grep`: regular expressions over the turn calendar (or the events)."""

from __future__ import annotations

import typer

from chronos_cli.cli.common import DB_HELP, check_namespaces, fail, open_store, parse_day, print_json, settings


def register(app: typer.Typer) -> None:
    @app.command("grep")
    def grep_command(
        pattern: str = typer.Argument(..., help="Regular expression (RE2 syntax: linear time, no backreferences)."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        events: bool = typer.Option(False, "--events", help="Search the event calendar instead of turns."),
        since: str = typer.Option(None, "--since", help="Only from this date (YYYY-MM-DD), inclusive."),
        until: str = typer.Option(None, "--until", help="Only up to this date (YYYY-MM-DD), inclusive."),
        speaker: str = typer.Option(None, "--speaker", help="Only turns by this speaker (case-insensitive)."),
        session: str = typer.Option(None, "--session", help="Only this session id."),
        namespace: list[str] = typer.Option(
            None, "--namespace", "-n", help="Only these namespaces (repeatable; default all)."
        ),
        ignore_case: bool = typer.Option(False, "-i", "--ignore-case", help="Case-insensitive match."),
        limit: int = typer.Option(
            None, "--limit", help="Show at most this many matches (default: 50 on screen, all in --json; 0: all)."
        ),
        json_out: bool = typer.Option(False, "--json", help="Print a JSON list of every matching turn (or event)."),
    ) -> None:
        """Find turns by regular expression, oldest first.

        Examples:

          chronos grep -i dentist

          chronos grep -i "support group" --since 2023-05-01 --until 2023-06-30 --json

          chronos grep "hik(e|ing)" --speaker user --limit 10
        """
        from chronos_cli.store.tables import EVENTS, TURNS, Store, StoreError

        if limit is not None and limit < 0:
            fail("--limit must be 0 (all) or more", 2)
        if limit is None:
            limit = 0 if json_out else 50

        s = settings(db=db)
        start = parse_day(since, option="--since")
        end = parse_day(until, end=True, option="--until")
        if start and end and start > end:
            fail("--since is after --until", 2)
        store = open_store(s)
        name = EVENTS if events else TURNS
        try:
            namespaces = check_namespaces(store, namespace) or []
            sessions = None
            if session:
                sessions = [(ns, session) for ns in (namespaces or store.namespaces())]
            where = Store.build_filter(
                namespaces=namespaces or None,
                start=start,
                end=end,
                session_ids=sessions,
                time_col="t_conv" if name == TURNS else "start",
                end_col=None if name == TURNS else "end",
            )
            shown, total = store.grep_counted(
                name,
                pattern,
                ignore_case=ignore_case,
                where=where,
                speaker=None if events else speaker,
                limit=limit or None,
            )
        except StoreError as e:
            fail(str(e), 2)
        if json_out:
            print_json([h.to_json() for h in shown])
            return
        if events:
            from chronos_cli.cli.render.calendar import print_events

            print_events(shown, total)
            return
        from chronos_cli.cli.render.calendar import print_grep

        print_grep(shown, pattern, ignore_case, total)
