"""Documents that carry one title are parts of one page (one_page.py): another document's
line that says the question's words and is nearer it in meaning (said_nearer.py) is not
taken over the first line when both documents carry the same title, as an encyclopedia
article indexed paragraph by paragraph does; it still is from a document of another title.
Small documents written here; the lifting rules are stand-ins, so each test reads the
page check in `ExtractiveAnswerer.clearing` and not the embedder."""

from __future__ import annotations

import pytest

from wikiqa.answerers import extractive
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.one_page import one_page
from wikiqa.text.sentences import Span
from wikiqa.types import Document

QUESTION = "What does the Treaty of Lisbon allow today?"
FIRST_DOC = Document(
    source="m",
    doc_id="p1",
    title="European Union law",
    text="Today, the Treaty of Lisbon prohibits anti-competitive agreements.",
)
SAME_TITLE = Document(
    source="m",
    doc_id="p2",
    title="European Union law ",
    text="Instead, the Lisbon Treaty was enacted.",
)
OTHER_TITLE = Document(
    source="m",
    doc_id="g",
    title="Treaty of Lisbon",
    text="Instead, the Lisbon Treaty was enacted.",
)


def _line(doc: Document, rank: float) -> Candidate:
    span = Span(0, len(doc.text), doc.text)
    return Candidate(doc, span, [], 0, rank=rank)


def test_one_title_is_one_page() -> None:
    assert one_page(FIRST_DOC, FIRST_DOC)
    assert one_page(FIRST_DOC, SAME_TITLE)  # spaces and case aside
    assert not one_page(FIRST_DOC, OTHER_TITLE)
    untitled = Document(source="m", doc_id="u1", title="", text="a")
    assert not one_page(untitled, Document(source="m", doc_id="u2", title="", text="b"))


@pytest.mark.parametrize(("lifted_doc", "taken"), [(SAME_TITLE, False), (OTHER_TITLE, True)])
def test_another_paragraph_of_the_same_page_is_not_lifted(
    lifted_doc: Document, taken: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    answerer = ExtractiveAnswerer(DEFAULT_FLOOR)
    answerer.embedder = object()  # type: ignore[assignment]  # the semantic routes run
    first = _line(FIRST_DOC, 5.0)
    lifted = _line(lifted_doc, 4.0)
    refused = Evidence(analyse(QUESTION), [first, lifted], [], 0.1)
    lifted_again = Evidence(analyse(QUESTION), [lifted, first], [], 0.6)
    # every lifting rule but said_nearer's chooses nothing; said_nearer's chooses `lifted`,
    # which, decided again, is first over the floor
    for name in ("nearer_candidate", "thing_candidate", "leave_candidate", "named_title_line"):
        monkeypatch.setattr(extractive, name, lambda *a, **k: None)
    monkeypatch.setattr(extractive, "LIFTED_LINES", ())
    monkeypatch.setattr(extractive, "said_candidate", lambda e, cosines: lifted)
    monkeypatch.setattr(answerer, "decide", lambda *a, **k: lifted_again)
    monkeypatch.setattr(answerer, "_under_floor", lambda *a, **k: False)
    clear = answerer.clearing([refused], refused)
    assert clear == ([lifted_again] if taken else [])
