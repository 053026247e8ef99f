"""A number asked for ringing without giving one's name is answered only by a line said to be
confidential, independent or anonymous (gap76).

"I want to report something without giving my name. What number do I call?" asks for the
whistleblowing page's line ("Or call the confidential Safecall line on 0800 915 1571, 24 hours
a day, anonymously if you wish."). The question's condition is said there in other words
("anonymously", "confidential"), so a line sharing the question's plain words wins instead:
"Customers call the breakdown number, 01422 610 999, ..." (hb24-fact-50), a show stop's
"Technical Helpline" (hb25-fact-28). A careful reader takes the nameless condition as part of
the ask: a number no cited line says is confidential, independent or anonymous does not answer
it, however many of the question's words its line says.

One sentence: *when the question asks for a line to ring, kept nameless or outside the
employer, about something to report at work (`told_concern.outside_asked`), and the answer's
cited lines say no such line with a phone number (`told_concern.outside_said`), the answer does
not stand: the question is asked again as the independent whistleblowing line's number (the
retelling `told_concern.plain_outside` already makes after a refusal), and refused when that
asking does not stand either.* Bounded by `outside_asked` (nothing of the asker's own life,
bullying or harassment, nothing asked beyond reaching the line); an answer that already cites
such a line is left as it is.
"""

from __future__ import annotations

from wikiqa.answerers.told_concern import outside_asked, outside_said
from wikiqa.types import Draft, RefusalCode

NAMELESS_LINE = True  # a nameless line asked, answered by a number not said to be one: asked again


def line_unsaid(question: str, draft: Draft) -> bool:
    """Whether `draft` answers a question asking for a nameless or outside line to ring
    (`outside_asked`) with no cited line saying such a line and a phone number: the answer
    meets the question's words but not its condition."""
    return (
        NAMELESS_LINE
        and draft.refusal is None
        and outside_asked(question)
        and not outside_said(question, draft)
    )


def unsaid_refusal() -> Draft:
    """The refusal for an answer whose number is not said to be confidential or independent."""
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=(
            "the question asks for a line to ring without giving a name, and no cited line "
            "says a confidential, independent or anonymous line"
        ),
    )
