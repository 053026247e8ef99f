"""A sum the question tells, read against the threshold a line sets for whose approval it needs.

"A customer wants £400 back at the box office. Who has to okay that?", "A customer wants £250
refunded at the ticket office. Who has to okay that?", "A customer wants £25 back on a cake.
Can I just refund it?": every handbook battery asks who must approve a sum, and answers in a
line that sets a threshold on the act and names the approver: "- Refunds over £300 need the
house manager's approval before they are paid.", "- Refunds over £200 need the duty manager's
approval.", "- Refunds over £20 need a shift supervisor's code.". The question says the sum,
never the threshold, and tells the act as a situation ("wants £400 back"); the line says the
threshold, never the sum, and names the act in one noun ("Refunds"). So the exact-term features
read the line as missing most of the question, and it ranks fifth to twenty-second, under a
float line or the refunds page's own lines that say "refund" more often.

One sentence: *a question telling one sum of money and asking who must approve it ("who has
to okay/approve/sign off ...", "whose approval ...", "does it need approval?", "can I just
<verb> it?") is answered, at any score, by the ranked line (prose, its document in force)
that sets a lower threshold on an act ("<act> over/above/more than £N ...", "£N or more")
which the told sum passes, makes that act need someone's approval, code, signature or
sign-off ("need(s) the house manager's approval", "must be approved by ..."), and names as
its act a word the question says (a sum wanted or paid "back" says a refund); among several
such lines, the one with the highest threshold the sum passes, and none when two lines of
that threshold name different approvers.*

Why it is bounded: the sum is the asker's, told, and the line's threshold is compared with
it, so a line whose threshold the sum does not pass ("Refunds over £500 ..." for £400) is
never read, and a line setting a threshold on another act ("Every correction over £300 needs
the finance manager's approval." for a refund) is not either. Only lines the reader's own
searches ranked are read, so a document the asker may not read is never its answer; a
superseded edition's line is not read. A question asking anything of the sum but its approval
("How long does a £400 refund take?") is not read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import content_stems, said_like
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.stated_bound import says_every_name

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

TOLD_AMOUNT = True  # a told sum read against the approval threshold a line sets

_SUM = r"£\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?"
_TOLD_SUM = re.compile(_SUM)
# the approval asked: who must give it, whose it is, whether it is needed, whether the asker
# may do the act alone
_ASKS_APPROVAL = re.compile(
    r"\bwho\b[^?.!]*?\b(?:okays?|ok|approves?|authori[sz]es?|agrees?|signs?\s+(?:\w+\s+)?off"
    r"|sanctions?)\b"
    r"|\bwhose\s+(?:\w+\s+)?(?:approval|authori[sz]ation|sign-off|say-so|okay|code|signature)\b"
    r"|\b(?:do|does|will|would)\s+(?:i|we|it|that|this|they)\s+need\s+(?:\w+(?:'s)?\s+)?"
    r"(?:approval|approving|authori[sz]ation|authori[sz]ing|sign(?:ing)?[\s-]off|okaying"
    r"|a\s+code|a\s+signature|permission)\b"
    r"|\bcan\s+(?:i|we)\s+(?:just\s+)?\w+\s+(?:it|that|this|them)"
    r"(?:\s+(?:myself|ourselves|on\s+my\s+own|without\s+\w+(?:\s+\w+)?))?\s*\?",
    re.I,
)
# a lower threshold on an act: "<act> over £300", "<act> of more than £100", "<act> of £500 or
# more"; the act is the words opening the line's clause before it
_THRESHOLD = re.compile(
    r"(?P<act>[A-Za-z][A-Za-z' -]{1,60}?)\s+(?:(?:of|worth|for)\s+)?"
    r"(?:(?:over|above|exceeding|more\s+than)\s+" + _SUM + r"|" + _SUM + r"\s+or\s+(?:more|over))",
    re.I,
)
# the approval the act needs: someone's approval, code, signature or sign-off, or approved by
_NEEDS = re.compile(
    r"\b(?:needs?|requires?|must\s+(?:have|get)|has\s+to\s+have|have\s+to\s+have)\s+"
    r"(?:(?:the|a|an|your)\s+)?[\w -]{0,40}?\b(?:'s\s+|\b)"
    r"(?:approval|authori[sz]ation|sign-off|signature|code|agreement|consent|say-so)\b"
    r"|\b(?:is|are|must\s+be|needs?\s+to\s+be|has\s+to\s+be|have\s+to\s+be)\s+"
    r"(?:\w+\s+)?(?:approved|authori[sz]ed|signed\s+off|agreed)\s+by\b",
    re.I,
)
# words opening a threshold's act that name no act: a quantifier or a determiner
_QUANTIFIERS = frozenset({"every", "ani", "all", "each", "singl", "individu", "one"})
# a sum wanted, given or paid back is a refund
_PAID_BACK = re.compile(_SUM + r"\s+back\b|\bmoney\s+back\b|\bpay(?:s|ing)?\s+\w+\s+back\b", re.I)


def _pounds(whole: str, pence: str | None) -> float:
    return float(whole.replace(",", "")) + (int(pence) / 100 if pence else 0.0)


def told_sum(question: str) -> float | None:
    """The one sum of money the question tells ("£400"), when it tells exactly one; None
    otherwise (two sums, or none, set no single amount to compare)."""
    sums = {_pounds(m.group(1), m.group(2)) for m in _TOLD_SUM.finditer(question)}
    return next(iter(sums)) if len(sums) == 1 else None


def asks_approval(question: str) -> bool:
    """Does the question ask whose approval the told sum needs, or whether the asker may do
    the act alone (`_ASKS_APPROVAL`)?"""
    return _ASKS_APPROVAL.search(question) is not None


def question_acts(question: str) -> set[str]:
    """The stems of the question's content words, with "refund" when it tells a sum wanted
    or paid back ("wants £400 back"): the acts a line's threshold may name."""
    acts = set(content_stems(question))
    if _PAID_BACK.search(question):
        acts.add("refund")
    return acts


def threshold(line: str) -> tuple[list[str], float, bool] | None:
    """The act a line sets a lower threshold on, stemmed, and the threshold, when the line
    makes that act need someone's approval after it ("Refunds over £300 need the house
    manager's approval" -> (["refund"], 300.0, False)), and whether the threshold itself is
    passed ("£500 or more" -> True); None otherwise."""
    m = _THRESHOLD.search(line)
    if m is None or not _NEEDS.search(line, m.end()):
        return None
    act = [w for w in content_stems(m.group("act")) if w not in _QUANTIFIERS]
    if not act:
        return None
    whole, pence = (m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5))
    return act, _pounds(whole, pence), m.group(2) is None


def covering_line(e: Evidence) -> Candidate | None:
    """The ranked line whose approval threshold the question's told sum passes, for an act the
    question names (see the module docstring); None when the question tells no one sum, asks
    no approval, or no line or two disagreeing lines answer."""
    if not TOLD_AMOUNT or not e.ranked:
        return None
    question = e.question.text
    amount = told_sum(question)
    if amount is None or not asks_approval(question):
        return None
    acts = question_acts(question)
    best: list[tuple[float, Candidate]] = []
    for c in e.ranked:
        if c.header is not None or read_out_of_force(c.doc):
            continue
        found = threshold(c.span.text)
        if found is None:
            continue
        act, bound, inclusive = found
        if amount < bound or (amount == bound and not inclusive):
            continue
        if not said_like(act[-1], acts):
            continue
        if not says_every_name(question, c.doc):
            continue
        best.append((bound, c))
    if not best:
        return None
    top = max(bound for bound, _ in best)
    lines = {c.span.text.strip() for bound, c in best if bound == top}
    if len(lines) > 1:
        return None  # two lines at one threshold: which approver is the asker's is unsaid
    return next(c for bound, c in best if bound == top)
