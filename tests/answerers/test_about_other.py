"""A refused question whose first line is another document's answers from the document it is
about, read whole (doc_about.about_other): when that document's centroid is nearer the
question than every other document read by DOC_MARGIN, its lines are ranked first and its
best line answers if it then clears the floor. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.doc_about import DOC_MARGIN, about_other
from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, Question

PAY = (
    "Pay Dates",
    "# Pay Dates\n\nHourly-paid staff are paid weekly, every Friday, one week in hand.\n\n"
    "Salaried staff are paid monthly on the last working day.\n\nPayslips are in the staff "
    "app.\n",
)
WEATHER = (
    "Bad Weather and Site Closures",
    "# Bad Weather and Site Closures\n\nWhen snow, ice or flooding closes a site, the site "
    "manager texts everyone before 06:00.\n\n- For the first 2 working days of a closure you "
    "get your normal pay.\n- After that you receive 75% of your basic rate until the site "
    "reopens.\n\nIf another site nearby is open, you may be asked to work there instead.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nEveryone gets 25 days of annual leave a year plus public holidays.\n\n"
    "Book leave at least 2 weeks ahead.\n",
)
OVERTIME = (
    "Overtime",
    "# Overtime\n\nOvertime is paid at time and a half.\n\nTimesheets signed after the Monday "
    "cut-off are paid a week later.\n",
)
SITE = {"p": PAY, "w": WEATHER, "l": LEAVE, "o": OVERTIME}
ASKED = "Site's been shut all week with snow. Do I still get paid? I'm hourly."
PAY_LINE = "Hourly-paid staff are paid weekly, every Friday, one week in hand."
ANSWER = "- For the first 2 working days of a closure you get your normal pay."


class _Seen(ExtractiveAnswerer):
    """The shipped answerer, keeping the evidences it decides on."""

    seen: list[Evidence]
    draft: Draft

    def clearing(self, found: list[Evidence], whole: Evidence) -> list[Evidence]:
        self.seen = list(found)
        return super().clearing(found, whole)


async def _ask(
    emb: OnnxEmbedder, docs: dict[str, tuple[str, str]], floor: float | None = None
) -> _Seen:
    kw = {} if floor is None else {"floor": floor}
    answerer = _Seen(embedder=emb, max_sentences=3, **kw)
    answerer.draft = await answerer.answer(Question(text=ASKED), TermSource(docs))
    return answerer


async def test_the_document_the_question_is_about_answers_over_a_neighbour(
    emb: OnnxEmbedder,
) -> None:
    """Refused on main e11327e: the pay dates' line, saying "hourly" and "paid", ranks first
    (its document retrieved first, then the meaning bonus of the top three) and scores 0.19.
    The closures document, read whole, is nearer the question than every other by far; its
    line ranked first scores over the floor."""
    a = await _ask(emb, SITE)
    e = a.seen[0]
    assert e.ranked[0].text == PAY_LINE and e.score < a.floor
    assert a.draft.refusal is None
    assert ANSWER in [q.quote for q in a.draft.claims[0].quotes]  # the answer, first
    # the evidence the steps after the decision read keeps the ranker's own order
    assert e.ranked[0].text == PAY_LINE and e.ranked[0].rank >= e.ranked[1].rank


async def test_without_that_document_or_under_the_floor_it_stays_refused(
    emb: OnnxEmbedder,
) -> None:
    """The must-refuse side: withheld, the closures document leaves the neighbours, none of
    which is about the question by DOC_MARGIN, and the question is refused; and a document
    about the question whose best line does not clear the floor, or that is a superseded
    edition, answers nothing. The first assertion fails on main (refused there)."""
    assert (await _ask(emb, SITE)).draft.refusal is None
    without = await _ask(emb, {"p": PAY, "l": LEAVE, "o": OVERTIME})
    assert without.draft.refusal is not None
    strict = await _ask(emb, SITE, floor=0.9)
    assert strict.draft.refusal is not None
    # a past edition is about what its replacement is about, and answers nothing so
    past = ("Bad Weather and Site Closures (2024 edition, superseded)", WEATHER[1])
    superseded = await _ask(emb, {"p": PAY, "w": past, "l": LEAVE, "o": OVERTIME})
    assert superseded.draft.refusal is not None


async def test_about_other_needs_another_document_nearer_by_the_margin(
    emb: OnnxEmbedder,
) -> None:
    """Which document is about the question, by given centroid cosines: another document than
    the first line's, nearer than every other by DOC_MARGIN; none when the first line's own
    document is nearest, when the lead is under the margin, or when one document was read."""
    a = await _ask(emb, SITE)
    e = a.seen[0]
    ids = list(dict.fromkeys(c.doc.doc_id for c in e.ranked))
    assert len(ids) >= 3
    near, far = 0.5 + 1.5 * DOC_MARGIN, 0.5
    assert about_other(e, lambda q, g: [far, near] + [far] * (len(g) - 2)) == ids[1]
    assert about_other(e, lambda q, g: [far, far, near] + [far] * (len(g) - 3)) == ids[2]
    assert about_other(e, lambda q, g: [near] + [far] * (len(g) - 1)) is None
    close = far + 0.5 * DOC_MARGIN
    assert about_other(e, lambda q, g: [close, near] + [far] * (len(g) - 2)) is None
    one = Evidence(e.question, [c for c in e.ranked if c.doc.doc_id == ids[0]], [], 0.1)
    assert about_other(one, lambda q, g: [1.0] * len(g)) is None
