"""The offline rule extractor: turns → ⟨subject, verb, object⟩ events, no model needed.

A light clause parser over English grammar, fast enough to keep offline indexing at the
embedder's speed (one regex tokenisation and one temporal-engine call per turn):

1. Only the speaker's prose is read (``clean.prose``: no code, logs, URLs, captions, quoted
   text); chat spelling is normalised ("im" → "I'm"). Questions (but not "Remember when we
   volunteered together last year?", which tells it), greetings, thanks, wishes and advice to
   the listener yield nothing (a question is kept as context for the next turn's short
   answer), nor do sentences that open with a bare verb (an instruction: "Try the Skyline trail").
2. Subjects start a clause: "I"/"we" (→ the speaker), "my X" (→ "<speaker>'s X"), "the X", a name
   (a session speaker or a word capitalised mid-sentence somewhere in the session), or nothing
   before a past-tense verb ("Lost my job yesterday" → the speaker). "NP I verb" is read as a
   fronted object ("the mug I made" → made the mug).
3. After a subject: auxiliaries, adverbs and control verbs ("started hitting", "going to
   visit"), the main verb, particles and one preposition form the verb; the object runs to a
   time expression, punctuation or a conjunction. Negated clauses, copulas with adjectives and
   mental verbs ("I think", "I love it") are skipped. An object must have content: not only
   pronouns, numbers or filler ("bought it", "finished in 1:58:42", "lol"); a verb that tells a
   whole occurrence needs none once a time phrase dates it ("I graduated last week", "we
   eloped in June": ``lexicon.COMPLETE_ALONE``), and "spent some time at the shelter" names
   where. Two joined infinitives stay in the object ("the lake to swim and relax with
   friends"); one cut at the length limit ends where its relative clause starts; "had to" + a
   word is an infinitive only for a verb ("had to reschedule the meeting", not "a vacation we
   had to california").
4. Tense and mood decide the date when no time expression dates the clause:
   - a time expression of the clause dates it (``rule``); a sentence-initial one, or one in an
     earlier sentence of the same turn, dates the simple-past clauses that continue the story
     ("Yesterday I went to a play. Got tickets at the door." → both yesterday);
   - what holds on the day said — present progressive, "just" + past, "currently", a present
     state ("my store is open") — is dated that day (``rule``, the cue as time expression);
   - wishes, possibilities, advice and plans (would/could/should, want to, hope to, will, going
     to) are events only when a time expression dates them (a plan for next month);
   - a preparation for an occasion ahead ("I'm getting ready for a dance comp next month",
     "I booked a physio appointment for Thursday") is dated by its tense — now, or undated — and
     the occasion, with the time phrase after its "for", is a mention of its own ("a dance comp
     next month"); a plan ("I'll study for it next week") or a trip keeps the time;
   - habits (usually, every week, on Saturdays, used to) are not one-day events: dropped;
   - a past deed with no cue (the simple past, or a perfect of a result: "we've booked
     Madeira") told between people who last talked at most a week before is news since that
     talk (``time_source`` "news": from the last talk to the day told; not to an assistant,
     not in a sentence whose "when …"/"since …" clause sets its time, not a relative clause,
     nor one that lasted years: ``extract/news.py``);
   - anything else — the past with no cue otherwise, "once", "as a kid", other perfects,
     states ("I work at X") — is *undated*: on or before the day it was said.
5. Every time expression the engine resolves in a statement dates at least one event of its
   turn: when no clause takes it, a ``kind="mention"`` event keeps it with the best readable
   description — the speaker, "mentioned", and the clause around it as said ("Dentist today for
   a cleaning", "Maya's birthday is next Tuesday"); what is told or remembered rather than the
   telling ("I wanted to tell you about | my school event last week", "I'll always remember |
   our camping trip last year"). Negated statements ("didn't go yesterday")
   are the exception: nothing happened.
6. A short answer ("Last Friday!") to the previous turn's question ("When did you go to the
   museum?") takes its action from the question, with the answerer as subject; an answer to a
   question about a past time ("What did you do last weekend?") is set in that time.
   A story goes on into the speaker's next message when that message continues it (opens with
   "and"/"then"/"so" or a past verb with no subject: "yesterday was wild" / "went to the beach"),
   and a past narrative of the speaker's goes on into the next past clause sent in a row ("yesterday
   i went to the zoo" / "my son fed a giraffe"), through a message that tells nothing of its own
   ("it was fun"), not into another topic ("btw …"), background ("i grew up there") or tense.
7. The same occurrence told twice in a session merges (``common.dedup``); aliases carry the
   activity's category ("climbed Mount X" → hike, hiking).
8. Chat typing is read as English: sentences run on without a full stop are split where a
   capitalised function word or a question's opening starts a new one, and "I" after a finished
   clause opens a clause ("so much happening to me I ran a charity race"), and a past time with
   its comma opens the past clause after a present one ("I'm here for you last friday, I spent
   some time at the shelter"); lower-case "i'm",
   a sentence-initial "were" for "we're", and the words chats shorten ("w/ my bro", "we r",
   "me n my sis", "went 2 the store", "frm", "bc") are read as written out, and the temporal engine reads
   chat time words ("yday", "tmrw", "2 wks ago") while events quote the message as typed.
   A sentence that leaves out "I'm" ("heading to the gym now", "currently studying for finals",
   "at the dentist rn") is the speaker's present, dated the day said, when it says it is going
   on now, answers "what are you doing?", or is a plan with a later date; not after a sentence
   about someone else or set at another time, and never a gerund subject, a thing named or a
   feeling ("Dancing brings me joy", "Loving the support"): ``ellipsis.py``, gated by
   ``RuleExtractor._implied``.
9. Not occurrences: figures of speech ("living my dream"), evaluations ("had a great
   experience", "did a great job"), amounts ("raised a ton"), intentions ("been meaning to"),
   opinions in a dated mention ("I really like your recommendation you gave a while back"), a
   relative clause's verb ("someone who shared stories", "the stuff I baked", "the friends I
   have"), suggestions and their complements ("let's make sure we …"), hopes ("fingers
   crossed"), a hedge opening the sentence, exclamations ("had quite the adventure"), effort
   ("worked hard"), reactions ("was impressed with"), likings ("been into dancing"), the course
   of a life ("the progress I've made"), someone else's reported words about someone else, how a
   time went ("tomorrow's gonna be a blast"), a day summed up before what was done in it
   ("had a wicked day out … we went biking"), acting on someone's word ("took your advice",
   "did my part"), a photo shown ("here's a pic from last Friday", "took this pic yesterday":
   where it was taken is told instead, "took that pic on a hike" → went on a hike, and what it
   shows when its own clause says it was done: "a pic of a cake I made recently" → made a cake), a
   description of "it" ("It's still a part of my writing today", "its my favorite"), and a
   plan dated before the day it is made ("will build it the weekend before"). What "reminds me
   of" something tells the memory ("this picture reminds me of a road trip we took last year"
   → took a road trip, last year).
   Mood and the word-level predicates are in ``occurrence.py``; the clause-level checks in
   ``RuleExtractor._event``; chat formulas and interjections in ``clean.py``.
10. A bare "it"/"this"/"that" object in a dated mention is read as the last thing named before
   it — in the message, its photo's caption, or the messages before that one person sent in a
   row ("that plate is awesome!" / "did you make it?") — and shown in brackets
   ("I made it [That plate] in pottery class"); with nothing named, the mention is dropped.
11. A time said after the fact — a sentence, or the speaker's next message, that is only a time
   phrase ("went to the dentist" / "yesterday") — is read run together with the statement before
   it (``afterthought.py``; the guards are on ``RuleExtractor._afterthought_of``). "saw" + a
   person or a thing one goes to see ("saw my sister", "saw a movie") is a meeting or an outing,
   not the mental "I saw the difference".

Tokens, verb forms and the parsed clause are in ``words.py``; the words a mention quotes in
``mentions.py``; where a sentence typed on without its full stop starts in ``runon.py``; what a
bare "it" points at in ``reference.py``; afterthoughts in ``afterthought.py``.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, time

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.afterthought import afterthought, fits, heads_a_list, join_afterthoughts, run_together
from chronos_cli.extract.clean import (
    mask_versions,
    normalize,
    prose,
    sentence_kind,
    sentences,
    shown_thing,
    strip_interjections,
)
from chronos_cli.extract.common import category_aliases, clean_aliases, dedup, naive, resolve_spans, said_day, said_on
from chronos_cli.extract.ellipsis import LEAD as ELLIPSIS_LEAD
from chronos_cli.extract.ellipsis import asks_what_one_is_doing, ends_noun_phrase, implied_place, implied_progressive
from chronos_cli.extract.mentions import MAX_MENTION_TOKENS, mention_words, presenting, segments, supposes
from chronos_cli.extract.names import capitalise, typed_names
from chronos_cli.extract.news import (
    ROLES,
    as_news,
    background,
    ended_occasion,
    news_clause,
    news_since,
    news_state,
    result_perfect,
    talk_before,
)
from chronos_cli.extract.occurrence import (
    ABSTRACT,
    BEING_IDIOMS,
    COGNITION,
    EVAL_ADJ,
    EVALUATIVE,
    FELT,
    HEDGES,
    MINDSETS,
    OCCASIONS,
    PHOTOS,
    SAYING,
    THOUGHT_VERBS,
    TIME_NOUNS,
    TO_LISTENER,
    empty_head,
    head_word,
    is_evaluation,
    is_figurative,
    is_generic,
    is_imperative,
    is_negated,
    is_remote,
    is_tag_question,
    np_head,
    with_mood,
)
from chronos_cli.extract.reference import NOT_NOUN, PEOPLE, last_thing, pointed_object
from chronos_cli.extract.runon import INTERJECTIONS, OPENERS_MID, SUBJECT_STARTS, new_clause, run_on_before
from chronos_cli.extract.scenes import occasion_verb, occasion_word, people_at, picture_scene, taken_at
from chronos_cli.extract.words import (
    BASE,
    FORMS,
    GREET_TAIL,
    INTENSIFIERS,
    OBJECT_PRONOUNS,
    PART,
    PAST,
    PERSON_OBJECTS,
    POSSESSIVE,
    PUNCT_BREAK,
    SUBJ_PRONOUNS,
    TIME_WORDS,
    TRAILING_DROP,
    WH,
    Clause,
    Tok,
    core_words,
    has_content,
    is_content,
    is_finite,
    is_past,
    is_verbish,
    join_tokens,
    lemma,
    one_of,
    past_form,
    text_of,
    tokenize,
)
from chronos_cli.models import Event, Session, Turn, link_last_talks
from chronos_cli.temporal import lexicon as TL
from chronos_cli.temporal.resolve import moved_to

log = logging.getLogger(__name__)

NAME = "rules-v2"
MAX_UNDATED_PER_TURN = 3
MAX_OBJECT_TOKENS = 10
# the head words of prepositions of two or three words ("in front of", "on top of", "next to",
# "because of"): a phrase is not cut between them
_COMPLEX_PREP_HEADS = {"front", "top", "middle", "ahead", "instead", "because", "out", "next", "outside", "inside"}
_COMPLEX_PREP_HEADS |= {"back", "side", "bottom", "edge", "end", "close", "due", "thanks", "regardless"}

_STATE_ADJ = {
    "open", "closed", "live", "ready", "done", "finished", "engaged", "married", "pregnant", "retired", "sick",
    "hurt", "injured", "divorced", "single", "vegan", "unemployed", "sober", "back", "home", "away",
    "ill", "unwell", "poorly",
}  # fmt: skip
_DAY_END = time(23, 59, 59, 999999)
_CONDITIONAL = {"when", "if", "once", "until", "unless", "before", "after", "whenever", "till"}
# the words a bare "<time> instead" may carry and still say only that ("ok thursday instead then")
_INSTEAD_FILLERS = {"ok", "okay", "so", "now", "then", "yeah", "yes", "no", "oh", "lol", "!", ",", ".", "-"}
# words a sentence may open with before what it says ("ok if it rains …", "but if …")
_LEAD_INS = {"ok", "okay", "well", "so", "and", "but", "also", "oh", "hmm", "like", ",", "-"}
_PREFERENCE = {"love", "loved", "like", "liked", "enjoy", "enjoyed", "hate", "hated", "prefer", "adore"}
_REPORTING = {"say", "said", "says", "mention", "mentioned", "tell", "told", "write", "wrote", "add", "note"}
_IRREALIS_WORDS = {"want", "wants", "hope", "hopes", "hoping", "wish", "wishes", "goal", "goals", "dream", "resolution"}
_IRREALIS_WORDS |= {"wanna", "gotta"}
# a wish said now ("I want to", "hoping to"); a plan ("planning to", "going to") or a past wish
# ("I wanted to visit my mom last week": when the plan was) stays
_WISHING = {"want", "wants", "wanna", "hope", "hopes", "hoping", "wish", "wishes", "wishing"}
_PARTICLE_END = L.PARTICLES | {"in", "home"}
# third persons whose wanting, with a time, is an arrangement rather than a wish
_OTHERS = {"they", "she", "he"}
# where "made it" got to: "made it to wales", "made it home", "made it back"
_ARRIVED_AT = {"to", "into", "home", "back", "there", "here"}
# places named without an article ("at work", "in class", "at church")
_BARE_PLACES = {"work", "school", "class", "church", "college", "uni", "practice", "rehearsal", "camp", "hospital"}
_BARE_PLACES |= {"bed", "court", "jail", "town", "kindergarten", "daycare", "preschool"}
# prepositions that lead a time phrase ("on Monday", "in March"): not part of the verb when one follows
_TIME_PREPS = {"on", "in", "at", "during", "by", "until", "till", "til", "since", "over", "around"}
# what opens a time phrase that takes no preposition ("this morning", "yesterday", "last week")
_TAKES_NO_PREP = {"this", "today", "tonight", "yesterday", "tomorrow", "tmrw", "last", "next"}


_ING_CONTROL = {
    "start", "started", "starting", "stop", "stopped", "keep", "kept", "continue", "continued", "finish",
    "finished", "begin", "began", "try", "tried", "consider", "considering", "considered", "love", "loved",
    "like", "liked", "enjoy", "enjoyed",
}  # fmt: skip
_FRONT_DET = {"these", "this", "that", "those", "the", "a", "an", "my", "our"}
_PRONOUN_SUBJ = {"I", "we", "We"}
_THE = {"the", "The"}
# what befalls a thing or a person of the listener's while they are away: it comes, it breaks,
# someone of theirs calls
_BEFALLS_LISTENERS = {
    "come", "arrive", "land", "show", "turn", "break", "ship", "call", "text", "ring", "phone", "crash", "die",
    "fall", "sell", "drop", "stop", "leave",
}  # fmt: skip
_SUBJECT_OPENERS = {"i", "we", "my", "our", "your", "ur", "the", "someone", "somebody"}
# an unknown doer of what befell the speaker's things: "someone stole my bike"
_SOMEONE = {"someone", "somebody"}
_TITLES = {"Dr", "Mr", "Mrs", "Ms", "Prof", "Aunt", "Uncle", "Grandma", "Grandpa", "Coach"}
# capitalised at a sentence start, but no one's name
_NOT_A_NAME = {"never", "ever", "always", "everyone", "someone", "nobody", "somebody", "everybody", "nothing"}
# verbs that link a subject to a description ("staying determined", "getting ready"): a state of
# mind unless a time expression dates it
_COPULAR = {"stay", "become", "seem", "look", "feel", "remain", "keep", "sound", "appear", "turn", "grow"}
# past forms that do not open a subjectless report ("Had to…", "Said…", "Felt…" read otherwise)
_NOT_SUBJECTLESS = {
    "had",
    "did",
    "was",
    "were",
    "said",
    "thought",
    "felt",
    "saw",
    "heard",
    "knew",
    "meant",
    "let",
    "put",
    "bit",  # "bit achy but fine": a bit, typed without its article
}
# verbs of what befalls a thing, whose subject a chat may leave to the noun phrase said before
_BEFALLS_THING = {"come", "arrive", "turn", "land", "break", "sell", "open", "drop", "ship", "finish"}
# words in -est that are no superlative ("the longest I've ever run" is one)
_NOT_SUPERLATIVE = {
    "interest", "forest", "honest", "modest", "earnest", "protest", "contest", "request", "invest", "arrest",
    "harvest", "suggest", "digest", "conquest", "manifest", "inquest", "tempest", "bequest", "attest", "detest",
}  # fmt: skip
# a place in a ranking: "we got 3rd", "came second"
_ORDINAL_PLACE = re.compile(r"\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|last")
# chat words around a statement that say nothing of it
_FILLERS = {"wait", "lol", "haha", "so", "and", "but", "oh", "omg", "ok", "also", "btw", "'s", "it", "its"}
# "I think I …": a belief that reports what the speaker did
_BELIEF = {"think", "thought", "guess", "reckon", "believe", "bet"}
# verbs of handing something over: their "to" names the one who got it
_TRANSFER = {"send", "give", "hand", "mail", "post", "forward", "email", "return", "pass", "sell", "lend", "deliver"}
# adverbs of manner or effort that can follow a verb where an object would ("worked hard")
_MANNER = {"hard", "harder", "late", "overtime", "together", "nonstop", "alone", "fast", "slowly", "well", "early"}


def _coordinated(toks: list[Tok], a: Clause, b: Clause, first: Event, story) -> bool:
    """``b`` is joined to ``a`` by "and", with the same subject and tense, and ``a``'s event has
    no time phrase of its own."""
    joined = b.subj_start > 0 and toks[b.subj_start - 1].low == "and" and a.end_tok <= b.subj_start
    own = first.time_source == "rule" and (story is None or first.time_expression != getattr(story, "text", None))
    return joined and a.subject == b.subject and a.mood == b.mood == "past" and not own and not a.remote


_NAME_MID = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]+(?:'s)?")


@dataclass
class _Carry:
    """What a turn hands to the next one: the time its story is set in, and the past time its
    question to the listener asked about."""

    story: object | None = None
    asked: object | None = None
    story_turn: str | None = None  # the message whose time phrase set ``story``
    framed: bool = False  # its sentences set another time ("Yesterday was great.")
    teased: bool = False  # it ended on a teaser: "something exciting happened last Friday"
    third: bool = False  # … or were about someone else ("My sister is so busy.")
    narrated: bool = False  # it told a deed of the speaker's in its story's time ("yesterday i went to the zoo")


_HOW_WAS = re.compile(r"(?i)\bhow(?:'s| was)\s+your\s+(weekend|day|morning|afternoon|evening)\s*[?!.]*\s*$")
# the time a "how was your …?" asks about, as the phrase that names it on the day asked
_PART_STARTS = {"morning": 6, "afternoon": 12, "evening": 17}
# a question that names an occasion and asks its time, or how it went: "whens the wedding??",
# "when is ur interview", "how was moving day", "how did the move go"
_ASKS_WHEN_IS = re.compile(
    r"(?i)\bwhen(?P<tense>'?s|\s+(?:is|are|was|were))\s+(?P<what>(?:the|your|ur|their|his|her|our|my)\s+[a-z][\w' -]*?)"
    r"(?:\s+(?:again|happening|gonna be|going to be))?\s*[?!.]*\s*$"
)
_ASKS_HOW_WAS = re.compile(
    r"(?i)\bhow\s+(?:was|did)\s+(?P<what>(?:(?:the|your|ur|their|his|her)\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)"
    r"(?P<when>\s+(?:yesterday|today|tonight|last\s+night|this\s+(?:morning|afternoon|evening)))?(?:\s+go)?\s*[?!.]*\s*$"
)
# what was meant or due to be done and was not: "meant to text yesterday", "forgot to call"
_UNDONE = re.compile(r"\b(?:meant|forgot|never got|did n't get|didn't get)\s+to\b")
# sympathy sent, no occurrence: "im sending the biggest hug", "sending love"
_SENT_FEELINGS = {"hug", "hugs", "love", "vibes", "prayers", "thoughts", "strength", "kisses", "wishes", "luck"}
# how something went, in a word
_JUDGED = (
    r"(?:good|great|well|amazing|fine|ok|okay|awful|terrible|rough|brutal|fun|chaos|chaotic|horrible|perfect|lovely"
    r"|intense|exhausting|brilliant|fab|fantastic|wonderful|incredible|bad|meh|alright|grim|stressful|emotional)"
)
# an occasion and how it went: "the wedding was beautiful", "ok that party was sooooo much"
_OCCASION_WENT = re.compile(
    r"(?i)^\W*(?:(?:ok|okay|so|omg|oh|well|honestly|ugh|lol|haha|yeah)\W+)*"
    r"(?P<what>(?:(?:the|that|this|my|our|his|her|their|ur|your)\s+)?(?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*)"
    r"\s+(?:was|went)\s+(?:(?:so+|really|pretty|super|very|actually|quite|kinda|such|a|an|absolutely|honestly)\s+)*"
    rf"(?:{_JUDGED}|beautiful|much|insane|wild|crazy|epic|nice|long|hard|easy|smooth|success|disaster|blast|mess)"
    # … and ends what is said of it ("the wedding was so long ago" tells no going)
    r"(?=\s*(?:$|[.!?,;…)])|\s+(?:lol|haha|omg|tbh|honestly|though|tho|fr|ngl)\b|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF])"
)
_DID_IT = re.compile(
    r"(?i)^\W*(?:i\s+)?(?:did|done)\s+(?:it|that)(?=\s*(?:$|[.!,]|\s(?:on|at|in|this|today|yesterday|last|earlier"
    r"|after|before|already|just|lol|haha|tho|though|first|yday|tdy|ystd)\b))"
)
# the parts of a verdict: what opens the answer, "it was"/"it went", and degree words
_VERDICT_LEAD = r"(?i)^\W*(?:(?:yeah|yes|omg|oh|ah|aw+|honestly|ok|so|lol|haha)\W+)*"
_VERDICT_OF_IT = r"(?:(?:it|that)(?:'s|\s+was|\s+went)|its|twas)"
_DEGREE = r"so|really|pretty|super|very|actually|quite|sooo+|kinda"
# how an occasion went, said first in an answer: "it was amazing", "it went ok", "really well!"
_WENT = re.compile(rf"{_VERDICT_LEAD}{_VERDICT_OF_IT}?\s*(?:(?:{_DEGREE}|not)\s+)*{_JUDGED}\b")
# a verdict said of "it" and not negated ("it was fine", "it went great"): it may open a longer answer
_WENT_SAID = re.compile(rf"{_VERDICT_LEAD}{_VERDICT_OF_IT}\s*(?:(?:{_DEGREE})\s+)*{_JUDGED}\b")
_ROUTINE = {"work", "school", "class", "shift", "day", "night", "week", "weekend", "morning", "evening", "afternoon"}
_ROUTINE |= {"today", "tonight", "life", "things", "everything", "sleep", "uni", "college"}
_RISE_OPENERS = {"also", "unrelated", "but", "and", "so", "ok", "okay", "lol", "update", "btw", "anyway"}
_PERSON_AUX = {"did", "does", "is", "was", "has", "have", "had", "will", "can", "could", "would"}
_NO = re.compile(r"(?i)^\W*(?:no|nope|nah|not)\b")
# what a yes/no question asks befell: "did the car pass?", "has ur parcel come?"
_ASKED_THINGS = {"the", "your", "ur", "my", "his", "her", "their"}
_SERIES_PLACE = {"first", "second", "third", "fourth", "fifth", "1st", "2nd", "3rd", "4th", "5th", "last", "final"}
# a question that asks only when what was just told happened: "when??", "wait when was this??",
# "Oh no. When was this in?", "since when"
_ASKS_WHEN_TOLD = re.compile(
    r"(?i)^\W*(?:(?:wait|omg|oh|no+|so|and|but|ok|hang on|hold on)\W+)*(?:since\s+)?when"
    r"(?:\s+(?:was|did|is)\s+(?:this|that|it)(?:\s+(?:in|on|happen|happening))?)?\W*$"
)
_POINTERS_ASKED = {"it", "that", "this", "they", "them", "he", "she", "you", "u", "everything", "things"}
_HOW_WAS_TIME = {"day": "today", "morning": "this morning", "afternoon": "this afternoon", "evening": "this evening"}


def _how_was(question: str, t_conv):
    """ "How was your weekend?" asks about the weekend just gone (this one, on a Saturday or
    Sunday); "how was your day?" about today: the time its answer is set in."""
    m = _HOW_WAS.search(question)
    if not m:
        return None
    unit = m.group(1).lower()
    day = naive(t_conv)
    phrase = ("this weekend" if day.weekday() >= 5 else "last weekend") if unit == "weekend" else _HOW_WAS_TIME[unit]
    if _PART_STARTS.get(unit, 0) > day.hour:  # "how was your evening?" at 8 am: last night's
        phrase = f"yesterday {unit}"
    spans = resolve_spans(phrase, t_conv)
    return spans[0].model_copy(update={"text": m.group(0)}) if spans else None


def _close(prev: Turn, turn: Turn) -> bool:
    """Two turns of one exchange: said within the hour (a reply the next day starts afresh)."""
    return abs((naive(turn.t_conv) - naive(prev.t_conv)).total_seconds()) <= 3600


_CONNECTIVE = re.compile(r"(?i)^\W*(?:and|then|so|plus|also|after(?:wards| that)?|later)\b")


def _continues(text: str) -> bool:
    """A message that goes on with the story of the speaker's previous one: it opens with a
    connective ("and then we got sushi") or with a past verb and no subject ("got tickets at the
    door"). One with a subject of its own may start another topic (but see ``_goes_on``)."""
    if _CONNECTIVE.match(text):
        return True
    first = re.match(r"\W*([A-Za-z]+)", text)
    return bool(first) and first.group(1).lower() in PAST and first.group(1).lower() not in _NOT_SUBJECTLESS


# a message that turns to another topic: "btw i got the job", "anyway my sister got engaged!",
# "omg …", "i forgot to tell you, we adopted a puppy"
_NEW_TOPIC = re.compile(
    r"(?i)^\W*(?:(?:oh|and|so|haha+|lol)\W+)*(?:btw|by the way|anyways?|omg|random(?:ly)?|unrelated|on another note"
    r"|speaking of|guess what|(?:i\s+)?(?:forgot|meant|wanted|need)\s+to\s+tell\s+(?:you|u)|(?:big\s+)?news)\b"
)
# background to a story rather than its next step: "we lived there for 3 years", "when i was a
# kid", "i grew up on that street", "i was on the soccer team" (not where one was then: "we were
# at the beach all day", nor a comment: "it was fun") — read in the message's first clause (not in a relative
# clause: "my son fed a giraffe that has lived there for 20 years")
_BACKGROUND = re.compile(
    r"(?i)\bfor\s+(?:\d+|a|an|one|two|three|a few|several|many)\s+(?:years?|months?|decades?)\b|\bwhen\s+i\s+was\b"
    r"|\b(?:grew\s+up|used\s+to|lived)\b|\b(?:i|we|he|she|they)\s+(?:was|were)\b(?!\s+(?:at|in|there|out|back|home)\b)"
)
_FIRST_CLAUSE = re.compile(r"(?i)^.*?(?=\b(?:that|who|which|where)\b|[,.;!?]|$)")


def _goes_on(text: str) -> bool:
    """A message that may go on with a past narrative the speaker's previous message told
    ("yesterday i went to the zoo with my kids" / "my son fed a giraffe"): the narrative keeps
    its time until another is named, across the messages one person sends in a row as within one
    message — the clause reading then dates its simple-past clauses as it would in one message.
    Not one that turns to another topic ("btw …", "anyway …", "i forgot to tell you, …"), nor
    background ("i grew up on that street", "we lived there for 3 years")."""
    first = _FIRST_CLAUSE.match(text)
    return not _NEW_TOPIC.match(text) and not _BACKGROUND.search(first.group(0) if first else text)


@dataclass
class _Ctx:
    """Per session: who may be a subject by name."""

    speakers: set[str]
    names: set[str]
    folded: frozenset[str] = frozenset()  # the names in lower case, as chats type them ("i was with mike")

    def __post_init__(self) -> None:
        self.folded = frozenset(n.casefold() for n in self.names)

    def written(self, folded: str) -> str | None:
        """The name ``folded`` (in lower case) as the session writes it."""
        return next((n for n in self.names if n.casefold() == folded), None)


@dataclass(slots=True)
class _Ellipsis:
    """Whether the sentence being read may leave out "I'm" (see ``RuleExtractor._implied``)."""

    ok: bool = True
    asked: bool = False  # it answers "what are you doing?"
    third: bool = False  # a sentence before was about someone else
    after_other: bool = False  # the sentence just before told what someone else did
    today: frozenset[int] = frozenset()  # offsets of its words inside a time phrase of the day said
    later: frozenset[int] = frozenset()  # … inside one after that day


@dataclass
class _TurnState:
    events: list[Event] = field(default_factory=list)
    used: set[int] = field(default_factory=set)  # start_char of spans that dated an event of their sentence
    inherited: set[int] = field(default_factory=set)  # … that dated a later clause of the story
    story: object | None = None  # the time span the turn's past-tense narrative is set in
    plan: object | None = None  # a time ahead an earlier statement of the turn set ("it's Dev's birthday tomorrow.")
    statements: int = 0  # statements read so far (greetings and questions not counted)
    third: bool = False  # one of them was about someone else ("My sister is so busy.")
    other: bool = False  # the last one told what someone else did ("she did a full lap")
    framed: bool = False  # one of them set another time ("Tomorrow is busy.", "Back in college.")


def _names(texts) -> set[str]:
    """Words capitalised in mid-sentence: names, whatever starts a sentence; and the people a
    chat typed in lower case names ("did ivy start swim yet": ``typed_names``)."""
    texts = list(texts)
    out = {m.group().removesuffix("'s") for text in texts for m in _NAME_MID.finditer(text)}
    return (out - L.NOT_NAMES) | typed_names(texts)


def _norm_aux(w: str, nxt: str | None) -> str:
    m = {
        "'m": "is",
        "am": "is",
        "are": "is",
        "'re": "is",
        "were": "was",
        "'ve": "has",
        "have": "has",
        "'ll": "will",
        "'s": "is",
    }
    if w == "'d":
        return "would" if nxt and nxt in FORMS and FORMS[nxt] == nxt else "had"
    return m.get(w, w)


# the speaker's own earlier telling, to the listener: "as I said earlier", "like i told you
# yesterday", "I mentioned it last week" — the time dates the talk, not what was told
_TOLD_BEFORE = re.compile(
    r"(?i)(?:\b(?:as|like)\s+(?:i|we)(?:'ve|\s+have)?\s+(?:said|mentioned|told\s+(?:you|u)|wrote|explained)"
    r"|\b(?:i|we)\s+(?:told|texted|messaged)\s+(?:you|u)(?:\s+about\s+(?:it|that|this))?"
    r"|\b(?:i|we)\s+(?:mentioned|said)(?:\s+(?:it|that|this))?)\s*(?:before\s+)?$"
)


# … unless the time is the subject of what was told ("like i said yesterday was rough") or the
# telling was somewhere else ("I said that yesterday at the meeting")
_TOLD_ELSEWHERE = re.compile(r"(?i)\s+(?:was|were|is|has|had|at|during|to\s+(?!you\b|u\b))\b")


def _not_a_time(sp, text: str) -> bool:
    """Spans that are not a time of occurrence: a frequency ("every Saturday"), a comparison
    ("feels like yesterday"), a duration ("finished in 40 minutes"), a thing's age ("a book
    from the 1900s") or the time of the speaker's own earlier telling ("as I said earlier")."""
    if _TOLD_BEFORE.search(text[max(0, sp.start_char - 40) : sp.start_char]) and not _TOLD_ELSEWHERE.match(
        text, sp.end_char
    ):
        return True
    before = text[max(0, sp.start_char - 16) : sp.start_char].lower().split()
    if before and before[-1] in L.FREQUENCY_DET:
        return True
    if "like" in before[-2:]:  # "feels like just yesterday": a comparison, not a date
        return True
    if (
        before[-1:] == ["from"]
        and sp.rule in ("decade", "century")
        and len(before) > 2
        and before[-2].isalpha()
        and before[-3] not in L.PREPOSITIONS
        and not is_verbish(before[-3], after_aux=True)
    ):
        return True  # "a super cool book from the 1900s": how old a thing is; not "lived in Ohio from the 90s"
    return bool(re.match(r"(?i)^(?:in|for)\s+(?:\d+|a|an|one|two|few|a few)\s+(?:seconds?|minutes?|hours?)$", sp.text))


# a message short enough to tell one piece of news: a long one's clauses the parser could not
# read are more often its comment on the talk ("Their encouragement made me who I am")
NEWS_MESSAGE_WORDS = 30


# a conjunction left at the end of a clause cut before the next one
_DANGLING = re.compile(r"(?i)(?:[\s,]+(?:and|or|but|so|then|cos|because|bc))+[\s,]*$")


def _mention(session, turn, obj: str, sentence: str, when, time_source: str, expression: str | None = None) -> Event:
    """The speaker's mention of something whose clause did not parse: "<speaker> mentioned <what
    was said>", dated by ``when`` = (start, end, granularity)."""
    start, end, gran = when
    obj = _DANGLING.sub("", obj) or obj  # "we're dropping stuff at goodwill and": the next clause's "and"
    return Event(
        namespace=session.namespace,
        session_id=session.session_id,
        source_turn_ids=[turn.turn_id],
        subject=turn.speaker,
        verb="mentioned",
        object=obj,
        time_expression=expression,
        start=start,
        end=end,
        granularity=gran,
        time_source=time_source,
        kind="mention",
        t_conv=naive(turn.t_conv),
        evidence=sentence.strip()[:400],
        extractor=NAME,
    )


# "happy birthday!!", "HAPPY BIRTHDAY KIERAN 🎂", "happy anniversary to you two": wished on the
# day ("happy belated birthday", "an early happy birthday" are not: a word stands between)
_WISH = re.compile(
    r"(?i)^\W*(?:(?:and|oh|also)\s+)?(?:a\s+)?(?:very\s+)?happy\s+(?P<what>birthday|bday|b-day|anniversary)\b(?:\s+to)?"
    r"(?:\s+(?P<who>[A-Za-z][\w'-]*)(?:\s+(?P<who2>[A-Za-z][\w'-]*))?)?"
)
_KIN_WISHED = {"mom", "mum", "dad", "mother", "father", "sister", "brother", "son", "daughter", "wife", "husband"}
_KIN_WISHED |= {"grandma", "grandpa", "nan", "gran", "granny", "aunt", "uncle", "niece", "nephew", "cousin"}
_KIN_WISHED |= {"boyfriend", "girlfriend", "partner", "bf", "gf", "kid", "baby"}


def _untimed_statements(text: str, bounds, spans):
    """(sentence, its tokens) of each statement of ``text`` with no time phrase of its own."""
    for a, b in bounds:
        sent = text[a:b]
        if sentence_kind(sent) == "statement" and not any(a <= sp.start_char < b for sp in spans):
            yield sent, tokenize(sent, a)


def _cite_story(events: list[Event], story, story_turn: str, text: str) -> None:
    """Events dated by the time an earlier message of the speaker's set ("yesterday was wild" /
    "went to the beach with my cousins") cite that message as a source too: it is where their
    date was read (a reader of the event sees the phrase that dates it)."""
    for e in events:
        if (
            e.time_source == "rule"
            and e.time_expression == story.text
            and e.start == story.start
            and story_turn not in e.source_turn_ids
            and story.text.lower() not in text.lower()
        ):
            e.source_turn_ids = [*e.source_turn_ids, story_turn]


_ASKS_HOW = re.compile(r"(?i)^\W*(?:\w+\W+){0,2}?how\b")
# "it was glorious yesterday", "that was so fun last night": a judgement of an occasion already
# named, with the time it took place (not the weather: "it was cold yesterday")
_JUDGED_THEN = re.compile(
    r"(?i)^\W*(?:(?:oh|and|but|honestly|omg)\W+)?(?:it|that|this)(?:\s+was|\s+has been|'s been)\s+"
    r"(?:(?:so|really|absolutely|just|very|pretty)\s+)*"
    r"(?:glorious|lovely|amazing|great|fun|awesome|nice|brilliant|wonderful|fantastic|perfect|incredible"
    r"|awful|terrible|horrible|stressful|chaos|chaotic|exhausting|emotional|magical|beautiful|special|hilarious)\b"
    # "it was great fun day": the day judged ("it was a great day yesterday" never matches)
    r"(?!\s+(?:day|time|week|weekend|night|morning|afternoon|evening)\b)"
)


def _an_occasion_named(thing: str) -> bool:
    """The thing just named is an occasion or a place one goes to ("the Lakes", "the wedding"),
    not a person or a thing that only looks some way ("The garden looks great")."""
    words = tokenize(thing)
    if not words or one_of(head_word(words), PEOPLE):
        return False
    named = any(t.text[:1].isupper() for t in words[1:]) or (len(words) == 1 and words[0].text[:1].isupper())
    return named or any(t.low in OCCASIONS or t.low.rstrip("s") in OCCASIONS for t in words)


# an arrangement a verbless line after it may say more of ("booked a holiday. Portugal in June.")
_ARRANGEMENT = re.compile(
    r"(?i)\b(?:booked|reserved|planned|arranged|got\s+(?:the\s+|our\s+|my\s+)?(?:tickets|flights))\b"
)


def _sentence_before(text: str) -> str:
    """The last sentence of ``text`` (the one just before what follows it)."""
    bounds = sentences(text)
    return text[bounds[-1][0] : bounds[-1][1]] if bounds else ""


# what a time given alone may carry and still be only the time ("on friday then", "next week i think")
_BARE_TIME_WORDS = {"on", "in", "at", "by", "the", "then", "ok", "okay", "yes", "yeah", "yep", "no", "so", "oh"}
_BARE_TIME_WORDS |= {"i", "think", "probably", "maybe", "hopefully", "lol", "haha", "!", ",", ".", "?", "-"}
# … and the word that takes it up ("Saturday the 22nd lovely", "friday works", "sunday perfect")
_BARE_TIME_WORDS |= {"lovely", "great", "perfect", "fine", "good", "brilliant", "cool", "sure", "works", "wonderful"}


# "when do u move?", "when are you flying back": a question of the answerer's own deed
_WHEN_YOU = re.compile(
    r"(?i)^\W*(?:so\s+|and\s+|ok\s+)?when\s+(?P<aux>do|will|are|r)\s+(?:you|u)\s+(?P<deed>[a-z][\w' ]{1,60}?)\W*$"
)
# a question about what is past: its answer's time is gone by ("when did you get back?" / "sunday")
_ASKS_PAST = re.compile(
    r"(?i)\b(?:did|was|were|had|went|happened)\b|\b(?:have|has|'ve)\s+(?:you|u|he|she|they|we|it)\b(?!\s+got\b)"
)


def _answered(question: str, time_text: str) -> str:
    """What a time given alone tells, in the answerer's words: "when do u move?" / "nov 1" is
    "I move nov 1"; any other question is kept beside the time ("Saturday the first, answering
    “what's the plan for it again?”")."""
    m = _WHEN_YOU.match(question.strip())
    if m is not None and not re.search(r"(?i)\b(?:you|u|your|ur)\b", m["deed"]):
        i = "I'm" if m["aux"].lower() in ("are", "r") else "I'll" if m["aux"].lower() == "will" else "I"
        return f"{i} {m['deed'].strip()} {time_text}"
    return f"{time_text}, answering “{question.strip()[:120]}”"


def _to_come(sp, t_conv):
    """``sp``'s time read as one to come ("friday" answering "when is it?" is the coming Friday);
    ``sp`` itself when it reads no other way. The new span's offsets are those of the phrase
    read alone, not of the message."""
    ahead = resolve_spans(f"it's {sp.text}", t_conv)
    return ahead[0] if ahead else sp


def _bare_time(toks: list[Tok], sp) -> bool:
    """The sentence is the time phrase ``sp`` and nothing else of substance ("Next Friday.",
    "on the 20th i think"). Not a question ("friday?") and not a negated one ("not friday")."""
    rest = [t.low for t in toks if not sp.start_char <= t.start < sp.end_char]
    return (
        all(w in _BARE_TIME_WORDS for w in rest)
        and "?" not in rest
        and any(sp.start_char <= t.start < sp.end_char for t in toks)
    )


# words a name stands in apposition to ("my mate Sam", "uncle Sam", "Dr Sam")
_APPOSED = {
    "mate",
    "pal",
    "bestie",
    "bro",
    "uncle",
    "auntie",
    "aunty",
    "mr",
    "mrs",
    "ms",
    "miss",
    "dr",
    "sir",
    "little",
}
# words after which a name is part of the phrase, not a call to someone ("to Danny", "and Danny")
# words a name after is their own, not a call ("went with Danny", "sometime in June" said by June)
_BEFORE_A_NAMED = {"to", "with", "and", "or", "for", "from", "by", "at", "of", "&", "+", "nor", "than", "like", "as"}
_BEFORE_A_NAMED |= L.PREPOSITIONS


# verbs whose first object is the person told or asked, and whose second is what they were told
_TELLING = {"tell", "ask", "remind", "warn", "promise", "inform", "assure", "convince", "text", "email"}


def _opens_what_told(toks: list[Tok], k: int) -> bool:
    """At ``k`` a clause opens: "that"/"if"/"whether", or a subject and a finite verb ("I was
    quitting", "the jello was", "my sister is moving") — what a person was told or asked."""
    if k >= len(toks):
        return False
    if toks[k].low in ("that", "if", "whether"):
        return k + 1 < len(toks) and toks[k + 1].text not in PUNCT_BREAK
    j = k
    if toks[j].low in L.DETERMINERS:  # "the jello was", "my sister is moving"
        j += 1
        while j < len(toks) and j < k + 3 and toks[j].text[:1].isalpha() and not is_finite(toks[j].low):
            j += 1
    elif toks[j].low in SUBJ_PRONOUNS - {"it", "you"}:
        j += 1
    else:
        return False
    return j > k and j < len(toks) and is_finite(toks[j].low)


def _without_vocative(obj: str, speakers: set[str]) -> str:
    """``obj`` without a speaker's name closing it as a call ("I have put a bucket under it
    Danny": the name is said to Danny); kept where it is the phrase's own ("went with Danny",
    "saw Danny")."""
    words = obj.split()
    if len(words) < 3 or words[-1] not in speakers or words[-2].lower() in _BEFORE_A_NAMED:
        return obj
    if words[-2][:1].isupper() or words[-2].lower() in L.DETERMINERS or words[-2].endswith(("'s", "’s")):
        return obj  # "the Tay View Hotel", "my Danny", "Ron's Danny": a name in the phrase
    if lemma(words[-2].lower()) in BASE or is_past(words[-2].lower()):
        return obj  # "... and then met Danny": the verb's own object
    if one_of(words[-2].lower(), PEOPLE) or words[-2].lower() in _APPOSED:
        return obj  # "lunch with my mate Sam", "over to uncle Sam": the name in apposition
    return " ".join(words[:-1]).rstrip(",")


def _cite_asker(before: Turn | None, turn: Turn, e: Event) -> Event:
    """``e``, read from an answer, with the question's message as its second source: the question
    names what the answer is about ("did u go to urgent care" / "yeah this morning"). The answer
    stays the first source and the evidence: it is what was told; a reader finds the question
    beside it. The question is ``before``, the message right before the answer, from someone else."""
    asker = before if before is not None and before.speaker != turn.speaker else None
    if asker is not None and asker.turn_id not in e.source_turn_ids:
        e.source_turn_ids = [*e.source_turn_ids, asker.turn_id]
    return e


def _span_mention(session, turn, obj: str, sentence: str, sp) -> Event:
    """``_mention`` dated by the time phrase ``sp``."""
    return _mention(session, turn, obj, sentence, (sp.start, sp.end, sp.granularity), "rule", sp.text)


def _answerers(text: str) -> str:
    """The asker's "your"/"yours" in ``text`` as the answerer's "my"/"mine"."""
    return _YOUR.sub(lambda m: "mine" if m.group(0).lower() == "yours" else "my", text)


def _birthday_wish(session, turn, sentence: str, ctx: _Ctx) -> Event | None:
    """A birthday wished is that day's: whose it is — the one named ("happy birthday Kieran",
    "… to your mom"), else the one wished, the other person of a two-person chat."""
    m = _WISH.match(sentence)
    if m is None:
        return None
    others = {t.speaker for t in session.turns if t.speaker and t.speaker != turn.speaker}
    listener = next(iter(others)) if len(others) == 1 else None
    who, who2 = (m["who"] or "").lower(), (m["who2"] or "").lower()
    if who == "me":
        whose = turn.speaker
    elif who in ("your", "ur") and who2 in _KIN_WISHED and listener:
        whose = f"{listener}'s {who2}"
    elif who and who in ctx.folded:
        whose = ctx.written(who)
    elif who in ("", "you", "u", "to", "babe", "bestie", "buddy", "mate", "dude", "girl", "sis", "bro"):
        whose = listener
    else:
        whose = None  # "happy birthday weekend", an unknown word: whose is not said
    if not whose:
        return None
    what = "anniversary" if m["what"].lower() == "anniversary" else "birthday"
    e = _mention(
        session,
        turn,
        f"a {what}" if what == "birthday" else f"an {what}",
        sentence,
        said_day(turn.t_conv),
        "rule",
        f"happy {m['what'].lower()}",
    )
    e.kind, e.subject, e.verb = "event", whose, "had"
    e.aliases = clean_aliases([*category_aliases("", what), f"{whose}'s {what}"], e)
    return e


class RuleExtractor:
    """Offline, deterministic; see the module docstring."""

    name = NAME

    def __init__(self) -> None:
        from chronos_cli.providers.messages import Usage

        self._span_starts: set[int] = set()  # where the sentence's time expressions start
        self._covered: set[int] = set()  # starts of the tokens inside them
        self._toks: list[Tok] = []  # the sentence being read
        self._speaker = ""  # who says the turn being read
        self._burst: list[Turn] = []  # the messages before it one person sent in a row, latest first (for "it")
        self._before: Turn | None = None  # the message right before the one being read (an answer's question)
        self._names: frozenset[str] = frozenset()  # the session's names, lower case ("i was with mike")
        self._refused: set[int] = set()  # time phrases of clauses that tell no occurrence (no mention either)
        self._text = ""  # the text of the turn being read (the tokens' offsets index it)
        self._topic: str | None = None  # a verbless noun phrase said right before the sentence being read
        self._topic_told: tuple[list[Tok], int] | None = None  # (sentence, end) of the clause a named topic took
        # what a preparation is for, told by its own time phrase ("a dance comp next month"): made
        # by _event, taken by the turn's loop right after
        self._occasion: Event | None = None
        self._ellipsis = _Ellipsis()  # where a sentence may leave out "I'm" (see extract/ellipsis.py)
        self.usage = Usage()  # no model, no cost: the totals stay 0
        self._failed: set[tuple[str, str, str]] = set()  # messages whose rules raised
        # undated past deeds of the session being read, by id (see ``_as_news``); the event is
        # held so that its id is not reused
        self._past: dict[int, Event] = {}
        self._talk: datetime | None = None  # the session's talk before, if it is a talk (``news.talk_before``)
        self._made: dict[str, list[Event]] = {}  # the session's events so far, by message (``_dates_told``)

    # -- public ---------------------------------------------------------------------------

    def extract(self, sessions: Sequence[Session]) -> list[list[Event]]:
        link_last_talks(list(sessions))
        texts = [{t.turn_id: normalize(prose(t.text)) for t in s.turns if t.role != "assistant"} for s in sessions]
        names: dict[str, set[str]] = {}  # per namespace: one diary day per session still knows "Maya"
        for s, tx in zip(sessions, texts):
            names.setdefault(s.namespace, set()).update(_names(tx.values()))
        return [self._session_events(s, tx, names[s.namespace]) for s, tx in zip(sessions, texts)]

    def _session_events(self, session: Session, texts: dict[str, str], names: set[str]) -> list[Event]:
        """``extract_session``; a rule failing outside any one message (reading afterthoughts,
        merging) costs the session's events, not the run: its messages count as unread."""
        try:
            return self.extract_session(session, texts=texts, names=names)
        except Exception:  # noqa: BLE001 - one session's rules must not stop indexing
            log.warning("rule extraction failed on session %s", session.session_id, exc_info=True)
            self._failed.update((session.namespace, session.session_id, t.turn_id) for t in session.turns)
            return []

    def extract_session(
        self, session: Session, *, texts: dict[str, str] | None = None, names: set[str] | None = None
    ) -> list[Event]:
        speakers = {t.speaker for t in session.turns if t.speaker and t.speaker[:1].isupper()}
        self._past = {}  # nothing of another session's (one that raised) is dated as this one's news
        self._made = {}
        self._talk = talk_before(session)  # when its speakers last talked, if it is a talk (news)
        if texts is None:
            texts = {t.turn_id: normalize(prose(t.text)) for t in session.turns if t.role != "assistant"}
        ctx = _Ctx(speakers, (names if names is not None else _names(texts.values())) | speakers)
        out: list[Event] = []
        prev: Turn | None = None
        prev_questions: list[str] = []
        run_questions: list[str] = []  # the questions of the messages the last sender sent in a row
        asked_run: list[str] = []  # … of the other person's run before, while this one answers in a row
        carried: _Carry = _Carry()
        merged: set[str] = set()  # afterthoughts read with the message before them
        bare = _BareTimes(session, texts)  # bare(j): the time phrase message j is, if it is one
        for i, turn in enumerate(session.turns):
            self._burst = _burst_before(session.turns, i)
            self._before = session.turns[i - 1] if i else None
            if turn.role == "assistant":  # "I" of an assistant is not the person whose memory this is
                prev, prev_questions, carried = turn, [], _Carry()
                run_questions, asked_run = [], []
                continue
            if prev is not None and prev.speaker != turn.speaker:
                asked_run, run_questions = run_questions, []
            if turn.turn_id in merged:
                prev = turn
                continue
            close = prev is not None and _close(prev, turn)
            same = close and prev.speaker == turn.speaker
            asked = prev_questions if prev and prev.speaker != turn.speaker else []
            # a story goes on across the speaker's next message ("yesterday was wild" / "went to
            # the beach with my cousins"), and an answer is set in the time its question asked
            # about ("what did you do last weekend?" / "went hiking with Sam")
            text = texts[turn.turn_id]
            # … and after a teaser ("something exciting happened last Friday" / "I went to a
            # game convention") the next message is what happened then
            teased = carried.teased and not _NEW_TOPIC.match(text)  # "… btw …" turns to another point
            goes_on = _continues(text) or teased or (carried.narrated and _goes_on(text))
            story = carried.story if same and goes_on else None
            narrating = story is not None and carried.narrated  # "we saw the lions" / "my son fed a giraffe"
            headed = self._headed(session, i, bare)
            # a story with its time already set takes no afterthought
            phrase = None if story is not None else self._afterthought_of(session, i, text, bare, asked, headed)
            nxt = session.turns[i + 1] if phrase is not None else None
            answer_time = carried.asked if asked and close and story is None else None
            kwargs = dict(story=story or answer_time, answer_only=answer_time is not None, headed=headed)
            kwargs["context"] = (carried.framed, carried.third) if same else (False, False)
            kwargs["asked_run"] = asked_run if close else []
            # the messages just before, within the same talk: who "he"/"she" may be
            kwargs["recent"] = (
                [texts[t.turn_id] for t in session.turns[max(0, i - _RECENT) : i] if t.turn_id in texts]
                if close
                else []
            )
            story_turn = carried.story_turn if story is not None else None
            carried, qs = _Carry(), []
            if phrase is not None:
                events = self._turn_events(
                    session, turn, ctx, asked, qs, text=run_together(text, phrase), carry=carried, **kwargs
                )
                said_end = datetime.combine(naive(turn.t_conv).date(), _DAY_END)
                if any(
                    _dated_by(e, phrase) and not _past_dated_later(e, said_end) and _said_here(e, text) for e in events
                ):
                    # the afterthought dated what this message says (not a past verb after the day
                    # said, nor the action of a question it answers: "nothing much" / "saturday")
                    merged.add(nxt.turn_id)
                    self._made[nxt.turn_id] = events  # "went to the dentist" / "yesterday": one message
                    for e in events:
                        if _dated_by(e, phrase):
                            e.source_turn_ids = [*e.source_turn_ids, nxt.turn_id]
                        if e.evidence and e.evidence.endswith(phrase):  # quoted as sent: "… dentist / yesterday"
                            e.evidence = f"{e.evidence[: -len(phrase)].rstrip()} / {texts[nxt.turn_id]}"[:400]
                else:  # it heads what comes next, or answers something else: read each on its own
                    phrase, carried, qs = None, _Carry(), []
            if phrase is None:
                events = self._turn_events(session, turn, ctx, asked, qs, text=text, carry=carried, **kwargs)
            # a message that tells nothing of its own ("we saw the lions", "it was fun") passes the
            # narrative on; one that tells something else or asks does not ("next month i'm going
            # to paris", "how are your kids?")
            carried.narrated = carried.narrated or (narrating and carried.story is story and not events and not qs)
            if story_turn is not None:
                _cite_story(events, story, story_turn, text)
            elif answer_time is not None and prev is not None:
                _cite_story(events, answer_time, prev.turn_id, text)  # "what did you do last weekend?" / "went hiking"
            if carried.story is not None:  # the message whose phrase set the story the next one may go on in
                if story is not None and carried.story is story:
                    carried.story_turn = story_turn
                elif phrase is not None and nxt.turn_id in merged and carried.story.text.lower() in phrase.lower():
                    carried.story_turn = nxt.turn_id  # "something exciting happened" / "last friday"
                else:
                    carried.story_turn = turn.turn_id
            out.extend(events)
            self._made[turn.turn_id] = events
            if events:
                asked_run = []  # answered: "he" in the run's next message is whoever it names now
            prev, prev_questions = turn, qs
            run_questions += qs
        self._as_news(out)
        capitalise(out, ctx.names)
        for e in out:
            e.object = _without_vocative(e.object, speakers)
        out = dedup(out)
        for e in out:  # after merging: the named antecedent makes no two events one
            _name_them(e, e.evidence or "")
        return out

    def _as_news(self, events: list[Event]) -> None:
        """The undated past deeds of the session (``_news``) dated as news since the last talk,
        where the session is one (see ``extract/news.py``)."""
        past, self._past = self._past, {}
        for e in events:
            if id(e) in past and e.start is None and (since := news_since(self._talk, e.end)) is not None:
                as_news(e, since)

    def _turn_events(self, session: Session, turn: Turn, *args, **kwargs) -> list[Event]:
        """``extract_turn``, but a rule that fails on one message costs that message's events,
        not the whole index run (logged, and counted in ``failed_turns``)."""
        key = (session.namespace, session.session_id, turn.turn_id)
        try:
            events = self.extract_turn(session, turn, *args, **kwargs)
        except Exception:  # noqa: BLE001 - one message's rules must not stop indexing
            self._failed.add(key)
            log.warning("rule extraction failed on %s %s", session.session_id, turn.turn_id, exc_info=True)
            return []
        self._failed.discard(key)  # read on a second try (without the afterthought joined)
        return events

    @property
    def failed_turns(self) -> int:
        """Messages whose rules raised (their events are lost, the run went on)."""
        return len(self._failed)

    def _afterthought_of(self, session: Session, i: int, text: str, bare, asked: list[str], headed: bool) -> str | None:
        """The time phrase the speaker's next message adds to message ``i`` ("went to the
        dentist" / "yesterday"), or None when it is no afterthought to it:
        - not the same speaker, within the hour, on the same day (past midnight "yesterday" names
          another day than the message before's);
        - this message a question, one with a time of its own ("yesterday too" corrects or adds),
          or an answer to "when …?" (the time may answer the question: "when's the wedding?");
        - the time heads a list: a bare noun phrase follows it ("monday" / "dentist appointment"),
          or the message is itself headed by one (``headed``, see ``_headed``).
        ``bare(j)``: the time phrase message ``j`` consists of, if it is one."""
        turn, nxt = session.turns[i], session.turns[i + 1] if i + 1 < len(session.turns) else None
        if nxt is None or nxt.role == "assistant" or nxt.speaker != turn.speaker or not _close(turn, nxt):
            return None
        if naive(nxt.t_conv).date() != naive(turn.t_conv).date() or text.rstrip().endswith("?"):
            return None
        if any(_ASKS_WHEN.search(q) for q in asked):
            return None
        phrase = bare(i + 1)
        if phrase is None or not fits(text, phrase, turn.t_conv) or headed:
            return None
        after = session.turns[i + 2] if i + 2 < len(session.turns) else None
        if (
            after is not None
            and after.speaker == turn.speaker
            and _close(nxt, after)
            and heads_a_list(bare.texts.get(after.turn_id))
        ):
            return None
        return phrase

    @staticmethod
    def _headed(session: Session, i: int, bare) -> bool:
        """The speaker's message before message ``i`` is a bare time that heads it ("saturday" /
        "went hiking with jo" / "sunday" / "slept all day": the hike was on Saturday)."""
        if i == 0:
            return False
        turn, prev = session.turns[i], session.turns[i - 1]
        if prev.role == "assistant" or prev.speaker != turn.speaker or not _close(prev, turn):
            return False
        return bare(i - 1) is not None

    # -- per turn -------------------------------------------------------------------------

    def extract_turn(
        self,
        session: Session,
        turn: Turn,
        ctx: _Ctx,
        prev_questions: list[str],
        questions_out: list[str],
        *,
        text: str | None = None,
        story: object | None = None,
        carry: _Carry | None = None,
        answer_only: bool = False,
        headed: bool = False,
        context: tuple[bool, bool] = (False, False),
        asked_run: Sequence[str] = (),
        recent: Sequence[str] = (),
    ) -> list[Event]:
        text = normalize(prose(turn.text)) if text is None else text
        bounds = sentences(text)
        asks_when = any(_ASKS_WHEN.search(q) for q in prev_questions)
        # "How did Alfie get on with his first week back?" / "he went back weds": who "he" is
        # (also asked in the asker's messages before, and answered over the answerer's: "How did
        # Alfie get on …?" / "I've been thinking about him" / "ya good" / "he went back weds")
        asked_person = _person_asked([*asked_run, *prev_questions], ctx)
        # "Ramon pulled me aside before service" / "HE MADE ME SOUS CHEF": the one person the
        # messages just before (or this one, before its "he"/"she") named, when no one else was
        # (read only where the message has a "he"/"she": the tokenising is per message)
        pronoun = _HE_SHE.search(text) if asked_person is None else None
        if pronoun is not None:
            asked_person = _person_named([*recent, text[: pronoun.start()]], ctx)
        read = join_afterthoughts(text, turn.t_conv, bounds, answering=asks_when, headed=headed)  # "I went. Yesterday."
        if read is not text:
            text, bounds = read, sentences(read)
        bounds = _past_formulas(text, bounds)
        self._speaker = turn.speaker
        self._refused = set()
        self._text = text
        self._names = ctx.folded
        spans = [
            sp
            for sp in resolve_spans(mask_versions(text), turn.t_conv, last_talk=session.last_talk)
            if not _not_a_time(sp, text)
        ]
        day_start, said_end, _ = said_day(turn.t_conv)
        if story is not None and not answer_only and any(_outside(sp, story, text) for sp in spans):
            # a message with a time of its own is not set in the previous message's: "did a lot
            # last week" / "booked a sports massage for thursday" (a clock time or a day within
            # the story still goes on with it: "yesterday was wild" / "at 9 we went out"; so
            # does a past deed beside a plan: "my son fed a giraffe, he wants to go back next week")
            story = None
        st = _TurnState(story=story)
        st.framed, st.third = context  # the speaker's message before: "Yesterday was great." / "Hiking with friends."
        carry = carry if carry is not None else _Carry()
        first = True
        orphans: list[tuple[object, str, list[Tok], set[int]]] = []  # spans no clause took, with their sentence
        nominal: list[Event] = []
        topic: str | None = None  # a verbless noun phrase just said ("WALTERS FIRST LOAF.")
        plan_next = None
        for a, b in bounds:
            sent = text[a:b]
            self._topic, topic = topic, None
            kind = sentence_kind(sent)
            if kind == "statement" and _asks_of_name(sent, ctx):
                kind = "question"  # "wait did ivy start swim yet": typed with no "?"
            elif kind == "question" and _told_with_a_rise(sent):
                kind = "statement"  # "i think i cracked a tooth??": told, unsure, not asked
            elif kind == "question" and prev_questions and _DID_IT.match(sent) and "?" not in sent:
                kind = "statement"  # "did you book it?" / "did it this morning": an answer
            sent_spans = [sp for sp in spans if a <= sp.start_char < b]
            st.plan = plan_next  # the time ahead an earlier statement set
            if kind == "statement" and sent_spans:
                ahead = [sp for sp in sent_spans if _sets_plan(sp, said_end)]
                plan_next = ahead[-1] if ahead and len(ahead) == len(sent_spans) else None
            if kind == "question" and is_tag_question(sent):
                b = a + sent.rindex(",")  # the statement before ", any tips?"
                sent, kind = text[a:b], "statement"
                sent_spans = [sp for sp in spans if a <= sp.start_char < b]
            shared = (_SHARED_MEMORY.match(sent) or _SEEN_DEED.match(sent)) if kind == "question" else None
            if shared is not None:
                # "Remember when we volunteered together last year?" asks nothing: it tells what
                # the two of them did, and the clause after "when" is read as said; so does "did
                # u see me hit 180 tonight?" of what the speaker did
                a += shared.end()
                sent, kind = text[a:b].rstrip("?"), "statement"
                sent_spans = [sp for sp in spans if a <= sp.start_char < b]
            if kind == "question":
                questions_out.append(sent)
                if re.search(r"(?i)\byou(?:r)?\b", sent):
                    past = [sp for sp in sent_spans if _sets_story(sp, said_end)]
                    carry.asked = past[-1] if past else (_how_was(sent, turn.t_conv) or carry.asked)
                first = False
                continue
            if st.story is not None:
                # "Sunday. Slept all day." / "Last night we went to a concert. We had dinner
                # earlier.": how long, or before what, within the time the story is set in, not
                # today ("earlier" only within a day: "We went to Hawaii in March. I told my mom
                # about it earlier." is today)
                sent_spans = [sp for sp in sent_spans if not _of_story(sp, st.story)]
            toks = tokenize(sent, a)
            if not toks:
                continue
            if asked_person is not None:
                toks = _named_pronoun(toks, asked_person)
            self._toks = toks
            # a bare progressive is the speaker's, today: not after a sentence set at another time
            # ("Yesterday was great. Hiking with friends") nor, opening the turn, as the answer to
            # a question other than "what are you doing?" ("What's your favorite hobby?" "painting")
            asked = not st.statements and any(map(asks_what_one_is_doing, prev_questions))
            self._ellipsis = _Ellipsis(
                ok=not st.framed and (bool(st.statements) or not prev_questions or asked),
                asked=asked,
                third=st.third,
                today=_words_of(toks, [sp for sp in sent_spans if _on_day(sp, day_start, said_end)]),
                later=_words_of(toks, [sp for sp in sent_spans if sp.start > said_end]),
            )
            self._span_starts = {sp.start_char for sp in sent_spans}
            self._covered = set(_words_of(toks, sent_spans))
            clauses = self._clauses(toks, turn.speaker, ctx)
            # a clause with no subject after a sentence whose last deed was someone else's may be
            # theirs ("she did a full lap of the ward. showed off to everyone")
            self._ellipsis.after_other, st.other = st.other, _tells_of_another(toks, clauses, turn.speaker)
            if not clauses and not sent_spans and kind == "statement" and _topic_phrase(toks):
                topic = " ".join(t.text for t in toks if t.text not in PUNCT_BREAK)
            wish = _birthday_wish(session, turn, sent, ctx)
            if wish is not None:
                st.events.append(wish)
            if kind == "formula":
                # "so glad you liked it I went to the council meeting last Friday": a greeting or
                # thanks says nothing, but a sentence run on after it may; only a clause of the
                # speaker's own "I"/"we" past the formula's first words is kept
                # — run on after a finished clause or on a noun it names, not the formula's own
                # complement ("let's make sure we make progress")
                clauses = [
                    c
                    for c in clauses
                    if c.subj_start > 1
                    and (toks[c.subj_start].text in _PRONOUN_SUBJ or c.implied)  # "lol heading to the gym now"
                    and _after_formula(toks, c, self._covered)
                ]
                first = False
                if not clauses:
                    continue
            if not clauses and is_imperative(toks, sent_spans, said_end):
                first = False
                continue
            if not clauses and not sent_spans:
                ev = self._nominal(session, turn, sent, toks, text)
                if ev is not None:
                    nominal.append(ev)
            # "did you book your ticket?" / "yes!! did it on my lunch break today": "did it" stands
            # for the deed asked
            pro = prev_questions and _DID_IT.match(sent) is not None and st.statements <= 1
            if (
                (pro or (not clauses and first))
                and prev_questions
                and sent_spans
                and len(toks) <= 10
                and (pro or not any(is_past(t.low) for t in toks))  # "a buddy adopted last year" is no short answer
            ):
                # a short answer: "Last Friday!" to "When did you go to the museum?"
                ev = self._answer_event(session, turn, prev_questions, sent_spans, sent, ctx)
                if ev is not None:
                    st.events.append(_cite_asker(self._before, turn, ev))
                    st.used.update(sp.start_char for sp in sent_spans)
            if first and prev_questions and sent_spans and len(toks) <= 10 and not st.events:
                # "whens the wedding??" / "october 11"; "how was moving day" / "saturday was CHAOS"
                ev = self._asked_occasion(session, turn, prev_questions, sent_spans, sent, day_start)
                if ev is not None:
                    _cite_asker(self._before, turn, ev)
                redated = False
                if ev is None:
                    ev, redated = self._dates_told(session, turn, prev_questions, sent_spans, sent, said_end)
                if ev is not None:
                    st.events.append(ev)
                if ev is not None or redated:
                    st.used.update(sp.start_char for sp in sent_spans)
            if (
                first
                and prev_questions
                and not sent_spans
                and not st.events
                and ((not clauses and len(toks) <= 10) or (_WENT_SAID.match(sent) and not is_negated(toks)))
            ):
                # "how did the interview go?" / "it went great": it took place since the last talk;
                # what the answer goes on to say after its verdict is more of it ("it was fine he
                # took my blood pressure")
                ev = self._how_it_went(session, turn, prev_questions, sent)
                if ev is not None:
                    st.events.append(ev)
            if not sent_spans and kind == "statement" and len(toks) <= 10 and not st.events:
                # "the wedding was beautiful", "first day back was CHAOS": it took place
                ev = self._occasion_went(session, turn, sent)
                if ev is not None:
                    st.events.append(ev)
            first = False
            st.statements += 1
            st.third = st.third or _about_another(toks, clauses, turn.speaker)
            st.framed = (
                st.framed
                or is_remote(sent.rstrip(".!?… "))  # "Back in college."
                or any(not _on_day(sp, day_start, said_end) for sp in sent_spans)  # "Tomorrow is busy."
                or any(c.mood == "past" and not c.implied for c in clauses)  # "I went to the concert."
            )
            owners = _assign_spans(clauses, sent_spans, toks, day_start)
            remote = None
            made: dict[int, Event] = {}
            for i, c in enumerate(clauses):
                if c.mood == "past" and owners.get(i) is None:
                    remote = is_remote(sent) if remote is None else remote
                    c.remote = c.remote or remote
                subj_at = toks[c.subj_start].start
                earlier = [sp for sp in sent_spans if sp.start_char < subj_at and _sets_story(sp, said_end)]
                story = earlier[-1] if earlier else st.story
                ev = self._event(session, turn, c, owners.get(i), sent, story, plan=None if sent_spans else st.plan)
                if ev is None:
                    sp = owners.get(i)
                    before_ev = made.get(i - 1)
                    if (
                        sp is not None
                        and before_ev is not None
                        and _coordinated(toks, clauses[i - 1], c, before_ev, st.story)
                    ):
                        # "finished my screenplay and printed it last Friday": the time phrase closing
                        # two joined clauses dates the first when the second yields no event
                        before_ev.start, before_ev.end, before_ev.granularity = sp.start, sp.end, sp.granularity
                        before_ev.time_source, before_ev.time_expression = "rule", sp.text
                        st.used.add(sp.start_char)
                    continue
                made[i] = ev
                st.events.append(ev)
                if self._occasion is not None:
                    st.events.append(self._occasion)
                    occ_sp = owners[i]
                    # "a dance comp next month on the 15th": one time, one mention
                    st.used.update(
                        x.start_char for x in sent_spans if x is occ_sp or 0 <= x.start_char - occ_sp.end_char <= 4
                    )
                    self._occasion = None
                before_ev = made.get(i - 1)
                sp = owners.get(i)
                if (
                    sp is not None
                    and ev.time_source == "rule"
                    and before_ev is not None
                    and before_ev.start is None
                    and _coordinated(toks, clauses[i - 1], c, before_ev, st.story)
                ):
                    # "I took your recommendation and watched the trilogy last night": a time
                    # closing two joined past clauses dates both
                    before_ev.start, before_ev.end, before_ev.granularity = ev.start, ev.end, ev.granularity
                    before_ev.time_source, before_ev.time_expression = "rule", sp.text
                if ev.time_source == "rule" and owners.get(i) is not None:
                    st.used.add(owners[i].start_char)
                elif story is not None and ev.time_expression == story.text and story in spans:
                    st.inherited.add(story.start_char)
            if kind != "formula":  # "see you tomorrow" dates nothing
                orphans += [(sp, sent, toks, self._covered) for sp in sent_spans if sp.start_char not in st.used]
            story = [sp for sp in sent_spans if _sets_story(sp, said_end)]
            if story:
                st.story = story[-1]
            elif answer_only and clauses and st.story is not None and st.story not in spans:
                st.story = None  # the question's time sets the answer's first sentence, not the rest
        carry.story = st.story
        told_then = getattr(st.story, "text", None)
        # the speaker (or one of theirs) did something then: a narrative, not "something came up"
        carry.narrated = told_then is not None and any(
            e.kind == "event"
            and e.time_expression == told_then
            and (e.subject == turn.speaker or e.subject.startswith(f"{turn.speaker}'s "))
            for e in st.events
        )
        carry.framed, carry.third = st.framed, st.third
        carry.teased = bool(text.strip()) and _teaser(text[bounds[-1][0] : bounds[-1][1]] if bounds else text)
        last_end = -9
        antecedent = next(
            (
                e.subject.split()[-1]
                for e in reversed(st.events)
                if e.subject != turn.speaker and e.subject.split()[-1][:1].isupper()
            ),
            None,
        )
        for e in st.events:
            self._resolve(e, antecedent)
        for sp, sent, toks, covered in orphans:
            adjacent = 0 <= sp.start_char - last_end <= 1  # "for 3 years this month": one time, one mention
            last_end = sp.end_char
            if sp.start_char in self._refused:
                continue  # its clause tells no occurrence
            self._covered = covered  # the time phrases of the mention's own sentence
            if sp.start_char not in st.used and not adjacent:
                ev = self._mention(
                    session, turn, sp, sent, toks, text, story_only=sp.start_char in st.inherited, antecedent=antecedent
                )
                told = _told_already(ev, st.events) if ev is not None else None
                narrower = told is not None and (
                    told.start is None or (told.start <= ev.start and ev.end <= told.end)
                )  # an undated event takes the date its sentence gives ("Acme Corp (2021-2024): Led a team")
                if told is not None and (narrower or " or " in f" {ev.evidence.lower()} "):
                    # one occurrence with two time phrases: "since we last spoke, I took my kids to
                    # a park yesterday" is dated by the narrower one; "I went to the store yesterday
                    # or maybe the day before" keeps its first ("saw Mia on Monday and again on
                    # Friday" is two)
                    if narrower:
                        told.start, told.end, told.granularity = ev.start, ev.end, ev.granularity
                        told.time_expression, told.time_source = ev.time_expression, ev.time_source
                    continue
                if (
                    ev is None
                    and prev_questions
                    and _bare_time(toks, sp)
                    and has_content(tokenize(prev_questions[-1]))
                    and not _ASKS_HOW.match(prev_questions[-1])
                ):
                    # "whats the plan for it again?" / "Saturday the first.": a time given alone
                    # answers the question before it; the answer keeps the question it dates
                    # ("when is it?" names nothing: what "it" is, the talk says before; "how was
                    # the concert" / "tomorrow!!" is no answer of how it went)
                    q = prev_questions[-1]
                    given = sp
                    if not _ASKS_PAST.search(q):  # "when do u move?" / "friday": the Friday to come
                        given = _to_come(sp, turn.t_conv)
                    ev = _span_mention(session, turn, _answered(q, given.text), sent, given)
                    _cite_asker(self._before, turn, ev)
                if ev is not None:
                    self._resolve(ev, antecedent)
                    st.events.append(ev)
        st.events = _without_summaries(st.events)
        if not st.events:
            st.events = nominal[:1]
        if not st.events and not answer_only and len(text.split()) <= NEWS_MESSAGE_WORDS:
            st.events = self._ended(session, turn, text, bounds, spans)
            if not st.events and (since := news_since(self._talk, turn.t_conv)) is not None:
                st.events = self._news_mention(session, turn, text, bounds, spans, since)
        elif (
            st.events
            and not answer_only
            and len(text.split()) <= NEWS_MESSAGE_WORDS
            and all(e.start is None for e in st.events)
            and (since := news_since(self._talk, turn.t_conv)) is not None
            and self._news_told(turn, text, bounds, spans) is not None
        ):
            # "sam has covid again" with Sam known by name: the state its clause parsed is news
            # as the speaker's mention of it would be
            for e in st.events:
                as_news(e, since)
        dated = [e for e in st.events if e.start is not None]
        undated = [e for e in st.events if e.start is None]
        return dated + undated[:MAX_UNDATED_PER_TURN]

    def _mention(self, session, turn, sp, sentence, toks, text, *, story_only=False, antecedent=None) -> Event | None:
        """A time expression that dated no clause: the speaker, "mentioned", and the clause around
        it as said. A negated or irrealis clause yields nothing (nothing happened: "didn't go",
        "next goal might be"); nor does a sentence that only sets the time of the story that
        follows ("Last Saturday was lovely. We rented kayaks." dates the kayaks)."""
        ahead = sp.start > naive(turn.t_conv)  # a future time phrase fits a present clause ("I'm busy … next week")
        # where "I" runs on after a finished clause ("… each other | I was just remembering")
        runs = frozenset(
            t.start
            for i, t in enumerate(toks)
            if (
                (t.text == "I" or (t.low in ("it", "there") and i + 1 < len(toks) and toks[i + 1].low in _IT_VERBS))
                and run_on_before(toks, i, self._covered) == "end"
            )
            # after a time phrase that closes a clause, a subject or a sentence adverb opens the next
            # one typed on: "… ten years ago | the pattern", "… last week | it was awesome",
            # "… last summer | we hiked", "… next week | hopefully"
            or (
                i
                and toks[i - 1].start in self._covered
                # a past verb before the time phrase it closes ("proud of my son | last week he got …"
                # gives the time to what follows), and no verb still waiting for its object ("we
                # celebrated last weekend | my dad's birthday")
                and any(
                    x.start < toks[i - 1].start
                    and ((is_past(x.low) and x.low != "been") or (ahead and is_finite(x.low)))
                    for x in toks[:i]
                )
                and (t.low in SUBJ_PRONOUNS or t.low in OPENERS_MID or t.low in SUBJECT_STARTS)
                and not (t.low in L.DETERMINERS or t.text in POSSESSIVE) * _verb_waits(toks, i - 1, self._covered)
            )
            or (
                i
                and t.low in L.DETERMINERS
                and t.low not in ("that", "which", "this", "what")
                and toks[i - 1].low not in L.DETERMINERS
                and toks[i - 1].low not in FORMS  # "saw | a movie": the verb's object, no new clause
                and new_clause(toks, i)
            )
        )
        words = mention_words(toks, sp, runs)
        lead = [t for t in words if t.end <= sp.start_char]
        while lead and lead[-1].low in ("on", "in", "at", "by", "over", "during", "the"):
            lead = lead[:-1]  # "… and then on | sunday": the time phrase's own preposition
        if lead and lead[-1].low in ("and", "but", "then") and not any(t.start >= sp.end_char for t in words):
            # "I painted the fence and | yesterday my sister visited": after "and" the time phrase
            # opens the clause that follows it, and dates nothing before
            after = []
            for t in toks:
                if t.start < sp.end_char or t.start in self._covered:
                    continue
                if t.text in PUNCT_BREAK:
                    break
                after.append(t)
            if len(after) < 2:
                return None
            words = after
        turns_at = [k for k, t in enumerate(words) if t.low == "btw" and k]
        if turns_at:  # "kyle starts on 1st april btw got the contract today": "btw" turns to another point
            k = turns_at[0]
            words = words[k + 1 :] if words[k].start < sp.start_char else words[:k]
        while words and words[0].start in self._covered and not sp.start_char <= words[0].start < sp.end_char:
            words = words[1:]  # "since we last talked | something exciting happened last friday": another time's words
        while words and words[-1].start in self._covered and not sp.start_char <= words[-1].start < sp.end_char:
            words = words[:-1]
        while words and words[-1].low == "or":
            words = words[:-1]  # "ready thurs or fri": the other time's "or" (see _told_already)
        if not words or [t.low for t in words[:3]] == ["here", "'s", "to"]:
            return None  # "here's to a good time at the café": a toast
        if any(supposes(toks, k) and t.start < sp.start_char for k, t in enumerate(toks)):
            return None  # "if it rains tomorrow we'll stay home": a supposition, nothing told
        if _UNDONE.search(" ".join(t.low for t in words)):
            return None  # "sorry, meant to text yesterday": what was not done
        frame = next((k + 3 for k in range(len(words) - 3) if _reminded_of(words, k + 3)), 0)
        if frame and words[frame - 1].start < sp.start_char:
            words = words[frame:]  # "It reminded me of | this sunset I saw while hiking the other day": the memory
            if any(t.low in ("can", "could") for t in words):
                return None  # "reminded me of the impact we can make": what could be done, no memory
        # the words of the time phrase's own clause: before it, unless it opens them
        own = [t for t in words if t.start < sp.start_char] or [t for t in words if t.start >= sp.end_char]
        pointed = pointed_object(own)
        thing = None
        if pointed is not None:
            # "I made it in pottery class yesterday": what "it" points at, found where English
            # finds it (see _antecedent); "the last time I did it" points at an action: nothing named
            if lemma(own[pointed - 1].low) != "do":
                # not the clause's own subject: "the bear gave it back" is not the bear given back
                upto = (
                    own[0].start if last_thing(text[own[0].start : own[pointed - 1].start]) else own[pointed - 1].start
                )
                thing = self._antecedent(turn, text[:upto])
            if thing is None:
                return None
        elif _only_points(own):
            # "i signed up for the english exam" / "it's on 27 april": the thing just named is then
            thing = self._antecedent(turn, text[: own[0].start])
            if thing is None:
                return None
            pointed = 0
        end = toks.index(words[-1]) if words[-1] in toks else len(toks)
        if (
            thing is None
            and end + 1 < len(toks)
            and toks[end + 1].low in ("it", "this", "that", "these", "those")
            and (end + 2 == len(toks) or toks[end + 2].text in PUNCT_BREAK)
            and (toks[end].low in FORMS or is_past(toks[end].low))
        ):
            return None  # "… how to make | this": the object only points, and the words dropped it
        scene = picture_scene(words, sp, self._names)
        if scene is not None:  # a picture shown tells no occurrence, but what it is from may
            how, np = scene
            if not np:
                return None
            obj = text_of(text, np)
            e = _span_mention(session, turn, obj, sentence, sp)
            if how == "with":
                e.kind, e.verb = "event", "was with"
            elif how == "at":  # the occasion a picture is from: "went on our trip to Paris", "was at the concert"
                e.kind, e.verb = "event", occasion_verb(np)
            else:  # what the picture shows was done then: "a photo of my horse painting I did recently"
                e.kind, e.verb = "event", how
            e.aliases = clean_aliases([*category_aliases("", obj), obj], e)
            return e
        # "Here's our latest work from last weekend": what is presented is named, verb or not
        at = toks.index(words[0]) if words[0] in toks else 0
        presented = any(presenting(toks[j:at]) == at - j for j in range(max(0, at - 4), at))
        outside = [t for t in words if not (sp.start_char <= t.start < sp.end_char)]
        phase = any(a.low in ("i", "we") and lemma(b.low) in _PHASE_ALONE for a, b in zip(outside, outside[1:]))
        held = _held_then(outside)  # "there's a party on friday", "theres a training day for it next month"
        said = (
            2 * (thing is not None)
            # "i start in june, on the 3rd", "we leave on friday": with its time said, a start or a
            # leaving is a whole occurrence (of what the talk is about)
            + 2 * phase
            + presented
            # "First physio this morning.", "second dose tomorrow": one of a series, named by its place
            + any(p.low in _SERIES_PLACE and is_content(t) for p, t in zip(outside, outside[1:]))
            + 2 * held
            + any(  # "it was my birthday", "my sister's wedding", "the party is on friday"; not "it's a game tomorrow"
                (t.low in OCCASIONS or t.low in _YEARLY_DAYS)
                and p.low not in ("a", "an", "some", "any", "another")
                and p.low not in SUBJ_PRONOUNS
                and p.text.isalpha()
                for p, t in zip(outside, outside[1:])
            )
            + sum(
                (is_content(t) and t.low not in SUBJ_PRONOUNS)
                or (t.low in L.HAVE and nxt.low not in L.BE and not is_verbish(nxt.low, after_aux=True))
                or (antecedent is not None and t.low in ("him", "her", "them"))
                for t, nxt in zip(outside, [*outside[1:], Tok("", "", -1, -1)])
            )
        )
        # "it was really good on the call yesterday", "so fun at the party last night": what the
        # clause says is how it went, but the time phrase closes an occasion it names, which took
        # place then
        occasion = held or _occasion_then(toks, sp)
        prev_word = next((t.low for t in reversed(toks) if t.end <= sp.start_char), "")
        # "the wifi isn't getting connected til the 12th": not until then is then
        negated = is_negated(words) and (
            prev_word not in ("until", "til", "till", "'til")
            or bool(re.search(r"(?i)\b(?:anymore|any more|no longer)\b", sentence))
        )
        alone = said == 1 and not negated and _one_thing_then(outside, self._names)
        alone = alone or (said == 1 and not negated and _one_deed_then(outside, self._names, ahead))
        if alone:
            # "launch is thurs", "I'll be in columbus the whole weekend": a thing and its time;
            # "she arrives monday", "we're moving sat", "landed today": a deed and its time
            said = 2
        told_of = any(t.low in ("told", "tell", "mention", "mentioned") and t.end <= sp.start_char for t in toks)
        if negated and told_of and not story_only and (np := _occasion_named(toks, sp)):
            # "i never told u about the concert last night": the telling is denied, not the concert
            return _span_mention(session, turn, f"{join_tokens(np)} {sp.text}", sentence, sp)
        rest = [t.low for t in toks if not sp.start_char <= t.start < sp.end_char and t.low not in _INSTEAD_FILLERS]
        if rest == ["instead"]:
            # "Thursday instead." / "next week instead then": a plan told moved there — the thing
            # moved is the one just named, else the mention keeps the words as said
            thing = self._antecedent(turn, text[: toks[0].start])
            return _span_mention(session, turn, f"{thing + ' ' if thing else ''}{sp.text} instead", sentence, sp)
        if said == 1 and not negated and not any(is_finite(t.low) for t in toks) and toks[0].text[:1].isupper():
            # "And we booked a holiday. Portugal in June.": a verbless line after an arrangement
            # says what was arranged and when
            before = text[: toks[0].start]
            last = _sentence_before(before)
            if _ARRANGEMENT.search(last) and (thing := last_thing(last)):
                return _span_mention(session, turn, f"{thing}, {join_tokens(words)}", sentence, sp)
        if not negated and not story_only and _JUDGED_THEN.match(sentence) and sp.end <= naive(turn.t_conv):
            # "we're back from the Lakes!" / "It was glorious yesterday.": the occasion just named
            # took place then, and went that way
            thing = self._antecedent(turn, text[: toks[0].start])
            if thing is not None and _an_occasion_named(thing):
                at = next((k for k, t in enumerate(words) if t.low in ("it", "that", "this")), None)
                if at is not None:
                    told = join_tokens(words[: at + 1]) + f" [{thing}] " + join_tokens(words[at + 1 :])
                    return _span_mention(session, turn, told.strip(), sentence, sp)
        if negated or (said < 2 and not occasion):  # "I'll try", "I'm dreading": too little said to keep
            return None
        if (
            thing is None
            and not phase
            and not alone
            and not any(
                is_content(t)
                and t.low not in SUBJ_PRONOUNS
                and (
                    t.low not in FORMS
                    or p.low in L.DETERMINERS
                    or (t.low.endswith("ing") and len(t.low) > 4 and p.low in _GERUND_AFTER)
                )
                for p, t in zip([Tok("", "", -1, -1), *outside], outside)
            )
        ):  # a noun: a word no verb form, one after a determiner ("my trip"), a gerund ("started volunteering")
            return None  # "I finally managed to do": verbs only, nothing named
        if any(a.low in SUBJ_PRONOUNS and b.low in _PREFERENCE for a, b in zip(own, own[1:])) or any(
            a.low in SUBJ_PRONOUNS and b.low in L.ADVERBS and c.low in _PREFERENCE
            for a, b, c in zip(own, own[1:], own[2:])
        ):
            return None  # "I really like your recommendation you gave a while back": an opinion
        if any(a.low in ("to", "gonna", "will", "'ll") and b.low in _PREFERENCE for a, b in zip(own, own[1:])):
            return None  # "my calves are going to hate me tomorrow": a feeling foretold, no occurrence
        if any(
            a.low in ("said", "says") and b.low in BASE and FORMS.get(b.low) == b.low
            for a, b in zip(outside, outside[1:])
        ):
            return None  # "gail said take friday too if u need it": advice passed on
        if not [
            t
            for t in outside
            if t.low not in L.BE and t.low not in GREET_TAIL and t.low not in _FILLERS and t.start not in self._covered
        ]:
            return None  # "wait thursday is thanksgiving lol": one time named as another, a calendar fact
        told_at = next(
            (
                k
                for k, (a, b) in enumerate(zip(outside, outside[1:]))
                if lemma(a.low) in TO_LISTENER and b.low in ("you", "u")
            ),
            None,
        )
        if (
            told_at is not None
            and not any(
                (is_past(t.low) and t.low != "been") or t.low == "about" for t in outside[told_at + 2 : told_at + 4]
            )
            and not any(is_past(t.low) and t.low != "been" for t in outside[told_at + 2 :])
            # "he came by the station to say thank u": the telling is a deed's purpose
            and not any(
                is_past(t.low) and t.low != "been" and t.low not in L.IRREALIS_CONTROL and lemma(t.low) not in L.MENTAL
                for t in outside[:told_at]
            )
        ):
            # "wanted to give you the heads up on what's been happening lately": a talk opener
            # ("wanted to let you know I challenged myself", "to tell you about my school event
            # last week" tell the news)
            return None
        if _unnamed_deed([t.low for t in outside]):
            return None  # "last weekend I did something new that had an impact on me": what is not said
        if _nothing_named([t for t in outside if t.text.isalpha()]):
            return None  # "Life's been a bit rough lately", "been having some tough times lately": how life is
        if any(
            a.low == "thinking" and b.low in ("about", "of") and c.low.endswith("ing")
            for a, b, c in zip(own, own[1:], own[2:])
        ):
            return None  # "I've been thinking about signing up for a tournament on May 6th": a consideration
        # the modal must be of the time phrase's own comma-bounded clause: "flight home is 2pm
        # tmrw, should be home by 7ish" tells the flight's time, and only guesses the arrival
        lo = max((t.end for t in toks if t.text in (",", ";") and t.end <= sp.start_char), default=-1)
        hi = min(
            (t.start for t in toks if t.text in (",", ";") and t.start >= sp.end_char), default=sp.end_char + 10**6
        )
        if not any(lo <= t.start < hi and is_content(t) for t in outside):
            lo, hi = -1, 10**9  # "tomorrow, I might go": a time phrase set off alone is the next clause's
        # "she asked me if I want to go for a coffee on Saturday": a want asked after is an invitation
        asked_at = min((t.start for k, t in enumerate(toks) if t.low == "if" and not supposes(toks, k)), default=None)
        if any(
            (t.low in L.IRREALIS_MODALS and t.low != "can")
            or (
                t.low in _IRREALIS_WORDS
                and not (
                    t.low in ("want", "wants", "wanted")
                    # "the lantern want me to play friday": what another wants of the speaker
                    and (p.low in _OTHERS or n.low in ("me", "us") or (asked_at is not None and asked_at < t.start))
                )
            )
            for p, t, n in zip([Tok("", "", -1, -1), *outside], outside, [*outside[1:], Tok("", "", -1, -1)])
            if lo <= t.start < hi
        ):
            # (the time phrase's own words are no modal: "the baby comes in may"); what others want
            # at a time is an arrangement with them ("they want a video interview next tuesday")
            return None
        if any(a.low == "'d" and FORMS.get(b.low) == b.low for a, b in zip(words, words[1:])):
            return None  # "I'd love to go hiking Saturday": "'d" before a bare verb is "would", a wish
        if (
            len(outside) > 2
            and outside[1].low == "to"
            and outside[0].low in FELT
            and outside[2].low in FORMS
            and not any(is_past(t.low) for t in outside[3:])  # "good to see you too lost my job …" goes on
        ):
            return None  # "… so amazing to see one of them last week": how it felt, said of something untold
        if any(t.low == "can" for t in words) and any(t.low in ("you", "your") for t in words):
            return None  # "I can give it to you tomorrow": an offer
        if any(t.low in ("can", "could", "might", "may") for t in own) and any(
            t.low in ("if", "unless") and t.start >= sp.end_char for t in toks
        ):
            return None  # "we can do a launderette run at the weekend if we have to": a supposition
        if [t.low for t in outside[:2]] == ["guess", "what"] and len(outside) <= 4:
            return None  # "guess what I did today": a teaser; what was done comes next, if at all
        if _how_to_this([t.low for t in words]):
            return None  # "I started teaching people how to make this": what is taught is only pointed at
        if sp.rule == "since_last_talk" and _CATCH_UP.search(" ".join(t.low for t in outside)):
            return None  # "crazy stuff's been happening since we talked": a catch-up's opening, not what happened
        if _COME_FAR.search(" ".join(t.low for t in words)):
            return None  # "you've come so far since we last talked": the course of a life, no occurrence
        if any(
            lemma(a.low) == "do" and b.low in EVALUATIVE["do"] and not any(is_content(x) for x in words[k + 2 :])
            for k, (a, b) in enumerate(zip(words, words[1:]))
        ):
            return None  # "I've been doing great lately": how they are, not what happened
        if any(a.low in _PREFERENCE and b.low.endswith("ing") for a, b in zip(words, words[1:])):
            return None
        if story_only and any(t.low in L.BE or t.low in EVALUATIVE["have"] or lemma(t.low) in L.MENTAL for t in words):
            # "Last Saturday was lovely. We rented kayaks." / "Last weekend I had an experience …
            # I got to volunteer at …": the sentence only sets the time of what follows, which it dates
            return None
        if (
            sp.end < said_day(turn.t_conv)[0]
            and any(t.low in ("will", "'ll", "gonna", "shall") for t in outside)
            and not any(lemma(t.low) in L.MEMORY for t in outside)  # "I'll always remember our trip last year"
        ):
            return None  # "my sister and I will build it the weekend before": before something else
        if _clock_only(sp) and not any(is_past(t.low) for t in words):
            return None  # "We land at Haneda at 6am": a time of day gives no date to a plan
        if [t.low for t in words[:3]] in (["thankful", "for", "all"], ["grateful", "for", "all"]):
            return None  # "thankful for all the opportunities": gratitude, no occurrence
        if _time_evaluated(toks, sp):
            return None  # "tomorrow's gonna be a blast", "last night was amazing": how a time went or will go
        if _a_time_it_was([t.low for t in outside]):
            return None  # "been a busy week since we talked": what kind of time it was
        if not occasion and any(a.low in L.BE and b.low in INTENSIFIERS for a, b in zip(words, words[1:])):
            return None  # "our kitchen is pretty cold in winter": a description, not an occurrence
        if not occasion and _says_what_it_is([t.low for t in outside]):
            return None  # "It's still a part of my writing today", "there've been tough times lately"
        obj = text_of(text, words)
        verbless = not any(
            is_verbish(t.low, after_aux=True)
            or t.low in L.BE
            or t.low in L.HAVE
            or t.low.endswith("ed")
            or (nxt.low in L.DETERMINERS and t.low not in L.PREPOSITIONS)  # "Dyed my hair": a verb and its object
            for t, nxt in zip(outside, [*outside[1:], Tok("", "", -1, -1)])
        )
        # "brunch yesterday with the girls", "pancakes from yesterday": a noun named right before
        # its time (at most one short word, "from", between them) names what took place then
        named_before = own[0].start < sp.start_char <= own[-1].end + 6
        if (
            verbless
            and not presented
            and not named_before
            and not category_aliases("", obj)
            and not any(t.text[:1].isupper() for t in outside[1:])
            and not any(t.low in POSSESSIVE for t in outside)  # "Back to work tomorrow after my trip"
        ):
            return None  # "Recently, education reform and infrastructure development": a topic, no occurrence
        if thing is not None:
            at = own[pointed].end
            obj = " ".join(f"{text[words[0].start : at]} [{thing}]{text[at : words[-1].end]}".split()).strip(" ,;:-—–")
        e = _span_mention(session, turn, obj, sentence, sp)
        rest = join_tokens([t for t in words if not (sp.start_char <= t.start < sp.end_char)])
        e.aliases = clean_aliases([*category_aliases("", sentence), rest], e)
        return e

    def _ended(self, session, turn, text, bounds, spans) -> list[Event]:
        """ "FIRST DAY AT THE NEW JOB IS DONE!!", "the exam is over": an occasion just ended,
        the day it was told (``news.ended_occasion``); the speaker's mention of it."""
        for sent, toks in _untimed_statements(text, bounds, spans):
            at = ended_occasion(toks)
            if at is not None:
                obj = " ".join(text[toks[at[0]].start : toks[at[1]].end].split())
                e = _mention(session, turn, obj, sent, said_day(turn.t_conv), "rule", toks[at[1]].text)
                e.aliases = clean_aliases(category_aliases("", sent), e)
                return [e]
        return []

    def _news_mention(self, session, turn, text, bounds, spans, since: datetime) -> list[Event]:
        """A message between people who talk often that told news no clause event took ("oh and
        landlord finally texted back", "smashed the target!!"): the speaker's mention of its
        first such clause (``_news_told``), dated as news since their last talk, so the day it
        was told is not lost."""
        told = self._news_told(turn, text, bounds, spans)
        if told is None:
            return []
        sent, obj = told
        e = _mention(session, turn, obj, sent, said_on(turn.t_conv), "said_on")
        as_news(e, since)
        e.aliases = clean_aliases(category_aliases("", sent), e)
        return [e]

    def _news_told(self, turn, text, bounds, spans) -> tuple[str, str] | None:
        """The first clause of the message that tells news (``news.news_clause``, ``news_state``)
        and its sentence: (sentence, clause). None from a question, a greeting, a sentence with a
        time phrase (its own rules date it) or one older than news."""
        for sent, toks in _untimed_statements(text, bounds, spans):
            if background(sent):
                continue
            at = news_clause(toks, self._names) or news_state(toks, self._names)
            if at is None:
                continue
            first, last, points = at
            obj = text[toks[first].start : toks[last].end]
            if points is not None:
                # "any news on the flat??" / "we got it!!": what "it" stands for, or no news told
                thing = self._antecedent(turn, text[: toks[points].start])
                if thing is None:
                    continue
                at_end = toks[points].end
                obj = f"{text[toks[first].start : at_end]} [{thing}]{text[at_end : toks[last].end]}"
            return sent, " ".join(obj.split()).strip(" ,;:-")
        return None

    def _antecedent(self, turn: Turn, before: str) -> str | None:
        """What a bare "it"/"this"/"that" in ``turn`` points at: the last thing named earlier in
        the turn ("like my hand-painted bowl. A friend made it …"), else what the turn's photo
        shows, else the last thing named (or shown) in the previous message ("That plate is
        awesome! Did you make it?"), or further back through the messages its sender sent in a
        row when that message points back itself ("that plate is awesome!" / "did you make it?")."""
        found = last_thing(before) or shown_thing(turn.text)
        # the previous message, or the one before it when the same person sent both (a chat
        # sends "that plate is awesome!" and "did you make it?" as two messages)
        for prev in self._burst:
            if found:
                break
            found = last_thing(normalize(prose(prev.text))) or shown_thing(prev.text)  # "ur car": your car
            if not re.search(r"(?i)\b(it|this|that)\b", prev.text):
                break  # further back only through a message that itself points back ("did you make it?")
        return found

    def _nominal(self, session, turn, sentence, toks, text) -> Event | None:
        """A verbless diary line that names an activity ("Short hike up Mount Philo with Biscuit",
        "First appointment with my new dentist"): the speaker's undated mention of it. Only when
        the line opens with the noun phrase itself, names an activity, and the turn has no other
        event (an exclamation like "Such a nice trail!" opens with a determiner)."""
        if not any(t.low in _CATEGORY_WORDS or t.low.rstrip("s") in _CATEGORY_WORDS for t in toks):
            return None
        if len({t.speaker for t in session.turns if t.role != "assistant"}) > 1:
            return None  # between two people a verbless line answers or reacts ("road trip road trip", "marcos grad party")
        segs = segments(toks)
        if not segs or is_negated(toks):
            return None
        words = segs[0]
        while words and words[-1].low in TRAILING_DROP:
            words = words[:-1]
        if (
            not words
            or words[0].low in L.DETERMINERS
            or words[0].low in L.PREPOSITIONS  # "at a bigger clinic for sport injuries": where, not what
            or words[0].low in ("such", "what", "how", "so", "very", "too", "not", "no")
            or words[0].low in ("its", "thats", "theres", "it", "that", "there")  # "its my favorite for birthdays"
            or words[0].low in SUBJ_PRONOUNS  # "I wish you the best on your party": a clause, not a name
            or any(t.low in L.BE or t.low in L.HAVE or t.low in L.MODAL for t in words)
            or any(is_verbish(t.low, after_aux=False) and t.low in FORMS and FORMS[t.low] != t.low for t in words)
            or sum(is_content(t) for t in words) < 2
            or not category_aliases("", join_tokens(words))
        ):
            return None
        obj = text_of(text, words[:MAX_MENTION_TOKENS])
        e = _mention(session, turn, obj, sentence, said_on(turn.t_conv), "said_on")
        e.aliases = clean_aliases(category_aliases("", obj), e)
        return e

    def _asked_occasion(self, session, turn, prev_questions, spans, sentence, day_start) -> Event | None:
        """An answer that gives the time of an occasion the question named: "whens the wedding??"
        / "october 11", "how was moving day" / "saturday was CHAOS" (a time gone by, for "how
        was"): the answerer's mention of the occasion ("your" in the question is the answerer's
        "my"), dated by the answer's first time phrase."""
        sp = spans[0]
        for q in reversed(prev_questions):
            m = _ASKS_WHEN_IS.search(q)
            if m is None and sp.end < day_start and not _HOW_WAS.search(q):
                m = _ASKS_HOW_WAS.search(q)  # not "how was your weekend": the time itself (``_how_was``)
            if m is None:
                continue
            if m.re is _ASKS_WHEN_IS and m["tense"].strip().lower() not in ("was", "were"):
                # "when is ur interview?" / "thursday at 2": the Thursday to come
                sp = _to_come(sp, turn.t_conv)
            words = m["what"].split()
            if words[-1].lower() in _POINTERS_ASKED or not has_content(tokenize(m["what"])):
                continue  # "when is it?": what "it" is, the talk says before
            words = [_answerers(w) for w in words]
            return _span_mention(session, turn, " ".join(words), sentence, sp)
        return None

    def _how_it_went(self, session, turn, prev_questions, sentence) -> Event | None:
        """An answer that says how an occasion the question named went, and not when: "how was
        the hen??" / "it was amazing", "how did the interview go" / "really well i think". The
        occasion took place since the two last talked: the answerer's mention of it, as news."""
        if not _WENT.match(sentence):
            return None
        for q in reversed(prev_questions):
            m = _ASKS_HOW_WAS.search(q)
            if m is None or _HOW_WAS.search(q):
                continue  # "how was your weekend?": the time itself, no occasion
            words = m["what"].split()
            if len(words) > 1 and words[-1].lower() == "go":
                words = words[:-1]  # "how did the interview go"
            if words[-1].lower() in _POINTERS_ASKED or not has_content(tokenize(" ".join(words))):
                continue  # "how was it?": what "it" is, the talk says before
            if words[-1].lower() in _ROUTINE:
                continue  # "how was work?": a day's routine, no occasion
            said_end = said_day(turn.t_conv)[1]
            what = " ".join(_answerers(w) for w in words) + (m["when"] or "")
            asked = [sp for sp in resolve_spans(what, turn.t_conv) if sp.end <= said_end]
            if asked:  # "how was the doctor yesterday?" / "not bad!": the time the question gave
                e = _span_mention(session, turn, what.replace(asked[0].text, "").strip(), sentence, asked[0])
            elif (since := news_since(self._talk, turn.t_conv)) is not None:
                e = _mention(session, turn, what, sentence, (since, said_end, "range"), "news")
            else:
                return None  # in a first talk, since when is not known
            return _cite_asker(self._before, turn, e)
        return None

    def _occasion_went(self, session, turn, sentence) -> Event | None:
        """An occasion named and judged, with no time: "the wedding was beautiful", "that party
        was sooooo much", "first day back was CHAOS". It took place since the two last talked
        (news); in a first talk, when is not known."""
        m = _OCCASION_WENT.match(sentence)
        if m is None:
            return None
        what = m["what"].strip()
        head = what.split()[-1].lower()
        first_day = re.fullmatch(r"(?i)(?:(?:my|the|her|his)\s+)?first\s+(?:day|week|shift|night)(?:\s+back)?", what)
        if not first_day and (head not in OCCASIONS or head in _ROUTINE):
            return None  # "the food was amazing", "work was brutal": no occasion
        since = news_since(self._talk, turn.t_conv)
        if since is None:
            return None
        return _mention(session, turn, what, sentence, (since, said_day(turn.t_conv)[1], "range"), "news")

    def _dates_told(self, session, turn, prev_questions, spans, sentence, said_end) -> tuple[Event | None, bool]:
        """ "she knocked my monstera off the bookshelf" / "noooo!! when??" / "this morning
        sometime": the answer gives the time of what the answerer had just told. Its undated (or
        news-dated) events take the answer's time and the answer as a source; when that message
        yielded none, the answerer's mention of it, dated by the answer. Returns that mention (or
        None) and whether the earlier events took the answer's time."""
        if not any(_ASKS_WHEN_TOLD.match(q) for q in prev_questions):
            return None, False
        told = _told_before(session.turns, turn)
        if told is None:
            return None, False
        sp = spans[0]
        if sp.start > said_end:
            return None, False  # "when??" / "tomorrow": a plan, whose own message has its verb
        made = self._made.get(told.turn_id, [])
        if any(e.time_source == "rule" for e in made):
            return None, False  # its own time phrase already dated it
        if made:
            # "yeah i coasted into a wendys lot. ate a frosty while i waited for the tow" / "when
            # was this??": the story the message told, all of it then
            for e in made:
                e.start, e.end, e.granularity = sp.start, sp.end, sp.granularity
                e.time_source, e.time_expression = "rule", sp.text
                e.source_turn_ids = [*e.source_turn_ids, turn.turn_id]
                self._past.pop(id(e), None)  # dated now, not as news
            return None, True
        text = normalize(prose(told.text))
        # its longest statement ("review. she slated us": not the fragment "review.")
        said = max(
            (text[a:b] for a, b in sentences(text) if sentence_kind(text[a:b]) == "statement"), key=len, default=""
        )
        said_toks = tokenize(said)
        if not has_content(said_toks) or is_negated(said_toks) or any(_not_done(t.low) for t in said_toks):
            return None, False  # "you never listen to me" / "when??": nothing happened; "i need a haircut": a need
        obj = " ".join(said.split()[:MAX_MENTION_TOKENS]).strip(" ,;:-.!")
        e = _span_mention(session, turn, obj, sentence, sp)
        e.source_turn_ids = [told.turn_id, turn.turn_id]
        e.aliases = clean_aliases(category_aliases("", said), e)
        return e, False

    def _answer_event(self, session, turn, prev_questions, spans, sentence, ctx) -> Event | None:
        # "did you call mom?" / "no, tomorrow": not done, a plan; "nope" with a time gone by
        # tells nothing done then
        ahead = spans[0].start > naive(turn.t_conv)
        if _NO.match(sentence) and not ahead:
            return None
        for q in reversed(prev_questions):
            toks = tokenize(q)
            for i, t in enumerate(toks):
                who = turn.speaker if t.low == "you" else _asked_about(toks, i, ctx)
                # "did she end up going to the vet" / "yes!! yesterday": who "she" is is said
                # elsewhere; the answerer's mention keeps the clause asked, dated by the answer
                asked_of = i > 0 and toks[i - 1].low in ("did", "has")
                pronoun = who is None and t.low in ("she", "he", "they") and asked_of
                if pronoun:
                    who = t.low
                elif who is None and asked_of and t.low in _ASKED_THINGS and not ahead:
                    # "did the car pass in the end?" / "ya yesterday": what befell a thing named
                    at = next((j for j in range(i + 2, min(len(toks), i + 5)) if toks[j].low in BASE), None)
                    c = None if at is None else self._parse_from(toks, at, "it", subj_start=i, after_aux=True)
                    if c is None:
                        continue
                    thing = _answerers(" ".join(x.text for x in toks[i:at]).lower())
                    verb = c.verb.split()
                    verb[0] = past_form(verb[0].lower()) if verb[0].lower() in BASE else verb[0]
                    told = " ".join([thing, *verb, join_tokens(c.obj_toks)]).strip()
                    return _span_mention(session, turn, told, sentence, spans[0])
                if who is not None:
                    # "did you call mom?" / "yes this morning!"; "did ivy start swim yet" / "this
                    # morning lol": the answer dates what was asked, done by whom it was asked of
                    c = self._parse_from(toks, i + 1, who, subj_start=i, after_aux=True)
                    if c is not None and c.obj_toks and has_content(c.obj_toks):
                        c.mood = "future" if ahead else "past"
                        # "did you call mom?" "yes this morning!": called
                        words = c.verb.split()  # "did you go to …?" / "yes": went to
                        if words and words[0].lower() in BASE and not ahead:
                            c.verb = " ".join([past_form(words[0].lower()), *words[1:]])
                        ev = self._event(session, turn, c, spans[0], sentence, None)
                        if ev is not None:  # the asker's "your boss" is the answerer's own
                            ev.object = _answerers(ev.object)
                        if ev is not None and pronoun:
                            told = f"{t.low} {ev.verb} {ev.object}".strip()
                            sp = spans[0]
                            return _mention(
                                session, turn, told, sentence, (ev.start, ev.end, ev.granularity), "rule", sp.text
                            )
                        return ev
        return None

    # -- clause parsing -------------------------------------------------------------------

    def _clauses(self, toks: list[Tok], speaker: str, ctx: _Ctx) -> list[Clause]:
        out: list[Clause] = []
        i, n = 0, len(toks)
        # "if it's not better tomorrow i go to the vet": the whole sentence is supposed
        supposing = next((t.low for t in toks if t.low not in _LEAD_INS), "") in ("if", "unless")
        while i < n:
            c = self._clause_at(toks, i, speaker, ctx, out)
            if c is not None and i > 0 and toks[i - 1].low in _CONDITIONAL:
                c.conditional = True
            if c is not None and (supposing or any(t.low in ("if", "unless") for t in toks[:i])):
                c.supposed = True  # "… and if it's not better I go back friday": what follows from it too
            if c is not None:
                out.append(c)
                i = max(c.end_tok, i + 1)
            else:
                i += 1
        return out

    def _clause_at(self, toks: list[Tok], i: int, speaker: str, ctx: _Ctx, before=()) -> Clause | None:
        t, n = toks[i], len(toks)
        if t.start in self._covered:
            return None  # "since we last spoke | my sister got married": the time phrase's own words
        if t.low == "who" and i > 0 and toks[i - 1].low == "guess" and i + 1 < n and toks[i + 1].low in PAST:
            # "guess who found her first real bug!!", "guess who got the job": the teller, coyly
            # (not "guess who I ran into": who is then the object); "her" bug is the teller's
            c = self._parse_from(toks, i + 1, speaker, subj_start=i)
            if c is not None and c.obj_toks and c.obj_toks[0].low in ("her", "his", "their"):
                o = c.obj_toks[0]
                c.obj_toks = [Tok(f"{speaker}'s", f"{speaker}'s".lower(), o.start, o.end), *c.obj_toks[1:]]
            return c
        after_and = i > 0 and toks[i - 1].low == "and"
        if not (
            t.text[:1].isupper()
            or t.text in ctx.names  # "ivy threw up …" in a chat typed in lower case
            or t.low in _SUBJECT_OPENERS
            or t.low in L.ADVERBS
            or t.low in PAST
            or (after_and and is_past(t.low))
            or t.low.endswith("ing")
            or t.low in ("at", "in", "on")
            or t.low in ELLIPSIS_LEAD
        ):
            return None  # no subject starts here (the common case: skip the checks below)
        starts = self._starts_clause(toks, i)
        if t.text in _PRONOUN_SUBJ:
            # "i think i cracked a tooth", "I reckon we won": the speaker's belief reports a deed of
            # their own (in the past: "I think I'll go" is a plan, read as such elsewhere)
            believed = (
                i > 1
                and toks[i - 2].low in ("i", "we")
                and toks[i - 1].low in _BELIEF
                and i + 1 < n
                and is_past(toks[i + 1].low)
                and toks[i + 1].low not in L.BE
            )
            if starts or believed:
                c = self._parse_from(toks, i + 1, speaker, subj_start=i)
                if c is not None and i > 0 and toks[i - 1].low == "what" and not _own_object(c):
                    return None  # "guess what i found in the attic": "what" is the object, not said
                if c is not None and t.low == "we":
                    c.generic = True
                return c
            # "the mug I made at the studio": a fronted object, not a new clause ("think about the
            # paths I've taken" is no report of taking paths)
            front = _front_np(toks, i)
            at = toks.index(front[0]) if front else 0
            # "this picture reminds me of a road trip we took last year": the memory is news told
            # as it comes back ("the time we went camping": the clause is the memory itself)
            reminded = bool(front) and _reminded_of(toks, at)
            if reminded:
                c = self._parse_from(toks, i + 1, speaker, subj_start=i)
                if c is None or not _a_memory(c, front):
                    return None  # "the teachers I had", "the house I grew up in": the mention tells it
                if [t.low for t in front] == ["the", "time"]:
                    return c  # "the time we went camping last summer": the clause is the memory itself
            if front and (
                (at > 0 and toks[at - 1].low in ("about", "of") and not reminded)  # "think about the paths I've taken"
                or (
                    before and before[-1].obj_toks and front[0] in before[-1].obj_toks
                )  # "dropped off that stuff I baked"
                or any(t.low in TIME_NOUNS for t in front)  # "the last time I did it was …"
            ):
                return None  # a relative clause on a noun of another clause, not a fronted object
            after = run_on_before(toks, i, self._covered)
            if not front and after:
                # "I" is nominative: after a finished clause it opens one of a sentence run on
                # without its full stop ("so much happening to me I ran a charity race")
                c = self._parse_from(toks, i + 1, speaker, subj_start=i)
                if c is None or not c.obj_toks:
                    return c
                head = c.obj_toks[0].low
                if head in L.BE or is_past(head) or any(t.low in L.BE for t in c.obj_toks):
                    return None  # "support I got | was helpful": a relative clause, the sentence goes on
                if after == "noun" and (head in L.PREPOSITIONS or head in OBJECT_PRONOUNS):
                    return None  # "the work we have to do | for …": the object's gap is the noun before
                return c
            c = self._parse_from(toks, i + 1, speaker, subj_start=i) if front else None
            if c is None or (c.lemma == "have" and c.mood == "present"):
                return None  # "the friends I have": a description of the friends
            if c.lemma in _LIGHT and head_word(front) in _COURSE:
                return None  # "the progress I've made", "the struggles I had": a course of life, no occurrence
            if front[-1].low in WH:
                return None  # "a look at what I've been working on": what it is is not said
            if at > 0 and toks[at - 1].text not in PUNCT_BREAK and toks[at - 1].low not in L.CLAUSE_BREAK:
                # "after reading a blog post I made": a noun inside another clause, whose own time is
                # not the story's (a fronted "The shirt I bought was cheap" goes on with the story)
                c.remote = c.embedded = True
            be_at = next(
                (j for j, x in enumerate(c.obj_toks) if j >= 1 and x.low in L.BE and not _possessive_s(c.obj_toks, j)),
                None,
            )
            if be_at is not None:
                c.obj_toks = c.obj_toks[:be_at]  # "the impact we made on their life | was inspiring"
            rest = [x for x in c.obj_toks if x not in front]
            if rest and (is_past(rest[0].low) or rest[0].low in L.BE or rest[0].low in L.HAVE):
                rest = []  # "the support I got | made a huge difference": the main clause goes on
            prep_verb = bool(c.verb_toks) and c.verb_toks[-1].low in L.PREPOSITIONS
            if rest and (
                (
                    not prep_verb
                    and (
                        rest[0].low in L.DETERMINERS
                        or rest[0].low in POSSESSIVE
                        # "… I've been taking | regular walks"; not "the camera I had | as a kid"
                        or (is_content(rest[0]) and rest[0].low not in FORMS and rest[0].low not in _NOT_AN_OBJECT)
                    )
                )
                or front[-1].low in OBJECT_PRONOUNS
            ):
                # the verb has an object of its own (a relative clause leaves a gap: "the mug I
                # made | at the studio"): a sentence run on without its full stop ("after finishing
                # my screenplay I got a rejection letter", "… an impact on me I participated in a 5k")
                person = rest[0].low in OBJECT_PRONOUNS or one_of(head_word(rest), PEOPLE)
                if c.lemma in _TWO_OBJECTS and len(rest) <= 3 and person and front[-1].low not in OBJECT_PRONOUNS:
                    c.obj_toks = rest + front  # "the scarf I gave my mom" → gave my mom the scarf
                    return c
                c.obj_toks, c.remote, c.embedded = rest, False, False
                return c
            tail = []
            if rest and c.verb_toks and c.verb_toks[-1].low in L.PREPOSITIONS:  # "made at | the studio"
                tail = [c.verb_toks.pop()]
                c.verb = " ".join(c.verb.split()[:-1])
            c.obj_toks = front + tail + rest  # "the agencies I'm looking into": phrasal, prep stays
            c.relative = True
            if not rest and not tail and c.verb_toks:
                # "a show i went to": the preposition left at the clause's end is the verb's
                k = toks.index(c.verb_toks[-1]) + 1 if c.verb_toks[-1] in toks else n
                if (
                    k < n
                    and toks[k].low in L.PREPOSITIONS
                    and (k + 1 == n or toks[k + 1].text in PUNCT_BREAK or toks[k + 1].start in self._covered)
                ):
                    c.verb = f"{c.verb} {toks[k].text}"
            return c
        if not starts:
            return self._implied(toks, i, speaker)  # "lol heading to the gym now": it tells its own opening
        if t.text in POSSESSIVE and i + 1 < n:
            return self._np_subject(toks, i, f"{speaker}'s")
        if t.low in ("your", "ur") and starts and i + 1 < n:
            # "your package came!!!", "your sister called": what befell the listener's things or
            # people while they were away; not how they were ("your hair looked great"), a state
            # ("your boiler is broken") or praise ("your dedication paid off")
            listener = ctx.speakers - {speaker}
            c = self._np_subject(toks, i, f"{next(iter(listener))}'s") if len(listener) == 1 else None
            ok = (
                c is not None
                and c.mood in ("past", "perfect")
                and c.verb_toks[:1]
                # "your sister called"; "your mother has put the WhatsApp on my phone": done, just now
                and (c.verb_toks[0].low in PAST or (c.verb_toks[0].low in ("has", "have") and len(c.verb_toks) > 1))
            )
            # a person of the listener's does deeds of their own: "your father put the lights up"
            person = one_of(toks[i + 1].low, PEOPLE) and toks[i + 1].low not in ("friend", "friends")
            return c if ok and (c.lemma in _BEFALLS_LISTENERS or person) else None
        if t.low in _SOMEONE:
            # "someone stole my bike", "somebody dented our car": an occurrence to the speaker's
            # things; "someone told me …", "someone should fix it" name no occurrence of theirs
            c = (
                self._parse_from(toks, i + 1, t.low, subj_start=i, named=True)
                if i + 1 < n and toks[i + 1].low in PAST
                else None
            )
            return c if c is not None and c.obj_toks[:1] and c.obj_toks[0].text in POSSESSIVE else None
        if t.text in _THE and i + 1 < n:
            return self._np_subject(toks, i, "the")
        if t.text in _TITLES and i + 2 < n and toks[i + 1].text == "." and toks[i + 2].text[:1].isupper():
            return self._parse_from(toks, i + 3, f"{t.text}. {toks[i + 2].text}", subj_start=i, named=True)
        capital_before_past = _capital_before_past(toks, i)
        if (t.text in ctx.names or capital_before_past) and t.text.isalpha() and i + 1 < n:
            if i + 3 < n and toks[i + 1].low == "and" and toks[i + 2].text in ctx.names:  # "Priya and Dan came"
                c = self._parse_from(toks, i + 3, f"{t.text} and {toks[i + 2].text}", subj_start=i, named=True)
                if c is not None:
                    return c
            if i + 2 < n and toks[i + 1].low == "'s" and toks[i + 2].text.isalpha():  # "Jon's band played …"
                c = self._np_subject(toks, i + 1, f"{t.text}'s", subj_start=i)
                if c is not None:
                    return c
            c = self._parse_from(toks, i + 1, t.text, subj_start=i, named=True)
            if c is not None:
                return c
        # no subject: "Lost my job yesterday", "Finally trimmed a foot ring"
        j = i
        while j < n and toks[j].low in L.ADVERBS and toks[j].low not in ("so", "of", "kind", "sort", "all", "both"):
            j += 1
        after_and = after_and and j < n and toks[j].low not in ("was", "were", "said", "thought", "felt")
        past = j < n and (toks[j].low in PAST or (after_and and is_past(toks[j].low)))  # "and printed it"
        with_object = (  # "had a double shift", "saw a movie", "did a 5K": a verb with its object
            j + 1 < n and toks[j].low in ("had", "did", "saw", "heard", "put") and toks[j + 1].low in L.DETERMINERS
        )
        if past and (toks[j].low not in _NOT_SUBJECTLESS or after_and or with_object):
            # after "and"/"then", the subject is the previous clause's: only the speaker's is known
            # ("they helped out and showed lots of love" is not the speaker's)
            w = i - 1
            while w > 0 and toks[w].low in L.ADVERBS:
                w -= 1  # "people who also played": the adverb sits between
            if i > 0 and toks[w].low in ("who", "which", "that"):
                return None  # "someone who shared stories": the one before "who" did it
            m = i - 1
            while m >= 0 and (toks[m].text == "," or toks[m].low in FELT):
                m -= 1  # back over adjectives: "a great, | relaxed"
            if m >= 0 and toks[m].low in L.DETERMINERS and toks[m].low not in ("that", "this"):
                return None  # "a great, relaxed environment": an adjective in a noun phrase
            if i > 0 and toks[i - 1].low in L.CLAUSE_BREAK:
                prev = before[-1] if before else None
                gap = toks[prev.end_tok : i - 1] if prev is not None else []
                if (
                    prev is None
                    or prev.subject != speaker
                    or any(t.start not in self._covered for t in gap)  # "challenged myself last Friday and did …"
                ):
                    return None
            elif i > 0 and toks[w].low in L.CLAUSE_BREAK and (not before or before[-1].subject != speaker):
                return None  # "he cried the entire time and then got a lollipop": he got it
            c = self._parse_from(toks, i, speaker, subj_start=i)  # from i: "just got …" keeps its "just"
            prev = before[-1] if before else None
            if (
                c is not None
                and i > 0
                and toks[i - 1].low in L.CLAUSE_BREAK
                and prev is not None
                and prev.mood in ("irrealis", "future", "habit")
            ):  # "I hope to build a family and put a roof over kids": the hope goes on
                c.mood, c.modal = prev.mood, prev.modal
            return c
        return self._implied(toks, i, speaker)

    def _implied(self, toks: list[Tok], i: int, speaker: str) -> Clause | None:
        """ "heading to the gym now", "at the dentist rn": the speaker's present with "I'm" left
        out (extract/ellipsis.py), where the sentences before leave it the speaker's and today's."""
        el = self._ellipsis
        if not el.ok:
            return None
        j = implied_progressive(toks, i, el.today, el.later, asked=el.asked)
        if j is not None:
            lead = toks[i:j]  # "busy cooking dinner rn": "busy" is no adverb the parser skips
            at = i if all(x.low in L.ADVERBS or x.low in L.NOW_CUES for x in lead) else j
            c = self._parse_from(toks, at, speaker, subj_start=i, implied="is")
        elif implied_place(toks, i):
            c = self._parse_from(toks, i, speaker, subj_start=i, implied="is")
            if c is not None:  # "in the kitchen | making dinner rn": the place, not what is done there
                cut = next(
                    (
                        k
                        for k, x in enumerate(c.obj_toks)
                        if k and x.low.endswith("ing") and x.low in FORMS and ends_noun_phrase(c.obj_toks[k - 1])
                    ),
                    None,
                )
                c.obj_toks = c.obj_toks[:cut] if cut else c.obj_toks
        else:
            return None
        if c is not None and el.third and not any(t.low in ("him", "her", "them") for t in c.obj_toks):
            return None  # "My sister is so busy. Studying for finals": hers ("Helping them unpack now" is mine)
        if c is not None:
            c.implied = True
        return c

    def _starts_clause(self, toks: list[Tok], i: int) -> bool:
        """A subject opens a clause: at the start, after punctuation or a conjunction, or after
        adverbs, interjections and time expressions that lead it ("Last Saturday Maya and I …")."""
        m = i - 1
        while m >= 0 and (
            toks[m].low in L.ADVERBS
            or toks[m].start in self._covered
            or toks[m].low in ("oh", "well", "yeah", "yes", "ok", "okay", "anyway", "btw", "honestly", "luckily")
        ):
            m -= 1
        if m < 0 or toks[m].text in PUNCT_BREAK or toks[m].low in L.CLAUSE_BREAK or toks[m].low == "then":
            return True
        if (
            toks[m].low == "what"
            and m == i - 1
            and m > 0
            and toks[m - 1].low == "guess"
            and (m == 1 or toks[m - 2].text in PUNCT_BREAK or toks[m - 2].low in INTERJECTIONS)
        ):
            return True  # "guess what | i adopted a puppy": a teaser opening the sentence, typed without its "?"
        if toks[m].low in _REPORTING or (toks[m].low == "that" and m > 0 and toks[m - 1].low in FORMS):
            return True  # "say I left Acme in December", "mention that I moved in"
        # a fronted adverbial: "At the glaze workshop last Saturday I made …"; or a fronted
        # clause ended by its verb, typed without its comma: "since we last spoke I went …"
        while m >= 0 and toks[m].text not in PUNCT_BREAK and toks[m].low not in L.CLAUSE_BREAK:
            m -= 1
        if (
            m >= 0
            and toks[m].low in _SUBORDINATORS
            and (m == 0 or toks[m - 1].text in PUNCT_BREAK)
            and (is_finite(toks[i - 1].low) or is_past(toks[i - 1].low))
            and toks[i - 1].low not in THOUGHT_VERBS
            and lemma(toks[i - 1].low) not in L.MENTAL | SAYING | _CLAIMING
            and toks[i].low in ("i", "we")
        ):
            return True
        return (m < 0 or toks[m].text in PUNCT_BREAK) and toks[m + 1].low in L.PREPOSITIONS

    def _np_subject(self, toks: list[Tok], i: int, owner: str, subj_start: int | None = None) -> Clause | None:
        """ "my son got into an accident" → "<speaker>'s son"; "the dentist put on a crown"."""
        j = i + 1
        noun: list[str] = []
        while (
            j < len(toks)
            and len(noun) < 3
            and toks[j].text.isalpha()
            and toks[j].low not in NOT_NOUN
            and (not noun or not is_past(toks[j].low))  # right after "my", "left" is no verb
        ):
            noun.append(toks[j].text)
            j += 1
        if not noun or j >= len(toks):
            return None
        nxt = toks[j].low
        if not (is_past(nxt) or nxt in ("has", "have", "'ve", "is", "'s", "are", "'re", "was", "were")):
            return None
        if owner == "the" and not is_past(nxt):
            return None  # "the view is amazing": a description, not an event
        subject = f"{owner} {' '.join(noun)}" if owner != "the" else f"the {' '.join(noun)}"
        return self._parse_from(toks, j, subject, subj_start=i if subj_start is None else subj_start, named=True)

    def _parse_from(
        self,
        toks: list[Tok],
        j: int,
        subject: str,
        *,
        subj_start: int,
        named: bool = False,
        after_aux: bool = False,
        implied: str | None = None,
    ) -> Clause | None:
        """The clause whose verb group starts at ``j``; ``implied`` is an auxiliary the chat left
        out with the subject ("[I'm] heading to the gym")."""
        n = len(toks)
        verb: list[Tok] = []
        words: list[str] = [implied] if implied else []
        advs: list[str] = []
        saw_be = implied in L.BE
        saw_have = False
        k = j
        # auxiliaries, negation, adverbs
        while k < n:
            w = toks[k].low
            if w in L.NEG or w in L.NEG_STEMS and k + 1 < n and toks[k + 1].low == "'t":
                return None
            if w in L.ADVERBS and w != "so" or w in L.FREQUENCY or w in L.NOW_CUES:
                advs.append(w)
                k += 1
                continue
            nxt = toks[k + 1].low if k + 1 < n else None
            if w in L.BE or (w == "'s" and named):
                saw_be = True
                words.append(_norm_aux(w, nxt))
                verb.append(toks[k])
                k += 1
                continue
            if w in L.HAVE or w in L.MODAL:
                # "had a quiet weekend" / "did a 5K": main verb unless a verb form follows
                m = k + 1
                while m < n and toks[m].low in L.ADVERBS and toks[m].low != "so":
                    m += 1
                if m < n and (
                    is_verbish(toks[m].low, after_aux=True)
                    or toks[m].low in L.BE
                    or toks[m].low in L.NEG
                    or toks[m].low in ("gonna", "got")
                ):
                    saw_have = saw_have or w in L.HAVE
                    words.append(_norm_aux(w, toks[m].low))
                    verb.append(toks[k])
                    k += 1
                    continue
            break
        if k >= n:
            return None
        # control verbs and the main verb
        main: Tok | None = None
        while k < n:
            t = toks[k]
            w = t.low
            nxt = toks[k + 1].low if k + 1 < n else ""
            nxt2 = toks[k + 2].low if k + 2 < n else ""
            if w in ("gonna", "wanna", "gotta") and nxt and is_verbish(nxt, after_aux=True):
                words.append(w)
                verb.append(t)
                k += 1
                continue
            if (
                (w in L.CONTROL or (w in ("had", "has", "have", "having") and nxt == "to"))
                and nxt in L.CONTROL_LINKS
                and nxt2
                and (
                    nxt2 in FORMS
                    or nxt2.endswith("ing")
                    # after "decided to", "had to", a bare word is the infinitive ("decided to include")
                    or (
                        nxt == "to"
                        and w not in _TO_MOTION  # "going to boot camps": "to" leads a place
                        and toks[k + 2].text.isalpha()
                        and toks[k + 2].text.islower()
                    )
                )
                and nxt2 not in L.DETERMINERS
                and nxt2 not in OBJECT_PRONOUNS
                and nxt2 not in L.PREPOSITIONS
                and nxt2 not in TIME_WORDS
            ):
                words += [w, nxt]
                verb += [t, toks[k + 1]]
                k += 2
                continue
            if w in _ING_CONTROL and nxt.endswith("ing") and len(nxt) > 4 and nxt in FORMS:
                words.append(w)
                verb.append(t)
                k += 1
                continue
            main = t
            break
        if main is None:
            return None
        w = main.low
        aux = list(words)
        if saw_be and w in _STATE_ADJ:  # "my store is open", "I'm engaged"
            c = self._finish(toks, k + 1, subject, subj_start, verb, words, "be", obj_first=main)
            return with_mood(c, aux, advs, main, toks, state=True)
        if saw_be and verb[-1:] != [main] and not is_verbish(w, after_aux=True):
            # copula: "I was in Paris" is a state worth keeping; "I'm so happy" is not
            bare = (
                w in ("in", "on", "at")
                and k + 1 < len(toks)
                and toks[k + 1].text.islower()
                and toks[k + 1].low not in L.DETERMINERS
                and toks[k + 1].low not in _BARE_PLACES
                # "at dev's party", "at devs party", "at marcus's": a person's place, typed in lower case
                and not (k + 2 < len(toks) and toks[k + 2].low == "'s")
                and toks[k + 1].low not in self._names
                and not (toks[k + 1].low.endswith("s") and toks[k + 1].low[:-1] in self._names)
            )  # "I'm in awe", "in love": an idiom, not a place ("at work", "in class" are)
            if (
                w == "to"
                and saw_have
                and words[-1:] == ["been"]
                and k + 1 < len(toks)
                and not is_verbish(toks[k + 1].low, after_aux=True)
            ):
                # "I've been to Paris": the perfect of "go to", a visit, not a state of being
                words.append(w)
                verb.append(main)
                c = self._finish(toks, k + 1, subject, subj_start, verb, words, "go")
                return with_mood(c, aux, advs, main, toks)
            company = (
                w == "with"
                and toks[subj_start].low in ("i", "we")
                and "still" not in advs
                and people_at(toks, k + 1, present=not any(x in _PAST_BE for x in words), names=self._names)
            )  # "I was with my sister yesterday"; not "I'm with you (on that)", "the problem was with the
            # battery", "I'm with Verizon", "I've been with my company for years"
            if (
                (w in L.STATE_PREPS or company)
                and words[-1:] != ["so"]
                and not (k + 1 < len(toks) and toks[k + 1].low == "to")
                and not bare
            ):
                words.append(w)
                verb.append(main)
                c = self._finish(toks, k + 1, subject, subj_start, verb, words, "be")
                return with_mood(c, aux, advs, main, toks, state=True)
            return None
        # "had to shut down": any verb, known or followed by what a verb takes; not a place typed
        # in lower case ("a vacation we had to california- …")
        nxt_low = toks[k + 1].low if k + 1 < n else ""
        infinitive = (
            words[-1:] == ["to"]
            and w.isalpha()
            and w.islower()
            and (w in FORMS or nxt_low in L.DETERMINERS or nxt_low in L.PREPOSITIONS or nxt_low in L.PARTICLES)
        )
        if not infinitive and not is_verbish(w, after_aux=saw_be or saw_have or bool(words) or after_aux):
            return None
        if aux[:1] == ["is"] and not w.endswith("ing") and (w in PART or w.endswith("ed")):
            return None  # "I'm swamped with work", "I'm thrilled to…": a state of mind, not an occurrence
        lem = lemma(w)
        if any(x in _PREFERENCE for x in words) and w.endswith("ing"):
            return None  # "we love painting together": a liking, not an occurrence
        if (
            lem in L.MENTAL
            and not (saw_have and w.endswith("ing"))
            and not (words and words[-1] in L.CONTROL_LINKS)
            and not _saw_someone(toks, k, words, self._span_starts)
        ):
            return None  # "I think", "I've thought a lot about it"; "I've been thinking about going" plans
        if lem in ("be",):
            return None
        words.append(w)
        verb.append(main)
        k += 1
        if lem == "get" and k < n and toks[k].low == "done":  # "got done submitting": finished
            words.append("done")
            verb.append(toks[k])
            k += 1
        # particles and one preposition
        while k < n and toks[k].low in L.PARTICLES:
            words.append(toks[k].low)
            verb.append(toks[k])
            k += 1
        purpose = (  # "started volunteering | to help make a difference": why, not where to
            k + 1 < n
            and toks[k].low == "to"
            and w.endswith("ing")
            and any(x in _ING_CONTROL for x in words[:-1])
            and toks[k + 1].low in BASE
            and toks[k + 1].text.islower()
            and toks[k + 1].low not in _BARE_PLACES
            and (k + 2 >= n or not is_content(toks[k + 2]) or toks[k + 2].low in FORMS)  # not "to swim class"
        )
        if (
            k + 1 < n
            and not purpose
            and toks[k].low in L.PREPOSITIONS
            and toks[k + 1].low not in L.OBJECT_STOP
            # "came back | on Friday": the preposition leads the time phrase ("prepared for Thanksgiving" keeps it)
            and not (
                toks[k].low in _TIME_PREPS and toks[k + 1].start in self._span_starts and not _names_a_day(toks[k + 1])
            )
        ):
            words.append(toks[k].low)
            verb.append(toks[k])
            k += 1
        elif (
            k + 1 < n
            and toks[k].low in _PARTICLE_END
            and toks[k + 1].start in self._span_starts
            and (toks[k + 1].low in L.OBJECT_STOP or toks[k + 1].low in ("last", "this", "next"))
        ):
            words.append(toks[k].low)  # "we moved in yesterday": an adverb particle; "in March" is the time's own
            verb.append(toks[k])
            k += 1
        c = self._finish(toks, k, subject, subj_start, verb, words, lem)
        if purpose:
            c.obj_toks = []  # "started volunteering": the activity is what was started
        return with_mood(c, aux, advs, main, toks)

    def _finish(self, toks, k, subject, subj_start, verb, words, lem, obj_first: Tok | None = None) -> Clause:
        n = len(toks)
        obj: list[Tok] = [obj_first] if obj_first is not None else []
        stopped = False  # the object ended at a word that ends it, not at the length limit
        while k < n and len(obj) < MAX_OBJECT_TOKENS:
            stopped = True
            t = toks[k]
            noun_cause = t.low == "cause" and (  # "a good cause", not "'cause we went"
                k + 1 >= n or toks[k + 1].low not in _CLAUSE_OPENERS or (k and toks[k - 1].low in _BEFORE_NOUN)
            )
            nouns_and = (  # "chocolate and vanilla swirl", "coconut or almond milk"; not "and one replied"
                (t.low == "and" or (t.low == "or" and k + 1 < n and toks[k + 1].low not in _VAGUE_ALTERNATIVES))
                and obj
                and k + 1 < n
                and (_joins_nouns(toks[k + 1]) or _same_number(obj[-1], toks[k + 1]))
                and not (
                    k + 2 < n
                    and (
                        is_verbish(toks[k + 2].low, after_aux=True)
                        or toks[k + 2].low in ("'t", "n't")
                        or (toks[k + 2].low in L.BE and toks[k + 2].low != "'s")  # "the studio | and things are …"
                        or toks[k + 2].low in L.MODAL
                    )
                )
                and toks[k + 1].low not in L.NEG_STEMS
            )
            # "the chance to meet | and connect with people": two infinitives of one purpose
            verbs_and = (
                t.low == "and"
                and len(obj) >= 2
                and obj[-2].low == "to"
                and k + 2 < n
                and not is_past(toks[k + 1].low)
                and not toks[k + 1].low.endswith(("ed", "ing", "s"))
                and (is_verbish(toks[k + 1].low, after_aux=True) or toks[k + 2].low in L.PREPOSITIONS)
                and FORMS.get(obj[-1].low) == obj[-1].low  # "to | swim": a bare verb, not "a card to | mom"
                and obj[-1].text.islower()
            )
            if (
                t.text in PUNCT_BREAK
                or (t.low in L.CLAUSE_BREAK and not noun_cause and not nouns_and and not verbs_and)
                or t.low in TIME_WORDS
                or t.low in ("not", "than")
                # "dinner | right now" ("took a right now": the noun)
                or (
                    t.low == "right"
                    and k + 1 < n
                    and toks[k + 1].low == "now"
                    and not (obj and obj[-1].low in L.DETERMINERS)
                )
            ):
                break
            if t.text in _PRONOUN_SUBJ:
                break  # "I"/"we" are never an object: a clause starts ("yeah I did I talked to him")
            if not obj and (t.low, toks[k + 1].low if k + 1 < n else "") == ("turns", "out"):
                break  # "we talked | turns out she had no other family"
            if (obj or t.low in INTERJECTIONS) and new_clause(toks, k):
                break  # a sentence typed on without its full stop: "beach pics | thanks for sharing"
            if t.low == "that" and obj and k + 1 < n and is_finite(toks[k + 1].low):
                break  # "a tournament | that's happening on May 6th": the relative clause has its own time
            if t.start in self._span_starts and (obj or not _names_a_day(t)):  # "hosted Thanksgiving" keeps it
                break
            if t.low in L.FREQUENCY or t.low in L.FREQUENCY_DET or t.low in L.PLURAL_TIMES:
                break
            if lem == "be" and len(obj) >= 2 and t.low.endswith("ing") and FORMS.get(t.low, t.low) != t.low:
                break  # "I'm at my desk | trying not to cry": where one is, then what one does there
            if t.low == "like" and obj and k + 1 < n and toks[k + 1].low in _QUOTED_OPENERS:
                break  # "woke up at 6 in a panic | like is he ok": what went through one's head
            obj.append(t)
            k += 1
            stopped = False
        if (
            not stopped
            and k < n
            and toks[k].text not in PUNCT_BREAK
            and toks[k].low not in L.CLAUSE_BREAK
            and toks[k].low not in TIME_WORDS
            and toks[k].start not in self._span_starts
        ):
            # cut by the length limit mid-phrase ("an event to raise money for a good | cause"):
            # end before its first infinitive, else its last preposition
            # (a relative clause first: "the chance to meet and connect with people | who've gone …")
            rel = [j for j, t in enumerate(obj) if j > 3 and t.low in ("who", "whove", "who've", "which", "whose")]
            inf = [j for j, t in enumerate(obj) if j > 1 and t.low == "to"]
            prep = [j for j, t in enumerate(obj) if j > 1 and t.low in L.PREPOSITIONS]
            cut = rel[0] if rel else inf[0] if inf else (prep[-1] if prep else 0)
            if (
                cut > 2
                and not rel
                and not inf
                and obj[cut].low in ("of", "to")
                and obj[cut - 1].low in _COMPLEX_PREP_HEADS
            ):
                # "a shot of them in front | of …", "parked right next | to …": the preposition is
                # one of two or three words, and the cut goes before all of them
                cut -= 1
                if cut > 1 and obj[cut - 1].low in ("in", "on", "at", "by"):
                    cut -= 1
            if cut:
                obj = obj[:cut]
        while len(obj) > 1 and obj[-1].low in _TIME_PREPS and k < n and toks[k].start in self._span_starts:
            if (
                obj[-1].low == "in"
                and toks[k].low in _TAKES_NO_PREP
                and not any(t.low in L.PREPOSITIONS for t in obj[:-1])
            ):
                # "we had a labrador in | this morning": "this morning" takes no preposition, so
                # "in" is the verb's particle (had in, brought in); not a phrase's ("a flat on the way in")
                words = [*words, "in"]
                verb = [*verb, obj.pop()]
                break
            obj.pop()  # "sat in the waiting room w me til | 3am": the time's own preposition is no object
        lows = [t.low for t in obj]
        purpose = next((j for j in range(1, len(obj)) for p in _PURPOSE if tuple(lows[j : j + len(p)]) == p), 0)
        if purpose:
            obj = obj[:purpose]  # "an ad campaign for my store | in hopes of growing …": why, not what
        if len(obj) > 1 and obj[-1].low == "more" and k < n and toks[k].low == "than":
            obj.pop()  # "for my dance studio more | than ever": how much, not what
        # the particle ends the clause ("put this dress on!"), not a time phrase ("tried X on Saturday")
        ends = k >= n or (
            toks[k].start not in self._span_starts
            and (toks[k].text in PUNCT_BREAK or toks[k].low in L.CLAUSE_BREAK or toks[k].text in _PRONOUN_SUBJ)
        )
        if len(obj) > 1 and (lem, obj[-1].low) in _SEPARABLE and not obj[-2].low.endswith(("ing", "ed")) and ends:
            words = [*words, obj[-1].low]  # "put this dress on": the particle goes with the verb
            verb = [*verb, obj.pop()]
        stranded = len(obj) > 3 and obj[-1].low in L.PREPOSITIONS and obj[-3].low == "to" and obj[-2].low in FORMS
        while obj and (obj[-1].low in TRAILING_DROP or _emoji(obj[-1].text)):
            obj.pop()  # a filler word, or an emoji typed after the object ("the gym 💪")
        if stranded and len(obj) > 3:
            del obj[-2:]  # "a lot of books | to choose from": what for, its preposition left at the end
        if lem in _TELLING and 0 < len(obj) <= 3 and _opens_what_told(toks, k):
            # "told my mom | that we got engaged", "asked my landlord | if I could paint": the
            # person told is half the object; what they were told follows (reported words of
            # being, "told the nurse the jello was …", are then no occurrence: see ``_event``)
            while k < n and len(obj) < MAX_OBJECT_TOKENS + 4:
                if toks[k].text in PUNCT_BREAK or toks[k].start in self._span_starts:
                    break
                obj.append(toks[k])
                k += 1
            while obj and obj[-1].low in TRAILING_DROP:
                obj.pop()
        if not obj:  # fronted object: "These figurines I bought yesterday"
            back = _front_np(toks, subj_start)
            if back:
                obj = back
        return Clause(
            subject=subject,
            subj_start=subj_start,
            verb_toks=verb,
            verb=" ".join(words),
            lemma=lem,
            obj_toks=obj,
            end_tok=k,
        )

    # -- events ---------------------------------------------------------------------------

    @staticmethod
    def _done_to_speaker(turn: Turn, c: Clause) -> bool:
        """``c`` tells what someone else did to the speaker: its object is "me" (and perhaps a
        particle: "called me back"), its verb one whose deed is whole with a person as object."""
        return (
            bool(c.obj_toks)
            and c.obj_toks[0].low == "me"
            and all(t.low in L.PARTICLES or t.low == "in" for t in c.obj_toks[1:])
            and c.lemma in _DONE_TO_A_PERSON
            and c.subject != turn.speaker
            and c.subject.lower() not in ("i", "we", "you", "u")
        )

    def _event(self, session: Session, turn: Turn, c: Clause, span, sentence: str, story, plan=None) -> Event | None:
        if c.lemma == "send" and c.obj_toks and len(c.obj_toks) <= 4 and c.obj_toks[-1].low in _SENT_FEELINGS:
            return None  # "im sending the biggest hug": sympathy, nothing sent
        vw = c.verb.split()
        started = len(vw) > 1 and vw[-2] in _ING_CONTROL and vw[-1].endswith("ing")  # "started volunteering"
        intransitive = (
            not c.obj_toks
            and bool(vw)
            and (
                (span is not None and (vw[-1] in _PARTICLE_END or self._whole(c, span, turn)))
                or started
                # news needs no time: "we eloped!!", "my car broke down" (not the speaker's own
                # particle verb, which may leave out what: "I went out and got …")
                or (
                    span is None
                    and self._news(c, sentence)
                    and news_since(self._talk, turn.t_conv) is not None
                    and (
                        self._whole(c, None, turn)
                        # what befell someone or something else: "my car broke down", "your package came!!"
                        or ((vw[-1] in _PARTICLE_END or c.lemma == "come") and c.subject != turn.speaker)
                    )
                )
            )
            and c.lemma not in COGNITION  # "I found out recently": found out what?
        )
        if c.obj_toks and c.obj_toks[0].low in ("me", "us", "myself") and c.subject == turn.speaker:
            return None  # "I got me out of …": a clause whose subject was lost
        if (
            len(c.obj_toks) > 1
            and c.obj_toks[0].low == "like"
            and c.obj_toks[1].low in ("a", "an", "the")
            and c.lemma not in ("look", "feel", "sound", "seem")
        ):
            return None  # "kicked like a frog": a comparison says how, and what was done to what is not said
        if [t.low for t in c.obj_toks] == ["like"]:
            return None  # "and im there like 😭": the quotative "be like" brings a reaction, no occurrence
        if c.subject.lower() in _NO_SUBJECT:
            return None  # "More upset she can't go": a degree word opens the clause, no one does anything
        if span is None and _ever_after(self._toks, c):
            return None  # "i came last in everything ever": a claim over all time, not one occurrence
        if (
            c.lemma in _TRANSFER
            and len(c.obj_toks) > 1
            and c.obj_toks[0].low in ("them", "em", "'em")
            and c.obj_toks[1].low in ("to", "over", "off", "back")
        ):
            # "sent them to the landlord": "to" names who got them, so "them" are things, named
            # before in the turn ("found the photos btw! sent them to the landlord") or not at all
            them = c.obj_toks[0]
            thing = last_thing(self._text[: them.start])
            if thing is None or not thing.split()[-1].lower().endswith("s"):
                return None
            c.obj_toks = [Tok(thing, thing.lower(), them.start, them.end), *c.obj_toks[1:]]
        if (
            0 < c.subj_start <= len(self._toks)
            and self._verb_at(c) is not None  # a short answer's clause is the question's
            and _superlative(self._toks[c.subj_start - 1].low)
        ):
            return None  # "longest ive ever run in my life", "best I've had": a superlative described
        if (
            c.obj_toks
            and len(c.obj_toks) == 1
            and _ORDINAL_PLACE.fullmatch(c.obj_toks[0].low)
            and c.lemma in ("get", "come", "finish", "place")
        ):
            c.obj_toks = [
                *c.obj_toks,
                Tok("place", "place", c.obj_toks[0].end + 1, c.obj_toks[0].end + 6),
            ]  # "WE GOT 3RD": third place
        if c.lemma == "go" and c.obj_toks and all(t.low in L.WENT_HOW or t.low in L.ADVERBS for t in c.obj_toks):
            return None  # "went alright", "it went really well": how something went, no going
        at = self._verb_at(c)
        subjectless = (
            at is not None
            and c.subject == turn.speaker
            and all(t.low in L.ADVERBS for t in self._toks[c.subj_start : at])
            # not joined to a clause before ("we explored the coast and hit some national parks")
            and not (c.subj_start > 0 and self._toks[c.subj_start - 1].low in L.CLAUSE_BREAK)
        )
        if (
            subjectless
            and self._topic is not None
            and c.lemma in _BEFALLS_THING
            and (
                not c.obj_toks
                or c.obj_toks[0].low in L.PREPOSITIONS
                or c.obj_toks[0].low in L.PARTICLES
                or c.verb.split()[-1] in L.PREPOSITIONS  # "came out of | the oven"
            )
        ):
            # "WALTERS FIRST LOAF. just came out of the oven", "New phone. Arrived this morning.": the
            # noun phrase said just before is what the subjectless clause tells of
            c.subject = self._topic
        elif self._topic is not None and self._topic.casefold() in self._names and c.subject == turn.speaker:
            # "Maisie. Fell off the trampoline and landed on her arm": a name said on its own is
            # who the next subjectless clause tells of, whatever its verb (a thing only befalls:
            # "New phone. Arrived"), and the clauses joined to it share their subject
            told = self._topic_told
            joined = (
                told is not None
                and told[0] is self._toks
                and c.subj_start > 0
                and self._toks[c.subj_start - 1].low in ("and", "then")
                # only the first clause's time phrase between them: "fell off … last night and landed …"
                and all(t.start in self._covered for t in self._toks[told[1] : c.subj_start - 1])
            )
            if subjectless or joined:
                c.subject = self._topic
                self._topic_told = (self._toks, c.end_tok)
        if subjectless and c.subject == turn.speaker and c.mood == "past" and self._ellipsis.after_other:
            return None  # "my brother got the job. started on monday": whose start is not said
        if (
            span is None
            and subjectless
            and c.subject == turn.speaker
            and self._toks[at].low in BASE
            and self._toks[at].low in PAST
            and not any(t.low in ("my", "our") for t in c.obj_toks)
        ):
            # "put a bucket under it", "read the manual": with no subject and no time, a verb whose
            # past is its bare form is an instruction as much as a report ("set up my page" is the
            # speaker's own)
            return None
        if span is None and c.lemma in _COPULAR and c.obj_toks and c.obj_toks[0].low not in L.DETERMINERS:
            return None  # "I'm staying determined"
        you_talk = len(c.obj_toks) > 1 and (c.lemma, c.obj_toks[1].low) in (("catch", "up"), ("fill", "in"))
        if c.obj_toks and c.obj_toks[0].low == "you" and (c.lemma in TO_LISTENER or you_talk):
            return None  # "wanted to tell you about my school event": the talk, not the event
        if (
            c.obj_toks
            and c.obj_toks[0].low in PERSON_OBJECTS
            and any(is_verbish(t.low, after_aux=True) for t in c.obj_toks[1:2])
        ):
            return None  # "made me think about …": a causative remark
        if c.lemma in SAYING and any(t.low in L.BE or t.low in L.MODAL for t in c.obj_toks[1:]):
            return None  # "explained their brother would be OK": what was said, reported
        if (
            (c.lemma in COGNITION or c.verb.split()[-1] in THOUGHT_VERBS)
            and c.obj_toks
            and c.obj_toks[0].low in SUBJ_PRONOUNS | {"i'd", "i'll"}
        ):
            return None  # "figured I'd try them out": a thought, not an occurrence
        if c.obj_toks and c.obj_toks[0].low == "that" and c.lemma in COGNITION:
            return None  # "I learnt that my happiness matters": a realisation, not an occurrence
        if (
            c.lemma in ("send", "share", "attach", "show", "post")
            and head_word(c.obj_toks) in PHOTOS
            and c.mood == "now"
        ):
            return None  # "the pic I'm sending": the message itself, not an occurrence
        if c.lemma in ("have", "get") and head_word(c.obj_toks) in PHOTOS and c.mood != "past":
            return None  # "I have a picture from a vacation in Florida": a photo shown
        if c.lemma in ("have", "get") and np_head(c.obj_toks) in ("news", "update", "updates"):
            return None  # "I got some great news to share": the news is told next, if at all
        if c.lemma in ("have", "get") and np_head(c.obj_toks) in MINDSETS:
            return None  # "I've got the right attitude": how they see themselves, not an occurrence
        if c.lemma == "have" and head_word(c.obj_toks) in ABSTRACT:
            return None  # "I have a few plans": intentions, not an occurrence
        if (
            _pursuing(c.verb)
            and np_head(c.obj_toks) in _PURSUITS
            and not any(t.low in L.PREPOSITIONS for t in c.obj_toks)  # "the options for the venue" is a task
        ):
            return self._refuse(span, c)  # "I've been exploring options", "chasing my ambitions": the course of a life
        if c.lemma in ("think", "wonder", "reflect") and c.obj_toks and c.obj_toks[0].low in WH:
            return self._refuse(span, c)  # "I've been thinking about how education shapes communities": a reflection
        if c.lemma == "be" and BEING_IDIOMS.search(" ".join(t.low for t in c.obj_toks)):
            return None  # "I was on the right track", "on cloud nine": how it went, not where
        if c.lemma == "cross" and (c.subject == "Fingers" or any(t.low == "fingers" for t in c.obj_toks)):
            return None  # "crossing my fingers", "Fingers crossed a producer …": a hope
        if c.lemma in ("give", "lend") and np_head(c.obj_toks) == "voice":
            return None  # "giving my voice": speaking up, a figure of speech
        if _how_to_this([t.low for t in c.obj_toks]):
            return self._refuse(
                span, c
            )  # "started teaching people how to make this": what is taught is only pointed at
        if c.lemma in ("keep", "stay") and len(c.obj_toks) == 1 and c.obj_toks[0].low in _KEPT_STATES:
            return self._refuse(span, c)  # "I've been keeping busy": how one is, no occurrence
        if c.lemma in ("come", "go") and _COME_FAR.search(" ".join([*c.verb.split(), *(t.low for t in c.obj_toks)])):
            return self._refuse(span, c)  # "we've come a long way": the course of a life, no occurrence
        if is_figurative(c.obj_toks):
            return None  # "living my dream", "put our hearts into it": a figure of speech
        if (
            [t.low for t in c.obj_toks[:1]] == ["what"]
            and any(t.low in _ADVISED for t in c.obj_toks[1:4])
            and (c.lemma in ("do", "follow") or c.verb.split()[-1] == "doing")
        ):
            return None  # "started doing what you said about social media": acting on someone's word
        if (
            c.obj_toks
            and len(c.verb_toks) > 1
            and c.verb_toks[-1].low in _HOW_LONG_PREPS
            and _a_duration([t.low for t in c.obj_toks])
        ):
            # "installed in 20 min", "ran for an hour": how long it took is no object; the verb
            # stands alone, or the clause names nothing done
            c.verb_toks = c.verb_toks[:-1]
            c.verb = " ".join(c.verb.split()[:-1])
            c.obj_toks = []
        if _vague_object(c):
            # "figuring out the details", "projects in the works", "working hard to …"; a time phrase
            # of the sentence may still date what it names ("the opening night is tomorrow im working
            # hard to make everything just right")
            return (
                self._refuse(span, c) if span is not None and self._toks[c.subj_start].start < span.start_char else None
            )
        if c.obj_toks and all(t.low in _ONLY_WHEN for t in c.obj_toks):
            return None  # "since we spoke last": no object, only when
        presented = False
        if (
            c.lemma in ("have", "get", "take", "snap")
            and c.obj_toks
            and (
                c.obj_toks[0].low in ("this", "these", "that", "those")
                # "here's a pic I got from my walk last week": the photo presented
                or (presented := self._presented(c))
            )
            and not any(is_past(t.low) for t in c.obj_toks[1:3])  # "the photo I got signed by the band"
            and head_word(c.obj_toks) in PHOTOS - {"shot", "shots"}  # "got those shots": a vaccine
            and len(c.verb.split()) == 1  # "took those pictures down": moved, not shown
            and not any(t.low in ("to", "off", "down", "out", "up", "back") for t in c.obj_toks[1:3])
        ):
            # "I got this picture of my workmates", "took that pic on a hike last summer": a photo
            # shown; where it was taken is what took place ("went on a hike")
            scene = taken_at(c.obj_toks) if c.lemma in ("take", "snap") or presented else None
            if scene is None:
                ends = all(t.text in PUNCT_BREAK or t.start in self._covered for t in self._toks[c.end_tok :])
                # nor is "took this pic | yesterday" a mention; a clause run on after it keeps its time
                return self._refuse(span, c) if ends else None
            c.verb, c.lemma, c.obj_toks = scene[0], "be" if scene[0].startswith("was") else "go", scene[1]
        if c.verb.split()[0] in L.BE and any(w in _FEELINGS for w in c.verb.split()[1:]):
            return None  # "I was impressed with their dedication": how it felt, a reaction
        k = c.subj_start - 1 if self._verb_at(c) is not None else -1
        while k >= 0 and self._toks[k].low in L.ADVERBS:
            k -= 1
        if (
            k >= 0
            and self._toks[k].low == "since"
            and c.lemma in ("talk", "chat", "speak")
            and (not c.obj_toks or any(t.low in ("you", "us") for t in c.obj_toks[:2]))
        ):
            return None  # "since we last talked": when the listener was last told, not news
        if c.verb.split()[-1] == "into" and c.lemma == "be":
            return None  # "I've been into dancing since I was a kid": a liking
        if c.lemma in ("call", "name") and c.verb.split()[0] in ("is", "was", "been"):
            return None  # "the game was called Counter-Strike": a name, not an occurrence
        if is_evaluation(c):
            return None  # "had a great experience", "doing a great job", "got much better at it"
        if c.obj_toks and c.obj_toks[0].low in WH and len(c.obj_toks) == 1:
            return None  # "figured why": what was figured is not said
        toks = self._toks
        k = toks.index(c.obj_toks[-1]) + 1 if c.obj_toks and c.obj_toks[-1] in toks else len(toks)
        after = toks[k].low if k < len(toks) else ""  # the word the object was cut before
        if (
            len(c.obj_toks) > 1
            and c.obj_toks[-2].low == "to"
            and c.obj_toks[-1].low in BASE
            and after in ("it", "this", "that", "them", "these", "those")
        ):
            return None  # "started teaching people how to make this": what is made is only pointed at
        if vw and vw[-1] in L.PREPOSITIONS and vw[-1] not in L.PARTICLES and c.obj_toks and c.obj_toks[0].low == "of":
            return None  # "revised on | of my old recipes": "on of" is a typo for "one of", misread
        if self._reported(c):
            return None  # "they said my story had brought them comfort": someone else's words
        if c.mood == "now" and c.conditional:
            return None  # "when I'm playing games with friends": a recurring setting, not today
        if c.supposed and c.mood in ("present", "now", "future", "irrealis"):
            return None  # "if it's not better tomorrow I go to the vet": not yet real
        if c.verb_toks and self._hedged(c):
            return None  # "Maybe even back then I was inspired by …": a guess
        spent_at = c.lemma == "spend" and any(
            a.low in ("time", "hours", "days") and b.low in ("at", "with", "in", "on")
            for a, b in zip(c.obj_toks, c.obj_toks[1:])
        )  # "spent some time at the shelter", "spent time with my family": where, with whom
        if (
            c.lemma == "make"
            and len(c.obj_toks) > 1
            and c.obj_toks[0].low == "it"
            and c.obj_toks[1].low in _ARRIVED_AT
            and (c.obj_toks[1].low not in ("to", "into") or len(c.obj_toks) > 2)
            # "made it to show you": a purpose, not a place ("made it to work" is one)
            and not (
                c.obj_toks[1].low == "to"
                and FORMS.get(c.obj_toks[2].low) == c.obj_toks[2].low
                and c.obj_toks[2].low not in _BARE_PLACES
            )
        ):
            # "made it to wales", "we made it home", "made it back to leeds": got there, an idiom;
            # where to is what is named, and "made it home" is whole with none
            cut = 1
            while cut < len(c.obj_toks) and c.obj_toks[cut].low in _ARRIVED_AT:
                cut += 1
            c.verb_toks = [*c.verb_toks, *c.obj_toks[:cut]]
            c.verb = " ".join([c.verb, *(t.text for t in c.obj_toks[:cut])])
            # only "to"/"into" take a place; after "home" or "back" comes how ("made it home fine")
            c.obj_toks = c.obj_toks[cut:] if c.obj_toks[cut - 1].low in ("to", "into") else []
            intransitive = intransitive or not c.obj_toks
        if c.obj_toks and empty_head(c.obj_toks) and not spent_at:
            return None  # "made it to show …", "had a lot of things happening": no thing named
        manner = 0
        while manner < len(c.obj_toks) and c.obj_toks[manner].low in _MANNER:
            manner += 1
        if manner < len(c.obj_toks) and c.obj_toks[manner].low not in L.PREPOSITIONS:
            manner = 0  # "made hard candy", "got early access": an adjective of the object
        if manner:
            # "worked hard (on it)", "stayed late": how, not what; with a time phrase and nothing
            # more it is intransitive ("worked late yesterday")
            c.verb = " ".join([c.verb, *(t.text for t in c.obj_toks[:manner])])
            c.obj_toks, vw = c.obj_toks[manner:], []
            intransitive = span is not None and not c.obj_toks
        if c.obj_toks and c.obj_toks[0].low == "rid" and c.lemma in ("get", "have"):
            # "had to get rid of my old couch": "get rid of" is the verb; "… of her" names nothing
            rest = c.obj_toks[2:] if c.obj_toks[1:2] and c.obj_toks[1].low == "of" else []
            rest = [t for t in rest if t.start not in self._covered]  # "of her | last year"
            if not rest:  # "of her" trimmed off the object: read it from the sentence
                at = next((j for j, t in enumerate(self._toks) if t.start == c.obj_toks[0].start), None)
                after = self._toks[at + 1 : at + 3] if at is not None else []
                if [t.low for t in after[:1]] == ["of"]:
                    rest = after[1:]
            person = (
                bool(rest)
                and rest[0].low in ("her", "him", "them", "me", "us")
                and not (
                    rest[0].low == "her" and len(rest) > 1 and is_content(rest[1]) and rest[1].low not in L.DETERMINERS
                )
            )  # "got rid of her"; "her old couch" is hers
            if person:
                return self._refuse(span, c)  # who is not said here
            if not rest or not has_content(rest):
                return None  # "got rid of it": the mention says what "it" is, if the turn does
            c.verb, c.obj_toks = f"{c.verb} rid of", rest
        to_speaker = self._done_to_speaker(turn, c)
        if to_speaker:
            # "the seller called me back", "my boss called me in": what someone did to the speaker, who is named
            c.verb = " ".join([c.verb, *(t.text for t in c.obj_toks[1:])])
            c.obj_toks = []
        elif not intransitive and (not c.obj_toks or not has_content(c.obj_toks)):
            return None  # "Maya flew in on Wednesday" is complete without an object; "bought it" is not
        obj = turn.speaker if to_speaker else join_tokens(c.obj_toks)
        verb = c.verb
        if intransitive and not obj and started:
            verb, obj = " ".join(vw[:-1]), vw[-1]  # "started painting": the activity is what was started
        if obj and span is not None and span.text and not (obj.startswith(span.text) and _names_a_day(c.obj_toks[0])):
            obj = obj.replace(span.text, "").strip(" ,")  # never keep the time phrase inside the object
            if not obj:
                return None
        if c.modal:
            return None  # "we could do a family outing this summer": an option, not a plan
        if c.mood == "irrealis" and any(w in _WISHING for w in c.verb.split()):
            return None  # "I want to run a full marathon next spring": a wish, as a mention would read it
        expr = None
        if (
            span is not None
            and c.mood in ("present", "future", "irrealis")
            and _clock_only(span)
            # "i have the dentist at 3" said that morning: a present told for a clock time still
            # ahead today is today's
            and not (c.mood == "present" and _later_today(span, turn.t_conv))
        ):
            span = None  # "We land at Haneda at 6am": a time of day, not a date
        self._occasion = None
        mine = bool(c.verb_toks) and any(t is c.verb_toks[0] for t in self._toks)  # not a question's clause
        occasion = _occasion_of(c, span, self._toks, said_day(turn.t_conv)[1]) if span is not None and mine else None
        if occasion is not None:
            # "I'm getting ready for a dance comp next month": the time is the comp's; the getting
            # ready is now (a progressive) or undated (a past booking), the occasion a mention
            first, progressive = occasion
            if progressive:
                c.mood, c.cue = "now", c.verb
            occ_span, span = span, None
        if (
            span is not None
            and c.mood in ("future", "irrealis")
            and not is_past(c.verb.split()[0])  # "was going to go camping last weekend": a plan then
            and span.end < said_day(turn.t_conv)[0]
        ):
            return self._refuse(
                span, c
            )  # "we will build it the weekend before": before something else, not before today
        moving = c.lemma in _MOVING or bool(c.obj_toks and lemma(c.obj_toks[0].low) in _MOVING)  # "got | moved"
        if span is not None and moving and moved_to(self._text, span.start_char):
            return None  # "my meeting got moved to aug 31": the date is the meeting's; a mention keeps the clause
        if span is None and plan is not None and _futurate(c):
            # "it's Dev's birthday tomorrow. We're taking Arjun out for lunch": the arrangement is
            # for the time the statement before it set
            span = plan
        if span is not None:
            start, end, gran, source, expr = span.start, span.end, span.granularity, "rule", span.text
        elif c.mood in ("irrealis", "future", "habit"):
            return None  # a wish, an option, an undated plan or a habit is no dated occurrence
        elif c.mood == "present" and (c.subject != turn.speaker or is_generic(c) or c.conditional):
            return None  # "we all have different paths": a generic statement, not the speaker's fact
        elif c.mood == "now":
            (start, end, gran), source, expr = said_day(turn.t_conv), "rule", c.cue
        elif c.mood == "past" and story is not None and not c.remote:
            start, end, gran, source, expr = story.start, story.end, story.granularity, "rule", story.text
        else:
            (start, end, gran), source = said_on(turn.t_conv), "said_on"
        e = Event(
            namespace=session.namespace,
            session_id=session.session_id,
            source_turn_ids=[turn.turn_id],
            subject=c.subject,
            verb=verb,
            object=obj,
            time_expression=expr,
            start=start,
            end=end,
            granularity=gran,
            time_source=source,
            t_conv=naive(turn.t_conv),
            evidence=sentence.strip()[:400],
            extractor=NAME,
        )
        if source == "said_on" and self._news(c, sentence):
            self._past[id(e)] = e  # dated as news once the session is read, if it is one (_as_news)
        shifted = verb != c.verb  # "started | painting": the activity's own word is the alias
        e.aliases = clean_aliases([c.lemma, *category_aliases(verb, obj)] if shifted else _aliases(c, obj), e)
        if occasion is not None:
            words = self._text[first.start : occ_span.end_char].strip()
            self._occasion = _mention(
                session,
                turn,
                words,
                sentence,
                (occ_span.start, occ_span.end, occ_span.granularity),
                "rule",
                occ_span.text,
            )
        return e

    def _news(self, c: Clause, sentence: str) -> bool:
        """A past deed told as news: the simple past with no time cue, or a perfect of a result
        ("we've booked Madeira") — not remote ("once", "as a kid"),
        not in a sentence that gives it the time of another clause, a reason, or remembers it ("I
        met my husband when we went on a hiking trip", "since I lost my job", "I remember when I
        did my first play"), not what has lasted since ("… and it's been great") or lasted years
        ("I taught for 32 years"), not a relative clause describing a noun ("the help I got was
        invaluable"). Whether it is dated as news is the session's to say (``_as_news``)."""
        told = c.mood == "past" or (c.mood == "perfect" and result_perfect(c.verb))
        origin = c.verb.split()[-2:] == ["came", "from"]  # "my grandmother came from Bavaria": where from, not news
        return told and not (c.relative or c.remote or origin or background(sentence))

    def _whole(self, c: Clause, span, turn: Turn) -> bool:
        """A verb that tells a whole occurrence with no object, as this clause uses it: "I graduated
        last week"; not an adjective after a copula ("I was present"), a habit, an "if", the
        speaker's hyperbole ("I literally died"), nor one whose place follows its time ("I
        returned yesterday from Paris": the mention keeps Paris)."""
        vw = c.verb.lower().split()
        if not _complete_alone(c.lemma) or c.mood == "habit" or c.conditional or "used" in vw:
            return False
        if len(vw) > 1 and vw[-2] in L.BE and not vw[-1].endswith(("ing", "ed")):
            return False
        if c.lemma == "die" and c.subject == turn.speaker:
            return False
        after = [t for t in self._toks if t.start >= span.end_char][:1] if span is not None else []
        return not (after and after[0].low in L.PREPOSITIONS)

    def _presented(self, c: Clause) -> bool:
        """The clause's object is a photo presented right before it ("here's | a pic I got from
        my walk"), as a mention reads one; a clause taken from the previous turn's question (a
        short answer) was not presented here."""
        at = next((k for k, t in enumerate(self._toks) if t is c.obj_toks[0]), None)
        return at is not None and any(presenting(self._toks[j:at]) == at - j for j in range(max(0, at - 4), at))

    def _refuse(self, span, c: Clause) -> None:
        """No event, and no mention either: the clause's time phrase dates what is no occurrence
        ("I've been keeping busy lately"), not a clause the parser could not read. Only a time
        phrase inside the clause or right after it is its own; one further on may be another's
        ("i stay positive and find a way this picture reminds me of a road trip we took last year")."""
        toks = self._toks
        if span is None or not toks or c.subj_start >= len(toks) or self._verb_at(c) is None:
            return None  # a short answer's clause is the question's, not this sentence's
        end = toks[c.end_tok].start if c.end_tok < len(toks) else toks[-1].end
        lead = [t for t in toks if span.end_char <= t.start < toks[c.subj_start].start]
        if toks[c.subj_start].start <= span.start_char <= end or (
            span.end_char <= toks[c.subj_start].start and all(t.text in PUNCT_BREAK for t in lead)
        ):  # inside or right after the clause, or leading it ("lately, I've been exploring options")
            self._refused.add(span.start_char)
        return None

    def _verb_at(self, c: Clause) -> int | None:
        """Where the clause's verb stands in the sentence being read; None for a short answer's
        clause, which was parsed from the question (its token indices are the question's)."""
        first = c.verb_toks[0] if c.verb_toks else None
        return next((i for i, x in enumerate(self._toks) if x is first), None)

    def _reported(self, c: Clause) -> bool:
        """The clause is what someone else said or wrote about someone else ("they said my story
        had brought them comfort", "she told me that the shop closed"): reported speech, not the
        speaker's own account ("the doctor said I broke my wrist" is)."""
        toks = self._toks
        if self._verb_at(c) is None or c.subject == self._speaker:
            return False  # a short answer's clause; "the doctor said I broke …" is the speaker's own
        j = c.subj_start - 1
        if j >= 0 and toks[j].low == "that":
            j -= 1
        if j >= 0 and toks[j].low in ("me", "us"):
            j -= 1  # "told me"
        if j < 1 or lemma(toks[j].low) not in SAYING | {"write"} or not is_finite(toks[j].low):
            return False
        return toks[j - 1].low not in ("i", "we")  # "I told them I quit" is the speaker's own

    def _hedged(self, c: Clause) -> bool:
        """ "Maybe even back then I was inspired by …": a hedge in the words that open the clause
        (up to five, within the clause) or between its subject and verb."""
        toks = self._toks
        at = self._verb_at(c)
        if at is None:
            return False
        lo = c.subj_start
        while (
            lo > 0
            and c.subj_start - lo < 5
            and toks[lo - 1].text not in PUNCT_BREAK
            and toks[lo - 1].low not in L.CLAUSE_BREAK
        ):
            lo -= 1  # back to the clause's start, at most five words
        if any(t.low in HEDGES for t in toks[lo:at]):
            return True
        # a hedge opening the sentence holds for its first clause when only adverbs and time
        # words stand between: "Maybe even back then, I was inspired …" ("Probably the best
        # decision of my life, I quit my job" hedges a noun phrase, not the clause)
        k = 0
        while k < c.subj_start and (toks[k].low in GREET_TAIL or toks[k].text in PUNCT_BREAK):
            k += 1
        return (
            k < c.subj_start
            and toks[k].low in HEDGES
            and all(
                t.text in PUNCT_BREAK
                or t.low in L.ADVERBS
                or t.low in TIME_WORDS
                or t.start in self._covered
                or t.low in ("even", "back", "then", "just")
                for t in toks[k + 1 : c.subj_start]
            )
        )

    def _resolve(self, e: Event, antecedent: str | None) -> None:
        """ "I've had him for 3 years" after "Biscuit started limping …": an alias that names him."""
        if not antecedent:
            return
        # "her" only as an object ("gave her", "with her"), not as "her birthday"
        m = re.search(r"\b(?:him|them)\b|\bher\b(?!\s+[a-z])", e.object)
        if m and antecedent not in e.object:
            resolved = e.object[: m.start()] + antecedent + e.object[m.end() :]
            e.aliases = clean_aliases([*e.aliases, resolved], e)


# a plural noun phrase a later "them" may stand for: "some amazing young folks", "the photos"
_PLURAL_NP = re.compile(
    r"(?i)\b(?:the|my|our|his|her|their|these|those|some|all|a few|a couple of|two|three|four|five|\d+)"
    r"\s+(?:[a-z][\w'-]*\s+){0,3}?[a-z][\w'-]*[^s\W]s\b"
)


def _name_them(e: Event, text: str) -> None:
    """An object opened by "them" keeps what "them" stands for, the last plural noun phrase the
    sentence named before it ("ive met some amazing young folks and supported them along the way"
    → supported | them [some amazing young folks] along the way); none named: as it was."""
    if not re.match(r"(?i)them\b", e.object) or "[" in e.object:
        return
    at = text.lower().find(e.object.lower())
    before = text[: at if at >= 0 else 0]
    nps = [m.group(0) for m in _PLURAL_NP.finditer(before)]
    if nps:
        e.object = f"them [{nps[-1]}]{e.object[4:]}"


# -- mood ---------------------------------------------------------------------------------------------


# a clause that moves a thing to a new time ("got moved to aug 31", "pushed the game back to friday":
# ``temporal.resolve.moved_to``)
_MOVING = {"move", "push", "reschedule", "postpone", "bump", "delay", "shift"}


def _sets_plan(sp, said_end: datetime) -> bool:
    """A time ahead that an arrangement told after it is for: a day or part of one to come, not
    a clock time, how long, or a range ("for a week", "until June")."""
    return sp.start > said_end and sp.granularity in ("day", "part_of_day", "weekend") and not _clock_only(sp)


# verbs of an arrangement told in the present progressive or "will"/"going to" ("we're taking
# Arjun to lunch", "I'm driving up"): a futurate, when a time ahead was just set; not feelings or
# states ("I'm freaking out", "I'm so tired")
_FUTURATE = {
    "take", "go", "head", "drive", "fly", "travel", "leave", "come", "meet", "see", "visit", "have", "do", "bring",
    "pick", "throw", "host", "grab", "celebrate", "move", "cook", "make", "play", "watch", "start", "get",
}  # fmt: skip


def _futurate(c: Clause) -> bool:
    """``c`` tells an arrangement with no time of its own: a progressive or future of an
    arranging verb, with no word that says it is going on now ("rn", "currently")."""
    if c.lemma not in _FUTURATE or c.modal or c.conditional or c.supposed:
        return False
    if c.mood == "now":
        return (
            bool(c.cue)
            and c.verb.split()[-1].endswith("ing")
            and not any(w in L.NOW_CUES for w in c.cue.lower().split())
        )
    return c.mood == "future"


def _sets_story(sp, said_end: datetime) -> bool:
    """A time expression a past-tense narrative is set in: a past time, not a duration ("for 3
    years") or an open range ("since January"). "Since we last talked" is one: a catch-up tells
    what happened in between."""
    if sp.rule == "since_last_talk":
        return True
    return sp.end <= said_end and sp.rule not in ("since", "duration_since") and sp.granularity != "range"


def _of_story(sp, story) -> bool:
    """A time phrase read within the time a story is set in: "all day", and "earlier" within a
    day ("Sunday. Slept all day.", "Last night we went to a concert. We had dinner earlier.")."""
    day_story = getattr(story, "granularity", "") in ("day", "part_of_day", "instant")
    return sp.rule == "all_unit" or (sp.rule == "earlier_bare" and day_story)


def _outside(sp, story, text: str) -> bool:
    """A time phrase that sets the message at a time other than the story's: another past time,
    or the time a past deed of the message is for ("booked a massage for thursday"); not a
    clock time (the engine puts it on the day said), one read within the story, how long, or a
    plan beside the story's deeds ("he wants to go back next week")."""
    if _clock_only(sp) or _of_story(sp, story) or sp.rule in ("since", "duration_since") or sp.granularity == "range":
        return False  # a clock time, or how long: no time of its own ("a giraffe that has lived there for 20 years")
    if sp.end < story.start:
        return True
    return sp.start > story.end and bool(re.search(r"(?i)\bfor\s+$", text[: sp.start_char]))


def _clock_only(sp) -> bool:
    """A time of day with no day ("at 6am", "at 5 pm"): the engine puts it on the day said. A day
    the span was composed on ("tmrw at 2pm", "tues at 3", "dec 5 at 3pm") dates it, however typed."""
    if sp.granularity not in ("instant", "part_of_day"):
        return False
    # the day a clock time was put on is the span's base or its anchor ("Tuesday the 4th of
    # February at half past two": the anchor is the date)
    days = [p for p in sp.parts if p.role in ("base", "anchor")]
    if days:
        return all(p.rule == "clock" for p in days)
    return not re.search(r"(?i)today|tonight|tomorrow|yesterday|this|morning|day|night|\d{1,2}[/.-]\d", sp.text)


# -- spans and words ------------------------------------------------------------------------------------


# preparing for an occasion ("getting ready for a dance comp next month", "training for the
# marathon"), and arranging one ahead ("booked a physio appointment for Thursday", "bought tickets
# for the concert next Friday", "signed up for a 5K next month")
_PREPARING = {"prepare", "prep", "practice", "practise", "train", "study", "rehearse", "pack"}  # not "saving for a car"
_EXTENT = {
    "every",
    "each",
    "all",
    "whole",
    "throughout",
    "daily",
    "nightly",
    "weekly",
}  # "training every day next week"
_READYING = {("get", "ready"), ("gear", "up"), ("warm", "up")}
_ARRANGING = {"book", "reserve", "buy", "order", "arrange", "schedule", "sign", "register", "enroll", "enrol", "get"}


# verbs whose deed is whole with a person as their object ("my boss called me in", "they hired me",
# "she dumped me"); not telling, giving or making ("she told me", "he sent me": what is not said)
_DONE_TO_A_PERSON = {
    "call", "ring", "phone", "text", "email", "message", "hire", "fire", "promote", "interview", "invite",
    "visit", "pick", "drop", "accept", "reject", "dump", "ghost", "block", "hug", "kiss", "bite", "scratch",
    "rescue", "surprise", "beat", "marry", "propose", "diagnose", "discharge", "admit", "examine", "contact",
}  # fmt: skip


def _occasion_of(c: Clause, span, toks: list[Tok], said_end: datetime) -> tuple[Tok, bool] | None:
    """Where the occasion a preparation is for starts, and whether the preparation is a
    progressive (going on now), when ``span`` — a time ahead of the day said, after "for" — is the
    occasion's time, not the preparation's: "I'm getting ready for | a dance comp next month",
    "I booked | a physio appointment for Thursday". A plan ("I'll study for it next week") or a
    motion ("flying to Paris for a conference next week") keeps its time."""
    if span.start <= said_end or not c.verb_toks:
        return None
    verb = [t.low for t in c.verb_toks]
    progressive = any(w.endswith("ing") for w in verb)  # "is preparing for", "am gearing up for"
    preparing = (
        c.lemma in _PREPARING
        or (c.lemma, c.obj_toks[0].low if c.obj_toks else "") in _READYING  # "getting | ready for"
        or any((c.lemma, w) in _READYING for w in verb)  # "gearing up for"
    )
    if preparing:
        if not (progressive or c.mood in ("past", "perfect")):
            return None
    elif not (c.lemma in _ARRANGING and c.mood in ("past", "perfect") and not progressive):
        return None
    # the "for" the occasion follows: one right before the time ("a table for two for Friday":
    # the table is the occasion), the verb's own ("preparing for"), else the object's ("tickets
    # for the concert"), not one of an amount or a person ("a phone for $300", "for my parents")
    before = [t for t in toks if t.end <= span.start_char][-1:]
    fors = [j for j, t in enumerate(c.obj_toks) if t.low == "for"]
    if before and before[0].low == "for":
        occ = c.obj_toks[0] if c.obj_toks and not preparing else None
    elif verb[-1] == "for":
        occ = c.obj_toks[0] if c.obj_toks else None
    elif fors and fors[0] + 1 < len(c.obj_toks):
        occ = c.obj_toks[fors[0] + 1]
        head = [t for t in c.obj_toks[fors[0] + 1 :] if t.start < span.start_char][-1:]
        if occ.text[:1] in "$£€" or occ.text[:1].isdigit() or occ.low in OBJECT_PRONOUNS:
            return None
        if head and one_of(head[0].low, PEOPLE):
            return None  # "a hotel for my parents next week": for whom, not for what
    else:
        return None
    if occ is None or occ.start >= span.start_char:
        return None
    between = [t for t in toks if occ.start <= t.start < span.start_char]
    if any(t.text in PUNCT_BREAK or t.low in L.CLAUSE_BREAK for t in between):
        return None
    if any(t.low in _EXTENT for t in between[-2:]) or span.text.split()[0].lower() in _EXTENT:
        return None  # how long or how often the preparing goes on: its own time
    return occ, progressive


def _later_today(span, t_conv: datetime) -> bool:
    """``span`` is an instant later on the day ``t_conv`` was said."""
    said = naive(t_conv)
    return span.start.date() == said.date() and span.start >= said


def _complete_alone(lem: str) -> bool:
    """A verb that tells a whole occurrence with no object ("graduated", "eloped": the lemma of a
    verb in -e may have lost it)."""
    return lem in L.COMPLETE_ALONE or f"{lem}e" in L.COMPLETE_ALONE


BURST = 3  # messages one person sends in a row that "it" may point back through


def _burst_before(turns: Sequence[Turn], i: int) -> list[Turn]:
    """The messages right before ``turns[i]`` that one person (not the assistant) sent in a row,
    close together, latest first."""
    out: list[Turn] = []
    j = i - 1
    while j >= 0 and len(out) < BURST and turns[j].role != "assistant":
        if out and (turns[j].speaker != out[-1].speaker or not _close(turns[j], out[-1])):
            break
        out.append(turns[j])
        j -= 1
    return out


def _not_done(w: str) -> bool:
    """A word that makes a clause a wish, a need, a thought or a supposition, not a deed."""
    return w in L.IRREALIS_CONTROL or w in _IRREALIS_WORDS or lemma(w) in L.MENTAL or w in L.IRREALIS_MODALS


def _told_before(turns: Sequence[Turn], turn: Turn) -> Turn | None:
    """The message of ``turn``'s sender that the question right before ``turn`` reacts to: the
    sender's last message before the asker's messages in a row ("she knocked my monstera off" /
    "noooo!!" / "when??" / ``turn``)."""
    i = next((k for k, t in enumerate(turns) if t is turn), None)
    if i is None or i == 0 or turns[i - 1].speaker == turn.speaker:
        return None
    asker, j = turns[i - 1].speaker, i - 1
    while j >= 0 and turns[j].speaker == asker and i - j <= BURST:
        j -= 1
    if j < 0 or turns[j].speaker != turn.speaker or turns[j].role == "assistant":
        return None
    return turns[j]


def _told_already(mention: Event, events: list[Event]) -> Event | None:
    """The event of the same sentence that already tells what the mention quotes (its verb and
    object are in the mention's words): the mention is a second time phrase of it."""
    said = f" {mention.object.lower()} "
    return next(
        (
            e
            for e in events
            if e.kind == "event"
            and e.evidence == mention.evidence
            and e.object
            and f" {e.object.lower()} " in said
            and e.verb.split()[-1].lower() in said.split()
            # not when another clause follows the object: "I have a bowl from my old class that I
            # glazed in the spring" dates the glazing, "I painted the fence and yesterday my sister
            # visited" the visit
            and not _another_clause(said.split(f" {e.object.lower()} ", 1)[1].split())
        ),
        None,
    )


def _words_of(toks: list[Tok], spans) -> frozenset[int]:
    """The offsets of the words inside ``spans``."""
    return frozenset(t.start for t in toks for sp in spans if sp.start_char <= t.start < sp.end_char)


def _on_day(sp, day_start: datetime, day_end: datetime) -> bool:
    """The time phrase's range includes the day said ("today", "tonight", "right now")."""
    return sp.start <= day_end and sp.end >= day_start


def _past_openers(lows: list[str]) -> list[str]:
    """The words after a sentence's interjections and connectives ("oh and", "yeah so")."""
    k = 0
    while k < len(lows) and lows[k] in _OPENERS:
        k += 1
    return lows[k:]


_OPENERS = INTERJECTIONS | {"and", "but", "so", "yeah", "well"}
_CLAUSE_WORDS = {"and", "but", "then", "so", "because", "that", "which", "who", "when", "while", "since", "until"}


def _another_clause(words: list[str]) -> bool:
    """Words after an object that open another clause: a conjunction, a subject or a verb."""
    return any(
        w in _CLAUSE_WORDS or w in SUBJ_PRONOUNS or is_past(w) or is_finite(w) or w in ("'s", "'ve", "'ll")
        for w in words
    )


_THIRD_OPENERS = {"he", "she", "they", "his", "her", "their"}


# words that name no occurrence: how life or a stretch of time is ("life's been a bit rough")
_HOW_LIFE_IS = {"life", "things", "stuff", "times", "time", "days", "weeks", "lately", "recently", "bit", "lot"}
_HOW_LIFE_IS |= {"rough", "tough", "hard", "crazy", "hectic", "busy", "good", "great", "wild", "stressful", "difficult"}
_HOW_LIFE_IS |= {"having", "going", "doing", "been", "kinda", "pretty", "super", "so", "really", "quite", "some"}


def _nothing_named(words: list[Tok]) -> bool:
    """Every word is about how life or the time has been: "Life's been a bit rough", "been
    having some tough times", "things have been crazy"."""
    content = [t for t in words if t.low not in L.BE and t.low not in L.HAVE and t.low not in L.DETERMINERS]
    content = [t for t in content if t.low not in SUBJ_PRONOUNS and t.low not in ("'s", "'ve", "a", "an")]
    return bool(content) and all(t.low in _HOW_LIFE_IS or t.low in EVAL_ADJ for t in content)


_ADVISED = {"said", "told", "suggested", "recommended", "mentioned", "advised", "taught"}
_VAGUE_HEADS = {"details", "detail", "logistics", "kinks", "rest"}


_COUNT_WORDS = {"one", "two", "three", "four", "five", "six", "ten", "few", "couple", "several"}
_DURATION_UNITS = {"min", "mins", "minute", "minutes", "hr", "hrs", "hour", "hours", "day", "days", "week", "weeks"}


# prepositions that take how long a deed took or lasted ("in 20 min", "for an hour")
_HOW_LONG_PREPS = {"in", "for", "within", "under"}


def _a_duration(lows: list[str]) -> bool:
    """ "4 hrs", "three hours", "like 20 mins", "an hour", "half an hour", "two and a half hours",
    "an hour and a half": an amount of time and nothing else."""
    words = [w for w in lows if w not in ("like", "about", "around", "nearly", "almost", "over", "a", "an")]
    if words[-2:] == ["and", "half"]:  # "an hour and a half": the half goes with the unit before it
        words = words[:-2]
    if not words or words[-1] not in _DURATION_UNITS:
        return False
    amount = words[:-1]  # "two and half", "half", "4", or nothing ("an hour")
    return all(w.isdigit() or w in _COUNT_WORDS or w in ("and", "half") for w in amount) and len(amount) <= 3


def _vague_object(c: Clause) -> bool:
    """An object that names nothing that happened: "figuring out the details", "some cool
    projects in the works", effort with only its purpose ("working hard to make everything
    just right")."""
    lows = [t.low for t in c.obj_toks]
    working_out = any(w.startswith(("figur", "sort", "iron")) for w in c.verb.split())
    if working_out and head_word(c.obj_toks) in _VAGUE_HEADS and len(lows) <= 3:
        return True  # "figuring out the details" ("we finalized the details yesterday" stays)
    if " ".join(lows).endswith("in the works"):
        return True
    if c.lemma == "take" and (lows in (["ages"], ["forever"], ["a", "while"]) or _a_duration(lows)):
        return True  # "the raid took 4 hrs", "took ages": how long something lasted, no deed
    if lows[-2:] in (["new", "one"], ["other", "one"], ["another", "one"]) or lows in (["one"], ["a", "one"]):
        return True  # "ordered a new one": what one is, said before
    if c.lemma == "be" and lows in (["the", "middle"], ["the", "midst"], ["the", "process"]):
        return True  # "I'm in the middle": of something not said (busy), no place
    effort = (c.verb.split()[-1] in _MANNER and lows[:1] == ["to"]) or (
        len(lows) > 1 and lows[0] in _MANNER and lows[1] == "to"
    )  # "working | hard to make …"; "woke up early to catch the sunrise" tells what was done
    return effort and any(w in ("everything", "things", "it", "sure", "stuff") for w in lows)


def _possessive_s(toks: list[Tok], j: int) -> bool:
    """ "'s" at ``j`` marks a possessive ("my sister's wedding"), not "is" ("the cake 's great")."""
    if toks[j].low != "'s" or j + 1 >= len(toks):
        return False
    nxt = toks[j + 1].low
    return (
        toks[j + 1].text.isalpha()
        and nxt not in L.DETERMINERS
        and nxt not in INTENSIFIERS
        and nxt not in EVAL_ADJ
        and nxt not in FELT
        and nxt not in L.ADVERBS
        and nxt not in ("been", "not", "gonna", "going", "got", "gotten")
        and not is_past(nxt)
        and not (nxt.endswith("ing") and is_verbish(nxt, after_aux=True))  # "my sister's wedding" stays
    )


# words of degree or quantity a parse may take for a capitalised subject ("More upset she can't go")
_NO_SUBJECT = {"more", "less", "most", "least", "much", "so", "too", "very", "quite", "rather", "even", "also"}


def _ever_after(toks: list[Tok], c: Clause) -> bool:
    """A past clause whose words after the verb say "ever", not after a superlative, an ordinal or
    "only" ("the best I ever had", "first time ever") nor before "since"/"after": the claim is
    over all time ("i came last in everything ever"), not of one occurrence."""
    if c.mood != "past":
        return False
    lows = [t.low for t in toks[c.subj_start : c.end_tok + 2]]
    for k, w in enumerate(lows):
        if w != "ever" or k == 0:
            continue
        before = lows[max(0, k - 3) : k]
        if any(_superlative(b) or b in ("first", "only", "never", "hardly", "if", "than") for b in before):
            continue
        if k + 1 < len(lows) and lows[k + 1] in ("since", "after", "so", "again"):
            continue
        return True
    return False


def _superlative(w: str) -> bool:
    """ "best", "most", "longest", "craziest" (not "test", "guest", "forest")."""
    return w in ("best", "worst", "most", "least") or (
        len(w) > 5 and w.endswith("est") and w.isalpha() and w not in _NOT_SUPERLATIVE
    )


def _topic_phrase(toks: list[Tok]) -> bool:
    """A short verbless noun phrase said on its own ("WALTERS FIRST LOAF.", "New phone."): what
    the next subjectless clause may tell of."""
    words = [t for t in toks if t.text not in PUNCT_BREAK]
    return (
        0 < len(words) <= 5
        and all(t.text.replace("'", "").isalpha() for t in words)
        and words[0].low not in SUBJ_PRONOUNS
        and words[0].low not in GREET_TAIL
        and words[0].low not in L.PREPOSITIONS
        and not any(t.low in L.BE or t.low in L.HAVE or t.low in L.MODAL or t.low in OBJECT_PRONOUNS for t in words)
        and not any(t.low in FORMS and FORMS[t.low] != t.low for t in words)
        and is_content(words[-1])
    )


def _unnamed_deed(lows: list[str]) -> bool:
    """ "I did something new", "tried something fun", "did stuff": what was done is not said."""
    return any(lemma(a) in ("do", "try") and b in ("something", "anything", "stuff") for a, b in zip(lows, lows[1:]))


def _teaser(sentence: str) -> bool:
    """ "Something exciting happened last Friday", "guess what happened yesterday": what
    happened is told next (the teaser itself stays a mention: it dates the day, and a question
    about what happened may point at it)."""
    if _DAY_JUDGED.match(sentence):
        return True  # "ok so last night was awful", "yesterday was CHAOS": the day is judged, its story follows
    lows = _past_openers([t.low for t in tokenize(sentence)])
    if _unnamed_deed(lows):
        return True  # "last weekend I did something new that had an impact on me" (no mention of its own)
    if not lows or not (lows[0] in _INDEFINITE or lows[:2] == ["guess", "what"]):
        return False
    at = next((j for j, w in enumerate(lows[:7]) if w in ("happened", "happening", "came", "went")), 0)
    after = lows[at + 1 :]
    # "something happened to my car", "something came up yesterday so I couldn't make it": told already
    return bool(at) and len(after) <= 4 and not any(w in L.PREPOSITIONS or w in L.CLAUSE_BREAK for w in after)


# a past day or part of one as the subject of a judgement, and nothing else: "last night was
# awful", "ok so yesterday was a nightmare", "this morning has been chaos"
_DAY_JUDGED = re.compile(
    r"(?i)^\W*(?:(?:ok|okay|so|omg|well|oh|wow|man|ugh)\W+)*"
    r"(?:last\s+night|yesterday|this\s+morning|this\s+afternoon|today|last\s+weekend|the\s+weekend|last\s+week"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+night)?)"
    r"(?:\s+(?:morning|afternoon|evening|night))?\s+(?:was|has\s+been)\s+(?:[\w']+\W*){1,3}$"
)
_INDEFINITE = {"something", "stuff", "lots"}  # not "nothing happened", "everything happened so fast"


def _says_what_it_is(lows: list[str]) -> bool:
    """A mention that only describes: "it's/that's/its" + what it is, headed by a word of
    description ("It's still a part of my writing", "its my favorite for birthdays", "it's a
    date") or "there've been some tough times". Anything else said of "it" may be an occasion and stays ("its my bday tomorrow",
    "it was my first week at the new job", "there was a time last year when I almost quit")."""
    lows = _past_openers(lows)
    if len(lows) < 2:
        return False
    k = 1
    while k < len(lows) and (lows[k] in L.BE or lows[k] in L.HAVE or lows[k] in L.ADVERBS or lows[k] == "not"):
        k += 1  # "it's still", "there've been"
    acts = k < len(lows) and (is_past(lows[k]) or is_verbish(lows[k], after_aux=True))
    acts = acts or any(w in L.BE or w in L.HAVE or is_past(w) for w in lows[k + 1 :])  # "… tough | my area was hit"
    if lows[0] in ("it", "that", "this", "its", "thats") and (lows[1] in L.BE or lows[0] in ("its", "thats")):
        if acts:
            return False  # "it's been raining all day"
        m = k
        while m < len(lows) and (lows[m] in L.DETERMINERS or lows[m] == "its" or lows[m] in INTENSIFIERS):
            m += 1
        return m < len(lows) and (lows[m] in _DESCRIPTIONS or lows[k:] == ["a", "date"])
    if lows[0] == "there" and lows[1] in L.BE | L.HAVE:
        return not acts and any(w in TIME_NOUNS or w in ("ups", "downs") for w in lows)
    return False


# heads of "it's …" that describe rather than name an occasion
_DESCRIPTIONS = {
    "favorite", "favourite", "fave", "part", "highlight", "thing", "one", "reason", "point", "idea", "way",
    "kind", "sort", "type", "lot", "bit", "pleasure", "honor", "honour", "dream", "goal", "passion", "fun",
    "blast", "joy", "challenge", "struggle", "journey", "process", "mix", "reminder", "sign", "symbol", "example",
    "testament", "source", "gift", "blessing", "privilege", "relief", "shame", "pity", "mess", "nightmare",
}  # fmt: skip


_VAGUE_ALTERNATIVES = {"whatever", "something", "anything", "so", "not", "smth", "sth", "whatnot", "two", "more"}
_NOT_AN_OBJECT = L.PREPOSITIONS | {"as", "when", "while", "since", "back", "before", "after", "once"}


def _a_memory(c: Clause, front: list[Tok]) -> bool:
    """The relative clause on a noun after "reminds me of" tells a past occurrence: "a road trip
    we took", "this sunset I saw"; not a possession ("the dog we had", "the teachers I had"),
    a stranded preposition ("the house I grew up in", "the book I told you about"), a plan ("the
    trip we are going on", "the deadline we set for next Friday") or "the last time we met"."""
    verb = c.verb.split()
    the_time = [x.low for x in front] == ["the", "time"]
    return (
        c.mood in ("past", "perfect")
        and c.lemma not in ("be", "tell", "set", "grow")
        and (c.lemma != "have" or occasion_word(head_word(front[-1:])))  # "a vacation we had", not "the dog we had"
        and not (verb[-1] in L.PREPOSITIONS and not c.obj_toks)  # "grew up in", "told you about": stranded
        and not (c.obj_toks and c.obj_toks[-1].low in L.PREPOSITIONS)
        and (the_time or not any(t.low in TIME_NOUNS for t in front[1:]))
        and not any(t.low in ("last", "first", "next") for t in front)
    )


def _reminded_of(toks: list[Tok], at: int) -> bool:
    """The noun phrase at ``at`` follows "remind(s/ed) me of"."""
    return (
        at >= 3
        and toks[at - 1].low == "of"
        and toks[at - 2].low in ("me", "us")
        and toks[at - 3].low.startswith("remind")
    )


def _about_another(toks: list[Tok], clauses: list[Clause], speaker: str) -> bool:
    """The sentence is about someone else ("My sister is so busy.", "Jo's doing great.", "They
    moved last week."): a bare progressive after it may be theirs, not the speaker's."""
    if any(c.subject != speaker for c in clauses):
        return True
    at = 0
    while at + 1 < len(toks) and (toks[at].low in INTERJECTIONS or toks[at].low in ("ugh", "so", "well", "and")):
        at += 1  # "Ugh my neighbor."
    toks = toks[at:]
    first = toks[0]
    if first.low in _THIRD_OPENERS:
        return True
    if first.text in POSSESSIVE and len(toks) > 1 and one_of(toks[1].low, PEOPLE):
        return True
    return first.text[:1].isupper() and first.low not in FORMS and len(toks) > 1 and toks[1].low == "'s"


# a reminder before a statement of fact ("don't forget the party is on saturday", "dont forget
# your dads birthday is sunday"); not "don't forget to …", which instructs, nor "remember …",
# which may recall what was
_REMINDER = re.compile(
    r"\W*(?:(?:and|oh|also|just|pls|please|but)\s+)*(?:don'?t|do not|dont)\s+forget\s+(?:that\s+)?"
    r"(?=(?:the|your|ur|my|our|his|her|their|[a-z]+'?s)\s)",
    re.I,
)
_IS = re.compile(r"\b(?:is|are|'s|was|were)\b", re.I)


def _past_formulas(text: str, bounds: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Each sentence opened by a formula and a comma split there, when a statement follows: "thats
    the other thing, the check engine light came on sunday" tells the light's coming on."""
    out = []
    for a, b in bounds:
        lead = _REMINDER.match(text, a, b)
        if lead is not None and _IS.search(text, lead.end(), b) and sentence_kind(text[lead.end() : b]) == "statement":
            # "don't forget your fathers birthday is Saturday": a reminder asserts what follows it
            out += [(a, lead.end()), (lead.end(), b)]
            continue
        at = text.find(", ", a, b)
        if at > a and sentence_kind(text[a:b]) == "formula":
            rest = text[at + 2 : b]
            if len(rest.split()) >= 4 and sentence_kind(rest) == "statement":
                out += [(a, at + 1), (at + 2, b)]
                continue
        out.append((a, b))
    return out


def _tells_of_another(toks: list[Tok], clauses: list[Clause], speaker: str) -> bool:
    """The sentence's last deed is someone else's: its last clause has another person as subject, or a
    "he"/"she"/"they" opens a past clause the parser did not keep ("she did a full lap")."""
    if clauses:
        subject = clauses[-1].subject
        head = subject.split()[-1].lower()
        person = one_of(head, PEOPLE) or (" " not in subject and subject[:1].isupper())  # "my car broke down" is no one
        return subject != speaker and (person or head in ("he", "she"))  # "she's here!!": a person, if unnamed
    return any(
        t.low in ("he", "she", "they") and (is_past(toks[j + 1].low) or toks[j + 1].low in ("'s", "is", "was"))
        for j, t in enumerate(toks[:-1])
    )


# a question that recalls what two people did together: "Remember when we …?", "do you remember
# the time we …?"
_SHARED_MEMORY = re.compile(
    r"(?i)^(?:(?:hey|oh|omg|haha),?\s+)?(?:do you |you )?remember (?:when|the time|that time) (?=we\b)"
)
# a question whether the listener saw or heard what the speaker did presupposes the deed: "did u
# see me hit 180 on deadlift tonight?", "have you heard we got the flat?"
_SEEN_DEED = re.compile(
    r"(?i)^(?:(?:oi|hey|oh|omg|haha|lol|so|wait|wow),?\s+)*(?:did|have)\s+(?:you|u|ya)\s+"
    r"(?:(?:see|watch)\s+me\s+(?=[a-z])|(?:hear|heard|see|seen)\s+(?:that\s+)?(?=(?:i|we)\s))"
)


def _opens_past_clause(sp, nxt: Clause, between: list[Tok], spans, said_start: datetime) -> bool:
    """A past time and its comma open the past clause after them, typed on without a full stop
    ("you're so inspiring last week, we had …"), unless that clause has a time of its own later
    ("…, we went to the beach two years ago")."""
    return (
        [t.text for t in between] == [","]
        and sp.end <= said_start
        and nxt.mood in ("past", "perfect")
        and not any(o.start_char > sp.start_char for o in spans)
    )


def _assign_spans(clauses: list[Clause], spans, toks: list[Tok], said_start: datetime) -> dict[int, object]:
    """Each time expression dates one clause: the clause whose verb precedes it (one that leads
    the sentence dates the first clause), unless it stands apart after that clause's object and
    before the next clause's subject ("…, and yesterday I went …"), where it dates the next
    clause. One before a clause but cut off from it ("Maya's birthday is next Tuesday and I
    want …") dates none: it becomes a mention."""
    owners: dict[int, object] = {}
    if not clauses:
        return owners
    for sp in spans:
        inside = [
            j
            for j, c in enumerate(clauses)
            if c.verb_toks and toks[c.subj_start].start < sp.start_char < c.verb_toks[0].start
        ]
        if inside:  # "I recently made a quiche": an adverb between subject and verb is the clause's
            owners.setdefault(inside[-1], sp)
            continue
        before = [j for j, c in enumerate(clauses) if c.verb_toks and c.verb_toks[0].start <= sp.start_char]
        if not before:
            first_subj = toks[clauses[0].subj_start].start
            between = [t for t in toks if sp.end_char <= t.start < first_subj]
            lead = [t for t in toks if t.start < sp.start_char]
            leads = all(t.text in PUNCT_BREAK or t.low in GREET_TAIL or t.low in L.ADVERBS for t in lead)
            # "you're so inspiring last week, we had …": typed on without a full stop, a past time
            # and its comma open the past clause after them
            opens = _opens_past_clause(sp, clauses[0], between, spans, said_start)
            if not leads and not opens and any(t.text in PUNCT_BREAK or t.low in L.CLAUSE_BREAK for t in between):
                continue
            if clauses[0].embedded:
                continue  # "Last week, someone wrote … after reading a post I made": not the post's time
            if any(sp.end_char <= o.start_char and o.end_char <= first_subj for o in spans):
                continue  # "since we last talked something happened last friday | i went": the nearer time's
            owners.setdefault(0, sp)
            continue
        i = before[-1]
        c = clauses[i]
        if (
            i + 1 < len(clauses)
            and sp.start_char < toks[clauses[i + 1].subj_start].start
            and c.mood in ("present", "now")
            and _opens_past_clause(
                sp,
                clauses[i + 1],
                [t for t in toks if sp.end_char <= t.start < toks[clauses[i + 1].subj_start].start],
                spans,
                said_start,
            )
        ):
            # typed on without a full stop: "I'm here for you last friday, I spent some time at the
            # shelter" — a past time fits the past clause it opens, not the present one before it
            owners.setdefault(i + 1, sp)
            continue
        if i + 1 < len(clauses) and sp.start_char < toks[clauses[i + 1].subj_start].start:
            obj_end = (c.obj_toks[-1].end if c.obj_toks else c.verb_toks[-1].end) if c.verb_toks else 0
            gap = sp.start_char - obj_end
            if gap > 1 and sp.start_char >= obj_end:
                between = [t for t in toks if obj_end <= t.start < sp.start_char]
                if any(t.text in PUNCT_BREAK or t.low in L.CLAUSE_BREAK for t in between):
                    i += 1
        obj_end = c.obj_toks[-1].end if c.obj_toks else (c.verb_toks[-1].end if c.verb_toks else 0)
        between = [t for t in toks if obj_end <= t.start < sp.start_char]
        if i == before[-1] and any(t.low in ("that", "which", "who", "whom") for t in between[:2]):
            continue  # "a bowl … that I glazed in the spring": the time is the relative clause's
        if i == before[-1] and any(t.text in (":", ";", "—", "–", "-") or t.low in _THIRD_PERSON for t in between):
            continue  # "Maya booked her flight: she lands Wednesday": another clause's time
        if len(between) >= 2 and between[-1].low == "from" and between[-2].low in PHOTOS:
            continue  # "sent them to the landlord, it's clear in the pic from 2021": the picture's time
        owners.setdefault(i, sp)
    return owners


_CALENDAR = {*TL.WEEKDAYS, *TL.MONTHS, "last", "next", "this", "today", "tonight", "tomorrow", "yesterday"}


_SAW_DETS = {"a", "an", "the", "my", "our", "his", "her", "their"}
# what one goes to see: "saw a movie", "saw my dentist" (people: reference.PEOPLE)
_SEEN = {
    "movie", "film", "show", "play", "concert", "band", "musical", "game", "match", "gig", "performance",
    "opera", "ballet", "exhibition", "exhibit", "comedian", "dentist", "therapist", "doctor", "specialist",
    "counselor", "counsellor", "vet", "orthodontist", "surgeon", "fireworks", "parade", "premiere", "sunrise",
    "sunset", "eclipse", "whales", "dolphins", "meteor",
}  # fmt: skip


def _saw_someone(toks: list[Tok], k: int, words: list[str], span_starts: set[int]) -> bool:
    """ "saw" in the simple past meeting someone or going to see something ("I saw my sister",
    "we saw a movie", "saw Jo at the gym"), not the mental "I saw the difference", "saw my chance".
    The noun phrase's head is a person or a thing one goes to see, and no clause follows it ("I
    saw Jo got a new job", "saw the show on Netflix is good" report news) nor a screen it was
    seen on ("saw a doctor on TV")."""
    if toks[k].low != "saw" or words or k + 1 >= len(toks):
        return False
    n = len(toks)
    nxt = toks[k + 1]
    if nxt.text[:1].isupper() and nxt.text[1:].islower() and nxt.text.isalpha() and nxt.low not in ("i", "the"):
        j = k + 2
    elif nxt.low in _SAW_DETS:
        j = k + 2
        while (
            j < n
            and j < k + 6
            and toks[j].text.isalpha()
            and toks[j].low not in L.PREPOSITIONS
            and toks[j].low not in TIME_WORDS
            and toks[j].low not in L.CLAUSE_BREAK
            and toks[j].start not in span_starts
        ):
            j += 1  # to the end of the noun phrase: "a | huge | difference", "my sister | last weekend"
        head = toks[j - 1].low if j > k + 2 else ""
        if not (one_of(head, PEOPLE) or one_of(head, _SEEN)):
            return False
    else:
        return False
    later = [t.low for t in toks[j : j + 8]]
    if "who" in later or any(a == "for" and b in _SPANS_OF_TIME for a, b in zip(later, later[1:])):
        return False  # "a guy at the gym who looked like you": a sighting; "a therapist for years": a habit
    rest = later[:4]
    if rest[:1] == ["'s"] or (rest and (is_finite(rest[0]) or rest[0] in ("just", "finally", "and", "say", "says"))):
        return False  # "my mom's text", "Jo got engaged", "Jo and Mia are dating"
    # "saw Jo on Instagram", "a doctor on TV", "on the news": seen on a screen
    return not (rest[:1] == ["on"] and (rest[1:2] and rest[1] in _SCREENS or rest[1:3] == ["the", "news"]))


_SPANS_OF_TIME = {"years", "months", "weeks", "ages", "a", "decades", "so", "most"}
_SCREENS = {
    "tv",
    "instagram",
    "facebook",
    "netflix",
    "youtube",
    "tiktok",
    "reddit",
    "twitter",
    "insta",
    "snapchat",
    "news",
}


_ASKS_WHEN = re.compile(r"(?i)\b(?:when|what time|what day|which day|how long)\b")


def _said_here(e: Event, text: str) -> bool:
    """The event's words are the message's own (a short answer takes its action from the question;
    a mention quotes the message)."""
    if e.kind == "mention":
        return True
    said = set(re.findall(r"[a-z0-9']+", text.lower()))
    content = [w for w in re.findall(r"[a-z0-9']+", (e.object or e.verb).lower()) if w not in L.DETERMINERS]
    return any(w in said for w in content[:3])


def _emoji(text: str) -> bool:
    """Pictographs only ("💪", "🏖️"): no letter or digit, and a symbol among them (quotes stay)."""
    return not any(ch.isalnum() for ch in text) and any(unicodedata.category(ch) == "So" for ch in text)


def _own_object(c: Clause) -> bool:
    """The verb has a noun phrase of its own as object ("adopted | a puppy"), not a preposition's."""
    return (
        bool(c.obj_toks)
        and (c.obj_toks[0].low in L.DETERMINERS or c.obj_toks[0].text in POSSESSIVE)
        and not (c.verb_toks and c.verb_toks[-1].low in L.PREPOSITIONS)
    )


def _past_dated_later(e: Event, said_end: datetime) -> bool:
    """A past verb dated after the day it was said ("I finished my paper" + "tomorrow"): the
    time does not go with it."""
    return e.kind == "event" and e.start is not None and e.start > said_end and is_past(e.verb.split()[0])


class _BareTimes:
    """The time phrase message ``j`` of a session consists of, if it is one (``afterthought``),
    worked out once per message: each is asked about as the next message and as the one before."""

    def __init__(self, session: Session, texts: dict[str, str]) -> None:
        self.turns, self.texts, self._memo = session.turns, texts, {}

    def __call__(self, j: int) -> str | None:
        if j not in self._memo:
            t = self.turns[j]
            self._memo[j] = afterthought(self.texts[t.turn_id], t.t_conv) if t.turn_id in self.texts else None
        return self._memo[j]


def _dated_by(e: Event, phrase: str) -> bool:
    """The event's time came from the afterthought (alone, or joined to a time of the statement)."""
    x = (e.time_expression or "").lower()
    p = phrase.lower()
    if not x:
        return False
    return _padded_words(x) in _padded_words(p) or _padded_words(p.split(" ", 1)[-1]) in _padded_words(x)


def _padded_words(t: str) -> str:
    """ " on saturday ": words between spaces, so that a containment test matches whole words."""
    return f" {' '.join(re.findall(r'[a-z0-9]+', t))} "


def _one_thing_then(outside: list[Tok], names: set[str]) -> bool:
    """A line that names one thing and where or when it is, with its time: "launch is thurs",
    "I'll be in columbus the whole weekend", "was in bed all sunday". Not a verb ("request it
    TODAY", "thinking about him all week"), how something was ("it was glorious yesterday"), a
    quote ("'i am back since yesterday' -> …"), nor a noun with no "be" ("alfie on fri", "back
    at nursery tmrw": what of it is not said — most such lines read as fragments)."""
    if not any(t.low in L.BE for t in outside) or any(t.text in _QUOTES or t.low in _OWN_PRONOUNS for t in outside):
        return False  # (nor "mine is tomorrow": whose, the message does not say)
    pad = Tok("", "", -1, -1)
    seen = 0
    for p, t, n in zip([pad, *outside], outside, [*outside[1:], pad]):
        if not (is_content(t) and t.low not in SUBJ_PRONOUNS):
            if t.low not in L.BE and t.low not in L.MODAL and t.low != "'ll" and is_verbish(t.low, after_aux=True):
                return False
            continue
        seen += 1
        noun = (
            t.low in names
            or not is_verbish(t.low, after_aux=True)
            or p.low in L.DETERMINERS
            or p.low in L.PREPOSITIONS
            or n.low in L.BE
        )
        if not noun or p.low in L.BE or n.low in OBJECT_PRONOUNS:
            return False  # "request it TODAY": a verb and its object
    return seen == 1 and not any(a.low in ("it", "there") and b.low in L.BE for a, b in zip(outside, outside[1:]))


# what an existential names as held at its time: an occasion, or a day of one ("a training day")
_THERE_DETERMINERS = {"a", "an", "another", "the", "this", "that", "our", "my", "his", "her", "their"}


def _held_then(outside: list[Tok]) -> bool:
    """An existential that names an occasion, its time said beside it: "there's a party on
    friday", "there's a meeting tomorrow", "theres a training day for it next month". Not
    "there's so much to do today" (no occasion), "there's no school tomorrow" (none held)."""
    lows = [t.low for t in outside if t.text[:1].isalnum() or t.low.startswith("'")]
    for k in range(len(lows) - 2):
        if lows[k] != "there" or not (lows[k + 1] in L.BE or lows[k + 1] in ("'s", "will", "'ll")):
            continue
        j = k + 2
        while j < len(lows) and lows[j] in ("be", "gonna", "going", "to"):
            j += 1  # "there will be | a", "there's going to be | a"
        if j >= len(lows) or lows[j] not in _THERE_DETERMINERS:
            return False
        for w in lows[j + 1 : j + 4]:
            if w in L.PREPOSITIONS or w in L.BE:
                break
            if w in OCCASIONS or w.rstrip("s") in OCCASIONS or w == "day":
                return True
        return False
    return False


_QUOTES = {'"', "“", "”", "'", "‘", "’"}
_OWN_PRONOUNS = {"mine", "yours", "hers", "ours", "theirs", "someone", "somebody", "everyone", "everybody"}
_DEED_SUBJECTS = {"i", "we", "he", "she", "they"}
_NO_DEED_ALONE = L.MENTAL | L.IRREALIS_CONTROL | _PREFERENCE | FELT | {"be", "have", "do", "get", "go", "say", "mean"}
# effort and feeling, no occurrence: "I'll try", "I'm dreading", "we'll manage", "i'm struggling"
_NO_DEED_ALONE |= {"try", "dread", "worry", "struggle", "manage", "cope", "wonder", "regret", "fear", "panic"}
_NO_DEED_ALONE |= {"wait", "care", "mind", "bother", "suffer", "survive", "relax", "rest"}
# a progressive that tells how one is: "i'm dying today", "i'm kidding"
_NO_PROGRESSIVE = {"dying", "crying", "kidding", "joking", "screaming", "starving", "obsessing", "laughing", "freaking"}


# what may follow the one verb of a deed and leave it one deed: a person it is done to (not
# "you": "i'll call you tomorrow" is a promise to the listener, not an occurrence), and the
# verb's own particles
_DEED_OBJECTS = {"me", "us", "him", "her", "them"}
_DEED_PARTICLES = L.PARTICLES | {"in", "home", "round"}
_GOING = {"go", "come", "move", "fly", "head", "drive", "get", "set", "walk", "ride", "sail", "pop", "leave"}
# what a thing named before does at a time: it starts, it ends ("it starts friday")
_PHASES = {"start", "begin", "end", "finish", "open", "close"}


def _one_deed_then(outside: list[Tok], names: set[str], ahead: bool) -> bool:
    """A clause that is only its subject and one verb beside its time: "she arrives monday",
    "we're moving sat", "i fly out tmrw", "he left yesterday" — with the person it is done to
    and its particles ("he picked me up"), a particle alone only to a move ("she goes back").
    Not a thought, a wish, a liking or a feeling ("i think so today", "i hate mondays", "i'm
    tired today"), "it"/"that" (how something is), nor a past verb with a time to come
    (``ahead``)."""
    words = [
        t
        for t in outside
        if (t.text[:1].isalnum() or t.low.startswith("'"))
        and t.low not in GREET_TAIL
        and (t.low not in _FILLERS or t.low in ("it", "its", "'s"))
    ]
    v = len(words) - 2
    while v > 0 and (words[v].low in _DEED_PARTICLES or words[v].low in _DEED_OBJECTS):
        v -= 1  # back over the verb's person and particles: "he's coming back | on | the 20th"
    if v >= 0 and words[-1].low in _TIME_PREPS and (is_past(words[v].low) or lemma(words[v].low) in _GOING | _PHASES):
        # "she left | on | friday", "he passed | in | january": the time's own preposition; in the
        # present only a move, a start or an end that is set ("she leaves on the 2nd"): "i work on
        # monday" is a schedule as much as a deed
        words = words[:-1]
    if not words or not (words[0].low in _DEED_SUBJECTS or words[0].low in names):
        return False  # "tired today", "booked tomorrow": with no subject, a mood or a plan as much as a deed
    at, be = 1, False
    while at < len(words) and (words[at].low in L.BE or words[at].low in ("will", "'ll", "'s", "'re", "'m", "gonna")):
        be = be or words[at].low in L.BE or words[at].low in ("'s", "'re", "'m")
        at += 1
    if at >= len(words):
        return False
    verb = words[at].low
    rest = [t.low for t in words[at + 1 :]]
    done_to = bool(rest) and rest[0] in _DEED_OBJECTS  # "shes observing me thursday", "he picked me up"
    rest = rest[done_to:]
    if not all(w in _DEED_PARTICLES for w in rest) or (rest and not done_to and lemma(verb) not in _GOING):
        return False  # a particle of its own only to a move ("she goes back next monday"; not "I found out")
    # "go" names no deed alone ("i'll go tomorrow", "i went yesterday": where, a mention of it
    # would not say), but with its particle it does ("she goes back next monday")
    go_where = lemma(verb) == "go" and bool(rest)
    if (
        (lemma(verb) in _NO_DEED_ALONE and not go_where)
        or verb in _NO_DEED_ALONE
        or not is_verbish(verb, after_aux=True)
    ):
        return False
    if be and (is_past(verb) or verb in PAST or verb in _NO_PROGRESSIVE):
        return False  # "i'm tired today", "she was upset yesterday", "i'm dying today": how one is
    return not (ahead and is_past(verb))  # "she booked tomorrow": for then, not done then


def _names_a_day(t: Tok) -> bool:
    """A capitalised name of a day that is also what was done: "hosted Thanksgiving"."""
    return t.text[:1].isupper() and t.low not in _CALENDAR and not t.text.isdigit()


def _joins_nouns(t: Tok) -> bool:
    """After "and", a word that goes on a noun phrase ("chocolate and vanilla swirl", "Paris
    and Rome") rather than starting a clause ("and bought milk", "and I love it", "and the view")."""
    w = t.low
    return (
        t.text.isalpha()
        and w not in FORMS
        and not (w.endswith("ed") or w.endswith("ing"))
        and w not in _CLAUSE_OPENERS
        and w not in SUBJ_PRONOUNS
        and w not in L.DETERMINERS
        and w not in L.ADVERBS
        and w not in L.CLAUSE_BREAK
        and w not in TIME_WORDS
        and w not in L.PREPOSITIONS
    )


# openers of a purpose phrase, which ends an object: "in hopes of", "in order to", "in an effort to"
_PURPOSE = [
    ("in", "hopes"),
    ("in", "hope", "of"),
    ("in", "order", "to"),
    ("in", "an", "effort"),
    ("in", "an", "attempt"),
]
# light verbs, and nouns for the course of a life rather than an occurrence in it
_LIGHT = {"have", "make", "take", "do", "go", "face", "overcome"}
_COURSE = {
    "progress", "struggles", "struggle", "path", "paths", "journey", "changes", "choices", "decisions", "mistakes",
    "strides", "steps", "sacrifices", "challenges", "ups", "experiences", "efforts", "growth", "hardships",
}  # fmt: skip
# what opens a catch-up without telling anything: "a lot has happened", "crazy stuff's been going
# on", "quite a week", "been a few days", "not much", "I've missed our chats"
_CATCH_UP = re.compile(
    r"\b(?:stuff|things?|a lot|lots|so much|much|nothing|quite|been a|been ages|been a while|crazy|wild|happen\w*"
    r"|adventure|busy|missed|long time|ages)\b"
)


def _how_to_this(lows: list[str]) -> bool:
    """ "how to make this": a wh- infinitive whose object only points at a thing shown ("how to
    fix it" refers back, and is kept)."""
    return any(
        w in WH and lows[j + 1 : j + 2] == ["to"] and lows[j + 3 : j + 4] in (["this"], ["that"])
        for j, w in enumerate(lows)
    )


def _pursuing(verb: str) -> bool:
    return verb.split()[-1] in _PURSUING or " ".join(verb.split()[-2:]) in ("looking into", "looked into")


_PURSUING = {"explore", "exploring", "explored", "chase", "chasing", "chased", "pursue", "pursuing", "pursued"}
_PURSUING |= {"weigh", "weighing", "weighed", "consider", "considering", "considered", "research", "researching"}
_PURSUITS = {"options", "ambitions", "ambition", "dreams", "dream", "goals", "passions", "passion", "possibilities"}
_PURSUITS |= {"opportunities", "aspirations", "choices", "alternatives", "avenues", "paths"}
_KEPT_STATES = {"busy", "active", "positive", "motivated", "strong", "sane", "focused", "healthy", "calm", "safe"}
_KEPT_STATES |= {"occupied", "productive", "warm", "cool", "quiet", "sober", "fit", "hopeful", "optimistic", "afloat"}
_COME_FAR = re.compile(
    r"(?:^|\s|\b)(?:'ve|have|has|'s)\s+(?:come|gone)\s+(?:(?:(?:so|this|that)\s+)?far|(?:such\s+)?a\s+long\s+way)\b"
    r"(?!\s+(?:north|south|east|west|to|from|down|up|out|into|as|today|already|this\s+morning|\d+)\b)"
)
# past participles of feeling: "was impressed / amazed / moved" tells a reaction
_FEELINGS = {
    "impressed", "amazed", "surprised", "touched", "moved", "inspired", "shocked", "stunned", "thrilled",
    "disappointed", "overwhelmed", "blown", "floored", "humbled", "stoked", "relieved", "intrigued", "fascinated",
}  # fmt: skip
_SUMMARY_NOUNS = {"day", "time", "weekend", "night", "week", "adventure", "outing", "blast", "evening", "morning"}


_TEASER = re.compile(
    r"(?i)^(?:something|(?:some |so many |a few |lots of |a lot of )?(?:\w+ )?things|a lot|so much|lots)\b[^.]{0,30}"
    r"\bhappen(?:ed|ing)\b"
)


def _without_summaries(events: list[Event]) -> list[Event]:
    """ "I had a wicked day out with the gang last weekend — we went biking …", "Something
    exciting happened last Friday. I went to a game convention …": the day is told by what was
    done in it; "had a <stretch of time>" or "something happened" goes when another event of the
    turn has the same dates."""
    out = []
    for e in events:
        summary = (
            e.kind == "event"
            and e.start is not None
            and e.verb.split()[-1] in ("had", "have")
            and any(w.lower() in _SUMMARY_NOUNS for w in e.object.split()[:4])
        ) or (e.kind == "mention" and _TEASER.match(e.object) is not None)
        if summary and any(o is not e and (o.start, o.end) == (e.start, e.end) for o in events):
            continue
        out.append(e)
    return out


def _verb_waits(toks: list[Tok], j: int, covered: set[int]) -> bool:
    """The word before the time phrase ending at ``j`` (past one preposition) is a verb whose
    object is still to come: "we celebrated last weekend | my dad's birthday"."""
    while j >= 0 and toks[j].start in covered:
        j -= 1
    if j >= 0 and toks[j].low in L.PREPOSITIONS:
        j -= 1
    return j >= 0 and is_verbish(toks[j].low, after_aux=True) and toks[j].low not in L.BE | L.HAVE


_BE_CHAIN = {"'s", "is", "was", "will", "'ll", "be", "gonna", "going", "to", "been", "has", "had", "would", "'d"}


_YOUR = re.compile(r"(?i)\b(?:yours|your|ur)\b")
# what opens the words a "like" quotes ("in a panic like is he ok", "i was like omg")
_QUOTED_OPENERS = {"is", "was", "are", "were", "i", "he", "she", "we", "they", "omg", "wtf", "what", "why", "how"}
_QUOTED_OPENERS |= {"oh", "no", "yes", "wait", "ok", "okay", "um", "uh", "wow", "where", "who", "dude", "bro"}
_PHASE_ALONE = {"start", "begin", "leave", "finish", "move", "fly"}
_OCCASION_PREPS = {"at", "on", "during", "after", "from", "in"}


def _occasion_named(toks: list[Tok], sp) -> list[Tok] | None:
    """The occasion named right before the time phrase, with its determiner or owner: "the
    concert | last night", "your fathers birthday | is Saturday" ("is" between them)."""
    before = [t for t in toks if t.end <= sp.start_char][-4:]
    if before and before[-1].low in ("is", "was", "'s"):
        before = before[:-1]
    for n in (2, 3):
        head = before[-n:] if len(before) >= n else []
        if (
            head
            and (head[0].low in _OWNERS or head[0].text in POSSESSIVE)
            and (head[-1].low in OCCASIONS or head[-1].low in _YEARLY_DAYS)
        ):
            return head
    return None


# Days that come round each year; "b-day" is one token as typed
_YEARLY_DAYS = ("birthday", "bday", "b-day", "anniversary")

_OWNERS = {"the", "our", "my", "that", "his", "her", "their", "your", "ur"}


def _occasion_then(toks: list[Tok], sp) -> bool:
    """The time phrase closes a named occasion: "at the party last night", "on the call
    yesterday", "after our game on friday" — a preposition, a determiner, at most one word, and
    a noun of something that takes place, right before it."""
    before = [t for t in toks if t.end <= sp.start_char][-4:]
    for n in (3, 4):
        if len(before) >= n:
            head = before[-n:]
            if (
                head[0].low in _OCCASION_PREPS
                and (
                    head[1].low in ("the", "our", "my", "that", "his", "her", "their", "your")
                    or head[1].text in POSSESSIVE
                )
                and (head[-1].low in OCCASIONS or head[-1].low.rstrip("s") in OCCASIONS)
            ):
                return True
    return False


def _time_evaluated(toks: list[Tok], sp) -> bool:
    """The time phrase opens its clause as the subject of "be" and what follows says how it
    went: "Tomorrow's gonna be an awesome night", "and yesterday was so much fun" ("tomorrow is
    my birthday" names an occasion and stays)."""
    before = [t for t in toks if t.start < sp.start_char]
    if before and not (
        before[-1].text in PUNCT_BREAK or before[-1].low in GREET_TAIL or before[-1].low in _COORD_WORDS
    ):
        return False  # "we met last night": the time closes another clause
    k = next((i for i, t in enumerate(toks) if t.start >= sp.end_char), len(toks))
    if k == len(toks) or toks[k].low not in _BE_CHAIN:
        return False
    while k < len(toks) and toks[k].low in _BE_CHAIN:
        k += 1
    while k < len(toks) and (toks[k].low in L.DETERMINERS or toks[k].low in INTENSIFIERS or toks[k].low == "much"):
        k += 1
    return k < len(toks) and (toks[k].low in FELT or toks[k].low in _TIME_VERDICTS)


# nouns that judge how a time went ("tonight is a disaster", "today was a nightmare", "last week
# was a blur"); "tomorrow is a big day", "tonight is date night" name what takes place
_TIME_VERDICTS = {"blast", "fun", "success", "hit", "disaster", "nightmare", "mess", "blur", "write-off", "washout"}
_TIME_VERDICTS |= {"bust", "chaos", "circus", "zoo", "struggle", "trainwreck", "wreck", "joke", "dream", "treat"}


# verbs whose "I" clause is what is thought or said, not what happened ("because I feared I failed")
_CLAIMING = {"pretend", "fear", "doubt", "hope", "wish", "realize", "realise", "notice", "learn", "hear", "feel"}
_CLAIMING |= {"dream", "suspect", "assume", "suppose", "worry", "find", "forget", "remember", "know", "believe"}
_CLAIMING |= {"decide", "swear", "think", "say", "tell", "imagine", "guess", "bet", "figure"}
_PAST_BE = {"was", "were", "been"}


def _told_with_a_rise(sentence: str) -> bool:
    """A sentence with a "?" that has a statement's order and tells of the speaker: "maya took me
    to her climbing gym yesterday and i think im obsessed??", "i think i cracked a tooth??" —
    not asked (no auxiliary or wh-word first, nothing put to the listener: "i should go?",
    "we could meet at 5?" ask)."""
    words = [t.low for t in tokenize(strip_interjections(sentence)) if t.text[:1].isalnum() or t.text[:1] == "'"]
    while words and words[0] in _RISE_OPENERS:
        words = words[1:]
    if not words or words[0] in L.BE or words[0] in L.HAVE or words[0] in WH or words[0] in L.MODAL:
        return False
    if {"you", "u", "ya", "ur", "your"} & set(words) or set(words) & L.IRREALIS_MODALS or "or" in words:
        return False
    k = 2 if words[:2] in (["i", "think"], ["i", "guess"], ["pretty", "sure"]) else 0
    head = words[k : k + 3]
    # "i cracked …", "we just passed …", "maya took me …": a subject, then (after an adverb) a past verb
    past = next((j for j, w in enumerate(head[1:], 1) if w not in L.ADVERBS), None)
    subject = bool(head) and (head[0] in ("i", "we") or not is_verbish(head[0], after_aux=True))
    return subject and past is not None and is_past(head[past]) and head[past] not in L.BE


def _person_asked(questions: list[str], ctx: _Ctx) -> str | None:
    """The one person the questions just asked about by name, after their auxiliary ("how did
    Alfie get on …?", "is Maya feeling better?", "did ivy start swim yet"); None when none or
    more than one, or a speaker (who answers for themselves)."""
    found = set()
    for q in questions:
        toks = tokenize(q)
        for i, t in enumerate(toks[1:], 1):
            if toks[i - 1].low in _PERSON_AUX and t.low in ctx.folded and t.text[:1].isalpha():
                name = ctx.written(t.low)
                if name is not None and name not in ctx.speakers:
                    found.add(name)
    return found.pop() if len(found) == 1 else None


def _capital_before_past(toks: list[Tok], i: int) -> bool:
    """A capitalised word no other word before a past verb: a name, as its subject ("Ramon
    pulled me aside")."""
    t = toks[i]
    return (
        t.text[:1].isupper()
        and t.text.isalpha()
        and t.text not in L.NOT_NAMES
        and t.low not in FORMS
        and t.low not in L.ADVERBS
        and t.low not in L.NEG
        and t.low not in _NOT_A_NAME
        and i + 1 < len(toks)
        and toks[i + 1].low in PAST
    )


# how many messages back a "he"/"she" may find the person it stands for
_RECENT = 3
_HE_SHE = re.compile(r"(?i)\b(?:he|she)\b")


def _person_named(texts: Sequence[str], ctx: _Ctx) -> str | None:
    """The one person ``texts`` name, by name, other than the speakers ("Ramon pulled me aside"):
    None when they name none, two, or anyone by a role ("my mum", "the vet", "aunt denise": "she"
    may be either)."""
    found: set[str] = set()
    for text in texts:
        toks = tokenize(text)
        for i, t in enumerate(toks):
            if one_of(t.low, ROLES):
                return None  # "my mum", "jays mom", "aunt denise", "doc said": "she"/"he" may be another
            if (t.low in ctx.folded and t.text[:1].isalpha()) or _capital_before_past(toks, i):
                name = ctx.written(t.low) or t.text
                if name not in ctx.speakers:
                    found.add(name)
            if len(found) > 1:
                return None
    return found.pop() if found else None


def _named_pronoun(toks: list[Tok], name: str) -> list[Tok]:
    """``toks`` with an opening "he"/"she" (after "yes", "oh" …) read as ``name``."""
    for k, t in enumerate(toks[:3]):
        if t.low in ("he", "she"):
            return [*toks[:k], Tok(name, name.lower(), t.start, t.end), *toks[k + 1 :]]
        if not (t.low in GREET_TAIL or t.low in INTERJECTIONS or t.text in PUNCT_BREAK):
            break
    return toks


def _asks_of_name(sentence: str, ctx: _Ctx) -> bool:
    """A yes/no question typed with no "?" about someone named in the session or a thing: an
    auxiliary, the name or a noun phrase, a bare verb ("wait did ivy start swim yet", "has maya
    moved in", "did ur parcel arrive"); "did laundry", "did ivy's hair" or "did the dishes"
    tell what the speaker did."""
    toks = [t for t in tokenize(strip_interjections(sentence)) if t.text not in PUNCT_BREAK]
    if len(toks) < 3 or toks[0].low not in ("did", "does", "has", "have", "had"):
        return False
    if toks[1].low in ctx.folded:
        verbs = toks[2:3]
    elif toks[1].low in _ASKED_THINGS and toks[1].low not in ("my", "his", "her"):
        verbs = toks[3:5]  # "did ur parcel arrive", "did the car pass" ("did my hair" is a deed)
    else:
        return False
    if toks[0].low in ("did", "does"):
        return any(v.low in BASE and FORMS.get(v.low) == v.low for v in verbs)
    return any(is_past(v.low) for v in verbs)


def _asked_about(toks: list[Tok], i: int, ctx: _Ctx) -> str | None:
    """The person a yes/no question asks about at ``toks[i]``, right after its opening auxiliary
    ("did ivy start swim yet", "has Maya moved in?"): a name of the session, as it is written
    elsewhere. Not "you" (the answerer), nor a pronoun (who "she" is is said elsewhere)."""
    if i == 0 or toks[i - 1].low not in ("did", "has", "have", "had") or toks[i].low not in ctx.folded:
        return None
    if i > 1 and toks[i - 2].text not in PUNCT_BREAK and toks[i - 2].low not in ("so", "wait", "and", "oh"):
        return None
    return ctx.written(toks[i].low)


def _only_points(own: list[Tok]) -> bool:
    """A time phrase's clause is a bare "it"/"that" and a copula: "it's on 27 april", "that was
    yesterday" (typed "its next wednesday") — it only says when the thing it points at is; or its
    start or end: "it starts friday"."""
    if not own or own[0].low not in ("it", "that", "its", "thats"):
        return False
    rest = own[1:]
    verbs = [t for t in rest if t.low not in L.PREPOSITIONS]  # "it begins in | september"
    if len(verbs) == 1 and lemma(verbs[0].low) in _PHASES and own[0].low in ("it", "that"):
        return True
    return (bool(rest) or own[0].low in ("its", "thats")) and all(
        t.low in L.BE or t.low in ("'s", "will", "'ll", "gonna") or t.low in L.PREPOSITIONS for t in rest
    )


_SUBORDINATORS = {"since", "after", "before", "when", "once", "because", "while", "until", "till"}


def _a_time_it_was(words: list[str]) -> bool:
    """Only "(it's) been a busy week", "was such a long day": a stretch of time and what it was
    like, nothing that happened in it."""
    k = 0
    while k < len(words) and words[k] in ("it", "it's", "its", "'s", "has", "had"):
        k += 1
    if k >= len(words) or words[k] not in L.BE:
        return False
    while k < len(words) and words[k] in L.BE:
        k += 1
    rest = words[k:]
    return (
        2 <= len(rest) <= 5
        and rest[0] in ("a", "an", "such", "quite")
        and rest[-1] in _STRETCHES
        and all(w in _HOW_IT_WENT or w in ("a", "an", "such", "quite", "so", "really", "very") for w in rest[1:-1])
    )


_STRETCHES = {"week", "day", "month", "year", "weekend", "time", "couple", "while", "morning", "night", "few"}
# what a stretch of time was like ("a busy week"), as against what kind it was ("a beach day")
_HOW_IT_WENT = {
    "busy", "long", "hectic", "crazy", "rough", "tough", "great", "good", "wild", "slow", "lazy", "quiet", "nice",
    "fun", "hard", "stressful", "productive", "exhausting", "tiring", "amazing", "awesome", "relaxing", "weird",
    "bad", "terrible", "lovely", "wonderful", "insane", "chill", "packed", "full", "difficult", "strange",
}  # fmt: skip

_COORD_WORDS = {"and", "but", "or", "so"}


# words after which a formula's "I"/"we" clause is its complement ("make sure we …", "glad I …")
_FORMULA_COMPLEMENT = {"sure", "say", "hope", "glad", "know", "think", "guess", "wish", "bet", "believe", "feel"}
_FORMULA_COMPLEMENT |= {"hoping", "certain", "happy", "remember", "forget", "that", "if", "when"}


def _after_formula(toks: list[Tok], c: Clause, covered: set[int]) -> bool:
    """The clause runs on after a formula's own words ("so glad you liked it I went to the
    council meeting", "have a great trip we got back from Paris yesterday"), or is a relative
    clause on a noun it names ("Look at this cake I made yesterday"); not the formula's
    complement ("let's make sure we make progress")."""
    prev = toks[c.subj_start - 1]
    if prev.text in PUNCT_BREAK or c.embedded:
        return True
    if prev.low == "what" and c.subj_start > 1 and toks[c.subj_start - 2].low == "guess" and c.obj_toks:
        return True  # "guess what i adopted a puppy today": the verb has its own object, "what" is the teaser
    after = run_on_before(toks, c.subj_start, covered)
    return after == "end" or (after == "noun" and bool(c.obj_toks) and prev.low not in _FORMULA_COMPLEMENT)


# words that, inside an object, open what follows it: chat filler and presenting frames
_BEFORE_NOUN = {"a", "an", "the", "good", "great", "worthy", "noble", "important", "common", "same", "this", "that"}
# phrasal verbs whose particle may follow the object ("put this dress on", "wrote my plans down")
_SEPARABLE = {
    ("put", "on"), ("try", "on"), ("write", "down"), ("pick", "up"), ("give", "back"), ("turn", "on"),
    ("turn", "off"), ("switch", "on"), ("switch", "off"), ("throw", "out"), ("figure", "out"), ("set", "up"),
    ("clean", "up"), ("fill", "out"), ("look", "up"), ("call", "back"), ("bring", "back"), ("send", "back"),
    ("pay", "back"), ("hand", "out"), ("drop", "off"), ("sort", "out"), ("check", "out"), ("cheer", "up"),
}  # fmt: skip
# verbs that take a person and a thing ("gave my mom the scarf")
_TWO_OBJECTS = {"give", "send", "buy", "make", "show", "tell", "bring", "get", "hand", "lend", "offer", "teach"}
_TWO_OBJECTS |= {"cook", "bake", "write", "knit", "sew", "pay"}
_IT_VERBS = {"was", "is", "'s", "were", "took", "got", "felt", "looked", "made", "turned", "ended"}


_ORDINAL = re.compile(r"^\d+(?:st|nd|rd|th)?$")


def _same_number(a: Tok, b: Tok) -> bool:
    """Two numbers or ordinals joined by "and" are one list: "for the 14th and 15th"."""
    return bool(_ORDINAL.match(a.low) and _ORDINAL.match(b.low))


_ONLY_WHEN = {"last", "first", "next", "before", "earlier", "ago", "again", "later", "once", "twice"}
# words that open the clause after a conjunction ("'cause I was tired", "cause it's fun")
_CLAUSE_OPENERS = {"i", "we", "you", "he", "she", "they", "it", "it's", "my", "our", "the", "there", "that", "this"}
# verbs whose -ing complement names an activity ("started volunteering", "went hiking")
_GERUND_AFTER = {"start", "started", "starting", "began", "begin", "stopped", "stop", "quit", "finished", "went", "go"}
_GERUND_AFTER |= {"going", "tried", "took", "picked", "gave"}  # not "try making it": a plan, untold


# control verbs whose "to" may lead a place instead of an infinitive
_TO_MOTION = {"going", "go", "got", "get", "getting", "gets", "used", "about", "went", "come", "came"}


def _front_np(toks: list[Tok], subj_start: int) -> list[Tok]:
    """The noun phrase fronted before a subject ("This book I read …" → "This book")."""
    back: list[Tok] = []
    m = subj_start - 1
    while m >= 0 and toks[m].text.replace("-", "").isalnum() and toks[m].low not in L.CLAUSE_BREAK and len(back) < 5:
        if toks[m].low in INTERJECTIONS or toks[m].low in ("sorry", "soz", "thanks", "thx"):
            return []  # "can't do the plant sale sorry | I got put on a shift": the phrase ended before
        back.insert(0, toks[m])
        if toks[m].low in _FRONT_DET:
            if back[-1].low in OBJECT_PRONOUNS:
                return []  # "forget a second of it | I put so much into this": no noun phrase to front
            verbs = any(
                is_past(x.low)
                or x.low in L.BE
                or x.low in L.MODAL
                or (lemma(x.low) in _COPULAR and x is not back[1])  # "my customers feel cozy | I chose …"
                or (x.low.endswith("ing") and is_verbish(x.low, after_aux=True) and x is not back[1])
                for x in back[1:]
            )  # "a painting" is a noun; "a lot | knowing" a verb
            return back if len(back) > 1 and not verbs else []  # "that movie is awesome | I …" is no noun phrase
        m -= 1
    return []


_CATEGORY_WORDS = {w for _, _, nouns in L.CATEGORIES for n in nouns for w in n.split()}
_THIRD_PERSON = {"he", "she", "they", "it"}


def _aliases(c: Clause, obj: str) -> list[str]:
    core = core_words(obj)
    lem = c.lemma
    vw = c.verb.split()
    main_at = max((i for i, w in enumerate(vw) if lemma(w) == c.lemma), default=0)
    tail = [w for w in vw[main_at + 1 :] if w in L.PARTICLES or w in L.PREPOSITIONS]
    out = [" ".join([lem, *tail, core])]
    if c.mood != "irrealis":  # a count of hikes must not find a hike only wished for
        about = f"{obj} {c.subject}" if c.subject.startswith("the ") else obj  # "the dentist put on a crown"
        out += category_aliases(c.verb, about)
    if core and core.lower() != obj.lower():
        out.append(core)
    nominal = L.NOMINAL.get(lem)
    if nominal and core:
        out.append(f"{core} {nominal}")
    return out
