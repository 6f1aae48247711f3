"""The LLM layer: one adapter over LiteLLM, plus what every caller needs around it (DESIGN §4).

- ``LLM`` protocol: ``complete(messages, tools=..., response_schema=...) -> LLMResponse``.
- ``LiteLLMClient``: temperature 0, our own bounded retry loop (429 / 5xx / timeouts /
  connection errors; LiteLLM's and the OpenAI SDK's retries are turned off), cost via
  ``litellm.completion_cost``, an optional on-disk ``ResponseCache`` and a shared ``Usage``.
- ``structured(llm, messages, Schema, prompt_version=...)``: JSON output validated by pydantic,
  with one repair request.
- ``ScriptedLLM``: a queue of replies for tests, through the same cache / usage / structured paths.
- ``map_concurrent``: bounded, order-preserving concurrency.

LiteLLM is imported lazily (``import_litellm``): importing this module costs nothing, and
``LITELLM_LOCAL_MODEL_COST_MAP=True`` is set first so LiteLLM never fetches its price table.

Keys: API keys are passed to LiteLLM only; they are not part of the request we hash or cache,
and every error message is scrubbed (``scrub``) before it leaves this module.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import re
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, Field, PrivateAttr, ValidationError

from chronos_cli.text import one_line

log = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")


# --------------------------------------------------------------------------------------------
# errors and key hygiene
# --------------------------------------------------------------------------------------------


class LLMError(Exception):
    """Base class; messages are one line and never contain a key."""


class ProviderError(LLMError):
    """The provider failed (auth, bad request, unknown model, or retries used up)."""

    def __init__(self, message: str, *, status: int | None = None, retryable: bool = False) -> None:
        super().__init__(one_line(scrub(message), 400))
        self.status = status
        self.retryable = retryable


class LLMOutputError(LLMError):
    """The model's reply did not validate against the schema, even after one repair."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(scrub(message), 400))


_KEY_PATTERNS = [
    re.compile(r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=\-]{6,}"),
    re.compile(r"\b(?:sk|xai|gsk|hf|pplx|csk)[-_][A-Za-z0-9_\-*]{6,}"),  # sk-..., sk-proj-..., gsk_..., hf_...
    re.compile(r"\bAIza[0-9A-Za-z_\-]{20,}"),  # Google
    re.compile(
        r"(?i)((?:api[_-]?key|x-api-key|access[_-]?token|token|secret|password|authorization)[\"']?\s*[:=]\s*[\"']?)[^\s\"',}&]+"
    ),
    re.compile(r"\b[A-Za-z0-9_\-]{32,}\b"),  # long opaque tokens (Cohere keys, hex secrets)
]
_SECRET_ENV = re.compile(r"(?i)(KEY|TOKEN|SECRET|PASSWORD)")


def scrub(text: str, secrets: Iterable[str | None] = ()) -> str:
    """Remove anything that looks like a credential from ``text``.

    Explicit ``secrets`` and the values of key-like environment variables are removed first,
    then key-looking patterns (``sk-...``, ``Bearer ...``, ``api_key=...``, long opaque tokens).
    """
    values = {s for s in secrets if s and len(s) >= 4}
    values |= {v for k, v in os.environ.items() if _SECRET_ENV.search(k) and v and len(v) >= 8}
    for value in sorted(values, key=len, reverse=True):
        text = text.replace(value, "[redacted]")
    for i, pattern in enumerate(_KEY_PATTERNS):
        if i == 3:
            text = pattern.sub(lambda m: m.group(1) + "[redacted]", text)
        else:
            text = pattern.sub("[redacted]", text)
    return text


# --------------------------------------------------------------------------------------------
# LiteLLM, lazily
# --------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------
# retries
# --------------------------------------------------------------------------------------------

_RETRYABLE_NAMES = {
    "RateLimitError",
    "InternalServerError",
    "ServiceUnavailableError",
    "BadGatewayError",
    "Timeout",
    "APITimeoutError",
    "APIConnectionError",
    "TimeoutException",
    "ConnectError",
    "ConnectTimeout",
    "ReadTimeout",
    "WriteTimeout",
    "PoolTimeout",
    "RemoteProtocolError",
    "ReadError",
    "TooManyRequestsError",
    "GatewayTimeoutError",
}
_FATAL_NAMES = {
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "BadRequestError",
    "UnprocessableEntityError",
    "ContextWindowExceededError",
    "ContentPolicyViolationError",
    "UnsupportedParamsError",
    "BudgetExceededError",
    "UnauthorizedError",
    "ForbiddenError",
}


def _status_of(exc: BaseException) -> int | None:
    for attr in ("status_code", "status"):
        value = getattr(exc, attr, None)
        if isinstance(value, int):
            return value
    response = getattr(exc, "response", None)
    value = getattr(response, "status_code", None)
    return value if isinstance(value, int) else None


def classify(exc: BaseException) -> tuple[bool, int | None]:
    """(retryable, HTTP status) for a provider exception from LiteLLM, openai, httpx or cohere."""
    status = _status_of(exc)
    names = {c.__name__ for c in type(exc).__mro__}
    if names & _RETRYABLE_NAMES:
        return True, status
    if names & _FATAL_NAMES:
        return False, status
    if isinstance(exc, (TimeoutError, ConnectionError)):
        return True, status
    if status is not None:
        return (status in (408, 409, 429) or status >= 500), status
    return False, status


def _message_of(exc: BaseException) -> str:
    body = getattr(exc, "body", None)  # cohere / fern ApiError: str() would dump all headers
    if isinstance(body, dict) and type(exc).__module__.startswith("cohere"):
        err = body.get("error")
        msg = body.get("message") or (err.get("message") if isinstance(err, dict) else err)
        if msg:
            return str(msg)
    text = str(exc) or type(exc).__name__
    # "litellm.RateLimitError: RateLimitError: OpenAIException - ..." -> the informative tail
    while True:
        stripped = re.sub(r"^(?:litellm\.)?\w*(?:Error|Timeout|Exception):\s*", "", text, count=1)
        if stripped == text or not stripped:
            return text
        text = stripped


def with_retries(
    fn: Callable[[], R],
    *,
    retries: int = 4,
    base_delay: float = 0.5,
    max_delay: float = 20.0,
    what: str = "provider call",
    secrets: Iterable[str | None] = (),
    sleep: Callable[[float], None] = time.sleep,
) -> R:
    """Call ``fn``; on a retryable failure wait ``base_delay * 2**attempt`` (× jitter 0.5–1,
    capped at ``max_delay``) and try again, at most ``retries`` more times. Any failure that is
    not retried, or the last one, becomes a one-line ``ProviderError`` with no key in it."""
    secrets = tuple(secrets)
    attempt = 0
    while True:
        try:
            return fn()
        except (ProviderError, LLMOutputError):
            raise
        except Exception as exc:  # noqa: BLE001 - every provider failure is mapped below
            retryable, status = classify(exc)
            if retryable and attempt < retries:
                delay = min(max_delay, base_delay * (2**attempt)) * random.uniform(0.5, 1.0)
                log.info(
                    "%s: %s (status %s); retry %d/%d in %.2fs",
                    what,
                    type(exc).__name__,
                    status,
                    attempt + 1,
                    retries,
                    delay,
                )
                sleep(delay)
                attempt += 1
                continue
            tries = f" after {attempt + 1} attempts" if attempt else ""
            code = f" (HTTP {status})" if status else ""
            msg = f"{what} failed{tries}: {type(exc).__name__}{code}: {_message_of(exc)}"
            raise ProviderError(scrub(msg, secrets), status=status, retryable=retryable) from None


# --------------------------------------------------------------------------------------------
# data
# --------------------------------------------------------------------------------------------


class ToolCall(BaseModel):
    id: str
    name: str
    arguments: str  # raw JSON text, as the model sent it

    def parsed_arguments(self) -> dict[str, Any]:
        """The arguments as a dict (``{}`` for empty); raises ``ValueError`` on bad JSON."""
        if not self.arguments.strip():
            return {}
        value = json.loads(self.arguments)
        if not isinstance(value, dict):
            raise ValueError("tool arguments are not a JSON object")
        return value


class LLMResponse(BaseModel):
    content: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    model: str = ""
    cached: bool = False
    ms: float = 0.0

    def assistant_message(self) -> dict[str, Any]:
        """This reply as an OpenAI-format assistant message, to append to the conversation."""
        msg: dict[str, Any] = {"role": "assistant", "content": self.content}
        if self.tool_calls:
            msg["tool_calls"] = [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in self.tool_calls
            ]
        return msg


def tool_message(call_id: str, content: str) -> dict[str, Any]:
    """The OpenAI-format message that answers one tool call."""
    return {"role": "tool", "tool_call_id": call_id, "content": content}


class Usage(BaseModel):
    """Totals across calls (thread-safe). Cached replies cost nothing and are not calls."""

    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)
    _cache_hits: int = PrivateAttr(default=0)

    def add(self, resp: LLMResponse) -> None:
        with self._lock:
            if resp.cached:
                self._cache_hits += 1
                return
            self.llm_calls += 1
            self.prompt_tokens += resp.prompt_tokens
            self.completion_tokens += resp.completion_tokens
            self.cost_usd += resp.cost_usd

    @property
    def cache_hits(self) -> int:
        return self._cache_hits


# --------------------------------------------------------------------------------------------
# cache
# --------------------------------------------------------------------------------------------


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def schema_id(schema: type[BaseModel] | None) -> str | None:
    """Schema name + a short hash of its JSON schema (a changed schema is a new cache key)."""
    if schema is None:
        return None
    digest = hashlib.sha256(_canonical(schema.model_json_schema()).encode()).hexdigest()[:12]
    return f"{schema.__name__}:{digest}"


class ResponseCache:
    """On-disk cache of LLM replies: one JSON file per key, ``DIR/ab/abcdef….json``.

    Writes are atomic (temp file + ``os.replace``); an unreadable file is a miss and is
    overwritten by the next ``put``. Only the reply is stored, never the request or any key.
    """

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)

    @staticmethod
    def key(model: str, prompt_version: str, request: dict[str, Any]) -> str:
        payload = {"model": model, "prompt_version": prompt_version, "request": request}
        return hashlib.sha256(_canonical(payload).encode()).hexdigest()

    def path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> LLMResponse | None:
        path = self.path(key)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return LLMResponse.model_validate(data["response"])
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, ValidationError):
            log.warning("ignoring unreadable cache file %s", path)
            return None

    def put(self, key: str, resp: LLMResponse, *, model: str = "", prompt_version: str = "") -> None:
        path = self.path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        record = {
            "model": model,
            "prompt_version": prompt_version,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "response": resp.model_dump(mode="json", exclude={"cached", "ms"}),
        }
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            tmp.write_text(_canonical(record), encoding="utf-8")
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)


# --------------------------------------------------------------------------------------------
# the protocol and the shared client logic
# --------------------------------------------------------------------------------------------


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


class _BaseLLM:
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
            key = ResponseCache.key(self.name, prompt_version, request)
            hit = self.cache.get(key)
            if hit is not None and (response_schema is None or _validates(hit.content, response_schema)):
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
        if key is not None and not empty and (response_schema is None or _validates(resp.content, response_schema)):
            assert self.cache is not None
            try:
                self.cache.put(key, resp, model=self.name, prompt_version=prompt_version)
            except OSError as exc:
                log.warning("could not write LLM cache: %s", exc)
        return resp


# --------------------------------------------------------------------------------------------
# LiteLLM client
# --------------------------------------------------------------------------------------------


class LiteLLMClient(_BaseLLM):
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


# --------------------------------------------------------------------------------------------
# scripted model (tests)
# --------------------------------------------------------------------------------------------


class ScriptedLLM(_BaseLLM):
    """Replies from a queue, for tests. A ``str`` is the content; a dict
    ``{"tool_calls": [{"name", "arguments"}], "content"?}`` makes tool calls (arguments may be a
    dict or raw JSON text); an ``LLMResponse`` is returned as is; an ``Exception`` is raised.
    ``requests`` records what each call was asked; ``assert_exhausted()`` fails on leftovers."""

    def __init__(
        self,
        replies: Sequence[str | dict | LLMResponse | Exception] = (),
        *,
        name: str = "scripted",
        cache: ResponseCache | None = None,
        usage: Usage | None = None,
    ) -> None:
        super().__init__(cache=cache, usage=usage)
        self.name = name
        self.replies = list(replies)
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def add(self, *replies: str | dict | LLMResponse | Exception) -> None:
        with self._lock:
            self.replies.extend(replies)

    def _call(self, request: dict[str, Any], response_schema: type[BaseModel] | None) -> LLMResponse:
        with self._lock:
            self.requests.append({**request, "response_schema": response_schema})
            if not self.replies:
                raise AssertionError("unexpected LLM call")
            reply = self.replies.pop(0)
        if isinstance(reply, BaseException):
            raise reply
        if isinstance(reply, LLMResponse):
            return reply
        prompt_tokens = sum(len(str(m.get("content") or "")) for m in request["messages"]) // 4
        if isinstance(reply, str):
            return LLMResponse(
                content=reply, prompt_tokens=prompt_tokens, completion_tokens=len(reply) // 4, model=self.name
            )
        if isinstance(reply, dict):
            n = len(self.requests)
            calls = [
                ToolCall(
                    id=c.get("id") or f"call_{n}_{i}",
                    name=c["name"],
                    arguments=c.get("arguments")
                    if isinstance(c.get("arguments"), str)
                    else json.dumps(c.get("arguments") or {}),
                )
                for i, c in enumerate(reply.get("tool_calls") or [])
            ]
            content = reply.get("content")
            return LLMResponse(
                content=content,
                tool_calls=calls,
                prompt_tokens=prompt_tokens,
                completion_tokens=len(content or "") // 4 + 10 * len(calls),
                model=self.name,
            )
        raise TypeError(f"unsupported scripted reply: {type(reply).__name__}")

    def assert_exhausted(self) -> None:
        assert not self.replies, f"{len(self.replies)} scripted LLM replies left unused: {self.replies!r:.300}"


# --------------------------------------------------------------------------------------------
# structured output
# --------------------------------------------------------------------------------------------

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.S)


def extract_json(text: str | None) -> Any:
    """The first JSON value in ``text``: the whole text, a ```json fence, or the first
    ``{...}`` / ``[...]`` block amid prose. Raises ``ValueError`` when there is none."""
    if text is None or not text.strip():
        raise ValueError("empty reply")
    text = text.strip()
    candidates = [text] + [m.group(1).strip() for m in _FENCE.finditer(text)]
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except ValueError:
            pass
    decoder = json.JSONDecoder()
    for m in re.finditer(r"[{\[]", text):
        try:
            value, _ = decoder.raw_decode(text, m.start())
            return value
        except ValueError:
            continue
    raise ValueError("no JSON object or array found in the reply")


def parse_reply(text: str | None, schema: type[T]) -> T:
    """Extract and validate; raises ``ValueError`` (incl. ``ValidationError``) with the reason."""
    return schema.model_validate(extract_json(text))


def _validates(text: str | None, schema: type[BaseModel]) -> bool:
    try:
        parse_reply(text, schema)
        return True
    except ValueError:
        return False


def _explain(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = [f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:8]]
        return "; ".join(parts)
    return str(exc)


def _with_schema_hint(messages: list[dict], schema: type[BaseModel]) -> list[dict]:
    hint = (
        "Reply with only a JSON value (no prose, no code fences) that validates against this JSON schema:\n"
        + json.dumps(schema.model_json_schema(), separators=(",", ":"))
    )
    out = [dict(m) for m in messages]
    for m in out:
        if m.get("role") == "system" and isinstance(m.get("content"), str):
            m["content"] = m["content"].rstrip() + "\n\n" + hint
            return out
    return [{"role": "system", "content": hint}, *out]


def structured(
    llm: LLM,
    messages: list[dict],
    schema: type[T],
    *,
    prompt_version: str,
    schema_hint: bool = True,
    use_cache: bool = True,
) -> T:
    """Ask for JSON matching ``schema`` and return it validated.

    The schema is appended to the system message (``schema_hint``) and passed as
    ``response_schema`` (the client sends native structured output where supported). A reply
    that does not parse or validate gets ONE repair request (the reply, the error, "return
    only valid JSON"); a second failure raises ``LLMOutputError``. Invalid replies are never
    cached.
    """
    msgs = _with_schema_hint(messages, schema) if schema_hint else list(messages)
    resp = llm.complete(msgs, response_schema=schema, prompt_version=prompt_version, use_cache=use_cache)
    try:
        return parse_reply(resp.content, schema)
    except ValueError as exc:
        first_error = _explain(exc)
    repair = [
        *msgs,
        {"role": "assistant", "content": resp.content or ""},
        {
            "role": "user",
            "content": f"That reply is not valid: {first_error}\n"
            f"Return only valid JSON for the schema {schema.__name__}: no prose, no code fences.",
        },
    ]
    resp2 = llm.complete(repair, response_schema=schema, prompt_version=prompt_version, use_cache=use_cache)
    try:
        return parse_reply(resp2.content, schema)
    except ValueError as exc:
        raise LLMOutputError(
            f"{getattr(llm, 'name', 'LLM')}: reply does not match {schema.__name__} after one repair: {_explain(exc)}"
        ) from None


# --------------------------------------------------------------------------------------------
# concurrency
# --------------------------------------------------------------------------------------------


def map_concurrent(
    fn: Callable[[Any], R],
    items: Iterable[Any],
    *,
    concurrency: int = 8,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """``[fn(x) for x in items]`` with at most ``concurrency`` calls at once, results in input
    order. The first failure (in input order among those finished) is raised after the calls
    not yet started are cancelled. ``progress(1)`` is called after each finished item."""
    items = list(items)
    if concurrency <= 1 or len(items) <= 1:
        out = []
        for x in items:
            out.append(fn(x))
            if progress:
                progress(1)
        return out
    ex = ThreadPoolExecutor(max_workers=min(concurrency, len(items)), thread_name_prefix="chronos-llm")
    try:
        futures: list[Future[R]] = [ex.submit(fn, x) for x in items]
        if progress:
            for f in futures:
                f.add_done_callback(lambda f: f.cancelled() or progress(1))
        wait(futures, return_when=FIRST_EXCEPTION)
        for f in futures:
            if f.done() and not f.cancelled() and f.exception() is not None:
                for other in futures:
                    other.cancel()
                raise f.exception()  # type: ignore[misc]
        return [f.result() for f in futures]
    finally:
        ex.shutdown(wait=True, cancel_futures=True)


def client_for(settings, model: str, *, extra: dict | None = None) -> LiteLLMClient:
    """The one way commands build a model client from Settings: the shared on-disk response
    cache, a fresh Usage, and the timeout/retry settings (CHRONOS_LLM_TIMEOUT, …)."""
    from chronos_cli.config import app_dir

    return LiteLLMClient(
        model,
        api_base=settings.api_base,
        cache=ResponseCache(app_dir() / "cache" / "llm"),
        usage=Usage(),
        extra=extra,
        timeout=settings.llm_timeout,
        num_retries=settings.llm_retries,
        retry_base_delay=settings.retry_base_delay,
    )
