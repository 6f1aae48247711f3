"""Chat statements that leave out their "I'm": "heading to the gym now", "currently studying for
finals", "watching the game with my dad rn", "at the dentist rn".

A sentence that opens with a progressive verb and has no other verb is the speaker's present
progressive with the subject and auxiliary dropped, as chats type it. An -ing word that opens a
sentence is just as often a gerund subject ("Dancing brings me joy", "Taking care of ourselves is
vital"), an adjunct ("Walking home, I saw a fox"), the first word of a compound ("Cooking class
tonight!") or a feeling or wish ("Loving the support", "Sending hugs"): those have another verb,
a subject, a noun after them or a verb of feeling, and are not read. What the sentence stands in
(the sentences before it, the question it answers) is the caller's to judge: see
``RuleExtractor._implied``."""

from __future__ import annotations

import re

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.occurrence import FUTURATE
from chronos_cli.extract.reference import PEOPLE
from chronos_cli.extract.runon import INTERJECTIONS
from chronos_cli.extract.words import (
    FORMS,
    INTENSIFIERS,
    OBJECT_PRONOUNS,
    POSSESSIVE,
    SUBJ_PRONOUNS,
    Tok,
    is_finite,
    is_past,
    lemma,
)

# verbs whose progressive, said on its own, is a feeling, a wish, a greeting or a figure of speech
# rather than something the speaker is doing: "loving the support", "sending hugs", "hoping for
# the best", "counting down the days", "coming from you"
_NOT_DOING = {
    "send", "wish", "hope", "miss", "thank", "count", "be", "feel", "seem", "sound", "remain", "mean",
    "wonder", "need", "want", "say", "come", "kid", "joke", "die", "rock", "kill", "pray", "thrive", "struggle",
    "see", "know", "hear", "agree", "follow", "support", "believe", "guess", "bet", "suppose", "expect",
}  # fmt: skip
# verbs that are activities ("doing laundry", "having dinner", "looking for an apartment") unless
# the word after them makes them how one is: "doing great", "having a blast", "looking forward",
# "hanging in there", "trying my best", "staying positive", "keeping busy", "living the dream"
_HOW_ONE_IS = {
    "good", "great", "well", "fine", "ok", "okay", "alright", "better", "awesome", "amazing", "forward",
    "in", "like", "my", "positive", "strong", "safe", "busy", "sane", "tuned", "fun", "the", "a", "so",
    "it", "that", "this", "there", "up", "on", "everything", "something", "nothing", "too", "pretty",
}  # fmt: skip
_NOT_AFTER = {
    "do": _HOW_ONE_IS - {"the", "a", "my", "some"},  # "doing my homework", "doing the dishes"
    "have": {"a", "fun", "so", "such", "the", "it", "that", "this", "too", "no", "trouble", "problems"},
    "look": {"forward", "good", "great", "like", "at", "so", "pretty", "fine", "amazing", "awesome"},
    "hang": {"in", "there", "on"},
    "try": {"my", "to", "it", "that", "this", "not", "hard", "harder", "so"},
    "stay": {"positive", "strong", "safe", "busy", "sane", "tuned", "hydrated", "calm", "focused", "motivated", "home"},
    "keep": {"busy", "going", "up", "it", "my", "on", "positive", "strong", "the", "things", "calm"},
    "live": {"the", "my", "life", "it", "large"},
    "talk": {"about", "of"},  # "talking about it", "speaking of which"
    "speak": {"about", "of"},
    "get": {"there", "better", "by", "it", "that", "this", "used", "so", "ready"},  # "getting there"
    "go": {"well", "good", "great", "fine", "ok", "okay", "alright", "strong", "through", "crazy"},
}

# the verbs of a gerund subject's sentence that say what the gerund is or does ("Attending those
# events takes guts", "Having people who back you makes a difference")
_OF_A_GERUND = {
    "makes", "takes", "helps", "brings", "gives", "keeps", "gets", "becomes", "requires", "costs", "matters",
    "sounds", "looks", "seems", "feels", "pays", "means", "beats", "rocks", "sucks", "works", "goes", "counts",
    "relaxes", "calms", "offers",
}  # fmt: skip

# progressives chats use most whose verb the lexicon lacks (it lists verbs, and "head" is a noun there)
_UNLISTED = {"heading", "packing", "texting", "prepping", "chilling", "binging", "bingeing"}
# nouns an -ing word goes before as an adjective ("Relaxing day", "Exciting news") or as the first
# word of a compound ("Cooking class", "Running shoes", "Packing list"); not "time": "spending time"
_ADJ_NOUNS = {"day", "days", "night", "morning", "evening", "afternoon", "weekend", "week", "times", "news", "stuff"}
_COMPOUND_HEADS = {
    "class", "classes", "lesson", "lessons", "session", "sessions", "list", "lists", "shoes", "spree", "trail",
    "trails", "club", "group", "partner", "buddy", "room", "area", "bag", "gear", "pool", "plan", "plans",
    "schedule", "season", "spot", "tips", "habits", "goals", "mood", "vibes", "energy", "skills", "experience",
}  # fmt: skip
_ANSWERS = {"ok", "okay", "alright", "yeah", "yes", "yep", "so", "well", "anyways", "haha", "lol", "ya", "yea"}
# what ends a sentence; not ":", which opens a label's value ("Current mood: dancing in the rain")
_OPEN = {".", "!", "?", "…", ";"}
_NOW = {"now", "rn", "atm", "currently", "still", "just"}
# verbs whose progressive tells a plan ("moving to Denver in June", "flying to Paris next week")
_PLANNED = FUTURATE | {"meet", "see", "have", "throw", "host", "take", "celebrate", "play", "run", "attend", "watch"}
# words before the verb that keep the sentence the speaker's present ("busy cooking dinner rn")
LEAD = {"currently", "still", "just", "finally", "now", "busy", "already", "actually", "literally", "rn", "atm"}
# words after a comma that go on with a subordinate or a new clause, not this one's subject
_GOES_ON = {"if", "when", "because", "cause", "cuz", "bc", "since", "but", "while", "cos"}
# what opens a short clause of its own after a comma ("…, will text later", "…, can't talk")
_NEXT_CLAUSE = {"will", "can", "gotta", "gonna", "wanna", "wish", "talk", "ttyl", "brb", "text", "call"}
# negated auxiliaries as the tokenizer splits them ("isn" + "'t")
_NEG_AUX = {"isn", "wasn", "aren", "weren", "doesn", "don", "didn", "can", "couldn", "won", "wouldn", "shouldn"}
_NEG_AUX |= {"hasn", "haven", "hadn", "ain", "is", "are", "was", "do", "does", "did"}

_DOING_QUESTION = re.compile(
    r"(?i)\b(?:what(?: are|'re| r)? (?:you|u|ya) (?:doing|up to|working on)|whatcha doing|wyd|wbu|hbu"
    r"|where (?:are|r) (?:you|u)|(?:are )?(?:you|u) busy"
    r"|how(?:'s| is) (?:your|ur) (?:day|morning|afternoon|evening|night) going)\b"
)
# another time in the question ("what are you doing tomorrow?", "where are you staying next month?")
_OTHER_TIME = re.compile(
    r"(?i)\b(?:tomorrow|yesterday|next|last|weekend|later|this (?:week|month|year|summer|spring|fall|winter)"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day|for (?:your|the|his|her))\b"
)


def asks_what_one_is_doing(question: str) -> bool:
    """ "what are you doing?", "wyd", "where are you?", "you busy?": a bare progressive answers
    it; not when the question asks about another time ("what are you doing tomorrow?")."""
    return bool(_DOING_QUESTION.search(question)) and not _OTHER_TIME.search(question)


def _opens(toks: list[Tok], i: int) -> bool:
    """``i`` starts the sentence, after at most a greeting, an answer word or "right now" and
    a comma ("lol heading out", "Yeah, heading to the gym", "Right now, studying")."""
    k = i - 1
    while k >= 0 and (
        toks[k].text == ","
        or toks[k].low in INTERJECTIONS
        or toks[k].low in _ANSWERS
        or (toks[k].low == "now" and k > 0 and toks[k - 1].low == "right")
        or (toks[k].low == "right" and k + 1 < len(toks) and toks[k + 1].low == "now")
    ):
        k -= 1
    return k < 0 or toks[k].text in _OPEN


def implied_progressive(
    toks: list[Tok],
    i: int,
    today: frozenset[int] = frozenset(),
    later: frozenset[int] = frozenset(),
    *,
    asked: bool = False,
) -> int | None:
    """The index of the -ing verb when the sentence starting at ``i`` is a present progressive
    with "I'm" left out, else None. It must say it is going on now: a word of now ("now", "rn",
    "currently", "still", "just"), a time phrase that includes the day said (``today``: the
    offsets of its words: "today", "tonight", "this morning"), or answer "what are you doing?"
    (``asked``); a plan ("moving to Denver in June") needs a time phrase after that day
    (``later``). Without one, an -ing phrase is as often a thing named ("Know what helps? Taking
    long walks."), a gerund subject ("Gardening teaches patience"), praise ("Climbing that
    ladder!") or a novel's scene ("Standing at the edge of the cliff.")."""
    if not _opens(toks, i):
        return None  # inside a sentence: "I love | painting landscapes", "after | running"
    j = i
    while j < len(toks) and toks[j].low in LEAD:
        j += 1
    if j >= len(toks):
        return None
    w, lem = toks[j].low, lemma(toks[j].low)
    if not (w.endswith("ing") and (w in FORMS or w in _UNLISTED)) or lem in _NOT_DOING or lem in L.MENTAL:
        return None
    nxt = toks[j + 1].low if j + 1 < len(toks) else ""
    nxt2 = toks[j + 2].low if j + 2 < len(toks) else ""
    if lem in _NOT_AFTER and (not nxt or nxt in _NOT_AFTER[lem] or nxt in INTENSIFIERS):
        return None  # "doing great", "having a blast", "looking forward to it", "getting there"
    if lem in _NOT_AFTER and (nxt, nxt2) in (("a", "lot"), ("a", "bit"), ("a", "little")):
        return None  # "Doing a lot better now"
    if nxt in _ADJ_NOUNS or nxt in _COMPOUND_HEADS:
        return None  # "Relaxing day at the beach", "Cooking class tonight!": an -ing word before its noun
    if (
        nxt2.endswith("ing")
        and nxt2 in FORMS
        and nxt.isalpha()
        and not nxt.endswith("ing")
        and nxt not in L.DETERMINERS
        and nxt not in L.PREPOSITIONS
        and nxt not in OBJECT_PRONOUNS
        and nxt not in POSSESSIVE
    ):
        return None  # "freezing rain starting around 3pm": the -ing word qualifies the noun the next verb is of
    rest = _clause_rest(toks, j + 1)
    if rest is None:
        return None
    said_now = any(t.low in _NOW or t.start in today for t in [*toks[max(0, i - 3) : j], *rest])  # "Right now, …"
    planned = lem in _PLANNED and any(t.start in later for t in rest)
    if not (said_now or asked or planned):
        return None
    if any(
        t.low in ("his", "their")
        or (
            t.low == "her"
            and k + 1 < len(rest)
            and rest[k + 1].text.isalpha()
            and rest[k + 1].low not in L.PREPOSITIONS
            and rest[k + 1].low not in _NOW
        )
        for k, t in enumerate(rest)
    ):
        return None  # "Saw Jo today. Studying for her bar exam": whose exam says whose studying
    return j


def implied_place(toks: list[Tok], i: int) -> bool:
    """The sentence starting at ``i`` says where the speaker is right now with "I'm" left out:
    "at the dentist rn", "currently at the airport", "on the train now". A place phrase alone
    ("at the beach!") may caption a photo or answer a question, so it needs a word of now; a
    state ("in a bad mood rn", "at a loss for words") or a time ("at the moment") is no place."""
    if not _opens(toks, i):
        return False
    j = i
    while j < len(toks) and toks[j].low in LEAD:
        j += 1
    if j + 1 >= len(toks) or toks[j].low not in ("at", "in", "on"):
        return False
    np: list[Tok] = []
    for t in toks[j + 1 :]:
        if t.text in _OPEN or t.text == "," or t.low in ("rn", "atm", "now", "right"):
            break
        if np and t.low.endswith("ing") and t.low in FORMS and ends_noun_phrase(np[-1]):
            break  # "in the kitchen | making dinner"; not "in a meeting", "at a wedding"
        np.append(t)
    core = next((np[:k] for k in range(1, len(np)) if np[k].low in L.PREPOSITIONS), np)  # "a loss | for words"
    head = next((t.low for t in reversed(core) if t.text.isalpha()), "")
    if toks[j].low == "on":
        if not any(t.low in _ON_BOARD for t in core):
            return False  # "on a roll", "on the fence": "on" is a place only aboard something
    elif not head or head in _NOT_A_PLACE or head[:1].isdigit():
        return False  # "in a bad mood", "at a loss", "in my 30s"
    now = any(t.low in ("currently", "still", "rn", "atm") for t in toks[i:j])
    for k in range(j + 1, len(toks)):
        t = toks[k]
        if t.text in _OPEN:
            if t.text == "?":
                return False
            break
        if t.text == ",":
            if k + 1 < len(toks) and toks[k + 1].low in SUBJ_PRONOUNS - {"it"}:
                return False  # "at the party, I met Jo": a scene for the clause that follows
            break
        if t.low in SUBJ_PRONOUNS - {"it"} or is_finite(t.low):
            return False  # "at this point the team needs help"
        now = now or t.low in ("rn", "atm", "now")
    return now


# heads of a phrase after "at"/"in" that are a time or a state, not where one is
_NOT_A_PLACE = {
    "moment", "minute", "minutes", "second", "sec", "point", "meantime", "mood", "loss", "crossroads", "limit",
    "rut", "zone", "hurry", "place", "pickle", "bind", "jam", "funk", "daze", "slump", "spot", "state", "way",
    "sense", "row", "bit", "while", "love", "awe", "shock", "pain", "trouble", "charge", "touch", "time", "mess",
    "end", "middle", "beginning", "process", "general", "fact", "case", "advance", "order", "line", "tears",
    "denial", "heaven", "peace", "luck", "need", "favor", "person", "life", "mind", "head", "rope", "wits",
    "feelings", "relationship", "lead", "dark", "clear", "element", "prime", "top", "game", "standstill",
    "therapy", "rehab", "debt", "recovery", "remission", "labor", "heat", "season", "stock", "progress",
    "business", "control", "danger", "doubt", "bloom", "shape", "form", "tune", "sync", "limbo",
}  # fmt: skip
# what one is "on": a vehicle, a trip, a call, a break, a shift
_ON_BOARD = {
    "train", "plane", "bus", "subway", "boat", "ferry", "flight", "way", "call", "phone", "road", "break", "shift",
    "vacation", "holiday", "trip", "date", "tour", "cruise", "bike", "metro", "tram",
}  # fmt: skip


def _clause_rest(toks: list[Tok], start: int) -> list[Tok] | None:
    """The words of the clause after the verb, None when they hold another verb or subject of
    this sentence: "Taking care of ourselves | is vital", "Painting landscapes | relaxes me",
    "Dancing = my therapy". The clause ends at a comma or "and"/"but" before a clause of its own
    ("cleaning the house, kids are napping", "studying for finals and i hate it", "heading to the
    gym now, will text later") or a subordinator ("… now if you want to join")."""
    rest: list[Tok] = []
    for k in range(start, len(toks)):
        t = toks[k]
        if t.text in _OPEN:
            if t.text == "?":
                return None  # "Heading out?"
            break
        nxt = toks[k + 1].low if k + 1 < len(toks) else ""
        if (
            t.low in _GOES_ON
            or (t.text == "," or t.low in ("and", "but"))
            and (nxt in _NEXT_CLAUSE or nxt in SUBJ_PRONOUNS or _opens_a_clause(toks, k + 1))
        ):
            break
        if t.text == ",":
            continue  # "Running a business isn't easy, but …" reads on
        if nxt in ("'t", "n't") and t.low in _NEG_AUX or t.low == "aint":
            return None  # "Running a business isn't easy"
        rest.append(t)
    for k, t in enumerate(rest):
        low = t.low
        prev = rest[k - 1].low if k > 0 else ""
        nxt = rest[k + 1].low if k + 1 < len(rest) else ""
        if low in SUBJ_PRONOUNS - {"it"} or t.text in ("=", ">", "<", "->", "→"):
            return None  # a subject of its own, or "Dancing = my therapy"
        if (low in L.BE and low != "'s") or low in L.MODAL or low in L.HAVE or low == "'ll":
            return None  # "Taking care of ourselves is vital", "Running can boost your mood"
        if low == "'s" and not (k > 0 and (rest[k - 1].text[:1].isupper() or prev in PEOPLE)):
            return None  # "Writing's a huge part of me", "… - it's so heartwarming" ("my mom's house" stays)
        if is_past(low) and low in FORMS:
            return None  # "Seeing them made my day"
        if low in ("a", "an") and k > 0 and _bare_noun(rest[k - 1]):
            return None  # "searching for the perfect dance studios a tough job": "studio's", a copula typed away
        verb_s = low.endswith("s") and FORMS.get(low, low) != low
        after_det = prev in L.DETERMINERS and prev not in ("this", "that") or prev in POSSESSIVE
        if verb_s and not after_det and (k == 0 or nxt in OBJECT_PRONOUNS or prev in ("this", "that")):
            return None  # "Dancing brings me joy", "Painting landscapes relaxes me", "Reading this makes me"
        if low in _OF_A_GERUND and not after_det:
            return None  # "Biking sounds like a great way", "Networking really pays off"
    return rest


def _opens_a_clause(toks: list[Tok], k: int) -> bool:
    """A noun phrase with its own verb starts at ``k``: "kids are napping", "my mom is here"."""
    m = k
    while m < len(toks) and m < k + 4 and toks[m].text.isalpha() and not is_finite(toks[m].low):
        m += 1
    return m > k and m < len(toks) and is_finite(toks[m].low) and toks[m].low not in ("'s",)


def ends_noun_phrase(t: Tok) -> bool:
    """``t`` can end a noun phrase: a word, not a determiner, possessive or intensifier ("the
    kitchen | making" ends one; "a | meeting" does not)."""
    return t.text.isalpha() and t.low not in L.DETERMINERS and t.low not in POSSESSIVE and t.low not in INTENSIFIERS


def _bare_noun(t: Tok) -> bool:
    """A word that ends a noun phrase, so "a" after it starts a second one with no verb between."""
    return (
        ends_noun_phrase(t)
        and t.low not in L.PREPOSITIONS
        and t.low not in FORMS
        and t.low not in _UNLISTED
        and t.low not in PEOPLE
        and t.low not in OBJECT_PRONOUNS
    )
