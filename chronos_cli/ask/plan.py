"""PLAN (dynamic prompting): 1–5 bullets for the agent plus a structured ``Plan``.

With a planner model the meta-prompt ``prompts/plan.vN.md`` asks for the bullets, the
targets, the time PHRASE (never dates) and the operation; the temporal engine resolves the
phrase against ``now``. Offline, ``rule_plan`` fills the same structure from cue words.
"""

from __future__ import annotations

import functools
import re
from datetime import datetime
from typing import TYPE_CHECKING, Literal, get_args

import snowballstemmer
from pydantic import BaseModel, Field, field_validator

if TYPE_CHECKING:
    from chronos_cli.providers.client import LLM

# the last three come from the planner model only (the rule planner never produces them): kinds of
# question that cue words cannot tell apart reliably
Operation = Literal[
    "lookup",
    "when",
    "count",
    "latest",
    "list",
    "compare",
    "multi-hop",
    "knowledge-update",
    "preference",
    "abstention",
]
OPERATIONS: tuple[str, ...] = get_args(Operation)
MAX_BULLETS = 5
PLAN_PROMPT_VERSION = 2  # prompts/plan.v2.md

# question scaffolding: interrogatives, auxiliaries, pronouns and quantity phrasing that say
# what kind of answer is wanted, not what it is about (LanceDB's FTS already drops the
# classic English stop words — a, the, of, is, ... — but not these)
QUESTION_WORDS = frozenset(
    [
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "whose",
        "why",
        "how",
        "do",
        "does",
        "did",
        "done",
        "doing",
        "have",
        "has",
        "had",
        "having",
        "be",
        "is",
        "am",
        "are",
        "was",
        "were",
        "been",
        "being",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "may",
        "might",
        "must",
        "i",
        "me",
        "my",
        "mine",
        "myself",
        "we",
        "us",
        "our",
        "ours",
        "you",
        "your",
        "yours",
        "he",
        "him",
        "his",
        "she",
        "her",
        "hers",
        "they",
        "them",
        "their",
        "theirs",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "many",
        "much",
        "often",
        "times",
        "ever",
        "any",
        "anything",
        "something",
        "kind",
        "sort",
        "type",
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "about",
        "as",
    ]
)
# the planner's stop words: the question words plus words that never name what a question is
# about (time words, fillers, reporting verbs)
STOP = set(QUESTION_WORDS) | {
    "but",
    "if",
    "into",
    "over",
    "after",
    "before",
    "up",
    "down",
    "out",
    "off",
    "than",
    "then",
    "so",
    "too",
    "very",
    "time",
    "number",
    "just",
    "also",
    "some",
    "all",
    "each",
    "not",
    "no",
    "yes",
    "get",
    "got",
    "go",
    "went",
    "gone",
    "going",
    "come",
    "came",
    "say",
    "said",
    "tell",
    "told",
    "ask",
    "asked",
    "last",
    "first",
    "latest",
    "recent",
    "recently",
    "most",
    "currently",
    "current",
    "list",
    "thing",
    "things",
    "again",
    "ago",
    "long",
    "one",
    "ones",
    "during",
    "since",
    "until",
    "till",
    "while",
}

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-]*")
_STEMMER = snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The English (Porter2) Snowball stem, lower case: hiking/hiked/hikes → hike,
    volunteering/volunteer → volunt, party → parti (never "part")."""
    w = word.lower().strip("'-")
    if w.endswith("'s"):
        w = w[:-2]
    return _STEMMER.stemWord(w)


def content_words(text: str) -> list[str]:
    out: list[str] = []
    for w in _WORD.findall(text):
        if w.lower() in STOP or len(w) < 2:
            continue
        if w not in out:
            out.append(w)
    return out


def stems_of(text: str) -> set[str]:
    return {stem(w) for w in content_words(text)}


class Targets(BaseModel):
    entities: list[str] = Field(default_factory=list)  # names: people, places, things
    attributes: list[str] = Field(default_factory=list)  # what is asked about them

    def words(self) -> list[str]:
        return [*self.entities, *self.attributes]


class TimeRange(BaseModel):
    phrase: str
    start: datetime
    end: datetime
    granularity: str
    display: str


class Plan(BaseModel):
    bullets: list[str] = Field(default_factory=list)
    targets: Targets = Field(default_factory=Targets)
    time_phrase: str | None = None
    time_range: TimeRange | None = None
    operation: Operation = "lookup"
    hops: list[str] = Field(default_factory=list)
    source: str = "rules"  # "rules" or the planner model's name
    error: str | None = None  # the planner failed and the rule plan stood in

    def query(self) -> str:
        return " ".join(self.targets.words())


class PlanDraft(BaseModel):
    """What the planner model returns (dates are the temporal engine's job, not the model's)."""

    bullets: list[str] = Field(min_length=1, max_length=MAX_BULLETS)
    entities: list[str] = Field(default_factory=list)
    attributes: list[str] = Field(default_factory=list)
    time_phrase: str | None = None
    operation: Operation = "lookup"
    hops: list[str] = Field(default_factory=list)

    @field_validator("bullets", mode="before")
    @classmethod
    def _first_bullets(cls, v):
        """A sixth bullet is cut, not a reason for a repair call (the first five are the plan);
        blank ones are dropped."""
        if isinstance(v, list):
            v = [b for b in v if not (isinstance(b, str) and not b.strip())][:MAX_BULLETS]
        return v


# ------------------------------------------------------------------------------------------
# time range
# ------------------------------------------------------------------------------------------


def resolve_range(text: str | None, now: datetime):
    """(TimeRange | None, spans) for the first time expression in ``text``."""
    if not text:
        return None, []
    from chronos_cli.temporal import resolve

    spans = resolve(text, now)
    if not spans:
        return None, []
    s = spans[0]
    return TimeRange(phrase=s.text, start=s.start, end=s.end, granularity=s.granularity, display=s.display()), spans


# ------------------------------------------------------------------------------------------
# rule planner
# ------------------------------------------------------------------------------------------

_COUNT = re.compile(r"\b(how many|how often|number of times|count)\b", re.I)
# a comparison names two things and asks for their order; a "when … after X?" question asks for
# one date (the "after" clause only says which occurrence), so only yes/no questions with
# before/after compare
_COMPARE = re.compile(
    r"\b(which (came|happened|was|were) (first|earlier|later)|which (one )?(came|happened) first"
    r"|first,|first:|before or after|earlier or later|which came)\b"
    r"|^\s*(did|was|were|had|has|is)\b.*\b(before|after)\b.*\?",
    re.I,
)
_LATEST = re.compile(
    r"\b(last time|most recent(ly)?|latest|currently|these days|nowadays|still)\b"
    r"|\blast\b(?!\s+(week|weekend|month|year|night|spring|summer|fall|autumn|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d))",
    re.I,
)
_WHEN = re.compile(
    r"\b(when|(what|which) (date|day|week|weekend|month|year|season|time)|how long ago|how long|since when)\b",
    re.I,
)
_LIST = re.compile(
    r"\b(what did (i|we|\w+) do|what have (i|we) (done|been doing)|list|which \w+( \w+)? did|what \w+ did (i|we))\b",
    re.I,
)
# the time phrase is what a preparation was for ("book her ticket home for Christmas", "buy the
# tickets for the 19th"), not its time; a visit "for Thanksgiving" is at it
_FOR_AN_OCCASION = re.compile(
    r"\b(?:book|reserv|buy|bought|order|purchas|sign(?:ed|ing|s)?\s+up|regist|enrol|schedul|arrang|prepar|pack)\w*"
    r"\b[^?.!]*\bfor\s+(?:the\s+|this\s+|next\s+|her\s+|his\s+|their\s+|our\s+|my\s+)?$",
    re.I,
)
_HOP_SPLIT = re.compile(r",?\s+and\s+(?=(when|what|how|which|who|where|did|was)\b)", re.I)


# "how many days between X and Y / since X" asks for date arithmetic, not for a count: the dates
# of the things named (a comparison when two are named)
_ELAPSED = re.compile(r"\bhow many (minutes|hours|days|weeks|months|years)\b", re.I)
_BETWEEN = re.compile(r"\bbetween\b.+\band\b", re.I)
# "how many children does she have?" asks what is so, not how often something happened
_HOW_MANY_HAVE = re.compile(r"\bhow many\b(?!\s+times).*\b(does|do|did)\b.*\b(have|own)\b", re.I)
# "how long did the trip last?": "last" is the verb (how long it went on), not "the last time"
_LAST_VERB = re.compile(r"\bhow long\b(?! ago).*\blast(s|ed)?(\s+for)?\s*\??\s*$", re.I)


def rule_operation(question: str, has_range: bool) -> Operation:
    q = question.strip()
    if _ELAPSED.search(q):
        return "compare" if _BETWEEN.search(q) else "when"
    if _COUNT.search(q) and not _HOW_MANY_HAVE.search(q):
        return "count"
    if _COMPARE.search(q):
        return "compare"
    if _LAST_VERB.search(q):
        return "when"
    if _LATEST.search(q):
        return "latest"
    if _WHEN.search(q):
        return "when"
    if _LIST.search(q) and has_range:
        return "list"
    return "lookup"


# words that say what kind of answer is wanted (a date, a plan, something said), not what the
# question is about: "What month did Ana plan to visit the aquarium?" is about Ana's aquarium visit
_ANSWER_KIND = {
    "date",
    "day",
    "week",
    "weekend",
    "month",
    "year",
    "season",
    "plan",
    "plans",
    "planning",
    "planned",
    "mention",
    "mentioned",
    # "my NEXT appointment": which one is wanted (the one after now), not a word it is told in
    "next",
    "upcoming",
}


_PLAN_WORDS = {"plan", "plans", "planning", "planned"}
_VERB_USE = re.compile(r"\s+(to|on)\b", re.I)


# a verb of learning news before what was learnt ("When did Kieran FIND OUT he got the flat?"): the
# news is the target, and the day it was told is the answer; "found the photos" is not it
_NEWS_FRAME = re.compile(
    r"\b(?:(?:find|finds|found|finding)\s+out|(?:hear|hears|heard|learn|learns|learned|learnt)\s+(?:about|that)"
    r"|(?:realize|realise)[sd]?\s+that)\b",
    re.I,
)


def _targets(question: str, spans) -> Targets:
    text = question
    for s in sorted(spans, key=lambda s: -s.start_char):  # blank out time phrases
        text = text[: s.start_char] + " " * (s.end_char - s.start_char) + text[s.end_char :]
    text = _NEWS_FRAME.sub(lambda m: " " * len(m.group(0)), text)
    entities, attributes = [], []
    first = True
    for m in _WORD.finditer(text):
        w = m.group(0)
        if w.lower().endswith("'s"):
            w = w[:-2]
        is_first, first = first, False
        if w.lower() in STOP or len(w) < 2:
            continue
        # "plan TO visit", "what month": the kind of answer; "my training plan": the thing itself
        if w.lower() in _ANSWER_KIND and (w.lower() not in _PLAN_WORDS or _VERB_USE.match(text, m.end())):
            continue
        if w[0].isupper() and not is_first:
            entities.append(w)
        else:
            attributes.append(w.lower())
    # merge adjacent capitalised words ("Mount Monadnock") is left to the search: words suffice
    return Targets(entities=list(dict.fromkeys(entities)), attributes=list(dict.fromkeys(attributes)))


def _bullets(op: str, targets: Targets, tr: TimeRange | None, hops: list[str]) -> list[str]:
    what = ", ".join(targets.words()) or "the subject of the question"
    when = f" between {tr.start.date()} and {tr.end.date()} ({tr.phrase})" if tr else ""
    b = {
        "when": [
            f"Find the event about {what}{when}.",
            'Report its date at its granularity, computed from the session date when the turn is relative ("yesterday", "last week").',
        ],
        "count": [
            f"Find every distinct occurrence of {what}{when}.",
            "Count distinct events: the same thing mentioned twice on one day counts once; plans that were cancelled do not count.",
        ],
        "list": [
            f"List the events{when}, by date.",
            "Use the event calendar with the date filter, then check turns for anything it missed.",
        ],
        "latest": [
            f"Find every mention of {what}{when} and keep the most recent one.",
            "Prefer the date the event happened over the date it was mentioned.",
        ],
        "compare": [f"Find the dates of each thing compared ({what}).", "Answer which came first, citing both dates."],
        "multi-hop": [f"Answer each part separately: {'; '.join(hops)}", "Then combine the parts."],
        "lookup": [f"Find the turns about {what}{when}.", "Quote the evidence with its session date."],
    }[op]
    return [*b, "Cite sessions and dates."][:5]


def rule_plan(question: str, now: datetime, *, dynamic: bool = True) -> Plan:
    from chronos_cli.temporal.resolve import attributive_holiday

    tr, spans = resolve_range(question, now)
    hops = [
        h.strip(" ,?") + "?"
        for h in _HOP_SPLIT.split(question)
        if h and not re.fullmatch(r"(when|what|how|which|who|where|did|was)", h.strip(), re.I)
    ]
    hops = hops if len(hops) > 1 else []
    op: Operation = "multi-hop" if hops else rule_operation(question, tr is not None)
    if op == "when" and tr is not None and _FOR_AN_OCCASION.search(question[: spans[0].start_char]):
        # "When did Kayla book her train ticket home for Christmas?": what a deed is for is ahead
        # of it, no window for the deed itself
        tr = None
    if tr is not None and attributive_holiday(spans[0], question):
        # "When did Denise do her Christmas baking?", "How many Christmas parties?": the holiday
        # names a kind of thing, not the day it was done: a word to find, not a window
        tr, spans = None, spans[1:]
    if not dynamic:
        op = "lookup"
    targets = _targets(question, spans)
    return Plan(
        bullets=_bullets(op, targets, tr, hops) if dynamic else [],
        targets=targets,
        time_phrase=tr.phrase if tr else None,
        time_range=tr,
        operation=op,
        hops=hops if dynamic else [],
        source="rules",
    )


# words that stand for something said before ("and when was the last one?")
_ANAPHORA = {"one", "ones", "it", "that", "them", "there", "then"}


def hop_plans(hops: list[str], now: datetime) -> list[tuple[str, Plan]]:
    """A rule plan per part of a multi-part question. A part that names nothing of its own
    ("…, and when was the last one?", "…, and what was my time?") is about what the part
    before it named: it takes that part's targets, and its time range when it has none."""
    out: list[tuple[str, Plan]] = []
    for h in hops:
        p = rule_plan(h, now)
        own = [w for w in p.targets.words() if w.lower() not in _ANAPHORA]
        if out and not own:
            prev = out[-1][1]
            p = p.model_copy(update={"targets": prev.targets.model_copy(deep=True)})
            if p.time_range is None and prev.time_range is not None:
                p = p.model_copy(update={"time_range": prev.time_range, "time_phrase": prev.time_phrase})
        out.append((h, p))
    return out


# ------------------------------------------------------------------------------------------
# model planner
# ------------------------------------------------------------------------------------------


def model_plan(llm: LLM, question: str, now: datetime, *, events: bool = True, dates: bool = True) -> Plan:
    """Ask the planner model; on an unusable reply fall back to the rule plan (error kept).
    ``events``/``dates`` False (``--turns-only``/``--no-date-filter``): the prompt describes no
    event calendar / no date filters."""
    from chronos_cli.prompts import load_prompt
    from chronos_cli.providers.errors import LLMError
    from chronos_cli.providers.structured import structured

    prompt = load_prompt("plan", version=PLAN_PROMPT_VERSION)
    system = prompt.render(
        now=now.strftime("%Y-%m-%d %H:%M (%A)"), operations=", ".join(OPERATIONS), events=events, dates=dates
    )
    messages = [{"role": "system", "content": system}, {"role": "user", "content": question}]
    try:
        draft = structured(llm, messages, PlanDraft, prompt_version=prompt.version)
    except LLMError as e:
        plan = rule_plan(question, now)
        plan.error = str(e)
        return plan
    tr, _ = resolve_range(draft.time_phrase, now)
    if draft.time_phrase and tr is None:  # the phrase alone did not resolve: try it in the question
        tr, _ = resolve_range(question, now)
    return Plan(
        bullets=draft.bullets,
        targets=Targets(entities=draft.entities, attributes=draft.attributes),
        time_phrase=draft.time_phrase,
        time_range=tr,
        operation=draft.operation,
        hops=draft.hops,
        source=getattr(llm, "name", "model"),
    )
