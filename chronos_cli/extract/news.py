"""News since the last talk: a past deed told with no time between people who talk often.

People who talk at least weekly tell each other what happened since: English gives an older deed
a time ("back in 2019", "when I was a kid") and leaves news without one ("guess what. i bought a
bike!!"). Such a deed is dated from the speakers' last talk to the day it was told
(``time_source`` "news") instead of being left undated — but not when it was told to an assistant
(a user's "I visited Japan" in a request for advice may be years old), after a longer silence, or
in a sentence that says it is older (``background``). Both extractors use it: the rule extractor
for a clause in the simple past or a perfect of a result ("we've booked Madeira"), the LLM
extractor for an untimed event whose verb is told so (``told_in_past``).
"""

from __future__ import annotations

import re
from datetime import datetime

from chronos_cli.clock import wall
from chronos_cli.extract import lexicon as L
from chronos_cli.extract.occurrence import is_remote
from chronos_cli.extract.words import is_past, lemma
from chronos_cli.models import Event, Session, _people

# after a longer silence a deed told with no time may be older news: it stays undated
NEWS_MAX_DAYS = 7

# "I went to Paris once": at some time, not lately
_ONCE = re.compile(r"(?i)\b(?:" + "|".join(sorted(L.REMOTE)) + r")\b")
# a deed that lasted months or years is a part of a life, not news: "I taught for 32 years"
_LASTED = re.compile(
    r"(?i)\bfor\s+(?:\d+|a|an|a few|a couple(?: of)?|several|many|some|two|three|four|five|ten|twenty)\s+"
    r"(?:years?|yrs?|decades?|months?)\b"
)
# a clause that sets the time of another in its sentence ("… when we went on a hiking trip",
# "last time we saw each other, …"), or gives the reason for a state ("I've been one 'cause I
# lost my job"), or what followed has lasted since ("I opened a store and it's been great")
_TIMED_BY_CLAUSE = re.compile(
    r"(?i)\b(?:when|while|after|before|since|until|till|as soon as|(?:the )?(?:last|first|other) time|"
    r"because|'?cause|cuz)\s+(?:i|we|he|she|they|you|u|my|our|his|her|their|the|(?-i:[A-Z][a-z]+))\b"
    r"|\b(?:it|that|they|this)(?:'s| has| have|'ve) been\b"
)


# a present perfect that reports a result is news too ("we've booked Madeira!", "I have started
# on a rocking horse"); not one of experience or state ("I've been to Paris", "I've got a dog",
# "I've made strong connections there")
RESULT_VERBS = {
    "book", "start", "finish", "complete", "sign", "buy", "adopt", "sell", "pass", "win", "submit", "apply",
    "order", "join", "quit", "fix", "decide", "register", "enrol", "enroll", "schedule", "move", "launch",
    "publish", "graduate", "propose", "hire", "accept",
}  # fmt: skip


def result_perfect(verb: str) -> bool:
    """ "has booked", "have started on": a present perfect of a result verb, with no "been",
    "ever", "never", "always" or "already"."""
    words = verb.lower().split()
    if (
        len(words) < 2
        or words[0] not in ("has", "have", "'ve")
        or {"been", "ever", "never", "always", "already"} & set(words)
    ):
        return False
    return lemma(words[1]) in RESULT_VERBS


# -ed words that are adjectives, not a deed: "excited about", "interested in", "tired of"
_ED_ADJECTIVES = {
    "excited", "interested", "tired", "scared", "bored", "worried", "pleased", "thrilled", "stressed",
    "obsessed", "concerned", "confused", "amazed", "surprised", "blessed", "relaxed", "determined", "used",
}  # fmt: skip


def told_in_past(verb: str) -> bool:
    """A verb as a model gives it tells a past deed: the simple past ("bought", "signed up for")
    or a perfect of a result ("has booked"); not a thought, a wish or a feeling ("wanted to
    visit", "loved", "thought about", "excited about"), a state or a plan ("has been", "will
    visit", "works at")."""
    if result_perfect(verb):
        return True
    words = verb.lower().split()
    if not words or not is_past(words[0]) or words[0] in ("had", "was", "were", "did") or words[0] in _ED_ADJECTIVES:
        return False
    return lemma(words[0]) not in L.MENTAL and words[1:2] != ["to"]


def background(sentence: str) -> bool:
    """The sentence says its deed is older than news: remote ("once", "as a kid"), timed by
    another clause or remembered ("I met my husband when we went on a hiking trip", "I remember
    when I did my first play"), a reason, lasting since, or lasting years."""
    return bool(
        is_remote(sentence) or _ONCE.search(sentence) or _LASTED.search(sentence) or _TIMED_BY_CLAUSE.search(sentence)
    )


def talk_before(session: Session) -> datetime | None:
    """When the speakers of ``session`` last talked, if the session is a talk among people: no
    assistant, two speakers or more (a diary entry or a monologue is no talk)."""
    if session.last_talk is None or any(t.role == "assistant" for t in session.turns):
        return None
    return wall(session.last_talk) if len(_people(t.speaker for t in session.turns)) > 1 else None


def news_since(talk: datetime | None, told: datetime) -> datetime | None:
    """``talk`` (see ``talk_before``), if a deed told at ``told`` with no time is news since then:
    the talk is at most ``NEWS_MAX_DAYS`` days before."""
    if talk is None:
        return None
    return talk if 0 <= (wall(told).date() - talk.date()).days <= NEWS_MAX_DAYS else None


def as_news(e: Event, since: datetime) -> None:
    """Date the undated ``e`` from ``since`` (the last talk) to the day it was told."""
    e.start, e.granularity, e.time_source = since, "range", "news"
