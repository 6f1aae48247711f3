"""Chat statements that leave out their "I'm": "heading to the gym now", "currently studying for
finals", "watching the game with my dad rn".

A sentence that opens with a progressive verb and has no other verb is the speaker's present
progressive with the subject and auxiliary dropped, as chats type it. An -ing word that opens a
sentence is just as often a gerund subject ("Dancing brings me joy", "Taking care of ourselves is
vital"), an adjunct ("Walking home, I saw a fox") or a feeling or wish ("Loving the support",
"Sending hugs"): those have another verb, a subject or a verb of feeling, and are not read."""

from __future__ import annotations

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.reference import PEOPLE
from chronos_cli.extract.runon import INTERJECTIONS
from chronos_cli.extract.words import (
    FORMS,
    INTENSIFIERS,
    OBJECT_PRONOUNS,
    POSSESSIVE,
    SUBJ_PRONOUNS,
    Tok,
    is_past,
    lemma,
)

# verbs whose progressive, said on its own, is a feeling, a wish, a greeting or a figure of speech
# rather than something the speaker is doing: "loving the support", "sending hugs", "hoping for
# the best", "looking forward to it", "keeping busy", "hanging in there", "trying my best",
# "doing great", "getting there", "counting down the days", "having a blast"
_NOT_DOING = {
    "send", "wish", "hope", "miss", "thank", "look", "keep", "hang", "try", "do", "count", "have", "be",
    "feel", "seem", "sound", "stay", "remain", "mean", "wonder", "need", "want", "say", "speak", "talk",
    "come", "kid", "joke", "laugh", "cry", "die", "rock", "kill", "pray", "thrive", "struggle", "live",
    "see", "know", "hear", "agree", "follow", "support", "believe", "guess", "bet", "suppose", "expect",
}  # fmt: skip

# the verbs of a gerund subject's sentence that say what the gerund is or does ("Attending those
# events takes guts", "Having people who back you makes a difference")
_OF_A_GERUND = {
    "makes", "takes", "helps", "brings", "gives", "keeps", "gets", "becomes", "requires", "costs", "matters",
    "sounds", "looks", "seems", "feels", "pays", "means", "beats", "rocks", "sucks", "works", "goes", "counts",
}  # fmt: skip

# progressives chats use most whose verb the lexicon lacks (it lists verbs, and "head" is a noun there)
_UNLISTED = {"heading", "packing", "texting", "prepping", "chilling", "binging", "bingeing"}
# nouns an -ing adjective goes before ("Relaxing day", "Exciting news"); not "time": "spending time"
_ADJ_NOUNS = {"day", "days", "night", "morning", "evening", "afternoon", "weekend", "week", "times", "news", "stuff"}
_ANSWERS = {"ok", "okay", "alright", "yeah", "yes", "yep", "so", "well", "anyways"}
_PRONOUNS = {"it", "that", "this", "there", "what", "he", "she", "everything", "which", "who"}
_OPEN = {".", "!", "?", "…", ":", ";"}
_LEAD = {"currently", "still", "just", "finally", "now", "busy", "already", "actually", "literally"}


def implied_progressive(toks: list[Tok], i: int) -> int | None:
    """The index of the -ing verb when the sentence starting at ``i`` is a present progressive
    with "I'm" left out, else None."""
    if i > 0 and toks[i - 1].text not in _OPEN and toks[i - 1].low not in INTERJECTIONS | _ANSWERS:
        return None  # inside a sentence: "I love | painting landscapes", "after | running"
    j = i
    while j < len(toks) and toks[j].low in _LEAD:
        j += 1
    if j >= len(toks):
        return None
    w = toks[j].low
    if not (w.endswith("ing") and (w in FORMS or w in _UNLISTED)) or lemma(w) in _NOT_DOING or lemma(w) in L.MENTAL:
        return None
    if j + 1 < len(toks) and toks[j + 1].low in _ADJ_NOUNS:
        return None  # "Relaxing day at the beach", "Exciting news": an adjective before its noun
    rest = []
    for t in toks[j + 1 :]:
        if t.text in _OPEN:
            if t.text == "?":
                return None  # "Heading out?"
            break
        rest.append(t)
    for k, t in enumerate(rest):
        low = t.low
        if low in SUBJ_PRONOUNS - {"it"}:
            return None  # "Walking home, I saw a fox": an adjunct to the clause that follows
        if (low in L.BE and low != "'s") or low in L.MODAL or low in L.HAVE or low == "'ll":
            return None  # "Taking care of ourselves is vital", "Running can boost your mood"
        if low == "'s" and not (k > 0 and (rest[k - 1].text[:1].isupper() or rest[k - 1].low in PEOPLE)):
            return None  # "Writing's a huge part of me", "… - it's so heartwarming" ("my mom's house" stays)
        if is_past(low) and low in FORMS:
            return None  # "Seeing them made my day"
        if low in ("a", "an") and k > 0 and _bare_noun(rest[k - 1]):
            return None  # "searching for the perfect dance studios a tough job": "studio's", a copula typed away
        after_det = k > 0 and (rest[k - 1].low in L.DETERMINERS or rest[k - 1].low in POSSESSIVE)
        if low.endswith("s") and not after_det and (low in _OF_A_GERUND or (k == 0 and FORMS.get(low, low) != low)):
            return None  # "Dancing brings me joy", "Biking sounds like a great way", "Networking really pays off"
    return j


def implied_place(toks: list[Tok], i: int) -> bool:
    """The sentence starting at ``i`` says where the speaker is right now with "I'm" left out:
    "at the dentist rn", "currently at the airport", "still at work lol". A place phrase alone
    ("at the beach!") may caption a photo or answer a question, so it needs a word of now."""
    if i > 0 and toks[i - 1].text not in _OPEN and toks[i - 1].low not in INTERJECTIONS | _ANSWERS:
        return False
    j = i
    while j < len(toks) and toks[j].low in _LEAD:
        j += 1
    if j + 1 >= len(toks) or toks[j].low not in ("at", "in"):
        return False
    now = any(t.low in ("currently", "still") for t in toks[i:j])
    for k in range(j + 1, len(toks)):
        t = toks[k]
        if t.text in _OPEN:
            if t.text == "?":
                return False
            break
        if t.low in SUBJ_PRONOUNS or t.low in L.BE or t.low in L.MODAL or t.low in L.HAVE or is_past(t.low):
            return False  # "at the party, I met Jo": a scene for the clause that follows
        now = now or t.low in ("rn", "atm", "now") or (t.low == "moment" and toks[k - 1].low == "the")
    return now


def _bare_noun(t: Tok) -> bool:
    """A word that ends a noun phrase, so "a" after it starts a second one with no verb between."""
    return (
        t.text.isalpha()
        and t.low not in L.PREPOSITIONS
        and t.low not in FORMS
        and t.low not in _UNLISTED
        and t.low not in PEOPLE
        and t.low not in OBJECT_PRONOUNS
        and t.low not in L.DETERMINERS
        and t.low not in POSSESSIVE
        and t.low not in INTENSIFIERS
    )
