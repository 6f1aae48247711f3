"""Time words as they are typed in chats ("went yday", "seeing her tmrw", "last wknd", "2 wks
ago"), read as the standard words, with a map back to the characters as typed so every span's
offsets and text stay those of the original message."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable

_UNITS = {"yr": "years", "yrs": "years", "mos": "months", "mth": "months", "mths": "months", "mnth": "months"}
_UNITS |= {"mnths": "months", "hr": "hours", "hrs": "hours"}

_DAY_CUES = ("on", "by", "until", "till", "til", "last", "next", "nxt", "this", "every", "since")
# not a day: "sun cream", "til sun up", "sat nav", "since wed (we'd) already booked it"
_SUN = r"sun(?! (?:cream|up|down|rise|set|screen|lounger|loungers|block|hat|hats|glasses|light|shine|burn|tan)\b)"
_SAT = r"sat(?! (?:nav|navs|phone|phones|tv|dish|score|scores|test|exam)\b)"
_WED = r"weds|wed(?! (?:already|love|like|be|have|been|\w+ed)\b)"
_DAYS = [
    ("mon", "Monday"), ("tues|tue", "Tuesday"), (_WED, "Wednesday"), ("thurs|thur|thu", "Thursday"),
    ("fri", "Friday"), (_SAT, "Saturday"), (_SUN, "Sunday"),
]  # fmt: skip
# after "in", a month only where the phrase ends or a year or a clause follows ("moving in aug",
# "in aug we went"), not "in dec and hex", "the rise in apr on my card"
_MONTH_CUES = ("since", "until", "till", "til", "by", "last", "next", "nxt", "this", "early", "mid", "late", "of")
_IN_MONTH_END = r"(?=\s*(?:$|[.,!?;:)]|\d{2,4}\b|(?:i|we|he|she|they|for|to)\b))"
_MONTHS = [
    ("feb", "February"), ("apr", "April"), ("jun", "June"), ("jul", "July"), ("aug", "August"),
    ("sept|sep", "September"), ("oct", "October"), ("nov", "November"), ("dec", "December"),
]  # fmt: skip


# (pattern, standard word); one pass, so no replacement is read twice
_FORMS: list[tuple[str, str | None]] = [
    (r"yday|ystd|yest", "yesterday"),
    (r"tmrw|tmrrw|tmr|tmw|tmro|tmoro|2moro|2morrow|tomoz", "tomorrow"),
    (r"(?<!\ba )(?<!\ban )(?<!\bthe )(?:2day|tdy)", "today"),  # "a 2day hike" is two days long
    (r"2nite|2night|tonite", "tonight"),
    (r"nite", "night"),
    (r"morn", "morning"),
    (r"wknd|wkend|wkd", "weekend"),
    (r"wks|(?<=\d )wk", "weeks"),
    (r"wk", "week"),
    (r"(?<=\d )(?:yrs?|mos|mn?ths?|hrs?)", None),  # "3 yrs ago": the unit, by _UNITS
    # "this yr", "last mth", "nxt yr": a unit after the word that picks one
    (r"(?<=\bthis )yr|(?<=\blast )yr|(?<=\bnext )yr|(?<=\bnxt )yr", "year"),
    (r"(?<=\bthis )mn?th|(?<=\blast )mn?th|(?<=\bnext )mn?th|(?<=\bnxt )mn?th", "month"),
    (r"b4", "before"),
    (r"nxt", "next"),
    (r"mornin", "morning"),
    (r"evenin", "evening"),
    (r"cpl|coupla", "couple"),
    # "ran 5k this am", "call you this pm", "dinner this eve": a part of the day after "this"
    (r"(?<=\bthis )am", "morning"),
    (r"(?<=\bthis )pm", "afternoon"),
    (r"(?<=\bthis )eve", "evening"),
]
_PATTERN = re.compile(r"\b(?:" + "|".join(f"(?P<g{i}>{p})" for i, (p, _) in enumerate(_FORMS)) + r")\b", re.I)

# abbreviations typed in lower case, where a cue says they are days or months ("on sat", "til
# thurs", "in aug", "last sept"); alone they stay words ("I sat down", "the sun"). The cue is
# matched with the word (one pass: a look-behind per cue made every message slow to read).
_ABBR = {
    "mon": "Monday", "tue": "Tuesday", "tues": "Tuesday", "wed": "Wednesday", "weds": "Wednesday",
    "thu": "Thursday", "thur": "Thursday", "thurs": "Thursday", "fri": "Friday", "sat": "Saturday", "sun": "Sunday",
}  # fmt: skip
_ABBR |= {mon: name for alts, name in _MONTHS for mon in alts.split("|")}


def _alts(pairs: list[tuple[str, str]]) -> str:
    return "|".join(p for p, _ in pairs)


_CUED = re.compile(
    r"\b(?:(?:" + "|".join(_DAY_CUES) + r") (?P<day>(?-i:" + _alts(_DAYS) + r"))"
    r"|(?:" + "|".join(_MONTH_CUES) + r") (?P<mon>(?-i:" + _alts(_MONTHS) + r"))"
    r"|in (?P<inmon>(?-i:"
    + _alts(_MONTHS)
    + r"))"
    + _IN_MONTH_END
    # a clock time or a part of the day after it says it is a day too ("tiler is sat 9am", "fri at 2",
    # "sun morning"); "I sat at the back" has none
    + r"|(?P<dayat>(?-i:"
    + _alts(_DAYS)
    + r"))(?= (?:at )?\d{1,2}(?::\d{2})?\s*(?:am|pm)\b| (?:at )?\d{1,2}:\d{2}\b| at \d{1,2}\b"
    r"| (?:morning|afternoon|evening|eve|night|arvo)\b))(?![\w'-])"
    # a clause that ends on it after a participle or "is"/"due" says it is a day too ("wheel is
    # getting fixed wed", "its due sat."); after a subject it is the verb ("we sat", "they got wed")
    r"|(?<=(?:ing|.ed|due| is|.'s) )(?P<dayend>(?-i:mon|wed|sat))(?=\s*(?:[.!?,;:)]|$))",
    re.I,
)


def _replacements(text: str) -> list[tuple[int, int, str]]:
    """(start, end, standard word) of each chat spelling in ``text``, in order, none overlapping."""
    found = []
    for m in _PATTERN.finditer(text):
        i = int(next(k for k, v in m.groupdict().items() if v is not None)[1:])
        found.append((m.start(), m.end(), _FORMS[i][1] or _UNITS[m.group().lower()]))
    for m in _CUED.finditer(text):
        g = next(k for k in ("day", "mon", "inmon", "dayat", "dayend") if m.group(k) is not None)
        a, b = m.span(g)
        found.append((a, b, _ABBR[m.group(g).lower()]))
    found.sort()
    out: list[tuple[int, int, str]] = []
    for r in found:
        if not out or r[0] >= out[-1][1]:
            out.append(r)
    return out


def standard_time_words(text: str) -> tuple[str, Callable[[int], int]]:
    """``text`` with chat spellings of time words replaced, and a function from an offset in the
    result to the offset in ``text`` (a position inside a replaced word maps to its start, the
    position just after it to the typed word's end)."""
    out: list[str] = []
    marks: list[tuple[int, int, int, int]] = []  # (new start, new end, typed start, typed end)
    last = shift = 0
    for a, b, word in _replacements(text):
        out += [text[last:a], word]
        marks.append((a + shift, a + shift + len(word), a, b))
        shift += len(word) - (b - a)
        last = b
    if not marks:
        return text, lambda i: i
    out.append(text[last:])
    starts = [k[0] for k in marks]

    def back(i: int) -> int:
        k = bisect_right(starts, i) - 1
        if k < 0:
            return i
        ns, ne, ts, te = marks[k]
        if i < ne:
            return ts
        return te + (i - ne)

    return "".join(out), back
