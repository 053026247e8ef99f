"""Does a line of another document complete a one-part answer (`hops.complement`)?

`hops.complement` offers a top-ranked line of another document that says two or more of the
question's words the answer's *line* leaves unsaid. On handbook text those words are often
ones the answer's own document says elsewhere ("a London hotel for a work trip": "work";
"paid time off": "time", "off"), and the line offered is about something else (an eye-test
benefit "for screen work", time off in lieu). A second document is needed only for what the
first leaves open: so the offered line joins the answer when it says two or more question
words the answer's whole document never says (the other half of a two-document question:
"executive producer" over a film-score article), or when its meaning is nearer the
question than the answer's own line is (both halves of a comparison: "What nationality
were Alfred Gell and Edmund Leach?", whose words the first article already says).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from wikiqa.answerers.features import QuestionInfo, keys
from wikiqa.answerers.hops import MIN_COMPLEMENT, PREFIX, residual

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate


@lru_cache(maxsize=256)
def document_says(text: str) -> frozenset[str]:
    """Prefixes (hops.PREFIX letters) of every word a whole document says, read once."""
    return frozenset(k[:PREFIX] for k in keys(text))


def left_open(q: QuestionInfo, answer: Candidate) -> frozenset[str]:
    """The question's terms the answer's line leaves unsaid and its document says nowhere."""
    said = document_says(answer.doc.text)
    return frozenset(t for t in residual(q, answer) if t[:PREFIX] not in said)


def completes(q: QuestionInfo, answer: Candidate, more: Candidate, nearer: bool) -> bool:
    """Does `more` (another document's line) complete `answer`: it says MIN_COMPLEMENT of
    the words the answer's document leaves open, or (`nearer`) its meaning is nearer the
    question than the answer's line?"""
    return nearer or len(left_open(q, answer) - residual(q, more)) >= MIN_COMPLEMENT
