"""A line of the first document much nearer the question in meaning than the line put first.

The ranker puts first the line that shares most of the question's words; the topic cosine
then reorders only the three lines the words ranked highest. A question worded unlike its
document ("Can I stay in the lab on my own on a Saturday?" against "- Working alone in a
laboratory after 19:00 or at weekends needs a lone-working permit ...") shares as many
words with a neighbouring line of the same document ("- Lab coats and safety glasses are
worn at all times in the laboratory ..."), so the line that says the asked thing in other
words can rank below the third and is never read for meaning; the line that is read
scores under the floor and the question is refused.

One sentence: *when the whole question's single evidence is refused, the line of the
first line's document, among the top `NEAR_POOL` ranked, that is nearest the question in
meaning (the bundled embedder's cosine, the larger of the line alone and under its
heading, as the topic cosine reads it) and nearer than the first line by at least
`MEANING_MARGIN`, is ranked just above the first line; it answers if it is then first and
its own answerability clears the floor (no slack), or (rank25) if a reading the answerer
gives any first line under the floor passes it (an act ruled on, a bound stated, ...).*

It runs only for a refused evidence, so it never moves a line that answered; it reads the
first line's document only (documents are ordered against each other as before: meaning
across documents answered permission questions from the nearest readable neighbour,
docrank20), no table row (rows are told apart by their key, not by meaning, rank18), and
no document out of force. The margin is a large one: a permission or unanswerable
question's nearest line of a readable document is rarely much nearer the question than
the line its words put first, and when it is, it scores under the floor on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.neighbours import read_out_of_force

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

NEAR_POOL = 10  # ranked lines looked at (the answerability's p_top pool)
MEANING_MARGIN = 0.2  # how much nearer the question, in cosine, than the first line
LIFT = 0.05  # rank points the line is put above the first line by


def nearer_candidate(
    e: Evidence, topic_cosines: Callable[[str, list[str], list[str]], list[float]]
) -> Candidate | None:
    """The line of the first line's document among the top NEAR_POOL (no table row) that is
    nearest the question in meaning, when it is nearer than the first line by at least
    MEANING_MARGIN; `topic_cosines(question, texts, contexts)` as the answerer's."""
    if not e.ranked:
        return None
    first = e.ranked[0]
    if read_out_of_force(first.doc):
        return None
    same = [
        c
        for c in e.ranked[1:NEAR_POOL]
        if c.doc.doc_id == first.doc.doc_id and c.header is None and c.at != first.at
    ]
    if not same:
        return None
    lines = [first, *same]
    cos = topic_cosines(e.question.text, [c.text for c in lines], [c.context for c in lines])
    best = max(range(1, len(lines)), key=lambda i: cos[i])
    if cos[best] - cos[0] < MEANING_MARGIN:
        return None
    return lines[best]


def nearer_line(
    e: Evidence,
    floor: float,
    topic_cosines: Callable[[str, list[str], list[str]], list[float]],
    redecide: Callable[[Candidate, float], Evidence],
    under_floor: Callable[[Evidence], bool] | None = None,
) -> Evidence | None:
    """The evidence decided again with `nearer_candidate` ranked just above the first line
    (`redecide(line, points)`: the ranker's order otherwise kept), when that line is then
    first and answers; None otherwise. It answers when it clears the floor, or when
    `under_floor` (the answerer's readings of a first line under the floor) passes it: once
    first, the nearer line is judged as any first line is."""
    line = nearer_candidate(e, topic_cosines)
    if line is None:
        return None
    return lifted_answers(e, line, floor, redecide, under_floor)


def lifted_answers(
    e: Evidence,
    line: Candidate,
    floor: float,
    redecide: Callable[[Candidate, float], Evidence],
    under_floor: Callable[[Evidence], bool] | None = None,
) -> Evidence | None:
    """`e` decided again with `line` ranked just above its first line, when `line` is then
    first and clears the floor or `under_floor` passes it; None otherwise."""
    again = redecide(line, e.ranked[0].rank - line.rank + LIFT)
    if not again.ranked or again.ranked[0] is not line:
        return None
    if again.score >= floor or (under_floor is not None and under_floor(again)):
        return again
    return None
