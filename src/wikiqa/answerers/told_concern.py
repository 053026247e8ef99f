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
