"""What of a turn is the speaker's own prose, and where its sentences are.

Chat exports carry much that is not a statement about anyone's life: code blocks, pasted logs
and stack traces, URLs, photo captions, quoted replies, tables. None of it may yield an event,
and no date may be read from it (a version "1.26.18" is not a day), so it is removed before the
temporal engine and the clause parser see the turn.

    prose(text) -> str                 # the turn without code, logs, URLs, captions, quotes
    mask_versions(text) -> str         # "Python 3.12" → "Python x.xx": what the temporal engine reads
    normalize(text) -> str             # chat spelling → standard ("im" → "I'm", "dont" → "don't")
    sentences(text) -> [(start, end)]  # sentence boundaries that survive "Dr. Patel" and "3.5 miles"
    sentence_kind(sentence) -> str     # "question" | "formula" | "statement"
"""

from __future__ import annotations

import re

from chronos_cli.extract.lexicon import BE, HAVE, MODAL
from chronos_cli.extract.words import is_past

# -- code, logs, markup -------------------------------------------------------------------------

_FENCE = re.compile(r"(```|~~~).*?(?:\1|\Z)", re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_URL = re.compile(r"\b(?:[a-z][a-z0-9+.-]*://|www\.)\S+|\b[\w.+-]+@[\w-]+\.[\w.]+\b", re.I)
_CAPTION = re.compile(
    r"\[(?:image|photo|picture|pic|video|file|attachment|sticker|gif|audio|screenshot)\b[^\]]*\]", re.I
)
# a version or a package pin is not a date ("numpy==1.26.4", "v2.3", "version 1.26.18")
_VERSION = re.compile(
    r"(?:\b(?:v|ver|version|release|build|python|node|ios|android)\.?\s*|[=@~^]=?|\w-)\d+(?:\.\d+)+\b"
    r"|\b\d+\.\d+\.\d+\.\d+\b",
    re.I,
)
_CODE_LINE = re.compile(
    r"""^\s*(?:
        (?:import|from\s+\S+\s+import|def|class|function|const|let|var|public|private|protected|return|
           async|await|elif|else\s*:|try\s*:|except|catch|finally|\#include|package|using|namespace|
           SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP)\b.*[=({:;]
      | (?:Traceback|Exception\ in|Caused\ by:|During\ handling)\b
      | File\ ".*",\ line\ \d+
      | at\ [\w$.<>]+\s*\(.*\)
      | [\w.]*(?:Error|Exception|Warning):\s
      | \$\s+\S | >>>\s | \.\.\.\s | [#/]{2}\s | /\*
      | \[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}
      | (?:INFO|DEBUG|WARN|WARNING|ERROR|TRACE|FATAL|CRITICAL)\b[\s:\]]
      | [{\[]\s*["'\w]+["']?\s*:
      | [|].*[|]\s*$
      | [-=*_]{3,}\s*$
      | [\^~]+\s*$
    )""",
    re.X,
)
_CODE_TOKEN = re.compile(
    r"==|!=|=>|->|::|&&|\|\||\+\+|\+=|:=|</?\w+[^>]*>|\b[a-z]+[A-Z]\w*\b|\b\w+_\w+\b|\w\(\)|\w\.\w+\(|[{};]\s*$"
    r"|\s=\s|^\s*[\w.\[\]]+\s*=\s|(?<=\w)=(?=[^\s=])"
)
_WORD = re.compile(r"^[A-Za-z][a-z']*[,.!?:;]?$")
_QUOTE = re.compile(r"^\s*>")
_MD_MARK = re.compile(r"^\s*(?:#{1,6}\s+|[-*+•]\s+|\d+[.)]\s+)|\*\*|__")
# "Rewrite this: …", "Can you proofread the following?" — what follows is a text to work on
_EDIT_REQUEST = re.compile(
    r"\b(?:rewrite|re-write|proofread|translate|summari[sz]e|paraphrase|reword|edit|polish|shorten|improve|"
    r"fix the (?:grammar|spelling|wording)|make (?:this|it) (?:shorter|better|more \w+))\b[^\n:]{0,80}:\s*",
    re.I,
)


# a cheap first look: prose lines without any of these are never code
_SUSPECT = re.compile(
    r"[{}();=<>_|$#\[\]\\^~`]|[a-z][A-Z]|Error:|Exception|Warning:|Traceback|^\s*(?:File |at |\d{4}-\d\d-\d\d|"
    r"INFO|DEBUG|WARN|ERROR|TRACE|FATAL|CRITICAL|import |from |def |class |function |const |let |var |public |"
    r"private |return |SELECT |INSERT |UPDATE |DELETE |CREATE |ALTER |DROP |async |await |package |using |\.\.\. |"
    r"//|/\*|[-=*_~^]{3})|^(?:    |\t)"
)


def _codeish(line: str) -> bool:
    """A line that reads as code, a log, a stack trace or tool output rather than prose."""
    s = line.strip()
    if not s or not _SUSPECT.search(line):
        return False
    if line.startswith(("    ", "\t")) and not s[:1].isalpha():
        return True
    if _CODE_LINE.match(s):
        return True
    signals = len(_CODE_TOKEN.findall(s))
    if not signals:
        return False
    words = s.split()
    plain = sum(1 for w in words if _WORD.match(w))
    return signals >= 2 or plain / len(words) < 0.7


_VERSION_HINT = re.compile(r"\d\.\d")
_TRIPLE = re.compile(r"(?<![\d.])\d{1,3}\.\d{1,3}\.\d{1,2}(?!\d|\.\d)")
_DATE_LEAD = re.compile(r"(?i)\b(?:on|since|until|till|by|from|to|date|dated)\s*$")


def mask_versions(text: str) -> str:
    """``text`` with version numbers blanked out (same length, so offsets hold): what the
    temporal engine reads, so that "Python 3.12" or "v1.26.18" is never taken for a date."""
    if not _VERSION_HINT.search(text):
        return text
    text = _VERSION.sub(_blank, text)
    # "numpy 1.26.18": a dotted triple with a short last part reads as a version unless a
    # preposition introduces it as a date ("on 1.26.18")
    return _TRIPLE.sub(
        lambda m: m.group() if _DATE_LEAD.search(text[max(0, m.start() - 8) : m.start()]) else _blank(m), text
    )


def _blank(m: re.Match) -> str:
    return re.sub(r"[0-9.]", "x", m.group())


_SHOWN = re.compile(
    r"\[(?:image|photo|picture|pic)\s*:\s*(?:(?:an?\s+)?(?:photo(?:graph)?y?|picture|image|close\s?up)\s+of\s+)?([^\]]+)\]",
    re.I,
)
# where a caption's noun phrase ends: a preposition other than "of", a relative word, a participle
_SHOWN_END = {"with", "on", "in", "at", "near", "by", "under", "over", "next", "that", "which", "who", "from"}


def shown_thing(text: str) -> str | None:
    """What a turn's photo shows, from its caption: "[image: a photo of a bowl with a black and
    white design]" → "a bowl". The thing a bare "it" in that turn most likely points at."""
    m = _SHOWN.search(text)
    if not m:
        return None
    words = m.group(1).split()
    for i in range(1, len(words)):
        w = words[i].lower()
        participle = w.endswith("ing") and len(w) > 4 and words[i - 1].lower() not in ("a", "an", "the", "and", "of")
        if w in _SHOWN_END or participle:
            words = words[:i]
            break
    thing = " ".join(words).strip(" ,.")
    return thing if 0 < len(words) <= 5 else None


def prose(text: str) -> str:
    """The turn's own prose: code blocks, inline code, URLs, captions, quoted lines, code/log
    lines, markdown tables and rules removed; markdown bullets and headings unwrapped. Removed
    parts become line breaks, so no sentence runs across them."""
    text = text.replace("\r\n", "\n")
    if "```" in text or "~~~" in text:
        text = _FENCE.sub("\n", text)
    text = "\n".join("" if _QUOTE.match(line) or _codeish(line) else line for line in text.split("\n"))
    if "`" in text:
        text = _INLINE_CODE.sub(" ", text)
    if "://" in text or "www." in text or "@" in text:
        text = _URL.sub(" ", text)
    if "[" in text:
        text = _CAPTION.sub("\n", text)
    if ":" in text:
        m = _EDIT_REQUEST.search(text)
        if m and len(text) - m.end() > 80:  # a pasted draft to edit is not the speaker's narrative
            text = text[: m.start()] + "\n"
    if "*" in text or "_" in text or "\n" in text or text.lstrip()[:1] in ("#", "-", "+", "•") or text[:1].isdigit():
        text = "\n".join(_MD_MARK.sub(" ", line) for line in text.split("\n"))
    return text


# -- chat spelling ----------------------------------------------------------------------------------

_CHAT_FORMS = [
    (re.compile(r"\b[Ii]m\b"), "I'm"),
    (re.compile(r"\b[Ii]ve\b"), "I've"),
    # "Ill go" is "I'll go"; "I was ill" stays ill
    (
        re.compile(
            r"\b(?:Ill|ill)\b(?=\s+(?:be|go|have|do|get|make|take|try|see|send|call|let|need|start|just|never|"
            r"probably|definitely|always|come|bring|keep|tell|check|text|ask|pick|buy|meet|find|head|write|"
            r"drop|stop|swing|pop|grab|show|give|leave|wait|look|help|stay|cook|walk|drive|sleep|watch|read|"
            r"play|work|order|book|miss|put|sort|fix|figure|think|update|ping|facetime|ft)\b)"
        ),
        "I'll",
    ),
    (re.compile(r"(?<![\w'])i(?=\s|'|$)"), "I"),
    (re.compile(r"\b(do|does|did|is|was|were|are|has|have|had|could|would|should|ca|wo)nt\b", re.I), r"\1n't"),
    (re.compile(r"\bcant\b", re.I), "can't"),
    # contractions typed without their apostrophe that are no other word
    (re.compile(r"\b(that|there|here|what|who|where|how|she|he)s\b", re.I), r"\1's"),
    (re.compile(r"\b(you|they)re\b", re.I), r"\1're"),
    (re.compile(r"\b(you|they|it)d\b", re.I), r"\1'd"),  # "theyd", "youd", "itd" ("shed", "wed" are words)
    (re.compile(r"\b(you|they|it|that)ll\b", re.I), r"\1'll"),  # "itll", "theyll" ("well", "shell" are words)
    (re.compile(r"\b(we|you|they|there|could|would|should|might|must)ve\b", re.I), r"\1've"),
    # "were thinking of going": with no subject before it, "were" is "we're" typed without its apostrophe
    # … and after an opener that takes a clause of its own ("so were driving to columbus": "so"
    # elides no subject as "and" may: "they left and were going home")
    (re.compile(r"(^|(?<=[.!?\n] )|\b(?:so|ok|lol|also|btw|now) )[Ww]ere(?= (?:\w+ing|gonna)\b)"), r"\1we're"),
    (re.compile(r"\bu\b"), "you"),
    # "ur gonna love it", "ur so kind" are "you're"; "ur dog", "ur wedding" are "your"
    (re.compile(r"\bur\b(?= (?:gonna|going|so|such|too|not|welcome|the best)\b)"), "you're"),
    (re.compile(r"\bur\b"), "your"),
    (re.compile(r"[\u2018\u2019\u02bc]"), "'"),
    (re.compile(r"[\u201c\u201d]"), '"'),
]

# words chats shorten, read in full: "we r going", "me n my sis", "went 2 the store", "w/ my bro",
# "frm the gym", "bc I was bored" — lower case, and only where the short word fits
_SHORT_FORMS = [
    (re.compile(r"\b(we|you|they) r(?= (?:\w+ing|gonna|so|not|such|too|the best|right|welcome)\b)", re.I), r"\1 are"),
    (
        re.compile(
            r"(?<=[a-z] )(?<!\bthe )(?<!\ba )(?<!\ban )(?<!\bfor )(?<!\blet )(?<!\bwhere )(?<!\btop )"
            r"(?<!\bhave )(?<!\bof )n(?= [a-z])(?! (?:in|is|be|are|was|were|times)\b)"
        ),
        "and",
    ),
    (
        re.compile(
            r"\b(went|go|goes|going|gone|come|came|coming|back|moved|move|drove|flew|walked|head|headed|heading|"
            r"talk|talked|talking|sent|been|way) 2(?= (?:the|a|an|my|our|his|her|their)\b)"
        ),
        r"\1 to",
    ),
    (
        re.compile(
            r"\b(want|wanted|need|needed|wanna|hope|try|tried|able|love|like|have|has|had|going|used|got) 2(?= (?:see|be|get|go|do|make|meet|visit)\b)"
        ),
        r"\1 to",
    ),
    (re.compile(r"\bw/o(?![\w/])"), "without"),
    (re.compile(r"\bw/(?= [a-z])"), "with"),
    (
        re.compile(
            r"(?<!\bthe )(?<!\ba )\bw(?= (?:my|his|her|our|their|ur|your|some|him|them|friends|family|mom|dad)\b)"
        ),
        "with",
    ),
    (re.compile(r"\bfrm\b"), "from"),
    # "bc I was bored": a clause follows; not "400 BC", "my cuz", "cos(x)"
    (
        re.compile(
            r"(?<![\d] )(?<!\bmy )(?<!\bthe )\b(?:bc|cuz|coz)(?= (?:i|I|it|it's|its|we|he|she|they|you|the|my|there|that|im|I'm)\b)"
        ),
        "because",
    ),
    (re.compile(r"\b(?:rly|rlly)\b"), "really"),
    # "im def going back in may": after a subject or an auxiliary, before the word it qualifies
    (
        re.compile(
            r"\b(i|im|i'm|we|we're|were|you|u|they|he|she|it|it's|its|that's|thats|is|are|was|will|'ll|would|gonna|so|and|but)"
            r" def(?= [a-z])",
            re.I,
        ),
        r"\1 definitely",
    ),
    (re.compile(r"\babt\b"), "about"),
    (re.compile(r"\bthru\b", re.I), "through"),
    # "me and my sister went hiking" opening a sentence is "my sister and I": the speaker went too
    (
        re.compile(
            r"(?:^|(?<=[.!?,;] ))[Mm]e and ((?:my|our) \w+|[A-Z][a-z]+)(?= \w+ed\b| went\b| got\b| had\b| are\b| were\b)"
        ),
        r"\1 and I",
    ),
]
_SHORT_SUSPECT = re.compile(
    r"\b(?:w/o?|frm|bc|cuz|coz|rly|rlly|abt|thru|def)(?![\w/])|(?<=[a-z] )[n2r](?= [a-z])"
    r"|\bw (?=my|his|her|our|their|ur|your|some|him|them|friends|family|mom|dad)|\b[Mm]e and\b",
    re.I,
)


_CHAT_SUSPECT = re.compile(
    r"(?<![\w'])(?:[Ii]m|[Ii]ve|[Ii]ll|[Ii]d|i|u|ur|cant|[Ii]ts|thats|theres|heres|whats|hows|shes|hes|youre|theyre|youd|theyd|itd|itll|youll|theyll|thatll|weve|youve|theyve|thereve|couldve|wouldve|shouldve|mightve|mustve)(?![\w'])"
    r"|(?<![\w'])i'|\b[Ww]ere\b|(?:[os]|ca|wo|ha|ve|ere|as|is|ad|re|d)nt\b|\blets\b"
    r"|[\u2018\u2019\u02bc\u201c\u201d]",
    re.I,
)


# Words that are other words too ("its" the possessive, "lets" the verb) are read as contractions
# only in a message typed with no apostrophe at all, and only where a clause starts (the message
# or a sentence opens, or after a comma or a conjunction) or where no possessive or verb fits.
_CLAUSE_START = r"(?:^|(?<=[.!?,;:\n] )|(?<=\band )|(?<=\bbut )|(?<=\bso )|(?<=\bcause )|(?<=\blol )|(?<=\bhaha )|(?<=\byeah )|(?<=\byes )|(?<=\boh )|(?<=\bwow )|(?<=\bok )|(?<=\bwell ))"
_NO_APOSTROPHE_FORMS = [
    # "id love to" is "I'd love to" where a clause starts; "my student id still works" stays an id
    (re.compile(_CLAUSE_START + r"(?:Id|id)(?= (?:love|like|rather|prefer|want|recommend|suggest)\b)"), "I'd"),
    # "lets go", "lets make some memories"; "she lets me drive" stays
    (
        re.compile(
            _CLAUSE_START
            + r"([Ll])ets(?= (?:go|do|make|get|try|see|hang|grab|meet|plan|keep|just|not|all|have|catch|talk)\b)"
        ),
        r"\1et's",
    ),
    # "its so sad", "its been a while", "its a long story", "its due tmrw", "its somewhere under
    # the pile": before a degree word, a negation, "been", an article, a place or a predicate no
    # possessive fits
    (
        re.compile(
            r"\b([Ii])ts(?= (?:so|such|really|pretty|super|kinda|just|not|been|gonna|going|getting|always|never|too|"
            r"a|an|the|due|over|done|on|here|finally|still|also|only|probably|definitely|actually|literally|"
            r"somewhere|there|in|at|under|behind|back|gone|almost|nearly|already)\b)"
        ),
        r"\1t's",
    ),
    # "its friday at 1", "its javis graduation saturday": opening a message or a sentence before a
    # day, a time word, a determiner or a name's possessive, "its" is "it's" ("its screen
    # cracked" stays the possessive)
    (
        re.compile(
            r"(?:^|(?<=[.!?] )|(?<=\n))([Ii])ts(?= (?:mon|tues?|wed|thu|thurs|fri|sat|sun)\w*\b| (?:today|tomorrow|tmrw"
            r"|tonight|next|this|on|at|my|his|her|our|their|your|ur)\b| [a-z]+s [a-z])"
        ),
        r"\1t's",
    ),
    # "… its great", "its inspired by": where a clause starts, an adjective or participle too
    (
        re.compile(
            _CLAUSE_START
            + r"([Ii])ts(?= (?:all|like|about|hard|great|good|nice|fine|ok|okay|awesome|amazing|cool|fun|sad|"
            r"true|time|\w+ing|\w+ed|\w+(?:able|ible|ful|ous|ive))\b)"
        ),
        r"\1t's",
    ),
    # "… along the way its inspiring to see", "its amazing how": mid-sentence, an adjective
    # followed by what only a predicate takes (a possessive needs its noun: "its meeting to …")
    (
        re.compile(
            r"\b([Ii])ts(?= (?:inspiring|amazing|exciting|interesting|frustrating|annoying|surprising|rewarding|"
            r"refreshing|relaxing|encouraging|humbling|overwhelming|heartwarming|nice|hard|great|good|fun|cool|sad|"
            r"crazy|weird|awesome|funny|important|impossible|easy|tough|scary|wild|wonderful|fulfilling|satisfying|"
            r"thrilling|motivating|comforting|touching) "
            r"(?:to|that|how|when|seeing|watching|knowing)\b)"
        ),
        r"\1t's",
    ),
    # "its inspired by the sunsets", "its based on": a participle and its preposition
    (
        re.compile(
            r"\b([Ii])ts(?= (?:inspired|based|made|called|meant|supposed|located|designed|built|painted|written) "
            r"(?:by|on|of|in|to|for|with|from|after)\b)"
        ),
        r"\1t's",
    ),
    # "its creating a bit of a stir", "its gotten me some good stuff": a verb with its object
    (
        re.compile(
            r"\b([Ii])ts(?= (?:gotten|given|made|taken|creating|making|giving|bringing|helping|getting|keeping|"
            r"costing|taking|driving|killing|teaching|showing|reminding) (?:a|an|the|my|me|us|them|some|so)\b)"
        ),
        r"\1t's",
    ),
    # "its unbelievable!": an adjective that ends what is said
    (re.compile(r"\b([Ii])ts(?= \w+(?:able|ible|ful|ous|ive)\b\s*(?:[.!?,]|$|and\b|but\b|so\b))"), r"\1t's"),
]


_CAPS_WORD = re.compile(r"\b[A-Z]{2,}\b")


# a thing arranged, told as a reduced passive with no one who did it ("train tickets booked for
# the 19th btw", "dentist booked for thurs!"): read as the speaker's "booked train tickets for the
# 19th", a subjectless past the speaker did (the occasion keeps its own date)
_ARRANGED = re.compile(
    r"(^|(?<=[.!?\n] )|\b(?:so|and|also|btw|ok|okay|oh) )"
    r"(?!(?:so|and|also|btw|ok|okay|oh)\b)((?:(?:the|my|our|a|an)\s+)?(?:[a-z]+\s+){0,2}[a-z]+)\s+(booked|reserved|scheduled)(?=\s+(?:for|on)\b|\s*[!.]|\s*$)",
    re.I,
)
_NOT_ARRANGED = {
    "i",
    "we",
    "you",
    "u",
    "he",
    "she",
    "they",
    "it",
    "that",
    "this",
    "everything",
    "all",
    "just",
    "got",
    "get",
}


def _not_a_thing(words: list[str], stop: set[str]) -> bool:
    """Some word of the would-be noun phrase before a participle is a pronoun, a verb or a word of
    ``stop``: no thing is named ("i booked", "it got done", "was sorted")."""
    return any(w in stop or w in BE or w in HAVE or w in MODAL or is_past(w) for w in words)


def _arranged(m: re.Match) -> str:
    words = m.group(2).lower().split()
    if _not_a_thing(words, _NOT_ARRANGED):
        return m.group(0)
    return f"{m.group(1)}{m.group(3)} {m.group(2)}"


# a thing done, told as a reduced passive with no one who did it and nothing after ("filling
# done", "car fixed finally!", "essay submitted"): read as "the filling got done", what befell
# the speaker's thing, since the last talk (a participle with more after it stays: "car fixed
# by friday hopefully" is no completion told)
_COMPLETED_WORDS = ("done", "fixed", "sorted", "finished", "submitted", "delivered", "installed", "fitted")
_COMPLETED_WORDS += ("repaired", "replaced", "posted", "signed")
_COMPLETED = re.compile(
    r"(^|(?<=[.!?\n] )|\b(?:so|and|also|btw|ok|okay|oh|update:) )"
    r"(?!(?:so|and|also|btw|ok|okay|oh)\b)((?:(?:the|my|our|his|her|their|your)\s+)?(?:[a-z]+\s+){0,2}[a-z]+)"
    r"\s+(" + "|".join(_COMPLETED_WORDS) + ")"
    r"(?=\s*(?:finally|at last|today|now|lol|haha|btw|yay)?\s*(?:[!.]|\s*$))",
    re.I,
)
_QUESTION_WORDS = {"what", "who", "why", "how", "when", "where", "which", "is", "are", "was", "were"}
# fillers and adverbs before a bare "done" say how, not what ("yep done", "never done")
_NOT_COMPLETED = _NOT_ARRANGED | _QUESTION_WORDS | {
    "well", "half", "almost", "nearly", "not", "medium", "rare", "job", "be", "yep", "yes", "yeah", "lol", "haha",
    "nicely", "already", "never", "finally", "totally", "mostly", "barely", "if", "once", "update",
}  # fmt: skip


def _completed(m: re.Match) -> str:
    words = m.group(2).lower().split()
    if _not_a_thing(words, _NOT_COMPLETED):
        return m.group(0)
    np = m.group(2) if words[0] in ("the", "my", "our", "his", "her", "their", "your") else f"the {m.group(2)}"
    return f"{m.group(1)}{np} got {m.group(3)}"


# "ok update we did the bedroom": a message headed with "update" as its headline, typed without
# the colon that parts it from the news ("update: we did …"); "update my phone" is a verb
_HEADLINE = re.compile(
    r"(?i)^(\W*(?:(?:ok|okay|so|right|and|small|quick|little|big|another|an|a)\s+){0,2}update)"
    r"(?=\s+(?:i|we|he|she|they)\b|\s+\w+\s+(?:done|fixed|sorted|finished)\b)"
)


def normalize(text: str) -> str:
    """Chat spelling read the standard way, so "im going" and "I'm going" parse alike; a message
    typed in capitals is shouted, not a row of names ("WE GOT THE APARTMENT")."""
    if len(_CAPS_WORD.findall(text)) >= 2 and not any(ch.islower() for ch in text):  # cheap test first
        text = text.lower()
    if _CHAT_SUSPECT.search(text):
        typed = "'" not in text and "\u2019" not in text
        for pat, rep in _CHAT_FORMS:
            text = pat.sub(rep, text)
        if typed:
            for pat, rep in _NO_APOSTROPHE_FORMS:
                text = pat.sub(rep, text)
    if _SHORT_SUSPECT.search(text):
        for pat, rep in _SHORT_FORMS:
            text = pat.sub(rep, text)
    if "booked" in text or "reserved" in text or "scheduled" in text:
        text = _ARRANGED.sub(_arranged, text)
    if "pdate" in text:  # the headline first: "update kitchen done" is news of the kitchen
        text = _HEADLINE.sub(r"\1:", text)
    low = text.lower()
    if any(w in low for w in _COMPLETED_WORDS):  # cheap test first: normalize reads every message
        text = _COMPLETED.sub(_completed, text)
    return text


# -- sentences --------------------------------------------------------------------------------------

_ABBREV = {
    "dr", "mr", "mrs", "ms", "prof", "st", "mt", "vs", "etc", "e.g", "i.e", "a.m", "p.m", "no", "jr", "sr",
    "approx", "dept", "fig", "inc", "ltd", "co", "ave", "rd", "jan", "feb", "mar", "apr", "jun", "jul", "aug",
    "sep", "sept", "oct", "nov", "dec", "mon", "tue", "wed", "thu", "fri", "sat", "sun",
}  # fmt: skip
# end of a sentence: ! ? . (not inside a number, not after an abbreviation), a line break, an emoji
_END = re.compile(r"[.!?]+[\"')\]]*(?=\s|$)|\n+|[\U0001F300-\U0001FAFF\u2600-\u27BF]+")


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) character ranges of the sentences of ``text`` (stripped, none empty)."""
    out: list[tuple[int, int]] = []
    start = 0
    for m in _END.finditer(text):
        if m.group().startswith("."):
            word = re.search(r"([A-Za-z.]+)$", text[start : m.start()])
            if word and word.group(1).lower().rstrip(".") in _ABBREV:
                continue
        _push(text, start, m.end(), out)
        start = m.end()
    _push(text, start, len(text), out)
    return out


def _push(text: str, a: int, b: int, out: list[tuple[int, int]]) -> None:
    seg = text[a:b]
    if not seg.strip():
        return
    a += len(seg) - len(seg.lstrip())
    b -= len(seg) - len(seg.rstrip())
    for x, y in _run_on(text, a, b):
        if any(c.isalnum() for c in text[x:y]):
            out.append((x, y))


# Chat messages often run sentences together without a full stop ("got a new job yesterday It's
# so exciting", "signed up for pottery have you tried it?"). Two marks of English still show
# where a new sentence begins:
#   - a function word that only starts a sentence when capitalised ("It", "The", "We", "Have"),
#     after a lower-case word, and not opening a title ("watched The Office": a capital follows);
#   - a question's opening (a wh-word with its auxiliary, or an auxiliary before "you") after a
#     statement, in a sentence that ends with "?": the statement before it is no question.
_OPENER = re.compile(
    r"(?<=[a-z0-9] )(?:It's|That|That's|This|The|We|We're|We've|My|Our|He|She|They|They're|There|"
    r"There's|So|But|And|Then|Also|Really|Just|Oh|Thanks|Have|Has|Do|Did|Does|Are|Is|Was|Were|Can|Could|"
    r"Would|What|How|When|Where|Why|Who|Anyway|Btw|Haha|Lol|Wow|Yeah|Let's|Can't|"
    r"Didn't|Don't|Been|Had|Got|Went|Lost|Made|Took|Saw|Came|Found|Felt|Met|Left|Bought|Ran|Spent|Tried|"
    r"Started|Finished|Visited|Signed|Joined|Booked|Moved|Played|Watched|Picked|Cooked|Baked|Painted|"
    # "It" only before its verb ("… for adoption It was inspiring"; "I read It yesterday" is a title)
    r"It(?= (?:was|is|has|had|made|makes|felt|feels|looks|looked|seems|seemed|sounds|sounded|took|means|meant|"
    r"reminds|reminded|brings|brought|gave|gives|got|gets)\b))"
    r"(?=[ ,!?'](?![A-Z][a-z]))"
)
_MID_QUESTION = re.compile(
    r"(?<=[a-z0-9,] )(?:(?:what|how|when|where|why|who|which)\s+(?:do|does|did|is|are|was|were|have|has|can|"
    r"could|would|will|about)\b|(?:do|does|did|are|is|was|were|have|has|can|could|would|will|wanna)(?:n't)?\s+"
    r"(?:you|u|ya)\b|(?:how|what)\s+about\b|(?:what|how|where|who)'?s\s+(?:your|the|it|that|up|new)\b|"
    r"tell me\b|(?:hbu|wbu)\b)",
    re.I,
)


def _run_on(text: str, a: int, b: int) -> list[tuple[int, int]]:
    cuts = [m.start() for m in _OPENER.finditer(text, a, b)]
    if text[a:b].rstrip("\"')] ").endswith("?"):
        q = next((m.start() for m in _MID_QUESTION.finditer(text, a, b) if len(text[a : m.start()].split()) >= 3), None)
        if q is not None and not any(c >= q for c in cuts):
            cuts.append(q)
    out, start = [], a
    for c in sorted(cuts):
        seg = text[start:c].rstrip(" ,")
        if seg.strip():
            out.append((start, start + len(seg)))
        start = c
    out.append((start, b))
    return out


# -- what a sentence does ---------------------------------------------------------------------------

_INTERJECTION = re.compile(
    r"^(?:(?:hey|hi|hello|yo|oi|oh|ooh|ah|aw+|wow|whoa|yeah|yes|yep|yup|no|nope|ok|okay|kk?|alright|all right|sure|well|so+|haha+|"
    r"wait|hold on|quick question|real quick|"
    r"hah|lol|lmao|omg|hmm+|um+|uh+|ugh|yay|woo+hoo|damn|dang|gosh|man|dude|great|awesome|cool|nice|"
    r"congrats|congratulations|thanks|thank you|ty|np|right|true|totally|definitely|absolutely|exactly|indeed|"
    r"honestly|anyway|btw|also|and|but|fingers crossed|knock on wood)\b[\s,!.\-—–:;]*)+",
    re.I,
)
# a question without its "?" ("how was your weekend", "did you go")
_QUESTION_START = re.compile(
    r"^(?:(?:what|when|where|who|whom|whose|why|how|which)\b|(?:got|ever|any)\s+(?:any|a|an|you)\b|(?:do|does|did|are|is|was|were|have|has|can|could|"
    r"would|will|should|shall|may|might|am)(?:n't)?\s+(?:you|u|ya|we|they|he|she|it|there|I|anyone|everyone)\b)",
    re.I,
)
# "got a flat on the way in this morning": with a time gone by, "got a …" tells what the
# speaker got ("got a minute?" asks)
_GOT_THEN = re.compile(r"(?i)^got\s+an?\b(?=.*\b(?:yesterday|last|ago|earlier|this morning|this afternoon)\b)")
# social formulas and wishes addressed to the listener: never the speaker's event
_FORMULA = re.compile(
    r"^(?:see (?:you|ya|u)|"
    # a request to the listener: "text me tmrw how she is", "call me after", "send us the pics"
    r"(?:text|call|ring|message|msg|ping|phone|facetime|ft|email|dm|tell|send|show|remind|update|wake|give) (?:me|us)\b|talk (?:to you |soon|later)|ttyl|catch (?:you|ya) |speak soon|bye|goodbye|good night|"
    r"good morning|take care|have (?:a|an|fun|a good|a great)\b|enjoy\b|good luck|best of luck|happy \w+|"
    r"merry |cheers|thanks?\b|thank you|congrat|glad\b|so glad|sounds? |looks? |that (?:sounds|looks|is|was)|"
    r"that's|it's (?:so |really )?(?:great|awesome|amazing|good|nice|cool|lovely|beautiful|wonderful)|"
    r"hope (?:you|u|your|everything|all|it)|i hope (?:you|u|your|everything|all)|let me know|lmk|let's|let us|"
    r"feel free|don't forget|make sure|remember to|keep (?:it|me|up)|keep going|way to go|well done|good job|"
    r"can't wait to (?:see|hear)|looking forward to (?:seeing|hearing)|nice (?:to|chatting|talking)|"
    r"same here|me too|you too|you should|you could|you can|you might|you must|you have to|you need to|"
    r"why don't you|why not|maybe you|if you|please\b|pls\b)",
    re.I,
)


_THANKS_FOR = re.compile(r"(?i)^\W*(?:thanks|thank you|thx|ty)\s+(?:so much\s+|again\s+)?for\b")


def strip_interjections(sentence: str) -> str:
    return _INTERJECTION.sub("", sentence.strip(), count=1).strip()


def sentence_kind(sentence: str) -> str:
    """ "question", "formula" (greeting, thanks, wish or advice to the listener) or "statement"."""
    s = sentence.strip().rstrip("\"')]").strip()
    if s.endswith("?"):
        return "question"
    if _THANKS_FOR.match(s):
        return "formula"  # "thanks for covering my call this afternoon": what the listener did, thanked
    body = strip_interjections(s)
    if not body:
        return "formula"
    if _QUESTION_START.match(body) and not _GOT_THEN.match(body):
        return "question"
    if _FORMULA.match(body):
        return "formula"
    return "statement"
