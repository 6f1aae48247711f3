"""`chronos events`: browse the event calendar (table, timeline or JSON)."""

from __future__ import annotations

import typer

from chronos_cli.cli.common import DB_HELP, fail, open_store, parse_day, parse_now, print_json, settings


def register(app: typer.Typer) -> None:
    @app.command("events")
    def events_command(
        db: str = typer.Option(None, "--db", help=DB_HELP),
        when: str = typer.Option(
            None,
            "--when",
            help='A time phrase, e.g. "last month", "in May 2023" (resolved against --now). Events overlapping it are listed, unless they are more than 3 × as wide (+ 2 days).',
        ),
        now: str = typer.Option(None, "--now", help="The moment --when is read from (ISO; default: now)."),
        since: str = typer.Option(None, "--since", help="Events that end on or after this date (YYYY-MM-DD)."),
        until: str = typer.Option(None, "--until", help="Events that start on or before this date (YYYY-MM-DD)."),
        query: str = typer.Option(
            None, "--query", "-q", help="Hybrid search (vectors + full text, fused by reciprocal rank)."
        ),
        session: list[str] = typer.Option(None, "--session", help="Only this session id (repeatable)."),
        namespace: list[str] = typer.Option(None, "--namespace", "-n", help="Only this namespace (repeatable)."),
        speaker: str = typer.Option(None, "--speaker", help="Only events whose subject is this person."),
        limit: int = typer.Option(200, "--limit", help="Show at most this many events (0: all)."),
        timeline: bool = typer.Option(False, "--timeline", help="Event counts per week or month, as bars."),
        json_out: bool = typer.Option(False, "--json", help="Print JSON (the §3 event fields, ISO dates)."),
    ) -> None:
        """List dated events, sorted by start date.

        Examples:

          chronos events --when "last month" --now 2023-06-01

          chronos events --query "support group" --speaker Caroline

          chronos events --since 2023-05-01 --until 2023-08-31 --timeline
        """
        if when and (since or until):
            fail("use either --when or --since/--until, not both", 2)
        if limit < 0:
            fail("--limit must be 0 (all) or more", 2)
        ranges = _ranges(when, now, since, until)
        s = settings(db=db)
        store = open_store(s.db)
        rows = _find(store, s, ranges, query, session or [], namespace or [], speaker, limit, timeline)
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
            from chronos_cli.store.tables import event_row_to_json

            print_json([event_row_to_json(r) for r in rows])
            return
        from chronos_cli.cli.render.calendar import print_events

        print_events(rows, total)


def _ranges(when, now, since, until):
    """[(start, end)] to overlap: the spans of --when (their union), or --since/--until."""
    if when:
        from chronos_cli.temporal import resolve

        spans = resolve(when, parse_now(now))
        if not spans:
            fail(f'--when: no time expression found in {when!r} (try e.g. "last month" or "May 2023")', 2)
        return [(sp.start, sp.end) for sp in spans]
    lo = parse_day(since, option="--since")
    hi = parse_day(until, end=True, option="--until")
    if lo and hi and lo > hi:
        fail("--since is after --until", 2)
    return [(lo, hi)] if (lo or hi) else []


def _find(store, s, ranges, query, sessions, namespaces, speaker, limit, timeline) -> list[dict]:
    from chronos_cli.event_query import find_events
    from chronos_cli.store.tables import EVENTS, StoreError

    if store.table(EVENTS) is None:
        fail(f"no events in {s.db}: run `chronos index PATH --db {s.db}` (without --no-events) first")
    embedder = None
    if query:
        from chronos_cli.providers.embed import EmbedError, get_embedder

        model = store.embed_model()
        try:
            embedder = get_embedder(model[0] if model else s.embed_model, api_base=s.api_base)
        except EmbedError as e:
            fail(str(e))
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
