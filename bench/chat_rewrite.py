"""Text rewritten the way people type in chats, for the benches that read LoCoMo that way."""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chronos_cli.extract.clean import sentences  # noqa: E402
from chronos_cli.extract.common import resolve_spans  # noqa: E402


def chat(t: str, mode: str) -> str:
    """``mode`` is a comma list of: lower (lower case), apos (no apostrophes), dots (no full stops)."""
    if "lower" in mode:
        t = t.lower()
    if "apos" in mode:
        t = t.replace("'", "").replace("’", "")
    if "dots" in mode:
        t = re.sub(r"\.(\s|$)", r"\1", t)
    return t


def afterthought_split(sentence: str, t_conv) -> list[str]:
    """A time phrase that closes a statement sent as a message of its own, as chats add the
    time after the fact: "I went to the beach last Friday." → ["I went to the beach", "last Friday"]."""
    body = sentence.rstrip(" .!")
    if body.endswith("?"):
        return [sentence]  # a question stays whole
    spans = resolve_spans(body, t_conv)
    if not spans or spans[-1].end_char < len(body) or spans[-1].start_char < 12:
        return [sentence]
    head = re.sub(r"\s+(?:on|in|at|during|over)$", "", body[: spans[-1].start_char].rstrip(" ,"))
    return [head, body[len(head) :].strip(" ,")]


def split_turns(turns: list, *, after: bool = False) -> list:
    """Each sentence of a turn sent as a message of its own (ids "D1:3#0", "D1:3#1", …; same
    speaker and time), as people send a thought in several short messages; ``after``: a closing
    time phrase too (``afterthought_split``)."""
    out = []
    for t in turns:
        parts = [t.text[a:b] for a, b in sentences(t.text)] or [t.text]
        if after:
            parts = [q for p in parts for q in afterthought_split(p, t.t_conv)]
        out += [t.model_copy(update={"turn_id": f"{t.turn_id}#{k}", "text": p}) for k, p in enumerate(parts)]
    return out
