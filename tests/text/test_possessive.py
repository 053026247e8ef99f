"""The project's one reading of a possessive ending (text/terms.without_possessive), which
the directory, kind-key, said-value and own-record hops all key names by."""

from wikiqa.text.terms import without_possessive


def test_drops_each_possessive_ending() -> None:
    assert without_possessive("What's Priya Desai's extension?") == "What Priya Desai extension?"
    assert without_possessive("my mentors’ phones") == "my mentors phones"
    assert without_possessive("tutor's") == "tutor"
    assert without_possessive("mentor'") == "mentor"
    assert without_possessive("what's") == "what"


def test_leaves_an_apostrophe_inside_a_word() -> None:
    assert without_possessive("O'Neill") == "O'Neill"
    assert without_possessive("rock'n'roll") == "rock'n'roll"
