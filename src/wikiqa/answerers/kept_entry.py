"""A record of a contacts list kept one per place, named by the place the question gives.

A contacts page keeps one holder of a role for each region, district or group of sites, each
record labelled with the role and the place it is kept for:

    HR business partner, North district: Joanne Whitlock, 01632 960 410, based at ...
    HR business partner, South district: Tariq Mahmood, 01632 960 420, based at ...
    HR business partner, Skerrin Island: Morag Kinnear, 01632 960 430, based at ...

"I work in the South. Who's my HR person?" names one record: the place it tells ("South") is
said by that record's key and by no other's, and the role it asks for is said in part ("HR";
"person" for "business partner"). The record is the row of a table keyed by place whose column
the question asks, written as a line: the answerability features, which count "person" and
"work" as missing terms and see three near-identical lines, leave it a little under the floor.

One sentence: *the first-ranked line, of a document in force, within `ask_named.ASK_SLACK`
under the floor, answers when it is a record "Holder, Key: value" of a
list of at least `MIN_RECORDS` records of the same holder, the question says a word of the
holder and a word of this record's key that no other record's key says, says no such word of
another record's key, and asks who (or for the kind of value the record gives: a number to
ring).* A yes/no question is never read so (the record says who, not whether). The record's
document need not be the search's first hit: "I'm on Skerrin Island. Who's my HR person?"
finds the island's own supplement first, while its record is the line ranked first.

Such a record holds the place as its case, as a row keyed by it does: place_only.py, which
refuses a prose line answering only by saying where the asker is, leaves it alone (`kept_for`).

What stays refused: a place no record keys ("I work in the East"), a role no record holds
("I work in the South. Who does payroll?": the holder unsaid), two places named (no one
record), a list of one or two records (no list kept per place), and a question asking
something else of the record ("what does my HR person deal with?").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import prose_line_in_slack
from wikiqa.answerers.features import asked_clause, key_set, question_type
from wikiqa.answerers.kinds import asked_row_kind, says_kind

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

KEPT_ENTRY = True  # switch: the record kept per place the question names
MIN_RECORDS = 3  # records of one holder that make a list kept per place

# "HR business partner, South district: Tariq Mahmood, ..." (a list mark allowed before it):
# the holder (no comma), its key (no colon) and the value.
_RECORD = re.compile(
    r"^\s*(?:[-*+]\s+)?(?P<holder>[A-Z][^:,;.]{1,40}),\s+(?P<key>[^:;.]{1,80}?):\s+(?P<value>\S.*)$"
)


def _records(text: str) -> list[tuple[str, str, str]]:
    """Every line of `text` read as a record: (holder lower-cased, key, value)."""
    out = []
    for line in text.splitlines():
        m = _RECORD.match(line)
        if m is not None:
            out.append((" ".join(m["holder"].lower().split()), m["key"], m["value"]))
    return out


def kept_record(question: str, line: str, text: str) -> bool:
    """Is `line` (of a document whose text is `text`) the record of a list kept per place
    that `question` names by its key's own word and asks the holder of (module docstring)?"""
    ask = asked_clause(question)
    if question_type(ask) == "yesno":
        return False
    m = _RECORD.match(line)
    if m is None:
        return False
    holder = " ".join(m["holder"].lower().split())
    same = [(k, v) for h, k, v in _records(text) if h == holder]
    if len(same) < MIN_RECORDS:
        return False
    asked = key_set(question)
    if not key_set(m["holder"]) & asked:
        return False  # the role asked is not this list's holder
    own = key_set(m["key"])
    others = [key_set(k) for k, _ in same if key_set(k) != own]
    if len(others) != len(same) - 1:
        return False  # the key is not one record's own
    mine = own - frozenset().union(*others)
    if not mine & asked:
        return False
    if any((k - own) & asked for k in others):
        return False  # another record's place is named too
    kind = asked_row_kind(question)
    if kind is not None:
        return says_kind(kind, m["value"])
    return question_type(ask) == "who"


def kept_entry(e: Evidence, floor: float) -> bool:
    """Does the evidence's first line answer within ASK_SLACK under the floor as the record
    kept for the place the question names (`kept_record`)?"""
    if not KEPT_ENTRY:
        return False
    # any retrieved document: a page about the place ("Working on Skerrin Island") may be
    # the search's first hit while the contacts list's record is the line ranked first
    top = prose_line_in_slack(e, floor, first_doc=False)
    return top is not None and kept_record(e.question.text, top.span.text, top.doc.text)


def kept_for(question: str, line: Candidate) -> bool:
    """Is `line` the record kept for the place `question` names (`kept_record`)? Such a record
    holds the place as its case, as a table row keyed by it does, so the place the asker
    tells is no mere match on where they are (place_only.py reads prose lines only)."""
    return KEPT_ENTRY and kept_record(question, line.span.text, line.doc.text)
