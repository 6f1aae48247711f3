"""ChatGPT data export (``conversations.json``): a list of conversations, each a message tree.

Editing a message or regenerating an answer forks the tree; the conversation the user last
saw is the branch ending at ``current_node``, so we walk from it up to the root and read
that path forward. System and tool messages, hidden ones (custom instructions, memory
updates) and non-text content (images, code run by tools, reasoning) are skipped.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

from ..models import Archive, Session, Turn, content_hash
from .common import ArchiveError, Loc, as_list, time_or_error, want

_TEXT_TYPES = {"text", "multimodal_text"}


def _branch(path: Path, loc: Loc, mapping: dict, current: Any) -> list[dict]:
    """Nodes on the path root → current_node (or, without one, along the newest children)."""
    if current is not None:
        want(path, loc, current, str, "current_node")
        if current not in mapping:
            raise ArchiveError(path, loc.where, f"current_node {current!r} is not in mapping")
        chain, seen, node_id = [], set(), current
        while node_id is not None:
            if node_id in seen:
                raise ArchiveError(path, loc.where, f"parent links form a cycle at node {node_id!r}")
            seen.add(node_id)
            if node_id not in mapping:
                raise ArchiveError(
                    path, loc.where, f"node {node_id!r} (on the current_node branch) is missing from mapping"
                )
            node = want(path, loc, mapping[node_id], dict, f"mapping node {node_id!r}")
            chain.append(node)
            node_id = node.get("parent")
            if node_id is not None:
                want(path, loc, node_id, str, f"parent of node {chain[-1].get('id')!r}")
        return chain[::-1]
    # no current_node: start at the root(s) and follow the last child (the latest edit)
    roots = [n for n in mapping.values() if isinstance(n, dict) and n.get("parent") in (None, "")]
    if not roots:
        raise ArchiveError(path, loc.where, "mapping has no root node and no current_node")
    chain, seen, node = [], set(), roots[0]
    while node is not None and id(node) not in seen:
        seen.add(id(node))
        chain.append(node)
        children = node.get("children") or []
        want(path, loc, children, list, "children")
        node = mapping.get(children[-1]) if children else None
        if node is not None:
            want(path, loc, node, dict, "mapping node")
    return chain


def _text(content: Any) -> str:
    """The text of a message's content: string parts joined; images and other parts dropped."""
    if not isinstance(content, dict):
        return ""
    if content.get("content_type", "text") not in _TEXT_TYPES:
        return ""
    parts = content.get("parts")
    if isinstance(parts, list):
        return "\n".join(p for p in parts if isinstance(p, str) and p.strip()).strip()
    text = content.get("text")
    return text.strip() if isinstance(text, str) else ""


def read_chatgpt(
    path: Path, data: Any, *, loc: Loc, tz: tzinfo | None, namespace: str | None, dayfirst: bool
) -> Archive:
    ns = namespace or "default"
    convs = as_list(path, data, "ChatGPT conversations")
    sessions: list[Session] = []
    seen_ids: set[str] = set()
    for i, conv in enumerate(convs, 1):
        loc.where = f"conversation {i}"
        want(path, loc, conv, dict, "conversation")
        title = conv.get("title")
        title = title if isinstance(title, str) else None
        cid = conv.get("id") or conv.get("conversation_id")
        if cid is None:  # old exports: derive a stable id so re-indexing stays idempotent
            cid = "chatgpt-" + content_hash(str(title), str(conv.get("create_time")))[:16]
        cid = str(want(path, loc, cid, (str, int), "id"))
        loc.where = f"conversation {i} (id {cid})"
        if cid in seen_ids:
            raise ArchiveError(path, loc.where, "duplicate conversation id")
        seen_ids.add(cid)
        conv_time: datetime | None = None
        if conv.get("create_time") is not None:
            conv_time = time_or_error(path, loc, conv["create_time"], "create_time", tz)
        mapping = want(path, loc, conv.get("mapping"), dict, "mapping")
        turns: list[Turn] = []
        for node in _branch(path, loc, mapping, conv.get("current_node")):
            msg = node.get("message")
            if msg is None:  # the synthetic root node carries no message
                continue
            want(path, loc, msg, dict, "message")
            author = msg.get("author") or {}
            want(path, loc, author, dict, "author")
            role = author.get("role")
            if role not in ("user", "assistant"):
                continue  # system prompts, tool outputs
            meta = msg.get("metadata") or {}
            if isinstance(meta, dict) and meta.get("is_visually_hidden_from_conversation"):
                continue
            if role == "assistant" and msg.get("recipient", "all") != "all":
                continue  # the assistant calling a tool (browser, python), not talking to the user
            text = _text(msg.get("content"))
            if not text:
                continue
            mid = str(want(path, loc, msg.get("id", node.get("id")), (str, int), "message id"))
            if msg.get("create_time") is not None:
                loc_msg = Loc(f"{loc.where} message {mid}")
                t = time_or_error(path, loc_msg, msg["create_time"], "create_time", tz)
            elif conv_time is not None:
                t = conv_time
            else:
                raise ArchiveError(
                    path, f"{loc.where} message {mid}", "no create_time on the message nor on the conversation"
                )
            turns.append(Turn(session_id=cid, turn_id=mid, t_conv=t, speaker=role, role=role, text=text))
        if not turns:
            continue  # an empty or system-only conversation has nothing to remember
        start = conv_time if conv_time is not None else turns[0].t_conv
        sessions.append(Session(namespace=ns, session_id=cid, title=title, t_conv=start, turns=turns))
    sessions.sort(key=lambda s: s.t_conv.timestamp())  # exports list newest first
    return Archive(path=str(path), format="chatgpt", sessions=sessions)
