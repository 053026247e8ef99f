"""The row the question names kept over a guide for the asker's role on a topic of its own
(wrong64, `role_topic.py`).

A manager asking "how long is probation for a band 5 job" was answered by the managers'
recruiting guide ("Permanent jobs in Band 5 and above also need a director's approval.") over
the probation table's row for the band, because a title naming the asker's role makes the
guide theirs. On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.role_topic import topic_guide, topic_words
from wikiqa.types import Answer, Principal, Refusal

FLOOR = 0.2  # fit to this small collection, whose lines score lower than a whole handbook's
MANAGER = Principal(user_id="u-1", roles=["staff", "manager"], departments=["kitchens"])
AGENCY = Principal(user_id="u-2", roles=["agency_worker"], departments=[])
LECTURER = Principal(user_id="u-3", roles=["staff", "academic"], departments=["history"])

RECRUITING = (
    "Recruiting to a Vacancy (for managers)",
    "# Recruiting to a Vacancy\n\n"
    "Before you advertise a job, get the vacancy approved.\n\n"
    "- Permanent jobs in Grade 5 and above also need a director's approval.\n"
    "- Advertise internally for 5 working days before advertising outside.\n"
    "- Keep interview notes for 6 months, then destroy them.\n",
)
PROBATION = (
    "Probation",
    "# Probation\n\n"
    "Every new colleague serves a probation period, set by the grade of their job:\n\n"
    "| Grade | Probation period | Review meetings |\n|---|---|---|\n"
    "| Grades 1 to 4 | 3 months | At 1 and 2 months |\n"
    "| Grades 5 and 6 | 6 months | At 2 and 4 months |\n\n"
    "Probation can be extended once, by up to 3 months.\n",
)
AGENCY_GUIDE = (
    "Agency Workers",
    "# Agency Workers\n\n"
    "Most of our policies are for employees. If Staffline placed you with us, your terms are "
    "the agency's.\n\n"
    "- Agency workers serve no probation with us; Staffline sets a 4-week trial for every "
    "job, whatever its grade.\n"
    "- Staffline pays you weekly.\n",
)
PARKING = (
    "Staff Parking",
    "# Staff Parking\n\nStaff park free in the rear car park. Permits are on the intranet.\n",
)
DOCS = {
    "managers-recruiting": RECRUITING,
    "people-probation": PROBATION,
    "agency-workers": AGENCY_GUIDE,
    "staff-parking": PARKING,
}


async def _ask(question: str, who: Principal) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3)
    return await ask_over(DOCS, question, who=who, answerer=answerer)


def _cited(result: Answer | Refusal) -> set[str]:
    return {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()


def test_a_topic_guide_is_a_role_s_guide_with_a_topic_of_its_own() -> None:
    assert topic_words("Recruiting to a Vacancy (for managers)", MANAGER) == {"recruit", "vacanc"}
    assert topic_words("Research Leave for Academic Staff", LECTURER) == {"researc", "leav"}
    # a kind of engagement's guide, a handbook of readers only, a title naming no role of theirs
    assert not topic_words("Agency Workers", AGENCY)
    assert not topic_words("Agency Worker Pay", AGENCY)
    assert not topic_words("Ranger Handbook", Principal(user_id="u", roles=["ranger"]))
    assert not topic_words("Guidance for Managers", MANAGER)
    assert not topic_words("Probation", MANAGER)
    # the question saying the whole topic asks of it
    assert topic_guide("Recruiting to a Vacancy (for managers)", MANAGER, "probation for grade 5?")
    assert not topic_guide(
        "Recruiting to a Vacancy (for managers)", MANAGER, "recruiting to a vacancy: probation?"
    )


async def test_the_row_the_question_names_answers_the_manager(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The probation row for the grade asked answers; with the reading switched off, the
    recruiting guide's line on grade 5 jobs displaces it."""
    question = "How long is probation for a grade 5 job?"
    kept = await _ask(question, MANAGER)
    assert isinstance(kept, Answer), kept
    assert _cited(kept) == {"people-probation"}, kept.citations
    assert "6 months" in kept.text
    monkeypatch.setattr(extractive, "ROLE_TOPIC", False)
    off = await _ask(question, MANAGER)
    assert "6 months" not in (off.text if isinstance(off, Answer) else ""), off


async def test_the_guide_still_answers_its_topic_and_refusals_stay(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The guide's own lines answer the manager; a question nothing here answers stays
    refused; an agency worker's question is read as it is without the reading (a kind of
    engagement's guide is no topic guide)."""
    notes = await _ask("How long do I keep interview notes?", MANAGER)
    assert isinstance(notes, Answer), notes
    assert "managers-recruiting" in _cited(notes), notes.citations
    nothing = await _ask("How much is the relocation allowance for a grade 9 job?", MANAGER)
    assert isinstance(nothing, Refusal), nothing
    agency = await _ask("How long is probation for a grade 5 job?", AGENCY)
    monkeypatch.setattr(extractive, "ROLE_TOPIC", False)
    again = await _ask("How long is probation for a grade 5 job?", AGENCY)
    assert _cited(agency) == _cited(again)
    assert (agency.text if isinstance(agency, Answer) else "") == (
        again.text if isinstance(again, Answer) else ""
    )
