"""Who to reach, named by one line; their number, recorded by another (contact_hop.py, hops24).
"What's the phone number of the people who advised on my return to work?" finds the asker's
return plan, whose line names the advisers ("on the advice of Kestrel Wellbeing") but gives no
number; the contacts table records the name with one. Main 6f4f070 answered with the plan's
line alone. Small documents written here."""

from __future__ import annotations

from pathlib import Path

from own_helpers import own_source

from wikiqa.answerers.contact_hop import asks_contact, described_names
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.pipeline import ask_async
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

PLAN = (
    "---\ntitle: 'Return to Work: Jo Marsh'\naccess_scope: private\nowner_user_id: u-7\n---\n"
    "# Return to Work: Jo Marsh\n\n"
    "Agreed with Jo Marsh on 2 June 2026 after her operation, on the advice of Kestrel "
    "Wellbeing.\n\n"
    "- Weeks 1 to 2: mornings only, light duties.\n"
    "- Weeks 3 to 4: full days, light duties.\n"
)
CONTACTS = (
    "---\ntitle: Contacts\naccess_scope: public\n---\n# Contacts\n\n"
    "| Service | Provider | Telephone |\n|---|---|---|\n"
    "| Occupational health | Kestrel Wellbeing | 0161 496 0777 |\n"
    "| Payroll | Ledger Point | 0161 496 0778 |\n"
)
# the same provider's number, in a document only finance may read
ACCOUNTS = (
    "---\ntitle: Supplier Accounts\naccess_scope: department\nallowed_departments: [finance]\n"
    "---\n# Supplier Accounts\n\n"
    "| Supplier | Account phone |\n|---|---|\n| Kestrel Wellbeing | 0161 496 0999 |\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\n"
    "Book your leave at least 6 weeks ahead through the rota system.\n"
)
QUESTION = "What's the phone number of the people who advised on my return to work?"
ASKER = Principal(user_id="u-7", roles=["staff"], departments=["site"])


async def ask_as(question: str, source: CollectionSource, floor: float = 0.2) -> Answer | Refusal:
    """The lexical collection scores the plan's line 0.25 for the question: the floor 0.2
    puts it over the floor, where main 6f4f070 answers with the plan's lines alone (the
    contacts table shares no word with the question, so its search does not find it)."""
    answerer = ExtractiveAnswerer(floor=floor, max_sentences=3)
    return await ask_async(question, source, answerer=answerer, principal=ASKER)


async def test_the_named_adviser_is_looked_up_where_their_number_is(tmp_path: Path) -> None:
    files = {"private/plan.md": PLAN, "contacts.md": CONTACTS, "leave.md": LEAVE}
    result = await ask_as(QUESTION, own_source(tmp_path, files))
    assert isinstance(result, Answer), result
    assert "on the advice of Kestrel Wellbeing" in result.text, result.text
    assert "0161 496 0777" in result.text
    assert {c.doc_id for c in result.citations} == {"private/plan.md", "contacts.md"}
    # further under the floor, a name to follow is not enough
    assert isinstance(await ask_as(QUESTION, own_source(tmp_path / "b", files), 0.4), Refusal)


async def test_a_number_the_reader_may_not_see_is_never_cited(tmp_path: Path) -> None:
    # only a finance document records the provider with a number: nothing of it is cited
    files = {"private/plan.md": PLAN, "accounts.md": ACCOUNTS, "leave.md": LEAVE}
    result = await ask_as(QUESTION, own_source(tmp_path, files))
    assert "accounts.md" not in {c.doc_id for c in getattr(result, "citations", [])}
    assert "0161 496 0999" not in getattr(result, "text", "")


def test_asks_contact() -> None:
    assert asks_contact("How do I phone the person who signed my contract?")
    assert asks_contact("What's his mobile?")
    assert asks_contact("What's the phone number for the site office?")
    assert not asks_contact("How many phones can I have?")
    assert not asks_contact("What's the mobile phone policy?")


def test_only_a_name_said_right_after_a_word_of_the_question_is_who_is_asked_of() -> None:
    text = (
        "# Adjustments\n\nThis records the changes agreed with you, following your Kestrel "
        "Wellbeing report.\n\nAgreed by Sam Okafor, Team leader.\n"
    )
    doc = Document(source="m", doc_id="a", title="Adjustments", text=text)
    hit = Hit(source="m", doc_id="a", title="Adjustments", score=1.0)
    q = analyse("How do I phone the person who agreed my adjustments?")
    evidence = ExtractiveAnswerer().assess(q, [hit], {"a": doc}, [])
    assert evidence is not None
    named = {c.span.text: described_names(q, c) for c in evidence.ranked}
    assert named["Agreed by Sam Okafor, Team leader."] == ["Sam Okafor"]
    # "agreed ... following your Kestrel Wellbeing report": other words between
    line = "This records the changes agreed with you, following your Kestrel Wellbeing report."
    assert named[line] == []
