"""The asker's own record restating the general rule's line with their own figure answers a
first-person question in its place (own_restated.py, wrong66). Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import extractive
from wikiqa.answerers.own_restated import units
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

POLICY = (
    "---\ntitle: Flexible Working\n---\n# Flexible Working\n\n"
    "Every colleague can ask to change their hours or days from their first day.\n\n"
    "## Asking\n\n"
    "Fill in the flexible working form and your manager meets you within 4 weeks.\n\n"
    "You can make up to 2 requests in any 12 months.\n\n"
    "A new pattern may start with a trial period of up to 12 weeks.\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\n---\n# Annual Leave\n\n"
    "Full-time colleagues get 28 days of annual leave a year, including bank holidays.\n"
)
OUTCOME = (
    "---\ntitle: 'Flexible Working Request Outcome: Ada Price'\naccess_scope: private\n"
    "owner_user_id: u-7701\n---\n# Flexible Working Request Outcome: Ada Price\n\n"
    "Dear Ada,\n\n"
    "I am pleased to agree your request to work four 10-hour shifts a week at Harlow.\n\n"
    "- Your contracted hours stay at 40 a week.\n"
    "- You will stay on the on-call rota.\n\n"
    "There will be a trial period of 8 weeks, ending on 25 January 2027, when we will meet "
    "again to review it.\n"
)
ADA = Principal(user_id="u-7701", roles=["staff"], departments=["nursing"])
OTHER = Principal(user_id="u-7799", roles=["staff"], departments=["nursing"])
FILES = {
    "flexible-working.md": POLICY,
    "annual-leave.md": LEAVE,
    "private/flexible-working-outcome-price.md": OUTCOME,
}


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(tmp_path, FILES)


async def _said(question: str, source: CollectionSource, who: Principal) -> str | None:
    result = await ask_as(question, source, who)
    return result.text if isinstance(result, Answer) else None


def test_the_units_a_line_states_a_quantity_in() -> None:
    assert units("a trial period of up to 12 weeks") == {"week"}
    assert units("within 2 working days, or £40 a month") == {"day", "money"}
    assert units("no more than 10% of net pay") == {"share"}
    assert units("ending on 25 January 2027") == set()
    assert units("Your contracted hours stay at 39 a week.") == {"hour"}
    assert units("Contracted hours: 37.5 a week") == {"hour"}


async def test_my_record_restating_the_rule_answers(source: CollectionSource) -> None:
    result = await ask_as("How long is the trial of my new hours?", source, ADA)
    assert isinstance(result, Answer), result
    assert "8 weeks" in result.claims[0].text, result.text
    # the rule it restates follows, cited
    assert "up to 12 weeks" in result.text, result.text
    assert result.citations[0].doc_id.startswith("private/"), result.citations


async def test_with_the_reading_off_the_rule_answers(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "OWN_RESTATED", False)
    said = await _said("How long is the trial of my new hours?", source, ADA)
    assert said is not None and "up to 12 weeks" in said, said


async def test_the_rule_stays_for_others_and_for_other_matters(
    source: CollectionSource,
) -> None:
    # another reader has no record of their own: the rule answers
    said = await _said("How long is the trial of my new hours?", source, OTHER)
    assert said is not None and "up to 12 weeks" in said, said
    # not asked of the asker's own case: the rule answers
    said = await _said("How long is the trial period for a new pattern?", source, ADA)
    assert said is not None and "up to 12 weeks" in said, said
    # the record says nothing of requests: the rule's line stays
    said = await _said("How many flexible working requests can I make a year?", source, ADA)
    assert said is not None and "2 requests" in said, said
    # nor of leave, though it states weeks
    said = await _said("How many days of annual leave do I get?", source, ADA)
    assert said is not None and "28 days" in said, said
