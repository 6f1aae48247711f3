"""`chronos events`: browse the event calendar (table, timeline or JSON)."""

from __future__ import annotations

import typer

from chronos_cli.cli.common import (
    DB_HELP,
    TzOption,
    check_namespaces,
    fail,
    parse_day,
    parse_now,
    print_json,
    runtime,
    settings,
    setup_failures,
)


def register(app: typer.Typer) -> None:
    @app.command("events")
    def events_command(
        db: str = typer.Option(None, "--db", help=DB_HELP),
        when: str = typer.Option(
            None,
            "--when",
            help='A time phrase, e.g. "last month", "in May 2023" (resolved against --now). Events overlapping it are listed, unless they are more than 3 × as wide (+ 2 days).',
        ),
        now: str = typer.Option(
            None,
            "--now",
            help="The moment --when is read from (ISO, an offset is honoured; default: now). Nothing said after it is listed.",
        ),
        tz: TzOption = None,
        since: str = typer.Option(None, "--since", help="Events that end on or after this date (YYYY-MM-DD)."),
        until: str = typer.Option(None, "--until", help="Events that start on or before this date (YYYY-MM-DD)."),
        query: str = typer.Option(
            None,
            "--query",
            "-q",
            help="Only events matching this text (full-text or close in meaning), best first unless --sort date.",
        ),
        sort: str = typer.Option(
            None, "--sort", help="Order: 'date' or 'relevance' (default: relevance with --query, else date)."
        ),
        undated: bool = typer.Option(
            False, "--undated", help="With a date window, also list undated events said in or after it."
        ),
        session: list[str] = typer.Option(None, "--session", help="Only this session id (repeatable)."),
        namespace: list[str] = typer.Option(None, "--namespace", "-n", help="Only this namespace (repeatable)."),
        speaker: str = typer.Option(None, "--speaker", help="Only events whose subject is this person."),
        limit: int = typer.Option(
            None, "--limit", help="Show at most this many events (default: 200 in the table, all in --json; 0: all)."
        ),
        timeline: bool = typer.Option(False, "--timeline", help="Event counts per week or month, as bars."),
        json_out: bool = typer.Option(
            False, "--json", help="Print every matching event as JSON (ISO dates; an undated event has start null)."
        ),
    ) -> None:
        """List dated events, sorted by start date.

        Examples:

          chronos events --when "last month" --now 2023-06-01

          chronos events --query "support group" --speaker Caroline

          chronos events --since 2023-05-01 --until 2023-08-31 --timeline
        """
        if when and (since or until):
            fail("use either --when or --since/--until, not both", 2)
        if limit is not None and limit < 0:
            fail("--limit must be 0 (all) or more", 2)
        if sort not in (None, "date", "relevance"):
            fail("--sort must be 'date' or 'relevance'", 2)
        if limit is None:
            limit = 0 if json_out else 200
        s = settings(db=db, tz=tz)
        moment = parse_now(now, s.tz)
        ranges = _ranges(when, moment, since, until)
        rt = runtime(s)
        with setup_failures():
            namespaces = check_namespaces(rt.store, namespace) or []
        rows = _find(
            rt,
            s,
            ranges,
            query,
            session or [],
            namespaces,
            speaker,
            limit,
            timeline,
            said_until=moment,
            by_date=sort == "date" or (sort is None and not query),
            undated=undated,
        )
        if timeline:
            from chronos_cli.event_query import timeline_buckets

            buckets = timeline_buckets(rows)
            if json_out:
                print_json(buckets)
            else:
                _print_timeline(buckets, len(rows))
            return
        total = len(rows)
        if limit:
            rows = rows[:limit]
        if json_out:
            print_json([e.to_json() for e in rows])
            return
        from chronos_cli.cli.render.calendar import print_events

        print_events(rows, total)


def _ranges(when, moment, since, until):
    """[(start, end)] to overlap: the spans of --when (their union), or --since/--until."""
    if when:
        from chronos_cli.temporal import resolve

        spans = resolve(when, moment)
        if not spans:
            fail(f'--when: no time expression found in {when!r} (try e.g. "last month" or "May 2023")', 2)
        return [(sp.start, sp.end) for sp in spans]
    lo = parse_day(since, option="--since")
    hi = parse_day(until, end=True, option="--until")
    if lo and hi and lo > hi:
        fail("--since is after --until", 2)
    return [(lo, hi)] if (lo or hi) else []


def _find(
    rt, s, ranges, query, sessions, namespaces, speaker, limit, timeline, *, said_until, by_date, undated
) -> list:
    from chronos_cli.event_query import find_events
    from chronos_cli.store.tables import EVENTS, StoreError

    with setup_failures():
        store = rt.store
    if store.table(EVENTS) is None:
        fail(f"no events in {s.db}: run `chronos index PATH --db {s.db}` (without --no-events) first")
    embedder = None
    if query:
        with setup_failures():  # the model the database was embedded with
            embedder = rt.embedder
    try:
        return find_events(
            store,
            ranges=ranges,
            query=query,
            embedder=embedder,
            sessions=sessions,
            namespaces=namespaces,
            speaker=speaker,
            limit=0 if timeline else limit,
            said_until=said_until,
            by_date=by_date,
            undated=undated,
        )
    except StoreError as e:
        fail(str(e))


def _print_timeline(buckets: list[dict], total: int) -> None:
    from rich.console import Console

    console = Console()
    if not buckets:
        console.print("no events match")
        return
    width = 50
    top = max(b["count"] for b in buckets) or 1
    unit = buckets[0]["period"]
    for b in buckets:
        label = {"week": b["start"], "month": b["start"][:7], "year": b["start"][:4]}[unit]
        bar = "█" * max(1 if b["count"] else 0, round(width * b["count"] / top))
        console.print(f"[cyan]{label}[/] [green]{bar}[/] {b['count']}", highlight=False)
    console.print(f"[dim]{total} event{'s' if total != 1 else ''} per {unit}[/]")
