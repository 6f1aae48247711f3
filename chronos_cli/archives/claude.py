"""Claude.ai data export (``conversations.json``): a list of conversations with a flat,
chronological ``chat_messages`` list; ``sender`` is "human" or "assistant".

Timestamps are ISO 8601; an explicit offset is kept, a trailing ``Z`` (what the export
writes) is a UTC instant and is shown in the user's time zone (see common.py).
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

from ..models import Archive, Session, Turn
from .common import ArchiveError, Loc, Skips, as_list, optional_str, time_or_error, want

_ROLES = {"human": "user", "user": "user", "assistant": "assistant"}


def _text(msg: dict) -> str:
    """Text blocks of ``content`` (tool calls, thinking and attachments are not what was said);
    the older flat ``text`` field when there are no content blocks."""
    blocks = msg.get("content")
    if isinstance(blocks, list) and blocks:
        parts = [
            b["text"]
            for b in blocks
            if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)
        ]
        text = "\n".join(p for p in parts if p.strip())
        if text.strip():
            return text.strip()
    text = msg.get("text")
    return text.strip() if isinstance(text, str) else ""


def _own_time(path: Path, loc: Loc, obj: dict, tz: tzinfo | None) -> datetime | None:
    """created_at, else updated_at, of a conversation or message; None when it has neither."""
    for key in ("created_at", "updated_at"):
        if obj.get(key) is not None:
            return time_or_error(path, loc, obj[key], key, tz)
    return None


def _session(
    path: Path, loc: Loc, conv: Any, i: int, ns: str, seen_ids: dict[str, int], tz: tzinfo | None
) -> Session | None:
    want(path, loc, conv, dict, "conversation")
    cid = str(want(path, loc, conv.get("uuid"), (str, int), "uuid"))
    loc.where = f"conversation {i} (id {cid})"
    if cid in seen_ids:
        raise ArchiveError(path, loc.where, f"duplicate conversation uuid (also conversation {seen_ids[cid]})")
    title = conv.get("name") if isinstance(conv.get("name"), str) else None
    conv_time = _own_time(path, loc, conv, tz)
    msgs = want(path, loc, conv.get("chat_messages", []), list, "chat_messages")
    turns: list[Turn] = []
    for k, msg in enumerate(msgs, 1):
        loc.where = f"conversation {i} (id {cid}) message {k}"
        want(path, loc, msg, dict, "message")
        sender = msg.get("sender")
        role = _ROLES.get(sender) if isinstance(sender, str) else None
        if role is None:
            raise ArchiveError(path, loc.where, f"sender must be 'human' or 'assistant', got {sender!r}")
        text = _text(msg)
        if not text:
            continue
        mid = str(want(path, loc, msg.get("uuid", f"{cid}:{k}"), (str, int), "uuid"))
        t = _own_time(path, loc, msg, tz) or conv_time
        if t is None:
            raise ArchiveError(
                path, loc.where, "no time: neither the message nor the conversation has a created_at or updated_at"
            )
        turns.append(Turn(session_id=cid, turn_id=mid, t_conv=t, speaker=role, role=role, text=text))
    seen_ids[cid] = i
    if not turns:
        return None
    start = conv_time if conv_time is not None else turns[0].t_conv
    return Session(namespace=ns, session_id=cid, title=title, t_conv=start, turns=turns)


def read_claude(
    path: Path, data: Any, *, loc: Loc, tz: tzinfo | None, namespace: str | None, dayfirst: bool, strict: bool = True
) -> Archive:
    ns = namespace or "default"
    convs = as_list(path, data, "Claude conversations")
    sessions: list[Session] = []
    skips = Skips(path, strict)
    seen_ids: dict[str, int] = {}
    for i, conv in enumerate(convs, 1):
        loc.where = f"conversation {i}"
        try:
            session = _session(path, loc, conv, i, ns, seen_ids, tz)
        except Exception as e:  # noqa: BLE001 - one bad conversation must not lose the others
            raw = conv if isinstance(conv, dict) else {}
            skips.add(e, loc, id=optional_str(raw.get("uuid")), title=optional_str(raw.get("name")))
            continue
        if session is not None:
            sessions.append(session)
    return skips.archive("claude", sessions, len(convs), "human or assistant")
