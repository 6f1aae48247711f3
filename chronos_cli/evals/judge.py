"""The LLM judge, exactly as LongMemEval's ``src/evaluation/evaluate_qa.py`` (xiaowu0162/LongMemEval).

One yes/no judgement per question: a single user message, temperature 0, ``max_tokens`` 10, the
prompt chosen by question type (the prompt files are the official templates word for word):

| question                                               | prompt file                      |
|--------------------------------------------------------|----------------------------------|
| ``_abs`` in question_id (abstention; checked first)    | ``judge_abstention.v2.md``       |
| single-session-user, single-session-assistant, multi-session | ``judge_default.v2.md``    |
| temporal-reasoning                                     | ``judge_temporal.v2.md``         |
| knowledge-update                                       | ``judge_knowledge_update.v2.md`` |
| single-session-preference                              | ``judge_preference.v2.md``       |
| anything else                                          | ``UnknownQuestionType`` (the official script raises) |

The verdict is the official rule, ``'yes' in reply.lower()`` (after ``strip()``): any reply that
contains "yes" anywhere is correct, anything else is wrong. The default judge model is the dated
snapshot LongMemEval maps "gpt-4o" to, ``gpt-4o-2024-08-06`` (``JUDGE_MODEL``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chronos_cli.prompts import load_prompt

# LongMemEval's evaluate_qa.py: model_zoo = {'gpt-4o': ('gpt-4o-2024-08-06', 'openai'), ...}
JUDGE_MODEL = "gpt-4o-2024-08-06"

ABSTENTION, TEMPORAL, KNOWLEDGE_UPDATE, PREFERENCE, DEFAULT = (
    "judge_abstention",
    "judge_temporal",
    "judge_knowledge_update",
    "judge_preference",
    "judge_default",
)
JUDGE_PROMPT_VERSION = 2  # the official templates byte for byte (v1 lacked two spaces and had a final newline)

# LongMemEval's question types → prompt (abstention goes by question id, before the type)
PROMPT_BY_TYPE = {
    "single-session-user": DEFAULT,
    "single-session-assistant": DEFAULT,
    "multi-session": DEFAULT,
    "temporal-reasoning": TEMPORAL,
    "knowledge-update": KNOWLEDGE_UPDATE,
    "single-session-preference": PREFERENCE,
}


class UnknownQuestionType(ValueError):
    """A question type LongMemEval has no judge prompt for (its script raises too)."""


def is_abstention(question_id: str | None) -> bool:
    return "_abs" in str(question_id or "")


def judge_prompt_name(question_type: str | None, question_id: str | None = None) -> str:
    """Which judge prompt a question gets (LongMemEval's routing). Raises ``UnknownQuestionType``
    for a type outside LongMemEval's six (abstention questions excepted, as in the official script)."""
    if is_abstention(question_id):
        return ABSTENTION
    name = PROMPT_BY_TYPE.get(question_type or "")
    if name is None:
        raise UnknownQuestionType(
            f"no LongMemEval judge prompt for question type {question_type!r} "
            f"(known: {', '.join(PROMPT_BY_TYPE)}); pass prompt_name to choose one"
        )
    return name


def parse_yes_no(text: str | None) -> bool:
    """LongMemEval's verdict: ``'yes' in reply.lower()`` — nothing else is read."""
    return "yes" in (text or "").strip().lower()


@dataclass
class Judgement:
    correct: bool
    label: str  # yes | no
    prompt_version: str
    raw: str = ""
    usage: dict = field(default_factory=dict)


class Judge:
    """Wraps an LLM (the ``chronos_cli.providers.client.LLM`` protocol) as a yes/no judge."""

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
        name = prompt_name or judge_prompt_name(question_type, question_id)
        prompt = load_prompt(name, version=JUDGE_PROMPT_VERSION)
        content = prompt.render(question=question, answer=_answer_text(answer), response=response or "")
        resp = self.llm.complete([{"role": "user", "content": content}], prompt_version=prompt.version)
        verdict = parse_yes_no(resp.content)
        paid = not resp.cached
        return Judgement(
            correct=verdict,
            label="yes" if verdict else "no",
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
    """The answer as the official script's ``str.format`` writes it (LoCoMo's list answers, which
    LongMemEval has none of, are joined)."""
    if isinstance(answer, list):
        return "; ".join(str(a) for a in answer)
    return "" if answer is None else str(answer)
