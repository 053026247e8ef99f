"""The answer found first: a row the question names carries the key of the first-ranked
line (carried_key.py, hops21). "Will the Oakhurst Green branch be open on Sunday 27
December?" ranks the notice's "On Sunday 27 December they reopen at 10:00 (Megastores only);
..." first, a little under the floor: it says what is asked but never "Oakhurst Green". The
branch directory's "| Oakhurst Green | Megastore | North | ... |" row, which the question
names, says the branch is a Megastore, and the value bridge going forward from that row
finds no line keyed by "Megastore" (the notice says "Megastores"). Main f092ea0 refused.
Small documents written here."""

from __future__ import annotations

from pathlib import Path

from memsource import TermSource
from own_helpers import own_source

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Principal, Refusal

DOCS = {
    "branches": (
        "Branch Directory",
        "# Branch Directory\n\nWe run eight garden centres. What each branch sells and when "
        "it opens depend on its format.\n\n"
        "| Branch | Format | Area | Phone |\n|---|---|---|---|\n"
        "| Oakhurst Green | Megastore | North | 0161 496 0101 |\n"
        "| Fenwick Road | Compact | North | 0161 496 0102 |\n"
        "| Larch Hill | Compact | South | 0117 496 0103 |\n"
        "| Saltmarsh Quay | Megastore | South | 0117 496 0104 |\n"
        "| Fenwick Barn | Plant Barn | North | 0161 496 0105 |\n"
        "| Larch Hill Barn | Plant Barn | South | 0117 496 0106 |\n",
    ),
    "holiday": (
        "Bank Holiday Opening",
        "# Bank Holiday Opening\n\nAll branches close on Christmas Day and Boxing Day. On "
        "Sunday 27 December they reopen at 10:00 (Megastores only); every branch reopens on "
        "Monday 28 December at the normal time.\n",
    ),
}

QUESTION = "Will the Oakhurst Green branch be open on Sunday 27 December?"


async def _ask(question: str, floor: float = 0.35) -> Answer | Refusal:
    settings = Settings(extractive_floor=floor)
    return await ask_async(question, TermSource(DOCS), settings=settings)  # type: ignore[arg-type]


async def test_the_named_row_carries_the_key_of_the_first_ranked_line() -> None:
    # the notice's line is first at 0.30 here, within 0.10 under the floor
    result = await _ask(QUESTION)
    assert isinstance(result, Answer), result
    assert "Megastores only" in result.text, result.text
    assert "| Oakhurst Green | Megastore |" in result.text  # the row tying the branch to it
    assert {c.doc_id for c in result.citations} == {"branches", "holiday"}
    # further under the floor, two documents agreeing is not enough
    assert isinstance(await _ask(QUESTION, 0.45), Refusal)
    # a branch whose format does not key the first-ranked line is not answered by it
    other = await _ask("Will the Larch Hill branch be open on Sunday 27 December?")
    assert isinstance(other, Refusal) or "Larch Hill" not in other.text


async def test_over_the_floor_the_row_is_cited_before_the_answer() -> None:
    """With the line over the floor (0.30 against 0.25) main f092ea0 answers it alone; the
    row the question names, which ties the branch to the line's key, is cited before it. A
    branch whose row carries no key of the line gets the line alone."""
    result = await _ask(QUESTION, 0.25)
    assert isinstance(result, Answer), result
    assert result.text.index("| Oakhurst Green | Megastore |") < result.text.index("Megastores")
    assert {c.doc_id for c in result.citations} == {"branches", "holiday"}
    other = await _ask("Will the Larch Hill branch be open on Sunday 27 December?", 0.25)
    assert isinstance(other, Answer) and "Larch Hill" not in other.text


def test_keys_line() -> None:
    """A row is keyed by a value its key cell holds, when no other row's does; a sentence
    by the value's words in order, in either number."""
    from wikiqa.answerers.carried_key import keys_line
    from wikiqa.answerers.extractive import ExtractiveAnswerer
    from wikiqa.answerers.features import analyse
    from wikiqa.types import Document, Hit

    title, text = DOCS["branches"]
    doc = Document(source="mem", doc_id="b", title=title, text=text)
    hit = Hit(source="mem", doc_id="b", title=title, score=1.0)
    evidence = ExtractiveAnswerer().assess(analyse(QUESTION), [hit], {"b": doc}, [])
    assert evidence is not None
    rows = {c.span.text.split("|")[1].strip(): c for c in evidence.ranked if c.header}
    assert keys_line("Fenwick Barn", rows["Fenwick Barn"])
    assert not keys_line("Fenwick", rows["Fenwick Barn"])  # two rows' key cells hold it
    assert not keys_line("Megastore", rows["Oakhurst Green"])  # not its key cell
    notice = next(c for c in evidence.ranked if c.header is None and "eight" in c.span.text)
    assert keys_line("garden centre", notice)  # "garden centres"
    assert not keys_line("centre garden", notice)


NOTICE = (
    "---\ntitle: Notice Periods\naccess_scope: public\n---\n# Notice Periods\n\n"
    "The notice you must give when you resign depends on your staff group.\n\n"
    "| Staff group | Notice required |\n|---|---|\n"
    "| Bands 1 to 4 | 4 weeks |\n| Bands 5 to 7 | 8 weeks |\n| Surgeons | 3 months |\n"
)
PLAN = (
    "---\ntitle: 'Job Plan: Dr Ada Okoro'\naccess_scope: private\nowner_user_id: u-7\n---\n"
    "# Job Plan: Dr Ada Okoro\n\nSurgeon in Trauma and Orthopaedics, agreed for 2027/28.\n\n"
    "- 10 programmed activities, of which 1.5 are supporting activities.\n"
    "- On-call frequency: 1 in 8 weekends.\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\n"
    "Book your leave at least 6 weeks ahead through the rota system.\n"
)


async def test_the_askers_own_document_says_the_first_ranked_rows_key(tmp_path: Path) -> None:
    """The row "| Surgeons | 3 months |" is first for the question, under the floor; the asker's job
    plan, which no search for the question finds, says "Surgeon": the row's key, searched
    alone, finds it."""
    source = own_source(
        tmp_path, {"notice.md": NOTICE, "private/plan-okoro.md": PLAN, "leave.md": LEAVE}
    )
    question = "How much notice would I have to give if I resigned from my post?"
    asker = Principal(user_id="u-7", roles=["staff"])
    # the lexical collection scores the row 0.18: this floor puts it within 0.10 under
    answerer = ExtractiveAnswerer(floor=0.25, max_sentences=3)
    result = await ask_async(question, source, answerer=answerer, principal=asker)
    assert isinstance(result, Answer), result
    assert "| Surgeons | 3 months |" in result.text, result.text
    assert "Surgeon in Trauma" in result.text
    # another reader has no plan: nothing of it is cited, the row is not given as theirs
    other = Principal(user_id="u-8", roles=["staff"])
    theirs = await ask_async(question, source, answerer=answerer, principal=other)
    assert isinstance(theirs, Refusal) or "Surgeon" not in theirs.text
