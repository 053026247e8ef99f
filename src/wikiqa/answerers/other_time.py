"""A question set in one period of time over a line that dates what it says to another.

"Who described a steam turbine in 1690?" over "A rudimentary steam turbine device was
described by Taqi al-Din in 1551 and by Giovanni Branca in 1629."; "Who proved that there
exist practically relevant NP-complete problems in 1961?" over "The field really began to
flourish in 1971 when ... Stephen Cook and ... Leonid Levin ... proved that there exist
practically relevant problems that are NP-complete." A question that puts what it asks in a
period (`other_case.asked_periods`: a year, a decade, a century, a span, never a bound like
"since 1970") asks about that time; a line that dates what it says to another period, and
neither it, the sentences beside it nor its heading or title names a time overlapping the
asked one, tells of another time. `swapped_periods` (other_case.py) reads this when the two
periods stand in the same phrase and `unsaid_period` when the document names no period
overlapping the asked one; this reads the rest: the other period anywhere in the line.

Bounded: the line's own period must read as the time of what it tells (after "in",
"during", "of", ...; not a life date "born 5 November 1986" nor a name "the 2017-18
season"), and not a bound ("from 1 April 2026", "since 1970", "until 2027": a rule dated
so covers the times beyond it), and the period the question asks must read as the time of what is asked (`unsaid_period.reads_as_time`: after "in",
"during", "of", ..., not a name or a quantity like "the 1973 oil crisis", nor a description
of a noun like "the writer who died in 2007"). A yes/no question is never read (a line
about another time answers it with a no), and a table row is not read (its date is a cell
under a header). A question with a relative clause ("the chemist who ... during the
1960s") is not read, since its period may date the description, not what is asked; nor is
one that names a period as a name or a bound beside the asked one, and every period the
question asks must be unsaid.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.other_case import (
    BOUNDS_AFTER,
    BOUNDS_BEFORE,
    asked_periods,
    named_periods,
    word_tokens,
)
from wikiqa.answerers.unsaid_period import reads_as_time

__all__ = ["other_time"]

_RELATIVE = re.compile(r"\b(?:who|whom|whose|which)\b", re.I)


def _dated(line: str) -> list[tuple[int, int]]:
    """The periods `line` dates something to: each period not written as a bound."""
    out = []
    for a, b, start, end, spanned in named_periods(line):
        before = word_tokens(line[:start])[-1:]
        if not spanned and (
            (before and before[0] in BOUNDS_BEFORE) or BOUNDS_AFTER.match(line[end : end + 12])
        ):
            continue
        if not reads_as_time(line, start):
            continue  # "born 5 November 1986", "the 2017-18 season": a life date or a name
        out.append((a, b))
    return out


def other_time(
    question: str, wh: str, line: str, around: Sequence[str] = (), context: str = ""
) -> bool:
    """Does `line` date what it says to another period than the one the question asks about,
    with no time overlapping the asked one in the line, the sentences `around` it or its
    `context` (heading, title)?"""
    if wh == "yesno":
        return False
    dated = _dated(line)
    if not dated:
        return False
    asked = asked_clause(question)
    if _RELATIVE.search(asked[1:]):
        return False  # "the chemist who ... during the 1960s recorded ...": a period may date a description
    held = [(a, b) for t in (line, *around, context) for a, b, *_ in named_periods(t)]
    periods = [(a, b) for a, b, start, _ in asked_periods(asked) if reads_as_time(asked, start)]
    if not periods or len(periods) < len(asked_periods(asked)):
        return False  # a period that is a name or a bound beside the asked one
    # Every period asked is unsaid: a question dating two things is answered by a line
    # dating one of them ("In 1991 X was bought by a chain that operated how many ... in 2016?").
    return not any(x <= b and a <= y for a, b in periods for x, y in held)
