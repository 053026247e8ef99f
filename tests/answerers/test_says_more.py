"""The general policy's line kept when it says more of the question than the asker's guide
(traps59, `says_more.py`).

An apprentice asking "Can my probation be extended?" was answered from the apprentices'
handbook ("Apprentices have a 26-week probation ...": probation, nothing of extending it)
once "Apprentice Handbook" named its readers (traps58), though the probation policy's line
says probation and extending it. On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.says_more import says_more, supplements
from wikiqa.types import Answer, Principal, Refusal

# A floor fit to this small collection, whose lines score lower than a whole handbook's.
FLOOR = 0.2
APPRENTICE = Principal(user_id="u-1", roles=["apprentice"], departments=["site"])

GUIDE = (
    "Apprentice Handbook",
    "# Apprentice Handbook\n\n"
    "For apprentices at Fernside Care, on the Adult Care Worker apprenticeship.\n\n"
    "## Pay\n\n"
    "Apprentices are paid by the level of their apprenticeship, not by grade:\n\n"
    "| Apprenticeship | Hourly rate |\n|---|---|\n| Level 2 | £10.40 |\n| Level 3 | £13.10 |\n\n"
    "## Probation\n\n"
    "Apprentices have a 26-week probation, whatever the grade of the job they will move "
    "into.\n\n"
    "## Your mentor\n\n"
    "Each apprentice has a mentor, a senior care assistant at their home. Meet your mentor "
    "every 2 weeks.\n",
)
PROBATION = (
    "Probation",
    "# Probation\n\n"
    "Every new colleague has a probation period, set by the grade of their job:\n\n"
    "| Grade | Probation |\n|---|---|\n| Grade A | 3 months |\n| Grade B | 3 months |\n"
    "| Grade C | 4 months |\n| Grade D | 6 months |\n\n"
    "- You have review meetings with your manager at the end of your first month and "
    "halfway through, and a final review before the end.\n"
    "- Your manager can extend probation once, by up to 3 months.\n"
    "- During probation either side can end employment with 1 week's notice.\n\n"
    "Apprentices have their own probation (see the Apprentice Handbook).\n",
)
CONDUCT = (
    "Code of Conduct",
    "# Code of Conduct\n\n"
    "## Social media\n\n"
    "Do not post photos of residents or of the homes on personal social media.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "The holiday year runs from 1 April to 31 March.\n\n"
    "- For a week or more, ask at least 6 weeks before the first day.\n"
    "- You may carry up to 5 days into the next holiday year, to be used by 30 June.\n",
)
UNIFORM = (
    "Uniform and Appearance",
    "# Uniform and Appearance\n\n"
    "You get 3 tunics and 2 pairs of trousers free when you start.\n\n"
    "- One plain ring with no stones. No false nails or nail varnish.\n"
    "- Return your tunics on your last day.\n",
)
SICKNESS = (
    "Sickness Absence",
    "# Sickness Absence\n\n"
    "Ring your manager at least 2 hours before your shift if you are too ill to work. "
    "From the eighth day of sickness you need a fit note from your doctor.\n",
)
PAYDAYS = (
    "Pay Dates",
    "# Pay Dates\n\n"
    "You are paid monthly on the 28th, or the working day before when the 28th is a weekend. "
    "Payslips are on the payroll app three days before.\n",
)
HOMES = {
    "apprentice-handbook": GUIDE,
    "people-probation": PROBATION,
    "people-conduct": CONDUCT,
    "leave-annual": LEAVE,
    "people-uniform": UNIFORM,
    "leave-sickness": SICKNESS,
    "pay-dates": PAYDAYS,
}


async def _ask(question: str) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3)
    return await ask_over(HOMES, question, who=APPRENTICE, answerer=answerer)


def _cited(result: Answer | Refusal) -> set[str]:
    return {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()


def test_says_more_is_a_strict_superset_of_the_question_s_words() -> None:
    asked = ["extend", "probat"]
    assert says_more(asked, {"manag", "extend", "probat"}, {"probat", "week"})
    assert not says_more(asked, {"probat"}, {"probat", "week"})  # says no more
    assert not says_more(asked, {"extend"}, {"probat"})  # each says something the other lacks
    assert not says_more(["long", "probat"], {"probat"}, {"probat"})


def test_only_guides_named_by_a_noun_with_no_person_ending_yield() -> None:
    """The check reads only the guides traps58 made the asker's; a guide named by a noun
    whose ending shows a person ("Agency Operatives") answers as before."""
    agency = Principal(user_id="u-3", roles=["agency"], departments=[])
    assert supplements("Apprentice Handbook", APPRENTICE)
    assert supplements("Agency Nurses Guide", agency)
    assert not supplements("Agency Operatives", agency)
    assert not supplements("Agency Workers Guide", agency)
    assert not supplements("Probation", APPRENTICE)


async def test_the_general_line_that_says_what_was_asked_answers(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With the check, the probation policy's lines on extending probation and on notice
    answer the apprentice; with it switched off, the handbook's probation line (which says
    nothing of either) displaces them."""
    asked = {
        "Can they extend my probation?": "extend probation once",
        "How much notice is there during probation?": "1 week's notice",
    }
    for question, says in asked.items():
        kept = await _ask(question)
        assert isinstance(kept, Answer), kept
        assert "people-probation" in _cited(kept), kept.citations
        assert says in kept.text
    monkeypatch.setattr(extractive, "says_more", lambda *a: False)
    for question, says in asked.items():
        off = await _ask(question)
        assert says not in (off.text if isinstance(off, Answer) else ""), off


async def test_the_guide_still_answers_what_it_says_and_refusals_stay() -> None:
    """How long the probation is: the handbook's line answers the apprentice. A question
    nothing here answers stays refused."""
    mine = await _ask("How long's my probation?")
    assert isinstance(mine, Answer), mine
    assert _cited(mine) == {"apprentice-handbook"}, mine.citations
    nothing = await _ask("How much is the apprentice travel bursary?")
    assert isinstance(nothing, Refusal), nothing
