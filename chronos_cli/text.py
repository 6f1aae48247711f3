"""Tiny text helpers shared by every floor (no imports beyond the standard library)."""

from __future__ import annotations

from typing import Any


def one_line(text: Any, limit: int = 300) -> str:
    """Whitespace collapsed (an error or a quoted turn always prints on one line), cut to
    ``limit`` characters with an ellipsis."""
    s = " ".join(str(text if text is not None else "").split())
    return s if len(s) <= limit else s[: limit - 1] + "…"
