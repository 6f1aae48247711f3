"""`chronos index` in the real world: Ctrl-C, two writers, a read-only database, skipped
conversations and exit codes, and a database written by the previous release.

The Ctrl-C and two-writer tests run real `chronos index` processes and signal or race them
(generous timeouts: the machine may be busy)."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app
from tests.conftest import ROOT, env_without_keys, shared_data, write_jsonl

FIXTURES = ROOT / "tests" / "fixtures"
CHRONOS = [sys.executable, "-m", "chronos_cli"]
SUMMARY = "run the same command to finish"


def _env(**extra: str) -> dict[str, str]:
    env = env_without_keys()
    env.update(extra)
    return env


def _store(db):
    from chronos_cli.store.tables import Store

    return Store(str(db))


def _clean_exit(err: str) -> None:
    assert "Traceback" not in err, err
    assert "terminate called" not in err, err


def _small_archive(path: Path) -> Path:
    rows = [
        {"session_id": f"s{i}", "timestamp": f"2026-03-0{i + 1}T10:0{j}:00", "speaker": "user", "text": text}
        for i, text in enumerate(["I went to the dentist yesterday.", "We adopted a puppy called Biscuit."])
        for j in range(2)
    ]
    return write_jsonl(path, rows)


# ------------------------------------------------------------------------------------ skipped conversations


def test_skipped_conversations_are_reported_and_exit_3(tmp_path):
    runner = CliRunner()
    arch = FIXTURES / "archives" / "claude_partly_bad.json"
    db = str(tmp_path / "db")
    r = runner.invoke(app, ["index", str(arch), "--db", db, "--offline", "--json"])
    assert r.exit_code == 3, r.output
    rep = json.loads(r.stdout)
    assert sorted(s["id"] for s in rep["skipped"]) == ["bad-null", "no-time"]
    assert all(s["reason"] and s["path"].endswith("claude_partly_bad.json") for s in rep["skipped"])
    assert rep["sessions_new"] == 2  # the two readable conversations are in
    assert "bad-null" in r.stderr and "skipped" in r.stderr  # named on stderr as they are met
    assert _store(db).counts()["sessions"] == 2

    r = runner.invoke(app, ["index", str(arch), "--db", db, "--offline"])  # the summary says it too
    assert r.exit_code == 3 and "2 conversation(s) could not be read" in r.stdout


def test_strict_makes_the_first_problem_fatal(tmp_path):
    db = tmp_path / "db"
    r = CliRunner().invoke(
        app, ["index", str(FIXTURES / "archives" / "claude_partly_bad.json"), "--db", str(db), "--offline", "--strict"]
    )
    assert r.exit_code == 1
    assert "bad-null" in r.stderr and "Traceback" not in r.output
    assert not _store(db).exists()  # nothing written


# ------------------------------------------------------------------------------------ a database from the previous release


@pytest.fixture
def v1_db(tmp_path) -> Path:
    db = tmp_path / "v1"
    shutil.copytree(FIXTURES / "db_v1" / "db", db)
    return db


def test_v1_database_opens_upgraded_and_answers(v1_db):
    import lancedb

    from chronos_cli.store.tables import EVENTS, SCHEMA_VERSION

    raw = lancedb.connect(str(v1_db))
    meta = {r["key"]: r["value"] for r in raw.open_table("meta").to_arrow().to_pylist()}
    assert "schema_version" not in meta  # it really is the old layout
    assert "kind" not in raw.open_table("events").schema.names

    runner = CliRunner()
    r = runner.invoke(app, ["grep", "-i", "dentist", "--db", str(v1_db), "--json"])
    assert r.exit_code == 0, r.output
    assert [h["turn_id"] for h in json.loads(r.stdout)] == ["s1:0"]

    store = _store(v1_db)
    assert store.meta()["schema_version"] == str(SCHEMA_VERSION) and store.upgrade_error is None
    assert "kind" in store.table(EVENTS).schema.names

    r = runner.invoke(app, ["events", "--db", str(v1_db), "--json"])
    assert r.exit_code == 0, r.output
    events = {e["text"]: e for e in json.loads(r.stdout)}
    assert len(events) == 5
    # no time cue: undated now, still bounded by the day it was said
    cat = events["Sam adopted a cat named Biscuit"]
    assert (cat["start"], cat["granularity"], cat["end"]) == (None, "undated", "2026-04-01")
    dentist = events["Maya went to the dentist"]  # "yesterday": dated as before
    assert (dentist["start"], dentist["end"], dentist["granularity"]) == ("2026-03-31", "2026-03-31", "day")

    r = runner.invoke(
        app,
        ["ask", "When did Maya go to the dentist?", "--db", str(v1_db), "--offline", "--json", "--now", "2026-04-20"],
    )
    assert r.exit_code == 0, r.output
    assert "s1:0" in {t["turn_id"] for t in json.loads(r.stdout)["retrieved_turns"]}

    # indexing into it again works and keeps the turns
    r = runner.invoke(
        app, ["index", str(FIXTURES / "db_v1" / "archive.jsonl"), "--db", str(v1_db), "--offline", "--namespace", "v1"]
    )
    assert r.exit_code == 0, r.output
    assert _store(v1_db).counts()["turns"] == 5


def test_database_from_a_newer_release_is_refused_in_one_line(v1_db):
    from chronos_cli.store.tables import StoreError

    _store(v1_db).set_meta({"schema_version": "99"})
    with pytest.raises(StoreError, match="newer chronos"):
        _store(v1_db)
    r = CliRunner().invoke(app, ["grep", "x", "--db", str(v1_db)])
    assert r.exit_code == 1 and "newer chronos" in r.stderr and "Traceback" not in r.output


def test_commit_retried_after_a_lost_race_and_refusal_is_one_line(tmp_path):
    from chronos_cli.store import tables
    from chronos_cli.store.tables import StoreError

    store = _store(tmp_path / "db")
    calls = []

    def write():
        calls.append(1)
        if len(calls) < 3:  # what LanceDB raises when another writer committed first
            raise RuntimeError("lance error: Retryable commit conflict for version 7: preempted by concurrent Update")
        return "ok"

    assert store._commit(write) == "ok" and len(calls) == 3

    def denied():
        raise OSError("LanceError(IO): Generic LocalFileSystem error: Permission denied (os error 13)\nmore")

    with pytest.raises(StoreError, match="cannot write to the database .*Permission denied") as e:
        store._commit(denied)
    assert "\n" not in str(e.value)
    assert tables.COMMIT_RETRIES >= 3


# ------------------------------------------------------------------------------------ a read-only database


def _without_dac_override() -> None:
    """In the child, before exec: root without CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH obeys file
    permissions like any user (PR_CAPBSET_DROP: they are not regained at exec)."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def _as_plain_user():
    """A preexec_fn under which permissions apply: none needed for a normal user; for root
    (as tests run in CI containers, where chmod alone stops nothing) the capabilities that
    bypass them are dropped, or the test is skipped when that is not allowed."""
    if os.geteuid() != 0:
        return None
    probe = subprocess.run(["true"], preexec_fn=_without_dac_override, capture_output=True)  # noqa: PLW1509
    if probe.returncode != 0:
        pytest.skip("running as root without the right to drop CAP_DAC_OVERRIDE: a read-only folder cannot be made")
    return _without_dac_override


def test_read_only_database_is_one_line_even_with_nothing_to_change(tmp_path, embedder):
    from chronos_cli.index.pipeline import index_paths

    arch = _small_archive(tmp_path / "chats.jsonl")
    db = tmp_path / "db"
    index_paths([arch], _store(db), embedder)
    before = sorted(p.name for p in (db / "turns.lance").rglob("*"))
    subprocess.run(["chmod", "-R", "a-w", str(db)], check=True)
    preexec = _as_plain_user()
    try:
        for args in ([], ["--no-events"]):  # nothing to change (same archive), and a plain re-run
            p = subprocess.run(
                [*CHRONOS, "index", str(arch), "--db", str(db), "--offline", *args],
                cwd=ROOT,
                env=_env(CHRONOS_HOME=str(tmp_path / "home")),
                capture_output=True,
                text=True,
                timeout=300,
                preexec_fn=preexec,  # noqa: PLW1509
            )
            assert p.returncode == 1, p.stderr
            lines = [ln for ln in p.stderr.splitlines() if ln.startswith("error:")]
            assert len(lines) == 1 and "cannot write to the database" in lines[0], p.stderr
            assert "Permission denied" in lines[0]
            _clean_exit(p.stderr)
        # reading still works
        r = CliRunner().invoke(app, ["grep", "-i", "dentist", "--db", str(db), "--json"])
        assert r.exit_code == 0 and len(json.loads(r.stdout)) == 2
    finally:
        subprocess.run(["chmod", "-R", "u+w", str(db)], check=True)
    assert sorted(p.name for p in (db / "turns.lance").rglob("*")) == before  # nothing was written


# ------------------------------------------------------------------------------------ two writers


def test_second_writer_waits_for_the_lock_and_says_so(tmp_path):
    arch = _small_archive(tmp_path / "chats.jsonl")
    db = tmp_path / "db"
    err = tmp_path / "err.txt"
    store = _store(db)
    with store.writer():  # another command is writing
        with err.open("w") as f:
            proc = subprocess.Popen(
                [*CHRONOS, "index", str(arch), "--db", str(db), "--offline", "--json"],
                cwd=ROOT,
                env=_env(CHRONOS_HOME=str(tmp_path / "home")),
                stdout=subprocess.PIPE,
                stderr=f,
                text=True,
            )
        try:
            deadline = time.monotonic() + 120
            while "waiting for another chronos command" not in err.read_text() and time.monotonic() < deadline:
                assert proc.poll() is None, err.read_text()
                time.sleep(0.1)
            assert "waiting for another chronos command" in err.read_text()
            time.sleep(1.0)
            assert proc.poll() is None  # still waiting: nothing written meanwhile
            assert not (db / "turns.lance").exists()
        except BaseException:
            proc.kill()
            raise
    out, _ = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.read_text()
    assert json.loads(out)["turns_new"] == 4
    assert [ln for ln in err.read_text().splitlines() if "waiting" in ln] == [
        f"waiting for another chronos command writing to {db} …"
    ]


def test_two_concurrent_index_runs_on_a_new_database(tmp_path):
    path = shared_data("locomo_dev.json")
    db = tmp_path / "db"
    env = _env(CHRONOS_HOME=str(tmp_path / "home"))
    cmd = [*CHRONOS, "index", str(path), "--db", str(db), "--offline", "--no-events", "--json"]
    procs = [
        subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=900) for p in procs]
    for p, (_out, err) in zip(procs, outs):
        assert p.returncode == 0, err
        _clean_exit(err)
    reports = [json.loads(out) for out, _ in outs]
    assert sorted(r["turns_new"] for r in reports) == [0, 788]  # one wrote, the other found it done
    counts = _store(db).counts()
    assert counts["turns"] == 788 and counts["sessions"] == 38


# ------------------------------------------------------------------------------------ Ctrl-C


def test_ctrl_c_during_slow_model_extraction_returns_at_once(tmp_path, openai_server):
    """The model takes 300 s per reply: only a stop that does not wait for it returns soon."""
    arch = _small_archive(tmp_path / "chats.jsonl")
    db = tmp_path / "db"
    for _ in range(2):  # one chunk per session, asked concurrently
        openai_server.chat.append({"sleep": 300, "content": json.dumps({"events": []})})
    env = _env(CHRONOS_HOME=str(tmp_path / "home"), OPENAI_API_KEY="sk-test-1", NO_PROXY="127.0.0.1,localhost")
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "ALL_PROXY", "all_proxy"):
        env.pop(var, None)
    cmd = [*CHRONOS, "index", str(arch), "--db", str(db), "--extract-model", "openai/slow-model"]
    env["CHRONOS_API_BASE"] = openai_server.base_url
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 180
        while len(openai_server.requests) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert len(openai_server.requests) == 2, "the extractor never called the model"
        t0 = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)  # far less than the 300 s reply it must not wait for
        elapsed = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    print(f"stopped {elapsed:.2f} s after SIGINT")
    assert proc.returncode == 130, err
    _clean_exit(err)
    assert f"interrupted: 0 turns committed; {SUMMARY}" in err
    assert len(openai_server.requests) == 2  # no model call started after the stop
    assert not _store(db).exists() or _store(db).counts()["sessions"] == 0


def _three_copies(tmp_path) -> Path:
    """locomo_dev.json three times, as three sets of namespaces; copy k's texts end with " (k)"
    so nothing is deduplicated (3 x 788 turns to embed)."""
    raw = json.loads(shared_data("locomo_dev.json").read_text())
    out = []
    for k in range(3):
        for sample in raw:
            s = json.loads(json.dumps(sample))
            s["sample_id"] = f"copy{k}-{s['sample_id']}"
            for turns in s["conversation"].values():
                if isinstance(turns, list):
                    for t in turns:
                        t["text"] = f"{t['text']} ({k})"
            out.append(s)
    path = tmp_path / "locomo_x3.json"
    path.write_text(json.dumps(out))
    return path


def test_ctrl_c_into_a_first_index_then_rerun_finishes_exactly(tmp_path):
    path = _three_copies(tmp_path)
    db = tmp_path / "db"
    env = _env(CHRONOS_HOME=str(tmp_path / "home"), CHRONOS_INDEX_BATCH_TURNS="400")
    cmd = [*CHRONOS, "index", str(path), "--db", str(db), "--offline", "--format", "locomo"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(6)
        assert proc.poll() is None, "indexing finished within 6 s: make the archive bigger"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    _clean_exit(err)
    line = [ln for ln in err.splitlines() if ln.startswith("interrupted:")]
    assert len(line) == 1 and line[0].endswith(SUMMARY), err
    committed = int(line[0].split()[1])
    assert committed < 3 * 788

    r = subprocess.run([*cmd, "--json"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["turns_new"] == 3 * 788 - committed and rep["turns_embedded"] == 3 * 788 - committed
    store = _store(db)
    counts = store.counts()
    assert counts["turns"] == 2364 and counts["sessions"] == 3 * 38
    keys = store.scan("turns", columns=["key"])["key"].to_pylist()
    assert len(set(keys)) == 2364


def test_reader_sees_the_time_convention_of_undated_rows(tmp_path, embedder):
    """An undated event written by this release reads back with start None and its said day."""
    from chronos_cli.models import Event
    from chronos_cli.store.tables import EVENTS, event_embed_text

    store = _store(tmp_path / "db")
    e = Event(
        namespace="n",
        session_id="s",
        source_turn_ids=["t"],
        subject="Sam",
        verb="adopted",
        object="a cat",
        start=None,
        end=datetime(2026, 4, 1, 23, 59, 59, 999999),
        granularity="undated",
        t_conv=datetime(2026, 4, 1, 8),
    )
    text = event_embed_text(e.text, e.aliases, e.start, e.end)
    assert text == "Sam adopted a cat; 1 April 2026"  # the day it was said, as the v1 rows read
    store.write_rows(EVENTS, store.event_rows([e], embedder.embed([text])), [], embedder.dim)
    hit = store.vector_search(EVENTS, embedder.embed(["adopting a cat"])[0], k=1)[0]
    assert hit.event_id == e.stable_id() and hit.undated and hit.end.date().isoformat() == "2026-04-01"
