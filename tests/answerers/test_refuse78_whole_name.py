"""A thing or occasion asked by a name of two or more words must be named whole by what the
answer cites (whole_name, refuse78): "Is there a company car scheme?" is not answered by
the essential car users' lump sum, "Does Hollinwood pay for private health insurance?" not
by the £60 towards business use on one's car insurance, "When's the staff Christmas party
this year?" not by the Christmas holiday requests' deadline or "party orders". Must still
answer: the manager who may read the paper naming the company cars, a line naming the thing
whole or its head in the document's own words ("a free flu jab" for a flu vaccine), a word
qualifying it said elsewhere in the cited document, and an occasion a line names beside
its head ("Summer bank holiday" for "the August bank holiday")."""

from __future__ import annotations

from pathlib import Path

import pytest
from memsource import quotes_over
from own_helpers import ask_as, own_source

from wikiqa.answerers import whole_name
from wikiqa.answerers.whole_name import (
    compound_asked,
    named_whole,
    occasion_asked,
    unnamed_whole,
    whole_ids,
)
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Draft, DraftClaim, DraftQuote, Principal, Refusal

CARS = (
    "---\ntitle: Essential Car Users\naccess_scope: public\n---\n# Essential Car Users\n\n"
    "Jobs that need a car every day are essential car user posts.\n\n"
    "- Essential car users get a lump sum of £1,100 a year, paid monthly, as well as mileage.\n"
    "- You must have business use cover on your car insurance and show it every year.\n"
)
FLEET = (
    "---\ntitle: Fleet Review (directors only)\naccess_scope: role\n"
    "allowed_roles: [director]\n---\n# Fleet Review (directors only)\n\n"
    "Directors and area managers get a company car from the lease fleet, replaced every "
    "4 years.\n"
)
CHRISTMAS = (
    "---\ntitle: Christmas Holiday Requests\naccess_scope: public\n---\n"
    "# Christmas Holiday Requests\n\n"
    "December is our busiest month for cakes, mince pies and party orders.\n\n"
    "- Requests for 27 December to 31 December must be made by 31 October.\n"
)
PARTY = (
    "---\ntitle: Staff Social Events\naccess_scope: public\n---\n# Staff Social Events\n\n"
    "The staff Christmas party is on Friday 11 December at the Old Mill, from 19:00.\n"
)
STAFF = Principal(user_id="s-1", roles=["staff"], departments=["housing"])
DIRECTOR = Principal(user_id="d-1", roles=["director"], departments=["board"])
CAR = "Is there a company car scheme?"
HEALTH = "Does Hollinwood pay for private health insurance?"
DO = "When's the staff Christmas party this year?"


@pytest.fixture(autouse=True)
def _whole_name_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """WHOLE_NAME ships off (round 78's gate: it refused a held-out answerable task and
    gained nothing unseen); these tests read the reading itself."""
    monkeypatch.setattr(whole_name, "WHOLE_NAME", True)


def _draft(*claims: str, doc_id: str = "d") -> Draft:
    return Draft(
        claims=[DraftClaim(text=c, quotes=[DraftQuote(doc_id=doc_id, quote=c)]) for c in claims]
    )


def _body(text: str) -> str:
    return text.split("---\n", 2)[2]


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def test_the_thing_asked_by_its_whole_name() -> None:
    assert compound_asked(CAR) == ("company", "car")
    assert compound_asked(HEALTH) == ("private", "health", "insurance")
    assert compound_asked("Do we get a free flu vaccine?") == ("flu", "vaccine")
    # one word is thing_unsaid's; the asker giving, a definite thing, no yes/no ask
    assert compound_asked("Do we get a bonus?") == ()
    assert compound_asked("Do I pay for the staff car park?") == ()
    assert compound_asked("Does the company pay for my travel card?") == ()
    assert compound_asked("How much is the company car allowance?") == ()


def test_the_occasion_asked_when() -> None:
    assert occasion_asked(DO) == ("staff", "christmas", "party")
    assert occasion_asked("When's the staff Christmas do this year?") == (
        "staff",
        "christmas",
        "do",
    )
    assert occasion_asked("when's the late August bank holiday this year?")[-1] == "holiday"
    # a verb or a place follows, or the head names only a kind of value
    assert occasion_asked("When is the tool money paid out?") == ()
    assert occasion_asked("When is the fire alarm tested at the Dublin depot?") == ()
    assert occasion_asked("When's the review of my hours trial?") == ()
    assert occasion_asked("When's the next pay day?") == ()
    assert occasion_asked("When does the Christmas rota have to be out?") == ()


def test_a_head_said_of_another_case_does_not_answer() -> None:
    lump = "- Essential car users get a lump sum of £1,100 a year, paid monthly."
    text = _body(CARS)
    titles = {"d": "Essential Car Users"}
    assert unnamed_whole(CAR, _draft(lump), None, {"d": text}, titles) == "company car"
    insured = "- You must have business use cover on your car insurance and show it every year."
    assert unnamed_whole(HEALTH, _draft(insured), None, {"d": text}, titles) == (
        "private health insurance"
    )
    refused = Draft(refusal="insufficient_evidence", reason="x")
    assert unnamed_whole(CAR, refused, None, {"d": text}, titles) == ""


def test_the_thing_named_whole_or_in_the_documents_own_words_answers() -> None:
    fleet = "Directors get a company car from the lease fleet."
    assert unnamed_whole(CAR, _draft(fleet), None, {"d": fleet}, {}) == ""
    # the head unsaid: the line may name the thing otherwise ("jab" for "vaccine")
    jab = "- A free flu jab every autumn, at work or at a chemist with a voucher."
    asked = "Do we get a free flu vaccine?"
    assert unnamed_whole(asked, _draft(jab), None, {"d": jab}, {}) == ""
    # the qualifying word said elsewhere in the cited document: left alone
    text = f"{jab}\n- Staff at the works are offered hepatitis vaccinations.\n"
    assert unnamed_whole(asked, _draft(jab), None, {"d": text}, {}) == ""
    # a word meaning the qualifier beside the head names it whole
    line = "Directors get a firm car from the lease fleet."

    def near(word: str, words: list[str]) -> list[float]:
        return [0.8 if (word, w) == ("company", "firm") else float(w == word) for w in words]

    assert named_whole(("company", "car"), [line], near)
    assert not named_whole(("company", "car"), [line], None)
    far = "Business use must be on the cover of your own private car."
    assert not named_whole(("company", "car"), [far], near)


def test_an_occasion_named_by_no_cited_line_is_refused() -> None:
    requests = "- Requests for 27 December to 31 December must be made by 31 October."
    text = _body(CHRISTMAS)
    titles = {"d": "Christmas Holiday Requests"}
    assert unnamed_whole(DO, _draft(requests), None, {"d": text}, titles) != ""
    do = "When's the staff Christmas do this year?"
    assert unnamed_whole(do, _draft(requests), None, {"d": text}, titles) != ""
    party = "The staff Christmas party is on Friday 11 December at the Old Mill."
    assert unnamed_whole(DO, _draft(party), None, {"d": party}, {}) == ""
    said = "Our Christmas do is on Friday 11 December."
    assert unnamed_whole(do, _draft(said), None, {"d": said}, {}) == ""
    holiday = "| Summer bank holiday | Monday 31 August 2026 |"
    august = "when's the late August bank holiday this year?"
    assert unnamed_whole(august, _draft(holiday), None, {"d": holiday}, {}) == ""


def test_a_number_to_ring_stands_and_only_a_read_question_fetches() -> None:
    helpline = "Health cover helpline: 0800 412 7730."
    assert unnamed_whole(HEALTH, _draft(helpline), None, {"d": "Car insurance."}, {}) == ""
    line = "Essential car users get a lump sum."
    assert whole_ids(CAR, _draft(line)) == ["d"]
    assert whole_ids(DO, _draft(line)) == ["d"]
    assert whole_ids("How much is the lump sum?", _draft(line)) == []


def test_switched_off_nothing_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(whole_name, "WHOLE_NAME", False)
    monkeypatch.setattr(whole_name, "OCCASION_NAMED", False)
    lump = "Essential car users get a lump sum."
    assert unnamed_whole(CAR, _draft(lump), None, {"d": _body(CARS)}, {}) == ""
    assert whole_ids(CAR, _draft(lump)) == []
    assert whole_ids(DO, _draft(lump)) == []


async def test_staff_asking_the_directors_company_car_are_refused(tmp_path: Path) -> None:
    files = {"cars.md": CARS, "fleet.md": FLEET, "christmas.md": CHRISTMAS}
    source = own_source(tmp_path, files)
    for question in (CAR, HEALTH, DO, "When's the staff Christmas do this year?"):
        result = await ask_as(question, source, STAFF)
        assert isinstance(result, Refusal), (question, _said(result))


async def test_the_neighbouring_questions_and_the_named_occasion_answer(tmp_path: Path) -> None:
    files = {"cars.md": CARS, "fleet.md": FLEET, "christmas.md": CHRISTMAS, "party.md": PARTY}
    source = own_source(tmp_path, files)
    lump = await ask_as("How much is the essential car users' lump sum?", source, STAFF)
    assert isinstance(lump, Answer) and "£1,100" in _said(lump)
    party = await ask_as(DO, source, STAFF)
    assert isinstance(party, Answer) and "11 December" in _said(party)
    fleet = await ask_as("Do directors get a company car?", source, DIRECTOR)
    assert isinstance(fleet, Answer) and "company car" in _said(fleet)


async def test_as_shipped_the_christmas_party_no_line_names_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = {
        "cars": ("Essential Car Users", _body(CARS)),
        "christmas": ("Christmas Holiday Requests", _body(CHRISTMAS)),
    }
    # read with the embedder, as shipped: "party orders" and the requests' deadline name no
    # Christmas party, so the question is refused
    assert await quotes_over(emb, docs, DO) is None
    # a page naming the party answers it
    named = {**docs, "party": ("Staff Social Events", _body(PARTY))}
    quotes = await quotes_over(emb, named, DO)
    assert quotes is not None and any("11 December" in q for q in quotes), quotes
    # without the reading, the requests page answered it: the reading is what refuses
    monkeypatch.setattr(whole_name, "OCCASION_NAMED", False)
    assert await quotes_over(emb, docs, DO) is not None
