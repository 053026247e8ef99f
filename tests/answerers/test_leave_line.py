"""A question asking whether someone may do or have a thing: the line of the first document
that grants or forbids, nearer the question in meaning than a first line that rules on
nothing, is ranked first (leave_line.py). Small documents written here."""

from __future__ import annotations

from collections.abc import Callable

from wikiqa.answerers.extractive import Candidate, Evidence
from wikiqa.answerers.features import analyse
from wikiqa.answerers.leave_line import LEAVE_MARGIN, asks_leave, leave_candidate, rules
from wikiqa.text.sentences import Span
from wikiqa.types import Document

TEXT = (
    "Wardens visit each tenant who has asked for a morning call, by 10:30. "
    "Tenants may keep a small animal with the warden's agreement. "
    "Tenants pay a service charge for the lounge. "
    "Smoking is never allowed in the lounge."
)


def _line(doc: Document, text: str, rank: float, row: bool = False) -> Candidate:
    start = doc.text.index(text)
    span = Span(start, start + len(text), text)
    return Candidate(doc, span, [], 0, rank=rank, header=span if row else None)


def _cosines(table: dict[str, float]) -> Callable[[str, list[str], list[str]], list[float]]:
    """A stand-in for the answerer's topic cosines: each text's cosine from `table`."""
    return lambda question, texts, contexts: [table[t] for t in texts]


def test_a_question_asking_leave() -> None:
    assert asks_leave("A new tenant is asking. Can flat tenants have a cat?")
    assert asks_leave("Could agency staff use the gym?")
    assert asks_leave("Are contractors allowed to park on site?")
    assert asks_leave("Is it OK to text my manager?")
    # asking for a value, or asking the reader to do something, is no leave asked
    assert not asks_leave("How much can I claim for a hotel?")
    assert not asks_leave("Can you tell me the mileage rate?")


def test_a_word_of_permission_or_prohibition() -> None:
    assert rules("Tenants may keep a small animal.")
    assert rules("Smoking is never allowed.")
    assert rules("Staff must not park in bay 3.")
    assert not rules("Tenants pay a service charge.")
    assert not rules("Staff must wear a badge.")  # an obligation answers "must I"


def test_the_nearer_ruling_line_of_the_first_document() -> None:
    doc = Document(source="m", doc_id="a", title="Flats", text=TEXT)
    other = Document(source="m", doc_id="b", title="B", text="Pets may visit on Sundays.")
    first = _line(doc, TEXT.split(". ")[0] + ".", 9.0)
    pet = _line(doc, "Tenants may keep a small animal with the warden's agreement.", 5.0)
    charge = _line(doc, "Tenants pay a service charge for the lounge.", 6.0)
    smoke = _line(doc, "Smoking is never allowed in the lounge.", 4.0)
    theirs = _line(other, "Pets may visit on Sundays.", 8.0)
    near = {
        first.text: 0.40,
        pet.text: 0.40 + LEAVE_MARGIN + 0.01,
        charge.text: 0.9,  # nearest of all, but it rules on nothing
        smoke.text: 0.45,
        theirs.text: 0.95,  # another document's line is never looked at
    }
    q = analyse("Can flat tenants have a cat?")
    e = Evidence(q, [first, theirs, charge, pet, smoke], [], 0.1)
    assert leave_candidate(e, _cosines(near)) is pet
    # nearer, but not by the margin: the words' choice stands
    close = {**near, pet.text: 0.40 + LEAVE_MARGIN - 0.05}
    assert leave_candidate(e, _cosines(close)) is None
    # a question asking no leave, or a first line that already grants or forbids
    other_q = Evidence(analyse("How many flats are there?"), [first, pet], [], 0.1)
    assert leave_candidate(other_q, _cosines(near)) is None
    assert leave_candidate(Evidence(q, [smoke, pet], [], 0.1), _cosines(near)) is None
    # no table row
    row = _line(doc, "Tenants may keep a small animal with the warden's agreement.", 5.0, True)
    assert leave_candidate(Evidence(q, [first, row], [], 0.1), _cosines(near)) is None
