"""answerers/record_asks.py: when a sentence of a record is read under its term."""

from __future__ import annotations

from wikiqa.answerers.features import analyse
from wikiqa.answerers.record_asks import asks_of_record, is_name


def asks(question: str, key: str, sentence: str) -> bool:
    q = analyse(question)
    return asks_of_record(q.text, frozenset(q.terms), key, sentence)


def test_a_name_keys_a_record_and_a_topics_label_does_not() -> None:
    assert is_name("Saltmarsh office")  # no English word
    assert is_name("Wharf House") and is_name("Boxing Day")  # a capital past the first
    assert not is_name("Sickness") and not is_name("Jury service")


def test_the_question_names_the_term_and_asks_what_the_sentence_says() -> None:
    # a clock time for "what time", a word of the question for "opening hours"
    assert asks("what time does the Saltmarsh office shut?", "Saltmarsh office:",
                "Open to tenants 9:00 to 16:00.")  # fmt: skip
    assert asks("what are the opening hours at Wharf House?", "Wharf House:",
                "Open 8:30 to 17:00, Monday to Friday.")  # fmt: skip
    # the office named, but its hours are not what is asked
    assert not asks("When is the Saltmarsh office closing down?", "Saltmarsh office:",
                    "Open to tenants 9:00 to 16:00.")  # fmt: skip
    # what is asked, but of another office
    assert not asks("what time does the Carrow office shut?", "Saltmarsh office:",
                    "Open to tenants 9:00 to 16:00.")  # fmt: skip
    # a topic's label is no record's key, whatever is asked
    assert not asks("When is sick pay paid?", "Sickness:", "Sick pay is paid by the agency.")
