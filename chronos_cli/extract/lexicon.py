"""Word lists for the rule extractor (plain data)."""

from __future__ import annotations

# irregular verbs: base -> (past, participle)
IRREGULAR = {
    "be": ("was", "been"), "become": ("became", "become"), "begin": ("began", "begun"),
    "bring": ("brought", "brought"), "build": ("built", "built"), "buy": ("bought", "bought"),
    "catch": ("caught", "caught"), "choose": ("chose", "chosen"), "come": ("came", "come"),
    "cut": ("cut", "cut"), "do": ("did", "done"), "draw": ("drew", "drawn"), "drink": ("drank", "drunk"),
    "drive": ("drove", "driven"), "eat": ("ate", "eaten"), "fall": ("fell", "fallen"),
    "feed": ("fed", "fed"), "feel": ("felt", "felt"), "fight": ("fought", "fought"), "find": ("found", "found"),
    "fly": ("flew", "flown"), "forget": ("forgot", "forgotten"), "get": ("got", "gotten"),
    "give": ("gave", "given"), "go": ("went", "gone"), "grow": ("grew", "grown"), "hang": ("hung", "hung"),
    "have": ("had", "had"), "hear": ("heard", "heard"), "hide": ("hid", "hidden"), "hit": ("hit", "hit"),
    "hold": ("held", "held"), "hurt": ("hurt", "hurt"), "keep": ("kept", "kept"), "know": ("knew", "known"),
    "lead": ("led", "led"), "learn": ("learnt", "learnt"), "leave": ("left", "left"), "lend": ("lent", "lent"),
    "let": ("let", "let"), "lose": ("lost", "lost"), "make": ("made", "made"), "meet": ("met", "met"),
    "pay": ("paid", "paid"), "put": ("put", "put"), "quit": ("quit", "quit"), "read": ("read", "read"),
    "ride": ("rode", "ridden"), "ring": ("rang", "rung"), "rise": ("rose", "risen"), "run": ("ran", "run"),
    "say": ("said", "said"), "see": ("saw", "seen"), "sell": ("sold", "sold"), "send": ("sent", "sent"),
    "set": ("set", "set"), "shoot": ("shot", "shot"), "show": ("showed", "shown"), "sing": ("sang", "sung"),
    "sit": ("sat", "sat"), "sleep": ("slept", "slept"), "speak": ("spoke", "spoken"), "spend": ("spent", "spent"),
    "stand": ("stood", "stood"), "steal": ("stole", "stolen"), "swim": ("swam", "swum"), "take": ("took", "taken"),
    "teach": ("taught", "taught"), "tell": ("told", "told"), "think": ("thought", "thought"),
    "throw": ("threw", "thrown"), "understand": ("understood", "understood"), "wake": ("woke", "woken"),
    "wear": ("wore", "worn"), "win": ("won", "won"), "write": ("wrote", "written"), "break": ("broke", "broken"),
    "blow": ("blew", "blown"), "bake": ("baked", "baked"), "dig": ("dug", "dug"), "shake": ("shook", "shaken"),
    "stick": ("stuck", "stuck"), "sweep": ("swept", "swept"), "upset": ("upset", "upset"), "bet": ("bet", "bet"),
    "light": ("lit", "lit"), "slide": ("slid", "slid"), "spin": ("spun", "spun"), "freeze": ("froze", "frozen"),
    "forgive": ("forgave", "forgiven"), "overcome": ("overcame", "overcome"), "undergo": ("underwent", "undergone"),
    "withdraw": ("withdrew", "withdrawn"), "bite": ("bit", "bitten"), "feed up": ("fed up", "fed up"),
}

# regular verbs common in personal narratives (base forms)
REGULAR = """
accept achieve act add adopt agree allow apply arrange arrive ask attend bake book borrow call
camp celebrate change cheer chill clean climb collect compete complete cook create cross dance
decide decorate deliver design develop die donate dream drop earn edit end enjoy enroll enter
explore face fail file finish fix follow graduate guide handle hate help hike host hunt
improve install interview invite jog join jump kick kiss land launch laugh learn like listen
live look love manage marry miss move name need offer open order organize organise own paint
pass perform pick plan plant play post practice practise prepare present produce promote
publish pull push raise reach receive record recover register relax release remember rent
repair research rest retire return review sail save schedule score search serve share shop
sign skate ski smile sort start stay stop study submit support surf talk test thank train travel
treat try turn use visit volunteer vote wait walk want watch wash welcome wish work worry
mentor coach rescue renovate redecorate audition rehearse sculpt knit sew hug wander reconnect
experiment fundraise campaign network expand tour visit settle sponsor babysit journal quilt
bike cycle kayak canoe paddle garden fish picnic protest march rally speak sing adopt foster
""".split()

# verbs that report opinions or mental states: not events on their own
MENTAL = {
    "think", "guess", "hope", "feel", "know", "love", "like", "wish", "believe", "mean", "bet",
    "agree", "appreciate", "understand", "wonder", "suppose", "imagine", "admire", "miss", "want",
    "need", "bet", "see", "hear", "remember", "reckon", "doubt", "care", "adore", "hate", "enjoy",
    "can", "say", "recommend", "suggest", "forget", "worry", "figure", "realize", "realise", "promise",
}

BE = {"am", "'m", "is", "'s", "are", "'re", "was", "were", "be", "been", "being"}
HAVE = {"have", "'ve", "has", "had", "'d"}
MODAL = {"will", "'ll", "would", "can", "could", "should", "might", "must", "shall", "may", "did", "do", "does"}
NEG = {"not", "'t", "never", "n't"}
NEG_STEMS = {"didn", "don", "doesn", "haven", "hasn", "hadn", "wasn", "weren", "isn", "aren", "couldn", "wouldn",
             "shouldn", "won", "can", "ain"}
ADVERBS = {
    "just", "also", "finally", "really", "recently", "actually", "already", "even", "still", "ever",
    "again", "then", "totally", "officially", "literally", "basically", "definitely", "probably",
    "only", "now", "first", "once", "all", "both", "kinda", "sorta", "sort", "kind", "of", "lately",
    "absolutely", "truly", "somehow", "eventually", "originally", "initially", "always", "often",
    "usually", "sometimes", "so", "too", "currently", "slowly", "quickly", "accidentally", "happily",
}
# control verbs: "started hitting the gym", "decided to move", "am thinking about going"
CONTROL = {
    "start", "started", "starting", "begin", "began", "begun", "beginning", "decide", "decided",
    "try", "tried", "trying", "plan", "planned", "planning", "hope", "hoped", "hoping", "want", "wanted",
    "wanting", "going", "gonna", "wanna", "gotta", "think", "thinking", "manage", "managed", "continue",
    "continued", "keep", "kept", "keeping", "stop", "stopped", "used", "got", "get", "getting", "finish",
    "finished", "need", "needed", "would", "like", "love", "about", "aim", "aiming", "intend", "intending",
    "considering", "consider", "considered", "learn", "learned", "learnt", "learning", "chose", "choose",
    "wish", "wished", "able", "supposed", "set", "ready", "excited", "eager",
}
CONTROL_LINKS = {"to", "about", "of", "on"}
PARTICLES = {"up", "out", "off", "back", "down", "over", "away", "around", "along", "together", "through"}
PREPOSITIONS = {"to", "for", "at", "in", "on", "into", "with", "from", "about", "by", "onto", "across", "towards", "toward", "of"}
STATE_PREPS = {"in", "at", "on", "back", "off", "away", "into", "out", "home", "there", "abroad", "overseas"}

CLAUSE_BREAK = {
    "and", "but", "so", "because", "cause", "'cause", "while", "when", "since", "after", "before",
    "which", "who", "although", "though", "until", "till", "if", "where", "whereas", "or",
    "cuz", "coz", "plus",
}
OBJECT_STOP = CLAUSE_BREAK | {
    "yesterday", "today", "tonight", "tomorrow", "ago", "lately", "recently", "earlier", "last", "next",
    "this", "these", "past", "now", "again", "too", "already", "soon",
}
# capitalised words that are not names of people
NOT_NAMES = {
    "I", "The", "A", "An", "This", "That", "These", "Those", "It", "Its", "It's", "There", "Here", "Yesterday",
    "Today", "Tonight", "Tomorrow", "Last", "Next", "Hey", "Hi", "Hello", "Wow", "Thanks", "Thank", "Oh", "Yes",
    "Yeah", "No", "Nope", "So", "And", "But", "Or", "Well", "Ok", "Okay", "Sure", "Great", "Awesome", "Cool",
    "Congrats", "Congratulations", "Aw", "Aww", "Haha", "Lol", "Omg", "Btw", "Anyway", "Also", "Plus", "Then",
    "Since", "After", "Before", "When", "While", "What", "Who", "Why", "How", "Where", "Which", "Do", "Did",
    "Does", "Have", "Has", "Had", "Is", "Are", "Was", "Were", "Will", "Would", "Can", "Could", "Should", "My",
    "Our", "Your", "Their", "His", "Her", "We", "You", "They", "He", "She", "Me", "Us", "Them", "Just", "Really",
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January", "February",
    "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    "Christmas", "Easter", "Thanksgiving", "Halloween", "God", "Guess", "Speaking", "Sounds", "Glad", "Good",
    "Nice", "Love", "Agreed", "Definitely", "Absolutely", "Totally", "Exactly", "Right", "True", "Sorry",
    "Please", "Let", "Let's", "Lots", "Recently", "Finally", "Actually", "Honestly", "Luckily", "Unfortunately",
    "Fortunately", "Besides", "Still", "Once", "Now", "Not", "Every", "Some", "All", "Both", "Each", "LGBTQ",
    "LGBTQ+", "Mom", "Dad", "Mum", "Wait", "Whoa", "Yay", "Woohoo", "Hooray", "Ah", "Ahh", "Hmm", "Um", "Uh",
}
GREETING_START = {"hey", "hi", "hello", "thanks", "thank", "wow", "congrats", "congratulations", "bye", "goodbye"}

# nominal forms for the "… visit" alias
NOMINAL = {
    "go": "visit", "visit": "visit", "attend": "attendance", "buy": "purchase", "sign": "sign-up",
    "join": "membership", "start": "start", "begin": "start", "run": "run", 
    "adopt": "adoption", "apply": "application", "move": "move", "travel": "trip", "fly": "flight",
    "meet": "meeting", "lose": "loss", "win": "win", "pass": "pass", "finish": "completion",
    "complete": "completion", "launch": "launch", "open": "opening", "host": "hosting", "paint": "painting",
    "draw": "drawing", "read": "reading", "make": "making", "create": "creation", "volunteer": "volunteering",
    "graduate": "graduation", "marry": "wedding", "hike": "hike", "camp": "camping trip", "perform": "performance",
    "interview": "interview", "receive": "receipt", "give": "gift", 
    "know": "acquaintance", "learn": "learning", "study": "study", "work": "work", "play": "play",
    "donate": "donation", "celebrate": "celebration", "organize": "organization", "write": "writing",
    "see": "viewing", "watch": "viewing", "book": "booking", "rent": "rental", "sell": "sale", "quit": "quitting",
}

DETERMINERS = {"a", "an", "the", "my", "our", "his", "her", "their", "your", "some", "this", "that", "these", "those"}
