"""Two chains through the asker's own document (hop66):

- a record the question names by its term is held by a name that repeats the term
  ("Occupational health: Dale Occupational Health, 01632 960 455"), which the asker's plan
  gives ("... following advice from Dale Occupational Health."): the name is the value
  `held_record` follows (`own_hop.record_holders`), though most of its words are the
  question's own;
- "my mentor's mobile number", the agreement naming the mentor ("Mentor: Ruth Ames") and the
  staff list headed "Phone", not "Mobile": the row's cell of the kind asked answers, the
  row read for the question asked of the person (`own_hop._fits_asked_of`), since the role
  alone is said by several rows; a mobile number is a number to dial (`kinds.asked_kind`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import own_hop
from wikiqa.answerers.features import analyse
from wikiqa.answerers.kinds import asked_kind
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

DIRECTORY = (
    "---\ntitle: Staff Directory\n---\n# Staff Directory\n\n"
    "Key contacts across Greenway Garden Centres. Ring a mobile only in working hours.\n\n"
    "| Name | Job | Base | Phone |\n|---|---|---|---|\n"
    "| Ruth Ames | Team leader | Ripon Garden Centre | 07700 900 311 |\n"
    "| Karen Holt | Centre manager | Ripon Garden Centre | 07700 900 312 |\n"
    "| Paul Ogden | Centre manager | Otley Garden Centre | 07700 900 313 |\n"
    "| Jo Marsh | Apprentice mentor | Ripon Garden Centre | 07700 900 321 |\n"
    "| Tom Reed | Apprentice mentor | Otley Garden Centre | 07700 900 322 |\n"
)
CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head><body>\n"
    "<h1>HR Contacts</h1>\n<p>Talk to your centre manager first.</p>\n<dl>\n"
    "<dt>HR adviser, all centres</dt><dd>Sam Price, 01632 960 410, based at head office</dd>\n"
    "<dt>Payroll Helpdesk</dt><dd>01632 960 420, payroll@greenway.example</dd>\n"
    "<dt>Occupational health</dt><dd>Dale Occupational Health, 01632 960 455; referrals come"
    " from your manager</dd>\n</dl>\n</body></html>\n"
)
PLAN = (
    "---\ntitle: 'Phased Return Plan: Leah Frost'\naccess_scope: private\n"
    "owner_user_id: u-4401\n---\n# Phased Return Plan: Leah Frost\n\n"
    "Leah Frost, sales assistant, Ripon Garden Centre, returning after hip surgery. Agreed on"
    " 2 November 2026 with Ruth Ames, team leader, following advice from Dale Occupational"
    " Health.\n\n"
    "- Mornings only for the first 2 weeks.\n"
    "- Your review with Dale Occupational Health is on 30 November 2026.\n"
)
AGREEMENT = (
    "---\ntitle: 'Apprenticeship Agreement: Sam Lowe'\naccess_scope: private\n"
    "owner_user_id: u-4402\n---\n# Apprenticeship Agreement: Sam Lowe\n\n"
    "Apprentice: Sam Lowe\nApprenticeship: Horticulture, Level 2\n"
    "Centre: Otley Garden Centre\nMentor: Tom Reed\nStart date: 7 September 2026\n\n"
    "## What we agree\n\n- Give you a day a week off the job for training.\n"
)
FROST = Principal(user_id="u-4401", roles=["staff"], departments=["retail"])
LOWE = Principal(user_id="u-4402", roles=["apprentice"], departments=["retail"])
OTHER = Principal(user_id="u-4403", roles=["staff"], departments=["retail"])
OH_PHONE = "01632 960 455"
LEADER_PHONE = "07700 900 311"
MENTOR_PHONE = "07700 900 322"
OH_QUESTION = "What's the phone number for the occupational health people doing my review?"
MENTOR_QUESTION = "What's my mentor's mobile number?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {
            "directory.md": DIRECTORY,
            "contacts.html": CONTACTS,
            "private/plan-frost.md": PLAN,
            "private/agreement-lowe.md": AGREEMENT,
        },
    )


def test_a_mobile_number_asks_a_number_to_dial() -> None:
    assert asked_kind("What's my clinical coach's mobile number?") == "phone"
    assert asked_kind("What's the mobile number for Dylan Hart?") == "phone"
    assert asked_kind("How many staff have a work mobile?") is None


def test_a_holder_repeating_the_records_term_is_a_value_for_the_record() -> None:
    line = "Agreed with Ruth Ames, team leader, following advice from Dale Occupational Health."
    qterms = set(analyse(OH_QUESTION).terms)
    assert own_hop.record_holders(line, qterms) == ["Dale Occupational Health"]
    assert own_hop.record_holders(line, set(analyse("Who is Ruth Ames?").terms)) == []


async def test_the_record_held_by_the_named_provider_answers(source: CollectionSource) -> None:
    result = await ask_as(OH_QUESTION, source, FROST)
    assert isinstance(result, Answer)
    assert OH_PHONE in result.text and LEADER_PHONE not in result.text
    assert {c.doc_id for c in result.citations} >= {"private/plan-frost.md", "contacts.html"}
    await source.aclose()


async def test_switched_off_the_provider_is_not_followed(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(own_hop, "record_holders", lambda *a: [])
    result = await ask_as(OH_QUESTION, source, FROST)
    assert OH_PHONE not in getattr(result, "text", "")
    await source.aclose()


async def test_an_email_the_record_does_not_give_is_not_answered(source: CollectionSource) -> None:
    q = "What's the email address for the occupational health people doing my review?"
    result = await ask_as(q, source, FROST)
    assert LEADER_PHONE not in getattr(result, "text", "")
    assert "greenway.example" not in getattr(result, "text", "")
    await source.aclose()


async def test_the_mentors_row_answers_a_mobile_under_a_phone_header(
    source: CollectionSource,
) -> None:
    result = await ask_as(MENTOR_QUESTION, source, LOWE)
    assert isinstance(result, Answer)
    assert MENTOR_PHONE in result.text and "07700 900 321" not in result.text
    assert "private/agreement-lowe.md" in {c.doc_id for c in result.citations}
    await source.aclose()


async def test_switched_off_the_mentors_row_does_not_answer(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(own_hop, "_fits_asked_of", lambda *a: False)
    monkeypatch.setattr(own_hop, "ROW_RECORD", False)  # hop73's row record answers it too
    result = await ask_as(MENTOR_QUESTION, source, LOWE)
    assert MENTOR_PHONE not in getattr(result, "text", "")
    await source.aclose()


async def test_a_mentor_asked_by_someone_else_or_for_an_email_is_not_answered(
    source: CollectionSource,
) -> None:
    result = await ask_as(MENTOR_QUESTION, source, OTHER)
    assert MENTOR_PHONE not in getattr(result, "text", "")
    result = await ask_as("What's my mentor's email address?", source, LOWE)
    assert MENTOR_PHONE not in getattr(result, "text", "")
    await source.aclose()
