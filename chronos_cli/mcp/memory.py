"""What `chronos mcp` serves, without the SDK: the six tools and the sessions, over one ``Runtime``.

Every method returns a ``Reply`` (the compact dated text a model reads, and the structured
content per the CLI's JSON contract) or raises ``ServeError`` with one line for the client.
Nothing here writes the database. Heavy modules (LanceDB, the agent, the temporal engine) load
on the first call, and LiteLLM only when a model is called, so the server answers the MCP
handshake at once.

Time: ``now`` is the server's ``--now`` when given, else the moment of the call; nothing said
after it is seen (as in `chronos ask`). ``ask(now=...)`` overrides it for one question.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from pydantic import BaseModel

from chronos_cli.mcp.schema import AskOut, EventOut, EventsOut, SessionOut, TurnOut, TurnsOut
from chronos_cli.text import one_line

if TYPE_CHECKING:
    from chronos_cli.hits import EventHit, TurnHit
    from chronos_cli.runtime import Runtime

T = TypeVar("T")

EVENTS_LIMIT = 50  # `events` shows this many by default
EVENTS_MAX = 500
ASK_TURNS_SHOWN = 5  # of the initial retrieval, in the text of `ask` (all are in the structured content)
SESSION_URI = "chronos://session/{namespace}/{session_id}"


class ServeError(Exception):
    """A call the server refuses or cannot answer; the message is one line, fit for the client."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message, 400))


class NotFound(ServeError):
    """No such session (a resource read)."""


@dataclass
class Reply:
    text: str  # what a model reads: dated, compact lines
    data: BaseModel  # the structured content


def one_line_errors(fn: Callable[..., T]) -> Callable[..., T]:
    """Expected failures (a bad date or regex, no index, a model that fails) become ServeError."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        from chronos_cli.ask.tools import ToolError
        from chronos_cli.clock import ClockError
        from chronos_cli.providers.errors import LLMError
        from chronos_cli.runtime import SetupError
        from chronos_cli.store.tables import StoreError

        try:
            return fn(*args, **kwargs)
        except (ToolError, ClockError, LLMError, SetupError, StoreError) as e:
            raise ServeError(str(e)) from e

    return wrapper


def session_uri(namespace: str, session_id: str) -> str:
    return SESSION_URI.format(namespace=quote(namespace, safe=""), session_id=quote(session_id, safe=""))


class Memory:
    """The tools over ``runtime``'s store. ``namespaces``: the server's scope (empty: every
    namespace); ``now``: the server's fixed moment (None: the moment of each call); ``tz``: the
    zone a ``now`` with an offset is read in (None: the system's)."""

    def __init__(
        self,
        runtime: Runtime,
        *,
        namespaces: Sequence[str] = (),
        now: datetime | None = None,
        tz: tzinfo | None = None,
    ) -> None:
        self.rt = runtime
        self.namespaces = list(dict.fromkeys(namespaces))
        self.now = now.replace(tzinfo=None) if now else None
        self.tz = tz

    # -- the parts, each a one-line error when it cannot be built --------------------------

    @property
    def offline(self) -> bool:
        return self.rt.settings.effective_model is None

    @property
    def store(self):
        from chronos_cli.runtime import SetupError

        try:
            return self.rt.store
        except SetupError as e:
            raise ServeError(str(e)) from None

    @property
    def embedder(self):
        from chronos_cli.runtime import SetupError

        try:
            return self.rt.embedder
        except SetupError as e:
            raise ServeError(str(e)) from None

    def moment(self, value: str | None = None) -> datetime:
        """``value`` (ISO, an offset converted to the server's zone), else the server's now."""
        from chronos_cli.clock import ClockError, now_in, parse_moment

        if value is not None and value.strip():
            try:
                moment = parse_moment(value, self.tz)
            except ClockError as e:
                raise ServeError(f"now: {e}") from None
            # a client may ask as of an earlier moment, never past the server's --now cutoff
            return min(moment, self.now) if self.now is not None else moment
        return self.now or now_in(self.tz)

    def scope(self, namespace: str | None) -> list[str] | None:
        """The namespaces one call searches: ``namespace`` when the server serves it, else the
        server's scope (None: all). An unknown name is refused with the known ones listed."""
        if namespace is None and not self.namespaces:
            return None
        indexed = self.store.namespaces()
        missing = [n for n in self.namespaces if n not in indexed]
        if missing:
            raise ServeError(
                f"unknown namespace {', '.join(map(repr, missing))} (from --namespace); "
                f"known namespaces: {', '.join(indexed) or '(none: the index is empty)'}"
            )
        if namespace is None:
            return list(self.namespaces)
        served = [n for n in indexed if not self.namespaces or n in self.namespaces]
        if namespace not in served:
            raise ServeError(f"unknown namespace {namespace!r}; known namespaces: {', '.join(served) or '(none)'}")
        return [namespace]

    # -- the agent's four tools -----------------------------------------------------------

    @one_line_errors
    def search_turns(self, query: str, k: int = 10, start: str | None = None, end: str | None = None, namespace=None):
        return self._agent_tool("search_turns", namespace, query=query, k=k, start=start, end=end)

    @one_line_errors
    def search_events(self, query: str, k: int = 10, start: str | None = None, end: str | None = None, namespace=None):
        return self._agent_tool("search_events", namespace, query=query, k=k, start=start, end=end)

    @one_line_errors
    def grep_turns(
        self, pattern: str, start: str | None = None, end: str | None = None, speaker: str | None = None, namespace=None
    ) -> Reply:
        from chronos_cli.store.tables import TURNS

        return self._grep(TURNS, pattern, start, end, speaker or None, namespace)

    @one_line_errors
    def grep_events(self, pattern: str, start: str | None = None, end: str | None = None, namespace=None) -> Reply:
        from chronos_cli.store.tables import EVENTS

        return self._grep(EVENTS, pattern, start, end, None, namespace)

    def _agent_tool(self, name: str, namespace: str | None, **args: Any) -> Reply:
        """One of the agent's search tools, exactly as the agent calls it (its validation, its
        reranking against the query, its ``said_until`` cutoff)."""
        from chronos_cli.ask.steps import AskOptions
        from chronos_cli.ask.tools import Tools
        from chronos_cli.providers.messages import ToolCall

        scope = self.scope(namespace)
        tools = Tools(
            self.store,
            self.embedder,
            args["query"],
            namespaces=scope,
            reranker=None if self.offline else self.rt.reranker,
            options=AskOptions(offline=self.offline),
            said_until=self.moment(),
        )
        given = {k: v for k, v in args.items() if v is not None}
        res = tools.call(ToolCall(id="mcp", name=name, arguments=json.dumps(given)))
        if res.error:
            raise ServeError(res.error)
        return _hits_reply(res.kind, res.hits, len(res.hits), score=True)

    def _grep(self, table: str, pattern: str, start, end, speaker: str | None, namespace: str | None) -> Reply:
        """The agent's grep (case-insensitive RE2, oldest first, the first GREP_LIMIT shown),
        with a speaker filter for turns."""
        from chronos_cli.ask.tools import GREP_LIMIT, parse_date_arg
        from chronos_cli.store.tables import EVENTS, Store

        if not pattern:
            raise ServeError("pattern is empty")
        lo = parse_date_arg(start, name="start")
        hi = parse_date_arg(end, name="end", end=True)
        if lo and hi and lo > hi:
            raise ServeError(f"start {start} is after end {end}")
        cols = {"time_col": "start", "end_col": "end"} if table == EVENTS else {}
        where = Store.build_filter(namespaces=self.scope(namespace), start=lo, end=hi, said_until=self.moment(), **cols)
        shown, total = self.store.grep_counted(
            table, pattern, ignore_case=True, where=where, speaker=speaker, limit=GREP_LIMIT
        )
        kind = "events" if table == EVENTS else "turns"
        reply = _hits_reply(kind, shown, total)
        if total > len(shown):
            reply.text += f"\n({total} matches; the first {len(shown)} shown — narrow the pattern or the dates)"
        return reply

    # -- the whole pipeline, and the calendar ------------------------------------------------

    @one_line_errors
    def ask(self, question: str, now: str | None = None, namespace: str | None = None) -> Reply:
        from chronos_cli.ask.agent import answer
        from chronos_cli.ask.steps import AskOptions

        if not question.strip():
            raise ServeError("question is empty")
        moment = self.moment(now)
        scope = self.scope(namespace)
        llm = planner = reranker = None
        if not self.offline:  # a fresh pair per question: its usage is this answer's alone
            llm, planner = self.rt.fresh_agent_llms()
            reranker = self.rt.reranker
        result = answer(
            question,
            store=self.store,
            embedder=self.embedder,
            now=moment,
            options=AskOptions(offline=self.offline),
            llm=llm,
            planner_llm=planner,
            reranker=reranker,
            namespaces=scope,
        )
        return Reply(text=_answer_text(result), data=AskOut.model_validate(result.to_json()))

    @one_line_errors
    def events(
        self,
        when: str | None = None,
        since: str | None = None,
        until: str | None = None,
        query: str | None = None,
        limit: int = EVENTS_LIMIT,
        namespace: str | None = None,
    ) -> Reply:
        from chronos_cli.event_query import find_events
        from chronos_cli.store.tables import EVENTS

        when, query = (when or "").strip() or None, (query or "").strip() or None
        if when and (since or until):
            raise ServeError("use either when or since/until, not both")
        moment = self.moment()
        ranges = self._ranges(when, since, until, moment)
        scope = self.scope(namespace)
        store = self.store
        if store.table(EVENTS) is None:
            db = self.rt.settings.db
            raise ServeError(f"no events in {db}: run `chronos index PATH --db {db}` (without --no-events) first")
        rows = find_events(
            store,
            ranges=ranges,
            query=query,
            embedder=self.embedder if query else None,
            namespaces=scope or (),
            limit=limit,
            said_until=moment,
            by_date=query is None,
        )
        reply = _hits_reply("events", rows[:limit], len(rows), score=query is not None)
        if len(rows) > limit:
            reply.text += f"\n({len(rows)} events; the first {limit} shown — narrow the dates or raise the limit)"
        return reply

    def _ranges(
        self, when: str | None, since, until, moment: datetime
    ) -> list[tuple[datetime | None, datetime | None]]:
        """[(start, end)] to overlap: the spans of ``when`` read against now, or since/until."""
        from chronos_cli.ask.tools import parse_date_arg

        if when:
            from chronos_cli.temporal import resolve

            spans = resolve(when, moment)
            if not spans:
                raise ServeError(
                    f'when: no time expression found in {when[:80]!r} (try e.g. "last month" or "May 2023")'
                )
            return [(sp.start, sp.end) for sp in spans]
        lo = parse_date_arg(since, name="since")
        hi = parse_date_arg(until, name="until", end=True)
        if lo and hi and lo > hi:
            raise ServeError(f"since {since} is after until {until}")
        return [(lo, hi)] if (lo or hi) else []

    # -- sessions (the MCP resources) -----------------------------------------------------

    @one_line_errors
    def sessions(self, namespace: str | None = None) -> list[SessionOut]:
        """The sessions said up to now, oldest first."""
        from chronos_cli.store.tables import SESSIONS, Store

        where = Store.build_filter(namespaces=self.scope(namespace), said_until=self.moment())
        cols = ["namespace", "session_id", "title", "t_conv", "n_turns"]
        rows = self.store.scan(SESSIONS, where=where, columns=cols).to_pylist()
        rows.sort(key=lambda r: (r["t_conv"], r["namespace"], r["session_id"]))
        return [
            SessionOut(
                uri=session_uri(r["namespace"], r["session_id"]),
                namespace=r["namespace"],
                session_id=r["session_id"],
                title=r["title"] or "",
                t_conv=r["t_conv"].isoformat(),
                n_turns=r["n_turns"] or 0,
            )
            for r in rows
        ]

    @one_line_errors
    def transcript(self, namespace: str, session_id: str) -> str:
        """One session as Markdown, each turn dated; turns said after now are left out."""
        try:
            self.scope(namespace)
        except ServeError as e:
            raise NotFound(str(e)) from None
        cutoff = self.moment()
        turns = [t for t in self.store.session_turns(namespace, session_id) if t.t_conv <= cutoff]
        if not turns:
            raise NotFound(f"no session {session_id!r} in namespace {namespace!r} (said up to {cutoff:%Y-%m-%d %H:%M})")
        title = next((t.title for t in turns if t.title), "") or f"session {session_id}"
        head = f"# {title}\n\nnamespace {namespace} · session {session_id} · {turns[0].t_local:%Y-%m-%d %a}\n"
        lines = [
            f"- [{t.turn_id} · {t.t_local:%Y-%m-%d %H:%M}] **{t.speaker}**: {one_line(t.text, 4000)}" for t in turns
        ]
        return head + "\n" + "\n".join(lines) + "\n"


# -- formatting -----------------------------------------------------------------------------


def _hits_reply(kind: str, hits: Sequence[TurnHit | EventHit], total: int, *, score: bool = False) -> Reply:
    from chronos_cli.ask.tools import format_event, format_turn

    if kind == "turns":
        text = "\n".join(format_turn(h) for h in hits) or "no turns found"
        return Reply(text=text, data=TurnsOut(turns=[TurnOut(**h.to_json(score=score)) for h in hits], total=total))
    text = "\n".join(format_event(e) for e in hits) or "no events found"
    return Reply(text=text, data=EventsOut(events=[EventOut(**e.to_json(score=score)) for e in hits], total=total))


def _answer_text(result) -> str:
    from chronos_cli.ask.tools import format_event, format_turn

    parts = [result.answer.strip() or "(no answer)"]
    r = result.answer_range
    if r is not None:
        parts.append(f"answer range: {r.start}" + ("" if r.start == r.end else f" – {r.end}"))
    if result.events:
        parts.append("events used:\n" + "\n".join(format_event(e) for e in result.events))
    if result.retrieved_turns:
        top = result.retrieved_turns[:ASK_TURNS_SHOWN]
        parts.append("top turns:\n" + "\n".join(format_turn(t) for t in top))
    return "\n\n".join(parts)
