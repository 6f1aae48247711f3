"""Sentences typed on without their full stop: where one ends inside what looks like one.

Chats run sentences together ("i took plenty of beach pics thanks for sharing", "… some people
it really bugged me"); these tests tell where the next sentence starts, from how English
clauses open, so an object or a quoted mention can end there."""

from __future__ import annotations

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.occurrence import FELT
from chronos_cli.extract.words import (
    BASE,
    FORMS,
    GREET_TAIL,
    INTENSIFIERS,
    LINKING,
    OBJECT_PRONOUNS,
    POSSESSIVE,
    PUNCT_BREAK,
    SUBJ_PRONOUNS,
    TIME_WORDS,
    WH,
    Tok,
    is_past,
    is_verbish,
    lemma,
)


def run_on_before(toks: list[Tok], i: int, covered: set[int]) -> str:
    """The words before ``i`` end a clause, so a subject there starts a new sentence run on
    without its full stop: a time phrase, an adverb, an object pronoun or an interjection ("…
    happening to me I ran …", "… yesterday I went …"), or a copula's short complement ("sounds
    awesome I'm so happy"). After a noun the subject opens a relative clause instead ("the
    support I got"), unless the new clause has its own object ("… schools and centers I'm also
    hosting a dance competition": "noun"); after a verb the subject opens a complement ("knowing
    I'm helping"). Returns "end", "noun" or "" (no new sentence)."""
    if i == 0 or not toks[i - 1].text.isalpha():
        return ""
    prev = toks[i - 1]
    if prev.start in covered or prev.low in TIME_WORDS or prev.low in OBJECT_PRONOUNS or prev.low in GREET_TAIL:
        return "end"
    if prev.low in L.ADVERBS and prev.low not in ("so", "just", "only", "even", "also", "still"):
        return "end"
    if i >= 2 and toks[i - 2].low in SUBJ_PRONOUNS and (prev.low in L.MODAL or prev.low in L.BE or prev.low in L.HAVE):
        return "end"  # "yeah I did | I talked to him": a short answer, complete on its own
    back = [t.low for t in toks[max(0, i - 3) : i - 1]]
    if back and back[-1] in LINKING or (len(back) > 1 and back[-2] in LINKING and back[-1] in INTENSIFIERS):
        return "end"
    if (
        prev.low in _NOT_RUN_ON
        or prev.low in L.DETERMINERS
        or prev.low in L.PREPOSITIONS
        or prev.low in L.CLAUSE_BREAK
        or prev.low in L.BE
        or prev.low in L.HAVE
        or prev.low in L.MODAL
        or is_verbish(prev.low, after_aux=True)
    ):
        return ""  # "knowing I'm helping", "the day that I left": a clause inside this one
    return "noun"


# words after which "I" continues the clause rather than opening a run-on one ("the day that I
# left", "as I said", "than I thought", "like I did")
_NOT_RUN_ON = {"that", "which", "who", "whom", "whose", "what", "how", "where", "when", "whether", "as", "than"}

_NOT_RUN_ON |= {"like", "whatever", "wherever", "whenever", "why", "if", "unless", "because", "and", "or"}

INTERJECTIONS = {"wow", "lol", "haha", "hahaha", "omg", "yay", "hey", "oh", "ugh", "anyway", "btw"}

# sentence adverbs, which open a sentence when a subject follows ("… | thankfully everyone was fine")
OPENERS_MID = {"thankfully", "luckily", "fortunately", "unfortunately", "sadly", "hopefully", "honestly"}

# nouns a relative clause with no "that" hangs on ("the way it looked", "the time it took")
_RELATIVE_HEADS = {"way", "time", "day", "place", "moment", "year", "night", "reason", "week", "month", "morning"}

SUBJECT_STARTS = {"my", "our", "his", "her", "their", "the", "everyone", "everything", "nobody", "nothing", "someone"}

_THANK_NOUNS = {"note", "card", "gift", "letter", "message", "email", "present", "basket"}

_NUMBER_WORDS = {"one", "two", "three", "four", "five", "some", "many", "lots", "no", "several", "plenty"}

# adjectives that leave an object still waiting for its noun ("a closer | look at", "a quick | look")
_BEFORE_A_NOUN = {"closer", "better", "quick", "good", "great", "long", "close", "proper", "final", "first", "real"}

# prepositions the lexicon keeps as particles, which may still lead a noun phrase ("under the table")
_MORE_PREPOSITIONS = {"under", "over", "behind", "through", "around", "near", "past", "along", "inside", "outside"}
_MORE_PREPOSITIONS |= {"beneath", "across", "beside", "between", "toward", "towards", "onto", "into"}
_OBJECT_WORDS = {"it", "them", "me", "us", "everything", "something", "anything", "people", "life"}
_FINITE_AHEAD = 5  # "… a hike | the view from the top was amazing"


def new_clause(toks: list[Tok], k: int) -> bool:
    """Token ``k``, inside an object, starts a new clause of a sentence typed on without its full
    stop: filler ("… pics thanks for sharing"), a presenting frame ("… look at this"), a subject
    pronoun with its verb ("… some people | it really bugged me"), or a noun phrase with a verb
    and an object of its own ("… my hand-painted bowl | a friend made it", "… feedback | my hard
    work is paying off"). A verb with no object after it is a relative clause on the noun ("the
    necklace my grandma gave me", "a gift my mom loved") and stays in the object."""
    t = toks[k]
    nxt = toks[k + 1].low if k + 1 < len(toks) else ""
    nxt2 = toks[k + 2].low if k + 2 < len(toks) else ""
    prev = toks[k - 1].low if k else ""
    prev2 = toks[k - 2].low if k > 1 else ""
    contraction = nxt in ("'s", "'re", "'ll", "'m", "'ve", "'d")
    if t.low in ("it", "he", "she", "they", "you") and contraction and (prev in OBJECT_PRONOUNS or prev == "her"):
        return True  # "… about it | they've been supportive", "… with her | she's so funny"
    no_noun_yet = (  # "a closer | look at", "a deeper look", "another look", "a thank you gift"
        prev in L.DETERMINERS
        or prev in FELT
        or prev in _BEFORE_A_NOUN
        or prev in ("another", "one")
        or (prev2 in L.DETERMINERS and prev2 != "her" and prev.endswith("er"))
    )
    if no_noun_yet or not prev.isalpha():
        return False
    thanking = (t.low, nxt) in (("thanks", "for"), ("thank", "you")) and nxt2.rstrip("s") not in _THANK_NOUNS
    if t.low in INTERJECTIONS or thanking:
        return prev != "to"  # "… pics | thanks for sharing"; "went to thank my teacher", "thank you notes"
    if t.low in OPENERS_MID and (nxt in SUBJ_PRONOUNS or nxt in SUBJECT_STARTS or nxt == ","):
        return True  # "… the accident | thankfully everyone was fine", "… | thankfully, my son's ok"
    if (t.low, nxt) in (("look", "at"), ("check", "out")) or (t.low, nxt2) == ("check", "out"):
        return True
    if t.low in L.MODAL and nxt in ("n't", "'t"):
        return True  # "… just right | can't wait to see it": a subjectless sentence typed on
    noun_before = (  # not after a verb ("made it"), a wh-word or a complementizer
        not is_past(prev)
        and not prev.endswith("ing")
        and prev not in L.BE | L.HAVE | L.MODAL
        and (prev not in FORMS or FORMS[prev] == prev)
        and prev not in WH
        and prev not in _NOT_RUN_ON
    )
    if t.low in ("it", "he", "she", "they", "you", "there") and noun_before:
        if nxt in ("'s", "'re", "'ll", "'m") if t.low not in ("it", "there") else nxt in ("'s", "'ll", "'d"):
            return True  # "… communities | it's so sad"; "the restaurant you'd mentioned" stays
        if t.low not in ("it", "there") or prev in _RELATIVE_HEADS:
            return False  # "the dog | you gave me", "the way | it looked": a relative clause on the noun
        if t.low == "there":  # "… | there was a power cut"; "the music there was loud" is a place
            return nxt in L.BE and (nxt2 in L.DETERMINERS or nxt2 in _NUMBER_WORDS)
        return is_past(nxt) or nxt in L.BE or nxt in L.MODAL or (nxt in L.ADVERBS and (is_past(nxt2) or nxt2 in L.BE))
    if t.low not in L.DETERMINERS and t.text not in POSSESSIVE:
        return False
    if prev in L.PREPOSITIONS or prev in _MORE_PREPOSITIONS or prev in L.CLAUSE_BREAK:
        return False  # "in | the park", "under | the table", "and | the view": the object goes on
    # the noun phrase's own words come first, then its verb: "my hard work | is", "a friend | made it"
    for j, x in enumerate(toks[k + 1 : k + 2 + _FINITE_AHEAD]):
        after = toks[k + 2 + j].low if k + 2 + j < len(toks) else ""
        inner_pp = x.low == "of" or (
            x.low in ("from", "at", "in", "on") and (after in L.DETERMINERS or after in POSSESSIVE)
        )
        if (
            x.text in PUNCT_BREAK
            or (x.low in L.PREPOSITIONS and not inner_pp)
            or x.low in SUBJ_PRONOUNS
            or x.low in L.CLAUSE_BREAK
        ):
            return False  # "her the mug | I made", "that | I glazed": a relative clause's verb
        if j == 0 or x.low == "'s":
            continue  # the noun phrase's first word; "the dance studio's stuff": a possessive as often as "is"
        if x.low in L.BE or x.low in L.HAVE or x.low in L.MODAL:
            # "the dress the girl at the shop | was wearing yesterday": a relative clause, its object
            # gap the noun before; "my hard work | is paying off" goes on with a particle or object
            v = toks[k + 2 + j].low if k + 2 + j < len(toks) else ""
            w = toks[k + 3 + j] if k + 3 + j < len(toks) else None
            gap = (
                (v.endswith("ing") or is_past(v))
                and lemma(v) in BASE
                and v not in FELT
                and (w is None or w.text in PUNCT_BREAK or w.low in TIME_WORDS or w.low in L.PREPOSITIONS)
            )
            return not (gap and (w is None or w.low not in L.PARTICLES))
        if is_past(x.low) or (j == 1 and x.low.endswith("s") and FORMS.get(x.low, x.low) != x.low):
            # a verb with its own object opens a clause; one with none ends a relative clause
            return after in L.DETERMINERS or after in POSSESSIVE or after in ("it", "them")
        last = toks[k + j].low  # the word before x
        if (
            j >= 2
            and t.low in ("these", "those")
            and FORMS.get(x.low) == x.low
            and x.low not in L.PREPOSITIONS
            and x.low not in ("like", "as", "near", "past")
            and (last.endswith("s") or (last in L.ADVERBS and toks[k + j - 1].low.endswith("s")))
            and (after in L.DETERMINERS or after in POSSESSIVE or after in _OBJECT_WORDS)
        ):
            # "… at the pride fest | those supportive friends (definitely) make everything worth it":
            # a plural noun phrase, then a present verb with its own object
            return True
    return False
