"""Crash safety: `chronos index` killed (SIGKILL) half-way, then rerun, leaves a clean index;
readers (grep) keep getting consistent snapshots while an index runs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app
from tests.conftest import ROOT, write_jsonl

N_SESSIONS, N_TURNS = 48, 8

PHRASES = [
    "I went to the dentist yesterday and it was fine",
    "next week I am flying to Lisbon for the conference",
    "we adopted a puppy called Biscuit last month",
    "on Saturday I ran my first half marathon",
    "my sister started a new job two days ago",
    "I finally finished reading the novel this morning",
]


def big_archive(path):
    rows = []
    for i in range(N_SESSIONS):
        for j in range(N_TURNS):
            rows.append(
                {
                    "session_id": f"s{i:03d}",
                    "timestamp": f"2024-{1 + i % 12:02d}-{1 + i % 27:02d}T09:{j:02d}:00",
                    "speaker": "user" if j % 2 == 0 else "assistant",
                    "text": f"{PHRASES[(i + j) % len(PHRASES)]} (session {i}, turn {j}, note {i * 31 + j})",
                }
            )
    return write_jsonl(path, rows)


def _sessions_done(db) -> int:
    from chronos_cli.store.tables import SESSIONS, Store

    try:
        t = Store(str(db)).table(SESSIONS)
        return 0 if t is None else t.count_rows()
    except Exception:  # noqa: BLE001 - the table is being created right now
        return 0


def check_clean(db) -> None:
    from chronos_cli.providers.embed import LocalEmbedder  # noqa: F401  (vector search below uses stored vectors)
    from chronos_cli.store.tables import EVENTS, SESSIONS, TURNS, Store

    store = Store(str(db))
    counts = store.counts()
    sessions = store.scan(SESSIONS, columns=["key", "session_id"])
    assert counts[SESSIONS] == N_SESSIONS
    assert len(set(sessions["session_id"].to_pylist())) == N_SESSIONS
    turns = store.scan(TURNS, columns=["key", "session_id", "vector"])
    assert counts[TURNS] == N_SESSIONS * N_TURNS == len(set(turns["key"].to_pylist()))
    events = store.scan(EVENTS, columns=["event_id", "session_id"])
    assert counts[EVENTS] == len(set(events["event_id"].to_pylist())) > 0
    assert set(events["session_id"].to_pylist()) <= set(sessions["session_id"].to_pylist())
    # not corrupt: every kind of read still works
    vec = turns["vector"][0].as_py()
    assert store.vector_search(TURNS, vec, k=5)[0].key == turns["key"][0].as_py()
    assert store.text_search(TURNS, "dentist", k=5)
    assert store.grep(TURNS, "(?i)marathon")
    assert store.vector_search(EVENTS, vec, k=3)


def test_kill_mid_index_then_rerun(tmp_path):
    arch = big_archive(tmp_path / "big.jsonl")
    db = tmp_path / "db"
    env = dict(os.environ, CHRONOS_INDEX_BATCH_TURNS="24", CHRONOS_TZ="UTC")
    cmd = [sys.executable, "-m", "chronos_cli", "index", str(arch), "--db", str(db), "--offline", "--json"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    runner = CliRunner()
    greps = 0
    deadline = time.monotonic() + 90
    try:
        # wait until some batches are committed, grepping the live database meanwhile
        while time.monotonic() < deadline and proc.poll() is None:
            done = _sessions_done(db)
            if done:
                r = runner.invoke(app, ["grep", "-i", "dentist", "--db", str(db), "--json", "--limit", "0"])
                assert r.exit_code == 0, r.output
                hits = json.loads(r.stdout)  # valid JSON every time: a consistent snapshot
                assert all("dentist" in h["text"] for h in hits)
                greps += 1
            if done >= 2 * 3:  # a few batches (3 sessions each) are in
                break
            time.sleep(0.05)
        assert proc.poll() is None, "indexing finished before it could be killed: make the archive bigger"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert greps >= 1
    assert 0 < _sessions_done(db) < N_SESSIONS

    # rerun in-process: finishes the job, no duplicates
    r = runner.invoke(app, ["index", str(arch), "--db", str(db), "--offline", "--json", "--tz", "UTC"])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["sessions_new"] + rep["sessions_unchanged"] == N_SESSIONS
    assert rep["sessions_unchanged"] > 0
    check_clean(db)

    # and a third run changes nothing
    r = runner.invoke(app, ["index", str(arch), "--db", str(db), "--offline", "--json", "--tz", "UTC"])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["sessions_unchanged"] == N_SESSIONS and rep["turns_embedded"] == 0
    check_clean(db)


@pytest.mark.parametrize("batch", ["7", "bogus"])
def test_batch_env(monkeypatch, batch):
    from chronos_cli.index.report import BATCH_TURNS, batch_turns

    monkeypatch.setenv("CHRONOS_INDEX_BATCH_TURNS", batch)
    assert batch_turns() == (7 if batch == "7" else BATCH_TURNS)
