"""People named in chats typed in lower case: "did ivy start swim yet", "priya and i went".

The rule extractor knows a name by its capital in mid-sentence ("I was with Maya"). People who
type in lower case never write one, so none of the rules that read a person by name fire in their
chats. A lower-case word is taken for a name of the conversation when both hold:

- it is a first name (the lists Faker ships for its English locales: a few thousand given names
  of the US, UK, Ireland, India, New Zealand, Nigeria, Kenya, Pakistan and more), and not a word
  English also uses otherwise ("hope", "will", "grace", "mark");
- the conversation uses it the way English uses a person's name, and never as a common noun:
  - the subject of a yes/no question ("did ivy start …", "is rosie ok");
  - the subject of a clause ("priya said …", "so jean texted me");
  - told, asked, called, texted ("i told sam");
  - beside "I"/"me" ("priya and i", "me and ron");
  - after "with" ("with mara"): twice, since "with" takes any noun;
  - and never after a determiner ("the guy", "my ivy", "some hope").
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.words import FORMS, GREET_TAIL, INTENSIFIERS, OBJECT_PRONOUNS, SUBJ_PRONOUNS, TIME_WORDS

# Faker's English locales that list first names
_LOCALES = ("en", "en_US", "en_GB", "en_IE", "en_IN", "en_NZ", "en_NG", "en_KE", "en_PK")
_ATTRS = ("first_names", "first_names_male", "first_names_female", "first_names_nonbinary")

# given names that English uses as common words more often than as names
_ALSO_WORDS = {
    "will", "may", "june", "april", "august", "hope", "faith", "grace", "joy", "mark", "bill", "job", "guy",
    "chase", "art", "sue", "pat", "frank", "rose", "summer", "autumn", "winter", "dawn", "ray", "sky", "river",
    "page", "lane", "dale", "glen", "hunter", "mason", "cooper", "baker", "carter", "tucker", "parker", "king",
    "rich", "penny", "ginger", "honey", "cookie", "sugar", "angel", "baby", "sunny", "storm", "rain", "star",
    "destiny", "comfort", "else", "floor", "victory", "precious", "gift", "blessing", "charity", "patience",
    "harmony", "melody", "jazz", "ocean", "forest", "brook", "heather", "olive", "pearl", "ruby", "jade", "amber",
    "crystal", "holly", "iris", "violet", "daisy", "lily", "poppy", "willow", "hazel", "sage", "basil", "rowan",
    "major", "royal", "noble", "prince", "duke", "earl", "don", "pierce", "miles", "rod", "drew", "gene", "van",
    "max", "ace", "bo", "chance", "deal", "dash", "early", "marshal", "stone", "wade", "ward", "young",
}  # fmt: skip
_MODALS = {"can", "could", "may", "might", "must", "shall", "should", "will", "would"}
_DETERMINERS = L.DETERMINERS | {
    "ur", "its", "any", "no", "every", "each", "what", "which", "whose", "one", "such", "more", "most", "much",
    "many", "less", "another", "other", "own",
}  # fmt: skip

# what may come before a question's subject: the start of the message, a stop, an interjection
_OPENERS = {"", ".", "!", "?", ",", "and", "but", "so", "oh", "ok", "okay", "wait", "omg", "lol", "also", "btw", "then"}
# the start of a clause, before its subject
_CLAUSE_OPEN = _OPENERS | {"because", "cause", "cuz", "bc", "when", "if", "like", "since", "until", "after", "before"}
_QUESTION_AUX = {"did", "does", "has", "is", "was", "hows", "how's", "wheres", "where's"}
# verbs that take a person: "told sam", "texted priya"
_TAKES_PERSON = {
    "told", "tell", "tells", "asked", "ask", "asks", "called", "call", "texted", "text", "messaged", "thank",
    "thanked", "invited", "invite", "hugged", "hug",
}  # fmt: skip
_WITH = {"with", "w"}
# what a person's name as a subject is followed by: "priya said", "jean texted me", "rosie is off"
_AFTER_SUBJECT = {
    "said", "says", "told", "texted", "called", "asked", "thinks", "thought", "wants", "wanted", "loves", "hates",
    "knows", "knew", "gets", "got", "went", "came", "is", "was", "has", "had", "did", "does", "will", "can",
    "just", "finally", "doesnt", "didnt", "isnt", "wasnt", "cant", "wont", "never", "always", "still", "also",
    "sent", "made", "took", "left", "started", "tried", "keeps", "kept", "seems", "looks", "needs", "and",
}  # fmt: skip

_TOKEN = re.compile(r"[A-Za-z0-9']+|[^\sA-Za-z0-9]")


@lru_cache(maxsize=1)
def first_names() -> frozenset[str]:
    """The given names of Faker's English locales, in lower case (Faker is imported only here)."""
    out: set[str] = set()
    for loc in _LOCALES:
        try:
            provider = importlib.import_module(f"faker.providers.person.{loc}").Provider
        except ImportError:
            continue
        for attr in _ATTRS:
            out.update(n.lower() for n in getattr(provider, attr, ()) if n.isascii() and n.isalpha() and len(n) >= 3)
    return frozenset(out)


@lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    """Words this package's lexicons know as something else than a name."""
    return frozenset(
        set(FORMS)
        | L.BE
        | L.ADVERBS
        | L.PREPOSITIONS
        | L.CLAUSE_BREAK
        | L.DETERMINERS
        | TIME_WORDS
        | SUBJ_PRONOUNS
        | OBJECT_PRONOUNS
        | GREET_TAIL
        | INTENSIFIERS
        | _MODALS
        | _ALSO_WORDS
        | {w.lower() for w in L.NOT_NAMES}
    )


def typed_names(texts: Iterable[str]) -> set[str]:
    """The people ``texts`` name in lower case, as they are typed ("ivy")."""
    names, common = first_names(), _common_words()
    strong: Counter[str] = Counter()
    weak: Counter[str] = Counter()
    noun: set[str] = set()
    for text in texts:
        typed = _TOKEN.findall(text)
        toks = [t.lower() for t in typed]
        for i, w in enumerate(toks):
            # only a word typed in lower case: a capitalised one is known already
            if typed[i] != w or w not in names or w in common:
                continue
            p1, p2 = (toks[i - 1] if i else ""), (toks[i - 2] if i > 1 else "")
            n1, n2 = (toks[i + 1] if i + 1 < len(toks) else ""), (toks[i + 2] if i + 2 < len(toks) else "")
            if p1 in _DETERMINERS:
                noun.add(w)
            elif (
                (p1 in _QUESTION_AUX and p2 in _OPENERS)
                or (p1 in _CLAUSE_OPEN and n1 in _AFTER_SUBJECT and not (n1 == "and" and n2 not in ("i", "me")))
                or p1 in _TAKES_PERSON
                or (p1 == "and" and p2 == "me")
            ):
                strong[w] += 1
            elif p1 in _WITH:
                weak[w] += 1
    found = {w for w in strong} | {w for w, n in weak.items() if n >= 2}
    return found - noun


def capitalise(events, typed: Iterable[str]) -> None:
    """The subjects of ``events`` with the ``typed`` names written as names ("ivy | threw up in |
    her car seat" → "Ivy | …"); objects stay as typed (a mention quotes the message)."""
    words = sorted({w for w in typed if w.islower()}, key=len, reverse=True)
    if not words:
        return
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b")
    for e in events:
        e.subject = pattern.sub(lambda m: m.group(1).capitalize(), e.subject)
