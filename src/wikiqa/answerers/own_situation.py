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
guide does not say, keeps the old rule. Read so, the guide answers only with a line that
answers the ask, not the situation (`situation_answered`): a guide's scope line names the
places it is for ("... at Kelvane Harbour and Portcullen Harbour"), which matches any
situation told there; and its answer must clear the floor read alone, or the question is
refused as before.
"""

from __future__ import annotations

import re

from wikiqa.answerers.ask_named import told_situation
from wikiqa.answerers.features import key_set
from wikiqa.answerers.neighbours import forms
from wikiqa.answerers.restated import asks_value, matter_keys, says_asked
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


def guide_holds(question: str, own: list[Hit], docs: dict[str, Document]) -> bool:
    """Does the question tell a situation that the asker's own guide holds: one that
    `situation_elsewhere` does not read as a key into another document?"""
    return told_situation(question) is not None and not situation_elsewhere(question, own, docs)


def situation_answered(question: str, line: str) -> bool:
    """May the asker's guide, read alone for a situation it holds (`guide_holds`), answer
    with `line`? The line says none of the situation's names (it is not the guide's scope
    line matching the situation), every word of the ask past the asking ones (at least one;
    a word of four letters or more opening the other counts: "mile" of "mileage"), and,
    when a value is asked, a value of the kind asked (`restated.says_asked`: "£0.30 a
    mile" for "What's the mileage rate?"); not the guide's nearest figure for a matter it
    never states ("How many days' holiday ...?" by "Your first day is a 1-day induction")."""
    told = told_situation(question)
    if told is None or situation_names(told[0]) & forms(line):
        return False
    asked = set(matter_keys(told[1]))
    said = key_set(line)
    if not asked or not all(_said(k, said) for k in asked):
        return False
    return not asks_value(question) or says_asked(question, line)


def _said(key: str, said: frozenset[str]) -> bool:
    """Is `key` one of `said`, or does one open the other, both of four letters or more?"""
    return key in said or any(
        len(w) >= 4 and len(key) >= 4 and (w.startswith(key) or key.startswith(w)) for w in said
    )
