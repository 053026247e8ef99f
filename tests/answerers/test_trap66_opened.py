"""A guide whose opening sentence says it is for the asker's kind of engagement ("For trainee
dental nurses on the Level 3 Dental Nursing apprenticeship ...") is theirs, though its title
names them in the trade's words ("Trainee Dental Nurse Handbook" for an apprentice) (trap66,
`opened_for.py`). On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers import neighbours, opened_for
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.neighbours import guide_opened_for
from wikiqa.answerers.opened_for import opening_readers
from wikiqa.answerers.restated import sum_unsaid
from wikiqa.types import Answer, Document, Principal, Refusal

APPRENTICE = Principal(user_id="u-9", roles=["apprentice"], departments=["surgery"])
NURSE = Principal(user_id="u-2", roles=["staff"], departments=["surgery"])
AGENCY = Principal(user_id="u-3", roles=["agency"], departments=["surgery"])

PROBATION = (
    "Probation",
    "# Probation\n\n"
    "Everyone who joins Brightsmile Dental has a probation period. Its length depends on "
    "the grade of the job.\n\n"
    "| Grade | Probation |\n|---|---|\n| Grades 1 to 3 | 3 months |\n"
    "| Grades 4 and 5 | 4 months |\n\n"
    "## Reviews\n\n"
    "Your practice manager meets you halfway through your probation. Your practice manager "
    "can extend your probation once, by up to 3 months.\n",
)
GUIDE = (
    "Trainee Dental Nurse Handbook",
    "# Trainee Dental Nurse Handbook\n\n"
    "For trainee dental nurses on the Level 3 Dental Nursing apprenticeship with our "
    "training provider, Fenland College. Most of our policies apply to you; where this "
    "handbook differs, it applies.\n\n"
    "## Probation\n\n"
    "Trainee dental nurses have a 10-month probation, whatever the grade of the job they "
    "will move into.\n\n"
    "## College\n\n"
    "College is 1 day a week during term. College days are paid working days.\n",
)
OTHER = (
    "Parking",
    "# Parking\n\nStaff park at the rear of each practice. Spaces are not reserved.\n",
)
DOCS = {
    "people/probation": PROBATION,
    "apprentices/trainee-dn-handbook": GUIDE,
    "people/parking": OTHER,
}


def _doc(title: str, text: str) -> Document:
    return Document(source="docs", doc_id="d", title=title, text=text)


def test_the_readers_an_opening_sentence_names() -> None:
    assert opening_readers(GUIDE[1]).startswith("trainee dental nurses on the Level 3")
    casual = "# Casual Staff Guide\n\nFor casual and bank colleagues: people with no set hours."
    assert opening_readers(casual) == "casual and bank colleagues"
    # only the first clause: "supplied by an agency" is not whom the guide is for
    locum = "# Locum Guide\n\nFor locum vets working sessions, whether booked or via an agency."
    assert opening_readers(locum) == "locum vets working sessions"
    assert opening_readers("# Pay\n\nFor all colleagues, including apprentices.") == ""
    assert opening_readers(PROBATION[1]) == ""  # it opens otherwise


def test_a_guide_is_the_askers_by_its_opening_only_for_their_kind_of_engagement() -> None:
    guide = _doc(*GUIDE)
    assert guide_opened_for(guide, GUIDE[0], APPRENTICE) == {"apprentice"}
    assert not guide_opened_for(guide, GUIDE[0], NURSE)  # no kind of engagement
    assert not guide_opened_for(guide, GUIDE[0], AGENCY)  # another kind
    # a page that is not called a guide, opening the same way, is not read
    assert not guide_opened_for(_doc("Dental Nursing", GUIDE[1]), "Dental Nursing", APPRENTICE)
    locum = _doc("Locum Guide", "# Locum Guide\n\nFor locums, whether booked or via an agency.")
    assert not guide_opened_for(locum, "Locum Guide", AGENCY)


async def _ask(question: str, who: Principal) -> Answer | Refusal:
    return await ask_over(DOCS, question, who=who, answerer=ExtractiveAnswerer(max_sentences=3))


async def test_the_apprentice_gets_their_guide_and_switched_off_does_not(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    got = await _ask("How long is my probation?", APPRENTICE)
    assert isinstance(got, Answer), got
    assert {c.doc_id for c in got.citations} == {"apprentices/trainee-dn-handbook"}
    assert "10-month" in got.citations[0].quote
    monkeypatch.setattr(opened_for, "OPENED_FOR", False)
    off = await _ask("How long is my probation?", APPRENTICE)
    assert not (
        isinstance(off, Answer)
        and {c.doc_id for c in off.citations} == {"apprentices/trainee-dn-handbook"}
    ), off


async def test_the_other_asker_and_a_matter_no_guide_states() -> None:
    got = await _ask("How long is my probation?", NURSE)
    assert not (isinstance(got, Answer) and any("trainee" in c.doc_id for c in got.citations)), got
    unsaid = await _ask("How much is my laptop allowance?", APPRENTICE)
    assert isinstance(unsaid, Refusal), unsaid


def test_a_guide_theirs_by_its_opening_alone_gives_way_as_a_loose_one() -> None:
    # like traps59's "Apprentice Handbook", a guide theirs only by its opening does not
    # displace a general line that clears the floor and says more (extractive._assess_for)
    assert neighbours.opened_only(_doc(*GUIDE), APPRENTICE)
    named = _doc("Apprentice Handbook", GUIDE[1])
    assert not neighbours.opened_only(named, APPRENTICE)  # its title names them: as before
    assert not neighbours.opened_only(_doc(*GUIDE), NURSE)


def test_a_sum_asked_is_answered_by_such_a_guide_only_with_a_sum() -> None:
    # the bound read in extractive._assess_for for a guide theirs by its opening alone
    fee = "How much is the fee if I cancel a shift late?"
    assert sum_unsaid(fee, "Two missed shifts without ringing and you will be taken off.")
    assert not sum_unsaid(fee, "A late cancellation costs £15.")
    long = "How long is my probation?"
    assert not sum_unsaid(long, "Trainee dental nurses have a 10-month probation.")
