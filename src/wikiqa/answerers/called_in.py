"""A threshold asked by the meeting it brings on: the answer must name a meeting.

"How many days off sick can I have before they call me in for an absence review?" asks the
count that brings on a meeting (a review, a hearing, a stage 1). A line that states another
count on the same matter ("For absences of up to 7 calendar days you fill in a
self-certificate", "If you have been off for 4 weeks or more, your manager may refer you to
occupational health") does not answer it: a careful reader sees that the line names no
meeting at all, so the count it gives is the threshold of something else. The absence
triggers are typically kept in a managers' document the asker may not read, and the public
page that only touches the topic must not stand in for it.

The reading is bounded on the kind asked, not on words: any cited line naming a meeting of
any kind (a "Stage 3 meeting", a "Stage 1 absence review") lets the answer stand, so a
trigger row under its lead-in still answers (trigger_row.py).
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import key, keys
from wikiqa.types import Draft, RefusalCode

CALLED_IN = True  # refuse a meeting's threshold answered by a line naming no meeting

# Nouns that name a meeting one is called to: the kind of outcome asked.
MEETING_WORDS = frozenset(
    {"meeting", "review", "hearing", "interview", "stage", "panel", "conversation", "discussion"}
)
MEETING_KEYS = frozenset(key(w) for w in MEETING_WORDS)

# A count or span asked ("how many", "how much", "how long", "at what point") up to an
# outcome told after "before".
_THRESHOLD = re.compile(
    r"\b(?:how\s+(?:many|much|long|often)|at\s+what\s+point)\b.*?\bbefore\b(?P<outcome>[^?.!]*)",
    re.IGNORECASE,
)


def asked_meeting(question: str) -> frozenset[str]:
    """The meeting keys of the outcome a threshold question asks the count for ("before I'm
    called into a formal meeting" -> {"meet"}); empty when the question asks no threshold or
    its outcome is no meeting."""
    m = _THRESHOLD.search(question)
    if m is None:
        return frozenset()
    return frozenset(keys(m.group("outcome"))) & MEETING_KEYS


def meeting_unnamed(question: str, draft: Draft) -> bool:
    """Does `draft` answer a meeting's threshold with lines that name no meeting? Then the
    count it cites is another matter's (the self-certification days, an occupational health
    referral), and the question is not answered by it."""
    if not CALLED_IN or draft.refusal is not None or not draft.claims:
        return False
    if not asked_meeting(question):
        return False
    cited = " ".join(q.quote for c in draft.claims for q in c.quotes)
    return not (frozenset(keys(cited)) & MEETING_KEYS)


def meeting_refusal() -> Draft:
    """The refusal for a meeting's threshold no cited line states."""
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason="the cited lines give a count for another matter and name no meeting; "
        "the threshold asked is not stated in what this reader may see",
    )
