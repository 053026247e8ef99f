"""A sentence that refers back is read with the sentence before it (text/refers.py)."""

from __future__ import annotations

from wikiqa.text.refers import antecedent, refers_back
from wikiqa.text.sentences import split_sentences

PAY = (
    "## Final pay\n\n"
    "Your final salary includes payment for untaken annual leave. It is paid on the normal "
    "payroll date.\n\n"
    "It is kept for six years.\n\n"
    "- Return your badge. It opens every door.\n"
)


def test_a_pronoun_opening_a_sentence_refers_back_a_named_subject_does_not() -> None:
    assert refers_back("It is paid on the normal payroll date.")
    assert refers_back("They do not apply to our employed drivers.")
    assert refers_back("This is paid monthly.")
    assert not refers_back("This policy replaces the 2023 Travel Policy.")
    assert not refers_back("Items are paid monthly.")


def test_the_antecedent_is_the_sentence_before_in_the_same_paragraph_of_prose() -> None:
    spans = split_sentences(PAY)
    texts = [s.text for s in spans]
    paid = texts.index("It is paid on the normal payroll date.")
    found = antecedent(PAY, spans, paid)
    assert found is not None
    assert found.text == "Your final salary includes payment for untaken annual leave."
    # across a blank line, or inside a list item, there is no antecedent to lean on
    assert antecedent(PAY, spans, texts.index("It is kept for six years.")) is None
    door = next(i for i, t in enumerate(texts) if t.startswith("It opens"))
    assert antecedent(PAY, spans, door) is None
