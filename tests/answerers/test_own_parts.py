"""A compound question asked of the asker's own record, answered by the one line of it that
gives a value of every part's kind (own_parts.py). Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import extractive
from wikiqa.answerers.own_parts import part_value
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal, Refusal

HANDBOOK = (
    "---\ntitle: Apprentice Handbook\n---\n# Apprentice Handbook\n\n"
    "## College\n\n"
    "We pay your bus or train fare to college, or 45 pence a mile if you drive.\n\n"
    "## Leave\n\n"
    "Apprentices get 28 days of annual leave plus 8 public holidays.\n"
)
FLEXIBLE = (
    "---\ntitle: Flexible Working\n---\n# Flexible Working\n\n"
    "You can ask to change your hours, days or place of work once in any 12 months.\n\n"
    "Your manager meets you within 28 days and gives a decision in writing.\n"
)
AGREEMENT = (
    "---\ntitle: 'Apprenticeship Agreement: Jo Quinn'\naccess_scope: private\n"
    "owner_user_id: u-4401\n---\n# Apprenticeship Agreement: Jo Quinn\n\n"
    "Apprenticeship: Plumber, Level 3.\n\n"
    "- Start date: 7 September 2026.\n"
    "- Off-the-job training: every Thursday at Tamesbridge College, paid as working time.\n"
    "- Pay: the apprentice rate for the first year.\n"
)
OUTCOME = (
    "---\ntitle: 'Flexible Working Request Outcome: Sam Price'\naccess_scope: private\n"
    "owner_user_id: u-4402\n---\n# Flexible Working Request Outcome: Sam Price\n\n"
    "## Decision\n\n"
    "Your request is agreed.\n\n"
    "- From Monday 4 January 2027 your contract is 24 hours a week, down from 30.\n"
    "- You will not be rostered on Saturdays.\n\n"
    "## Trial\n\n"
    "The new pattern has a trial period until 31 March 2027.\n"
)
QUINN = Principal(user_id="u-4401", roles=["apprentice"], departments=["plumbing"])
PRICE = Principal(user_id="u-4402", roles=["staff"], departments=["stores"])
OTHER = Principal(user_id="u-4499", roles=["apprentice"], departments=["plumbing"])
FILES = {
    "handbook.md": HANDBOOK,
    "flexible.md": FLEXIBLE,
    "private/apprenticeship-agreement-quinn.md": AGREEMENT,
    "private/flexible-working-outcome-price.md": OUTCOME,
}
COLLEGE = "Which day am I at college, and where?"
HOURS = "From when do my new hours start, and how many am I down to?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(tmp_path, FILES)


def test_a_value_of_each_parts_kind() -> None:
    line = "- From Monday 4 January 2027 your contract is 24 hours a week, down from 30."
    assert part_value("From when do my new hours start", line)
    assert part_value("how many am I down to?", line)
    # a date's and a year's digits are no count
    assert not part_value("how many Sundays do I work?", "The trial runs until 31 March 2027.")
    college = "- Off-the-job training: every Thursday at Tamesbridge College."
    assert part_value("Which day am I at college", college)
    assert part_value("where: day am I at college?", college)
    assert not part_value("where is it?", "You attend every Thursday in term time.")
    # a kind no line can be checked for: a person
    assert not part_value("who is my tutor?", college)


async def _said(question: str, source: CollectionSource, who: Principal) -> str | None:
    result = await ask_as(question, source, who)
    return result.text if isinstance(result, Answer) else None


async def test_one_line_of_my_record_answers_every_part(source: CollectionSource) -> None:
    said = await _said(COLLEGE, source, QUINN)
    assert said is not None and "every Thursday at Tamesbridge College" in said, said
    said = await _said(HOURS, source, PRICE)
    assert said is not None and "24 hours a week" in said, said


async def test_without_the_reading_they_are_refused(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "own_parts", lambda e: False)
    # (over this small lexical collection the hours question's parts are answered by the
    # parts' own readings either way; over handbook14 they are not)
    assert await _said(COLLEGE, source, QUINN) is None


async def test_a_part_the_line_does_not_give_stays_refused(source: CollectionSource) -> None:
    for question, who in (
        ("Which day am I at college, and who is my tutor there?", QUINN),
        ("When does my trial end, and how many Sundays do I work?", PRICE),
        (COLLEGE, OTHER),  # another apprentice never sees the record
        (HOURS, QUINN),  # nor does another asker the outcome
    ):
        result = await ask_as(question, source, who)
        assert isinstance(result, Refusal), (question, result)
