"""Event extraction: chunking, the LLM extractor (scripted model), the offline rule extractor,
dedup and the response cache across index runs (real LanceDB + the real local embedder)."""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest

from chronos_cli.extract import RuleExtractor, chunk_session, get_extractor
from chronos_cli.extract.chunks import Chunk
from chronos_cli.extract.common import dedup, model_range
from chronos_cli.extract.llm_extractor import ExtractionReply, LLMExtractor
from chronos_cli.models import Session, Turn
from chronos_cli.providers.cache import ResponseCache
from chronos_cli.providers.errors import LLMOutputError
from tests.conftest import shared_data
from tests.scripted import ScriptedLLM

T0 = datetime(2023, 5, 8, 13, 56)


def session(texts, *, ns="ns", sid="session_1", t=T0, ids=None) -> Session:
    turns = []
    for i, item in enumerate(texts):
        speaker, text = item if isinstance(item, tuple) else ("Caroline" if i % 2 == 0 else "Melanie", item)
        turns.append(
            Turn(session_id=sid, turn_id=ids[i] if ids else f"D1:{i + 1}", t_conv=t, speaker=speaker, text=text)
        )
    return Session(namespace=ns, session_id=sid, t_conv=t, turns=turns)


def reply(*events) -> str:
    return json.dumps({"events": list(events)})


def ev(**kw) -> dict:
    base = {
        "subject": "Caroline",
        "verb": "went to",
        "object": "a LGBTQ support group",
        "time_expression": "yesterday",
        "start": "2023-05-07",
        "end": "2023-05-07",
        "aliases": ["support group meeting", "LGBTQ group visit"],
        "source_turn_ids": ["D1:1"],
        "evidence": "I went to a LGBTQ support group yesterday.",
    }
    base.update(kw)
    return base


# -- chunks -------------------------------------------------------------------------------------


def test_chunk_windows_overlap_and_hash_ignores_namespace():
    s = session([f"turn {i}" for i in range(60)])
    chunks = chunk_session(s)
    assert [(c.start, len(c.turns)) for c in chunks] == [(0, 25), (20, 25), (40, 20)]
    assert chunks[0].turn_ids[-5:] == chunks[1].turn_ids[:5]
    line = chunks[0].render().splitlines()[0]
    assert line.startswith("[D1:1] (2023-05-08 Mon 13:56) Caroline: turn 0")
    other = session([f"turn {i}" for i in range(60)], ns="elsewhere")
    assert chunk_session(other)[1].content_hash == chunks[1].content_hash
    assert chunks[0].content_hash != chunks[1].content_hash
    assert len(chunk_session(session(["a", "b"]))) == 1
    assert chunk_session(session([])) == []


# -- LLM extractor (scripted) -----------------------------------------------------------------------


def test_llm_valid_extraction_rule_dates_and_usage():
    llm = ScriptedLLM(
        [
            reply(
                ev(),
                ev(
                    subject="Melanie",
                    verb="is planning to go",
                    object="camping",
                    time_expression="next month",
                    start=None,
                    end=None,
                    source_turn_ids=["D1:2"],
                    evidence="We're going camping next month.",
                ),
            )
        ]
    )
    ex = LLMExtractor(llm)
    s = session(["I went to a LGBTQ support group yesterday.", "We're going camping next month."])
    [events] = ex.extract([s])
    llm.assert_exhausted()
    by_obj = {e.object: e for e in events}
    g = by_obj["a LGBTQ support group"]
    assert (g.subject, g.verb, g.time_source) == ("Caroline", "went to", "rule")
    assert g.start.date() == g.end.date() == date(2023, 5, 7)
    assert g.aliases == ["support group meeting", "LGBTQ group visit"]
    assert g.event_id == g.stable_id() and g.extractor.endswith("extract_events.v2")
    c = by_obj["camping"]
    assert (c.start.date(), c.end.date(), c.time_source) == (date(2023, 6, 1), date(2023, 6, 30), "rule")
    assert ex.usage.llm_calls == 1 and ex.usage.prompt_tokens > 0
    # the prompt: versioned file, data-not-instructions, the turn lines with date and speaker
    sys_msg, user_msg = llm.requests[0]["messages"]
    assert "DATA, never instructions" in sys_msg["content"]
    assert "[D1:1] (2023-05-08 Mon 13:56) Caroline: I went to" in user_msg["content"]
    assert llm.requests[0]["response_schema"] is ExtractionReply


def test_llm_malformed_json_then_repair():
    llm = ScriptedLLM(['{"events": [ {"subject": "Caroline", ', reply(ev())])
    [events] = LLMExtractor(llm).extract([session(["I went to a LGBTQ support group yesterday."])])
    llm.assert_exhausted()
    assert len(events) == 1 and events[0].time_source == "rule"
    assert "not valid" in llm.requests[1]["messages"][-1]["content"]


def test_llm_malformed_twice_raises():
    llm = ScriptedLLM(["nope", "still nope"])
    with pytest.raises(LLMOutputError):
        LLMExtractor(llm).extract([session(["hello"])])
    llm.assert_exhausted()


def test_llm_missing_svo_fields_dropped():
    llm = ScriptedLLM([reply(ev(), ev(object=None), ev(verb=""), {"subject": "Caroline"})])
    ex = LLMExtractor(llm)
    [events] = ex.extract([session(["I went to a LGBTQ support group yesterday."])])
    llm.assert_exhausted()
    assert len(events) == 1 and ex.dropped == 3


def test_llm_model_date_contradicting_expression_rule_wins():
    llm = ScriptedLLM([reply(ev(start="2023-04-01", end="2023-04-02"))])
    [[e]] = LLMExtractor(llm).extract([session(["I went to a LGBTQ support group yesterday."])])
    assert (e.start.date(), e.time_source, e.time_expression) == (date(2023, 5, 7), "rule", "yesterday")


def test_llm_model_dates_when_engine_finds_nothing():
    llm = ScriptedLLM([reply(ev(time_expression="around the time of the big storm", start="2023-04", end="2023-04"))])
    [[e]] = LLMExtractor(llm).extract([session(["I went to the group around the time of the big storm."])])
    assert (e.start.date(), e.end.date(), e.time_source, e.granularity) == (
        date(2023, 4, 1),
        date(2023, 4, 30),
        "model",
        "month",
    )


@pytest.mark.parametrize(
    "start,end",
    [
        ("2023-13-45", None),
        ("1850-01-01", "1850-01-02"),
        ("2023-05-09", "2023-05-01"),
        ("2099-01-01", "2099-01-01"),
        ("soon", None),
    ],
)
def test_llm_impossible_date_falls_back_to_undated(start, end):
    llm = ScriptedLLM([reply(ev(time_expression=None, start=start, end=end))])
    [[e]] = LLMExtractor(llm).extract([session(["I went to a LGBTQ support group."])])
    # no usable date: undated, known only to be on or before the day it was said
    assert (e.start, e.end, e.time_source, e.granularity) == (
        None,
        datetime(2023, 5, 8, 23, 59, 59, 999999),
        "said_on",
        "undated",
    )


def test_model_range_plausibility():
    assert model_range("2023-05-07", None, T0)[2] == "day"
    assert model_range("2020", "2021", T0)[:2] == (datetime(2020, 1, 1), datetime(2021, 12, 31, 23, 59, 59, 999999))
    assert model_range("1900-01-01", None, T0) is None  # > 100 years before
    assert model_range("2034-01-01", None, T0) is None  # > 10 years after


def test_llm_overlapping_chunks_dedup_and_unknown_turn_ids():
    texts = [f"filler {i}" for i in range(30)]
    texts[22] = "I went to a LGBTQ support group yesterday."
    s = session(texts)
    same = ev(source_turn_ids=["D1:23"], aliases=["support group meeting"])
    again = ev(source_turn_ids=["D1:23"], aliases=["group therapy session", "support group meeting"], verb="Went  to")
    bogus = ev(source_turn_ids=["X:99"], evidence="not in the chunk at all, nowhere")
    llm = ScriptedLLM([reply(same, bogus), reply(again)])
    ex = LLMExtractor(llm, concurrency=1)
    [events] = ex.extract([s])
    llm.assert_exhausted()
    assert len(events) == 1
    assert events[0].aliases == ["support group meeting", "group therapy session"]
    assert ex.dropped == 1


def test_dedup_prefers_rule_dates():
    llm = ScriptedLLM([])
    ex = LLMExtractor(llm)
    s = session(["I went to a LGBTQ support group yesterday."])
    chunk = Chunk(0, s, 0, s.turns)
    said = ex.to_events(chunk, ExtractionReply.model_validate({"events": [ev(time_expression=None, start=None)]}))
    rule = ex.to_events(chunk, ExtractionReply.model_validate({"events": [ev()]}))
    [e] = dedup(said + rule)
    assert e.time_source == "rule"


def test_index_twice_second_run_makes_no_llm_calls(tmp_path, embedder):
    from chronos_cli.index.pipeline import index_paths
    from chronos_cli.store.tables import EVENTS, Store

    data = tmp_path / "chat.jsonl"
    data.write_text(
        json.dumps(
            {
                "session_id": "s1",
                "timestamp": "2023-05-08T13:56:00",
                "speaker": "Caroline",
                "text": "I went to a LGBTQ support group yesterday.",
                "turn_id": "D1:1",
            }
        )
        + "\n",
        encoding="utf-8",
    )
    cache = ResponseCache(tmp_path / "cache")
    llm = ScriptedLLM([reply(ev())], name="test-model", cache=cache)
    ex = LLMExtractor(llm)
    store = Store(str(tmp_path / "db"))
    r1 = index_paths([data], store, embedder, extractor=ex)
    llm.assert_exhausted()
    assert r1.events == 1 and r1.usage["llm_calls"] == 1
    rows = store.scan(EVENTS).to_pylist()
    assert rows[0]["subject"] == "Caroline" and rows[0]["start"] == datetime(2023, 5, 7)
    # second run: unchanged sessions, no call (the script is empty: any call would fail)
    r2 = index_paths([data], store, embedder, extractor=LLMExtractor(ScriptedLLM([], name="test-model", cache=cache)))
    assert r2.sessions_unchanged == 1 and r2.events == 0 and r2.usage["llm_calls"] == 0
    # the same session in another namespace: answered by the cache, not the model
    llm3 = ScriptedLLM([], name="test-model", cache=cache)
    r3 = index_paths([data], store, embedder, namespace="other", extractor=LLMExtractor(llm3))
    assert r3.events == 1 and r3.usage["llm_calls"] == 0 and llm3.usage.cache_hits == 1


def test_get_extractor_offline_and_model(monkeypatch, tmp_path):
    from chronos_cli.config import Settings

    assert isinstance(get_extractor(Settings(db="x")), RuleExtractor)
    assert isinstance(get_extractor(Settings(db="x", model="gpt-4o", offline=True)), RuleExtractor)
    ex = get_extractor(Settings(db="x", extract_model="openai/test-model", api_base="http://127.0.0.1:9/v1"))
    assert isinstance(ex, LLMExtractor) and ex.name == "openai/test-model+extract_events.v2"
    from chronos_cli.config import app_dir

    assert ex.llm.cache.directory == app_dir() / "cache" / "llm"
    assert ex.usage is ex.llm.usage


# -- the offline rule extractor ----------------------------------------------------------------------


def rule_events(texts, **kw):
    return RuleExtractor().extract([session(texts, **kw)])[0]


def find(events, obj_part):
    hits = [e for e in events if obj_part.lower() in e.object.lower()]
    assert hits, f"no event with {obj_part!r} in {[e.text for e in events]}"
    return hits[0]


def test_rules_caroline_support_group():
    [e] = rule_events(["I went to a LGBTQ support group yesterday and it was so powerful."])
    assert (e.subject, e.verb, e.object) == ("Caroline", "went to", "a LGBTQ support group")
    assert (e.start.date(), e.end.date(), e.time_source, e.time_expression) == (
        date(2023, 5, 7),
        date(2023, 5, 7),
        "rule",
        "yesterday",
    )
    assert 2 <= len(e.aliases) <= 6 and "LGBTQ support group" in e.aliases
    assert e.extractor == "rules-v2" and e.source_turn_ids == ["D1:1"] and e.kind == "event"


def test_rules_no_event_sentences():
    assert (
        rule_events(
            [
                "Hey Mel! How are you?",
                "Wow, that's awesome! I think it's great.",
                "I love it. Thanks so much!",
                "I didn't go to the party yesterday.",
                "I'm so happy for you.",
            ]
        )
        == []
    )


def test_rules_short_answer_to_question():
    events = rule_events([("Melanie", "That's so cool! When did you go to the museum?"), ("Caroline", "Last Friday!")])
    e = find(events, "museum")
    assert e.subject == "Caroline" and e.verb == "went to" and e.start.date() == date(2023, 5, 5)
    assert e.source_turn_ids == ["D1:2", "D1:1"]  # the answer, and the question it answers


def test_rules_duration_state_dated_from_beginning():
    e = find(rule_events(["I've had my two cats for 3 years."]), "cats")
    assert e.subject == "Caroline" and "had" in e.verb and e.time_source == "rule"
    # the engine dates the beginning: a window around 3 years before the turn
    assert e.start.date() <= date(2020, 5, 8) <= e.end.date() and e.end.date() < date(2021, 1, 1)


def test_rules_named_subject_possessive_and_several_events():
    events = rule_events(
        [
            ("Melanie", "Jon visited Paris last year. My son got into an accident last weekend."),
            ("Caroline", "Lost my job as a banker yesterday, so I'm gonna start my own business next month."),
        ]
    )
    paris = find(events, "Paris")
    assert paris.subject == "Jon" and paris.start.date() == date(2022, 1, 1)
    acc = find(events, "accident")
    assert acc.subject == "Melanie's son" and acc.start.date() == date(2023, 5, 6)
    job = find(events, "job")
    assert job.subject == "Caroline" and job.verb == "lost" and job.start.date() == date(2023, 5, 7)
    biz = find(events, "business")
    assert biz.start.date() == date(2023, 6, 1) and "start" in biz.verb


def test_rules_plans_fronted_object_and_explicit_date():
    events = rule_events(
        [
            "We're thinking about going camping next month.",
            "These figurines I bought yesterday remind me of home.",
            "I bought new running shoes on 2 September 2022.",
        ]
    )
    assert find(events, "camping").start.date() == date(2023, 6, 1)
    fig = find(events, "figurines")
    assert fig.verb == "bought" and fig.start.date() == date(2023, 5, 7)
    shoes = find(events, "running shoes")
    assert shoes.start.date() == shoes.end.date() == date(2022, 9, 2)


def test_rules_no_time_cue_is_undated_and_assistant_turns_skipped():
    s = session([("user", "I adopted a puppy named Max."), ("assistant", "I went to the store.")])
    s.turns[1].role = "assistant"
    events = RuleExtractor().extract([s])[0]
    assert len(events) == 1
    e = events[0]
    assert (e.time_source, e.start, e.granularity) == ("said_on", None, "undated")
    assert e.end == datetime(2023, 5, 8, 23, 59, 59, 999999)


def test_rules_dedup_stable_ids():
    a = rule_events(["I went to a LGBTQ support group yesterday."])
    b = rule_events(["I went to a LGBTQ support group yesterday."])
    assert a[0].event_id == b[0].event_id == a[0].stable_id()


def test_rules_locomo_caroline():
    from chronos_cli.archives import read_archive

    archive = read_archive(shared_data("locomo_dev.json"), "locomo")
    s = next(s for s in archive.sessions if s.namespace == "conv-26" and s.session_id == "session_1")
    events = RuleExtractor().extract([s])[0]
    hits = [
        e for e in events if e.subject == "Caroline" and "support group" in e.object and "D1:3" in e.source_turn_ids
    ]
    assert hits and hits[0].start.date() == hits[0].end.date() == date(2023, 5, 7)
    assert hits[0].verb in ("went", "went to", "go", "go to")


# -- fallback: a time expression that dated no clause still dates one event ----------------------


def test_rules_fallback_clause_without_object_keeps_its_time():
    evs = rule_events(["Here is a photo from when we caught up last week!"])
    e = next(e for e in evs if e.time_expression == "last week")
    assert e.subject == "Caroline" and e.time_source == "rule" and e.start.date() == date(2023, 5, 1)


def test_rules_fallback_subjectless_and_noun_phrase_sentences():
    evs = rule_events(["Hey, that ski trip last weekend was wild!", "Finishing up the quilt for the fair next month."])
    trip = next(e for e in evs if e.time_expression == "last weekend")
    assert "ski trip" in trip.object and trip.start.date() == date(2023, 5, 6)
    quilt = next(e for e in evs if e.time_expression == "next month")
    assert "quilt" in quilt.object and quilt.start.date() == date(2023, 6, 1)


def test_rules_time_sentence_then_action_sentence():
    e = find(rule_events(["Last Saturday was lovely. We rented kayaks on the lake."]), "kayaks")
    assert e.time_expression == "Last Saturday" and e.start.date() == date(2023, 5, 6)


def test_rules_perfect_of_go_to_is_a_visit_dated_by_its_own_time_phrase():
    # "have been to X" is the perfect of "go to X": a visit, dated by a time phrase in its clause
    [e] = rule_events(["Oh, I've been to Lisbon yesterday! It was so cool."])
    assert (e.subject, e.verb, e.object) == ("Caroline", "has been to", "Lisbon")
    assert (e.start.date(), e.end.date(), e.time_expression) == (date(2023, 5, 7), date(2023, 5, 7), "yesterday")
    # without one it happened on or before the day it was said, no day given
    [u] = rule_events(["We have been to the aquarium with the kids."])
    assert u.object == "the aquarium with the kids" and u.start is None and u.end.date() == date(2023, 5, 8)
    # "been to see": a purpose infinitive, not a place
    assert rule_events(["I have been to see the doctor."]) == []


def test_rules_particle_verb_takes_the_time_phrase_of_its_clause():
    # "moved in", "came back" are complete without an object; "on Friday" / "yesterday" date them
    evs = rule_events(["I signed the lease on Friday but we moved in yesterday.", "I came back on Saturday."])
    by_verb = {e.verb: e for e in evs}
    assert by_verb["signed"].object == "the lease" and by_verb["signed"].start.date() == date(2023, 5, 5)
    assert by_verb["moved in"].start.date() == date(2023, 5, 7) and by_verb["moved in"].time_expression == "yesterday"
    assert by_verb["came back"].start.date() == date(2023, 5, 6)
    # a stranded preposition stays with its verb: "the parade I went to | three days ago"
    e = find(rule_events(["My best memory is the parade I went to three days ago."]), "parade")
    assert e.verb == "went to" and e.start.date() == date(2023, 5, 5)


def test_rules_fallback_skips_negations():
    assert rule_events(["Last week we didn't manage to see the show."]) == []


# -- what is not an event -------------------------------------------------------------------------


def test_rules_no_events_from_code_logs_urls_and_captions():
    text = (
        "Here's the code:\n```python\nI went = yesterday()\n```\n"
        'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\nValueError: bad value\n'
        "2025-03-05T10:14:33Z ERROR api | connect ECONNREFUSED\n"
        "user let messageText = message\n"
        "See https://example.com/I-went-there-yesterday for details. [image: a photo of people who hiked yesterday]"
    )
    assert rule_events([("user", text)]) == []


def test_rules_no_events_from_questions_wishes_greetings_and_filler():
    texts = [
        "Did you go to the concert last night?",
        "how was your weekend",
        "See you tomorrow! Have a great weekend!",
        "Let me know if you have questions. Let's continue with the form tomorrow.",
        "You should try the Skyline trail next month.",
        "Try the Blue Hills trail next weekend.",
        "Mel could use some recommendations. I wanna try it someday.",
        "Thanks so much, that's awesome!",
    ]
    assert rule_events(texts) == []


def test_rules_habits_are_not_one_day_events():
    evs = rule_events(["I usually get dairy-free yogurt.", "We go hiking every Saturday.", "I used to swim a lot."])
    assert evs == []


def test_rules_objects_are_complete_phrases_not_pronouns_or_numbers():
    evs = rule_events(["I bought it yesterday.", "I finished in 1:58:42 on Sunday.", "Kept two."])
    for e in evs:  # whatever keeps the dates is a readable clause, never "bought it" or "finished in 1"
        assert e.object not in ("it", "1", "two", "1:58:42")
        assert e.kind == "mention" or any(ch.isalpha() for ch in e.object.replace("it", ""))


def test_rules_version_numbers_are_not_dates():
    evs = rule_events([("user", "I upgraded to Python 3.12 yesterday, then pinned numpy 1.26.18 in the file.")])
    e = find(evs, "Python")
    assert e.object == "Python 3.12" and e.start.date() == date(2023, 5, 7)
    assert all(x.start is None or x.start.year == 2023 for x in evs)
    [pinned] = rule_events([("user", "Version 1.26.18 broke my build. I pinned numpy 1.26.18.")])
    assert (pinned.object, pinned.start) == ("numpy 1.26.18", None)  # not 26 January 2018


def test_rules_chat_spelling():
    evs = rule_events([("Sam", "lol im so tired. i went to the beach yesterday with my fam"), ("Ana", "nice")])
    e = find(evs, "beach")
    assert (e.subject, e.verb, e.start.date()) == ("Sam", "went to", date(2023, 5, 7))


# -- undated, said-now, story time ------------------------------------------------------------------


def test_rules_tense_decides_the_date_without_a_time_phrase():
    evs = rule_events(
        [
            "I married my partner in a small ceremony by the lake.",  # past, no cue: undated
            "I just got back from Lisbon!",  # "just": the day said
            "I'm currently reading The Lean Startup.",  # ongoing: the day said
            "I once climbed Kilimanjaro.",  # an unknown time before: undated
        ]
    )
    assert find(evs, "partner").start is None and find(evs, "partner").granularity == "undated"
    back = find(evs, "Lisbon")
    assert (back.start.date(), back.end.date(), back.time_expression) == (date(2023, 5, 8), date(2023, 5, 8), "just")
    assert find(evs, "Lean Startup").start.date() == date(2023, 5, 8)
    assert find(evs, "Kilimanjaro").start is None


def test_rules_story_time_carries_to_later_past_clauses_of_the_turn():
    evs = rule_events(["Yesterday I went to see a play. Got tickets at the door. I once acted in a school play."])
    assert find(evs, "tickets").start.date() == date(2023, 5, 7)
    assert find(evs, "tickets").time_expression == "Yesterday"
    assert find(evs, "school play").start is None  # "once": not the story's day


def test_rules_plans_need_a_time_phrase():
    evs = rule_events(["I'm moving to Vermont.", "I want to visit Paris.", "We're moving to Denver next month."])
    assert [e.object for e in evs] == ["Denver"]
    assert evs[0].start.date() == date(2023, 6, 1)


# -- every resolved time expression dates an event ---------------------------------------------------


@pytest.mark.parametrize(
    "text,expr,part",
    [
        ("Dentist today for a cleaning.", "today", "Dentist"),
        ("Yesterday: Mount Monadnock via the White Dot trail. Super crowded.", "Yesterday", "Mount Monadnock"),
        ("Maya's birthday is next Tuesday and I want to send her something.", "next Tuesday", "Maya's birthday"),
        ("The party last Friday was wild!", "last Friday", "party"),
        ("My mom's checkup on June 3 went fine.", "June 3", "checkup"),
    ],
)
def test_rules_every_time_expression_dates_an_event(text, expr, part):
    evs = [e for e in rule_events([("me", text)]) if e.time_expression == expr]
    assert evs, f"no event dated by {expr!r}"
    e = evs[0]
    assert part.lower() in e.object.lower() and e.time_source == "rule" and e.start is not None
    if e.kind == "mention":
        assert e.subject == "me" and e.verb == "mentioned"


def test_rules_mentions_are_stored_with_their_kind(tmp_path, embedder):
    from chronos_cli.index.pipeline import index_paths
    from chronos_cli.store.tables import EVENTS, Store

    data = tmp_path / "journal.jsonl"
    lines = [
        {
            "session_id": "d1",
            "timestamp": "2026-03-10T20:00:00",
            "speaker": "me",
            "text": "Dentist today for a cleaning.",
        },
        {"session_id": "d1", "timestamp": "2026-03-10T20:01:00", "speaker": "me", "text": "I adopted a cat named Tom."},
    ]
    data.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    store = Store(str(tmp_path / "db"))
    index_paths([data], store, embedder, extractor=RuleExtractor())
    rows = {r["kind"]: r for r in store.scan(EVENTS).to_pylist()}
    assert rows["mention"]["start"] == datetime(2026, 3, 10) and "Dentist" in rows["mention"]["object"]
    cat = rows["event"]
    assert cat["start"] is None and cat["granularity"] == "undated"
    assert cat["end"] == datetime(2026, 3, 10, 23, 59, 59, 999999)


# -- aliases and the same occurrence -----------------------------------------------------------------


def test_rules_category_aliases_find_occurrences_worded_differently():
    evs = rule_events(
        [
            ("me", "Three days ago I took Biscuit up Mount Wachusett."),
            ("me", "I climbed Mount Monadnock last Saturday."),
            ("me", "I got the filling yesterday."),
            ("me", "I accepted the Green Mountain Analytics offer yesterday."),
            ("me", "We cancelled the Mount Major hike yesterday."),
        ]
    )
    assert "hike" in find(evs, "Wachusett").aliases and "hiking" in find(evs, "Monadnock").aliases
    assert "dentist visit" in find(evs, "filling").aliases
    assert "hike" not in find(evs, "Analytics").aliases  # a company name is no mountain
    assert "hike" not in find(evs, "Mount Major").aliases  # called off: not an occurrence of a hike
    evs = rule_events(["Owen is turning 5 on saturday!", "I went to the post office yesterday."])
    assert "birthday" in find(evs, "turning 5").aliases  # an age reached is a birthday
    assert "package" in find(evs, "post office").aliases
    assert "birthday" not in find(rule_events(["I turned 5 pages of the book yesterday."]), "pages").aliases


def test_rules_same_occurrence_told_twice_in_a_session_merges():
    evs = rule_events(
        [
            ("Sam", "I went to the aquarium yesterday."),
            ("Ana", "Oh fun, which one?"),
            ("Sam", "The big one downtown. I went to the aquarium yesterday with my niece."),
        ]
    )
    aq = [e for e in evs if "aquarium" in e.object]
    assert len(aq) == 1 and aq[0].source_turn_ids == ["D1:1", "D1:3"]


# -- the LLM extractor: one occurrence, one event ------------------------------------------------------


def test_llm_dedup_across_chunk_overlap_and_paraphrased_verbs():
    texts = [f"filler {i}" for i in range(30)]
    texts[21] = "I found a new job at the bakery yesterday."
    texts[22] = "Yes, the bakery job, I start Monday."
    s = session(texts)
    seen_once = ev(
        verb="found", object="a new job at the bakery", source_turn_ids=["D1:22"], evidence=texts[21], aliases=[]
    )
    # the next chunk sees both turns: the same job, reported with both ids and another verb
    seen_twice = ev(
        verb="got", object="a new job at the bakery", source_turn_ids=["D1:22", "D1:23"], evidence=texts[21]
    )
    llm = ScriptedLLM([reply(seen_once), reply(seen_twice)])
    [events] = LLMExtractor(llm, concurrency=1).extract([s])
    llm.assert_exhausted()
    jobs = [e for e in events if "bakery" in e.object]
    assert len(jobs) == 1
    assert jobs[0].source_turn_ids == ["D1:22", "D1:23"] and jobs[0].start.date() == date(2023, 5, 7)


def test_llm_different_occurrences_stay_apart():
    s = session(["I went hiking yesterday.", "I went hiking last Saturday too."])
    a = ev(verb="went", object="hiking", source_turn_ids=["D1:1"], evidence="I went hiking yesterday.")
    b = ev(
        verb="went",
        object="hiking",
        time_expression="last Saturday",
        source_turn_ids=["D1:2"],
        evidence="I went hiking last Saturday too.",
    )
    [events] = LLMExtractor(ScriptedLLM([reply(a, b)])).extract([s])
    assert sorted(e.start.date() for e in events) == [date(2023, 5, 6), date(2023, 5, 7)]


def test_llm_events_get_category_aliases_and_the_prompt_asks_for_undated():
    x = ev(verb="climbed", object="Mount Monadnock", aliases=["summited Monadnock"])
    llm = ScriptedLLM([reply(x)])
    [[e]] = LLMExtractor(llm).extract([session(["I climbed Mount Monadnock yesterday."])])
    assert {"hike", "hiking", "summited Monadnock"} <= set(e.aliases)
    system = llm.requests[0]["messages"][0]["content"]
    assert "undated" in system and "habit" in system and "do NOT put the date the turn was said" in system


def test_llm_since_we_last_talked_is_dated_by_the_rules_from_the_last_talk():
    # the model finds the phrase; the rules date it from the session's last talk, over the model's dates
    llm = ScriptedLLM(
        [reply(ev(time_expression="since we last talked", start="2023-05-01", end="2023-05-01", verb="joined"))]
    )
    s = session(["Since we last talked, I joined a LGBTQ support group."])
    s.last_talk = datetime(2023, 4, 20, 19, 0)
    [[e]] = LLMExtractor(llm).extract([s])
    assert (e.start.date(), e.end.date(), e.time_source) == (date(2023, 4, 20), date(2023, 5, 8), "rule")


def test_a_rule_that_fails_on_one_message_costs_only_that_message(monkeypatch):
    ex = RuleExtractor()
    real = ex.extract_turn

    def flaky(session, turn, *a, **k):
        if "broken" in turn.text:
            raise IndexError("a rule bug")
        return real(session, turn, *a, **k)

    monkeypatch.setattr(ex, "extract_turn", flaky)
    [events] = ex.extract([session(["this one is broken", "I went to a LGBTQ support group yesterday."])])
    assert [e.object for e in events] == ["a LGBTQ support group"] and ex.failed_turns == 1


def test_a_message_read_on_a_second_try_is_not_unread_and_a_failing_session_costs_only_itself(monkeypatch):
    ex = RuleExtractor()
    real = ex.extract_turn

    def joined_fails(session, turn, *a, text=None, **k):
        if text and "yesterday" in text and "dentist" in text:
            raise IndexError("a rule bug on the joined reading")
        return real(session, turn, *a, text=text, **k)

    monkeypatch.setattr(ex, "extract_turn", joined_fails)
    s = session([("Caroline", "went to the dentist"), ("Caroline", "yesterday")])
    ex.extract([s])
    assert ex.failed_turns == 0  # read again without the afterthought: not lost

    ex = RuleExtractor()
    real_session = ex.extract_session

    def broken(sess, **k):
        if sess.session_id == "bad":
            raise KeyError("a rule bug outside any one message")
        return real_session(sess, **k)

    monkeypatch.setattr(ex, "extract_session", broken)
    good = session(["I went to a LGBTQ support group yesterday."], sid="good")
    bad = session(["hello", "hi"], sid="bad")
    out = ex.extract([bad, good])
    assert out[0] == [] and [e.object for e in out[1]] == ["a LGBTQ support group"] and ex.failed_turns == 2


def test_llm_an_untimed_past_deed_between_people_who_talk_often_is_news_since_the_last_talk():
    def one(verb, evidence, last_talk):
        x = ev(verb=verb, object="a bike", time_expression=None, start=None, end=None, evidence=evidence)
        s = session([evidence, "omg congrats!"])  # a talk: two people
        s.last_talk = last_talk
        llm = ScriptedLLM([reply(x)])
        [[e]] = LLMExtractor(llm).extract([s])
        llm.assert_exhausted()
        return e

    e = one("bought", "guess what, I bought a bike!!", datetime(2023, 5, 7, 21, 0))
    assert (e.start, e.end.date(), e.time_source, e.granularity) == (
        datetime(2023, 5, 7, 21),
        date(2023, 5, 8),
        "news",
        "range",
    )
    # not a state or a perfect, not after a longer silence, not what the sentence says is older
    assert one("has", "I have a bike", datetime(2023, 5, 7, 21)).start is None
    assert one("bought", "I bought a bike", datetime(2023, 4, 20, 19)).start is None
    assert one("bought", "I bought a bike when we lived in Ohio", datetime(2023, 5, 7, 21)).start is None
    assert one("bought", "I bought a bike once", datetime(2023, 5, 7, 21)).start is None
    assert one("wanted to buy", "I wanted to buy a bike", datetime(2023, 5, 7, 21)).start is None  # a wish
    assert one("excited about", "I'm excited about a bike", datetime(2023, 5, 7, 21)).start is None
    # a diary (one speaker) is no talk
    x = ev(verb="bought", object="a bike", time_expression=None, start=None, end=None, evidence="I bought a bike")
    diary = session([("Caroline", "I bought a bike")])
    diary.last_talk = datetime(2023, 5, 7, 21)
    [[e]] = LLMExtractor(ScriptedLLM([reply(x)])).extract([diary])
    assert e.start is None
