"""A which-question's noun said by the name of one thing of its kind (gap74): "Which days
does the security carrier collect the cash?" is answered by "on Tuesdays and Fridays",
which names two days without the word "day"; a neighbour's line saying "New Year's Day"
led, and the question was refused (hb23-fact-68). A thing no line speaks of stays
refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import kinds
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import keys
from wikiqa.answerers.kinds import says_noun
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Principal

CASH = (
    "Till Cash and Safes",
    "# Till Cash and Safes\n\n"
    "- Each till opens with a float of £200.\n"
    "- The site safe code is changed every 3 months and whenever a keyholder leaves.\n"
    "- Cash is collected by the security carrier on Tuesdays and Fridays.\n",
)
HOLIDAYS = (
    "Working at Glenmorrow",
    "# Working at Glenmorrow\n\n"
    "Glenmorrow colleagues follow the Scottish bank holidays: New Year's Day, 2 January, "
    "St Andrew's Day and Christmas Day.\n"
    "Easter Monday is a normal working day at Glenmorrow.\n",
)
DOCS = {"cash": CASH, "glen": HOLIDAYS}
OFFICER = Principal(user_id="u-1", roles=["staff"], departments=["finance"])


@pytest.fixture
def answerer(emb: OnnxEmbedder) -> ExtractiveAnswerer:
    return ExtractiveAnswerer(floor=0.35, max_sentences=3, embedder=emb)


def test_a_weekday_says_day() -> None:
    assert says_noun("days", keys("Cash is collected on Tuesdays and Fridays."))
    assert says_noun("day", keys("The alarm is tested every Thursday at 14:00."))
    assert says_noun("months", keys("Reviews are held in July and January."))
    assert not says_noun("days", keys("Cash is collected by the security carrier."))
    assert not says_noun("album", keys("Released on a Monday."))


async def test_the_weekday_line_answers(answerer: ExtractiveAnswerer) -> None:
    q = "Which days does the security carrier collect the cash?"
    r = await ask_over(DOCS, q, who=OFFICER, answerer=answerer)
    assert isinstance(r, Answer), r
    assert any("Tuesdays and Fridays" in c.quote for c in r.citations), r


async def test_a_thing_never_said_stays_refused(answerer: ExtractiveAnswerer) -> None:
    q = "Which days does the window cleaner come to the shop?"
    r = await ask_over(DOCS, q, who=OFFICER, answerer=answerer)
    assert not isinstance(r, Answer), r


async def test_switched_off_the_holiday_line_leads(
    answerer: ExtractiveAnswerer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kinds, "NAMED_INSTANCES", False)
    q = "Which days does the security carrier collect the cash?"
    r = await ask_over(DOCS, q, who=OFFICER, answerer=answerer)
    assert not (isinstance(r, Answer) and any("Tuesdays" in c.quote for c in r.citations))
