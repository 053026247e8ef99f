"""A table row ruling on the thing a yes/no question asks about, for the case it names.

A policy often rules case by case in a table: "| Pregnancy, first 12 weeks | No massage or
body treatments; facials only |", "| Pregnancy, after 12 weeks | Pregnancy massage only ...
|". An employee asks about their own case in their words ("Guest is 8 weeks pregnant and
booked a massage. Can I do it?"): the question names the row by its key (a word of it, and a
number its bound holds: `ranges.excludes` sets the other row aside) and the thing it asks
about by a word the row's ruling cell says ("massage"); it names no column, so the row is no
named cell (`rows.STRONG`), and the answerability model, fitted mostly on prose, scores such
a row low.

One sentence: *a yes/no question (its asking sentence, `features.asked_clause`, after any
situation told first) is answered by its first-ranked line under the floor when
that line is a table row of the first-retrieved document, in force, whose key cell the
question names (`rows.named_cells`) and no other row's key of the table, and whose other
cells say the thing ruled on: every content word of the asking sentence that neither the key
cell nor the header says, or, when the asking sentence names nothing beyond the case ("Can I
do it?", "Is that OK?"), the words of the last clause told before it, all but its verb
("booked a massage": "massage"); the document saying every name the question gives.* A row
the question names only by its key ("Guest is 8 weeks pregnant. Can she use the hot tub after
her facial?" over the massage row: "hot" and "tub" unsaid; "... wants the steam room after
her massage. Is that OK?": "steam" and "room" unsaid) stays refused; so does a table two of
whose keys the question names (it does not tell the case). Light words of asking
(`ask_named.LIGHT`) say nothing. The one word let go is the told clause's verb (the asker's
act, "booked", "wants"), as `ruled_act.obliges_act` reads the ask's verb apart from what it
names.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import LIGHT, content_stems, said_like
from wikiqa.answerers.features import ANSWER_FEATURES, asked_clause, question_type
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.ranges import question_numbers
from wikiqa.answerers.rows import named_cells, siblings
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

_DOC_TOP = ANSWER_FEATURES.index("doc_top")
# the clauses of what a question tells before its ask
_CLAUSE = re.compile(r"[,;.!?]|\b(?:and|but|so|then)\b", re.I)


def rules_for_case(
    text: str, header_start: int, header: str, row: str, question: str, qset: frozenset[str]
) -> bool:
    """Is `row` (of the table under `header` at `header_start` in `text`) the one row the
    question (its content keys `qset`) names by its key, with another cell saying a word of
    the question the key and header do not?"""
    numbers = question_numbers(question)
    values = cells(row)
    if len(values) < 2 or 0 not in named_cells(row, qset, numbers):
        return False
    named = [r for r in siblings(text, header_start) if 0 in named_cells(r.row.text, qset, numbers)]
    if len(named) != 1:
        return False
    keyed = set(content_stems(f"{values[0]} {header}"))
    ask = asked_clause(question)
    told = question[: question.rfind(ask)] if ask and ask in question else ""

    def unkeyed(text: str) -> list[str]:
        return [w for w in content_stems(text) if w not in LIGHT and not said_like(w, keyed)]

    ruling = set(content_stems(" ".join(values[1:])))
    if asked := unkeyed(ask):  # the ask names its thing: the ruling cell says all of it
        return all(said_like(w, ruling) for w in asked)
    # "Can I do it?": the thing of the last clause told, its verb aside ("booked a massage")
    clauses = [c for c in _CLAUSE.split(told) if unkeyed(c)]
    if not clauses:
        return False
    last = unkeyed(clauses[-1])
    unsaid = [w for w in last if not said_like(w, ruling)]
    return len(unsaid) < len(last) and len(unsaid) <= 1  # a word said, at most the verb not


def ruled_row(e: Evidence) -> bool:
    """Does the evidence's first line answer under the floor because it is the row of the
    case a yes/no question names, ruling on the thing it asks about (see the docstring)?"""
    question = e.question.text
    if not e.ranked or e.score <= 0.0 or question_type(asked_clause(question)) != "yesno":
        return False
    top = e.ranked[0]
    if top.header is None or e.features[_DOC_TOP] < 1.0 or read_out_of_force(top.doc):
        return False
    qset = frozenset(e.question.terms)
    if not rules_for_case(
        top.doc.text, top.header.start, top.header.text, top.span.text, question, qset
    ):
        return False
    return says_every_name(question, top.doc)
