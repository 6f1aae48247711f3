"""Model name → client: the one place a model name from ``Settings`` becomes an object.

Like simonw/llm's ``register_models``, a factory registered under a name wins over the default
adapters. A test (or a plugin) stands a model in by name and reaches it through the same settings
path as a user (``CHRONOS_MODEL=scripted/agent``), instead of patching module attributes::

    register_model(name, factory)       # factory(settings, name, extra=None) -> LLM
    register_embedder(name, factory)    # factory(settings, name) -> Embedder
    register_reranker(name, factory)    # factory(settings, name) -> Reranker  (name: settings.rerank_model)
    register_extractor(name, factory)   # factory(settings, name) -> extractor (name: the extract model),
                                        # for an extractor that is not a chat model over the event prompt
    with registered(models={name: factory}, embedders=..., rerankers=..., extractors=...): ...  # then restored

    llm_for(settings, name, extra=None)  # registered, else LiteLLMClient (shared reply cache, fresh Usage)
    embedder_for(settings, name=None)    # registered, else the local model or LiteLLMEmbedder
    reranker_for(settings)               # None offline; registered, else Cohere when a key is set

Importing this module is light: the adapters (and LiteLLM, ONNX, Cohere) load when built.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from chronos_cli.config import LOCAL_EMBED_MODEL, Settings

if TYPE_CHECKING:
    from chronos_cli.providers.client import LLM
    from chronos_cli.providers.embed import Embedder
    from chronos_cli.providers.rerank import Reranker

Factory = Callable[..., Any]


class Registry:
    """Factories by model name, for one kind of part (thread-safe)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._factories: dict[str, Factory] = {}
        self._lock = threading.Lock()

    def register(self, name: str, factory: Factory) -> None:
        if not name or not callable(factory):
            raise ValueError(f"register a {self.kind} with a name and a callable factory")
        with self._lock:
            self._factories[name] = factory

    def unregister(self, name: str) -> None:
        with self._lock:
            self._factories.pop(name, None)

    def get(self, name: str | None) -> Factory | None:
        if not name:
            return None
        with self._lock:
            return self._factories.get(name)

    def names(self) -> list[str]:
        with self._lock:
            return sorted(self._factories)

    def snapshot(self) -> dict[str, Factory]:
        with self._lock:
            return dict(self._factories)

    def restore(self, snapshot: Mapping[str, Factory]) -> None:
        with self._lock:
            self._factories = dict(snapshot)


models = Registry("model")
embedders = Registry("embedder")
rerankers = Registry("reranker")
extractors = Registry("extractor")
_ALL = (models, embedders, rerankers, extractors)


def register_model(name: str, factory: Factory) -> None:
    models.register(name, factory)


def register_embedder(name: str, factory: Factory) -> None:
    embedders.register(name, factory)


def register_reranker(name: str, factory: Factory) -> None:
    rerankers.register(name, factory)


def register_extractor(name: str, factory: Factory) -> None:
    extractors.register(name, factory)


@contextmanager
def registered(
    *,
    models: Mapping[str, Factory] | None = None,
    embedders: Mapping[str, Factory] | None = None,
    rerankers: Mapping[str, Factory] | None = None,
    extractors: Mapping[str, Factory] | None = None,
) -> Iterator[None]:
    """Register factories for the duration of a ``with`` block; the previous state comes back after."""
    kinds = list(zip(_ALL, (models, embedders, rerankers, extractors)))  # the arguments shadow the module's names
    saved = [(reg, reg.snapshot()) for reg, _ in kinds]
    try:
        for reg, given in kinds:
            for name, factory in (given or {}).items():
                reg.register(name, factory)
        yield
    finally:
        for reg, snap in saved:
            reg.restore(snap)


# ------------------------------------------------------------------------------------ builders


def llm_for(settings: Settings, name: str, *, extra: dict | None = None) -> LLM:
    """The chat model called ``name``: a registered factory, else a LiteLLM client with the shared
    on-disk reply cache, a fresh ``Usage`` and the timeout/retry settings (CHRONOS_LLM_TIMEOUT, …)."""
    factory = models.get(name)
    if factory is not None:
        return factory(settings, name, extra=extra)
    from chronos_cli.config import app_dir
    from chronos_cli.providers.cache import ResponseCache
    from chronos_cli.providers.client import LiteLLMClient
    from chronos_cli.providers.messages import Usage

    return LiteLLMClient(
        name,
        api_base=settings.api_base,
        api_key=local_server_key(name, settings.api_base),
        cache=ResponseCache(app_dir() / "cache" / "llm"),
        usage=Usage(),
        extra=extra,
        timeout=settings.llm_timeout,
        num_retries=settings.llm_retries,
        retry_base_delay=settings.retry_base_delay,
    )


def local_server_key(name: str, api_base: str | None) -> str | None:
    """A placeholder key for an ``openai/<model>`` on a local OpenAI-compatible server (llama.cpp,
    vLLM) when no OPENAI_API_KEY is set: those servers need none, but the OpenAI SDK refuses to
    send a request without one. Any other case: None (the provider's own variable is read)."""
    import os

    if api_base and name.startswith("openai/") and not os.environ.get("OPENAI_API_KEY"):
        return "no-key-needed"
    return None


def embedder_for(settings: Settings, name: str | None = None) -> Embedder:
    """The embedding model called ``name`` (default ``settings.embed_model``): a registered factory,
    else the local model, else a LiteLLM embedding model with the timeout/retry settings."""
    name = name or settings.embed_model or LOCAL_EMBED_MODEL
    factory = embedders.get(name)
    if factory is not None:
        return factory(settings, name)
    from chronos_cli.providers.embed import LiteLLMEmbedder, LocalEmbedder

    if name == LOCAL_EMBED_MODEL:
        return LocalEmbedder()
    return LiteLLMEmbedder(
        name,
        api_base=settings.api_base,
        timeout=settings.llm_timeout,
        num_retries=settings.llm_retries,
        base_delay=settings.retry_base_delay,
    )


def reranker_for(settings: Settings) -> Reranker | None:
    """None offline; a factory registered under ``settings.rerank_model``; else Cohere Rerank when a
    Cohere key is set; else None (retrieval falls back to offline fusion)."""
    if settings.offline:
        return None
    factory = rerankers.get(settings.rerank_model)
    if factory is not None:
        return factory(settings, settings.rerank_model)
    if not settings.cohere_key:
        return None
    from chronos_cli.providers.rerank import CohereReranker

    return CohereReranker(
        settings.rerank_model,
        api_key=settings.cohere_key,
        base_url=settings.cohere_base_url,
        num_retries=min(settings.llm_retries, 3),
        retry_base_delay=settings.retry_base_delay,
    )
