"""A record the question names by its key ("Occupational health: Dale Health, 01632 960 455")
held by a value the asker's own line gives ("... with Ruth Ames, team leader, following
advice from Dale Health.") is the bridge's row: it answers the kind asked, not the row of
the person named first in the line (`held_record.held_record`, hop64); a record saying no
value of the kind asked answers nothing, and a question naming the person's role is read as
before."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import own_hop
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

DIRECTORY = (
    "---\ntitle: Staff Directory\n---\n# Staff Directory\n\n"
    "Key contacts across Greenway Garden Centres.\n\n"
    "| Name | Job | Base | Phone |\n|---|---|---|---|\n"
    "| Ruth Ames | Team leader | Ripon Garden Centre | 07700 900 311 |\n"
    "| Karen Holt | Centre manager | Ripon Garden Centre | 07700 900 312 |\n"
    "| Paul Ogden | Centre manager | Otley Garden Centre | 07700 900 313 |\n"
)
CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head><body>\n"
    "<h1>HR Contacts</h1>\n<p>Talk to your centre manager first.</p>\n<dl>\n"
    "<dt>HR adviser, all centres</dt><dd>Sam Price, 01632 960 410, based at head office</dd>\n"
    "<dt>Payroll Helpdesk</dt><dd>01632 960 420, payroll@greenway.example</dd>\n"
    "<dt>Employee Assistance Programme</dt><dd>Talkline, 0800 960 430, 24 hours a day</dd>\n"
    "<dt>Occupational health</dt><dd>Dale Health, 01632 960 455; referrals come from your"
    " manager</dd>\n</dl>\n</body></html>\n"
)
SICKNESS = (
    "---\ntitle: Sickness Absence\n---\n# Sickness Absence\n\n"
    "After 4 weeks off, your manager may refer you to occupational health.\n\n"
    "A phased return is agreed with you before you come back.\n"
)
PLAN = (
    "---\ntitle: 'Phased Return Plan: Leah Frost'\naccess_scope: private\n"
    "owner_user_id: u-4401\n---\n# Phased Return Plan: Leah Frost\n\n"
    "Leah Frost, sales assistant, Ripon Garden Centre, returning after hip surgery. Agreed on"
    " 2 November 2026 with Ruth Ames, team leader, following advice from Dale Health.\n\n"
    "- Mornings only for the first 2 weeks.\n"
    "- Your review with the occupational health team is on 30 November 2026.\n"
)
FROST = Principal(user_id="u-4401", roles=["staff"], departments=["retail"])
OH_PHONE = "01632 960 455"
LEADER_PHONE = "07700 900 311"
QUESTION = "What's the phone number for the occupational health people who advised on my return?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {
            "directory.md": DIRECTORY,
            "contacts.html": CONTACTS,
            "sickness.md": SICKNESS,
            "private/plan-frost.md": PLAN,
        },
    )


async def test_the_record_the_question_names_is_the_bridges_row(
    source: CollectionSource,
) -> None:
    result = await ask_as(QUESTION, source, FROST)
    assert isinstance(result, Answer)
    assert OH_PHONE in result.text and LEADER_PHONE not in result.text
    assert {c.doc_id for c in result.citations} >= {"private/plan-frost.md", "contacts.html"}
    await source.aclose()


async def test_switched_off_the_first_name_of_the_line_answers(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def nothing(*a: object, **k: object) -> None:
        return None

    monkeypatch.setattr(own_hop, "held_record", nothing)
    result = await ask_as(QUESTION, source, FROST)
    assert OH_PHONE not in getattr(result, "text", "") or LEADER_PHONE in result.text
    await source.aclose()


async def test_a_kind_the_record_does_not_give_is_not_answered_with_another_value(
    source: CollectionSource,
) -> None:
    q = "What's the email address of the occupational health people who advised on my return?"
    result = await ask_as(q, source, FROST)
    assert LEADER_PHONE not in getattr(result, "text", "")
    assert "greenway.example" not in getattr(result, "text", "")
    await source.aclose()


async def test_the_persons_role_asked_keys_their_row_as_before(source: CollectionSource) -> None:
    q = "What's the phone number of the team leader who agreed my return plan?"
    result = await ask_as(q, source, FROST)
    assert OH_PHONE not in getattr(result, "text", "")
    await source.aclose()
