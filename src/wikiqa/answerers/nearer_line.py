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
first line's document, among the top `lift.NEAR_POOL` ranked, that is nearest the question in
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

from typing import TYPE_CHECKING

from wikiqa.answerers.lift import (
    TopicCosines,
    first_document_lines,
    nearest_in_meaning,
)

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

MEANING_MARGIN = 0.2  # how much nearer the question, in cosine, than the first line


def nearer_candidate(e: Evidence, topic_cosines: TopicCosines) -> Candidate | None:
    """The line of the first line's document among the top NEAR_POOL (no table row) that is
    nearest the question in meaning, when it is nearer than the first line by at least
    MEANING_MARGIN; `topic_cosines(question, texts, contexts)` as the answerer's."""
    return nearest_in_meaning(e, first_document_lines(e), topic_cosines, MEANING_MARGIN)
