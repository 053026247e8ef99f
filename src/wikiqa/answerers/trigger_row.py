"""The row of a trigger table counting the kind a threshold question counts, under a lead-in
that says the question's outcome.

A manager asks when a formal step starts: "At how many days off sick in a year does someone
hit an absence review?", "How many times can someone on my shift be off sick before I have to
hold a stage 1 review?", "One of my deckhands has been off three times since the spring. At
what point does a formal review start?". The policy answers in a table: a lead-in sentence
says the outcome ("A formal absence review is held when a colleague reaches any of these
triggers in a rolling 12 months:") and each row a threshold and its action ("| 8 working
days' absence in 12 months | first review meeting |"). The question's words ("review",
"formal") are said by the lead-in, not by the row, so the lead-in ranks first and scores
under the floor, and no row is read as the answer.

One sentence: *after a refusal, when the first-ranked line of the first-retrieved document
is a lead-in that introduces a table directly below it ("these", "the following") and says
the outcome the question asks about (a content word of the ask, beyond the asking words),
and the question counts one kind (days, or times/separate absences: "how many days", "how
many times", "off three times ... at what point"), the one row of that table with one cell stating a
count of that kind, no follow-up of an earlier step (that cell says "further", "more",
"another", or the outcome again: "2 more absences within 6 months of a stage 1 review"),
answers, cited with its
header; any stage or ordinal the question names ("stage 1", "second") must be said by that
row.*

What stays refused: the same table asked about something its lead-in does not say (an
occupational health referral under an absence review's lead-in), a question counting a kind
no row counts or that two rows count, a stage or ordinal no such row says (a second review
asked of the first-review rows), a question that counts nothing, and another reader's
document (retrieval reads only what the asker may read).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import LIGHT, content_stems, prose_in_force, said_like
from wikiqa.answerers.features import ANSWER_FEATURES
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

TRIGGER_ROW = True  # switch: a trigger table's row of the counted kind answers after a refusal
POOL = 12  # how far down the ranking the table's rows are looked for

_DOC_TOP = ANSWER_FEATURES.index("doc_top")

# a threshold asked: the point at which something follows, not an entitlement ("how many
# days holiday do I get")
_THRESHOLD = re.compile(
    r"\b(?:at|after)\s+(?:how\s+many|what\s+point)\b|\bbefore\b|\b(?:hit|reach|trigger)\w*\b",
    re.I,
)
_ASKS_POINT = re.compile(r"\bhow\s+many\b|\bat\s+what\s+point\b|\bwhen\b", re.I)
_NUMBER = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_ASKS_DAYS = re.compile(rf"\bhow\s+many\s+(?:working\s+)?days\b|\b{_NUMBER}\s+days\b", re.I)
_ASKS_TIMES = re.compile(
    rf"\bhow\s+many\s+(?:times|absences|occasions|spells)\b"
    rf"|\b{_NUMBER}\s+(?:times|absences|occasions|spells)\b|\btwice\b",
    re.I,
)
_ROW_DAYS = re.compile(r"\b\d+\s+(?:working\s+|calendar\s+)?days?\b", re.I)
_ROW_TIMES = re.compile(r"\b\d+\s+(?:separate\s+)?(?:absences|occasions|spells|times)\b", re.I)
_INTRODUCES = re.compile(r"\bthese\b|\bthe\s+following\b", re.I)
_SINCE = re.compile(r"\b(?:of|after|since|from)\s+(?:a|an|the|your)\b", re.I)
_FURTHER = re.compile(r"\b(?:further|more|another)\b", re.I)
_STAGED = re.compile(r"\bstage\s+\d+\b|\b(?:first|second|third|final)\b", re.I)

# words of asking for a threshold, not of the outcome asked about (stemmed)
_ASKING = frozenset(
    content_stems(
        "how many times days point start begin happen hit reach get before someone colleague"
        " year off sick have hold"
    )
)


def counted_kind(question: str) -> re.Pattern[str] | None:
    """What states a count of the kind a threshold question counts (days, or separate
    absences for times), or None when it counts neither or both."""
    if not _THRESHOLD.search(question) or not _ASKS_POINT.search(question):
        return None  # a yes/no question ("Does that go towards her triggers?") asks no count
    days, times = _ASKS_DAYS.search(question), _ASKS_TIMES.search(question)
    if bool(days) == bool(times):
        return None
    return _ROW_DAYS if days else _ROW_TIMES


def _introduces_table(line: Candidate) -> bool:
    """Does the line stand directly over a table and introduce it ("these", "the following")?"""
    if not _INTRODUCES.search(line.span.text):
        return False
    after = line.doc.text[line.span.end :].lstrip(" :\t")
    for raw in after.splitlines()[:3]:
        if raw.strip():
            return raw.lstrip().startswith("|")
    return False


def trigger_row(e: Evidence) -> Candidate | None:
    """The row of the table the first line introduces that counts the kind the question
    counts, when the first line says the outcome asked (see the module docstring); else None."""
    if not TRIGGER_ROW or not e.ranked or len(e.features) <= _DOC_TOP:
        return None
    if e.features[_DOC_TOP] < 1.0:
        return None
    lead = e.ranked[0]
    if not prose_in_force(lead) or not _introduces_table(lead):
        return None
    question = e.question.text
    kind = counted_kind(question)
    if kind is None:
        return None
    outcome = set(content_stems(lead.span.text))
    asked = [w for w in content_stems(question) if w not in LIGHT and w not in _ASKING]
    said = [w for w in asked if said_like(w, outcome)]
    if not said:
        return None  # the lead-in says nothing of what the question asks about
    staged = [m.group(0).lower() for m in _STAGED.finditer(question)]
    below = lead.span.end
    rows = [
        c
        for c in e.ranked[1:POOL]
        if c.header is not None
        and c.doc.doc_id == lead.doc.doc_id
        and c.header.start >= below
        and not _between_text(lead.doc.text, below, c.header.start)
    ]
    chosen = []
    for row in rows:
        counting = [x for x in cells(row.span.text) if kind.search(x)]
        if len(counting) != 1 or _followed_up(counting[0], said):
            continue
        text = " ".join(cells(row.span.text)).lower()
        if any(s not in text for s in staged):
            continue
        chosen.append(row)
    return chosen[0] if len(chosen) == 1 else None


def _followed_up(trigger: str, said: list[str]) -> bool:
    """Does the trigger count from an earlier step ("2 more absences within 6 months of
    Stage 1", "Any further absence within 6 months of a first review"), not toward the first?"""
    if _FURTHER.search(trigger):
        return True
    since = _SINCE.split(trigger, maxsplit=1)
    return len(since) > 1 and any(said_like(w, set(content_stems(since[1]))) for w in said)


def _between_text(text: str, start: int, end: int) -> bool:
    """Is there a sentence between the lead-in and the table's header row?"""
    return any(ch.isalnum() for ch in text[start:end])
