"""Unit tests for the question and sentence features of the extractive answerer."""

from __future__ import annotations

import pytest

from wikiqa.answerers.features import (
    ANSWER_FEATURES,
    RANK_FEATURES,
    analyse,
    has_negation,
    idf_table,
    key,
    keys,
    qualifiers,
    question_entities,
    question_type,
    type_match,
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("When was the Eiffel Tower completed?", "when"),
        ("In what year did the Normans reach Italy?", "when"),
        ("How many people live in Paris?", "number"),
        ("What percentage of voters turned out?", "number"),
        ("Who painted the Mona Lisa?", "who"),
        ("Where is the Louvre?", "where"),
        ("Why did the empire collapse?", "why"),
        ("What is the capital of France?", "what"),
        ("How does a steam engine work?", "how"),
        ("Is Paris the capital of France?", "yesno"),
        ("Tell me about Paris.", "other"),
    ],
)
def test_question_type(question: str, expected: str) -> None:
    assert question_type(question) == expected


def test_entities_are_capitalised_words_and_numbers_not_the_first_word() -> None:
    ents = question_entities("What did Rollo sign with King Charles III in 911?")
    assert ents == {key("Rollo"), key("King"), key("Charles"), key("III"), "911"}
    assert key("What") not in question_entities("What Rollo did")
    assert question_entities("what did the king sign?") == frozenset()


def test_analyse_splits_a_two_part_question() -> None:
    q = analyse("Who painted the Mona Lisa, and when was the Eiffel Tower completed?")
    assert len(q.parts) == 2
    assert q.parts[0].startswith("Who painted") and q.parts[1].startswith("when was")
    assert analyse("Who painted the Mona Lisa?").parts == ("Who painted the Mona Lisa?",)


def test_negation_and_qualifiers() -> None:
    assert has_negation("Which king did not sign the treaty?")
    assert has_negation("Who didn't sign?")
    assert not has_negation("Which king signed the treaty?")
    assert analyse("Who never returned?").negated
    assert qualifiers("What was the first and only treaty?") == {"first", "only"}


def test_idf_weighs_rare_terms_more() -> None:
    idf = idf_table([["paris", "capit"], ["paris", "river"], ["paris", "tower"]])
    assert idf["tower"] > idf["paris"]


def test_type_match() -> None:
    assert type_match("when", "The tower was completed in 1889.", set()) == 1.0
    assert type_match("when", "The tower is tall.", set()) == 0.0
    assert type_match("number", "It has 72 names engraved.", set()) == 1.0
    assert type_match("who", "It was painted by Leonardo.", {key("painted")}) == 1.0
    assert type_match("who", "it was painted long ago.", set()) == 0.0
    assert type_match("what", "anything", set()) == 0.5


def test_feature_names_match_the_weights() -> None:
    from wikiqa.answerers.answerability import ANSWER_WEIGHTS, RANK_WEIGHTS

    assert set(RANK_WEIGHTS) == set(RANK_FEATURES)
    assert set(ANSWER_WEIGHTS) == set(ANSWER_FEATURES)


def test_matching_joins_irregular_relatives_and_identifier_parts() -> None:
    assert key("born") == key("birth") and key("died") == key("death") == key("die")
    assert key("grounding") in keys("Choose it with `WIKIQA_GROUNDING_MODE`.")
    # "What does X mean?": the verb frames the question, the answer need not repeat it.
    assert analyse("What does confidence mean?").terms == (key("confidence"),)
    assert key("mean") in analyse("What is the mean temperature?").terms


def test_where_needs_a_place_not_just_a_name() -> None:
    asked = {key("Ray"), key("Charles"), key("born")}
    assert type_match("where", "Born: September 23, 1930, Albany, Georgia, U.S.", asked) == 1.0
    assert type_match("where", "Birth name: Ray Charles Robinson", asked) == 0.0
    assert type_match("where", "He died in Beverly Hills.", set()) == 1.0


def test_a_negation_inside_a_title_is_part_of_a_name() -> None:
    assert not has_negation("Who produced the album whose lead single was I Can't Stop Loving You?")
    assert not has_negation('Who wrote "Don\'t Let the Sun Catch You Crying"?')
    assert not analyse("Who sang No Woman, No Cry?").negated
    assert has_negation("Why didn't Ray Charles go blind?")  # lower case: a negation
    assert has_negation("Isn't Ray Charles from Georgia?")  # the first word is no title
