"""LoCoMo (snap-research/LoCoMo): per-category accuracy, evidence recall, date match.

Each sample is a namespace (its sample_id); question ``i`` of a sample has id
``<sample_id>#<i>`` (0-based position in its ``qa`` list). Questions are asked at the time of
the sample's last session (the conversation is over when the questions come).

Scoring, always computed (no model needed):
- ``declined``: the response says the information is not there (adversarial, category 5);
- ``date_match`` (temporal questions whose gold answer reads as a date, see ``dates.py``):
  the response's ``answer_range`` (or the date in its text) overlaps the gold range and is at
  most 3 × as wide + 2 days;
- ``f1``: LoCoMo's token F1 (lower-case, punctuation and articles removed; no stemming);
- ``rule_correct``: adversarial → declined; a date answer → date_match; otherwise the
  normalised gold answer is contained in the response, or every gold token is.
With a judge, ``correct`` is the judge's verdict (category 5 through the abstention prompt,
category 2 through the temporal one); without, ``correct`` = ``rule_correct``.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from datetime import datetime
from typing import Any

from chronos_cli.archives.locomo import parse_locomo_date
from chronos_cli.evals.dates import date_match, parse_answer_range, range_from_iso
from chronos_cli.evals.judge import ABSTENTION, DEFAULT, TEMPORAL
from chronos_cli.evals.runner import EvalItem, EvalSetup, apply_judge, base_record

NAME = "locomo"
FORMAT = "locomo"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
COLUMNS = ["Overall", *CATEGORIES.values()]
ADVERSARIAL_EXPLANATION = "The conversation does not contain this information."

_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DIA = re.compile(r"D(\d+):(\d+)")


def parse_types(text: str | None) -> set[str] | None:
    """ "temporal,5" → category names."""
    if not text:
        return None
    by_name = {v: v for v in CATEGORIES.values()}
    out = set()
    for part in text.split(","):
        p = part.strip().lower()
        if not p:
            continue
        if p.isdigit() and int(p) in CATEGORIES:
            out.add(CATEGORIES[int(p)])
        elif p in by_name:
            out.add(p)
        else:
            raise ValueError(f"unknown LoCoMo category {part.strip()!r} (use 1-5 or {', '.join(CATEGORIES.values())})")
    return out


def _last_session_time(sample: dict) -> datetime:
    conv = sample.get("conversation") or {}
    times = []
    for k, v in conv.items():
        if _SESSION_KEY.match(k) and isinstance(v, list) and v and isinstance(conv.get(f"{k}_date_time"), str):
            try:
                times.append(parse_locomo_date(conv[f"{k}_date_time"]))
            except ValueError:
                pass
    return max(times) if times else datetime(2000, 1, 1)


def select(
    raw: list[dict], *, limit: int | None = None, types: set[str] | None = None
) -> tuple[list[dict], list[EvalItem]]:
    """Items in file order (filtered by category, first ``limit``) and the samples they need."""
    items: list[EvalItem] = []
    for n, sample in enumerate(raw, 1):
        if not isinstance(sample, dict):
            continue
        sid = str(sample.get("sample_id", f"sample-{n}"))
        now = _last_session_time(sample)
        for i, q in enumerate(sample.get("qa") or []):
            if not isinstance(q, dict):
                continue
            cat = q.get("category")
            name = CATEGORIES.get(cat, str(cat))
            if types is not None and name not in types:
                continue
            items.append(_item(sid, i, q, cat, name, now))
    if limit is not None:
        items = items[:limit]
    needed = {i.namespace for i in items}
    samples = [
        s for n, s in enumerate(raw, 1) if isinstance(s, dict) and str(s.get("sample_id", f"sample-{n}")) in needed
    ]
    return samples, items


def item_problem(sample: dict[str, Any]) -> str | None:
    """What keeps a sample from giving questions (checked before anything runs)."""
    if not isinstance(sample.get("conversation"), dict):
        return "conversation is not an object"
    if not isinstance(sample.get("qa", []), list):
        return "qa is not a list"
    return None


def _item(sid: str, i: int, q: dict, cat: Any, name: str, now: datetime) -> EvalItem:
    evidence = _DIA.findall(" ".join(str(e) for e in q.get("evidence") or []))
    turns = [f"D{a}:{b}" for a, b in evidence]
    sessions = list(dict.fromkeys(f"session_{a}" for a, _ in evidence))
    adversarial = cat == 5
    answer = ADVERSARIAL_EXPLANATION if adversarial else q.get("answer")
    prompt = ABSTENTION if adversarial else (TEMPORAL if cat == 2 else DEFAULT)
    meta = {"category": cat, "judge_prompt": prompt}
    if adversarial and q.get("adversarial_answer"):
        meta["adversarial_answer"] = q["adversarial_answer"]
    return EvalItem(
        id=f"{sid}#{i}",
        namespace=sid,
        question=str(q.get("question") or ""),
        answer=answer,
        type=name,
        now=now,
        gold_sessions=sessions,
        gold_turns=turns,
        abstention=False,
        meta=meta,
    )


# ------------------------------------------------------------------------------------ scoring

_DECLINE = re.compile(
    r"(not (?:been )?(?:mentioned|stated|specified|discussed|available|provided|found|recorded|covered|enough|sure)"
    r"|no (?:information|mention|record|evidence|details?|data|answer)"
    r"|(?:don't|do not|cannot|can't|couldn't|could not|unable to) (?:know|find|tell|determine|answer|say|recall|locate)"
    r"|unanswerable|insufficient|isn't mentioned|wasn't mentioned|doesn't mention|does not mention|nothing (?:in|about))",
    re.IGNORECASE,
)


def declined(response: str | None) -> bool:
    return bool(response) and bool(_DECLINE.search(response or ""))


def normalize(text: object) -> str:
    s = str(text).lower()
    s = "".join(ch if ch not in set(string.punctuation) else " " for ch in s)
    s = re.sub(r"\b(a|an|the|and)\b", " ", s)
    return " ".join(s.split())


def f1(prediction: str, gold: object) -> float:
    p = normalize(prediction).split()
    g = normalize(gold).split()
    if not p or not g:
        return 0.0
    common = Counter(p) & Counter(g)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision, recall = same / len(p), same / len(g)
    return 2 * precision * recall / (precision + recall)


def rule_score(item: EvalItem, hypothesis: str, answer_range: dict | None) -> dict:
    cat = item.meta.get("category")
    out: dict[str, Any] = {"declined": declined(hypothesis), "date_match": None, "gold_range": None, "pred_range": None}
    if cat == 5:
        out["f1"] = None
        out["rule_correct"] = out["declined"]
        return out
    out["f1"] = round(f1(hypothesis, item.answer), 4)
    gold = parse_answer_range(item.answer) if cat == 2 else None
    if gold is not None:
        pred = range_from_iso(answer_range) or parse_answer_range(hypothesis, anchor=item.now)
        out["gold_range"] = [gold[0].isoformat(), gold[1].isoformat()]
        out["pred_range"] = [pred[0].isoformat(), pred[1].isoformat()] if pred else None
        out["date_match"] = bool(pred) and date_match(pred, gold)
        out["rule_correct"] = out["date_match"]
        return out
    g, h = normalize(item.answer), normalize(hypothesis)
    out["rule_correct"] = bool(g) and (g in h or set(g.split()) <= set(h.split()))
    return out


def process(setup: EvalSetup, item: EvalItem) -> dict:
    rec = base_record(setup, item, NAME)
    if rec["hypothesis"] is not None:
        rec.update(rule_score(item, rec["hypothesis"], rec.get("answer_range")))
        rec["scored_by"] = "judge" if rec["judge"] else "rules"
        if rec["correct"] is None:
            rec["correct"] = rec["rule_correct"]
    return rec


def rescore(setup: EvalSetup, item: EvalItem, rec: dict) -> dict:
    """Judge a finished answer that was scored by rules only (``--resume`` with a judge)."""
    apply_judge(setup, item, rec)
    rec["scored_by"] = "judge"
    return rec
