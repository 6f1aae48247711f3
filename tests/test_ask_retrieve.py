"""Offline initial retrieval: the fused rankings (dense · BM25 in context · events · people ·
dates) on a small hand-written archive, in a tmp LanceDB with the real local embedder."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest

from chronos_cli.ask.plan import TimeRange
from chronos_cli.ask.retrieve import (
    content_query,
    initial_retrieval,
    offline_rankings,
    question_speakers,
)
from chronos_cli.models import Event
from chronos_cli.store.tables import Store
from tests.conftest import write_jsonl

T0 = datetime(2025, 3, 3, 18, 0)

# two friends; Ben talks about pottery all the time, Ana mentions her class once
FILLER_BEN = [
    "pottery class tonight, the pottery wheel at the pottery studio is great",
    "my pottery class teacher says my pottery bowls are improving",
    "pottery class again, clay everywhere, the pottery kiln was hot",
]


def _archive() -> list[dict]:
    rows: list[dict] = []
    t = T0
    for s in range(8):
        sid = f"s{s}"
        for i in range(6):
            t += timedelta(minutes=3)
            rows.append(
                {
                    "session_id": sid,
                    "timestamp": t.isoformat(),
                    "speaker": "Ben",
                    "role": "other",
                    "text": FILLER_BEN[(s + i) % 3] + f" (week {s}, note {i})",
                }
            )
            t += timedelta(minutes=3)
            if s == 5 and i == 2:
                text = "I finally joined a pottery class at the community centre!"  # the evidence
            elif s == 2 and i == 4:
                text = "We brought home a little beagle from the shelter on Saturday."  # event-only wording
            else:
                text = f"Nice, Ben. I spent the evening reading a novel about sailing, chapter {s * 6 + i}."
            rows.append(
                {"session_id": sid, "timestamp": t.isoformat(), "speaker": "Ana", "role": "other", "text": text}
            )
        t += timedelta(days=6)
    return rows


class PuppyExtractor:
    """One hand-written event whose wording ("adopted a puppy") is not in its source turn."""

    name = "test-puppy"
    usage = None

    def extract(self, sessions):
        out = []
        for s in sessions:
            evs = []
            for turn in s.turns:
                if "beagle" in turn.text:
                    evs.append(
                        Event(
                            namespace=s.namespace,
                            session_id=s.session_id,
                            source_turn_ids=[turn.turn_id],
                            subject="Ana",
                            verb="adopted",
                            object="a puppy",
                            aliases=["adopt a dog", "new pet dog"],
                            start=turn.t_conv.replace(hour=0, minute=0),
                            end=turn.t_conv.replace(hour=23, minute=59),
                            t_conv=turn.t_conv,
                            evidence=turn.text,
                            extractor=self.name,
                        )
                    )
            out.append(evs)
        return out


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder):
    from chronos_cli.index.pipeline import index_paths

    root = tmp_path_factory.mktemp("retrieve")
    path = write_jsonl(root / "friends" / "chat.jsonl", _archive())
    st = Store(str(root / "db"))
    index_paths([path], st, embedder, namespace="friends", extractor=PuppyExtractor())
    return st


WHERE = Store.build_filter(namespaces=["friends"])


def _rank(store, embedder, q, **kw):
    return initial_retrieval(store, q, embedder.embed([q])[0], where=WHERE, top_n=15, **kw)


def _evidence(store, needle):
    rows = store.grep("turns", needle, where=WHERE)
    assert len(rows) == 1
    return rows[0].key


def test_content_query_drops_question_scaffolding():
    assert content_query("When did Ana join the pottery class?") == "ana join pottery class"
    assert content_query("How many times has she been to Paris?") == "paris"
    assert content_query("What did Ana's brother say?", drop=["ana"]) == "brother say"
    assert content_query("what is it?") == "what is it?"  # nothing left: the question as is


def test_question_speakers_names_and_first_person():
    speakers = [("Ana Lima", "other"), ("Ben", "other"), ("me", "user")]
    assert question_speakers("What did Ana's sister bake?", speakers) == (["Ana Lima"], ["ana"])
    assert question_speakers("Where did Ben and ana go?", speakers)[0] == ["Ana Lima", "Ben"]
    assert question_speakers("Where did I park?", speakers) == (["me"], [])
    assert question_speakers("Where is the benchmark?", speakers) == ([], [])  # whole words only


def test_named_speaker_pulls_their_turn_into_top15(store, embedder):
    key = _evidence(store, "joined a pottery class")
    q = "When did Ana join a pottery class?"
    rankings = offline_rankings(store, q, embedder.embed([q])[0], where=WHERE)
    assert {r.speaker for r in rankings["people_bm25"]} == {"Ana"}
    assert {r.speaker for r in rankings["people_dense"]} == {"Ana"}
    assert rankings["people_bm25"][0].key == key
    top = [r.key for r in _rank(store, embedder, q)]
    assert key in top
    # a boost, not a filter: Ben's pottery turns are still candidates
    assert any(r.speaker == "Ben" for r in initial_retrieval(store, q, embedder.embed([q])[0], where=WHERE, top_n=60))


def test_event_wording_pulls_its_source_turn(store, embedder):
    key = _evidence(store, "little beagle")
    q = "When did Ana adopt a puppy?"
    rankings = offline_rankings(store, q, embedder.embed([q])[0], where=WHERE)
    assert rankings["events"] and rankings["events"][0].key == key
    ranked = _rank(store, embedder, q)
    assert key in [r.key for r in ranked]
    hit = next(r for r in ranked if r.key == key)
    assert hit.text.startswith("We brought home") and hit.score > 0


def test_context_bm25_scores_a_reply_by_its_neighbours(store, embedder):
    q = "beagle shelter"
    rankings = offline_rankings(store, q, embedder.embed([q])[0], where=WHERE)
    bm25 = rankings["bm25"]
    # every row is a whole turn row; the hit comes first, then its neighbours (Ben's turns,
    # without the words) scored by its text
    assert all(r.text and r.session_key for r in bm25)
    assert "beagle" in bm25[0].text
    near = bm25[1:3]
    assert {r.speaker for r in near} == {"Ben"}
    assert {r.turn_index for r in near} == {bm25[0].turn_index - 1, bm25[0].turn_index + 1}
    assert all("beagle" not in r.text for r in near)


def test_time_range_adds_a_dated_ranking_not_a_filter(store, embedder):
    day = T0 + timedelta(days=6 * 5 + 1)  # the week of session s5
    q = "What class did Ana join?"
    qv = embedder.embed([q])[0]
    rng = TimeRange(
        phrase="", start=T0 + timedelta(days=30), end=day + timedelta(days=5), granularity="day", display=""
    )
    rankings = offline_rankings(store, q, qv, where=WHERE, time_range=rng)
    assert rankings["dates"]
    assert all(T0 + timedelta(days=30) <= r.t_conv <= day + timedelta(days=5) for r in rankings["dates"])
    ranked = _rank(store, embedder, q, time_range=rng)
    assert any(r.t_conv < T0 + timedelta(days=30) for r in ranked)  # other dates stay in
    assert "dates" not in offline_rankings(store, q, qv, where=WHERE)


def test_online_paths_keep_the_dense_order(store, embedder):
    q = "sailing novel"
    qv = embedder.embed([q])[0]
    plain = initial_retrieval(store, q, qv, where=WHERE, use_rerank=False, top_n=5)
    dense = store.vector_search("turns", qv, k=5, where=WHERE)
    assert [r.key for r in plain] == [r.key for r in dense]


def test_the_reranker_reads_who_said_it_and_when(store, embedder, cohere_server):
    """Questions name the person ("When did Ana…") while her turn says "I": each document sent
    to the reranker starts with its speaker and the day it was said."""
    from chronos_cli.providers.rerank import CohereReranker

    rr = CohereReranker("rerank-english-v3.0", api_key="co-test-0123456789abcdefghij", base_url=cohere_server.url)
    q = "When did Ana join a pottery class?"
    ranked = initial_retrieval(store, q, embedder.embed([q])[0], where=WHERE, reranker=rr, top_n=15)
    (req,) = cohere_server.requests
    docs = req["body"]["documents"]
    assert req["body"]["query"] == q and len(docs) == 96  # the dense pool: every turn of the archive
    assert all(re.match(r"^(Ana|Ben) \(\d{1,2} (March|April|May) 2025\): ", d) for d in docs)
    evidence = next(d for d in docs if "joined a pottery class" in d)
    assert evidence.startswith("Ana (")
    assert any(r.text.startswith("I finally joined a pottery class") for r in ranked)  # hits keep their own text


def test_dense_reads_a_short_reply_in_its_context(tmp_path, embedder):
    """A reply that does not name its subject ("Three years now, …") is found by dense search
    through the question before it."""
    from chronos_cli.extract import RuleExtractor
    from chronos_cli.index.pipeline import index_paths

    rows, t = [], T0
    filler = [
        "The weather was lovely on the coast this weekend.",
        "I baked bread with rosemary and olive oil.",
        "Work has been busy with the quarterly report.",
        "We watched a documentary about volcanoes.",
        "My sister called about her new apartment.",
        "The train was late again this morning.",
    ]
    for s_i in range(6):
        for i, text in enumerate(filler):
            t += timedelta(minutes=5)
            rows.append(
                {
                    "session_id": f"s{s_i}",
                    "timestamp": t.isoformat(),
                    "speaker": "Ben" if i % 2 else "Ana",
                    "text": f"{text} ({s_i}.{i})",
                }
            )
        t += timedelta(days=3)
    t += timedelta(minutes=5)
    rows.append(
        {
            "session_id": "s9",
            "timestamp": t.isoformat(),
            "speaker": "Ben",
            "text": "How long have you had your pet turtles? They look so happy in the tank.",
        }
    )
    t += timedelta(minutes=5)
    rows.append(
        {
            "session_id": "s9",
            "timestamp": t.isoformat(),
            "speaker": "Ana",
            "text": "Three years now, and they still surprise me every day.",
        }
    )
    st = Store(str(tmp_path / "db"))
    index_paths(
        [write_jsonl(tmp_path / "c" / "chat.jsonl", rows)], st, embedder, namespace="c", extractor=RuleExtractor()
    )
    where = Store.build_filter(namespaces=["c"])
    q = "How long has Ana had her turtles?"
    qv = embedder.embed([q])[0]
    reply = next(h.key for h in st.grep("turns", "Three years now", where=where))
    plain = [h.key for h in st.vector_search("turns", qv, k=100, where=where)]
    in_context = [h.key for h in offline_rankings(st, q, qv, where=where)["dense"]]
    assert in_context.index(reply) < plain.index(reply)
    assert in_context.index(reply) <= 2


def test_the_events_ranking_carries_the_question_its_turn_answers(tmp_path, embedder):
    """The question before an event's source turn ranks just below it; a statement before one
    is not carried in."""
    from chronos_cli.index.pipeline import index_paths

    texts = [
        ("Ben", "Work has been busy with the quarterly report."),
        ("Ben", "So what did you two get up to at the weekend??"),
        ("Ana", "We brought home a little beagle from the shelter on Saturday."),
        ("Ben", "The train was late again this morning."),
        ("Ana", "Our neighbours adopted a beagle too, from the same shelter."),
    ]
    rows = [
        {"session_id": "s1", "timestamp": (T0 + timedelta(minutes=5 * i)).isoformat(), "speaker": s, "text": t}
        for i, (s, t) in enumerate(texts)
    ]
    path = write_jsonl(tmp_path / "friends" / "chat.jsonl", rows)
    st = Store(str(tmp_path / "db"))
    index_paths([path], st, embedder, namespace="friends", extractor=PuppyExtractor())
    q = "When did Ana adopt a puppy?"
    events = offline_rankings(st, q, embedder.embed([q])[0], where=WHERE)["events"]
    got = [r.text for r in events]
    asked = got.index("So what did you two get up to at the weekend??")
    assert got[asked - 1] == texts[2][1] or got[asked - 1] == texts[4][1]
    assert "The train was late again this morning." not in got
    assert set(got) == {texts[1][1], texts[2][1], texts[4][1]}
