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


@pytest.fixture(autouse=True)
def _registry_restored():
    """Whatever a test registers by model name is gone after it."""
    from chronos_cli.providers import registry

    saved = [
        (reg, reg.snapshot()) for reg in (registry.models, registry.embedders, registry.rerankers, registry.extractors)
    ]
    yield
    for reg, snapshot in saved:
        reg.restore(snapshot)


class Substitutes:
    """Stand test doubles in by model name: the code under test reaches them through Settings
    (``CHRONOS_MODEL=scripted/agent``) exactly as it reaches a real model."""

    def model(self, name: str, llm):
        from chronos_cli.providers import registry

        registry.register_model(name, lambda settings, model, extra=None: llm)
        return llm

    def embedder(self, name: str, embedder):
        from chronos_cli.providers import registry

        registry.register_embedder(name, lambda settings, model: embedder)
        return embedder

    def reranker(self, name: str, reranker):
        from chronos_cli.providers import registry

        registry.register_reranker(name, lambda settings, model: reranker)
        return reranker

    def extractor(self, name: str, extractor):
        from chronos_cli.providers import registry

        registry.register_extractor(name, lambda settings, model: extractor)
        return extractor


@pytest.fixture
def substitute() -> Substitutes:
    """``substitute.model("scripted/agent", ScriptedLLM([...]))``; undone after the test."""
    return Substitutes()


def share_local_embedder(embedder) -> None:
    """Each CLI call would load its own ONNX session: hand it the session-wide one (speed only)."""
    from chronos_cli.config import LOCAL_EMBED_MODEL

    Substitutes().embedder(LOCAL_EMBED_MODEL, embedder)


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
