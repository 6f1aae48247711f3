"""Holiday dates: the `holidays` package for every holiday it knows, plus the few common
observances it lacks (Black Friday, Cyber Monday, Easter Monday in the US, Mardi Gras…),
which are derived from a holiday it does know, and "the holidays" season.

A name is looked up in the calendar of the configured country first (setting
``holiday_country``, env ``CHRONOS_HOLIDAY_COUNTRY``, default US), then in the name's home
country: "Thanksgiving" is in October for Canada and in November everywhere else,
"Rosh Hashanah" comes from Israel's calendar, "Diwali" from India's.

The package is imported on the first holiday mention only, and every (country, year)
calendar is built once (lru_cache), so resolving stays fast.
"""

from __future__ import annotations

import os
import re
from datetime import date, timedelta
from functools import lru_cache

DEFAULT_COUNTRY = "US"
ENV_COUNTRY = "CHRONOS_HOLIDAY_COUNTRY"

# key -> (alias regex as written in text, home countries, name regex in the package's calendar
# or None when derived). Longer aliases first inside each regex; keys whose aliases contain
# another key's ("Christmas Eve" / "Christmas") are ordered so the longer one is tried first.
_SPECS: list[tuple[str, str, tuple[str, ...], str | None]] = [
    # "NYE", as chats type it "nye" too (the name "Nye" is capitalised)
    ("new_years_eve", r"new\s+year'?s'?\s+eve|(?-i:NYE|nye)", ("US",), r"New Year's Eve"),
    (
        "chinese_new_year",
        r"chinese\s+new\s+year'?s?(?:\s+day)?|lunar\s+new\s+year'?s?(?:\s+day)?",
        ("CN",),
        r"Chinese New Year \(Spring Festival\)",
    ),
    ("new_years_day", r"new\s+year'?s'?(?:\s+day)?", ("US",), r"New Year's Day"),
    (
        "mlk_day",
        r"martin\s+luther\s+king(?:,?\s+jr\.?)?\s+day|mlk(?:\s+jr\.?)?\s+day",
        ("US",),
        r"Martin Luther King Jr\. Day",
    ),
    ("presidents_day", r"presidents?'?\s+day|washington'?s\s+birthday", ("US",), r"Washington's Birthday"),
    (
        "valentines",
        r"st\.?\s+valentine'?s'?(?:\s+day)?|saint\s+valentine'?s'?(?:\s+day)?|valentine'?s'?(?:\s+day)?",
        ("US",),
        r"Valentine's Day",
    ),
    (
        "st_patricks",
        r"st\.?\s+patrick'?s'?(?:\s+day)?|saint\s+patrick'?s'?(?:\s+day)?|st\.?\s+paddy'?s'?(?:\s+day)?|paddy'?s\s+day",
        ("US", "IE"),
        r"Saint Patrick's Day",
    ),
    ("groundhog_day", r"groundhog\s+day", ("US",), r"Groundhog Day"),
    ("mardi_gras", r"mardi\s+gras|fat\s+tuesday|shrove\s+tuesday|pancake\s+day", (), None),
    ("ash_wednesday", r"ash\s+wednesday", (), None),
    ("palm_sunday", r"palm\s+sunday", (), None),
    ("mothering_sunday", r"mothering\s+sunday", (), None),
    ("maundy_thursday", r"maundy\s+thursday|holy\s+thursday", (), None),
    # in everyday British and Australian use "Easter Saturday" is the day before Easter Sunday
    ("holy_saturday", r"holy\s+saturday|easter\s+saturday|easter\s+eve", (), None),
    ("good_friday", r"good\s+friday", ("US",), r"Good Friday"),
    ("easter_monday", r"easter\s+monday", (), None),
    ("easter", r"easter(?:\s+sunday)?", ("US",), r"Easter( Sunday)?"),
    ("mothers_day", r"mother'?s'?\s+day", ("US",), r"Mother's Day"),
    ("memorial_day", r"memorial\s+day", ("US",), r"Memorial Day"),
    ("fathers_day", r"father'?s'?\s+day", ("US",), r"Father's Day"),
    ("juneteenth", r"juneteenth", ("US",), r"Juneteenth.*"),
    (
        "fourth_of_july",
        r"the\s+fourth\s+of\s+july|the\s+4th\s+of\s+july|fourth\s+of\s+july|4th\s+of\s+july|july\s+fourth|july\s+4th",
        ("US",),
        r"Independence Day",
    ),
    ("independence_day", r"independence\s+day", ("US",), r"Independence Day"),
    ("labor_day", r"labou?r\s+day", ("US",), r"Labou?r Day"),
    ("columbus_day", r"columbus\s+day|indigenous\s+peoples'?\s+day", ("US",), r"Columbus Day"),
    ("halloween", r"hall?owe'?en", ("US",), r"Halloween"),
    ("veterans_day", r"veterans'?\s+day|armistice\s+day", ("US",), r"Veterans Day"),
    ("remembrance_day", r"remembrance\s+day", ("CA",), r"Remembrance Day"),
    ("election_day", r"election\s+day", ("US",), r"Election Day"),
    ("thanksgiving", r"thanksgiving(?:\s+day)?", ("US",), r"Thanksgiving( Day)?"),
    ("black_friday", r"black\s+friday", (), None),
    ("cyber_monday", r"cyber\s+monday", (), None),
    ("christmas_eve", r"christmas\s+eve|xmas\s+eve", ("US",), r"Christmas Eve"),
    ("christmas", r"christmas(?:\s+day)?|xmas", ("US",), r"Christmas( Day)?"),
    ("boxing_day", r"boxing\s+day|st\.?\s+stephen'?s\s+day", ("GB",), r"Boxing Day|Saint Stephen's Day"),
    ("holidays", r"the\s+holidays|the\s+holiday\s+season", (), None),
    ("cinco_de_mayo", r"cinco\s+de\s+mayo", (), None),
    ("canada_day", r"canada\s+day", ("CA",), r"Canada Day"),
    ("victoria_day", r"victoria\s+day", ("CA",), r"Victoria Day"),
    ("australia_day", r"australia\s+day", ("AU",), r"Australia Day"),
    ("anzac_day", r"anzac\s+day", ("AU",), r"ANZAC Day"),
    ("rosh_hashanah", r"rosh\s+hash?anah?", ("IL",), r"Rosh Hashanah"),
    ("yom_kippur", r"yom\s+kippur", ("IL",), r"Yom Kippur"),
    ("passover", r"passover|pesach", ("IL",), r"Pesach"),
    ("hanukkah", r"hanukk?ah|chanukk?ah", ("IL",), r"Hanukkah"),
    ("purim", r"purim", ("IL",), r"Purim"),
    ("diwali", r"diwali|deepavali", ("IN",), r"Diwali"),
    ("holi", r"(?-i:Holi)", ("IN",), r"Holi"),
    ("eid_al_adha", r"eid\s+al[-\s]adha|eid\s+ul[-\s]adha", ("IN",), r"Eid al-Adha( Holiday)?"),
    ("eid_al_fitr", r"eid(?:\s+al[-\s]fitr|\s+ul[-\s]fitr)?", ("IN",), r"Eid al-Fitr( Holiday)?"),
]

# Observances the package lacks, as (base key, days after it). Easter Monday is a public
# holiday in many calendars but not the US one; deriving it keeps one rule everywhere.
_DERIVED: dict[str, tuple[str, int]] = {
    "black_friday": ("thanksgiving_us", 1),
    "cyber_monday": ("thanksgiving_us", 4),
    "easter_monday": ("easter", 1),
    "mardi_gras": ("easter", -47),
    "ash_wednesday": ("easter", -46),
    "palm_sunday": ("easter", -7),
    "mothering_sunday": ("easter", -21),  # the UK's Mother's Day: Laetare Sunday, Lent's fourth
    "maundy_thursday": ("easter", -3),
    "holy_saturday": ("easter", -1),
}
# Several days long: the whole run of consecutive days the calendar names.
_MULTI_DAY = {"rosh_hashanah", "passover", "hanukkah"}

HOLIDAY_KEYS = [k for k, *_ in _SPECS]
ALIASES: list[tuple[str, str]] = [(alias, k) for k, alias, *_ in _SPECS]
_HOME = {k: home for k, _, home, _ in _SPECS}
_NAME_RX = {k: re.compile(rf"^(?:{rx})$") for k, _, _, rx in _SPECS if rx}
_NAME_RX["thanksgiving_us"] = _NAME_RX["thanksgiving"]
_HOME["thanksgiving_us"] = ("US",)
_ALIAS_RX = [(re.compile(rf"(?:{a})$", re.I), k) for a, k in ALIASES]
LABELS = {k: k.replace("_", " ").title().replace("Mlk", "MLK") for k in HOLIDAY_KEYS}


def key_of(name: str) -> str:
    """The holiday key of a name as written ("Xmas" → christmas)."""
    s = " ".join(name.split())
    return next(k for rx, k in _ALIAS_RX if rx.match(s))


@lru_cache(maxsize=1)
def _file_country() -> str | None:
    try:  # the config file is read once; a broken file never breaks date resolution
        from chronos_cli.config import read_config_file

        v = read_config_file().get("holiday_country")
        return str(v) if v else None
    except Exception:  # noqa: BLE001
        return None


def default_country() -> str:
    """Setting ``holiday_country``: env CHRONOS_HOLIDAY_COUNTRY > config file > US."""
    return (os.environ.get(ENV_COUNTRY) or _file_country() or DEFAULT_COUNTRY).upper()


@lru_cache(maxsize=512)
def _calendar(country: str, year: int) -> tuple[tuple[date, str], ...]:
    """Every named day of `country` in `year`, all categories (public, unofficial…), each
    combined name split in its parts; days "observed" in lieu of another are left out."""
    import holidays

    try:
        cls = holidays.country_holidays(country).__class__
        cal = holidays.country_holidays(country, years=year, categories=cls.supported_categories)
    except (NotImplementedError, KeyError, ValueError, AttributeError):
        return ()
    out = []
    for d, names in sorted(cal.items()):
        for n in str(names).split("; "):
            if "observed" not in n and "substituted" not in n:
                out.append((d, n.strip()))
    return tuple(out)


# Names that fix their country whatever the setting ("the Fourth of July", Black Friday's
# Thanksgiving).
_FIXED_HOME = {"fourth_of_july", "thanksgiving_us"}


def _lookup(key: str, year: int, country: str) -> tuple[date, date] | None:
    rx = _NAME_RX[key]
    countries = _HOME[key] if key in _FIXED_HOME else dict.fromkeys((country, *_HOME[key]))
    for c in countries:
        days = [d for d, n in _calendar(c, year) if rx.match(n)]
        if not days:
            continue
        if key not in _MULTI_DAY:
            return days[0], days[0]
        end = days[0]
        for d in days[1:]:
            if (d - end).days > 1:
                break
            end = d
        return days[0], end
    return None


@lru_cache(maxsize=4096)
def holiday_range(key: str, year: int, country: str = DEFAULT_COUNTRY) -> tuple[date, date] | None:
    """First and last day of holiday `key` in `year` (None when no calendar has it)."""
    if key == "holidays":  # the season: Christmas Eve through New Year's Day
        return date(year, 12, 24), date(year + 1, 1, 1)
    if key == "cinco_de_mayo":
        return date(year, 5, 5), date(year, 5, 5)
    if key in _DERIVED:
        base, off = _DERIVED[key]
        b = holiday_range(base, year, country)
        if b is None:
            return None
        d = b[0] + timedelta(days=off)
        return d, d
    return _lookup(key, year, country)
