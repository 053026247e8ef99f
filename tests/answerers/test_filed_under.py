"""The row a question describes, picked by the line that files its name under the row's key
(filed_under.py, hops25). "Who signs off my risk assessments? I'm based at the Ashgrove depot."
finds the safety leads' table keyed by region, none of whose rows says Ashgrove; the depot
directory files "Ashgrove depot" under "Southern region" in a line of its own, and two other
tables name the depot whole without its region (the bridges main's value hop tries first).
Main 4b1151b refused. Small documents written here."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from own_helpers import ask_as, own_source

from wikiqa.answerers.base import Reader
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.filed_under import (
    answer_tables,
    as_filed,
    filed_first,
    filed_key,
    own_names,
)
from wikiqa.answerers.hop_input import HopInput
from wikiqa.answerers.kind_keys import asked_names
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

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


SITES = (
    "---\ntitle: Site Directory\naccess_scope: public\n---\n# Site Directory\n\n"
    "| Site | Country | Site manager | Main number |\n|---|---|---|---|\n"
    "| Tilburg hub | Netherlands | Anneke Visser | +31 13 555 0100 |\n"
    "| Cork hub | Ireland | Sean Daly | +353 21 555 0101 |\n"
    "| Leeds hub | United Kingdom | Amir Khan | 0113 555 0102 |\n"
)
PREMIUMS = (
    "---\ntitle: Shift Premiums\naccess_scope: public\n---\n# Shift Premiums\n\n"
    "Staff working nights are paid a premium on their basic hourly rate.\n\n"
    "| Country | Night premium | Weekend premium |\n|---|---|---|\n"
    "| United Kingdom | 15% | 10% |\n| Ireland | 20% | 12% |\n| Netherlands | 25% | 15% |\n"
)
# the site's own row in a table of another thing, which the site's name keys
CANTEENS = (
    "---\ntitle: Canteens\naccess_scope: public\n---\n# Canteens\n\n"
    "| Site | Canteen opening times |\n|---|---|\n"
    "| Tilburg hub | 06:00 to 23:30 |\n| Cork hub | 07:00 to 19:00 |\n| Leeds hub | 24 hours |\n"
)


NO_READER = cast(Reader, None)  # filed_first reads only what the first hop read


def _doc(doc_id: str, text: str) -> tuple[Document, Hit]:
    body = text.split("---\n", 2)[2]
    title = body.splitlines()[0].lstrip("# ")
    return (
        Document(source="m", doc_id=doc_id, title=title, text=body),
        Hit(source="m", doc_id=doc_id, title=title, score=1.0),
    )


def test_a_ranked_row_filing_the_name_picks_the_row_before_a_value_is_searched() -> None:
    """The first hop ranks the site's row (naming its manager) and the premiums by
    country: the row files the manager under "Netherlands", a key of the premiums table,
    so that row answers; the value bridge would search the site's name first and could end
    on the canteens table (hb3's shape)."""
    read = [_doc(n, t) for n, t in [("sites.md", SITES), ("premiums.md", PREMIUMS)]]
    docs = {d.doc_id: d for d, _ in read}
    hits = [h for _, h in read]
    q = analyse("What night premium do staff get at the site Anneke Visser manages?")
    answerer = ExtractiveAnswerer(floor=0.99)
    first = answerer.assess(q, hits, docs, [])
    assert first is not None and first.score < answerer.floor
    at = HopInput(answerer, q, first, docs, NO_READER, [])
    chain = filed_first(at)
    assert chain is not None
    assert [c.doc.doc_id for c in chain] == ["sites.md", "premiums.md"]
    assert chain[1].span.text == "| Netherlands | 25% | 15% |"
    # over the floor the first answer stands
    at_over = HopInput(ExtractiveAnswerer(floor=0.0), q, first, docs, NO_READER, [])
    assert filed_first(at_over) is None


HOURS = (
    "---\ntitle: Opening Hours\naccess_scope: public\n---\n# Opening Hours\n\n"
    "| Building | Term time | Vacations |\n|---|---|---|\n"
    "| Science Library | 08:00 to midnight | 09:00 to 17:00 |\n"
    "| Sports Centre | 06:30 to 22:00 | 07:00 to 20:00 |\n"
    "| Arts Library | 08:00 to 22:00 | closed |\n"
)


def test_a_table_whose_keys_the_question_names_in_part_is_no_answer_table() -> None:
    """ "the library" names two rows of the buildings' table in part: the question says
    which kind of row it means, and a line filing the campus under "Sports Centre" must not
    pick that row (hb4-fresh2-01's shape)."""
    doc, hit = _doc("hours.md", HOURS)
    answerer = ExtractiveAnswerer(floor=0.99)
    for question, tables in [
        ("When is the library open in the vacations on Anneke Visser's campus?", 0),
        ("What are the vacation opening hours on Anneke Visser's campus?", 1),
    ]:
        q = analyse(question)
        first = answerer.assess(q, [hit], {doc.doc_id: doc}, [])
        assert first is not None
        assert len(answer_tables(q, first.ranked)) == tables, question
