"""A line of another retrieved document that says the question's words and means what it asks.

The ranker orders documents by the words they share with the question, and a document can
share them through its title, a heading or a neighbouring topic ("When do bank staff get
paid?" puts first a line of "Bank Holidays by Region", whose title says "bank"; "Do I still
get paid? I'm hourly." a line of "Pay Dates"), while the line that says the asked thing
sits in another retrieved document ("- Bank workers are paid weekly, every Friday ..." in
the bank workers' guide; "If you are hourly paid and your site is stopped by the weather
..." in the bad-weather policy). The first line, read for meaning, scores under the floor
and the question is refused although its answer was fetched.

One sentence: *when the whole question's single evidence is refused, the document asked
about is the one whose line both says the question's own words (at least `SAID` of its
content words, in the line itself, not only in its title or heading) and means what the
question asks (nearer it than the first line by at least `MEANING_MARGIN`, by the bundled
embedder's topic cosine); that line, the nearest such line of another document among the
top `POOL` ranked (no table row, its document in force, saying the kind of thing the
question's wording asks for), is ranked just above the first
line and answers if it is then first and its own answerability clears the floor (no
slack).*

Why the document, not only the line: a title or a neighbouring topic shares words with
many questions, a line that says the question's words and its meaning is about what is
asked. A permission question whose document is withheld, or an unanswerable one, is left
with neighbours that say its words or are near its meaning, rarely both by the margin, and
when both, the line's own answerability stays under the floor (the floor, with no slack,
keeps them refused: measured on the open tasks and their withheld copies before any run).
It runs only for a refused evidence, so it never moves a line that answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.features import answers_type, asked_value, key_set
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.answerers.lift import (
    NEAR_POOL,
    TopicCosines,
    nearest_in_meaning,
)
from wikiqa.answerers.neighbours import read_out_of_force

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

POOL = NEAR_POOL  # ranked lines looked at (the answerability's p_top pool)
SAID = 2  # content words of the question the line must say itself
MEANING_MARGIN = 0.15  # how much nearer the question, in cosine, than the first line


def says_question(question_terms: frozenset[str], c: Candidate) -> bool:
    """Does the line itself (not its heading or title) say at least SAID of the
    question's content words (`features.key_set` keys)?"""
    return len(question_terms & key_set(c.text)) >= SAID


def states_asked(e: Evidence, c: Candidate) -> bool:
    """Does the line say the kind of thing the question's wording asks for (a sum of money,
    a day, a phone number, ...: `kinds.asked_kind`), and the rate, fee or limit a what-question
    asks for (`features.asked_value`)? A line that does not would be refused on the finished
    answer anyway; read here, the refusal keeps its own reason."""
    q = e.question
    if not says_kind(asked_kind(q.text), c.text):
        return False
    wh = asked_value(q)
    return wh is None or answers_type(wh, c.text, set(q.terms))


def said_candidate(e: Evidence, topic_cosines: TopicCosines) -> Candidate | None:
    """The line of another document than the first line's, among the top POOL (no table
    row, its document in force), that says the question's words itself (`says_question`)
    and the kind of thing it asks for (`states_asked`), and is nearest the question in
    meaning, when it is nearer than the first line by at least MEANING_MARGIN;
    `topic_cosines(question, texts, contexts)` as the answerer's."""
    if not e.ranked:
        return None
    first = e.ranked[0]
    terms = frozenset(e.question.terms)
    others = [
        c
        for c in e.ranked[1:POOL]
        if c.doc.doc_id != first.doc.doc_id
        and c.header is None
        and not read_out_of_force(c.doc)
        and says_question(terms, c)
        and states_asked(e, c)
    ]
    return nearest_in_meaning(e, others, topic_cosines, MEANING_MARGIN)
