"""The rule table: every temporal pattern Chronos understands, with its meaning and a
worked example. `docs/time_rules.md` is generated from RULES and a test resolves every
example, so the documentation cannot drift from the code.

Base rules read one expression (a date, a weekday, a holiday, a period); composed rules
read a base plus modifiers through the sub-grammars of compose.py (PERIOD, ANNUAL,
WEEKDAY); chained rules ("the day after", "the week of", "two weeks from") take the date
that follows them, else the previous one, as their anchor.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from chronos_cli.temporal import clock as C
from chronos_cli.temporal import compose as K
from chronos_cli.temporal import lexicon as L
from chronos_cli.temporal import resolvers as R

F = re.I


class LazyRegex:
    """A regex compiled on first use: `chronos time "last Sunday"` compiles the few rules its
    trigger words reach, not all of them (startup time)."""

    __slots__ = ("pattern", "flags", "_rx")

    def __init__(self, pattern: str, flags: int):
        self.pattern, self.flags, self._rx = pattern, flags, None

    def _get(self) -> re.Pattern:
        if self._rx is None:
            self._rx = re.compile(self.pattern, self.flags)
        return self._rx

    def finditer(self, *a):
        return self._get().finditer(*a)

    def match(self, *a):
        return self._get().match(*a)

    def search(self, *a):
        return self._get().search(*a)

    def fullmatch(self, *a):
        return self._get().fullmatch(*a)


@dataclass(frozen=True)
class Rule:
    id: str
    pattern: str  # human description of what it matches
    meaning: str  # what it resolves to (the documented convention)
    example: str  # example sentence
    now: str  # example "now" (ISO)
    answer: str  # expected "start – end (granularity)" / "date (granularity)"
    regex: LazyRegex | None = None
    resolve: Callable | None = None  # None for post-processing rules (ranges, since, times)
    family: str = "base"
    triggers: frozenset[str] | None = None  # lowercase substrings one of which the text must hold
    chain: bool = False  # anchored on the date that directly follows, if any
    fallback: str | None = None  # rule tried at the same place when a chain finds no anchor
    last_talk: str | None = None  # the example's previous conversation (ISO), for rules that need it


# --- regex fragments --------------------------------------------------------------------

N, U, MF, MA, WD, P, Y, S = L.COUNT, L.UNIT, L.MONTH_FULL, L.MONTH_ANY, L.WEEKDAY, L.PART, L.YEAR, L.SEASON
DN, WDC = L.DAY_NUM, L.WEEKDAY_CUED
PERIOD, ANNUAL, HOL = K.PERIOD, K.ANNUAL, K.HOL
APPROX = L.alts(
    ["about", "around", "roughly", "approximately", r"approx\.", "almost", "nearly", "some", "like", "maybe"]
    + [r"close\s+to", r"just\s+about", "circa"]
)
# Prepositions that make a bare month/year a date ("in March", "since 2019"); kept out of
# the span text via fixed-width lookbehinds.
_PREPS = (
    "in",
    "since",
    "during",
    "of",
    "from",
    "until",
    "till",
    "through",
    "before",
    "after",
    "around",
    "by",
    "and",
    "to",
    "between",
    "throughout",
    "year",
    "early",
    "late",
    "mid",
    "back",
)
_LB = "(?:" + "|".join(f"(?<=\\b{p} )" for p in _PREPS) + ")"
# the prepositions trusted before a capitalised month abbreviation ("in Sept", "since Dec.")
_LB_ABBR = (
    "(?:"
    + "|".join(
        f"(?<=\\b{p} )"
        for p in ("in", "since", "during", "until", "till", "through", "throughout", "early", "late", "mid", "back")
    )
    + ")"
)
# before a bare "the 14th" or "3/14" (no month or year written): a preposition or a weekday ("The first half"
# and "3/4 done" at the start of a text are no dates; a text that is only "the 14th" or "3/14" is: see `alone`)
_DATE_CUES = ("on", "by", "until", "till", "til", "since", "before", "after", "from", "through", "thru", "due")
_LB_DATE = "(?:" + "|".join(f"(?<=\\b{p} )" for p in _DATE_CUES) + ")"
_LB_MD = (
    "(?:"
    + "|".join(f"(?<=\\b{p} )" for p in _DATE_CUES)
    + "|"
    + "|".join(f"(?<=\\b{w} )" for w in (*L.WEEKDAYS, "mon", "tue", "wed", "thu", "fri", "sat", "sun"))
    + ")"
)
# a copula right before a bare "the 14th" that ends its clause: "start date is the 11th", "it's
# the 3rd", "wedding's the 20th" (a rank goes on: "was the 3rd to arrive", "the 2nd time")
_LB_IS = "(?:" + "|".join(f"(?<=\\b{p} )" for p in ("is", "was", "be", "its", "thats")) + "|(?<=\\w's ))"
# after a copula only the sentence's end ends it: "that's the 3rd in a row", "it's the 2nd this
# week" are ranks
_NTH_ENDS_IS = r"(?=\s*(?:$|[.,!?;:)]))"
_NTH_ENDS = r"(?=\s*(?:$|[.,!?;:)]|\s(?:too|and|instead|at|so|then|lol|haha|lmao|btw|tho|though|also|ok|okay|yay|if|but|in|next|this)\b))"
_NOT_NOUN = (
    r"(?!\s+(?:tree|gift|present|card|costume|candy|decoration|light|song|music|movie|"
    r"sweater|spirit|egg|hunt|list|shopping|cookie|special|theme)s?\b)"
)
_NOT_NTH_NOUN = (
    r"(?!\s+(?:of|century|centuries|time|times|floor|grade|place|anniversary|birthday|round|day|week|month|"
    r"year|row|person|one|attempt|try|edition|chapter|game|inning|lap|amendment|street|avenue|st|"
    r"check|test|exam|interview|date|dose|shot|session|visit|appointment|step|stage|level|half|quarter|"
    r"period|trimester|semester|term|season|episode|book|child|kid|baby|draft|version|question|set|mile|"
    r"id|level|class|lesson|call|email|text|letter|option|choice|line)s?\b)"
)
# how a day is described between "this" and its name: "on this lovely Saturday", "this rainy Monday"
_DAY_ADJ = (
    r"(?:lovely|beautiful|gorgeous|glorious|wonderful|fine|nice|good|great|sunny|rainy|snowy|cloudy|windy|"
    r"stormy|lazy|busy|quiet|long|cold|hot|warm|chilly|wet|grey|gray|gloomy|miserable|sleepy|boring|fun|crazy)"
)
_MON3 = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)"
_MON_START = L.alts(["the", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])

_DIGITS = tuple("0123456789")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_SEASONS = ("spring", "summer", "fall", "autumn", "winter")
_UNITS = ("week", "month", "year", "decade", "quarter")
_WEEKDAYS = ("day", "mon", "tue", "wed", "thu", "fri", "sat", "sun")
_NTHS = ("first", "second", "third", "fourth", "fifth", "1st", "2nd", "3rd", "4th", "5th", "last", "final", "penult")
_HOL_TRIG = (
    "year",
    "valentine",
    "easter",
    "day",
    "july",
    "halloween",
    "hallowe",
    "thanksgiving",
    "christmas",
    "xmas",
    "holiday",
    "patrick",
    "paddy",
    "juneteenth",
    "mardi",
    "gras",
    "pancake",
    "shrove",
    "fat tuesday",
    "good friday",
    "black friday",
    "passover",
    "pesach",
    "hanuk",
    "chanuk",
    "rosh",
    "kippur",
    "purim",
    "diwali",
    "deepavali",
    "holi",
    "eid",
    "nye",
    "mayo",
)


def _trig(words: tuple[str, ...] | None) -> frozenset[str] | None:
    return None if words is None else frozenset(words)


def _R(
    id,
    pattern,
    meaning,
    example,
    now,
    answer,
    regex,
    resolve,
    *,
    family="base",
    triggers=None,
    chain=False,
    fallback=None,
    last_talk=None,
):
    return Rule(
        id,
        pattern,
        meaning,
        example,
        now,
        answer,
        LazyRegex(regex, F),
        resolve,
        family,
        _trig(triggers),
        chain,
        fallback,
        last_talk,
    )


class _Alt:
    """Lets one resolver read a group from whichever of several alternations matched."""

    def __init__(self, m, **alts):
        self.m, self.alts = m, alts

    def __getitem__(self, k):
        if k in self.alts:
            return next((self.m[g] for g in self.alts[k] if self.m[g]), None)
        return self.m[k]

    def start(self, g=0):
        if g in self.alts:
            g = next((x for x in self.alts[g] if self.m[x]), self.alts[g][0])
        return self.m.start(g)

    def end(self, g=0):
        return self.m.end(g)

    def group(self, g=0):
        return self.m.group(g)


def _alt(fn, **alts):
    return lambda m, c: fn(_Alt(m, **alts), c)


# what may follow "since we last talked": the end of the phrase, or the clause it opens — not a
# topic ("about it"), another person ("to my doctor") or a date of its own ("last week")
_TALK_ENDS = (
    r"(?=\s*(?:[,.!?;:)\-–—]|$)|\s+(?:i|i'm|i've|i'd|we|we've|we're|you|he|she|they|it|it's|its|there|my|our|"
    r"and|but|so|though|lol|haha|a\s+lot|lots|things|everything|life|much|some|been|has|have|had|is|was|"
    r"\w+ed)\b)"
)


# --- the table ------------------------------------------------------------------------------

DATES: list[Rule] = [
    _R(
        "iso_date",
        "YYYY-MM-DD or YYYY/MM/DD, optional time",
        "that day (an instant when a time is given)",
        "The recital is on 2023-05-20.",
        "2023-05-08T14:00",
        "2023-05-20 (day)",
        r"(?<![\w./-])(?P<y>(?:19|20)\d{2})[-/](?P<m>\d{1,2})[-/](?P<d>\d{1,2})"
        r"(?:(?:T|\s+(?:\(\w{3}\)\s+)?)(?P<H>[01]?\d|2[0-3]):(?P<M>[0-5]\d)(?::(?P<S>[0-5]\d))?)?(?![\w/]|-\d)",
        R.r_iso,
        triggers=_DIGITS,
    ),
    _R(
        "numeric_date",
        "M/D/YYYY or M/D/YY (D/M/YYYY with dayfirst; D.M.YYYY always day-first)",
        "that day; an impossible month (>12) swaps the order",
        "My appointment was on 3/14/2022.",
        "2023-05-08T14:00",
        "2022-03-14 (day)",
        r"(?<![\w./$-])(?<!version )(?<!ver )(?P<a>\d{1,2})(?P<sep>[/.-])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4}|\d{2})(?![/.-]?\d)",
        R.r_numeric,
        triggers=_DIGITS,
    ),
    _R(
        "d_mon_y",
        "D-Mon-YY, D/Mon/YYYY (a month abbreviation between dashes or slashes)",
        "that day (two-digit years: 00–49 → 2000s, 50–99 → 1900s)",
        "The invoice date is 5-Nov-98.",
        "2024-06-10T14:00",
        "1998-11-05 (day)",
        rf"(?<![\w/.-])(?P<d>[0-3]?\d)(?P<sep>[-/])(?P<mon>{_MON3})\.?(?P=sep)(?P<y>\d{{4}}|\d{{2}})(?![\w/-])",
        R.r_d_mon_y,
        triggers=_DIGITS,
    ),
    _R(
        "md_numeric",
        "M/D after on/by/until/since/before/after/from/through/due, a weekday or at the start (3/14, 7/4); "
        "D.M. with its final dot (12.06.)",
        "that day, year chosen by tense as for month_day; D/M with dayfirst; fractions, scores and 24/7 are not dates",
        "My appointment is on 3/14.",
        "2025-03-07T09:30",
        "2025-03-14 (day)",
        rf"(?=\d){_LB_MD}(?:(?P<a>1[0-2]|0?[1-9]|[12]\d|3[01])/(?P<b>3[01]|[12]\d|0?[1-9])"
        r"(?![/\d]|\.\d|\s*(?:cups?|of|tsp|tbsp|inch(?:es)?|miles?|oz|lbs?|pounds?|%|th|stars?|points?)\b)"
        r"|(?P<a2>3[01]|[12]\d|0?[1-9])\.(?P<b2>1[0-2]|0?[1-9])\.(?!\d))",
        R.r_md_numeric,
        triggers=("/", "."),
    ),
    _R(
        "day_month",
        "D Month [YYYY], the Dth of Month, 8 May, 2023",
        "that day; without a year: past tense → latest on/before today, future → next on/after, else this year",
        "We got the keys on 8 May, 2023.",
        "2023-06-01T10:00",
        "2023-05-08 (day)",
        rf"\b(?:the\s+)?(?P<d>{DN})(?:\s+of)?\s+(?P<mon>{MA})(?![a-z])(?:,?\s+(?P<y>{Y}))?",
        R.r_day_month,
        triggers=_MONTHS,
    ),
    _R(
        "month_day",
        "Month D[st|nd|rd|th][, YYYY]; Mon.D glued (Mar7); lower-case 'may' only before an ordinal (may 2nd)",
        "that day; year as for day_month",
        "I met her on March 3rd.",
        "2023-05-08T14:00",
        "2023-03-03 (day)",
        rf"\b(?:(?P<mon>{MA})\s+(?:the\s+)?(?P<d>{DN})|(?P<mon2>{_MON3})(?P<d2>[0-3]?\d)"
        rf"|(?P<mon3>may)\s+(?:the\s+)?(?P<d3>[0-3]?\d(?:st|nd|rd|th)))(?![:.]\d|\s*%|\d)"
        rf"(?:,?\s+(?P<y>{Y}))?",
        _alt(R.r_month_day, mon=("mon", "mon2", "mon3"), d=("d", "d2", "d3")),
        triggers=_MONTHS,
    ),
    _R(
        "day_range",
        "Month D–D[, YYYY]",
        "those days (inclusive)",
        "We'll be in Lisbon June 3-10.",
        "2023-05-08T14:00",
        "2023-06-03 – 2023-06-10 (range)",
        rf"\b(?P<mon>{MA})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|—|to|through)\s*(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?(?!\d)(?:,?\s+(?P<y>{Y}))?",
        R.r_day_range,
        triggers=_DIGITS,
    ),
    _R(
        "on_the_nth",
        "on/by/until/til/since/before/after/due the Nth, for the 8th (a numeral after 'for'), is/it's the 11th "
        "(a copula before it, ending its clause), the 14th and 15th, "
        "the 9th thru 11th, 17th till the 21st; a month "
        "told right before or after it ('in June, on the 3rd', 'on the 5th next month') is its month",
        "that day of that month, else of this month; past tense → last month's if still ahead, otherwise "
        "the next one on or after today (a day of the month said in the present is one still to come)",
        "The package came on the 3rd.",
        "2023-05-08T14:00",
        "2023-05-03 (day)",
        rf"(?=the\s|[0-3]?\d(?:st|nd|rd|th)\s*(?:-|–|to|through|thru|till|until|til))(?:{_LB_DATE}the\s+(?P<d>{L.DAY_ORD})|(?<=\bfor )the\s+(?P<d2>[0-3]?\d(?:st|nd|rd|th)){_NTH_ENDS}|{_LB_IS}the\s+(?P<d5>[0-3]?\d(?:st|nd|rd|th)){_NTH_ENDS_IS}"
        rf"|the\s+(?P<d3>[0-3]?\d(?:st|nd|rd|th))(?=\s*(?:-|–|to|through|thru)\s*(?:the\s+)?[0-3]?\d(?:st|nd|rd|th)\b{_NOT_NTH_NOUN})"
        # "17th till the 21st": two ordinals joined as a range need no "the" before the first
        rf"|(?<![\w/.-])(?P<d4>[0-3]?\d(?:st|nd|rd|th))(?=\s*(?:-|–|to|through|thru|till|until|til)\s*(?:the\s+)?[0-3]?\d(?:st|nd|rd|th)\b{_NOT_NTH_NOUN}))\b"
        rf"(?:\s*(?:and|-|–|to|through|thru|till|until)\s*(?:the\s+)?(?P<dend>[0-3]?\d(?:st|nd|rd|th))\b)?{_NOT_NTH_NOUN}",
        R.r_on_the_nth,
        triggers=("the", "till", "until", "til", "to", "thru", "through", "-", "–"),
        chain=True,  # its month may be the span before it or right after it
    ),
    _R(
        "month_year",
        "Month [of] YYYY",
        "that calendar month",
        "We moved in March 2021.",
        "2023-05-08T14:00",
        "2021-03-01 – 2021-03-31 (month)",
        rf"\b(?P<mon>{MA}|may)(?![a-z])(?:\s+of)?,?\s+(?P<y>{Y})",  # before a year "may" is the month
        R.r_month_year,
        triggers=_MONTHS,
    ),
    _R(
        "month_rel",
        "last/this/next/past/coming Month (or a capitalised abbreviation: last Sept)",
        "last = the latest such month before the current one; next = the first after; this = this year's",
        "We went hiking last March.",
        "2023-05-08T14:00",
        "2023-03-01 – 2023-03-31 (month)",
        rf"\b(?P<mod>last|this\s+past|this|next|coming|past)\s+(?P<mon>{MF}\b|(?<!\bthis ){L.MAY_LOW}|{L.MONTH_ABBR_CUED})",  # "this may be": the verb
        R.r_month_rel,
        triggers=_MONTHS,
    ),
    _R(
        "month_bare",
        "in/since/during/of… Month (a preposition is required; lower-case 'may' only where no verb can follow it (the end, punctuation, an emoji, a year, a word no verb follows); capitalised abbreviations other than Jan/Mar after in/since/during/until…)",
        "past tense → this year's if begun else last year's; future → this year's if not over else next year's; no cue → the nearer of last and next (this year's when six months off: 'shoot in february' said in November is next February)",
        "I went to Japan in March.",
        "2023-05-08T14:00",
        "2023-03-01 – 2023-03-31 (month)",
        rf"(?={_MON_START})(?:{_LB}(?:the\s+month\s+of\s+)?(?P<mon>{MF}\b|{L.MAY_LOW})|{_LB_ABBR}(?P<mon2>{L.MONTH_ABBR_CUED}))(?!\.?\s+\d)",
        R.r_month_bare,
        triggers=_MONTHS,
    ),
    _R(
        "year",
        "in/since/during/back in… YYYY (a preposition is required)",
        "that calendar year",
        "Back in 2015 I lived in Ohio.",
        "2023-05-08T14:00",
        "2015-01-01 – 2015-12-31 (year)",
        rf"(?=(?:19|20)\d\d){_LB}(?P<y>(?:19|20)\d{{2}})(?![\d%]|[,.]\d|[-/]\d)",
        R.r_year,
        triggers=_DIGITS,
    ),
    _R(
        "year_range",
        "YYYY–YYYY, YYYY-YYYY (two years joined by a dash) in brackets, after a colon or comma, at a line's start or after a preposition, as in a résumé line",
        "from the first year's start to the second year's end",
        "Acme Corp (2021-2024): led a team of 5 engineers.",
        "2025-03-10T14:00",
        "2021-01-01 – 2024-12-31 (range)",
        rf"(?:(?<=\()|(?<=^)|(?<=\n)|(?<=^- )|(?<=\n- )|(?<=\n\* )|(?<=: )|(?<=, )|{_LB})"
        r"(?P<y1>(?:19|20)\d{2})\s?[-–—]\s?(?P<y2>(?:19|20)\d{2})(?![\w%]|[-/.]\w)",
        R.r_year_range,
        triggers=_DIGITS,
    ),
    _R(
        "decade",
        "the 1990s, the '90s, the 90s, the nineties",
        "that decade (2-digit 20s–90s → 1900s, 00s/10s → 2000s)",
        "I grew up in the 90s.",
        "2023-05-08T14:00",
        "1990-01-01 – 1999-12-31 (decade)",
        r"\b(?:the\s+)?(?:(?P<full>(?:19|20)\d0)'?s|the\s+'?(?P<short>\d0)'?s|the\s+(?P<word>twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties))\b",
        R.r_decade,
        triggers=_DIGITS + ("ties",),
    ),
    _R(
        "alone",
        "a bare month, season, year, clock time (4:30), M/D (3/14), 'the weekend', 'the Nth' or 'now' that is the "
        "whole text (a heading, a form field)",
        "as month_bare / season_bare / year / clock / weekend_bare / on_the_nth; now = this instant",
        "March",
        "2024-06-10T14:00",
        "2024-03-01 – 2024-03-31 (month)",
        rf"\A\s*(?:(?P<mon>{MF})|the\s+(?P<wkd>week-?end)|the\s+(?P<nth>{L.DAY_ORD})|(?P<s>{S})|(?P<yr>(?:1[0-9]|20)\d\d)"
        r"|(?P<ch>1[0-2]|0?[1-9]):(?P<cm>[0-5]\d)|(?P<ma>1[0-2]|0?[1-9])/(?P<mb>3[01]|[12]\d|0?[1-9])"
        r"|(?P<now>(?:right\s+|just\s+)?now))\s*[.!?]?\s*\Z",
        R.r_alone,
    ),
]

PERIODS: list[Rule] = [
    _R(
        "unit_rel",
        "last/this/next/past/coming week|weekend|month|quarter|year|decade",
        "calendar unit: weeks are Monday–Sunday; 'last weekend' = Saturday–Sunday of the previous Monday-week",
        "We ran a 10k last weekend.",
        "2023-05-08T14:00",
        "2023-05-06 – 2023-05-07 (weekend)",
        r"\b(?P<mod>last|this\s+past|this|next|this\s+coming|coming|current|previous)\s+(?P<unit>week-?end|week|month|quarter|year|decade)\b",
        R.r_unit_rel,
        triggers=_UNITS,
    ),
    _R(
        "before_last",
        "the week/weekend/month/year before last",
        "the calendar unit two before the current one",
        "We adopted him the week before last.",
        "2023-05-08T14:00",
        "2023-04-24 – 2023-04-30 (week)",
        r"\bthe\s+(?P<unit>week|weekend|month|year)\s+before\s+last\b",
        R.r_before_last,
        triggers=("before last",),
    ),
    _R(
        "earlier_later_this",
        "earlier/later this week|month|year; the rest of the day/week/month/year",
        "earlier: from the unit's start to today; later and the rest of: from today to the unit's end",
        "Earlier this month I started a new job.",
        "2023-05-08T14:00",
        "2023-05-01 – 2023-05-08 (range)",
        r"\b(?:(?P<which>earlier|later)\s+this|the\s+rest\s+of\s+(?:the|this))\s+(?P<unit>day|week|month|year)\b",
        R.r_earlier_later_this,
        triggers=("this", "rest of"),
    ),
    _R(
        "quarter",
        "Q1–Q4 / the first…fourth (last) quarter [of YYYY | last/this/next year]",
        "that calendar quarter; with no year the tense picks it (past → latest begun, future → next not over, "
        "no cue → this year's)",
        "Sales dipped in Q3 last year.",
        "2023-05-08T14:00",
        "2022-07-01 – 2022-09-30 (quarter)",
        r"\b(?:Q(?P<q>[1-4])|the\s+(?P<qw>first|second|third|fourth|last|final)\s+quarter)(?:\s+(?:of\s+)?(?:(?P<mod>last|this|next)\s+year|(?P<y>(?:19|20)\d{2})))?\b",
        R.r_quarter,
        triggers=("q", "quarter"),
    ),
    _R(
        "half_year",
        "H1 / H2 [YYYY | last/this/next year]",
        "January–June / July–December; no year: chosen by tense as for quarters",
        "H2 will be busier.",
        "2024-06-10T14:00",
        "2024-07-01 – 2024-12-31 (range)",
        r"\b(?-i:H)(?P<h>[12])\b(?:\s+(?:of\s+)?(?:(?P<mod>last|this|next)\s+year|(?P<y>(?:19|20)\d{2})))?(?!\s+(?:tag|heading|element|title))",
        R.r_half_year,
        triggers=("h1", "h2"),
    ),
    _R(
        "part_of",
        "early/mid/late P, the beginning/start/middle/end of P, the first/second half of P — P a period: "
        "this/next/last/the week|month|year|quarter, Month [YYYY], YYYY, Qn, a season",
        "thirds — week: Mon–Tue / Wed–Thu / Fri–Sun; month: days 1–10 / 11–20 / 21–end; year: Jan–Apr / May–Aug / "
        "Sep–Dec; quarter or season: its months — and halves (a month splits after the 15th, a year after June); "
        "'the month/week/year' is the current one, or the next (previous) when the part's middle is already past "
        "(still ahead) in a sentence about the future (past)",
        "I got paid at the end of last month.",
        "2023-05-08T14:00",
        "2023-04-21 – 2023-04-30 (range)",
        rf"\b(?:(?P<part>early|mid|late)[-\s]+|(?:the\s+)?(?P<part2>beginning|start|middle|end)\s+of\s+(?:the\s+month\s+of\s+)?"
        rf"|(?:the\s+)?(?P<half>first|second|latter|1st|2nd)\s+half\s+of\s+)(?P<p>{PERIOD})",
        R.r_part_of,
        family="composed",
        triggers=("early", "mid", "late", "beginning", "start", "end", "half"),
    ),
    _R(
        "eo",
        "EOD, EOW, EOM, EOQ, EOY, COB / close of business",
        "the last day of that unit (EOW = this week's Friday; EOD, COB = today)",
        "Let's finish this by EOY.",
        "2024-06-10T14:00",
        "2024-12-31 (day)",
        r"\b(?:eo[dwmqy]|(?-i:COB)|close\s+of\s+business)\b",
        R.r_eo,
        triggers=("eo", "cob", "close of"),
    ),
]

DAYS: list[Rule] = [
    _R(
        "day_word",
        "today / tonight / yesterday / tomorrow [morning|afternoon|evening|night]",
        "that day (part_of_day when a part is given; tonight = today 19:00–23:59)",
        "I went to a LGBTQ support group yesterday.",
        "2023-05-08T14:00",
        "2023-05-07 (day)",
        rf"\b(?P<w>today|tonight|yesterday|tomorrow)\b(?:\s+(?:in\s+the\s+|at\s+)?(?P<part>{P})\b)?",
        R.r_day_word,
        triggers=("today", "tonight", "yesterday", "tomorrow"),
    ),
    _R(
        "day_before_after",
        "the day before yesterday / the day after tomorrow",
        "today −2 / +2 days",
        "We landed the day before yesterday.",
        "2023-05-08T14:00",
        "2023-05-06 (day)",
        rf"\bthe\s+day\s+(?:before|after)\s+(?P<w>yesterday|tomorrow)\b(?:\s+(?P<part>{P})\b)?",
        R.r_day_before_after,
        triggers=("the day",),
    ),
    _R(
        "earlier_later_today",
        "earlier today / later today",
        "today",
        "I called her earlier today.",
        "2023-05-08T14:00",
        "2023-05-08 (day)",
        r"\b(?:earlier|later)\s+today\b",
        R.r_earlier_later_today,
        triggers=("today",),
    ),
    _R(
        "earlier_bare",
        "earlier (on) as a clause's adverb in a past sentence: opening its sentence or closing its clause; not "
        '"earlier than", "an earlier flight", "a little earlier", "earlier this week" (its own rule), nor ahead '
        'or in the present ("I\'ll pick you up earlier", "the store closes earlier")',
        'today: a past told with a bare "earlier" is earlier the same day',
        "I went for a run earlier.",
        "2023-05-08T14:00",
        "2023-05-08 (day)",
        r"(?:(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s))earlier(?:\s+on)?\b(?!\s+(?:than|this|that|in|today|tonight)\b)"
        r"|(?<!\ban\s)(?<!\bthe\s)(?<!\bmy\s)(?<!\bmuch\s)(?<!\bbit\s)(?<!\bway\s)(?<!\beven\s)(?<!\bthan\s)"
        r"(?<!\bany\s)(?<!\blittle\s)(?<!\bno\s)(?<!\blot\s)(?<!\band\s)\bearlier(?:\s+on)?\b(?!\s+and\s+earlier)(?=\s*(?:[.!?,;:)]|$|\s+(?:and|but|so|lol|haha|though)\b)))",
        R.r_earlier_bare,
        triggers=("earlier",),
    ),
    _R(
        "all_unit",
        "all/the whole/the entire day, morning, afternoon, evening, night, weekend, week (long), in a past or "
        'future sentence; not before another time ("all day yesterday") nor "all day every day"',
        "the unit the sentence is in: day = today; morning … = today's (yesterday's when told in the past before it "
        "began); night = last night in the past, tonight ahead; weekend = as 'over the weekend'; week = this week (the "
        "week just gone told in the past on a Monday or Tuesday, this week up to today told in the past later, the next told ahead on a weekend). Nothing in a present sentence "
        "('I sit all day': how often), a past habit or one set at an occasion ('On our honeymoon we stayed in bed all "
        "day'), nor as a modifier ('an all night party')",
        "I was sick all weekend.",
        "2023-05-10T14:00",
        "2023-05-06 – 2023-05-07 (weekend)",
        r"(?<!\ba\s)(?<!\ban\s)\b(?:all|the\s+whole|the\s+entire)\s+(?P<u>day|morning|afternoon|evening|night|weekend|week)(?:\s+long)?\b"
        r"(?!\s+(?:yesterday|today|tomorrow|tonight|last|this|next|before|after|of|every|each)\b|\s+(?:on\s+)?\w+day\b"
        r"|\s*-?\s*(?:long\s+)?(?:pass|ticket|event|workshop|trip|hike|class|course|session))",
        R.r_all_unit,
        triggers=("all", "whole", "entire"),
    ),
    _R(
        "this_part",
        "this morning/afternoon/evening",
        "today's part of day (morning 06–12, afternoon 12–18, evening 17–24)",
        "I went for a run this morning.",
        "2023-05-08T14:00",
        "2023-05-08 (part_of_day)",
        rf"\bthis\s+(?P<part>{P})\b",
        R.r_this_part,
        triggers=("this",),
    ),
    _R(
        "last_night",
        "last night",
        "yesterday 19:00–23:59",
        "We watched a movie last night.",
        "2023-05-08T14:00",
        "2023-05-07 (part_of_day)",
        r"\blast\s+night\b",
        R.r_last_night,
        triggers=("night",),
    ),
    _R(
        "weekday_rel",
        "last/this/next/this past/this coming Weekday [part] (abbreviations: last Tues, next Fri; 'this lovely Saturday')",
        "last = nearest before today; next = nearest after the day after tomorrow; coming = nearest after today; "
        "this = that day of the current Monday-week",
        "We ran a charity race last Sunday.",
        "2023-05-08T14:00",
        "2023-05-07 (day)",
        rf"\b(?P<mod>this\s+past|this\s+coming|last|this|next|coming|past)\s+(?:(?<=\bthis ){_DAY_ADJ}\s+)?"
        rf"(?P<wd>{WDC})(?:\s+(?:in\s+the\s+|at\s+)?(?P<part>{P})\b)?",
        R.r_weekday_rel,
        triggers=_WEEKDAYS,
    ),
    _R(
        "weekday",
        "(on) Weekday [part]; capitalised Tue(s)/Thu(rs)/Fri alone, Mon/Wed/Sat/Sun only after on/by/until; "
        "not after a/every/each/any ('on a Friday' is no particular Friday)",
        "past tense or no cue → nearest before today; future tense → nearest after today",
        "I'm going to the dentist on Friday.",
        "2023-05-08T14:00",
        "2023-05-12 (day)",
        rf"(?<!\ba )(?<!\bevery )(?<!\beach )(?<!\bany )(?<!\bper )\b(?P<wd>{L.WEEKDAY_BARE})(?:\s+(?:in\s+the\s+|at\s+)?(?P<part>{P})\b)?",
        R.r_weekday,
        triggers=_WEEKDAYS,
    ),
    _R(
        "that_weekday",
        "that Weekday [part] (anaphoric: a day of a time already in the story)",
        "the first such weekday on or after the previous span when that is a day or a week (the Saturday of "
        "that week); with no such antecedent, as a bare weekday (past or no cue → nearest before today)",
        "I got the job offer on May 4 and accepted it that Friday.",
        "2026-07-14T12:00",
        "2026-05-08 (day)",
        rf"\bthat\s+(?P<wd>{L.WEEKDAY_BARE})(?:\s+(?:in\s+the\s+|at\s+)?(?P<part>{P})\b)?",
        R.r_that_weekday,
        triggers=_WEEKDAYS,
        chain=True,  # resolved after the spans before it: its antecedent is the previous one
    ),
    _R(
        "weekend_bare",
        "over/on/during the weekend, this past weekend",
        "past → the latest weekend that has begun; future → the next not yet over; no cue → this week's",
        "We went camping over the weekend.",
        "2023-05-08T14:00",
        "2023-05-06 – 2023-05-07 (weekend)",
        r"(?:(?<=\bover )|(?<=\bon )|(?<=\bduring )|(?<=\bat ))the\s+week-?end\b",
        R.r_weekend_bare,
        triggers=("weekend",),
    ),
    _R(
        "clock",
        "a clock time: 7pm, 10 a.m., 19:30, at 3:30, noon, midnight, seven o'clock, half past seven, "
        "a quarter to ten, 3 in the morning, 11 at night, at 8., since 8. (bare hour where its clause ends: 'at 3 so if…')",
        "that instant today; a sentence about the future moves a passed time to tomorrow, one about the past moves "
        "a time still ahead to yesterday; without am/pm the direction picks h or h+12 (no direction: 1–7 pm, 8–11 am); "
        "'in 5:45' (a duration) and ratios are not times, nor a clock time in a habitual sentence (usually, always, "
        "every…)",
        "Let's meet at 7pm.",
        "2024-06-10T14:00",
        "2024-06-10 19:00 (instant)",
        C.CLOCK,
        C.r_clock,
        family="clock",
        triggers=_DIGITS + ("noon", "midnight", "mid", "clock", "half", "quarter"),
    ),
]

COMPOSED: list[Rule] = [
    _R(
        "nth_of",
        "[the] first…fifth/last/second-to-last Weekday|day|weekday|week|weekend of/in P (P as in part_of)",
        "counted in the period: weekdays from its first (last) one; 'day' from its first (last) day; weeks are days "
        "1–7, 8–14, … and the last week its final 7 days; a weekend belongs to the period of its Saturday; "
        "'the month' rolls as in part_of",
        "The meeting is on the third Thursday of November 2019.",
        "2024-06-10T14:00",
        "2019-11-21 (day)",
        rf"\b(?:the\s+)?(?P<n>{L.NTH})\s+(?P<what>{WDC}|day|business\s+day|weekday|weekend|week)\s+(?:of|in)\s+(?P<p>{PERIOD})",
        K.r_nth_of,
        family="composed",
        triggers=_NTHS,
    ),
    _R(
        "day_of_month_rel",
        "the Nth of this/next/last/the following month, the first of the month",
        "that day of that month",
        "I'll pay you back on the 15th of next month.",
        "2024-06-10T14:00",
        "2024-07-15 (day)",
        rf"\bthe\s+(?P<d>{L.DAY_ORD})\s+of\s+(?P<p>(?:this|next|last|the|the\s+following)\s+month)\b",
        K.r_day_of_month_rel,
        family="composed",
        triggers=("month",),
    ),
    _R(
        "weekday_of_week",
        "Weekday (of) this/next/last week, next week('s) Weekday, last week's Weekday, Weekday after next, "
        "Weekday in N weeks",
        "that weekday of that Monday–Sunday week; 'after next' = a week after the coming one",
        "Let's move it to Friday next week.",
        "2024-06-10T14:00",
        "2024-06-21 (day)",
        rf"\b(?:(?P<wd>{WDC})\s+(?:of\s+)?(?P<p>(?:this|next|last)\s+week)\b"
        rf"|(?P<p2>(?:this|next|last)\s+week)(?:'s|\s+on)?\s+(?P<wd2>{WDC})"
        rf"|(?:the\s+)?(?P<wd3>{WDC})\s+after\s+next\b"
        rf"|(?P<wd4>{WDC})\s+in\s+(?P<n>{N})\s+weeks?\b)",
        K.r_weekday_of_week,
        family="composed",
        triggers=("week", "after next"),
    ),
    _R(
        "annual_shift",
        "ANNUAL (a holiday, Month, Month D, a season) + next/last year, of this/next/last year, N years ago, "
        "in N years, N years from now; last/next year's ANNUAL; the ANNUAL before last / after next",
        "that year's occurrence (this year ± N); 'before last' = the one before the latest that is over",
        "Christmas 2 years ago was the best one.",
        "2024-06-10T14:00",
        "2022-12-25 (day)",
        # one ANNUAL and one count in the regex: quick to compile
        rf"\b(?:(?P<mod3>last|next|this)\s+year's\s+|(?P<the>the)\s+)?(?P<b>{ANNUAL})"
        rf"(?(mod3)|\s+(?:(?:of\s+(?P<mod>this|next|last)|(?P<mod2>next|last))\s+year\b"
        rf"|(?P<inn>in\s+)?(?P<n>{N})\s+years?(?:(?P<ago>\s+(?:ago|back|before|earlier))|(?P<fromnow>\s+from\s+now)"
        r"|'?\s+time)?\b|(?P<bl>before\s+last|after\s+next)\b))",
        K.r_annual_shift,
        family="composed",
        triggers=("year", "before last", "after next"),
    ),
    _R(
        "weekday_anchor",
        "the Weekday before/after A (A the date that follows: a holiday, a date; 'the' may be left out before one)",
        "the first such weekday after (before) A; with no date after it, after the previous date, else today",
        "We had the office party the Friday before Christmas.",
        "2024-12-28T20:00",
        "2024-12-20 (day)",
        rf"\b(?:(?P<the>the)\s+)?(?P<wd>{WDC})\s+(?P<dir>before|after)\b(?!\s+(?:next|last)\b)"
        rf"(?(the)|(?=\s+(?:the\s+)?(?:{HOL}|{MA}|\d|{WDC}|today|tomorrow|yesterday)))",
        lambda m, c: K.r_weekday_anchor(m, c, c.anchor_next or (R.anchor(c) if m["the"] else None)),
        family="composed",
        triggers=("before", "after"),
        chain=True,
        fallback="weekday",
    ),
    _R(
        "week_of",
        "the week of A (A a date or holiday that follows)",
        "the Monday–Sunday week containing A",
        "I'll be off the week of Thanksgiving.",
        "2023-11-15T11:00",
        "2023-11-20 – 2023-11-26 (week)",
        rf"\bthe\s+week\s+of\s+(?=(?:the\s+)?(?:{HOL}|{MA}|\d))",
        lambda m, c: K.r_week_of(m, c, c.anchor_next),
        family="composed",
        triggers=("week of",),
        chain=True,
    ),
    _R(
        "weekday_date",
        "Weekday[,] DATE (Thu, Mar 7; Wednesday, June 12; Sat 15 June; Fri 3/14)",
        "the date; when its year is not written, the nearest year (in the tense's direction) in which it falls on "
        "that weekday",
        "Thu, Mar 7",
        "2024-06-10T14:00",
        "2024-03-07 (day)",
        rf"\b(?P<wd>{WDC})\.?,?\s+(?=(?:the\s+)?(?:\d|{MA}(?![a-z])))",
        lambda m, c: _weekday_date(m, c),
        family="composed",
        triggers=_WEEKDAYS,
        chain=True,
        fallback="weekday",
    ),
    _R(
        "weekday_nth",
        "Weekday the Nth, Weekday Nth (Friday the 13th, sat 9th)",
        "the nearest month (in the tense's direction) whose Nth falls on that weekday",
        "I broke a mirror on Friday the 13th.",
        "2024-06-10T14:00",
        "2023-10-13 (day)",
        # "saturday 9th", "sat the 9th": without "the" only a written ordinal ("friday 13 people came" is a count)
        rf"\b(?P<wd>{WDC})\.?,?\s+(?:the\s+(?P<d>{L.DAY_ORD})|(?P<d2>[0-3]?\d(?:st|nd|rd|th)))\b{_NOT_NTH_NOUN}",
        lambda m, c: _weekday_nth(m, c),
        family="composed",
        triggers=_WEEKDAYS,
    ),
]

COUNTS: list[Rule] = [
    _R(
        "ago",
        "[about|around|roughly|almost|some…] N units [or so] ago|back (digits, number words, a/an, a couple of, "
        "a few, several)",
        "exact count: the unit-sized window around now − N units (day exact; week ±3 d; month ±15 d; year ±182 d); "
        "approximate (a marker, 'or so', or a vague count: a couple = 2, a few = 2–4, several = 3–7): centred on "
        "the point, ± the unit's margin (see Approximate expressions)",
        "I adopted a cat three days ago.",
        "2023-05-08T14:00",
        "2023-05-05 (day)",
        rf"\b(?:(?P<approx>{APPROX})\s+)?(?P<n>{N})\s+(?P<u>{U})(?P<andhalf>\s+and\s+a\s+half)?(?P<orso>\s+or\s+so)?"
        r"\s+(?:ago|back)\b",
        R.r_ago,
        family="counts",
        triggers=("ago", "back"),
    ),
    _R(
        "units_ago",
        "days/weeks/months/years ago (no number)",
        "2–6 units back (years: 2–10), fuzzy",
        "I read that book years ago.",
        "2023-05-08T14:00",
        "2012-11-07 – 2021-11-06 (fuzzy)",
        r"(?<![\d,]\s)(?<!\bof\s)(?<!hundred\s)(?<!thousand\s)(?<!million\s)\b(?P<u>days|weeks|months|years)\s+ago\b",
        R.r_units_ago,
        family="counts",
        triggers=("ago",),
    ),
    _R(
        "this_time",
        "this time next/last week|month|year; N units ago today/yesterday/tomorrow",
        "that exact day",
        "this time next year",
        "2024-06-10T14:00",
        "2025-06-10 (day)",
        rf"\b(?:this\s+time\s+(?P<mod>next|last)\s+(?P<tu>week|month|year)|(?P<n>{N})\s+(?P<u>{U})\s+ago\s+(?P<ref>today|yesterday|tomorrow))\b",
        R.r_this_time,
        family="counts",
        triggers=("this time", "ago today", "ago yesterday", "ago tomorrow"),
    ),
    _R(
        "in_n",
        "in [about] N units",
        "future: the window around now + N units (approximate as for ago); after a negated perfect "
        "('haven't … in 3 years') → now − N units to today; past tense → none ('finished in 40 minutes' "
        "says how long it took)",
        "I'm moving in two weeks.",
        "2023-05-08T14:00",
        "2023-05-19 – 2023-05-25 (week)",
        rf"\bin\s+(?:(?P<approx>about|around|roughly|approximately|like|maybe|some)\s+|(?:another|just)\s+)?(?P<n>{N})\s+(?P<u>{U})\b"
        r"(?P<andhalf>\s+and\s+a\s+half)?(?P<orso>\s+or\s+so)?(?!\s+(?:ago|back))",
        R.r_in_n,
        family="counts",
        triggers=("in",),
    ),
    _R(
        "from_now",
        "N units from now/today/tomorrow",
        "from now: the window around now + N units; from today/tomorrow: that exact day",
        "The wedding is two weeks from now.",
        "2023-05-08T14:00",
        "2023-05-19 – 2023-05-25 (week)",
        rf"\b(?:(?P<approx>{APPROX})\s+)?(?P<n>{N})\s+(?P<u>{U})(?P<andhalf>\s+and\s+a\s+half)?(?P<orso>\s+or\s+so)?"
        r"\s+from\s+(?P<ref>now|today|tomorrow)\b",
        R.r_from_now,
        family="counts",
        triggers=("from",),
    ),
    _R(
        "week_today",
        "a week / N weeks / a fortnight today, tomorrow, or on Weekday (British: counted on from that day)",
        "that exact day: today, tomorrow or the coming Weekday, plus the weeks",
        "Raku day is a week today!",
        "2024-03-09T10:00",
        "2024-03-16 (day)",
        rf"\b(?P<n>a|one|two|three|four|2|3|4)\s+(?P<u>weeks?|fortnight)\s+"
        rf"(?:(?P<ref>today|tomorrow)|on\s+(?P<wd>{L.WEEKDAY_BARE}))\b",
        R.r_week_today,
        family="counts",
        triggers=("week", "fortnight"),
    ),
    _R(
        "duration_since",
        "for [about] N units [now] with a perfect-tense verb (I've had / we've been / has known)",
        "the state began N units before now: the window around now − N units",
        "We've been married for 5 years now.",
        "2023-05-08T14:00",
        "2017-11-07 – 2018-11-06 (year)",
        rf"\bfor\s+(?:(?:about|around|almost|nearly|over|more\s+than|roughly|close\s+to|just\s+over|just\s+under|maybe|like)\s+)?(?P<n>{N})\s+(?P<u>{U})(?:\s+now)?\b",
        R.r_duration_since,
        family="counts",
        triggers=("for",),
    ),
    _R(
        "rolling",
        "the past/last/previous [N] units, past/last/previous N units, this past week",
        "from now − N units to today (range)",
        "I've slept badly the past few days.",
        "2023-05-08T14:00",
        "2023-05-04 – 2023-05-08 (range)",
        rf"\b(?:the\s+(?:past|last|previous)\s+(?:(?P<n>{N})\s+)?(?P<u>{U})|(?<!\bmy )(?<!\bour )(?<!\bhis )(?<!\bher )(?<!\btheir )(?<!\byour )(?:past|last|previous)\s+(?P<n3>{N})\s+(?P<u3>{U})"
        r"|this\s+past\s+(?P<u2>week|month|year)\b)",
        R.r_rolling,
        family="counts",
        triggers=("past", "last", "previous"),
    ),
    _R(
        "rolling_future",
        "(over/within/in) the next/coming/upcoming [N] units (plural); within [the next] N units",
        "from today to now + N units (no number: a few, up to 4); nothing in a habitual sentence (usually, always, "
        "every…)",
        "I'm traveling the upcoming two weeks.",
        "2024-06-10T14:00",
        "2024-06-10 – 2024-06-24 (range)",
        rf"\b(?:(?:the\s+)?(?:next|coming|upcoming)\s+(?:(?P<n>{N})\s+)?(?P<u>(?:second|minute|hour|day|week|month|year)s)\b"
        rf"|within\s+(?:the\s+next\s+)?(?P<n2>{N})\s+(?P<u2>{U})\b)",
        R.r_rolling_future,
        family="counts",
        triggers=("next", "coming", "within"),
    ),
    _R(
        "now",
        "now, as the start of a range (from now until A, between now and A)",
        "today",
        "I'm saving money from now until Christmas.",
        "2024-06-10T14:00",
        "2024-06-10 – 2024-12-25 (range)",
        r"(?:(?<=\bfrom )|(?<=\bbetween ))(?:right\s+)?now\b(?=\s+(?:until|till|to|through|and)\b)",
        R.r_now,
        family="counts",
        triggers=("now",),
    ),
    _R(
        "chain_n",
        "N units later/after (that)/afterwards/before/earlier (relative to the date that follows, else the previous "
        "date in the text, else now); N units from A (A a day that follows)",
        "the anchor moved by N units (a day anchor gives the unit-sized window); 'from A' is exact",
        "We met on 3 May 2023. Two weeks later we got engaged.",
        "2023-06-01T10:00",
        "2023-05-14 – 2023-05-20 (week)",
        # not a rate: "£38 a month from august", "twice a week after that" (an amount comes first)
        r"(?<![\d%£$€]\s)(?<!\btimes\s)(?<!\btwice\s)(?<!\bonce\s)"
        rf"\b(?P<n>{N})\s+(?P<u>{U})\s+(?P<dir>later|after(?:\s+that)?|afterwards|before(?:\s+that)?|earlier|prior"
        rf"|from(?=\s+(?:the\s+)?(?:{WDC}|{HOL}|{MA}|\d|tomorrow|yesterday|next|last|this)))\b",
        R.r_chain_n,
        family="counts",
        triggers=("later", "after", "before", "earlier", "prior", "from"),
        chain=True,
    ),
    _R(
        "chain_unit",
        "the day/week/weekend/month/year before|after, the next/following/previous day|morning|week|Weekday|…",
        "the unit just before/after the anchor (the date that follows, else the previous one, else today); weeks "
        "are the 7 days adjacent; a weekday is the first one after (last one before) the anchor",
        "I got sick on May 1. The day after I stayed home.",
        "2023-05-08T14:00",
        "2023-05-02 (day)",
        rf"\bthe\s+(?:(?P<unit>day|week|weekend|month|year)\s+(?P<dir>before|after)|(?P<dir2>next|following|previous|preceding|prior)\s+(?P<unit2>day|week|weekend|month|year|{P}|{WDC}))\b",
        _alt(R.r_chain_unit, unit=("unit", "unit2"), dir=("dir", "dir2")),
        family="counts",
        triggers=("the",),
        chain=True,
    ),
]

NAMED: list[Rule] = [
    _R(
        "century",
        "the Nth century, the 1800s",
        "years (N−1)01–N00; the 1800s = 1800–1899",
        "Most of these houses were built in the 19th century.",
        "2024-06-10T14:00",
        "1801-01-01 – 1900-12-31 (range)",
        r"\b(?:the\s+(?P<c>1\d|2[01]|[1-9])(?:st|nd|rd|th)\s+century|(?:the\s+)?(?P<h>1[0-9])00'?s)\b",
        R.r_century,
        triggers=("century", "00s", "00's"),
    ),
    _R(
        "season_rel",
        "last/this/next/this past season (spring, summer, fall/autumn, winter)",
        "northern-hemisphere meteorological seasons (spring Mar–May, summer Jun–Aug, fall Sep–Nov, winter Dec–Feb); "
        "last = latest one already over, next = first not begun, this = the current one else this year's",
        "We went to Greece last summer.",
        "2023-05-08T14:00",
        "2022-06-01 – 2022-08-31 (season)",
        rf"\b(?P<mod>this\s+past|this\s+coming|last|this|next|coming|past)\s+(?P<s>{S})\b",
        R.r_season_rel,
        triggers=_SEASONS,
    ),
    _R(
        "season_year",
        "(the) season (of) YYYY",
        "that season; winter YYYY = Dec YYYY – Feb YYYY+1",
        "We moved in the fall of 2021.",
        "2023-05-08T14:00",
        "2021-09-01 – 2021-11-30 (season)",
        rf"\b(?:the\s+)?(?P<s>{S})\s+(?:of\s+)?(?P<y>{Y})",
        R.r_season_year,
        triggers=_SEASONS,
    ),
    _R(
        "season_bare",
        "in/during/over (the) season",
        "past → latest season that has begun; future → first not yet over; no cue → current/this year's",
        "I'll visit Norway in the summer.",
        "2023-05-08T14:00",
        "2023-06-01 – 2023-08-31 (season)",
        rf"(?:(?<=\bin the )|(?<=\bin )|(?<=\bduring the )|(?<=\bover the )|(?<=\bduring )|(?<=\bthis past )|(?<=\bearly )|(?<=\blate ))(?P<s>{S})\b(?!\s+of\b)",
        R.r_season_bare,
        triggers=_SEASONS,
    ),
    _R(
        "holiday",
        "[last/this/next] holiday [YYYY]: dates from the `holidays` package for the configured country "
        "(holiday_country, default US) then the name's home country — New Year's, MLK Day, Presidents' Day, "
        "Valentine's, St. Patrick's, Good Friday, Easter, Mother's/Father's Day, Memorial Day, Juneteenth, "
        "Fourth of July, Labor Day, Columbus Day, Halloween, Veterans Day, Thanksgiving, Christmas Eve/Day, "
        "Boxing Day, Canada Day, Rosh Hashanah, Passover, Hanukkah, Diwali, Eid, Chinese New Year…; "
        "observances it lacks derived from one it has: Black Friday, Cyber Monday, Easter Monday, Mardi Gras",
        "the occurrence that year (the holidays = Dec 24 – Jan 1; several-day feasts their whole run); without a "
        "year: past → latest that has begun, future → next not over, no cue → this year's; 'H weekend' = the "
        "weekend next to it with the holiday (a Monday or Tuesday: the weekend before; Wednesday–Friday: through "
        "the Sunday after)",
        "We had a big dinner on Thanksgiving.",
        "2023-12-01T10:00",
        "2023-11-23 (day)",
        rf"\b(?:(?P<mod>last|this\s+past|this\s+coming|this|next)\s+)?(?P<h>{HOL})\b(?:,?\s+(?:of\s+)?(?P<y>{Y}))?"
        rf"(?P<wk>\s+(?:long\s+)?week-?end\b)?{_NOT_NOUN}",
        R.r_holiday,
        family="named",
        triggers=_HOL_TRIG,
    ),
    _R(
        "fuzzy",
        "recently, lately, not (so/too/that) long ago, a little/short while ago, the other day/night/morning/evening/week, "
        "a while ago/back, "
        "some time ago, a long time ago, ages ago",
        "recently/lately/not long ago = the last three weeks (today and the 20 days before); a little/short while ago = "
        "the last 30 days; not so/too/that long ago = the last 180 days; the other day (night, morning, evening) = 7–1 days ago; the other week = 21–5 days ago; a while ago = 365–30 days ago; "
        "a long time ago = 10–1 years; ages ago = 10 years–180 days",
        "I saw her the other day.",
        "2023-05-08T14:00",
        "2023-05-01 – 2023-05-07 (fuzzy)",
        r"\b(?:recently|lately|not\s+(?:(?:so|too|that)\s+)?long\s+ago|the\s+other\s+(?:day|night|morning|evening|week)"
        r"|a\s+(?:(?:little|short)\s+)?while\s+(?:ago|back)"
        r"|some\s+time\s+ago|a\s+long\s+time\s+ago|ages\s+ago)\b",
        R.r_fuzzy,
        triggers=("recent", "lately", "other", "while", "ago"),
    ),
    _R(
        "since_last_talk",
        "since we (last) talked/spoke/chatted/caught up/texted, since we spoke last, since I last talked to you, "
        "since (the) last time (we talked), since our last chat/talk/conversation/call; not when a topic, another "
        'person or a date follows ("since we talked about it", "since I talked to my doctor", "since we '
        'talked last week"), nor "since the last time I saw her"',
        "from the day the same people last talked (their latest turn before this session) to today: a catch-up "
        "tells what happened in between; dates nothing when there is no earlier talk",
        "Since we last spoke, I went to that community meeting.",
        "2023-05-20T14:00",
        "2023-05-08 – 2023-05-20 (range)",
        r"\bsince\s+(?:"
        # "since we talked", "since we spoke last": not "since we talked about it / to Jo / last
        # week" (a topic, someone else, or a date of its own follows)
        r"(?:we|you\s+and\s+i)\s+(?:talked|spoke|chatted|caught\s+up|texted|messaged)(?:\s+on\s+the\s+phone)?"
        r"(?:\s+last(?:\s+time)?)?"
        r"|i\s+(?:last\s+)?(?:talked\s+to|spoke\s+to|spoke\s+with|heard\s+from|texted|messaged)\s+(?:you|u)(?:\s+last)?"
        r"|our\s+last\s+(?:chat|talk|conversation|call|catch-?up)"
        rf"){_TALK_ENDS}"
        # "since we last talked": with "last" taken, a date after it is another's ("… last week I decided")
        r"|\bsince\s+(?:we|you\s+and\s+i)\s+last\s+(?:talked|spoke|chatted|caught\s+up|texted|messaged)"
        r"(?:\s+on\s+the\s+phone)?(?!\s+(?:about|to|with|for|of|over|on)\b)"
        # "since the last time we spoke i got …": with the talk named, a clause may follow
        rf"|\bsince\s+(?:the\s+)?last\s+time\s+we\s+(?:talked|spoke|chatted|caught\s+up){_TALK_ENDS}"
        # "since last time", "since the last time we talked": not "since the last time I saw her"
        r"|\bsince\s+(?:the\s+)?last\s+time(?:\s+we\s+(?:talked|spoke|chatted|caught\s+up))?(?=\s*(?:[,.!?;:)\-–—]|$)"
        r"|\s+(?:and|but|so|though|lol|haha)\b)",
        R.r_since_last_talk,
        triggers=("since",),
        last_talk="2023-05-08T19:00",
    ),
]

# --- chained resolvers that need the anchor's own match -----------------------------------

_DATE_RULES = {"day_month", "month_day", "md_numeric", "numeric_date", "iso_date", "d_mon_y", "on_the_nth"}


def _weekday_date(m, ctx):
    """'Thu, Mar 7': the date that follows, on the weekday given when its year is free."""
    nxt = ctx.anchor_match
    if ctx.anchor_next is None or nxt is None or nxt[0].id not in _DATE_RULES:
        return None
    rule, am = nxt
    d = ctx.anchor_next[0].date()
    wd = L.weekday_num(m["wd"].rstrip("."))
    groups = am.groupdict()
    year_given = bool(groups.get("y")) or rule.id in ("iso_date", "numeric_date", "d_mon_y")
    month = None if rule.id == "on_the_nth" else d.month
    out = K.weekday_agree(ctx, m.start(), wd, month, d.day, year_given, d)
    ctx.part("modifier", m["wd"], "weekday_agrees", out.isoformat())
    return R.days(out)


def _weekday_nth(m, ctx):
    wd = L.weekday_num(m["wd"].rstrip("."))
    nth = m["d"] or m["d2"]
    dn = L.day_num(nth)
    d = R.nth_of_month(ctx, m.start(), dn)
    if d is None:
        return None
    out = K.weekday_agree(ctx, m.start(), wd, None, dn, False, d)
    ctx.part("base", f"the {nth}", "day_of_month", d.isoformat())
    ctx.part("modifier", m["wd"], "weekday_agrees", out.isoformat())
    return R.days(out)


MATCH_RULES: list[Rule] = DATES + PERIODS + DAYS + COMPOSED + COUNTS + NAMED
BY_ID = {r.id: r for r in MATCH_RULES}
# every trigger word once: a text is tested for each of them, then each rule by set overlap
ALL_TRIGGERS: tuple[str, ...] = tuple(sorted({w for r in MATCH_RULES if r.triggers for w in r.triggers}))

# Post-processing rules: they combine or extend spans found by the rules above.
POST_RULES: list[Rule] = [
    Rule(
        "at_time",
        "TIME on A, A at TIME (A a day or part of a day; 1:56 pm, 3pm, 14:30, at 7, noon)",
        "that instant (an hour without am/pm inside the part of the day said: tonight at 8 = 20:00)",
        "1:56 pm on 8 May, 2023",
        "2023-05-08T14:00",
        "2023-05-08 13:56 (instant)",
        family="post",
    ),
    Rule(
        "approx",
        "around/about/roughly/approximately/circa… A, A or so (A a day, date, holiday, clock time, month, year, part)",
        "A widened on each side by its margin (see Approximate expressions); 'about' only before a count or a clock "
        "time ('talked about Christmas' is no date)",
        "We met around Christmas.",
        "2023-11-15T11:00",
        "2022-12-24 – 2022-12-26 (range)",
        family="post",
    ),
    Rule(
        "range",
        "from A to/until/through B, between A and B, A – B",
        "from A's start to B's end (B moved a year forward if it would end before A)",
        "We were in Spain from March to April.",
        "2023-05-08T14:00",
        "2023-03-01 – 2023-04-30 (range)",
        family="post",
    ),
    Rule(
        "since",
        "since A",
        "from A's start through today (range)",
        "I've been vegan since last spring.",
        "2023-05-08T14:00",
        "2022-03-01 – 2023-05-08 (range)",
        family="post",
    ),
    Rule(
        "until",
        "until/till/through/up to A (not after 'from')",
        "A still ahead: from today through A's end (range); A already past: A itself",
        "I'm out until Friday.",
        "2024-06-10T14:00",
        "2024-06-10 – 2024-06-14 (range)",
        family="post",
    ),
]

RULES: list[Rule] = MATCH_RULES + POST_RULES
