"""The offline answer's raw material: every hit the tools returned, read as an OCCURRENCE —
something that happened (or was planned), on a date, said by someone in a session.

- Matching: a hit matches the question by the question's words (Snowball stems; the speaker's
  name counts for "I"-turns of that speaker; an event's aliases carry its category: "climbed
  Mount X" → hike) and by how high the searches ranked it (the dense + BM25 fusion, which
  reads meaning: "got mentored" for "receive mentorship").
- Dating: an event dated by its own time phrase keeps that range; otherwise the time phrase
  nearest the matched words in the same sentence of its turn, else the nearest one in an
  earlier sentence of the turn (a story goes on from "Last Friday something happened. I went
  to…"), else the turn's first past one after it ("Here's a pic from when we met up last
  week!"); otherwise the day it was said — only an upper bound ("on or before").
- Flags: planned (future tense, or a date after the day it was said), cancelled, asked (a
  question is not an occurrence; an event is asked only when the "?" ends its own clause, not a
  later one: "maya took me climbing yesterday and I think I'm obsessed??"), habitual
  ("usually", "every Saturday": not one day).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime, time
from functools import lru_cache
from typing import Literal

from chronos_cli.ask.plan import STOP, Plan, stem
from chronos_cli.extract.clean import normalize
from chronos_cli.hits import EventHit, TurnHit

# words for matching: a hyphenated compound is its parts ("half-marathon" matches "half marathon")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9']*")
# a photo's caption shared in a chat ("[image: a photo of a beach]"): what the picture shows,
# not something the speaker tells; blanked (offsets kept) before matching and dating
_CAPTION = re.compile(r"\[(image|photo|picture|video)[^\]]*\]", re.I)
# sentence ends: ., ! or ? followed by space, or a line break; "Dr. Okafor" splits too, which
# only moves a boundary inside one clause
_SENT_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+|\n+")

PLANNED = re.compile(
    r"\b(will|won't|want(ed)? to|going to(?! (the|a|an|my|our|his|her|their|your|bed|school|work|church)\b)|gonna|plan(ning|ned|s)? (to|on)|hop(e|ing) to|need to|'ll|should|might"
    r"|thinking (about|of)|can't wait|looking forward|intend|scheduled|booked|about to"
    r"|goals?|wish|would like to|'d like to|dream(ing)? (of|about))\b",
    re.I,
)
CANCELLED = re.compile(
    r"\b(cancel+(ed|ing)?|called off|call(ed)? it off|didn't (go|happen|make it)|did not (go|happen)"
    r"|postponed|skipped|fell through|never (went|happened))\b",
    re.I,
)
HABITUAL = re.compile(
    r"\b(usually|always|often|every (day|night|morning|evening|week|weekend|month|year|\w+day)|each (week|day)"
    r"|on (mon|tues|wednes|thurs|fri|satur|sun)days|weekly|daily|whenever)\b",
    re.I,
)
# words of a "when" question that ask about a plan rather than a past occurrence
_ASKS_PLAN = re.compile(r"\b(plan(s|ning|ned)? (to|on)|going to|will|intend|scheduled|supposed to)\b", re.I)
# "When does Ana start her new job?" asks when something once-only is set for; "When does Ana
# go to the gym?", "… celebrate her birthday?" ask a habit or a date that comes back
_ASKS_FUTURE = re.compile(
    r"^\s*(?:(?:when|what \w+|which \w+)\s+(?:is|are|will|'s)\b"
    r"|when\s+(?:does|do)\s+(?:[\w']+\s+){1,3}?(?:start|begin|leave|move|arrive|fly|land|finish|graduate|retire"
    r"|return|launch|open|come\s+back|get\s+back|go\s+back)\b(?!.*\b(?:usually|always|often|normally|typically|every)\b))",
    re.I,
)

# how much a term counts when it names a speaker of the hit: the speaker is implicit in an
# "I" turn, so the name says little about which of that speaker's turns is meant
SPEAKER_WEIGHT = 0.5
MIN_RARITY = 0.2  # the least weight rarity leaves a word
RARITY_N = 1000
PREFIX_MIN = 5  # "mentor" ~ "mentorship": a stem of 5+ letters that begins another (``_ENDINGS``)
# what a word asked counts when only the turns leading up to a hit have it: a chat tells one
# thing over several messages ("I GOT THE JOB!!" / "congrats!!" / "i start in june, on the 3rd")
CONTEXT_WEIGHT = 0.5
# a message that opens pointing back at what was said before it: a pronoun, or a yes or no,
# which answers the question before and stands for its clause ("wasnt ur pre op today??" /
# "yes this morning they took blood")
_POINTS_BACK = re.compile(
    r"(?i)^\W*(?:it|it's|its|it'll|itll|that|that's|thats|this|they|they're|theyre|she|he"
    r"|yes|yess+|yeah|yea|ya|yep|yup|no|nope|nah)\b"
)


# ------------------------------------------------------------------------------------------
# words
# ------------------------------------------------------------------------------------------


# irregular past forms → the base form, so "ran" matches "run" and "met" matches "meet"
# (Snowball stems only regular inflections)
_IRREGULAR = dict(
    pair.split(":")
    for pair in [
        "ate:eat",
        "eaten:eat",
        "became:become",
        "began:begin",
        "begun:begin",
        "bit:bite",
        "bitten:bite",
        "blew:blow",
        "blown:blow",
        "broke:break",
        "broken:break",
        "brought:bring",
        "built:build",
        "bought:buy",
        "caught:catch",
        "chose:choose",
        "chosen:choose",
        "came:come",
        "dealt:deal",
        "did:do",
        "done:do",
        "drew:draw",
        "drawn:draw",
        "drank:drink",
        "drunk:drink",
        "drove:drive",
        "driven:drive",
        "dug:dig",
        "fed:feed",
        "felt:feel",
        "fell:fall",
        "fallen:fall",
        "fought:fight",
        "found:find",
        "flew:fly",
        "flown:fly",
        "forgot:forget",
        "forgotten:forget",
        "froze:freeze",
        "frozen:freeze",
        "gave:give",
        "given:give",
        "went:go",
        "gone:go",
        "got:get",
        "gotten:get",
        "grew:grow",
        "grown:grow",
        "hung:hang",
        "had:have",
        "heard:hear",
        "held:hold",
        "hid:hide",
        "hidden:hide",
        "kept:keep",
        "knew:know",
        "known:know",
        "laid:lay",
        "led:lead",
        "left:leave",
        "lent:lend",
        "lost:lose",
        "made:make",
        "meant:mean",
        "met:meet",
        "paid:pay",
        "ran:run",
        "rang:ring",
        "rode:ride",
        "ridden:ride",
        "rose:rise",
        "risen:rise",
        "said:say",
        "sang:sing",
        "sung:sing",
        "sat:sit",
        "saw:see",
        "seen:see",
        "sent:send",
        "shook:shake",
        "shot:shoot",
        "sold:sell",
        "slept:sleep",
        "spoke:speak",
        "spoken:speak",
        "spent:spend",
        "stood:stand",
        "stole:steal",
        "stolen:steal",
        "stuck:stick",
        "struck:strike",
        "swam:swim",
        "swum:swim",
        "swore:swear",
        "taught:teach",
        "told:tell",
        "took:take",
        "taken:take",
        "thought:think",
        "threw:throw",
        "thrown:throw",
        "tore:tear",
        "torn:tear",
        "understood:understand",
        "woke:wake",
        "woken:wake",
        "wore:wear",
        "worn:wear",
        "won:win",
        "wrote:write",
        "written:write",
    ]
)
# light verbs and vague nouns: they say little about WHICH occurrence is meant ("see the
# dentist", "have a party", "do something"), so they weigh less than the content words
LIGHT = frozenset(
    [
        "see",
        "look",
        "take",
        "get",
        "go",
        "come",
        "say",
        "tell",
        "meet",
        "make",
        "have",
        "give",
        "put",
        "keep",
        "start",
        "stop",
        "begin",
        "try",
        "use",
        "feel",
        "think",
        "want",
        "need",
        "like",
        "love",
        "thing",
        "stuff",
        "people",
        "person",
        "way",
        "lot",
        "new",
        "good",
        "great",
        "nice",
        "really",
        "today",
        "place",
        "part",
    ]
)
LIGHT_WEIGHT = 0.3
# verbs the planner drops as scaffolding that still tell occurrences apart
_QUESTION_VERBS = frozenset(["get", "got", "go", "went", "come", "came", "say", "said", "tell", "told", "meet", "met"])


# words clipped as people type them in chats → the word they stand for, so "my first physio"
# matches "physiotherapy" and "my mom" matches "mother" ("vet" stays: veteran or veterinarian)
_CLIPPED = {
    "physio": "physiotherapy",
    "physios": "physiotherapy",
    "bday": "birthday",
    "bdays": "birthdays",
    "appt": "appointment",
    "appts": "appointments",
    "convo": "conversation",
    "convos": "conversations",
    "uni": "university",
    "pic": "picture",
    "pics": "pictures",
    "fav": "favorite",
    "fave": "favorite",
    "hubby": "husband",
    "bf": "boyfriend",
    "gf": "girlfriend",
    "mom": "mother",
    "mum": "mother",
    "mommy": "mother",
    "dad": "father",
    "daddy": "father",
    "grandma": "grandmother",
    "granny": "grandmother",
    "grandpa": "grandfather",
    "gran": "grandmother",
    "nana": "grandmother",
    "nan": "grandmother",
    "abuela": "grandmother",
    "abuelita": "grandmother",
    "nonna": "grandmother",
    "grandad": "grandfather",
    "granddad": "grandfather",
    "abuelo": "grandfather",
}


# words that name the same deed or thing, as a thesaurus groups them: asked one, a message that
# says another still tells it ("send a package" / "mailed you a little something", "hurt his
# back" / "tweaked my back", "trainers delivered" / "trainers came"), at ``NEAR_WEIGHT``
_NEAR_GROUPS = [
    "send mail post ship",
    "arrive land come",
    "deliver arrive come",
    "hurt injure injury tweak strain sprain",
    "marry married wedding wed",
    "buy purchase",
    "quit resign",
    "register enrol enroll sign",
    "call phone facetime",
    "movie film cinema",
    "flat apartment",
    "holiday vacation",
    "sick ill",
    "exam test",
    "kid child",
    "trainers sneakers",
    "photo picture",
    "doctor gp",
    "leave depart",
    "fly flight plane airport",
    "bake cookie cake biscuit",
]
NEAR_WEIGHT = 0.7


# numbers read as their digits: "fifth birthday" ~ "turning 5", "5th" ~ "five" ("one", "first" and
# "second" are other words too)
_NUMBER_WORDS = "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split()  # noqa: SIM905
_ORDINAL_WORDS = "third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth".split()  # noqa: SIM905
_DIGITS = {w: str(i) for i, w in enumerate(_NUMBER_WORDS, 2)} | {w: str(i) for i, w in enumerate(_ORDINAL_WORDS, 3)}
_DIGITS |= {"twenty": "20", "thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "twentieth": "20"}
_DIGITS |= {"thirtieth": "30", "fortieth": "40", "fiftieth": "50", "sixtieth": "60"}
_NTH = re.compile(r"(\d+)(?:st|nd|rd|th)")


@lru_cache(maxsize=65536)  # a few thousand distinct words per question, each seen many times
def lemma_stem(word: str) -> str:
    w = word.lower().strip("'-")
    w = _CLIPPED.get(w, w)
    if w in _DIGITS:
        return _DIGITS[w]
    if w[:1].isdigit() and (m := _NTH.fullmatch(w)) is not None:
        return m.group(1)
    return stem(_IRREGULAR.get(w, w))


def _near_map() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for g in _NEAR_GROUPS:
        stems = {lemma_stem(w) for w in g.split()}
        for st in stems:
            out.setdefault(st, set()).update(stems - {st})
    return {k: frozenset(v) for k, v in out.items()}


_NEAR = _near_map()


@lru_cache(maxsize=8192)
def tokens(text: str) -> tuple[tuple[str, int], ...]:
    """(stem, char offset) of each word of ``text``."""
    return tuple((lemma_stem(m.group(0)), m.start()) for m in _WORD.finditer(text))


# what a stem may add and stay the same word: inflections and derivations ("mentor" ~
# "mentorship", "learn" ~ "learnt", "child" ~ "children"), not the start of another word
# ("parti" ~ "particip", "grand" ~ "grandma", "again" ~ "against", "class" ~ "classic")
_ENDINGS = frozenset(
    "e i y s d t r al an ag ed er es in li ly or ri ur ian ean ion ism ist ing ive iv it is enc eri ren est "  # noqa: SIM905
    "aci ful ship hood ment ness less".split()
)


def _same(a: str, b: str) -> bool:
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) < PREFIX_MIN:
        return False
    rest = long_[len(short) :] if long_.startswith(short) else None
    # "t" only after a consonant: "learnt", "dreamt", not "planet", "closet", "rabbit"
    if rest in _ENDINGS and (rest != "t" or short[-1] not in "aeiouy"):
        return True
    # a final "y" the stemmer made "i" gives way to the ending: "therapi" ~ "therapist",
    # "histori" ~ "historian"
    return short[-1] == "i" and long_.startswith(short[:-1]) and long_[len(short) - 1 :] in _ENDINGS


class _Stems(dict):
    """Stem → char offsets of its words, with the stems grouped by their first letters."""

    def __init__(self) -> None:
        super().__init__()
        self.by_lead: dict[str, list[str]] = {}


@lru_cache(maxsize=8192)
def _stem_positions(text: str) -> _Stems:
    """Each stem of ``text`` with the char offsets of its words."""
    out = _Stems()
    for s, p in tokens(text):
        if s not in out:
            out[s] = []
            out.by_lead.setdefault(s[: PREFIX_MIN - 1], []).append(s)
        out[s].append(p)
    return out


def _found(term: str, stems) -> list[str]:
    """The stems among ``stems`` that are ``term`` (exactly, or as a long shared prefix)."""
    if len(term) < PREFIX_MIN:
        return [term] if term in stems else []
    # two stems ``_same`` calls one word share at least their first PREFIX_MIN - 1 letters: only
    # those are compared, since this runs for every term on every candidate's every word
    lead = term[: PREFIX_MIN - 1]
    cands = stems.by_lead.get(lead, ()) if isinstance(stems, _Stems) else [s for s in stems if s.startswith(lead)]
    return [s for s in cands if _same(s, term)]


@dataclass(frozen=True)
class Term:
    stem: str
    weight: float
    word: str
    light: bool = False  # a light verb or vague word (weighs little, not worth naming)
    speaker: bool = False  # names a speaker of the archive


_LIGHT_STEMS = frozenset(stem(w) for w in LIGHT)


def is_light(word: str) -> bool:
    """A light verb or vague word ("get", "see", "thing"): it says little about what happened."""
    return lemma_stem(word) in _LIGHT_STEMS


def says_any(text: str, words: frozenset[str]) -> bool:
    """Whether ``text`` says one of ``words`` (stems, ``lemma_stem``) or another word for it."""
    doc = _stem_positions(text)
    return any(_found(w, doc) or any(n in doc for n in _NEAR.get(w, ())) for w in words)


class Matcher:
    """The question's target terms, weighted, matched against hits."""

    def __init__(self, plan: Plan, question: str, speakers: set[str]) -> None:
        words = plan.targets.words() or [w for w in _WORD.findall(question) if w.lower() not in STOP]
        # the question's own light verb says which occurrence ("GET the job offer" ≠ "accepted
        # the offer"), weakly: the planner's targets leave such verbs out
        words = words + [w for w in _WORD.findall(question) if w.lower() in _QUESTION_VERBS]
        speaker_stems = {lemma_stem(t) for s in speakers for t in _WORD.findall(s)}
        seen: set[str] = set()
        terms: list[Term] = []
        for w in words:
            for t in _WORD.findall(w):
                s = lemma_stem(t)
                if s in seen or (t.lower() in STOP and t.lower() not in _QUESTION_VERBS):
                    continue
                seen.add(s)
                light, spk = s in _LIGHT_STEMS, s in speaker_stems
                weight = SPEAKER_WEIGHT if spk else LIGHT_WEIGHT if light else 1.0
                terms.append(Term(s, weight, t, light, spk))
        self.terms = terms
        self.total = sum(t.weight for t in terms) or 1.0

    def names(self, who: str) -> bool:
        """Whether ``who`` is the person the question names (True when it names no speaker)."""
        people = [t for t in self.terms if t.speaker]
        if not people:
            return True
        mine = _stem_positions(who)
        return any(t.stem in mine for t in people)

    def words(self) -> list[str]:
        """The asked words worth naming (not the light ones)."""
        return [t.word for t in self.terms if not t.light] or [t.word for t in self.terms]

    def weigh_by_rarity(self, texts: list[str]) -> None:
        """Rarer words say more about which turn is meant: each term's weight times its inverse
        document frequency, scaled so the rarest term keeps its weight. ``texts``: the turns the
        tools found — a grep for the question's words finds every turn that has one, so a
        word's count there is its count in the archive; the archive's size is not known here,
        and a fixed large one (``RARITY_N``) keeps the ratios mild. A speaker's name keeps its
        own weight."""
        if not texts or not self.terms:
            return
        n = max(RARITY_N, 10 * len(texts))
        stems = [_stem_positions(t) for t in texts]
        idf = {}
        for t in self.terms:
            df = sum(1 for doc in stems if _found(t.stem, doc))
            idf[t.stem] = math.log(n / (max(df, 1) + 0.5))
        top = max(idf.values()) or 1.0
        self.terms = [
            t if t.speaker else Term(t.stem, t.weight * max(idf[t.stem] / top, MIN_RARITY), t.word, t.light, t.speaker)
            for t in self.terms
        ]
        self.total = sum(t.weight for t in self.terms) or 1.0

    def match(self, text: str, speaker: str = "", extra: str = "") -> tuple[float, list[int]]:
        """(weighted share of the terms found, char offsets in ``text`` of the words that
        matched). ``speaker``: who said it (a term naming them is found); ``extra``: more words
        that describe the same thing (an event's aliases) — found, but with no offset."""
        lex, pos, _ = self.match_core(text, speaker, extra)
        return lex, pos

    def match_core(
        self, text: str, speaker: str = "", extra: str = "", context: str = ""
    ) -> tuple[float, list[int], bool]:
        """``match`` and whether a word of substance matched (not only a speaker's name or a
        light verb). ``context``: the turns that led up to it — a word found only there counts
        ``CONTEXT_WEIGHT`` of its weight, and is no word of substance."""
        if not self.terms:
            return 0.0, [], False
        doc = _stem_positions(text)
        spk = _stem_positions(speaker) if speaker else {}
        more = _stem_positions(extra) if extra else {}
        led = _stem_positions(context) if context else {}
        got = led_got = 0.0
        core = own = False
        pos: list[int] = []
        for t in self.terms:
            hits = [p for s in _found(t.stem, doc) for p in doc[s]]
            weight = t.weight
            if not hits and not (t.stem in spk or _found(t.stem, more)):
                # another word for it ("mailed" for "send"), worth a little less
                hits = [p for s in _NEAR.get(t.stem, ()) if s in doc for p in doc[s]]
                weight = NEAR_WEIGHT * t.weight
            if hits:
                pos += hits
            elif not (t.stem in spk or _found(t.stem, more)):
                if not t.speaker and _found(t.stem, led):
                    led_got += CONTEXT_WEIGHT * t.weight
                continue
            got += weight
            core = core or not (t.light or t.speaker)
            own = own or not t.speaker
        # what surrounds it counts beside an asked word of its own, or when it points back ("it's
        # on 27 april"); not beside a name only ("a lab! we also went to the beach yesterday" is
        # not about the puppy the message before it named)
        tied = own or bool(led_got and _POINTS_BACK.match(text))
        return (got + (led_got if tied else 0.0)) / self.total, sorted(pos), core


# ------------------------------------------------------------------------------------------
# sentences and time phrases
# ------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def sentences(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) char offsets of the sentences of ``text``."""
    out = []
    pos = 0
    for m in _SENT_END.finditer(text):
        if m.start() > pos:
            out.append((pos, m.start()))
        pos = m.end()
    if pos < len(text):
        out.append((pos, len(text)))
    return tuple(out) or ((0, len(text)),)


def sentence_at(text: str, pos: int) -> int:
    for i, (_a, b) in enumerate(sentences(text)):
        if pos < b or i == len(sentences(text)) - 1:
            return i
    return 0


def is_question(sentence: str) -> bool:
    return sentence.rstrip(' "”’)').endswith("?")


@lru_cache(maxsize=4096)
def _spans(text: str, said: datetime):
    """The time phrases of ``text`` read as the extractor reads them: chat spelling first ("were
    making tamales saturday" is "we're …", the coming Saturday), offsets in ``text``'s own."""
    from chronos_cli.extract.clean import normalize
    from chronos_cli.temporal import resolve

    try:
        read = normalize(text) if len(text) <= _RESPELL_MAX else text  # mapping back costs the square of the length
        spans = resolve(read, said)
    except Exception:  # noqa: BLE001 - a text the engine cannot read: no phrase, not no answer
        return ()
    if read == text:
        return tuple(spans)
    at = _offsets(read, text)
    out = []
    for sp in spans:
        a, b = at(sp.start_char), at(sp.end_char)
        if b > a:
            out.append(sp.model_copy(update={"start_char": a, "end_char": b, "text": text[a:b]}))
    return tuple(out)


_RESPELL_MAX = 2000


def _offsets(read: str, text: str):
    """Maps an offset in ``read`` (``text`` respelled) to the offset in ``text``."""
    from difflib import SequenceMatcher

    blocks = SequenceMatcher(None, read, text, autojunk=False).get_matching_blocks()

    def at(i: int) -> int:
        for a, b, n in blocks:
            if a <= i <= a + n:
                return b + (i - a)
            if i < a:
                return b  # inside a respelled stretch: where the typed text goes on matching
        return len(text)

    return at


# phrases that say since when something has lasted ("for 3 years now", "since January")
SINCE_RULES = frozenset({"duration_since", "since"})
# where such a phrase dates what is asked: "" nowhere, "turn" anywhere in the turn ("how long
# have I had it?"), "sentence" in the sentence of the matched words ("when did I start …?")
Since = Literal["", "turn", "sentence"]


def _nearest(spans, anchors: list[int]):
    """The span nearest any of ``anchors`` (char offsets)."""
    return min(spans, key=lambda s: min((abs(s.start_char - p) for p in anchors), default=0))


_LIST_ITEM = re.compile(r"(?m)^[ \t]*(?:\d{1,2}[.)]|[-*•])[ \t]+\S")


def _list_item(text: str, anchors: list[int]) -> tuple[int, int] | None:
    """The bounds of the line holding the first anchor, when ``text`` is a list (two or more
    lines opened by "1.", "2)", "-", "•"); None when it is not."""
    if "\n" not in text or len(_LIST_ITEM.findall(text)) < 2:
        return None
    p = anchors[0]
    lo = text.rfind("\n", 0, p) + 1
    hi = text.find("\n", p)
    return lo, len(text) if hi < 0 else hi


def date_in_turn(text: str, said: datetime, anchors: list[int], *, since: Since = ""):
    """The time phrase that dates what is said at ``anchors`` (char offsets): the nearest one in
    the same sentence, else the closest one in an earlier sentence (the story goes on from it),
    else the first past one in a later sentence.
    Phrases in questions do not date anything. ``since``: a phrase that says how long something
    has lasted comes first — anywhere in the turn ("turn": "how long have I had…?"), or in the
    sentence of the matched words ("sentence": "when did I start…?"). None: the turn gives no
    time."""
    spans = [
        s for s in _spans(text, said) if not _in_question(text, s.start_char) and not _pictures(text, s.start_char)
    ]
    if not spans:
        return None
    if since == "turn":
        lasting = [s for s in spans if s.rule in SINCE_RULES]
        if lasting:
            return _nearest(lasting, anchors)
    sents = sentences(text)
    if not anchors:
        anchors = [0]
    item = _list_item(text, anchors)
    if item is not None:  # a list's items are each their own: "1. dentist on Thursday" dates no other item
        spans = [s for s in spans if item[0] <= s.start_char < item[1]]
        if not spans:
            return None
    # the sentence holding most of the matched words
    counts: dict[int, int] = {}
    for p in anchors:
        i = sentence_at(text, p)
        counts[i] = counts.get(i, 0) + 1
    best_i = max(counts, key=lambda i: (counts[i], -i))
    lo, hi = sents[best_i]
    here = [s for s in spans if lo <= s.start_char < hi]
    mine = [p for p in anchors if lo <= p < hi] or anchors
    lasting = [s for s in here if s.rule in SINCE_RULES] if since == "sentence" else []
    if lasting or here:
        return _nearest(lasting or here, mine)
    before = [s for s in spans if s.start_char < lo]
    if before:
        return max(before, key=lambda s: s.start_char)
    # the turn's only time comes after ("My friends are my rocks. Here's a pic from when we
    # met up last week!"): the nearest one that is not a plan of its own
    after = [s for s in spans if s.start_char >= hi and s.start <= said]
    if after:
        return min(after, key=lambda s: s.start_char)
    return None


# "the stain's clear IN THE pic from 2021": something seen in a picture taken then, not the time of
# what is told ("here's a pic from last week" presents the picture: its time is the story's)
_PICTURE_FROM = re.compile(
    r"\b(?:in|on)\s+(?:the|my|this|that|these|those|our|his|her|their|your)\s+"
    r"(?:pics?|pictures?|photos?|snaps?|shots?|selfies?|videos?)\s+from\s+$",
    re.I,
)


def _pictures(text: str, pos: int) -> bool:
    return bool(_PICTURE_FROM.search(text, max(0, pos - 40), pos))


def _a_pictures_time(e: EventHit, text: str) -> bool:
    """An event dated by the time a picture it sees into was taken ("the stain's clear in the pic
    from 2021")."""
    at = text.find(e.time_expression) if e.time_expression else -1
    return at >= 0 and _pictures(text, at)


def _in_question(text: str, pos: int) -> bool:
    a, b = sentences(text)[sentence_at(text, pos)]
    return is_question(text[a:b])


def sentence_of(text: str, pos: int, phrase_at: int | None = None) -> str:
    """The sentence at ``pos``; with the sentence of the dating phrase before it when that is
    another one ("Something happened last Friday. … I went to a game convention")."""
    i = sentence_at(text, pos)
    a, b = sentences(text)[i]
    out = text[a:b].strip()
    if phrase_at is not None:
        j = sentence_at(text, phrase_at)
        if j != i:
            c, d = sentences(text)[j]
            other = text[c:d].strip()
            out = f"{other} … {out}" if j < i else f"{out} … {other}"
    return out


# ------------------------------------------------------------------------------------------
# occurrences
# ------------------------------------------------------------------------------------------


@dataclass
class Occurrence:
    """One hit read as something that happened on a date."""

    hit: TurnHit | EventHit  # what is cited
    text: str  # the source turn's text (an event's evidence when its turn was not retrieved)
    speaker: str
    role: str
    said: datetime
    session_id: str
    title: str
    turn_ids: list[str]
    start: datetime
    end: datetime
    granularity: str
    dated: bool  # by a time phrase, not only by the day it was said
    phrase: str | None
    sentence: str  # the sentence it stands in
    lex: float
    sem: float
    planned: bool = False
    cancelled: bool = False
    asked: bool = False
    habitual: bool = False
    head: bool = False  # an event whose subject, verb or head noun is one of the asked words
    who: bool = True  # said by (or about, as an event's subject) the person the question names
    core: bool = True  # a word of substance matched (not only the speaker's name, a light verb)
    rule: str | None = None  # the time rule that dated it (None: an event's own range, or none)
    news_since: datetime | None = None  # told as news: it happened after the speakers last talked
    turn_index: int | None = None  # the place of its turn in its session (None: the turn is not at hand)

    @property
    def event(self) -> EventHit | None:
        return self.hit if isinstance(self.hit, EventHit) else None

    @property
    def day(self):
        return self.start.date()

    @property
    def key(self) -> str:
        return self.hit.id

    def happened(self) -> bool:
        """Told as a thing that took place (not a plan, a question, a habit or called off)."""
        return not (self.planned or self.cancelled or self.asked or self.habitual)


def _day_bounds(d: datetime) -> tuple[datetime, datetime]:
    day = d.date()
    return datetime.combine(day, time.min), datetime.combine(day, time.max)


_BOOKED = re.compile(r"\b(?:booked|scheduled)\b", re.I)


def _flags(sentence: str, start: datetime, said: datetime, own: tuple[str, str] | None = None) -> dict[str, bool]:
    """``own``: where the extractor parsed the occurrence's own clause, its modality (the verb, or
    a plan opening its object) and its words (verb and object): a plan or a habit is read there
    ("is going to visit", "is looking | forward to starting", "walk | my dog every morning"), not
    in another clause of its sentence ("you won't believe it - I got mentored yesterday", "… I
    usually hate mornings"); a frequency word before the verb is not seen ("I usually went hiking
    in 2020": the extractor drops such habits itself). Calling off is told after it ("I had a
    dentist appointment yesterday but I cancelled it"): read in the whole sentence."""
    lead, words = own if own is not None else (sentence, sentence)
    lead = normalize(lead)  # as typed: "ill be there at 7" is "I'll be there at 7"
    if start.date() < said.date():  # "Ron booked our flights last night": the booking is done
        lead = _BOOKED.sub("", lead)
    return {
        "planned": start.date() > said.date() or bool(PLANNED.search(lead)),
        "cancelled": bool(CANCELLED.search(sentence)),
        "asked": is_question(sentence) and not (own is not None and _asked_after(sentence, words)),
        "habitual": bool(HABITUAL.search(words)),
    }


# what opens a clause of its own after an occurrence's words: "…, and", "but", "so", "then"
_NEXT_CLAUSE = re.compile(r"[,;]|\b(?:and|but|so|then|cause|because|lol)\b", re.I)


def _asked_after(sentence: str, words: str) -> bool:
    """The question mark ends a later clause than the occurrence's own ("maya took me to her
    climbing gym yesterday and I think I'm obsessed??"): a statement, then a question."""
    last = _WORD.findall(words)[-1:] if words else []
    at = sentence.lower().rfind(last[0].lower()) if last else -1
    return at >= 0 and bool(_NEXT_CLAUSE.search(sentence[at + len(last[0]) :]))


def told(text: str) -> str:
    """``text`` without photo captions (same length: offsets stay valid)."""
    return _CAPTION.sub(lambda c: " " * len(c.group(0)), text)


def turn_occurrence(t: TurnHit, m: Matcher, sem: float, *, since: Since = "", context: str = "") -> Occurrence:
    """A turn as an occurrence, dated by the phrase nearest its matched words; ``context``: the
    turns that led up to it."""
    text = told(t.text)
    lex, pos, core = m.match_core(text, t.speaker, context=context)
    sp = date_in_turn(text, t.t_conv, pos, since=since)
    anchor = pos[len(pos) // 2] if pos else 0
    rule = None
    if sp is not None:
        start, end, gran, phrase, dated, rule = sp.start, sp.end, sp.granularity, sp.text, True, sp.rule
        anchor = sp.start_char if not pos else anchor
    else:
        (start, end), gran, phrase, dated = _day_bounds(t.t_conv), "day", None, False
    sent = sentence_of(text, anchor, sp.start_char if sp is not None else None)
    return Occurrence(
        hit=t,
        text=t.text,
        speaker=t.speaker,
        role=t.role,
        said=t.t_conv,
        session_id=t.session_id,
        title=t.title,
        turn_ids=[t.turn_id],
        start=start,
        end=end,
        granularity=gran,
        dated=dated,
        phrase=phrase,
        sentence=sent,
        lex=lex,
        sem=sem,
        rule=rule,
        core=core,
        who=m.names(t.speaker),
        turn_index=t.turn_index,
        **_flags(sent, start, t.t_conv),
    )


_PREP = re.compile(
    r"\s+\b(of|in|at|on|for|with|to|from|by|about|via|into|after|before|during|near|around|up|down)\b", re.I
)


def _heads(e: EventHit) -> set[str]:
    """The stems that say what an event is: its verb, the last word of its subject and the head
    noun of its object (the last word before a preposition: "my half marathon PLAN",
    "a CLEANING at the dentist")."""
    out = {lemma_stem(w) for w in _WORD.findall(e.verb)[:1]}
    for phrase in (e.subject, _PREP.split(e.object)[0] if e.object else ""):
        words = _WORD.findall(phrase)
        if words:
            out.add(lemma_stem(words[-1]))
    return out


def event_occurrence(
    e: EventHit, m: Matcher, sem: float, turn: TurnHit | None, *, since: Since = "", context: str = ""
) -> Occurrence:
    """An event as an occurrence. Its words are its subject–verb–object and aliases (and, at less
    weight, ``context``: the turns that led up to its own); an undated event takes the phrase
    nearest it in its turn, else the day it was said."""
    lex, _, core = m.match_core(f"{e.subject} {e.verb} {e.object}", e.subject, " ; ".join(e.aliases), context)
    text = told(turn.text if turn is not None else (e.evidence or e.text))
    said = e.t_conv
    at = text.find(e.evidence[:60]) if e.evidence else -1
    if at < 0:
        at = 0
    rule = None
    # the event's own words in its turn anchor the search for a phrase
    obj = [p + at for s, p in tokens(e.evidence or "") if any(_same(s, o) for o, _ in tokens(e.object))]
    sp = date_in_turn(text, said, obj or [at], since=since) if since else None
    if sp is not None and sp.rule in SINCE_RULES:
        start, end, gran, phrase, dated, rule = sp.start, sp.end, sp.granularity, sp.text, True, sp.rule
    elif e.start is not None and e.time_source != "news" and not _a_pictures_time(e, text):
        sp = None
        start, end, gran, phrase, dated = e.start, e.end, e.granularity, e.time_expression, True
    else:
        sp = date_in_turn(text, said, obj or [at])
        if sp is not None and e.time_source == "news" and not (e.start <= sp.start and sp.end <= e.end):
            sp = None  # news since the last talk: another sentence's "last week" does not date it
        if sp is not None:
            start, end, gran, phrase, dated, rule = sp.start, sp.end, sp.granularity, sp.text, True, sp.rule
        else:
            (start, end), gran, phrase, dated = _day_bounds(said), "day", None, False
    heads = _heads(e)
    head = any(not (t.light or t.speaker) and any(_same(h, t.stem) for h in heads) for t in m.terms)
    if sp is not None:  # dated by a phrase of its turn: quote both
        sent = sentence_of(text, obj[0] if obj else at, sp.start_char)
    else:
        sent = e.evidence.strip() if e.evidence else sentence_of(text, at)
    return Occurrence(
        hit=e,
        text=text,
        speaker=turn.speaker if turn is not None else e.subject,
        role=turn.role if turn is not None else "other",
        said=said,
        session_id=e.session_id,
        title=turn.title if turn is not None else "",
        turn_ids=list(e.source_turn_ids),
        start=start,
        end=end,
        granularity=gran,
        dated=dated,
        phrase=phrase,
        sentence=sent,
        lex=lex,
        sem=sem,
        head=head,
        rule=rule,
        core=core,
        # news is dated as the day it was told, which its window (since the last talk) bounds
        news_since=e.start if e.time_source == "news" and not dated else None,
        who=m.names(e.subject) or m.names(turn.speaker if turn is not None else ""),
        turn_index=turn.turn_index if turn is not None else None,
        **_flags(sent, start, said, own=_own_clause(e)),
    )


# a booking is done the day it is told ("I booked a flight yesterday", "I've booked …"): its
# occasion is the plan
_DONE_AHEAD = re.compile(r"^(?:(?:has|have|had|'ve|just)\s+)*(?:booked|scheduled)\b", re.I)
# a plan that opens an event's object: "is looking | forward to starting", "has got | plans to repaint"
_PLAN_OBJECT = re.compile(r"^(?:forward to|plans? (?:to|on)|about to)\b", re.I)


def _own_clause(e: EventHit) -> tuple[str, str] | None:
    """An event's own clause: its modality — a parsed event's verb ("will start", "is going to
    visit") with its object's first word, or a plan opening its object; a booking is done when
    told — and its words. A mention's clause is as said."""
    if getattr(e, "kind", "event") == "mention":
        return e.object, e.object
    if not e.verb:
        return None
    obj = e.object.strip()
    opens = _PLAN_OBJECT.match(obj)
    # the object's first word says whether "going to" goes somewhere ("was going to | the beach")
    lead = f"{_DONE_AHEAD.sub('', e.verb.strip())} {opens.group(0) if opens else ' '.join(obj.split()[:1])}"
    return lead.strip(), f"{e.verb} {obj}".strip()


def asks_plan(question: str) -> bool:
    """ "When is Nate hosting…?", "What month did Ana plan to…?": the answer is a plan's date."""
    return bool(_ASKS_PLAN.search(question) or _ASKS_FUTURE.search(question))
