"""The one lift-and-decide-again check and the two line choices the lifting rules share
(lift.py): the first document's lines among the top ranked, the nearest of a pool by a
margin, and a lifted line answering only when it is then first and clears the floor (or a
reading under the floor passes it). Small documents written here; the cosines and the
decisions are stand-ins, so each test reads the shared step and not the embedder."""

from __future__ import annotations

from collections.abc import Callable

from wikiqa.answerers.extractive import Candidate, Evidence
from wikiqa.answerers.features import analyse
from wikiqa.answerers.lift import (
    LIFT,
    NEAR_POOL,
    first_document_lines,
    lifted_answers,
    nearest_in_meaning,
)
from wikiqa.text.sentences import Span
from wikiqa.types import Document

QUESTION = "Can I stay in the lab on my own on a Saturday?"
LAB = Document(
    source="m",
    doc_id="lab",
    title="Laboratory Safety",
    text=(
        "Lab coats are worn at all times in the laboratory.\n"
        "Working alone in a laboratory at weekends needs a lone-working permit.\n"
        "| Room | Key |\n| Lab 2 | Porter |\n"
    ),
)
OTHER = Document(
    source="m", doc_id="o", title="Library Hours", text="The library opens on Saturday."
)
OLD = Document(
    source="m",
    doc_id="old",
    title="Laboratory Safety (2019, withdrawn)",
    text="Lab coats were worn in the laboratory.\nNobody worked alone in the laboratory.",
)


def _line(doc: Document, text: str, rank: float, row: bool = False) -> Candidate:
    start = doc.text.index(text)
    span = Span(start, start + len(text), text)
    return Candidate(doc, span, [], 0, rank=rank, header=span if row else None)


def _evidence(lines: list[Candidate], score: float = 0.1) -> Evidence:
    return Evidence(analyse(QUESTION), lines, [], score)


def _cosines(table: dict[str, float]) -> Callable[[str, list[str], list[str]], list[float]]:
    """A stand-in for the answerer's topic cosines: each text's cosine from `table`."""
    return lambda question, texts, contexts: [table[t] for t in texts]


COATS = _line(LAB, "Lab coats are worn at all times in the laboratory.", 9.0)
ALONE = _line(LAB, "Working alone in a laboratory at weekends needs a lone-working permit.", 6.0)
ROW = _line(LAB, "| Lab 2 | Porter |", 5.0, row=True)
LIBRARY = _line(OTHER, "The library opens on Saturday.", 7.0)


def test_the_first_documents_lines_in_rank_order_no_row_no_other_document() -> None:
    e = _evidence([COATS, LIBRARY, ALONE, ROW])
    assert first_document_lines(e) == [ALONE]
    assert first_document_lines(_evidence([])) == []


def test_only_the_top_of_the_ranking_is_read() -> None:
    fillers = [LIBRARY] * (NEAR_POOL - 1)
    assert first_document_lines(_evidence([COATS, *fillers, ALONE])) == []
    assert first_document_lines(_evidence([COATS, *fillers[:-1], ALONE])) == [ALONE]


def test_no_line_of_a_document_out_of_force() -> None:
    first = _line(OLD, "Lab coats were worn in the laboratory.", 9.0)
    second = _line(OLD, "Nobody worked alone in the laboratory.", 8.0)
    assert first_document_lines(_evidence([first, second])) == []


def test_the_nearest_line_only_when_nearer_than_the_first_by_the_margin() -> None:
    e = _evidence([COATS, ALONE])
    near = {COATS.text: 0.30, ALONE.text: 0.55}
    assert nearest_in_meaning(e, [ALONE], _cosines(near), 0.2) is ALONE
    assert nearest_in_meaning(e, [ALONE], _cosines(near), 0.3) is None
    assert nearest_in_meaning(e, [], _cosines(near), 0.0) is None


def _redecide(first: Candidate | None, score: float) -> Callable[[Candidate, float], Evidence]:
    """A stand-in for the answerer's decision with a line lifted: the lifted line first
    (or `first` when given, as if the ranker's other scores kept it on top) at `score`."""

    def again(line: Candidate, points: float) -> Evidence:
        assert points == COATS.rank - line.rank + LIFT  # just above the first line
        return _evidence([first or line, COATS], score)

    return again


def test_a_lifted_line_answers_when_first_and_over_the_floor() -> None:
    e = _evidence([COATS, ALONE])
    answered = lifted_answers(e, ALONE, 0.35, _redecide(None, 0.40))
    assert answered is not None and answered.ranked[0] is ALONE
    assert lifted_answers(e, None, 0.35, _redecide(None, 0.40)) is None


def test_a_lifted_line_under_the_floor_or_not_first_stays_refused() -> None:
    e = _evidence([COATS, ALONE])
    assert lifted_answers(e, ALONE, 0.35, _redecide(None, 0.30)) is None
    assert lifted_answers(e, ALONE, 0.35, _redecide(COATS, 0.40)) is None


def test_a_reading_under_the_floor_passes_a_lifted_line() -> None:
    e = _evidence([COATS, ALONE])
    under = _redecide(None, 0.30)
    assert lifted_answers(e, ALONE, 0.35, under, lambda again: True) is not None
    assert lifted_answers(e, ALONE, 0.35, under, lambda again: False) is None
