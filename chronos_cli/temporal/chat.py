"""Time words as they are typed in chats ("went yday", "seeing her tmrw", "last wknd", "2 wks
ago"), read as the standard words, with a map back to the characters as typed so every span's
offsets and text stay those of the original message."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable

_UNITS = {"yr": "years", "yrs": "years", "mos": "months", "mth": "months", "mths": "months", "mnth": "months"}
_UNITS |= {"mnths": "months", "hr": "hours", "hrs": "hours"}

_DAY_CUES = ("on", "by", "until", "till", "til", "last", "next", "this", "every", "since")
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
_MONTH_CUES = ("since", "until", "till", "by", "last", "next", "this", "early", "mid", "late", "of")
_IN_MONTH_END = r"(?=\s*(?:$|[.,!?;:)]|\d{2,4}\b|(?:i|we|he|she|they|for|to)\b))"
_MONTHS = [
    ("feb", "February"), ("apr", "April"), ("jun", "June"), ("jul", "July"), ("aug", "August"),
    ("sept|sep", "September"), ("oct", "October"), ("nov", "November"), ("dec", "December"),
]  # fmt: skip


def _after(cues: tuple[str, ...], word: str) -> str:
    """``word`` typed in lower case right after one of ``cues``."""
    return "(?:" + "|".join(f"(?<=\\b{c} )" for c in cues) + f")(?-i:{word})(?![a-z'])"


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
    (r"b4", "before"),
    (r"nxt", "next"),
    (r"mornin", "morning"),
    (r"evenin", "evening"),
    (r"cpl|coupla", "couple"),
    # abbreviations typed in lower case, where a cue says they are days or months ("on sat",
    # "til thurs", "in aug", "last sept"); alone they stay words ("I sat down", "the sun")
    *((_after(_DAY_CUES, p), w) for p, w in _DAYS),
    *((_after(_MONTH_CUES, p), w) for p, w in _MONTHS),
    *((_after(("in",), p) + _IN_MONTH_END, w) for p, w in _MONTHS),
]
_PATTERN = re.compile(r"\b(?:" + "|".join(f"(?P<g{i}>{p})" for i, (p, _) in enumerate(_FORMS)) + r")\b", re.I)


def standard_time_words(text: str) -> tuple[str, Callable[[int], int]]:
    """``text`` with chat spellings of time words replaced, and a function from an offset in the
    result to the offset in ``text`` (a position inside a replaced word maps to its start, the
    position just after it to the typed word's end)."""
    out: list[str] = []
    marks: list[tuple[int, int, int, int]] = []  # (new start, new end, typed start, typed end)
    last = shift = 0
    for m in _PATTERN.finditer(text):
        i = int(next(k for k, v in m.groupdict().items() if v is not None)[1:])
        word = _FORMS[i][1] or _UNITS[m.group().lower()]
        out += [text[last : m.start()], word]
        marks.append((m.start() + shift, m.start() + shift + len(word), m.start(), m.end()))
        shift += len(word) - (m.end() - m.start())
        last = m.end()
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
