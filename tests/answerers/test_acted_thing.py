"""A question asking leave for an act on a thing ("Can I keep it?" after "A contractor dropped
off a £20 voucher") is answered by the line of the first document that rules on that thing,
not by a line ruling on the same act for another thing (answerers/acted_thing.py, read by
ExtractiveAnswerer.clearing). Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers import acted_thing
from wikiqa.answerers.acted_thing import acted_thing as thing_of
from wikiqa.answerers.acted_thing import rules_on_thing
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

GIFTS = (
    "Gifts and Hospitality",
    "# Gifts and Hospitality\n\n"
    "You may accept a small gift worth up to £25, such as chocolates or a drink, from a "
    "tenant or contractor, and must record it in the gifts register.\n\n"
    "Cash and vouchers must always be refused, whatever the amount.\n\n"
    "The gifts book is checked by the finance team every quarter.\n",
)
KITCHEN = (
    "Kitchen Appearance",
    "# Kitchen Appearance\n\n"
    "- Kitchen and spa staff must not wear false nails or nail varnish.\n"
    "- Long hair must be tied back in kitchens and the spa.\n"
    "- In kitchens, a plain wedding band is the only jewellery allowed.\n",
)
PARKING = (
    "Parking",
    "# Parking\n\nStaff park in the rear car park after 18:00.\n\n"
    "Permits are issued by the facilities team.\n",
)
DOCS = {"gifts": GIFTS, "kitchen": KITCHEN, "parking": PARKING}
VOUCHER = "A contractor dropped off a £20 voucher as a thank-you. Can I keep it?"


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


def test_the_thing_acted_on_is_named_after_the_verb_or_told_before_the_ask() -> None:
    assert thing_of("Can I wear my earrings in the kitchen?") == ("earrings",)
    assert thing_of("Can I claim the bottle of wine I had on the trip?") == ("bottle", "wine")
    assert thing_of(VOUCHER) == ("voucher",)
    assert thing_of("A contractor dropped off a £20 Amazon voucher. Can I keep it?") == (
        "amazon",
        "voucher",
    )
    assert thing_of("Can I get a parking permit?") == ()  # a light verb names no act
    assert thing_of("How long can I keep it?") == ()  # no leave asked


async def test_the_line_ruling_on_the_told_thing_answers() -> None:
    """The small-gift line shares more of the question's words and ranks first, under the
    floor; the line ruling on vouchers answers in its place."""
    result = await ask(VOUCHER)
    assert isinstance(result, Answer), result
    cited = " ".join(c.quote for c in result.citations)
    assert "vouchers must always be refused" in cited


async def test_without_the_rule_it_is_refused(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(acted_thing, "acted_thing", lambda question: ())
    result = await ask(VOUCHER)
    assert isinstance(result, Refusal), result


def test_a_line_rules_on_the_thing_said_or_meant_beside_permission_or_prohibition() -> None:
    def similarities(word: str, words: list[str]) -> list[float]:
        return [0.7 if (word, w) == ("earrings", "jewellery") else 0.1 for w in words]

    thing = ("earrings",)
    jewellery = "In kitchens, a plain wedding band is the only jewellery allowed."
    assert rules_on_thing(jewellery, thing, similarities)
    assert not rules_on_thing("Kitchen staff must not wear false nails.", thing, similarities)
    assert not rules_on_thing("Jewellery is sold in the gift shop.", thing, similarities)
    assert not rules_on_thing(jewellery, (), similarities)
    assert not rules_on_thing("You may bring an assistance dog.", ("dog",), similarities)
    assert rules_on_thing("Dogs are not allowed in the office.", ("dog",), similarities)


async def test_a_thing_no_line_rules_on_stays_refused() -> None:
    result = await ask("Can I bring my dog into the kitchen?")
    assert isinstance(result, Refusal), result
