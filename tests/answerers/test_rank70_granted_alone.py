"""A document the store gives only to a group of the asker's (a board paper granted to the
executive role, a payroll team's page granted to the payroll department) is asked alone when
the question as asked is refused for want of evidence (granted_alone.py, rank70): among the
general pages everyone reads, its line scores under the floor; read alone it answers. Must
stay refused: the same question asked by someone the paper is not granted to, a thing the
paper does not say, and a department's page the question's first hits already read (its line
lost to a general page's). Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import own_source

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.granted_alone import granted_said, unread_granted
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import (
    Answer,
    Document,
    Draft,
    DraftClaim,
    DraftQuote,
    Principal,
    Refusal,
    RefusalCode,
)

REVIEW = (
    '---\ntitle: "Shops Review 2027 (board only)"\naccess_scope: role\n'
    "allowed_roles: [executive]\n---\n# Shops Review 2027 (board only)\n\n"
    "Confidential to the board.\n\n"
    "- Pennock Walsall closes when its lease ends in June 2027. Its colleagues will be "
    "offered jobs at Pennock Dudley or Pennock Tipton.\n"
    "- Pennock Droitwich becomes a café shop in March 2027, after a refit costing £85,000.\n"
    "- A new kiosk opens at Birmingham New Street station in September 2027.\n"
    "- The review of the Jersey shops is put back to 2028.\n"
)
PUBLIC = {
    "bank-holidays.md": "---\ntitle: Bank Holidays\naccess_scope: public\n---\n# Bank Holidays\n\n"
    "Our shops are open on every bank holiday except Christmas Day. Next year's dates are "
    "on the app. If our shops close early, you are paid for your rostered hours.\n",
    "opening-hours.md": "---\ntitle: Shop Opening Hours\naccess_scope: public\n---\n"
    "# Shop Opening Hours\n\nOur shops open at 07:00 and close at 17:30. High street shops "
    "close at 16:00 on Sundays. Which shops open late is on the app.\n",
    "discount.md": "---\ntitle: Staff Discount\naccess_scope: public\n---\n# Staff Discount\n\n"
    "You get 30% off in our shops with your staff card.\n",
}
FILES = {"shops-review.md": REVIEW, **PUBLIC}
QUESTION = "Which of our shops is closing next year, and why?"
DIRECTOR = Principal(user_id="u-1", roles=["executive"], departments=["board"])
BAKER = Principal(user_id="u-2", roles=["staff"], departments=["bakery"])
FLOOR = 0.3


async def ask_as(question: str, source: CollectionSource, who: Principal) -> Answer | Refusal:
    """`question` asked by `who` through the shipped extractive answerer at a floor of 0.3:
    over these four pages the lexical collection scores the general pages' best line 0.28
    and the board paper's read alone 0.31 (over handbook19's pages the paper's line read
    alone clears the shipped floor 0.35, hb19-fact-14)."""
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3)
    return await ask_async(question, source, settings=Settings(), answerer=answerer, principal=who)


async def test_the_board_paper_answers_the_director_read_alone(tmp_path: Path) -> None:
    result = await ask_as(QUESTION, own_source(tmp_path, FILES), DIRECTOR)
    assert isinstance(result, Answer), result
    assert "Pennock Walsall closes when its lease ends in June 2027" in result.text
    assert {c.doc_id for c in result.citations} == {"shops-review.md"}


async def test_switched_off_the_question_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "GRANTED_ALONE", False)
    result = await ask_as(QUESTION, own_source(tmp_path, FILES), DIRECTOR)
    assert not (isinstance(result, Answer) and "Walsall" in result.text)


@pytest.mark.parametrize(
    ("question", "who"),
    [
        (QUESTION, BAKER),  # the paper is not granted to a baker: never read
        ("How much will closing the Walsall shop cost us next year?", DIRECTOR),  # not said
        ("Which of our shops gets a new oven next year?", DIRECTOR),  # not said
    ],
)
async def test_must_stay_refused(tmp_path: Path, question: str, who: Principal) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), who)
    assert not isinstance(result, Answer) or "Walsall" not in result.text, result.text
    assert "shops-review.md" not in {c.doc_id for c in getattr(result, "citations", [])}


def test_a_department_page_the_first_hits_read_is_not_asked_again() -> None:
    page = Document(source="t", doc_id="cafe", title="Café Food Safety", text="# Café\n")
    team = page.model_copy().with_granted_groups(frozenset({"department:cafe"}))
    board = page.model_copy().with_granted_groups(frozenset({"role:executive"}))
    assert unread_granted(team, read=False) and not unread_granted(team, read=True)
    assert unread_granted(board, read=True) and unread_granted(board, read=False)
    assert not unread_granted(page, read=False) and not unread_granted(None, read=False)


def _draft(line: str) -> Draft:
    return Draft(claims=[DraftClaim(text=line, quotes=[DraftQuote(doc_id="p", quote=line)])])


def test_an_answer_read_alone_must_say_what_was_asked() -> None:
    title = ["Board Paper: Bankside Refurbishment"]
    line = "Refurbish floors 3 to 7 of Ravensholt Bankside, closing 60 rooms at a time."
    assert granted_said("How many rooms close at a time at Bankside?", _draft(line), title)
    # the paper's nearest line says nothing of complaints or guests
    assert not granted_said(
        "How many guests complained about the Bankside rooms last year?", _draft(line), title
    )
    # no yes/no question, and no refusal, is read so
    assert not granted_said("Are we closing rooms at Bankside?", _draft(line), title)
    refused = Draft(refusal=RefusalCode.insufficient_evidence)
    assert not granted_said("How many rooms close at a time at Bankside?", refused, title)
