from wikiqa.answerers.disambiguation import ambiguity_reason, names_only, pick_senses
from wikiqa.types import Document

PAGE = Document(
    source="wikipedia",
    doc_id="Mercury",
    title="Mercury",
    text="Mercury may refer to:",
    is_disambiguation=True,
    senses=["Mercury (planet)", "Mercury (element)", "Mercury (mythology)", "Freddie Mercury"],
)


def test_picks_the_sense_the_question_names() -> None:
    assert pick_senses("How long is a year on the planet Mercury?", PAGE) == ["Mercury (planet)"]
    assert pick_senses("Is the element mercury toxic?", PAGE) == ["Mercury (element)"]
    assert pick_senses("When was Freddie Mercury born?", PAGE) == ["Freddie Mercury"]


def test_no_sense_when_the_question_does_not_say() -> None:
    assert pick_senses("What is Mercury?", PAGE) == []


def test_reason_lists_the_senses() -> None:
    reason = ambiguity_reason(PAGE)
    assert "Mercury (planet)" in reason and "Freddie Mercury" in reason


def test_names_only_when_the_question_is_just_the_name() -> None:
    assert names_only("What is Mercury?", PAGE)
    assert not names_only("How hot is Mercury at noon?", PAGE)
