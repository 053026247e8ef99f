"""A yes/no question naming one row's case of a table that rules case by case is answered by
that row when its ruling cell says the thing asked (ruled_row.py); a key bounding what it
names by a span of time ("first 12 weeks", "after 12 weeks") that holds none of the
question's stretches of time on its scale is not the row of that case (ranges.excludes).
Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.features import key_set
from wikiqa.answerers.ranges import excludes, key_bound, question_numbers
from wikiqa.answerers.ruled_row import rules_for_case
from wikiqa.store.embed import OnnxEmbedder

TABLE = (
    "| Condition | What to do |\n"
    "|---|---|\n"
    "| Pregnancy, first 12 weeks | No massage or body treatments; facials only |\n"
    "| Pregnancy, after 12 weeks | Pregnancy massage only, on the side-lying couch |\n"
    "| High blood pressure | Ask for GP approval before hot stone or heated treatments |\n"
    "| Sunburn or broken skin | No treatment on the area |\n"
)
SPA = (
    "Spa Treatment Protocols",
    "# Spa Treatment Protocols\n\n## Before every treatment\n\n"
    "Complete the consultation card with the guest, covering medical conditions, medication, "
    "pregnancy and allergies. The guest signs it.\n\n## Contraindications\n\n" + TABLE,
)
LEAVE = (
    "Family Leave",
    "# Family Leave\n\nPartners can take 2 weeks at full basic pay, in one block, within 8 "
    "weeks of the birth.\n\nPregnant staff have a new risk assessment from the day they tell "
    "us.\n",
)
ROTA = (
    "Spa Rota",
    "# Spa Rota\n\nTherapists book their own breaks between treatments in the spa diary.\n",
)
DOCS = {"a": SPA, "l": LEAVE, "r": ROTA}
ASKED = "Guest is 8 weeks pregnant and booked a massage. Can I do it?"
HEADER = "| Condition | What to do |"
ROWS = TABLE.splitlines()[2:]


def _rows_for(question: str) -> list[str]:
    start = SPA[1].index(HEADER)
    return [
        r for r in ROWS if rules_for_case(SPA[1], start, HEADER, r, question, key_set(question))
    ]


def test_first_and_after_bound_a_key() -> None:
    first, after = key_bound("Pregnancy, first 12 weeks"), key_bound("Pregnancy, after 12 weeks")
    assert first is not None and first.holds(question_numbers("12 weeks pregnant")[0])
    assert after is not None and not after.holds(question_numbers("12 weeks pregnant")[0])
    assert key_bound("Car, first 3,500 miles a year") is None  # no span of time
    assert excludes("Pregnancy, after 12 weeks", question_numbers(ASKED))
    assert not excludes("Pregnancy, first 12 weeks", question_numbers(ASKED))
    # a stretch of time of another scale, or no number, sets no key aside
    assert not excludes("Saturday, first 4 hours", question_numbers("been here 6 years"))
    assert not excludes("Pregnancy, after 12 weeks", question_numbers("Room 12"))


def test_the_row_of_the_case_ruling_on_the_thing() -> None:
    assert _rows_for(ASKED) == [ROWS[0]]
    assert _rows_for("Guest is 20 weeks pregnant and booked a massage. Can I do it?") == [ROWS[1]]
    # the ask names a thing the row does not rule on; no number to tell the case; no row named
    assert _rows_for("Guest is 8 weeks pregnant. Can she use the hot tub after her facial?") == []
    assert _rows_for("Guest is pregnant and booked a massage. Can I do it?") == []
    assert _rows_for("Guest has a cold and booked a massage. Can I do it?") == []
    # an ask naming nothing: the last clause told says another thing than the row rules on
    told = "Guest is 16 weeks pregnant and wants the steam room after her massage. Is that OK?"
    assert _rows_for(told) == []


async def test_the_row_answers(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, ASKED)
    assert quotes is not None
    assert any("No massage or body treatments; facials only" in q for q in quotes)


async def test_without_the_reading_it_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "ruled_row", lambda e: False)
    assert await quotes_over(emb, DOCS, ASKED) is None


async def test_a_thing_or_case_no_row_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    for question in (
        "Guest is 8 weeks pregnant. Can she use the sauna?",
        "Guest has a cold and booked a massage. Can I do it?",
        "Guest is 8 weeks pregnant. Can she use the hot tub after her facial?",
        "Guest is 16 weeks pregnant and wants the steam room after her massage. Is that OK?",
    ):
        assert await quotes_over(emb, DOCS, question) is None, question
