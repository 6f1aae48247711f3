"""The offline rule policy's two halves: which tool calls a plan needs (``calls_for``), and the
answer composed from what they returned (``answer_one``), in words a person can read.

Every answer names the occurrence in plain words, quotes a short excerpt of the turn it comes
from, and gives its date and session; a count lists each distinct occurrence it counted.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from typing import Any, NamedTuple

from chronos_cli.ask.occurrences import (
    SINCE_RULES,
    Matcher,
    Occurrence,
    Since,
    _in_question,
    _spans,
    asks_plan,
    event_occurrence,
    is_light,
    lemma_stem,
    says_any,
    sentence_of,
    told,
    turn_occurrence,
)
from chronos_cli.ask.plan import QUESTION_WORDS, Plan, Targets, content_words, stem
from chronos_cli.extract.lexicon import BE, DETERMINERS, HAVE, MODAL, PARTICLES, PREPOSITIONS
from chronos_cli.extract.words import is_verbish
from chronos_cli.hits import EventHit, TurnHit
from chronos_cli.providers.messages import ToolCall
from chronos_cli.temporal.lexicon import MONTH_NAMES
from chronos_cli.temporal.resolve import moved_to

# The weights below were chosen on locomo_dev.json and checked on locomo_dev2.json (and the
# reverse); BENCHMARKS.md has both figures. The rules they weigh are English, not a sample's.
#
# how far down a ranked list a hit still counts as "found by meaning": 1 / (1 + rank / SEM_DECAY)
SEM_DECAY = 4.0
# the ranking's weight beside the words' share (0..1) in an occurrence's score
SEM_WEIGHT = 0.35
# a "when" answer prefers an occurrence dated by its own time phrase over one dated only by the
# day it was said, when their scores are this close
DATED_BONUS = 0.35
# "how long have I had it?" is answered by a phrase that says how long ("for 3 years now")
SINCE_BONUS = 0.5
# a past-tense question ("When did…") against a plan ("I'm going to…"), and the reverse
PLAN_PENALTY = 0.25
PAST_PLAN_SHARE = 0.5
# an event whose verb, subject or object head is an asked word ("ran the half MARATHON") over
# one where the word only qualifies something else ("started my half marathon PLAN")
HEAD_BONUS = 0.1
# asked about a person of the archive ("When was Katrin's bike stolen?"), an occurrence that is
# neither theirs nor told by them ("Ron's bike got stolen years ago", told by Elaine): the name
# weighs little among one person's turns, but tells them from another's
NOT_WHO_PENALTY = 0.5
# turns before and after a hit read as its context (a chat tells one thing over several messages)
CONTEXT_BEFORE, CONTEXT_AFTER = 3, 2
# occurrences worth dating (the rest only count for words)
MAX_DATED = 60
# a count/list/latest keeps occurrences whose words match at least this share (and this
# fraction of the best match)
REL_MIN = 0.5
REL_OF_BEST = 0.6
EXCERPT_CHARS = 200
# a "when" answer also shows the next best dated mentions that match nearly as well
OTHER_OF_BEST = 0.7
# a "when" question's own time phrase is an occasion more than a fence ("come to visit for
# Thanksgiving" may be the day before)
WHEN_PAD = timedelta(days=3)
# news since a talk fewer than this many days back is answered with those days (``news_range``)
NEWS_WINDOW_DAYS = 5
# "when did … start / begin / first …": the occurrence that tells the beginning
# (the verb of the question, or "first" before it: not "won her first tournament", "first place",
# nor "the band she started")
# a question of something resumed: "start RUNNING AGAIN", "again after the break", "go back to
# work" (not an "again?" asking to be reminded: "When did Ana start her new job again?")
_RESUMED = (
    r"\b\w+ing\s+again\b|\bagain\s+after\b|\bresum(?:e|ed|es|ing)\b"
    # a return the question is about is no resumption asked ("… her email ABOUT going back to work")
    r"|(?<!about )\b(?:go|goes|going|went|get|got|getting|come|came|coming)\s+back\s+to\b"
    r"(?!\s+(?:you|u|him|her|them|me|us)\b)"
)
_ASKS_START = re.compile(
    r"^\s*[Ww]hen\s+(?:did|do|does|has|have|had|was|were|is|are)\s+"
    r"(?:(?:[A-Z][\w'’-]*|[Ii]|you|we|they|he|she)(?:\s+and\s+(?:[A-Z][\w'’-]*|[Ii]))?"
    r"|(?:my|his|her|their|our|your|[A-Z]\w*['’]s)\s+\w+)"
    r"\s+(?:first|start(?:ed)?|begin|began|begun)\b"
    # "start running again" asks when it resumed, not when it first began
    rf"(?!.*(?:{_RESUMED}))"
)
# a start told: "I started …", "began", "took up", "for the first time", "I first watched it",
# "my first pottery class" (not "a fresh start", "at first", "first of all")
_TELLS_START = re.compile(
    r"\b(?:start(?:ed|ing)|began|begun|took up|joined|(?:for|the) first time)\b"
    r"|\b(?:i|we|you|he|she|they)\s+(?:just\s+)?(?:first|start|begin)\b|\b(?:my|our|his|her|their)\s+(?:very\s+)?first\b"
    r"|\bfirst\s+(?!of\b)\w+ed\b|\bfirst\s+(?:went|got|met|saw|took|came|did|heard|tried|made|fell|began)\b"
    # a first day (shift, lesson) is the start of what it is of; so is a start date
    r"|\bfirst\s+(?:day|shift|lesson)\b|\bstart\s+date\b",
    re.I,
)
# a state told as it holds ("I'm still volunteering there", "I've been volunteering …")
_ONGOING = re.compile(r"^(?:is|am|are|'s|'m|'re|has been|have been|'ve been)\s+\w+ing\b", re.I)
START_BONUS = 0.3
# asked when something resumed ("start running again", "go back to work"), a telling of a
# resumption ("my first run since the massage", "back at work", "running again") is the answer
_ASKS_AGAIN = re.compile(_RESUMED, re.I)
_TELLS_AGAIN = re.compile(
    r"\bfirst\s+(?:\w+\s+){0,2}?(?:since|back)\b|\bagain\b"
    # one's own return ("back at work", "went back to uni"), not a thing's ("took it back in")
    r"|\b(?:i'?m|am|we'?re|was|were|is|are|been|be|went|got|came|go|going|get|getting)\s+back\s+(?:to|at|on)\b"
    r"(?!\s+(?:you|u|him|her|them|me|us)\b)",
    re.I,
)
# a plan moved to a new date ("they moved the interview to thursday", "Friday night instead")
# replaces the one it moved: asked when it happened, the new date is the answer; asked when it
# was first or originally meant to be, the old one
MOVED_BONUS = 0.25
_INSTEAD = re.compile(r"\binstead\b", re.I)
# what a move names as moved: "they moved THE INTERVIEW to thursday", "DEMO is moved to thursday"
_MOVED_THING = re.compile(
    r"\b(?:moved|pushed|bumped|rescheduled)\s+(?:back\s+)?(?:the|my|our|his|her|their|ur|your)\s+(?:[a-z]+\s+){0,2}?"
    r"(?P<a>[a-z]+)(?=\s+(?:to|till|until|back|forward|from|by)\b)"
    r"|\b(?!(?:it|that|this|everything|which|what)\b)(?P<b>[a-z]+)\s+(?:is|was|got|has\s+been|'s\s+been|been)\s+"
    r"(?:moved|pushed|bumped|rescheduled)\b",
    re.I,
)
_ASKS_ORIGINAL = re.compile(
    r"\b(?:originally|at first|first\s+(?:plan|planned|scheduled|set|booked|arranged)|supposed\s+to|meant\s+to"
    r"|(?:planned|scheduled|booked)\s+for\s+before)\b",
    re.I,
)
START_TIE = 0.15  # how near the best a telling must match to count as the same start
_HOW_LONG = re.compile(r"\bhow long\b(?! ago)", re.I)
# "how long did the trip last?", "how long was the trip?": a span, from its first to its last day
# (not "how long have I had it?", which counts up to now)
_DURATION = re.compile(r"\bhow long\s+(did\b.*\b(last(s|ed)?|go on)\b|(was|were)\b)", re.I)
# "my NEXT appointment", "the upcoming trip": the occurrence after now ("the next day" is relative)
_UPCOMING = re.compile(
    r"\bnext\b(?!\s+(day|morning|afternoon|evening|night)\b)|\bupcoming\b|\bcoming up\b"
    r"|\b(the|this|my|our) coming\b",
    re.I,
)


@dataclass
class Answer:
    text: str
    answer_range: dict[str, str] | None = None
    events: list[EventHit] = field(default_factory=list)


# ------------------------------------------------------------------------------------------
# which calls
# ------------------------------------------------------------------------------------------


def grep_pattern(query: str) -> str | None:
    """A regular expression for the query's content words in any inflection: each word cut to
    what it shares with its stem ("hiking" → hik, "parties" → parti)."""
    parts = []
    for w in content_words(query):
        lw = w.lower()
        s = stem(lw)
        n = 0
        while n < min(len(lw), len(s)) and lw[n] == s[n]:
            n += 1
        p = lw[: max(n, 3)] if n >= 3 else lw
        if p and p not in parts:
            parts.append(p)
    parts = sorted(parts, key=len, reverse=True)[:6]
    return r"\b(" + "|".join(re.escape(p) for p in parts) + ")" if parts else None


def calls_for(question: str, plan: Plan, enabled: list[str], n0: int) -> list[ToolCall]:
    calls: list[tuple[str, dict[str, Any]]] = []
    query = plan.query() or question
    tr = plan.time_range
    pad = WHEN_PAD if plan.operation == "when" else timedelta(0)
    rng = {"start": (tr.start - pad).date().isoformat(), "end": (tr.end + pad).date().isoformat()} if tr else {}
    turn_rng = {"start": rng["start"]} if rng else {}  # a turn may mention it after the range
    op = plan.operation
    # a count also wants the undated events said in the range ("Short hike up Mount Philo",
    # written that day), which an upper bound leaves out: the search asks from the range's start
    # (the answer keeps the range, and says such an occurrence is only "on or before")
    search_rng = turn_rng if op in ("count", "latest") else rng
    pattern = grep_pattern(query)
    if op == "list" and tr is not None:
        calls += [("grep_events", {"pattern": ".", **rng}), ("grep_turns", {"pattern": ".", **rng})]
        calls += [
            ("search_events", {"query": question, "k": 50, **rng}),
            ("search_turns", {"query": question, "k": 50, **rng}),
        ]
    else:
        calls += [
            ("search_events", {"query": query, "k": 20, **search_rng}),
            ("search_turns", {"query": query, "k": 20, **turn_rng}),
        ]
        if pattern and op != "lookup":
            calls += [
                ("grep_events", {"pattern": pattern, **rng}),
                ("grep_turns", {"pattern": pattern, **turn_rng}),
            ]
    # a disabled tool's call is dropped (a list with vector tools only: its search calls cover the greps)
    chosen = [(name, args) for name, args in calls if name in enabled]
    return [ToolCall(id=f"rule_{n0 + i}", name=n, arguments=json.dumps(a)) for i, (n, a) in enumerate(chosen)]


# ------------------------------------------------------------------------------------------
# the pool of occurrences
# ------------------------------------------------------------------------------------------


def _rank_weight(rank: int) -> float:
    return 1.0 / (1.0 + rank / SEM_DECAY)


def _turn_key(e: EventHit) -> list[tuple[str, str, str]]:
    return [(e.namespace, e.session_id, t) for t in e.source_turn_ids]


@dataclass
class Pool:
    turns: dict[tuple[str, str, str], TurnHit] = field(default_factory=dict)
    events: dict[str, EventHit] = field(default_factory=dict)
    turn_sem: dict[tuple[str, str, str], float] = field(default_factory=dict)
    event_sem: dict[str, float] = field(default_factory=dict)
    # turns by (session, position): the retrieved ones and those around the best (for context)
    by_place: dict[tuple[str, int], TurnHit] = field(default_factory=dict)
    near: dict[tuple[str, str, str], TurnHit] = field(default_factory=dict)  # those around, by turn

    @classmethod
    def of(cls, records, seed: list[TurnHit], around: list[TurnHit] = ()) -> Pool:
        p = cls()
        for h in around:
            p.by_place[(h.session_key, h.turn_index)] = h
            p.near[(h.namespace, h.session_id, h.turn_id)] = h
        for r, h in enumerate(seed):
            p._add_turn(h, _rank_weight(r))
        for rec in records:
            if rec.error:
                continue
            ranked = rec.name.startswith("search")
            for r, h in enumerate(rec.results):
                w = _rank_weight(r) if ranked else 0.0
                if isinstance(h, EventHit):
                    p.events.setdefault(h.id, h)
                    p.event_sem[h.id] = max(p.event_sem.get(h.id, 0.0), w)
                else:
                    p._add_turn(h, w)
        return p

    def _add_turn(self, h: TurnHit, w: float) -> None:
        k = (h.namespace, h.session_id, h.turn_id)
        self.turns.setdefault(k, h)
        if h.session_key:
            self.by_place.setdefault((h.session_key, h.turn_index), h)
        self.turn_sem[k] = max(self.turn_sem.get(k, 0.0), w)

    def speakers(self) -> set[str]:
        """Who spoke (an event's subject may be anyone: "the dentist put on a crown")."""
        return {t.speaker for t in self.turns.values()}

    def turn_of(self, e: EventHit) -> TurnHit | None:
        return next((self.turns[k] for k in _turn_key(e) if k in self.turns), None)

    def context(self, t: TurnHit | None) -> str:
        """The turns (known here) around ``t`` in its session: what led up to it and what it
        went on to say."""
        if t is None or not t.session_key:
            return ""
        near = [self.by_place.get((t.session_key, t.turn_index + d)) for d in range(-CONTEXT_BEFORE, CONTEXT_AFTER + 1)]
        return "\n".join(h.text for h in near if h is not None and h is not t and h.role != "assistant")

    def occurrences(self, m: Matcher, *, since: Since = "") -> list[Occurrence]:
        """Every event and every turn (not the assistant's: it has no life to tell) as an
        occurrence; only the best-matching ``MAX_DATED`` turns are dated (a parse each)."""
        out: list[Occurrence] = []
        for e in self.events.values():
            turn = self.turn_of(e)
            if turn is not None and turn.role == "assistant":
                continue
            sem = max(
                [self.event_sem.get(e.id, 0.0)] + [self.turn_sem.get(k, 0.0) for k in _turn_key(e) if k in self.turns]
            )
            # its context: the rest of its own turn ("its for the great north run!! | 10th sept,
            # 12 weeks to go") and the turns around it
            own = turn or next((self.near[k] for k in _turn_key(e) if k in self.near), None)
            context = "\n".join(x for x in (own.text if own else e.evidence, self.context(own)) if x)
            out.append(event_occurrence(e, m, sem, turn, since=since, context=context))
        turns = [t for t in self.turns.values() if t.role != "assistant"]
        scored = [(m.match(t.text, t.speaker)[0], t) for t in turns]
        scored.sort(key=lambda x: -(x[0] + SEM_WEIGHT * self.turn_sem[(x[1].namespace, x[1].session_id, x[1].turn_id)]))
        for _, t in scored[:MAX_DATED]:
            sem = self.turn_sem[(t.namespace, t.session_id, t.turn_id)]
            out.append(turn_occurrence(t, m, sem, since=since, context=self.context(t)))
        return out


def score(o: Occurrence) -> float:
    return o.lex + SEM_WEIGHT * o.sem + (HEAD_BONUS if o.head else 0.0)


def in_range(o: Occurrence, plan: Plan, pad: timedelta = timedelta(0)) -> bool:
    tr = plan.time_range
    return tr is None or (o.start <= tr.end + pad and o.end >= tr.start - pad)


# ------------------------------------------------------------------------------------------
# words a person can read
# ------------------------------------------------------------------------------------------

_FIRST = re.compile(r"^(i|me|user|the user)$", re.I)


def _is_self(o: Occurrence) -> bool:
    """Said by the archive's owner ("I"): a user-role turn, or a speaker named "me"/"user"."""
    return o.role == "user" or bool(_FIRST.match(o.speaker.strip()))


def plain_event(o: Occurrence) -> str | None:
    """The event as a short clause: "you hiked Mount Mansfield", "Maria donated their old car".
    None for a dated mention that could not be parsed, or an event dated by another sentence
    of its turn (its excerpt says it better)."""
    e = o.event
    if e is None or getattr(e, "kind", "event") != "event" or not e.verb.strip():
        return None
    if e.start is None and o.dated and " … " in o.sentence:
        return None
    if e.start is not None and o.start != e.start:  # re-dated ("how long"): the quote says why
        return None
    subj = e.subject.strip()
    poss = re.match(r"^(\w+)'s\b\s*(.*)$", subj)
    mine = bool(poss) and _is_self(o) and bool(_FIRST.match(poss.group(1)) or poss.group(1) == o.speaker)
    if mine:
        subj = f"your {poss.group(2)}".strip()
    you = mine or (_is_self(o) and bool(_FIRST.match(subj) or subj == o.speaker))
    words = f"{e.verb} {e.object}".strip()
    if you:
        words = re.sub(r"\bmy\b", "your", words)
        words = re.sub(r"\bmyself\b", "yourself", words)
        words = re.sub(r"\b(me|I)\b", "you", words)
        if not mine:
            words = re.sub(r"^(is|was|has)\b", lambda m: {"is": "are", "was": "were", "has": "have"}[m.group(1)], words)
            subj = "you"
    else:
        words = re.sub(r"\bmy\b", "their", words)
        words = re.sub(r"\bmyself\b", "themselves", words)
    return f"{subj} {words}".strip()


def excerpt(o: Occurrence) -> str:
    s = " ".join(o.sentence.split()) or " ".join(o.text.split())
    if len(s) > EXCERPT_CHARS:
        s = s[: EXCERPT_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return s


def when_words(o: Occurrence, *, short: bool = False) -> str:
    """The occurrence's date at its granularity: "Friday 2026-11-13", "June 2023", "the week
    of 2023-05-29 – 2023-06-04"; an undated one as the bound it is."""
    s, e = o.start.date(), o.end.date()
    if not o.dated and o.news_since is not None and o.news_since.date() <= s:
        since = o.news_since.date()
        if short:
            return f"{s:%A} {s.isoformat()} (told as news)"
        if since == s:  # they had talked earlier that day: the day is known
            return f"{s:%A} {s.isoformat()} (told as news since you last talked that day)"
        return (
            f"between {since:%A} {since.isoformat()} and {s:%A} {s.isoformat()} (told as news then; no date was given)"
        )
    if not o.dated:
        if short:
            return f"{s:%A} {s.isoformat()} (the day it was mentioned)"
        return f"on or before {s:%A} {s.isoformat()} (the day it was mentioned; no date was given)"
    return span_words(s, e, o.granularity)


def span_words(s: date, e: date, gran: str) -> str:
    if s == e:
        return f"{s:%A} {s.isoformat()}"
    if gran == "month" and s.day == 1 and (e + timedelta(days=1)).day == 1 and s.month == e.month:
        return f"{MONTH_NAMES[s.month - 1]} {s.year}"
    if gran == "year" and (s.month, s.day, e.month, e.day) == (1, 1, 12, 31) and s.year == e.year:
        return str(s.year)
    if gran in ("week", "weekend"):
        return f"the {gran} of {s.isoformat()} – {e.isoformat()}"
    if gran in ("year", "fuzzy", "season", "quarter", "decade"):
        return f"around {s.isoformat()} – {e.isoformat()}"
    return f"{s.isoformat()} – {e.isoformat()}"


def where_words(o: Occurrence) -> str:
    where = f"session “{o.title}”" if o.title else f"session {o.session_id}"
    turn = ", ".join(t for t in o.turn_ids if len(t) <= 24)
    return f"{where}, said {o.said:%a} {o.said:%Y-%m-%d}" + (f", turn {turn}" if turn else "")


def describe(o: Occurrence, *, with_date: bool = True) -> str:
    """ "Friday 2026-11-13: you had a cleaning — “Dentist today for a cleaning.” (session …)"."""
    what = plain_event(o)
    quote = f"“{excerpt(o)}”"
    body = f"{what} — {quote}" if what else quote
    head = f"{when_words(o)}: " if with_date else ""
    return f"{head}{body} ({where_words(o)})"


def range_of(o: Occurrence) -> dict[str, str]:
    return {"start": o.start.date().isoformat(), "end": o.end.date().isoformat()}


def news_range(o: Occurrence) -> dict[str, str]:
    """The range a "when" answer gives: news told with no date ("lost two nil", "scored at fives
    btw!!") took place since the speakers last talked, so when that was only days before, the
    answer is those days, as its words say ("between Wednesday … and Friday …"); a longer gap
    leaves the day it was told, the likeliest for news."""
    s = o.start.date()
    if not o.dated and o.news_since is not None and o.news_since.date() < s:
        since = o.news_since.date()
        if (s - since).days < NEWS_WINDOW_DAYS:
            return {"start": since.isoformat(), "end": s.isoformat()}
    return range_of(o)


# ------------------------------------------------------------------------------------------
# choosing
# ------------------------------------------------------------------------------------------


def relevant(occs: list[Occurrence]) -> list[Occurrence]:
    """The occurrences about what was asked: enough of its words (or aliases), and near the best."""
    if not occs:
        return []
    best = max(o.lex for o in occs)
    floor = max(REL_MIN, REL_OF_BEST * best)
    return [o for o in occs if o.lex >= floor]


def _ongoing(o: Occurrence) -> bool:
    e = o.event
    return bool(e is not None and _ONGOING.match(e.verb)) or bool(re.search(r"\b(still|currently)\b", o.sentence, re.I))


def asks_start(question: str) -> bool:
    """ "When did Ana start learning the cello?", "…first watch…": the beginning is asked."""
    return bool(_ASKS_START.search(question))


_FOR_BEFORE = re.compile(r"\bfor\s+$", re.I)


def _booked_for(o: Occurrence) -> bool:
    """``o`` is dated by what a booking is for ("booked train tickets for | the 19th")."""
    if not o.dated or not o.phrase:
        return False
    at = o.sentence.lower().find(o.phrase.lower())
    return at > 0 and _FOR_BEFORE.search(o.sentence, max(0, at - 6), at) is not None


def _moved(o: Occurrence) -> bool:
    """``o`` is dated by the new date of something moved ("they moved the interview to | thursday",
    "Friday night instead"); not a move of house ("i moved to the city")."""
    if not o.dated or not o.phrase:
        return False
    at = o.sentence.lower().find(o.phrase.lower())
    return bool(_INSTEAD.search(o.sentence)) or (at >= 0 and moved_to(o.sentence, at))


def when_key(
    o: Occurrence,
    wants_plan: bool,
    lasting: bool = False,
    start: bool = False,
    calling_off: bool = False,
    now: datetime | None = None,
    other_deeds: frozenset[tuple[str, str]] = frozenset(),
    original: bool = False,
    arranging: bool = False,
    again: bool = False,
    superseded: frozenset[tuple[str, datetime]] = frozenset(),
    todo: frozenset[str] = frozenset(),
) -> float:
    """How well ``o`` answers a "when" question: its match, a date of its own, and the kind of
    occurrence asked — a plan (``wants_plan``), how long something has lasted (``lasting``: a
    phrase that says since when), when it started (``start``), or when it was called off
    (``calling_off``: then the telling of the cancellation is what is asked, not a lesser one).
    ``other_deeds``: the turns that tell another deed than the asked one (``other_deed_turns``):
    their own date is no claim to be the one asked. ``original``: the question asks when a plan
    was first meant to be, before it moved (``_ASKS_ORIGINAL``). ``arranging``: the question asks
    when something was booked or ordered (``_ARRANGING``): a date the booking is for ("booked
    train tickets for the 19th") is not the booking's. ``again``: the question asks when something
    resumed (``_ASKS_AGAIN``): a telling of a resumption is the answer. ``superseded``: plans whose
    date a later move replaced (``superseded_plans``), as (key, start). ``todo``: the bare forms
    of the asked verbs (``todo_words``): a sentence opening with one is a to-do, a plan."""
    tells_start = start and o.core and bool(_TELLS_START.search(o.sentence))  # a start of what was asked
    # asked when it started, a state dated the day it was told ("I'm still volunteering there")
    # bounds the start and no more: it is not dated for this question
    dated = o.dated and not (start and not tells_start and o.day == o.said.date() and _ongoing(o))
    # "we cancelled asheville": a calling off is told as news, so the day told dates it
    dated = dated or (calling_off and o.cancelled)
    dated = dated and not (other_deeds and any((o.session_id, t) in other_deeds for t in o.turn_ids))
    dated = dated and not (arranging and _booked_for(o))
    k = score(o) + (DATED_BONUS if dated else 0.0) - (0.0 if o.who else NOT_WHO_PENALTY)
    # "how long have I had it?" — "for 3 years now": a since-phrase of what was asked ("the power
    # is off since four" says nothing of WhatsApp); asked when something started, only an
    # event's whose head is an asked word ("shes known me for 4 years" matches "When did Keisha
    # start her job?" by her only, "Arjun's had a rash for a few days" "… first roll over?" by him)
    if lasting and o.core and (o.head or (o.event is None and not start)) and o.rule in SINCE_RULES:
        k += SINCE_BONUS
    if tells_start:  # "I started volunteering here a year ago"
        k += START_BONUS
    if again and o.core and _TELLS_AGAIN.search(o.sentence):  # "first run since the massage"
        k += START_BONUS
    if o.core and _moved(o):  # "demo is moved to thursday same time" — a move of what was asked
        k += -MOVED_BONUS if original else MOVED_BONUS
    if (o.key, o.start) in superseded:  # the date it was set for before it moved
        k -= MOVED_BONUS
    planned = o.planned or bool(todo and _told_as_todo(o, todo))
    if planned != wants_plan:
        # asked what was done, a planned occurrence whose day has since gone by most often took
        # place ("porks off the menu from tmrw" for "When was the pork taken off the menu?"): it
        # counts against it by half — an extracted one, whose date is its own clause's (a turn's
        # "ill be there at 7" may be another clause's than the words asked)
        gone_by = planned and o.event is not None and now is not None and o.end <= now
        k -= PLAN_PENALTY * (PAST_PLAN_SHARE if gone_by else 1.0)
    if o.cancelled:  # asked when it was called off, the telling of that is the answer
        k += PLAN_PENALTY if calling_off else -PLAN_PENALTY
    if o.asked:
        k -= 2 * PLAN_PENALTY
    return k


class WhenTerms(NamedTuple):
    """How ``when_key`` reads a question (asked at ``now``, among some occurrences)."""

    wants_plan: bool
    lasting: bool
    start: bool
    calling_off: bool
    now: datetime | None = None
    other_deeds: frozenset[tuple[str, str]] = frozenset()
    original: bool = False
    arranging: bool = False
    again: bool = False
    superseded: frozenset[tuple[str, datetime]] = frozenset()
    todo: frozenset[str] = frozenset()


# a verb form the question asks as its deed: not a light verb ("get", "see", "receive"), an
# auxiliary, a question word, a verb of coming to know ("find out", "hear", "learn": the news is
# its object), a word after a determiner ("his CRACKED tooth", "the SHOP"), nor a verb the deed
# governs: an infinitive ("… mentorship TO PROMOTE his venture") or the gerund of an aspect verb
# ("start LEARNING the cello": the start may be told as "my first lesson")
_NOT_DEEDS = QUESTION_WORDS | BE | HAVE | MODAL
_KNOWING = frozenset(stem(w) for w in ("find", "hear", "learn", "discover", "realize", "realise", "know", "notice"))
_GETTING = frozenset(stem(w) for w in ("receive",))
_ASPECT = frozenset(stem(w) for w in ("start", "begin", "stop", "keep", "quit", "finish", "continue", "resume"))
_BEFORE_NOUN = DETERMINERS | {"his", "its", "their", "her", "your"}
_DEED_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
_PARTICLES_AND_PREPS = PARTICLES | PREPOSITIONS
# what takes a noun phrase after it: "after the winter break", "during the school run"
_TAKES_NOUN = PREPOSITIONS | {"after", "before", "since", "until", "during", "over", "around"}
# an event verb that names no deed of its own (the clause did not parse, or a state)
_NO_DEED = frozenset(stem(w) for w in ("mention", "do", "be", "have", "get", "go"))


def asked_deeds(question: str) -> frozenset[str]:
    """The stems of the verbs ``question`` asks ("When were the trainers DELIVERED?" → deliver)."""
    return frozenset(lemma_stem(w) for w in _asked_deed_words(question))


# after do-support the asked verb is in its bare form ("When did Priya REPLY to …")
_DO_SUPPORT = re.compile(r"\b(?:did|does|do)\b", re.I)
# what may open a to-do before its verb: a list marker, then a softening or reminding word
_TODO_LEAD = re.compile(
    r"^\W*(?:\d+[.)]\s*)?(?:(?:actually|also|just|and|then|still|pls|please|must|remember to|don'?t forget to)\s+)*",
    re.I,
)


# a do-support question's subject when it is a name or a pronoun: the word after it is the
# asked verb in its bare form, known to the lexicon or not ("did Priya REPLY", "did you EMAIL")
_DO_SUBJECT_VERB = re.compile(r"\b(?:did|does|do)\s+(?:[A-Z][a-z]+(?:'s\s+\w+)?|I|you|he|she|we|they)\s+([a-z]+)\b")


def todo_words(question: str) -> frozenset[str]:
    """The bare forms of the verbs a do-support question asks ("When did she reply …" → reply):
    a sentence opening with one of them is an imperative, a to-do ("3. Actually reply to my
    manager's email"), not the telling of the deed done ("I finally replied to my manager")."""
    if not _DO_SUPPORT.search(question):
        return frozenset()
    after = _DO_SUBJECT_VERB.search(question)
    words = set(_asked_deed_words(question))
    if after and after.group(1) not in _NOT_DEEDS and not is_light(after.group(1)):
        words.add(after.group(1))
    return frozenset(words)


def _told_as_todo(o: Occurrence, bare: frozenset[str]) -> bool:
    """``o``'s sentence opens with a bare asked verb, and no past date of its own says it was
    done (a verb whose past is its bare form: "read it last night")."""
    if o.dated and o.day < o.said.date():
        return False
    first = _DEED_WORD.match(o.sentence[_TODO_LEAD.match(o.sentence).end() :])
    return first is not None and first.group(0).lower() in bare


def _asked_deed_words(question: str) -> list[str]:
    """The verbs ``question`` asks, as typed (lower case)."""
    words = _DEED_WORD.findall(question)
    out = []
    for i, w in enumerate(words):
        lw = w.lower()
        if lw in _NOT_DEEDS or is_light(lw) or not is_verbish(lw, after_aux=True):
            continue
        s = lemma_stem(lw)
        before = words[i - 1].lower() if i else ""
        if s in _KNOWING or s in _GETTING or before in _BEFORE_NOUN or before.endswith("'s") or before == "to":
            continue
        if lw.endswith("ing") and lemma_stem(before) in _ASPECT:
            continue
        if i >= 3 and words[i - 2].lower() in _BEFORE_NOUN and words[i - 3].lower() in _TAKES_NOUN:
            continue  # "… after the winter BREAK": the head of a noun phrase a preposition takes
        out.append(lw)
    return out


def _deed_of(e: EventHit) -> str | None:
    """The stem of the deed ``e``'s verb names ("looked at" → look), None when it names none;
    after "had"/"did" the noun its object opens with ("had the check out inspection at the old
    flat" → inspection, "did a 5k" → 5k): that verb is light, the noun names the deed."""
    words = [w for w in e.verb.lower().split() if w not in _PARTICLES_AND_PREPS]
    s = lemma_stem(words[0]) if words else ""
    if s in _LIGHT_DEEDS:
        return _object_head(e.object)
    return None if not s or s in _NO_DEED else s


# verbs whose object's noun names the deed: "had an interview", "did the school run"
_LIGHT_DEEDS = frozenset(stem(w) for w in ("have", "do"))
# what such a noun is when it says how a time went, not what was done: "had a great time"
_NO_HEAD = frozenset({"time", "day", "night", "week", "weekend", "blast", "fun", "lot", "bit", "go", "chance"})


def _object_head(obj: str) -> str | None:
    """The stem of the noun a determined object ends its first phrase on: "the check out
    inspection at the old flat" → inspection; None for an object with no determiner ("had
    fun", "had surgery": too bare to tell one deed from another) or a noun of how it went."""
    words = re.findall(r"[a-z0-9][a-z0-9'-]*", obj.lower())
    if not words or words[0] not in _BEFORE_NOUN:
        return None
    head = words[1:]
    cut = next((k for k, w in enumerate(head) if w in _PARTICLES_AND_PREPS or w in ("and", "but", "so")), len(head))
    head = head[:cut]
    if not head or head[-1] in _NO_HEAD:
        return None
    return lemma_stem(head[-1])


def other_deed_turns(occs: list[Occurrence], question: str, deeds: frozenset[str]) -> frozenset[tuple[str, str]]:
    """The turns (session, turn id) whose events each name a deed, none an asked one nor a word
    of the question ("met up" for "… meet up with her mentors"): such a turn tells another deed
    done to the asked thing ("just ordered new trainers" for "When were the trainers
    delivered?"), and its own date is no claim to be the one asked. None when no event says an
    asked deed (or another word for it): then it was told in other words."""
    asked = {lemma_stem(w) for w in _DEED_WORD.findall(question)}
    told: dict[tuple[str, str], bool] = {}
    said_deed = False
    for o in occs:
        e = o.event
        if e is None:
            continue
        says = says_any(o.sentence + " " + e.text, deeds)
        said_deed = said_deed or says
        d = _deed_of(e)
        tells = d is None or d in asked or says
        for tid in o.turn_ids:
            key = (o.session_id, tid)
            told[key] = told.get(key, False) or tells
    return frozenset(k for k, v in told.items() if not v) if said_deed else frozenset()


# "When did they call off the trip?", "… cancel the party", "… postpone the game": asked about
# the calling off itself ("drop out of college" is leaving, not calling off)
_ASKS_CALLING_OFF = re.compile(
    r"\b(?:cancel\w*|call(?:s|ed|ing)?\s+(?:\w+\s+){0,3}?off|postpon\w*|scrap(?:ped)?|back(?:ed)?\s+out)\b",
    re.I,
)


def superseded_plans(occs: list[Occurrence]) -> frozenset[tuple[str, datetime]]:
    """The plans a later move replaced: a move of a named thing ("they moved the interview to
    thursday") makes an earlier telling of a plan for it on another day ("video interview …
    next tuesday at 4") no longer the plan. As (key, start) of those occurrences."""
    out: set[tuple[str, datetime]] = set()
    for m in occs:
        if not (m.core and m.planned and _moved(m)):
            continue
        g = _MOVED_THING.search(m.sentence)
        if g is None:
            continue
        thing = re.compile(rf"\b{re.escape((g['a'] or g['b']).lower())}\b", re.I)
        for o in occs:
            if o.planned and o.dated and o.said < m.said and o.day != m.day and thing.search(o.sentence):
                out.add((o.key, o.start))
    return frozenset(out)


def _when_terms(question: str, now: datetime | None = None, occs: list[Occurrence] = ()) -> WhenTerms:
    original = bool(_ASKS_ORIGINAL.search(question))
    start = asks_start(question)
    deeds = asked_deeds(question)
    other = other_deed_turns(occs, question, deeds) if deeds else frozenset()
    return WhenTerms(
        asks_plan(question),
        bool(_HOW_LONG.search(question)) or start,
        start,
        bool(_ASKS_CALLING_OFF.search(question)),
        now,
        other,
        original,
        bool(deeds & _ARRANGING),
        bool(_ASKS_AGAIN.search(question)),
        frozenset() if original else superseded_plans(occs),
        todo_words(question),
    )


def _echoes(o: Occurrence, question: str) -> bool:
    """Dated only by the time phrase the question gives itself ("… drive to Dresden for Easter?"
    answered "for easter" when the same telling says "tomorrow"): it tells nothing new."""
    return bool(o.phrase) and o.phrase.lower() in question.lower()


def ranked_for_when(occs: list[Occurrence], question: str, now: datetime | None = None) -> list[Occurrence]:
    return _ranked(occs, question, _when_terms(question, now, occs))


def _ranked(occs: list[Occurrence], question: str, terms: WhenTerms) -> list[Occurrence]:
    return sorted(occs, key=lambda o: (-when_key(o, *terms), _echoes(o, question), o.said, o.event is None))


def choose_when(occs: list[Occurrence], question: str, now: datetime | None = None) -> Occurrence | None:
    if not occs:
        return None
    terms = _when_terms(question, now, occs)
    ranked = _ranked(occs, question, terms)
    best = ranked[0]
    if best.dated and terms.start:
        # a start is at or before its earliest telling: of those that match about as well, the earliest
        top = when_key(best, *terms)
        close = [best] + [o for o in relevant(ranked) if o.dated and when_key(o, *terms) >= top - START_TIE]
        return min(close, key=lambda o: o.start)
    if best.dated:
        return best
    # a dated telling of the same day agrees with a mention said that day ("moving on June 27"
    # said in June; "Moving day." written on the 27th): the dated one says it better
    agree = [o for o in relevant(occs) if o.dated and o.day == best.said.date() and _day_level(o)]
    if agree:
        return max(agree, key=lambda o: score(o))
    # the message right after the mention dates what it named ("kyle has an interview!!!" / "its
    # on tuesday"): the follow-up points back to it and gives its time
    # (not when the question asks when it was booked: the follow-up dates what was booked)
    arranged = bool(asked_deeds(question) & _ARRANGING)
    follow = [o for o in relevant(occs) if o.dated and not arranged and _follows_up(o, best)]
    if follow:
        return max(follow, key=lambda o: score(o))
    # only the day it was said: the earliest mention is the tightest "on or before"
    top = when_key(best, *terms)
    close = [o for o in ranked if not o.dated and when_key(o, *terms) >= top - 0.05]
    return min(close, key=lambda o: o.said)


# deeds that arrange an occasion ahead of it: the occasion's date is not theirs
_ARRANGING = frozenset(
    lemma_stem(w)
    for w in ("book", "register", "sign", "schedule", "reserve", "enrol", "enroll", "order", "apply", "buy")
)
# what opens a message that points back at the thing just named ("its on tuesday", "that's
# next friday")
_POINTS_BACK = re.compile(
    r"^\W*(?:(?:and|oh|ok|so|yeah|yes)\W+)*(?:it'?s|it\s+(?:is|was|'s)|that'?s|this\s+is)\b", re.I
)


def _follows_up(o: Occurrence, best: Occurrence) -> bool:
    """``o`` is one of the two messages right after ``best``'s in its session and points back at
    what ``best`` named (its sentence opens on "it's"/"that's", or its event's "it" was resolved)."""
    if o.session_id != best.session_id or o.turn_index is None or best.turn_index is None:
        return False
    if not 0 < o.turn_index - best.turn_index <= 2:
        return False
    e = o.event
    return bool(_POINTS_BACK.match(o.sentence)) or (e is not None and "[" in e.object)


def same_occurrence(a: Occurrence, b: Occurrence) -> bool:
    """Two tellings of one occurrence: the same day (a chat on Tuesday and a journal entry
    about the same visit), or one undated mention said the day the other happened."""
    return a.day == b.day


def distinct(occs: list[Occurrence]) -> list[list[Occurrence]]:
    """Occurrences grouped into distinct ones (by day), each group best first: an event dated
    by its own phrase, then the better match."""
    groups: list[list[Occurrence]] = []
    for o in sorted(occs, key=lambda o: (o.start, -score(o))):
        g = next((g for g in groups if same_occurrence(g[0], o)), None)
        if g is None:
            groups.append([o])
        else:
            g.append(o)
    for g in groups:
        g.sort(key=lambda o: (not o.dated, plain_event(o) is None, -score(o)))
    return groups


# ------------------------------------------------------------------------------------------
# the answers
# ------------------------------------------------------------------------------------------

_STAY = re.compile(r"^\s*when\s+(was|were)\s+\w+(\s+\w+)?\s+(in|at|staying|visiting|away|on)\b", re.I)
STAY_GAP_DAYS = 10  # mentions of one stay ("Lisbon tonight!", "Lisbon, day 4", "home from Lisbon")


def _what(m: Matcher, plan: Plan, q: str) -> str:
    what = ", ".join(m.words()) or q
    return what + (f" in {plan.time_range.display}" if plan.time_range else "")


def _nothing(m: Matcher, plan: Plan, q: str) -> Answer:
    return Answer(f"I found nothing in the archive about {_what(m, plan, q)}.")


def _elapsed(a: date, b: date) -> str:
    months = (b.year - a.year) * 12 + (b.month - a.month) - (b.day < a.day)
    if months < 1:
        return f"{(b - a).days} days"
    y, mo = divmod(months, 12)
    parts = ([f"{y} year{'s' if y != 1 else ''}"] if y else []) + (
        [f"{mo} month{'s' if mo != 1 else ''}"] if mo else []
    )
    return " ".join(parts)


def _ahead(o: Occurrence, now: datetime) -> bool:
    return o.start.date() >= now.date() and not (o.cancelled or o.asked)


def _told_ahead(o: Occurrence, now: datetime) -> Occurrence | None:
    """A turn about the thing that names a date after now ("Dentist this morning: a temporary
    crown. The permanent one should be ready in about three weeks."): the next one, dated by
    that phrase. Phrases in questions date nothing."""
    text = told(o.text)
    ahead = [
        sp for sp in _spans(text, o.said) if sp.start.date() >= now.date() and not _in_question(text, sp.start_char)
    ]
    if not ahead:
        return None
    sp = min(ahead, key=lambda sp: sp.start)
    return replace(
        o,
        start=sp.start,
        end=sp.end,
        granularity=sp.granularity,
        phrase=sp.text,
        dated=True,
        planned=True,
        rule=sp.rule,
        sentence=sentence_of(text, sp.start_char),
    )


def when_answer(q: str, plan: Plan, occs: list[Occurrence], now: datetime, m: Matcher) -> Answer:
    cands = [o for o in occs if in_range(o, plan, pad=WHEN_PAD)] or occs
    if _DURATION.search(q):
        return duration_answer(q, plan, cands, occs, m)
    lines = []
    # a question about what is coming wants the occurrence after now (a plan), when there is one
    upcoming = bool(_UPCOMING.search(q))
    if upcoming or asks_plan(q):
        rel = relevant(cands)
        ahead = [o for o in rel if _ahead(o, now)]
        if not ahead and upcoming:
            ahead = [a for o in rel if o.said <= now and (a := _told_ahead(o, now)) is not None]
        if ahead:
            cands = ahead
        elif upcoming:
            lines.append(f"I found nothing planned after now ({now:%Y-%m-%d}).")
            past = [o for o in rel if o.start <= now and o.dated and o.happened()]
            past = past or [o for o in rel if o.start <= now and not o.asked]
            if not past:
                return Answer(lines[0])
            last = max(past, key=lambda o: o.start).day
            cands = [o for o in past if o.day == last]
            lines.append("The most recent one before now:")
    best = choose_when(cands, q, now)
    if best is None:
        return Answer("")
    shown = {best.key}
    if not best.core:
        lines.append("Nothing I found says this in so many words; the closest match:")
    rng = news_range(best)
    stay = _stay(best, occs) if _STAY.search(q) else None
    if stay:
        first, last = stay[0], stay[-1]
        rng = {"start": first.start.date().isoformat(), "end": last.end.date().isoformat()}
        lines.append(
            f"From {span_words(first.start.date(), first.start.date(), 'day')} to "
            f"{span_words(last.end.date(), last.end.date(), 'day')}:"
        )
        lines += [f"- {describe(o)}" for o in stay]
    else:
        lines.append(describe(best) + ".")
    if best.planned and not stay:
        done = [o for o in relevant(occs) if o.day == best.day and o.happened() and o is not best]
        shown.update(o.key for o in done[:1])
        if done:
            lines.append(f"Said ahead of time; on the day: {describe(done[0], with_date=False)}.")
        elif best.start.date() <= now.date() and not asks_plan(q):
            lines.append("This was said as a plan; nothing I found says whether it happened.")
    if _HOW_LONG.search(q) and best.dated and best.start <= now:
        # "for 3 years" is a window around a point: count from its middle
        since = best.start + (best.end - best.start) / 2 if best.rule in SINCE_RULES else best.start
        lines.append(f"Since about {since:%B %Y}: {_elapsed(since.date(), now.date())} before now ({now:%Y-%m-%d}).")
    if not stay:
        rel = relevant(occs)
        also = [o for o in rel if o.day == best.day and o.session_id != best.session_id and o.key not in shown]
        also = [o for o in also if o.text not in {x.text for x in occs if x.key in shown}]
        if also:
            lines.append(f"Also told in {where_words(also[0])}: “{excerpt(also[0])}”")
        other: list[Occurrence] = []
        near = [o for o in occs if o.lex > 0 and o.lex >= OTHER_OF_BEST * best.lex]
        for o in ranked_for_when(near, q, now):
            if (
                o.dated
                and o.day != best.day
                and not o.asked
                and (o.day, o.text) not in {(x.day, x.text) for x in other}
            ):
                other.append(o)
        other = other[:2]
        if other:
            lines.append("Other mentions: " + "; ".join(describe(o) for o in other))
    return Answer("\n".join(lines), rng, [best.event] if best.event else [])


_VAGUE = frozenset({"week", "weekend", "month", "year", "season", "quarter", "decade", "fuzzy", "undated"})


def duration_answer(q: str, plan: Plan, cands: list[Occurrence], occs: list[Occurrence], m: Matcher) -> Answer:
    """How long something lasted: from the first to the last day it was told of (a stay told over
    several days, or one occurrence's own multi-day range), as a duration with its dates."""
    best = choose_when(cands, q)
    if best is None:
        return Answer("")
    # a trip is told in mentions of its place ("back from Lisbon"), not always with the word
    # "trip": a mention with the name the question gives (else its rarest word) belongs to it
    names = {stem(w.lower()) for w in plan.targets.entities}
    content = [t for t in m.terms if not (t.light or t.speaker)]
    key = min((t.weight for t in content if t.stem in names), default=0.0) or max(
        (t.weight for t in content), default=0.0
    )
    stay = _stay(best, occs, key / m.total if key else None) or [best]
    first, last = stay[0].start.date(), stay[-1].end.date()
    if not stay[-1].dated:  # only said that day: it went on at least until then
        last = stay[-1].start.date()
    if len(stay) == 1 and (not best.dated or best.granularity in _VAGUE):  # "in June": no days known
        last = first
    lines = []
    if last > first:
        days = (last - first).days
        lines.append(
            f"About {days} day{'s' if days != 1 else ''}: from {span_words(first, first, 'day')} "
            f"to {span_words(last, last, 'day')}."
        )
    else:
        known = when_words(best) if len(stay) == 1 and best.dated else span_words(first, first, "day")
        lines.append(f"Only one day is known ({known}), so I cannot say how long it lasted.")
    lines += [f"- {describe(o)}" for o in stay]
    rng = {"start": first.isoformat(), "end": last.isoformat()}
    return Answer("\n".join(lines), rng, [o.event for o in stay if o.event])


def _stay(best: Occurrence, occs: list[Occurrence], floor: float | None = None) -> list[Occurrence] | None:
    """A stay told over several days: the distinct days close to the best one, in order.
    ``floor``: the share of the asked words a mention needs (default: ``relevant``'s)."""
    pool = relevant(occs) if floor is None else [o for o in occs if o.lex >= floor]
    rel = [o for o in pool if (o.happened() or o.planned) and not o.cancelled and not o.asked]
    groups = [g[0] for g in distinct(rel)]
    if best.day not in {g.day for g in groups}:
        return None
    chain = [g for g in groups if g.day == best.day]
    for g in sorted(groups, key=lambda g: g.start):
        if any(abs((g.day - c.day).days) <= STAY_GAP_DAYS for c in chain) and g not in chain:
            chain.append(g)
    chain.sort(key=lambda g: g.start)
    return chain if len(chain) > 1 else None


def latest_answer(q: str, plan: Plan, occs: list[Occurrence], now: datetime, m: Matcher) -> Answer:
    rel = [o for o in relevant([o for o in occs if told_of(o)]) if in_range(o, plan)]
    done = [o for o in rel if o.happened() and o.start <= now] or [o for o in rel if not o.asked]
    if not done:
        return when_answer(q, plan, occs, now, m)
    groups = distinct(done)
    last = groups[-1][0]
    lines = [f"The most recent: {describe(last)}."]
    if len(groups) > 1:
        before = "; ".join(when_words(g[0], short=True) for g in reversed(groups[-4:-1]))
        lines.append(f"Before that: {before}.")
    return Answer("\n".join(lines), range_of(last), [last.event] if last.event else [])


def _day_level(o: Occurrence) -> bool:
    return not o.dated or o.granularity in ("day", "part_of_day", "instant") or (o.end - o.start).days < 1


def told_of(o: Occurrence) -> bool:
    """An occurrence someone told: an event, or a turn dated by its own time phrase (a turn with
    neither only mentions the thing: "the beach really inspired you"), of the person asked about."""
    return o.who and (o.event is not None or o.dated)


def count_answer(q: str, plan: Plan, occs: list[Occurrence], now: datetime, m: Matcher) -> Answer:
    occs = [o for o in occs if told_of(o)]
    rel = [o for o in relevant(occs) if in_range(o, plan) and not o.asked and not o.habitual and o.start <= now]
    day = [o for o in rel if _day_level(o)]
    wide = [o for o in rel if not _day_level(o)]
    groups = distinct(day)
    # a week-wide "last week I went hiking" is one more occurrence unless a dated one lies in it
    for o in wide:
        if not any(o.start <= g[0].start <= o.end for g in groups):
            groups.append([o])
    counted, left = [], []
    for g in sorted(groups, key=lambda g: g[0].start):
        if any(o.cancelled for o in g):
            left.append((g, "called off"))
        elif not any(o.happened() for o in g):
            left.append((g, "only said as a plan"))
        else:
            counted.append([o for o in g if o.happened()] + [o for o in g if not o.happened()])
    n = len(counted)
    lines = [f"{n} time{'s' if n != 1 else ''} ({_what(m, plan, q)}), counting distinct occurrences:"]
    for g in counted:
        o = g[0]
        others = sorted({where_words(x) for x in g[1:] if x.session_id != o.session_id})
        line = f"- {describe(o)}"
        if others:
            line += f"; also told in {others[0]}"
        lines.append(line)
    for g, why in left:
        if g[0].dated:  # a plan for no particular day is not an occurrence at all
            lines.append(f"Not counted ({why}): {describe(g[0])}")
    rng = None
    if plan.time_range:
        rng = {"start": plan.time_range.start.date().isoformat(), "end": plan.time_range.end.date().isoformat()}
    return Answer("\n".join(lines), rng, [g[0].event for g in counted if g[0].event])


def list_answer(q: str, plan: Plan, occs: list[Occurrence], m: Matcher) -> Answer:
    tr = plan.time_range
    # events, and turns that date something themselves (a turn with neither is talk, not a doing)
    # dated ones only: an undated event is not known to lie in the period (it is "on or before")
    pool = [o for o in occs if in_range(o, plan) and not (o.asked or o.planned) and o.dated and _day_level(o)]
    pool = [o for o in pool if told_of(o)]
    if m.terms and pool and max(o.lex for o in pool) > 0:
        pool = relevant(pool)
    groups = distinct(pool)
    lines = [f"In {tr.display if tr else 'that period'}:"]
    used: list[EventHit] = []
    for g in groups:
        shown = [g[0]]
        for o in g[1:]:  # other things that day (not the same one retold)
            if len(shown) < 3 and all(_distinct_things(o, s) for s in shown):
                shown.append(o)
        lines.append(f"- {when_words(g[0])}: " + "; ".join(describe(o, with_date=False) for o in shown))
        used += [o.event for o in shown if o.event]
    if len(lines) == 1:
        lines.append("nothing found in the archive.")
    rng = {"start": tr.start.date().isoformat(), "end": tr.end.date().isoformat()} if tr else None
    return Answer("\n".join(lines), rng, used)


def _distinct_things(a: Occurrence, b: Occurrence) -> bool:
    """Not the same thing told twice: their words overlap by less than half."""
    wa = {s for s, _ in _toks(plain_event(a) or a.sentence)}
    wb = {s for s, _ in _toks(plain_event(b) or b.sentence)}
    if not wa or not wb:
        return True
    return len(wa & wb) / min(len(wa), len(wb)) < 0.5


def _toks(text: str):
    from chronos_cli.ask.occurrences import tokens

    return [(s, p) for s, p in tokens(text) if len(s) > 2]


def lookup_answer(q: str, plan: Plan, occs: list[Occurrence]) -> Answer:
    turns = sorted((o for o in occs if o.event is None), key=lambda o: -score(o))[:3]
    events = sorted((o for o in occs if o.event is not None and o.lex > 0), key=lambda o: -score(o))[:2]
    if not turns and not events:
        return Answer("I found nothing in the archive about this.")
    lines = ["The most relevant evidence:"]
    for o in turns:
        text = " ".join(o.text.split())
        if len(text) > 300:
            text = text[:299].rsplit(" ", 1)[0] + "…"
        lines.append(f"- {o.said:%a} {o.said:%Y-%m-%d}, {o.speaker}: “{text}” ({where_words(o)})")
    for o in events:
        lines.append(f"- {describe(o)}")
    return Answer("\n".join(lines), None, [o.event for o in events if o.event])


def answer_one(
    q: str, plan: Plan, records, seed: list[TurnHit], now: datetime, op: str, *, around: list[TurnHit] = ()
) -> Answer:
    """``around``: the seed's turns with those around them (what led up to a turn is its context)."""
    pool = Pool.of(records, seed, around)
    m = Matcher(plan, q, pool.speakers())
    m.weigh_by_rarity([t.text for t in pool.turns.values()])
    # "how long have I had it?" is dated by a phrase that says since when; "how long did it last?" is not
    since: Since = ""
    if op == "when" and not _DURATION.search(q):
        since = "turn" if _HOW_LONG.search(q) else "sentence" if asks_start(q) else ""
    occs = pool.occurrences(m, since=since)
    if op == "list":
        return list_answer(q, plan, occs, m)
    if op not in ("when", "latest", "count", "compare"):
        return lookup_answer(q, plan, occs)
    if not occs:
        return _nothing(m, plan, q)
    if op == "count":
        return count_answer(q, plan, occs, now, m)
    if op == "latest":
        return latest_answer(q, plan, occs, now, m)
    if op == "compare":
        return when_answer(q, plan, compared_pool(occs), now, m)
    return when_answer(q, plan, occs, now, m)


def compared_pool(occs: list[Occurrence]) -> list[Occurrence]:
    """What a comparison dates an item by: its occurrences dated to a day that took place — not a
    wide range or an ongoing state ("my first hike since October" says nothing of when a hike
    was); failing those, any dated one, then any."""
    day = [o for o in occs if o.dated and _day_level(o) and o.rule not in SINCE_RULES and o.happened()]
    if day and max(o.lex for o in day) >= REL_OF_BEST * max(o.lex for o in occs):
        return day
    return [o for o in occs if o.dated and o.rule not in SINCE_RULES] or occs


# ------------------------------------------------------------------------------------------
# compare
# ------------------------------------------------------------------------------------------

_COMPARE_LEAD = re.compile(r"^.*?\b(first|earlier|later|before|after)\b[,:]?\s*", re.I)


def compare_items(question: str) -> list[str]:
    q = question.rstrip("?").strip()
    tail = _COMPARE_LEAD.sub("", q, count=1) if _COMPARE_LEAD.search(q) else q
    parts = re.split(r"\s*,?\s+\bor\b\s+|\s+\bvs\.?\s+|\s+\bversus\b\s+", tail)
    parts = [re.sub(r"^(the|my|a|an)\s+", "", p.strip(" ,."), flags=re.I) for p in parts if p.strip(" ,.")]
    if len(parts) < 2:  # "How many days between X and Y?"
        m = re.search(r"\bbetween\s+(.+?)\s+and\s+(.+)$", q, re.I)
        if m:
            parts = [re.sub(r"^(the|my|a|an)\s+", "", p.strip(" ,."), flags=re.I) for p in m.groups()]
    if len(parts) < 2:  # "Did X happen before Y?"
        m = re.match(r"^\s*(?:did|was|were|had|has|is)\s+(.*?)\s+\b(?:before|after)\b\s+(.*)$", q, re.I)
        parts = [m.group(1), m.group(2)] if m else []
    return parts if len(parts) >= 2 else []


def item_plan(item: str, plan: Plan) -> Plan:
    words = content_words(item)
    # "compare": answered as a "when" over the item's dated occurrences (``compared_pool``)
    return plan.model_copy(update={"targets": Targets(attributes=[w.lower() for w in words]), "operation": "compare"})


def compare_answer(items: list[tuple[str, Answer]]) -> Answer:
    dated = [(it, a) for it, a in items if a.answer_range]
    lines = [f"- {it}: {a.text}" for it, a in items]
    if len(dated) >= 2:
        dated.sort(key=lambda x: x[1].answer_range["start"])
        (i0, a0), (i1, a1) = dated[0], dated[1]
        if a0.answer_range["start"] == a1.answer_range["start"]:
            head = f"{i0} and {i1} were on the same day ({a0.answer_range['start']})."
        else:
            head = f"{i0} came first ({a0.answer_range['start']}), then {i1} ({a1.answer_range['start']})."
        lines.insert(0, head)
    return Answer(
        "\n".join(lines),
        dated[0][1].answer_range if dated else None,
        [e for _, a in items for e in a.events],
    )
