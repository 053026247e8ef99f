"""Starting the job told in everyday words, read as the handbooks write it.

Every handbook rules on a new starter's first months and the checks made of staff in its
own words: "Every new starter ... serves a probation period", "Probation can be extended
once, by up to 2 months", "DBS checks are repeated every 3 years through the update
service". Askers say "trial period", "a criminal record check", "a police check", "redone".
Neither the search nor the answerer's features join "trial period" to "probation" or "a
criminal record check redone" to "DBS checks are repeated", so the answering line scored
under the floor (hb6-fact-30 at 0.25, hb2-fact-34 at 0.33).

`plain_start` gives the question with such a telling *replaced* by the documents' word
("trial period" -> "probation period", "criminal record check" -> "DBS check", and a
check "redone" or "done again" -> "renewed"); round 54 found the documents' word said
beside the asker's often leaves the line under the floor. `start_said` bounds it: the
reworded answer stands only when a cited line says the situation ("probation", "DBS" or
"criminal record"). The answerer asks it only when the question as asked is refused.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import said_or_refused, says_any
from wikiqa.types import Draft

# "trial period", "probationary period", "trial shift period", "trial months"
_TRIAL = re.compile(
    r"\b(?:trial|probationary|try-?out)\s+(?:shift\s+)?(?:period|months?|weeks?)\b|"
    r"\bon\s+trial\b(?=\s+(?:for|at|with|still|until|when)\b|[.,?!]|$)",
    re.I,
)
# a check of the asker's criminal record: "criminal record check", "police check", "CRB check"
_RECORD_CHECK = re.compile(
    r"\b(?:(?:criminal|police)\s+(?:records?|background)|police|CRB|criminal\s+history)\s+"
    r"checks?\b",
    re.I,
)
_DBS = re.compile(r"\bDBS\b")
# the check made again: "redone", "done again", "re-checked", "repeated", "updated"
_AGAIN = re.compile(
    r"\b(?:re-?done|re-?do\b|done\s+again|re-?checked|checked\s+again|repeated|re-?run|re-?newed|"
    r"refreshed|updated)\b",
    re.I,
)

# what the rules give of each: probation's length, its extension, its notice, its review;
# a record check's renewal. A question asking beyond them ("is my trial period paid at a
# lower rate") is left as asked: a line saying "probation" is no answer to its pay.
_PROBATION_ASKS = re.compile(
    r"\bhow\s+long\b|\bhow\s+many\s+(?:months|weeks)\b|\bextend\w*|\bstretch\w*|\blonger\b|"
    r"\bnotice\b|\bwhen\s+(?:does|will|do)\b.*\b(?:end|finish|over)\b|\breview\w*",
    re.I,
)
_RECORD_ASKS = re.compile(
    r"\bhow\s+often\b|\bevery\s+(?:how\s+many|few)\b|\bhow\s+long\b.*\b(?:valid|last|good)\b|"
    r"\bexpire\w*|\bwhen\b.*\b(?:again|renew\w*|redone|updated)\b",
    re.I,
)
_STRETCH = re.compile(r"\bstretch(?P<s>es|ed|ing)?\b", re.I)

_SAID = {
    "probation": r"probation\w*",
    "record": r"DBS|criminal\s+records?|disclosure|barring",
}


def start_told(question: str) -> list[str]:
    """The starting situations `question` tells in everyday words that `plain_start` reads."""
    told = []
    if _TRIAL.search(question) and _PROBATION_ASKS.search(question):
        told.append("probation")
    record = _RECORD_CHECK.search(question) or (_DBS.search(question) and _AGAIN.search(question))
    if record and _RECORD_ASKS.search(question):
        told.append("record")
    return told


def plain_start(question: str) -> str:
    """`question` with a trial period said "probation period" and a criminal record check
    (made again) said "DBS check" ("renewed"); the question itself when it tells none."""
    told = start_told(question)
    text = question
    if "probation" in told:
        text = _TRIAL.sub(
            lambda m: "on probation" if m[0].lower().startswith("on") else "probation period", text
        )
        text = _STRETCH.sub(lambda m: "extend" + (m["s"] or "").replace("es", "s"), text)
    if "record" in told:
        text = _RECORD_CHECK.sub("DBS check", text)
        text = _AGAIN.sub(lambda m: "renew" if m[0].lower().endswith("do") else "renewed", text)
    return text


def start_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells a starting situation in
    everyday words and none of the answer's lines says it (`_SAID`)."""
    return said_or_refused(asked, draft, start_told, lambda k, lines: says_any(_SAID[k], lines))
