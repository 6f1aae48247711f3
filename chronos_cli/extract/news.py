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
from datetime import datetime, timedelta

from chronos_cli.clock import wall
from chronos_cli.extract import lexicon as L
from chronos_cli.extract.occurrence import is_remote
from chronos_cli.extract.reference import CHAT_TAGS, NOT_NOUN, PEOPLE
from chronos_cli.extract.runon import INTERJECTIONS
from chronos_cli.extract.words import (
    GREET_TAIL,
    INTENSIFIERS,
    SUBJ_PRONOUNS,
    TRAILING_DROP,
    Tok,
    is_finite,
    is_past,
    is_verbish,
    lemma,
    one_of,
)
from chronos_cli.models import Event, Session, _people

# after a longer silence a deed told with no time may be older news: it stays undated
NEWS_MAX_DAYS = 7

# "I went to Paris once": at some time, not lately; but "for once", "at once" and "once again"
# say this time, and "the best day ever", "my first ever race" only weigh it
_ONCE = re.compile(r"(?i)(?<!\bfor )(?<!\bat )\bonce\b(?!\s+(?:again|more)\b)|\bever\b")
_SUPERLATIVE = re.compile(r"(?i)\b(?:\w+est|best|worst|first|last)(?:\s+[\w'-]+){0,2}\s+$")


def _once(sentence: str) -> bool:
    """A word that puts the deed at some time before: "once", "ever" — not "ever" after a
    superlative ("the best night ever", "my first ever race")."""
    return any(
        not (m.group(0).lower() == "ever" and _SUPERLATIVE.search(sentence, max(0, m.start() - 40), m.start()))
        for m in _ONCE.finditer(sentence)
    )


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
    # a thing put or made where it belongs: "I've put the tomatoes out in the greenhouse", "Your
    # Mother has put the WhatsApp on my phone", "we've painted the hall"
    "put", "install", "replace", "repair", "plant", "paint",
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
    return bool(is_remote(sentence) or _once(sentence) or _LASTED.search(sentence) or _TIMED_BY_CLAUSE.search(sentence))


def talk_before(session: Session) -> datetime | None:
    """When the speakers of ``session`` last talked, if the session is a talk among people: no
    assistant, two speakers or more (a diary entry or a monologue is no talk). For the first talk
    of the archive, whose talk before is not in it, that is as long before as its people usually
    go between talks (``Session.usual_gap_days``): people who talk every day or two in the
    archive did so before it began too."""
    if any(t.role == "assistant" for t in session.turns) or len(_people(t.speaker for t in session.turns)) < 2:
        return None
    if session.last_talk is not None:
        return wall(session.last_talk)
    if session.usual_gap_days is None or not session.turns:
        return None
    return min(wall(t.t_conv) for t in session.turns) - timedelta(days=session.usual_gap_days)


def news_since(talk: datetime | None, told: datetime) -> datetime | None:
    """``talk`` (see ``talk_before``), if a deed told at ``told`` with no time is news since then:
    the talk is at most ``NEWS_MAX_DAYS`` days before."""
    if talk is None:
        return None
    return talk if 0 <= (wall(told).date() - talk.date()).days <= NEWS_MAX_DAYS else None


def as_news(e: Event, since: datetime) -> None:
    """Date the undated ``e`` from ``since`` (the last talk) to the day it was told."""
    e.start, e.granularity, e.time_source = since, "range", "news"


# what opens a message before its news: "oh and", "omg", "guess what", "think i …", "pretty sure"
_NEWS_OPENERS = GREET_TAIL | INTERJECTIONS | {
    "and", "also", "btw", "wait", "update", "guess", "what", "think", "reckon", "pretty", "sure", "apparently", "ps",
    "yay", "woohoo", "ah", "aw", "aww", "nah",
}  # fmt: skip
# the subject news is told of: the speaker, someone, a person named or by role, or a thing of
# the speaker's world ("my car", "the landlord"); not the listener's deed or thing, which the
# listener knows ("you did it!!", "your dedication paid off"), nor a pronoun for someone or
# something said before ("she cried", "it went well"): who is not said
_NEWS_PRONOUNS = {"i", "we", "someone", "somebody", "everyone"}
ROLES = PEOPLE | {
    "landlord", "landlady", "mum", "mam", "nan", "gran", "bf", "gf", "hubby", "manager", "dentist", "vet", "coach",
    "doc", "mate", "bestie", "sis", "bro",
}  # fmt: skip
_OWNED = {"my", "our", "the"}
# past verbs that tell a state, a thought, a look or talk, not a deed ("was", "had", "looked", "said")
_NO_DEED = L.MENTAL | {"be", "have", "do", "look", "seem", "sound", "say", "tell", "ask", "forget", "mean", "try"}
_NO_DEED |= {"name", "call"}  # "a girl named priya": what she is called
# a chat's tail after the news: "ngl", "lol", "tbh", "xx"
_TAIL = CHAT_TAGS | {"hahaha", "ok", "x", "xx"}
# what only points at a thing or person named before: "got it", "picked them up"
_POINTERS = {"it", "this", "that", "them", "him", "her", "em", "'em"}
# an object that is the speaker or the listener: a feeling or a praise more than news ("the art
# took me to that moment", "the beach really inspired you", "got your back")
_NOT_OBJECTS = {"me", "us", "myself", "you", "u", "ya", "your", "ur", "yourself"}
NEWS_MENTION_WORDS = 16
# what says how much, not what: "helped a ton", "grown so much" ("made a ton of cookies" names them)
_HOW_MUCH = {"ton", "lot", "bunch", "bit", "much"}
_NO_THING = SUBJ_PRONOUNS | TRAILING_DROP | _TAIL
# words a phrase does not end on: "… on their", "… and the"
_OPEN_ENDS = {"and", "or", "but", "so", "his", "her", "their", "its", "to", "i", "we", "he", "she", "they"}


def _who(w: str, names: set[str]) -> bool | None:
    """True: ``w`` names someone the news can be of; None: a lone word that may be a name typed
    in lower case, or a thing ("fan just stopped"); False: no subject."""
    if w in _NEWS_PRONOUNS or w in names or w in ROLES:
        return True
    unknown = len(w) > 2 and w.isalpha() and not is_verbish(w, after_aux=True)
    return (
        None
        if unknown and not (w in NOT_NOUN or w in L.DETERMINERS or w in L.PARTICLES or w in INTENSIFIERS)
        else False
    )


def news_clause(toks: list[Tok], names: set[str]) -> tuple[int, int, int | None] | None:
    """Where a message's sentence tells news in a clause the parser took no event from ("oh and
    landlord finally texted back", "think i tweaked my back on the last bit ngl", "smashed the
    target!!"): (first, last) token of the clause, from its subject (or its verb when "I" is left
    out) to its end. Its head is the past verb of a deed ("won't" is no "won", "excited" no
    deed, nor "was", "had", "looked", "said" or a thought); its subject one of ``_NEWS_PRONOUNS``,
    a name, a role ("landlord") or a short noun phrase of someone's; what follows the verb names
    something that is neither the speaker nor the listener ("took me to that moment"), and "I" is
    left out only before an object that opens with a determiner or a number ("smashed the
    target", "tweaked my back"; not "mixed emotions", an adjective's noun, nor "slammed from
    6"). The third item is the token of an object that only points back ("we got it!!"), for
    the caller to name or give up on."""
    words = [t for t in toks if t.text[:1].isalnum() or t.text[:1] == "'"]
    pos = {t.start: i for i, t in enumerate(toks)}  # a word's place among all tokens
    o = 0
    while o < len(words) and words[o].low in _NEWS_OPENERS:
        o += 1
    if o + 1 < len(words) and words[o].low == "i" and words[o + 1].low in ("think", "guess", "reckon", "bet"):
        o += 2  # "i think i cracked a tooth"
    for k in range(o, min(len(words), o + 6)):
        w = words[k]
        lem = lemma(w.low)
        if not is_past(w.low) or lem == w.low or lem in _NO_DEED or w.low in L.ADVERBS or w.low in _ED_ADJECTIVES:
            continue  # "put", "set", "hit": a bare verb as much as a past one
        rest = [t.low for t in words[k + 1 :]]
        if lem + "e" in L.MENTAL and rest[:1] != ["out"]:
            continue  # "I figured.": a thought ("figured out the bug" is done)
        if lem == "go" and rest[:1] and (rest[0] in L.WENT_HOW or rest[0] in INTENSIFIERS):
            return None  # "dinner went great": how it went, told as an opinion
        if rest[:2] and rest[0] in ("a", "so") and rest[1] in _HOW_MUCH and (len(rest) == 2 or rest[2] in _NO_THING):
            return None  # "the repost helped a ton i think": how much, an opinion ("so much birria" names it)
        if rest[:1] and (rest[0] in ("'t", "n't", "t") or rest[0] in _NOT_OBJECTS):
            return None  # "I won't quit", "gave me a sheet of exercises", "inspired you"
        j = k
        while j > o and words[j - 1].low in L.ADVERBS:
            j -= 1  # "landlord finally texted back"
        subject = [t.low for t in words[o:j]]
        if subject and pos[words[k].start] - pos[words[j - 1].start] > k - j + 1:
            return None  # "Yeah Mel, stoked!": a comma between a name called and an adjective
        if not subject:
            if not rest or not (rest[0] in L.DETERMINERS or rest[0][:1].isdigit()):
                return None  # "so relieved", "Mixed emotions", "slammed from 6" (busy), "died on the way"
        elif len(subject) == 1 or (len(subject) == 3 and subject[1] == "and"):
            # "mara got engaged", "mara and theo booked the venue": chats type names in lower
            # case, so a lone word no verb, pronoun, determiner or adverb is taken for one
            who = [_who(w, names) for w in subject[::2]]
            if False in who or (None in who and len(words) - k < 3):
                return None  # "Super pumped for …"; "fingers crossed", "problem solved": a phrase
        elif not (
            len(subject) <= 4
            and subject[0] in _OWNED
            and not any(is_past(s) or is_finite(s) or s in NOT_NOUN for s in subject[1:])
        ):
            return None
        end = len(words) - 1
        while end > k and (words[end].low in _TAIL or words[end].low in L.ADVERBS):
            end -= 1
        if end > k + NEWS_MENTION_WORDS:
            # too long to read whole: up to the last comma within the limit ("… career options,
            # so i could help other people on their own journeys"), else at the limit, where a
            # phrase may end (not on "on their": a dictated message may have no comma at all)
            cut = [
                j
                for j in range(k + 1, k + NEWS_MENTION_WORDS)
                if pos[words[j].start] + 1 < len(toks) and toks[pos[words[j].start] + 1].text == ","
            ]
            end = cut[-1] if cut else k + NEWS_MENTION_WORDS
            while end > k + 1 and (words[end].low in TRAILING_DROP or words[end].low in _OPEN_ENDS):
                end -= 1
        if rest[:1] and rest[0] in _POINTERS and rest[0] not in ("it", "them", "em", "'em"):
            return None  # "we got this": a resolve, nothing got
        points = pos[words[k + 1].start] if rest[:1] and rest[0] in _POINTERS else None
        return pos[words[o if subject else k].start], pos[words[end].start], points
    return None


# states that are news when told: what someone or something has just become ("priyas pregnant",
# "my sister is engaged!!", "the boiler is broken"), not how they are ("she's so cute", "mum is
# fine"): an opinion or a mood is no news
_PERSON_STATES = {
    "pregnant", "expecting", "engaged", "married", "divorced", "separated", "sick", "ill", "poorly", "injured",
    "dead", "fired", "hired", "promoted", "retired", "unemployed", "redundant", "positive", "grounded", "suspended",
    "missing",
}  # fmt: skip
_THING_STATES = {"broken", "bust", "cancelled", "canceled", "postponed", "closed", "flooded", "stolen"}
# where someone has just ended up: "is in hospital", "is off sick"
_NEWS_PLACES = {("in", "hospital"), ("off", "sick"), ("in", "labour"), ("in", "labor")}
# not whom news is told of: the speaker or the listener (they know), a pronoun whose referent is
# not said; nor a clause that supposes or hopes ("if …", "hopefully …"), nor the listener's thing
# ("your boiler")
_NOT_NEWS_SUBJECTS = {"i", "you", "u", "we", "it", "its", "that", "this", "there", "he", "she", "they", "everything"}
_NOT_NEWS_SUBJECTS |= {"if", "unless", "when", "whenever", "once", "until", "before", "after", "because"}
_NOT_NEWS_SUBJECTS |= {"hopefully", "maybe", "incase", "in", "your", "ur", "yours"}
# what one has caught: "rosie's got chickenpox", "sam has covid"
_ILLNESSES = {
    "chickenpox", "covid", "flu", "cold", "fever", "temperature", "measles", "tonsillitis", "strep", "norovirus",
    "mumps", "conjunctivitis", "pneumonia", "bronchitis", "shingles", "sickness", "bug", "infection", "concussion",
}  # fmt: skip
_BE_NOW = {"is", "'s", "are", "'re", "am", "'m"}
_STATE_PREPS = {"with", "from", "in", "at", "after", "since", "for", "on", "again", "lol", "omg"}
_GOING_ON = {"still", "always", "again", "so", "too", "very", "kinda", "sorta"}


def _state_ends(after: list[str], names: set[str]) -> bool:
    """What follows a state word leaves it the state: nothing but a tail, or a phrase of where,
    when or with whom ("engaged to tom", "sick with flu", "in hospital since monday"); not "sick
    of waiting", "missing you", "dead tired", "fired up", "positive she left it"."""
    if not after or all(w in _TAIL or w in L.ADVERBS and w not in _GOING_ON for w in after):
        return True
    if after[0] == "to":
        return after[1:2] != [] and (after[1] in names or after[1] in ROLES)
    return after[0] in _STATE_PREPS


def _person_state(rest: list[str]) -> bool:
    return bool(rest) and (rest[0] in _PERSON_STATES or tuple(rest[:2]) in _NEWS_PLACES)


def news_state(toks: list[Tok], names: set[str]) -> tuple[int, int, None] | None:
    """(first, last, None) token of a sentence (as ``news_clause`` gives them) that tells someone's or something's new state
    ("priyas pregnant", "rosie's got chickenpox", "my sister is engaged!!", "sams in hospital"):
    someone (a name, a role, "my sister") then "is"/"'s" (typed onto a name: "priyas") and a
    person's state (``_PERSON_STATES``, ``_NEWS_PLACES``) or "has"/"'s got" an illness; or a
    thing of the speaker's ("the boiler") and a thing's state (``_THING_STATES``). Not "I" nor
    the listener (they know), nor a pronoun whose referent is not said."""
    words = [t for t in toks if t.text[:1].isalnum() or t.text[:1] == "'"]
    pos = {t.start: i for i, t in enumerate(toks)}
    o = 0
    while o < len(words) and words[o].low in _NEWS_OPENERS:
        o += 1
    lows = [t.low for t in words]
    glued = o + 1 < len(lows) and lows[o].endswith("s") and lows[o][:-1] not in L.ADVERBS
    # a name "'s" was typed onto: one the talk names, or before a person's state a lone word no
    # verb or pronoun ("priyas pregnant"; not "things in hospital")
    glued = glued and (
        (lows[o][:-1] in names and lows[o + 1] in _PERSON_STATES | {"in", "off"})
        or (_who(lows[o][:-1], names) is None and lows[o + 1] in _PERSON_STATES)
    )
    if glued:
        subject, rest_at, caught = [lows[o][:-1]], o + 1, False  # "priyas pregnant", "sams in hospital"
    else:
        b = next((j for j in range(o + 1, min(len(lows), o + 5)) if lows[j] in _BE_NOW or lows[j] == "has"), None)
        if b is None:
            return None
        subject, rest_at = lows[o:b], b + 1
        caught = lows[b] == "has" or (lows[b] == "'s" and lows[b + 1 : b + 2] == ["got"])
        rest_at += lows[b + 1 : b + 2] == ["got"]
    if not subject or subject[0] in _NOT_NEWS_SUBJECTS:
        return None  # "if my phone is broken …", "hopefully the trip is cancelled"; "your boiler"
    person = subject[-1] in names or subject[-1] in ROLES or one_of(subject[-1], PEOPLE)
    # a lone word no verb or pronoun before a person's state is a name typed in lower case
    # ("rosie's got chickenpox"); "it's broken", "shes sick": who or what is not said
    named = person or (_who(subject[0], names) is None and (caught or _person_state(lows[rest_at:])))
    if len(subject) == 1:
        if not named:
            return None
    elif not (
        subject[0] in _OWNED
        or subject[0] in names
        or all(w.isalpha() and not is_verbish(w, after_aux=False) for w in subject)
    ):
        return None
    at = rest_at
    while at < len(lows) and lows[at] in L.ADVERBS:
        if lows[at] in _GOING_ON:
            return None  # "my legs are still broken": no news, a state that goes on
        at += 1  # "is officially engaged"
    rest = lows[at:]
    if not rest:
        return None
    person = person or (len(subject) == 1 and named)
    if caught:
        ill = 1 + (rest[0] in ("a", "the"))  # "has covid", "'s got a fever"
        ok = person and len(rest) >= ill and rest[ill - 1] in _ILLNESSES and _state_ends(rest[ill:], names)
    elif person:
        ok = _person_state(rest) and _state_ends(rest[1 + (tuple(rest[:2]) in _NEWS_PLACES) :], names)
    else:  # "the boiler is broken"; not "the gingerbread place is sick" (great)
        ok = rest[0] in _THING_STATES and _state_ends(rest[1:], names)
    if not ok:
        return None
    end = len(words) - 1
    while end > at and (words[end].low in _TAIL or words[end].low in L.ADVERBS):
        end -= 1
    return pos[words[o].start], pos[words[min(end, at + 3)].start], None


# an occasion's end, told as a present state: "first day is done", "the exam is over"
_ENDED = {"done", "over", "finished", "complete", "completed"}


def ended_occasion(toks: list[Tok]) -> tuple[int, int] | None:
    """(first, last) token of "<noun phrase> is done/over/finished" opening a sentence
    ("FIRST DAY AT THE NEW JOB IS DONE!!", "omg the exam is over"): an occasion ended the day it
    was told. The phrase names a thing (a noun, not a pronoun: "it's over" ends nothing named)
    and nothing follows but a chat's tail ("is done with", "is over it" say something else)."""
    words = [t for t in toks if t.text[:1].isalnum() or t.text[:1] == "'"]
    o = 0
    while o < len(words) and words[o].low in _NEWS_OPENERS:
        o += 1
    be = next((k for k in range(o + 1, min(len(words), o + 9)) if words[k].low in ("is", "'s", "are")), None)
    if be is None:
        return None
    end = be + 1
    while end < len(words) and words[end].low in L.ADVERBS:
        end += 1  # "my shift is finally over"
    if end >= len(words) or words[end].low not in _ENDED:
        return None
    if any(t.low not in _TAIL and t.low not in L.ADVERBS for t in words[end + 1 :]):
        return None
    np = words[o:be]
    if np[0].low in _NOT_OBJECTS or np[0].low in _POINTERS or np[0].low in SUBJ_PRONOUNS or np[0].low == "there":
        return None  # "it's over", "i am done", "we are done with the kitchen"
    if any(is_finite(t.low) and t.low not in ("first", "last") for t in np):
        return None
    if not any(t.low not in NOT_NOUN and t.low not in L.DETERMINERS and t.low.isalpha() for t in np):
        return None
    return toks.index(np[0]), toks.index(words[end])
