"""The row naming who holds the role asked, over lines that only name the role (wrong65,
`holder_row.py`).

"Who's the safeguarding lead?" was answered with "Otherwise, tell the safeguarding lead on the
same day, by phone, ...": a line naming the role as the question does, and nobody holding it.
The staff list's row whose job cell is the role names the person. On small documents written
here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers import extractive, rows
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.holder_row import _kept_for_asked, names_holder
from wikiqa.types import Answer, Principal, Refusal

FLOOR = 0.2  # fit to this small collection, whose lines score lower than a whole handbook's
STAFF = Principal(user_id="u-1", roles=["staff"], departments=["housing"])

SAFEGUARDING = (
    "Safeguarding Adults and Children",
    "# Safeguarding Adults and Children\n\n"
    "Everyone who works for us has a duty to report concerns about abuse or neglect.\n\n"
    "1. If someone is in immediate danger, call 999.\n"
    "2. Otherwise, tell the safeguarding lead on the same day, by phone, and log the concern "
    "within 24 hours.\n"
    "3. Do not promise to keep a secret.\n",
)
DIRECTORY = (
    "Staff Directory",
    "# Staff Directory\n\n"
    "| Name | Job | Team | Phone |\n|---|---|---|---|\n"
    "| Helen Okafor | Chief executive | Executive office | 01632 960 101 |\n"
    "| Samuel Adeyemi | Safeguarding lead | Support services | 01632 960 620 |\n"
    "| Gareth Pryce | Regional manager, North | Housing | 01632 960 210 |\n"
    "| Tom Ashworth | Regional manager, South and East | Housing | 01632 960 220 |\n"
    "| Joanne Hart | Maintenance lead, South | Repairs | 01632 960 230 |\n",
)
REGIONS = (
    "Regions",
    "# Regions\n\n"
    "Each office belongs to a region, which sets its regional manager and its maintenance "
    "lead.\n\nYour regional manager signs off your leave over 10 days.\n",
)
DOCS = {"safeguarding": SAFEGUARDING, "staff-directory": DIRECTORY, "regions": REGIONS}


async def _ask(question: str) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3)
    return await ask_over(DOCS, question, who=STAFF, answerer=answerer)


def _text(result: Answer | Refusal) -> str:
    return result.text if isinstance(result, Answer) else ""


def test_a_name_beside_the_role_is_its_holder_and_a_kept_row_needs_its_place() -> None:
    role = "safeguarding lead"
    assert names_holder(role, "Report it to Samuel Adeyemi, the safeguarding lead, today.")
    assert names_holder(role, "The safeguarding lead, Samuel Adeyemi, logs it.")
    assert not names_holder(role, "Tell the Safeguarding Lead on the same day.")
    assert not names_holder(role, "Log it in Civica and tell the safeguarding lead.")
    assert _kept_for_asked("Who's the safeguarding lead?", role, "Safeguarding lead")
    assert not _kept_for_asked("Who's the safeguarding lead?", role, "Deputy safeguarding lead")
    asked = "I work in the South. Who is my regional manager?"
    assert _kept_for_asked(asked, "regional manager", "Regional manager, South and East")
    assert not _kept_for_asked(asked, "regional manager", "Regional manager, North")
    assert not _kept_for_asked(
        "Who's my regional manager?", "regional manager", "Regional manager, North"
    )


async def test_the_holder_s_row_answers_over_the_line_naming_the_role(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The directory row names the safeguarding lead; with the reading switched off the
    procedure's line naming only the role answers."""
    question = "Who's the safeguarding lead?"
    kept = await _ask(question)
    assert isinstance(kept, Answer), kept
    assert "Samuel Adeyemi" in kept.text, kept.text
    assert {c.doc_id for c in kept.citations} == {"staff-directory"}, kept.citations
    monkeypatch.setattr(extractive, "HOLDER_ROW", False)
    # with "who's" read as asking (rows.ASKING_FREE, wrong71) the row fits the question
    # itself: it still answers without this reading
    alone = await _ask(question)
    assert "Samuel Adeyemi" in _text(alone), alone
    monkeypatch.setattr(rows, "ASKING_FREE", False)
    off = await _ask(question)
    assert "Samuel Adeyemi" not in _text(off), off


async def test_a_role_kept_per_place_answers_only_for_the_place_said(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A role kept per region answers for the region the question says, and a question
    naming no region, or one no row keeps, is read as without the reading."""
    for question in ("Who is my regional manager?", "Who is the regional manager for the West?"):
        on = await _ask(question)
        monkeypatch.setattr(extractive, "HOLDER_ROW", False)
        off = await _ask(question)
        monkeypatch.setattr(extractive, "HOLDER_ROW", True)
        assert _text(on) == _text(off), question
        assert "Pryce" not in _text(on) and "Ashworth" not in _text(on), on
    nothing = await _ask("Who is the payroll manager?")
    assert "Okafor" not in _text(nothing) and "Adeyemi" not in _text(nothing), nothing
