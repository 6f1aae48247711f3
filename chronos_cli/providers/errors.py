"""Provider failures and key hygiene: the error types every provider call raises, ``scrub`` (no
credential ever leaves in a message), ``classify`` (retry or not) and ``with_retries`` (the one
bounded back-off loop; LiteLLM's, the OpenAI SDK's and Cohere's own retries are turned off)."""

from __future__ import annotations

import logging
import os
import random
import re
import time
from collections.abc import Callable, Iterable
from typing import TypeVar

from chronos_cli.text import one_line

log = logging.getLogger(__name__)

R = TypeVar("R")


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
