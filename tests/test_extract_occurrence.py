"""What is no occurrence (chronos_cli/extract/occurrence.py and the clause checks of the rule
extractor): suggestions, farewells, hopes, hedges, exclamations, effort, objects only pointed at,
someone else's words. Each rule is shown with a sentence it drops and one it keeps."""

from __future__ import annotations

from datetime import date

import pytest

from tests.test_extract import find, rule_events

YESTERDAY = date(2023, 5, 7)  # rule_events speaks on Monday 2023-05-08


@pytest.mark.parametrize(
    "text",
    [
        "Let's make sure we make progress in the coming weeks.",  # a suggestion, and its complement
        "Alright, see you tomorrow!",  # a farewell: no plan to date
        "Fingers crossed a producer falls in love with it.",  # a hope
        "Maybe even back then, I was inspired by stories about courage.",  # a hedge opening the sentence
        "I've had quite the adventure!",  # an exclamation, nothing named
        "We worked hard on it.",  # effort, no object
        "Since we last spoke, I started teaching people how to make this.",  # what is made is only pointed at
        "I just revised on of my old recipes.",  # two prepositions in a row: a typo misread
        "Their words touched me; they said my story had brought them comfort.",  # someone else's words
    ],
)
def test_not_an_occurrence(text):
    assert rule_events([text]) == []


def test_a_clause_run_on_after_a_formula_is_kept_but_its_complement_is_not():
    evs = rule_events(["so glad you liked it I went to the council meeting last Friday"])
    assert find(evs, "council meeting").start.date() == date(2023, 5, 5)
    assert rule_events(["make sure we finish the report next week"]) == []


def test_a_hedge_holds_for_its_sentence_only():
    assert find(rule_events(["Back then, I was inspired by stories about courage."]), "stories")
    kept = rule_events(["Maybe, I don't know. I went to the museum yesterday."])
    assert find(kept, "museum").start.date() == YESTERDAY


def test_an_exclamation_that_names_the_occasion_or_a_quantity_is_kept():
    assert find(rule_events(["We had quite the adventure in Paris last week."]), "Paris")
    assert find(rule_events(["I had quite a few drinks at the party yesterday."]), "drinks")


def test_a_manner_adverb_after_the_verb_is_part_of_the_verb():
    late = find(rule_events(["I worked late yesterday."]), "")
    assert (late.verb, late.object, late.start.date()) == ("worked late", "", YESTERDAY)


def test_an_activity_named_in_full_is_kept():
    assert find(rule_events(["I started learning how to cook."]), "cook")


def test_the_speakers_own_report_is_kept():
    assert find(rule_events(["I told my boss about the new project yesterday."]), "boss").start.date() == YESTERDAY


def test_numbers_joined_by_and_are_one_object():
    ev = find(rule_events(["We booked a ryokan in Kyoto for the 14th and 15th."]), "ryokan")
    assert ev.object.endswith("the 14th and 15th")


# -- a bare "it" in a dated mention -----------------------------------------------------------------


def test_it_takes_the_thing_named_earlier_in_the_turn():
    [ev] = rule_events(
        ["I've got other stuff like my hand-painted bowl. A friend made it for my 18th birthday ten years ago."]
    )
    assert "made it [my hand-painted bowl] for my 18th birthday" in ev.object
    assert ev.start.date() <= date(2013, 5, 8) <= ev.end.date()  # ten years before it was said


def test_it_takes_the_thing_the_previous_message_asked_about():
    evs = rule_events(
        [("Ana", "That plate is awesome! Did you make it?"), ("Sam", "Yeah, I made it in pottery class yesterday.")]
    )
    assert find(evs, "[That plate]").start.date() == YESTERDAY


def test_it_takes_what_the_photo_shows():
    evs = rule_events(["I made it in class yesterday. [image: a photo of a bowl with a black and white design]"])
    assert find(evs, "made it [a bowl]").start.date() == YESTERDAY


def test_a_subject_is_no_antecedent():
    [ev] = rule_events(["love the herb bed idea. my sister and I will build it together next weekend"])
    assert "[the herb bed idea]" in ev.object


@pytest.mark.parametrize(
    "text",
    [
        "The last time I did it was about two weeks ago.",  # an action pointed at: nothing named
        "Sure! I'm going to make it this weekend.",  # nothing to point at
    ],
)
def test_it_pointing_at_nothing_named_yields_nothing(text):
    assert rule_events([text]) == []


def test_a_person_pronoun_or_a_determiner_is_no_pointer():
    assert find(rule_events(["I took them to the zoo last week."]), "zoo")
    assert find(rule_events(["I finished that book last week."]), "that book")
