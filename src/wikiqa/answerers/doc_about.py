"""A line a little under the floor whose document, read whole, is the one the question is about.

An employee who tells a situation before asking ("I've been put on the new 42 route which
I've never driven. Do I get paid time to learn it?") words it their own way, so the line
that answers scores a little under the floor on the question's words; the same is true of
a neighbour document's line when the answering document is not there (withheld, or not
the reader's). What the answering document has that a neighbour lacks is that, read whole,
it is about the question: the mean meaning of its lines (its centroid) is nearer the
question than any other document read for it, by a clear margin. A neighbour is near the
question only in one line or two, or about as near as another neighbour.

One sentence: *for a question that tells a situation first (`ask_named.told_situation`), a
first-ranked line within `DOC_SLACK` under the floor, in the document retrieval put first,
answers when that document's centroid (the normalised mean of its read lines' vectors) is
nearer the whole question than every other document's read for it by at least
`DOC_MARGIN`.* SQuAD and HotpotQA questions tell no situation, so neither can reach this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import told_situation
from wikiqa.answerers.features import ANSWER_FEATURES
from wikiqa.answerers.neighbours import read_out_of_force

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

DOC_SLACK = 0.10  # how far under the floor the line may score
DOC_MARGIN = 0.10  # how much nearer the question its document must be than any other
_DOC_TOP = ANSWER_FEATURES.index("doc_top")


def document_groups(e: Evidence) -> list[list[str]]:
    """The texts of the evidence's candidates, grouped by document, the first-ranked line's
    document first, then the others in the order they are first ranked."""
    groups: dict[str, list[str]] = {}
    for c in e.ranked:
        texts = groups.setdefault(c.doc.doc_id, [])
        if c.text not in texts:
            texts.append(c.text)
    return list(groups.values())


def about_alone(
    e: Evidence, floor: float, centroid_cosines: Callable[[str, list[list[str]]], list[float]]
) -> bool:
    """Does the evidence's first line answer within DOC_SLACK under the floor because the
    question tells a situation first and its document, read whole, is nearer the question
    than any other document read for it by DOC_MARGIN (see the module docstring)?
    `centroid_cosines(question, groups)` is the question's cosine to each group's centroid."""
    if not e.ranked or not floor - DOC_SLACK <= e.score < floor:
        return False
    if e.features[_DOC_TOP] < 1.0 or told_situation(e.question.text) is None:
        return False
    if read_out_of_force(e.ranked[0].doc):
        return False  # a superseded, archived or draft edition is about the question too
    groups = document_groups(e)
    if len(groups) < 2:
        return False  # one document read: nothing to be nearer than
    cos = centroid_cosines(e.question.text, groups)
    return cos[0] - max(cos[1:]) >= DOC_MARGIN
