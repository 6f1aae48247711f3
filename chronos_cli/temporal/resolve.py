"""Find every temporal expression in a text and resolve it against `now`.

Pipeline: cheap keyword pre-check → every rule's regex → longest match wins (no
overlaps) → resolve left to right (chained phrases see the previous span) → combine
ranges ("from A to B"), "since A", and clock times ("1:56 pm on 8 May, 2023").
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Literal

from chronos_cli.temporal.rules import MATCH_RULES
from chronos_cli.temporal.spans import TimeSpan, day_end, day_start

F = re.I

# Any temporal expression contains one of these; sentences without one skip every rule.
_PRECHECK = re.compile(
    r"\d|day|night|week|fortnight|month|year|decade|hour|minute|\bmin|hr|ago|recent|lately|while"
    r"|tonight|tomorrow|spring|summer|fall|autumn|winter|christmas|xmas|easter|halloween"
    r"|thanksgiving|valentine|quarter|\bq[1-4]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
    r"|morning|afternoon|evening|ties\b|holiday|first|second|third|fourth|fifth|sixth|seventh"
    r"|eighth|ninth|tenth|teenth|twent|thirt|eleventh|twelfth"
    r"|\b(?:mon|tue|wed|thu|fri|sat|sun)",
    F,
)

# Tense cues. Future beats past (a sentence that plans is about the future).
_FUTURE = re.compile(
    r"\b(?:will|shall|gonna|going\s+to|plan(?:s|ning)?\s+to|planning|hop(?:e|ing)\s+to|want\s+to|wanna"
    r"|would\s+like|intend|can'?t\s+wait|cannot\s+wait|look(?:ing)?\s+forward|upcoming|coming\s+up"
    r"|next|tomorrow|soon|about\s+to|scheduled|won'?t)\b|'ll\b",
    F,
)
_PAST_ED_EXCEPT = (
    r"excited|interested|tired|scared|bored|worried|supposed|used|pleased|thrilled|"
    r"stressed|prepared|scheduled|planned|booked|married|engaged|related|based|"
    r"located|needed|invited|registered|signed|allowed|expected|involved|obsessed|"
    r"concerned|confused|amazed|surprised|blessed|relaxed|determined|committed"
)
_PAST = re.compile(
    r"\b(?:was|were|did|didn'?t|had|went|ago|yesterday|last|got|came|made|saw|took|told|said|met"
    r"|bought|ran|began|left|found|gave|spent|felt|thought|kept|won|lost|brought|sent|heard|wrote"
    r"|ate|drove|flew|sat|caught|taught|paid|slept|swam|sang|held|knew|became|grew|wore|broke|spoke"
    r"|chose|fell|forgot|built|sold|led|meant|hit|been|done|gone|seen|taken|once|earlier|finished)\b"
    rf"|\b(?!(?:{_PAST_ED_EXCEPT})\b)\w{{2,}}[^e\W]ed\b",
    F,
)
# Present tense with no past cue ("the meeting is on Monday", "I have an appointment on
# Thursday") talks about an arrangement: treated like the future.
_PRESENT = re.compile(r"\b(?:is|are|am|'m|'re|'s|have|has|let'?s|need|needs|starts?|begins?|leaves?|opens?)\b", F)
_SENT_END = re.compile(r"[.!?\n]+(?=\s|$)|\n")


class Ctx:
    """What resolvers may look at: now, the text, tense per sentence, the previous span."""

    __slots__ = ("now", "today", "text", "prefer", "dayfirst", "prev", "_bounds", "_tense")

    def __init__(self, text: str, now: datetime, prefer: str, dayfirst: bool):
        self.text, self.now, self.today = text, now, now.date()
        self.prefer, self.dayfirst = prefer, dayfirst
        self.prev: TimeSpan | None = None
        self._bounds: list[int] | None = None
        self._tense: dict[int, str | None] = {}

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

    def sentence_before(self, pos: int) -> str:
        return self.text[self._sentence(pos)[0] : pos]

    def tense(self, pos: int) -> str | None:
        """'past' | 'future' | None (no cue) for the sentence around pos."""
        if self.prefer in ("past", "future"):
            return self.prefer
        s, e = self._sentence(pos)
        if s not in self._tense:
            sent = self.text[s:e]
            t = None
            for m in _FUTURE.finditer(sent):
                w = m.group(0)
                # "Will Smith": a capitalised Will followed by a Name is not a verb
                if (
                    w == "Will"
                    and re.match(r"\s+[A-Z][a-z]", sent[m.end() :])
                    and not re.match(r"\s+(?:I|You|We|They|He|She|It)\b", sent[m.end() :])
                ):
                    continue
                t = "future"
                break
            if t is None and _PAST.search(sent):
                t = "past"
            if t is None and _PRESENT.search(sent):
                t = "future"
            self._tense[s] = t
        return self._tense[s]


def _to_naive(now) -> datetime:
    if isinstance(now, str):  # convenience: an ISO string
        now = datetime.fromisoformat(now)
    if isinstance(now, datetime):
        return now.replace(tzinfo=None)  # wall clock of the speaker, offset dropped
    if isinstance(now, date):
        return datetime(now.year, now.month, now.day)
    raise TypeError(f"now must be a date or datetime, not {type(now).__name__}")


# --- post-processing patterns -----------------------------------------------------------

_RANGE_PREFIX = re.compile(r"\b(?:from|between)\s+(?:the\s+)?$", F)
_RANGE_JOIN = re.compile(r"^\s*(?:to|until|till|through|thru|and|-|–|—)\s*(?:the\s+)?$", F)
_DASH_JOIN = re.compile(r"^\s*(?:-|–|—|through)\s*$", F)
_SINCE_PREFIX = re.compile(r"\b(?:ever\s+)?since\s+(?:the\s+)?$", F)
_TIME = r"(?:(?P<h>1[0-2]|0?[1-9])(?::(?P<mi>[0-5]\d))?\s*(?P<ap>[ap]\.?m\.?)(?![a-z])|(?P<h24>[01]?\d|2[0-3]):(?P<mi24>[0-5]\d)(?!\d)|(?P<noon>noon|midnight))"
_TIME_BEFORE = re.compile(_TIME + r",?\s+(?:on\s+)?$", F)
_TIME_AFTER = re.compile(r"^,?\s+(?:at\s+|@\s*)?" + _TIME, F)


def _clock(m) -> tuple[int, int]:
    if m["noon"]:
        return (12, 0) if m["noon"].lower() == "noon" else (0, 0)
    if m["h24"]:
        return int(m["h24"]), int(m["mi24"])
    h = int(m["h"]) % 12 + (12 if m["ap"].lower().startswith("p") else 0)
    return h, int(m["mi"] or 0)


_CHAIN = {"chain_unit", "chain_n"}

# Per-rule substrings (lowercase): a rule whose regex needs one of them is skipped when the
# text has none — most turns then run a handful of regexes instead of all of them.
_DIGITS = tuple("0123456789")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_SEASONS = ("spring", "summer", "fall", "autumn", "winter")
_UNITS = ("week", "month", "year", "decade", "quarter")
_WEEKDAYS = ("day", "mon", "tue", "wed", "thu", "fri", "sat", "sun")
_TRIGGERS: dict[str, tuple[str, ...]] = {
    "iso_date": _DIGITS,
    "numeric_date": _DIGITS,
    "day_range": _DIGITS,
    "year": _DIGITS,
    "part_of_year": _DIGITS,
    "decade": _DIGITS + ("ties",),
    "month_year": _MONTHS,
    "day_month": _MONTHS,
    "month_day": _MONTHS,
    "month_rel": _MONTHS,
    "month_bare": _MONTHS,
    "part_of_month": _MONTHS,
    "nth_week": ("week",),
    "on_the_nth": ("on the",),
    "unit_rel": _UNITS,
    "before_last": ("before last",),
    "part_of_unit": _UNITS,
    "earlier_later_this": ("this",),
    "quarter": ("q", "quarter"),
    "day_word": ("today", "tonight", "yesterday", "tomorrow"),
    "day_before_after": ("the day",),
    "earlier_later_today": ("today",),
    "this_part": ("this",),
    "last_night": ("night",),
    "weekday_rel": _WEEKDAYS,
    "weekday": _WEEKDAYS,
    "weekend_bare": ("weekend",),
    "ago": ("ago", "back"),
    "units_ago": ("ago",),
    "in_n": ("in",),
    "from_now": ("from",),
    "duration_since": ("for",),
    "rolling": ("past", "last", "previous"),
    "chain_n": ("later", "after", "before", "earlier", "prior"),
    "chain_unit": ("the",),
    "season_rel": _SEASONS,
    "season_year": _SEASONS,
    "season_bare": _SEASONS,
    "holiday": (
        "year",
        "valentine",
        "easter",
        "mother",
        "memorial",
        "father",
        "july",
        "independence",
        "labo",
        "halloween",
        "thanksgiving",
        "christmas",
        "xmas",
        "holiday",
    ),
    "fuzzy": ("recent", "lately", "other day", "while", "ago"),
}


def _safe(rule, m, ctx):
    try:
        return rule.resolve(m, ctx)
    except (ValueError, KeyError, IndexError, StopIteration, OverflowError):
        return None


def _select(text: str, ctx: Ctx):
    """All rule matches, longest first; keep non-overlapping ones that resolve."""
    cands = []
    low = text.lower()
    for order, rule in enumerate(MATCH_RULES):
        trig = _TRIGGERS.get(rule.id)
        if trig is not None and not any(t in low for t in trig):
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
        if _safe(rule, m, ctx) is None:
            continue
        taken.append((s, e))
        chosen.append((s, m, rule))
    chosen.sort(key=lambda c: c[0])
    return chosen


def resolve(
    text: str, now, *, prefer: Literal["auto", "past", "future"] = "auto", dayfirst: bool = False
) -> list[TimeSpan]:
    """Every temporal expression in `text`, resolved against `now` (inclusive wall-clock
    ranges, naive datetimes). See docs/time_rules.md for the rules and their defaults."""
    if prefer not in ("auto", "past", "future"):
        raise ValueError("prefer must be 'auto', 'past' or 'future'")
    if not text or not _PRECHECK.search(text):
        return []
    nowdt = _to_naive(now)
    # Curly apostrophes → straight, same length, so offsets stay valid for `text`.
    work = text.replace("\u2019", "'").replace("\u2018", "'")
    ctx = Ctx(work, nowdt, prefer, dayfirst)
    out: list[TimeSpan] = []
    chosen = _select(work, ctx)
    skip = -1
    for i, (s, m, rule) in enumerate(chosen):
        if i == skip:
            continue
        ctx.prev = out[-1] if out else None
        end_char = m.end()
        if rule.id in _CHAIN and i + 1 < len(chosen) and not work[m.end() : chosen[i + 1][0]].strip():
            # "the week before 9 June 2023": anchored on the date that follows
            ns, nm, nrule = chosen[i + 1]
            nres = _safe(nrule, nm, ctx)
            if nres is not None:
                ctx.prev = TimeSpan(
                    text=text[ns : nm.end()],
                    start_char=ns,
                    end_char=nm.end(),
                    start=nres[0],
                    end=nres[1],
                    granularity=nres[2],
                    rule=nrule.id,
                )
                end_char, skip = nm.end(), i + 1
        res = _safe(rule, m, ctx)
        if res is None:
            continue
        start, end, g = res
        span = TimeSpan(
            text=text[s:end_char], start_char=s, end_char=end_char, start=start, end=end, granularity=g, rule=rule.id
        )
        span = _attach_time(span, work, text)
        if out and (merged := _merge_range(out[-1], span, work, text)) is not None:
            out[-1] = merged
            continue
        out.append(_since(span, work, text, ctx))
    return out


def _attach_time(span: TimeSpan, work: str, text: str) -> TimeSpan:
    """'1:56 pm on 8 May, 2023' / 'yesterday at 3pm' → an instant on that day."""
    if span.granularity != "day":
        return span
    before = _TIME_BEFORE.search(work, max(0, span.start_char - 30), span.start_char)
    if before and before.end() == span.start_char:
        h, mi = _clock(before)
        t = span.start.replace(hour=h, minute=mi)
        return span.model_copy(
            update=dict(
                text=text[before.start() : span.end_char],
                start_char=before.start(),
                start=t,
                end=t,
                granularity="instant",
                rule="at_time",
            )
        )
    after = _TIME_AFTER.match(work[span.end_char : span.end_char + 30])
    if after:
        h, mi = _clock(after)
        t = span.start.replace(hour=h, minute=mi)
        end_char = span.end_char + after.end()
        return span.model_copy(
            update=dict(
                text=text[span.start_char : end_char],
                end_char=end_char,
                start=t,
                end=t,
                granularity="instant",
                rule="at_time",
            )
        )
    return span


def _merge_range(a: TimeSpan, b: TimeSpan, work: str, text: str) -> TimeSpan | None:
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
    if b_end < a.start and b.rule in ("weekday", "weekday_rel"):  # "from Monday to Wednesday"
        from datetime import timedelta

        while b_end < a.start:
            b_start, b_end = b_start + timedelta(days=7), b_end + timedelta(days=7)
    if b_end < a.start:  # "from December to February": B is in the following year
        from chronos_cli.temporal.calendar_math import add_months

        b_start, b_end = add_months(b_start, 12), add_months(b_end, 12)
        if b.granularity == "month":
            from calendar import monthrange

            b_end = b_end.replace(day=monthrange(b_end.year, b_end.month)[1])
    start = min(a.start, b_start)
    return TimeSpan(
        text=text[start_char : b.end_char],
        start_char=start_char,
        end_char=b.end_char,
        start=start,
        end=max(a.end, b_end),
        granularity="range",
        rule="range",
    )


def _since(span: TimeSpan, work: str, text: str, ctx: Ctx) -> TimeSpan:
    """'since A' → from A's start through today."""
    prefix = _SINCE_PREFIX.search(work, max(0, span.start_char - 16), span.start_char)
    if not prefix or prefix.end() != span.start_char or span.start > ctx.now:
        return span
    return TimeSpan(
        text=text[prefix.start() : span.end_char],
        start_char=prefix.start(),
        end_char=span.end_char,
        start=span.start,
        end=day_end(ctx.today),
        granularity="range",
        rule="since",
    )


__all__ = ["resolve", "TimeSpan", "day_start", "day_end"]
