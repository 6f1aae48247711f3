"""The agent's four tools over the two calendars, and their JSON schemas.

Schemas are generated from each tool method's type hints and docstring (``Args:`` section).
Arguments are validated by a pydantic model built from the same signature; dates must be
ISO (``YYYY-MM-DD`` or ``YYYY-MM-DDTHH:MM[:SS]``) and become datetimes before they reach
``Store.build_filter`` — no model string is ever pasted into a query. Every failure comes
back as a one-line error text for the model — after automatic retries with back-off when the
failure may be transient (storage I/O, an embedding provider), as the paper's agent retries
its tool calls.

Under ``--no-date-filter`` the schemas carry no ``start``/``end``; a call that still sends them
is run without them and told so in its result (never silently).
"""

from __future__ import annotations

import inspect
import json
import random
import re
import threading
import time
import typing
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import ConfigDict, ValidationError, create_model

from chronos_cli.ask.retrieve import POOL, content_query
from chronos_cli.ask.steps import TOOL_NAMES, AskOptions
from chronos_cli.hits import EventHit, Hit, TurnHit
from chronos_cli.providers.errors import ProviderError
from chronos_cli.providers.messages import ToolCall
from chronos_cli.ranking import rerank
from chronos_cli.store.tables import EVENTS, TURNS, Store, StoreError
from chronos_cli.temporal.dates import parse_iso_bound
from chronos_cli.text import one_line

MAX_K = 50
GREP_LIMIT = 40
TEXT_LIMIT = 500
TOOL_RETRIES = 2  # retries of a tool call that failed in a way that may pass (3 attempts in all)
RETRY_BASE_DELAY = 0.25  # seconds before the first retry; doubled each time, × jitter 0.5–1
DATE_ARGS = ("start", "end")
DATES_IGNORED = "(the date filter is off in this run: start/end were ignored)"

_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?$")


backoff_sleep = time.sleep  # the wait between retries (tests stand in a recorder)


class ToolError(Exception):
    """A bad call: the message goes back to the model."""


class _Exhausted(Exception):
    """A transient failure that lasted through every retry."""

    def __init__(self, cause: Exception, attempts: int) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.attempts = attempts


def _first_line(e: BaseException) -> str:
    return str(e).splitlines()[0] if str(e) else ""


def transient(exc: BaseException) -> bool:
    """May the same tool call succeed if tried again? No for the model's own mistakes (bad
    arguments, a bad regular expression: ``ToolError``/``StoreError``), for provider failures
    that are final (auth, bad request) and for programming errors; yes for the rest — I/O and
    network errors, timeouts, the storage engine's runtime errors, a provider's 429/5xx."""
    from chronos_cli.providers.embed import EmbedError

    if isinstance(exc, ProviderError):
        return exc.retryable
    if isinstance(exc, OSError):  # I/O, connection, timeout
        return True
    permanent = (ToolError, StoreError, EmbedError, ValidationError, ValueError, TypeError, LookupError, AttributeError)
    return not isinstance(exc, (*permanent, NotImplementedError))


def parse_date_arg(value: Any, *, name: str, end: bool = False) -> datetime | None:
    """An ISO date/datetime argument → datetime (``parse_iso_bound``: a bare date covers the
    whole day). Only the ISO shapes the schemas name pass: a model's string is checked here."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not _ISO.match(value.strip()):
        raise ToolError(f"{name}: {str(value)[:60]!r} is not an ISO date; use YYYY-MM-DD or YYYY-MM-DDTHH:MM")
    try:
        return parse_iso_bound(value, end=end)
    except ValueError as e:
        raise ToolError(f"{name}: {e}") from None


@dataclass
class ToolResult:
    text: str  # what the model reads
    kind: str  # turns | events
    hits: list[Hit] = field(default_factory=list)  # ranked
    error: str | None = None
    ms: float = 0.0
    arguments: Any = None
    attempts: int = 1  # > 1: the call was retried after a transient failure


# ------------------------------------------------------------------------------------------
# schema from type hints + docstring
# ------------------------------------------------------------------------------------------

_JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean"}


def _doc_parts(fn) -> tuple[str, dict[str, str]]:
    doc = inspect.getdoc(fn) or ""
    head, _, rest = doc.partition("Args:")
    params: dict[str, str] = {}
    current = None
    for line in rest.splitlines():
        m = re.match(r"^\s{0,8}(\w+):\s*(.*)$", line)
        if m and m.group(1) in inspect.signature(fn).parameters:
            current = m.group(1)
            params[current] = m.group(2).strip()
        elif current and line.strip():
            params[current] += " " + line.strip()
    return " ".join(head.split()), params


def _json_type(tp) -> tuple[str, bool]:
    """(JSON type, optional?)"""
    args = typing.get_args(tp)
    if args and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return _JSON_TYPES[inner], True
    return _JSON_TYPES[tp], False


def tool_schema(fn, *, drop: tuple[str, ...] = ()) -> dict[str, Any]:
    """The function-calling schema of ``fn`` (``drop``: parameters left out)."""
    hints = typing.get_type_hints(fn)
    description, docs = _doc_parts(fn)
    props: dict[str, Any] = {}
    required = []
    for name, p in inspect.signature(fn).parameters.items():
        if name == "self" or name in drop:
            continue
        jtype, optional = _json_type(hints[name])
        prop: dict[str, Any] = {"type": jtype, "description": docs.get(name, "")}
        if p.default is inspect.Parameter.empty:
            required.append(name)
        elif p.default is not None:
            prop["default"] = p.default
        props[name] = prop
    return {
        "type": "function",
        "function": {
            "name": fn.__name__,
            "description": description,
            "parameters": {"type": "object", "properties": props, "required": required, "additionalProperties": False},
        },
    }


def _args_model(fn):
    hints = typing.get_type_hints(fn)
    fields = {}
    for name, p in inspect.signature(fn).parameters.items():
        if name == "self":
            continue
        fields[name] = (hints[name], ... if p.default is inspect.Parameter.empty else p.default)
    return create_model(f"{fn.__name__}_args", __config__=ConfigDict(extra="forbid", strict=True), **fields)


# ------------------------------------------------------------------------------------------
# the tools
# ------------------------------------------------------------------------------------------


def format_turn(h: TurnHit) -> str:
    return (
        f"[{h.namespace} · session {h.session_id} · {h.turn_id} · {h.t_conv:%Y-%m-%d %H:%M %a}] "
        f"{h.speaker}: {one_line(h.text, TEXT_LIMIT)}"
    )


def format_event(e: EventHit) -> str:
    j = e.to_json()
    if e.undated:
        when = f"undated: on or before {j['end']}, no time cue"
    elif e.time_source == "news":
        when = f"{j['start']} – {j['end']} (told as news: since the speakers last talked, no time cue)"
    else:
        span = j["start"] if j["start"] == j["end"] else f"{j['start']} – {j['end']}"
        expr = f", from “{e.time_expression}”" if e.time_expression else ""
        when = f"{span} ({e.granularity}{expr})"
    return (
        f"[event {when} · {e.namespace} · session {e.session_id} said {e.t_conv:%Y-%m-%d}"
        f" · turns {', '.join(e.source_turn_ids)}] {e.text} — evidence: {one_line(e.evidence, 300)}"
    )


class Tools:
    """The four tools, bound to one store, embedder and question."""

    NAMES = TOOL_NAMES

    def __init__(
        self,
        store: Store,
        embedder,
        question: str,
        *,
        namespaces=None,
        reranker=None,
        options=None,
        said_until: datetime | None = None,
        retries: int = TOOL_RETRIES,
        retry_base_delay: float = RETRY_BASE_DELAY,
        sleep=None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.question = question
        self.said_until = said_until  # the question's "now": nothing said later is seen
        self.namespaces = list(namespaces) if namespaces else None
        self.reranker = reranker
        self.options = options or AskOptions()
        self.enabled = self.options.tool_names()
        self.retries = retries
        self.retry_base_delay = retry_base_delay
        self._sleep = sleep or backoff_sleep
        # query -> its vector (one question's lifetime): the offline plan searches both
        # calendars with the same query
        self._vectors: dict[str, Any] = {}
        self._vec_lock = threading.Lock()

    # -- the tools themselves (their docstrings are the schemas) --------------------------

    def search_turns(self, query: str, k: int = 10, start: str | None = None, end: str | None = None) -> ToolResult:
        """Semantic search over the conversation turns (what was said, by whom, when). Results are
        reranked against the user's question and show session, turn id and the date said.

        Args:
            query: what to look for, in plain words
            k: how many turns to return (1-50)
            start: only turns said on or after this ISO date (YYYY-MM-DD), optional
            end: only turns said on or before this ISO date (YYYY-MM-DD), optional
        """
        return self._search(TURNS, query, k, start, end)

    def search_events(self, query: str, k: int = 10, start: str | None = None, end: str | None = None) -> ToolResult:
        """Semantic search over the event calendar: dated (subject, verb, object) events extracted
        from the turns, with the date each event happened (not only when it was mentioned).

        Args:
            query: the event to look for, in plain words
            k: how many events to return (1-50)
            start: only events overlapping the range from this ISO date (YYYY-MM-DD), optional
            end: only events overlapping the range up to this ISO date (YYYY-MM-DD), optional
        """
        return self._search(EVENTS, query, k, start, end)

    def grep_turns(self, pattern: str, start: str | None = None, end: str | None = None) -> ToolResult:
        """Case-insensitive regular expression (RE2 syntax) over the turns' text, oldest first.
        Good for exact names, numbers and rare words.

        Args:
            pattern: the regular expression, e.g. "dentist|filling"
            start: only turns said on or after this ISO date (YYYY-MM-DD), optional
            end: only turns said on or before this ISO date (YYYY-MM-DD), optional
        """
        return self._grep(TURNS, pattern, start, end)

    def grep_events(self, pattern: str, start: str | None = None, end: str | None = None) -> ToolResult:
        """Case-insensitive regular expression (RE2 syntax) over event texts and aliases, by date.
        Pattern "." lists every event.

        Args:
            pattern: the regular expression, e.g. "hik(e|ed|ing)"
            start: only events overlapping the range from this ISO date (YYYY-MM-DD), optional;
                with pattern "." and start/end: every event in the range
            end: only events overlapping the range up to this ISO date (YYYY-MM-DD), optional
        """
        return self._grep(EVENTS, pattern, start, end)

    # -- schemas and dispatch ------------------------------------------------------------

    def schemas(self) -> list[dict[str, Any]]:
        drop = () if self.options.date_filter else DATE_ARGS  # --no-date-filter: no date arguments offered
        return [tool_schema(getattr(Tools, n), drop=drop) for n in self.enabled]

    def call(self, tc: ToolCall) -> ToolResult:
        """Run one tool call; never raises: any failure becomes an error text."""
        t0 = time.perf_counter()
        args: Any = tc.arguments
        try:
            if tc.name not in self.NAMES or tc.name not in self.enabled:
                raise ToolError(f"unknown tool {tc.name!r}; available tools: {', '.join(self.enabled)}")
            try:
                args = tc.parsed_arguments()
            except ValueError as e:
                raise ToolError(f"arguments of {tc.name} are not a JSON object: {e}") from None
            fn = getattr(Tools, tc.name)
            try:
                valid = _args_model(fn).model_validate(args)
            except ValidationError as e:
                msgs = "; ".join(
                    f"{'.'.join(str(x) for x in err['loc']) or '(root)'}: {err['msg']}" for err in e.errors()[:5]
                )
                raise ToolError(f"bad arguments for {tc.name}: {msgs}") from None
            kwargs = valid.model_dump()
            res = self._run(tc.name, kwargs)
            if not self.options.date_filter and any(kwargs.get(k) for k in DATE_ARGS):
                res.text = f"{DATES_IGNORED}\n{res.text}"
        except ToolError as e:
            res = ToolResult(text=f"ERROR: {e}", kind="", error=str(e))
        except StoreError as e:
            res = ToolResult(text=f"ERROR: {tc.name} failed: {e}", kind="", error=str(e))
        except _Exhausted as x:
            e = x.cause
            msg = f"{tc.name} failed after {x.attempts} attempts: {type(e).__name__}: {_first_line(e)}"
            res = ToolResult(text=f"ERROR: {msg}", kind="", error=msg, attempts=x.attempts)
        except Exception as e:  # noqa: BLE001 - a failing search goes back to the model as text
            msg = f"{tc.name} failed: {type(e).__name__}: {_first_line(e)}"
            res = ToolResult(text=f"ERROR: {msg}", kind="", error=msg)
        res.ms = round((time.perf_counter() - t0) * 1000, 1)
        res.arguments = args
        return res

    def _run(self, name: str, kwargs: dict[str, Any]) -> ToolResult:
        """The tool itself; a transient failure is retried with exponential back-off (with
        jitter, so concurrent calls do not retry in step), the last failure is raised."""
        attempt = 0
        while True:
            try:
                res = getattr(self, name)(**kwargs)
                res.attempts = attempt + 1
                return res
            except Exception as e:
                if not transient(e):
                    raise
                if attempt >= self.retries:
                    raise _Exhausted(e, attempt + 1) from e
                self._sleep(self.retry_base_delay * 2**attempt * random.uniform(0.5, 1.0))
                attempt += 1

    # -- shared --------------------------------------------------------------------------

    def _where(self, name: str, start: str | None, end: str | None):
        s = parse_date_arg(start, name="start")
        e = parse_date_arg(end, name="end", end=True)
        if s and e and s > e:
            raise ToolError(f"start {start} is after end {end}")
        if not self.options.date_filter:
            s = e = None
        if name == EVENTS:
            return Store.build_filter(
                namespaces=self.namespaces,
                start=s,
                end=e,
                time_col="start",
                end_col="end",
                said_until=self.said_until,
            )
        return Store.build_filter(namespaces=self.namespaces, start=s, end=e, said_until=self.said_until)

    def _search(self, name: str, query: str, k: int, start, end) -> ToolResult:
        if not query.strip():
            raise ToolError("query is empty")
        if not 1 <= k <= MAX_K:
            k = max(1, min(MAX_K, k))
        where = self._where(name, start, end)
        dense = self.store.vector_search(name, self._vector(query), k=POOL, where=where)
        lexical = self._question_bm25(name, where) if self.options.rerank and self.reranker is None else []
        hits = rerank(
            self.question,
            dense,
            lexical,
            top_n=k,
            reranker=self.reranker,
            use_rerank=self.options.rerank,
            restrict_to_dense=True,
        )
        return self._result(name, hits)

    def _vector(self, query: str):
        with self._vec_lock:  # held while embedding: the second caller waits for the first's vector
            if query not in self._vectors:
                self._vectors[query] = self.embedder.embed([query])[0]
            return self._vectors[query]

    def _question_bm25(self, name: str, where) -> list[Hit]:
        """BM25 ranking of the ORIGINAL question's content words (``content_query``, as the
        initial retrieval queries it) in table ``name`` under ``where``: the offline reranker's
        lexical list (the store remembers it, so each table and filter is searched once)."""
        return self.store.text_search(name, content_query(self.question), k=POOL, where=where)

    def _grep(self, name: str, pattern: str, start, end) -> ToolResult:
        if not pattern:
            raise ToolError("pattern is empty")
        where = self._where(name, start, end)
        rows = self.store.grep(name, pattern, ignore_case=True, where=where)
        total = len(rows)
        res = self._result(name, rows[:GREP_LIMIT] if total > GREP_LIMIT else rows, all_rows=rows)
        if total > GREP_LIMIT:
            res.text += f"\n({total} matches; the first {GREP_LIMIT} shown — narrow the pattern or the dates)"
        return res

    def _result(self, name: str, rows: list[Hit], all_rows: list[Hit] | None = None) -> ToolResult:
        kind = "turns" if name == TURNS else "events"
        fmt = format_turn if name == TURNS else format_event
        if not rows:
            text = f"no {kind} found"
        else:
            text = "\n".join(fmt(r) for r in rows)
        return ToolResult(text=text, kind=kind, hits=list(all_rows if all_rows is not None else rows))


def dumps_args(args: Any) -> str:
    return args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
