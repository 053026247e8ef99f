"""A refused evidence's line of the document titled for the place or body the question names,
ranked first, answers when it then clears the floor (named_title.py). Small documents
written here; the re-decision is a stand-in, so each test reads the rule and not the ranker."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.lift import lifted_answers
from wikiqa.answerers.named_title import (
    named_by_title,
    named_title_line,
    question_names,
)
from wikiqa.text.sentences import Span
from wikiqa.types import Document

QUESTION = "I'm at the Penang Campus. How much notice do I need to give when I book leave?"
NOTICE = Document(
    source="m",
    doc_id="n",
    title="Notice Periods",
    text="The notice you give to resign depends on your grade. The University gives the same.",
)
PENANG = Document(
    source="m",
    doc_id="p",
    title="Annual Leave (Penang Campus)",
    text="Leave is booked in MyNorthmere with at least 7 days' notice. The campus shuts at New Year.",
)
OLD_PENANG = Document(
    source="m",
    doc_id="o",
    title="Annual Leave (Penang Campus, 2019, withdrawn)",
    text="Leave was booked on paper with 3 days' notice.",
)


def _line(doc: Document, text: str, rank: float, row: bool = False) -> Candidate:
    start = doc.text.index(text)
    span = Span(start, start + len(text), text)
    return Candidate(doc, span, [], 0, rank=rank, header=span if row else None)


ZEROS = [0.0] * 64  # the best line's answer features: none of the first line's readings pass


def _evidence(lines: list[Candidate], question: str = QUESTION) -> Evidence:
    return Evidence(analyse(question), lines, ZEROS, 0.1)


FIRST = _line(NOTICE, "The notice you give to resign depends on your grade.", 9.0)
SECOND = _line(NOTICE, "The University gives the same.", 8.0)
BOOKED = _line(PENANG, "Leave is booked in MyNorthmere with at least 7 days' notice.", 7.0)


def test_the_names_a_question_gives() -> None:
    assert question_names(QUESTION) == {"penang", "campus"}
    # a sentence's first word, "I", a day or a month name no place
    assert question_names("Can I take Friday off in May? Who do I ask?") == frozenset()
    assert question_names("Brightstaff placed me with you. Who pays me?") == frozenset()
    assert question_names("I was placed by Brightstaff. Who pays me?") == {"brightstaff"}


def test_a_title_names_a_name_only_as_a_name() -> None:
    assert named_by_title({"penang", "campus"}, "Annual Leave (Penang Campus)")
    assert not named_by_title({"penang"}, "Notice Periods")
    # "campus" said in lower case is a common word of the title, not its name
    assert not named_by_title({"campus"}, "Leave on campus")


def test_the_line_of_the_document_titled_for_the_named_place() -> None:
    e = _evidence([FIRST, SECOND, BOOKED])
    assert named_title_line(e) is BOOKED
    # no name in the question: nothing is lifted
    assert (
        named_title_line(_evidence([FIRST, SECOND, BOOKED], "How much notice for leave?")) is None
    )


def test_a_first_document_titled_for_the_name_keeps_its_line() -> None:
    own = Document(
        source="m",
        doc_id="s",
        title="Notice Periods (Penang Campus)",
        text="The notice you give to resign depends on your grade.",
    )
    first = _line(own, "The notice you give to resign depends on your grade.", 9.0)
    assert named_title_line(_evidence([first, BOOKED])) is None


def test_no_table_row_and_no_document_out_of_force() -> None:
    row = _line(
        PENANG, "Leave is booked in MyNorthmere with at least 7 days' notice.", 7.0, row=True
    )
    assert named_title_line(_evidence([FIRST, row])) is None
    old = _line(OLD_PENANG, "Leave was booked on paper with 3 days' notice.", 7.0)
    assert named_title_line(_evidence([FIRST, old])) is None


def test_it_answers_only_when_the_lifted_line_is_first_and_clears_the_floor() -> None:
    e = _evidence([FIRST, SECOND, BOOKED])

    def redecide(score: float, first: Candidate) -> Callable[[Candidate, float], Evidence]:
        return lambda line, points: Evidence(e.question, [first, FIRST], [], score)

    assert lifted_answers(e, named_title_line(e), 0.35, redecide(0.4, BOOKED)) is not None
    assert lifted_answers(e, named_title_line(e), 0.35, redecide(0.3, BOOKED)) is None  # no slack
    assert lifted_answers(e, named_title_line(e), 0.35, redecide(0.4, FIRST)) is None  # not first


def test_clearing_answers_with_the_titled_line_and_not_with_the_rule_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the answerer's one place deciding: the refused evidence's titled line, decided again
    # first over the floor, answers; with the call replaced by nothing it stays refused
    answerer = ExtractiveAnswerer(floor=0.35)
    e = _evidence([FIRST, SECOND, BOOKED])
    lifted = Evidence(e.question, [BOOKED, FIRST, SECOND], ZEROS, 0.38)
    monkeypatch.setattr(answerer, "decide", lambda *a, **k: lifted)
    assert answerer.clearing([e], e) == [lifted]
    monkeypatch.setattr(extractive, "named_title_line", lambda *a, **k: None)
    assert answerer.clearing([e], e) == []


def test_clearing_keeps_refused_a_titled_line_under_the_floor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # must refuse: the named place's document says nothing that answers ("Can I bring my dog
    # to work?"): its line lifted first stays under the floor, and nothing answers
    answerer = ExtractiveAnswerer(floor=0.35)
    q = "I'm at the Penang Campus. Can I bring my dog to work?"
    closes = _line(PENANG, "The campus shuts at New Year.", 7.0)
    e = _evidence([FIRST, SECOND, closes], q)
    assert named_title_line(e) is closes
    lifted = Evidence(e.question, [closes, FIRST, SECOND], ZEROS, 0.12)
    monkeypatch.setattr(answerer, "decide", lambda *a, **k: lifted)
    assert answerer.clearing([e], e) == []
