"""Who decides the next step: ``LLMPolicy`` (a tool-calling model) or ``RulePolicy`` (offline
rules following the plan). Both drive the same loop and the same tools (agent.py).

Interface: ``decide(state) -> Decision`` (tool calls, or a final answer) and
``final(state) -> Decision`` (answer now: the step cap was reached).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from chronos_cli.ask.plan import Plan, rule_plan, stem, stems_of
from chronos_cli.ask.tools import ToolResult, format_event
from chronos_cli.providers.llm import LLMResponse, ToolCall
from chronos_cli.store.tables import event_row_to_json, iso_at

FORCE_ANSWER = (
    "You have used all your tool steps. Answer the question now from what you have found, "
    "citing sessions and dates; if the evidence is insufficient, say so."
)
NO_ANSWER = "(the model gave no answer)"  # an empty reply (no text, no tool call) is shown as this
OFFLINE_NOTE = "(Offline, retrieval-based answer: no language model was used.)"


@dataclass
class AgentState:
    question: str
    now: datetime
    plan: Plan
    messages: list[dict[str, Any]] = field(default_factory=list)
    observations: list[tuple[ToolCall, ToolResult]] = field(default_factory=list)
    seed: list[dict[str, Any]] = field(default_factory=list)  # initial retrieval rows
    step: int = 0  # tool steps taken
    enabled: list[str] = field(default_factory=list)


@dataclass
class Decision:
    tool_calls: list[ToolCall] = field(default_factory=list)
    answer: str | None = None
    answer_range: dict[str, str] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    response: LLMResponse | None = None


# ------------------------------------------------------------------------------------------
# the model
# ------------------------------------------------------------------------------------------


class LLMPolicy:
    def __init__(self, llm, schemas: list[dict], *, prompt_version: str) -> None:
        self.llm = llm
        self.schemas = schemas
        self.prompt_version = prompt_version

    def decide(self, state: AgentState) -> Decision:
        resp = self.llm.complete(state.messages, tools=self.schemas or None, prompt_version=self.prompt_version)
        if resp.tool_calls:
            return Decision(tool_calls=resp.tool_calls, response=resp)
        return Decision(answer=(resp.content or "").strip() or NO_ANSWER, response=resp)

    def final(self, state: AgentState) -> Decision:
        msgs = [*state.messages, {"role": "user", "content": FORCE_ANSWER}]
        if self.schemas:
            resp = self.llm.complete(msgs, tools=self.schemas, tool_choice="none", prompt_version=self.prompt_version)
        else:
            resp = self.llm.complete(msgs, prompt_version=self.prompt_version)
        return Decision(answer=(resp.content or "").strip() or NO_ANSWER, response=resp)


# ------------------------------------------------------------------------------------------
# rules
# ------------------------------------------------------------------------------------------

_PLANNED = re.compile(
    r"\b(will|want to|wanted to|going to|plan(ning|ned)? to|hope to|need to|'ll|should|might|thinking about)\b", re.I
)
_CANCEL = re.compile(r"\b(cancel+ed|cancel+ing|called off|didn't go|did not go|postponed|skipped)\b", re.I)
_SENT = re.compile(r"(?<=[.!?])\s+|\n+")


def _display(start: datetime, end: datetime, gran: str) -> str:
    from chronos_cli.temporal import TimeSpan

    try:
        s = TimeSpan(text="", start_char=0, end_char=0, start=start, end=end, granularity=gran, rule="").display()
    except Exception:  # noqa: BLE001 - an unknown granularity: plain dates
        s = start.date().isoformat() if start.date() == end.date() else f"{start.date()} – {end.date()}"
    if start.date() == end.date() and gran in ("day", "part_of_day", "instant"):
        s = f"{start:%A} {s}"
    return s


def _word_stems(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9'\-]*", text)}


def overlap(target: set[str], text: str) -> float:
    if not target:
        return 0.0
    have = _word_stems(text)
    n = 0
    for t in target:
        if t in have or (len(t) >= 4 and any(h.startswith(t) or (len(h) >= 4 and t.startswith(h)) for h in have)):
            n += 1
    return n / len(target)


@dataclass
class Cand:
    start: datetime
    end: datetime
    gran: str
    label: str
    kind: str  # event | turn
    row: dict[str, Any]
    score: float  # target overlap
    rank: int  # position in retrieval (lower is better)
    planned: bool = False
    cancelled: bool = False

    @property
    def day(self) -> date:
        return self.start.date()

    def cite(self) -> str:
        r = self.row
        turn = ", ".join(r.get("source_turn_ids") or []) if self.kind == "event" else r.get("turn_id", "")
        return f"session {r['session_id']}, said {r['t_conv']:%Y-%m-%d}" + (f", turn {turn}" if turn else "")


def event_cands(rows: list[dict[str, Any]], target: set[str], offset: int = 0) -> list[Cand]:
    out = []
    for i, r in enumerate(rows):
        text = " ; ".join([r.get("text") or "", *(r.get("aliases") or [])])
        sc = max(overlap(target, text), 0.8 * overlap(target, r.get("evidence") or ""))
        ev = r.get("evidence") or ""
        out.append(
            Cand(
                r["start"],
                r["end"],
                r.get("granularity") or "day",
                r.get("text") or "",
                "event",
                r,
                sc,
                offset + i,
                planned=r["start"].date() > r["t_conv"].date() or bool(_PLANNED.search(ev)),
                cancelled=bool(_CANCEL.search(ev)),
            )
        )
    return out


def turn_cands(rows: list[dict[str, Any]], target: set[str], offset: int = 0) -> list[Cand]:
    """Each turn dated by the time expression nearest the target words in its sentence
    (resolved from the moment it was said), else the day it was said."""
    from chronos_cli.temporal import resolve

    out = []
    for i, r in enumerate(rows):
        if r.get("role") == "assistant":
            continue
        text = r.get("text") or ""
        sents = [s for s in _SENT.split(text) if s.strip()] or [text]
        scored = [(overlap(target, s), s) for s in sents]
        best_sc = max(sc for sc, _ in scored)
        sent = next(s for sc, s in scored if sc == best_sc)
        t = r["t_conv"]
        spans = resolve(sent, t)
        if spans:
            pos = min((m.start() for w in target for m in re.finditer(re.escape(w), sent.lower())), default=0)
            sp = min(spans, key=lambda s: abs(s.start_char - pos))
            start, end, gran = sp.start, sp.end, sp.granularity
        else:
            start = datetime.combine(t.date(), datetime.min.time())
            end = datetime.combine(t.date(), datetime.max.time())
            gran = "day"
        sc = max(best_sc, 0.8 * overlap(target, text))
        out.append(
            Cand(
                start,
                end,
                gran,
                sent.strip(),
                "turn",
                r,
                sc,
                offset + i,
                planned=start.date() > t.date() or bool(_PLANNED.search(sent)),
                cancelled=bool(_CANCEL.search(sent)),
            )
        )
    return out


def _in_range(c: Cand, plan: Plan) -> bool:
    tr = plan.time_range
    return tr is None or (c.start <= tr.end and c.end >= tr.start)


class RulePolicy:
    """Offline: one round of tool calls chosen from the plan, then an answer composed from
    the hits (when / count / list / latest / compare / lookup)."""

    MIN_OVERLAP = 0.5

    def __init__(self) -> None:
        self._subs: list[tuple[str, Plan, list[int]]] = []

    # -- which calls ----------------------------------------------------------------------

    def _calls_for(self, q: str, plan: Plan, enabled: list[str], n0: int) -> list[ToolCall]:
        calls: list[dict[str, Any]] = []
        query = plan.query() or q
        tr = plan.time_range
        rng = {"start": tr.start.date().isoformat(), "end": tr.end.date().isoformat()} if tr else {}
        turn_rng = {"start": rng["start"]} if rng else {}  # a turn may mention it after the range
        stems = sorted(stems_of(query), key=len, reverse=True)[:6]
        pattern = r"\b(" + "|".join(re.escape(s) for s in stems) + ")" if stems else None
        op = plan.operation
        if op == "list" and tr is not None:
            calls += [("grep_events", {"pattern": ".", **rng}), ("grep_turns", {"pattern": ".", **rng})]
            calls += [("search_events", {"query": q, "k": 50, **rng}), ("search_turns", {"query": q, "k": 50, **rng})]
        else:
            calls += [
                ("search_events", {"query": query, "k": 20, **rng}),
                ("search_turns", {"query": query, "k": 20, **turn_rng}),
            ]
            if pattern and op in ("count", "latest", "when", "compare", "lookup"):
                calls += [
                    ("grep_events", {"pattern": pattern, **rng}),
                    ("grep_turns", {"pattern": pattern, **turn_rng}),
                ]
        # a disabled tool's call is dropped (a list with vector tools only: its search calls cover the greps)
        chosen = [(name, args) for name, args in calls if name in enabled]
        return [ToolCall(id=f"rule_{n0 + i}", name=n, arguments=json.dumps(a)) for i, (n, a) in enumerate(chosen)]

    def decide(self, state: AgentState) -> Decision:
        if state.step > 0:
            return self.final(state)
        plan = state.plan
        subs: list[tuple[str, Plan]] = [(state.question, plan)]
        if plan.operation == "multi-hop" and plan.hops:
            subs = [(h, rule_plan(h, state.now)) for h in plan.hops]
        elif plan.operation == "compare":
            items = _compare_items(state.question)
            if len(items) >= 2:
                subs = [(it, _item_plan(it, plan)) for it in items]
        calls: list[ToolCall] = []
        self._subs = []
        for q, p in subs:
            mine = self._calls_for(q, p, state.enabled, len(calls))
            self._subs.append((q, p, list(range(len(calls), len(calls) + len(mine)))))
            calls += mine
        if not calls:
            return self.final(state)
        return Decision(tool_calls=calls)

    # -- the answer ----------------------------------------------------------------------

    def final(self, state: AgentState) -> Decision:
        obs = state.observations
        if not self._subs:
            self._subs = [(state.question, state.plan, list(range(len(obs))))]
        if state.plan.operation == "compare" and len(self._subs) >= 2:
            parts = [
                self._answer(q, p, [obs[i] for i in idx if i < len(obs)], state, "when") for q, p, idx in self._subs
            ]
            dated = [(q, d) for (q, _, _), d in zip(self._subs, parts) if d.answer_range]
            text = "\n".join(f"- {q}: {d.answer}" for (q, _, _), d in zip(self._subs, parts))
            if len(dated) >= 2:
                dated.sort(key=lambda x: x[1].answer_range["start"])
                text = (
                    f"{dated[0][0]} came first ({dated[0][1].answer_range['start']}), then {dated[1][0]} ({dated[1][1].answer_range['start']}).\n"
                    + text
                )
            return Decision(
                answer=f"{text}\n{OFFLINE_NOTE}",
                answer_range=dated[0][1].answer_range if dated else None,
                events=[e for d in parts for e in d.events],
            )
        if len(self._subs) > 1:
            parts = [
                self._answer(q, p, [obs[i] for i in idx if i < len(obs)], state, p.operation)
                for q, p, idx in self._subs
            ]
            text = "\n".join(f"- {q} {d.answer}" for (q, _, _), d in zip(self._subs, parts))
            rng = next((d.answer_range for d in parts if d.answer_range), None)
            return Decision(
                answer=f"{text}\n{OFFLINE_NOTE}", answer_range=rng, events=[e for d in parts for e in d.events]
            )
        d = self._answer(state.question, state.plan, obs, state, state.plan.operation)
        d.answer = f"{d.answer}\n{OFFLINE_NOTE}"
        return d

    def _answer(self, q: str, plan: Plan, obs, state: AgentState, op: str) -> Decision:
        target = stems_of(plan.query() or q)
        ev_rows: dict[str, dict] = {}
        turn_rows: dict[str, dict] = {}
        ev_rank: dict[str, int] = {}
        for _, res in obs:
            if res.error:
                continue
            for i, r in enumerate(res.hits):
                if res.kind == "events":
                    ev_rows.setdefault(r["event_id"], r)
                    ev_rank[r["event_id"]] = min(ev_rank.get(r["event_id"], 999), i)
                else:
                    turn_rows.setdefault(r.get("key") or r["turn_id"], r)
        for i, r in enumerate(state.seed):
            turn_rows.setdefault(r.get("key") or r["turn_id"], r)
        evs = event_cands(list(ev_rows.values()), target)
        for c in evs:
            c.rank = ev_rank.get(c.row["event_id"], 999)
        if op == "list":
            return self._list(plan, evs, turn_cands(list(turn_rows.values()), target))
        # turns: keep those that mention a target word (dating each costs a parse)
        trows = [r for r in turn_rows.values() if overlap(target, r.get("text") or "") >= self.MIN_OVERLAP][:60]
        turns = turn_cands(trows, target, offset=100)
        cands = [c for c in evs + turns if c.score >= self.MIN_OVERLAP and _in_range(c, plan)]
        if op in ("when", "latest", "count") and not cands:
            return Decision(
                answer=f"I found nothing in the archive that matches {', '.join(plan.targets.words()) or q!r}"
                + (f" in {plan.time_range.display}" if plan.time_range else "")
                + "."
            )
        if op == "count":
            return self._count(plan, cands)
        if op == "latest":
            real = [c for c in cands if not c.planned and not c.cancelled] or cands
            best = max(real, key=lambda c: (c.start.date(), c.score, c.kind == "event"))
            return self._dated("The most recent", best)
        if op == "when":
            real = [c for c in cands if not c.cancelled] or cands
            best = max(real, key=lambda c: (round(c.score, 2), c.kind == "event", not c.planned, -c.rank))
            return self._dated("", best)
        return self._lookup(q, plan, state, turns, evs)

    def _dated(self, lead: str, c: Cand) -> Decision:
        when = _display(c.start, c.end, c.gran)
        what = f"“{c.label}”"
        text = f"{lead + ': ' if lead else ''}{when} — {what} ({c.cite()})."
        if c.planned:
            text += " (This was mentioned as a plan; I could not confirm that it happened.)"
        return Decision(
            answer=text,
            answer_range={"start": iso_at(c.start, c.gran), "end": iso_at(c.end, c.gran)},
            events=[event_row_to_json(c.row)] if c.kind == "event" else [],
        )

    def _count(self, plan: Plan, cands: list[Cand]) -> Decision:
        by_day: dict[date, list[Cand]] = {}
        for c in cands:
            if c.gran not in ("day", "part_of_day", "instant"):
                continue  # a month-wide mention cannot be told apart from a dated one
            by_day.setdefault(c.day, []).append(c)
        days = []
        for d, cs in sorted(by_day.items()):
            if any(c.cancelled for c in cs):
                continue
            if all(c.planned for c in cs):
                continue
            days.append((d, max(cs, key=lambda c: (c.kind == "event", c.score))))
        what = ", ".join(plan.targets.words()) or "it"
        rng = f" in {plan.time_range.display}" if plan.time_range else ""
        lines = [f"{len(days)} time{'s' if len(days) != 1 else ''} ({what}{rng}), counting distinct days:"]
        for d, c in days:
            lines.append(f"- {d:%a %Y-%m-%d}: {c.label} ({c.cite()})")
        rng_out = None
        if plan.time_range:
            rng_out = {"start": plan.time_range.start.date().isoformat(), "end": plan.time_range.end.date().isoformat()}
        return Decision(
            answer="\n".join(lines),
            answer_range=rng_out,
            events=[event_row_to_json(c.row) for _, c in days if c.kind == "event"],
        )

    def _list(self, plan: Plan, evs: list[Cand], turns: list[Cand]) -> Decision:
        tr = plan.time_range
        items: dict[date, list[str]] = {}
        used_events = []
        for c in sorted(evs, key=lambda c: c.start):
            if c.gran not in ("day", "part_of_day", "instant") or not _in_range(c, plan) or c.planned:
                continue
            items.setdefault(c.day, [])
            if c.label not in items[c.day]:
                items[c.day].append(c.label)
                used_events.append(event_row_to_json(c.row))
        for c in turns:
            said = c.row["t_conv"].date()
            if tr and not (tr.start.date() <= said <= tr.end.date()):
                continue
            if said not in items:
                items[said] = [f"(said) {c.row['text'][:160]}"]
        lines = [f"In {tr.display if tr else 'that period'}:"]
        for d in sorted(items):
            lines.append(f"- {d:%a %Y-%m-%d}: " + "; ".join(items[d][:4]))
        if len(lines) == 1:
            lines.append("nothing found in the archive.")
        rng = {"start": tr.start.date().isoformat(), "end": tr.end.date().isoformat()} if tr else None
        return Decision(answer="\n".join(lines), answer_range=rng, events=used_events)

    def _lookup(self, q: str, plan: Plan, state: AgentState, turns: list[Cand], evs: list[Cand]) -> Decision:
        lines = ["The most relevant evidence:"]
        seen = set()
        pool = sorted([c for c in turns if c.score > 0], key=lambda c: (-c.score, c.rank))[:3]
        seed = [r for r in state.seed if r.get("role") != "assistant"][:3]
        for c in pool:
            seen.add(c.row.get("turn_id"))
            lines.append(f"- {c.row['t_conv']:%Y-%m-%d} ({c.cite()}): {c.row['speaker']}: “{c.row['text'][:300]}”")
        for r in seed:
            if r.get("turn_id") in seen or len(lines) > 5:
                continue
            lines.append(
                f"- {r['t_conv']:%Y-%m-%d} (session {r['session_id']}, turn {r['turn_id']}): {r['speaker']}: “{r['text'][:300]}”"
            )
        best_ev = sorted([c for c in evs if c.score > 0], key=lambda c: (-c.score, c.rank))[:2]
        for c in best_ev:
            lines.append(f"- event {format_event(c.row)}")
        if len(lines) == 1:
            lines.append("nothing found.")
        return Decision(answer="\n".join(lines), events=[event_row_to_json(c.row) for c in best_ev])


_COMPARE_LEAD = re.compile(r"^.*?\b(first|earlier|later|before|after)\b[,:]?\s*", re.I)


def _compare_items(question: str) -> list[str]:
    q = question.rstrip("?").strip()
    tail = _COMPARE_LEAD.sub("", q, count=1) if _COMPARE_LEAD.search(q) else q
    parts = re.split(r"\s*,?\s+\bor\b\s+|\s+\bvs\.?\s+|\s+\bversus\b\s+", tail)
    parts = [re.sub(r"^(the|my|a|an)\s+", "", p.strip(" ,."), flags=re.I) for p in parts if p.strip(" ,.")]
    return parts if len(parts) >= 2 else []


def _item_plan(item: str, plan: Plan) -> Plan:
    from chronos_cli.ask.plan import Targets, content_words

    words = content_words(item)
    return plan.model_copy(update={"targets": Targets(attributes=[w.lower() for w in words]), "operation": "when"})
