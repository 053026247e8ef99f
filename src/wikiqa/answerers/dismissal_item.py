"""The item of a gross-misconduct list that says the act a question asks dismissal for.

Every handbook's disciplinary policy lists what may be dismissed without notice under one
lead-in: "Gross misconduct can lead to dismissal without notice, even for a first offence.
Examples:" then "- theft, including taking ... money from a till", "- falsifying timesheets,
permits or inspection records". Asked "Could I get sacked on the spot for fiddling my
timesheet?" (told_dismissal.py reads it "dismissed without notice"), the item naming the act
ranks first, yet scores far under the floor: the question's words are the lead-in's
("dismissed without notice") and the asker's own ("fiddling"), none of them the item's.

`dismissal_item` lets such an item answer at any score when the question asks whether
something leads to dismissal without notice, the item's list is introduced (lead-in or
heading) as gross misconduct or dismissal without notice, and the act the question tells
(the question without its dismissal words) is, by the bundled embedder, nearest that item
by `ACT_MARGIN` over every other item of the list and at least `ACT_COSINE` near it: the
item then says the act, not merely shares the list. An act no item says ("being five
minutes late once") is near none by a margin and stays refused; so does a line that is no
such item (the lead-in itself, a prose sentence naming gross misconduct). `unlisted_act` is
the other side: the list's lead-in ("Gross misconduct can lead to dismissal without notice,
even for a first offence.") cleared the floor for "Can someone be sacked on the spot for
being five minutes late once?" over a small collection, answering that the act is a
dismissal offence; when no item of its list is the told act's, that evidence does not answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.text.lists import item_at, list_items
from wikiqa.text.sentences import Span

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

ACT_MARGIN = 0.10  # the act's cosine to its item over the next item of the list
ACT_COSINE = 0.30  # ... and to its item at least

Similarities = Callable[[str, list[str]], list[float]]

# the question asks whether an act is dismissed at once, as the documents write it
_ASKS = re.compile(
    r"\b(?:dismiss(?:ed|al)?(?:\s+\w+)?\s+without\s+notice|sacking\s+offence|"
    r"gross\s+misconduct|summary\s+dismissal)\b",
    re.I,
)
# a list introduced so (its lead-in or its heading)
_LIST = re.compile(r"\b(?:without\s+notice|gross\s+misconduct|summary\s+dismissal)\b", re.I)
_ASKING = re.compile(
    r"\b(?:(?:can|could|would|will|might|may)\s+(?:i|you|we|they|someone|somebody|"
    r"a\s+\w+|an\s+\w+)\s+(?:get|be)|is|are|it|that|a|an)\b",
    re.I,
)


def told_act(question: str) -> str:
    """The act a dismissal question tells: its words without the dismissal asked
    ("Could I get dismissed without notice for fiddling my timesheet?" -> "for fiddling my
    timesheet")."""
    act = _ASKS.sub(" ", question)
    return " ".join(_ASKING.sub(" ", act).split()).strip(" ?")


def _act_item(act: str, items: tuple[Span, ...], similarities: Similarities) -> int | None:
    """The index of the item of `items` nearest `act`, when it is ACT_COSINE near it and
    ACT_MARGIN nearer than every other item; None otherwise."""
    cos = similarities(act, [s.text for s in items])
    best = max(range(len(cos)), key=cos.__getitem__)
    rest = max((c for n, c in enumerate(cos) if n != best), default=0.0)
    return best if cos[best] >= ACT_COSINE and cos[best] - rest >= ACT_MARGIN else None


def _asked_act(e: Evidence) -> str | None:
    """The act a question asking dismissal without notice tells (two words or more), else
    None."""
    if not _ASKS.search(e.question.text):
        return None
    act = told_act(e.question.text)
    return act if len(act.split()) >= 2 else None


def dismissal_item(e: Evidence, similarities: Similarities) -> bool:
    """Is the evidence's first line the item of a gross-misconduct list nearest the act the
    question asks dismissal without notice for, by ACT_MARGIN over the list's other items?"""
    act = _asked_act(e) if e.ranked else None
    if act is None:
        return False
    top = e.ranked[0]
    if top.header is not None or read_out_of_force(top.doc):
        return False
    item = item_at(top.doc.text, top.span.start, top.span.end)
    if item is None or len(item.siblings) < 3:
        return False
    if not _LIST.search(" ".join([item.lead.text if item.lead else "", top.context or ""])):
        return False
    mine = next(n for n, s in enumerate(item.siblings) if s.start == item.item.start)
    return _act_item(act, item.siblings, similarities) == mine


def unlisted_act(e: Evidence, similarities: Similarities) -> bool:
    """Is the evidence's first line the lead-in of a gross-misconduct list ("Gross misconduct
    can lead to dismissal without notice ... Examples:") for a question asking dismissal
    without notice for an act that no item of the list is (`_act_item`)?"""
    act = _asked_act(e) if e.ranked else None
    if act is None:
        return False
    top = e.ranked[0]
    if top.header is not None:
        return False
    for it in list_items(top.doc.text):
        lead = it.lead
        if lead is not None and lead.start <= top.span.start < lead.end:
            if not _LIST.search(lead.text) or len(it.siblings) < 3:
                return False
            return _act_item(act, it.siblings, similarities) is None
    return False
