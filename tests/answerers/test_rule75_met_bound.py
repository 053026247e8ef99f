"""A quantity the asker tells about their own case read against the bound a rule line's
condition sets on that measure (met_bound.py, rule75): "I live about 40 km from the yard. Is
there anywhere I can stay during the season?" by "Colleagues who live more than 25 kilometres
away may use the staff house ...". Must stay refused: a told value the line's range does not
hold, a place the document does not name, a page the asker may not read, the document
withheld, and the reading switched off. Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import met_bound
from wikiqa.answerers.met_bound import Told, met, told_quantities
from wikiqa.types import Answer, Principal, Refusal

HOUSING = (
    "---\ntitle: Working at Carrow Yard\n{scope}---\n# Working at Carrow Yard\n\n"
    "Carrow Yard is our boatyard on the estuary, open 07:30 to 16:00 Monday to Friday.\n\n"
    "Colleagues who live more than 25 kilometres away may use the staff house at Carrow Yard "
    "for up to 3 nights a week during the season.\n\n"
    "Mileage for work journeys is 45p a kilometre.\n"
)
SICKNESS = (
    "---\ntitle: Sickness Absence\n---\n# Sickness Absence\n\n"
    "Ring your manager before your shift starts on your first day off.\n\n"
    "From the 8th calendar day you need a fit note from your doctor.\n\n"
    "Statutory sick pay is paid from the fourth day of absence.\n"
)
TRAINING = (
    "---\ntitle: Training Costs\n---\n# Training Costs\n\n"
    "We pay for courses that help you in your job.\n\n"
    "If you leave within 12 months of finishing a paid course you pay back all of it; "
    "between 12 and 24 months, half of it.\n"
)
STAFF = Principal(user_id="s-1", roles=["staff"], departments=[])
STAY = "I live about 40 km from the yard. Is there anywhere I can stay during the season?"
NOTE = "I've been off 9 days with a chest infection. Do I need a note from my doctor?"
COURSE = "If I quit 18 months after my course, do I have to give back the money?"


def _files(scope: str = "") -> dict[str, str]:
    return {
        "carrow.md": HOUSING.format(scope=scope),
        "sickness.md": SICKNESS,
        "training.md": TRAINING,
    }


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def test_the_told_quantities() -> None:
    assert told_quantities(STAY) == [Told("km", 40.0)]
    assert told_quantities(NOTE) == [Told("day", 9.0)]
    assert told_quantities("I want a fortnight off in May. How far ahead must I ask?") == [
        Told("day", 14.0)
    ]
    # a rate is no told length; a bounded quantity is asked, not told; no situation told
    assert told_quantities("I work three days a week. Can I get a parking permit?") == [
        Told("day", 3.0)
    ]
    assert told_quantities("I want more than 2 weeks off. Who agrees it?") == []
    assert told_quantities("How many days off do I get after 5 years?") == []


def test_the_bound_met() -> None:
    house = HOUSING.split("\n\n")[2]
    assert met(house, [Told("km", 40.0)])
    assert not met(house, [Told("km", 20.0)])  # inside 25 km: the range does not hold it
    assert not met(house, [Told("mile", 40.0)])  # another measure
    assert met("From the 8th calendar day you need a fit note.", [Told("day", 9.0)])
    assert not met("From the 8th calendar day you need a fit note.", [Told("day", 5.0)])
    assert met(TRAINING.split("\n\n")[-1], [Told("month", 18.0)])
    assert not met(TRAINING.split("\n\n")[-1], [Told("month", 30.0)])
    assert met("Give 4 weeks' notice for a week or more off.", [Told("day", 14.0)])
    # a bound the line sets on its answer is no condition on the asker's case
    assert not met("Give at least 4 weeks' notice.", [Told("day", 35.0)])
    assert met("If you are off for at least 4 weeks, see HR.", [Told("day", 35.0)])
    # a neighbour's line bounding its own value, its subject set by "for", is no condition
    # (hb22-fact-03 withheld: "- Rotas for the pubs are published ... at least 14 days ahead.")
    rotas = "- Rotas for the pubs are published in the app at least 14 days ahead."
    assert not met(rotas, [Told("day", 14.0)])
    assert met("Shift workers on a 12-hour rota count 7.5 hours a day.", [Told("hour", 12.0)])


@pytest.mark.parametrize(
    ("question", "line"),
    [
        (STAY, "staff house"),
        (NOTE, "From the 8th calendar day"),
        (COURSE, "between 12 and 24 months"),
    ],
)
async def test_the_line_whose_range_holds_the_told_value_answers(
    tmp_path: Path, question: str, line: str
) -> None:
    result = await ask_as(question, own_source(tmp_path, _files()), STAFF)
    assert isinstance(result, Answer), question
    assert line in _said(result)


@pytest.mark.parametrize(
    "question",
    [
        "I live about 10 km from the yard. Is there anywhere I can stay during the season?",
        "I live about 40 km from the Brindle depot. Is there anywhere I can stay?",
    ],
)
async def test_a_value_outside_the_range_or_another_place_stays_refused(
    tmp_path: Path, question: str
) -> None:
    result = await ask_as(question, own_source(tmp_path, _files()), STAFF)
    assert "staff house" not in _said(result)


async def test_a_page_the_asker_may_not_read_never_answers(tmp_path: Path) -> None:
    files = _files("access_scope: role\nallowed_roles: [manager]\n")
    result = await ask_as(STAY, own_source(tmp_path, files), STAFF)
    assert "staff house" not in _said(result)


async def test_withheld_it_is_refused(tmp_path: Path) -> None:
    files = {k: v for k, v in _files().items() if k != "carrow.md"}
    result = await ask_as(STAY, own_source(tmp_path, files), STAFF)
    assert isinstance(result, Refusal)


async def test_switched_off_it_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(met_bound, "MET_BOUND", False)
    result = await ask_as(STAY, own_source(tmp_path, _files()), STAFF)
    assert "staff house" not in _said(result)
