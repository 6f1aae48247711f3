"""The judge follows LongMemEval's ``src/evaluation/evaluate_qa.py`` exactly: the same prompt per
question type (byte for byte), the same verdict rule, the same routing (unknown types raise), and
the dated judge model it maps "gpt-4o" to.

The reference templates below are copied from LongMemEval's evaluate_qa.py (``get_anscheck_prompt``).
"""

from __future__ import annotations

import pytest

from chronos_cli.evals.judge import JUDGE_MODEL, Judge, UnknownQuestionType, judge_prompt_name, parse_yes_no
from tests.scripted import ScriptedLLM

_DEFAULT = (
    "I will give you a question, a correct answer, and a response from a model. Please answer yes if the response "
    "contains the correct answer. Otherwise, answer no. If the response is equivalent to the correct answer or "
    "contains all the intermediate steps to get the correct answer, you should also answer yes. If the response only "
    "contains a subset of the information required by the answer, answer no. \n\nQuestion: {}\n\nCorrect Answer: "
    "{}\n\nModel Response: {}\n\nIs the model response correct? Answer yes or no only."
)
_TEMPORAL = (
    "I will give you a question, a correct answer, and a response from a model. Please answer yes if the response "
    "contains the correct answer. Otherwise, answer no. If the response is equivalent to the correct answer or "
    "contains all the intermediate steps to get the correct answer, you should also answer yes. If the response only "
    "contains a subset of the information required by the answer, answer no. In addition, do not penalize off-by-one "
    "errors for the number of days. If the question asks for the number of days/weeks/months, etc., and the model "
    "makes off-by-one errors (e.g., predicting 19 days when the answer is 18), the model's response is still "
    "correct. \n\nQuestion: {}\n\nCorrect Answer: {}\n\nModel Response: {}\n\nIs the model response correct? "
    "Answer yes or no only."
)
_KNOWLEDGE_UPDATE = (
    "I will give you a question, a correct answer, and a response from a model. Please answer yes if the response "
    "contains the correct answer. Otherwise, answer no. If the response contains some previous information along "
    "with an updated answer, the response should be considered as correct as long as the updated answer is the "
    "required answer.\n\nQuestion: {}\n\nCorrect Answer: {}\n\nModel Response: {}\n\nIs the model response "
    "correct? Answer yes or no only."
)
_PREFERENCE = (
    "I will give you a question, a rubric for desired personalized response, and a response from a model. Please "
    "answer yes if the response satisfies the desired response. Otherwise, answer no. The model does not need to "
    "reflect all the points in the rubric. The response is correct as long as it recalls and utilizes the user's "
    "personal information correctly.\n\nQuestion: {}\n\nRubric: {}\n\nModel Response: {}\n\nIs the model response "
    "correct? Answer yes or no only."
)
_ABSTENTION = (
    "I will give you an unanswerable question, an explanation, and a response from a model. Please answer yes if "
    "the model correctly identifies the question as unanswerable. The model could say that the information is "
    "incomplete, or some other information is given but the asked information is not.\n\nQuestion: {}\n\n"
    "Explanation: {}\n\nModel Response: {}\n\nDoes the model correctly identify the question as unanswerable? "
    "Answer yes or no only."
)


@pytest.mark.parametrize(
    "qtype, qid, template",
    [
        ("single-session-user", "q1", _DEFAULT),
        ("single-session-assistant", "q2", _DEFAULT),
        ("multi-session", "q3", _DEFAULT),
        ("temporal-reasoning", "q4", _TEMPORAL),
        ("knowledge-update", "q5", _KNOWLEDGE_UPDATE),
        ("single-session-preference", "q6", _PREFERENCE),
        ("multi-session", "q7_abs", _ABSTENTION),
        ("temporal-reasoning", "q8_abs", _ABSTENTION),
    ],
)
def test_prompt_is_the_official_template_byte_for_byte(qtype, qid, template):
    llm = ScriptedLLM(["yes"])
    question, answer, response = "How many days between A and B?", "18 days", "19 days (A 2023-05-01, B 2023-05-20)."
    j = Judge(llm).judge(question=question, answer=answer, response=response, question_type=qtype, question_id=qid)
    (req,) = llm.requests
    assert req["messages"] == [{"role": "user", "content": template.format(question, answer, response)}]
    assert j.correct and j.label == "yes"


@pytest.mark.parametrize(
    "reply, verdict",
    [
        ("Yes", True),
        ("yes.", True),
        ("**YES**", True),
        ("No.", False),
        ("no", False),
        # the first yes/no word used to win: this reply reads "correct" first, yet says no
        ("The correct answer is 7 May. No.", False),
        ("Correct.", False),  # LongMemEval reads only "yes"
        ("No. The response says yes to the wrong date.", True),  # ... anywhere in the reply, as it does
        ("", False),
        ("I cannot tell.", False),
    ],
)
def test_verdict_is_yes_in_reply_lower(reply, verdict):
    assert parse_yes_no(reply) is verdict
    j = Judge(ScriptedLLM([reply])).judge(question="q", answer="a", response="r", question_type="multi-session")
    assert j.correct is verdict and j.label == ("yes" if verdict else "no")


@pytest.mark.parametrize("qtype", [None, "", "open-domain", "Temporal-Reasoning", "single-hop"])
def test_unknown_question_type_raises(qtype):
    with pytest.raises(UnknownQuestionType, match="no LongMemEval judge prompt"):
        judge_prompt_name(qtype, "q1")
    llm = ScriptedLLM([])
    with pytest.raises(UnknownQuestionType):
        Judge(llm).judge(question="q", answer="a", response="r", question_type=qtype, question_id="q1")
    assert llm.requests == []  # nothing was asked (or paid for)
    # abstention is routed by id before the type, as in the official script
    assert judge_prompt_name(qtype, "q1_abs") == "judge_abstention"


def test_default_judge_model_is_the_dated_one_longmemeval_uses():
    from chronos_cli.config import Settings

    assert JUDGE_MODEL == "gpt-4o-2024-08-06"
    assert Settings(db="x").judge_model == JUDGE_MODEL


def test_judge_over_the_wire_defaults(openai_server, monkeypatch):
    """The configured judge reaches the server as LongMemEval calls it: the dated model, one user
    message, temperature 0, max_tokens 10."""
    from chronos_cli.config import load_settings
    from chronos_cli.runtime import Runtime

    monkeypatch.setenv("CHRONOS_API_BASE", openai_server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-judge-0123456789")
    openai_server.chat.append({"content": "Yes."})
    j = Judge(Runtime(load_settings()).judge_llm).judge(
        question="Q?", answer="A", response="R", question_type="knowledge-update", question_id="k1"
    )
    (req,) = openai_server.chat_requests
    body = req["body"]
    assert body["model"] == "gpt-4o-2024-08-06" and body["temperature"] == 0 and body["max_tokens"] == 10
    assert body["messages"] == [{"role": "user", "content": _KNOWLEDGE_UPDATE.format("Q?", "A", "R")}]
    assert j.correct
