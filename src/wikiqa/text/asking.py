"""What a question asks, without the courtesy around it.

Why: "Can you please tell me who wrote Hit the Road Jack, thanks?" asks what "Who wrote Hit
the Road Jack?" asks. Read word by word, "please", "tell" and "thanks" are terms a search
engine that needs every word (CirrusSearch) finds in no article, and terms no answer says.
Only whole phrases of asking are dropped, at the start or the end: "tell" or "know" inside
the question ("Kiss and Tell", "You Don't Know Me") stays.
"""

from __future__ import annotations

import re

_GREETING = r"(?:(?:hi|hello|hey)\b[\s,!.]*)?"
_ASKING = (
    r"(?:(?:(?:can|could|would|will)\s+(?:you|anyone|somebody|someone)"
    r"|(?:do|does)\s+(?:you|anyone|anybody|somebody|someone))\s+(?:please\s+|kindly\s+)?"
    r"(?:tell\s+me|let\s+me\s+know|say|know|explain)"
    r"|i(?:'d|’d|\s+would)\s+like\s+to\s+know|i\s+want(?:ed)?\s+to\s+know"
    r"|i(?:'m|’m|\s+am|\s+was)\s+(?:wondering|curious)"
    r"|(?:please|kindly)(?:\s+tell\s+me|\s+let\s+me\s+know)?|tell\s+me"
    r"|(?:(?:a|one)\s+)?quick\s+question|(?:i\s+have\s+a\s+)?question(?=\s*:))\b[\s,:-]*"
)
_OPENING = re.compile(rf"^\s*{_GREETING}(?:{_ASKING})?", re.I)
_CLOSING = re.compile(
    r"\s*[,;.!?][\s,;.!]*(?:thanks(?:\s+a\s+lot|\s+so\s+much|\s+in\s+advance)?|thank\s+you(?:\s+very\s+much|"
    r"\s+so\s+much|\s+in\s+advance)?|please|cheers)[\s.!?]*$",
    re.I,
)


def without_courtesy(question: str) -> str:
    """`question` without a greeting or a phrase of asking at its start ("Can you please
    tell me", "I'd like to know") and thanks or "please" after a comma or stop at its end;
    its question mark kept.
    Unchanged when nothing would be left."""
    opened = _OPENING.sub("", question, count=1)
    closing = _CLOSING.search(opened)
    text = (opened[: closing.start()] if closing else opened).strip()
    if not text or text == question.strip():
        return question
    asked = question.rstrip().endswith("?") or (closing is not None and "?" in closing.group())
    return text + "?" if asked and not text.endswith("?") else text
