"""A situation the question tells that the asker's own guide itself names (trap71).

Under the floor with the asker's own guide's line first, `_assess_for` reads the guides
written for the asker alone, unless the question tells a situation first: such a situation
is usually the key of a chain another document answers ("I mostly wait tables. How many
tronc points ...?"), which the guide's line read alone would pre-empt. When every name the
situation tells (a harbour, a town, a site: a capitalised word inside its sentence, no
month or weekday) is said by the asker's own guide, the guide holds the situation itself
("I have to drive between Kelvane and Portcullen sometimes. What's the mileage rate?"
asked by an agency operative whose guide opens "Agency port operatives work ... at Kelvane
Harbour and Portcullen Harbour"): it is no key into another document, and the guide is read
alone as for a question that tells no situation. A situation naming nothing, or a name the
guide does not say, keeps the old rule.
"""

from __future__ import annotations

import re

from wikiqa.answerers.ask_named import told_situation
from wikiqa.answerers.neighbours import forms
from wikiqa.answerers.scope import SENTENCE
from wikiqa.text.months import MONTHS, WEEKDAYS
from wikiqa.types import Document, Hit

OWN_SITUATION = True  # switch: a situation the asker's guide names is no chain's key
_NAME = re.compile(r"[A-Z][a-z][\w'\u2019-]*$")  # a capitalised word
_CALENDAR = frozenset(w.lower() for w in (*MONTHS, *WEEKDAYS))


def situation_names(situation: str) -> frozenset[str]:
    """Word forms of the capitalised words inside the situation's sentences (not their
    first word, "One of my ...", "They asked me ..."; no month or weekday)."""
    out: set[str] = set()
    for sentence in SENTENCE.split(situation):
        for word in re.findall(r"[\w'\u2019-]+", sentence)[1:]:
            if _NAME.match(word) and word.lower() not in _CALENDAR:
                out |= forms(word)
    return frozenset(out)


def situation_elsewhere(question: str, own: list[Hit], docs: dict[str, Document]) -> bool:
    """Does the question tell a situation (`told_situation`) that may key another document:
    one naming nothing, or a name none of the asker's own guides (the hits `own`) says?"""
    told = told_situation(question)
    if told is None:
        return False
    if not OWN_SITUATION:
        return True
    names = situation_names(told[0])
    if not names:
        return True
    return not any(names <= forms(d.text) for h in own if (d := docs.get(h.doc_id)) is not None)
