"""Claude.ai data export (``conversations.json``): a list of conversations with a flat,
chronological ``chat_messages`` list; ``sender`` is "human" or "assistant".

Timestamps are ISO 8601; an explicit offset is kept, a trailing ``Z`` (what the export
writes) is a UTC instant and is shown in the user's time zone (see common.py).
"""

from __future__ import annotations

from datetime import tzinfo
from pathlib import Path
from typing import Any

from ..models import Archive, Session, Turn
from .common import ArchiveError, Loc, as_list, time_or_error, want

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


def read_claude(
    path: Path, data: Any, *, loc: Loc, tz: tzinfo | None, namespace: str | None, dayfirst: bool
) -> Archive:
    ns = namespace or "default"
    convs = as_list(path, data, "Claude conversations")
    sessions: list[Session] = []
    seen_ids: set[str] = set()
    for i, conv in enumerate(convs, 1):
        loc.where = f"conversation {i}"
        want(path, loc, conv, dict, "conversation")
        cid = str(want(path, loc, conv.get("uuid"), (str, int), "uuid"))
        loc.where = f"conversation {i} (id {cid})"
        if cid in seen_ids:
            raise ArchiveError(path, loc.where, "duplicate conversation uuid")
        seen_ids.add(cid)
        title = conv.get("name") if isinstance(conv.get("name"), str) else None
        conv_time = None
        if conv.get("created_at") is not None:
            conv_time = time_or_error(path, loc, conv["created_at"], "created_at", tz)
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
            if msg.get("created_at") is not None:
                t = time_or_error(path, loc, msg["created_at"], "created_at", tz)
            elif conv_time is not None:
                t = conv_time
            else:
                raise ArchiveError(path, loc.where, "no created_at on the message nor on the conversation")
            turns.append(Turn(session_id=cid, turn_id=mid, t_conv=t, speaker=role, role=role, text=text))
        if not turns:
            continue
        start = conv_time if conv_time is not None else turns[0].t_conv
        sessions.append(Session(namespace=ns, session_id=cid, title=title, t_conv=start, turns=turns))
    sessions.sort(key=lambda s: s.t_conv.timestamp())
    return Archive(path=str(path), format="claude", sessions=sessions)
