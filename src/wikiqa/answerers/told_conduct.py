"""What staff may do told in everyday words, read as the handbooks' conduct rules write it.

Every handbook has the same conduct rules in a few fixed words: "Drivers must tell their
depot manager about any other paid work", "Relationships between a member of staff and a
student they teach ... must be declared", "Do not post photos from site on personal social
media", "The discount cannot be used for buying to resell, including online", "No one lifts
more than 25 kg alone", "Working alone in a laboratory after 19:00 ... needs a lone-working
permit", a PPE table. The asker tells the situation: "a weekend job in a pub", "I'm seeing
one of my students", "pics from site on my instagram", "sell stuff on eBay", "a box about
30 kilos ... on my own", "stay on in the lab by myself", "what do I need to wear". Neither
the search nor the answerer's features join these to the documents' words, so the ruling
line scored under the floor (hb5-fact-57, hb4-fact-34, hb10-fact-36, hb8-fact-28,
hb3-ff-01, hb4-tr23-01, hb3-fact-39).

`plain_conduct` gives the question with such a telling said also as the documents say it,
the told words kept:

- a second job ("a weekend job", "a bar job", "work on the side", "a side hustle") ->
  followed by "(a second job, other paid work, outside work)";
- the asker's relationship ("I'm seeing one of my students", "dating my manager") -> "in a
  relationship with"; "seeing" only of a colleague, student or "each other" (one sees a
  doctor or a patient without a relationship);
- posting on a named platform ("on my instagram") -> followed by "(personal social media)",
  and "pics", "pictures" -> "photos";
- selling on a named marketplace ("sell ... on eBay") -> "resell ... online (on eBay)";
- what to wear ("What do I need to wear ...") -> followed by "(PPE)";
- a weight in "kilos" -> "kg"; lifting or carrying "on my own" / "by myself" -> "alone
  (manual handling)", working or staying so -> "alone (working alone, lone working)", unless the question
  already names a lone-working procedure ("check in", "lone worker": the search finds its
  rules, and the reading would only lift a neighbouring region's version, hb9-trap-14).

`conduct_said` bounds what the reading answers, as `told_money.situation_said` does: a
question so read is answered only by lines of which one says the situation, in the
documents' words or as told ("other paid work", "second job"; "relationship"; "social
media", "post"; "resell", "online"; PPE, "wear", the kit; "lift", "kg"; "alone", "lone
working"). The reading is asked only when the question as asked is refused, so it adds
answers and takes none.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import said_beside, said_or_refused, says_any
from wikiqa.text.terms import content_terms
from wikiqa.types import Draft

# a second job told as the asker has it: "a weekend job", "my bar job", "work on the side"
_SECOND_JOB = re.compile(
    r"\b(?:(?:weekend|evening|saturday|sunday|part[- ]time|side|bar|pub|"
    r"cash[- ]in[- ]hand)\s+jobs?|(?:work|job|jobs|gigs?|shifts)\s+on\s+the\s+side|"
    r"\w+\s+work\s+on\s+the\s+side|side\s+(?:hustles?|gigs?|business)|moonlight\w*)\b",
    re.I,
)
_PEOPLE = (
    r"(?:one\s+of\s+)?(?:my|our|a|an|the)\s+(?:\w+\s+)?(?:students?|pupils?|colleagues?|"
    r"co-?workers?|managers?|boss|supervisors?|team\s+leaders?|line\s+managers?|trainees?|"
    r"apprentices?|learners?|reports?|team\s+members?|staff|juniors?|seniors?|"
    r"workmates?|teammates?)\b|someone\s+(?:from|at|in|on)\s+(?:work|my\s+team|the\s+team)\b"
)
# the asker's relationship: "I'm seeing one of my students", "we're dating", "dating my boss"
_SEEING = re.compile(
    rf"\b(?:seeing|dating|going\s+out\s+with|sleeping\s+with)\s+(?={_PEOPLE})"
    rf"|\b(?:seeing|dating|going\s+out\s+with|sleeping\s+with)\s+each\s+other\b"
    rf"|\b(?:dating|going\s+out\s+with|sleeping\s+with)\s+(?=(?:my|our|a|an|him|her)\b)",
    re.I,
)
_PLATFORM = (
    r"instagram|insta|facebook|fb|tiktok|twitter|snapchat|linkedin|youtube|threads|"
    r"whatsapp\s+status|my\s+socials|my\s+story"
)
_POSTED_ON = re.compile(rf"\bon\s+(?:my\s+|our\s+|the\s+|a\s+)?(?:{_PLATFORM})\b", re.I)
_PICS = re.compile(r"\b(?:pics|piccies|pictures|snaps|selfies)\b", re.I)
_MARKET = r"ebay|vinted|depop|gumtree|etsy|amazon|facebook\s+marketplace|marketplace"
_ON_MARKET = re.compile(rf"\bon\s+(?:{_MARKET})\b", re.I)
_SELL = re.compile(r"\bsell\b", re.I)
_WEAR = re.compile(
    r"\bwhat\s+(?:do|should|must|would|have)\s+(?:I|we|you)\s+(?:got\s+to\s+|need\s+to\s+|"
    r"have\s+to\s+|to\s+)?(?:wear|put\s+on)\b",
    re.I,
)
_KILOS = re.compile(r"\b(?P<n>\d+(?:\.\d+)?)\s*(?:kilos?|kilograms?|kgs)\b", re.I)
_ON_MY_OWN = re.compile(
    r"\b(?:on\s+my\s+own|by\s+myself|on\s+our\s+own|by\s+ourselves|single[- ]handed\w*)\b",
    re.I,
)
_LIFT = re.compile(r"\b(?:lift\w*|carry\w*|shift\s+it|move\s+it)\b", re.I)
_WORK = re.compile(
    r"\b(?:work\w*|stay\w*|stop\s+on|go(?:ing)?\s+out|finish\w*|shifts?|lock\s+up|open\s+up|"
    r"close\s+up)\b",
    re.I,
)

# a lone-working procedure already named as the documents name it: the search finds its
# rules without the reading, which would only lift a neighbouring region's version
_LONE_SAID = re.compile(
    r"\b(?:check(?:ing)?[- ]?ins?|lone[- ]work\w*|buddy|man[- ]down|alarms?|call\s+in)\b", re.I
)

_JOB_WORDS = " (a second job, other paid work, outside work)"

# round 56 (claims56): advice given for a fee is the "private consultancy" the outside-work
# rules name ("A firm has asked me to advise them for a fee. Can I do paid advisory work on
# the side?": "**Private consultancy** needs your head of department's written approval",
# at 0.11 with "a second job" beside it, hb4-yn25-01)
_ADVISING = re.compile(
    r"\b(?:advis\w*|consult\w*)\s+(?:\w+\s+){0,3}?for\s+(?:a\s+)?(?:fee|money|payment|cash)\b|"
    r"\b(?:paid\s+)?(?:advisory|consultancy|consulting)\s+(?:work|jobs?|gigs?)\b|"
    r"\bdo\s+(?:some\s+|a\s+bit\s+of\s+)?(?:paid\s+)?consult(?:ing|ancy)\b",
    re.I,
)


def _alone(question: str) -> str:
    """Being "on my own" said "alone", with what the documents call being alone at that task."""
    if _LIFT.search(question):
        return _ON_MY_OWN.sub("alone (manual handling)", question)
    if _WORK.search(question) and not _LONE_SAID.search(question):
        return _ON_MY_OWN.sub("alone (working alone, lone working)", question)
    return question


def plain_conduct(question: str) -> str:
    """`question` with what the asker may do told in everyday words said also as the
    documents say it ("a weekend job" -> "a weekend job (a second job, other paid work,
    outside work)"; "I'm seeing one of my students" -> "I'm in a relationship with one of
    my students"); the question itself when it tells none."""
    if _ADVISING.search(question):  # advice for a fee: private consultancy (claims56)
        text = _ADVISING.sub(said_beside("private consultancy"), question)
    else:
        text = _SECOND_JOB.sub(lambda m: m.group(0) + _JOB_WORDS, question, count=1)
    text = _SEEING.sub(
        lambda m: "in a relationship" + ("" if "each other" in m.group(0) else " with "),
        text,
    )
    if _POSTED_ON.search(text):
        text = _POSTED_ON.sub(said_beside("personal social media"), text, count=1)
        text = _PICS.sub("photos", text)
    if _SELL.search(text) and _ON_MARKET.search(text):
        text = _ON_MARKET.sub(lambda m: f"online ({m.group(0)})", _SELL.sub("resell", text))
    text = _WEAR.sub(said_beside("PPE"), text, count=1)
    text = _KILOS.sub(lambda m: f"{m.group('n')} kg", text)
    return _alone(text)


# how a handbook line says each situation, or as the asker tells it
_SAID = {
    "second job": r"second\s+jobs?|other\s+(?:paid\s+)?(?:work|jobs?|employment)|outside\s+"
    r"(?:work|interests?|employment|activit\w+)|secondary\s+employment|another\s+(?:job|"
    r"employer)|work(?:ed|ing)?\s+elsewhere|external\s+work|private\s+(?:work|consultancy)|"
    r"consultanc\w*",
    # not a leave table's "| Relationship | Paid leave |", nor any "your partner"
    "relationship": r"relationships?\s+(?:between|with|at\s+work)|(?:personal|close|romantic|"
    r"intimate|family|sexual)\s+relationships?|romantic|intimate|dating|(?:relative|friend)s?"
    r"\s+or\s+partners?|partners?\s+(?:works?|is\s+(?:a|in|your))",
    "social media": r"social\s+media|online|post(?:s|ed|ing)?|internet|" + _PLATFORM,
    "resale": r"resell\w*|resale|sell\w*|online|trad(?:e|ing)",
    "PPE": r"PPE|protective|wear\w*|gloves?|boots|footwear|visors?|goggles|glasses|helmets?|"
    r"hard\s+hats?|hi-vis|high[- ]visibility|ear\s+defenders|masks?|respirators?|overalls|"
    r"aprons?|uniform",
    "lifting": r"lift\w*|kg|carr(?:y|ies|ying)|loads?|manual\s+handling",
    "lone working": r"alone|lone[- ]work\w*|on\s+your\s+own|by\s+yourself|single[- ]staff\w*",
}


def conduct_told(question: str) -> list[str]:
    """The situations `question` tells in everyday words that `plain_conduct` reads, each
    as the documents name it."""
    told = [
        kind
        for kind, found in (
            ("second job", _SECOND_JOB.search(question) or _ADVISING.search(question)),
            ("relationship", _SEEING.search(question)),
            ("social media", _POSTED_ON.search(question)),
            ("resale", _SELL.search(question) and _ON_MARKET.search(question)),
            ("PPE", _WEAR.search(question)),
        )
        if found
    ]
    if _ON_MY_OWN.search(question) and _LIFT.search(question):
        told.append("lifting")
    elif _ON_MY_OWN.search(question) and _WORK.search(question):
        told += [] if _LONE_SAID.search(question) else ["lone working"]
    elif _KILOS.search(question) and _LIFT.search(question):
        told.append("lifting")
    return told


# words of being alone at work and of when, which say nothing of where or at what
_UNPLACED = frozenset(
    content_terms(
        "alone lone own myself ourselves work working stay stop finish go out shift shifts "
        "night nights morning evening weekend weekends late early today tonight tomorrow "
        "monday tuesday wednesday thursday friday saturday sunday after before"
    )
)


def _alone_there(asked: str, quotes: list[str]) -> bool:
    """Whether a line says being alone where or at what `asked` tells ("lab" in "Working
    alone in a laboratory ..."): a lone-working policy says "alone" of every task, and
    its check-in lines answer no question about the roof."""
    told = {t for t in content_terms(asked) if len(t) >= 3 and t not in _UNPLACED}
    for q in quotes:
        if re.search(rf"\b(?:{_SAID['lone working']})\b", q, re.I):
            said = content_terms(q)
            if any(w.startswith(t) or t.startswith(w) for t in told for w in said if len(w) >= 3):
                return True
    return False


def conduct_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when it is one, or when the question `asked` tells a conduct
    situation in everyday words and none of the answer's lines says that situation."""

    def says(kind: str, lines: list[str]) -> bool:
        if kind == "lone working":  # alone, and said of where or at what the asker is
            return _alone_there(asked, lines)
        return says_any(_SAID[kind], lines)

    return said_or_refused(asked, draft, conduct_told, says)
