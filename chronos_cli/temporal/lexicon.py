"""Words the rules need: numbers, months, weekdays, units, seasons, holidays.

Everything here is plain data plus a few calendar helpers; the regex fragments are
strings so rules.py can compose them before compiling once at import.
"""

from __future__ import annotations

from datetime import date, timedelta

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
    "ninety": 90,
    "hundred": 100,
    "half a": 0.5,
}
# Vague counts are (low, high) ranges: "a few days ago" is a window, not a day.
FUZZY_COUNTS = {"couple": (2, 2), "few": (2, 4), "several": (3, 7)}

_num_alt = "|".join(sorted((k for k in NUMBER_WORDS if k not in ("a", "an")), key=len, reverse=True))
# COUNT: digits, a number word, "a"/"an", or a vague count ("a couple of", "a few", "several").
COUNT = r"(?:\d{1,3}|" + _num_alt + r"|(?:a\s+)?couple(?:\s+of)?|(?:a\s+)?few|several|an?)"


def parse_count(s: str) -> tuple[float, float]:
    """'three' -> (3, 3); 'a few' -> (2, 4)."""
    s = " ".join(s.lower().split())
    if s.isdigit():
        n = int(s)
        return n, n
    for word, rng in FUZZY_COUNTS.items():
        if word in s:
            return rng
    return NUMBER_WORDS[s], NUMBER_WORDS[s]


# --- units -------------------------------------------------------------------------------

UNIT = r"(?:minute|min|hour|hr|day|night|week|weekend|fortnight|month|year|yr|decade)s?"


def norm_unit(u: str) -> str:
    u = u.lower().rstrip("s")
    return {"min": "minute", "hr": "hour", "yr": "year", "night": "day"}.get(u, u)


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
MONTH_FULL = r"(?:" + "|".join(_full) + r"|(?-i:May))"
# Abbreviations are only trusted next to a day number ("Jan 5"), never alone ("to mar").
MONTH_ANY = r"(?:" + "|".join(_full) + "|" + "|".join(sorted(MONTH_ABBR, key=len, reverse=True)) + r"\.?|(?-i:May))"


def month_num(s: str) -> int:
    s = s.lower().rstrip(".")
    return MONTHS.get(s) or MONTH_ABBR[s]


WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
# Abbreviations ("last Tues", "on Fri."). After a cue (last/this/next/on…) any case is trusted;
# alone only capitalised, and the ones that are also words ("Sat", "Sun", "Mon", "Wed") need
# a cue even then ("I sat down", "Sun was out").
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
_wd_abbr = "|".join(sorted(WEEKDAY_ABBR, key=len, reverse=True))
WEEKDAY_CUED = r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|(?:" + _wd_abbr + r")(?![a-z']))"
WEEKDAY_BARE = (
    r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|(?-i:Tues|Tue|Thurs|Thur|Thu|Fri)(?![a-z'])"
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
ORDINAL_WORD = r"(?:" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)) + r")"
DAY_NUM = r"(?:[0-3]?\d(?:st|nd|rd|th)?(?!\d)|" + ORDINAL_WORD + r")"


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


# --- holidays ----------------------------------------------------------------------------


def easter(year: int) -> date:
    """Western Easter Sunday (anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month = (h + l_ - 7 * m + 114) // 31
    day = (h + l_ - 7 * m + 114) % 31 + 1
    return date(year, month, day)


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """n-th (1-based; -1 = last) `weekday` of a month."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    last = nxt - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


# name -> function(year) -> (first day, last day)
HOLIDAYS = {
    "new_years_eve": lambda y: (date(y, 12, 31),) * 2,
    "new_years_day": lambda y: (date(y, 1, 1),) * 2,
    "valentines": lambda y: (date(y, 2, 14),) * 2,
    "easter": lambda y: (easter(y),) * 2,
    "mothers_day": lambda y: (nth_weekday(y, 5, 6, 2),) * 2,
    "memorial_day": lambda y: (nth_weekday(y, 5, 0, -1),) * 2,
    "fathers_day": lambda y: (nth_weekday(y, 6, 6, 3),) * 2,
    "independence_day": lambda y: (date(y, 7, 4),) * 2,
    "labor_day": lambda y: (nth_weekday(y, 9, 0, 1),) * 2,
    "halloween": lambda y: (date(y, 10, 31),) * 2,
    "thanksgiving": lambda y: (nth_weekday(y, 11, 3, 4),) * 2,
    "christmas_eve": lambda y: (date(y, 12, 24),) * 2,
    "christmas": lambda y: (date(y, 12, 25),) * 2,
    # "the holidays": Christmas Eve through New Year's Day (starts in year y)
    "holidays": lambda y: (date(y, 12, 24), date(y + 1, 1, 1)),
}
HOLIDAY_PATTERNS = [  # (regex, key): longer names first so "Christmas Eve" beats "Christmas"
    (r"new\s+year'?s'?\s+eve", "new_years_eve"),
    (r"new\s+year'?s'?(?:\s+day)?", "new_years_day"),
    (r"valentine'?s'?(?:\s+day)?", "valentines"),
    (r"easter(?:\s+sunday)?", "easter"),
    (r"mother'?s'?\s+day", "mothers_day"),
    (r"memorial\s+day", "memorial_day"),
    (r"father'?s'?\s+day", "fathers_day"),
    (r"(?:the\s+)?(?:fourth|4th)\s+of\s+july|independence\s+day", "independence_day"),
    (r"labou?r\s+day", "labor_day"),
    (r"halloween", "halloween"),
    (r"thanksgiving(?:\s+day)?", "thanksgiving"),
    (r"christmas\s+eve|xmas\s+eve", "christmas_eve"),
    (r"christmas(?:\s+day)?|xmas", "christmas"),
    (r"the\s+holidays|the\s+holiday\s+season", "holidays"),
]
