"""A person the asker's own record names by the role the question asks of ("Mentor: Kim
Adeyemi" for "What's my mentor's mobile number?") keys the staff list's row for that person,
wherever the row ranks among the list's rows (`own_hop.named_holder_row`, hops62); the row
answers only with a column the question asks, and a role the record does not give the
person ("my tutor") keys nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import own_hop
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

PEOPLE = [
    ("Gemma Lock", "Area manager, North", "Head office"),
    ("Imran Sadiq", "Area manager, South", "Head office"),
    ("Karen Holt", "Centre manager", "Ripon Garden Centre"),
    ("Paul Ogden", "Centre manager", "Otley Garden Centre"),
    ("Sinead Byrne", "Centre manager", "Thirsk Garden Centre"),
    ("Dev Mistry", "Centre manager", "Selby Garden Centre"),
    ("Hannah Cole", "Plant buyer", "Head office"),
    ("Moira Campbell", "Payroll manager", "Head office"),
    *[(f"Staff Member{chr(65 + i)}", "Sales assistant", "Otley Garden Centre") for i in range(26)],
    *[(f"Crew Person{chr(65 + i)}", "Yard assistant", "Selby Garden Centre") for i in range(26)],
    ("Kim Adeyemi", "Apprentice mentor", "Ripon Garden Centre"),
]
DIRECTORY = (
    "---\ntitle: Staff Directory\n---\n# Staff Directory\n\n"
    "Key contacts across Greenway Garden Centres. The head office switchboard is 01632 960 000.\n\n"
    "| Name | Job | Base | Mobile |\n|---|---|---|---|\n"
    + "".join(f"| {n} | {j} | {b} | 07700 900 {300 + i} |\n" for i, (n, j, b) in enumerate(PEOPLE))
)
HANDBOOK = (
    "---\ntitle: Apprentice Handbook\n---\n# Apprentice Handbook\n\n"
    "Every apprentice has a mentor, named in their apprenticeship agreement.\n\n"
    "Meet your mentor at least once a month. Your tutor from the college visits every 8 weeks.\n"
)
AGREEMENT = (
    "---\ntitle: 'Apprenticeship Agreement: Leah Frost'\naccess_scope: private\n"
    "owner_user_id: u-4401\n---\n# Apprenticeship Agreement: Leah Frost\n\n"
    "Apprentice: Leah Frost\n"
    "Apprenticeship: Horticulture, Level 2\n"
    "Centre: Ripon Garden Centre\n"
    "Training provider: Dales Land College\n"
    "Mentor: Kim Adeyemi\n"
    "Contracted hours: 37.5 a week\n\n"
    "- Your mentor on the course is Kim Adeyemi; you meet every month.\n"
)
MENTOR_MOBILE = f"07700 900 {300 + len(PEOPLE) - 1}"
FROST = Principal(user_id="u-4401", roles=["staff"], departments=["retail"])
OTHER = Principal(user_id="u-4402", roles=["staff"], departments=["retail"])


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {
            "directory.md": DIRECTORY,
            "apprentices.md": HANDBOOK,
            "private/agreement-frost.md": AGREEMENT,
        },
    )


async def test_my_mentors_mobile_is_the_row_of_the_person_my_record_names(
    source: CollectionSource,
) -> None:
    result = await ask_as("What's my mentor's mobile number?", source, FROST)
    assert isinstance(result, Answer)
    assert {c.doc_id for c in result.citations} >= {"private/agreement-frost.md", "directory.md"}
    assert MENTOR_MOBILE in result.text
    await source.aclose()


async def test_the_reading_switched_off_misses_it(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(own_hop, "named_holder_row", lambda *a, **k: None)
    monkeypatch.setattr(own_hop, "ROW_RECORD", False)  # hop73's row record answers it too
    result = await ask_as("What's my mentor's mobile number?", source, FROST)
    assert MENTOR_MOBILE not in getattr(result, "text", "")
    await source.aclose()


@pytest.mark.parametrize(
    "question",
    [
        "What's my mentor's email address?",  # no column the question asks
        "What's my college tutor's mobile number?",  # a role the record gives no one
        "What's my line manager's mobile number?",
        "What's my course tutor's mobile number?",  # "course" said, "tutor" by neither line
    ],
)
async def test_an_unsaid_column_or_role_keys_nothing(
    source: CollectionSource, question: str
) -> None:
    result = await ask_as(question, source, FROST)
    assert MENTOR_MOBILE not in getattr(result, "text", "")
    await source.aclose()


async def test_another_asker_has_no_mentor_named(source: CollectionSource) -> None:
    result = await ask_as("What's my mentor's mobile number?", source, OTHER)
    assert MENTOR_MOBILE not in getattr(result, "text", "")
    await source.aclose()
