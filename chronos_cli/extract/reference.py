"""What a bare "it" points at: the last thing named before it.

A dated mention whose object is only "it"/"this"/"that" ("A friend made it for my 18th
birthday") names nothing by itself; English resolves it to the most recent thing named before
it, which these helpers find (never a person, a time or an action)."""

from __future__ import annotations

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.occurrence import TIME_NOUNS
from chronos_cli.extract.words import (
    FORMS,
    OBJECT_PRONOUNS,
    PUNCT_BREAK,
    SUBJ_PRONOUNS,
    TIME_WORDS,
    Tok,
    is_content,
    is_past,
    lemma,
    tokenize,
)

_POINTED = {"it", "this", "that"}


def pointed_object(words: list[Tok]) -> int | None:
    """The index of a verb's object that only points at a thing: "made it", "did that", "took
    this"; not "that book" (a determiner), "saw that my friend …" (a clause), nor a person ("took
    them to the zoo": who they are is said around the turn)."""
    for k in range(1, len(words)):
        t, v = words[k], words[k - 1]
        if t.low not in _POINTED or v.low in L.BE or not (v.low in FORMS or is_past(v.low)) or lemma(v.low) in L.MENTAL:
            continue
        nxt = words[k + 1] if k + 1 < len(words) else None
        if nxt is not None and nxt.low in ("'s", "'ll", "'d", "'re"):
            continue  # "finish my care plan it's due": a contracted "it's" opens a clause, it is no object
        if (
            lemma(v.low) == "make"
            and t.low == "it"
            and nxt is not None
            and nxt.low in ("to", "through", "home", "back")
        ):
            continue  # "I made it to the last round": got there, an idiom
        if nxt is None or nxt.text in PUNCT_BREAK or nxt.low in L.PREPOSITIONS or nxt.low in TIME_WORDS | L.BE:
            return k
        if t.low == "it" and (nxt.low in L.ADVERBS or nxt.low in ("together", "again", "back", "up", "out")):
            return k
    return None


# nouns for people: "it" never points at them ("My sister loves baking. She made it …"); the
# clause parser uses them too, for the person a thing is given to
PEOPLE = {
    "sister", "brother", "mom", "dad", "mother", "father", "friend", "wife", "husband", "son", "daughter", "kid",
    "child", "children", "boss", "partner", "boyfriend", "girlfriend", "grandma", "grandpa", "grandmother",
    "grandfather", "aunt", "uncle", "cousin", "neighbor", "neighbour", "coworker", "colleague", "people", "person",
    "guy", "girl", "boy", "man", "woman", "men", "women", "baby", "family", "parent", "team", "teammate", "buddy",
    "niece", "nephew", "fiance", "fiancee", "roommate", "classmate", "teacher", "student", "doctor", "nurse",
    # British and Irish spellings of the same kin
    "mum", "mam", "nan", "nana", "gran", "granny", "grandad", "granddad", "grandparent",
}  # fmt: skip

# words that never go on a noun phrase's run of nouns and adjectives
NOT_NOUN = L.BE | L.HAVE | L.MODAL | L.CLAUSE_BREAK | L.PREPOSITIONS | L.ADVERBS | SUBJ_PRONOUNS

_NP_OPENERS = {"my", "our", "his", "her", "their", "your", "the", "a", "an", "this", "that", "these", "those"}

_NP_OPENERS |= {"another", "some"}

_NOT_A_THING = {"lot", "lots", "ton", "tons", "bunch", "bit", "couple", "few", "one", "ones", "way", "thing"}


# what a chat tags on after a noun phrase ("found the photos btw")
CHAT_TAGS = {"btw", "lol", "haha", "lmao", "tbh", "ngl", "fr", "smh", "omg", "rn", "too", "finally", "already"}


def last_thing(text: str) -> str | None:
    """The last noun phrase of ``text`` that names a thing: a determiner and up to four words,
    none a verb form, preposition, pronoun or adverb ("my hand-painted bowl", "That plate"). A
    noun phrase in a preposition right after the one found qualifies it and is not the thing
    ("the meeting with your committee", "an interview for the supervisor job at the depot")."""
    toks = tokenize(text)
    found = None
    found_end = -1  # the index after the found noun phrase's last word
    for i, t in enumerate(toks):
        if t.low not in _NP_OPENERS or (i and toks[i - 1].low in L.MODAL | {"do", "does", "did"}):
            continue  # "how does that sound": a question's subject, its verb follows
        j = i + 1
        while (
            j < len(toks)
            and j - i <= 4
            and toks[j].text.replace("-", "").isalpha()
            and toks[j].low not in NOT_NOUN
            and toks[j].low not in L.DETERMINERS
            and toks[j].low not in OBJECT_PRONOUNS
            # "made", "going", "gets" — but an -ing word after the determiner is a noun ("the meeting")
            and not (
                toks[j].low in FORMS
                and FORMS[toks[j].low] != toks[j].low
                and not (j == i + 1 and toks[j].low.endswith("ing"))
            )
        ):
            j += 1
        while j > i + 2 and (toks[j - 1].low in L.PARTICLES or toks[j - 1].low in CHAT_TAGS):
            j -= 1  # "get your car back", "pick the kids up": the particle is the verb's; "the photos btw"
        head = toks[j - 1]
        k = i - 2  # before the preposition, past the "!!!" a chat puts after the thing ("an interview!!! for …")
        while k >= 0 and toks[k].text == "!":
            k -= 1
        if found is not None and toks[i - 1].low in L.PREPOSITIONS and k + 1 == found_end:
            found_end = j  # it qualifies the thing found, and so do its own qualifiers
            continue
        if j < len(toks) and toks[j].low == "and" and (j + 1 == len(toks) or toks[j + 1].low in SUBJ_PRONOUNS):
            continue  # "my sister and I will build it": a subject, not the thing
        if (
            j > i + 1
            and is_content(head)
            and head.low not in _NOT_A_THING
            and head.low not in TIME_WORDS
            and head.low not in TIME_NOUNS
            and head.low.rstrip("s") not in PEOPLE
        ):
            found = " ".join(x.text for x in toks[i:j])
            found_end = j
    return found
