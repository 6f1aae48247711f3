"""LongMemEval (xiaowu0162/LongMemEval): a list of instances, each its own namespace.

Each instance is a haystack of sessions with one date per session; every turn of a session
gets that date (turn order is the list order, turn_id = "<session_id>:<index>").
"""

from __future__ import annotations

import re
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

from ..models import Archive, NamespaceInfo, Session, Turn
from .common import ArchiveError, Loc, as_list, ns_name, parse_iso, want

_LME_DATE = re.compile(r"^\s*(\d{4})/(\d{1,2})/(\d{1,2})\s*(?:\([A-Za-z]+\))?\s*(\d{1,2}):(\d{2})\s*$")


def parse_lme_date(text: str) -> datetime:
    """ "2023/05/30 (Tue) 23:17" → naive datetime (the weekday in brackets is ignored)."""
    m = _LME_DATE.match(text)
    if m:
        y, mo, d, h, mi = map(int, m.groups())
        return datetime(y, mo, d, h, mi)
    return parse_iso(text, None)  # tolerate ISO dates in converted copies


def _date(path: Path, loc: Loc, value: Any, what: str) -> datetime:
    want(path, loc, value, str, what)
    try:
        return parse_lme_date(value)
    except ValueError:
        raise ArchiveError(
            path, loc.where, f"{what}: unparseable date {value!r} (expected like '2023/05/30 (Tue) 23:17')"
        ) from None


def read_longmemeval(
    path: Path, data: Any, *, loc: Loc, tz: tzinfo | None, namespace: str | None, dayfirst: bool, strict: bool = True
) -> Archive:
    # benchmark files are read whole whatever ``strict`` says: a scored run must see every question
    instances = as_list(path, data, "LongMemEval instances")
    sessions: list[Session] = []
    infos: list[NamespaceInfo] = []
    for i, inst in enumerate(instances, 1):
        loc.where = f"instance {i}"
        want(path, loc, inst, dict, "instance")
        qid = inst.get("question_id")
        want(path, loc, qid, (str, int), "question_id")
        qid = str(qid)
        loc.where = f"instance {i} ({qid})"
        ns = ns_name(namespace, qid)
        dates = want(path, loc, inst.get("haystack_dates"), list, "haystack_dates")
        sids = want(path, loc, inst.get("haystack_session_ids"), list, "haystack_session_ids")
        hay = want(path, loc, inst.get("haystack_sessions"), list, "haystack_sessions")
        if not (len(dates) == len(sids) == len(hay)):
            raise ArchiveError(
                path,
                loc.where,
                f"haystack_sessions ({len(hay)}), haystack_session_ids ({len(sids)}) and "
                f"haystack_dates ({len(dates)}) differ in length",
            )
        for key in ("question_type", "question"):
            if inst.get(key) is not None:
                want(path, loc, inst[key], str, key)
        qdate = inst.get("question_date")
        infos.append(
            NamespaceInfo(
                namespace=ns,
                format="longmemeval",
                question_id=qid,
                question_type=inst.get("question_type"),
                question=inst.get("question"),
                answer=inst.get("answer"),
                question_date=_date(path, loc, qdate, "question_date") if qdate is not None else None,
                answer_session_ids=[
                    str(s) for s in want(path, loc, inst.get("answer_session_ids", []), list, "answer_session_ids")
                ],
            )
        )
        for sid, date, turns in zip(sids, dates, hay):
            want(path, loc, sid, (str, int), "haystack_session_ids entry")
            sid = str(sid)
            loc.where = f"instance {i} ({qid}) session {sid}"
            t = _date(path, loc, date, "haystack_dates entry")
            want(path, loc, turns, list, "session")
            out: list[Turn] = []
            for k, msg in enumerate(turns):
                loc.where = f"instance {i} ({qid}) session {sid} turn {k}"
                want(path, loc, msg, dict, "turn")
                role = msg.get("role")
                if role not in ("user", "assistant"):
                    raise ArchiveError(path, loc.where, f"role must be 'user' or 'assistant', got {role!r}")
                text = want(path, loc, msg.get("content"), str, "content")
                attrs = {"has_answer": bool(msg["has_answer"])} if "has_answer" in msg else {}
                # index k is the position in the source list, so ids stay stable across re-reads
                out.append(
                    Turn(
                        session_id=sid, turn_id=f"{sid}:{k}", t_conv=t, speaker=role, role=role, text=text, attrs=attrs
                    )
                )
            sessions.append(Session(namespace=ns, session_id=sid, t_conv=t, turns=out))
    return Archive(path=str(path), format="longmemeval", sessions=sessions, namespaces=infos)
