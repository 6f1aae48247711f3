"""LoCoMo (snap-research/LoCoMo): a list of samples, each its own namespace (sample_id).

``conversation`` holds ``session_N`` turn lists and ``session_N_date_time`` strings such as
"1:56 pm on 8 May, 2023"; every turn of a session gets that (naive, local) time unless the turn
carries its own ``date_time`` (chats converted from REALTALK do, day first: "02.01.2024, 10:18:44",
with the text under ``clean_text``).
session_id = "session_N" and turn_id = the turn's ``dia_id`` (ids the evaluation matches evidence against).
"""

from __future__ import annotations

import re
import warnings
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any

from dateutil import parser as du_parser

from ..models import Archive, NamespaceInfo, Session, Turn
from .common import ArchiveError, Loc, as_list, from_epoch, ns_name, want

_SESSION_KEY = re.compile(r"^session_(\d+)$")
_EPOCH = re.compile(r"^\d{9,13}(?:\.\d+)?$")
_CLOCK_ONLY = re.compile(r"(?i)^\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?$")
# a message's own stamp must name its day: a year, or a numeric date ("9 May" or "12" alone does not)
_HAS_DATE = re.compile(r"\d{4}|\b\d{1,2}[./-]\d{1,2}[./-]\d{2}\b")


def parse_locomo_date(
    text: str, *, dayfirst: bool = False, tz: tzinfo | None = None, default: datetime | None = None
) -> datetime:
    """ "1:56 pm on 8 May, 2023" → datetime(2023, 5, 8, 13, 56); also ISO 8601 and numeric dates
    (dotted ones day first, as chats converted from REALTALK write them: "02.01.2024, 10:18:44" =
    2 January; slashed ones by ``dayfirst``; a leading year is a year). Naive local time, as
    LoCoMo's own dates are: a stamp with a zone is converted to ``tz`` (else the system zone). What
    the text leaves out (the date of "10:18") comes from ``default``; without one it must be there."""
    s = " ".join(text.split())
    for fmt in ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y", "%I:%M %p on %B %d, %Y"):
        try:
            return datetime.strptime(s, fmt)
        except ValueError:
            pass
    try:  # ISO is year-month-day whatever the day-first rule below says
        dt = datetime.fromisoformat(s.replace("Z", "+00:00") if s.endswith("Z") else s)
    except ValueError:
        dt = _dateutil(s, text, dayfirst=dayfirst, default=default)
    if dt.tzinfo is not None:
        dt = dt.astimezone(tz).replace(tzinfo=None)
    return dt


def _dateutil(s: str, text: str, *, dayfirst: bool, default: datetime | None) -> datetime:
    """Other spellings, e.g. "8 May 2023, 13:56", "02.01.2024, 10:18:44", "2024/01/02 10:00"."""
    if default is None and not re.search(r"\d{4}|\d{1,2}[./]\d{1,2}[./]\d{2}\b", s):
        raise ValueError(f"unparseable session date {text!r}: no year (expected like '1:56 pm on 8 May, 2023')")
    dotted = bool(re.search(r"\b\d{1,2}\.\d{1,2}\.\d{2,4}\b", s))
    try:
        with warnings.catch_warnings():
            # an unknown zone name ("EST5") would be dropped with only a warning: unparseable instead
            warnings.simplefilter("error", du_parser.UnknownTimezoneWarning)
            yearfirst = bool(re.match(r"\d{4}\b", s))  # "2024/01/02" is year-month-day
            return du_parser.parse(
                s.replace(" on ", " "),
                dayfirst=(dayfirst or dotted) and not yearfirst,
                yearfirst=yearfirst,
                default=default or datetime(2000, 1, 1),
            )
    except (ValueError, OverflowError, du_parser.UnknownTimezoneWarning):
        raise ValueError(f"unparseable session date {text!r} (expected like '1:56 pm on 8 May, 2023')") from None


def _turn_time(turn: dict, session_time: datetime, *, dayfirst: bool, tz: tzinfo | None) -> datetime:
    """A message's own time where the file gives one (REALTALK stamps each message: a session
    can run past midnight, and a reply hours later is another exchange); the session's otherwise,
    and when the stamp does not read as a time or names no day ("12", "9 May"). A clock time
    alone ("10:18") is on the session's day, or the next when it is earlier than the session."""
    raw = turn.get("date_time") or turn.get("timestamp")
    try:
        if isinstance(raw, (int, float)) and not isinstance(raw, bool) or (isinstance(raw, str) and _EPOCH.match(raw)):
            return from_epoch(float(raw), tz).replace(tzinfo=None)
        if isinstance(raw, str) and _CLOCK_ONLY.match(raw.strip()):
            # "00:10" in a session begun at 23:30 is the next day
            t = parse_locomo_date(raw, dayfirst=dayfirst, tz=tz, default=session_time)
            return t + timedelta(days=1) if t < session_time - timedelta(hours=1) else t
        if isinstance(raw, str) and _HAS_DATE.search(raw):
            return parse_locomo_date(raw, dayfirst=dayfirst, tz=tz, default=session_time)
    except ValueError:
        pass
    return session_time


def read_locomo(
    path: Path, data: Any, *, loc: Loc, tz: tzinfo | None, namespace: str | None, dayfirst: bool, strict: bool = True
) -> Archive:
    # benchmark files are read whole whatever ``strict`` says: a scored run must see every question
    samples = as_list(path, data, "LoCoMo samples")
    sessions: list[Session] = []
    infos: list[NamespaceInfo] = []
    for i, sample in enumerate(samples, 1):
        loc.where = f"sample {i}"
        want(path, loc, sample, dict, "sample")
        sample_id = want(path, loc, sample.get("sample_id", f"sample-{i}"), (str, int), "sample_id")
        sample_id = str(sample_id)
        loc.where = f"sample {i} ({sample_id})"
        ns = ns_name(namespace, sample_id)
        conv = want(path, loc, sample.get("conversation"), dict, "conversation")
        qa = want(path, loc, sample.get("qa", []), list, "qa")
        infos.append(NamespaceInfo(namespace=ns, format="locomo", qa=[q for q in qa if isinstance(q, dict)]))
        # sessions in numeric order (session_10 after session_9); date keys without turns are ignored
        keys = sorted((int(m.group(1)), k) for k in conv if (m := _SESSION_KEY.match(k)))
        n_sessions = 0
        for n, key in keys:
            loc.where = f"sample {i} ({sample_id}) {key}"
            turns = want(path, loc, conv[key], list, key)
            date_key = f"{key}_date_time"
            if date_key not in conv:
                raise ArchiveError(path, loc.where, f"missing {date_key}")
            raw_date = want(path, loc, conv[date_key], str, date_key)
            try:
                t = parse_locomo_date(raw_date, dayfirst=dayfirst, tz=tz)
            except ValueError as e:
                raise ArchiveError(path, loc.where, str(e)) from None
            out: list[Turn] = []
            for k, turn in enumerate(turns, 1):
                loc.where = f"sample {i} ({sample_id}) {key} turn {k}"
                want(path, loc, turn, dict, "turn")
                speaker = want(path, loc, turn.get("speaker"), str, "speaker")
                # REALTALK-derived files name the message "clean_text"
                text = want(path, loc, turn.get("text") or turn.get("clean_text") or "", str, "text")
                dia_id = want(path, loc, turn.get("dia_id", f"D{n}:{k}"), (str, int), "dia_id")
                caption = turn.get("blip_caption")
                if isinstance(caption, str) and caption.strip():
                    # the shared image is part of what was said ("look at this!")
                    text = f"{text} [image: {caption.strip()}]"
                out.append(
                    Turn(
                        session_id=key,
                        turn_id=str(dia_id),
                        t_conv=_turn_time(turn, t, dayfirst=dayfirst, tz=tz),
                        speaker=speaker,
                        role="other",
                        text=text,
                    )
                )
            sessions.append(Session(namespace=ns, session_id=key, t_conv=t, turns=out))
            n_sessions += 1
        if not n_sessions:
            loc.where = f"sample {i} ({sample_id})"
            raise ArchiveError(path, loc.where, "conversation has no session_N turn lists")
    return Archive(path=str(path), format="locomo", sessions=sessions, namespaces=infos)
