"""LoCoMo (snap-research/LoCoMo): a list of samples, each its own namespace (sample_id).

``conversation`` holds ``session_N`` turn lists and ``session_N_date_time`` strings such as
"1:56 pm on 8 May, 2023"; every turn of a session gets that (naive, local) time.
session_id = "session_N" and turn_id = the turn's ``dia_id`` (ids the evaluation matches evidence against).
"""

from __future__ import annotations

import re
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

from dateutil import parser as du_parser

from ..models import Archive, NamespaceInfo, Session, Turn
from .common import ArchiveError, Loc, as_list, ns_name, want

_SESSION_KEY = re.compile(r"^session_(\d+)$")


def parse_locomo_date(text: str) -> datetime:
    """ "1:56 pm on 8 May, 2023" → datetime(2023, 5, 8, 13, 56)."""
    s = " ".join(text.split())
    for fmt in ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y", "%I:%M %p on %B %d, %Y"):
        try:
            return datetime.strptime(s, fmt)
        except ValueError:
            pass
    try:  # other spellings, e.g. "8 May 2023, 13:56"
        return du_parser.parse(s.replace(" on ", " "), dayfirst=True)
    except (ValueError, OverflowError):
        raise ValueError(f"unparseable session date {text!r} (expected like '1:56 pm on 8 May, 2023')") from None


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
                t = parse_locomo_date(raw_date)
            except ValueError as e:
                raise ArchiveError(path, loc.where, str(e)) from None
            out: list[Turn] = []
            for k, turn in enumerate(turns, 1):
                loc.where = f"sample {i} ({sample_id}) {key} turn {k}"
                want(path, loc, turn, dict, "turn")
                speaker = want(path, loc, turn.get("speaker"), str, "speaker")
                text = want(path, loc, turn.get("text", ""), str, "text")
                dia_id = want(path, loc, turn.get("dia_id", f"D{n}:{k}"), (str, int), "dia_id")
                caption = turn.get("blip_caption")
                if isinstance(caption, str) and caption.strip():
                    # the shared image is part of what was said ("look at this!")
                    text = f"{text} [image: {caption.strip()}]"
                out.append(
                    Turn(session_id=key, turn_id=str(dia_id), t_conv=t, speaker=speaker, role="other", text=text)
                )
            sessions.append(Session(namespace=ns, session_id=key, t_conv=t, turns=out))
            n_sessions += 1
        if not n_sessions:
            loc.where = f"sample {i} ({sample_id})"
            raise ArchiveError(path, loc.where, "conversation has no session_N turn lists")
    return Archive(path=str(path), format="locomo", sessions=sessions, namespaces=infos)
