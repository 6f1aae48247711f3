"""The machinery shared by the benchmarks: items, per-question processing, resume, concurrency.

    run_items(items, process, results_path=..., resume=True, concurrency=4, callbacks=...)

- Each finished question is appended to ``results.jsonl`` as one JSON line and flushed
  (+ fsync) at once, so a crash or Ctrl-C loses at most the questions in flight.
- ``resume``: ids already in ``results.jsonl`` are skipped — their answers, judgements and
  costs are reused, nothing is asked or paid for again.
- The first failure (provider down, retries used up, a bug) stops the run: no new question
  starts, those in flight finish and are saved, then ``RunInterrupted`` is raised.
- UI is passed in as ``EvalCallbacks``; this package never imports typer or rich.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronos_cli.evals.metrics import KS, metrics_at, sessions_from_turns
from chronos_cli.hits import TurnHit

if TYPE_CHECKING:
    from chronos_cli.providers.client import LLM
    from chronos_cli.providers.embed import Embedder
    from chronos_cli.providers.rerank import Reranker


@dataclass
class EvalItem:
    """One question of a benchmark, in its namespace, asked at ``now``."""

    id: str
    namespace: str
    question: str
    answer: Any
    type: str  # LongMemEval question_type, or the LoCoMo category name
    now: datetime
    gold_sessions: list[str] = field(default_factory=list)
    gold_turns: list[str] = field(default_factory=list)
    abstention: bool = False
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class EvalCallbacks:
    """How the core reports progress (the CLI passes a Rich progress bar in here)."""

    on_start: Callable[[int, int], None] = lambda total, already_done: None
    on_result: Callable[[dict, dict], None] = lambda record, running: None  # record, running totals
    on_message: Callable[[str], None] = lambda text: None


class RunInterrupted(Exception):
    """The run stopped early; finished questions are saved and ``--resume`` continues."""

    def __init__(self, done: int, remaining: int, cause: BaseException) -> None:
        self.done = done
        self.remaining = remaining
        self.cause = cause
        super().__init__(
            f"stopped after {done} new result(s), {remaining} question(s) left: {type(cause).__name__}: {cause}"
        )


# ------------------------------------------------------------------------------------ results


def read_results(path: Path) -> dict[str, dict]:
    """id -> record from a results.jsonl (the last line per id wins; a torn last line is ignored)."""
    out: dict[str, dict] = {}
    if not path.exists():
        return out
    with path.open(encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except ValueError:  # a line cut short by a crash
                continue
            if isinstance(rec, dict) and "id" in rec:
                out[str(rec["id"])] = rec
    return out


class ResultWriter:
    """Appends one JSON line per record, flushed and fsynced (thread-safe)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # a crash mid-line leaves a torn line: start on a fresh one
        if path.exists() and path.stat().st_size:
            with path.open("rb") as f:
                f.seek(-1, os.SEEK_END)
                torn = f.read(1) != b"\n"
            if torn:
                with path.open("a", encoding="utf-8") as f:
                    f.write("\n")
        self._f = path.open("a", encoding="utf-8")
        self._lock = threading.Lock()

    def write(self, record: dict) -> None:
        line = json.dumps(record, ensure_ascii=False, default=str)
        with self._lock:
            self._f.write(line + "\n")
            self._f.flush()
            os.fsync(self._f.fileno())

    def close(self) -> None:
        self._f.close()


def running_totals(records: Sequence[dict]) -> dict:
    """Done, scored, correct, accuracy, tokens and cost over records (for the progress bar)."""
    scored = [r for r in records if r.get("correct") is not None]
    correct = sum(1 for r in scored if r["correct"])
    u = sum_usage(records)
    return {
        "done": len(records),
        "scored": len(scored),
        "correct": correct,
        "accuracy": correct / len(scored) if scored else None,
        "tokens": u["prompt_tokens"] + u["completion_tokens"],
        "cost_usd": u["cost_usd"],
    }


def sum_usage(records: Sequence[dict], part: str | None = None) -> dict:
    tot = {"llm_calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": 0.0}
    for r in records:
        usage = r.get("usage") or {}
        parts = [usage.get(part) or {}] if part else [v or {} for v in usage.values()]
        for u in parts:
            for k in tot:
                tot[k] += u.get(k) or 0
    return tot


# ------------------------------------------------------------------------------------ running


def run_items(
    items: Sequence[EvalItem],
    process: Callable[[EvalItem], dict],
    *,
    results_path: Path,
    resume: bool = False,
    concurrency: int = 1,
    callbacks: EvalCallbacks | None = None,
    is_done: Callable[[dict], bool] = lambda record: True,
) -> list[dict]:
    """Process every item not already in ``results_path`` (with ``resume``) and return the
    records of all ``items`` in their order. Without ``resume`` the file is started afresh.
    A previous record for which ``is_done`` is false is processed again (its new line wins)."""
    cb = callbacks or EvalCallbacks()
    results_path = Path(results_path)
    if not resume and results_path.exists():
        results_path.unlink()
    previous = read_results(results_path) if resume else {}
    done: dict[str, dict] = {i.id: previous[i.id] for i in items if i.id in previous and is_done(previous[i.id])}
    todo = [i for i in items if i.id not in done]
    cb.on_start(len(items), len(done))
    writer = ResultWriter(results_path)
    lock = threading.Lock()
    new = 0

    def finish(rec: dict) -> None:
        nonlocal new
        writer.write(rec)
        with lock:
            done[rec["id"]] = rec
            new += 1
            totals = running_totals(list(done.values()))
        cb.on_result(rec, totals)

    try:
        if concurrency <= 1:
            for i, item in enumerate(todo):
                try:
                    rec = process(item)
                except BaseException as e:
                    raise RunInterrupted(new, len(todo) - i, e) from e
                finish(rec)
        else:
            _run_pool(todo, process, finish, concurrency, lambda: new)
    finally:
        writer.close()
    return [done[i.id] for i in items if i.id in done]


def _run_pool(todo, process, finish, concurrency: int, count: Callable[[], int]) -> None:
    ex = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="chronos-eval")
    queue = list(todo)
    running: dict[Future, EvalItem] = {}
    failure: BaseException | None = None
    failed = 0
    try:
        while running or (queue and failure is None):
            while queue and len(running) < concurrency and failure is None:
                item = queue.pop(0)
                running[ex.submit(process, item)] = item
            finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for f in finished:
                running.pop(f)
                exc = f.exception()
                if exc is not None:
                    failure = failure or exc
                    failed += 1
                else:
                    finish(f.result())
    except KeyboardInterrupt as e:  # stop starting; the in-flight ones finish and are saved
        failure = e
        for f in list(running):
            try:
                finish(f.result())
                running.pop(f)
            except BaseException:  # noqa: BLE001, S110 - a failed in-flight question stays unfinished; --resume retries it
                pass
    finally:
        ex.shutdown(wait=True, cancel_futures=True)
    if failure is not None:
        raise RunInterrupted(count(), len(queue) + failed + len(running), failure) from failure


# ------------------------------------------------------------------------------------ helpers


def retrieval_record(ranked_turns: Sequence[dict], item: EvalItem, ks: Sequence[int] = KS) -> dict | None:
    """Session- and turn-level metrics of one ranking (None when the item has no gold)."""
    if item.abstention:
        return None
    turn_ids = [r["turn_id"] for r in ranked_turns]
    sess_ids = sessions_from_turns(r["session_id"] for r in ranked_turns)
    out = {}
    if item.gold_sessions:
        out["session"] = metrics_at(sess_ids, item.gold_sessions, ks)
    if item.gold_turns:
        out["turn"] = metrics_at(turn_ids, item.gold_turns, ks)
    return out or None


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    t0 = time.perf_counter()
    out = fn()
    return out, round(time.perf_counter() - t0, 3)


# ------------------------------------------------------------------------------------ the pipeline


@dataclass
class EvalSetup:
    """What answering and scoring a question needs. ``llm``/``planner_llm`` None → the offline
    agent; ``judge`` None → no judge; ``answer_fn`` replaces the agent (tests, other systems)."""

    store: Any
    embedder: Embedder
    options: Any = None  # chronos_cli.ask.AskOptions
    llm: LLM | None = None
    planner_llm: LLM | None = None
    reranker: Reranker | None = None
    judge: Any = None  # chronos_cli.evals.judge.Judge
    retrieval_only: bool = False
    answer_fn: Callable[[EvalItem], dict] | None = None
    # fresh (llm, planner_llm) per question, so concurrent questions keep separate token counts
    make_llms: Callable[[], tuple[Any, Any]] | None = None
    retrieve_k: int = max(KS)

    @classmethod
    def from_runtime(
        cls, rt, *, options=None, retrieval_only: bool = False, agent: bool = True, judge: bool = False
    ) -> EvalSetup:
        """The parts from ``chronos_cli.runtime.Runtime``: its store, the configured embedder (the
        index pipeline refuses a database embedded otherwise), the reranker, with ``agent`` a fresh
        (agent, planner) pair per question, with ``judge`` the judge model."""
        setup = cls(
            store=rt.store,
            embedder=rt.configured_embedder,
            options=options,
            retrieval_only=retrieval_only,
            reranker=rt.reranker,
        )
        if agent and rt.agent_llm is not None:
            setup.make_llms = rt.fresh_agent_llms
        if judge and rt.judge_llm is not None:
            from chronos_cli.evals.judge import Judge

            setup.judge = Judge(rt.judge_llm)
        return setup

    def time_range(self, item: EvalItem, answered: dict | None = None):
        """The plan's time range the ranking is boosted by, as ``ask`` passes it: the plan
        ``answered`` (an ``ask --json`` result) reports, so a planner model's range is used
        when there was one; else the rule plan ``ask`` makes offline. None with
        ``--no-date-filter``."""
        from chronos_cli.ask import AskOptions
        from chronos_cli.ask.plan import TimeRange, rule_plan

        opts = self.options or AskOptions()
        if not opts.date_filter:
            return None
        plan = (answered or {}).get("plan")
        if isinstance(plan, dict) and "time_range" in plan:
            try:
                return TimeRange.model_validate(plan["time_range"]) if plan["time_range"] else None
            except ValueError:
                pass  # not a plan this version wrote: fall back to the rule plan
        return rule_plan(item.question, item.now.replace(tzinfo=None), dynamic=opts.dynamic_prompting).time_range

    def rank(self, item: EvalItem, time_range=None) -> list[dict]:
        """The initial retrieval's ranking (top ``retrieve_k`` turns) for ``item``, made as
        ``ask`` makes it (same pool, reranker and plan ``time_range``), only deeper: its first
        ``options.top_n`` turns are the agent's seed. Used when no answer run handed its own
        ranking out (``--retrieval-only``, ``answer_fn``, no initial retrieval)."""
        from chronos_cli.ask import AskOptions
        from chronos_cli.ask.retrieve import initial_retrieval
        from chronos_cli.store.tables import Store

        opts = self.options or AskOptions()
        qvec = self.embedder.embed([item.question])[0]
        rows = initial_retrieval(
            self.store,
            item.question,
            qvec,
            where=Store.build_filter(namespaces=[item.namespace]),
            reranker=None if opts.offline else self.reranker,
            use_rerank=opts.rerank,
            pool=max(opts.pool, self.retrieve_k),
            top_n=self.retrieve_k,
            time_range=time_range,
        )
        return ranking_rows(rows)

    def ask(self, item: EvalItem, on_ranking: Callable[[list[dict]], None] | None = None) -> dict:
        """The agent's result as ``ask --json`` prints it. ``on_ranking``: receives the initial
        retrieval's ranking to depth ``retrieve_k`` (``ranking_rows``), when the agent made one."""
        if self.answer_fn is not None:
            return self.answer_fn(item)
        from chronos_cli.ask import AskOptions, answer

        llm, planner_llm = self.make_llms() if self.make_llms is not None else (self.llm, self.planner_llm)
        res = answer(
            item.question,
            store=self.store,
            embedder=self.embedder,
            now=item.now,
            options=self.options or AskOptions(),
            llm=llm,
            planner_llm=planner_llm,
            reranker=self.reranker,
            namespaces=[item.namespace],
            ranking_depth=self.retrieve_k,
            on_ranking=None if on_ranking is None else (lambda rows: on_ranking(ranking_rows(rows))),
        )
        return res.model_dump(mode="json") if hasattr(res, "model_dump") else dict(res)


def ranking_rows(hits: Sequence[TurnHit]) -> list[dict]:
    """A ranking of turns as the metrics read it: session id, turn id, score."""
    return [{"session_id": h.session_id, "turn_id": h.turn_id, "score": round(h.score, 6)} for h in hits]


def base_record(setup: EvalSetup, item: EvalItem, benchmark: str) -> dict:
    """Answer (unless retrieval-only), rank and judge one item: the fields every benchmark shares.

    The retrieval metrics come from the answer run's own initial retrieval, made to depth
    ``retrieve_k`` (50) by ``ask.answer(ranking_depth=...)`` — one retrieval per question, its
    first ``options.top_n`` turns the agent's seed. Without one (``--retrieval-only``, an
    ``answer_fn``, ``--no-initial-retrieval``, or the retrieval failed inside the agent) the
    ranking is made here by ``EvalSetup.rank``, with the time range of the plan the answer used
    (``EvalSetup.time_range``; retrieval-only: the rule plan).
    """
    t0 = time.perf_counter()
    rec: dict[str, Any] = {
        "id": item.id,
        "benchmark": benchmark,
        "namespace": item.namespace,
        "type": item.type,
        "abstention": item.abstention,
        "question": item.question,
        "answer": item.answer,
        "now": item.now.isoformat(),
        **item.meta,
    }
    rec["retrieval"] = None
    rec["hypothesis"] = None
    rec["answer_range"] = None
    rec["correct"] = None
    rec["judge"] = None
    rec["usage"] = {}
    ranking: list[dict] | None = None

    def keep(rows: list[dict]) -> None:
        nonlocal ranking
        ranking = rows

    res = None if setup.retrieval_only else setup.ask(item, on_ranking=keep)
    if ranking is None:
        ranking = setup.rank(item, setup.time_range(item, res))
    rec["retrieval"] = retrieval_record(ranking, item)
    if res is not None:
        rec["hypothesis"] = str(res.get("answer") or "")
        rec["answer_range"] = res.get("answer_range")
        rec["retrieved_turns"] = [r.get("turn_id") for r in res.get("retrieved_turns") or []]
        rec["mode"] = res.get("mode")
        rec["steps"] = len(res.get("steps") or [])
        u = res.get("usage") or {}
        rec["usage"]["agent"] = {
            k: u.get(k, 0) for k in ("llm_calls", "prompt_tokens", "completion_tokens", "cost_usd")
        }
        if setup.judge is not None:
            apply_judge(setup, item, rec)
    rec["seconds"] = round(time.perf_counter() - t0, 3)
    return rec


def apply_judge(setup: EvalSetup, item: EvalItem, rec: dict) -> dict:
    """Judge ``rec["hypothesis"]`` in place (also used to judge an unjudged run on --resume)."""
    j = setup.judge.judge(
        question=item.question,
        answer=item.answer,
        response=rec["hypothesis"] or "",
        question_type=item.type,
        question_id=item.id,
        prompt_name=item.meta.get("judge_prompt"),
    )
    rec["correct"] = j.correct
    rec["judge"] = {"model": setup.judge.model, "label": j.label, "prompt": j.prompt_version, "raw": j.raw}
    rec.setdefault("usage", {})["judge"] = j.usage
    return rec


def hypotheses(records: Sequence[dict]) -> list[dict]:
    """The answers in LongMemEval's own hypothesis format, {question_id, hypothesis} (both benchmarks)."""
    return [{"question_id": r["id"], "hypothesis": r["hypothesis"]} for r in records if r.get("hypothesis") is not None]


def needs_judging(setup: EvalSetup, rec: dict) -> bool:
    """A finished record answered without a judge, in a run that now has one."""
    return setup.judge is not None and rec.get("hypothesis") is not None and not rec.get("judge")
