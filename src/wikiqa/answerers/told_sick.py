"""Being ill, struggling, or let down by childcare told in everyday words, read as handbooks say it.

Every handbook rules on the same few health and family situations in its own words:
"If you are too ill to work, phone your line manager ...", "Staff with diarrhoea or vomiting
must stay away from work until ...", "Drivers who have been off for more than 28 days must
also see Occupational Health ...", "Our Employee Assistance Programme ... counselling",
"If someone who depends on you is ill ... or their care breaks down, you can take time off".
The asker tells the situation: "Can I just text my boss that I'm sick?", "I was up all night
with a tummy bug", "I've been off six weeks with my back", "I'm really struggling", "I've
been feeling low", "my childminder let me down this morning". Neither the search nor the
answerer's features join "tummy bug" to "diarrhoea or vomiting", "feeling low" to
"counselling" or "childminder let me down" to a dependant's care breaking down, so the
ruling document was not read or its line scored under the floor (hb2-ff-05, col-yn-02,
hb8-fact-16, ...).

`plain_sick` gives the question with such a telling said as the documents say it, the told
words kept beside it, and nothing else changed, as `told_money.plain_money` does for money:

- a stomach bug ("a tummy bug", "a sickness bug", "norovirus", "D&V") -> "... (diarrhoea
  or vomiting)";
- the asker being off ill with a body part or for a time ("off six weeks with my back",
  "been off sick for a month") -> "... (sickness absence)";
- telling work one is ill ("text my boss that I'm sick", "ring in sick", "call in sick",
  "If I'm ill, ... ring in") -> "... (report sickness absence)", the asker's "boss" the
  documents' "manager";
- the asker's low mood ("I'm really struggling", "feeling low", "stressed", "stress",
  "someone to talk to") -> "... (employee assistance programme, counselling)", and
  "therapy" the documents' "counselling";
- childcare let down ("my childminder let me down", "the nursery closed", "the school
  sent my son home", "my babysitter cancelled") -> "... (a dependant's care broke down,
  time off for dependants)".

Where the asker's ask itself is everyday wording for what the situation's rule gives, the
ask is said in the rule's words in its place, for the words added beside the telling did not
lift the answering line over the floor (hb10-fact-41, hb5-ff-04, hb8-fact-16, hb9-fact-07):
"anyone I can talk to" -> "an employee assistance programme I can phone", "a number I can
ring to talk to someone" -> "an employee assistance programme number I can call", "even in
the middle of the night" -> "24 hours a day" (and a cited line must then say such hours),
"is that paid" after childcare let down -> "is that time off for a dependant's emergency
paid", and "text my boss that I'm sick" -> "text my manager that I'm too ill to work". A
number or someone asked for something else ("to book a GP", "about a pay advance") is not
the programme's line and keeps the telling's words only (`_for_mood`).

The reading is asked only as a second asking, when the question as asked is refused (as
`told_dismissal` is), and only when the question asks what the situation's rule gives
(`_ASKS`: coming back, what to do before returning, support, whether the time off is paid):
"I've been struggling. Does the programme pay for a private psychiatrist?" tells a low mood
but asks what no assistance-programme line says, and the words added for the mood would
carry that line over the floor. `sick_said` bounds what the reading answers: one of the
answer's lines must say the situation (`_says`: a bug by "diarrhoea", "vomiting",
"symptoms"; a long absence by its length, "off for more than 28 days"; reporting by how it
is told, "phone", "ring", "text", and neither by a dependant's line; a low mood by the
programme, counselling, a helpline, someone to talk to; childcare by dependants, an
emergency, care breaking down). Otherwise the refusal stands: the reading adds answers and
takes none the question as asked gets.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import asks_beyond, said_beside, said_or_refused, says_any
from wikiqa.types import Draft

_BUG = re.compile(
    r"\b(?:(?:a|the|this|that|my)\s+)?(?:tummy|stomach|sickness|vomiting|winter\s+vomiting)"
    r"\s+(?:bug|virus)\b|\bnoro(?:virus)?\b|\bD\s?&\s?V\b|\bgastro(?:enteritis)?\b",
    re.I,
)
_TIME = r"(?:a\s+(?:week|fortnight|month)|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|several)\s+(?:days|weeks|months))"
_BODY = (
    r"back|knee|shoulder|neck|hip|ankle|wrist|foot|leg|arm|hand|chest|heart|nerves|"
    r"stress|depression|anxiety|flu|covid|surgery|an?\s+operation|an?\s+injury|a\s+bad\s+\w+"
)
# the asker off ill: "I've been off six weeks with my back", "off sick for a month"
_OFF = re.compile(
    rf"\b(?:I|I['’]ve|I\s+have|I\s+was|I['’]m)\s+(?:been\s+)?off\s+(?:sick\s+)?(?:for\s+)?"
    rf"(?:{_TIME}\b(?:\s+(?:with|after)\s+(?:my\s+)?(?:{_BODY})\b)?"
    rf"|(?:with|after)\s+(?:my\s+)?(?:{_BODY})\b)"
    rf"|\boff\s+sick\s+(?:for\s+)?{_TIME}",
    re.I,
)
_ILL = r"(?:sick|ill|poorly|unwell|not\s+well|too\s+ill\s+to\s+work)"
_BOSS = r"(?:boss|manager|supervisor|line\s+manager|team\s+leader|gaffer|foreman|head\s+of\s+\w+)"
# telling work one is ill: "text my boss that I'm sick", "ring in sick", "call in sick"
_REPORT = re.compile(
    rf"\b(?:text|message|whatsapp|email|e-mail|ring|phone|call)\s+(?:my|the)\s+{_BOSS}\s+"
    rf"(?:to\s+say\s+|that\s+|and\s+say\s+)?(?:I['’]m|I\s+am|I['’]ll\s+be|I\s+will\s+be)\s+"
    rf"(?:off\s+)?{_ILL}\b"
    rf"|\b(?:ring|rang|call|called|phone|phoned)(?:ing)?\s+in\s+(?:sick|ill)\b",
    re.I,
)
# "If I'm ill, ... ring in": the ringing in is the reporting
_IF_ILL = re.compile(
    rf"\b(?:if|when)\s+(?:I['’]m|I\s+am|I\s+get|I\s+fall|I\s+feel)\s+{_ILL}\b", re.I
)
# round 57 (grocer57): the illness told by how the asker feels or what they woke up with
# ("Woke up with a temperature and feel awful", "I've come down with flu", "feeling rough"):
# every trade's staff tell it so, and ringing in after it is reporting sickness (hb14-fact-08)
_AILMENT = (
    r"(?:a\s+|the\s+)?(?:high\s+|bad\s+|nasty\s+|stinking\s+)?(?:temperature|fever|flu|"
    r"cold|covid|migraine|chest\s+infection|sore\s+throat|throat\s+infection)\b"
)
_SYMPTOMS = re.compile(
    rf"\b(?:woke\s+up|waking\s+up|I\s+woke|come\s+down|came\s+down)\s+with\s+{_AILMENT}"
    rf"|\b(?:I['’]ve\s+got|I\s+have\s+got|I\s+have|I\s+got|I['’]ve\s+caught|I\s+caught)\s+"
    rf"{_AILMENT}"
    r"|\b(?:I\s+|I['’]m\s+)?(?:feel|feeling)\s+(?:really\s+|so\s+|absolutely\s+)?"
    r"(?:awful|terrible|dreadful|rough|rotten|horrendous|like\s+death)\b",
    re.I,
)
_RING_IN = re.compile(r"\b(?:ring|call|phone)\s+in\b|\blet\s+(?:them|work|someone)\s+know\b", re.I)
# the asker's low mood
_LOW = re.compile(
    r"\b(?:I['’]m|I\s+am|I['’]ve\s+been|I\s+have\s+been|I\s+feel|I['’]m\s+feeling)\s+"
    r"(?:really\s+|very\s+|so\s+|quite\s+|a\s+bit\s+|pretty\s+)?"
    r"(?:feeling\s+(?:really\s+|very\s+|so\s+|quite\s+|a\s+bit\s+|pretty\s+)?)?"
    r"(?:struggling|low|down|depressed|anxious|overwhelmed|stressed(?:\s+out)?|burn(?:ed|t)\s+out)\b"
    r"|\b(?:about|with|for)\s+(?:my\s+)?(?:stress|anxiety|depression|mental\s+health)\b",
    re.I,
)
_TALK = re.compile(r"\b(?:someone|anyone|somebody|anybody)\s+(?:I\s+can\s+|to\s+)talk\s+to\b", re.I)
_THERAPY = re.compile(r"\btherap(?:y|ies|ist)\b", re.I)
_CARERS = r"childminder|nursery|creche|crèche|babysitter|nanny|child\s*care|school|carer|care\s+home|after[- ]school\s+club"
# childcare let down: "my childminder let me down", "the nursery closed", "my nanny cancelled"
_LET_DOWN = re.compile(
    rf"\b(?:my|the|our|his|her|their)\s+(?:(?:kid|kids|son|daughter|child|children|mum|dad)['’]s?\s+)?(?:{_CARERS})\s+"
    rf"(?:has\s+|had\s+|just\s+)*(?:let\s+(?:me|us)\s+down|cancell?ed|closed|shut|"
    rf"(?:is|was|were)\s+(?:closed|shut|off\s+sick|ill)|rang\s+in\s+sick|fell\s+through|"
    rf"sent\s+(?:him|her|them|my\s+\w+)\s+home|called\s+(?:me|us)\s+to\s+(?:collect|pick))",
    re.I,
)

# the ask said in everyday words where the situation's rule has its own: someone to talk
# to is the programme's phone line, "is that paid" the dependants' emergency time off, "in
# the middle of the night" the line's "24 hours a day", "I'm sick" one too ill to work
_TALK_ASK = re.compile(
    r"\b(?:anyone|someone|somebody|anybody)\s+(?:(?:that\s+)?I\s+(?:can|could)\s+|to\s+)talk\s+to\b"
    r"|\btalk\s+to\s+(?:someone|anyone|somebody|anybody)\b",
    re.I,
)
_NIGHT = re.compile(
    r"\b(?:even\s+)?(?:in\s+the\s+middle\s+of\s+the\s+night|at\s+night|overnight|"
    r"day\s+or\s+night|at\s+any\s+time\s+of\s+(?:the\s+)?(?:day|night)|"
    r"at\s+(?:[1-5]|one|two|three|four|five)\s*(?:am|a\.m\.|in\s+the\s+morning))\b",
    re.I,
)
# "a number I can ring to talk to someone": the programme's number
_NUMBER_ASK = re.compile(
    r"\ba\s+(?:phone\s+|helpline\s+)?number\s+(?:(?:that\s+)?I\s+(?:can|could)\s+|to\s+)"
    r"(?:ring|call|phone)(?:\s+to\s+talk\s+to\s+(?:someone|anyone|somebody|anybody))?",
    re.I,
)
_PAID_ASK = re.compile(
    r"\bis\s+(?:that|it|this|the\s+day)\s+paid\b|\b(?:do|will|would)\s+I\s+(?:still\s+)?(?:get|be)\s+paid\b",
    re.I,
)
_SICK_NOW = re.compile(r"\b(?:I['’]m|I\s+am)\s+(?:off\s+)?(?:sick|ill|poorly|unwell)\b", re.I)
_PROGRAMME_ASK = "an employee assistance programme I can phone"
_AT_NIGHT = "24 hours a day"
_DEPENDANTS_PAID = "is that time off for a dependant's emergency paid"
_TOO_ILL = "I'm too ill to work"

_DV = "diarrhoea or vomiting"
_ABSENCE = "sickness absence"
_REPORTED = "report sickness absence"
_EAP = "employee assistance programme, counselling"
_DEPENDANTS = "a dependant's care broke down, time off for dependants"


def _low(text: str) -> re.Match[str] | None:
    """The asker's low mood told in `text`, not the cause of an absence already told ("off
    six weeks with stress" is a sickness absence, answered by the absence policy)."""
    off = [m.span() for m in _OFF.finditer(text)]
    for pattern in (_LOW, _TALK):
        for m in pattern.finditer(text):
            if not any(a <= m.start() < b for a, b in off):
                return m
    return None


def _cased(said: str, told: str) -> str:
    """`said` capitalised as the words `told` it replaces ("Is that paid?")."""
    return said[:1].upper() + said[1:] if told[:1].isupper() else said


def _for_mood(ask: re.Match[str] | None, text: str) -> re.Match[str] | None:
    """`ask` (a number to ring, someone to talk to), unless what follows it in `text` asks
    it for a purpose ("to book a GP") or about another thing than the mood ("about a pay
    advance"; "about stress" is the mood)."""
    if ask is None:
        return None
    rest = text[ask.end() :]
    about = re.search(r"\babout\b", rest, re.I)
    if asks_beyond(rest) or (about is not None and not _LOW.match(rest, about.start())):
        return None
    return ask


def plain_sick(question: str) -> str:
    """`question` with a health or family situation told in everyday words said as the
    documents say it, the telling kept ("I was up all night with a tummy bug" -> "... with a
    tummy bug (diarrhoea or vomiting)"); the question itself when it tells none, or asks
    what the situation's rule does not give (`_ASKS`)."""
    told = sick_told(question)
    text = question
    if "bug" in told:
        text = _BUG.sub(said_beside(_DV), text)
    if "absence" in told:
        text = _OFF.sub(said_beside(_ABSENCE), text)
    if "report" in told and _REPORT.search(text) and _SICK_NOW.search(text):
        # "text my boss that I'm sick": the documents' "too ill to work", told to a manager
        text = _SICK_NOW.sub(_TOO_ILL, text, count=1)
        text = re.sub(r"\bboss\b", "manager", text, flags=re.I)
    elif "report" in told and _REPORT.search(text):
        text = _REPORT.sub(said_beside(_REPORTED), text)
        text = re.sub(r"\bboss\b", "manager", text, flags=re.I)
    elif "report" in told:
        text = _RING_IN.sub(said_beside(_REPORTED), text, count=1)
    low = _low(text)
    # a number or someone asked for something else ("... to book a GP", "... about a pay
    # advance") is not the programme's line: only the mood itself may follow the ask
    number, talk = (_for_mood(p.search(text), text) for p in (_NUMBER_ASK, _TALK_ASK))
    if "low" in told and number is not None and not _THERAPY.search(text):
        # a number to ring, asked as the programme's line gives one
        text = _NUMBER_ASK.sub("an employee assistance programme number I can call", text, count=1)
    elif "low" in told and talk is not None and not _THERAPY.search(text):
        # someone to talk to, asked as the programme's line says it: a phone line
        text = _TALK_ASK.sub(
            lambda m: (
                "talk to the employee assistance programme"
                if m.group(0).lower().startswith("talk")
                else _PROGRAMME_ASK
            ),
            text,
            count=1,
        )
    elif "low" in told and low is not None:
        text = f"{text[: low.end()]} ({_EAP}){text[low.end() :]}"
    if "low" in told:
        text = _THERAPY.sub(said_beside("counselling"), text)
        text = _NIGHT.sub(_AT_NIGHT, text)
    if "dependants" in told:
        text = _LET_DOWN.sub(said_beside(_DEPENDANTS), text)
        # "is that paid": the pay of that time off, as the emergency's line rules on it
        text = _PAID_ASK.sub(lambda m: _cased(_DEPENDANTS_PAID, m.group(0)), text, count=1)
    return text


# what each situation's rule gives, asked in everyday words: a question telling the
# situation but asking something else ("I've been struggling. Does the programme pay for a
# private psychiatrist?", "My childminder let me down. Can I bring my kid onto site?") is
# not read, for the rule's line would answer the situation and not the ask
_ASKS = {
    "bug": re.compile(
        r"\b(?:come|go|get)\s+back|\bback\s+(?:in|on|to|at)\b|\breturn|\bstay\s+"
        r"(?:off|away|home|out)|\bhow\s+(?:long|soon)\b|\bwhen\s+(?:can|am|do|should|may)\b",
        re.I,
    ),
    "absence": re.compile(
        r"\b(?:come|go|get)\s+back|\bback\s+(?:in|on|to|at)\b|\breturn|\bbefore\s+I\b|"
        r"\bwhat\s+happens\b|\banything\s+I\b|\bneed\s+to\s+do\b|\boccupational\s+health\b|"
        r"\bfit\s+note\b|\bagain\b",
        re.I,
    ),
    "low": re.compile(
        r"\btalk|\btherap|\bcounsell?|\bhelpline|\bnumber\b|\b(?:ring|call|phone)\b|\bsupport\b|"
        r"\bhelp\b|\b(?:anyone|someone|somebody|anybody)\b",
        re.I,
    ),
    "dependants": re.compile(
        r"\bpaid\b|\bpay\b|\b(?:time|days?)\s+off\b|\bstay(?:ed)?\s+(?:at\s+)?home\b|\bleave\b|"
        r"\bhow\s+(?:long|many)\b|\btake\s+(?:the\s+)?(?:day|time)\b|\boff\s+work\b",
        re.I,
    ),
}


# how a handbook line says each situation, or as the asker tells it
_SAID = {
    "bug": r"diarrh\w*|vomit\w*|norovirus|sickness\s+bug|stomach\s+bug|gastro\w*|symptoms?",
    # a long absence told is ruled on by its length ("off for more than 28 days", "after 4
    # continuous weeks of sickness absence"), not by any sickness line ("From day 8: ...")
    "absence": r"(?:more\s+than|over|after|longer\s+than|at\s+least|beyond)\s+(?:\d+|one|two|"
    r"three|four|five|six|eight|ten|twelve)\s+(?:continuous\s+|consecutive\s+|calendar\s+|"
    r"working\s+)?(?:days?|weeks?|months?)",
    "low": r"employee\s+assistance|EAP|counsell\w*|therap\w*|helpline|support\s+line|"
    r"talk\w*|listen\w*|mental\s+health|wellbeing|confidential|stress\w*|samaritans|advice",
    # a line open at night says so by its hours ("24 hours a day", "round the clock")
    "night": r"24\s+hours|24/7|round\s+the\s+clock|any\s+time|night\w*|out\s+of\s+hours",
    "dependants": r"dependants?|depends?\s+on\s+you|childcare|child\s*minders?|"
    r"care\s+(?:arrangements?\s+)?(?:break|broke|fail)\w*|emergenc\w*",
}

_ASKER = re.compile(r"\b(?:I|I['’]m|I['’]ve|me|my|we|our|us)\b", re.I)
_DEPENDANT_LINE = re.compile(r"\bdepend(?:s|ants?|ents?)\b|\bdepends\s+on\s+you\b", re.I)
_TELLING = re.compile(
    r"\b(?:phon\w*|ring\w*|rang|call\w*|text\w*|tell|told|report\w*|contact\w*|"
    r"notify\w*|let\s+\w+\s+know|message\w*|e-?mail\w*|whatsapp)\b",
    re.I,
)


def sick_told(question: str) -> list[str]:
    """The situations `question` tells in everyday words that `plain_sick` reads, each
    asking what the situation's rule gives (`_ASKS`; reporting is asked by its telling)."""
    told: list[str] = []
    if not _ASKER.search(question):
        return told  # every situation read here is the asker's own
    if _BUG.search(question):
        told.append("bug")
    if _OFF.search(question):
        told.append("absence")
    ill = _IF_ILL.search(question) or _SYMPTOMS.search(question)
    if _REPORT.search(question) or (ill and _RING_IN.search(question)):
        told.append("report")
    if _low(question) is not None or _THERAPY.search(question):
        told.append("low")
    if _LET_DOWN.search(question):
        told.append("dependants")
    if "low" in told and _NIGHT.search(question):
        told.append("night")
    return [k for k in told if k not in _ASKS or _ASKS[k].search(question)]


def _says(kind: str, lines: list[str]) -> bool:
    """Whether the answer's `lines` say the situation `kind`: the asker's own illness or its
    reporting is not a dependant's (a line "a child's school ringing to say they are ill"
    makes the answer the dependants' rule), and reporting is said by how it is told
    ("phone", "ring", "text", "tell", ...)."""
    if kind in ("absence", "report") and any(_DEPENDANT_LINE.search(q) for q in lines):
        return False
    if kind == "report":
        return any(_TELLING.search(q) for q in lines)
    return says_any(_SAID[kind], lines)


# ringing in after an illness told only by its symptoms is answered by how to ring: a line
# that only points to the reporting rule ("Sick pay may be stopped if you do not report the
# absence as described in ...") answered a withheld copy of "Feeling awful with a chest
# infection. Who do I phone in to?"
_RINGS = re.compile(r"\b(?:phon\w*|ring\w*|rang|call\w*|text\w*|tell|told)\b", re.I)


def sick_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells a health or family situation
    in everyday words and none of the answer's lines says that situation (`_SAID`); an
    illness told only by its symptoms is reported by a line saying how to ring in."""
    by_symptoms = not (_REPORT.search(asked) or _IF_ILL.search(asked))

    def says(kind: str, lines: list[str]) -> bool:
        if kind == "report" and by_symptoms and not any(_RINGS.search(q) for q in lines):
            return False
        return _says(kind, lines)

    return said_or_refused(asked, draft, sick_told, says)
