"""chronos_cli.evals: metrics, judge routing, dates, the runner (resume), reports."""

from __future__ import annotations

import json
import math
from datetime import date

import pytest

from chronos_cli.evals import locomo, longmemeval
from chronos_cli.evals.benchmark import run_benchmark
from chronos_cli.evals.dates import date_match, parse_answer_range
from chronos_cli.evals.judge import Judge, judge_prompt_name, parse_yes_no
from chronos_cli.evals.metrics import (
    mean_metrics,
    metrics_at,
    ndcg,
    recall_all,
    recall_any,
    sessions_from_turns,
)
from chronos_cli.evals.report import to_markdown
from chronos_cli.evals.runner import (
    EvalItem,
    EvalSetup,
    RunInterrupted,
    read_results,
    run_items,
)
from tests.conftest import shared_data
from tests.scripted import ScriptedLLM

LME = "longmemeval_sample.json"
KU_ID, ABS_ID = "6a1eabeb", "gpt4_70e84552_abs"


# ------------------------------------------------------------------------------------ metrics


def test_metrics_hand_computed():
    ranking = ["s3", "s1", "s2"]
    # gold {s1}: s1 at rank 2
    assert recall_any(ranking, {"s1"}, 1) == 0.0
    assert recall_any(ranking, {"s1"}, 3) == 1.0
    assert ndcg(ranking, {"s1"}, 1) == 0.0
    assert ndcg(ranking, {"s1"}, 3) == pytest.approx(1 / math.log2(3))  # DCG 1/log2(3), ideal 1
    # gold {s1, s2}: ranks 2 and 3
    assert recall_all(ranking, {"s1", "s2"}, 2) == 0.0
    assert recall_all(ranking, {"s1", "s2"}, 3) == 1.0
    assert recall_any(ranking, {"s1", "s2"}, 2) == 1.0
    ideal = 1 + 1 / math.log2(3)  # two relevant at ranks 1, 2
    assert ndcg(ranking, {"s1", "s2"}, 3) == pytest.approx((1 / math.log2(3) + 1 / math.log2(4)) / ideal)
    # ideal DCG capped at k: 3 gold, k=1, the top one is gold → 1.0
    assert ndcg(["a", "b"], {"a", "b", "c"}, 1) == 1.0
    # gold missing from the ranking entirely
    assert recall_any(ranking, {"zz"}, 50) == 0.0 and ndcg(ranking, {"zz"}, 50) == 0.0
    # empty gold: undefined → None, and skipped when averaging
    assert recall_any(ranking, set(), 3) is None and metrics_at(ranking, set()) is None
    means, n = mean_metrics([{"ndcg@1": 1.0}, None, {"ndcg@1": 0.0}])
    assert n == 2 and means == {"ndcg@1": 0.5}
    # duplicates count once; session ranking = order of first appearance
    assert sessions_from_turns(["b", "a", "b", "c", "a"]) == ["b", "a", "c"]
    assert recall_all(["x", "x", "y"], {"x", "y"}, 2) == 1.0
    m = metrics_at(ranking, {"s1"}, ks=(1, 3))
    assert set(m) == {"recall_any@1", "recall_all@1", "ndcg@1", "recall_any@3", "recall_all@3", "ndcg@3"}


# ------------------------------------------------------------------------------------ judge


def test_judge_routing_and_parsing():
    assert judge_prompt_name("temporal-reasoning", "q1") == "judge_temporal"
    assert judge_prompt_name("knowledge-update", "q1") == "judge_knowledge_update"
    assert judge_prompt_name("single-session-preference", "q1") == "judge_preference"
    for t in ("single-session-user", "single-session-assistant", "multi-session"):
        assert judge_prompt_name(t, "q1") == "judge_default"
    assert judge_prompt_name("temporal-reasoning", "gpt4_70e84552_abs") == "judge_abstention"  # _abs wins
    # LongMemEval's rule: 'yes' in reply.lower() (tests/test_judge.py has the rest)
    assert parse_yes_no("Yes") is True
    assert parse_yes_no("**yes**.") is True
    assert parse_yes_no("No.") is False
    assert parse_yes_no("The response is incorrect") is False
    assert parse_yes_no("") is False and parse_yes_no("maybe") is False


@pytest.mark.parametrize(
    "qtype,qid,phrase",
    [
        ("temporal-reasoning", "t1", "off-by-one errors"),
        ("knowledge-update", "k1", "updated answer"),
        ("single-session-preference", "p1", "Rubric:"),
        ("multi-session", "m1", "subset of the information"),
        ("temporal-reasoning", "x_abs", "unanswerable"),
    ],
)
def test_judge_prompt_used(qtype, qid, phrase):
    llm = ScriptedLLM(["yes"])
    j = Judge(llm).judge(question="Q?", answer="A", response="R", question_type=qtype, question_id=qid)
    llm.assert_exhausted()
    content = llm.requests[0]["messages"][0]["content"]
    assert phrase in content and "Q?" in content and "Model Response: R" in content
    assert j.correct and j.label == "yes" and j.prompt_version.startswith("judge_")


def test_unparsed_judge_reply_counts_as_wrong():
    j = Judge(ScriptedLLM(["It is not correct."])).judge(
        question="q", answer="a", response="r", question_type="multi-session"
    )
    assert j.correct is False and j.label == "no"
    j = Judge(ScriptedLLM(["hmm"])).judge(question="q", answer="a", response="r", question_type="multi-session")
    assert j.correct is False and j.label == "no"


# ------------------------------------------------------------------------------------ dates


def test_locomo_answer_dates():
    assert parse_answer_range("7 May 2023") == (date(2023, 5, 7), date(2023, 5, 7))
    assert parse_answer_range("June 2023") == (date(2023, 6, 1), date(2023, 6, 30))
    assert parse_answer_range(2022) == (date(2022, 1, 1), date(2022, 12, 31))
    # 9 June 2023 is a Friday: Monday of the previous week … the day before
    assert parse_answer_range("The week before 9 June 2023") == (date(2023, 5, 29), date(2023, 6, 8))
    assert parse_answer_range("The sunday before 25 May 2023") == (date(2023, 5, 21), date(2023, 5, 21))
    assert parse_answer_range("4 years") is None and parse_answer_range("A few years ago") is None
    # relative phrases resolve through the temporal engine when anchored
    assert parse_answer_range("last Saturday", anchor=date(2023, 6, 9)) == (date(2023, 6, 3), date(2023, 6, 3))
    gold = (date(2023, 5, 7), date(2023, 5, 7))
    assert date_match((date(2023, 5, 7), date(2023, 5, 7)), gold)
    assert date_match((date(2023, 5, 6), date(2023, 5, 8)), gold)  # 3 days ≤ 3×1+2
    assert not date_match((date(2023, 5, 1), date(2023, 5, 31)), gold)  # too wide
    assert not date_match((date(2023, 5, 8), date(2023, 5, 8)), gold)  # no overlap


def test_locomo_rule_scoring():
    from datetime import datetime

    def item(cat, answer):
        return EvalItem(
            id="c#0",
            namespace="c",
            question="q",
            answer=answer,
            type=locomo.CATEGORIES[cat],
            now=datetime(2023, 6, 9, 12),
            meta={"category": cat},
        )

    assert locomo.rule_score(item(5, "x"), "That is not mentioned in the conversation.", None)["rule_correct"]
    assert not locomo.rule_score(item(5, "x"), "She ran on Sunday.", None)["rule_correct"]
    s = locomo.rule_score(item(2, "7 May 2023"), "On 7 May 2023.", None)
    assert s["date_match"] and s["rule_correct"] and s["gold_range"] == ["2023-05-07", "2023-05-07"]
    s = locomo.rule_score(item(2, "7 May 2023"), "In May.", {"start": "2023-05-06", "end": "2023-05-08"})
    assert s["date_match"]  # answer_range wins over the text
    s = locomo.rule_score(item(4, "Psychology, counseling"), "She wants psychology and counseling.", None)
    assert s["rule_correct"] and 0 < s["f1"] < 1


# ------------------------------------------------------------------------------------ runner


def _items(n):
    from datetime import datetime

    return [
        EvalItem(
            id=f"q{i}", namespace="ns", question=f"q{i}?", answer="a", type="multi-session", now=datetime(2023, 1, 1)
        )
        for i in range(n)
    ]


def test_runner_resume_skips_finished(tmp_path):
    calls = []

    def process(item):
        calls.append(item.id)
        if item.id == "q2" and len(calls) == 3:
            raise RuntimeError("provider down")
        return {"id": item.id, "correct": True, "usage": {"judge": {"llm_calls": 1, "cost_usd": 0.5}}}

    path = tmp_path / "results.jsonl"
    with pytest.raises(RunInterrupted) as e:
        run_items(_items(4), process, results_path=path)
    assert e.value.done == 2 and e.value.remaining == 2
    assert list(read_results(path)) == ["q0", "q1"]
    with path.open("a") as f:
        f.write('{"id": "q9", "tor')  # a torn last line from a crash is ignored
    recs = run_items(_items(4), process, results_path=path, resume=True)
    assert [r["id"] for r in recs] == ["q0", "q1", "q2", "q3"]
    assert calls == ["q0", "q1", "q2", "q2", "q3"]  # nothing finished was repeated


def test_runner_concurrent_failure_stops(tmp_path):
    def process(item):
        if item.id == "q1":
            raise RuntimeError("boom")
        return {"id": item.id}

    with pytest.raises(RunInterrupted):
        run_items(_items(6), process, results_path=tmp_path / "r.jsonl", concurrency=2)
    done = read_results(tmp_path / "r.jsonl")
    assert "q1" not in done and len(done) < 6
    recs = run_items(
        _items(6), process=lambda i: {"id": i.id}, results_path=tmp_path / "r.jsonl", resume=True, concurrency=3
    )
    assert [r["id"] for r in recs] == [f"q{i}" for i in range(6)]


# ------------------------------------------------------------------------------------ LongMemEval end to end


_LME_STORE: dict = {}


def lme_store(tmp_path_factory, embedder):
    """The sample indexed once per test session (turns + rule events); embedding its long
    turns is the slowest step of these tests, so test_eval_cli shares it."""
    if "store" not in _LME_STORE:
        from chronos_cli.evals.benchmark import index_selection, load_raw
        from chronos_cli.extract import RuleExtractor
        from chronos_cli.store.tables import Store

        path = shared_data(LME)
        store = Store(str(tmp_path_factory.mktemp("lme") / "db"))
        raw = load_raw(path)
        index_selection(path, longmemeval, raw, store, embedder, extractor=RuleExtractor())
        _LME_STORE["store"] = store
    return _LME_STORE["store"]


@pytest.fixture(scope="module")
def lme_db(tmp_path_factory, embedder):
    return lme_store(tmp_path_factory, embedder)


def _setup(lme_db, embedder, **kw):
    from chronos_cli.ask import AskOptions

    return EvalSetup(store=lme_db, embedder=embedder, options=AskOptions(dynamic_prompting=False), **kw)


def test_longmemeval_scripted_run_table1(lme_db, embedder, tmp_path):
    path = shared_data(LME)
    agent = ScriptedLLM(["Your personal best is 25:50 (25 minutes 50 seconds).", "You fixed the fence first."])
    judge = ScriptedLLM(["Yes", "No."])
    setup = _setup(lme_db, embedder, llm=agent, judge=Judge(judge))
    out = tmp_path / "run"
    report = run_benchmark(
        "longmemeval",
        path,
        setup,
        out_dir=out,
        index=False,
        meta={"models": {"agent": "scripted", "judge": "scripted"}},
    )
    agent.assert_exhausted()
    judge.assert_exhausted()
    # the judge saw the knowledge-update prompt first, then the abstention one (_abs wins over TR)
    assert "updated answer" in judge.requests[0]["messages"][0]["content"]
    assert "unanswerable" in judge.requests[1]["messages"][0]["content"]
    # each question asked at its question_date, restricted to its own namespace
    assert "2023-06-01" in agent.requests[0]["messages"][0]["content"]
    t = report["table"]
    assert report["columns"] == ["Overall", "KU", "MS", "SSA", "SSP", "SSU", "TR"]
    assert t["Overall"] == {"n": 2, "scored": 2, "correct": 1, "accuracy": 50.0}
    assert t["KU"]["accuracy"] == 100.0 and t["TR"]["accuracy"] == 0.0
    assert t["MS"]["accuracy"] is None and t["MS"]["n"] == 0
    assert report["abstention"] == {"n": 1, "scored": 1, "correct": 0, "accuracy": 0.0}
    assert report["usage"]["agent"]["llm_calls"] == 2 and report["usage"]["judge"]["llm_calls"] == 2
    assert report["usage"]["total"]["prompt_tokens"] > 0
    # retrieval metrics: only the non-abstention question counts
    assert report["retrieval"]["session"]["n"] == 1 and report["retrieval"]["turn"]["n"] == 1
    # hypotheses in LongMemEval's own format
    lines = [json.loads(x) for x in (out / "hypotheses.jsonl").read_text().splitlines()]
    assert lines == [
        {"question_id": KU_ID, "hypothesis": "Your personal best is 25:50 (25 minutes 50 seconds)."},
        {"question_id": ABS_ID, "hypothesis": "You fixed the fence first."},
    ]
    md = (out / "report.md").read_text()
    assert "| system | Overall | KU | MS | SSA | SSP | SSU | TR |" in md
    assert "| Chronos (scripted) | 50.0 | 100.0 | – | – | – | – | 0.0 |" in md
    assert json.loads((out / "report.json").read_text())["table"]["Overall"]["correct"] == 1
    recs = read_results(out / "results.jsonl")
    assert recs[KU_ID]["judge"]["prompt"] == "judge_knowledge_update.v2" and recs[KU_ID]["now"].startswith("2023-06-01")
    assert to_markdown(report) == md


def test_longmemeval_resume_after_interrupt(lme_db, embedder, tmp_path):
    """Offline agent + a judge that fails on the 2nd question; the resume pays only for the rest."""
    path = shared_data(LME)
    out = tmp_path / "run"
    judge1 = ScriptedLLM(["yes", RuntimeError("provider down")])
    with pytest.raises(RunInterrupted):
        run_benchmark("longmemeval", path, _setup(lme_db, embedder, judge=Judge(judge1)), out_dir=out, index=False)
    judge1.assert_exhausted()
    assert list(read_results(out / "results.jsonl")) == [KU_ID]
    partial = json.loads((out / "report.json").read_text())
    assert partial["counts"]["questions"] == 1 and "interrupted" in partial
    judge2 = ScriptedLLM(["yes"])
    report = run_benchmark(
        "longmemeval", path, _setup(lme_db, embedder, judge=Judge(judge2)), out_dir=out, index=False, resume=True
    )
    judge2.assert_exhausted()
    assert len(judge2.requests) == 1 and "unanswerable" in judge2.requests[0]["messages"][0]["content"]
    assert report["table"]["Overall"]["correct"] == 2 and report["counts"]["judged"] == 2
    assert len((out / "results.jsonl").read_text().splitlines()) == 2
    assert [r["mode"] for r in read_results(out / "results.jsonl").values()] == ["offline", "offline"]


def test_longmemeval_retrieval_only_and_filters(lme_db, embedder, tmp_path):
    path = shared_data(LME)
    setup = _setup(lme_db, embedder, retrieval_only=True)
    report = run_benchmark(
        "longmemeval", path, setup, out_dir=tmp_path / "r", index=False, types=longmemeval.parse_types("KU")
    )
    assert report["counts"]["questions"] == 1 and report["counts"]["answered"] == 0
    sess = report["retrieval"]["session"]
    assert sess["n"] == 1 and sess["recall_any@50"] == 1.0 and sess["recall_all@50"] == 1.0
    assert (tmp_path / "r" / "hypotheses.jsonl").read_text() == ""
    with pytest.raises(ValueError):
        longmemeval.parse_types("nonsense")


def test_unjudged_run_is_judged_later_without_new_answers(lme_db, embedder, tmp_path):
    path = shared_data(LME)
    out = tmp_path / "run"
    asked = []

    def answer_fn(item):
        asked.append(item.id)
        return {"answer": f"answer to {item.id}", "answer_range": None, "retrieved_turns": [], "steps": [], "usage": {}}

    first = run_benchmark("longmemeval", path, _setup(lme_db, embedder, answer_fn=answer_fn), out_dir=out, index=False)
    assert first["counts"]["answered"] == 2 and first["table"]["Overall"]["scored"] == 0
    assert "not judged" in (out / "report.md").read_text()
    judge = ScriptedLLM(["yes", "no"])
    second = run_benchmark(
        "longmemeval",
        path,
        _setup(lme_db, embedder, answer_fn=answer_fn, judge=Judge(judge)),
        out_dir=out,
        index=False,
        resume=True,
    )
    judge.assert_exhausted()
    assert asked == [KU_ID, ABS_ID]  # nothing asked again
    assert second["table"]["Overall"]["correct"] == 1 and second["counts"]["judged"] == 2
    hyps = [json.loads(x)["hypothesis"] for x in (out / "hypotheses.jsonl").read_text().splitlines()]
    assert hyps == [f"answer to {KU_ID}", f"answer to {ABS_ID}"]
