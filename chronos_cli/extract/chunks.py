"""Sessions → overlapping windows of turns for the extractor.

A chunk holds at most ``size`` turns of one session; consecutive chunks share ``overlap``
turns, so an event told across a window boundary is seen whole at least once (the
extractor deduplicates what both windows report). Every turn is shown with its id, the
moment it was said (``t_conv``) and its speaker.

The chunk hash covers what the model sees (turn ids, times, speakers, texts) and nothing
else: not the namespace, not the session id. The same session indexed in another namespace
(LongMemEval shares haystack sessions between instances) hashes the same, so the LLM
response cache answers it without a new call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from chronos_cli.models import Session, Turn, content_hash

CHUNK_TURNS = 25
CHUNK_OVERLAP = 5


@dataclass
class Chunk:
    session_index: int  # position of the session in the batch
    session: Session
    start: int  # index of the first turn in session.turns
    turns: list[Turn] = field(default_factory=list)

    @property
    def turn_ids(self) -> list[str]:
        return [t.turn_id for t in self.turns]

    def render(self) -> str:
        """The chunk as the model reads it: one line per turn."""
        return "\n".join(render_turn(t) for t in self.turns)

    @property
    def content_hash(self) -> str:
        return content_hash(*(f"{t.turn_id}\x1e{t.t_conv.isoformat()}\x1e{t.speaker}\x1e{t.text}" for t in self.turns))


def render_turn(t: Turn) -> str:
    when = t.t_conv.strftime("%Y-%m-%d %a %H:%M")
    text = " ".join(t.text.split())
    return f"[{t.turn_id}] ({when}) {t.speaker}: {text}"


def chunk_session(
    session: Session, *, size: int = CHUNK_TURNS, overlap: int = CHUNK_OVERLAP, session_index: int = 0
) -> list[Chunk]:
    """Windows of at most ``size`` turns, each starting ``size - overlap`` after the previous."""
    if size < 1 or not 0 <= overlap < size:
        raise ValueError("need size >= 1 and 0 <= overlap < size")
    turns = session.turns
    if not turns:
        return []
    step = size - overlap
    out: list[Chunk] = []
    start = 0
    while True:
        out.append(Chunk(session_index, session, start, list(turns[start : start + size])))
        if start + size >= len(turns):
            break
        start += step
    return out


def chunk_sessions(
    sessions: Sequence[Session], *, size: int = CHUNK_TURNS, overlap: int = CHUNK_OVERLAP
) -> list[Chunk]:
    return [c for i, s in enumerate(sessions) for c in chunk_session(s, size=size, overlap=overlap, session_index=i)]
