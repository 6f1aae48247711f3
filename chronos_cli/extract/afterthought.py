"""A time said after the fact: "went to the dentist" / "yesterday".

Chats split one thought over several messages, and speech adds the time as an afterthought
("We finally tried the ramen place. Last Friday."). A sentence that is nothing but a time phrase
(with "on", "it was", "actually", "lol" around it) modifies the statement the same speaker made
just before it, exactly as the words run together would ("went to the dentist yesterday"). The
extractor reads them run together: one statement, dated by the afterthought, and no event of
the afterthought's own. A time told in the present ("booked the TEAS" / "its friday at 1") is
the time of the thing named: what was booked is for it, anything else has it in a clause of its
own, so a past verb does not make it a past Friday.
"""

from __future__ import annotations

import re
from datetime import timedelta

from chronos_cli.extract import lexicon as L
from chronos_cli.extract.common import naive, resolve_spans
from chronos_cli.extract.words import is_past, is_verbish, tokenize

# words that may stand around the time phrase without saying anything of their own
_AROUND = {
    # a pointer back at the statement ("it was yesterday")
    "it", "that", "this", "was", "were", "back",
    # hedges and fillers
    "actually", "i", "think", "guess", "believe", "mean", "like", "just", "oh", "um", "uh", "well",
    "yeah", "yep", "yes", "lol", "haha", "hahaha", "lmao", "btw", "too", "also", "and", "so", "maybe",
    "probably", "exactly", "sorry", "wait",
}  # fmt: skip
# the time's own preposition, kept when the words are run together ("went hiking | on Saturday")
_PREPS = {"on", "in", "at", "during", "over", "back", "around", "about", "since", "until", "till", "by"}
_MAX_WORDS = 8  # an afterthought is short; longer messages say something of their own
_MAX_TIME_WORDS = 4
# what may close a statement before the time is added: punctuation, emoji, an emoticon
_END = re.compile(r"(?:[\s.!…,;]|[\U0001F300-\U0001FAFF\u2600-\u27BF]|[:;]-?[()DPp/])+$")
# a list item's first word is a noun or its determiner; not a reaction ("so painful", "ugh",
# "best day ever") nor more about the time ("for two weeks")
_NOT_AN_ITEM = {
    "so", "such", "very", "really", "too", "ugh", "lol", "haha", "hahaha", "lmao", "omg", "wow", "yay", "oh",
    "best", "worst", "ok", "okay", "yes", "no", "yeah", "yep", "nope", "sure", "thanks", "thank", "and", "but",
    "or", "for", "with", "in", "on", "at", "to", "from", "until", "till", "then", "finally", "soooo", "sooo",
    "not", "great", "good", "bad", "awful", "amazing", "nice", "fun", "crazy", "wild", "insane",
}  # fmt: skip
_ASSENT = {"right", "true", "same", "fair", "nice", "cool", "agreed", "totally", "omg", "aw", "aww", "ahh"}
_MONTHS = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
}  # fmt: skip


# whose clock a time is on, said after it ("at 4 our time", "3pm your time", "9am eastern time")
_ZONE = re.compile(
    r"(?i)(?<=[\w.])\s+(?:our|your|my|their|his|her|local|eastern|pacific|central|mountain|uk|us|est|pst|cst|mst|gmt|bst)"
    r"\s+time\b"
)
_COUNTDOWN = re.compile(
    r"(?i)[,;:\s-]*\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a few)\s+"
    r"(?:days?|weeks?|months?|hours?|sleeps?)\s+(?:to\s+go|left)\b\W*$"
)


# where it happened, said after the time ("Yesterday, on his play mat.", "last friday at the park"):
# a preposition of place or company and a short noun phrase, no verb ("on his PLAY mat" is a noun)
_WHERE = re.compile(r"(?i)[\s,]+((?:on|at|in|with|near|outside|inside|by)\s+[a-z][\w' -]*?)\W*$")
_WHERE_WORDS = 5


def _where(text: str) -> tuple[str, str]:
    """``text`` without a closing place phrase, and that phrase ("" when it has none)."""
    m = _WHERE.search(text)
    if m is None:
        return text, ""
    words = m.group(1).split()
    while words and words[-1].lower() in _AROUND:
        words.pop()  # "yesterday with the kids lol"
    if not 1 < len(words) <= _WHERE_WORDS or any(
        is_past(w) or w.lower().endswith("ing") or w.lower() in L.BE for w in words[1:]
    ):
        return text, ""
    return text[: m.start()], " ".join(words)


def afterthought(text: str, t_conv) -> str | None:
    """The time phrase a message or sentence consists of, with its preposition ("on Saturday"),
    when every other word is filler around it, and the place phrase after it ("Yesterday, on
    his play mat." → "yesterday on his play mat"); None otherwise ("every Saturday", "for an
    hour" and "we went on Saturday" are not afterthoughts)."""
    if len(text.split()) > _MAX_WORDS or not any(c.isalnum() for c in text) or text.rstrip().endswith("?"):
        return None  # "yesterday?" asks
    text, where = _where(text)
    phrase = _time_alone(text, t_conv)
    if phrase is None or not where:
        return phrase
    return None if resolve_spans(where, t_conv) else f"{phrase} {where}"  # "in the morning" is a time


# "it's friday at 1" after "booked the TEAS": the time of the thing named, told in the present
_ITS = re.compile(r"(?i)^\W*(?:(?:ok|oh|yeah|yep|and|so|lol)\W+)*(?:it'?s|it\s+is)\s+(?=\w)")


def _time_alone(text: str, t_conv) -> str | None:
    """The time phrase ``text`` consists of, with its preposition, when every other word is filler;
    "it's " before it when the message says the time in the present ("its friday at 1")."""
    m = _ITS.match(text)
    if m is not None:
        phrase = _time_alone(text[m.end() :], t_conv)
        if phrase is None or phrase.startswith("it's ") or phrase.split()[0].lower() in _PREPS:
            return None  # "it's on 27 april" points back itself: a mention of "it [the exam]"
        return f"it's {phrase}"
    text = _COUNTDOWN.sub("", text)  # "… great north run!! 10th sept, 12 weeks to go": how long until it
    text = _ZONE.sub("", text)  # "next tuesday at 4 our time": whose clock, part of the time
    content = [w for w in re.findall(r"[a-z0-9']+", text.lower()) if w not in _AROUND and w not in _PREPS]
    if not content or len(content) > _MAX_TIME_WORDS:
        return None  # more words than a time phrase has ("the day before yesterday")
    spans = resolve_spans(text, t_conv)
    if len(spans) != 1:
        return None
    sp = spans[0]
    toks = [t for t in tokenize(text, 0) if any(c.isalnum() for c in t.text)]
    before = [t for t in toks if t.end <= sp.start_char]
    after = [t for t in toks if t.start >= sp.end_char]
    prep = before[-1].low if before and before[-1].low in _PREPS else None
    if prep:
        before = before[:-1]
    if any(t.low not in _AROUND for t in before + after):
        return None
    if not prep and (re.fullmatch(r"\d{4}", sp.text) or sp.text.lower() in _MONTHS):
        prep = "in"  # "we got married" / "2019": in 2019, not "married 2019"
    return f"{prep} {sp.text}" if prep else sp.text


def heads_a_list(after: str | None) -> bool:
    """The message or sentence after a bare time is a list item it heads, not a reaction to
    what was said: a short noun phrase ("monday" / "dentist appointment" / "tuesday" / "gym")."""
    words = re.findall(r"[A-Za-z']+", after or "")
    if not 0 < len(words) <= 5 or words[0].lower() in _NOT_AN_ITEM:
        return False
    return not any(is_verbish(w, after_aux=False) or w.lower() in L.BE for w in words)


# words that date a statement by themselves ("I'm at the dentist rn"); "just" does not: "I just
# adopted a pup" + "last week" is last week
_OWN_TIME = re.compile(r"(?i)\b(?:currently|now|rn|atm|right now)\b")
_RECENT_DAYS = 31
_FUTURE = re.compile(r"(?i)\b(?:will|'ll|gonna|going to|plan|planning|tomorrow)\b")
# a statement that breaks off mid-phrase goes on in the next message ("bought a car for" / "2000")
_OPEN_END = re.compile(r"(?i)\b(?:for|of|to|the|a|an|my|is|was|at|with|from|about|like)\W*$")


def fits(statement: str, phrase: str, t_conv) -> bool:
    """The afterthought ``phrase`` can be the time of ``statement``: the statement has no time of
    its own (a time phrase, "now", "rn"), does not break off mid-phrase ("bought a car for"),
    and a past verb is not given a time to come ("I finished my paper. Tomorrow."); a bare year
    goes only with a past statement ("we got married" / "2019", not "the gate code works" / "1987")."""
    if _OWN_TIME.search(statement) or _OPEN_END.search(_END.sub("", statement)):
        return False
    if all(w in _ASSENT for w in re.findall(r"[a-z']+", statement.lower())):
        return False  # "right." / "last night in the old flat": a comment, no statement to date ("yes!!" answers)
    if resolve_spans(statement, t_conv):
        return False
    words = re.findall(r"[a-z']+", statement.lower())
    # a time told in the present is the named thing's own, ahead of a past booking or news
    past = any(is_past(w) for w in words) and not _FUTURE.search(statement) and not phrase.startswith("it's ")
    if re.fullmatch(r"in \d{4}", phrase):
        return past
    if past:
        sp = resolve_spans(run_together(statement, phrase), t_conv)
        said_end = naive(t_conv).replace(hour=23, minute=59, second=59, microsecond=999999)
        if sp and sp[-1].start > said_end:
            return False
        if sp and re.search(r"(?i)\bjust\b", statement) and sp[-1].end < said_end - timedelta(days=_RECENT_DAYS):
            return False  # "just" is recent: "we just sent the invitations. June 10." is no date of sending
    return True


# what is booked or fixed for a time: "booked the TEAS" / "its friday at 1" is the TEAS's time
_ARRANGED = re.compile(
    r"(?i)\b(?:book(?:ed)?|schedul(?:e|ed)|sign(?:ed)?\s+up|regist(?:er|ered)|reserv(?:e|ed)|appointment|appt|tickets?)\b"
)


def run_together(statement: str, time_phrase: str) -> str:
    """The statement with the afterthought's time where it would stand in one sentence; a time
    told in the present ("it's friday at 1") is what is booked is for ("booked the TEAS for friday
    at 1"), else a clause of its own ("got an interview, it's on monday")."""
    body = _END.sub("", statement)
    if time_phrase.startswith("it's "):
        rest = time_phrase[len("it's ") :]
        own = re.split(r"[.!?]\s", body)[-1]  # the statement's own sentence, not the message's
        return f"{body} for {rest}" if _ARRANGED.search(own) else f"{body}, {time_phrase}"
    return f"{body} {time_phrase}"


def join_afterthoughts(
    text: str, t_conv, spans: list[tuple[int, int]], *, answering: bool = False, headed: bool = False
) -> str:
    """``text`` (its sentences at ``spans``) with each afterthought sentence run into the
    statement before it ("I went to the dentist! Yesterday, actually." → "I went to the dentist
    yesterday!"); everything else is kept as written. Left alone: a message answering "when …?"
    (its time may answer the question: "when's the wedding?" / "we just sent the invitations.
    June 10."), a time after a question or after a statement with a time of its own ("I went
    yesterday. Today too."), a time that does not fit the statement (``fits``), and times that
    head what follows them ("Monday. Dentist." — "Saturday. Went hiking. Sunday. Slept in.":
    a statement after a bare time takes that one; ``headed``: the message before this one was
    a bare time of the same speaker)."""
    if len(spans) < 2 or answering:
        return text
    bare = [afterthought(text[a:b], t_conv) for a, b in spans]  # each sentence's time, if it is only one
    joins = []  # (end of the statement's words, start and end of the afterthought, its phrase)
    for n, ((pa, pb), (a, b)) in enumerate(zip(spans, spans[1:])):
        prev = text[pa:pb]
        if prev.rstrip().endswith("?") or (joins and joins[-1][1] == pa):
            continue  # after a question, or after another afterthought
        if (n == 0 and headed) or (n and bare[n - 1] is not None):
            continue  # the statement is headed by the time before it
        phrase = bare[n + 1]
        if phrase is None or not fits(prev, phrase, t_conv):
            continue
        if pa and resolve_spans(text[:pa], t_conv):
            continue  # the story already has its time ("my weekend: Saturday. Went hiking. Sunday.")
        if n + 2 < len(spans) and heads_a_list(text[spans[n + 2][0] : spans[n + 2][1]]):
            continue
        joins.append((pa + len(_END.sub("", prev)), a, b, phrase))
    for body_end, a, b, phrase in reversed(joins):
        # "went to the dentist" + " yesterday" + its own "!" — the afterthought sentence removed
        tail = text[body_end:a].rstrip()
        joined = run_together(text[:body_end], phrase)
        text = joined + tail + text[b:]
    return text
