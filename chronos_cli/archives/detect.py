"""Format detection from content: the shape of the parsed JSON, or JSON Lines.

Only the first item of a list is looked at: every format keeps one kind of item per file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .common import ArchiveError, parse_json, type_name

JSONL_SUFFIXES = {".jsonl", ".ndjson"}
_MESSAGE_KEYS = ({"text", "content"}, {"timestamp", "time", "date"})


def format_of_item(item: Any) -> str | None:
    """The format a top-level item (a conversation, instance or sample) belongs to."""
    if not isinstance(item, dict):
        return None
    keys = set(item)
    if "haystack_sessions" in keys or {"question_id", "question_date"} <= keys:
        return "longmemeval"
    if "conversation" in keys and ({"sample_id", "qa"} & keys):
        return "locomo"
    if "mapping" in keys:
        return "chatgpt"
    if "chat_messages" in keys:
        return "claude"
    if all(keys & group for group in _MESSAGE_KEYS):
        return "jsonl"  # a one-message JSON file
    return None


def looks_like_jsonl(text: str) -> bool:
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    try:
        obj = json.loads(first)
    except (ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and format_of_item(obj) == "jsonl"


def detect_text(path: Path, text: str) -> tuple[str, Any]:
    """(format, parsed JSON or None for JSONL). Parses once so the reader can reuse it."""
    if path.suffix.lower() in JSONL_SUFFIXES:
        return "jsonl", None
    try:
        data = parse_json(path, text)
    except ArchiveError:
        # several JSON values, one per line, is JSON Lines whatever the extension
        if looks_like_jsonl(text):
            return "jsonl", None
        raise
    items = data if isinstance(data, list) else [data]
    if not items:
        raise ArchiveError(path, "top level", "empty JSON list: nothing to read, and no way to tell the format")
    fmt = format_of_item(items[0])
    if fmt is None:
        what = type_name(items[0]) if isinstance(data, list) else type_name(data)
        keys = ", ".join(list(items[0])[:6]) if isinstance(items[0], dict) else ""
        hint = f" with keys {keys}" if keys else ""
        raise ArchiveError(
            path,
            "top level",
            f"unknown format (a {'list of ' if isinstance(data, list) else ''}{what}{hint}); use --format "
            "longmemeval|locomo|chatgpt|claude|jsonl",
        )
    if fmt == "jsonl":
        return "jsonl", None
    return fmt, data
