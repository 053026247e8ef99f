"""Lifting one line of a refused evidence above its first line and deciding it again.

Several rules find, in a refused single evidence, a line the ranker put below the first that
says the asked thing better: a line of the first line's document much nearer the question in
meaning (nearer_line.py), one granting or forbidding what is asked leave for (leave_line.py),
one ruling on the thing a yes/no question asks about (thing_line.py), one stating what follows
the asked condition (consequence.py), or a line of another document that says and means the
ask (said_nearer.py). Each chooses its line by its own rule; all of them then do the same
thing, written here once: the line is ranked just above the first line (`LIFT` rank points),
the evidence is decided again with the ranker's order otherwise kept, and the result answers
only if the line is then first and clears the floor on its own (no slack), or a reading the
answerer gives any first line under the floor passes it. A lifting module therefore writes
only its choice of line (`nearer_candidate`, `end_candidate`, ...: evidence in, a line or None
out); `ExtractiveAnswerer._lifted_reading` applies every such choice through `lifted_answers`,
and `extractive.LIFTED_LINES` lists, in their order, the choices that need nothing but the
evidence (consequence.py, end_line.py, open_day.py, said_value.py, change_line.py).

The two ways of choosing a line the rules share are here too: the lines of the first line's
document among the top `NEAR_POOL` ranked (no table row, the document in force), the first
of them saying what the first line does not (end_line.py, open_day.py), and the one of a pool
that is nearest the question in meaning by a margin.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from wikiqa.answerers.neighbours import read_out_of_force

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

NEAR_POOL = 10  # ranked lines looked at (the answerability's p_top pool)
LIFT = 0.05  # rank points the line is put above the first line by

# topic_cosines(question, texts, contexts), as the answerer's: the bundled embedder's cosine,
# the larger of the line alone and under its heading
TopicCosines = Callable[[str, list[str], list[str]], list[float]]
# redecide(line, points): the evidence decided again with `line` lifted by `points`
Redecide = Callable[["Candidate", float], "Evidence"]


def first_document_lines(e: Evidence) -> list[Candidate]:
    """The lines of the first line's document among the top NEAR_POOL ranked after it, in
    rank order (no table row, not the first line itself); [] when nothing is ranked or that
    document is out of force (a rule reads the document the ranker chose, not its
    superseded copy)."""
    if not e.ranked:
        return []
    first = e.ranked[0]
    if read_out_of_force(first.doc):
        return []
    return [
        c
        for c in e.ranked[1:NEAR_POOL]
        if c.doc.doc_id == first.doc.doc_id and c.header is None and c.at != first.at
    ]


def first_line_saying(e: Evidence, says: Callable[[Candidate], bool]) -> Candidate | None:
    """The highest-ranked of `first_document_lines` that `says` holds of, when the first line
    does not already (a rule lifts a line only for what the first line lacks); None
    otherwise."""
    if not e.ranked or says(e.ranked[0]):
        return None
    return next((c for c in first_document_lines(e) if says(c)), None)


def nearest_in_meaning(
    e: Evidence, pool: Sequence[Candidate], topic_cosines: TopicCosines, margin: float
) -> Candidate | None:
    """The line of `pool` nearest the question in meaning (`topic_cosines`), when it is
    nearer than the first line by at least `margin`; None otherwise or for an empty pool."""
    if not e.ranked or not pool:
        return None
    lines = [e.ranked[0], *pool]
    cos = topic_cosines(e.question.text, [c.text for c in lines], [c.context for c in lines])
    best = max(range(1, len(lines)), key=lambda i: cos[i])
    if cos[best] - cos[0] < margin:
        return None
    return lines[best]


def lifted_answers(
    e: Evidence,
    line: Candidate | None,
    floor: float,
    redecide: Redecide,
    under_floor: Callable[[Evidence], bool] | None = None,
) -> Evidence | None:
    """`e` decided again with `line` ranked just above its first line, when `line` is then
    first and clears the floor or `under_floor` (the answerer's readings of a first line
    under the floor) passes it; None otherwise, or when no line was chosen."""
    if line is None:
        return None
    again = redecide(line, e.ranked[0].rank - line.rank + LIFT)
    if not again.ranked or again.ranked[0] is not line:
        return None
    if again.score >= floor or (under_floor is not None and under_floor(again)):
        return again
    return None
