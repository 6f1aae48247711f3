"""Provider keys never land in traces, --json outputs, logs, caches or the database."""

from __future__ import annotations

import json
import logging
import random

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app
from tests.conftest import write_jsonl

OPENAI_KEY = "sk-SECRETopenai-7f3a9c1e5b2d4f60"
COHERE_KEY = "co-SECRETcohere-91b7e3d2a6c4"
KEYS = (OPENAI_KEY, COHERE_KEY, "SECRETopenai", "SECRETcohere")


def _files_with_keys(root) -> list[str]:
    hits = []
    for f in root.rglob("*"):
        if f.is_file():
            data = f.read_bytes()
            if any(k.encode() in data for k in KEYS):
                hits.append(str(f))
    return hits


def test_keys_never_written(tmp_path, monkeypatch, openai_server, _isolated_home, caplog):
    caplog.set_level(logging.DEBUG)
    monkeypatch.setattr(random, "uniform", lambda a, b: 0.001)
    monkeypatch.setenv("OPENAI_API_KEY", OPENAI_KEY)
    monkeypatch.setenv("COHERE_API_KEY", COHERE_KEY)
    monkeypatch.setenv("CHRONOS_API_BASE", openai_server.base_url)
    monkeypatch.setenv("CHRONOS_EXTRACT_MODEL", "openai/test-model")
    monkeypatch.setenv("CHRONOS_EMBED_MODEL", "openai/test-embed")
    monkeypatch.setenv("CHRONOS_TZ", "UTC")
    rows = [
        {
            "session_id": f"s{i}",
            "timestamp": f"2024-05-{i + 1:02d}T10:0{j}:00",
            "speaker": "user",
            "text": f"yesterday I went hiking with Ann, session {i} turn {j}",
        }
        for i in range(2)
        for j in range(2)
    ]
    arch = write_jsonl(tmp_path / "chats.jsonl", rows)
    db = tmp_path / "db"
    runner = CliRunner()
    outputs = []

    # 1) a provider that echoes the bearer key in its 401 error text
    openai_server.chat.append({"status": 401, "echo_key": True})
    r = runner.invoke(app, ["index", str(arch), "--db", str(db)])
    outputs += [r.stdout, r.stderr]
    assert r.exit_code == 1
    assert "Incorrect API key" in r.stderr  # the error is shown …
    assert OPENAI_KEY not in r.stderr  # … with the key scrubbed

    # 2) a good run, with events, then every read command with --json
    reply = {
        "events": [
            {
                "subject": "user",
                "verb": "went hiking with",
                "object": "Ann",
                "time_expression": "yesterday",
                "evidence": "yesterday I went hiking with Ann",
            }
        ]
    }
    openai_server.chat.extend([{"content": json.dumps(reply)}] * 2)
    for args in (
        ["index", str(arch), "--db", str(db), "--json"],
        ["index", str(arch), "--db", str(db)],
        ["grep", "-i", "hiking", "--db", str(db), "--json"],
        ["grep", "-i", "hiking", "--events", "--db", str(db), "--json"],
        ["events", "--db", str(db), "--json"],
        ["config"],
    ):
        r = runner.invoke(app, args)
        outputs += [r.stdout, r.stderr]
        assert r.exit_code == 0, (args, r.output)
    # the keys did go to the provider (so the test is not vacuous) …
    assert any(OPENAI_KEY in (q["headers"].get("authorization") or "") for q in openai_server.requests)
    # … and nowhere else
    for i, text in enumerate(outputs):
        for k in KEYS:
            assert k not in text, f"key in output #{i}: {text[:300]}"
    for k in KEYS:
        assert k not in caplog.text
    assert _files_with_keys(db) == []
    assert _files_with_keys(_isolated_home) == []
    assert list((_isolated_home / "cache").rglob("*.json")) or list(
        (_isolated_home / "cache").rglob("*")
    )  # caches exist


@pytest.mark.parametrize("cmd", [["index", "--help"], ["config"]])
def test_config_masks_keys(cmd, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", OPENAI_KEY)
    r = CliRunner().invoke(app, cmd)
    assert r.exit_code == 0, r.output
    assert OPENAI_KEY not in r.output
