"""The offline rule policy (``RulePolicy`` + ``chronos_cli.ask.offline``/``occurrences``): which
occurrence a question means, how it is dated, how counts count, and what the answer reads like.

The policy reads typed hits; here they are written by hand (the turns a search would return),
so each rule is checked on exactly the wording it is about. The real temporal engine dates
them. The rule planner's operations are checked on questions of the shapes the issue lists.
"""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from chronos_cli.ask.occurrences import (
    Matcher,
    Occurrence,
    asks_plan,
    date_in_turn,
    event_occurrence,
    turn_occurrence,
)
from chronos_cli.ask.offline import PAST_PLAN_SHARE, PLAN_PENALTY, asks_start, when_key
from chronos_cli.ask.plan import hop_plans, rule_plan
from chronos_cli.ask.policy import AgentState, RulePolicy
from chronos_cli.ask.steps import TOOL_NAMES, Step, ToolCallRecord
from chronos_cli.hits import EventHit, TurnHit

NOW = datetime(2024, 9, 1, 12, 0)


def turn(text: str, said: str, speaker: str = "Ana", sid: str = "s1", tid: str | None = None, role="other"):
    t = datetime.fromisoformat(said)
    tid = tid or f"{sid}:{abs(hash(text)) % 10_000}"
    return TurnHit(
        key=f"ns/{sid}/{tid}",
        namespace="ns",
        session_id=sid,
        session_key=f"ns/{sid}",
        turn_id=tid,
        t_conv=t,
        speaker=speaker,
        role=role,
        text=text,
    )


def event(t: TurnHit, subject: str, verb: str, obj: str, *, start=None, end=None, gran="day", aliases=(), expr=None):
    day_end = t.t_conv.replace(hour=23, minute=59, second=59)
    return EventHit(
        event_id=f"e{abs(hash((t.key, verb, obj))) % 100_000}",
        namespace="ns",
        session_id=t.session_id,
        source_turn_ids=[t.turn_id],
        subject=subject,
        verb=verb,
        object=obj,
        aliases=list(aliases),
        time_expression=expr,
        start=datetime.fromisoformat(start) if start else None,
        end=datetime.fromisoformat(end) if end else day_end,
        granularity=gran if start else "undated",
        time_source="rule" if start else "said_on",
        t_conv=t.t_conv,
        evidence=t.text,
    )


def ask(question: str, turns: list[TurnHit], events: list[EventHit] = (), now: datetime = NOW, around=()):
    """The policy's answer when the searches return ``turns`` and ``events`` (in that order)
    and the initial retrieval seeded the same turns (``around``: with the turns around them)."""
    plan = rule_plan(question, now)
    policy = RulePolicy()
    state = AgentState(
        question=question, now=now, plan=plan, seed=list(turns), around=list(around), enabled=list(TOOL_NAMES)
    )
    decision = policy.decide(state)
    records = []
    for c in decision.tool_calls:
        results = list(events) if c.name.endswith("events") else list(turns)
        records.append(ToolCallRecord(id=c.id, name=c.name, arguments=c.arguments, kind="", results=results))
    state.steps.append(Step(index=1, kind="tool", tool_calls=records))
    return plan, policy.decide(state)


# ------------------------------------------------------------------------------------------
# the planner reads the operation
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "q, op",
    [
        ("Which week did Ana visit Rome?", "when"),
        ("What month did Ana plan to visit the aquarium?", "when"),
        ("When did Sam meet his team after returning from Boston?", "when"),  # one date, not a comparison
        ("Did Ana go to Rome before she moved to Paris?", "compare"),
        ("Which came first, the 10K or the half marathon?", "compare"),
        ("How long have I had Biscuit?", "when"),
        ("When did I last see the dentist?", "latest"),
    ],
)
def test_rule_operation(q, op):
    assert rule_plan(q, NOW).operation == op


def test_targets_leave_out_the_kind_of_answer_but_keep_a_plan_that_is_the_thing():
    assert rule_plan("What month did Ana plan to visit the aquarium?", NOW).targets.words() == [
        "Ana",
        "visit",
        "aquarium",
    ]
    assert "plan" in rule_plan("When did I start my training plan?", NOW).targets.words()


def test_a_part_that_names_nothing_is_about_the_part_before():
    plan = rule_plan("How many times did I go hiking in 2026, and when was the last one?", datetime(2026, 11, 29))
    (q1, p1), (q2, p2) = hop_plans(plan.hops, datetime(2026, 11, 29))
    assert (p1.operation, p2.operation) == ("count", "latest")
    assert p2.targets.words() == ["hiking"] and p2.time_range == p1.time_range


# ------------------------------------------------------------------------------------------
# which occurrence
# ------------------------------------------------------------------------------------------


def test_the_events_own_time_phrase_beats_a_later_mention():
    start = turn("I started learning the cello last month, my teacher is great.", "2024-03-10T18:00")
    later = turn("I'm learning the cello, it's going well.", "2024-05-02T18:00", sid="s2")
    plan, d = ask("When did Ana start learning the cello?", [later, start])
    assert d.answer_range == {"start": "2024-02-01", "end": "2024-02-29"}
    assert "February 2024" in d.answer


def test_asked_when_it_started_the_telling_of_the_start_beats_a_state_told_later():
    later = turn("I'm still volunteering at the animal shelter.", "2024-07-02T18:00", sid="s2")
    start = turn("I started volunteering there about a year ago, after my neighbour adopted a dog.", "2024-03-10T18:00")
    still = event(later, "Ana", "is volunteering at", "the animal shelter", start="2024-07-02T00:00", expr="still")
    plan, d = ask("When did Ana start volunteering at the animal shelter?", [later, start], [still])
    assert d.answer_range == {"start": "2023-01-24", "end": "2023-04-24"}  # about a year before 2024-03-10
    # asked when she volunteers, the state told that day is the answer
    plan, d = ask("When is Ana volunteering at the animal shelter?", [later, start], [still])
    assert d.answer_range == {"start": "2024-07-02", "end": "2024-07-02"}


def test_asked_for_the_first_time_a_phrase_that_says_since_when_dates_it():
    trip = turn("I took my turtles to the lake yesterday!", "2024-08-01T18:00", sid="s2")
    had = turn("My turtles are the best. I've had them for 3 years now.", "2024-04-20T18:00")
    plan, d = ask("When did Ana first get her turtles?", [trip, had])
    assert d.answer_range["start"].startswith(("2020", "2021")) and d.answer_range["end"].startswith("2021")
    assert "for 3 years now" in d.answer


@pytest.mark.parametrize(
    "q, starts",
    [
        ("When did Joanna first watch the film?", True),
        ("When did Maria and John first meet?", True),
        ("when did i start running?", True),
        ("When did John's sister start college?", True),
        ("When did Ana win her first chess tournament?", False),  # the first occurrence, not a start
        ("When did Ana get first place in the contest?", False),
        ("When did Ana quit the band she started?", False),  # "started" in a relative clause
    ],
)
def test_a_start_is_asked_by_the_questions_own_verb(q, starts):
    assert asks_start(q) is starts


def test_a_start_question_is_not_answered_by_at_first_or_a_fresh_start():
    went = turn("I went to Paris in 2019 and fell in love with the city.", "2024-03-10T18:00")
    nervous = turn("At first I was nervous, but Paris last month was amazing.", "2024-07-02T18:00", sid="s2")
    plan, d = ask("When did Ana first go to Paris?", [nervous, went])
    assert d.answer_range == {"start": "2019-01-01", "end": "2019-12-31"}
    adopted = turn("I adopted a dog in March, her name is Luna.", "2024-05-10T18:00")
    second = turn("Adopting a second dog last week felt like a fresh start.", "2024-08-01T18:00", sid="s2")
    plan, d = ask("When did Ana first adopt a dog?", [second, adopted])
    assert d.answer_range == {"start": "2024-03-01", "end": "2024-03-31"}


def test_a_first_occurrence_is_not_re_dated_by_how_long_a_hobby_has_lasted():
    t = turn("I won my first chess tournament yesterday! I've been playing chess for 3 years now.", "2024-05-12T18:00")
    plan, d = ask("When did Ana win her first chess tournament?", [t])
    assert d.answer_range == {"start": "2024-05-11", "end": "2024-05-11"}
    plan, d = ask("When did Ana start playing chess?", [t])  # the sentence that says since when
    assert d.answer_range["start"].startswith(("2020", "2021")) and d.answer_range["end"].startswith("2021")


def test_a_start_question_takes_how_long_only_from_the_sentence_that_tells_it():
    t = turn("I started playing chess in 2015. My cat has been with me for 3 years now.", "2024-05-12T18:00")
    plan, d = ask("When did Ana start playing chess?", [t])
    assert d.answer_range == {"start": "2015-01-01", "end": "2015-12-31"}


def test_a_start_told_of_something_else_is_no_start_of_what_was_asked():
    reading = turn("I'm currently reading The Lean Startup, so good.", "2023-05-27T18:00", speaker="Jon")
    gym = turn("Started hitting the gym last week.", "2023-03-16T18:00", speaker="Jon", sid="s2")
    plan, d = ask('When did Jon start reading "The Lean Startup"?', [reading, gym])
    assert d.answer_range["start"].startswith("2023-05")


def test_a_past_event_told_the_day_it_happened_keeps_its_date_for_a_start_question():
    first = turn("I went to my first pottery class today, so fun!", "2024-02-10T18:00")
    later = turn("Pottery class was great last week, love it.", "2024-06-10T18:00", sid="s2")
    plan, d = ask("When did Ana start taking pottery classes?", [later, first])
    assert d.answer_range == {"start": "2024-02-10", "end": "2024-02-10"}


def test_a_phrase_earlier_in_the_turn_dates_what_follows():
    t = turn("Something exciting happened last Friday. I went to a game convention and met new people.", "2024-06-12")
    plan, d = ask("When did Ana go to a convention?", [t])
    assert d.answer_range == {"start": "2024-06-07", "end": "2024-06-07"}  # the Friday before Wed 12 June
    assert "last Friday" in d.answer and "game convention" in d.answer  # both sentences quoted


def test_the_speakers_name_matches_their_i():
    mine = turn("Last week was wild - I volunteered at the shelter and they gave me a medal!", "2024-08-09")
    other = turn("Maria, you volunteer at the shelter so often.", "2024-07-01", speaker="John", sid="s2")
    plan, d = ask("When did Maria receive a medal from the shelter?", [other, mine])
    assert d.answer_range == {"start": "2024-07-29", "end": "2024-08-04"}


def test_a_question_is_not_the_occurrence():
    asked = turn("Have you been to the aquarium?", "2024-05-01", speaker="Ben")
    told = turn("We went to the aquarium last Sunday with the kids.", "2024-06-12", sid="s2")
    plan, d = ask("When did Ana go to the aquarium?", [asked, told])
    assert d.answer_range == {"start": "2024-06-09", "end": "2024-06-09"}


def test_a_plan_question_gets_the_plan():
    went = turn("The museum was fun yesterday.", "2024-04-02")
    plan_turn = turn("I'm going to visit the aquarium next month!", "2024-05-20", sid="s2")
    plan, d = ask("What month did Ana plan to visit the aquarium?", [went, plan_turn])
    assert d.answer_range == {"start": "2024-06-01", "end": "2024-06-30"}


def test_asked_what_was_done_a_plan_whose_day_has_gone_by_counts_against_it_by_half():
    t = turn("porks off the menu from tmrw", "2024-09-20T18:00")
    day = (datetime(2024, 9, 21), datetime(2024, 9, 21, 23, 59, 59))

    e = event(t, "Tom", "mentioned", "porks off the menu from tmrw", start="2024-09-21", expr="tmrw")

    def occurrence(planned: bool, hit=e) -> Occurrence:
        return Occurrence(
            hit=hit, text=t.text, speaker="Tom", role="other", said=t.t_conv, session_id="s1", title="",
            turn_ids=[t.turn_id], start=day[0], end=day[1], granularity="day", dated=True, phrase="tmrw",
            sentence=t.text, lex=1.0, sem=1.0, planned=planned,
        )  # fmt: skip

    done, plan = occurrence(False), occurrence(True)
    asked = dict(wants_plan=False)
    before, after = datetime(2024, 9, 21, 9), datetime(2024, 10, 7, 12)
    # the day still to come: the whole penalty; gone by: half of it
    assert when_key(done, **asked) - when_key(plan, now=before, **asked) == pytest.approx(PLAN_PENALTY)
    assert when_key(done, **asked) - when_key(plan, now=after, **asked) == pytest.approx(PLAN_PENALTY * PAST_PLAN_SHARE)
    assert 0 < PAST_PLAN_SHARE < 1
    # a turn's own time phrase may be another clause's: the whole penalty
    assert when_key(done, **asked) - when_key(occurrence(True, t), now=after, **asked) == pytest.approx(PLAN_PENALTY)


def test_meaning_not_every_word_literally():
    """No turn has "married": "wedding" is another word for it, and no word asked is missing."""
    t = turn("Our wedding last Saturday was perfect, everyone danced.", "2024-06-12")
    plan, d = ask("When did Ana get married?", [t])
    assert not d.answer.startswith("I found nothing")
    assert "closest match" not in d.answer and "wedding" in d.answer
    assert d.answer_range == {"start": "2024-06-08", "end": "2024-06-08"}


def test_no_word_alike_the_closest_match_is_flagged():
    t = turn("Our big day last Saturday was perfect, everyone danced.", "2024-06-12")
    plan, d = ask("When did Ana get married?", [t])
    assert not d.answer.startswith("I found nothing") and "closest match" in d.answer


def test_nothing_found_only_when_nothing_was_retrieved():
    plan, d = ask("When did Ana get married?", [])
    assert d.answer.startswith("I found nothing") and d.answer_range is None


def test_an_undated_mention_agrees_with_a_plan_for_that_day():
    plan_turn = turn("I'm moving to Burlington on June 27.", "2024-06-10")
    day = turn("Moving day. We were in the new place in Burlington by 4.", "2024-06-27T23:00", sid="s2")
    plan, d = ask("When did Ana move to Burlington?", [day, plan_turn])
    assert d.answer_range == {"start": "2024-06-27", "end": "2024-06-27"}
    assert "on the day: “We were in the new place in Burlington by 4.”" in d.answer


def test_how_long_counts_from_the_phrase_that_says_so():
    t = turn("My dog Rex is getting chunky. I've had him for 3 years this month.", "2024-04-20", speaker="me")
    other = turn("Rex ate a sock yesterday.", "2024-08-01", speaker="me", sid="s2")
    plan, d = ask("How long have I had Rex?", [other, t])
    assert "Since about April 2021" in d.answer and "3 years 4 months" in d.answer


def test_a_stay_is_told_from_its_first_to_its_last_day():
    t1 = turn("At the airport, Lisbon tonight!", "2024-09-12T06:00", speaker="me", sid="j1")
    t2 = turn("Lisbon, day 4: a day trip to Sintra.", "2024-09-15T22:00", speaker="me", sid="j2")
    t3 = turn("I got back from Lisbon three days ago.", "2024-09-22T20:00", speaker="me", sid="c1")
    plan, d = ask("When was I in Lisbon?", [t3, t1, t2], now=datetime(2024, 11, 1))
    assert d.answer_range == {"start": "2024-09-12", "end": "2024-09-19"}


# ------------------------------------------------------------------------------------------
# counting
# ------------------------------------------------------------------------------------------


def test_the_same_visit_told_twice_counts_once_and_plans_and_questions_do_not_count():
    journal = turn("Dentist today for a cleaning.", "2024-03-05T20:00", speaker="me", sid="j1")
    chat = turn("I had a cleaning at the dentist yesterday, no cavities.", "2024-03-06T10:00", speaker="me", sid="c1")
    second = turn("Dentist this morning: a temporary crown.", "2024-05-10T19:00", speaker="me", sid="j2")
    planned = turn("I'll see the dentist next Friday about the crown.", "2024-05-01T10:00", speaker="me", sid="c2")
    asked = turn("Should I switch dentists?", "2024-06-01T10:00", speaker="me", sid="c3")
    cancelled = turn("I cancelled the dentist appointment today, I'm sick.", "2024-07-02T10:00", speaker="me", sid="j3")
    turns = [journal, chat, second, planned, asked, cancelled]
    plan, d = ask("How many times did I go to the dentist in 2024?", turns)
    assert d.answer.startswith("2 times")
    listed = [ln for ln in d.answer.splitlines() if ln.startswith("- ")]
    assert [re.search(r"2024-\d\d-\d\d", ln).group(0) for ln in listed] == ["2024-03-05", "2024-05-10"]
    assert "also told in session c1" in listed[0]  # the chat about the same visit
    assert "2024-06-01" not in d.answer and re.search(r"Not counted \(called off\).*2024-07-02", d.answer)


def test_aliases_carry_the_category():
    t = turn("Yesterday: Mount Monadnock via the White Dot trail.", "2024-05-03T21:00", speaker="me")
    e = event(t, "me", "climbed", "Mount Monadnock", start="2024-05-02", end="2024-05-02T23:59:59", aliases=["hike"])
    plan, d = ask("How many times did I go hiking in 2024?", [t], [e])
    assert d.answer.startswith("1 time") and "2024-05-02" in d.answer


# ------------------------------------------------------------------------------------------
# what the answer reads like
# ------------------------------------------------------------------------------------------


def test_the_answer_names_quotes_dates_and_cites():
    t = turn(
        "I cracked a molar two weeks ago and last Friday the dentist put on a temporary crown.",
        "2024-11-17T13:15",
        speaker="user",
        role="user",
        sid="chat-9",
    )
    junk = event(t, "me", "mentioned", "Dentist", start="2024-11-15", end="2024-11-15T23:59:59")
    junk = junk.model_copy(update={"kind": "mention"})
    good = event(t, "the dentist", "put on", "a temporary crown", start="2024-11-15", end="2024-11-15T23:59:59")
    plan, d = ask("When did I last see the dentist?", [t], [junk, good])
    first = d.answer.splitlines()[0]
    assert first.startswith("The most recent: Friday 2024-11-15: the dentist put on a temporary crown")
    assert "“I cracked a molar two weeks ago and last Friday the dentist put on a temporary crown.”" in first
    assert "session chat-9, said Sun 2024-11-17" in first
    assert "mentioned Dentist" not in d.answer


def test_an_undated_occurrence_says_it_is_only_a_bound():
    t = turn("First appointment with my new dentist, just a cleaning.", "2024-09-02T18:00", speaker="me")
    plan, d = ask("When did I see my new dentist?", [t], now=datetime(2024, 11, 1))
    assert "on or before Monday 2024-09-02" in d.answer and "no date was given" in d.answer


def test_the_first_person_is_the_reader():
    t = turn("I started my new job on Monday.", "2024-07-10T12:00", speaker="user", role="user")
    e = event(t, "user", "started", "my new job", start="2024-07-08", end="2024-07-08T23:59:59")
    plan, d = ask("When did I start the new job?", [t], [e])
    assert "Monday 2024-07-08: you started your new job" in d.answer


# ------------------------------------------------------------------------------------------
# pieces
# ------------------------------------------------------------------------------------------


def test_irregular_verbs_and_compounds_match():
    m = Matcher(rule_plan("When did I run the half-marathon?", NOW), "When did I run the half-marathon?", set())
    lex, pos = m.match("I ran the Lake Champlain Half Marathon on Sunday!")
    assert lex == 1.0 and len(pos) == 3


@pytest.mark.parametrize(
    "asked, text, found",
    [
        ("party", "I participated in a march", False),  # "parti-" begins another word
        ("grandma", "my grand plan", False),
        ("water", "we hiked to a waterfall", False),
        ("class", "a classic film", False),
        ("mentor", "the mentorship program", True),  # a derivation is the same word
        ("child", "the children loved it", True),
        ("learn", "I learnt a lot", True),
        ("musician", "music is my life", True),
        ("chilling", "just chillin at home", True),  # a typed g-drop
        ("plane", "the planet", False),  # "t" only after a consonant
        ("therapy", "my therapist", True),  # the stemmer's "i" for a final "y" gives way
        ("history", "a historian", True),
    ],
)
def test_a_shared_start_matches_only_as_the_same_word(asked, text, found):
    q = f"When did Ana talk about the {asked}?"
    m = Matcher(rule_plan(q, NOW), q, {"Ana"})
    assert any(t.word == asked for t in m.terms)
    _, pos = m.match(text)
    assert bool(pos) == found


def test_a_number_matches_its_digits():
    q = "When was Owen's fifth birthday party?"
    m = Matcher(rule_plan(q, NOW), q, {"Ana"})
    _, pos = m.match("Owen is turning 5 on saturday")
    assert pos  # "fifth" ~ "5"
    assert m.match("his 5th birthday")[1] and m.match("he turns five")[1]
    assert len(m.match("the first party of the year")[1]) == 1  # the party alone: "first" is no 5


def test_a_phrase_in_a_question_dates_nothing():
    text = "Did you go hiking last week? I went to the lake yesterday."
    sp = date_in_turn(text, datetime(2024, 6, 12), [text.index("lake")])
    assert sp.text == "yesterday"
    assert date_in_turn("Did you go hiking last week?", datetime(2024, 6, 12), [0]) is None


def test_elapsed_time_questions_ask_for_dates_not_a_count():
    from chronos_cli.ask.offline import compare_items
    from chronos_cli.ask.plan import rule_operation

    q = "How many days between the 10K and the half marathon?"
    assert rule_operation(q, has_range=False) == "compare"
    assert compare_items(q) == ["10K", "half marathon"]
    assert rule_operation("How many weeks ago did I adopt Biscuit?", has_range=False) == "when"
    assert rule_operation("How many times did I go hiking?", has_range=False) == "count"


# ------------------------------------------------------------------------------------------
# comparisons, what is coming, how long something lasted
# ------------------------------------------------------------------------------------------


def test_a_comparison_dates_each_item_by_a_day_it_happened_not_by_an_ongoing_range():
    # "my first hike since October" says since when there was no hike, not when a hike was
    since = turn("It was my first real hike since October and my calves are still sore.", "2024-04-14T20:00", "me")
    hiked = turn("Yesterday I hiked the Skyline Trail with Maya.", "2024-04-14T21:00", "me", sid="s2")
    dentist = turn("Dentist today for a cleaning.", "2024-03-05T19:00", "me", sid="s3")
    plan, d = ask("Which came first, the dentist or the hike?", [since, hiked, dentist], now=datetime(2024, 11, 1))
    assert d.answer.splitlines()[0] == "dentist came first (2024-03-05), then hike (2024-04-13)."


def test_the_next_appointment_is_the_one_after_now():
    past = turn("Dentist appointment today, just a cleaning.", "2024-03-05T19:00", "me")
    booked = turn("Booked a dentist appointment for March 19.", "2024-03-10T10:00", "me", sid="s2")
    ahead = turn("Dentist appointment this morning for a temporary crown.", "2024-11-13T19:00", "me", sid="s3")
    later = turn(
        "The dentist's office called: the next appointment is on December 6, 2024.", "2024-11-20T12:00", "me", "s4"
    )
    now = datetime(2024, 11, 29)
    plan, d = ask("When is my next dentist appointment?", [booked, past, ahead, later], now=now)
    assert d.answer_range == {"start": "2024-12-06", "end": "2024-12-06"}
    # none ahead: said plainly, with the latest one before now (not an old plan) as context
    plan, d = ask("When is my next dentist appointment?", [booked, past, ahead], now=now)
    assert "nothing planned after now" in d.answer
    assert d.answer_range == {"start": "2024-11-13", "end": "2024-11-13"}


def test_how_long_a_trip_lasted_is_its_first_to_its_last_day():
    t1 = turn("At the airport, Lisbon tonight!", "2024-09-12T06:00", speaker="me", sid="j1")
    t2 = turn("Lisbon, day 4: a day trip to Sintra.", "2024-09-15T22:00", speaker="me", sid="j2")
    t3 = turn("I got back from Lisbon three days ago.", "2024-09-22T20:00", speaker="me", sid="c1")
    plan, d = ask("How long did the Lisbon trip last?", [t3, t1, t2], now=datetime(2024, 11, 1))
    assert plan.operation == "when"  # "last" is the verb here, not "the last time"
    assert d.answer_range == {"start": "2024-09-12", "end": "2024-09-19"}
    assert d.answer.startswith("About 7 days") and "2024-09-12" in d.answer and "2024-09-19" in d.answer
    plan, d = ask("How long was the Lisbon trip?", [t1], now=datetime(2024, 11, 1))
    assert "Only one day is known" in d.answer


def occurrence_of(question: str, e: EventHit, t: TurnHit):
    """The occurrence the policy reads from event ``e`` of turn ``t``, for ``question``."""
    return event_occurrence(e, Matcher(rule_plan(question, NOW), question, {"Ana"}), 0.5, t)


def test_a_plan_is_told_by_the_events_own_verb_not_by_another_clause_of_its_sentence():
    q = "When did Ana get mentored?"
    told = turn("You won't believe it - I got mentored by a business coach yesterday!", "2024-06-16T18:00")
    got = event(
        told,
        "Ana",
        "got",
        "mentored by a business coach",
        start="2024-06-15",
        end="2024-06-15T23:59:59",
        expr="yesterday",
    )
    assert not occurrence_of(q, got, told).planned
    plan_turn = turn("I'm going to get mentored by a business coach next week.", "2024-06-16T18:00")
    going = event(
        plan_turn, "Ana", "is going to get", "mentored by a business coach", start="2024-06-17", end="2024-06-23"
    )
    assert occurrence_of(q, going, plan_turn).planned
    # a plan said for a past day is still a plan, told by its verb ("wanted to visit … last week")
    wish_turn = turn("I wanted to visit my mom last week, but work got busy.", "2024-06-16T18:00")
    wish = event(wish_turn, "Ana", "wanted to visit", "my mom", start="2024-06-03", end="2024-06-09")
    assert occurrence_of(q, wish, wish_turn).planned
    # and the answer takes the mentoring that happened over one offered ahead
    offered = turn("I'm offering one-on-one mentoring to young dancers.", "2024-06-20T18:00", sid="s2")
    offer = event(offered, "Ana", "is offering", "one-on-one mentoring", start="2024-06-20", expr="'m offering")
    _, d = ask(q, [offered, told], [offer, got])
    assert d.answer_range == {"start": "2024-06-15", "end": "2024-06-15"}


@pytest.mark.parametrize(
    "verb, obj, planned",
    [
        ("is looking", "forward to starting my new job", True),  # the plan word opens the object
        ("has got", "plans to repaint the house", True),
        ("booked", "a flight to Rome", False),  # the booking itself, done the day it was told
        ("was going to", "the beach", False),  # movement, not a plan
        ("got", "a book I want to read", False),  # a wish inside a relative clause is not the clause's
        ("has booked", "a table for two", False),
        ("reached", "my goal of running a marathon", False),  # a goal reached is done
        ("made", "a wish at the fountain", False),
    ],
)
def test_an_events_own_clause_tells_its_plan(verb, obj, planned):
    t = turn(f"Yesterday I {verb} {obj}.", "2024-06-16T18:00")
    e = event(t, "Ana", verb, obj, start="2024-06-15", end="2024-06-15T23:59:59", expr="Yesterday")
    assert occurrence_of("When did Ana do it?", e, t).planned is planned


def test_an_events_own_clause_tells_a_habit_not_another_clause_of_its_sentence():
    q = "When did Ana get mentored?"
    t = turn("I got mentored by a coach yesterday, I usually hate mornings though.", "2024-06-16T18:00")
    e = event(t, "Ana", "got", "mentored by a coach", start="2024-06-15", end="2024-06-15T23:59:59")
    assert not occurrence_of(q, e, t).habitual
    walk = event(t, "Ana", "walk", "my dog every morning", start="2024-06-15", end="2024-06-15T23:59:59")
    assert occurrence_of(q, walk, t).habitual


def test_calling_off_is_told_after_the_occurrence_in_its_sentence():
    q = "When did Ana go to the dentist?"
    t = turn("I had a dentist appointment yesterday but I cancelled it.", "2024-06-16T18:00")
    e = event(t, "Ana", "had", "a dentist appointment", start="2024-06-15", end="2024-06-15T23:59:59")
    assert occurrence_of(q, e, t).cancelled


def test_when_does_asks_for_the_date_it_is_set_for_not_a_habit():
    got = turn("I GOT THE JOB!!!!", "2024-04-03T18:00", tid="a")
    starts = turn("i start at the new job in june, on the 3rd", "2024-04-03T18:05", tid="b")
    now = datetime(2024, 4, 9, 12)
    plan, d = ask("When does Ana start her new job?", [got, starts], now=now)
    assert d.answer_range == {"start": "2024-06-03", "end": "2024-06-03"}
    assert asks_plan("When does Ana start her new job?")
    assert not asks_plan("When does Ana usually go running?")  # a habit
    assert not asks_plan("When did Ana start her new job?")


def test_a_booking_told_as_done_in_the_past_is_no_plan():
    t = turn("and Ron booked our flights to Germany last night!!", "2024-04-06T11:20")
    assert not occurrence_of(
        "When did Ron book the flights?",
        event(t, "Ron", "booked", "our flights to Germany", start="2024-04-05T00:00", end="2024-04-05T23:59"),
        t,
    ).planned
    m = Matcher(rule_plan("When did Ron book the flights?", NOW), "When did Ron book the flights?", {"Ana"})
    assert not turn_occurrence(t, m, 1.0).planned  # the turn read on its own: its date is past
    ahead = turn("booked a table for friday", "2024-04-06T11:20")
    assert turn_occurrence(ahead, m, 1.0).planned  # what was booked, ahead


def chat(*lines: tuple[str, str], said: str = "2024-04-03T18:00", sid: str = "s1") -> list[TurnHit]:
    """One session's messages in order, as the store keeps them (a position each)."""
    t0 = datetime.fromisoformat(said)
    return [
        turn(text, (t0.replace(minute=i)).isoformat(), who, sid=sid, tid=f"D{i}").model_copy(update={"turn_index": i})
        for i, (who, text) in enumerate(lines)
    ]


def test_a_message_is_read_with_the_messages_around_it():
    msgs = chat(
        ("Katrin", "I GOT THE JOB!!!!"),
        ("Elaine", "WHAT!! congratulations!!!"),
        ("Elaine", "I knew it"),
        ("Katrin", "i start in june, on the 3rd"),
        ("Katrin", "i am so happy but also scared"),
    )
    old = turn("i start pottery on may 2nd", "2024-03-18T12:00", "Katrin", sid="s0")
    q = "When does Katrin start her new job?"
    now = datetime(2024, 4, 9, 12)
    seed = [old, msgs[3]]
    plan, d = ask(q, seed, now=now, around=msgs)
    assert d.answer_range == {"start": "2024-06-03", "end": "2024-06-03"}
    # without what surrounds it, the message says nothing of a job: the other start is as good
    plan, d = ask(q, seed, now=now)
    assert d.answer_range == {"start": "2024-05-02", "end": "2024-05-02"}


def test_words_clipped_as_chats_type_them_match_the_whole_word():
    first = turn("I had my first physio today!", "2024-04-02T21:30", "Elaine")
    knee = turn(
        "my knee has been bothering me all winter, the doctor says rest", "2024-03-18T12:00", "Elaine", sid="s0"
    )
    plan, d = ask("When did Elaine have her first physiotherapy session?", [knee, first])
    assert d.answer_range == {"start": "2024-04-02", "end": "2024-04-02"}


def test_asked_about_one_person_another_persons_occurrence_gives_way():
    ron = turn("Ron's bike got stolen out of our garage years ago", "2024-03-22T18:40", "Elaine", tid="a")
    mine = turn("someone stole my bike 😭😭", "2024-03-22T18:30", "Katrin", tid="b")
    plan, d = ask("When was Katrin's bike stolen?", [ron, mine])
    assert d.answer_range == {"start": "2024-03-22", "end": "2024-03-22"}
    assert "someone stole my bike" in d.answer


def test_when_does_asks_a_set_date_only_of_something_done_once():
    assert asks_plan("When does Katrin fly back home?")
    assert not asks_plan("When does Katrin celebrate her birthday?")  # it comes back every year
    assert not asks_plan("When does Katrin go to the gym?")  # a habit


def test_what_surrounds_a_message_counts_only_beside_a_word_of_its_own():
    msgs = chat(
        ("Katrin", "we finally adopted a puppy!!"),
        ("Elaine", "omg what breed"),
        ("Katrin", "a lab! we also went to the beach yesterday"),
    )
    plan, d = ask("When did Katrin adopt a puppy?", [msgs[2], msgs[0]], now=datetime(2024, 4, 9, 12), around=msgs)
    assert d.answer_range == {"start": "2024-04-03", "end": "2024-04-03"}


def test_a_message_pointing_back_is_read_with_what_it_points_at():
    msgs = chat(("Katrin", "i signed up for the english exam, cambridge B2"), ("Katrin", "it's on 27 april 😬"))
    plan, d = ask(
        "When is Katrin's Cambridge English exam?", [msgs[0], msgs[1]], now=datetime(2024, 4, 9, 12), around=msgs
    )
    assert d.answer_range == {"start": "2024-04-27", "end": "2024-04-27"}


def test_another_word_for_the_deed_asked_finds_its_telling():
    mailed = turn(
        "I went to the post office yesterday afternoon and mailed you a little something",
        "2024-03-19T12:15",
        "Elaine",
        tid="a",
    )
    came = turn("your package came!!!", "2024-04-03T18:12", "Katrin", sid="s2", tid="b")
    plan, d = ask("When did Elaine send Katrin a package?", [came, mailed])
    assert d.answer_range == {"start": "2024-03-18", "end": "2024-03-18"}
    plan, d = ask("When did Elaine's package arrive at Katrin's?", [mailed, came])
    assert d.answer_range == {"start": "2024-04-03", "end": "2024-04-03"}


def test_find_out_asks_when_the_news_was_told_not_when_something_was_found():
    found = turn("found the photos yesterday! sent them to the landlord", "2023-07-05T21:20", "Kieran", tid="a")
    news = turn(
        "landlord finally texted back, he's giving me the full deposit back", "2023-07-10T18:50", "Kieran", tid="b"
    )
    plan, d = ask("When did Kieran find out he was getting his whole deposit back?", [found, news])
    assert d.answer_range == {"start": "2023-07-10", "end": "2023-07-10"}


def test_the_year_of_a_picture_one_points_into_dates_the_picture_not_the_deed():
    t = turn(
        "found the photos btw! sent them to the landlord, the stain's clear as day in the pic from 2021",
        "2023-07-05T21:20",
        "Kieran",
    )
    e = event(t, "Kieran", "sent", "them to the landlord")
    plan, d = ask("When did Kieran send the photos to his landlord?", [t], [e])
    assert d.answer_range == {"start": "2023-07-05", "end": "2023-07-05"}


def test_ill_typed_for_i_will_is_a_plan():
    hurt = turn("think i tweaked my back on the last bit ngl", "2023-07-01T22:32", "Kieran", tid="a")
    later = turn("yeah back feels loads better, ill be there at 7", "2023-07-10T18:50", "Kieran", sid="s2", tid="b")
    plan, d = ask("When did Kieran hurt his back?", [later, hurt])
    assert d.answer_range == {"start": "2023-07-01", "end": "2023-07-01"}


def test_a_date_the_question_gives_itself_tells_nothing_new():
    t = turn("tomorrow i drive to my parents in dresden for easter, until monday", "2024-03-27T22:05", "Katrin")
    easter = event(
        t,
        "Katrin",
        "mentioned",
        "I drive to my parents in dresden for easter",
        start="2024-03-31",
        end="2024-03-31T23:59:59",
        expr="easter",
    )
    drive = event(
        t, "Katrin", "drive to", "my parents in dresden", start="2024-03-28", end="2024-03-28T23:59:59", expr="tomorrow"
    )
    for evs in ([easter, drive], [drive, easter]):
        plan, d = ask(
            "When did Katrin drive to her parents' in Dresden for Easter?", [t], evs, now=datetime(2024, 4, 15)
        )
        assert d.answer_range == {"start": "2024-03-28", "end": "2024-03-28"}


def test_news_is_answered_with_the_day_it_was_told_and_says_its_window():
    t = turn("guess what. i bought a bike!!", "2024-04-06T10:15", "Katrin", sid="s13")
    bike = event(t, "Katrin", "bought", "a bike", start="2024-04-05T21:40", gran="range")
    bike.time_source = "news"  # told with no time, the day after the last talk
    other = turn("the weather is lovely, off to the market", "2024-04-06T10:20", "Katrin", sid="s13")
    plan, d = ask("When did Katrin buy a new bike?", [t, other], [bike], now=datetime(2024, 4, 20))
    assert d.answer_range == {"start": "2024-04-05", "end": "2024-04-06"}  # the window its words give
    assert "between Friday 2024-04-05 and Saturday 2024-04-06 (told as news then" in d.answer


def test_asked_when_something_was_called_off_the_telling_of_the_cancellation_answers():
    off = turn("ugh we cancelled asheville, ivy has a stomach bug", "2025-04-02T18:00", "Owen", sid="s10")
    later = turn("we went to the aquarium yesterday since asheville was a bust", "2025-04-04T12:00", "Owen", sid="s11")
    plan, d = ask("When did Owen's family call off their Asheville trip?", [later, off], now=datetime(2025, 4, 9))
    assert d.answer_range == {"start": "2025-04-02", "end": "2025-04-02"}
    # asked when it happened, the called-off telling still gives way
    plan, d = ask("When did Owen's family go to the aquarium?", [off, later], now=datetime(2025, 4, 9))
    assert d.answer_range == {"start": "2025-04-03", "end": "2025-04-03"}


def test_news_is_not_dated_by_another_sentences_time_and_a_same_day_talk_gives_the_day():
    t = turn("guess what. i bought a bike!! last week was rough though", "2024-04-06T10:15", "Katrin", sid="s13")
    bike = event(t, "Katrin", "bought", "a bike", start="2024-04-05T21:40", gran="range")
    bike.time_source = "news"
    # the event alone (its turn not retrieved): its evidence's later "last week" is another sentence's
    plan, d = ask("When did Katrin buy a new bike?", [], [bike], now=datetime(2024, 4, 20))
    assert d.answer_range == {"start": "2024-04-05", "end": "2024-04-06"}  # since the last talk, not last week
    bike.start = datetime(2024, 4, 6, 8, 0)  # they had talked that morning
    plan, d = ask("When did Katrin buy a new bike?", [], [bike], now=datetime(2024, 4, 20))
    assert "Saturday 2024-04-06 (told as news since you last talked that day)" in d.answer


def test_a_question_mark_after_a_later_clause_leaves_the_occurrence_told():
    q = "When did Ana try rock climbing?"
    told = turn("maya took me to her climbing gym yesterday and I think I'm obsessed??", "2024-06-16T18:00")
    took = event(told, "Maya", "took", "me to her climbing gym", start="2024-06-15", end="2024-06-15T23:59:59")
    assert not occurrence_of(q, took, told).asked
    # the clause the mark ends is asked
    asked = turn("did maya take you to her climbing gym yesterday??", "2024-06-16T18:00")
    took2 = event(asked, "Maya", "took", "you to her climbing gym", start="2024-06-15", end="2024-06-15T23:59:59")
    assert occurrence_of(q, took2, asked).asked


# ------------------------------------------------------------------------------------------
# the asked deed: a dated telling of another deed done to the same thing gives way
# ------------------------------------------------------------------------------------------


def test_a_dated_telling_of_another_deed_to_the_same_thing_does_not_beat_the_asked_one():
    ordered = turn("on my lunch break, just ordered new trainers", "2023-06-20T12:00", speaker="Ellie")
    came = turn("trainers came yesterday", "2023-06-22T07:40", speaker="Ellie", sid="s2")
    evs = [
        event(ordered, "Ellie", "ordered", "new trainers", start="2023-06-20T00:00", end="2023-06-20T23:59"),
        event(came, "Ellie", "mentioned", "trainers came", start="2023-06-21T00:00", end="2023-06-21T23:59"),
    ]
    _, d = ask("When were Ellie's new trainers delivered?", [ordered, came], evs, now=datetime(2023, 7, 1))
    assert d.answer_range == {"start": "2023-06-21", "end": "2023-06-21"}


def test_a_dated_light_verb_with_another_deeds_noun_does_not_beat_the_asked_deed():
    # "had the check out inspection": "had" is light, the noun names the deed, and it is no move
    move = turn("move in date is 1st july so 2 weeks to pack everything", "2023-06-19T21:00", speaker="Kieran")
    check = turn(
        "had the check out inspection at the flat in leeds this morning", "2023-07-03T12:00", "Kieran", sid="s2"
    )
    evs = [
        event(
            move, "Kieran", "mentioned", "move in date is 1st july", start="2023-07-01T00:00", end="2023-07-01T23:59"
        ),
        event(
            check,
            "Kieran",
            "had",
            "the check out inspection at the flat in leeds",
            start="2023-07-03",
            end="2023-07-03T23:59",
        ),
    ]
    _, d = ask("When did Kieran move into his new flat in Leeds?", [move, check], evs, now=datetime(2023, 7, 11))
    assert d.answer_range == {"start": "2023-07-01", "end": "2023-07-01"}
    # asked about the inspection, the light verb's noun is the deed asked
    _, d = ask("When did Kieran have the inspection at his flat?", [move, check], evs, now=datetime(2023, 7, 11))
    assert d.answer_range == {"start": "2023-07-03", "end": "2023-07-03"}


def test_an_undated_telling_of_the_asked_deed_beats_a_dated_look_at_the_thing():
    looked = turn("jess and I looked at that apartment on elm yesterday", "2025-03-23T10:00", speaker="Mari")
    approved = turn("jess and I got approved!!!!", "2025-04-02T19:00", speaker="Mari", sid="s2")
    evs = [
        event(looked, "Mari", "looked at", "that apartment on elm", start="2025-03-22T00:00", end="2025-03-22T23:59"),
        event(approved, "Mari", "got", "approved"),
    ]
    _, d = ask(
        "When did Mari and Jess get approved for the apartment?", [looked, approved], evs, now=datetime(2025, 4, 10)
    )
    assert d.answer_range == {"start": "2025-04-02", "end": "2025-04-02"}
    # asked about the look itself, the dated look answers
    _, d = ask("When did Mari and Jess look at the apartment?", [looked, approved], evs, now=datetime(2025, 4, 10))
    assert d.answer_range == {"start": "2025-03-22", "end": "2025-03-22"}


@pytest.mark.parametrize(
    "q, deeds",
    [
        ("When were Ellie's new trainers delivered?", {"deliv"}),
        ("When did Owen see the dentist about his cracked tooth?", set()),  # a light verb; "cracked" qualifies a noun
        ("When did Jon receive mentorship to promote his venture?", set()),  # getting; the infinitive it governs
        ("When did Ana start learning the cello?", set()),  # the start may be told as "my first lesson"
        ("When did Katrin find out she got the job?", set()),  # coming to know: the news is its object
        ("When did Dani's car break down and get towed to the shop?", {"break", "tow"}),
        ("When did Kayla go back to teaching after the winter break?", set()),  # a noun after "after the"
    ],
)
def test_the_asked_deed_is_the_questions_own_verb(q, deeds):
    from chronos_cli.ask.offline import asked_deeds

    assert asked_deeds(q) == deeds


def test_a_time_phrase_in_one_list_item_dates_no_other_item():
    from chronos_cli.ask.occurrences import date_in_turn

    text = "1. Health visitor on Thursday for his weigh in\n2. Return the sleepsuits\n3. Reply to my manager's email"
    said = datetime(2024, 2, 19, 21, 0)
    assert date_in_turn(text, said, [text.index("manager")]) is None
    assert date_in_turn(text, said, [text.index("visitor")]).text == "Thursday"
    # not a list: the story goes on from the earlier sentence's time
    prose = "We went to Rome on Thursday.\nThe food was great."
    assert date_in_turn(prose, said, [prose.index("food")]).text == "Thursday"


def test_a_turns_time_is_read_in_its_chat_spelling_with_offsets_in_the_typed_text():
    # said on Tuesday 25 June 2024: "were" typed for "we're" is no past tense
    text = "were making tamales saturday before she leaves"
    sp = date_in_turn(text, datetime(2024, 6, 25, 23), [text.index("tamales")])
    assert sp.start.date().isoformat() == "2024-06-29"
    assert text[sp.start_char : sp.end_char] == sp.text == "saturday"
    # a respelled word before the phrase shifts no offset ("its" read as "it's")
    text = "its javis graduation saturday"
    sp = date_in_turn(text, datetime(2024, 6, 17, 10), [text.index("graduation")])
    assert (sp.start.date().isoformat(), text[sp.start_char : sp.end_char]) == ("2024-06-22", "saturday")


def test_family_words_as_chats_type_them_and_near_words_of_a_trip_match():
    # "abuela" is a grandmother and the airport is where one flies from: the turn that tells it
    # beats a turn sharing only the name
    drop = turn(
        "dropped abuela at the airport this morning, she's home by tonight", "2024-03-05T09:10", "Katrin", tid="a"
    )
    other = turn("Katrin's cat knocked over the plant again", "2024-03-12T18:00", "Katrin", sid="s2", tid="b")
    plan, d = ask("When did Katrin's grandmother fly home?", [other, drop])
    assert d.answer_range == {"start": "2024-03-05", "end": "2024-03-05"}
    m = Matcher(rule_plan("When did Ana bake cookies?", NOW), "When did Ana bake cookies?", {"Ana"})
    assert m.match("made a cake for the party")[0] > m.match("went to the party")[0]


def test_a_plan_moved_to_a_new_date_answers_when_and_the_old_date_answers_originally():
    # Mon 6 May: in the morning the interview is set for Tuesday; that evening it moves to Thursday
    set_for = turn("My job interview is on Tuesday at 10, wish me luck.", "2024-05-06T09:00")
    moved = turn("They moved my job interview to Thursday, so more time to prepare.", "2024-05-06T19:00", sid="s2")
    plan, d = ask("When was Ana's job interview?", [set_for, moved])
    assert d.answer_range == {"start": "2024-05-09", "end": "2024-05-09"}
    plan, d = ask("When was Ana's job interview originally scheduled?", [set_for, moved])
    assert d.answer_range == {"start": "2024-05-07", "end": "2024-05-07"}


def test_a_plan_a_later_move_replaced_is_no_longer_the_plan():
    # the first telling matches more of the question's words; the move, said later, replaces its date
    set_for = turn("they want a video interview with the principal, next tuesday at 4", "2024-11-14T10:00")
    moved = turn("so they moved the interview to thursday, same time", "2024-11-18T12:34", sid="s2")
    plan, d = ask("When did Ana have her video interview?", [set_for, moved], now=datetime(2024, 12, 8))
    assert d.answer_range == {"start": "2024-11-21", "end": "2024-11-21"}
    # asked when it was first meant to be, the replaced date is the answer
    q = "When was Ana supposed to have her video interview?"
    plan, d = ask(q, [set_for, moved], now=datetime(2024, 12, 8))
    assert d.answer_range == {"start": "2024-11-19", "end": "2024-11-19"}


def test_a_move_of_something_else_is_no_claim_on_the_date_asked():
    # "Thursday instead." moved the X-ray, not what is asked: no word of the question is in it, nor
    # in the telling of the power coming back (in other words), which the search ranked below it
    moved = turn("Thursday instead . Same time, half past two.", "2025-02-03T10:00", sid="s2", tid="b")
    back = turn("Power came back on yesterday morning at about ten.", "2025-01-26T10:00", tid="a")
    plan, d = ask("When was Ana's electricity restored?", [moved, back], now=datetime(2025, 2, 10))
    assert d.answer_range == {"start": "2025-01-25", "end": "2025-01-25"}


def test_a_first_day_or_a_start_date_tells_a_start():
    got = turn("KEISHA GOT THE JOB", "2023-08-25T19:00", tid="a")
    first = turn("keisha first day today", "2023-09-11T08:00", sid="s2", tid="b")
    plan, d = ask("When did Keisha start her new job?", [got, first], now=datetime(2023, 9, 12))
    assert d.answer_range == {"start": "2023-09-11", "end": "2023-09-11"}
    told = turn("btw keisha start date is the 11th", "2023-09-02T11:20", sid="s3", tid="c")
    plan, d = ask("When did Keisha start her new job?", [got, told], now=datetime(2023, 9, 12))
    assert d.answer_range == {"start": "2023-09-11", "end": "2023-09-11"}


def test_asked_when_something_resumed_a_telling_of_a_return_answers():
    hurt = turn("my shin is killing me, started hurting on my run this morning", "2023-06-27T18:00", tid="a")
    back = turn(
        "went for my first run since the massage yesterday! shin felt fine", "2023-07-03T19:15", sid="s2", tid="b"
    )
    plan, d = ask("When did Ana start running again after her shin problem?", [hurt, back], now=datetime(2023, 7, 11))
    assert d.answer_range == {"start": "2023-07-02", "end": "2023-07-02"}
    # asked when it began (an "again?" asking to be reminded too), the earliest telling of a start
    for q in ["When did Ana start running?", "When did Ana start running, again?"]:
        plan, d = ask(q, [hurt, back], now=datetime(2023, 7, 11))
        assert d.answer_range == {"start": "2023-06-27", "end": "2023-06-27"}, q


def test_a_to_do_opening_with_the_asked_verb_is_no_telling_of_the_deed_done():
    # a list of things to do names the question's words best; the deed done is told later, in the
    # past tense ("replied"), with fewer of them
    todo = turn("1. Health visitor on Thursday\n2. Actually reply to my manager's email", "2024-02-19T21:42")
    done = turn(
        "Also, I finally replied to my manager's email. I'll confirm my return date soon.", "2024-02-27T13:20", sid="s2"
    )
    q = "When did Ana reply to her manager's email about going back to work?"
    plan, d = ask(q, [todo, done], now=datetime(2024, 3, 18))
    assert d.answer_range == {"start": "2024-02-27", "end": "2024-02-27"}
    # a verb whose past is its bare form, with a past date of its own, is the deed done
    read = turn("Read the contract last night, all fine", "2024-02-20T08:00", tid="r")
    plan, d = ask("When did Ana read the contract?", [read], now=datetime(2024, 3, 18))
    assert d.answer_range == {"start": "2024-02-19", "end": "2024-02-19"}


def test_a_return_the_question_is_about_asks_no_resumption():
    from chronos_cli.ask.offline import _when_terms

    assert not _when_terms("When did Ana reply to her manager's email about going back to work?").again
    assert _when_terms("When did Ana go back to work?").again


def test_a_move_of_house_is_no_plan_moved():
    went = turn("I went to the city on Saturday for a concert.", "2024-05-13T09:00")
    moved = turn("I moved to the city last year, best decision ever.", "2024-05-06T19:00", sid="s2")
    plan, d = ask("When did Ana go to the city?", [went, moved])
    assert d.answer_range == {"start": "2024-05-11", "end": "2024-05-11"}


def test_news_told_with_no_date_is_answered_with_the_days_since_the_last_talk():
    told = turn("Lost two nil at the match. Then the car would not start.", "2025-01-31T17:55", speaker="Ana")
    lost = event(told, "Ana", "lost", "two nil at the match", start="2025-01-29T11:40", end="2025-01-31T23:59:59")
    lost.time_source, lost.granularity = "news", "range"
    plan, d = ask("When did Ana lose two nil at the match?", [told], [lost], now=datetime(2025, 2, 10))
    assert d.answer_range == {"start": "2025-01-29", "end": "2025-01-31"}
    assert "between Wednesday 2025-01-29 and Friday 2025-01-31" in d.answer
    # four days back is still a window; five days back leaves the day it was told
    lost.start = datetime(2025, 1, 27, 9, 0)
    plan, d = ask("When did Ana lose two nil at the match?", [told], [lost], now=datetime(2025, 2, 10))
    assert d.answer_range == {"start": "2025-01-27", "end": "2025-01-31"}
    lost.start = datetime(2025, 1, 26, 9, 0)
    plan, d = ask("When did Ana lose two nil at the match?", [told], [lost], now=datetime(2025, 2, 10))
    assert d.answer_range == {"start": "2025-01-31", "end": "2025-01-31"}
    # a long gap since the last talk leaves the day it was told
    lost.start = datetime(2025, 1, 10, 9, 0)
    plan, d = ask("When did Ana lose two nil at the match?", [told], [lost], now=datetime(2025, 2, 10))
    assert d.answer_range == {"start": "2025-01-31", "end": "2025-01-31"}


@pytest.mark.parametrize(
    "q, window",
    [
        ("When did Denise do her Christmas baking?", None),  # a kind of baking, not the day
        ("How many Christmas parties did I go to?", None),
        ("What did I do at Christmas?", "2024-12-25"),  # the day itself
        ("When did I see Sam on Christmas Day?", "2024-12-25"),
    ],
)
def test_a_holiday_that_names_a_kind_or_what_a_deed_is_for_gives_no_window(q, window):
    plan = rule_plan(q, datetime(2025, 1, 8, 12))
    assert (plan.time_range.display if plan.time_range else None) == window
    if window is None:
        assert "Christmas" in plan.targets.words()  # still a word to find


def test_christmas_baking_is_answered_by_the_baking_not_by_a_turn_near_christmas():
    baking = turn("I made 6 dozen cookies today for christmas baking and my hands are ruined", "2024-12-18T21:15")
    shop = turn("I'm at Kroger, do we need the cranberry sauce for christmas", "2024-12-24T10:00", sid="s2")
    plan, d = ask("When did Ana do her Christmas baking?", [shop, baking], now=datetime(2025, 1, 8))
    assert d.answer_range == {"start": "2024-12-18", "end": "2024-12-18"}


def test_asked_when_it_was_booked_the_date_it_is_booked_for_is_not_the_bookings():
    t = turn("booked train tickets for the 19th btw", "2024-10-06T18:45", "Tom")
    booked = event(t, "Tom", "booked", "train tickets", start="2024-10-03T20:00", end="2024-10-06T23:59:59")
    booked.time_source, booked.granularity = "news", "range"
    trip = event(t, "Tom", "mentioned", "train tickets for the 19th", start="2024-10-19", expr="the 19th")
    trip.kind = "mention"
    for evs in ([trip, booked], [booked, trip]):
        plan, d = ask("When did Tom book the train tickets?", [t], evs, now=datetime(2024, 10, 7))
        assert d.answer_range == {"start": "2024-10-03", "end": "2024-10-06"}


def test_a_yes_answers_the_question_before_it_and_is_read_with_it():
    # the answer has none of the asked words: its "yes" stands for the question's clause
    old = chat(("Rosa", "im at the shops this morning with mum"), said="2024-03-20T18:00", sid="s0")
    msgs = chat(
        ("Tess", "wait wasnt ur pre op check today??"),
        ("Rosa", "yes this morning they took bloods and did the heart test and im all set for the 14th"),
        said="2024-04-03T18:00",
    )
    plan, d = ask(
        "When was Rosa's pre-op check?", [old[0], msgs[1], msgs[0]], now=datetime(2024, 4, 9, 12), around=[*old, *msgs]
    )
    assert d.answer_range == {"start": "2024-04-03", "end": "2024-04-03"}
    assert "this morning" in d.answer


def test_a_since_phrase_earns_its_bonus_only_where_the_telling_names_an_asked_word():
    # "shes known me for 4 years" matches "When did Keisha start her new job?" by the person only
    # (the speaker's mention names no asked word as its head): how long she has known the
    # speaker says nothing of the job
    from dataclasses import replace

    from chronos_cli.ask.offline import SINCE_BONUS

    q = "When did Keisha start her new job?"
    known = turn("shes known me for 4 years lol", "2023-09-04T20:00", speaker="Curtis", sid="s10")
    e = event(known, "Curtis", "mentioned", "she's known me for 4 years", start="2019-03-06", end="2020-03-04")
    o = replace(occurrence_of(q, e, known), rule="duration_since", core=True, head=False)
    assert when_key(o, wants_plan=False, lasting=True) == when_key(o, wants_plan=False, lasting=False)
    o = replace(o, head=True)  # a telling whose event is of the asked thing keeps it
    assert when_key(o, wants_plan=False, lasting=True) - when_key(o, wants_plan=False, lasting=False) == (
        pytest.approx(SINCE_BONUS)
    )


def test_a_since_phrase_dates_only_what_was_asked():
    # asked when a state began, "since four" of another state says nothing of it
    power = turn("the power is off here since about four o clock", "2025-01-24T21:00", speaker="Hamish", sid="s2")
    app = turn("Your mother has put the WhatsApp on my phone for me.", "2025-01-20T19:00", speaker="Hamish")
    plan, d = ask("When did Hamish start using WhatsApp?", [power, app], now=datetime(2025, 2, 10, 12))
    assert d.answer_range == {"start": "2025-01-20", "end": "2025-01-20"}
