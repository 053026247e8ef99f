"""A question that tells a situation first, read a little under the floor by a stage fitted on
such questions.

The answerability model (answerability.py) was fitted on rows nearly all of which are plain
questions: SQuAD 2.0's, HotpotQA's and most handbook dev tasks ask without telling anything
first. An employee's question often tells a situation and then asks ("I had a couple of pints
last night. What's the alcohol limit for work?"); no SQuAD or HotpotQA question does
(`ask_named.told_situation` finds none in SQuAD 2.0 dev's 2,805 or HotpotQA's 250). For such a
question the word-level features (the alignment of each question word with the line) are
pulled down by the situation's words whether or not the line answers, and what still tells an
answering line from a must-refuse one is how close the question as a whole is in meaning to
one of the top lines (`cos_max3`) and whether retrieval put one document clearly first
(`retrieval_gap`). Measured on the open batteries' situated questions scoring 0.10-0.35
(70 answered right by their first line, 142 that must be refused: withheld copies,
permission, unanswerable): their AUC among those rows is 0.70 and 0.68, the alignment's
0.57-0.65, and the same features read for the asking clause alone (without the situation)
0.49-0.57 — the situation's words are evidence for the line, not against it.

`SITUATED`: a logistic regression over (logit of the shipped score, `cos_max3`,
`retrieval_gap`) fitted on those rows; a line answers when it scores over the highest
must-refuse row. Left out battery by battery (fitted on the other nine, threshold at their
highest must-refuse row), it answers 12 of the 70 and 1 of the 142.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import told_situation
from wikiqa.answerers.features import ANSWER_FEATURES

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

BAND = 0.25  # how far under the floor the stage reads (the fitted rows: 0.10 to 0.35)
# (weight of logit(score), of cos_max3, of retrieval_gap), and the bar their sum must clear
WEIGHTS = (0.545, 7.746, 5.595)
BAR = 6.13  # just over the highest must-refuse row (6.11)
_COS_MAX3 = ANSWER_FEATURES.index("cos_max3")
_GAP = ANSWER_FEATURES.index("retrieval_gap")


def situated(e: Evidence, floor: float) -> bool:
    """Does the first line of a question that tells a situation first answer a little under
    the floor by the situated stage (module docstring)? Only with an embedder (`cos_max3`
    is a constant without one)."""
    if not e.ranked or not floor - BAND <= e.score < floor or e.score <= 0.0:
        return False
    if told_situation(e.question.text) is None:
        return False
    logit = math.log(e.score / (1.0 - e.score))
    z = WEIGHTS[0] * logit + WEIGHTS[1] * e.features[_COS_MAX3] + WEIGHTS[2] * e.features[_GAP]
    return z > BAR
