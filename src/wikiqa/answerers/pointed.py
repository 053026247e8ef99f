"""A line that sends the reader to another document by its title, followed there.

Handbooks summarise a rule in one page and point to the page that holds it: "Extra hours are
paid at your basic rate until you reach 39 hours in the week (see Premiums and Overtime).",
"Persistent lateness is a conduct matter (see Disciplinary Procedure).". The summary line is
often the best line for a question worded as the page that mentions it, but the rule in full
(its exceptions, its figures) is in the page it names. When the answer is that one line and
it ends by naming, after "see", the title of a document the reader may read and the answer
does not already cite, that document is read for the same question, and its best line,
when it clears the floor on its own, is cited first with the summary line after it.

Bounded: it only extends an answer already given (a refused question stays refused), it reads
only a document the reader can find by its exact title through its own search, and it adds
nothing when the named document does not clear the floor for the question.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import key_set

RESTATED = 0.5  # share of the summary's words the named document's line must say

# "(see Premiums and Overtime)", "(See the Disciplinary Procedure.)", "see Wellbeing." at the
# line's end: a capitalised title after "see", to the closing bracket or the full stop
_POINTER = re.compile(
    r"\(\s*see\s+(?:the\s+)?(?P<a>[A-Z][^()]{1,80}?)\s*\.?\s*\)\s*[.;]?\s*$"
    r"|\b[Ss]ee\s+(?:the\s+)?(?P<b>[A-Z][\w'’&,\- ]{1,80}?)\s*\.\s*$"
)


def pointed_title(line: str) -> str | None:
    """The title a line's closing "see ..." names ("Premiums and Overtime"), else None."""
    m = _POINTER.search(line.strip())
    if m is None:
        return None
    return (m["a"] or m["b"]).strip()


def _norm(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", title.lower()).strip()


def same_title(named: str, title: str) -> bool:
    """Does a document's `title` match the title a line names (case and marks aside)?"""
    return bool(named) and _norm(named) == _norm(title)


def restates(summary: str, line: str) -> bool:
    """Does `line` (the named document's best line) say at least RESTATED of the words of
    `summary` (the pointing line, less its pointer): the rule the summary gives, in full?"""
    m = _POINTER.search(summary.strip())
    said = key_set(summary[: m.start()] if m else summary)
    return bool(said) and len(said & key_set(line)) >= RESTATED * len(said)
