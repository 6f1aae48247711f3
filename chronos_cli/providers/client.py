"""The ``LLM`` protocol and its one real adapter, ``LiteLLMClient``.

- ``LLM``: ``complete(messages, tools=..., response_schema=...) -> LLMResponse``.
- ``BaseLLM``: what every client shares around its provider call: the on-disk ``ResponseCache``
  (invalid or empty replies are never cached), the shared ``Usage``, timing.
- ``LiteLLMClient``: temperature 0, our own bounded retry loop (``errors.with_retries``), cost via
  ``litellm.completion_cost``.

LiteLLM is imported lazily (``import_litellm``): importing this module costs nothing, and
``LITELLM_LOCAL_MODEL_COST_MAP=True`` is set first so LiteLLM never fetches its price table.
API keys are handed to LiteLLM only: they are not part of the request we hash or cache.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
import time
import warnings
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from chronos_cli.providers.cache import ResponseCache, schema_id
from chronos_cli.providers.errors import ProviderError, with_retries
from chronos_cli.providers.messages import LLMResponse, ToolCall, Usage
from chronos_cli.providers.structured import validates

log = logging.getLogger(__name__)

_import_lock = threading.Lock()


def import_litellm():
    """Import LiteLLM once, offline and quiet (no price-table download, no debug chatter)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_LOG", "ERROR")
    with _import_lock:
        import litellm

        if not getattr(litellm, "_chronos_configured", False):
            litellm.telemetry = False  # gone in recent versions; harmless to set
            litellm.suppress_debug_info = True  # no "Give Feedback / Get Help" banners
            litellm.set_verbose = False
            litellm.drop_params = True  # e.g. o-series models reject temperature=0: drop, don't fail
            litellm.num_retries = None  # retries are ours (see with_retries)
            # embedding() reads `max_retries or DEFAULT_MAX_RETRIES`, so an explicit 0 still
            # meant 2 SDK retries under ours (3 requests per attempt, measured): make 0 the default
            litellm.DEFAULT_MAX_RETRIES = 0
            # pydantic warns about LiteLLM's own TypedDicts when it first builds them: noise to a user
            warnings.filterwarnings("ignore", message=r".*is using the `ReadOnly` qualifier", category=UserWarning)
            for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm"):
                logger = logging.getLogger(name)
                logger.setLevel(logging.CRITICAL)
                logger.propagate = False
            litellm._chronos_configured = True
    return litellm


@runtime_checkable
class LLM(Protocol):
    name: str

    def complete(
        self,
        messages: list[dict],
        *,
        tools: list[dict] | None = None,
        tool_choice: Any = None,
        response_schema: type[BaseModel] | None = None,
        prompt_version: str = "",
        use_cache: bool = True,
    ) -> LLMResponse: ...


def _safe_extra(extra: dict[str, Any]) -> dict[str, Any]:
    """``extra`` without anything credential-like (it takes part in the cache key)."""
    return {k: v for k, v in extra.items() if not re.search(r"(?i)key|token|secret|auth|header|password", k)}


class BaseLLM:
    """Cache + usage + validation around a provider-specific ``_call``."""

    name: str

    def __init__(
        self, *, cache: ResponseCache | None = None, usage: Usage | None = None, extra: dict | None = None
    ) -> None:
        self.cache = cache
        self.usage = usage if usage is not None else Usage()
        self.extra = dict(extra or {})

    def _prepare(self) -> None:
        pass

    def _call(self, request: dict[str, Any], response_schema: type[BaseModel] | None) -> LLMResponse:
        raise NotImplementedError

    def complete(
        self,
        messages: list[dict],
        *,
        tools: list[dict] | None = None,
        tool_choice: Any = None,
        response_schema: type[BaseModel] | None = None,
        prompt_version: str = "",
        use_cache: bool = True,
    ) -> LLMResponse:
        request: dict[str, Any] = {"messages": messages}
        if tools:
            request["tools"] = tools
        if tool_choice is not None:
            request["tool_choice"] = tool_choice
        if response_schema is not None:
            request["schema"] = schema_id(response_schema)
        if self.extra:
            request["extra"] = _safe_extra(self.extra)

        key = None
        if self.cache is not None and use_cache:
            t0 = time.perf_counter()
            # the server is part of the model's identity: two local servers may serve one name
            base = getattr(self, "api_base", None)
            key = ResponseCache.key(f"{self.name}@{base}" if base else self.name, prompt_version, request)
            hit = self.cache.get(key)
            if hit is not None and (response_schema is None or validates(hit.content, response_schema)):
                hit = hit.model_copy(update={"cached": True, "ms": (time.perf_counter() - t0) * 1000})
                self.usage.add(hit)
                return hit

        self._prepare()  # e.g. the one-off LiteLLM import, kept out of the call's timing
        t0 = time.perf_counter()
        resp = self._call(request, response_schema)
        resp = resp.model_copy(update={"cached": False, "ms": (time.perf_counter() - t0) * 1000})
        self.usage.add(resp)
        # never cache a reply that fails its schema (structured() will ask for a repair), nor an
        # empty one (no text, no tool call): a rerun should ask again, not replay the failure
        empty = not (resp.content or "").strip() and not resp.tool_calls
        if key is not None and not empty and (response_schema is None or validates(resp.content, response_schema)):
            assert self.cache is not None
            try:
                self.cache.put(key, resp, model=self.name, prompt_version=prompt_version)
            except OSError as exc:
                log.warning("could not write LLM cache: %s", exc)
        return resp


class LiteLLMClient(BaseLLM):
    """Any LiteLLM model (``gpt-4o``, ``anthropic/claude-...``, ``openai/<name>`` + ``api_base``…).

    Structured output: when LiteLLM says the model supports JSON schema
    (``litellm.supports_response_schema``) we send ``response_format={"type": "json_schema", ...}``;
    otherwise, if the provider takes ``response_format`` at all, ``{"type": "json_object"}``
    (what OpenAI-compatible servers — vLLM, Ollama, llama.cpp — understand); if the server
    rejects ``response_format`` with a 400 we retry once without it and stop sending it.
    ``structured()`` parses, validates and repairs in every case.
    """

    def __init__(
        self,
        model: str,
        *,
        api_base: str | None = None,
        api_key: str | None = None,
        timeout: float = 60,
        num_retries: int = 4,
        cache: ResponseCache | None = None,
        usage: Usage | None = None,
        extra: dict | None = None,
        retry_base_delay: float = 0.5,
        retry_max_delay: float = 20.0,
    ) -> None:
        super().__init__(cache=cache, usage=usage, extra=extra)
        self.name = model
        self.api_base = api_base
        self._api_key = api_key  # handed to LiteLLM only; never hashed, cached or shown
        self.timeout = timeout
        self.num_retries = num_retries
        self.retry_base_delay = retry_base_delay
        self.retry_max_delay = retry_max_delay
        self._response_format_ok: bool | None = None  # None: unknown yet

    def __repr__(self) -> str:
        return f"LiteLLMClient(model={self.name!r}, api_base={self.api_base!r})"

    def _prepare(self) -> None:
        import_litellm()

    def _response_format(self, litellm: Any, schema: type[BaseModel]) -> dict[str, Any] | None:
        if self._response_format_ok is False:
            return None
        try:
            if litellm.supports_response_schema(model=self.name):
                return {
                    "type": "json_schema",
                    "json_schema": {"name": schema.__name__, "schema": schema.model_json_schema(), "strict": False},
                }
        except Exception:  # noqa: BLE001 - unknown model: fall through
            pass
        try:
            params = litellm.get_supported_openai_params(model=self.name) or []
        except Exception:  # noqa: BLE001
            params = []
        return {"type": "json_object"} if "response_format" in params else None

    def _call(self, request: dict[str, Any], response_schema: type[BaseModel] | None) -> LLMResponse:
        litellm = import_litellm()
        kwargs: dict[str, Any] = {
            **self.extra,
            "model": self.name,
            "messages": request["messages"],
            "temperature": 0,
            "timeout": self.timeout,
            "num_retries": 0,  # LiteLLM's and the OpenAI SDK's retries off: with_retries is the one loop
        }
        if self.api_base:
            kwargs["api_base"] = self.api_base
        if self._api_key:
            kwargs["api_key"] = self._api_key
        if "tools" in request:
            kwargs["tools"] = request["tools"]
        if "tool_choice" in request:
            kwargs["tool_choice"] = request["tool_choice"]
        if response_schema is not None:
            fmt = self._response_format(litellm, response_schema)
            if fmt is not None:
                kwargs["response_format"] = fmt

        def call() -> Any:
            return litellm.completion(**kwargs)

        def attempt() -> Any:
            return with_retries(
                call,
                retries=self.num_retries,
                base_delay=self.retry_base_delay,
                max_delay=self.retry_max_delay,
                what=f"LLM call to {self.name}",
                secrets=(self._api_key,),
            )

        try:
            raw = attempt()
        except ProviderError as exc:
            if "response_format" in kwargs and exc.status == 400 and "response_format" in str(exc):
                log.info("%s rejected response_format; sending plain requests from now on", self.name)
                self._response_format_ok = False
                kwargs.pop("response_format")
                raw = attempt()
            else:
                raise
        if "response_format" in kwargs:
            self._response_format_ok = True
        return self._to_response(litellm, raw)

    def _to_response(self, litellm: Any, raw: Any) -> LLMResponse:
        try:
            message = raw.choices[0].message
        except (AttributeError, IndexError, TypeError):
            raise ProviderError(f"LLM call to {self.name} returned no choices") from None
        calls = []
        for i, tc in enumerate(getattr(message, "tool_calls", None) or []):
            fn = tc.function if hasattr(tc, "function") else tc.get("function", {})
            name = fn.name if hasattr(fn, "name") else fn.get("name")
            args = fn.arguments if hasattr(fn, "arguments") else fn.get("arguments")
            if not isinstance(args, str):
                args = json.dumps(args or {})
            call_id = (tc.id if hasattr(tc, "id") else tc.get("id")) or f"call_{i}"
            calls.append(ToolCall(id=call_id, name=name or "", arguments=args))
        usage = getattr(raw, "usage", None)
        try:
            cost = float(litellm.completion_cost(completion_response=raw) or 0.0)
        except Exception:  # noqa: BLE001 - unknown price: 0
            cost = 0.0
        return LLMResponse(
            content=getattr(message, "content", None),
            tool_calls=calls,
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            cost_usd=cost,
            model=str(getattr(raw, "model", None) or self.name),
        )
