"""Who holds a role for the asker's place, when the directory row naming that place is
another role's (answerers/other_role.py `other_holder`, answerers/per_kind.py `_pointed`):
the row is no answer and no bridge; the line saying each region has that role points,
through the row filing the place under a region, to the role's record for that region in
the directory (hops57)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.asker_job import table_candidates
from wikiqa.answerers.features import analyse
from wikiqa.answerers.other_role import asked_role, other_holder
from wikiqa.answerers.per_kind import per_kind
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Document, Refusal

SITES = (
    "# Sites and Regions\n\nWe run five contact centres in two regions. Each region has an "
    "area manager and a People Partner (see Staff Directory).\n\n| Site | Region |\n|---|---|\n"
    "| Castlebridge Contact Centre | Riverside |\n| Ashford Contact Centre | Riverside |\n"
    "| Millbrook Contact Centre | Hillside |\n| Dunmore Contact Centre | Hillside |\n"
    "| Kelso Contact Centre | Hillside |\n"
)
DIRECTORY = (
    "# Staff Directory\n\nKey contacts. For a site's region, see Sites and Regions.\n\n"
    "| Name | Job | Base | Phone |\n|---|---|---|---|\n"
    "| Ana Ruiz | Area manager, Riverside | Head office | 0161 496 0001 |\n"
    "| Ben Okoro | Area manager, Hillside | Head office | 0161 496 0002 |\n"
    "| Cara Lee | Centre manager | Castlebridge Contact Centre | 0161 496 0003 |\n"
    "| Dan Price | Centre manager | Millbrook Contact Centre | 0161 496 0004 |\n"
)
DOCS = {
    "sites": ("Sites and Regions", SITES),
    "directory": ("Staff Directory", DIRECTORY),
    "calls": (
        "Call Handling",
        "# Call Handling\n\nAnswer every call within three rings. Escalate complaints to "
        "your team leader.\n",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


def test_who_holds_a_role_is_asked() -> None:
    assert asked_role("I'm at Castlebridge. Who's our area manager?") == "area manager"
    assert asked_role("Who is the duty manager tonight?") == "duty manager"
    assert asked_role("Who approves my holiday?") is None


def test_each_region_has_a_holder() -> None:
    assert per_kind(SITES) == ("region", "area manager")


def test_another_roles_row_is_no_holder() -> None:
    q = analyse("I take calls at the Castlebridge centre. Who's our area manager?")
    doc = Document(source="mem", doc_id="directory", title="Staff Directory", text=DIRECTORY)
    found = {c.span.text.split("|")[1].strip(): c for c in table_candidates(doc, 0)}
    qset = frozenset(q.terms)
    assert other_holder(q.text, qset, found["Cara Lee"])
    assert not other_holder(q.text, qset, found["Ana Ruiz"])


async def test_the_place_is_filed_under_its_region_and_the_holder_answers() -> None:
    # fails with the reading off: Cara Lee's row (the centre manager) answered
    r = await ask("I take calls at the Castlebridge centre. Who's our area manager?")
    assert isinstance(r, Answer), r
    said = " ".join(c.quote for c in r.citations)
    assert "Ana Ruiz" in said and "| Castlebridge Contact Centre | Riverside |" in said
    assert "Cara Lee" not in said


async def test_a_role_no_region_record_holds_is_refused() -> None:
    r = await ask("I take calls at the Castlebridge centre. Who's our training manager?")
    assert isinstance(r, Refusal) or "Cara Lee" not in " ".join(c.quote for c in r.citations)


async def test_a_place_no_region_files_is_refused() -> None:
    r = await ask("I work at the Dunford depot. Who's our area manager?")
    assert isinstance(r, Refusal) or "Ana Ruiz" not in " ".join(c.quote for c in r.citations)
