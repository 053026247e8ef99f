"""A column header left open by its last word ("Refresh every") is read with its row's cell
("5 years") when the answerer asks whether the row says the kind of thing the question asks
for (header_kind.py, rank71): "How often do I need to redo crowd management?" is answered by
the course's row, which says "every" only through its header. Must stay refused or unchanged:
a header that closes its own phrase ("Annual leave days") is not read into its cells, a
course no row names, and a thing the table does not give. Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import extractive
from wikiqa.answerers.header_kind import header_completed
from wikiqa.types import Answer, Principal

TRAINING = (
    "<!DOCTYPE html>\n<html><head><title>Mandatory Training</title></head>\n<body>\n"
    "<h1>Mandatory Training</h1>\n"
    "<p>Everyone must keep these courses up to date. The training coordinator books "
    "refreshers and the company pays for them.</p>\n<table>\n"
    "<caption>Mandatory courses and how often they are refreshed</caption>\n"
    "<thead>\n<tr><th>Course</th><th>Who</th><th>Refresh every</th></tr>\n</thead>\n<tbody>\n"
    "<tr><td>Basic sea survival</td><td>all seafarers</td><td>5 years</td></tr>\n"
    "<tr><td>Crowd management</td><td>crew on passenger vessels</td><td>4 years</td></tr>\n"
    "<tr><td>First aid at sea</td><td>nominated crew</td><td>3 years</td></tr>\n"
    "<tr><td>Manual handling</td><td>everyone</td><td>2 years</td></tr>\n"
    "<tr><td>Fire awareness</td><td>shore staff</td><td>1 year</td></tr>\n"
    "</tbody>\n</table>\n</body>\n</html>\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\n"
    "Between 1 July and 31 August nobody may take more than 1 week off in a row unless the "
    "master agrees. You need to redo your leave booking if the rota changes; the rota is "
    "published twice a year.\n\n"
    "| Years of service | Annual leave days |\n|---|---|\n| Under 5 years | 25 |\n"
    "| 5 years or more | 28 |\n"
)
SICK = (
    "---\ntitle: Sickness Absence\naccess_scope: public\n---\n# Sickness Absence\n\n"
    "If you are ill, ring the crewing office before your shift. Four separate absences in "
    "a rolling year start a review.\n"
)
CROWDS = (
    "---\ntitle: Passenger Crowds\naccess_scope: public\n---\n# Passenger Crowds\n\n"
    "At busy sailings the purser decides how many foot passengers board, and crew redo the "
    "headcount if the gangway is closed. You need a second crew member at the gangway when "
    "more than 200 passengers board.\n"
)
FILES = {
    "mandatory-training.html": TRAINING,
    "annual-leave.md": LEAVE,
    "sickness.md": SICK,
    "crowds.md": CROWDS,
}
CREW = Principal(user_id="u-1", roles=["staff"], departments=["deck"])
QUESTION = "How often do I need to redo crowd management?"


def test_an_open_header_is_completed_by_its_cell() -> None:
    header = "Course | Who | Refresh every"
    row = "Crowd management | crew on passenger vessels | 4 years"
    assert header_completed(header, row) == "Refresh every 4 years"
    # a header closing its own phrase is not read into its cells
    assert header_completed("Years of service | Annual leave days", "Under 5 years | 25") == ""
    assert header_completed("Check | Weekly alarm test", "Fire | Monday at 11:00") == ""


async def test_the_course_row_answers_how_often(tmp_path: Path) -> None:
    result = await ask_as(QUESTION, own_source(tmp_path, FILES), CREW)
    assert isinstance(result, Answer), result
    # the row first; the leave line sharing "need to redo" may follow it as a second line
    assert result.text.startswith("Crowd management | crew on passenger vessels | 4 years")
    assert "mandatory-training.html" in {c.doc_id for c in result.citations}


async def test_switched_off_the_row_does_not_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "HEADER_KIND", False)
    result = await ask_as(QUESTION, own_source(tmp_path, FILES), CREW)
    assert not (isinstance(result, Answer) and "4 years" in result.text)


@pytest.mark.parametrize(
    "question",
    [
        "How often do I need to redo the engine room fire drill?",  # no row names it
        "How often does the training coordinator meet the master?",  # not said
        "How often do I need to redo the galley hygiene course?",  # no such course
    ],
)
async def test_must_stay_refused(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), CREW)
    assert not isinstance(result, Answer), result.text
