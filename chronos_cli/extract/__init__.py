"""Event extraction: sessions → dated ⟨subject, verb, object⟩ events.

    extractor_for(llm) -> Extractor        # LLMExtractor over a model, RuleExtractor for None
    get_extractor(settings) -> Extractor   # the same from Settings (commands use chronos_cli.runtime)

Both extractors have ``name`` (recorded per session; another name re-extracts), ``usage``
(a ``providers.messages.Usage``: token and dollar totals) and ``extract(sessions) -> list[list[Event]]``.
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
    "extractor_for",
    "get_extractor",
]


def __getattr__(name: str):
    if name == "LLMExtractor":
        from chronos_cli.extract.llm_extractor import LLMExtractor

        return LLMExtractor
    raise AttributeError(name)


def extractor_for(llm, *, concurrency: int = 8):
    """The LLM extractor over ``llm`` (an ``LLM``), or the offline rule extractor when it is None."""
    if llm is None:
        return RuleExtractor()
    from chronos_cli.extract.llm_extractor import LLMExtractor

    return LLMExtractor(llm, concurrency=concurrency)


def get_extractor(settings, *, concurrency: int = 8):
    """The extractor ``settings.effective_extract_model`` names: one registered under that name, else
    ``extractor_for`` its chat model (replies cached under ``app_dir()/cache/llm``), else rules."""
    model = settings.effective_extract_model
    if not model:
        return RuleExtractor()
    from chronos_cli.providers import registry

    factory = registry.extractors.get(model)
    if factory is not None:
        return factory(settings, model)
    return extractor_for(registry.llm_for(settings, model), concurrency=concurrency)
