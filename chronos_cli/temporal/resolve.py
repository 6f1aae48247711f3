"""Find every temporal expression in a text and resolve it against `now`.

Pipeline: cheap keyword pre-check → every rule's regex (skipped when its trigger words are
absent) → longest match wins (no overlaps) → resolve left to right (chained phrases take
the date that follows them, else the previous span) → combine: clock times onto their day,
approximate markers ("around Christmas"), ranges ("from A to B"), "since A", "until A".
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Literal

from chronos_cli.temporal import clock as C
from chronos_cli.temporal import holiday_calendar as H
from chronos_cli.temporal import lexicon as L
from chronos_cli.temporal.calendar_math import APPROX_MARGIN, add_months, approx_span
from chronos_cli.temporal.chat import standard_time_words
from chronos_cli.temporal.rules import ALL_TRIGGERS, BY_ID, MATCH_RULES
from chronos_cli.temporal.spans import Part, TimeSpan, day_end, day_start

F = re.I

# Any temporal expression contains one of these; sentences without one skip every rule.
_PRECHECK = re.compile(
    r"\d|day|night|week|fortnight|month|year|decade|hour|minute|\bmin|hr|ago|recent|lately|while"
    r"|tonight|tomorrow|spring|summer|fall|autumn|winter|christmas|xmas|easter|halloween|hallowe"
    r"|thanksgiving|valentine|quarter|\bq[1-4]|\bh[12]\b|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
    r"|morning|afternoon|evening|ties\b|holiday|first|second|third|fourth|fifth|sixth|seventh"
    r"|eighth|ninth|tenth|teenth|twent|thirt|eleventh|twelfth|last|final|penultimate"
    r"|noon|midnight|midday|o['’ ]?clock|half|\beo[dwmqy]\b|\bcob\b|close of business|\bnow\b"
    r"|patrick|paddy|juneteenth|gras|pancake|passover|pesach|hanuk|chanuk|rosh|kippur|purim|diwali"
    r"|deepavali|\bholi\b|\beid\b|\bnye\b|mayo|since|earlier"
    r"|\b(?:mon|tue|wed|thu|fri|sat|sun)",
    F,
)

# Tense cues. Future beats past (a sentence that plans is about the future). "last" and
# "next" are left out: they belong to the expressions they modify ("My last day at work is
# June 19" is about the coming June 19).
_FUTURE = re.compile(
    r"\b(?:will|shall|gonna|going\s+to|plan(?:s|ning)?\s+to|planning|hop(?:e|ing)\s+to|want\s+to|wanna"
    r"|would\s+like|intend|can'?t\s+wait|cannot\s+wait|look(?:ing)?\s+forward|upcoming|coming\s+up"
    r"|tomorrow|soon|about\s+to|scheduled|won'?t|(?:might|should)(?!\s+(?:have|'ve)\b))\b|'ll\b"
    # "would"/"'d" before a bare verb looks ahead ("she said they'd let us know by friday"); before a
    # participle "'d" is "had" ("I'd gone"), and "would have" looks back
    r"|(?:'d|\bwould)\s+(?:(?:really|probably|definitely|just|still|also|never|only)\s+)?"
    r"(?!(?:have|'ve|been|had|gone|done|seen|got|gotten|made|taken|left|known|told|said|met|heard|found|bought"
    r"|sent|given|written|\w+ed|\w+en)\b)[a-z]+\b"
    # "they can come monday morning", "i can't make it friday": what can be done is still to come
    # (not what one can tell, see or believe of what was: "I can't believe we went yesterday"; nor
    # "a can of beans")
    r"|\bcan(?:'?t|not)?\s+(?:(?:still|only|also|probably|definitely|just|finally)\s+)?"
    r"(?!(?:have|'ve|believe|imagine|remember|see|tell|say|feel|hear|understand|relate|thank|stand|wait|of)\b)[a-z]+\b"
    # "back at the dentist thurs for the filling", "back in the office monday": a return to come,
    # told with no verb
    r"|^\W*(?:(?:and|so|then|also|ugh)\s+)?back\s+(?:at|in|to|on)\s+(?!(?:\w+\s+){0,3}(?:was|were|did|went)\b)"
    # what is due is owed or expected at a time still to come ("boards due sunday", "the baby is due
    # in may"); not "was due" (a deadline gone), nor "due to" (because of)
    r"|(?<!\bwas\s)(?<!\bwere\s)\bdue\b(?!\s+to\b)",
    F,
)
_PAST_ED_EXCEPT = (
    r"excited|interested|tired|scared|bored|worried|supposed|used|pleased|thrilled|"
    r"stressed|prepared|scheduled|planned|booked|married|engaged|related|based|"
    r"located|needed|invited|registered|signed|allowed|expected|involved|obsessed|"
    r"concerned|confused|amazed|surprised|blessed|relaxed|determined|committed|closed|"
    r"red|bed|need|speed|seed|feed|shed|bred"
)
# ("sat" before a day number or a clock time is Saturday typed short: "sat 9th, 3pm")
_PAST = re.compile(
    r"\b(?:was|were|did|didn'?t|had|went|ago|yesterday|got|came|made|saw|took|told|said|met"
    r"|bought|ran|began|left|found|gave|spent|felt|thought|kept|won|lost|brought|sent|heard|wrote"
    r"|ate|drove|flew|(?-i:sat)(?!\s+(?:the\s+)?\d)|caught|taught|paid|slept|swam|sang|held|knew|became|grew|wore|broke|spoke"
    r"|chose|fell|forgot|built|sold|led|meant|hit|been|done|gone|seen|taken|once|earlier|finished)\b"
    rf"|\b(?!(?:{_PAST_ED_EXCEPT})\b)\w{{2,}}[^e\W]ed\b",
    F,
)
# Present tense with no past cue ("the meeting is on Monday", "I have an appointment on
# Thursday", "Friday at 7 works") talks about an arrangement: treated like the future.
_PRESENT = re.compile(
    r"\b(?:is|are|am|'m|im|'re|'s|shes|hes|have|has|let'?s|need|needs|wants?|expects?|starts?|begins?|leaves?|opens?|works|suits|sounds"
    # present simple for what is scheduled: "worktop comes fri", "she goes back monday", "it ends sunday"
    r"|moves?|fly|flies|finish(?:es)?|lands?|arrives?|comes|goes|ends|returns|closes)\b",
    F,
)
# a sentence that opens on a verb in -ing is "I'm …ing" typed without its subject, as chats do
# ("landing in pitt thursday", "heading to boston friday"): a present progressive, which with a
# day means the coming one; -ing nouns are no such verb ("morning run friday")
_PROGRESSIVE_OPENING = re.compile(
    r"^\W*(?:(?:just|still|also|prob|probably|finally|now)\s+)?"
    r"(?!(?:morning|evening|nothing|something|anything|everything|wedding|building|ceiling|spring|string"
    r"|sibling|darling|pudding|during|clothing|king|ring|thing|wing|sing|sting|swing|bring"
    r"|thinking|wondering|remembering|missing|thanksgiving)\b)[a-z]{2,}ing\s+\w",
    F,
)
# A date that is the object of a plan ("booked a table for Thursday", "tickets for the concert
# on October 4", "signed up for the race on May 3") is ahead of the speaker even when the verb
# is past: what was booked is the thing to come. Needs "for" between the plan word and the date
# ("I booked the flight on Monday" dates the booking, not the flight).
_PLAN_OBJECT = re.compile(
    r"\b(?:book(?:ed|ing)?|reserv(?:e|ed|ing|ations?)|appointments?|tickets?|sign(?:ed|ing)?\s+up"
    r"|regist(?:er|ered|ering|ration)|enrol(?:l|led|ling)?|schedul(?:e|ed|ing))\b[^.!?;]{0,40}?"
    r"\bfor\s+(?:(?:the|a|an|my|our|his|her|their|this)\s+)?(?:[\w'-]+\s+){0,3}?(?:on\s+|in\s+)?$",
    F,
)
# A day with its clock time right after what was arranged ("booked the dentist thursday at 3",
# "they had a spot saturday at 10", "got an appointment friday at 2") is the appointment's time,
# ahead of the speaker: the act of booking is not told to the minute. Without a clock time
# ("I booked the flight on Monday") the day may be the booking's, and the tense decides.
_ARRANGED = re.compile(
    r"\b(?:book(?:ed|ing)?|schedul(?:e|ed|ing)|reserv(?:e|ed|ing)|arrang(?:e|ed|ing)"
    r"|(?:made|make|got|get)\s+(?:an?\s+|the\s+|my\s+)?(?:appointment|appt)"
    r"|(?:a|an|the|one)\s+(?:spot|slot|opening|space))\b(?:\s+[\w']+){0,4}?\s+$",
    F,
)
_DAY_AT_CLOCK = re.compile(
    r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)[a-z]*\.?\s+(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b",
    F,
)
# The new date of something moved ("my committee meeting got moved to aug 31", "pushed the game
# back to friday", "rescheduled for friday") is ahead of the speaker whatever the verb's tense: the thing
# moved has not happened yet.
_MOVED_TO = re.compile(
    r"\b(?:mov(?:e|ed|ing)|push(?:ed|ing)?|reschedul(?:e|ed|ing)|postpon(?:e|ed|ing)|bump(?:ed|ing)?"
    r"|delay(?:ed|ing)?|chang(?:e|ed|ing)|shift(?:ed|ing)?)(?:\s+[\w']+){0,3}?(?:\s+(?:back|up|forward|out))?\s+(?:to|for|till|til|until)"
    r"\s+(?:(?:the|next|this)\s+)?(?:on\s+)?$",
    F,
)


# A time told alone with "instead" ("Thursday instead.", "ok next week instead then") names where
# a plan moved to: with no verb to give a tense, it is ahead of the speaker.
_INSTEAD_ALONE = re.compile(
    r"\W*(?:(?:ok|okay|so|oh|no|yeah|yes)\W+)?[\w' ]{1,30}?\s+instead\b\W*(?:(?:then|now)\W*)?", F
)


def moved_to(text: str, pos: int, start: int = 0) -> bool:
    """Whether the time phrase at ``pos`` of ``text`` is the new date of something moved ("my
    meeting got moved to | aug 31"), looking back no further than ``start``."""
    return _MOVED_TO.search(text, max(start, pos - 60), pos) is not None


# Sentence ends, not abbreviations ("10 a.m. on Monday", "Dr. Lee", "St. Patrick's").
_YEAR_REL = re.compile(r"\b(this|next|last)\s+year\b(?!'s)", F)
_SENT_END = re.compile(
    r"(?<!\b[ap]\.m)(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bSt)(?<!\bvs)(?<!\bMt)(?<!\bJr)[.!?\n]+(?=\s|$)|\n"
)


class Ctx:
    """What resolvers may look at: now, the text, tense per sentence, the previous span, the
    date a chained phrase is anchored on, the holiday country; and where they record the parts
    they composed."""

    __slots__ = (
        "now",
        "today",
        "text",
        "prefer",
        "dayfirst",
        "prev",
        "anchor_next",
        "anchor_match",
        "join_prev",
        "trail",
        "_country",
        "_bounds",
        "_tense",
        "last_talk",
    )

    def __init__(
        self,
        text: str,
        now: datetime,
        prefer: str,
        dayfirst: bool,
        country: str | None,
        last_talk: datetime | None = None,
    ):
        self.text, self.now, self.today = text, now, now.date()
        self.last_talk = last_talk  # when the speakers last talked before now (a previous session)
        self.prefer, self.dayfirst, self._country = prefer, dayfirst, country
        self.prev: TimeSpan | None = None
        self.anchor_next = None
        self.anchor_match = None
        self.join_prev = False  # set by a resolver whose phrase completes the previous span ("june, on the 3rd")
        self.trail: list[Part] = []
        self._bounds: list[int] | None = None
        self._tense: dict[int, str | None] = {}

    @property
    def country(self) -> str:
        """Holiday calendar: the caller's, else the setting (read only when a holiday is named)."""
        if self._country is None:
            self._country = H.default_country()
        return self._country.upper()

    def part(self, role: str, text: str, rule: str, value: str) -> None:
        self.trail.append(Part(role=role, text=" ".join(str(text).split()), rule=rule, value=value))

    def _sentence(self, pos: int) -> tuple[int, int]:
        if self._bounds is None:
            self._bounds = [m.end() for m in _SENT_END.finditer(self.text)]
        start, end = 0, len(self.text)
        for b in self._bounds:
            if b <= pos:
                start = b
            else:
                end = b
                break
        return start, end

    def sentence_span(self, pos: int) -> tuple[int, int]:
        return self._sentence(pos)

    def sentence_before(self, pos: int) -> str:
        return self.text[self._sentence(pos)[0] : pos]

    def sentence_year(self, pos: int) -> int | None:
        """The year a sentence names with this/next/last year ("Valentine's Day is on a Friday
        this year"): bare yearly names in it (a holiday, a month, a season) are that year's."""
        s, e = self._sentence(pos)
        mods = {m.lower() for m in _YEAR_REL.findall(self.text, s, e)}
        if len(mods) != 1:
            return None
        return self.today.year + {"this": 0, "next": 1, "last": -1}[mods.pop()]

    def tense(self, pos: int) -> str | None:
        """'past' | 'future' from the sentence's verbs; with no cue, 'future' when the
        caller prefers the future, else None (each rule's documented default). A date that is
        the object of a plan ("booked a table for Thursday") is 'future' whatever the verb."""
        s, e = self._sentence(pos)
        if s not in self._tense:
            self._tense[s] = _sentence_tense(self.text[s:e])
        t = self._tense[s]
        # a clause with a tense of its own keeps it: "my principal emailed, she's observing me
        # thursday" (the coming one), "yesterday I met Sam, he's moving friday"
        cs, ce = _clause_bounds(self.text, s, e, pos)
        if (cs, ce) != (s, e):
            own = _sentence_tense(self.text[cs:ce])
            t = own if own is not None else t
        if t == "past" and self._progressive_before(cs, pos):
            return "future"
        if t != "future" and (
            self._plan_object(s, pos)
            or moved_to(self.text, pos, s)
            or self._requested(cs, ce, pos)
            or self._arranged_at(cs, pos)
        ):
            return "future"
        if t is None and (m := _INSTEAD_ALONE.match(self.text, s, e)) is not None and m.end() >= e:
            return "future"  # "Thursday instead.": where a plan moved to, with no verb of its own
        if t is None and self.prefer == "future":
            return "future"
        return t

    def tense_apart(self, a: int, b: int) -> str | None:
        """The tense of the sentence around ``text[a:b]`` read without those words (a word that
        is itself a past cue, "earlier", must not decide its own reading)."""
        s, e = self._sentence(a)
        return _sentence_tense(self.text[s:a] + " " + self.text[b:e])

    def _progressive_before(self, cs: int, pos: int) -> bool:
        """Is the last verb before pos in its clause a present progressive (``_PROGRESSIVE_BEFORE``)?"""
        found = list(_PROGRESSIVE_BEFORE.finditer(self.text, cs, pos))
        return bool(found) and _PAST.search(self.text, found[-1].end(), pos) is None

    def _requested(self, cs: int, ce: int, pos: int) -> bool:
        """Is the expression at pos the time of a deed asked of someone, in a clause that says no
        "yesterday", "ago" or "last night" (``_REQUESTED``)?"""
        m = _REQUESTED.search(self.text, cs, pos)
        return m is not None and _PAST_WORD.search(self.text, cs, ce) is None

    def _arranged_at(self, cs: int, pos: int) -> bool:
        """Is the expression at pos a day and its clock time right after what was arranged (``_ARRANGED``)?"""
        return _DAY_AT_CLOCK.match(self.text, pos) is not None and _ARRANGED.search(self.text, cs, pos) is not None

    def _plan_object(self, s: int, pos: int) -> bool:
        """Is the expression at pos what a booking/sign-up/ticket is "for"?"""
        lo = max(s, pos - 100)
        if "for" not in self.text[max(lo, pos - 40) : pos].lower():
            return False
        return _PLAN_OBJECT.search(self.text, lo, pos) is not None


# a participle after a present "be" or "get" is a passive of now, not the past ("the party is
# confirmed for the 8th", "the wifi isn't getting connected til the 12th"); "'s" is left out: "she's
# moved" is "has moved"
_PRESENT_PASSIVE = re.compile(r"\b(is|are|am|'re|'m|isn'?t|aren'?t|be|being|get|gets|getting)\s+\w+ed\b", F)
# a participle that is what is wanted done ("I need it done by wednesday", "they want the report
# finished by friday", "get it fixed before the 3rd"): the object's state to come, not the past
_WANTED_DONE = re.compile(
    r"\b(need|needs|want|wants|get|gets|getting)\s+(?:it|this|that|them|everything|(?:the|my|our|your)\s+\w+)\s+"
    r"(?:done|finished|fixed|sorted|signed|sent|\w+ed)\b",
    F,
)
# a saying verb right before what was said has no tense of its: "marco said aug 9" tells the date
# marco gave, not a time before now
_SAID_BEFORE_A_TIME = re.compile(r"\b(?:said|says|told\s+(?:me|us|him|her|them))\s*[:,]?\s+(?=\w+\s*\d|\d)", F)


# "see you on the 3rd", "ok see u friday": a goodbye looks ahead to the next meeting
_FAREWELL = re.compile(r"^\W*(?:[a-z]+[\s,!.]+)?(?:see|c)\s+(?:you|ya|u)\b", F)


# where a clause with a tense of its own starts: after a comma, semicolon, colon or dash, a word
# that turns to another point ("kyle starts the new job on 1st april btw got the contract today";
# not "and" or "so", which go on in the story's time), and what is reported after a saying verb
# ("she said they'd let us know by the end of the week")
_CLAUSE_BREAK = re.compile(
    r"[,;:]\s|\s[-–—]\s|\s(?:but|btw|plus)\s+(?=[a-z])"
    # a clause typed on with no comma, opened by its subject and a present verb: "the doctor
    # called they have my knee surgery on January 14"
    r"|(?<=[a-z])(?<!\bwhere)(?<!\bwhen)(?<!\bthat)(?<!\bwhich)(?<!\bwho)\s"
    r"(?=(?:they|we|she|he)(?:'re|'s|\s+(?:have|has|are|is|get|gets|start|starts))\s)"
    r"|\b(?:said|says|told\s+(?:me|us|him|her|them)(?!\s+to\s)|texted|emailed|promised)\s+(?:that\s+)?(?=[a-z])",
    F,
)


# a deed asked or arranged of someone, told after the asking: "marcus asked me to come to dinner on
# saturday the 11th", "ramon asked me to run brunch on sunday" (the dinner is ahead of the asking)
_REQUESTED = re.compile(
    r"\b(?:asked|invited|begged|reminded|told|wants?|wanted|needs?|needed|expects?|expected)\s+"
    r"(?:me|us|him|her|them|you|u)\s+to\s+\w+",
    F,
)
_PAST_WORD = re.compile(r"\b(?:yesterday|ago|last\s+night)\b", F)
# "have got" is "have" ("she's got finals in may", "I've got the dentist friday"): a present, not
# the past "got"; "got back", "got married", "got rid of" … are deeds done
_HAVE_GOT = re.compile(
    r"(?:'ve|'s|\b(?:ive|weve|youve|theyve|shes|hes|have|has))\s+got\b(?!\s+(?:back|home|up|in|into|out|off|on|over|through|there|here|rid"
    r"|married|engaged|fired|hired|sick|lost|better|worse|used|it|him|her|them|me|us)\b)",
    F,
)
# the verb nearest before a time expression is the one it tells the time of: "I signed up for a
# workshop Anton is running in June" (the running is to come), "she said the party's happening friday"
_PROGRESSIVE_BEFORE = re.compile(
    r"\b(?:is|are|am|'s|'re|'m)\s+(?:(?:not|also|still|just|actually)\s+)?"
    r"(?!(?:amazing|interesting|boring|annoying|exciting|nothing|something|anything|everything|during|morning"
    r"|evening|thing|king|ring|spring|wedding|building|darling|missing)\b)[a-z]{2,}ing\b",
    F,
)


def _clause_bounds(text: str, s: int, e: int, pos: int) -> tuple[int, int]:
    """The comma-, semicolon- or dash-bounded stretch of the sentence ``text[s:e]`` around ``pos``."""
    cs, ce = s, e
    for m in _CLAUSE_BREAK.finditer(text, s, e):
        if m.end() <= pos:
            cs = m.end()
        elif m.start() >= pos:
            ce = m.start()
            break
    return cs, ce


def _sentence_tense(sent: str) -> str | None:
    if _FAREWELL.match(sent):
        return "future"
    sent = _SAID_BEFORE_A_TIME.sub(
        " ", _PRESENT_PASSIVE.sub(r"\1", _HAVE_GOT.sub("has", _WANTED_DONE.sub(r"\1", sent)))
    )
    for m in _FUTURE.finditer(sent):
        w = m.group(0)
        # "Will Smith": a capitalised Will followed by a Name is not a verb
        if (
            w == "Will"
            and re.match(r"\s+[A-Z][a-z]", sent[m.end() :])
            and not re.match(r"\s+(?:I|You|We|They|He|She|It)\b", sent[m.end() :])
        ):
            continue
        return "future"
    if _PAST.search(sent):
        return "past"
    if _PRESENT.search(sent) or _PROGRESSIVE_OPENING.match(sent):
        return "future"
    return None


def _to_naive(now) -> datetime:
    if isinstance(now, str):  # convenience: an ISO string
        now = datetime.fromisoformat(now)
    if isinstance(now, datetime):
        return now.replace(tzinfo=None)  # wall clock of the speaker, offset dropped
    if isinstance(now, date):
        return datetime(now.year, now.month, now.day)
    raise TypeError(f"now must be a date or datetime, not {type(now).__name__}")


# --- selection ------------------------------------------------------------------------------


def _safe(rule, m, ctx):
    try:
        return rule.resolve(m, ctx)
    except (ValueError, KeyError, IndexError, StopIteration, OverflowError, TypeError):
        return None


def _select(text: str, ctx: Ctx):
    """All rule matches, longest first; keep non-overlapping ones that resolve (chained
    rules are kept on their shape: their anchor is only known once neighbours are chosen)."""
    cands = []
    low = text.lower()
    present = {w for w in ALL_TRIGGERS if w in low}
    for order, rule in enumerate(MATCH_RULES):
        trig = rule.triggers
        if trig is not None and trig.isdisjoint(present):
            continue
        for m in rule.regex.finditer(text):
            if m.end() > m.start():
                cands.append((m.start() - m.end(), order, m.start(), m, rule))
    if not cands:
        return []
    cands.sort(key=lambda c: (c[0], c[2], c[1]))
    taken: list[tuple[int, int]] = []
    chosen = []
    for _, _, s, m, rule in cands:
        e = m.end()
        if any(s < te and ts < e for ts, te in taken):
            continue
        if not rule.chain:
            ctx.trail = []
            res = _safe(rule, m, ctx)
            if res is None:
                continue
            chosen.append((s, m, rule, res, ctx.trail))
        else:
            chosen.append((s, m, rule, None, None))
        taken.append((s, e))
    chosen.sort(key=lambda c: c[0])
    return chosen


def _span(text: str, s: int, e: int, res, rule: str, parts: list[Part]) -> TimeSpan:
    start, end, g = res
    span = TimeSpan(text=text[s:e], start_char=s, end_char=e, start=start, end=end, granularity=g, rule=rule)
    span.parts = parts or [Part(role="base", text=span.text, rule=rule, value=span.display())]
    return span


def _resolve_chosen(chosen, ctx: Ctx, work: str, text: str) -> tuple[list[TimeSpan], dict[int, tuple]]:
    out: list[TimeSpan] = []
    clocks: dict[int, tuple] = {}  # start_char of a clock span -> (hour, minute, fixed)
    skip = -1
    for i, (s, m, rule, res, trail) in enumerate(chosen):
        if i == skip:
            continue
        ctx.prev = out[-1] if out else None
        end_char, parts = m.end(), trail
        if rule.chain:
            ctx.anchor_next = ctx.anchor_match = None
            anchor_part = None
            if i + 1 < len(chosen) and not work[m.end() : chosen[i + 1][0]].strip():
                ns, nm, nrule, nres, ntrail = chosen[i + 1]
                if nres is None:  # two chained phrases in a row: the second has no anchor yet
                    ctx.trail = []
                    nres = _safe(nrule, nm, ctx)
                if nres is not None:
                    ctx.anchor_next, ctx.anchor_match = nres, (nrule, nm)
                    anchor_part = Part(role="anchor", text=text[ns : nm.end()], rule=nrule.id, value=_show(nres))
            ctx.trail = []
            res = _safe(rule, m, ctx)
            if res is not None and ctx.anchor_next is not None:
                end_char, skip = chosen[i + 1][1].end(), i + 1
            parts = (
                [anchor_part] if anchor_part and ctx.anchor_next is not None and res is not None else []
            ) + ctx.trail
            ctx.anchor_next = ctx.anchor_match = None
            if res is None and rule.fallback:
                fb = BY_ID[rule.fallback]
                fm = fb.regex.match(work, s)
                if fm is not None:
                    ctx.trail = []
                    res = _safe(fb, fm, ctx)
                    rule, end_char, parts = fb, fm.end(), ctx.trail
            if res is None:
                ctx.join_prev = False
                continue
            if ctx.join_prev and out:  # one date told in two phrases: one span
                prev = out.pop()
                s, parts = prev.start_char, [*prev.parts[:1], *parts]
            ctx.join_prev = False
        out.append(_span(text, s, end_char, res, rule.id, parts))
        if rule.id == "clock":
            h, mi, fixed, _ = C.parse(m)
            clocks[s] = (h, mi, fixed)
    return out, clocks


def _show(res) -> str:
    s, e, g = res
    if g == "instant":
        return f"{s:%Y-%m-%d %H:%M}"
    return s.date().isoformat() if s.date() == e.date() else f"{s.date()} – {e.date()}"


# --- combining ------------------------------------------------------------------------------

_CLOCK_BEFORE_DAY = re.compile(r"^\s*,?\s*(?:on\s+(?:the\s+)?)?$", F)
_CLOCK_AFTER_DAY = re.compile(r"^\s*,?\s*(?:at|@|around|about|by)?\s*$", F)
_LOOSE_BEFORE = re.compile(r"(?<![\d:.])(?P<h>1[0-2]|[1-9]):(?P<mi>[0-5]\d)\s*,?\s*(?:on\s+)?$", F)
_LOOSE_AT = re.compile(r"^,?\s+(?:at\s+|@\s*)(?P<h>1[0-2]|[1-9])(?::(?P<mi>[0-5]\d))?(?![\d:%]|\.\d)", F)
_DAYISH = ("day", "part_of_day")


def _on_day(day: TimeSpan, h: int, mi: int, fixed: bool) -> datetime:
    d = day.start.date()
    if day.granularity == "part_of_day":
        return C.on_day(d, h, mi, fixed, day.start.hour, day.end.hour)
    return C.on_day(d, h, mi, fixed)


def _attach(day: TimeSpan, clock_text: str, t: datetime, s: int, e: int, text: str, parts: list[Part]) -> TimeSpan:
    return TimeSpan(
        text=text[s:e],
        start_char=s,
        end_char=e,
        start=t,
        end=t,
        granularity="instant",
        rule="at_time",
        parts=day.parts + parts + [Part(role="modifier", text=clock_text, rule="at_time", value=f"{t:%Y-%m-%d %H:%M}")],
    )


def _attach_clocks(spans: list[TimeSpan], clocks: dict, work: str, text: str) -> list[TimeSpan]:
    """'1:56 pm on 8 May, 2023', 'tonight at 8', 'Friday at 7' → an instant on that day."""
    out: list[TimeSpan] = []
    i = 0
    while i < len(spans):
        a = spans[i]
        b = spans[i + 1] if i + 1 < len(spans) else None
        if b is not None:
            gap = work[a.end_char : b.start_char]
            if a.start_char in clocks and b.granularity in _DAYISH and _CLOCK_BEFORE_DAY.match(gap):
                t = _on_day(b, *clocks[a.start_char])
                out.append(_attach(b, a.text, t, a.start_char, b.end_char, text, []))
                i += 2
                continue
            if b.start_char in clocks and a.granularity in _DAYISH and _CLOCK_AFTER_DAY.match(gap):
                t = _on_day(a, *clocks[b.start_char])
                out.append(_attach(a, b.text, t, a.start_char, b.end_char, text, []))
                i += 2
                continue
        if a.granularity in _DAYISH and a.start_char not in clocks:
            prev_end = out[-1].end_char if out else 0
            lb = _LOOSE_BEFORE.search(work, max(prev_end, a.start_char - 12), a.start_char)
            if lb:
                t = _on_day(a, int(lb["h"]), int(lb["mi"]), False)
                out.append(_attach(a, text[lb.start() : lb.end()].strip(" ,"), t, lb.start(), a.end_char, text, []))
                i += 1
                continue
            lm = _LOOSE_AT.match(work[a.end_char : a.end_char + 12])
            if lm and (b is None or b.start_char >= a.end_char + lm.end()):
                t = _on_day(a, int(lm["h"]), int(lm["mi"] or 0), False)
                e = a.end_char + lm.end()
                out.append(_attach(a, text[a.end_char : e].strip(" ,"), t, a.start_char, e, text, []))
                i += 1
                continue
        out.append(a)
        i += 1
    return out


_APPROX_BEFORE = re.compile(
    r"\b(?P<w>around|roughly|approximately|approx\.|circa|ca\.|about|almost|nearly|round\s+about"
    r"|(?:some\s*time|somewhere)\s+around)\s+$",
    F,
)
_APPROX_AFTER = re.compile(r"^(?:\s*-\s*ish\b|ish\b|\s+or\s+so\b)", F)
# "about" is also "concerning" ("we talked about Christmas"): trusted before clock times only
_ABOUT_OK = {"clock", "at_time"}
_SELF_APPROX = {"ago", "in_n", "from_now", "duration_since", "fuzzy", "units_ago", "since", "range"}


def _approx(spans: list[TimeSpan], work: str, text: str) -> list[TimeSpan]:
    out = []
    for sp in spans:
        if sp.rule in _SELF_APPROX:
            out.append(sp)
            continue
        before = _APPROX_BEFORE.search(work, max(0, sp.start_char - 32), sp.start_char)
        if before and before.end() != sp.start_char:
            before = None
        w = before["w"].lower() if before else None
        if w in ("about", "almost", "nearly") and sp.rule not in _ABOUT_OK:
            before = None
        after = _APPROX_AFTER.match(work[sp.end_char : sp.end_char + 12])
        if not before and not after:
            out.append(sp)
            continue
        s, e, g = approx_span(sp.start, sp.end, sp.granularity)
        sc = before.start() if before else sp.start_char
        ec = sp.end_char + (after.end() if after else 0)
        marker = (before.group(0) if before else after.group(0)).strip(" -")
        parts = sp.parts + [
            Part(role="modifier", text=marker, rule="approx", value=f"{_show((s, e, g))} (± {_margin_text(sp)})")
        ]
        out.append(
            TimeSpan(
                text=text[sc:ec], start_char=sc, end_char=ec, start=s, end=e, granularity=g, rule="approx", parts=parts
            )
        )
    return out


def _margin_text(sp: TimeSpan) -> str:
    if sp.granularity == "range":
        return f"{max(1, ((sp.end - sp.start).days + 1) // 5)} day(s), a fifth of its length"
    td = APPROX_MARGIN.get(sp.granularity)
    if td is None:
        return "none"
    if td < timedelta(days=1):
        return f"{int(td.total_seconds() // 60)} minutes"
    return f"{td.days} day" + ("s" if td.days > 1 else "")


_RANGE_PREFIX = re.compile(r"\b(?:from|between)\s+(?:the\s+)?$", F)
_RANGE_JOIN = re.compile(r"^\s*(?:to|until|till|through|thru|and|-|–|—)\s*(?:the\s+)?$", F)
_DASH_JOIN = re.compile(r"^\s*(?:-|–|—|through)\s*$", F)
# "since like last week", "since about 2019": a hedge between "since" and its time is still "since"
_SINCE_PREFIX = re.compile(rf"\b(?:ever\s+)?since\s+(?:{L.SINCE_HEDGE}\s+)?(?:the\s+)?$", F)
_UNTIL_PREFIX = re.compile(r"\b(?:(?:up\s+)?until|till|'til|through|thru|up\s+to)\s+(?:the\s+)?$", F)


def _clock_pair(a: TimeSpan, b: TimeSpan, clocks: dict) -> tuple[datetime, datetime] | None:
    """Two ends of a range of which at least one is a bare clock time: the bare one takes the
    other's day ("between 9:30 and 11:00 on Thursday"), and an hour without am/pm the half of
    the day that keeps it before the end ("from 3 to 4 pm")."""
    bare_a, bare_b = a.rule == "clock", b.rule == "clock"
    if not (bare_a or bare_b) or a.granularity != "instant" or b.granularity != "instant":
        return None
    s, e = a.start, b.start
    if bare_a and not bare_b:
        s = datetime.combine(e.date(), s.time())
    else:
        e = datetime.combine(s.date(), e.time())
    h, mi, fixed = clocks.get(a.start_char, (s.hour, s.minute, True)) if bare_a else (s.hour, s.minute, True)
    if not fixed:  # 3 → 15:00 when the end is 4 pm
        opts = [x for x in C._cands(h, False) if x * 60 + mi <= e.hour * 60 + e.minute] or C._cands(h, False)
        s = s.replace(hour=opts[-1], minute=mi)
    return s, e


def _merge_range(a: TimeSpan, b: TimeSpan, work: str, text: str, clocks: dict) -> TimeSpan | None:
    """'from A to B' / 'between A and B' / 'A – B' → one span."""
    between = work[a.end_char : b.start_char]
    prefix = _RANGE_PREFIX.search(work, max(0, a.start_char - 20), a.start_char)
    if prefix and prefix.end() == a.start_char and _RANGE_JOIN.match(between):
        start_char = prefix.start()
    elif _DASH_JOIN.match(between) and a.rule == b.rule:
        start_char = a.start_char
    else:
        return None
    b_start, b_end = b.start, b.end
    pair = _clock_pair(a, b, clocks)
    if pair is not None:
        a = a.model_copy(update={"start": pair[0], "end": pair[0]})
        b_start = b_end = pair[1]
    if b_end < a.start and b.rule in ("weekday", "weekday_rel"):  # "from Monday to Wednesday"
        while b_end < a.start:
            b_start, b_end = b_start + timedelta(days=7), b_end + timedelta(days=7)
    if b_end < a.start:  # "from December to February": B is in the following year
        from calendar import monthrange

        b_start, b_end = add_months(b_start, 12), add_months(b_end, 12)
        if b.granularity == "month":
            b_end = b_end.replace(day=monthrange(b_end.year, b_end.month)[1])
    parts = [p.model_copy(update={"role": "base"}) for p in a.parts] + [
        p.model_copy(update={"role": "base"}) for p in b.parts
    ]
    parts.append(
        Part(
            role="modifier",
            text=work[start_char : a.start_char] + "… " + between.strip(),
            rule="range",
            value="from A's start to B's end",
        )
    )
    return TimeSpan(
        text=text[start_char : b.end_char],
        start_char=start_char,
        end_char=b.end_char,
        start=min(a.start, b_start),
        end=max(a.end, b_end),
        granularity="instant" if pair is not None else "range",
        rule="range",
        parts=parts,
    )


def _clock_range_on_day(spans: list[TimeSpan], work: str, text: str) -> list[TimeSpan]:
    """'Thursday from 9am to 11am', 'from 2 to 3pm tomorrow': a range of clock times next to a
    day is on that day."""
    out: list[TimeSpan] = []
    i = 0
    while i < len(spans):
        a = spans[i]
        b = spans[i + 1] if i + 1 < len(spans) else None
        if b is not None:
            gap = work[a.end_char : b.start_char]
            rng, day = (a, b) if a.rule == "range" and a.granularity == "instant" else (b, a)
            if (
                rng.rule == "range"
                and rng.granularity == "instant"
                and day.granularity in _DAYISH
                and (_CLOCK_BEFORE_DAY.match(gap) if rng is a else re.match(r"^\s*,?\s*$", gap))
            ):
                d = day.start.date()
                s, e = datetime.combine(d, rng.start.time()), datetime.combine(d, rng.end.time())
                parts = day.parts + rng.parts
                out.append(
                    TimeSpan(
                        text=text[a.start_char : b.end_char],
                        start_char=a.start_char,
                        end_char=b.end_char,
                        start=s,
                        end=e,
                        granularity="instant",
                        rule="at_time",
                        parts=parts
                        + [
                            Part(
                                role="modifier", text=rng.text, rule="at_time", value=f"{s:%Y-%m-%d %H:%M} – {e:%H:%M}"
                            )
                        ],
                    )
                )
                i += 2
                continue
        out.append(a)
        i += 1
    return out


def _open(span: TimeSpan, work: str, text: str, ctx: Ctx) -> TimeSpan:
    """'since A' → from A's start through today; 'until A' (A ahead) → today through A."""
    if span.rule == "range":
        return span
    prefix = _SINCE_PREFIX.search(work, max(0, span.start_char - 16), span.start_char)
    if prefix and prefix.end() == span.start_char and span.start <= ctx.now:
        start, end, rule = span.start, day_end(ctx.today), "since"
    else:
        prefix = _UNTIL_PREFIX.search(work, max(0, span.start_char - 16), span.start_char)
        if not prefix or prefix.end() != span.start_char or span.end < ctx.now or span.start.date() < ctx.today:
            return span
        start, end, rule = day_start(ctx.today), span.end, "until"
    parts = span.parts + [
        Part(role="modifier", text=prefix.group(0).strip(), rule=rule, value=f"{start:%Y-%m-%d} – {end:%Y-%m-%d}")
    ]
    return TimeSpan(
        text=text[prefix.start() : span.end_char],
        start_char=prefix.start(),
        end_char=span.end_char,
        start=start,
        end=end,
        granularity="range",
        rule=rule,
        parts=parts,
    )


# what may follow a holiday's name when it is the day itself ("Christmas Eve", "Easter morning",
# "Thanksgiving break") or no noun at all ("Christmas is", "Easter with them")
_NOT_A_KIND = frozenset(
    [
        "day",
        "eve",
        "morning",
        "afternoon",
        "evening",
        "night",
        "break",
        "holiday",
        "holidays",
        "week",
        "weekend",
        "time",
        "season",
        "vacation",
        "period",
        "is",
        "was",
        "will",
        "would",
        "and",
        "or",
        "but",
        "with",
        "at",
        "in",
        "on",
        "to",
        "for",
        "from",
        "of",
        "by",
        "this",
        "that",
        "the",
        "a",
        "my",
        "our",
        "we",
        "i",
        "you",
        "he",
        "she",
        "they",
        "it's",
        "its",
        "im",
        "i'm",
        "we're",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "lol",
        "haha",
        "lmao",
        "omg",
        "too",
        "though",
        "tho",
        "then",
        "so",
        "yet",
        "already",
        "again",
        "now",
        "here",
        "there",
        "yes",
        "no",
        "ok",
        "plus",
        "btw",
        "went",
        "came",
        "has",
        "had",
        "are",
        "were",
    ]  # noqa: SIM905
)
_NEXT_WORD = re.compile(r"[ \t]+([a-z][a-z']*)", re.I)


def attributive_holiday(sp: TimeSpan, text: str) -> bool:
    """A holiday's name before a noun it modifies ("Christmas party", "Easter egg hunt")."""
    if sp.rule != "holiday":
        return False
    m = _NEXT_WORD.match(text, sp.end_char)
    w = m.group(1).lower() if m is not None else ""
    return bool(w) and w not in _NOT_A_KIND and not w.endswith("ed")


def _told_otherwise(sp: TimeSpan, spans: list[TimeSpan], ctx: Ctx) -> bool:
    """Another time in ``sp``'s sentence that does not hold it ("tomorrow" beside "Christmas
    party"; "last year" beside "a Columbus Day sale" only says which year's)."""
    s, e = ctx.sentence_span(sp.start_char)
    return any(o is not sp and s <= o.start_char < e and not (o.start <= sp.start and sp.end <= o.end) for o in spans)


def _alone_in_sentence(sp: TimeSpan, spans: list[TimeSpan], ctx: Ctx) -> bool:
    s, e = ctx.sentence_span(sp.start_char)
    return not any(o is not sp and s <= o.start_char < e for o in spans)


def resolve(
    text: str,
    now,
    *,
    prefer: Literal["past", "future", "auto"] = "past",
    dayfirst: bool = False,
    holiday_country: str | None = None,
    last_talk: datetime | str | None = None,
) -> list[TimeSpan]:
    """Every temporal expression in `text`, resolved against `now` (inclusive wall-clock
    ranges, naive datetimes). The sentence's tense decides the direction of bare names
    ("on Friday", "in March"); `prefer` decides when it gives no cue: "past" (the chat
    default; "auto" is the same) or "future". `holiday_country` (default: the
    holiday_country setting, else US) picks the holiday calendar. See docs/time_rules.md."""
    if prefer not in ("auto", "past", "future"):
        raise ValueError("prefer must be 'past', 'future' or 'auto'")
    if not text:
        return []
    typed = text
    text, back = standard_time_words(text)  # "yday", "tmrw", "2 wks": read as the words they stand for
    if not _PRECHECK.search(text):
        return []
    nowdt = _to_naive(now)
    # Curly apostrophes → straight, same length, so offsets stay valid for `text`.
    work = text.replace("\u2019", "'").replace("\u2018", "'")
    ctx = Ctx(work, nowdt, prefer, dayfirst, holiday_country, _to_naive(last_talk) if last_talk else None)
    chosen = _select(work, ctx)
    if not chosen:
        return []
    spans, clocks = _resolve_chosen(chosen, ctx, work, text)
    spans = _attach_clocks(spans, clocks, work, text)
    spans = _approx(spans, work, text)
    out: list[TimeSpan] = []
    for sp in spans:
        if out and (merged := _merge_range(out[-1], sp, work, text, clocks)) is not None:
            out[-1] = merged
            continue
        out.append(sp)
    out = _clock_range_on_day(out, work, text)
    # "That Saturday I slept all day": how long, within a time its sentence names
    out = [sp for sp in out if sp.rule != "all_unit" or _alone_in_sentence(sp, out, ctx)]
    # "the Christmas party tomorrow", "Easter shopping on Saturday": a holiday naming a kind of
    # thing is no date where its sentence tells another
    out = [sp for sp in out if not (attributive_holiday(sp, work) and _told_otherwise(sp, out, ctx))]
    out = [_open(sp, work, text, ctx) for sp in out]
    if typed is not text:
        for sp in out:  # offsets and words as typed
            sp.start_char, sp.end_char = back(sp.start_char), back(sp.end_char)
            sp.text = typed[sp.start_char : sp.end_char]
    return out


__all__ = ["resolve", "TimeSpan", "day_start", "day_end"]
