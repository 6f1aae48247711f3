"""`chronos grep`: regular expressions over the turn calendar (or the events)."""

from __future__ import annotations

import typer

from chronos_cli.cli.common import DB_HELP, fail, open_store, parse_day, print_json, settings


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
        limit: int = typer.Option(50, "--limit", help="Show at most this many matches (0 = all)."),
        json_out: bool = typer.Option(False, "--json", help="Print a JSON list of matching turns."),
    ) -> None:
        """Find turns by regular expression, oldest first.

        Examples:

          chronos grep -i dentist

          chronos grep -i "support group" --since 2023-05-01 --until 2023-06-30 --json

          chronos grep "hik(e|ing)" --speaker user --limit 10
        """
        from chronos_cli.store.tables import EVENTS, TURNS, Store, StoreError, turn_row_to_json

        s = settings(db=db)
        start = parse_day(since, option="--since")
        end = parse_day(until, end=True, option="--until")
        if start and end and start > end:
            fail("--since is after --until", 2)
        store = open_store(s.db)
        name = EVENTS if events else TURNS
        try:
            namespaces = list(namespace or [])
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
            if events:
                from chronos_cli.store.tables import event_row_to_json

                print_json([event_row_to_json(r) for r in shown])
            else:
                print_json([turn_row_to_json(r) for r in shown])
            return
        if events:
            from chronos_cli.cli.render.calendar import print_events

            print_events(shown, total)
            return
        from chronos_cli.cli.render.calendar import print_grep

        print_grep(shown, pattern, ignore_case, total)
