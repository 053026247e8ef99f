"""A holder kept per value of a kind, found through the row filing the question's place under
one value (per_kind.py, hops28). "I pack orders at the Brackley parcel hub. Which HR partner
do I see about a grievance?" finds HR Contacts' "Each region has its own HR business partner"
and its one record per region; the sites page files Brackley under a region. Main 980bf6f
refused the question (the place said in other words than its row, "parcel hub" for
"Distribution Centre"; the contacts page says the town's name in its head office's address,
so `key_bridge.kind_hop`'s search leaves it out). Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import own_source

from wikiqa.answerers import per_kind
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.per_kind import asked_of, question_names
from wikiqa.answerers.per_kind import per_kind as per_kind_line
from wikiqa.pipeline import ask_async
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal, Refusal

CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head>\n<body>\n"
    "<h1>HR Contacts</h1>\n"
    "<p>Each region has its own HR business partner for advice on absence, grievances and "
    "flexible working.</p>\n"
    "<h2>HR business partners</h2>\n<dl>\n"
    "<dt>Northern</dt>\n<dd>Lena Holt, 01632 960 311, based at the Leeds office</dd>\n"
    "<dt>Southern</dt>\n<dd>Omar Reyes, 01632 960 322, based at the Reading office</dd>\n"
    "</dl>\n<h2>Central teams</h2>\n<dl>\n"
    "<dt>Payroll Helpdesk</dt>\n<dd>01632 960 350, payroll@hollin.example</dd>\n"
    "</dl>\n<p>Head office: Harwood House, 2 Mill Lane, Brackley.</p>\n</body></html>\n"
)
SITES = (
    "---\ntitle: Our Sites\naccess_scope: public\n---\n# Our Sites\n\n"
    "| Site | What it is | Region |\n|---|---|---|\n"
    "| Brackley Distribution Centre | Warehouse | Southern |\n"
    "| Otley Depot | Van depot | Northern |\n"
    "| Harwood House | Head office | Northern |\n"
)
# the same table, only the logistics team may read it
CLOSED_SITES = SITES.replace(
    "access_scope: public", "access_scope: department\nallowed_departments: [logistics]"
)
GRIEVANCE = (
    "---\ntitle: Raising a Grievance\naccess_scope: public\n---\n# Raising a Grievance\n\n"
    "If you have a problem at work, talk to your manager first.\n\n"
    "If the problem is with your manager, talk to the next manager up or your HR business "
    "partner.\n\nPut a formal grievance in writing to your manager's manager.\n\n"
    "A grievance meeting is held within 10 working days, and you may bring a colleague.\n\n"
    "For bullying you can also call the confidential Speak Up line on 0800 047 2291.\n\n"
    "The appeal is heard by a manager who has not been involved.\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\n"
    "Book your leave at least 6 weeks ahead through the rota system.\n"
)
QUESTION = "I pack orders at the Brackley parcel hub. Which HR partner do I see about a grievance?"
ASKER = Principal(user_id="u-8", roles=["staff"], departments=["warehouse"])
FILES = {"contacts.html": CONTACTS, "sites.md": SITES, "grievance.md": GRIEVANCE, "leave.md": LEAVE}
FLOOR = 0.25  # small documents score low: the first hop (0.08) under it, each hop over it


async def ask_as(question: str, source: CollectionSource) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3)
    return await ask_async(question, source, answerer=answerer, principal=ASKER)


async def test_the_record_of_the_region_the_place_is_filed_under_answers(tmp_path: Path) -> None:
    result = await ask_as(QUESTION, own_source(tmp_path, FILES))
    assert isinstance(result, Answer), result
    assert "Omar Reyes" in result.text and "Brackley Distribution Centre" in result.text
    assert "Lena Holt" not in result.text
    assert {c.doc_id for c in result.citations} == {"sites.md", "contacts.html"}


async def test_switched_off_the_question_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def nothing(at: object) -> None:
        return None

    monkeypatch.setattr("wikiqa.answerers.extractive.per_kind_hop", nothing)
    result = await ask_as(QUESTION, own_source(tmp_path, FILES))
    assert not isinstance(result, Answer) or "Omar Reyes" not in result.text


async def test_a_place_no_line_files_under_a_region_stays_refused(tmp_path: Path) -> None:
    result = await ask_as(
        "I pack orders at the Thornbury parcel hub. Which HR partner do I see about a grievance?",
        own_source(tmp_path, FILES),
    )
    assert isinstance(result, Refusal), result


async def test_without_the_sites_table_or_the_contacts_nothing_is_answered(
    tmp_path: Path,
) -> None:
    for left_out in ("sites.md", "contacts.html"):
        files = {k: v for k, v in FILES.items() if k != left_out}
        result = await ask_as(QUESTION, own_source(tmp_path / left_out, files))
        assert isinstance(result, Refusal), (left_out, result)


async def test_a_table_the_reader_may_not_see_is_never_followed(tmp_path: Path) -> None:
    files = {**FILES, "sites.md": CLOSED_SITES}
    result = await ask_as(QUESTION, own_source(tmp_path, files))
    assert "sites.md" not in {c.doc_id for c in getattr(result, "citations", [])}
    assert "Omar Reyes" not in getattr(result, "text", "")


def test_the_line_saying_each_value_has_its_own_holder() -> None:
    assert per_kind_line(
        "Each region has its own HR business partner for advice on absence, discipline."
    ) == ("region", "HR business partner")
    assert per_kind_line("Each region has its own HR business partner, duty manager and depot") == (
        "region",
        "HR business partner",
    )
    assert per_kind_line("Every area has their own caretaker.") == ("area", "caretaker")
    assert per_kind_line("Each region has an area manager.") is None


def test_the_question_names_and_the_question_asked_of_the_value() -> None:
    assert question_names(QUESTION, "HR business partner") == ["Brackley"]
    assert question_names("Which HR partner is mine? I'm at Otley Depot.", "HR partner") == [
        "Otley Depot"
    ]
    assert (
        asked_of(QUESTION, "HR business partner", "Southern", "region")
        == "Which HR partner do I see about a grievance in the Southern region?"
    )
    assert per_kind.NAMES == 2


OTHER_SITES = (
    "---\ntitle: Other Sites\naccess_scope: public\n---\n# Other Sites\n\n"
    "- Brackley Distribution Centre: where parcels from all our depots are sorted, in the "
    "Southern region.\n"
    "- Harwood House, Otley: head office, in the Northern region.\n"
)


async def test_a_place_the_asker_describes_is_asked_for_its_region(tmp_path: Path) -> None:
    files = {**{k: v for k, v in FILES.items() if k != "sites.md"}, "other.md": OTHER_SITES}
    result = await ask_as(
        "I work at the place where parcels from all the depots get sorted. Which HR partner do "
        "I see about a grievance?",
        own_source(tmp_path, files),
    )
    assert isinstance(result, Answer), result
    assert "Omar Reyes" in result.text and "Lena Holt" not in result.text
    assert {c.doc_id for c in result.citations} == {"other.md", "contacts.html"}


async def test_a_described_place_no_line_says_stays_refused(tmp_path: Path) -> None:
    files = {**{k: v for k, v in FILES.items() if k != "sites.md"}, "other.md": OTHER_SITES}
    result = await ask_as(
        "I work at the place where the old tractors get repaired. Which HR partner do I see "
        "about a grievance?",
        own_source(tmp_path, files),
    )
    assert isinstance(result, Refusal), result


def test_the_place_an_asker_describes() -> None:
    assert (
        per_kind.described_place("I work at the place where all the donations get sorted. Who?")
        == "the place where all the donations get sorted"
    )
    assert per_kind.described_place("I work at Otley Depot. Who's my HR partner?") is None
    assert per_kind.described_place("Who is my HR partner?") is None
