"""What a photo line shows, and who one was with.

"here's a pic from last Friday with some veterans" tells that the speaker was with them then;
"a photo from our trip to Paris last month" that they went on the trip; "I was with my sister
yesterday" is an outing. A picture shown with nothing of the kind ("check out this pic i got a
while back") tells no occurrence. The rule extractor asks these questions of its mentions and
its copula clauses."""

from __future__ import annotations

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.occurrence import OCCASIONS, PHOTOS
from chronos_cli.extract.reference import PEOPLE
from chronos_cli.extract.runon import INTERJECTIONS
from chronos_cli.extract.words import FORMS, PUNCT_BREAK, TIME_WORDS, Tok, is_finite, is_past, one_of

_PICTURE_DETS = {"this", "these", "my", "our", "some", "another"}
_RELATIVE_OPENERS = {"i", "we", "you", "who", "that", "which", "he", "she", "they"}
_PHOTOGRAPHING = {"took", "snapped", "shot", "got", "captured", "found", "saw", "posted", "sent", "shared"}
# verbs that tell no deed on the thing: be, have, used (to), saying and thinking
_NOT_DOING = {"was", "were", "had", "used", "said", "told", "thought", "wanted", "tried", "meant", "needed", "planned"}


def picture_scene(words: list[Tok], sp, names: frozenset[str] = frozenset()) -> tuple[str, list[Tok]] | None:
    """What a mention that names only a picture shows that took place: ("with", the people) for
    "a pic from last Friday with some veterans" (the speaker was with them then), ("at", the
    occasion) for "a pic from our trip to Paris last month", (the verb, the thing) for "a photo
    of my horse painting I did recently" (done then); ("", []) for a picture that shows no
    occurrence ("this pic I got a while back"). None when the mention is no bare picture: one
    that goes on to say something ("this picture reminds me of a road trip we took") is read
    as any other."""
    i = 0
    while i < min(len(words), 2) and (words[i].low in L.DETERMINERS or words[i].low in _PICTURE_DETS):
        i += 1
    if i >= len(words) or words[i].low not in PHOTOS:
        return None
    # the words before the time: what follows it may be another clause ("this pics from last night
    # - looks like everyone was having a blast")
    rest = [t for t in words[i + 1 :] if t.start < sp.start_char]
    if rest and rest[0].low in ("'s", "is", "was"):
        rest = rest[1:]  # "This pic's from last night": the picture is presented, "'s" is its copula
    if rest and rest[0].text.isalpha() and rest[0].low not in L.PREPOSITIONS and rest[0].low not in _RELATIVE_OPENERS:
        return None  # the picture is the subject of a clause: "this picture reminds me of …"
    for k, t in enumerate(rest):
        if (is_finite(t.low) or is_past(t.low)) and (k == 0 or rest[k - 1].low not in _RELATIVE_OPENERS):
            return None  # a verb of its own, not a relative clause on the picture ("… I got")
    after = words[i + 1 :]
    of_someone = False  # "a pic of my son … with his new bike": the picture shows another
    k = 0
    while k < len(after):
        prep = after[k].low
        np: list[Tok] = []
        for t in after[k + 1 :]:
            if sp.start_char <= t.start < sp.end_char or t.low in _RELATIVE_OPENERS or t.low in INTERJECTIONS:
                break
            if not (t.text[:1].isalnum() or t.text in ("'s", "-")):
                break
            if t.low in ("with", "from", "at") or (t.low == "of" and not (np and np[-1].low in _QUANTIFIERS)):
                break
            np.append(t)
        if prep == "of" and np:
            of_someone = of_someone or people_at(np, 0, present=False, names=names)
            tail = after[k + 1 + len(np) : k + 4 + len(np)]
            # "a photo of my horse painting I did recently": the clause after it is the thing's
            # (not the picture's own: "a pic of my son I took")
            after_verb = tail[2].low if len(tail) > 2 else ""
            # a preposition right before the time is left at the end of the clause ("the beach we
            # went to last summer"); "to" before another word is an infinitive ("I tried to make")
            stranded = after_verb in L.PREPOSITIONS and tail[2].end + 1 >= sp.start_char
            if (
                len(tail) >= 2
                and tail[0].low in ("i", "we")
                and is_past(tail[1].low)
                and tail[1].low not in _PHOTOGRAPHING
                and tail[1].low not in _NOT_DOING
                and tail[1].start < sp.start_char
                and not people_at(np, 0, present=False, names=names)
                # "the cake I tried to make", "I was making", "I said I would": not what was done
                and (after_verb != "to" or stranded)
                and not after_verb.endswith("ing")
                and after_verb not in _RELATIVE_OPENERS
            ):
                return (f"{tail[1].text} {tail[2].text}" if stranded else tail[1].text), np
        if prep == "with" and np and not of_someone and people_at(np, 0, present=False, names=names):
            return "with", np
        if prep in ("from", "at") and np:
            head = next((x for x in np if x.low in L.PREPOSITIONS), None)
            core = np[: np.index(head)] if head is not None else np
            if core and _occasion_word(core[-1].low) and core[0].low not in _WHEN_WORDS:  # "our trip (to Paris)"
                return "at", np
        k += 1 + len(np)
    return "", []


def taken_at(obj: list[Tok]) -> tuple[str, list[Tok]] | None:
    """What a photo shown was taken at: "took this pic | in spain" → ("was in", spain), "that
    pic | on a hike" → ("went on", a hike), "these pics | during my vacation in italy" → ("went
    on", …). The picture itself is the message, not news; None when it names no place or
    occasion ("in the morning", "in a hurry", "on my birthday")."""
    i = 0
    while i < len(obj) and (obj[i].low in L.DETERMINERS or obj[i].low in _PICTURE_DETS):
        i += 1
    if i >= len(obj) or obj[i].low not in PHOTOS:
        return None
    k = i + 1
    while k < len(obj) and obj[k].low not in ("in", "at", "on", "from", "during"):
        k += 1  # "this pic of the sunset | in spain"
    if k + 1 >= len(obj):
        return None
    prep, np = obj[k].low, obj[k + 1 :]
    np = np[: next((j for j, t in enumerate(np) if j and t.low in ("with", "when", "while")), len(np))]
    # the head: the last word before the noun phrase's own preposition ("my vacation | in italy")
    core = np[: next((j for j, t in enumerate(np) if j and t.low in L.PREPOSITIONS), len(np))]
    last = next((t for t in reversed(core) if t.text.isalpha()), None)
    head = last.low if last is not None else ""
    named = last is not None and last.text[:1].isupper()  # "at Whispering Falls": a name, a place
    if not head or not named and (head in _NOT_SCENES or head.rstrip("s") in _NOT_SCENES):
        return None  # "in the morning", "at sunset", "in a hurry", "in like 5 seconds"
    if prep == "on" or prep == "during" or prep == "from":
        if one_of(head, _OUTINGS):
            return "went on", np
        return (occasion_verb(np), np) if prep != "on" and _occasion_word(head) else None
    return f"was {prep}", np


# what a photo is taken "in"/"at" that is a time or a manner, not a place
_NOT_SCENES = {
    "morning", "evening", "afternoon", "night", "day", "sunset", "sunrise", "dawn", "dusk", "noon", "midnight",
    "hurry", "rush", "second", "minute", "moment", "time", "like", "end", "beginning", "middle", "way", "light",
    "dark", "rain", "snow", "mirror", "lol", "haha", "birthday", "anniversary", "weekend", "week", "summer",
    "winter", "spring", "fall", "autumn", "year", "month",
}  # fmt: skip


# occasions one goes on rather than is at
_OUTINGS = {"trip", "walk", "hike", "run", "vacation", "holiday", "cruise", "tour", "getaway", "honeymoon", "outing"}
_OUTINGS |= {"date", "camping", "road"}
# occasions one has rather than is at: "had my surgery", "had a workout"
_HAD = {"surgery", "operation", "workout", "shift", "appointment", "lesson", "class", "session", "meeting"}
_HAD |= {"interview", "exam", "test", "checkup", "check-up", "practice", "rehearsal", "lunch", "dinner", "breakfast"}
_HAD |= {"brunch", "picnic", "barbecue", "bbq", "call", "chat", "talk", "conversation", "accident", "fall", "scare"}
_WHEN_WORDS = {"during", "before", "after", "since", "until", "till", "around"}  # "a photo from during the wedding"
_QUANTIFIERS = {"some", "all", "both", "lots", "lot", "many", "most", "one", "two", "three", "few", "couple", "each"}


def occasion_word(w: str) -> bool:
    """A noun of something that takes place ("trip", "party", "vacation")."""
    return _occasion_word(w) or one_of(w, _OUTINGS)


def _occasion_word(w: str) -> bool:
    return w in OCCASIONS or w.rstrip("s") in OCCASIONS or w in _PICTURED_OCCASIONS


# what a picture is "from" that took place, besides the occasions one "had"
_PICTURED_OCCASIONS = {
    "vacation", "holiday", "holidays", "festival", "parade", "race", "marathon", "conference", "convention",
    "fair", "graduation", "birthday", "tour", "cruise", "honeymoon", "getaway", "camping", "outing", "event",
    "game", "gig", "road",
}  # fmt: skip


# people one is with: the clause parser's PEOPLE and these
_COMPANY = {"veteran", "coworker", "colleague", "folk", "crew", "gang", "everyone", "fam", "relative", "neighbor"}
_COMPANY |= {"cousin", "grandparent", "bestie", "bff", "pal", "squad", "friends", "kids", "parents", "guys", "girls"}
_COMPANY |= {"dog", "cat", "puppy", "pup", "kitten", "kitty", "pet", "roommate", "housemate", "flatmate"}
# ties that last: "I'm with my boyfriend" tells a relationship as often as where one is
_PARTNERS = {"boyfriend", "girlfriend", "husband", "wife", "partner", "fiance", "fiancee", "bf", "gf"}


def people_at(toks: list[Tok], j: int, *, present: bool, names: frozenset[str] = frozenset()) -> bool:
    """The noun phrase at ``j`` names people one can be with ("my sister", "some of my old
    coworkers", "Jo and Sam"): not "you" (agreement) nor a thing ("the battery", "my new
    camera"). A name counts only in the past ("I was with Jo"): "I'm with Verizon" is a firm."""
    heads = []
    for t in toks[j : j + 7]:
        if t.text in PUNCT_BREAK or t.low in L.CLAUSE_BREAK and t.low != "and" or t.low in TIME_WORDS:
            break
        if t.low in L.PREPOSITIONS and t.low != "of" or t.low in INTERJECTIONS:
            break
        heads.append(t)
    if not heads or heads[0].low in _NOT_COMPANY:
        return False
    if any(one_of(t.low, _PARTNERS) for t in heads) and present:
        return False
    return (
        any(one_of(t.low, PEOPLE) or one_of(t.low, _COMPANY) for t in heads)
        or (not present and heads[0].low in names)
        or (
            not present
            and heads[0].text[:1].isupper()
            and heads[0].low not in FORMS
            and heads[0].low not in L.NOT_NAMES
        )
    )


_NOT_COMPANY = {"you", "u", "ya", "y'all", "it", "this", "that", "me", "him", "her", "them", "us"}


def occasion_verb(np: list[Tok]) -> str:
    """How one takes part in the occasion a picture is from: "went on" a trip, "had" a class,
    "was at" a concert."""
    head = next((x for x in np if x.low in L.PREPOSITIONS), None)
    core = np[: np.index(head)] if head is not None else np
    w = core[-1].low if core else ""
    return "went on" if one_of(w, _OUTINGS) else "had" if one_of(w, _HAD) else "was at"
