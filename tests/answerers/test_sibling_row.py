"""A cited table row answers only for a case its table lists, says in other words, or covers
by a row for every other case (sibling_row.py). Small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.sibling_row import _covers_others, _unlisted
from wikiqa.types import Answer, Refusal

DUTIES = (
    "Time Off for Public Duties",
    "# Time Off for Public Duties\n\n"
    "Tell your manager as soon as you know the dates of a public duty.\n\n"
    "| Duty | Paid time off each year |\n|---|---|\n"
    "| Jury service | As long as the court needs you |\n"
    "| Magistrate | 18 working days |\n"
    "| Local councillor | 12 working days |\n"
    "| School governor | 5 working days |\n"
    "| Retained firefighter | 10 working days |\n\n"
    "No time off is given to vote, as polling stations open long enough.\n",
)
LOSS = (
    "Bereavement Leave",
    "# Bereavement Leave\n\n"
    "Paid bereavement leave depends on who has died.\n\n"
    "| Who has died | Paid bereavement leave |\n|---|---|\n"
    "| Husband, wife or partner, or your child | 10 working days |\n"
    "| Parent, step-parent, brother or sister | 5 working days |\n"
    "| Grandparent, grandchild or parent-in-law | 3 working days |\n"
    "| Anyone else close to you | 1 working day |\n",
)
DOCS = {"duties": DUTIES, "loss": LOSS}


async def _ask(question: str) -> Answer | Refusal:
    return await ask_over(DOCS, question)


def _sims(table: dict[tuple[str, str], float]):  # type: ignore[no-untyped-def]
    def similarities(word: str, texts: list[str]) -> list[float]:
        return [
            1.0 if word == t else table.get((word, t), table.get((t, word), 0.1)) for t in texts
        ]

    return similarities


def test_a_word_among_the_keys_names_none_of_them() -> None:
    forms = [("Joiner",), ("Bricklayer",), ("Steel fixer",)]
    sims = _sims(
        {
            ("plasterer", "Joiner"): 0.44,
            ("plasterer", "Bricklayer"): 0.43,
            ("plasterer", "Steel fixer"): 0.46,
            ("Steel fixer", "Joiner"): 0.40,
            ("brickie", "Bricklayer"): 0.69,
            ("brickie", "Joiner"): 0.32,
            ("chippy", "Joiner"): 0.58,
            ("chippy", "Bricklayer"): 0.50,
            ("Joiner", "Bricklayer"): 0.20,
        }
    )
    # of the kind, near several keys as they are near each other: one more case
    assert _unlisted(["plasterer"], forms, sims) == "plasterer"
    # standing out toward one key over the others: that key in other words
    assert _unlisted(["brickie"], forms, sims) == ""
    # near two keys, but nearer the first than that key is to any other: in other words
    assert _unlisted(["chippy"], forms, sims) == ""
    # not of the table's kind at all
    assert _unlisted(["weekend"], forms, sims) == ""


def test_a_row_for_every_other_case() -> None:
    assert _covers_others(["Near miss", "Any other injury"])
    assert _covers_others(["Parent", "Anyone else close to you"])
    assert _covers_others(["Office staff", "Other"])
    assert not _covers_others(["Jury service", "Magistrate", "Local councillor"])


async def test_a_case_the_table_does_not_list_is_refused() -> None:
    """The table lists public duties; a special constable is one more, which it leaves out
    (main 17dde83 answers with another duty's row)."""
    result = await _ask(
        "How many paid days off a year do I get for volunteering as a special constable?"
    )
    assert isinstance(result, Refusal), result
    assert "constable" in result.reason


async def test_cases_the_table_lists_or_covers_are_answered() -> None:
    for question, value in (
        ("I'm a magistrate. How much paid time off do I get for it?", "18 working days"),
        ("How many paid days off a year does a school governor get?", "5 working days"),
    ):
        result = await _ask(question)
        assert isinstance(result, Answer), (question, result)
        assert value in result.text, (question, result.text)
    # one more case of who has died, covered by the row for anyone else: not refused here
    result = await _ask("My nephew died last week. How much paid bereavement leave do I get?")
    assert isinstance(result, Answer), result


async def test_a_question_nothing_answers_stays_refused() -> None:
    result = await _ask("How much paid time off do I get to move house?")
    assert isinstance(result, Refusal), result
