"""'How do I phone <someone>?' asks for a number to dial, as 'what's the phone number' does."""

import pytest

from wikiqa.answerers.kinds import asked_kind


@pytest.mark.parametrize(
    "question",
    [
        "How do I phone Helen Tregothnan's hotel from outside?",
        "How can we ring the Kettleby depot?",
        "How should I telephone the out-of-hours service?",
    ],
)
def test_phoning_someone_asks_for_a_number(question: str) -> None:
    assert asked_kind(question) == "phone"


@pytest.mark.parametrize(
    "question",
    [
        "How do I ring in sick?",  # a procedure, not a number
        "How do I phone back a tenant who left a message?",
        "How do I call in sick?",
        "How many phones can I claim for?",
    ],
)
def test_other_asks_are_not_a_phone_number(question: str) -> None:
    assert asked_kind(question) != "phone"
