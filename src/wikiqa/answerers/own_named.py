"""A line of the asker's own document that names the whole ask of a question about them.

A private document (an apprenticeship agreement, a relocation letter) is shown by the store
to its owner only, and it speaks of its owner's case alone: "You attend college every
Wednesday in term time" in the asker's agreement is the asker's college day, as a row keyed
by the asker's band is the asker's pay. Such documents are short and plain, so the
answerability model, fitted mostly on prose where a question copies its paragraph's words,
scores a line of one low when the question asks in few words ("Which day am I at college?":
two content words, one of them the kind of answer). The case the question asks about is
said by the document itself (it is the asker's), so a first-person question whose
first-ranked line, in a document the asker owns and in force, names the whole ask
(`ask_named.names_the_ask`: every content word said by the line, its lead-in or heading, or
the title, a kind word by a value of its kind, "day" by a weekday or a date) answers under
the floor. A question that does not speak of the asker, or a line of a shared document,
is left to the floor: there the line may be another reader's case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import KIND_WORDS, _speaks_personally, names_the_ask
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.kinds import _SAYS
from wikiqa.answerers.neighbours import read_out_of_force

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

# "Which day ...?", "What date ...?": a weekday or a date says the asked word.
OWN_KIND_WORDS = {**KIND_WORDS, "day": _SAYS["day"], "date": _SAYS["day"]}


def own_named(e: Evidence) -> bool:
    """Does the evidence's first line, in a private document of the asker's (only its owner
    is given one) in force, name the whole ask of a question that speaks of the asker?"""
    if not e.ranked or e.score <= 0.0:
        return False
    top = e.ranked[0]
    if top.header is not None or top.doc.owner_user_id is None or read_out_of_force(top.doc):
        return False
    ask = asked_clause(e.question.text)
    if not _speaks_personally(ask):
        return False
    return names_the_ask(ask, top.span.text, top.context, top.doc.title, kind_words=OWN_KIND_WORDS)
