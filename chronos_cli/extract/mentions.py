"""The words a mention event quotes: the clause around a time expression, as it was said."""

from __future__ import annotations

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.scenes import occasion_word
from chronos_cli.extract.words import (
    GREET_TAIL,
    OBJECT_PRONOUNS,
    PUNCT_BREAK,
    SUBJ_PRONOUNS,
    TITLES,
    TRAILING_DROP,
    Tok,
    is_content,
    is_past,
    lemma,
)

MAX_MENTION_TOKENS = 14


_COORD = {"and", "or", "plus", "&"}


_PREP_OR_CONJ = {"before", "until", "till"}
_NOUN_PHRASE_OPENS = {"the", "a", "an", "that", "this"}
_NOUN_PHRASE_OPENS |= {"work", "school", "class", "lunch", "dinner", "breakfast", "bed", "practice", "church"}


# words after which "so" is a degree adverb ("not so great", "will be so much fun"), not "therefore"
_BEFORE_DEGREE = {"not", "be", "is", "was", "'s", "are", "were", "been", "feel", "felt", "looks", "sounds", "seems"}

# words that present what follows ("here's", "check out"): the mention quotes what is presented
_PRESENTING = [
    ("here", "'s"), ("here", "is"), ("here", "are"), ("check", "out"), ("take", "a", "look", "at"), ("look", "at"),
]  # fmt: skip

# words after which what follows goes on their clause ("the day that …", "as …", "knew …"):
# "here's" after them presents nothing run on
_BEFORE_CLAUSE = {"that", "which", "who", "what", "how", "where", "when", "whether", "as", "than", "like", "if"}
_BEFORE_CLAUSE |= {"because", "and", "or", "but", "so", "know", "knew", "think", "thought", "said", "say", "since"}

_MENTION_CUTS = {"and", "but", "so", "that", "which", "who", "because", "while", "when", "then"}

# a memory names what is remembered ("I'll always remember our camping trip last year"); one
# missed or forgotten did not take place for the speaker
_REMEMBERING = L.MEMORY - {"miss", "forget"}
_NP_OPENERS = {"the", "our", "my", "that", "those", "this", "his", "her", "their", "your", "a", "an"}


_NEW_SUBJECT = {
    "I",
    "we",
    "We",
    "he",
    "He",
    "she",
    "She",
    "they",
    "They",
    "you",
    "my",
    "My",
    "our",
    "his",
    "their",
    "it",
}


# what may open a "can't wait" typed on after a plan: its subject, a conjunction, filler
_BEFORE_EXCLAMATION = {"i", "we", "and", "so", "honestly", "lol", "haha", "omg", "just", "really", "seriously", "ugh"}


# "she asked me if I want to go for a coffee on Saturday": after "ask", "if" reports the question
# asked (an invitation, an arrangement put to someone) and supposes nothing; after "wonder", "see"
# or "not sure" it is as uncertain as a supposition, and stays one
_ASK_IF = {"ask"}


def supposes(toks: list[Tok], k: int) -> bool:
    """``toks[k]`` opens a supposition: "unless", or an "if" that reports no question asked (``_ASK_IF``)."""
    if toks[k].low == "unless":
        return True
    if toks[k].low != "if":
        return False
    j = k - 1
    if j >= 0 and (toks[j].low in OBJECT_PRONOUNS or toks[j].low == "u"):
        j -= 1  # "asked me if", "asked u if"
    return not (j >= 0 and lemma(toks[j].low) in _ASK_IF)


def presenting(words: list[Tok]) -> int:
    """How many words open ``words`` only to present what follows ("Here's", "check out")."""
    lows = [t.low for t in words[:5]]
    n = next((len(f) for f in _PRESENTING if lows[: len(f)] == list(f)), 0)
    return 0 if lows[n : n + 1] == ["to"] else n  # "Here's to a good time": a toast


def _presents(t: Tok, prev: str, nxt: str) -> bool:
    """``t`` opens a presenting frame run on after a word that ends a clause: "… make a
    difference | here's a pic from last week"."""
    return prev.isalpha() and prev not in _BEFORE_CLAUSE and t.low == "here" and nxt.lower() in ("'s", "is", "are")


def segments(toks: list[Tok], sp=None, runs: frozenset[int] = frozenset()) -> list[list[Tok]]:
    """Runs of tokens between punctuation and subordinating conjunctions ("and"/"or" join noun
    phrases, so they do not cut; nor do the words of the time expression ``sp``). ``runs``: the
    offsets where the caller found a sentence run on without its full stop ("… each other | I
    was just remembering")."""
    segs: list[list[Tok]] = [[]]
    nxt = {id(a): b.text for a, b in zip(toks, toks[1:])}
    prv = {id(b): a.low for a, b in zip(toks, toks[1:])}
    for k, t in enumerate(toks):
        inside = sp is not None and sp.start_char <= t.start < sp.end_char
        coord_clause = t.low in _COORD and nxt.get(id(t), "") in _NEW_SUBJECT
        degree = t.low == "so" and (
            prv.get(id(t), "") in _BEFORE_DEGREE or nxt.get(id(t), "").lower() in ("much", "many")
        )
        title_dot = t.text == "." and prv.get(id(t), "") in TITLES  # "Dr. Okafor": no sentence ends there
        # "took it back in before school this morning": a preposition before a noun phrase, no
        # clause of its own ("before we left" opens one)
        prep = t.low in _PREP_OR_CONJ and nxt.get(id(t), "").lower() in _NOUN_PHRASE_OPENS
        # "she's asked me if I want to come": the question asked is the asking's own clause
        prep = prep or (t.low == "if" and not supposes(toks, k))
        if (
            not inside
            and not degree
            and not title_dot
            and not prep
            and (t.text in PUNCT_BREAK or (t.low in L.CLAUSE_BREAK and t.low not in _COORD) or coord_clause)
        ):
            if segs[-1]:
                segs.append([])
            continue
        if not inside and segs[-1] and (t.start in runs or _presents(t, prv.get(id(t), ""), nxt.get(id(t), ""))):
            segs.append([])  # a sentence typed on without its full stop starts here
        segs[-1].append(t)
    return [x for x in segs if x]


def _an_occasion(words: list[Tok], inside) -> bool:
    """Words that name something that took place, with two words of content besides the time
    (what a mention needs to be kept): "my school event", "our camping trip"; not "that
    concert", "the big storm"."""
    named = [t for t in words if not inside(t)]
    return sum(is_content(t) for t in named) >= 2 and any(occasion_word(t.low) for t in named)


def _negated(words: list[Tok]) -> bool:
    return any(t.low in L.NEG or t.low == "cannot" for t in words)


# words a closing time phrase completes: "… is next Tuesday", "staying til next sunday", what
# someone said
_BEFORE_A_TIME = L.PREPOSITIONS | {"until", "till", "til", "'til", "said", "says"}  # "marco said aug 9"


def mention_words(toks: list[Tok], sp, runs: frozenset[int] = frozenset()) -> list[Tok]:
    """The clause around a time expression, as said: its segment; one that says nothing but the
    time takes the segment before it ("my first real hike | since October") or, when it opens
    the sentence, the one after it ("Yesterday: | Mount Monadnock via the White Dot trail"). A
    time phrase that closes the words, or opens them before punctuation, is left out."""
    segs = segments(toks, sp, runs)

    def inside(t):
        return sp.start_char <= t.start < sp.end_char

    at = next((i for i, x in enumerate(segs) if any(inside(t) for t in x)), None)
    if at is None:
        return []
    words = list(segs[at])
    if sum(is_content(t) for t in words if not inside(t)) < 2 and not presenting(words):
        if at > 0 and not inside(segs[at][0]) or at > 0 and at + 1 >= len(segs):
            words = segs[at - 1] + words
        elif at + 1 < len(segs):
            words = words + segs[at + 1]
        elif at > 0:
            words = segs[at - 1] + words
    while (
        words
        and not inside(words[0])
        and (
            words[0].low in GREET_TAIL
            or words[0].low in L.CLAUSE_BREAK
            or words[0].low in L.ADVERBS
            or words[0].low in ("anyway", "anyways")  # "… by then | anyway we can do a run": a turn to the next point
            # "all picked up!!!! | except the one lady whos coming tmrw": the exception is what is told
            or words[0].low in ("except", "besides")
        )
        # "First physio this morning": "first" before a noun is its place in a series, no adverb
        and not (words[0].low in ("first", "last") and len(words) > 1 and is_content(words[1]))
    ):
        words = words[1:]
    lows = [t.low for t in words]
    frame = presenting(words)
    if frame and len(words) > frame + 1:
        words = words[frame:]  # "Here's our latest work from last weekend": the work, not the showing
        lows = lows[frame:]
    for k in range(min(len(lows), 8)):  # "I just wanted to let you know | I challenged myself …"
        if lows[k : k + 2] == ["you", "know"] or (lows[k : k + 2] == ["tell", "you"] and k > 0):
            rest = words[k + 2 :]
            if rest and rest[0].low == "that":
                rest = rest[1:]
            if rest and rest[0].low in SUBJ_PRONOUNS | {"my", "our"} and not any(inside(t) for t in words[: k + 2]):
                words = rest  # a clause follows: what they wanted the listener to know
            elif (
                rest[:1] and rest[0].low == "about" and _an_occasion(rest[1:], inside) and not _negated(words[: k + 2])
            ):
                words = rest[1:]  # "I wanted to tell you about | my school event last week": the event
            break
    mem = next((j for j, t in enumerate(words) if lemma(t.low) in _REMEMBERING), None)
    if mem is not None and mem + 1 < len(words) and not inside(words[mem + 1]) and not _negated(words[:mem]):
        rest = words[mem + 1 :]
        if rest[0].low in _NP_OPENERS and any(inside(t) for t in rest) and _an_occasion(rest, inside):
            words = rest  # "I'll always remember | our camping trip last year": the trip, then
    if len(words) > 3 and [t.low for t in words[-3:]] in (["can", "'t", "wait"], ["ca", "n't", "wait"]):
        # "… volunteer at shelters next month | (honestly I) can't wait": an exclamation typed on
        words = words[:-3]
        while words and (words[-1].low in _BEFORE_EXCLAMATION or words[-1].low in L.ADVERBS):
            words = words[:-1]
    trimmed = list(words)
    while trimmed and inside(trimmed[-1]):  # "… since October": the time is the event's date, not its name
        trimmed = trimmed[:-1]
    if trimmed and trimmed[-1].low not in L.BE and trimmed[-1].low not in _BEFORE_A_TIME:
        words = trimmed  # but "Maya's birthday is next Tuesday", "staying til next sunday" keep it
    if words and inside(words[0]) and len(segs[at]) == sum(inside(t) for t in segs[at]):
        words = [t for t in words if not inside(t)]  # "Yesterday: …"
    while words and words[-1].low in TRAILING_DROP:
        if words[-1].low in L.PARTICLES and len(words) > 1 and is_past(words[-2].low):
            break  # "he rolled over | yesterday": the verb's particle, no preposition left hanging
        words.pop()
    if len(words) > MAX_MENTION_TOKENS:
        # too long to quote whole: the clause around the time phrase, cut where a clause ends
        # ("… how much they've done for us | and wanted to show my appreciation")
        at = next((j for j, t in enumerate(words) if inside(t)), 0)
        cuts = [j for j, t in enumerate(words) if t.low in _MENTION_CUTS and not inside(t)]
        opens = [j for j in cuts if words[j].low not in ("that", "which", "who")]  # not mid noun phrase
        # "I" after a word that ends a clause opens a sentence run on without its full stop
        # ("having a good team is so important | I had a great experience last weekend")
        run_at = [j for j, t in enumerate(words) if t.start in runs]
        lo = max(
            [j + 1 for j in opens if j < at and at - j < MAX_MENTION_TOKENS] + [j for j in run_at if j < at] or [0]
        )
        cuts += [j for j in run_at if j > at]
        hi = min([j for j in cuts if j > at and j - lo <= MAX_MENTION_TOKENS] or [lo + MAX_MENTION_TOKENS])
        words = words[lo:hi]
        while len(words) > 1 and words[0].low in ("anyway", "anyways") and not inside(words[0]):
            words = words[1:]  # "… home by then anyway | we can do a run": it closed the clause before
    if len(words) > MAX_MENTION_TOKENS:
        rest = words[MAX_MENTION_TOKENS:]
        words = words[:MAX_MENTION_TOKENS]
        if rest and rest[0].text not in PUNCT_BREAK and not inside(rest[0]):
            # the limit fell inside a phrase ("… for the first | time"): end before its preposition
            k = max((j for j, t in enumerate(words) if j > 2 and t.low in L.PREPOSITIONS and not inside(t)), default=0)
            if k and any(inside(t) for t in words[:k]):
                words = words[:k]
    while words and sp.start_char <= words[-1].start < sp.end_char and words[-1].end < sp.end_char:
        words.pop()  # "… on the big screen last | Sunday": the limit fell inside the time phrase
    return words
