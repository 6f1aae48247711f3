"""Words the rules need: numbers, months, weekdays, units, seasons, holidays.

Everything here is plain data plus a few calendar helpers; the regex fragments are
strings so rules.py can compose them before compiling once at import.
"""

from __future__ import annotations

from datetime import date, timedelta


def alts(options: list[str]) -> str:
    """A regex alternation grouped by first letter: "(?:t(?:wenty|en)|f(?:our|ive)|…)".

    With re.IGNORECASE the regex engine tries every branch of a flat alternation at every
    position; grouping by the first letter lets it reject a position after one test per
    letter instead of one per word (7× faster on the number words). Options are regex
    fragments; those that do not start with a plain letter stay as they are. Order within a
    letter is kept, so write longer options first where one is a prefix of another.
    """
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for o in (x for opt in options for x in _top_level(opt)):
        if len(o) >= 2 and o[0].isalpha() and o[0].islower() and o[1] not in "?*+{":
            groups.setdefault(o[0], []).append(o[1:])
        elif len(o) == 1 and o.isalpha():
            groups.setdefault(o, []).append("")
        else:
            rest.append(o)
    out = [f"{k}(?:{'|'.join(v)})" if len(v) > 1 or v[0] else k for k, v in groups.items()]
    return "(?:" + "|".join(out + rest) + ")"


def _top_level(rx: str) -> list[str]:
    """Split a regex on its top-level "|" (outside groups and classes)."""
    parts, depth, cls, esc, cur = [], 0, False, False, []
    for ch in rx:
        if esc:
            esc = False
        elif ch == "\\":
            esc = True
        elif cls:
            cls = ch != "]"
        elif ch == "[":
            cls = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur))
    return parts


# --- numbers -----------------------------------------------------------------------------

NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "a hundred": 100,
    "thousand": 1000,
    "a thousand": 1000,
    "half a": 0.5,
    "half an": 0.5,
}
_UNITS_1 = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
for _t in ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"):
    for _u in _UNITS_1:
        NUMBER_WORDS[f"{_t} {_u}"] = NUMBER_WORDS[_t] + NUMBER_WORDS[_u]
# Vague counts are (low, high) ranges: "a few days ago" is a window, not a day.
FUZZY_COUNTS = {"couple": (2, 2), "few": (2, 4), "several": (3, 7)}

_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
# compounds ("twenty-one") as tens + optional unit, so the regex stays small (fast to compile)
_num_words = [alts(list(_TENS)) + r"(?:[-\s]" + alts(_UNITS_1) + ")?"] + sorted(
    (k.replace(" ", r"\s+") for k in NUMBER_WORDS if k not in ("a", "an") and not k.startswith(_TENS)),
    key=len,
    reverse=True,
)
# COUNT: digits (any size: "5000 years ago" is read, then found to be before year 1), a
# number word, "a"/"an", or a vague count ("a couple of", "a few", "several").
_COUNT1 = alts(
    [r"\d{1,3}(?:,\d{3})+", r"\d+", r"a\s+couple(?:\s+of)?", r"a\s+few", *_num_words]
    + [r"couple(?:\s+of)?", "few", "several", "an?"]
)
COUNT = _COUNT1 + r"(?:\s+and\s+a\s+half)?"  # "two and a half years"


def parse_count(s: str) -> tuple[float, float]:
    """'three' -> (3, 3); 'a few' -> (2, 4); '1,000' -> (1000, 1000)."""
    s = " ".join(s.lower().replace("-", " ").split()).replace(",", "")
    if s.endswith(" and a half"):
        lo, hi = parse_count(s[: -len(" and a half")])
        return lo + 0.5, hi + 0.5
    if s.isdigit():
        n = int(s)
        return n, n
    for word, rng in FUZZY_COUNTS.items():
        if word in s:
            return rng
    return NUMBER_WORDS[s], NUMBER_WORDS[s]


# --- units -------------------------------------------------------------------------------

UNIT = (
    alts(
        ["second", "sec", "minute", "min", "hour", "hr", "day", "night", "weekend", "week", "fortnight", "month"]
        + ["year", "yr", "decade"]
    )
    + "s?"
)


def norm_unit(u: str) -> str:
    u = u.lower().rstrip("s")
    return {"sec": "second", "min": "minute", "hr": "hour", "yr": "year", "night": "day"}.get(u, u)


# --- months and weekdays -----------------------------------------------------------------

MONTHS = {
    "january": 1,
    "february": 2,
    "march": 3,
    "april": 4,
    "may": 5,
    "june": 6,
    "july": 7,
    "august": 8,
    "september": 9,
    "october": 10,
    "november": 11,
    "december": 12,
}
MONTH_NAMES = [m.capitalize() for m in MONTHS]
MONTH_ABBR = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
# "May" only when capitalised: "I may go", "may I" are verbs (scoped inline flag).
_full = [m for m in MONTHS if m != "may"]
MONTH_FULL = alts([*_full, "(?-i:May)"])
# "may" typed lower case is the month only where the verb cannot be: after a cue ("in may",
# "next may") with nothing after it, or a year, punctuation or a word no verb follows ("in may
# and june", "since may i've …"), or an emoji ("im going back in may 🥳"); "in may be", "next may
# have" stay verbs.
MAY_LOW = (
    r"may(?=\s*(?:$|[.!?;:)…\-–—\u2600-\u27bf\U0001F000-\U0001FAFF]|,(?!\s*or\b)|(?:19|20)\d\d|'\d\d)|\s+(?:and|but|so|too|then|when|already|lol|haha"
    r"|this|next|last|i|we|he|she|they|you|my|our|for|to|with|at|in|on|from|until|till|til|because|cause|cuz|bc)\b)"
)
# Abbreviations are only trusted next to a day number ("Jan 5"), never alone ("to mar").
MONTH_ANY = alts([*_full, *(a + r"\.?" for a in sorted(MONTH_ABBR, key=len, reverse=True)), "(?-i:May)"])


def month_num(s: str) -> int:
    s = s.lower().rstrip(".")
    return MONTHS.get(s) or MONTH_ABBR[s]


WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
WEEKDAY_NAMES = [w.capitalize() for w in WEEKDAYS]
WEEKDAY = alts(list(WEEKDAYS))
# Abbreviations ("last Tues", "on Fri."). After a cue (last/this/next/on…) any case is trusted;
# alone those that are no other word in any case, as chats type them ("launch is thurs", "he
# went back weds"), and the ones that are also words ("Sat", "Sun", "Mon", "Wed") need a cue
# even capitalised ("I sat down", "Sun was out").
WEEKDAY_ABBR = {
    "mon": 0,
    "tue": 1,
    "tues": 1,
    "wed": 2,
    "weds": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "fri": 4,
    "sat": 5,
    "sun": 6,
}
WEEKDAY_CUED = alts(
    [w + r"\b" for w in WEEKDAYS] + [a + r"(?![a-z'])" for a in sorted(WEEKDAY_ABBR, key=len, reverse=True)]
)
WEEKDAY_BARE = (
    r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|(?:tues|thurs|thur|weds)(?![a-z'])"
    r"|(?-i:Tue|Thu|Fri|tue|thu|fri)(?![a-z'])"
    r"|(?:(?<=\bon )|(?<=\bby )|(?<=\buntil )|(?<=\btill ))(?-i:Mon|Weds|Wed|Sat|Sun)(?![a-z']))"
)
# Capitalised month abbreviations stand alone after a cue ("last Sept", "in Dec."); "Jan" and
# "Mar" are left out there (a name; "to mar") and only trusted next to a day number.
MONTH_ABBR_CUED = r"(?-i:Feb|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)(?![a-z'])"


def weekday_num(s: str) -> int:
    s = s.lower().rstrip(".")
    return WEEKDAYS[s] if s in WEEKDAYS else WEEKDAY_ABBR[s]


# --- ordinals ----------------------------------------------------------------------------

_ORD_1 = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
ORDINAL_WORDS = {w: i + 1 for i, w in enumerate(_ORD_1)}
ORDINAL_WORDS.update(
    {
        "tenth": 10,
        "eleventh": 11,
        "twelfth": 12,
        "thirteenth": 13,
        "fourteenth": 14,
        "fifteenth": 15,
        "sixteenth": 16,
        "seventeenth": 17,
        "eighteenth": 18,
        "nineteenth": 19,
        "twentieth": 20,
        "thirtieth": 30,
    }
)
for _i, _w in enumerate(_ORD_1):
    ORDINAL_WORDS[f"twenty-{_w}"] = ORDINAL_WORDS[f"twenty {_w}"] = 21 + _i
ORDINAL_WORDS["thirty-first"] = ORDINAL_WORDS["thirty first"] = 31
ORDINAL_WORD = alts(sorted(ORDINAL_WORDS, key=len, reverse=True))
DAY_NUM = r"(?:[0-3]?\d(?:st|nd|rd|th)?(?!\d)|" + ORDINAL_WORD + r")"
DAY_ORD = r"(?:[0-3]?\d(?:st|nd|rd|th)|" + ORDINAL_WORD + r")"  # "the 14th", "the first"

# "the third Thursday of", "the second-to-last day of": position counted from the start
# (1, 2, …) or from the end (-1 last, -2 second-to-last, -3 third-to-last)
NTH_WORDS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "fifth": 5,
    "5th": 5,
    "last": -1,
    "final": -1,
    "penultimate": -2,
    "second to last": -2,
    "next to last": -2,
    "third to last": -3,
}
NTH = alts(
    [r"second[-\s]to[-\s]last", r"next[-\s]to[-\s]last", r"third[-\s]to[-\s]last", "penultimate", "first", "second"]
    + ["third", "fourth", "fifth", "1st", "2nd", "3rd", "4th", "5th", "last", "final"]
)


def nth_num(s: str) -> int:
    return NTH_WORDS[" ".join(s.lower().replace("-", " ").split())]


def day_num(s: str) -> int:
    s = s.lower()
    if s in ORDINAL_WORDS:
        return ORDINAL_WORDS[s]
    return int(s.rstrip("stndrh"))


YEAR = r"(?:(?:19|20)\d{2}(?![\d%])|'\d{2}(?!\d))"


def year_num(s: str) -> int:
    if s.startswith("'"):
        yy = int(s[1:])
        return 2000 + yy if yy < 50 else 1900 + yy
    return int(s)


# --- clock words --------------------------------------------------------------------------

HOUR_WORDS = {w: NUMBER_WORDS[w] for w in _UNITS_1 + ["ten", "eleven", "twelve"]}
HOUR_WORD = alts(sorted(HOUR_WORDS, key=len, reverse=True))
# a hedge between "since" and its time, which stays "since" ("since like last week", "since about four")
SINCE_HEDGE = r"(?:like|about|around|roughly|approximately|maybe)"


def hour_num(s: str) -> int:
    s = s.lower()
    return HOUR_WORDS[s] if s in HOUR_WORDS else int(s)


# --- parts of the day (documented windows, 24h wall clock) ------------------------------

PARTS = {  # (start hour, end hour inclusive)
    "morning": (6, 11),
    "noon": (12, 12),
    "afternoon": (12, 17),
    "evening": (17, 23),
    "night": (19, 23),
}
PART = r"(?:morning|afternoon|evening|night)"

# --- seasons (northern hemisphere, meteorological) -------------------------------------

SEASON_START_MONTH = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
SEASON = r"(?:spring|summer|fall|autumn|winter)"


def season_range(name: str, year: int) -> tuple[date, date]:
    """Season `name` that *starts* in `year` (winter 2023 = 2023-12-01 – 2024-02-29)."""
    m = SEASON_START_MONTH[name.lower()]
    start = date(year, m, 1)
    end_month, end_year = (m + 3, year) if m + 3 <= 12 else (m + 3 - 12, year + 1)
    return start, date(end_year, end_month, 1) - timedelta(days=1)


# --- weekdays in a month ---------------------------------------------------------------


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """n-th (1-based; -1 = last, -2 = second-to-last) `weekday` of a month."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    last = nxt - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7 + 7 * (-n - 1))
