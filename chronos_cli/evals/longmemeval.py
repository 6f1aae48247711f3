"""LongMemEval (xiaowu0162/LongMemEval; S, M and oracle files share one schema).

Each instance is indexed into its own namespace (= question_id) and its question is asked at
its ``question_date``, restricted to that namespace. Gold for retrieval metrics: the
``answer_session_ids`` (session level) and the turns marked ``has_answer`` (turn level, ids
``<session_id>:<index>`` as the reader stores them); abstention questions (``_abs``) are
excluded from retrieval metrics, as LongMemEval does.
"""

from __future__ import annotations

from typing import Any

from chronos_cli.archives.longmemeval import parse_lme_date
from chronos_cli.evals.judge import is_abstention
from chronos_cli.evals.runner import EvalItem, EvalSetup, apply_judge, base_record

NAME = "longmemeval"
FORMAT = "longmemeval"

# Table 1 of the paper: column → question_type
TYPE_ABBR = {
    "knowledge-update": "KU",
    "multi-session": "MS",
    "single-session-assistant": "SSA",
    "single-session-preference": "SSP",
    "single-session-user": "SSU",
    "temporal-reasoning": "TR",
}
COLUMNS = ["Overall", *TYPE_ABBR.values()]


def type_names() -> list[str]:
    return list(TYPE_ABBR)


def parse_types(text: str | None) -> set[str] | None:
    """ "temporal-reasoning,KU" → the full type names (abbreviations accepted)."""
    if not text:
        return None
    abbr = {v.lower(): k for k, v in TYPE_ABBR.items()}
    out = set()
    for part in text.split(","):
        p = part.strip().lower()
        if not p:
            continue
        if p in TYPE_ABBR:
            out.add(p)
        elif p in abbr:
            out.add(abbr[p])
        else:
            raise ValueError(
                f"unknown question type {part.strip()!r} (use {', '.join(TYPE_ABBR)} or {', '.join(TYPE_ABBR.values())})"
            )
    return out


def select(
    raw: list[dict], *, limit: int | None = None, types: set[str] | None = None
) -> tuple[list[dict], list[EvalItem]]:
    """The instances to run (file order, filtered by type, first ``limit``) and their items."""
    chosen = [r for r in raw if isinstance(r, dict) and (types is None or r.get("question_type") in types)]
    if limit is not None:
        chosen = chosen[:limit]
    return chosen, [item_of(r) for r in chosen]


def item_problem(inst: dict[str, Any]) -> str | None:
    """What keeps an instance from becoming a question (checked before anything runs)."""
    qid = inst.get("question_id")
    if isinstance(qid, bool) or not isinstance(qid, (str, int)):
        return "no question_id"
    date = inst.get("question_date")
    if not isinstance(date, str):
        return f"instance {qid}: no question_date"
    try:
        parse_lme_date(date)
    except ValueError:
        return f"instance {qid}: unparseable question_date {date!r}"
    # the official judge raises on a type it has no prompt for: refuse before anything runs
    from chronos_cli.evals.judge import UnknownQuestionType, judge_prompt_name

    try:
        judge_prompt_name(inst.get("question_type"), str(qid))
    except UnknownQuestionType as e:
        return f"instance {qid}: {e}"
    return None


def item_of(inst: dict[str, Any]) -> EvalItem:
    qid = str(inst["question_id"])
    gold_turns = []
    for sid, turns in zip(inst.get("haystack_session_ids") or [], inst.get("haystack_sessions") or []):
        for k, msg in enumerate(turns or []):
            if isinstance(msg, dict) and msg.get("has_answer"):
                gold_turns.append(f"{sid}:{k}")
    return EvalItem(
        id=qid,
        namespace=qid,
        question=str(inst.get("question") or ""),
        answer=inst.get("answer"),
        type=str(inst.get("question_type") or ""),
        now=parse_lme_date(inst["question_date"]),
        gold_sessions=[str(s) for s in inst.get("answer_session_ids") or []],
        gold_turns=gold_turns,
        abstention=is_abstention(qid),
    )


def process(setup: EvalSetup, item: EvalItem) -> dict:
    return base_record(setup, item, NAME)


def rescore(setup: EvalSetup, item: EvalItem, rec: dict) -> dict:
    """Judge a finished, unjudged answer (``--resume`` with a judge)."""
    return apply_judge(setup, item, rec)
