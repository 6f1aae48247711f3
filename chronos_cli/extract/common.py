"""What both extractors share: dating an event (rule > model > undated), merging the same
occurrence, aliases.

Time comes from rules, not from the model: a time expression is resolved by the temporal
engine against the moment its turn was said; a model's own dates are a fallback used only when
they are valid and plausible; no time cue → *undated*: ``start`` None, ``end`` the end of the
day it was said (known only to be on or before that day).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from chronos_cli.clock import wall as naive  # wall-clock time, offset dropped
from chronos_cli.extract import lexicon as L
from chronos_cli.extract.words import lemma
from chronos_cli.models import Event

_DAY_END = time(23, 59, 59, 999999)
MAX_PAST_YEARS = 100
MAX_FUTURE_YEARS = 10


def said_on(t_conv: datetime) -> tuple[None, datetime, str]:
    """An undated event's range: no start, ends with the day it was said."""
    return None, datetime.combine(naive(t_conv).date(), _DAY_END), "undated"


def said_day(t_conv: datetime) -> tuple[datetime, datetime, str]:
    """The day it was said, for a clause that holds on that day ("I'm reading", "just got back")."""
    d = naive(t_conv).date()
    return datetime.combine(d, time.min), datetime.combine(d, _DAY_END), "day"


def resolve_spans(text: str, t_conv: datetime, *, last_talk: datetime | None = None):
    """The temporal engine's spans for ``text`` said at ``t_conv`` ([] if it has none);
    ``last_talk``: when the speakers last talked before (dates "since we last talked")."""
    if not text or not text.strip():
        return []
    from chronos_cli.temporal import resolve

    try:
        return resolve(text, naive(t_conv), last_talk=naive(last_talk) if last_talk else None)
    except Exception:  # noqa: BLE001 - a rule bug must not lose the event: said-on instead
        return []


def span_range(spans) -> tuple[datetime, datetime, str] | None:
    """One range for several spans: their union (granularity of the single span, else 'range')."""
    if not spans:
        return None
    if len(spans) == 1:
        s = spans[0]
        return s.start, s.end, s.granularity
    return min(s.start for s in spans), max(s.end for s in spans), "range"


def resolve_expression(
    expr: str | None, t_conv: datetime, *, last_talk: datetime | None = None
) -> tuple[datetime, datetime, str] | None:
    return span_range(resolve_spans(expr or "", t_conv, last_talk=last_talk))


_ISO_YEAR = re.compile(r"^\d{4}$")
_ISO_MONTH = re.compile(r"^\d{4}-\d{2}$")


def _parse_model_date(value: str | None, *, end: bool) -> tuple[datetime, str] | None:
    if value is None:
        return None
    s = str(value).strip()
    if not s:
        return None
    try:
        if _ISO_YEAR.match(s):
            y = int(s)
            return (datetime(y, 12, 31, 23, 59, 59, 999999) if end else datetime(y, 1, 1)), "year"
        if _ISO_MONTH.match(s):
            y, m = int(s[:4]), int(s[5:])
            first = date(y, m, 1)
            if end:
                nxt = date(y + (m == 12), m % 12 + 1, 1)
                return datetime.combine(nxt - timedelta(days=1), _DAY_END), "month"
            return datetime.combine(first, time.min), "month"
        if len(s) == 10:
            d = date.fromisoformat(s)
            return datetime.combine(d, _DAY_END if end else time.min), "day"
        dt = datetime.fromisoformat(s.replace("Z", "+00:00"))
        return naive(dt), "instant"
    except (ValueError, OverflowError):
        return None


def model_range(start: str | None, end: str | None, t_conv: datetime) -> tuple[datetime, datetime, str] | None:
    """The model's dates when parseable, ordered and plausible (≤100 y before, ≤10 y after t_conv)."""
    s = _parse_model_date(start, end=False)
    e = _parse_model_date(end or start, end=True)
    if s is None or e is None:
        return None
    (s_dt, g1), (e_dt, g2) = s, e
    if s_dt > e_dt:
        return None
    now = naive(t_conv)
    try:
        lo = now.replace(year=now.year - MAX_PAST_YEARS)
        hi = now.replace(year=now.year + MAX_FUTURE_YEARS)
    except ValueError:  # 29 February
        lo = now - timedelta(days=365 * MAX_PAST_YEARS)
        hi = now + timedelta(days=365 * MAX_FUTURE_YEARS)
    if s_dt < lo or e_dt > hi:
        return None
    gran = (
        g1
        if g1 == g2 and (g1 != "day" or s_dt.date() == e_dt.date())
        else ("day" if s_dt.date() == e_dt.date() else "range")
    )
    return s_dt, e_dt, gran


def norm_svo(e: Event) -> str:
    return " ".join(re.sub(r"[^\w\s']", " ", e.text.lower()).split())


def clean_aliases(aliases: Iterable[str], e: Event, limit: int = 6) -> list[str]:
    """Distinct, non-empty aliases, none equal to the event's own text, at most ``limit``."""
    out: list[str] = []
    seen = {norm_svo(e)}
    for a in aliases:
        a = " ".join(str(a).split()).strip(" .,;:!")
        k = a.lower()
        if a and k not in seen:
            seen.add(k)
            out.append(a)
        if len(out) >= limit:
            break
    return out


def category_aliases(verb: str, obj: str) -> list[str]:
    """The activity's categories ("climbed Mount Monadnock" → "hike", "hiking"), so a count or a
    search finds occurrences worded differently. None for an occurrence called off."""
    lemmas = {lemma(w) for w in verb.lower().split()}
    if lemmas & L.CALLED_OFF:
        return []
    words = re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", obj)
    # landscape words count lower-case only: "Green Mountain Analytics" is no hike
    text = " " + " ".join(w.lower() for w in words if not (w[:1].isupper() and w.lower() in L.LOWERCASE_ONLY)) + " "
    out: list[str] = []
    for aliases, verbs, padded in _CATEGORY_PADDED:
        if lemmas & verbs or any(p in text for p in padded):
            out.extend(a for a in aliases if a not in out)
    if _TURNING_AGE.search(f"{verb} {obj}") and "birthday" not in out:
        out.append("birthday")  # "Owen is turning 5 on saturday", "turned 30 yesterday": a birthday
    return out


# an age reached: "turning 5", "turned thirty", "turns 40 tomorrow" (not "turned 5 pages")
_TURNING_AGE = re.compile(
    r"\bturn(?:s|ed|ing)?\s+(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
    r"|sixteen|eighteen|twenty|twenty-one|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred)\b"
    r"(?!\s+(?:pages?|times|degrees|points|percent|dollars|pounds|euros|minutes|hours|days|weeks)\b)",
    re.I,
)


# each category's nouns as " noun " and " nouns ", to find them as whole words in " … " text
_CATEGORY_PADDED = [(a, v, [f" {x} " for n in nouns for x in (n, n + "s")]) for a, v, nouns in L.CATEGORIES]


# -- the same occurrence told twice ------------------------------------------------------------------

_STOP = L.DETERMINERS | L.PREPOSITIONS | L.EMPTY_OBJECT | {"and", "or", "of", "with", "'s", "s"}


def content_words(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9][a-z0-9'-]*", text.lower())
    return {w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words if w not in _STOP}


def _ranges_agree(a: Event, b: Event) -> bool:
    """Both undated, or both dated with one range inside the other."""
    if a.start is None or b.start is None:
        return a.start is None and b.start is None
    return (a.start <= b.start and b.end <= a.end) or (b.start <= a.start and a.end <= b.end)


def _what(e: Event) -> set[str]:
    """The words of what happened: a mention's object quotes its time phrase too ("a 5K next
    month"), which says when, not what, and its copula ("… wedding is next month")."""
    obj = e.object
    if e.time_expression and e.kind == "mention":
        obj = re.sub(re.escape(e.time_expression), " ", obj, flags=re.I)
    return content_words(obj) - L.BE - L.HAVE


def _verbs(e: Event) -> set[str]:
    """The lemmas of the verb that say what was done: not an auxiliary, nor "mentioned" (which
    says nothing of what)."""
    return {lemma(w) for w in e.verb.lower().split()} - L.BE - L.HAVE - L.MODAL - {"mention"}


def same_occurrence(a: Event, b: Event) -> bool:
    """Two reports of one occurrence: same namespace and subject, agreeing dates, and the same
    action — the same object words (verbs may be paraphrased: "found"/"had" a job), or, when
    reported from different turns, the same verb or activity category and overlapping objects.

    Used within a session by both extractors; readers may use it across sessions too (a visit
    told in a chat and in a journal entry the same day)."""
    if a.namespace != b.namespace or a.subject.lower() != b.subject.lower() or not _ranges_agree(a, b):
        return False
    if a.start is None and a.session_id != b.session_id:
        return False  # undated retellings in different sessions may be different occurrences
    wa, wb = _what(a), _what(b)
    if not wa or not wb:
        return False
    inter = len(wa & wb)
    if inter == 0:
        return False
    overlap = inter / min(len(wa), len(wb))
    if set(a.source_turn_ids) & set(b.source_turn_ids):
        return overlap >= 0.5
    cats = set(category_aliases(a.verb, a.object)) & set(category_aliases(b.verb, b.object))
    # two mentions agree by their words alone, all of them
    both_mentions = a.kind == b.kind == "mention" and overlap == 1.0
    return overlap >= 0.6 and bool(_verbs(a) & _verbs(b) or cats or both_mentions)


_RANK = {"rule": 0, "model": 1, "news": 2, "said_on": 3}


def _better(a: Event, b: Event) -> bool:
    """Which report's dates to keep: rule > model > undated; then the narrower range; then the
    first said."""
    ra, rb = _RANK[a.time_source], _RANK[b.time_source]
    if ra != rb:
        return ra < rb
    if a.start is not None and b.start is not None and (a.end - a.start) != (b.end - b.start):
        return (a.end - a.start) < (b.end - b.start)
    return a.t_conv <= b.t_conv


def dedup(events: list[Event]) -> list[Event]:
    """One event per occurrence: reports that are ``same_occurrence`` (e.g. two overlapping
    chunks reporting [t22] and [t22, t23], or "found"/"had" the same job) merge into the
    best-dated one, with the union of their source turns and aliases."""
    groups: list[Event] = []
    for e in events:
        for i, g in enumerate(groups):
            same_text = norm_svo(g) == norm_svo(e) and (g.namespace, g.session_id) == (e.namespace, e.session_id)
            if same_text and (_ranges_agree(g, e) or set(g.source_turn_ids) & set(e.source_turn_ids)):
                groups[i] = _merge(g, e)
                break
            if same_occurrence(g, e):
                groups[i] = _merge(g, e)
                break
        else:
            groups.append(e)
    out = []
    for e in groups:
        e.aliases = clean_aliases(e.aliases, e)
        e.event_id = e.stable_id()
        out.append(e)
    return out


def _merge(a: Event, b: Event) -> Event:
    keep, other = (a, b) if _better(a, b) else (b, a)
    ids = list(dict.fromkeys([*a.source_turn_ids, *b.source_turn_ids]))
    seen = {x.lower() for x in keep.aliases}
    aliases = keep.aliases + [x for x in other.aliases if x.lower() not in seen]
    if keep.kind == "mention" and other.kind == "event" and _ranges_agree(a, b):  # a parsed SVO reads better
        keep = keep.model_copy(
            update={"subject": other.subject, "verb": other.verb, "object": other.object, "kind": "event"}
        )
    return keep.model_copy(update={"source_turn_ids": ids, "aliases": aliases})
