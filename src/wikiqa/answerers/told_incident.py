"""Something that went wrong on the job told in everyday words, read as handbooks write it.

Every handbook says what to do, and by when, when something goes wrong at work, and writes it
in a few fixed words: "Complete the collision report form ... within 24 hours", "Report any
accident or damage to the plant coordinator the same day", "| Any other injury | Your manager
| Before the end of your shift |", "If personal data are lost, sent to the wrong person ...",
"For a serious injury, call Security ... first". The asker tells what happened: "after a
crash", "I scraped the company van", "I cut my hand", "I emailed the marks to the wrong
class", "someone collapsed". Neither the search nor the answerer's features join "crash" to
"collision", "cut my hand" to "injury" or "collapsed" to an emergency, so the ruling
document was not read or its line scored under the floor (hb3-fact-34, hb9-ff-03,
hb4-ff-05, hb10-fresh5-01, ...).

`plain_incident` gives the question with such a telling said as the documents say it, and
nothing else changed, as `told_money.plain_money` does for pay:

- a road crash ("after a crash", "I pranged the lorry") -> "a crash (a collision)", not a
  computer's or a market's crash;
- damage done to a vehicle ("I scraped the company van") -> "... (accident or damage)";
- "the accident report" or "form" -> "the accident or incident report";
- an injury told by what happened ("I cut my hand", "she slipped and hurt her back") -> "had
  an injury (I cut my hand)": the documents' word first, the told words after it;
- something sent to the wrong person, class or customer -> "... (a data breach: personal
  data sent to the wrong person)";
- someone collapsing, fainting or not breathing -> "... (a serious injury or medical
  emergency)".

`incident_said` bounds what the reading answers: a question so read is answered only by
lines of which one says the incident, as the documents write it or as told ("collision",
"crash", "damage" for a vehicle, not a health and safety policy's "accident"; "accident",
"incident" for the accident report; "injury", "hurt"; "data", "breach", "wrong person";
"emergency", "first aid", "999"). A line that says none rules on something else and was put
first by the new words, not by what it rules on ("Partners and family may not drive or
travel in a company van." for a scraped van). The reading is asked only when the
question as asked is refused: it adds answers and changes none the question as asked gets.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from wikiqa.answerers.told_bound import said_beside, said_or_refused, says_any
from wikiqa.types import Draft

_VEHICLE = (
    r"(?:company\s+|work\s+|works\s+|hire\s+|pool\s+|site\s+|delivery\s+|service\s+)?"
    r"(?:van|car|bus|coach|minibus|lorry|truck|vehicle|forklift|tug|tractor|pickup|trailer|"
    r"buggy|cart|loader|dumper)s?"
)
_BODY = (
    r"(?:hand|finger|thumb|arm|elbow|leg|foot|feet|ankle|knee|back|wrist|head|shoulder|toe|"
    r"neck|eye|face|hip|shin|palm)s?"
)
_SUBJECT = (
    r"(?:I|we|he|she|they|someone|somebody|a\s+colleague|my\s+colleague|a\s+(?:student|pupil|"
    r"child|kid|guest|customer|passenger|visitor|tenant|volunteer|worker|chef|waiter|cleaner))"
)

# a road crash: "after a crash", "I had a prang", "I crashed the van", "a minor bump in the car park"
_CRASH = re.compile(
    r"\b(?:a|the|my|our|this|that)\s+(?!(?:system|computer|software|server|app|till|laptop|"
    r"program|database|website|network|market|screen|phone)\s)(?:\w+\s+)?(?:crash|prang|shunt|"
    r"fender[- ]bender)\b(?!\s+(?:course|helmet|barrier|mat|test|diet|pad)s?\b)"
    rf"|\b(?:I|we|he|she|they|someone|somebody|a\s+driver|another\s+driver)\s+(?:just\s+|have\s+|"
    rf"'ve\s+|’ve\s+|had\s+)?(?:crashed|pranged|rear[- ]ended|shunted)"
    rf"(?:\s+(?:the|my|a|our|into)\s+(?:\w+\s+)?{_VEHICLE}\b|\s+into\s+(?:a|the)\s+\w+)?",
    re.I,
)
# damage done to a vehicle: "I scraped the company van on a bollard", "dented the car"
_DAMAGE = re.compile(
    rf"\b(?:scraped|scratched|dented|clipped|bumped|pranged|reversed\s+into|knocked|damaged|"
    rf"cracked|smashed|hit)\s+(?:the|my|a|our|one\s+of\s+the)\s+(?:\w+\s+)?{_VEHICLE}\b",
    re.I,
)
# the accident report as handbooks name it: "the accident form" -> "the accident or incident form"
_REPORT = re.compile(
    r"\baccident(?P<s>\s+(?:report(?:\s+form)?|form|book|paperwork))\b(?!\s+or\b)", re.I
)
# an injury at work: "I cut my hand", "she burnt her arm", "I slipped and hurt my back"
_INJURY = re.compile(
    rf"\b{_SUBJECT}(?:'ve|’ve|\s+have|\s+has|\s+had|\s+just)*\s+(?:cut|burnt|burned|scalded|"
    rf"hurt|twisted|sprained|broke|broken|bruised|banged|trapped|jarred|strained|pulled|"
    rf"grazed|injured|crushed|stabbed|gashed)\s+(?:my|his|her|their|our)\s+{_BODY}\b"
    rf"|\b{_SUBJECT}(?:'ve|’ve|\s+have|\s+has|\s+had|\s+just)*\s+(?:slipped|tripped|fell)"
    rf"(?:\s+(?:over|down|(?:on|off)\s+(?:the\s+|a\s+|some\s+)?\w+))?(?:\s+and\s+(?:hurt|cut|banged)\s+\w+(?:\s+{_BODY})?)?"
    rf"|\b(?:hurt|injured)\s+(?:myself|himself|herself|themselves)\b",
    re.I,
)
# data sent where it should not go: "I emailed the marks to the wrong class"
_RECIPIENT = (
    r"\bto\s+the\s+wrong\s+(?:person|people|class|group|customer|client|parent|tenant|address|"
    r"patient|family|passenger|student|pupil|guest|recipient|email|e-mail|company|team|school)s?\b"
)
# what carries personal data when it is sent, posted or handed over ("a parcel" carries none)
_RECORD = (
    r"(?:letters?|emails?|spreadsheets?|files?|lists?|details|records?|marks|results|reports?|"
    r"forms?|documents?|notes?|data|information|statements?|invoices?|bills?|payslips?|photos?|"
    r"rota|addresses|numbers|notes|cv|references?|prescriptions?|confirmations?)"
)
_WRONG_SEND = re.compile(
    rf"\b(?:e-?mailed|forwarded|texted|messaged|cc'?d)\b[^.?!;]{{0,80}}?{_RECIPIENT}"
    rf"|\b(?:sent|posted|shared|handed|gave|copied)\b(?=[^.?!;]{{0,80}}?\b{_RECORD}\b)"
    rf"[^.?!;]{{0,80}}?{_RECIPIENT}",
    re.I,
)
# someone taken ill at once: "someone collapsed", "a guest fainted", "a passenger had a fit"
_COLLAPSE = re.compile(
    r"\b(?:collapsed|collapses|fainted|faints|passed\s+out|keeled\s+over|unconscious|"
    r"(?:is|isn't|isn’t|wasn't|was\s+not|is\s+not|stopped)\s+breathing|"
    r"(?:having|had|has)\s+(?:a\s+)?(?:fit|seizure|heart\s+attack|stroke|choking\s+fit)|choking)\b",
    re.I,
)
# a crash of a computer or a market is no road collision
_NOT_ROAD = re.compile(
    r"\b(?:system|computer|software|server|app|till|laptop|program|database|website|network|"
    r"market|screen|phone|tablet|IT)s?\b"
)


# (kind, the telling, how it is said in the documents' words)
_READINGS: tuple[tuple[str, re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    ("collision", _CRASH, said_beside("a collision")),
    ("damage", _DAMAGE, said_beside("accident or damage")),
    ("report", _REPORT, lambda m: f"accident or incident{m.group('s')}"),
    ("injury", _INJURY, lambda m: f"had an injury ({m.group(0)})"),
    ("breach", _WRONG_SEND, said_beside("a data breach: personal data sent to the wrong person")),
    ("emergency", _COLLAPSE, said_beside("a serious injury or medical emergency")),
)

# how a handbook line says each incident, or as the asker tells it
_SAID = {
    # a vehicle's: an accident or incident line of a health and safety policy is no answer
    "collision": r"collisions?|crash\w*|bumps?|damage\w*",
    "damage": r"damage\w*|collisions?|crash\w*|scrape\w*|dents?",
    "report": r"accidents?|incidents?|injur\w*|collisions?",
    "injury": r"injur\w*|accidents?|hurt|first\s+aid\w*|wounds?|incidents?",
    "breach": r"data|breach\w*|wrong\s+(?:person|people|recipient)|personal\s+information|"
    r"information\s+commissioner|ico",
    "emergency": r"emergenc\w*|first\s+aid\w*|injur\w*|ambulance|999|112|911|defibrillators?|"
    r"collaps\w*|unconscious|ill|unwell|taken\s+ill",
}


# an injury told with sickness or away from work is the sickness rules' ("I hurt my back at
# home, how much sick pay do I get?"), not the accident report's
_AWAY = re.compile(
    r"\b(?:sick\w*|ill|illness|off\s+work|fit\s+note|physio\w*|at\s+home|on\s+holiday|"
    r"weekend|gym|football|rugby|playing)\b",
    re.I,
)


def _told(question: str) -> tuple[tuple[str, re.Pattern[str], Callable[[re.Match[str]], str]], ...]:
    """The readings that may apply to `question`: no crash where a computer is told of, no
    injury told with sickness or away from work."""
    left: list[re.Pattern[str]] = []
    if _NOT_ROAD.search(question):
        left.append(_CRASH)
    if _AWAY.search(question):
        left.append(_INJURY)
    return tuple(r for r in _READINGS if r[1] not in left)


def plain_incident(question: str) -> str:
    """`question` with an incident told in everyday words said as the documents say it ("after
    a crash" -> "after a crash (a collision)"; "I cut my hand" -> "had an injury (I cut my
    hand)"); the question itself when it tells none."""
    text = question
    for _kind, pattern, said in _told(question):
        text = pattern.sub(said, text)
    return text


def incidents_told(question: str) -> list[str]:
    """The incidents `question` tells in everyday words that `plain_incident` reads, each as
    the documents name it."""
    return list(dict.fromkeys(k for k, pattern, _ in _told(question) if pattern.search(question)))


def incident_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells an incident in everyday words
    and none of the answer's lines says that incident (`_SAID`)."""
    return said_or_refused(
        asked, draft, incidents_told, lambda kind, lines: says_any(_SAID[kind], lines)
    )
