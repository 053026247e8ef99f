"""A sentence of a general page that sends a kind of reader to a document by its title
("Contractors follow the Contractor Expenses guide.") names that kind's document: for an
asker of that kind it is theirs by the page's word, and its first line answers within
parts.PART_SLACK under the floor as a document a neighbour points to (trap65,
`scope.handed_readers`). On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers import extractive, scope
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.restated import says_value_asked
from wikiqa.answerers.scope import handed_for_asker, handed_readers
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

CONTRACTOR = Principal(user_id="u-7", roles=["contractor"], departments=["engineering"])
EMPLOYEE = Principal(user_id="u-1", roles=["employee"], departments=["operations"])

GENERAL = (
    "Expense Reimbursement Policy",
    "# Expense Reimbursement Policy\n\n"
    "This policy is for employees. Contractors follow the Contractor Expenses guide.\n\n"
    "## Submitting a claim\n\n"
    "Submit claims in Ledgerly within 60 days of the expense. Attach an itemised receipt "
    "for every expense over €25.\n\n"
    "## When you are paid\n\n"
    "Claims approved by the 20th of the month are reimbursed with that month's salary.\n",
)
GUIDE = (
    "Contractor Expenses",
    "# Contractor Expenses\n\n"
    "Contractors do not use Ledgerly. Expenses are recovered through your invoice.\n\n"
    "- Every expense must be approved in writing by your project lead before you incur it.\n"
    "- Add approved expenses, with receipts, to your monthly invoice; expenses older than 90 "
    "days are not accepted.\n"
    "- Invoices are paid within 30 days of receipt.\n",
)
OTHER = (
    "Software Requests",
    "# Software Requests\n\nIT reviews requests within 3 working days.\n",
)
DOCS = {
    "expenses/expense-reimbursement": GENERAL,
    "contractors/contractor-expenses": GUIDE,
    "it/software-requests": OTHER,
}


def _doc(doc_id: str) -> Document:
    title, text = DOCS[doc_id]
    return Document(source="docs", doc_id=doc_id, title=title, text=text)


def _hit(doc_id: str) -> Hit:
    return Hit(source="docs", doc_id=doc_id, title=DOCS[doc_id][0], snippet="", score=1.0)


def test_the_sentences_that_hand_a_kind_to_a_document() -> None:
    kinds = handed_readers(GENERAL[1])
    assert [(sorted(q), h) for q, h, _ in kinds] == [([], "contractor")]
    said = [
        "Agency workers report sickness to their agency as well (see the Agency Workers Guide).",
        "Casual drivers are paid Statutory Sick Pay only (see the Casual Drivers' Guide).",
        "For contractors, see the Contractor Handbook.",
        "Contractors are not covered; see the Contractor Time Off guide.",
    ]
    for s in said:
        assert handed_readers(s), s
    # no kind of reader as the subject, or no title named
    assert not handed_readers("Claims follow the Ledgerly workflow (see the Ledgerly Guide).")
    assert not handed_readers("Contractors are paid monthly; see below.")


def test_the_named_document_is_the_askers_only_when_its_title_names_their_kind() -> None:
    hits = [_hit(k) for k in DOCS]
    docs = {k: _doc(k) for k in DOCS}
    q = "How long after spending money can I still get it back?"
    got = handed_for_asker(hits, docs, q, CONTRACTOR)
    assert [h.doc_id for h in got] == ["contractors/contractor-expenses"]
    assert handed_for_asker(hits, docs, q, EMPLOYEE) == []
    # a page on one matter of theirs is not their document ("... (see Software Requests)")
    text = GENERAL[1].replace("the Contractor Expenses guide", "Software Requests")
    docs["expenses/expense-reimbursement"] = Document(
        source="docs", doc_id="expenses/expense-reimbursement", title=GENERAL[0], text=text
    )
    assert handed_for_asker(hits, docs, q, CONTRACTOR) == []


async def _ask(question: str, who: Principal) -> Answer | Refusal:
    return await ask_over(DOCS, question, who=who, answerer=ExtractiveAnswerer(max_sentences=3))


async def test_the_handed_guide_answers_the_contractor_and_switched_off_it_does_not(
    monkeypatch,
) -> None:  # type: ignore[no-untyped-def]
    question = "How old can my expenses be?"
    got = await _ask(question, CONTRACTOR)
    assert isinstance(got, Answer), got
    assert {c.doc_id for c in got.citations} == {"contractors/contractor-expenses"}
    monkeypatch.setattr(scope, "HANDED", False)
    off = await _ask(question, CONTRACTOR)
    assert isinstance(off, Refusal), off


async def test_the_employee_and_an_unsaid_matter() -> None:
    got = await _ask("How long do I have to submit an expense claim?", EMPLOYEE)
    assert isinstance(got, Answer), got
    assert {c.doc_id for c in got.citations} == {"expenses/expense-reimbursement"}
    unsaid = await _ask("How much is the contractor laptop allowance?", CONTRACTOR)
    assert isinstance(unsaid, Refusal), unsaid


async def test_the_bound_holds_an_answer_the_guide_never_states(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # the guide's nearest line ("... expenses older than 90 days are not accepted") says no
    # sum and none of "laptop", "allowance": refused; with the bound forced true it answers
    asked = "How much is the contractor laptop allowance?"
    assert isinstance(await _ask(asked, CONTRACTOR), Refusal)
    monkeypatch.setattr(extractive, "says_value_asked", lambda *a: True)
    loose = await _ask(asked, CONTRACTOR)
    assert isinstance(loose, Answer), loose


def test_a_value_asked_and_said_with_half_the_words() -> None:
    line = "Phone the Peak Staffing on-site office by 05:00 for a day shift."
    q = "I'm ill and I'm on days tomorrow. Who do I ring, and by when?"
    assert says_value_asked(q, line, "Agency Workers Guide, If you are ill")
    assert not says_value_asked(q, line, "Agency Workers Guide, Shifts")  # "day" alone
    assert not says_value_asked("Can I ring the office when I'm ill?", line, "If you are ill")
    carry = "How many days of annual leave can I carry forward?"
    assert not says_value_asked(carry, "Work at least one shift every 3 months.", "Shifts")
