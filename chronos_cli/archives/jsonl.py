"""JSON Lines chat logs: one message per line, a file or a folder of files.

A line: {"session_id", "timestamp" | "time" | "date", "speaker" | "role", "text" | "content",
optional "turn_id" | "id", optional "title"}. Timestamps: ISO 8601 with or without offset, or
epoch seconds. Sessions are grouped by session_id in order of first appearance (across all
files of a folder, so a session may continue in the next file); a line without session_id
belongs to a session named after its file.
"""

from __future__ import annotations

import json
from datetime import tzinfo
from pathlib import Path

from ..models import Archive, Session, Turn
from .common import ArchiveError, Loc, time_or_error, want

_USERISH = {"user", "human"}
_ASSISTANTISH = {"assistant", "ai", "bot", "model"}
_SKIP_ROLES = {"system", "tool", "function", "developer"}


def _role(speaker: str, role_field: object) -> str | None:
    r = role_field.lower() if isinstance(role_field, str) else None
    if r in _SKIP_ROLES:
        return None
    s = speaker.lower()
    if r in ("user", "assistant", "other"):
        return r
    if r == "human" or s in _USERISH:
        return "user"
    if s in _ASSISTANTISH:
        return "assistant"
    return "other"


def read_jsonl(
    files: list[tuple[Path, str]],
    archive_path: Path,
    *,
    loc: Loc,
    tz: tzinfo | None,
    namespace: str | None,
    dayfirst: bool,
    strict: bool = True,
) -> Archive:
    """``files``: (path, text) pairs, already decoded; errors name the file and line.

    Read whole whatever ``strict`` says: a bad line usually means a truncated or mis-written
    log (not one bad conversation among good ones), so the file fails and nothing of it is kept."""
    ns = namespace or "default"
    order: list[str] = []
    by_session: dict[str, list[Turn]] = {}
    titles: dict[str, str] = {}
    turn_ids: dict[str, str] = {}  # turn_id → "file line N", to report duplicates
    for path, text in files:
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            loc.where = f"line {lineno}"
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                raise ArchiveError(path, f"line {lineno}, column {e.colno}", f"malformed JSON: {e.msg}") from None
            except (ValueError, RecursionError) as e:
                raise ArchiveError(path, f"line {lineno}", f"malformed JSON: {type(e).__name__}") from None
            want(path, loc, obj, dict, "line")
            sid = obj.get("session_id", obj.get("session", path.stem))
            sid = str(want(path, loc, sid, (str, int), "session_id"))
            speaker = obj.get("speaker", obj.get("role"))
            if speaker is None:
                raise ArchiveError(path, loc.where, "no speaker or role")
            speaker = want(path, loc, speaker, str, "speaker")
            role = _role(speaker, obj.get("role"))
            if role is None:
                continue  # system / tool lines are not conversation
            body = obj.get("text", obj.get("content"))
            if body is None:
                raise ArchiveError(path, loc.where, "no text (expected 'text' or 'content')")
            body = want(path, loc, body, str, "text")
            stamp = next((obj[k] for k in ("timestamp", "time", "date") if k in obj), None)
            if stamp is None:
                raise ArchiveError(path, loc.where, "no timestamp (expected 'timestamp', 'time' or 'date')")
            t = time_or_error(path, loc, stamp, "timestamp", tz, dayfirst)
            if sid not in by_session:
                order.append(sid)
                by_session[sid] = []
            tid = obj.get("turn_id", obj.get("id"))
            tid = f"{sid}:{len(by_session[sid])}" if tid is None else str(want(path, loc, tid, (str, int), "turn_id"))
            if tid in turn_ids:
                raise ArchiveError(path, loc.where, f"duplicate turn_id {tid!r} (first seen at {turn_ids[tid]})")
            turn_ids[tid] = f"{path.name} line {lineno}"
            if isinstance(obj.get("title"), str):
                titles.setdefault(sid, obj["title"])
            by_session[sid].append(Turn(session_id=sid, turn_id=tid, t_conv=t, speaker=speaker, role=role, text=body))
    if not order:
        raise ArchiveError(archive_path, "", "no messages found")
    sessions = [
        Session(
            namespace=ns, session_id=sid, title=titles.get(sid), t_conv=by_session[sid][0].t_conv, turns=by_session[sid]
        )
        for sid in order
    ]
    return Archive(path=str(archive_path), format="jsonl", sessions=sessions)
