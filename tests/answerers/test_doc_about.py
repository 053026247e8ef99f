"""A situation-first question's line a little under the floor answers when its document,
read whole, is the one the question is about (doc_about.py): the first-retrieved document's
centroid is nearer the question than every other document read by DOC_MARGIN. Small
documents written here."""

from __future__ import annotations

from dataclasses import replace

from memsource import TermSource

from wikiqa.answerers.doc_about import DOC_MARGIN, DOC_SLACK, about_alone
from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, Question

TRAINING = (
    "Driver Training",
    "# Driver Training\n\nEvery new driver completes 5 weeks of training at the depot school "
    "before driving in service.\n\n## Route learning\n\nYou get 2 paid route-learning days "
    "for each new route you are rostered on.\n\nA mentor driver rides with you on your first "
    "trip over a new route.\n",
)
HOURS = (
    "Drivers' Hours and Breaks",
    "# Drivers' Hours and Breaks\n\nAfter 5 hours 30 minutes of driving you must take a break "
    "of at least 30 minutes.\n\nThe working day may not exceed 10 hours of driving.\n\nTell "
    "your depot manager if you are too tired to drive.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nEveryone gets 25 days of annual leave a year plus public holidays.\n\n"
    "Book leave at least 2 weeks ahead.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\nDrivers wear the company uniform on every shift.\n\nReplacement shirts are "
    "issued free of charge twice a year.\n",
)
# a neighbour about routes too: with it the training document is no longer alone
ROUTES = (
    "Route Changes",
    "# Route Changes\n\nNew routes and timetable changes are published 4 weeks before they "
    "start.\n\nRoute cards for every route are kept in the depot office.\n\nDrivers on a new "
    "route are given its route card on their first day.\n",
)
DEPOT = {"t": TRAINING, "h": HOURS, "l": LEAVE, "u": UNIFORM}
ASKED = "I've been put on the new 42 route which I've never driven. Do I get time to learn it?"
ANSWER = "You get 2 paid route-learning days for each new route you are rostered on."


class _Seen(ExtractiveAnswerer):
    """The shipped answerer, keeping the evidences it decides on."""

    seen: list[Evidence]
    draft: Draft

    def clearing(
        self, found: list[Evidence], whole: Evidence, asker: frozenset[str] = frozenset()
    ) -> list[Evidence]:
        self.seen = list(found)
        return super().clearing(found, whole, asker)


async def _ask(emb: OnnxEmbedder, question: str, docs: dict[str, tuple[str, str]]) -> _Seen:
    answerer = _Seen(embedder=emb, max_sentences=3)
    answerer.draft = await answerer.answer(Question(text=question), TermSource(docs))
    return answerer


async def test_a_line_whose_document_alone_is_about_the_question_answers(
    emb: OnnxEmbedder,
) -> None:
    """Refused on main 940f5cf: the line scores a little under the floor (0.29), the
    situation's words ("put on the new 42 route", "never driven") said by no line. The
    training document, read whole, is nearer the question than any other by far."""
    a = await _ask(emb, ASKED, DEPOT)
    assert a.draft.refusal is None
    assert [q.quote for c in a.draft.claims for q in c.quotes] == [ANSWER]
    e = a.seen[0]
    assert a.floor - DOC_SLACK <= e.score < a.floor
    # nearer than every other document by DOC_MARGIN, not by less
    near = 0.5 + 1.5 * DOC_MARGIN
    assert about_alone(e, a.floor, lambda q, g: [near] + [0.5] * (len(g) - 1))
    assert not about_alone(e, a.floor, lambda q, g: [near, 0.5, near - 0.5 * DOC_MARGIN])


async def test_a_neighbour_document_or_a_second_document_about_it_leaves_it_refused(
    emb: OnnxEmbedder,
) -> None:
    """Without the training document the neighbours' lines are refused; with a second
    document about routes beside it, the training document is not alone (its centroid 0.58,
    the route changes' 0.51) and the line, 0.27, stays under the floor. The first assertion
    fails on main (refused there)."""
    answered = await _ask(emb, ASKED, DEPOT)
    assert answered.draft.refusal is None
    without = await _ask(emb, ASKED, {"h": HOURS, "l": LEAVE, "u": UNIFORM, "r": ROUTES})
    assert without.draft.refusal is not None
    beside = await _ask(emb, ASKED, {**DEPOT, "r": ROUTES})
    assert beside.draft.refusal is not None
    assert beside.seen[0].ranked[0].doc.title == "Driver Training"


async def test_only_a_question_telling_a_situation_first_is_read_so(emb: OnnxEmbedder) -> None:
    """A question that only asks (SQuAD's and HotpotQA's all do) is never answered by this:
    the same evidence with the situation's sentence taken away from its question is not."""
    a = await _ask(emb, ASKED, DEPOT)
    e = a.seen[0]
    always = lambda q, g: [1.0] + [0.0] * (len(g) - 1)  # noqa: E731
    assert about_alone(e, a.floor, always)
    asked = replace(e, question=replace(e.question, text="Do I get time to learn it?"))
    assert not about_alone(asked, a.floor, always)
