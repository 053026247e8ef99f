"""A refused evidence's line of the first document much nearer the question in meaning,
ranked first, answers when it then clears the floor itself (nearer_line.py). Small
documents written here."""

from __future__ import annotations

from collections.abc import Callable

from memsource import quotes_over

from wikiqa.answerers.extractive import Candidate, Evidence
from wikiqa.answerers.features import analyse
from wikiqa.answerers.nearer_line import MEANING_MARGIN, nearer_candidate
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.sentences import Span
from wikiqa.types import Document

ACCOUNTS = (
    "Computer Accounts",
    "# Computer Accounts\n\nThese rules apply to every account on the office network.\n\n"
    "- Store your passwords in the approved vault app, never in a notebook or a spreadsheet.\n"
    "- Never give your password to anyone, including the service desk.\n"
    "- Report a lost building pass or password reset letter to reception.\n"
    "- Each password has at least 12 characters.\n"
    "- Lock your screen whenever you leave your desk.\n",
)
TRAVEL = (
    "Travel",
    "# Travel\n\nBook train tickets through the travel desk at least a week ahead.\n",
)
DOCS = {"a": ACCOUNTS, "t": TRAVEL}


def _line(doc: Document, text: str, rank: float, row: bool = False) -> Candidate:
    start = doc.text.index(text)
    span = Span(start, start + len(text), text)
    return Candidate(doc, span, [], 0, rank=rank, header=span if row else None)


def _evidence(question: str, lines: list[Candidate]) -> Evidence:
    return Evidence(analyse(question), lines, [], 0.1)


def _cosines(table: dict[str, float]) -> Callable[[str, list[str], list[str]], list[float]]:
    """A stand-in for the answerer's topic cosines: each text's cosine from `table`."""
    return lambda question, texts, contexts: [table[t] for t in texts]


def test_the_nearest_line_of_the_first_document_by_a_clear_margin() -> None:
    mine = Document(source="m", doc_id="a", title="A", text="First line. Second line. Third.")
    other = Document(source="m", doc_id="b", title="B", text="Other line.")
    first, second, third = (
        _line(mine, "First line.", 9.0),
        _line(mine, "Second line.", 5.0),
        _line(mine, "Third.", 4.0),
    )
    far = _line(other, "Other line.", 8.0)
    e = _evidence("What is asked?", [first, far, second, third])
    near = {"First line.": 0.3, "Second line.": 0.3 + MEANING_MARGIN, "Third.": 0.4}
    assert nearer_candidate(e, _cosines(near)) is second
    # nearer, but not by the margin: the words' choice stands
    close = {**near, "Second line.": 0.3 + MEANING_MARGIN - 0.05}
    assert nearer_candidate(e, _cosines(close)) is None
    # another document's line is never looked at, however near (documents keep their order)
    assert nearer_candidate(_evidence("What is asked?", [first, far]), _cosines(near)) is None


def test_a_table_row_is_not_read_for_meaning() -> None:
    mine = Document(source="m", doc_id="a", title="A", text="First line.\n| Row | 5 |")
    first, row = _line(mine, "First line.", 9.0), _line(mine, "| Row | 5 |", 5.0, row=True)
    near = {"First line.": 0.1, "| Row | 5 |": 0.9}
    assert nearer_candidate(_evidence("What is asked?", [first, row]), _cosines(near)) is None


async def test_a_paraphrased_question_is_answered_by_the_line_its_words_rank_fourth(
    emb: OnnxEmbedder,
) -> None:
    # "How short" / "minimum length" say "at least 12 characters" in other words; three
    # lines that say "password" more often rank over it, and the first is refused
    for question in ("How short can my password be?", "What is the minimum length for a password?"):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None, question
        assert "- Each password has at least 12 characters." in quotes


async def test_a_question_the_document_does_not_answer_is_still_refused(
    emb: OnnxEmbedder,
) -> None:
    assert await quotes_over(emb, DOCS, "How often must I change my password?") is None
