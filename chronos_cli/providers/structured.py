"""Structured output: JSON from a model reply, validated by pydantic, with one repair request."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from chronos_cli.providers.errors import LLMOutputError

if TYPE_CHECKING:
    from chronos_cli.providers.client import LLM

T = TypeVar("T", bound=BaseModel)

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


def validates(text: str | None, schema: type[BaseModel]) -> bool:
    """Whether ``text`` parses and validates (the cache keeps and replays only such replies)."""
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
