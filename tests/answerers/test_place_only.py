"""A line that answers only by saying the place the asker tells does not answer
(place_only.py). Small documents written here, asked through the real ask() path."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive
from wikiqa.answerers.place_only import place_said, unplaced

PENANG = (
    "Annual Leave (Penang Campus)",
    "For staff employed at the Penang Campus. The leave year is the calendar year, 1 January "
    "to 31 December.\n\n"
    "| Years of service | Annual leave (days) |\n|---|---|\n| Less than 2 years | 18 |\n"
    "| 2 to 5 years | 21 |\n| More than 5 years | 24 |\n\n"
    "There are no Christmas closure days at the Penang Campus; the campus closes for 2 days at "
    "Chinese New Year in addition to the public holidays.\n\n"
    "Leave is booked in MyNorthmere with at least 7 days' notice. Leave cannot be bought.\n\n"
    "Medical leave, hospitalisation leave and maternity leave at the Penang Campus follow the "
    "Employment Act 1955; ask the Penang People Office on +60 4-229 8100.\n",
)
UK = (
    "Annual Leave (UK Campuses)",
    "For staff employed at our UK campuses. Staff at the Penang Campus should read Annual "
    "Leave (Penang Campus) instead.\n\nThe University closes for 3 days between Christmas and "
    "New Year.\n",
)
DOCS = {"penang": PENANG, "uk": UK}
CHOIR = "I'm at the Penang Campus. Is there a staff choir?"
DOG = "I'm at the Penang Campus. Can I bring my dog to work?"


def test_the_place_a_line_says() -> None:
    line = "For staff employed at the Penang Campus."
    assert place_said(CHOIR, line) == ("I'm. Is there a staff choir?", "Penang Campus")
    assert unplaced(line, "Penang Campus") == "For staff employed at."
    # a line saying nothing of the place, or a question telling no place, is not read
    assert place_said(CHOIR, "Leave cannot be bought.") is None
    assert place_said("Is there a staff choir at the Penang Campus?", line) is None


@pytest.mark.parametrize("question", [CHOIR, DOG])
async def test_a_line_saying_only_the_place_does_not_answer(question: str) -> None:
    result = await ask_over(DOCS, question)
    assert result.kind == "refusal", result.text


async def test_switched_off_the_place_line_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extractive, "place_said", lambda question, line: None)
    results = [await ask_over(DOCS, q) for q in (CHOIR, DOG)]
    assert any(r.kind == "answer" for r in results)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("I work at the Penang Campus. Are there Christmas closure days?", "no Christmas"),
        ("I'm at the Penang Campus. Who do I ask about medical leave?", "People Office"),
    ],
)
async def test_a_line_saying_the_place_and_the_ask_answers(question: str, said: str) -> None:
    result = await ask_over(DOCS, question)
    assert result.kind == "answer", result
    assert said in result.text
