"""The row a question describes, picked by the line that files its name under the row's key
(filed_under.py, hops25). "Who signs off my risk assessments? I'm based at the Ashgrove depot."
finds the safety leads' table keyed by region, none of whose rows says Ashgrove; the depot
directory files "Ashgrove depot" under "Southern region" in a line of its own, and two other
tables name the depot whole without its region (the bridges main's value hop tries first).
Main 4b1151b refused. Small documents written here."""

from __future__ import annotations

from pathlib import Path

from own_helpers import ask_as, own_source

from wikiqa.answerers.features import analyse
from wikiqa.answerers.filed_under import as_filed, filed_key, own_names
from wikiqa.answerers.kind_keys import asked_names
from wikiqa.types import Answer, Principal, Refusal

LEADS = (
    "---\ntitle: Your Safety Lead\naccess_scope: public\n---\n# Your Safety Lead\n\n"
    "Each region has its own safety lead, who signs off risk assessments.\n\n"
    "| Region | Safety lead | Email |\n|---|---|---|\n"
    "| Northern region | Ruth Adeyemi | ruth.adeyemi@example.org |\n"
    "| Southern region | Piotr Lis | piotr.lis@example.org |\n"
    "| Western region | Hana Ito | hana.ito@example.org |\n"
)
DEPOTS = (
    "---\ntitle: Depot Directory\naccess_scope: {scope}\n---\n# Depot Directory\n\n"
    "Every depot belongs to a region.\n\n"
    "Brackley depot: 2 Canal Street, Brackley. Northern region. Open 6:00 to 14:00.\n\n"
    "Ashgrove depot: 4 Mill Lane, Ashgrove. Southern region. Open 7:00 to 15:00.\n\n"
    "Tolworth depot: 9 Quarry Road, Tolworth. Western region. Open 7:00 to 15:00.\n"
)
# rows of other tables that name the depot whole, and say nothing of its region
FIRE = (
    "---\ntitle: Fire Alarm Tests\naccess_scope: public\n---\n# Fire Alarm Tests\n\n"
    "| Depot | Weekly alarm test |\n|---|---|\n"
    "| Brackley depot | Monday at 10:00 |\n| Ashgrove depot | Tuesday at 11:00 |\n"
    "| Tolworth depot | Friday at 9:00 |\n"
)
PARKING = (
    "---\ntitle: Depot Parking\naccess_scope: public\n---\n# Depot Parking\n\n"
    "| Depot | Staff parking |\n|---|---|\n"
    "| Brackley depot | Street parking |\n| Ashgrove depot | Free yard parking |\n"
    "| Tolworth depot | Pay and display |\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\n"
    "Book your leave at least 6 weeks ahead through the rota system.\n"
)
OTHERS = {"fire.md": FIRE, "parking.md": PARKING}
QUESTION = "Who signs off my risk assessments? I'm based at the Ashgrove depot."
ASKER = Principal(user_id="u-8", roles=["staff"], departments=["site"])
PUBLIC = DEPOTS.replace("{scope}", "public")
# the same directory, readable only by the finance department
CLOSED = DEPOTS.replace("{scope}", "department\nallowed_departments: [finance]")


async def test_the_row_is_the_one_another_line_files_the_name_under(tmp_path: Path) -> None:
    files = {"leads.md": LEADS, "depots.md": PUBLIC, "leave.md": LEAVE, **OTHERS}
    result = await ask_as(QUESTION, own_source(tmp_path, files), ASKER)
    assert isinstance(result, Answer), result
    assert "Piotr Lis" in result.text, result.text
    assert "Ashgrove depot: 4 Mill Lane, Ashgrove." in result.text
    assert "Ruth Adeyemi" not in result.text and "Hana Ito" not in result.text
    assert {c.doc_id for c in result.citations} == {"leads.md", "depots.md"}


async def test_a_filing_line_the_reader_may_not_see_is_never_cited(tmp_path: Path) -> None:
    files = {"leads.md": LEADS, "depots.md": CLOSED, "leave.md": LEAVE, **OTHERS}
    result = await ask_as(QUESTION, own_source(tmp_path, files), ASKER)
    assert "depots.md" not in {c.doc_id for c in getattr(result, "citations", [])}
    assert isinstance(result, Refusal), result


async def test_no_line_filing_the_name_is_no_row(tmp_path: Path) -> None:
    # the directory does not list Ashgrove: no row of the leads' table is the asker's
    other = PUBLIC.replace("Ashgrove depot: 4 Mill Lane, Ashgrove.", "Kelby depot: 4 Mill Lane.")
    files = {"leads.md": LEADS, "depots.md": other, "leave.md": LEAVE, **OTHERS}
    result = await ask_as(QUESTION, own_source(tmp_path, files), ASKER)
    assert isinstance(result, Refusal), result


def test_filed_key_needs_the_name_and_exactly_one_key() -> None:
    keys = ["Northern region", "Southern region", "Western region"]
    own = frozenset({"ashgrov"})
    assert filed_key("Ashgrove depot: 4 Mill Lane. Southern region.", own, keys) == (
        "Southern region"
    )
    assert filed_key("Brackley depot: 2 Canal Street. Northern region.", own, keys) is None
    both = "Ashgrove depot: Southern region, and Western region at weekends."
    assert filed_key(both, own, keys) is None


def test_own_names_are_the_question_s_names_in_every_form() -> None:
    q = analyse("Which room is the first aid room at our Scottish hotel? I'm new.")
    own = own_names(q, frozenset())
    assert "scotlan" in own  # "Scottish" names Scotland
    assert not any(k.startswith("i'") for k in own)  # "I'm" is no name


def test_as_filed_asks_the_question_of_the_key() -> None:
    q = analyse("Which room is the first aid room at our Scottish hotel?")
    asked = as_filed(q, own_names(q, frozenset()), "Ravensholt Canongate")
    assert asked.text == "Which room is the first aid room at our Ravensholt Canongate hotel?"


def test_i_m_is_no_name_the_question_joins_to_a_kind() -> None:
    names = asked_names("Who do I go to about a grievance? I'm based at the Denholme office.")
    assert all("i'm" not in name for name, _ in names)
