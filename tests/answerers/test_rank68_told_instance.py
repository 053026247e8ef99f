"""A thing the question names by a calendar table's key cell ("I'm down to work Easter
Monday") is asked again with the kind its key column names said beside it ("Easter Monday (a
bank holiday)"), so the line ruling on the kind answers (told_instance.py, rank68); a place,
a label column, a kind the question says already, or two kinds leave the question as asked,
and what no line rules on stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_instance import instance_kind, kind_said, with_kind
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Document, Draft, DraftClaim, DraftQuote

HOLIDAYS = (
    "Bank Holidays 2026-27",
    "# Bank Holidays 2026-27\n\n"
    "Our surgeries close on bank holidays, except the two emergency clinics, which are open "
    "every day of the year. Emergencies at any surgery on a bank holiday are seen by the "
    "emergency clinics.\n\n"
    "| Bank holiday | Date |\n|---|---|\n"
    "| Christmas Day | Friday 25 December 2026 |\n"
    "| Boxing Day (substitute day) | Monday 28 December 2026 |\n"
    "| New Year's Day | Friday 1 January 2027 |\n"
    "| Good Friday | Friday 26 March 2027 |\n"
    "| Easter Monday | Monday 29 March 2027 |\n"
    "| Early May bank holiday | Monday 3 May 2027 |\n\n"
    "Boxing Day falls on a Saturday in 2026, so the bank holiday is the substitute day.\n\n"
    "## Working a bank holiday\n\n"
    "If you work a bank holiday, you are paid double time for the hours worked and you do "
    "not get a day in lieu. Christmas Day is paid at double time plus a day in lieu. If you "
    "are on call on a bank holiday, you get the weekend on-call payment.\n\n"
    "## If you work part-time\n\n"
    "If your surgery is closed on a bank holiday that is one of your usual working days, it "
    "is taken from your holiday balance.\n",
)
SITES = (
    "Sites",
    "# Sites\n\n"
    "We run three sites; each site has its own manager.\n\n"
    "| Site | Address | Opened |\n|---|---|---|\n"
    "| Eastfold Clinic | 12 Market Street | 4 May 2015 |\n"
    "| Brightmoor Hospital | Moor Lane | 1 June 1998 |\n"
    "| Halden General | Riverside Road | 3 March 1971 |\n",
)
UNIFORM = ("Uniform", "# Uniform\n\nClinical staff are given three sets of scrubs a year.\n")
OVERTIME = (
    "Overtime",
    "# Overtime\n\n"
    "Overtime is paid at time and a half, or you can take the hours back as time off in "
    "lieu within 3 months. Ask your manager before you work extra hours.\n",
)
PETS = ("Pets at Work", "# Pets at Work\n\nDogs may come to work only with a manager's say-so.\n")
EASTER = "I'm down to work Easter Monday. Do I get a day back for it as well as the pay?"


def _doc(pair: tuple[str, str]) -> Document:
    return Document(doc_id=pair[0], title=pair[0], text=pair[1], source="t")


def test_a_calendar_row_named_whole_is_read_as_its_column_kind() -> None:
    assert instance_kind(EASTER, [_doc(HOLIDAYS)]) == ("Easter Monday", "bank holiday")
    assert with_kind(EASTER, "Easter Monday", "bank holiday") == (
        "I'm down to work Easter Monday (a bank holiday). Do I get a day back for it as well "
        "as the pay?"
    )


def test_a_place_a_said_kind_or_no_name_keys_no_kind() -> None:
    # a directory of places dates when each opened, under "Opened", not a calendar's "Date"
    assert instance_kind("Is Eastfold Clinic open on Sundays?", [_doc(SITES)]) is None
    # the page rules on Christmas Day by name: that line, not the kind's, answers for it
    assert instance_kind("I'm down to work Christmas Day. Day back?", [_doc(HOLIDAYS)]) is None
    # the question says the kind already
    assert instance_kind("Is Easter Monday a bank holiday?", [_doc(HOLIDAYS)]) is None
    # no key cell is written whole, or written in lower case
    assert instance_kind("I'm down to work easter monday. Paid extra?", [_doc(HOLIDAYS)]) is None
    assert instance_kind("I'm down to work Easter. Paid extra?", [_doc(HOLIDAYS)]) is None


def test_the_kind_must_be_said_by_a_cited_line() -> None:
    line = "If you work a bank holiday, you are paid double time."
    said = Draft(claims=[DraftClaim(text=line, quotes=[DraftQuote(doc_id="d", quote=line)])])
    assert kind_said("Easter Monday", "bank holiday", said)
    other = "Clinical staff are given three sets of scrubs a year."
    unsaid = Draft(claims=[DraftClaim(text=other, quotes=[DraftQuote(doc_id="d", quote=other)])])
    assert not kind_said("Easter Monday", "bank holiday", unsaid)
    # the named row and its header say the kind, but only the date the question had
    rows = Draft(
        claims=[
            DraftClaim(
                text="Monday 29 March 2027",
                quotes=[
                    DraftQuote(doc_id="d", quote="| Bank holiday | Date |"),
                    DraftQuote(doc_id="d", quote="| Easter Monday | Monday 29 March 2027 |"),
                ],
            )
        ]
    )
    assert not kind_said("Easter Monday", "bank holiday", rows)


async def test_the_kind_s_ruling_line_answers(emb: OnnxEmbedder) -> None:
    docs = {"h": HOLIDAYS, "o": OVERTIME, "u": UNIFORM, "p": PETS}
    quotes = await quotes_over(emb, docs, EASTER)
    assert quotes is not None and any("day in lieu" in q for q in quotes), quotes


async def test_switched_off_the_instance_is_not_read(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "TOLD_INSTANCE", False)
    quotes = await quotes_over(emb, {"h": HOLIDAYS, "o": OVERTIME, "u": UNIFORM, "p": PETS}, EASTER)
    assert quotes is None or not any("day in lieu" in q for q in quotes), quotes


async def test_what_no_line_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    docs = {"h": HOLIDAYS, "u": UNIFORM}
    for question in (
        "I'm down to work Easter Monday. Who pays for my taxi home?",
        "I'm down to work Good Friday. Can I wear my own scrubs?",
    ):
        assert await quotes_over(emb, docs, question) is None, question
