"""The CLI through Typer's CliRunner, and start-up cost through a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app
from chronos_cli.config import config_path, load_settings
from tests.conftest import ROOT, shared_data, write_jsonl

runner = CliRunner()


def _rows():
    return [
        {
            "session_id": "trip",
            "timestamp": "2026-06-01T09:00:00+02:00",
            "speaker": "user",
            "text": "I went to the dentist yesterday.",
        },
        {
            "session_id": "trip",
            "timestamp": "2026-06-01T09:01:00+02:00",
            "speaker": "assistant",
            "text": "How did the dentist visit go?",
        },
        {
            "session_id": "hike",
            "timestamp": "2026-07-12T18:00:00+02:00",
            "speaker": "user",
            "text": "Hiked Mount Tam with Maya last weekend.",
        },
    ]


@pytest.fixture
def db(tmp_path):
    src = write_jsonl(tmp_path / "a.jsonl", _rows())
    d = str(tmp_path / "db")
    res = runner.invoke(app, ["index", str(src), "--db", d, "--offline", "--no-events"])
    assert res.exit_code == 0, res.output
    return d


def test_index_json_summary_and_rerun(tmp_path, db):
    src = tmp_path / "a.jsonl"
    res = runner.invoke(app, ["index", str(src), "--db", db, "--offline", "--no-events", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["sessions_unchanged"] == 2 and out["turns_new"] == 0 and out["turns_embedded"] == 0


def test_grep_json_and_filters(db):
    res = runner.invoke(app, ["grep", "-i", "DENTIST", "--db", db, "--json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)
    assert [r["turn_id"] for r in rows] == ["trip:0", "trip:1"]
    assert rows[0]["t_conv"] == "2026-06-01T09:00:00+02:00"
    res = runner.invoke(app, ["grep", "dentist", "--db", db, "--json", "--speaker", "assistant"])
    assert [r["speaker"] for r in json.loads(res.stdout)] == ["assistant"]
    res = runner.invoke(app, ["grep", ".", "--db", db, "--json", "--since", "2026-07-01"])
    assert [r["session_id"] for r in json.loads(res.stdout)] == ["hike"]
    res = runner.invoke(
        app, ["grep", ".", "--db", db, "--json", "--until", "2026-06-01", "--session", "trip", "--limit", "1"]
    )
    assert len(json.loads(res.stdout)) == 1
    res = runner.invoke(app, ["grep", "Tam", "--db", db])
    assert res.exit_code == 0 and "Mount Tam" in res.stdout and "1 matching turn" in res.stdout


def test_grep_errors_are_one_line(db, tmp_path):
    res = runner.invoke(app, ["grep", "(unclosed", "--db", db])
    assert res.exit_code == 2 and "invalid regular expression" in res.output and "Traceback" not in res.output
    res = runner.invoke(app, ["grep", "x", "--db", db, "--since", "last tuesday'; drop"])
    assert res.exit_code == 2 and "--since" in res.output
    res = runner.invoke(app, ["grep", "x", "--db", str(tmp_path / "nope")])
    assert res.exit_code == 1 and "chronos index" in res.output


def test_index_bad_input_is_one_line_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"broken": ')
    res = runner.invoke(app, ["index", str(bad), "--db", str(tmp_path / "db"), "--offline"])
    assert res.exit_code == 1
    assert "bad.json" in res.output and "Traceback" not in res.output
    res = runner.invoke(app, ["index", str(tmp_path / "missing"), "--db", str(tmp_path / "db")])
    assert res.exit_code == 2 and "no such file" in res.output
    res = runner.invoke(app, ["index", str(bad), "--format", "word", "--db", str(tmp_path / "db")])
    assert res.exit_code == 2 and "unknown format" in res.output


def test_config_precedence_flag_env_file(monkeypatch):
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('model = "file-model"\ndb = "/from/file"\nembed_model = "file-embed"\n')
    s = load_settings()
    assert (s.model, s.db, s.sources["model"]) == ("file-model", "/from/file", "file")
    monkeypatch.setenv("CHRONOS_MODEL", "env-model")
    s = load_settings()
    assert (s.model, s.sources["model"], s.embed_model) == ("env-model", "env", "file-embed")
    s = load_settings(model="flag-model")
    assert (s.model, s.sources["model"]) == ("flag-model", "flag")
    assert load_settings(offline=True).effective_model is None


def test_config_command_masks_keys(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-verysecretvalue1234")
    monkeypatch.setenv("CHRONOS_MODEL", "gpt-4o")
    res = runner.invoke(app, ["config", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["settings"]["model"] == {"value": "gpt-4o", "source": "env", "env": "CHRONOS_MODEL"}
    assert "verysecret" not in res.stdout and out["keys"]["OPENAI_API_KEY"].endswith("1234")
    res = runner.invoke(app, ["config"])
    assert "verysecret" not in res.stdout and "gpt-4o" in res.stdout


def test_bad_config_file_is_a_clear_error():
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("model = [unclosed\n")
    res = runner.invoke(app, ["config"])
    assert res.exit_code == 2 and "config.toml" in res.output and "Traceback" not in res.output


@pytest.mark.parametrize("argv", [["--help"], ["grep", "--help"], ["time", "--help"], ["events", "--help"]])
def test_light_commands_do_not_import_heavy_libraries(argv):
    code = (
        "import sys\nfrom chronos_cli.cli import app\n"
        f"try:\n    app({argv!r})\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('litellm', 'onnxruntime', 'lancedb', 'cohere') if m in sys.modules]\n"
        "print('HEAVY', heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert "HEAVY []" in out.stdout, out.stdout + out.stderr


def test_grep_runs_without_litellm(db):
    code = (
        "import sys\nfrom chronos_cli.cli import app\n"
        f"try:\n    app(['grep', 'dentist', '--db', {db!r}, '--json'])\nexcept SystemExit:\n    pass\n"
        "print('LITELLM', 'litellm' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert "LITELLM False" in out.stdout, out.stdout + out.stderr


def test_acceptance_locomo_index_and_grep(tmp_path):
    path = shared_data("locomo_dev.json")
    d = str(tmp_path / "db")
    res = runner.invoke(
        app, ["index", str(path), "--db", d, "--format", "locomo", "--offline", "--json", "--no-events"]
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["turns_new"] == 788
    res = runner.invoke(
        app, ["index", str(path), "--db", d, "--format", "locomo", "--offline", "--json", "--no-events"]
    )
    assert json.loads(res.stdout)["turns_new"] == 0
    res = runner.invoke(app, ["grep", "-i", "support group", "--db", d, "--json"])
    rows = json.loads(res.stdout)
    hit = [r for r in rows if r["namespace"] == "conv-26" and r["turn_id"] == "D1:3"]
    assert hit and hit[0]["t_conv"].startswith("2023-05-08")


def test_since_we_last_talked_is_dated_from_the_previous_session_even_in_another_batch(tmp_path):
    conv = {
        "speaker_a": "Maria",
        "speaker_b": "John",
        "session_1_date_time": "6:03 pm on 6 March, 2023",
        "session_1": [
            {"speaker": "Maria", "dia_id": "D1:1", "text": "Hi John, how's the campaign going?"},
            {"speaker": "John", "dia_id": "D1:2", "text": "Busy, but good!"},
        ],
        "session_2_date_time": "9:36 am on 2 April, 2023",
        "session_2": [
            {"speaker": "John", "dia_id": "D2:1", "text": "Since we spoke last, I finished my degree!"},
            {"speaker": "Maria", "dia_id": "D2:2", "text": "Congrats!"},
        ],
    }
    path = tmp_path / "lc.json"
    path.write_text(json.dumps([{"sample_id": "c-1", "qa": [], "conversation": conv}]))
    d = str(tmp_path / "db")
    # one session per batch: the previous session is not in the batch that reads "since we spoke last"
    res = runner.invoke(
        app, ["index", str(path), "--db", d, "--offline", "--json"], env={"CHRONOS_INDEX_BATCH_TURNS": "1"}
    )
    assert res.exit_code == 0, res.output
    events = json.loads(runner.invoke(app, ["events", "--db", d, "--json"]).stdout)
    events = events if isinstance(events, list) else events["events"]
    degree = next(e for e in events if "degree" in e["object"])
    assert (degree["start"][:10], degree["end"][:10]) == ("2023-03-06", "2023-04-02")
    assert degree["time_expression"] == "Since we spoke last"


def test_since_we_last_talked_finds_the_talk_indexed_from_another_file(tmp_path):
    # chat logs grow by new files: the talk before may be in the store, not in this run's file
    def log(name, rows):
        (tmp_path / name).write_text("".join(json.dumps(r) + "\n" for r in rows))

    log(
        "a.jsonl",
        [
            {"session_id": "s1", "timestamp": "2023-03-06T18:03:00", "speaker": "Maria", "text": "Hi John!"},
            {"session_id": "s1", "timestamp": "2023-03-06T18:04:00", "speaker": "John", "text": "Hi Maria!"},
        ],
    )
    log(
        "b.jsonl",
        [
            {
                "session_id": "s2",
                "timestamp": "2023-04-02T09:36:00",
                "speaker": "John",
                "text": "Since we spoke last, I finished my degree!",
            },
            {"session_id": "s2", "timestamp": "2023-04-02T09:40:00", "speaker": "Maria", "text": "Congrats!"},
        ],
    )
    d = str(tmp_path / "db")
    for name in ("a.jsonl", "b.jsonl"):
        res = runner.invoke(app, ["index", str(tmp_path / name), "--db", d, "--namespace", "mj", "--offline"])
        assert res.exit_code == 0, res.output
    events = json.loads(runner.invoke(app, ["events", "--db", d, "--namespace", "mj", "--json"]).stdout)
    events = events if isinstance(events, list) else events["events"]
    degree = next(e for e in events if "degree" in e["object"])
    assert (degree["start"][:10], degree["end"][:10]) == ("2023-03-06", "2023-04-02")


def test_a_chat_converted_from_realtalk_keeps_each_messages_time_and_afterthoughts(tmp_path):
    # the held-out real chats come in this shape: text under "clean_text", a time on each
    # message (day first), one thought sent as several messages
    msgs = [
        ("Emi", "went to the dentist", "02.01.2024, 09:10:05"),
        ("Emi", "yesterday lol", "02.01.2024, 09:10:20"),
        ("Elise", "oh no how was it", "02.01.2024, 09:30:00"),
        ("Emi", "i have an exam tomorrow", "03.01.2024, 00:20:00"),  # past midnight: tomorrow is the 4th
    ]
    conv = {
        "speaker_a": "Emi",
        "speaker_b": "Elise",
        "session_1_date_time": "02.01.2024, 09:10:00",
        "session_1": [
            {"speaker": w, "dia_id": f"D1:{i}", "clean_text": t, "date_time": at}
            for i, (w, t, at) in enumerate(msgs, 1)
        ],
    }
    path = tmp_path / "rt.json"
    path.write_text(json.dumps([{"sample_id": "rt-1", "qa": [], "conversation": conv}]))
    d = str(tmp_path / "db")
    res = runner.invoke(app, ["index", str(path), "--db", d, "--offline", "--json"])
    assert res.exit_code == 0, res.output
    events = json.loads(runner.invoke(app, ["events", "--db", d, "--json"]).stdout)
    events = events if isinstance(events, list) else events["events"]
    dentist = next(e for e in events if "dentist" in e["object"])
    assert (dentist["start"][:10], dentist["source_turn_ids"]) == ("2024-01-01", ["D1:1", "D1:2"])
    exam = next(e for e in events if "exam" in e["object"])
    assert exam["start"][:10] == "2024-01-04"
