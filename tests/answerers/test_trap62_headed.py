"""A guide for the asker's kind speaks to the matter its section heading names, and the one
line of that section answers for the asker (trap62, `headed.py`).

A coach company's drivers' terms, one short section per matter, rank low as a whole against
the group's notice policy, and their "## Notice" section's one line ("1 week for each year
of service, up to 8 weeks.") says none of the question's words. On small documents written
here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers import extractive, neighbours
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.headed import headed_entry, section_asked
from wikiqa.types import Answer, Document, Principal, Refusal

COACH = Principal(user_id="u-1", roles=["ardlow"], departments=["ardlow"])
BUS = Principal(user_id="u-2", roles=["staff"], departments=["buses"])
TERMS_TITLE = "Ardlow Coaches: Drivers' Terms and Conditions"
TERMS = (
    TERMS_TITLE,
    f"# {TERMS_TITLE}\n\n"
    "Ardlow Coaches is the group's coach company for private hire and school contracts. "
    "These terms apply to Ardlow drivers only.\n\n"
    "## Holiday\n\n"
    "Ardlow drivers receive 28 days of holiday a year including bank holidays.\n\n"
    "## Drivers' hours\n\n"
    "No more than 9 hours of driving a day, and a break of 45 minutes after 4 hours 30 "
    "minutes of driving.\n\n"
    "## Notice\n\n"
    "1 week for each year of service, up to 8 weeks.\n\n"
    "## Travel\n\n"
    "Ardlow staff travel free on Ardlow services only.\n",
)
NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\n"
    "When you resign you must give the notice set by your grade: 4 weeks for grades A to C "
    "and 8 weeks for grades D and above.\n\n"
    "During probation, either side may end your employment with 1 week's notice.\n\n"
    "If statutory notice is longer (1 week for each complete year of service, up to 12 "
    "weeks), the company gives you the statutory notice instead.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Bus and tram staff receive 25 days of annual leave plus bank holidays. Book leave "
    "through your depot at least 2 weeks ahead.\n",
)
PARKING = (
    "Staff Parking",
    "# Staff Parking\n\nStaff may park free at every depot. Permits are issued by the depot.\n",
)
DOCS = {
    "ardlow-terms": TERMS,
    "people-notice": NOTICE,
    "leave-annual": LEAVE,
    "staff-parking": PARKING,
}
QUESTION = "How much notice do I have to give if I want to leave?"


async def _ask(question: str, who: Principal) -> Answer | Refusal:
    return await ask_over(DOCS, question, who=who, answerer=ExtractiveAnswerer(max_sentences=3))


def _doc(name: str) -> Document:
    title, text = DOCS[name]
    return Document(source="docs", doc_id=name, title=title, text=text)


def test_a_heading_the_question_says_whole() -> None:
    terms = _doc("ardlow-terms")
    assert section_asked(terms, QUESTION)
    assert not section_asked(terms, "When is the Christmas party?")
    assert not section_asked(_doc("staff-parking"), QUESTION)  # no section of its own
    line = "1 week for each year of service, up to 8 weeks."
    assert headed_entry(QUESTION, line, terms)
    assert not headed_entry("Can I work my notice from home?", line, terms)  # yes/no
    assert not headed_entry("How much holiday do I get?", line, terms)  # another heading
    # a section of more than one line is no entry
    assert not headed_entry("How many hours can I drive?", "No more than 9 hours", terms)


async def test_the_asker_s_own_terms_answer_and_switched_off_they_do_not(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    got = await _ask(QUESTION, COACH)
    assert isinstance(got, Answer), got
    assert {c.doc_id for c in got.citations} == {"ardlow-terms"}
    assert "up to 8 weeks" in got.text
    monkeypatch.setattr(extractive, "headed_entry", lambda *a: False)
    monkeypatch.setattr(neighbours, "section_asked", lambda *a: False)
    off = await _ask(QUESTION, COACH)
    assert "up to 8 weeks" not in (off.text if isinstance(off, Answer) else "")


async def test_another_kind_of_asker_and_an_unsaid_matter() -> None:
    bus = await _ask(QUESTION, BUS)
    assert "ardlow-terms" not in (
        {c.doc_id for c in bus.citations} if isinstance(bus, Answer) else set()
    )
    party = await _ask("How much is the Ardlow Christmas party budget?", COACH)
    assert isinstance(party, Refusal), party
