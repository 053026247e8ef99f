"""A refused evidence's line of another retrieved document that says the question's words
itself and is much nearer it in meaning, ranked first, answers when it then clears the
floor (said_nearer.py). Small documents written here; the cosines are stand-ins, so each
test reads the rule and not the embedder."""

from __future__ import annotations

from collections.abc import Callable

from wikiqa.answerers.extractive import Candidate, Evidence
from wikiqa.answerers.features import analyse
from wikiqa.answerers.lift import lifted_answers
from wikiqa.answerers.said_nearer import MEANING_MARGIN, said_candidate
from wikiqa.text.sentences import Span
from wikiqa.types import Document

QUESTION = "When do relief staff get paid?"
HOLIDAYS = Document(
    source="m",
    doc_id="h",
    title="Relief Holidays by Region",
    text="Staff in the north get 9 holidays. Staff in the south get 8 holidays.",
)
GUIDE = Document(
    source="m",
    doc_id="g",
    title="Relief Workers' Guide",
    text="- Relief workers are paid weekly, every Friday.\n- Meals are free on long shifts.",
)
OLD_GUIDE = Document(
    source="m",
    doc_id="o",
    title="Relief Workers' Guide (2019, withdrawn)",
    text="- Relief workers were paid monthly, on the last Friday.",
)


def _line(doc: Document, text: str, rank: float, row: bool = False) -> Candidate:
    start = doc.text.index(text)
    span = Span(start, start + len(text), text)
    return Candidate(doc, span, [], 0, rank=rank, header=span if row else None)


def _evidence(lines: list[Candidate], question: str = QUESTION) -> Evidence:
    return Evidence(analyse(question), lines, [], 0.1)


def _cosines(table: dict[str, float]) -> Callable[[str, list[str], list[str]], list[float]]:
    """A stand-in for the answerer's topic cosines: each text's cosine from `table`."""
    return lambda question, texts, contexts: [table[t] for t in texts]


FIRST = _line(HOLIDAYS, "Staff in the north get 9 holidays.", 9.0)
SECOND = _line(HOLIDAYS, "Staff in the south get 8 holidays.", 8.0)
PAID = _line(GUIDE, "- Relief workers are paid weekly, every Friday.", 5.0)
MEALS = _line(GUIDE, "- Meals are free on long shifts.", 4.0)
NEAR = {
    "Staff in the north get 9 holidays.": 0.40,
    "Staff in the south get 8 holidays.": 0.40,
    "- Relief workers are paid weekly, every Friday.": 0.40 + MEANING_MARGIN,
    "- Meals are free on long shifts.": 0.40 + MEANING_MARGIN + 0.1,
}


def test_another_documents_line_saying_the_words_and_nearer_by_the_margin() -> None:
    e = _evidence([FIRST, SECOND, PAID, MEALS])
    # the meals line is nearer still, but says no word of the question itself
    assert said_candidate(e, _cosines(NEAR)) is PAID
    # nearer, but not by the margin: the words' choice stands
    close = {
        **NEAR,
        "- Relief workers are paid weekly, every Friday.": 0.40 + MEANING_MARGIN - 0.05,
    }
    assert said_candidate(e, _cosines(close)) is None


def test_a_line_of_the_first_document_is_left_to_nearer_line() -> None:
    near = {**NEAR, "Staff in the south get 8 holidays.": 0.9}
    e = _evidence([FIRST, SECOND])
    assert said_candidate(e, _cosines(near)) is None


def test_a_line_saying_one_word_of_the_question_is_not_taken() -> None:
    # "relief" alone: near in meaning, but the line does not say what is asked in its words
    e = _evidence([FIRST, PAID], "When do relief staff get fed?")
    near = {**NEAR, "- Relief workers are paid weekly, every Friday.": 0.9}
    assert said_candidate(e, _cosines(near)) is None
    # asked with its words, the same line is taken
    assert said_candidate(_evidence([FIRST, PAID]), _cosines(near)) is PAID


def test_no_table_row_and_no_document_out_of_force() -> None:
    row = _line(GUIDE, "- Relief workers are paid weekly, every Friday.", 5.0, row=True)
    assert said_candidate(_evidence([FIRST, row]), _cosines(NEAR)) is None
    old = _line(OLD_GUIDE, "- Relief workers were paid monthly, on the last Friday.", 5.0)
    near = {**NEAR, "- Relief workers were paid monthly, on the last Friday.": 0.9}
    assert said_candidate(_evidence([FIRST, old]), _cosines(near)) is None


def test_it_answers_only_when_the_lifted_line_is_first_and_clears_the_floor() -> None:
    e = _evidence([FIRST, SECOND, PAID, MEALS])

    def redecide(score: float, first: Candidate) -> Callable[[Candidate, float], Evidence]:
        return lambda line, points: Evidence(e.question, [first, FIRST], [], score)

    line = said_candidate(e, _cosines(NEAR))
    assert lifted_answers(e, line, 0.35, redecide(0.5, PAID)) is not None
    assert lifted_answers(e, line, 0.35, redecide(0.3, PAID)) is None  # no slack
    assert lifted_answers(e, line, 0.35, redecide(0.5, FIRST)) is None  # not first


def test_a_line_without_the_kind_of_thing_asked_is_not_taken() -> None:
    # "Which day ...?" asks for a day: the pay line says the words but no day
    e = _evidence([FIRST, SECOND, PAID, MEALS], "Which day are relief staff paid?")
    assert said_candidate(e, _cosines(NEAR)) is PAID
    # "How much money ...?" asks for a sum: the same line says none
    e = _evidence([FIRST, SECOND, PAID, MEALS], "How much money are relief staff paid?")
    assert said_candidate(e, _cosines(NEAR)) is None
    rate = Document(source="m", doc_id="r", title="Relief Rates", text="Relief staff are paid £12.")
    line = _line(rate, "Relief staff are paid £12.", 5.0)
    near = {**NEAR, "Relief staff are paid £12.": 0.40 + MEANING_MARGIN}
    e = _evidence([FIRST, SECOND, line], "How much money are relief staff paid?")
    assert said_candidate(e, _cosines(near)) is line
