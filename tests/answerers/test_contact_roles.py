"""A role or team one line names; its number or email address, recorded by another
(contact_hop.py and part_hops.referred_back, hops26). "A parcel went to the wrong house. What
number do I ring to report it?" finds the policy's line "report it to the records officer
within 2 days", which names a role in plain words and gives no number; the directory records
the role with one. Main 43ddf89 answered with the policy's line alone, or refused. Small
documents written here."""

from __future__ import annotations

from pathlib import Path

from own_helpers import own_source

from wikiqa.answerers.contact_hop import asked_contact, recorded_contact, role_runs
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.pipeline import ask_async
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

POLICY = (
    "---\ntitle: Post and Parcels\naccess_scope: public\n---\n# Post and Parcels\n\n"
    "If a parcel goes to the wrong house, report it to the records officer within 2 days.\n\n"
    "Parcels are collected from the post room at 11:00.\n"
)
DIRECTORY = (
    "---\ntitle: Staff Directory\naccess_scope: public\n---\n# Staff Directory\n\n"
    "| Name | Job | Phone |\n|---|---|---|\n"
    "| Sam Lee | Records officer | 0161 496 0555 |\n"
    "| Ana Gil | Site manager | 0161 496 0556 |\n"
)
# the same role's number, in a directory only finance may read
CLOSED = (
    "---\ntitle: Finance Directory\naccess_scope: department\nallowed_departments: [finance]\n"
    "---\n# Finance Directory\n\n"
    "| Name | Job | Phone |\n|---|---|---|\n| Sam Lee | Records officer | 0161 496 0999 |\n"
)
FORMS = (
    "---\ntitle: Expense Forms\naccess_scope: public\n---\n# Expense Forms\n\n"
    "Send the signed form to the Benefits team before the 5th of the month.\n"
)
OVERVIEW = (
    "---\ntitle: Company Overview\naccess_scope: public\n---\n# Company Overview\n\n"
    "## Who to ask\n\n"
    "- Pay and benefits: the Benefits team, benefits@acme.example\n"
    "- Laptops: the IT desk, it@acme.example\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\n"
    "Book your leave at least 6 weeks ahead through the rota system.\n"
)
QUESTION = "A parcel went to the wrong house. What number do I ring to report it?"
ASKER = Principal(user_id="u-7", roles=["staff"], departments=["site"])


async def ask_as(question: str, source: CollectionSource, floor: float = 0.35) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=floor, max_sentences=3)
    return await ask_async(question, source, answerer=answerer, principal=ASKER)


async def test_the_role_a_line_names_is_looked_up_where_its_number_is(tmp_path: Path) -> None:
    files = {"post.md": POLICY, "directory.md": DIRECTORY, "leave.md": LEAVE}
    result = await ask_as(QUESTION, own_source(tmp_path, files))
    assert isinstance(result, Answer), result
    assert "report it to the records officer" in result.text, result.text
    assert "0161 496 0555" in result.text
    assert {c.doc_id for c in result.citations} == {"post.md", "directory.md"}


async def test_a_number_the_reader_may_not_see_is_never_cited(tmp_path: Path) -> None:
    files = {"post.md": POLICY, "closed.md": CLOSED, "leave.md": LEAVE}
    result = await ask_as(QUESTION, own_source(tmp_path, files))
    assert "closed.md" not in {c.doc_id for c in getattr(result, "citations", [])}
    assert "0161 496 0999" not in getattr(result, "text", "")


async def test_the_team_a_line_names_is_looked_up_where_its_email_is(tmp_path: Path) -> None:
    files = {"forms.md": FORMS, "overview.md": OVERVIEW, "leave.md": LEAVE}
    result = await ask_as(
        "Which email address do I send my signed expense form to?", own_source(tmp_path, files)
    )
    assert isinstance(result, Answer), result
    assert "benefits@acme.example" in result.text, result.text
    assert "it@acme.example" not in result.text
    assert {c.doc_id for c in result.citations} == {"forms.md", "overview.md"}


async def test_no_line_recording_the_role_answers_nothing_new(tmp_path: Path) -> None:
    # no document gives the records officer's number: the policy's line does not answer
    files = {"post.md": POLICY, "leave.md": LEAVE}
    result = await ask_as(QUESTION, own_source(tmp_path, files))
    assert "0161" not in getattr(result, "text", "")
    assert {c.doc_id for c in getattr(result, "citations", [])} <= {"post.md"}


def test_asked_contact() -> None:
    assert asked_contact("Which email address do I send the summons to?") == "email"
    assert asked_contact("What's her email?") == "email"
    assert asked_contact("What number do I ring to report it?") == "phone"
    assert asked_contact("How do I phone the site office?") == "phone"
    assert asked_contact("How many emails can I send a day?") is None
    assert asked_contact("Who do I report it to?") is None


def _ranked(question: str, text: str) -> tuple[object, list[object]]:
    doc = Document(source="m", doc_id="a", title="Policy", text=text)
    hit = Hit(source="m", doc_id="a", title="Policy", score=1.0)
    q = analyse(question)
    evidence = ExtractiveAnswerer().assess(q, [hit], {"a": doc}, [])
    assert evidence is not None
    return q, evidence.ranked


def test_a_role_is_the_run_after_the_said_right_after_a_word_of_the_question() -> None:
    q, ranked = _ranked(
        "What number do I ring to report it?",
        "# Policy\n\nReport it to the data protection officer within 24 hours.\n\n"
        "The data protection officer decides whether to tell the regulator.\n",
    )
    runs = {c.span.text: role_runs(q, c) for c in ranked}  # type: ignore[attr-defined]
    assert runs["Report it to the data protection officer within 24 hours."] == [
        ["data", "protection", "officer", "within"]
    ]
    # the role said, but not after a word of the question
    assert runs["The data protection officer decides whether to tell the regulator."] == []


def test_a_later_part_asking_how_to_reach_the_holder_takes_the_line_recording_it() -> None:
    doc = Document(
        source="m",
        doc_id="d",
        title="Staff Directory",
        text="# Staff Directory\n\n| Name | Job | Phone |\n|---|---|---|\n"
        "| Imogen Price | Travel Desk coordinator | 01632 961 135 |\n"
        "| Tom Hale | Site manager | 01632 961 136 |\n",
    )
    hit = Hit(source="m", doc_id="d", title="Staff Directory", score=1.0)
    found = ExtractiveAnswerer().assess(
        analyse("what's Travel Desk number?"), [hit], {"d": doc}, []
    )
    assert found is not None
    line = recorded_contact("what's their number?", "Travel Desk", found)
    assert line is not None and "01632 961 135" in line.span.text
    assert recorded_contact("when do they open?", "Travel Desk", found) is None
    assert recorded_contact("what's their number?", "Payroll Helpdesk", found) is None
