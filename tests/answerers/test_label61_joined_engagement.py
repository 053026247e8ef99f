"""A guide for two kinds of engagement joined by "and" ("Seasonal and Casual Workers") is
written for those kinds only: a question that says "and" or "or" does not make it the
asker's (label61). label60 read an apprenticeship as the apprentice's engagement by adding
the title's words less "ship(s)" back to the title's engagement words, joining words and all,
so every question saying "and" ("I've been off sick for a week and I'm on probation. Do I
get paid?") kept the seasonal workers' guide as a hit for a permanent employee, and a
handbook8 question written so was refused. The apprentice's own agreement is theirs by
under60's own-record reading (`neighbours.may_answer`), which this leaves as it is."""

from __future__ import annotations

from wikiqa.answerers.neighbours import may_answer, written_for_others
from wikiqa.types import Document, Hit, Principal

SEASONAL = "Seasonal and Casual Workers"
STAFF = frozenset({"staff"})


def test_and_in_a_question_is_no_kind_of_engagement() -> None:
    question = "I've been off sick for a week and I'm on probation. Do I get paid?"
    assert written_for_others(SEASONAL, question, STAFF)
    assert written_for_others(SEASONAL, "Is sick pay paid or not?", STAFF)
    assert written_for_others(SEASONAL, "I want to leave and start a new job.", STAFF)
    # the kinds the title names still make it the asker's
    assert not written_for_others(SEASONAL, question, frozenset({"seasonal"}))
    assert not written_for_others(SEASONAL, "Do casual workers get sick pay?", STAFF)


def _hit(doc_id: str, title: str) -> Hit:
    return Hit(source="docs", doc_id=doc_id, title=title, score=1.0)


def test_the_guide_answers_nothing_for_a_permanent_employee() -> None:
    hits = [_hit("seasonal", SEASONAL), _hit("sick", "Sick Pay")]
    staff = Principal(user_id="u-1", roles=["staff"], departments=["retail"])
    question = "I'm ill and can't work. What sick pay do I get?"
    assert [h.doc_id for h in may_answer(hits, question, staff)] == ["sick"]
    seasonal = Principal(user_id="u-2", roles=["seasonal"], departments=["cafes"])
    assert [h.doc_id for h in may_answer(hits, question, seasonal)] == ["seasonal", "sick"]


def test_the_apprentices_own_agreement_stays_theirs() -> None:
    """under60's reading: a private document of the asker's own is never written for others."""
    title = "Apprenticeship Agreement: Sam Reid"
    doc = Document(
        source="docs", doc_id="agreement", title=title, text="# " + title, owner_user_id="u-3"
    )
    chef = Principal(user_id="u-3", roles=["staff"], departments=["kitchens"])
    hits = [_hit("agreement", title), _hit("sick", "Sick Pay")]
    kept = may_answer(hits, "what day is my college day", chef, {"agreement": doc})
    assert [h.doc_id for h in kept] == ["agreement", "sick"]
