"""A line of the asker's own document naming the whole ask of a question about them answers
under the floor (own_named.py): "Which day am I at college?" over the asker's agreement's
"You attend college every Thursday in term time". Another reader, a question not about the
asker, or an ask the line does not name, stays as it was. Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

AGREEMENT = (
    "---\ntitle: 'Apprenticeship Agreement: Mo Patel'\naccess_scope: private\n"
    "owner_user_id: u-7001\n---\n# Apprenticeship Agreement: Mo Patel\n\n"
    "This agreement covers your Level 2 Site Joinery apprenticeship, from 1 September 2026 "
    "to 31 August 2028.\n\n"
    "- You attend college every Thursday in term time, which is paid working time.\n"
    "- Your workplace mentor is Tom Reyes, who signs off your log book each month.\n"
    "- Your end-point assessment is planned for July 2028.\n"
)
HANDBOOK = (
    "---\ntitle: Apprentice Handbook\n---\n# Apprentice Handbook\n\n"
    "## Travel\n\nWe pay your bus or train fare to your training provider, or 45 pence a mile if you drive.\n\n"
    "## Leave\n\nApprentices get 25 days of annual leave plus public holidays.\n"
)
CANTEEN = (
    "---\ntitle: Site Canteens\n---\n# Site Canteens\n\n"
    "Every site has a canteen open from 07:00 to 15:00 on weekdays.\n"
)
PATEL = Principal(user_id="u-7001", roles=["staff"], departments=["joinery"])
OTHER = Principal(user_id="u-7999", roles=["staff"], departments=["joinery"])


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {
            "handbook.md": HANDBOOK,
            "canteen.md": CANTEEN,
            "private/agreement-patel.md": AGREEMENT,
        },
    )


async def test_my_own_documents_line_naming_the_whole_ask_answers(
    source: CollectionSource,
) -> None:
    result = await ask_as("Which day am I at college?", source, PATEL)
    assert isinstance(result, Answer)  # main refused: the line scored under the floor
    assert "every Thursday" in result.text
    assert {c.doc_id for c in result.citations} == {"private/agreement-patel.md"}
    await source.aclose()


async def test_another_reader_gets_no_word_of_it(source: CollectionSource) -> None:
    result = await ask_as("Which day am I at college?", source, OTHER)
    text = result.text if isinstance(result, Answer) else result.reason
    assert "Thursday" not in text and "Patel" not in text
    await source.aclose()


async def test_an_ask_the_line_does_not_name_stays_refused(source: CollectionSource) -> None:
    # the agreement names no exam day: "exam" is said by no line of it
    result = await ask_as("Which day is my college exam?", source, PATEL)
    assert not isinstance(result, Answer) or "Thursday" not in result.text
    await source.aclose()
