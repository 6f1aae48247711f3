"""The ``Reranker`` protocol and cross-encoder reranking through Cohere's API (used when
COHERE_API_KEY is set; ``registry.reranker_for`` decides).

``CohereReranker`` uses the real Cohere SDK (``cohere.ClientV2``, imported lazily; its
``base_url`` points it at any compatible server — the tests use a local one). The SDK's own
retries are off; ours (``chronos_cli.providers.errors.with_retries``) handle 429 / 5xx / timeouts.
Failures become a one-line ``ProviderError`` without the key.
"""

from __future__ import annotations

import threading
from typing import Any, Protocol, runtime_checkable

from chronos_cli.providers.errors import ProviderError, scrub, with_retries


@runtime_checkable
class Reranker(Protocol):
    name: str

    def rerank(self, query: str, documents: list[str], top_n: int) -> list[tuple[int, float]]:
        """(index into ``documents``, relevance score), best first, at most ``top_n``."""
        ...


class CohereReranker:
    def __init__(
        self,
        model: str = "rerank-english-v3.0",
        *,
        api_key: str,
        base_url: str | None = None,
        timeout: float = 30,
        num_retries: int = 3,
        retry_base_delay: float = 0.5,
    ) -> None:
        if not api_key:
            raise ProviderError("Cohere reranking needs an API key (COHERE_API_KEY)")
        self.name = model
        self.base_url = base_url.rstrip("/") if base_url else None
        self.timeout = timeout
        self.num_retries = num_retries
        self.retry_base_delay = retry_base_delay
        self._api_key = api_key
        self._client: Any = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"CohereReranker(model={self.name!r}, base_url={self.base_url!r})"

    def _get_client(self) -> Any:
        with self._lock:
            if self._client is None:
                import cohere

                kwargs: dict[str, Any] = {"api_key": self._api_key, "timeout": self.timeout, "max_retries": 0}
                if self.base_url:
                    kwargs["base_url"] = self.base_url
                self._client = cohere.ClientV2(**kwargs)
            return self._client

    def rerank(self, query: str, documents: list[str], top_n: int) -> list[tuple[int, float]]:
        if not documents or top_n <= 0:
            return []
        client = self._get_client()
        n = min(top_n, len(documents))

        def call() -> Any:
            return client.rerank(model=self.name, query=query, documents=list(documents), top_n=n)

        resp = with_retries(
            call,
            retries=self.num_retries,
            base_delay=self.retry_base_delay,
            what=f"Cohere rerank ({self.name})",
            secrets=(self._api_key,),
        )
        try:
            pairs = [(int(r.index), float(r.relevance_score)) for r in resp.results]
        except (AttributeError, TypeError, ValueError) as exc:
            raise ProviderError(
                scrub(f"Cohere rerank ({self.name}) returned an unreadable reply: {exc}", (self._api_key,))
            ) from None
        bad = [i for i, _ in pairs if not 0 <= i < len(documents)]
        if bad:
            raise ProviderError(f"Cohere rerank ({self.name}) returned indexes outside the documents: {bad[:5]}")
        pairs.sort(key=lambda p: (-p[1], p[0]))
        return pairs[:n]
