"""A guide for the asker's kind, headed by the matter asked: its section speaks for them.

A guide written for one kind of reader ("Ardlow Coaches: Drivers' Terms and Conditions",
"Casual Drivers' Guide", "Contractor Handbook") covers many matters, one short section each:

    ## Notice

    1 week for each year of service, up to 8 weeks.

Read as a whole against a general policy on the one matter asked ("Notice Periods"), such a
guide ranks low in the search, and its line says none of the question's words but a figure:
the section's heading says what the line is about. Both are read off the document's
structure here, for a guide whose title names the asker's kind as its readers
(`neighbours.names_asker`):

- `section_asked`: the guide speaks to the matter asked when one of its section headings is
  said whole by the question ("## Notice" for "How much notice do I have to give?"), however
  low the whole guide ranks (`neighbours._tiers` reads such a guide as written for the
  asker, as it does a guide close to the best hit);
- `headed_entry`: a section holding one line only is an entry of a fact sheet whose label is
  the heading (labelled.py reads "Notice: 1 week ..." so): when the question asks for a value
  (not yes/no), says the heading whole, and the line says the kind asked (a figure when the
  wording asks none), the line answers for the asker though it scores under the floor
  (`ExtractiveAnswerer._assess_for`, as a line vouched for by a neighbour does), when no
  line of the whole retrieval clears the floor: a general line that does is not displaced
  (the guide's section may speak of the matter without saying what was asked of it).

An asker of another kind never reads the guide as theirs (its title does not name them), and
a question whose matter the guide has no section for is read as before.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wikiqa.answerers.features import asked_clause, key_set, question_type
from wikiqa.answerers.kinds import asked_row_kind, says_kind
from wikiqa.answerers.rows import said_keys
from wikiqa.text.headings import parse_heading
from wikiqa.types import Document

_FIGURE = re.compile(r"\d")
MAX_HEADING_WORDS = 4  # a matter's name ("Notice", "Sick pay"), not a sentence


@lru_cache(maxsize=256)
def _sections(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each section of `text`, read once per document: its heading and its non-blank body
    lines. The document's own title (a level-1 heading) is no section of its own."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        heading = parse_heading(line.strip())
        if heading is not None:
            level, title = heading
            out.append((title if level > 1 else "", []))
        elif out and line.strip():
            out[-1][1].append(line.strip())
    return tuple((h, tuple(body)) for h, body in out)


def _said(heading: str, qset: frozenset[str]) -> bool:
    """Does the question say every content word of the heading (a short name)?"""
    if len(heading.split()) > MAX_HEADING_WORDS:
        return False
    words = key_set(heading)
    return bool(words) and said_keys(words, qset) == words


def section_asked(doc: Document | None, question: str) -> bool:
    """Has the document a section whose heading the question says whole?"""
    if doc is None:
        return False
    qset = key_set(question)
    return any(h and _said(h, qset) for h, _ in _sections(doc.text))


def headed_entry(question: str, line: str, doc: Document) -> bool:
    """Is `line` the one line of a section of `doc` whose heading the question says whole,
    asked for a value the line says (the kind asked, or a figure when none is asked)?"""
    if question_type(asked_clause(question)) == "yesno":
        return False
    qset = key_set(question)
    text = line.strip()
    for heading, body in _sections(doc.text):
        if body == (text,) or (len(body) == 1 and body[0].lstrip("-*+ ").strip() == text):
            if not heading or not _said(heading, qset):
                return False
            kind = asked_row_kind(question)
            return says_kind(kind, text) if kind is not None else bool(_FIGURE.search(text))
    return False
