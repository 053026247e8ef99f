"""A line that sends the reader to another document by its title answers through it.

Why: handbooks restate a rule of another document in a line that names it: "Night workers get
a yearly health check (see Overtime and Shift Pay).", "Agency staff: see the Agency Workers'
Guide.". Such a line says the thing in a few words and ranks first, but the rule, its terms
and its conditions are the named document's, and a reader checking the answer is sent there:
the line itself says so. So when the first-ranked line of an evidence says "see <Title>" of
another document whose line the evidence also ranks, and the line excludes no one (a line
saying who a rule does not apply to points to the excluded readers' own guide, which is
`scope.pointed_for_asker`'s reading, not this one), the named document's first-ranked line is
read in its place (`pointed_evidence`). It is read so only where a yes/no question asking
whether the asker gets a thing is answered under the floor (`asked_thing.
granted_in_other_words`, from `ExtractiveAnswerer.clearing`): the named document's line must
grant the thing itself, and is cited (docs/extractive-history.md, yesno25).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

# "see Overtime and Shift Pay", "(see the Staff Directory)", "See *Pay Scales*": a capitalised
# name after "see" (and "the"), up to a closing bracket or the end of its clause.
_SEE = re.compile(r"\bsee\s+(?:the\s+)?[*_]*([A-Z][^.;:()*_]*)", re.I)
# a line excluding readers points to their own guide, not to the rule it restates
_EXCLUDES = re.compile(r"\b(?:not|no|except|excluding|excluded|exclude|never|only)\b|n't\b", re.I)
_SPACE = re.compile(r"\s+")


def _plain(text: str) -> str:
    return _SPACE.sub(" ", re.sub(r"[*_]", "", text)).strip().lower()


def pointed_titles(line: str) -> list[str]:
    """The names `line` sends its reader to ("see Overtime and Shift Pay" -> "overtime and
    shift pay"), in lower case, in order; [] when it names none or excludes someone."""
    if _EXCLUDES.search(line):
        return []
    return [_plain(m.group(1)) for m in _SEE.finditer(line) if m.group(1)[:1].isupper()]


def _names(pointer: str, title: str) -> bool:
    """Does the pointer's text name `title`: the title, whole, opens it (a pointer may run on:
    "Staff Discount for the rules on buying donated goods")."""
    title = _plain(title)
    return bool(title) and (pointer == title or pointer.startswith(title + " "))


def pointed_line(e: Evidence) -> Candidate | None:
    """The first-ranked line of the document the evidence's first line sends its reader to
    by title, when that is another document the evidence ranks a line of; else None."""
    if not e.ranked:
        return None
    top = e.ranked[0]
    pointers = pointed_titles(top.text)
    if not pointers:
        return None
    for c in e.ranked[1:]:
        if c.doc.doc_id != top.doc.doc_id and any(_names(p, c.doc.title) for p in pointers):
            return c
    return None


def pointed_evidence(e: Evidence) -> Evidence | None:
    """`e` with the line of the document its first line names ranked first (the rest in
    their order), or None when its first line names no document it ranks."""
    line = pointed_line(e)
    if line is None:
        return None
    return replace(e, ranked=[line, *(c for c in e.ranked if c is not line)])
