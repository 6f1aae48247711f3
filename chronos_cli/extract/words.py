"""Words and clauses for the rule extractor: tokens with their offsets, verb forms and lemmas,
and the parsed clause the extractor reasons about."""

from __future__ import annotations

import re
from dataclasses import dataclass

from chronos_cli.extract import lexicon as L

_TOKEN = re.compile(r"\d+(?:[:.]\d+)+|[A-Za-z0-9]+(?:[-][A-Za-z0-9]+)*\+?|'[A-Za-z]+|[^\sA-Za-z0-9]")


PUNCT_BREAK = set(".,;:!?()[]–—-…/")

# verb forms
PAST: dict[str, str] = {}
PART: dict[str, str] = {}
FORMS: dict[str, str] = {}  # any known verb form -> lemma
for _b, (_p, _pp) in L.IRREGULAR.items():
    PAST[_p] = _b
    PART[_pp] = _b
    double = _b + _b[-1] + "ing" if re.search(r"(?:^|[^aeiou])[aeiou][bdgmnpt]$", _b) else _b + "ing"  # running
    for f in (_b, _p, _pp, _b + "s", _b + "ing", (_b[:-1] if _b.endswith("e") else _b) + "ing", double):
        FORMS.setdefault(f, _b)
FORMS["goes"] = "go"
FORMS["has"] = "have"
FORMS["does"] = "do"


def _regular_forms(b: str) -> tuple[str, str, str]:
    if b.endswith("e"):
        return b + "d", b[:-1] + "ing", b + "s"
    if b.endswith("y") and b[-2:-1] not in "aeiou":
        return b[:-1] + "ied", b + "ing", b[:-1] + "ies"
    if re.search(r"[^aeiou][aeiou][bdgmnpt]$", b) and len(b) <= 4:
        return b + b[-1] + "ed", b + b[-1] + "ing", b + "s"
    suffix = "es" if b.endswith(("s", "sh", "ch", "x", "z")) else "s"
    return b + "ed", b + "ing", b + suffix


for _b in L.REGULAR:
    _ed, _ing, _s = _regular_forms(_b)
    PAST.setdefault(_ed, _b)
    PART.setdefault(_ed, _b)
    for f in (_b, _ed, _ing, _s):
        FORMS.setdefault(f, _b)


BASE = {b for b in L.IRREGULAR} | set(L.REGULAR)


def past_form(base: str) -> str:
    """The simple past of a verb's base form ("call" → "called", "go" → "went")."""
    if base in L.IRREGULAR:
        return L.IRREGULAR[base][0]
    return _regular_forms(base)[0]


def lemma(w: str) -> str:
    w = w.lower()
    if w in FORMS:
        return FORMS[w]
    if w.endswith("ied") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("ed") and len(w) > 4:
        stem = w[:-2]
        if stem in BASE or stem + "e" in BASE:
            return stem if stem in BASE else stem + "e"
        if len(stem) > 2 and stem[-1] == stem[-2] and (stem[-1] not in "ls" or stem[:-1] in BASE):
            return stem[:-1]
        if stem.endswith(("v", "c", "z", "at", "ut", "ak", "ok", "uc", "ir", "us", "os")):
            return stem + "e"
        return stem
    if w.endswith("ing") and len(w) > 5:
        stem = w[:-3]
        if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls":
            return stem[:-1]
        return stem
    return w


# words in -ing that are no verb forms ("I did something new", "the morning")
_ING_NOUNS = {"something", "anything", "nothing", "everything", "thing", "morning", "evening", "during", "spring"}
_ING_NOUNS |= {"ceiling", "wedding", "sibling", "darling", "pudding", "king", "ring", "string", "awning", "icing"}


def is_verbish(w: str, *, after_aux: bool) -> bool:
    lw = w.lower()
    if lw in _ING_NOUNS:
        return False
    if lw in FORMS:
        return True
    if lw.endswith("ed") and len(lw) > 4:
        return True
    return bool(after_aux and lw.endswith("ing") and len(lw) > 4)


def is_finite(w: str) -> bool:
    """A finite verb or auxiliary: after "that" it opens a relative clause ("that's happening",
    "that looks great"), where "that feeling" is a noun phrase."""
    if w in L.BE or w in L.HAVE or w in L.MODAL or w in ("'s", "'re", "'ve", "'ll", "'d"):
        return True
    return is_past(w) or (w.endswith("s") and FORMS.get(w, w) != w)


def is_past(w: str) -> bool:
    lw = w.lower()
    return lw in PAST or (lw.endswith("ed") and len(lw) > 4 and lw not in ("need", "indeed", "speed"))


@dataclass(slots=True)
class Tok:
    text: str
    low: str
    start: int
    end: int


@dataclass
class Clause:
    subject: str
    subj_start: int  # token index
    verb_toks: list[Tok]
    verb: str
    lemma: str
    obj_toks: list[Tok]
    end_tok: int  # index after the object
    # past | perfect | present | now | irrealis | future | habit (see the rule extractor's module docstring, 4.)
    mood: str = "past"
    cue: str | None = None  # the words that date a "now" clause ("just", "currently", "am reading")
    remote: bool = False  # "once", "as a kid": an unknown time before, never dated by the story
    generic: bool = False  # "we all …", "we": a statement about people in general
    modal: bool = False  # could / should / might / may / must / can / would: an option, advice or a guess
    conditional: bool = False  # opened by "when"/"if"/"until"…: in the present tense, not yet real
    supposed: bool = False  # in a sentence opened by "if"/"unless": a supposition or what would follow from it
    embedded: bool = False  # a relative clause on a noun of another clause ("a post I made"): no time of its own
    relative: bool = False  # a relative clause on a noun ("the help I got was invaluable"): it describes the noun
    implied: bool = False  # "I'm" left out, as chats type it ("heading to the gym now")


def tokenize(text: str, offset: int = 0) -> list[Tok]:
    return [Tok(m.group(), m.group().lower(), m.start() + offset, m.end() + offset) for m in _TOKEN.finditer(text)]


def is_content(t: Tok) -> bool:
    return (
        any(ch.isalpha() for ch in t.text)
        and t.low not in L.EMPTY_OBJECT
        and t.low not in L.DETERMINERS
        and t.low not in L.PREPOSITIONS
        and t.low not in L.ADVERBS
        and t.low not in L.CLAUSE_BREAK
        and t.low not in L.BE
        and t.low not in L.HAVE
        and not t.low.startswith("'")
    )


def has_content(toks: list[Tok]) -> bool:
    """An object says what: at least one word that is not a pronoun, number or filler."""
    return any(is_content(t) for t in toks)


def one_of(w: str, words: set[str] | frozenset[str]) -> bool:
    """``w`` or its singular ("walks", "parents") is in ``words``; "class" stays "class"."""
    return w in words or (w.endswith("s") and w[:-1] in words)


def text_of(text: str, words: list[Tok]) -> str:
    """The words as written, punctuation between them kept ("At the airport with Maya — Lisbon")."""
    if not words:
        return ""
    return " ".join(text[words[0].start : words[-1].end].split()).strip(" ,;:-—–")


def join_tokens(toks: list[Tok]) -> str:
    out = ""
    prev_end = None
    for t in toks:
        if prev_end is not None and t.start != prev_end:
            out += " "
        out += t.text
        prev_end = t.end
    return out


def core_words(obj: str) -> str:
    words = obj.split()
    while words and words[0].lower() in L.DETERMINERS:
        words.pop(0)
    return " ".join(words)


# word classes the clause parser and the mention quoter share
TRAILING_DROP = L.PREPOSITIONS | L.DETERMINERS | L.ADVERBS | {
    "over", "during", "around", "until", "till", "since", "not", "than", "as", "instead", "anyway", "anyways",
    "smh", "tbh", "ngl", "fr", "unfortunately", "maybe", "mostly", "honestly", "probably", "lol", "haha", "lmao", "yet", "btw", "tho",
}  # fmt: skip
GREET_TAIL = {
    "hey", "hi", "hello", "oh", "wow", "yeah", "yes", "well", "ok", "okay", "so", "hah", "haha", "lol", "yep", "yup",
    "nope", "alright",
}  # fmt: skip
SUBJ_PRONOUNS = {"i", "we", "he", "she", "they", "you", "it"}


# word classes the clause parser, the run-on tests and the antecedent finder share
POSSESSIVE = {"my", "My", "our", "Our"}

# words that end an object (time expressions end it where the engine found one: "this project" stays)
TIME_WORDS = {
    "yesterday", "today", "tonight", "tomorrow", "ago", "lately", "recently", "earlier", "now", "again", "too",
    "already", "soon", "tho", "though", "anyway", "later", "afterwards", "meantime", "meanwhile",
    "rn", "atm",  # chat for "right now", "at the moment"
}  # fmt: skip

OBJECT_PRONOUNS = {"me", "you", "him", "her", "us", "them", "it", "myself", "yourself", "too", "either"}
# the pronouns of a person an object may open with ("took him to the vet", "made me think")
PERSON_OBJECTS = {"me", "us", "him", "her", "them", "you"}

LINKING = {"sounds", "looks", "feels", "seems", "was", "is", "'s", "were", "are", "'re", "been", "got", "get"}

WH = {"why", "how", "what", "where", "when", "who", "whether", "which"}

INTENSIFIERS = {"so", "very", "really", "pretty", "super", "too", "quite", "kinda", "sorta", "such"}


# titles before a name, lower case as tokens read them: "Dr. Okafor" ("." ends no sentence there)
TITLES = {"dr", "mr", "mrs", "ms", "prof"}  # not "st": "on Elm St. | Last week …" ends a sentence
