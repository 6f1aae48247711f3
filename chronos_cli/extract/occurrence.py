"""Whether a parsed clause is an occurrence worth a calendar entry, and in which mood.

Tense and mood come from the auxiliaries and control verbs; habits, negations, instructions and
tag questions are no one-day events; an object that names nothing (a pronoun, a placeholder, an
amount), an evaluation ("had a great time") or a figure of speech ("living my dream") is no
occurrence."""

from __future__ import annotations

import re
from datetime import datetime

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.clean import sentence_kind
from chronos_cli.extract.words import (
    BASE,
    FORMS,
    PAST,
    PERSON_OBJECTS,
    PUNCT_BREAK,
    SUBJ_PRONOUNS,
    Clause,
    Tok,
    has_content,
    is_past,
    is_verbish,
    lemma,
)

# progressive forms that usually announce a plan rather than what is going on
FUTURATE = {"go", "come", "move", "leave", "fly", "head", "travel", "visit", "return", "start", "get", "drive"}


def with_mood(c: Clause, aux: list[str], advs: list[str], main: Tok, toks: list[Tok], *, state=False) -> Clause:
    """Tense and mood of a clause from its auxiliaries and control verbs (``aux``), adverbs and
    main verb. The first verb carries the tense: "started limping" is past, "is reading" now."""
    tail = []
    for t in toks[c.end_tok : c.end_tok + 4]:  # "carving out some me-time | each day"
        if t.text in PUNCT_BREAK and t.text not in ("-", "–", "—"):
            break
        tail.append(t.low)
    lows = [t.low for t in toks[c.subj_start : c.end_tok]] + tail
    finite = next((w for w in [*aux, main.low] if w not in L.CONTROL_LINKS), main.low)
    lead = [t.low for t in toks[max(0, c.subj_start - 3) : c.subj_start]]  # "right now, | I'm heading to …"
    c.remote = any(a in L.REMOTE for a in advs)
    c.generic = c.generic or "all" in advs
    if ("used" in aux and "to" in aux) or _habitual(lows, advs):
        c.mood = "habit"
    elif aux in (["may", "has"], ["might", "has"]) and is_past(main.low):  # "have" is read as "has"
        # "so i may have adopted a cat": owned up to, coyly (not "could have": it wasn't done)
        c.mood = "past"
        c.verb = re.sub(r"^(?:may|might)\s+has\s+", "", c.verb)
    elif any(w in L.IRREALIS_MODALS or w in L.IRREALIS_CONTROL for w in aux) or (
        main.low in L.IRREALIS_CONTROL and c.verb.endswith(" to")
    ):
        c.mood = "irrealis"
        c.modal = any(w in L.IRREALIS_MODALS for w in aux)
    elif any(w in L.FUTURE for w in aux):
        c.mood = "future"
    elif (
        "just" in advs
        and (is_past(finite) or finite == "has")
        and not c.verb.endswith(" to")
        and c.verb.split()[:2] != ["had", "to"]  # "I just had to capture it": simply had to, not a moment ago
    ):
        c.mood, c.cue = "now", "just"
    elif (
        finite == "is"
        and main.low.endswith("ing")
        and lemma(main.low) in FUTURATE
        and not _under_way(c, advs, tail, lead)
    ):
        c.mood = "future"  # "I'm moving to Vermont", "we're going camping": a plan, dated only by a time phrase
    elif finite == "is" and (state or main.low.endswith("ing")):
        cue = next((a for a in advs if a in L.NOW_CUES), None) or next((w for w in tail if w in NOW_AFTER), None)
        c.mood, c.cue = "now", cue or " ".join(t.text for t in c.verb_toks) or main.text
    elif finite == "has" and "been" in aux and main.low.endswith("ing"):
        c.mood, c.cue = "now", " ".join(t.text for t in c.verb_toks)
    elif finite == "had" and not aux and _occasion(c):
        c.mood = "past"  # "had a double shift", "had a party": an occasion in the past, not a perfect
    elif finite in ("has", "had"):
        c.mood = "perfect"
    elif finite in ("was", "did") or is_past(finite):
        c.mood = "past"
    elif "now" in advs or (c.subj_start > 0 and toks[c.subj_start - 1].low == "now"):
        c.mood, c.cue = "now", "now"  # "now I have an external drive": a state that holds from the day said
    else:
        c.mood = "present"
    return c


NOW_AFTER = ("rn", "atm", "now")  # words of now said after a clause: "at the dentist rn", "cooking dinner now"


# verbs of going somewhere, whose progressive with "now" is under way; after "now", "getting
# married", "starting a new job", "moving to Denver" are changes that hold from now on, or plans
_GOING = {"go", "head", "come", "drive", "walk", "fly", "ride", "travel", "return", "leave"}


def _under_way(c: Clause, advs: list[str], tail: list[str], lead: list[str]) -> bool:
    """A trip that is happening as it is said ("I'm heading to the gym now", "right now, I'm
    driving to work", "leaving the office rn"), not a plan; "now that I got the job" gives a
    reason instead. ``lead``: the words just before the subject; ``tail``: those after the clause."""
    lem = lemma(c.verb_toks[-1].low) if c.verb_toks else ""
    lem = lemma(c.verb.split()[-2]) if c.verb.split()[-1] in L.PREPOSITIONS and len(c.verb.split()) > 1 else lem
    if lem not in _GOING:
        return False
    if lem != "leave" and not (
        c.verb.split()[-1] in ("to", "into", "back", "home", "out", "over")
        or (c.obj_toks and c.obj_toks[0].low in ("home", "back", "out"))
    ):
        return False  # "I'm going vegan now": a change, no path
    if any(a in ("currently", "rn", "atm") for a in advs) or any(w in NOW_AFTER for w in lead):
        return True
    for k, w in enumerate(tail):
        if w in ("rn", "atm") or (w == "now" and (k + 1 >= len(tail) or tail[k + 1] != "that")):
            return True
    return False


TO_LISTENER = {"tell", "show", "ask", "let", "remind", "update", "give", "send", "thank", "wish", "text", "call"}


# present-simple facts worth keeping about the speaker: possession, work, home, study
_LASTING = {"have", "own", "work", "live", "study", "teach", "volunteer", "run", "manage", "attend", "rent", "drive"}


# nouns of things that take place (what one "had" on a day), as against things one owns
OCCASIONS = {
    "party", "shift", "meeting", "appointment", "lunch", "dinner", "breakfast", "brunch", "class", "lesson",
    "interview", "game", "match", "surgery", "operation", "test", "exam", "session", "call", "date", "checkup",
    "check-up", "picnic", "barbecue", "bbq", "concert", "show", "recital", "performance", "practice", "rehearsal",
    "wedding", "funeral", "celebration", "gathering", "reunion", "trip", "visit", "workout", "run", "walk", "hike",
    "talk", "chat", "conversation", "argument", "fight", "accident", "fall", "scare", "ceremony", "tournament",
}  # fmt: skip


def _occasion(c: Clause) -> bool:
    """ "had" + an object that takes place ("a double shift", "that performance", "a party")."""
    return any(t.low.rstrip("s") in OCCASIONS or t.low in OCCASIONS for t in c.obj_toks[:6])


def is_generic(c: Clause) -> bool:
    """A present-simple clause that is not a lasting fact about the speaker."""
    return c.generic or c.lemma not in _LASTING


_ACTIVITIES = {"walks", "runs", "visits", "checkups", "lessons", "workouts", "trips", "sessions", "classes", "hikes"}
_ACTIVITIES |= {"rides", "swims", "jogs", "meetups", "calls", "breaks", "meetings", "appointments"}


def _habitual(lows: list[str], advs: list[str]) -> bool:
    if any(a in L.FREQUENCY for a in advs):
        return True
    for i, w in enumerate(lows):
        if w in L.FREQUENCY or w in L.PLURAL_TIMES:
            return True
        if w in L.FREQUENCY_DET and i + 1 < len(lows):
            return True
        if w in ("times", "per") and i > 0:
            return True
        if w == "regular" and any(x in _ACTIVITIES for x in lows[i + 1 : i + 6]):  # 'regular "me-time" walks'
            return True  # "taking regular walks": a habit ("a regular checkup", "regular fries" are not)
    return False


def is_remote(sentence: str) -> bool:
    s = " " + sentence.lower() + " "
    return any(f" {p} " in s or f" {p}," in s for p in L.REMOTE_PHRASES)


_TAGS = {"any", "tips", "ideas", "thoughts", "suggestions", "advice", "right", "yes", "no", "correct", "ok", "okay"}
_TAGS |= {"huh", "eh", "true", "agreed", "yeah", "wdyt", "anyone"}


def is_tag_question(sentence: str) -> bool:
    """A statement with a short question after its last comma ("…, any tips?", "…, right?")."""
    if "," not in sentence:
        return False
    head, tail = sentence.rsplit(",", 1)
    words = tail.lower().strip(" ?!").split()
    return 0 < len(words) <= 3 and words[0] in _TAGS and sentence_kind(head + ".") == "statement"


# "the car wouldn't start", "the door won't open": a thing that failed, which took place
_REFUSED = {"start", "work", "open", "close", "load", "charge", "boot", "turn", "lock", "budge", "stop", "connect"}


def _broke_down(toks: list[Tok], i: int) -> bool:
    """The "n't" at ``i`` says a thing failed ("wouldn't start"), not that nothing happened."""
    before = toks[i - 1].low if i else ""
    after = toks[i + 1].low if i + 1 < len(toks) else ""
    return before in ("wouldn", "would") and after in _REFUSED  # "won't start" is a refusal to come


def is_negated(toks: list[Tok]) -> bool:
    """A verb is negated ("didn't go", "never went", "was not there"); "not so great" is not, nor
    is a thing that failed ("the car wouldn't start")."""
    for i, t in enumerate(toks):
        if t.low in ("'t", "n't") and _broke_down(toks, i):
            continue
        if t.low in ("'t", "n't", "never"):
            return True
        if t.low == "not":
            prev = toks[i - 1].low if i else ""
            nxt = toks[i + 1].low if i + 1 < len(toks) else ""
            if prev in L.BE or prev in L.HAVE or prev in L.MODAL or is_verbish(nxt, after_aux=True):
                return True
    return False


_CAUSATIVE = {
    "get",
    "have",
    "keep",
    "leave",
    "make",
    "let",
    "want",
    "need",
    "see",
    "watch",
    "hear",
    "like",
    "stop",
    "quit",
}


def is_imperative(toks: list[Tok], spans, said_end: datetime) -> bool:
    """A sentence that opens with a bare verb is an instruction or suggestion ("Try the Skyline
    trail next month"), unless a past time shows it is a diary's subjectless report."""
    body = [t for t in toks if t.text not in PUNCT_BREAK]
    k = 0
    while k < len(body) and (body[k].low in L.ADVERBS or body[k].low in ("please", "maybe", "definitely")):
        k += 1
    if k >= len(body):
        return False
    w = body[k].low
    if w not in BASE or w in PAST or (w in FORMS and FORMS[w] != w):
        return False
    # "move in date is 1st july", "run club is on tuesday": the verb names a noun phrase, the
    # subject of the "is" that follows it ("make sure it is done", "check the door is locked" stay
    # instructions: a subject of their own comes first)
    # "train tickets booked for the 19th", "run shoes ordered": a noun phrase and its participle
    # ("have been booked"); a verb that takes an object and its participle stays an instruction
    # ("get the car fixed", "have it done")
    for j, t in enumerate(body[k + 1 : k + 4], k + 1):
        if t.low in ("is", "are", "was", "were", "'s"):
            return False
        if j > k + 1 and t.low.endswith("ed") and is_past(t.low) and w not in _CAUSATIVE:
            return False
        if t.low in L.DETERMINERS or t.low in SUBJ_PRONOUNS or t.low in L.CLAUSE_BREAK or t.low == "that":
            break
    # a time before the day it was said shows a diary's report ("hike to the falls yesterday"); a
    # time of that day or later is when the instruction is to be done ("Book a dentist. Today.")
    said_start = datetime.combine(said_end.date(), datetime.min.time())
    return not any(sp.end < said_start for sp in spans)


_PLACEHOLDERS = {"something", "anything", "everything", "nothing", "stuff", "things", "someone", "somebody"}


_NUMBERS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "several", "both"}


_QUANTITY = {"such", "lot", "lots", "bunch", "couple", "few", "of", "other", "some", "any", "all", "kind", "sort"}
_QUANTITY |= {"another", "each", "every", "either"}


THOUGHT_VERBS = {"figure", "figured", "figuring", "guess", "guessed", "reckon", "reckoned", "thought", "bet"}


SAYING = {"explain", "say", "tell", "mention", "promise", "admit", "claim", "announce", "reply", "answer"}


COGNITION = {"learn", "realize", "realise", "notice", "discover", "find", "read", "hear", "see", "show", "mean", "say"}


MINDSETS = {"attitude", "mindset", "outlook", "perspective", "mentality", "approach", "vibe", "vibes", "energy"}


ABSTRACT = {"plan", "plans", "idea", "ideas", "goal", "goals", "dream", "dreams", "thought", "thoughts", "feeling"}
ABSTRACT |= {"feelings", "hope", "hopes", "doubt", "doubts", "question", "questions", "concern", "concerns"}


def head_word(toks: list[Tok]) -> str:
    k = 0
    while k < len(toks) and (
        toks[k].low in L.DETERMINERS or toks[k].low in _QUANTITY or toks[k].low in _NUMBERS or toks[k].low == "no"
    ):
        k += 1
    return toks[k].low if k < len(toks) else ""


def empty_head(toks: list[Tok]) -> bool:
    """The object's head is a pronoun or a placeholder: "it to show …", "a lot of things", "some
    other stuff" (a person pronoun before more words stays: "took him to the vet")."""
    if toks[0].low == "it" and len(toks) > 1 and toks[1].low not in L.DETERMINERS:
        return True  # "got it done", "got it covered": what it is is not said
    if toks[0].low in ("it", "that", "this", "these", "those", "one") and len(toks) > 1:
        return toks[1].low in L.PREPOSITIONS or toks[1].low in L.ADVERBS
    if toks[0].low in _PLACEHOLDERS:
        return True
    k = 1 if toks[0].low in PERSON_OBJECTS else 0  # "helped | us | a ton"
    while k < len(toks) and toks[k].low in L.DETERMINERS:
        k += 1
    if k < len(toks) and toks[k].low in _AMOUNTS and (k + 1 == len(toks) or toks[k + 1].low == "to"):
        return True  # "raised a ton", "got a lot to think about", "helped us a ton": how much, not what
    k = 0
    while k < len(toks) and (toks[k].low in L.DETERMINERS or toks[k].low in _QUANTITY or toks[k].low in _NUMBERS):
        k += 1
    if k == len(toks) and toks[-1].low in ("one", "ones"):
        return True  # "started writing another one": one of what is not said
    if 0 < k < len(toks) and toks[k].low in ("back", "home") and toks[k - 1].low in _OWNERS:
        return False  # "tweaked my back", "sold our home": a noun after a possessive
    return k > 0 and k < len(toks) and toks[k].low in L.EMPTY_OBJECT


HEDGES = {"maybe", "perhaps", "probably", "possibly"}


def np_head(toks: list[Tok]) -> str:
    """The last word of the object's first noun phrase ("some great news | to share")."""
    head = ""
    for t in toks:
        if t.low in L.PREPOSITIONS or t.low in L.CLAUSE_BREAK or t.text in PUNCT_BREAK:
            break
        head = t.low
    return head


_AMOUNTS = {"ton", "tons", "lot", "lots", "bunch", "plenty", "loads", "load", "heaps", "bit", "much", "more"}


TIME_NOUNS = {"time", "times", "day", "days", "moment", "night", "week", "year", "morning", "evening"}


# a verb and the noun that makes it an evaluation of what happened, not the occurrence: "had a
# great experience", "had a blast", "did a great job", "made my day"
EVALUATIVE = {
    "have": {
        "experience",
        "time",
        "day",
        "week",
        "weekend",
        "night",
        "blast",
        "ball",
        "moment",
        "year",
        "impact",
        "faith",
    },
    "do": {"job", "work", "great", "well", "good", "fine", "ok", "okay", "alright", "amazing", "awesome"},
    "make": {"day", "night", "week", "difference", "impact", "progress", "strides", "headway"},
    "put": {"effort", "energy", "thought", "work"},
    "take": {"plunge"},
}


# a stretch of time is an evaluation only with a word saying how it went ("had a great day")
_SPELLS = {"time", "day", "week", "weekend", "night", "moment", "year"}


EVAL_ADJ = {
    "great", "good", "nice", "lovely", "fun", "rough", "tough", "bad", "quiet", "busy", "wonderful", "amazing",
    "fantastic", "relaxing", "long", "hard", "crazy", "awesome", "blast", "terrible", "horrible", "productive",
    "chill", "calm", "hectic", "stressful", "exhausting", "perfect", "memorable", "special", "blessed", "wild",
}  # fmt: skip


# how something felt, said before "to <verb>" ("so amazing to see one of them")
FELT = EVAL_ADJ | {"glad", "happy", "sad", "cool", "exciting", "weird", "strange", "interesting", "surreal", "scary"}
FELT |= {"incredible", "inspiring", "emotional", "heartwarming", "touching", "rewarding", "fulfilling", "neat"}


_COMPARATIVE = {"better", "worse", "used", "bigger", "smaller", "stronger", "faster", "slower", "healthier"}


# what an exclamation ("quite the …", "such a …") says only how it went of
_VAGUE_TIMES = {"adventure", "day", "time", "ride", "journey", "week", "weekend", "night", "experience", "year"}
_VAGUE_TIMES |= {"blast", "morning", "evening", "month", "trip", "one"}


_WELLBEING = {"ok", "okay", "fine", "good", "great", "well", "alright", "amazing", "awesome", "better", "bad"}


def is_evaluation(c: Clause) -> bool:
    toks = c.obj_toks
    if not toks:
        return False
    head = toks[1].low if toks[0].low in ("much", "way", "so", "a", "lot", "even") and len(toks) > 1 else toks[0].low
    if c.lemma == "do" and "doing" in c.verb.split() and toks[0].low in _WELLBEING:
        return True  # "I'm doing ok (been reading …)": how they are, whatever is typed on after it
    if c.lemma == "get" and head in _COMPARATIVE:
        return True  # "I've gotten much better at it": a change in how well, not an occurrence
    lows = [t.low for t in toks]
    if (
        c.lemma == "have"
        and lows[:1] in (["quite"], ["such"], ["what"])
        and lows[1:2] in (["the"], ["a"], ["an"])
        and any(w in _VAGUE_TIMES for w in lows[2:5])
        and not any(w in L.PREPOSITIONS and w not in ("of", "with") for w in lows[3:])
    ):
        return True  # "I've had quite the adventure", "had such a day": an exclamation, no occurrence named
    nouns = EVALUATIVE.get(c.lemma)
    if not nouns:
        return False
    if c.lemma in ("make", "have") and any(t.low in ("impact", "difference") for t in toks):
        return True  # "the impact we made on their life": an evaluation, whatever follows
    for k, t in enumerate(toks):
        if t.low in nouns:
            if t.low in _SPELLS and not (k > 0 and toks[k - 1].low in EVAL_ADJ):
                continue  # "had a day off", "had a week in Rome": the time itself, not how it went
            rest = toks[k + 1 :]
            # "had a great time at the lake" names the occasion; "of keeping up with …" does not
            if not rest or rest[0].low in ("of", "with", "and") or not has_content(rest):
                return True
    return False


# nouns that, owned by a person and ending their noun phrase, make the clause a figure of
# speech ("living my dream", "found myself", "put my heart into", "did my best", "follow your gut")
_FIGURATIVE = {"dream", "dreams", "heart", "hearts", "soul", "self", "best", "all", "passion", "passions", "gut"}
_FIGURATIVE |= {"mind", "minds", "truth", "purpose", "calling", "bliss", "potential"}
# … and acting on someone's word: "did my part", "took your advice", "gave you my word"
_FIGURATIVE |= {"part", "advice", "recommendation", "recommendations", "suggestion", "suggestions", "word"}


_OWNERS = {"my", "our", "your", "his", "her", "their"}


PHOTOS = {"pic", "pics", "picture", "pictures", "photo", "photos", "snap", "snaps", "shot", "shots", "selfie"}


BEING_IDIOMS = re.compile(
    r"^(?:the right track|track|cloud nine|the fence|the same page|a roll|the mend|the verge of \w+|top of the world)$"
)


def is_figurative(toks: list[Tok]) -> bool:
    for k, t in enumerate(toks):
        if t.low not in _FIGURATIVE:
            continue
        nxt = toks[k + 1].low if k + 1 < len(toks) else ""
        if nxt and nxt not in L.PREPOSITIONS and nxt not in L.CLAUSE_BREAK and nxt not in ("by", "too"):
            continue  # "my heart surgery": the noun is a modifier
        before = [x.low for x in toks[max(0, k - 2) : k]]
        if before[-1:] and before[-1] in _OWNERS or len(before) == 2 and before[0] in _OWNERS:
            return True
    return False
