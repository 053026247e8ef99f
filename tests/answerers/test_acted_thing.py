"""A question asking leave for an act on a thing ("Can I keep it?" after "A contractor dropped
off a £20 voucher") is answered by the line of the first document that rules on that thing,
not by a line ruling on the same act for another thing (answerers/acted_thing.py; measured
and not shipped, so `ExtractiveAnswerer` does not call it): its two readings."""

from __future__ import annotations

from wikiqa.answerers.acted_thing import acted_thing as thing_of
from wikiqa.answerers.acted_thing import rules_on_thing

VOUCHER = "A contractor dropped off a £20 voucher as a thank-you. Can I keep it?"


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
