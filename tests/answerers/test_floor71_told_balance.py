"""The asker's own count told as their situation (told_balance, floor71): "I've still got 6
days left and it's nearly April. Do I lose them?" is asked again without the count, and the
carry-over line answers (refused with the reading off). "Someone's been overpaid £600. How much
can we take back each month?" is retold without the sum (unit tests: this small collection
answers it as asked). Must stay refused: another balance with rules of its own (flexi), an ask
the page does not answer (selling days back), a collection with no carry-over rule, and a
payroll page the asker may not read."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import own_source

from wikiqa.answerers import told_balance
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.told_balance import balance_lost, balance_said, balance_told
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Draft, DraftClaim, DraftQuote, Principal, Refusal

LEAVE = (
    "---\ntitle: Annual Leave\n---\n# Annual Leave\n\nThe holiday year runs from 1 April to 31 "
    "March. Full-time colleagues get 28 days a year, including bank holidays.\n\n## Booking "
    "holiday\n\n- Book holiday on the app at least 2 weeks ahead.\n- No holiday is booked in "
    "the two weeks before Christmas.\n\n## Carrying holiday over\n\nYou may carry up to 4 days "
    "into the next holiday year, to be used by 31 July.\n"
)
PAYROLL = (
    "---\ntitle: Payroll Corrections\naccess_scope: department\nallowed_departments: "
    "[payroll]\n---\n# Payroll Corrections\n\n## Underpayments\n\n- An underpayment of more "
    "than £50 is paid within 5 working days.\n\n## Overpayments\n\n- An overpayment is "
    "recovered at no more than 12% of the colleague's net pay a month, unless they ask to pay "
    "it back faster.\n- Write to the colleague before recovery starts.\n"
)
OTHERS = {
    "plant-care.md": (
        "---\ntitle: Plant Care and Watering\n---\n# Plant Care and Watering\n\n- Water the "
        "outdoor benches before 10:00 from April to September.\n- Bedding plants left unsold "
        "after 6 days are marked down.\n"
    ),
    "expenses.md": (
        "---\ntitle: Expenses\n---\n# Expenses\n\nClaim expenses on the app within 3 months. "
        "Mileage is paid at 45p a mile.\n"
    ),
}
FILES = {"annual-leave.md": LEAVE, "payroll-corrections.md": PAYROLL, **OTHERS}
CARRY = "carry up to 4 days"
RECOVER = "12% of the colleague's net pay"
TILL = Principal(user_id="u-1", roles=["staff"], departments=["store"])
PAYROLL_OFFICER = Principal(user_id="u-2", roles=["staff"], departments=["payroll"])
DAYS_LEFT = "I've still got 6 days left and it's nearly April. Do I lose them?"
OVERPAID = "Someone's been overpaid £600. How much can we take back each month?"


async def ask_as(
    question: str, source: CollectionSource, who: Principal, emb: OnnxEmbedder
) -> Answer | Refusal:
    """`question` asked of `source` by `who` through the shipped answerer with the bundled
    MiniLM, as the batteries ask (the lexical weight set scores the carry-over line lower)."""
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)
    return await ask_async(question, source, settings=Settings(), answerer=answerer, principal=who)


def _said(result: Answer | Refusal) -> str:
    assert isinstance(result, Answer), result
    return " ".join(c.quote for c in result.citations)


async def test_days_left_asked_lost_take_the_carry_over_line(
    tmp_path: Path, emb: OnnxEmbedder
) -> None:
    src = own_source(tmp_path, FILES)
    assert CARRY in _said(await ask_as(DAYS_LEFT, src, TILL, emb))


async def test_switched_off_it_is_refused(
    tmp_path: Path, emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(told_balance, "TOLD_BALANCE", False)
    src = own_source(tmp_path, FILES)
    assert isinstance(await ask_as(DAYS_LEFT, src, TILL, emb), Refusal)


async def test_the_payroll_page_stays_unread_by_another_department(
    tmp_path: Path, emb: OnnxEmbedder
) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as(OVERPAID, src, TILL, emb)
    assert isinstance(result, Refusal) or RECOVER not in _said(result)


async def test_no_carry_over_rule_no_answer(tmp_path: Path, emb: OnnxEmbedder) -> None:
    leave = LEAVE.split("## Carrying holiday over")[0]
    src = own_source(tmp_path, {**FILES, "annual-leave.md": leave})
    assert isinstance(await ask_as(DAYS_LEFT, src, TILL, emb), Refusal)


@pytest.mark.parametrize(
    "question",
    [
        "I've still got 10 hours of flexi left and it's nearly April. Do I lose them?",
        "I've still got 6 days left and it's nearly April. Can I sell them back?",
    ],
)
async def test_another_balance_or_another_ask_is_not_the_carry_over(
    tmp_path: Path, emb: OnnxEmbedder, question: str
) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as(question, src, TILL, emb)
    assert isinstance(result, Refusal) or CARRY not in _said(result)


def test_the_count_dropped_and_the_rule_said_beside() -> None:
    assert balance_lost(DAYS_LEFT) == (
        "I've still got days left and it's nearly April. Do I lose them (carried forward into "
        "the next leave year)?"
    )
    assert balance_lost("I've still got 6 days holiday left. Will I lose them?") == (
        "I've still got days holiday left. Will I lose them (carried forward into the next "
        "leave year)?"
    )
    assert (
        balance_lost(OVERPAID) == "Someone's been overpaid. How much can we take back each month?"
    )


@pytest.mark.parametrize(
    "question",
    [
        "I've got 10 hours of flexi left, do I lose them?",  # a balance with rules of its own
        "How many of my 6 days left can I carry?",  # the count is what is asked of
        "I've still got 6 days left. Can I sell them back?",  # not asked lost
        "I've worked here 3 years. How much sick pay do I get?",  # a count keying a row
        "Someone's been overpaid £600. Do they pay tax on it?",  # not asked taken back
    ],
)
def test_left_as_asked(question: str) -> None:
    assert balance_told(question) == []
    assert balance_lost(question) == question


def test_the_answer_must_say_the_rule() -> None:
    def draft(line: str) -> Draft:
        quote = DraftQuote(source="s", doc_id="d", quote=line)
        return Draft(claims=[DraftClaim(text=line, quotes=[quote])])

    assert (
        balance_said(DAYS_LEFT, draft("You may carry up to 4 days into the next year.")).refusal
        is None
    )
    assert balance_said(DAYS_LEFT, draft("Book holiday at least 2 weeks ahead.")).refusal
    assert (
        balance_said(OVERPAID, draft("An overpayment is recovered at 12% a month.")).refusal is None
    )
    assert balance_said(OVERPAID, draft("Mileage is paid at 45p a mile.")).refusal


def test_another_kind_of_engagement_is_left_as_told() -> None:
    agency = Principal(user_id="u-3", roles=["agency"], departments=["warehouse"])
    seasonal = Principal(user_id="u-4", roles=["staff", "seasonal"])
    assert balance_lost(DAYS_LEFT, agency) == DAYS_LEFT
    assert balance_lost(DAYS_LEFT, seasonal) == DAYS_LEFT
    assert balance_lost(DAYS_LEFT, TILL) != DAYS_LEFT
    assert (
        balance_lost(DAYS_LEFT, Principal(user_id="u-5", roles=["staff", "manager"])) != DAYS_LEFT
    )
    assert balance_lost(DAYS_LEFT, None) != DAYS_LEFT


async def test_an_agency_worker_is_not_answered_with_the_general_rule(
    tmp_path: Path, emb: OnnxEmbedder
) -> None:
    agency = Principal(user_id="u-3", roles=["agency"], departments=["store"])
    src = own_source(tmp_path, FILES)
    result = await ask_as(DAYS_LEFT, src, agency, emb)
    assert isinstance(result, Refusal) or CARRY not in _said(result)
