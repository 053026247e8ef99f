"""A table row the question names in other words than its key cell (meant_keys.py): a
phrase of the question clearly nearest one key cell of its column, by the bundled embedder's
cosine, keys that row as if the question had said its key. A row the table lacks is named by
none of its keys, so the question stays refused. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import default_embedder
from wikiqa.types import Answer, Refusal

EXPENSES = (
    "Business Expenses",
    "# Business Expenses\n\n"
    "We pay back reasonable costs when you travel for work, for example to a training "
    "course at another hotel.\n\n"
    "## Rates\n\n"
    "| Item | Limit |\n|---|---|\n"
    "| Breakfast when staying away overnight | £8 |\n"
    "| Lunch when away from your home hotel for more than 5 hours | £10 |\n"
    "| Evening meal when staying away overnight | £25 |\n\n"
    "Claims must be made within 60 days of spending the money.\n",
)
# the same policy without an evening meal row: nothing in it is the asker's dinner
NO_DINNER = (
    "Business Expenses",
    EXPENSES[1].replace("| Evening meal when staying away overnight | £25 |\n", ""),
)
OLD_EXPENSES = (
    "Business Expenses (2024, superseded)",
    "# Business Expenses (2024)\n\n"
    "**Replaced on 1 January 2026 by the current Business Expenses policy.**\n\n"
    "| Item | Limit |\n|---|---|\n"
    "| Breakfast when staying away overnight | £6 |\n"
    "| Lunch when away from your home hotel | £8 |\n"
    "| Evening meal when staying away overnight | £20 |\n",
)
DINNER = "I'm staying overnight for a course. How much can I spend on dinner?"


def _cosines(reference: str, texts: list[str]) -> list[float]:
    vectors = default_embedder().embed([reference, *texts])
    return [float(vectors[0] @ v) for v in vectors[1:]]


def test_a_phrase_names_the_key_it_is_clearly_nearest() -> None:
    from wikiqa.answerers.meant_keys import named_key, phrases  # new here

    keys = [
        "Breakfast when staying away overnight",
        "Lunch when away from your home hotel for more than 5 hours",
        "Evening meal when staying away overnight",
    ]
    assert named_key(DINNER, keys, _cosines) == 2  # "dinner": the evening meal
    bereavement = ["Your partner or your child", "Your parent, brother or sister",
                   "Your grandparent or grandchild"]  # fmt: skip
    # a relative no row is for: the nearest key is neither near enough nor clear of the next
    assert named_key("My great-aunt died. How long can I have off?", bereavement, _cosines) is None
    # "staying overnight" is said by two keys: a phrase the keys say tells none apart
    assert "staying overnight" in phrases(DINNER)
    assert named_key("How much for staying overnight?", keys, _cosines) is None
    # phrases open and close on content words, and hold no number
    assert "How much" not in phrases(DINNER) and "dinner" in phrases(DINNER)
    assert not any(p[0].isdigit() for p in phrases("Is 5 hours enough for lunch?"))
    # a name is matched by its letters, never by what it is near in meaning
    named = phrases("What night shift premium do staff get at the site Joost Verhoeven manages?")
    assert "night shift premium" in named and not any("Joost" in p for p in named)


async def _ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    return await ask_async(question, TermSource(docs), settings=Settings())  # type: ignore[arg-type]


async def test_the_row_named_in_other_words_answers() -> None:
    """ "dinner" names the evening meal row, which the question's words do not say (main
    940f5cf refuses: the row is no row the question names)."""
    result = await _ask(DINNER, {"expenses": EXPENSES})
    assert isinstance(result, Answer), result
    assert "£25" in result.claims[0].text
    assert all("£8" not in c.quote and "£10" not in c.quote for c in result.citations)


async def test_a_row_the_table_lacks_is_not_answered_by_a_neighbour() -> None:
    """Without the evening meal row, neither breakfast nor lunch is the asker's dinner: the
    question is refused (and answered beside the full table, so this fails on main)."""
    answered = await _ask(DINNER, {"expenses": EXPENSES})
    assert isinstance(answered, Answer), answered
    result = await _ask(DINNER, {"expenses": NO_DINNER})
    assert isinstance(result, Refusal), result


async def test_a_superseded_editions_row_is_not_named_in_other_words() -> None:
    """With the current policy withheld, the 2024 edition's "Evening meal" row is not the
    asker's dinner: an edition out of force keys its rows like the current one, and a row
    named only in other words does not answer from it (answered beside the current policy,
    so this fails on main)."""
    answered = await _ask(DINNER, {"expenses": EXPENSES, "old": OLD_EXPENSES})
    assert isinstance(answered, Answer), answered
    assert "£25" in answered.claims[0].text
    result = await _ask(DINNER, {"old": OLD_EXPENSES})
    if isinstance(result, Answer):
        assert all("£20" not in c.quote for c in result.citations), result
