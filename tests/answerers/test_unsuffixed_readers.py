"""Who a guide is for, when the noun for its readers has no agent suffix (traps58).

`neighbours.title_readers` reads a title's person nouns by their ending ("Contractor",
"Volunteers", "Bank Staff"). "Apprentice Handbook" and "Agency Nurses Guide" named no
readers, so the apprentice and the agency nurse were answered from the general policy beside
their own guide, or refused. A short list of such nouns (`neighbours._PERSON_WORDS`) now
counts too; the role-named search for a guide the question's own search missed
(`audience_hits`) still reads only suffixed nouns, so a guide on other matters is not pulled
in ahead of the general policy that answers. On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.neighbours import names_asker, title_readers
from wikiqa.types import Answer, Principal, Refusal

APPRENTICE = Principal(user_id="u-1", roles=["apprentice"], departments=["site"])
STAFF = Principal(user_id="u-2", roles=["staff"], departments=["site"])


def test_unsuffixed_person_nouns_name_a_title_s_readers() -> None:
    """Before, these titles named nobody; now they name their readers, and a title whose
    word only qualifies a thing ("Apprenticeship Agreement") still names nobody."""
    assert names_asker("Apprentice Handbook", frozenset({"apprentice"})) == {"apprentice"}
    assert names_asker("Agency Nurses Guide", frozenset({"agency"})) == {"agency"}
    assert "nurse" in title_readers("Clinical Procedures for Registered Nurses")
    assert title_readers("Apprenticeship Agreement: Chloe Rimmer") >= frozenset() and (
        "apprentice" not in title_readers("Apprenticeship Agreement: Chloe Rimmer")
    )
    assert title_readers("Templates and Forms") == frozenset()
    # the role-named search keeps to nouns whose ending shows a person
    assert names_asker("Apprentice Handbook", frozenset({"apprentice"}), plain=False) == set()
    assert names_asker("Bank Worker Handbook", frozenset({"bank"}), plain=False) == {"bank"}


GUIDE = (
    "Apprentice Handbook",
    "# Apprentice Handbook\n\n"
    "Welcome to your apprenticeship at Fernside Care. You spend one day a week at college "
    "and four days working in one of our homes.\n\n"
    "## Probation\n\n"
    "Apprentices have a 26-week probation, whatever the grade of the job they will move "
    "into.\n\n"
    "## College days\n\n"
    "College days are paid at your normal rate. Tell your manager the week before if a "
    "college day moves.\n",
)
PROBATION = (
    "Probation",
    "# Probation\n\n"
    "Every new colleague has a probation period, set by the grade of their job.\n\n"
    "| Grade | Probation |\n|---|---|\n| Grade A | 12 weeks |\n| Grade B | 12 weeks |\n"
    "| Grade C | 26 weeks |\n\n"
    "Your manager meets you at the halfway point and at the end.\n",
)
CONDUCT = (
    "Code of Conduct",
    "# Code of Conduct\n\n"
    "## Social media\n\n"
    "Do not post photos of residents or of the homes on personal social media.\n\n"
    "## Phones\n\n"
    "Keep personal phones in the staff room during your shift.\n",
)
HOMES = {"apprentice-handbook": GUIDE, "people-probation": PROBATION, "people-conduct": CONDUCT}


async def _ask(question: str, who: Principal) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=0.35, max_sentences=3)
    return await ask_over(HOMES, question, who=who, answerer=answerer)


def _cited(result: Answer | Refusal) -> set[str]:
    return {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()


async def test_the_apprentice_is_answered_from_their_own_handbook() -> None:
    """Before, the apprentice asking how long their probation is was answered from the
    general probation table (or refused): "Apprentice Handbook" named no readers. Now it
    is theirs and answers; a colleague of another role asking the same is not answered
    from the apprentices' handbook."""
    question = "How long's my probation?"
    mine = await _ask(question, APPRENTICE)
    assert isinstance(mine, Answer), mine
    assert _cited(mine) == {"apprentice-handbook"}, mine.citations
    assert "26-week probation" in mine.text
    staff = await _ask(question, STAFF)
    assert "apprentice-handbook" not in _cited(staff), staff


async def test_the_general_policy_still_answers_what_the_handbook_does_not_say() -> None:
    """The handbook says nothing of social media: the code of conduct answers the
    apprentice as before, and a question nothing here answers stays refused."""
    posted = await _ask("Can I put photos from work on my instagram?", APPRENTICE)
    assert "apprentice-handbook" not in _cited(posted), posted
    nothing = await _ask("How much is the apprentice travel bursary?", APPRENTICE)
    assert isinstance(nothing, Refusal), nothing
