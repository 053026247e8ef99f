"""A record the question names by its key, held by a value of the asker's own line, tried
before the entity bridge follows the line's other names (hop69).

The asker's plan names a manager and the occupational health provider in one sentence
("Agreed between Leah Frost, sales assistant at Ripon Garden Centre, and Karen Holt, centre
manager, ... on the advice of Dale Occupational Health."). Asked the phone number of "the
occupational health people who advised on my return", the entity bridge (`hops.second_hop`)
followed the centre and the manager to the staff list's rows and answered with the manager's
phone; the record the question names by its key ("Occupational health: Dale Occupational
Health, 01632 960 455") was only tried after it (`own_hop`). `own_hop.held_first` tries that
record first. (The entity bridge fires first on handbook18's ranking, hb18-hop-07; on this
small lexical collection the first hop does not rank the plan's line among its bridges, so
these tests pin the answer and its must-refuse neighbours, not the order.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

DIRECTORY = (
    "---\ntitle: Staff Directory\n---\n# Staff Directory\n\n"
    "| Name | Job | Based at | Phone |\n|---|---|---|---|\n"
    "| Karen Holt | Centre manager | Ripon Garden Centre | 01632 960 311 |\n"
    "| Jo Marsh | Team leader and apprentice mentor | Ripon Garden Centre | 01632 960 321 |\n"
)
CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head><body>\n"
    "<h1>HR Contacts</h1>\n<p>Talk to your centre manager first.</p>\n<dl>\n"
    "<dt>HR adviser, all centres</dt><dd>Sam Price, 01632 960 410, based at head office</dd>\n"
    "<dt>Payroll Helpdesk</dt><dd>01632 960 420, payroll@greenway.example</dd>\n"
    "<dt>Occupational health</dt><dd>Dale Occupational Health, 01632 960 455; referrals come"
    " from your manager</dd>\n</dl>\n</body></html>\n"
)
SICKNESS = (
    "---\ntitle: Sickness Absence\n---\n# Sickness Absence\n\n"
    "After a long absence your manager may refer you to Dale Occupational Health, our"
    " occupational health provider, who advise on a phased return.\n"
)
RETURN = (
    "---\ntitle: Return to Work Interviews\n---\n# Return to Work Interviews\n\n"
    "Your manager holds a return to work interview with you after every absence, and notes"
    " what the occupational health people advised.\n"
)
REFERRALS = (
    "---\ntitle: Occupational Health Referrals\n---\n# Occupational Health Referrals\n\n"
    "Managers refer people to occupational health after four weeks off. Occupational health"
    " advise on your return and on adjustments; their advice is shared with you first.\n"
)
PHONES = (
    "---\ntitle: Personal Phones\n---\n# Personal Phones\n\n"
    "Keep your personal phone in your locker. Give your manager a phone number we can reach"
    " you on while you are off.\n"
)
PLAN = (
    "---\ntitle: 'Phased Return to Work Plan: Leah Frost'\naccess_scope: private\n"
    "owner_user_id: u-6911\n---\n# Phased Return to Work Plan: Leah Frost\n\n"
    "Agreed between Leah Frost, sales assistant at Ripon Garden Centre, and Karen Holt, centre"
    " manager, after Leah's hip operation, on the advice of Dale Occupational Health.\n\n"
    "| Week | Hours |\n|---|---|\n| Week 1 | 3 days of 4 hours |\n| Week 2 | your normal hours |\n\n"
    "- No lifting over 10 kg until the review.\n- Review meeting: Tuesday 13 October 2026.\n"
)
FROST = Principal(user_id="u-6911", roles=["staff"], departments=["retail"])
OTHER = Principal(user_id="u-6912", roles=["staff"], departments=["retail"])
OH_PHONE = "01632 960 455"
MANAGER_PHONE = "01632 960 311"
QUESTION = "What's the phone number for the occupational health people who advised on my return?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {
            "directory.md": DIRECTORY,
            "contacts.html": CONTACTS,
            "sickness.md": SICKNESS,
            "return.md": RETURN,
            "referrals.md": REFERRALS,
            "phones.md": PHONES,
            "private/plan-frost.md": PLAN,
        },
    )


async def test_the_held_record_answers_before_the_entity_bridge(source: CollectionSource) -> None:
    result = await ask_as(QUESTION, source, FROST)
    assert isinstance(result, Answer)
    assert OH_PHONE in result.text and MANAGER_PHONE not in result.text
    assert {c.doc_id for c in result.citations} == {"private/plan-frost.md", "contacts.html"}
    await source.aclose()


async def test_an_email_the_record_does_not_give_is_not_answered(source: CollectionSource) -> None:
    q = "What's the email address for the occupational health people who advised on my return?"
    result = await ask_as(q, source, FROST)
    assert "greenway.example" not in getattr(result, "text", "")
    assert OH_PHONE not in getattr(result, "text", "")
    await source.aclose()


async def test_the_managers_phone_is_still_the_managers(source: CollectionSource) -> None:
    q = "What's the phone number of the centre manager who agreed my return plan?"
    result = await ask_as(q, source, FROST)
    assert OH_PHONE not in getattr(result, "text", "")
    await source.aclose()


async def test_another_asker_reads_nothing_of_the_plan(source: CollectionSource) -> None:
    result = await ask_as(QUESTION, source, OTHER)
    assert all(c.doc_id != "private/plan-frost.md" for c in getattr(result, "citations", []))
    await source.aclose()
