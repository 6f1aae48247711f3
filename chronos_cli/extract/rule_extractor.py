"""The offline rule extractor: turns → ⟨subject, verb, object⟩ events, no model needed.

A light heuristic clause parser, fast enough to keep offline indexing close to the embedder's
speed (one regex tokenisation and one temporal-engine call per turn):

1. Split a turn into sentences; questions are not events (but are kept as context for the
   next turn's short answer), greetings and opinions yield nothing.
2. In each sentence find subjects: "I"/"we" (→ the speaker), "my X" (→ "<speaker>'s X"), a
   capitalised name followed by a verb (a session speaker or any name), or a clause that starts
   with a past-tense verb and no subject ("Lost my job yesterday" → the speaker).
3. After a subject: auxiliaries and adverbs, control verbs ("started hitting", "going to
   visit", "thinking about going"), the main verb, a particle and one preposition
   ("signed up for", "went to") form the verb; the object is the rest of the clause up to a
   time expression, punctuation or a conjunction. Negated clauses, copulas with adjectives
   ("I'm so happy") and mental verbs ("I think", "I love it") are skipped.
4. The time expression nearest the clause (the engine's spans of the turn, assigned by
   position) dates the event against the turn's t_conv (``rule``); no cue → ``said_on``.
   A state with a duration ("I've had them for 3 years") is dated from its beginning by the
   engine. A short answer ("Last Friday!") to the previous turn's question ("When did you go
   to the museum?") takes its action from the question, with the answerer as subject.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.common import clean_aliases, dedup, naive, resolve_spans, said_on
from chronos_cli.models import Event, Session, Turn

NAME = "rules-v1"
MAX_EVENTS_PER_TURN = 4
MAX_OBJECT_TOKENS = 10

_TOKEN = re.compile(r"[A-Za-z0-9]+(?:[-][A-Za-z0-9]+)*\+?|'[A-Za-z]+|[^\sA-Za-z0-9]")
_SENT = re.compile(r"[^.!?\n]+(?:[.!?]+|$)|[.!?\n]+")
_PUNCT_BREAK = set(".,;:!?()[]–—-…/")
_STATE_ADJ = {
    "open",
    "closed",
    "live",
    "ready",
    "done",
    "finished",
    "engaged",
    "married",
    "pregnant",
    "retired",
    "sick",
    "hurt",
    "injured",
    "divorced",
    "single",
    "vegan",
    "unemployed",
    "sober",
}

# verb forms
_PAST: dict[str, str] = {}
_PART: dict[str, str] = {}
_FORMS: dict[str, str] = {}  # any known verb form -> lemma
for _b, (_p, _pp) in L.IRREGULAR.items():
    _PAST[_p] = _b
    _PART[_pp] = _b
    for f in (_b, _p, _pp, _b + "s", _b + "ing", (_b[:-1] if _b.endswith("e") else _b) + "ing"):
        _FORMS.setdefault(f, _b)
_FORMS["goes"] = "go"
_FORMS["has"] = "have"
_FORMS["does"] = "do"


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
    _PAST.setdefault(_ed, _b)
    _PART.setdefault(_ed, _b)
    for f in (_b, _ed, _ing, _s):
        _FORMS.setdefault(f, _b)

_ING_CONTROL = {
    "start",
    "started",
    "starting",
    "stop",
    "stopped",
    "keep",
    "kept",
    "continue",
    "continued",
    "finish",
    "finished",
    "begin",
    "began",
    "try",
    "tried",
    "consider",
    "considering",
    "considered",
    "love",
    "loved",
    "like",
    "liked",
    "enjoy",
    "enjoyed",
}
_FRONT_DET = {"these", "this", "that", "those", "the", "a", "an", "my", "our"}
_PRONOUN_SUBJ = {"I", "we", "We"}
_POSSESSIVE = {"my", "My", "our", "Our"}
_TIME_WORDS = {
    "yesterday",
    "today",
    "tonight",
    "tomorrow",
    "ago",
    "lately",
    "recently",
    "earlier",
    "now",
    "again",
    "too",
    "already",
    "soon",
    "last",
    "next",
    "this",
    "past",
    "tho",
    "though",
    "anyway",
}


def lemma(w: str) -> str:
    w = w.lower()
    if w in _FORMS:
        return _FORMS[w]
    if w.endswith("ied") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("ed") and len(w) > 4:
        stem = w[:-2]
        if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls":
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


def _is_verbish(w: str, *, after_aux: bool) -> bool:
    lw = w.lower()
    if lw in _FORMS:
        return True
    if lw.endswith("ed") and len(lw) > 4:
        return True
    return bool(after_aux and lw.endswith("ing") and len(lw) > 4)


def _is_past(w: str) -> bool:
    lw = w.lower()
    return lw in _PAST or (lw.endswith("ed") and len(lw) > 4 and lw not in ("need", "indeed", "speed"))


@dataclass
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


def _tokens(text: str, offset: int = 0) -> list[Tok]:
    return [Tok(m.group(), m.group().lower(), m.start() + offset, m.end() + offset) for m in _TOKEN.finditer(text)]


def _norm_aux(w: str, nxt: str | None) -> str:
    m = {
        "'m": "is",
        "am": "is",
        "are": "is",
        "'re": "is",
        "were": "was",
        "'ve": "has",
        "have": "has",
        "'ll": "will",
        "'s": "is",
    }
    if w == "'d":
        return "would" if nxt and nxt in _FORMS and _FORMS[nxt] == nxt else "had"
    return m.get(w, w)


class RuleExtractor:
    """Offline, deterministic; see the module docstring."""

    name = NAME

    def __init__(self) -> None:
        from chronos_cli.providers.llm import Usage

        self._span_starts: set[int] = set()
        self.usage = Usage()  # no model, no cost: the totals stay 0

    # -- public ---------------------------------------------------------------------------

    def extract(self, sessions: Sequence[Session]) -> list[list[Event]]:
        return [self.extract_session(s) for s in sessions]

    def extract_session(self, session: Session) -> list[Event]:
        speakers = {t.speaker for t in session.turns if t.speaker and t.speaker[:1].isupper()}
        out: list[Event] = []
        prev: Turn | None = None
        prev_questions: list[str] = []
        for turn in session.turns:
            if turn.role == "assistant":  # "I" of an assistant is not the person whose memory this is
                prev, prev_questions = turn, []
                continue
            qs: list[str] = []
            evs = self.extract_turn(
                session, turn, speakers, prev_questions if prev and prev.speaker != turn.speaker else [], qs
            )
            out.extend(evs)
            prev, prev_questions = turn, qs
        return dedup(out)

    # -- per turn -------------------------------------------------------------------------

    def extract_turn(
        self, session: Session, turn: Turn, speakers: set[str], prev_questions: list[str], questions_out: list[str]
    ) -> list[Event]:
        text = turn.text.replace("\u2019", "'").replace("\u2018", "'")
        spans = resolve_spans(text, turn.t_conv)
        events: list[Event] = []
        first = True
        pending = None  # (span, sentence, toks): a time expression whose sentence had no action
        for m in _SENT.finditer(text):
            sent = m.group()
            if not sent.strip():
                continue
            s0 = m.start()
            if sent.rstrip().endswith("?"):
                questions_out.append(sent.strip())
                first = False
                continue
            toks = _tokens(sent, s0)
            if not toks:
                continue
            sent_spans = [sp for sp in spans if s0 <= sp.start_char < m.end()]
            self._span_starts = {sp.start_char for sp in sent_spans}
            clauses = self._clauses(toks, turn.speaker, speakers)
            n_before = len(events)
            if not clauses and first and prev_questions and sent_spans and len(toks) <= 10:
                # a short answer: "Last Friday!" to "When did you go to the museum?"
                ev = self._answer_event(session, turn, prev_questions, sent_spans, sent.strip(), speakers)
                if ev is not None:
                    events.append(ev)
                    sent_spans = []
            first = False
            owners = _assign_spans(clauses, sent_spans, toks)
            if pending is not None and not sent_spans and any(c.obj_toks for c in clauses):
                # "Last weekend was great. We went camping.": the time of the sentence before
                owners = {next(i for i, c in enumerate(clauses) if c.obj_toks): pending[0]}
                pending = None
            used: set[int] = set()
            for i, c in enumerate(clauses):
                ev = self._event(session, turn, c, owners.get(i), sent.strip())
                if ev is not None:
                    events.append(ev)
                    if ev.time_source == "rule":
                        used.add(owners[i].start_char)
            if pending is not None:
                events.append(self._fallback(session, turn, *pending, [], speakers))
                pending = None
            events = [e for e in events if e is not None]
            unused = [sp for sp in sent_spans if sp.start_char not in used]
            if unused and not clauses and len(events) == n_before and _leads(unused[0], toks):
                pending = (unused[0], sent.strip(), toks)
                unused = unused[1:]
            for sp in unused[:1]:
                events.append(self._fallback(session, turn, sp, sent.strip(), toks, clauses, speakers))
        if pending is not None:
            events.append(self._fallback(session, turn, *pending, [], speakers))
        events = [e for e in events if e is not None]
        if len(events) > MAX_EVENTS_PER_TURN:  # dated events first
            events = [e for e in events if e.time_source == "rule"] + [e for e in events if e.time_source != "rule"]
        return events[:MAX_EVENTS_PER_TURN]

    def _fallback(self, session, turn, sp, sentence, toks, clauses, speakers) -> Event | None:
        """A time expression that dated no clause still dates one event: the clause that holds it
        (even without an object), else the sentence's subject and main verb, else "mentioned"."""
        if any(t.low in L.NEG or t.low in L.NEG_STEMS for t in toks):
            return None  # "I didn't go yesterday" is no event
        body = [t for t in toks if not (sp.start_char <= t.start < sp.end_char)]
        c = next((c for c in reversed(clauses) if c.verb_toks and c.verb_toks[0].start <= sp.start_char), None)
        if c is not None:
            subject, verb = c.subject, c.verb
            obj = [t for t in c.obj_toks if t in body]
            if not obj:
                obj = _front_np(toks, c.subj_start)
        else:
            subject, verb, obj = _loose_clause(body, turn.speaker, speakers)
        if not obj or all(t.low in _PRONOUN_OBJ for t in obj):
            extra = _segment_np(body, toks, sp)
            obj = obj + [t for t in extra if t not in obj]
        obj = obj[:MAX_OBJECT_TOKENS]
        while obj and (
            obj[-1].low in L.PREPOSITIONS
            or obj[-1].low in L.DETERMINERS
            or obj[-1].low in L.CLAUSE_BREAK
            or obj[-1].low in L.ADVERBS
        ):
            obj.pop()
        e = Event(
            namespace=session.namespace,
            session_id=session.session_id,
            source_turn_ids=[turn.turn_id],
            subject=subject,
            verb=verb,
            object=_join(obj),
            time_expression=sp.text,
            start=sp.start,
            end=sp.end,
            granularity=sp.granularity,
            time_source="rule",
            t_conv=naive(turn.t_conv),
            evidence=sentence[:400],
            extractor=NAME,
        )
        core = _core(e.object)
        e.aliases = clean_aliases([f"{lemma(verb.split()[-1]) if verb else ''} {core}".strip(), core], e)
        return e

    def _answer_event(self, session, turn, prev_questions, spans, sentence, speakers) -> Event | None:
        for q in reversed(prev_questions):
            toks = _tokens(q.replace("\u2019", "'"))
            for i, t in enumerate(toks):
                if t.low == "you":
                    c = self._parse_from(toks, i + 1, turn.speaker, subj_start=i, after_aux=True)
                    if c is not None and c.obj_toks:
                        return self._event(session, turn, c, spans[0], sentence)
        return None

    # -- clause parsing -------------------------------------------------------------------

    def _clauses(self, toks: list[Tok], speaker: str, speakers: set[str]) -> list[Clause]:
        out: list[Clause] = []
        i, n = 0, len(toks)
        while i < n:
            t = toks[i]
            c: Clause | None = None
            if t.text in _PRONOUN_SUBJ:
                c = self._parse_from(toks, i + 1, speaker, subj_start=i)
            elif t.text in _POSSESSIVE and i + 1 < n:
                c = self._possessive(toks, i, speaker)
            elif (
                t.text[:1].isupper()
                and t.text not in L.NOT_NAMES
                and t.text.isalpha()
                and i + 1 < n
                and t.low not in L.BE
                and t.low not in L.HAVE
            ):
                if t.text in speakers or (
                    _is_verbish(toks[i + 1].low, after_aux=False) and toks[i + 1].low not in ("and",)
                ):
                    c = self._parse_from(toks, i + 1, t.text, subj_start=i, named=True)
                    if (
                        c is None
                        and (i == 0 or toks[i - 1].text in _PUNCT_BREAK)
                        and _is_past(t.low)
                        and t.low in _PAST
                    ):
                        c = self._parse_from(toks, i, speaker, subj_start=i)
                elif (i == 0 or toks[i - 1].text in _PUNCT_BREAK) and t.low in _PAST:
                    c = self._parse_from(toks, i, speaker, subj_start=i)
            elif (
                (i == 0 or toks[i - 1].text in _PUNCT_BREAK or toks[i - 1].low in ("and", "then", "so"))
                and t.low in _PAST
                and t.low not in ("had", "did", "was", "were", "said", "thought", "felt", "saw", "heard")
            ):
                c = self._parse_from(toks, i, speaker, subj_start=i)
            if c is not None:
                out.append(c)
                i = max(c.end_tok, i + 1)
            else:
                i += 1
        return out

    def _possessive(self, toks: list[Tok], i: int, speaker: str) -> Clause | None:
        # "my son got into an accident" → subject "<speaker>'s son"
        j = i + 1
        noun: list[str] = []
        while (
            j < len(toks)
            and len(noun) < 3
            and toks[j].text.isalpha()
            and toks[j].low not in L.BE
            and toks[j].low not in L.HAVE
            and toks[j].low not in L.CLAUSE_BREAK
            and not _is_past(toks[j].low)
        ):
            noun.append(toks[j].text)
            j += 1
        if not noun or j >= len(toks):
            return None
        if not (
            _is_past(toks[j].low)
            or toks[j].low in ("has", "have", "'ve", "is", "'s", "are", "'re", "was", "were", "will", "'ll")
        ):
            return None
        return self._parse_from(toks, j, f"{speaker}'s {' '.join(noun)}", subj_start=i)

    def _parse_from(
        self, toks: list[Tok], j: int, subject: str, *, subj_start: int, named: bool = False, after_aux: bool = False
    ) -> Clause | None:
        n = len(toks)
        verb: list[Tok] = []
        words: list[str] = []
        saw_be = saw_have = False
        k = j
        # auxiliaries, negation, adverbs
        while k < n:
            w = toks[k].low
            if w in L.NEG or w in L.NEG_STEMS and k + 1 < n and toks[k + 1].low == "'t":
                return None
            if w in L.ADVERBS and w != "so":
                k += 1
                continue
            nxt = toks[k + 1].low if k + 1 < n else None
            if w in L.BE or (w == "'s" and named):
                saw_be = True
                words.append(_norm_aux(w, nxt))
                verb.append(toks[k])
                k += 1
                continue
            if w in L.HAVE or w in L.MODAL:
                # "had a quiet weekend" / "did a 5K": main verb unless a verb form follows
                m = k + 1
                while m < n and toks[m].low in L.ADVERBS and toks[m].low != "so":
                    m += 1
                if m < n and (
                    _is_verbish(toks[m].low, after_aux=True)
                    or toks[m].low in L.BE
                    or toks[m].low in L.NEG
                    or toks[m].low in ("gonna", "got")
                ):
                    saw_have = saw_have or w in L.HAVE
                    words.append(_norm_aux(w, toks[m].low))
                    verb.append(toks[k])
                    k += 1
                    continue
            break
        if k >= n:
            return None
        # control verbs and the main verb
        main: Tok | None = None
        while k < n:
            t = toks[k]
            w = t.low
            nxt = toks[k + 1].low if k + 1 < n else ""
            nxt2 = toks[k + 2].low if k + 2 < n else ""
            if w in ("gonna", "wanna", "gotta") and nxt and _is_verbish(nxt, after_aux=True):
                words.append(w)
                verb.append(t)
                k += 1
                continue
            if (
                w in L.CONTROL
                and nxt in L.CONTROL_LINKS
                and nxt2
                and (nxt2 in _FORMS or nxt2.endswith("ing"))
                and nxt2 not in L.DETERMINERS
            ):
                words += [w, nxt]
                verb += [t, toks[k + 1]]
                k += 2
                continue
            if w in _ING_CONTROL and nxt.endswith("ing") and len(nxt) > 4 and nxt in _FORMS:
                words.append(w)
                verb.append(t)
                k += 1
                continue
            main = t
            break
        if main is None:
            return None
        w = main.low
        if saw_be and w in _STATE_ADJ:  # "my store is open", "I'm engaged"
            words.append(w)
            verb.append(main)
            return self._finish(toks, k + 1, subject, subj_start, verb[:-1], words[:-1], "be", obj_first=main)
        if saw_be and verb[-1:] != [main] and not _is_verbish(w, after_aux=True):
            # copula: "I was in Paris" is a state worth keeping; "I'm so happy" is not
            if w in L.STATE_PREPS and words[-1:] != ["so"]:
                words.append(w)
                verb.append(main)
                return self._finish(toks, k + 1, subject, subj_start, verb, words, "be")
            return None
        if not _is_verbish(w, after_aux=saw_be or saw_have or bool(words) or after_aux):
            return None
        lem = lemma(w)
        if lem in L.MENTAL and not saw_have and not (words and words[-1] in L.CONTROL_LINKS):
            return None
        if lem in ("be",):
            return None
        words.append(w)
        verb.append(main)
        k += 1
        # particles and one preposition
        while k < n and toks[k].low in L.PARTICLES:
            words.append(toks[k].low)
            verb.append(toks[k])
            k += 1
        if k < n and toks[k].low in L.PREPOSITIONS and k + 1 < n and toks[k + 1].low not in L.OBJECT_STOP:
            words.append(toks[k].low)
            verb.append(toks[k])
            k += 1
        return self._finish(toks, k, subject, subj_start, verb, words, lem)

    def _finish(self, toks, k, subject, subj_start, verb, words, lem, obj_first: Tok | None = None) -> Clause:
        n = len(toks)
        obj: list[Tok] = [obj_first] if obj_first is not None else []
        while k < n and len(obj) < MAX_OBJECT_TOKENS:
            t = toks[k]
            if t.text in _PUNCT_BREAK or t.low in L.CLAUSE_BREAK or t.low in _TIME_WORDS:
                break
            if (t.text in _PRONOUN_SUBJ and obj) or t.start in self._span_starts:
                break
            obj.append(t)
            k += 1
        while obj and (obj[-1].low in L.PREPOSITIONS or obj[-1].low in L.DETERMINERS or obj[-1].low in L.ADVERBS):
            obj.pop()
        if not obj:  # fronted object: "These figurines I bought yesterday"
            back = []
            m = subj_start - 1
            while (
                m >= 0
                and toks[m].text.replace("-", "").isalnum()
                and toks[m].low not in L.CLAUSE_BREAK
                and len(back) < 5
            ):
                back.insert(0, toks[m])
                if toks[m].low in _FRONT_DET:
                    break
                m -= 1
            if (
                back
                and back[0].low in _FRONT_DET
                and len(back) > 1
                and not any(_is_verbish(x.low, after_aux=False) for x in back[1:])
            ):
                obj = back
        return Clause(
            subject=subject,
            subj_start=subj_start,
            verb_toks=verb,
            verb=" ".join(words),
            lemma=lem,
            obj_toks=obj,
            end_tok=k,
        )

    # -- events ---------------------------------------------------------------------------

    def _event(self, session: Session, turn: Turn, c: Clause, span, sentence: str) -> Event | None:
        if not c.obj_toks:
            return None
        obj = _join(c.obj_toks)
        if span is not None and span.text:
            # never keep the time phrase inside the object
            obj = obj.replace(span.text, "").strip(" ,")
            if not obj:
                return None
        if span is not None:
            start, end, gran, source, expr = span.start, span.end, span.granularity, "rule", span.text
        else:
            start, end, gran = said_on(turn.t_conv)
            source, expr = "said_on", None
        e = Event(
            namespace=session.namespace,
            session_id=session.session_id,
            source_turn_ids=[turn.turn_id],
            subject=c.subject,
            verb=c.verb,
            object=obj,
            time_expression=expr,
            start=start,
            end=end,
            granularity=gran,
            time_source=source,
            t_conv=naive(turn.t_conv),
            evidence=sentence[:400],
            extractor=NAME,
        )
        e.aliases = clean_aliases(_aliases(c, obj), e)
        return e


def _assign_spans(clauses: list[Clause], spans, toks: list[Tok]) -> dict[int, object]:
    """Each time expression dates one clause: the clause whose verb precedes it (a sentence-initial
    one dates the first clause), unless it stands apart after that clause's object and before the
    next clause's subject ("…, and yesterday I went …"), where it dates the next clause."""
    owners: dict[int, object] = {}
    if not clauses:
        return owners
    for sp in spans:
        i = 0
        for j, c in enumerate(clauses):
            if c.verb_toks and c.verb_toks[0].start <= sp.start_char:
                i = j
        c = clauses[i]
        if i + 1 < len(clauses) and sp.start_char < toks[clauses[i + 1].subj_start].start:
            obj_end = (c.obj_toks[-1].end if c.obj_toks else c.verb_toks[-1].end) if c.verb_toks else 0
            gap = sp.start_char - obj_end
            if gap > 1 and sp.start_char >= obj_end:
                between = [t for t in toks if obj_end <= t.start < sp.start_char]
                if any(t.text in _PUNCT_BREAK or t.low in L.CLAUSE_BREAK for t in between):
                    i += 1
        owners.setdefault(i, sp)
    return owners


_PRONOUN_OBJ = {"it", "that", "this", "them", "one", "so", "much"}
_GREET_TAIL = {"hey", "hi", "hello", "oh", "wow", "yeah", "yes", "well", "ok", "okay", "so", "hah", "haha", "lol"}


def _leads(sp, toks: list[Tok]) -> bool:
    """A day-or-wider time expression that opens its sentence ("Last weekend was great.")."""
    if sp.granularity in ("fuzzy", "range"):
        return False
    lead = [t for t in toks if t.start < sp.start_char]
    return all(t.text in _PUNCT_BREAK or t.low in _GREET_TAIL for t in lead)


def _front_np(toks: list[Tok], subj_start: int) -> list[Tok]:
    """The noun phrase fronted before a subject ("This book I read …" → "This book")."""
    back: list[Tok] = []
    m = subj_start - 1
    while m >= 0 and toks[m].text.replace("-", "").isalnum() and toks[m].low not in L.CLAUSE_BREAK and len(back) < 5:
        back.insert(0, toks[m])
        if toks[m].low in _FRONT_DET:
            return back
        m -= 1
    return []


def _loose_clause(body: list[Tok], speaker: str, speakers: set[str]) -> tuple[str, str, list[Tok]]:
    """Subject, verb and object of a sentence the clause parser gave up on: the speaker (or a
    named participant), the first verb after the subject as written, the rest of the clause."""
    subject, k = speaker, 0
    for i, t in enumerate(body):
        if t.text in _PRONOUN_SUBJ:
            k = i + 1
            break
        if (
            t.text in speakers
            and t.text != speaker
            and i + 1 < len(body)
            and (_is_verbish(body[i + 1].low, after_aux=True) or body[i + 1].low in L.BE or body[i + 1].low in L.HAVE)
        ):
            subject, k = t.text, i + 1
            break
    else:
        # no subject: a sentence-initial verb ("Finishing up the mural next week.")
        while k < len(body) and (
            body[k].text in _PUNCT_BREAK or body[k].low in _GREET_TAIL or body[k].text in speakers
        ):
            k += 1
        if not (k < len(body) and _is_verbish(body[k].low, after_aux=True)):
            return speaker, "mentioned", []
    words: list[str] = []
    while k < len(body) and (
        body[k].low in L.BE or body[k].low in L.HAVE or body[k].low in L.MODAL or body[k].low in L.ADVERBS
    ):
        if body[k].low not in L.ADVERBS:
            words.append(_norm_aux(body[k].low, body[k + 1].low if k + 1 < len(body) else None))
        k += 1
    if k < len(body) and _is_verbish(body[k].low, after_aux=True) and body[k].text not in _PUNCT_BREAK:
        words.append(body[k].low)
        k += 1
    if not words:
        return subject, "mentioned", []
    while k < len(body) and (body[k].low in L.PARTICLES or body[k].low in L.PREPOSITIONS) and len(words) < 6:
        words.append(body[k].low)
        k += 1
    obj: list[Tok] = []
    while k < len(body) and len(obj) < MAX_OBJECT_TOKENS:
        t = body[k]
        if t.text in _PUNCT_BREAK or t.low in L.CLAUSE_BREAK or (t.text in _PRONOUN_SUBJ and obj):
            break
        obj.append(t)
        k += 1
    return subject, " ".join(words), obj


def _segment_np(body: list[Tok], toks: list[Tok], sp) -> list[Tok]:
    """The words around a time expression within its punctuation-delimited segment: those before
    it ("that roadtrip [this past weekend] was …"), else those after it."""
    i = next((j for j, t in enumerate(toks) if t.start >= sp.start_char), len(toks))
    a = i
    while a > 0 and toks[a - 1].text not in _PUNCT_BREAK and toks[a - 1].low not in L.CLAUSE_BREAK:
        a -= 1
    before = [t for t in toks[a:i] if t in body and t.text not in _PRONOUN_SUBJ]
    for j in range(len(before) - 1, -1, -1):  # only the noun phrase right before it
        if (
            before[j].low in L.BE
            or before[j].low in L.HAVE
            or before[j].low in L.MODAL
            or _is_past(before[j].low)
            or before[j].text.startswith("'")
        ):
            before = before[j + 1 :]
            break
    if any(t.low not in L.DETERMINERS and t.low not in L.PREPOSITIONS for t in before):
        return before
    after: list[Tok] = []
    for t in toks[i:]:
        if t not in body:
            continue
        if not after and t.text.startswith("'"):
            continue
        if (
            t.text in _PUNCT_BREAK
            or t.low in L.CLAUSE_BREAK
            or t.text in _PRONOUN_SUBJ
            or len(after) >= MAX_OBJECT_TOKENS
            or t.low in L.BE
            or t.low in L.MODAL
            or t.low in L.HAVE
        ):
            break
        after.append(t)
    return after


def _join(toks: list[Tok]) -> str:
    out = ""
    prev_end = None
    for t in toks:
        if prev_end is not None and t.start > prev_end:
            out += " "
        out += t.text
        prev_end = t.end
    return out


def _core(obj: str) -> str:
    words = obj.split()
    while words and words[0].lower() in L.DETERMINERS:
        words.pop(0)
    return " ".join(words)


def _aliases(c: Clause, obj: str) -> list[str]:
    core = _core(obj)
    lem = c.lemma
    vw = c.verb.split()
    main_at = max((i for i, w in enumerate(vw) if lemma(w) == c.lemma), default=0)
    tail = [w for w in vw[main_at + 1 :] if w in L.PARTICLES or w in L.PREPOSITIONS]
    out = [" ".join([lem, *tail, core])]
    if core and core.lower() != obj.lower():
        out.append(core)
    nominal = L.NOMINAL.get(lem)
    if nominal and core:
        out.append(f"{core} {nominal}")
    elif core and core.lower() == obj.lower():
        out.append(f"{c.subject} {core}")
    return out
