"""What to do about the people the job serves, told in everyday words, read as handbooks write it.

Every trade has rules for its customers, pupils, patients, tenants or passengers, written in a
few fixed words: "| Receptionist, waiter or bartender | a free drink or dessert, or up to £30
off the bill |" (what staff may offer a guest who complains), "A candidate found with a phone
on their person is reported for academic misconduct", "| First minor offence | mark ... capped
at the pass mark |", "If nobody is in, wait 15 minutes", "If an animal is injured, trapped or
dead, ring the duty ranger", "Staff may open a patient's electronic record only when they are
involved in that patient's care". The asker tells the situation: "give an unhappy guest a
freebie", "had their phone in their pocket during the exam", "caught copying", "nobody's home
... how long should I hang on", "found a dead sheep", "a quick look at her notes". Neither
the search nor the answerer's features join "freebie" to "offer ... free", "copying" to
"academic misconduct" or "nobody's home" to "nobody is in", so the ruling line was not first
or scored under the floor (hb6-yn-03, hb4-fact-43, hb4-fact-48, hb7-tr22-02, hb2-ff-01).

`plain_duty` keeps the telling and says after it, in brackets, the documents' words for the
situation, as `told_incident.plain_incident` does for what went wrong:

- something free offered to someone unhappy ("a freebie", "comp their meal", "knock
  something off the bill") -> "(what you can offer: a goodwill gesture, free or off the bill)";
- a phone, watch or notes on a candidate in an exam -> "(a candidate found with a phone or
  unauthorised item: academic misconduct)";
- a student, pupil or learner copying or cheating -> "(academic misconduct or plagiarism)";
- work handed in late -> "(work submitted late)";
- nobody home at a visit ("nobody's home", "no answer at the door") -> "(if nobody is in:
  no access)", and "hang on" or "hang around" for how long -> "wait";
- an animal found dead, injured or trapped -> "(an animal injured, trapped or dead)";
- a look at someone's notes, record or file -> "(open someone's record without a work
  reason: records access)".

`duty_said` bounds what the reading answers: a question so read is answered only by lines of
which one says the situation (an offer, free, off the bill, refund; a phone, an unauthorised
item, misconduct; misconduct, plagiarism, an offence; late; nobody in, no access, missed you;
an animal, dead, injured, livestock; a record, notes, access). A line that says none rules on
something else and was put first by the new words. The reading is asked only when the
question as asked is refused: it adds answers and changes none the question as asked gets.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from wikiqa.answerers.told_bound import said_beside, said_or_refused, says_any
from wikiqa.types import Draft, RefusalCode

# someone served who is unhappy: the offer table is theirs, not a perk's "free meal on shift"
_UNHAPPY = re.compile(
    r"\b(?:unhappy|not\s+happy|furious|angry|upset|annoyed|cross|fuming|livid|complain\w*|"
    r"moan\w*|dissatisfied|disappointed|kicking\s+off|kicked\s+off)\b",
    re.I,
)
# something free or off the bill offered: "a freebie", "comp their meal", "knock a bit off"
_FREEBIE = re.compile(
    r"\b(?:an?\s+)?(?:freebie|something\s+(?:for\s+)?free|something\s+on\s+the\s+house|"
    r"on\s+the\s+house|comp(?:ed|'d)?\s+(?:them|him|her|their\s+\w+)|"
    r"knock\s+(?:\w+\s+){0,2}off(?:\s+(?:the|their|his|her)\s+(?:bill|fare|rent|price))?|"
    r"(?:some\s+)?money\s+off|(?:a\s+)?little\s+discount|sweeten\s+(?:them|him|her))\b",
    re.I,
)
# a phone or other item on a candidate in an exam
_EXAM = r"(?:exam|exams|test|assessment|mock)"
_ITEM = r"(?:phone|mobile|smart\s*watch|watch|notes|earbuds?|earphones|headphones|crib\s+sheet)"
_EXAM_ITEM = re.compile(
    rf"\b(?:their|his|her|a|the)\s+{_ITEM}\b[^.?!]{{0,50}}?\b(?:in|during|into)\s+"
    rf"(?:the|an|his|her|their)\s+{_EXAM}\b"
    rf"|\b(?:in|during)\s+(?:the|an)\s+{_EXAM}\b[^.?!]{{0,50}}?\b(?:with|had|has)\s+"
    rf"(?:a|their|his|her)\s+{_ITEM}\b",
    re.I,
)
# one of the people taught, for copying: a colleague copying a file is conduct's, not this
_LEARNER = re.compile(
    r"\b(?:student|pupil|learner|candidate|trainee|apprentice|kid|child)s?\b|"
    r"\b(?:coursework|essay|assignment|homework|dissertation)\b",
    re.I,
)
_COPYING = re.compile(
    r"\b(?:caught\s+)?(?:copying|copied|cheating|cheated|plagiari[sz]ing|plagiari[sz]ed|"
    r"passing\s+off|bought\s+an?\s+essay|paid\s+someone\s+to\s+write)\b",
    re.I,
)
_LATE_WORK = re.compile(
    r"\b(?:hand\w*|turn\w*|submit\w*|sen[dt]\w*)\s+(?:(?:in|their|his|her|the|an?)\s+)*"
    r"(?:coursework|essay|assignment|homework|work|dissertation)\s+(?:in\s+)?late\b"
    r"|\blate\s+(?:coursework|essay|assignment|homework|dissertation)\b",
    re.I,
)
# nobody home at a visit: "nobody's home", "no one answered the door"
_NOBODY = re.compile(
    r"\b(?:nobody|no\s*one|no-one)(?:'s|’s|\s+is|\s+was)?\s+(?:home|in|answer\w*|there|"
    r"at\s+home|comes?\s+to\s+the\s+door)\b|\bno\s+answer\s+at\s+the\s+door\b",
    re.I,
)
# a visit to someone's home: nobody at the office is no missed appointment
_VISIT = re.compile(
    r"\b(?:repairs?|visit\w*|appointments?|deliver\w*|call[- ]?outs?|door|doorstep|house|flat|"
    r"property|home|address|inspection|meter|install\w*|survey)\b",
    re.I,
)
_HANG_ON = re.compile(r"\b(?:hang|hanging|stick|sticking)\s+(?:on|around|about)\b", re.I)
_ANIMAL = re.compile(
    r"\b(?:a|an|the|some)\s+(?:dead|injured|hurt|trapped|stuck|lame|dying|wounded)\s+"
    r"(?:sheep|cow|cattle|pony|ponies|horse|deer|badger|fox|bird|dog|cat|animal|lamb|calf|"
    r"ewe|goat|swan|seal|bat|owl|hedgehog|rabbit|heifer|bullock)s?\b",
    re.I,
)
# a look at someone's notes: "a quick look at her notes", "check my neighbour's record"
_NOTES = re.compile(
    r"\b(?:look|peek|peep|glance|nose|snoop)\w*\s+(?:at|in|into|through)\s+"
    r"(?:her|his|their|my\s+\w+'s|my\s+\w+’s|a\s+\w+'s|the\s+\w+'s)\s+"
    r"(?:notes|record|records|file|files|chart|details|account)\b",
    re.I,
)


# working alone and checking in: "out on my own all day ... how often ring in", "if I forget
# to check out after a visit"; lifting on one's own is manual handling (told_conduct.py)
_ALONE = re.compile(
    r"\b(?:on\s+my\s+own|by\s+myself|working\s+alone|work\s+alone|alone)\b"
    r"|\bI\s+(?:forget|forgot|miss|missed|don't|do\s+not)\s+(?:to\s+)?(?:check|ring|call|log)"
    r"\s+(?:in|out|off)\b",
    re.I,
)
_CHECK_IN = re.compile(
    r"\b(?:check(?:ing)?|ring(?:ing)?|call(?:ing)?|log(?:ging)?)\s+(?:in|out|off)\b|\bcheck[- ]ins?\b|"
    r"\blooking\s+for\s+me\b|\braise\s+the\s+alarm\b|\bhow\s+often\b",
    re.I,
)


# (kind, the telling, how it is said in the documents' words, what the question must also tell)
_Reading = tuple[str, re.Pattern[str], Callable[[re.Match[str]], str], "re.Pattern[str] | None"]
_READINGS: tuple[_Reading, ...] = (
    (
        "offer",
        _FREEBIE,
        said_beside("what you can offer: a goodwill gesture, free or off the bill"),
        _UNHAPPY,
    ),
    (
        "item",
        _EXAM_ITEM,
        said_beside("a candidate found with a phone or unauthorised item: academic misconduct"),
        None,
    ),
    (
        "misconduct",
        _COPYING,
        said_beside("academic misconduct or plagiarism: an offence"),
        _LEARNER,
    ),
    ("late", _LATE_WORK, said_beside("work submitted late"), None),
    ("nobody", _NOBODY, said_beside("if nobody is in"), _VISIT),
    ("animal", _ANIMAL, said_beside("an animal injured, trapped or dead"), None),
    (
        "record",
        _NOTES,
        said_beside("open a person's record when not involved in their care"),
        None,
    ),
    ("alone", _ALONE, said_beside("lone working: check in"), _CHECK_IN),
)

# how a handbook line says each situation, or as the asker tells it
_SAID = {
    "offer": r"offer\w*|free|off\s+the\s+bill|refund\w*|compensat\w*|goodwill|vouchers?|discount\w*",
    "item": r"phones?|mobiles?|watch\w*|unauthori[sz]ed|misconduct|prohibited",
    "misconduct": r"misconduct|plagiari\w*|offences?|cheat\w*|collusion|copy\w*|copied",
    "late": r"late|lateness|after\s+the\s+deadline",
    # nobody in at a visit, not a rota's "Nobody does more than 1 week of standby"
    "nobody": r"(?:nobody|no\s*one|no-one)(?:'s|’s|\s+is|\s+was)?\s+(?:in|home|at\s+home|answer\w*)|"
    r"no\s+access|not\s+(?:in|at\s+home|home)|no\s+answer|missed\s+you|gain\s+entry",
    "animal": r"animals?|dead|injured|trapped|carcass\w*|vets?|wildlife",
    "alone": r"lone[- ]work\w*|alone|on\s+your\s+own|check(?:ed|ing)?[- ]?(?:ins?|out)|checks?\s+in",
    "record": r"records?|notes|files?|confidential\w*|look\s+up|personal\s+(?:data|information)",
}


def _told(question: str) -> tuple[_Reading, ...]:
    """The readings whose telling `question` has, with what else each needs told."""
    return tuple(
        r for r in _READINGS if r[1].search(question) and (r[3] is None or r[3].search(question))
    )


def plain_duty(question: str) -> str:
    """`question` with a situation of the people served told in everyday words said as the
    documents say it ("a freebie" -> "a freebie (what you can offer: ...)"); the question itself
    when it tells none."""
    readings = _told(question)
    text = question
    for _kind, pattern, said, _needs in readings:
        text = pattern.sub(said, text)
    if any(kind == "nobody" for kind, *_ in readings):
        text = _HANG_ON.sub(said_beside("wait"), text)
    return text


def duties_told(question: str) -> list[str]:
    """The situations `question` tells in everyday words that `plain_duty` reads."""
    return [kind for kind, *_ in _told(question)]


# a working-alone document's name beyond these words qualifies it: a region's supplement
# ("lone-working-upland.md") or an old edition ("lone-working-2023.md") is another's rule
_ALONE_DOC = re.compile(r"\b(?:lone|alone|solo)\b")
_GENERAL = frozenset(
    {"lone", "alone", "solo", "working", "work", "worker", "workers", "policy", "procedure"}
    | {"guidance", "safety"}
)


def _anothers_rule(asked: str, draft: Draft) -> bool:
    """Whether the draft cites a working-alone document whose name qualifies it by a place,
    region or year that `asked` does not name: that document rules for others, and the
    general policy, not read here, rules for the asker."""
    for claim in draft.claims:
        for quote in claim.quotes:
            stem = re.sub(r"\.\w+$", "", quote.doc_id.rsplit("/", 1)[-1]).lower()
            words = re.split(r"[^a-z0-9]+", stem)
            if not _ALONE_DOC.search(" ".join(words)):
                continue
            if any(w and w not in _GENERAL and w not in asked.lower() for w in words):
                return True
    return False


def duty_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells a situation of the people served
    in everyday words and none of the answer's lines says it (`_SAID`), or tells working alone
    and the answer cites another place's or an old edition's working-alone rule."""
    if draft.refusal is None and "alone" in duties_told(asked) and _anothers_rule(asked, draft):
        return Draft(
            refusal=RefusalCode.insufficient_evidence,
            reason="the working-alone rule the answer would cite is named for a place or "
            "edition the question does not name",
        )
    return said_or_refused(
        asked, draft, duties_told, lambda kind, lines: says_any(_SAID[kind], lines)
    )
