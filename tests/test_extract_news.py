"""News: a past deed told with no time between people who talk often is dated since their last
talk; what befell the speaker's things ("someone stole my bike"); a noun named with its time
("brunch yesterday with the girls")."""

from __future__ import annotations

from datetime import date, datetime

from chronos_cli.extract import RuleExtractor
from chronos_cli.extract.clean import normalize
from chronos_cli.models import Session, Turn
from tests.test_extract import find, rule_events, session
from tests.test_extract_chat import _two_sessions

HI = [("Katrin", "hi!! how was work"), ("Elaine", "long day, talk tmrw")]


def _news(text: str, *, gap_days: int = 1, speaker: str = "Katrin"):
    """The events of ``text`` said ``gap_days`` after the same two people last talked."""
    s1, s2 = _two_sessions(HI, [(speaker, text), ("Elaine" if speaker != "Elaine" else "Katrin", "omg")], gap_days)
    return RuleExtractor().extract([s1, s2])[1]


def test_a_past_deed_told_with_no_time_is_news_since_the_last_talk():
    e = find(_news("guess what. i bought a bike!!"), "bike")
    # the last talk was the evening of 8 May; told on 9 May
    assert (e.verb, e.time_source, e.granularity, e.time_expression) == ("bought", "news", "range", None)
    assert (e.start, e.end.date()) == (datetime(2023, 5, 8, 19, 0), date(2023, 5, 9))
    e = find(_news("Maddie lost her first tooth!!", speaker="Elaine"), "tooth")
    assert (e.subject, e.time_source, e.start.date(), e.end.date()) == (
        "Maddie",
        "news",
        date(2023, 5, 8),
        date(2023, 5, 9),
    )
    # a week apart is still keeping each other up to date
    assert find(_news("I signed up for the english exam", gap_days=7), "exam").time_source == "news"


def test_what_is_not_news_stays_undated():
    def undated(text: str, gap_days: int = 1) -> bool:
        evs = _news(text, gap_days=gap_days)
        assert evs, text
        return all(e.start is None and e.time_source == "said_on" for e in evs)

    assert undated("I signed up for the english exam", gap_days=8)  # after a longer silence it may be older
    # another clause of the sentence sets its time, or it is remembered
    assert undated("I met my husband when we went on a hiking trip")
    assert undated("I painted this after I visited the new gallery")
    assert all(e.start is None for e in _news("I remember when I did my first play") if "play" in e.object)
    assert undated("I taught 24 kids at a time for 32 years")  # a part of a life, not news
    # a reason for a state, what has lasted since, a meeting before the last talk, a noun's description
    assert undated("I've been one 'cause I lost my job")
    assert undated("I opened an online clothing store and it's been great!")
    assert undated("last time we saw each other, I noticed a spiderman pin on your purse")
    assert all(e.start is None for e in _news("but the help I got from friends was invaluable"))
    assert undated("I went to Paris once")  # remote
    assert undated("I work at the bakery on Main Street")  # a state
    # a time phrase dates it as before: no news window
    e = find(_news("i bought a bike yesterday"), "bike")
    assert (e.time_source, e.start.date(), e.time_expression) == ("rule", date(2023, 5, 8), "yesterday")


def test_news_is_read_only_between_people_not_told_to_an_assistant():
    t1, t2 = datetime(2023, 5, 8, 19), datetime(2023, 5, 9, 9)

    def chat(sid, t, user_text):
        turns = [
            Turn(session_id=sid, turn_id=f"{sid}:1", t_conv=t, speaker="user", role="user", text=user_text),
            Turn(session_id=sid, turn_id=f"{sid}:2", t_conv=t, speaker="assistant", role="assistant", text="Sure."),
        ]
        return Session(namespace="ns", session_id=sid, t_conv=t, turns=turns)

    a, b = chat("a", t1, "Help me plan a trip."), chat("b", t2, "I visited Japan and loved the food.")
    evs = RuleExtractor().extract([a, b])[1]
    e = find(evs, "Japan")
    assert b.last_talk is not None and e.start is None and e.time_source == "said_on"


def test_a_whole_occurrence_told_as_news_needs_no_object():
    e = next(e for e in _news("my car broke down") if e.verb == "broke down")
    assert (e.subject, e.time_source) == ("Katrin's car", "news")
    assert [e.verb for e in _news("we eloped!!")] == ["eloped"]
    # the speaker's own particle verb may leave out what: no "went out" event
    assert not [e for e in _news("I went out and got a physical copy!") if e.verb == "went out"]
    # a verb alone with no time and no news stays what it was: nothing (no talk before it)
    assert rule_events([("Sam", "my car broke down")]) == []


def test_someone_who_did_something_to_the_speakers_things():
    e = find(_news("someone stole my bike 😭😭"), "bike")
    assert (e.subject, e.verb, e.object, e.time_source) == ("someone", "stole", "my bike", "news")
    assert rule_events([("Sam", "Someone stole my bike yesterday")])[0].start.date() == date(2023, 5, 7)
    assert rule_events([("Sam", "someone told me about it")]) == []
    assert rule_events([("Sam", "someone should fix the printer")]) == []
    assert rule_events([("Sam", "someone said hi to the team")]) == []  # nothing of the speaker's


def test_a_noun_named_with_its_time_is_a_mention():
    [e] = rule_events([("Sam", "brunch yesterday with the girls!!")])
    assert (e.kind, e.object, e.start.date()) == ("mention", "brunch yesterday with the girls", date(2023, 5, 7))
    [e] = rule_events([("Sam", "[photo] pancakes from yesterday with your syrup!!")])
    assert "pancakes" in e.object and e.start.date() == date(2023, 5, 7)
    # a time that heads a topic, a greeting and a feeling tell no occurrence
    assert rule_events([("Sam", "Recently, education reform and infrastructure development")]) == []
    assert rule_events([("Sam", "happy friday!!")]) == []
    assert rule_events([("Sam", "lol same tonight")]) == []


def test_it_and_a_copula_before_a_time_date_the_thing_just_named():
    s = session(
        [
            ("Katrin", "i have news: i signed up for the english exam"),
            ("Katrin", "it's on 27 april 😬"),
        ]
    )
    evs = RuleExtractor().extract([s])[0]
    e = next(e for e in evs if e.source_turn_ids == ["D1:2"])
    assert (e.kind, e.start.date()) == ("mention", date(2024, 4, 27)) and "[the english exam]" in e.object
    # "it was a great day yesterday" says how it went: no thing is pointed at
    assert rule_events([("Sam", "I went to the zoo."), ("Sam", "it was a great day yesterday")])[1:] == []


def test_a_short_answer_to_a_yes_no_question_about_someone_named_dates_what_was_asked():
    s = session(
        [
            ("Ivy", "hi!"),
            ("Marisol", "did Ivy start swimming lessons yet?"),
            ("Owen", "this morning lol"),
            ("Marisol", "did you go to the dentist?"),
            ("Owen", "yesterday lol"),
        ]
    )
    evs = {e.source_turn_ids[0]: e for e in RuleExtractor().extract([s])[0]}
    assert (evs["D1:3"].subject, evs["D1:3"].verb, evs["D1:3"].start.date()) == (
        "Ivy",
        "started swimming",
        date(2023, 5, 8),
    )
    assert (evs["D1:5"].subject, evs["D1:5"].verb, evs["D1:5"].start.date()) == ("Owen", "went to", date(2023, 5, 7))


def test_it_in_an_answer_points_at_the_thing_the_question_named_as_chats_type_it():
    s = session([("Owen", "did u get ur car back?"), ("Marisol", "yep picked it up this morning after shift")])
    [e] = RuleExtractor().extract([s])[0]
    assert "[your car]" in e.object and e.start.date() == date(2023, 5, 8)
    # the particle is the verb's, not the noun's
    from chronos_cli.extract.reference import last_thing

    assert last_thing("did you get your car back?") == "your car"


def test_a_message_typed_in_capitals_is_shouted_not_a_row_of_names():
    e = find(_news("WE GOT THE APARTMENT"), "apartment")
    assert (e.subject, e.verb, e.object, e.time_source) == ("Katrin", "got", "the apartment", "news")
    assert normalize("I SIGNED THE LEASE") == "I signed the lease"
    assert normalize("NYC was great") == "NYC was great"  # a word in capitals among others is a name


def test_a_perfect_of_a_result_is_news_and_a_name_after_a_time_word_is_no_clause():
    e = find(_news("And your mother and I have booked Madeira. For January!"), "Madeira")
    assert (e.verb, e.time_source) == ("has booked", "news")
    # so is a thing put where it belongs
    e = find(_news("I've put the tomatoes out in the greenhouse"), "tomatoes")
    assert (e.verb, e.time_source) == ("has put", "news")
    # a perfect of experience or state stays undated
    assert all(e.start is None for e in _news("I've made strong connections with people there."))
    assert all(e.start is None for e in _news("I've got lots of kids' books"))
    # "after work" is no clause that sets the time ("after Sam left" is)
    [booked] = [e for e in _news("booked a sports massage for thursday after work") if e.verb == "booked"]
    assert booked.time_source == "news"
    [met] = [e for e in _news("I met my sister after Sam left") if e.verb == "met"]
    assert met.start is None


def test_how_it_went_an_instruction_and_things_handed_on_are_no_news():
    def none(text: str) -> bool:
        return _news(text) == []

    assert none("went alright")  # how something went, no going
    assert none("it went really well")
    # with no subject and no time, "put" is an instruction as much as a report
    assert none("put a bucket under it")
    e = find(_news("also set up my justgiving page, im running it for the hospice"), "justgiving")
    assert (e.verb, e.time_source) == ("set up", "news")  # the speaker's own page: the speaker did it
    assert find(rule_events(["put a bucket under it last night"]), "bucket").verb == "put"  # a past time: a report
    # "to the landlord" names who got them: what "them" are is not said here, or said before
    assert none("sent them to the landlord")
    e = find(_news("found the receipts. sent them to the landlord"), "receipts")
    assert "them" not in e.object.split()
    assert find(_news("sent the photos to the landlord"), "photos").time_source == "news"


def test_a_noun_phrase_before_is_is_no_instruction_and_a_purpose_is_no_talk_opener():
    e = find(rule_events(["move in date is 1st july so 2 weeks to pack everything"]), "move in date")
    assert (e.kind, e.start.date()) == ("mention", date(2023, 7, 1))
    assert rule_events(["Try the Skyline trail next month"]) == []  # a bare verb with its object: advice
    # "to say thank you" is why he came by; "wanted to give you the heads up" opens a talk
    e = find(rule_events(["yes!! he came by the station last week to say thank u"]), "station")
    assert (e.start.date(), e.end.date()) == (date(2023, 5, 1), date(2023, 5, 7))
    assert rule_events(["wanted to give you the heads up on what's been happening lately"]) == []


def test_a_belief_reports_the_speakers_deed_and_a_noun_phrase_before_tells_what_befell_it():
    # "I think I cracked a tooth": what the speaker believes they did happened
    e = find(_news("also i think i cracked a tooth"), "tooth")
    assert (e.subject, e.verb, e.time_source) == ("Katrin", "cracked", "news")
    assert find(_news("i think i tweaked my back on the last bit ngl"), "my back").verb == "tweaked"
    assert _news("I think I'll go to the gym") == []  # a plan in the making
    # a verbless noun phrase, then a subjectless clause of what befell a thing: the thing did it
    e = find(_news("New phone. Arrived this morning."), "")
    assert (e.subject, e.verb) == ("New phone", "arrived")
    e = find(_news("WALTERS FIRST LOAF. just came out of the oven"), "oven")
    assert e.subject.lower() == "walters first loaf"
    # a deed of a person stays the speaker's
    assert find(_news("Great day. went to the beach"), "beach").subject == "Katrin"


def test_a_short_answer_about_she_or_they_keeps_the_asked_clause_as_the_answerers_mention():
    evs = RuleExtractor().extract(
        [session([("Owen", "hows pickle? did she end up going to the vet"), ("Marisol", "yes!! yesterday")])]
    )[0]
    e = find(evs, "vet")
    assert (e.kind, e.subject, e.object, e.start.date()) == (
        "mention",
        "Marisol",
        "she ended up going to the vet",
        date(2023, 5, 7),
    )
    # a question with no thing asked gives nothing ("did she like it?")
    assert RuleExtractor().extract([session([("Owen", "did she like it?"), ("Marisol", "yesterday she did")])])[0] == []


def test_what_the_s42_readers_called_junk_is_read_as_english_reads_it():
    # a superlative the clause describes is no deed; a place in a ranking is a place
    assert _news("longest ive ever run in my lifeee") == []
    assert find(_news("WE GOT 3RD!!!"), "3rd").object == "3rd place"
    # the preposition a relative clause leaves at its end is its verb's
    assert find(_news("yeah, that pic was from a show i went to"), "show").verb == "went to"
    assert find(rule_events(["the café we went to yesterday was great"]), "café").verb == "went to"
    # a calendar fact, advice passed on, a feeling foretold: no occurrence
    assert rule_events(["wait thursday is thanksgiving lol. i'll cover whatever"]) == []
    assert rule_events(["gail said take friday too if u need it"]) == []
    assert rule_events(["My calves are going to hate me tomorrow."]) == []
    # a definite occasion with its day is a plan of the talk
    e = find(rule_events(["the party is on friday"]), "party")
    assert (e.kind, e.start.date()) == ("mention", date(2023, 5, 12))
    assert rule_events(["it's a game tomorrow"]) == []  # an indefinite one says which it is, not what happens


def test_news_no_clause_event_took_is_kept_as_the_speakers_mention():
    """A short message of news whose clause the parser takes no event from still dates the day it
    was told: the speaker's mention of the clause, since their last talk."""

    def mention(text: str, speaker: str = "Katrin"):
        evs = _news(text, speaker=speaker)
        assert len(evs) <= 1, [e.text for e in evs]
        return evs[0] if evs else None

    e = mention("oh and landlord finally texted back, he's giving me the full deposit back 🙌")
    assert (e.kind, e.subject, e.verb, e.time_source) == ("mention", "Katrin", "mentioned", "news")
    assert e.object.startswith("landlord finally texted back")
    assert (e.start, e.end.date()) == (datetime(2023, 5, 8, 19, 0), date(2023, 5, 9))
    # "I" left out before a phrase, a belief opener, a filler tail
    assert mention("smashed the target!! 🥹").object == "smashed the target"
    assert mention("think i tweaked my back on the last bit ngl").object == "I tweaked my back on the last bit"
    assert mention("someone just donated £50 on my justgiving").object.startswith("someone just donated £50")


def test_what_is_no_news_gets_no_mention():
    def nothing(text: str, gap_days: int = 1) -> bool:
        return _news(text, gap_days=gap_days) == []

    # a thought, a look, a state, what was said, negated or wished
    for text in ("i thought about it", "that looked amazing", "i was so tired", "mum said no", "i wanted to go"):
        assert nothing(text), text
    assert nothing("I won't quit, no matter what")  # "won" is no deed here
    # the listener's deed or thing, an object that points back or is the listener or speaker
    for text in (
        "you did it!!",
        "your dedication definitely paid off",
        "I GOT IT",
        "wow, the beach really inspired you",
    ):
        assert nothing(text), text
    assert nothing("they gave me a sheet of exercises")  # who "they" are is not said
    assert nothing("she cried")
    # an adjective, not a verb with its object; a name called before one
    assert nothing("Mixed emotions - definitely excited but also a bit anxious")
    assert nothing("Yeah Mel, stoked!")
    assert nothing("slammed from 6")  # busy, not a deed of the speaker's
    assert nothing("yeah this girl named priya")  # what she is called
    # a long clause ends at its last comma within reach, else where a phrase may end
    long = "so, i started looking into counseling and mental health career options, so i could help other people on their own"
    assert _news(long)[0].object == "I started looking into counseling and mental health career options"
    dictated = (
        "I started looking into counseling and mental health career options so I could help other people on their own"
    )
    assert _news(long.replace(",", ""))[0].object == dictated.removesuffix(" on their own")
    assert nothing("landlord texted back", gap_days=8)  # after a longer silence: maybe older
    # a long message's unread clauses are more often its comment on the talk than news
    news = "my sister finally texted back"
    assert not nothing(news)
    thanks = "Thanks so much, Jon! That means a lot, and all the kind words you and the rest of the group keep "
    assert nothing(thanks + "sending my way every single week really help me through the harder days. " + news)


def test_an_occasion_told_over_ended_the_day_it_was_told():
    [e] = _news("FIRST DAY AT THE NEW JOB IS DONE!! 🎉🎉")
    assert (e.kind, e.object, e.start.date(), e.end.date()) == (
        "mention",
        "first day at the new job is done",
        date(2023, 5, 9),
        date(2023, 5, 9),
    )
    assert _news("my shift is finally over lol")[0].object == "my shift is finally over"
    # nothing named ends, or something else is said of it
    for text in ("it's over", "i am so done", "the party is over there", "we are done with the kitchen"):
        assert not [e for e in _news(text) if e.kind == "mention"], text


def test_a_new_state_of_someone_or_something_is_news():
    def told(text: str):
        return [e for e in _news(text, speaker="Elaine") if e.time_source == "news"]

    e = find(told("omg my sister is engaged!!"), "engaged")
    assert (e.kind, e.subject, e.object) == ("mention", "Elaine", "my sister is engaged")
    assert (e.start, e.end.date()) == (datetime(2023, 5, 8, 19, 0), date(2023, 5, 9))
    assert find(told("Rosie's got chickenpox 😩"), "chickenpox").object == "Rosie's got chickenpox"
    assert find(told("the boiler is broken"), "boiler").time_source == "news"
    # a name typed in lower case, "'s" typed onto it
    assert find(told("priyas pregnant 🥹"), "pregnant").object == "priyas pregnant"
    # how someone or something is, a state that goes on, or a pronoun's: no news
    for text in ["mum is fine", "she is so cute", "my legs are still broken from skiing", "it is broken"]:
        assert told(text) == [], text
    assert told("the gingerbread place is sick") == []  # a thing that is "sick" is great


def test_a_state_word_that_does_not_tell_a_new_state_is_no_news():
    def told(text: str):
        return [e for e in _news(text, speaker="Elaine") if e.time_source == "news"]

    for text in [
        "if my phone is broken i'll cry",
        "hopefully the trip is cancelled",
        "my sister is missing you",
        "sam is sick of waiting",
        "dad is married to his job",
        "my dad is dead tired",
        "the app has a bug",
        "sam has cold feet about the wedding",
        "things in hospital",
        "your boiler is broken",
    ]:
        assert told(text) == [], text
    assert find(told("Sam has covid again"), "covid").object == "Sam has covid"
    # typed in lower case, "sam" is a name of the chat: its clause is parsed, and still news
    assert find(told("sam has covid again"), "covid").text == "Sam has covid"


def test_for_once_and_best_ever_say_this_time_not_some_time_long_ago():
    e = find(_news("Made it to Lyon the flight was actually on time for once"), "Lyon")
    assert (e.time_source, e.start.date(), e.end.date()) == ("news", date(2023, 5, 8), date(2023, 5, 9))
    e = find(_news("we finally saw the band, best night ever"), "band")
    assert e.time_source == "news"
    # "once" alone still says some time before
    assert all(e.start is None for e in _news("I went to Paris once"))
