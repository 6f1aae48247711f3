"""Clock times: "7pm", "19:30", "at 3 in the morning", "half past seven", "noon".

A clock time alone is an instant on the day it was said, or — when the sentence looks
forward and the time has passed — the next day (looking back, a time still ahead is
yesterday's). Attached to a day ("tonight at 8", "7:30 pm on Friday") it is that day's.
An hour written without am/pm is read in 12-hour time: whichever of h and h+12 fits the
direction; with no direction, 1–7 are afternoon/evening hours and 8–11 morning ones.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from chronos_cli.temporal import lexicon as L
from chronos_cli.temporal.calendar_math import Res

HW = L.HOUR_WORD
_CUES = ("at", "by", "around", "about", "until", "till", "from", "between", "before", "after", "to", "and")
_CUE_LB = "(?:" + "|".join(f"(?<=\\b{c} )" for c in _CUES) + "|(?<=@)|(?<=@ ))"

# One regex, named groups per form (the resolver reads whichever matched).
_START = L.alts(["noon", "mid", "half", "quarter", r"a\s+quarter", *L.HOUR_WORDS])
CLOCK = (
    rf"(?=\d|{_START})"
    r"(?:(?P<h>1[0-2]|0?[1-9])(?::(?P<mi>[0-5]\d))?\s*(?P<ap>[ap])(?:\.\s?m\.|\s?m\b)"
    r"|(?<![\d:.])(?P<h24>[01]\d|2[0-3]):(?P<mi24>[0-5]\d)(?![\d:]|\.\d)"
    rf"|{_CUE_LB}(?P<h1>[1-9]):(?P<mi1>[0-5]\d)(?![\d:]|\.\d)"
    r"|\b(?P<noon>noon|midnight|mid-?day)\b(?!\s+(?:snack|sun|blue|madness|oil)\b)"
    rf"|(?P<hw>{HW}|1[0-2]|[1-9])\s+o['’ ]?clock\b"
    rf"|(?P<frac>half|(?:a\s+)?quarter)\s+(?P<rel>past|after|to|till|of)\s+(?P<hf>{HW}|1[0-2]|[1-9]|noon|midnight)\b"
    rf"|(?P<hp>{HW}|1[0-2]|[1-9])(?::(?P<mip>[0-5]\d))?\s+(?:in\s+the\s+(?P<part>morning|afternoon|evening)|at\s+(?P<night>night))\b"
    # a bare hour after "at" or "since" where its clause ends: punctuation, a day word, or a
    # conjunction that opens the next clause ("i have the dentist at 3 so if i dont reply thats
    # why", "been up since 6 lol")
    r"|(?:(?<=\bat )|(?<=\bsince ))(?P<hb>1[0-2]|[1-9])(?=\s*(?:[.!?;,)]|$)|\s+(?:tonight|today|tomorrow|sharp|on|this|next)\b"
    r"|\s+(?:so|if|then|lol|because|cos|cause|bc|and\s+(?:i|we|he|she|they|it|then))\b)"
    r"|(?:(?<=\bfrom )|(?<=\bbetween ))(?P<hr>1[0-2]|[1-9])(?=\s*(?:-|–|to|till|until|and)\s*(?:\d|noon|midnight)))"
)


def parse(m) -> tuple[int, int, bool, str | None]:
    """(hour, minute, fixed, part): fixed when am/pm, a 24-hour time, noon/midnight or a
    part of the day settles the 12-hour ambiguity."""
    if m["ap"]:
        h = int(m["h"]) % 12 + (12 if m["ap"].lower() == "p" else 0)
        return h, int(m["mi"] or 0), True, None
    if m["h24"]:
        h = int(m["h24"])
        return h, int(m["mi24"]), h == 0 or h >= 13 or m["h24"].startswith("0"), None
    if m["h1"]:
        return int(m["h1"]), int(m["mi1"]), False, None
    if m["noon"]:
        return (0, 0, True, None) if m["noon"].lower() == "midnight" else (12, 0, True, None)
    if m["hw"]:
        return L.hour_num(m["hw"]), 0, False, None
    if m["frac"]:
        hf = m["hf"].lower()
        fixed = hf in ("noon", "midnight")
        h = {"noon": 12, "midnight": 24}.get(hf) or L.hour_num(hf)
        mi = 30 if m["frac"].lower() == "half" else 15
        if m["rel"].lower() in ("to", "till", "of"):
            h, mi = h - 1, 60 - mi
            if not fixed:
                h = h % 12 or 12
        return h % 24, mi, fixed, None
    if m["hp"]:
        h = L.hour_num(m["hp"]) % 12
        part = "night" if m["night"] else m["part"].lower()
        if part in ("afternoon", "evening") or (part == "night" and h >= 6):
            h += 12
        return h, int(m["mip"] or 0), True, part
    return int(m["hb"] or m["hr"]), 0, False, None


def _cands(h: int, fixed: bool) -> list[int]:
    if fixed or h > 12:
        return [h]
    return [0, 12] if h == 12 else [h, h + 12]


def _default_hour(h: int) -> int:
    """No direction: 1–7 o'clock are afternoon/evening, 8–11 morning."""
    return h + 12 if 1 <= h <= 7 else h


def on_day(d: date, h: int, mi: int, fixed: bool, lo_hour: int | None = None, hi_hour: int | None = None) -> datetime:
    """The clock time on day d; inside a part of the day (lo–hi hours) when one was said."""
    hours = _cands(h, fixed)
    if lo_hour is not None:
        inside = [x for x in hours if lo_hour <= x <= hi_hour]
        if inside:
            return datetime(d.year, d.month, d.day, inside[0], mi)
    hh = hours[0] if len(hours) == 1 else _default_hour(h)
    return datetime(d.year, d.month, d.day, hh, mi)


def alone(now: datetime, h: int, mi: int, fixed: bool, t: str | None) -> datetime:
    """A clock time with no day: today's, moved to the next (previous) day when the
    sentence looks forward (back) and the time is on the wrong side of now."""
    today = now.date()
    hours = _cands(h, fixed)
    if t is None:
        hh = hours[0] if len(hours) == 1 else _default_hour(h)
        return datetime(today.year, today.month, today.day, hh, mi)
    opts = [datetime(today.year, today.month, today.day, x, mi) for x in hours]
    for k in (1, -1):
        opts += [o + timedelta(days=k) for o in opts[: len(hours)]]
    if t == "future":
        return min(o for o in opts if o >= now)
    return max(o for o in opts if o <= now)


# A clock time in a habitual sentence names no particular day ("I usually wake at 6am").
_HABITUAL = re.compile(
    r"\b(?:usually|always|every|each|normally|typically|often|generally|whenever|most\s+days|tend\s+to)\b", re.I
)


def habitual(ctx, pos: int) -> bool:
    s, e = ctx.sentence_span(pos)
    return _HABITUAL.search(ctx.text, s, e) is not None


_SINCE_BEFORE = re.compile(rf"\bsince\s+(?:(?:{L.SINCE_HEDGE}|just\s+after|just\s+before)\s+)?$", re.I)


def r_clock(m, ctx) -> Res | None:
    if habitual(ctx, m.start()):
        return None
    h, mi, fixed, _ = parse(m)
    # "the power is off since about four o'clock": what holds since a time began at the last one
    t = "past" if _SINCE_BEFORE.search(ctx.text, max(0, m.start() - 30), m.start()) else ctx.tense(m.start())
    dt = alone(ctx.now, h, mi, fixed, t)
    return dt, dt, "instant"
