"""The asker's own count told as their situation, asked again without it: what they hold or owe.

An asker tells their own case with its figure before asking what the rule does with it: "I've
still got 6 days left and it's nearly April. Do I lose them?" (hb15-fact-03, hb17-fact-03,
hb18-fact-03: the same question in three batteries), "Someone's been overpaid £600. How much
can we take back each month?" (hb17-fact-28). The rule answers for every case and says its
own figure, not the asker's: "You may carry up to 4 days into the next holiday year, to be
used by 31 July.", "An overpayment is recovered at no more than 12% of the colleague's net
pay a month". The answerability features read the asker's "6" or "£600" as a number the line
fails to say (`number_miss`, `entity_miss`), so the ruling line, first in its document, scored
0.14-0.18, under the floor; asked without the count ("I've still got days left ...") it
answers. The count is the asker's situation, not a value asked: the ask ("do I lose them",
"how much can we take back") asks what the rule gives, whatever the count.

Two situations are read, each a count the asker holds or owes and an ask of the rule on it:

- time off left (`_LEFT`: "6 days left", "7 days' holiday left", "three days of leave
  left") asked whether it is lost (`_LOST`: "do I lose them", "will I lose it", "use them
  or lose them"): the count is dropped and the documents' words for the rule said beside
  the ask, as `told_shift` says its carry-forward telling ("... (carried forward into the
  next leave year)"). Flexi, lieu or overtime hours are another balance with rules of their
  own (`_OTHER_BALANCE`), so a question naming one is left alone;
- a sum overpaid (`_OVERPAID`: "been overpaid £600", "overpaid me £250") asked how it is
  taken back (`_RECOVERED`: "take back", "pay back", "claw back", "recover"): the sum is
  dropped.

The rule read is the employer's own, for its own staff: "This policy covers every colleague
employed directly ... Agency workers book holiday through their agency". An asker of another
kind of engagement (an agency, seasonal, bank, casual, relief or franchise role, a student,
an apprentice: any role besides `OWN_STAFF`) is under their own terms, so for them the
question is left as told (an agency picker's days left were answered with the general
policy's "Anything else not taken by the end of February is lost" in the first version).

Asked only as a second asking, after the question as asked is refused for want of evidence,
and `balance_said` keeps the answer only when a line it cites says the rule on that
situation (time off carried forward or lost; an overpayment recovered): the reading adds
answers and takes none the question as asked gets. A count the ask itself asks of ("how many
of my 6 days can I carry?") or a count keying a row ("I've worked here 3 years") is no
situation of these two and stays as told.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import said_or_refused, says_any
from wikiqa.text.number_words import CARDINAL_WORDS
from wikiqa.types import Draft, Principal

TOLD_BALANCE = True  # the asker's own count of days left or a sum overpaid, asked without it

# the roles of the employer's own staff, whose rules the general policies are
OWN_STAFF = frozenset({"staff", "employee", "manager", "hr_partner", "executive", "academic"})
_COUNT = r"(?:\d+(?:\.\d+)?|" + "|".join(CARDINAL_WORDS) + r"|a\s+few|a\s+couple\s+of)"
# time off the asker has left, told with its count: "6 days left", "7 days' holiday left",
# "three days of annual leave left", "6 days holiday still left"
_LEFT = re.compile(
    rf"\b(?P<count>{_COUNT})\s+(?P<rest>(?:days?|weeks?)(?:['’]|\s+of)?"
    r"(?:\s+(?:annual\s+leave|holidays?|leave|hols))?\s+(?:still\s+)?(?:left|remaining|unused|"
    r"to\s+use|not\s+taken|untaken))\b",
    re.I,
)
# asked whether that time is lost: "do I lose them", "will I lose it", "use them or lose them"
_LOST = re.compile(
    r"\b(?:do|will|would|could)\s+(?:I|we)\s+(?:just\s+)?lose\s+(?:them|it|those|these|the\s+"
    r"(?:days|rest|lot))\b|\b(?:use|take)\s+(?:them|it)\s+or\s+lose\s+(?:them|it)\b",
    re.I,
)
# a balance of hours with rules of its own (flexi, time off in lieu, overtime banked)
_OTHER_BALANCE = re.compile(r"\b(?:flexi\w*|toil|lieu|overtime|banked)\b", re.I)
_CARRIED = "carried forward into the next leave year"
# a sum overpaid, told with its figure: "been overpaid £600", "overpaid me £250"
_OVERPAID = re.compile(
    r"\b(?P<verb>over-?paid)(?P<who>\s+(?:me|him|her|them|us))?\s+(?:by\s+)?"
    r"(?P<count>£\s?\d[\d,]*(?:\.\d+)?)",
    re.I,
)
# asked how it is taken back
_RECOVERED = re.compile(
    r"\b(?:take|taken|taking|pay|paid|paying|claw|clawed|get|getting)\s+(?:it\s+|that\s+|this\s+)?"
    r"back\b|\brecover\w*|\brecoup\w*|\bdeduct\w*",
    re.I,
)
# what a cited line says of each rule: time off carried forward, or lost at the year's end;
# an overpayment recovered
_SAID = {
    "time off left": r"carr(?:y|ied|ies)|roll\w*\s+over|forward|next\s+(?:leave\s+|holiday\s+)?"
    r"year|(?:is|are)\s+lost|forfeit\w*",
    "a sum overpaid": r"overpa(?:id|yments?)|recover\w*",
}


def balance_told(question: str) -> list[str]:
    """The situations of the asker's own count `question` tells and asks the rule of."""
    told = []
    if _LEFT.search(question) and _LOST.search(question) and not _OTHER_BALANCE.search(question):
        told.append("time off left")
    if _OVERPAID.search(question) and _RECOVERED.search(question):
        told.append("a sum overpaid")
    return told


def own_staff(principal: Principal | None) -> bool:
    """Is the asker one of the employer's own staff (every role of theirs in `OWN_STAFF`;
    no roles, the general reader, too)?"""
    return principal is None or set(principal.roles) <= OWN_STAFF


def balance_lost(question: str, principal: Principal | None = None) -> str:
    """`question` with the asker's own count dropped from a told situation of
    `balance_told` ("6 days left" -> "days left", "overpaid £600" -> "overpaid") and, for
    time off asked lost, the rule's words said beside the ask ("do I lose them (carried
    forward into the next leave year)"); the question itself when it tells neither, or when
    the asker is of another kind of engagement than the employer's own staff (`own_staff`)."""
    told = balance_told(question) if TOLD_BALANCE and own_staff(principal) else []
    text = question
    if "time off left" in told:
        text = _LEFT.sub(lambda m: m.group("rest"), text, count=1)
        lost = _LOST.search(text)
        if lost is not None:
            text = f"{text[: lost.end()]} ({_CARRIED}){text[lost.end() :]}"
    if "a sum overpaid" in told:
        text = _OVERPAID.sub(lambda m: m.group("verb") + (m.group("who") or ""), text, count=1)
    return text


def balance_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when `asked` tells a situation of `balance_told` and no line
    the answer cites says its rule (time off carried forward or lost; an overpayment
    recovered)."""
    return said_or_refused(
        asked,
        draft,
        balance_told,
        lambda kind, lines: says_any(_SAID[kind], lines, whole_word=False),
    )
