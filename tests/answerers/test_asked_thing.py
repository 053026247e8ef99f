"""A yes/no question asking whether the asker gets a thing ("Do staff get free Tidewell
membership?") is answered only when a cited document names that thing, or a cited line means
it; a line about the rest of the question is refused (answerers/asked_thing.py). Small
documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.asked_thing import asked_thing, unnamed_thing
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

DISCOUNT = (
    "Staff Discount",
    "# Staff Discount\n\nEffective 1 April 2026.\n\n"
    "- Employees get 20% off in every Tidewell shop, on donated and new goods.\n"
    "- In our visitor centre cafés, employees get 25% off food and drink, and a free hot "
    "drink on each shift.\n"
    "- Volunteers get 10% off in the shops and cafés where they volunteer.\n"
    "- Employees and volunteers park free at every reserve car park. Show your ID badge.\n",
)
ARREARS = (
    "Rent Arrears: Recovery Stages",
    "# Rent Arrears: Recovery Stages\n\nIncome officers follow these stages.\n\n"
    "1. Stage 1: a letter and a phone call when the rent account is 2 weeks in arrears.\n"
    "2. Stage 2: a home visit when arrears reach 4 weeks.\n"
    "3. Stage 3: a Notice of Seeking Possession, with the team leader's approval.\n\n"
    "Always offer a referral to the money advice team at the first contact.\n",
)
EXPENSES = (
    "Business Expenses",
    "# Business Expenses\n\nWe pay back reasonable costs when you travel for work.\n\n"
    "- Mileage in your own car is paid at 45 pence a mile.\n"
    "- Eye tests for screen users are paid up to £25, and up to £60 towards spectacles "
    "needed only for screen work.\n",
)
DOCS = {"discount": DISCOUNT, "arrears": ARREARS, "expenses": EXPENSES}


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


async def test_a_thing_no_document_names_is_refused_over_a_line_about_the_rest() -> None:
    for question in (
        "Do staff get free Tidewell membership?",
        "Do income officers get a bonus for bringing rent arrears down?",
    ):
        result = await ask(question)
        assert isinstance(result, Refusal), (question, result)


async def test_a_thing_the_document_names_is_answered() -> None:
    result = await ask("Do staff get a discount in the Tidewell shops?")
    assert isinstance(result, Answer), result
    assert "20% off" in result.text


def test_the_thing_is_the_phrase_a_yes_no_question_introduces_as_new() -> None:
    assert asked_thing("Do we get a Christmas bonus?") == ("christmas", "bonus")
    assert asked_thing("Do staff get free Tidewell membership?") == ("tidewell", "membership")
    assert asked_thing("Is there a company car scheme?") == ("company", "car")
    assert asked_thing("Are there charging points for electric cars?") == ("charging", "points")
    assert asked_thing("do staff get a gym discount anywhere?") == ("gym", "discount")
    # a definite or possessive phrase presumes the thing; a kind of value is no thing
    assert asked_thing("Do agency lads get the handover bonus?") == ()
    assert asked_thing("Do I still get my tronc money when I'm off sick?") == ()
    assert asked_thing("Can you get the sack on the spot for being drunk?") == ()
    assert asked_thing("Is there a number I can ring about bullying?") == ()
    assert asked_thing("Can I get money towards glasses?") == ()
    assert asked_thing("Do I have to tell my manager?") == ()
    assert asked_thing("Do I get paid for training days?") == ()
    # not a yes/no question about getting something
    assert asked_thing("How much is the referral bonus?") == ()


def test_a_word_said_by_the_document_or_meant_by_a_line_names_the_thing() -> None:
    lines = ["Volunteers get 10% off in the shops where they volunteer."]
    assert unnamed_thing(("membership",), [DISCOUNT[1]], lines) == "membership"
    assert unnamed_thing(("discount",), [DISCOUNT[0] + "\n" + DISCOUNT[1]], lines) == ""
    assert unnamed_thing(("reimbursement",), ["Claims are reimbursed monthly."], []) == ""

    def near(word: str, words: list[str]) -> list[float]:
        return [0.75 if (word, w) == ("glasses", "spectacles") else 0.2 for w in words]

    cited = ["Up to £60 towards spectacles needed only for screen work."]
    assert unnamed_thing(("glasses",), [EXPENSES[1]], cited, near) == ""
    assert unnamed_thing(("sunglasses",), [EXPENSES[1]], cited, near) == "sunglasses"


async def test_a_synonym_in_the_cited_line_is_the_thing(emb: object) -> None:
    """Through the bundled MiniLM: "glasses" is meant by "spectacles" (cosine 0.75)."""
    from wikiqa.answerers.extractive import ExtractiveAnswerer

    answerer = ExtractiveAnswerer(embedder=emb)  # type: ignore[arg-type]
    cited = ["Eye tests for screen users are paid up to £25, and up to £60 towards spectacles."]
    assert unnamed_thing(("glasses",), ["Business Expenses"], cited, answerer.similarities) == ""
    assert unnamed_thing(("bonus",), ["Rent Arrears"], cited, answerer.similarities) == "bonus"
