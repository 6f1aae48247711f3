"""Event extraction: sessions → dated ⟨subject, verb, object⟩ events (DESIGN §1, §3).

    get_extractor(settings) -> Extractor   # LLMExtractor when a model is configured, else RuleExtractor

Both extractors have ``name`` (recorded per session; another name re-extracts), ``usage``
(an ``llm.Usage``: token and dollar totals) and ``extract(sessions) -> list[list[Event]]``.
"""

from __future__ import annotations

from chronos_cli.extract.chunks import CHUNK_OVERLAP, CHUNK_TURNS, Chunk, chunk_session, chunk_sessions
from chronos_cli.extract.rule_extractor import RuleExtractor

__all__ = [
    "CHUNK_OVERLAP",
    "CHUNK_TURNS",
    "Chunk",
    "LLMExtractor",
    "RuleExtractor",
    "chunk_session",
    "chunk_sessions",
    "get_extractor",
]


def __getattr__(name: str):
    if name == "LLMExtractor":
        from chronos_cli.extract.llm_extractor import LLMExtractor

        return LLMExtractor
    raise AttributeError(name)


def get_extractor(settings, *, concurrency: int = 8):
    """The LLM extractor when ``settings.effective_extract_model`` is set (replies cached under
    ``app_dir()/cache/llm``), else the offline rule extractor."""
    model = settings.effective_extract_model
    if not model:
        return RuleExtractor()
    from chronos_cli.extract.llm_extractor import LLMExtractor
    from chronos_cli.providers.llm import client_for

    return LLMExtractor(client_for(settings, model), concurrency=concurrency)
