"""A line that sends the reader to another document by its title ("see Premiums and
Overtime"), followed there: the two ways the answerer reads such a pointer.

Why: handbooks summarise or restate a rule of another document in a line that names it:
"Extra hours are paid at your basic rate until you reach 39 hours in the week (see Premiums
and Overtime).", "Night workers get a yearly health check (see Overtime and Shift Pay).",
"Agency staff: see the Agency Workers' Guide.". Such a line says the thing in a few words and
often ranks first for a question worded as the page that mentions it, but the rule in full,
its terms, exceptions and figures, is in the page it names, and a reader checking the answer
is sent there: the line itself says so.

1. Extending an answer (`pointed_title`, `same_title`, `restates`; `ExtractiveAnswerer.
   _pointed`). When the answer is that one line and it ends by naming, after "see", the title
   of a document the reader may read and the answer does not already cite, that document is
   read for the same question, and its best line, when it clears the floor on its own and
   restates the summary, is cited first with the summary line after it. Bounded: it only
   extends an answer already given (a refused question stays refused), it reads only a
   document the reader can find by its exact title through its own search, and it adds
   nothing when the named document does not clear the floor for the question.

2. Answering through the named document (`pointed_titles`, `pointed_line`,
   `pointed_evidence`; `ExtractiveAnswerer.clearing`). When the first-ranked line of an
   evidence says "see <Title>" of another document whose line the evidence also ranks, and
   the line excludes no one (a line saying who a rule does not apply to points to the
   excluded readers' own guide, which is `scope.pointed_for_asker`'s reading, not this one),
   the named document's first-ranked line is read in its place. It is read so only where a
   yes/no question asking whether the asker gets a thing is answered under the floor
   (`asked_thing.granted_in_other_words`): the named document's line must grant the thing
   itself, and is cited (history/extractive-history.md, yesno25).

The two read the pointer each their own way, and the difference is kept (it is behaviour): the
first only a pointer closing the line, matched to a title whole (case and marks aside); the
second any "see" in the line, whose named text a title opens ("Staff Discount for the rules
on buying donated goods" names "Staff Discount").
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.scope import handed_readers

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

# 1. A closing pointer, followed to extend an answer

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


# "Skerrin Island centres have their own hours (see Working on Skerrin Island), and ...": a
# clause and the bracketed title it sends its reader to, anywhere in the line
_CLAUSE_POINTER = re.compile(
    r"(?P<clause>[^.;:()]+?)\s*\(\s*see\s+(?:the\s+)?(?P<title>[A-Z][^()]{1,80}?)\s*\.?\s*\)"
)


def clause_pointers(line: str) -> list[tuple[str, str]]:
    """Each (clause, title) of a line one of whose clauses closes with "(see Title)", in
    order: "Skerrin Island centres have their own hours" and "Working on Skerrin Island"."""
    return [(m["clause"].strip(" ,"), m["title"].strip()) for m in _CLAUSE_POINTER.finditer(line)]


_WORD = re.compile(r"[A-Za-z][\w'’-]*")


def clause_names(clause: str) -> frozenset[str]:
    """The keys of the names a clause says: its capitalised words past its first, and its
    first when the next is capitalised too ("Skerrin Island centres", "Our Orkney centres"
    -> skerrin, island / orkney; "Working one is paid at double time" -> none). A clause
    sends a named place or thing on, not a kind of pay or leave any question may say."""
    found = _WORD.findall(clause)
    named = [
        w
        for i, w in enumerate(found)
        if w[:1].isupper() and (i > 0 or (len(found) > 1 and found[1][:1].isupper()))
    ]
    return key_set(" ".join(named))


def hands_on(clause: str, named: str) -> bool:
    """Does the clause send a kind of reader to the document it names ("Casual swimming
    teachers are paid for holiday differently (see the Casual Swimming Teachers' Guide)"),
    as scope.handed_readers reads such a sentence?"""
    return bool(handed_readers(f"{clause} (see {named})."))


def sent_on(shared: set[str], line: Candidate) -> bool:
    """Does the named document's best line (with its heading and title) say a word the
    question and the pointing clause share: the thing sent on, not another matter of it?"""
    said = key_set(line.text) | key_set(line.context) | key_set(line.doc.title)
    if line.header is not None:
        said |= key_set(line.header.text)
    return bool(shared & said)


# 2. Any pointer naming a ranked document, read in the first line's place

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
