"""A concern the asker cannot raise with their manager, told in everyday words, read as the
handbooks write it: a confidential line.

Every handbook gives a way round the line manager for bullying, harassment or wrongdoing:
"For bullying or harassment you can also call the confidential Speak Up line on ...", "call
the independent Safecall line ...". The asker tells it by who they would rather not go
through: "Is there a number I can ring about bullying without going through my manager?".
The search and the features read that "without" as a negated manager, so the absence line's
"cannot reach your manager" came first and the Speak Up line scored under the floor
(hb9-fact-54).

`plain_concern` says such an asking as the documents do: the way round the manager
("without going through my manager", "not via my boss", "behind my supervisor's back") is
what a "confidential" line gives, and the asker's number to ring is that line ("Can I call
a confidential line about bullying?"). It reads only a concern the documents give
such a line for (`_CONCERN`: bullying, harassment, discrimination, wrongdoing, fraud,
whistleblowing, a safety worry), and is asked only after a refusal; `concern_said` keeps the
answer only when a cited line says a confidential, independent or speak-up line.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import said_or_refused, says_any
from wikiqa.types import Draft

# the asker's manager in any trade's words: "my ward manager", "my head chef", "the head"
_BOSS = (
    r"(?:(?:[\w-]+\s+)?(?:boss|manager|supervisor|team\s+leader)|head\s+(?:of\s+\w+|chef|teacher)|"
    r"headteacher|head|gaffer|foreman)"
)
# the way round the manager, in everyday words
_ROUND = re.compile(
    rf"\s*,?\s*\b(?:without\s+(?:going\s+(?:through|via|to)|telling|involving|asking|"
    rf"speaking\s+to|talking\s+to)|not\s+(?:through|via)|behind)\s+(?:my|the|our)\s+{_BOSS}"
    rf"(?:['’]s\s+back)?\b",
    re.I,
)
_CONCERN = re.compile(
    r"\b(?:bull(?:y|ying|ied)|harass\w*|discriminat\w*|wrongdoing|fraud\w*|whistle\s*-?blow\w*|"
    r"racis\w*|sexis\w*|picked\s+on|safety\s+(?:concern|worry|worries))\b",
    re.I,
)
# the asker's way to raise it: a number, someone, a line to ring or call
_WAY = re.compile(
    r"\b(?:(?:a|any)\s+(?:phone\s+)?(?:number|line|helpline|hotline|one)|someone|anyone|somebody|"
    r"anybody)\s+(?:(?:that\s+)?I\s+(?:can|could)\s+|to\s+)(?:ring|call|phone|contact|talk\s+to)\b",
    re.I,
)
# what the concern is about ("about bullying by a patient's relative", "to report fraud")
_ABOUT = re.compile(r"\b(?:about|over|regarding|to\s+report)\s+(?P<what>[^,?.!;]+)", re.I)


def plain_concern(question: str) -> str:
    """`question` asking a way to raise bullying, harassment or wrongdoing round the
    manager, asked as the documents give it ("Is there a number I can ring about bullying
    without going through my manager?" -> "Can I call a confidential line about
    bullying?"); the question itself otherwise."""
    if not (_CONCERN.search(question) and _ROUND.search(question) and _WAY.search(question)):
        return question
    told = _ROUND.sub("", question, count=1)
    about = _ABOUT.search(told)
    if about is not None and _CONCERN.search(about.group("what")):
        what = about.group("what").strip()
    else:
        what = _CONCERN.search(told).group(0)  # type: ignore[union-attr]
    return f"Can I call a confidential line about {what}?"


_SAID = (
    r"confidential|independent|anonymous\w*|speak(?:ing)?\s+up|whistle\s*-?blow\w*|hotline|outside"
)


def concern_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when `asked` is read by `plain_concern` and no line the answer
    cites says a confidential, independent or speak-up line (`_SAID`)."""
    return said_or_refused(
        asked,
        draft,
        lambda q: ["concern"] if plain_concern(q) != q else [],
        lambda _kind, lines: says_any(_SAID, lines),
    )


# round 72 (line72): the independent line asked for by what it lets the asker do, with no line
# named and no manager to go round: "I think someone's fiddling the takings. Is there an outside
# line I can call?" (hb21-fact-37), "is there a number I can ring without giving my name about
# stuff going on at work" (hb15-fact-41). Every handbook keeps such a line on its
# whistleblowing page ("ring the independent Openline service on 0800 915 2260", "call
# Safecall, an independent line, ... and stay anonymous if you want"), and asked for it as
# the independent whistleblowing service the question is answered with that line in seven of
# the eight open batteries that have one; asked as told, the page is never retrieved. Three
# things together say it: a number or line asked for to ring (`_LINE_ASKED`), the asker kept
# nameless or the line outside the employer (`_NAMELESS`), and wrongdoing told or the matter
# being at work (`_AT_WORK`); nothing of the asker's own life (`_OWN_LIFE`: home, money
# worries, health: the assistance programme's), of bullying or harassment (`plain_concern`'s
# and the grievance page's), and nothing asked beyond reaching it. "Which number do I ring?"
# asks as "what number" does (gap77: hb26-fact-16).
TOLD_OUTSIDE = (
    True  # a line asked as nameless or outside, about wrongdoing: the whistleblowing line
)
_LINE_ASKED = re.compile(
    r"\b(?:(?:a|an|any)\s+(?:(?:outside|external|independent|confidential|anonymous|free|"
    r"phone|telephone)\s+){0,2}(?:phone\s*)?(?:number|line|helpline|hotline|service)"
    r"|somewhere|someone|anyone|somebody|anybody)\s+(?:(?:that|where)\s+)?(?:I|we)\s+"
    r"(?:can|could)\s+(?:ring|call|phone|contact|report\s+(?:it|this|that)\s+to|tell)\b"
    r"|\bwho\s+(?:can|could|do|should)\s+I\s+(?:ring|call|phone)\b"
    r"|\b(?:what|which)\s+(?:phone\s+)?number\s+(?:can|could|do|should)\s+I\s+(?:ring|call|phone)\b",
    re.I,
)
_NAMELESS = re.compile(
    r"\bwithout\s+(?:giving|saying|leaving|telling\s+them)\s+(?:my|your|a|our)\s+name\b"
    r"|\bnot\s+(?:give|giving|say|saying)\s+my\s+name\b|\banonymous(?:ly)?\b"
    r"|\b(?:an|any|a)\s+(?:outside|external|independent)\s+(?:phone\s*)?(?:number|line|helpline"
    r"|hotline|service)\b|\boutside\s+the\s+(?:company|firm|business|organisation|organization)\b",
    re.I,
)
_AT_WORK = re.compile(
    r"\b(?:fiddl\w*|fraud\w*|steal\w*|stolen|stole|theft|thiev\w*|dodgy|wrongdoing|cover[\s-]?up|"
    r"corrupt\w*|brib\w*|embezzl\w*|on\s+the\s+take|skimm\w*|cook\w*\s+the\s+books|"
    r"something\s+wrong|(?:stuff|things|something)\s+(?:going\s+on\s+|happening\s+)?at\s+work|"
    r"report(?:ing)?\s+(?:something|anything|it|this|that|a\s+concern|concerns))\b",
    re.I,
)
_OWN_LIFE = re.compile(
    r"\b(?:home|money\s+worr\w*|debts?|personal|mental|stress\w*|anxi\w*|depress\w*|counsel\w*|"
    r"bull(?:y|ying|ied)|harass\w*|discriminat\w*|sick\w*|ill|pay|payslip|wages?|timesheet|"
    r"rota|shift|holiday)\b",
    re.I,
)
_OUTSIDE_BEYOND = re.compile(
    r"\bhow\s+(?:many|much|long|often|soon)\b|\bwhen\b|\bwhat\s+happens\b|\bhours\b|\bcost\b|"
    r"\b(?:for|can)\s+(?:customers|clients|patients|residents|passengers|guests|the\s+public|"
    r"members|my\s+(?:kids|partner|family))\b",
    re.I,
)
_OUTSIDE_AGAIN = "What number do I ring for the independent whistleblowing service?"
_PHONE = re.compile(r"\b0\d{2,4}(?:[\s-]?\d{2,4}){2,3}\b")


def outside_asked(question: str) -> bool:
    """Whether `question` asks for a line to ring, kept nameless or outside the employer,
    about wrongdoing or what goes on at work, and nothing of the asker's own life or beyond
    reaching the line (see the note above)."""
    return bool(
        _LINE_ASKED.search(question)
        and _NAMELESS.search(question)
        and _AT_WORK.search(question)
        and not _OWN_LIFE.search(question)
        and not _OUTSIDE_BEYOND.search(question)
    )


def plain_outside(question: str) -> str:
    """`question` asking the independent line by what it lets the asker do, asked as the
    independent whistleblowing service's number (`outside_asked`); the question itself
    otherwise."""
    return _OUTSIDE_AGAIN if TOLD_OUTSIDE and outside_asked(question) else question


def outside_said(asked: str, draft: Draft) -> bool:
    """Whether the answer to the retold question stands: a cited line says an independent,
    confidential or anonymous line (`_SAID`) and gives a phone number."""
    if draft.refusal is not None:
        return False
    lines = [q.quote for c in draft.claims for q in c.quotes]
    return any(re.search(_SAID, line, re.I) and _PHONE.search(line) for line in lines)
