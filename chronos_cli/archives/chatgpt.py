"""ChatGPT data export (``conversations.json``): a list of conversations, each a message tree.

Editing a message or regenerating an answer forks the tree; the conversation the user last
saw is the branch ending at ``current_node``, so we walk from it up to the root and read
that path forward. Without ``current_node`` we take the branch ending at the newest leaf.
Nodes are linked by ``parent`` (and usually ``children`` too; some exporters write only
one of the two), so both are used. System and tool messages, hidden ones (custom
instructions, memory updates) and non-text content (images, code run by tools, reasoning)
are skipped.

A message without a time gets the conversation's (create_time, else update_time); a
conversation with neither, or with a broken tree, is skipped and reported (see Skips).
"""

from __future__ import annotations

import math
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

from ..models import Archive, Session, Turn, content_hash
from .common import ArchiveError, Loc, Skips, as_list, optional_str, parse_any_time, time_or_error, want

_TEXT_TYPES = {"text", "multimodal_text"}


def _parent_links(mapping: dict) -> dict[str, str]:
    """child id → parent id, from ``parent`` fields, and from ``children`` lists for nodes that
    have no parent link. Lenient: malformed nodes off the branch read must not matter."""
    parent: dict[str, str] = {}
    for nid, node in mapping.items():
        if isinstance(node, dict) and isinstance(node.get("parent"), str) and node["parent"]:
            parent[nid] = node["parent"]
    for nid, node in mapping.items():
        children = node.get("children") if isinstance(node, dict) else None
        if isinstance(children, list):
            for c in children:
                if isinstance(c, str) and c in mapping and c not in parent and c != nid:
                    parent[c] = nid
    return parent


def _node_time(node: Any) -> float:
    """Epoch seconds of a node's message (create, else update time); -inf when it has none."""
    msg = node.get("message") if isinstance(node, dict) else None
    if isinstance(msg, dict):
        for key in ("create_time", "update_time"):
            try:
                return parse_any_time(msg.get(key), None).timestamp()
            except (ValueError, OverflowError, OSError):
                continue
    return -math.inf


def _newest_leaf(path: Path, loc: Loc, mapping: dict, parent: dict[str, str]) -> str:
    """The leaf the user most likely saw last: the newest message time, ties (and exports
    without times) going to the leaf written last in the mapping."""
    inner = set(parent.values())
    leaves = [(_node_time(node), k, nid) for k, (nid, node) in enumerate(mapping.items()) if nid not in inner]
    if not leaves:
        raise ArchiveError(path, loc.where, "parent links form a cycle: the tree has no leaf node")
    return max(leaves)[2]


def _branch(path: Path, loc: Loc, mapping: dict, current: Any) -> list[dict]:
    """Nodes on the path root → current_node (without one, root → newest leaf)."""
    if not mapping and current is None:
        return []  # a conversation with no messages at all
    parent = _parent_links(mapping)
    if current is not None:
        want(path, loc, current, str, "current_node")
        if current not in mapping:
            raise ArchiveError(path, loc.where, f"current_node {current!r} is not in mapping")
        node_id = current
    else:
        node_id = _newest_leaf(path, loc, mapping, parent)
    chain: list[dict] = []
    seen: set[str] = set()
    while node_id is not None:
        if node_id in seen:
            raise ArchiveError(path, loc.where, f"parent links form a cycle at node {node_id!r}")
        seen.add(node_id)
        if node_id not in mapping:
            raise ArchiveError(path, loc.where, f"node {node_id!r} (on the branch read) is missing from mapping")
        node = want(path, loc, mapping[node_id], dict, f"mapping node {node_id!r}")
        chain.append(node)
        link = node.get("parent")
        if link not in (None, ""):
            want(path, loc, link, str, f"parent of node {node_id!r}")
            node_id = link
        else:
            node_id = parent.get(node_id)  # listed as someone's child, or the root
    return chain[::-1]


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


def _own_time(path: Path, loc: Loc, obj: dict, tz: tzinfo | None) -> datetime | None:
    """create_time, else update_time, of a conversation or message; None when it has neither."""
    for key in ("create_time", "update_time"):
        if obj.get(key) is not None:
            return time_or_error(path, loc, obj[key], key, tz)
    return None


def _conv_id(conv: dict) -> str:
    cid = conv.get("id") or conv.get("conversation_id")
    if cid is None:  # old exports: derive a stable id so re-indexing stays idempotent
        cid = "chatgpt-" + content_hash(str(conv.get("title")), str(conv.get("create_time")))[:16]
    return cid


def _turn(path: Path, loc: Loc, node: dict, cid: str, conv_time: datetime | None, tz: tzinfo | None) -> Turn | None:
    msg = node.get("message")
    if msg is None:  # the synthetic root node carries no message
        return None
    want(path, loc, msg, dict, "message")
    author = msg.get("author") or {}
    want(path, loc, author, dict, "author")
    role = author.get("role")
    if role not in ("user", "assistant"):
        return None  # system prompts, tool outputs
    meta = msg.get("metadata") or {}
    if isinstance(meta, dict) and meta.get("is_visually_hidden_from_conversation"):
        return None
    if role == "assistant" and msg.get("recipient", "all") != "all":
        return None  # the assistant calling a tool (browser, python), not talking to the user
    text = _text(msg.get("content"))
    if not text:
        return None
    mid = str(want(path, loc, msg.get("id", node.get("id")), (str, int), "message id"))
    t = _own_time(path, Loc(f"{loc.where} message {mid}"), msg, tz) or conv_time
    if t is None:
        raise ArchiveError(
            path,
            f"{loc.where} message {mid}",
            "no time: neither the message nor the conversation has a create_time or update_time",
        )
    return Turn(session_id=cid, turn_id=mid, t_conv=t, speaker=role, role=role, text=text)


def _session(
    path: Path, loc: Loc, conv: Any, i: int, ns: str, seen_ids: dict[str, int], tz: tzinfo | None
) -> Session | None:
    want(path, loc, conv, dict, "conversation")
    cid = str(want(path, loc, _conv_id(conv), (str, int), "id"))
    loc.where = f"conversation {i} (id {cid})"
    if cid in seen_ids:
        raise ArchiveError(path, loc.where, f"duplicate conversation id (also conversation {seen_ids[cid]})")
    title = conv.get("title") if isinstance(conv.get("title"), str) else None
    conv_time = _own_time(path, loc, conv, tz)
    mapping = want(path, loc, conv.get("mapping"), dict, "mapping")
    turns = [
        t
        for node in _branch(path, loc, mapping, conv.get("current_node"))
        if (t := _turn(path, loc, node, cid, conv_time, tz))
    ]
    seen_ids[cid] = i
    if not turns:
        return None  # an empty or system-only conversation has nothing to remember
    start = conv_time if conv_time is not None else turns[0].t_conv
    return Session(namespace=ns, session_id=cid, title=title, t_conv=start, turns=turns)


def read_chatgpt(
    path: Path, data: Any, *, loc: Loc, tz: tzinfo | None, namespace: str | None, dayfirst: bool, strict: bool = True
) -> Archive:
    ns = namespace or "default"
    convs = as_list(path, data, "ChatGPT conversations")
    sessions: list[Session] = []
    skips = Skips(path, strict)
    seen_ids: dict[str, int] = {}
    for i, conv in enumerate(convs, 1):
        loc.where = f"conversation {i}"
        try:
            session = _session(path, loc, conv, i, ns, seen_ids, tz)
        except Exception as e:  # noqa: BLE001 - one bad conversation must not lose the others
            raw = conv if isinstance(conv, dict) else {}
            skips.add(
                e,
                loc,
                id=optional_str(raw.get("id") or raw.get("conversation_id")),
                title=optional_str(raw.get("title")),
            )
            continue
        if session is not None:
            sessions.append(session)
    return skips.archive("chatgpt", sessions, len(convs), "user or assistant")
