"""One scripted end-to-end run per LongMemEval question type, over a real index.

A user/assistant archive (JSONL, the shape LongMemEval's haystacks have) is indexed once with the
real local embedder and rule events. For each question type a ScriptedLLM plays the planner, one
step of tool calls and the answer. Each test checks that:

- the request the agent model receives carries the rule for that kind of question (the prompt
  file's wording) and the data it needs: now, the dated retrieved context, the plan;
- the scripted tool calls were executed on the index as the paper describes (several in one
  step, date ranges applied, results with the date each turn was said, sent back as tool
  messages under their call ids), and the answer surfaces.
"""

from __future__ import annotations

import json
import re
from datetime import datetime

import pytest

from chronos_cli.ask import AskOptions, answer
from chronos_cli.store.tables import Store
from tests.conftest import write_jsonl
from tests.scripted import ScriptedLLM

NS = "lme"


def _session(sid: str, when: str, *turns: tuple[str, str]) -> list[dict]:
    return [
        {"session_id": sid, "timestamp": f"{when}T{10 + i // 2:02d}:{(i % 2) * 5:02d}:00", "role": role, "text": text}
        for i, (role, text) in enumerate(turns)
    ]


ARCHIVE = [
    # knowledge update: a personal best that changed
    *_session(
        "run-1",
        "2023-03-02",
        ("user", "I ran a 5K this morning. My best 5K time so far is 27:40."),
        ("assistant", "Nice work! 27:40 is a solid time; intervals could bring it down."),
    ),
    *_session(
        "run-2",
        "2023-06-11",
        ("user", "New 5K personal best today: 26:15!"),
        ("assistant", "Congratulations on the new personal best of 26:15!"),
    ),
    # multi-session count: two weddings attended, one only planned
    *_session(
        "wed-1",
        "2023-04-16",
        ("user", "I went to Emma's wedding yesterday, it was lovely."),
        ("assistant", "That sounds wonderful."),
    ),
    *_session(
        "wed-2",
        "2023-06-04",
        ("user", "My cousin's wedding was yesterday; we danced all night."),
        ("assistant", "What a celebration!"),
    ),
    *_session(
        "wed-3",
        "2023-08-01",
        ("user", "Tom invited me to his wedding in October, I haven't decided if I'll go."),
        ("assistant", "You have time to decide."),
    ),
    # single-session-user
    *_session(
        "dog",
        "2023-05-20",
        ("user", "I just adopted a corgi puppy and named him Pixel."),
        ("assistant", "Congratulations on adopting Pixel! Corgis are energetic herding dogs."),
    ),
    # single-session-assistant
    *_session(
        "lisbon",
        "2023-07-03",
        ("user", "Can you recommend hotels in Lisbon near the old town?"),
        (
            "assistant",
            "Sure: 1. Memmo Alfama, with a rooftop pool. 2. Hotel Convento do Salvador, a quiet former convent. "
            "3. Lisboa Pessoa Hotel, close to Chiado.",
        ),
    ),
    # preference
    *_session(
        "tv",
        "2023-05-05",
        ("user", "I loved Dark and Black Mirror, but I can't stand sitcoms with laugh tracks."),
        ("assistant", "Twisty, thought-provoking sci-fi is clearly your thing."),
    ),
    # temporal reasoning
    *_session(
        "trip-1",
        "2023-02-10",
        ("user", "I booked the hotel for my Porto trip today."),
        ("assistant", "Great, that is one thing off the list."),
    ),
    *_session(
        "trip-2",
        "2023-03-01",
        ("user", "The Porto trip starts today, I'm at the airport."),
        ("assistant", "Have a great trip!"),
    ),
    # abstention: a cat, never a hamster
    *_session(
        "pet",
        "2023-04-02",
        ("user", "My cat Luna knocked a glass off the table again."),
        ("assistant", "Cats love doing that. Maybe keep glasses away from the edge."),
    ),
]


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder):
    from chronos_cli.extract import RuleExtractor
    from chronos_cli.index.pipeline import index_paths

    root = tmp_path_factory.mktemp("lme_types")
    path = write_jsonl(root / "haystack.jsonl", ARCHIVE)
    uri = str(root / "db")
    index_paths([path], Store(uri), embedder, namespace=NS, extractor=RuleExtractor())
    return Store(uri)


def _run(store, embedder, question: str, now: datetime, plan: dict, calls: list[dict], reply: str):
    llm = ScriptedLLM([json.dumps(plan), {"tool_calls": calls}, reply])
    r = answer(question, store=store, embedder=embedder, now=now, options=AskOptions(), llm=llm, namespaces=[NS])
    llm.assert_exhausted()
    plan_req, agent_req, final_req = llm.requests
    return r, plan_req, agent_req, final_req


def _common(r, agent_req, final_req, now: datetime, plan: dict, answer_text: str) -> tuple[str, str, list[str]]:
    """What every type shares: now, the plan and the dated context reach the agent; each scripted
    call ran and its observation went back under its id. Returns (system, user, tool texts)."""
    system, user = agent_req["messages"][0]["content"], agent_req["messages"][1]["content"]
    assert now.strftime("%Y-%m-%d %H:%M") in system  # now
    assert f"operation: {plan['operation']}" in system  # the plan
    assert all(b in system for b in plan["bullets"])
    assert re.search(r"^### session \S+ \(lme\) — \d{4}-\d{2}-\d{2} \w+day", user, re.M)  # dated context
    assert re.search(r"^[* ]\[\S+ · \d{4}-\d{2}-\d{2} \d{2}:\d{2}\] (user|assistant): ", user, re.M)
    assert "DATA" in system and "Current date and time" in system
    (step,) = [s for s in r.steps if s.kind == "tool"]
    tool_msgs = [m for m in final_req["messages"] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_msgs] == [c.id for c in step.tool_calls]  # all, in order
    assert all(c.error is None for c in step.tool_calls), [c.error for c in step.tool_calls]
    assert [m["content"] for m in tool_msgs] == [c.observation for c in step.tool_calls]
    assert final_req["messages"][-len(tool_msgs) - 1]["tool_calls"]  # the model's call message precedes them
    assert r.answer == answer_text and r.mode == "model"
    return " ".join(system.split()), user, [m["content"] for m in tool_msgs]  # rules compared across line breaks


def test_knowledge_update(store, embedder):
    now = datetime(2023, 7, 1, 9, 0)
    plan = {
        "bullets": ["Find every 5K personal best the user mentioned.", "The latest by session date wins."],
        "attributes": ["5K", "personal best"],
        "operation": "knowledge-update",
    }
    calls = [
        {"name": "search_turns", "arguments": {"query": "5K personal best time", "k": 5}},
        {"name": "grep_turns", "arguments": {"pattern": r"5K"}},
    ]
    reply = "26:15 (said 2023-06-11; before that 27:40, said 2023-03-02)."
    r, _, agent_req, final_req = _run(store, embedder, "What is my best 5K time?", now, plan, calls, reply)
    system, user, tools = _common(r, agent_req, final_req, now, plan, reply)
    assert "Answer with the latest value by the date" in system and "mention the earlier one" in system
    assert "2023-03-02" in user and "2023-06-11" in user  # both values, dated, in the seed
    grep = tools[1]
    assert "27:40" in grep and "26:15" in grep
    assert grep.index("2023-03-02") < grep.index("2023-06-11")  # grep returns oldest first, with dates


def test_multi_session_count(store, embedder):
    now = datetime(2023, 9, 1, 9, 0)
    plan = {
        "bullets": ["Find every wedding the user attended this year.", "Skip invitations not yet attended."],
        "attributes": ["wedding"],
        "time_phrase": "this year",
        "operation": "count",
    }
    calls = [
        {"name": "grep_turns", "arguments": {"pattern": "wedding", "start": "2023-05-01", "end": "2023-12-31"}},
        {"name": "search_turns", "arguments": {"query": "attended a wedding", "k": 10}},
        {"name": "search_events", "arguments": {"query": "wedding", "k": 10}},
    ]
    reply = "1. Emma's wedding, 2023-04-15 (session wed-1); 2. your cousin's wedding, 2023-06-03 (wed-2) → 2."
    r, _, agent_req, final_req = _run(
        store, embedder, "How many weddings did I attend this year?", now, plan, calls, reply
    )
    system, _, tools = _common(r, agent_req, final_req, now, plan, reply)
    assert "List each distinct item with its date and session, then give the number" in system
    assert "Search more than once" in system
    assert "Time range: “this year” = 2023-01-01 to 2023-12-31" in system  # resolved by the engine, not the model
    ranged, searched = tools[0], tools[1]
    assert "cousin's wedding" in ranged and "Emma" not in ranged  # the date range was applied
    assert "Emma's wedding" in searched and "Tom invited me" in searched
    (step,) = [s for s in r.steps if s.kind == "tool"]
    assert all(h.t_conv >= datetime(2023, 5, 1) for h in step.tool_calls[0].results)


def test_single_session_user(store, embedder):
    now = datetime(2023, 9, 1, 9, 0)
    plan = {"bullets": ["Find the user's dog and its breed."], "attributes": ["dog", "breed"], "operation": "lookup"}
    calls = [{"name": "grep_turns", "arguments": {"pattern": "dog|corgi|puppy"}}]
    reply = "A corgi (Pixel, adopted as said on 2023-05-20, session dog)."
    r, _, agent_req, final_req = _run(store, embedder, "What breed is my dog?", now, plan, calls, reply)
    system, _, tools = _common(r, agent_req, final_req, now, plan, reply)
    assert '"I", "me", "my" in the question is the user' in system
    assert "user: I just adopted a corgi puppy" in tools[0]


def test_single_session_assistant(store, embedder):
    now = datetime(2023, 9, 1, 9, 0)
    plan = {
        "bullets": ["Find the assistant's hotel recommendations for Lisbon.", "Take the second one."],
        "entities": ["Lisbon"],
        "attributes": ["hotel"],
        "operation": "lookup",
    }
    calls = [{"name": "search_turns", "arguments": {"query": "hotels in Lisbon recommended", "k": 3}}]
    reply = "Hotel Convento do Salvador (session lisbon, 2023-07-03)."
    q = "What was the second hotel you recommended in Lisbon?"
    r, _, agent_req, final_req = _run(store, embedder, q, now, plan, calls, reply)
    system, _, tools = _common(r, agent_req, final_req, now, plan, reply)
    assert '"you" is the assistant' in system
    assert "assistant: Sure: 1. Memmo Alfama" in tools[0] and "2023-07-03" in tools[0]


def test_single_session_preference(store, embedder):
    now = datetime(2023, 9, 1, 20, 0)
    plan = {
        "bullets": ["Find the user's taste in TV shows.", "Suggest shows built on it; no refusal."],
        "attributes": ["show", "TV preferences"],
        "operation": "preference",
    }
    calls = [{"name": "search_turns", "arguments": {"query": "TV shows the user likes or dislikes", "k": 5}}]
    reply = "Since you loved Dark and Black Mirror: try Devs or Severance (no laugh tracks)."
    r, _, agent_req, final_req = _run(store, embedder, "Can you recommend a show for tonight?", now, plan, calls, reply)
    system, _, tools = _common(r, agent_req, final_req, now, plan, reply)
    assert "Give suggestions, never a refusal" in system and "what the user said they like" in system
    assert "Dark and Black Mirror" in tools[0]


def test_temporal_reasoning_arithmetic(store, embedder):
    now = datetime(2023, 3, 20, 9, 0)
    plan = {
        "bullets": ["Find when the hotel was booked and when the trip started.", "Subtract the dates."],
        "entities": ["Porto"],
        "attributes": ["hotel", "booked", "trip"],
        "operation": "compare",
    }
    calls = [
        {"name": "grep_turns", "arguments": {"pattern": "booked the hotel"}},
        {"name": "grep_turns", "arguments": {"pattern": "trip starts"}},
    ]
    reply = "Booked 2023-02-10, trip 2023-03-01: 19 days."
    q = "How many days before my Porto trip did I book the hotel?"
    r, _, agent_req, final_req = _run(store, embedder, q, now, plan, calls, reply)
    system, _, tools = _common(r, agent_req, final_req, now, plan, reply)
    assert "Write both dates, then compute the difference" in system
    assert '"Ago" counts from now (2023-03-20 09:00' in system  # "ago" anchored to this question's now
    assert "2023-02-10" in tools[0] and "2023-03-01" in tools[1]


def test_abstention(store, embedder):
    now = datetime(2023, 9, 1, 9, 0)
    plan = {
        "bullets": ["Check whether a hamster was ever mentioned.", "If not, say so; do not name another pet."],
        "attributes": ["hamster", "name"],
        "operation": "abstention",
    }
    calls = [
        {"name": "grep_turns", "arguments": {"pattern": "hamster"}},
        {"name": "grep_events", "arguments": {"pattern": "hamster"}},
    ]
    reply = "You never mentioned a hamster (you did mention your cat, Luna)."
    r, _, agent_req, final_req = _run(store, embedder, "What is the name of my hamster?", now, plan, calls, reply)
    system, _, tools = _common(r, agent_req, final_req, now, plan, reply)
    assert "Never substitute a near miss" in system
    assert tools == ["no turns found", "no events found"]  # executed: the index has no hamster
