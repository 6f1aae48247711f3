"""`chronos eval` through Typer's CliRunner (offline: no model, no network)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chronos_cli.cli import app
from tests.conftest import shared_data

runner = CliRunner()


@pytest.fixture(scope="module")
def dbs(tmp_path_factory, embedder):
    """One database per benchmark (later runs index incrementally: nothing new). The LongMemEval
    one is shared with test_eval.py: embedding the sample's long turns is the slow part."""
    from tests.test_eval import lme_store

    d = tmp_path_factory.mktemp("evaldb")
    return {"lme": lme_store(tmp_path_factory, embedder).uri, "locomo": str(d / "locomo")}


@pytest.fixture(scope="module")
def tiny_locomo(tmp_path_factory):
    """conv-26 cut to its first two sessions and the questions whose evidence lies there."""
    src = json.loads(shared_data("locomo_dev.json").read_text(encoding="utf-8"))[0]
    conv = {
        k: v
        for k, v in src["conversation"].items()
        if not re.match(r"session_\d+", k) or re.match(r"session_[12](_date_time)?$", k)
    }
    qa = [q for q in src["qa"] if q.get("evidence") and all(re.match(r"D[12]:", e) for e in q["evidence"])]
    path = tmp_path_factory.mktemp("locomo") / "tiny_locomo.json"
    path.write_text(json.dumps([{"sample_id": src["sample_id"], "conversation": conv, "qa": qa}]), encoding="utf-8")
    return path, qa


def test_longmemeval_retrieval_only_prints_tables(dbs, tmp_path):
    path = shared_data("longmemeval_sample.json")
    res = runner.invoke(
        app, ["eval", "longmemeval", str(path), "--retrieval-only", "--db", dbs["lme"], "--out", str(tmp_path / "o")]
    )
    assert res.exit_code == 0, res.output
    out = res.stdout
    for needle in ("session level", "turn level", "recall_any", "recall_all", "ndcg", "@1", "@50"):
        assert needle in out
    assert (tmp_path / "o" / "report.md").exists() and (tmp_path / "o" / "results.jsonl").exists()
    # the same run folder again without --resume is refused (paid results are never overwritten)
    again = runner.invoke(
        app, ["eval", "longmemeval", str(path), "--retrieval-only", "--db", dbs["lme"], "--out", str(tmp_path / "o")]
    )
    assert again.exit_code == 2 and "--resume" in again.output
    res = runner.invoke(
        app,
        [
            "eval",
            "longmemeval",
            str(path),
            "--retrieval-only",
            "--db",
            dbs["lme"],
            "--out",
            str(tmp_path / "o"),
            "--resume",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    assert report["retrieval"]["session"]["n"] == 1 and report["counts"]["answered"] == 0
    assert report["retrieval"]["session"]["recall_any@50"] == 1.0


def test_locomo_offline_prints_categories(dbs, tiny_locomo, tmp_path):
    path, _qa = tiny_locomo
    res = runner.invoke(
        app,
        [
            "eval",
            "locomo",
            str(path),
            "--offline",
            "--limit",
            "8",
            "--db",
            dbs["locomo"],
            "--out",
            str(tmp_path / "o"),
            "--concurrency",
            "2",
        ],
    )
    assert res.exit_code == 0, res.output
    out = res.stdout
    for needle in (
        "accuracy by category (rule scoring)",
        "Overall",
        "multi-hop",
        "temporal",
        "adversarial",
        "evidence",
    ):
        assert needle in out
    report = json.loads((tmp_path / "o" / "report.json").read_text())
    assert report["counts"]["questions"] == 8 == report["counts"]["answered"]
    assert report["table"]["Overall"]["scored"] == 8 and report["judged"] is False
    hyps = [json.loads(x) for x in (tmp_path / "o" / "hypotheses.jsonl").read_text().splitlines()]
    assert [h["question_id"] for h in hyps] == [f"conv-26#{i}" for i in range(8)]


def test_judge_without_key_fails_early(dbs):
    path = shared_data("longmemeval_sample.json")
    res = runner.invoke(
        app, ["eval", "longmemeval", str(path), "--db", dbs["lme"], "--offline", "--judge-model", "gpt-4o"]
    )
    assert res.exit_code == 2
    assert "OPENAI_API_KEY" in res.output and "--no-judge" in res.output


def test_bad_types():
    path = shared_data("longmemeval_sample.json")
    res = runner.invoke(app, ["eval", "longmemeval", str(path), "--types", "nonsense", "--retrieval-only"])
    assert res.exit_code == 2 and "unknown question type" in res.output


def test_longmemeval_scripted_models_print_table1(dbs, tmp_path, substitute):
    """The whole CLI path with scripted agent and judge standing in for LiteLLM clients, found by
    their model names (--model / --judge-model) through the model registry."""
    from chronos_cli.extract import RuleExtractor
    from tests.scripted import ScriptedLLM

    agent = substitute.model(
        "scripted-agent",
        ScriptedLLM(
            ["Your personal best is 25:50.", "The information provided is not enough to tell."], name="scripted-agent"
        ),
    )
    judge = substitute.model("scripted-judge", ScriptedLLM(["yes", "Yes."], name="scripted-judge"))
    # the agent's name is also the extract model's: keep the shared database's rule-extracted events
    substitute.extractor("scripted-agent", RuleExtractor())
    path = shared_data("longmemeval_sample.json")
    out = tmp_path / "o"
    res = runner.invoke(
        app,
        [
            "eval",
            "longmemeval",
            str(path),
            "--db",
            dbs["lme"],
            "--out",
            str(out),
            "--model",
            "scripted-agent",
            "--judge-model",
            "scripted-judge",
            "--no-dynamic-prompting",
            "--no-rerank",
            "--concurrency",
            "1",
        ],
    )
    assert res.exit_code == 0, res.output
    agent.assert_exhausted()
    judge.assert_exhausted()
    text = res.stdout
    assert "Table 1" in text and "Overall" in text and "KU" in text and "TR" in text
    assert re.search(r"Chronos \(scripted-agent\).*100\.0", text)
    report = json.loads((out / "report.json").read_text())
    assert report["table"]["Overall"]["accuracy"] == 100.0 and report["abstention"]["correct"] == 1
    assert report["options"] == ["no-dynamic-prompting", "no-rerank"]
    assert report["models"]["judge"] == "scripted-judge" and report["judged"] is True
    assert "unanswerable" in judge.requests[1]["messages"][0]["content"]


def test_ablation_flags_reach_ask_options():
    from chronos_cli.cli.common import ABLATIONS, ask_options

    flags = {name: False for name in ABLATIONS} | {"no_rerank": True, "turns_only": True}
    o = ask_options(flags, offline=False, max_steps=7)
    assert o.rerank is False and o.turns_only is True and o.max_steps == 7
    assert o.initial_retrieval and o.dynamic_prompting and o.date_filter and not o.grep_only and not o.vector_only
    assert "search_events" not in o.tool_names()


FIXTURES = Path(__file__).resolve().parent / "fixtures" / "archives"


@pytest.mark.parametrize(
    "benchmark,file,found,expected",
    [
        ("longmemeval", "locomo.json", "LoCoMo", "LongMemEval"),
        ("locomo", "longmemeval.json", "LongMemEval", "LoCoMo"),
        ("locomo", "claude.json", "Claude export", "LoCoMo"),
        ("longmemeval", "journal/01.jsonl", "JSON Lines", "LongMemEval"),
    ],
)
def test_wrong_benchmark_file_is_refused_before_anything_is_created(
    _isolated_home, tmp_path, benchmark, file, found, expected
):
    """Checked first: one line naming what the file is and what was expected, exit 2, and no run
    folder or database left behind (before: a KeyError traceback, or "no questions selected")."""
    out = tmp_path / "run"
    for extra in ([], ["--out", str(out)]):
        res = runner.invoke(app, ["eval", benchmark, str(FIXTURES / file), "--offline", *extra])
        assert res.exit_code == 2, res.output
        lines = [ln for ln in res.output.splitlines() if ln.strip()]
        assert len(lines) == 1 and "Traceback" not in res.output, res.output
        assert f"found a {found}" in lines[0] and f"expected a {expected}" in lines[0]
        assert not (_isolated_home / "eval").exists() and not out.exists()


def test_wrong_benchmark_file_names_the_right_command():
    res = runner.invoke(app, ["eval", "longmemeval", str(FIXTURES / "locomo.json"), "--retrieval-only"])
    assert res.exit_code == 2 and "chronos eval locomo" in res.output


def test_benchmark_instance_without_question_date_is_refused(_isolated_home, tmp_path):
    data = json.loads((FIXTURES / "longmemeval.json").read_text())
    del data[0]["question_date"]
    path = tmp_path / "lme.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    res = runner.invoke(app, ["eval", "longmemeval", str(path), "--retrieval-only"])
    assert res.exit_code == 2 and "question_date" in res.output and "Traceback" not in res.output
    assert not (_isolated_home / "eval").exists()


def test_benchmark_instance_with_an_unknown_question_type_is_refused(_isolated_home, tmp_path):
    """LongMemEval's judge has a prompt per question type and raises on any other: refuse the
    file before anything is indexed rather than fail mid-run."""
    data = json.loads((FIXTURES / "longmemeval.json").read_text())
    data[0]["question_type"] = "multi-hop-guessing"
    data[0]["question_id"] = str(data[0]["question_id"]).removesuffix("_abs")
    path = tmp_path / "lme.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    res = runner.invoke(app, ["eval", "longmemeval", str(path), "--retrieval-only"])
    assert res.exit_code == 2 and "multi-hop-guessing" in res.output and "Traceback" not in res.output
    assert not (_isolated_home / "eval").exists()
