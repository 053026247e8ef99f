"""A document readable only by the asker's department is theirs to read about the kind of
engagement its title names, not a guide for that kind of worker (neighbours.may_answer,
`_team_granted`): "Paying Subcontractors", granted to finance and commercial, answers a
commercial quantity surveyor's question about subcontractors' applications. A public guide
whose title names another kind of engagement is still written for others. On small
documents written here."""

from __future__ import annotations

from wikiqa.answerers.neighbours import may_answer
from wikiqa.types import Document, Hit, Principal

SURVEYOR = Principal(user_id="u1", roles=["quantity_surveyor"], departments=["commercial"])
QUESTION = "by what date do subbies have to get their payment applications in?"
PAYING = (
    "Paying Subcontractors",
    "# Paying Subcontractors\n\nThese rules are for the commercial and finance teams.\n\n"
    "Subcontractors apply for payment monthly, by the 20th of the month.\n",
)
PAYROLL = ("Pay Dates", "# Pay Dates\n\nStaff are paid on the last Friday of the month.\n")


def _hits() -> list[Hit]:
    return [
        Hit(source="mem", doc_id="paying", title=PAYING[0], score=3.0),
        Hit(source="mem", doc_id="payroll", title=PAYROLL[0], score=2.0),
    ]


def _docs(groups: frozenset[str]) -> dict[str, Document]:
    paying = Document(source="mem", doc_id="paying", title=PAYING[0], text=PAYING[1])
    payroll = Document(source="mem", doc_id="payroll", title=PAYROLL[0], text=PAYROLL[1])
    return {"paying": paying.with_granted_groups(groups), "payroll": payroll}


def test_a_document_granted_to_the_asker_s_department_is_not_written_for_others() -> None:
    kept = may_answer(_hits(), QUESTION, SURVEYOR, _docs(frozenset({"department:commercial"})))
    assert [h.doc_id for h in kept] == ["paying", "payroll"]


def test_the_same_title_public_or_granted_by_role_is_a_guide_for_subcontractors() -> None:
    for groups in (frozenset(), frozenset({"role:quantity_surveyor"})):
        kept = may_answer(_hits(), QUESTION, SURVEYOR, _docs(groups))
        assert [h.doc_id for h in kept] == ["payroll"]
