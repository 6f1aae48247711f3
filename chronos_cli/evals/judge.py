"""The LLM judge, following LongMemEval's protocol (xiaowu0162/LongMemEval, evaluate_qa.py).

One yes/no judgement per question, temperature 0, the prompt routed by question type:

| question                                  | prompt file                      |
|-------------------------------------------|----------------------------------|
| ``_abs`` in question_id (abstention)      | ``judge_abstention.v1.md``       |
| temporal-reasoning                        | ``judge_temporal.v1.md``         |
| knowledge-update                          | ``judge_knowledge_update.v1.md`` |
| single-session-preference                 | ``judge_preference.v1.md``       |
| anything else (SSU, SSA, multi-session)   | ``judge_default.v1.md``          |

The reply is read as yes/no robustly (``parse_yes_no``): the first "yes"/"no" word wins
(after stripping markdown and punctuation), "correct"/"incorrect" are understood; a reply with
neither counts as *no* and is flagged ``label="unparsed"`` in results.jsonl.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from chronos_cli.prompts import load_prompt

ABSTENTION, TEMPORAL, KNOWLEDGE_UPDATE, PREFERENCE, DEFAULT = (
    "judge_abstention",
    "judge_temporal",
    "judge_knowledge_update",
    "judge_preference",
    "judge_default",
)


def is_abstention(question_id: str | None) -> bool:
    return "_abs" in str(question_id or "")


def judge_prompt_name(question_type: str | None, question_id: str | None = None) -> str:
    """Which judge prompt a question gets (LongMemEval's routing)."""
    if is_abstention(question_id):
        return ABSTENTION
    t = (question_type or "").strip().lower()
    if t == "temporal-reasoning":
        return TEMPORAL
    if t == "knowledge-update":
        return KNOWLEDGE_UPDATE
    if t == "single-session-preference":
        return PREFERENCE
    return DEFAULT


_WORDS = re.compile(r"[a-z]+")


def parse_yes_no(text: str | None) -> bool | None:
    """True for yes, False for no, None when the reply says neither."""
    if not text:
        return None
    words = _WORDS.findall(text.lower())
    for w in words:
        if w in ("yes", "correct", "true"):
            return True
        if w in ("no", "incorrect", "not", "false", "wrong"):
            # "not correct" / "no" / "incorrect"
            return False
    return None


@dataclass
class Judgement:
    correct: bool
    label: str  # yes | no | unparsed
    prompt_version: str
    raw: str = ""
    usage: dict = field(default_factory=dict)


class Judge:
    """Wraps an LLM (``chronos_cli.providers.llm`` protocol) as a yes/no judge."""

    def __init__(self, llm) -> None:
        self.llm = llm

    @property
    def model(self) -> str:
        return getattr(self.llm, "name", "judge")

    def judge(
        self,
        *,
        question: str,
        answer: object,
        response: str,
        question_type: str | None = None,
        question_id: str | None = None,
        prompt_name: str | None = None,
    ) -> Judgement:
        prompt = load_prompt(prompt_name or judge_prompt_name(question_type, question_id))
        content = prompt.render(question=question, answer=_answer_text(answer), response=response or "")
        resp = self.llm.complete([{"role": "user", "content": content}], prompt_version=prompt.version)
        verdict = parse_yes_no(resp.content)
        paid = not resp.cached
        return Judgement(
            correct=bool(verdict),
            label="unparsed" if verdict is None else ("yes" if verdict else "no"),
            prompt_version=prompt.version,
            raw=(resp.content or "")[:200],
            usage={
                "llm_calls": int(paid),
                "prompt_tokens": resp.prompt_tokens if paid else 0,
                "completion_tokens": resp.completion_tokens if paid else 0,
                "cost_usd": resp.cost_usd if paid else 0.0,
            },
        )


def _answer_text(answer: object) -> str:
    if isinstance(answer, list):
        return "; ".join(str(a) for a in answer)
    return "" if answer is None else str(answer)
