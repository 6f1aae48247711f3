"""Shared fixtures: isolate every test from the user's settings; one real embedder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from chronos_cli.config import ENV_VARS, SECRET_ENV_VARS
from tests.llm_server import cohere_server, openai_server  # noqa: F401  (fixtures for every test module)

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    """No test reads or writes the real per-user config, database or caches."""
    home = tmp_path_factory.mktemp("chronos_home")
    monkeypatch.setenv("CHRONOS_HOME", str(home))
    for var in list(ENV_VARS.values()) + list(SECRET_ENV_VARS):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    yield home


@pytest.fixture(scope="session")
def embedder():
    """The real local embedding model (loads in about a second; shared)."""
    from chronos_cli.providers.embed import LocalEmbedder

    return LocalEmbedder()


def shared_data(name: str) -> Path:
    p = SHARED_DATA / name
    if not p.exists():
        pytest.skip(f"{p} is absent (the shared benchmark data lives beside the checkout)")
    return p


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def env_without_keys() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SECRET_ENV_VARS}
    return env
