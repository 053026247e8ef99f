"""A thing a question asks whether the asker gets must be named by what the answer cites
(thing_unsaid, refuse77): "Is there a bonus for casuals who do loads of shifts over the
summer?" is not answered by the casuals' guide on how shifts are offered, "Could I take a
sabbatical to go travelling?" not by the mileage page, "Can I buy a few extra days of
holiday?" not by the bank holiday rates. Must still answer: the manager who may read the
staffing plan naming the bonus, a line naming the thing in part or by a word meaning it, a
thing a cited document names elsewhere, a helpline given by its number, a question telling
a situation first, and the neighbouring questions the guide's lines do answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from memsource import quotes_over
from own_helpers import ask_as, own_source

from wikiqa.answerers import thing_unsaid
from wikiqa.answerers.thing_unsaid import (
    buying_asked,
    heading_of,
    read_texts,
    thing_asked,
    unsaid_ids,
    unsaid_thing,
)
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Draft, DraftClaim, DraftQuote, Principal, Refusal

GUIDE = (
    "---\ntitle: Casual Event Staff Guide\naccess_scope: public\n---\n"
    "# Casual Event Staff Guide\n\n"
    "Casual event staff work with us on a zero-hours contract, mostly at weddings and summer "
    "weekends.\n\n"
    "- Offering shifts: shifts are offered in the ClubHub app every Wednesday for the "
    "fortnight after next; you may turn any shift down.\n"
    "- Probation: casual event staff serve a probation of your first 8 shifts.\n"
)
PLAN = (
    "---\ntitle: Summer Staffing Plan (managers only)\naccess_scope: role\n"
    "allowed_roles: [manager]\n---\n# Summer Staffing Plan (managers only)\n\n"
    "Casuals who work 20 or more shifts between June and August get a summer bonus of £150, "
    "paid in September.\n"
)
MILEAGE = (
    "---\ntitle: Mileage and Travel\naccess_scope: public\n---\n# Mileage and Travel\n\n"
    "Claim mileage for journeys you make for work in your own vehicle, at 45p a mile.\n\n"
    "Claims for travelling go in the ClubHub app by the claims cut-off, within three months "
    "of the journey.\n"
)
BANK = (
    "---\ntitle: Bank Holidays\naccess_scope: public\n---\n# Bank Holidays\n\n"
    "If you work a bank holiday you are paid double time, and you get a day in lieu; extra "
    "days of holiday are added to your allowance pro rata.\n"
)
STAFF = Principal(user_id="c-1", roles=["staff"], departments=["events"])
BONUS = "Is there a bonus for casuals who do loads of shifts over the summer?"
SABBATICAL = "Could I take a sabbatical to go travelling for a few months?"
BUY = "Can I buy a few extra days of holiday?"


def _files(*extra: tuple[str, str]) -> dict[str, str]:
    files = {"guide.md": GUIDE, "plan.md": PLAN, "mileage.md": MILEAGE, "bank.md": BANK}
    files.update(dict(extra))
    return files


def _draft(*claims: str, doc_id: str = "d") -> Draft:
    return Draft(
        claims=[DraftClaim(text=c, quotes=[DraftQuote(doc_id=doc_id, quote=c)]) for c in claims]
    )


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def test_the_thing_asked() -> None:
    assert thing_asked(BONUS) == ("bonus",)
    assert thing_asked(SABBATICAL) == ("sabbatical",)  # a thing the asker would take
    assert thing_asked("Do we get a sabbatical?") == ("sabbatical",)
    # a phrase describes what it asks, a count is no thing, the asker giving is no ask
    assert thing_asked("Do we get a company car?") == ()
    assert thing_asked("Could I take three weeks off in one go?") == ()
    assert thing_asked("Can I offer a new chef more than the bottom of the band?") == ()
    # a situation told first, a definite thing, a question that is no yes/no
    assert thing_asked("My friend is applying. Is there a bonus if she's hired?") == ()
    assert thing_asked("Do agency staff get the handover bonus?") == ()
    assert thing_asked("How much is the bonus?") == ()
    assert buying_asked(BUY) and buying_asked("could we purchase extra leave?")
    assert not buying_asked("I bought boots. Can I claim them back?")
    assert not buying_asked("Is there a way to buy extra days?")


def test_a_line_naming_no_word_of_the_thing_does_not_answer() -> None:
    shifts = "- Offering shifts: shifts are offered in the ClubHub app every Wednesday."
    assert unsaid_thing(BONUS, _draft(shifts), None, {}, {}) == "bonus"
    bonus = "Casuals who work 20 shifts get a summer bonus of £150."
    assert unsaid_thing(BONUS, _draft(bonus), None, {}, {}) == ""
    travel = "Claims for travelling go in the app within three months of the journey."
    assert unsaid_thing(SABBATICAL, _draft(travel), None, {}, {}) == "sabbatical"
    refused = Draft(refusal="insufficient_evidence", reason="x")
    assert unsaid_thing(BONUS, refused, None, {}, {}) == ""


def test_the_thing_said_by_a_title_a_heading_or_the_cited_document() -> None:
    shifts = "Shifts are offered every Wednesday."
    draft = _draft(shifts)
    assert unsaid_thing(BONUS, draft, None, {}, {"d": "Bonus Scheme"}) == ""
    under = f"# Guide\n\n## Summer bonus\n\n{shifts}\n"
    assert heading_of(shifts, under) == "Summer bonus"
    assert unsaid_thing(BONUS, draft, None, {"d": under}, {}) == ""
    elsewhere = f"# Guide\n\n{shifts}\n\nA bonus is paid to casuals in September.\n"
    assert unsaid_thing(BONUS, draft, None, {"d": elsewhere}, {}) == ""
    assert read_texts(draft, {"d": under}, {"d": "Guide"}) == [shifts, "Summer bonus", "Guide"]


def test_a_word_meaning_the_thing_or_a_number_to_ring_answers() -> None:
    line = "You get a yearly payment of £100 in December."

    def near(word: str, words: list[str]) -> list[float]:
        return [0.7 if w == "payment" else 0.1 for w in words]

    assert unsaid_thing("Is there a bonus?", _draft(line), near, {}, {}) == ""
    assert unsaid_thing("Is there a bonus?", _draft(line), None, {}, {}) == "bonus"
    helpline = "Employee Assistance Programme: Anchor Assist, 0800 412 7730, free and confidential."
    asked = "Is there a helpline I can ring to talk to someone in confidence?"
    assert thing_asked(asked) == ("helpline",)
    assert unsaid_thing(asked, _draft(helpline), None, {}, {}) == ""


def test_buying_asked_needs_a_line_or_document_speaking_of_buying() -> None:
    rate = "If you work a bank holiday you are paid double time."
    assert unsaid_thing(BUY, _draft(rate), None, {}, {}) == "buy"
    bought = "You can buy up to 5 extra days of leave each year."
    assert unsaid_thing(BUY, _draft(bought), None, {}, {}) == ""
    table = "| Years of service | Annual leave (days) |\n| Less than 2 years | 18 |"
    text = f"# Annual Leave\n\n{table}\n\nLeave cannot be bought.\n"
    assert unsaid_thing(BUY, _draft(table), None, {"d": text}, {}) == ""


def test_only_a_question_read_fetches() -> None:
    line = "Shifts are offered every Wednesday."
    assert unsaid_ids(BONUS, _draft(line)) == ["d"]
    assert unsaid_ids(BUY, _draft(line)) == ["d"]
    assert unsaid_ids("How are shifts offered?", _draft(line)) == []
    assert unsaid_ids(BONUS, Draft(refusal="insufficient_evidence", reason="x")) == []


def test_switched_off_nothing_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thing_unsaid, "THING_UNSAID", False)
    monkeypatch.setattr(thing_unsaid, "BOUGHT_UNSAID", False)
    line = "Shifts are offered every Wednesday."
    assert unsaid_thing(BONUS, _draft(line), None, {}, {}) == ""
    assert unsaid_thing(BUY, _draft(line), None, {}, {}) == ""
    assert unsaid_ids(BONUS, _draft(line)) == []


async def test_a_casual_asking_the_managers_bonus_is_refused(tmp_path: Path) -> None:
    source = own_source(tmp_path, _files())
    for question in (BONUS, SABBATICAL, BUY):
        result = await ask_as(question, source, STAFF)
        assert isinstance(result, Refusal), (question, _said(result))


def _body(text: str) -> str:
    return text.split("---\n", 2)[2]


async def test_the_manager_reads_the_bonus(emb: OnnxEmbedder, tmp_path: Path) -> None:
    # read with the embedder, as shipped: the plan's line names the bonus and answers
    docs = {
        "plan": ("Summer Staffing Plan (managers only)", _body(PLAN)),
        "guide": ("Casual Event Staff Guide", _body(GUIDE)),
    }
    asked = "Is there a summer bonus for casuals?"
    quotes = await quotes_over(emb, docs, asked)
    assert quotes is not None and any("£150" in q for q in quotes), quotes
    # the plan withheld (the casual's view), the guide's lines name no bonus: refused
    for question in (asked, BONUS):
        assert await quotes_over(emb, {"guide": docs["guide"]}, question) is None, question
    # the pipeline's own access rule: the manager sees the plan, the casual does not
    source = own_source(tmp_path, _files())
    assert isinstance(await ask_as(BONUS, source, STAFF), Refusal)


async def test_as_shipped_the_unanswerable_asks_are_refused(emb: OnnxEmbedder) -> None:
    docs = {
        "guide": ("Casual Event Staff Guide", _body(GUIDE)),
        "mileage": ("Mileage and Travel", _body(MILEAGE)),
        "bank": ("Bank Holidays", _body(BANK)),
    }
    for question in (SABBATICAL, BUY):
        assert await quotes_over(emb, docs, question) is None, question


async def test_the_neighbouring_questions_still_answer(tmp_path: Path) -> None:
    source = own_source(tmp_path, _files())
    shifts = await ask_as("When are shifts offered to casual event staff?", source, STAFF)
    assert isinstance(shifts, Answer) and "every Wednesday" in _said(shifts)
    mileage = await ask_as("What is mileage paid at a mile in my own vehicle?", source, STAFF)
    assert isinstance(mileage, Answer) and "45p" in _said(mileage)


async def test_buying_leave_answers_where_the_leave_page_says_it(tmp_path: Path) -> None:
    leave = (
        "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\n"
        "You can buy up to 5 extra days of holiday each year through salary deductions.\n"
    )
    source = own_source(tmp_path, _files(("leave.md", leave)))
    result = await ask_as(BUY, source, STAFF)
    assert isinstance(result, Answer) and "buy up to 5 extra days" in _said(result)
