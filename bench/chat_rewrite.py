"""Text rewritten the way people type in chats, for the benches that read LoCoMo that way."""

import re


def chat(t: str, mode: str) -> str:
    """``mode`` is a comma list of: lower (lower case), apos (no apostrophes), dots (no full stops)."""
    if "lower" in mode:
        t = t.lower()
    if "apos" in mode:
        t = t.replace("'", "").replace("’", "")
    if "dots" in mode:
        t = re.sub(r"\.(\s|$)", r"\1", t)
    return t
