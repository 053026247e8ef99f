"""A yes/no question asking whether the asker gets a thing ("Do income officers get a bonus
...?") is refused when the cited line grants nothing and no cited document says or means the
thing; a line granting something answers it in the document's own words ("Rangers also
receive a boot allowance" for "a footwear allowance") (answerers/asked_thing.py). Small
documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.asked_thing import asked_thing, grants, unnamed_thing
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

ARREARS = (
    "Rent Arrears: Recovery Stages",
    "# Rent Arrears: Recovery Stages\n\nIncome officers follow these stages.\n\n"
    "1. Stage 1: a letter and a phone call when the rent account is 2 weeks in arrears.\n"
    "2. Stage 2: a home visit when arrears reach 4 weeks.\n"
    "3. Stage 3: a Notice of Seeking Possession, with the team leader's approval.\n\n"
    "Always offer a referral to the money advice team at the first contact.\n",
)
UNIFORM = (
    "Uniform and Dress",
    "# Uniform and Dress\n\nWear your ID badge at all times when on duty.\n\n"
    "Rangers get 3 polo shirts, a fleece and a waterproof jacket every 2 years.\n\n"
    "Rangers also receive a boot allowance of £90 every 2 years, claimed through expenses "
    "with a receipt.\n",
)
CANTEEN = (
    "Canteens and Rest Rooms",
    "# Canteens and Rest Rooms\n\n"
    "Meals in the canteen are subsidised: a hot meal costs £3.20 and drinks are free.\n",
)
DOCS = {"arrears": ARREARS, "uniform": UNIFORM, "canteen": CANTEEN}


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


async def test_a_thing_no_document_speaks_of_over_a_line_granting_nothing_is_refused() -> None:
    """Main answers both with "Income officers follow these stages.": the line is about the
    asker, its document never speaks of a bonus."""
    for question in (
        "Do income officers get a bonus for bringing rent arrears down?",
        "Do income officers get a bonus for bringing arrears down, please?",
    ):
        result = await ask(question)
        assert isinstance(result, Refusal), (question, result)
        assert "bonus" in result.reason


def test_the_thing_is_the_phrase_a_yes_no_question_introduces_as_new() -> None:
    assert asked_thing("Do we get free safety gear?") == ("safety", "gear")
    assert asked_thing("Do rangers get a footwear allowance?") == ("footwear",)
    # a preposition ends the phrase; a container noun names only a kind of help
    assert asked_thing("Do I get a free jab against flu?") == ("jab",)
    assert asked_thing("Is there a relocation package?") == ("relocation",)
    # a phrase that presumes its thing, a kind of value, or no yes/no shape
    assert asked_thing("Do I still get my tronc money?") == ()
    assert asked_thing("Is there a number I can ring?") == ()
    assert asked_thing("How much is the referral bonus?") == ()
    # a question that sets out a situation before it asks is left alone
    assert asked_thing("I'm new in the warehouse. Do we get free safety gear?") == ()


def test_a_line_granting_something_answers_in_the_documents_words() -> None:
    assert grants("Rangers also receive a boot allowance of £90 every 2 years.")
    assert grants("Life cover of 3 times your salary is included while you are a member.")
    assert grants("| Ashby Lane | 65 | free |")
    assert grants("Staff get 25% off at the leisure centre.")
    assert grants("We do not pay towards personal phone bills.")  # a "no" is an answer
    assert not grants("Income officers follow these stages.")
    assert not grants("If a supporter complains, pass the details to the Head of Fundraising.")

    boots = UNIFORM[0] + "\n" + UNIFORM[1]
    granted = ["Rangers also receive a boot allowance of £90 every 2 years."]
    assert unnamed_thing(("footwear",), [boots], granted) == ""
    stages = ["Income officers follow these stages."]
    assert unnamed_thing(("bonus",), [ARREARS[0] + "\n" + ARREARS[1]], stages) == "bonus"


def test_a_word_of_the_cited_document_may_mean_the_thing() -> None:
    """A line granting nothing stands when a word anywhere in its document means the thing."""

    def near(word: str, words: list[str]) -> list[float]:
        return [0.66 if (word, w) == ("brews", "drinks") else 0.2 for w in words]

    hours = ["The canteen is open 05:00 to 20:00."]
    document = CANTEEN[1] + "\nThe canteen is open 05:00 to 20:00.\n"
    assert unnamed_thing(("brews",), [document], hours, near) == ""
    assert unnamed_thing(("sauna",), [document], hours, near) == "sauna"


def test_the_bundled_model_means_the_thing_by_a_word_of_the_document(emb: object) -> None:
    """Through the bundled MiniLM: "brews" is meant by "drinks" (0.66), "bonus" by no word
    of the arrears stages (at most 0.42)."""
    from wikiqa.answerers.extractive import ExtractiveAnswerer

    answerer = ExtractiveAnswerer(embedder=emb)  # type: ignore[arg-type]
    hours = ["The canteen is open 05:00 to 20:00."]
    assert unnamed_thing(("brews",), [CANTEEN[1]], hours, answerer.similarities) == ""
    stages = ["Income officers follow these stages."]
    assert unnamed_thing(("bonus",), [ARREARS[1]], stages, answerer.similarities) == "bonus"
