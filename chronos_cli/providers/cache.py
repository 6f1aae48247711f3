"""The on-disk cache of model replies, keyed by model, prompt version and request (never a key)."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from chronos_cli.providers.messages import LLMResponse

log = logging.getLogger(__name__)


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
