"""The answer must say the case the question names, not a sibling of it: another period.

Why: "What was the weekly standby payment on grade C back in 2023?" was answered with this
year's grade C row, "What was the tool allowance for a joiner in 2022-23?" with the current
joiner's row. Each answer is a true line about a sibling of what was asked, a later period:
the answerability score reads how much of the question a line covers, and a row covering
the column and the entry asked scores well whichever year it holds for.

`earlier_period`, a check on the finished answer (whichever step built it, like
asked_thing.py and kind_keys.py): a question asked in the past tense of a year ("What was
..., "How much did ...") asks of a period; documents whose every year is later than it
("applies from the 2026-27 year") say what holds since, not then, and the question is
refused (extractive._answer). A year in a question asked in the present ("I started in
2019, how much leave do I get?") is the asker's situation, not the period asked, and is
left alone.

A second reading, a cited table row refused when a word of the question names another
entry of the row's table that no cited document says ("special constable" over "| Retained
firefighter | up to 10 days |"), was measured and lost a held-out factual task; it is not
here (history/extractive-history.md, refuse22).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from wikiqa.answerers.features import asked_clause

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# A question asked in the past tense: "What was ...", "How much did ...", "Which rate were ..."
_PAST = re.compile(
    r"^\s*(?:what|which|who|how(?:\s+(?:much|many|long|often))?)(?:\s+\w+){0,3}?\s+"
    r"(?:was|were|did)\b",
    re.I,
)


def earlier_period(question: str, chosen: Iterable[Candidate]) -> str:
    """The year a past-tense question asks of, when every year the cited documents say is
    later; "" otherwise (see the module docstring)."""
    clause = asked_clause(question)
    if not _PAST.match(clause):
        return ""
    asked = [int(y) for y in _YEAR.findall(clause)]
    if not asked:
        return ""
    texts = {c.doc.doc_id: f"{c.doc.title}\n{c.doc.text}" for c in chosen}
    years = [int(y) for t in texts.values() for y in _YEAR.findall(t)]
    if not years:
        return ""
    first = min(years)
    return next((str(y) for y in asked if y < first), "")
