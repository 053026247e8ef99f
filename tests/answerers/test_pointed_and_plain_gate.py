"""A one-line answer that sends the reader to another document by its title ("... (see
Premiums and Overtime).") is followed there: that document's best line, when it restates the
summary's rule and is within ask_named.ASK_SLACK of the floor, is cited first (pointed.py).
And the plain asking of "Who's ..." (asked_plainly.py) is made only when the documents its
search finds say every word its bound asks of the answer (`could_be_said`). Small documents
written here: a garden centre's rotas and pay pages, a bus company's directory."""

from __future__ import annotations

import pytest
from memsource import TermSource, quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.asked_plainly import could_be_said
from wikiqa.answerers.pointed import pointed_title, restates, same_title
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Document, Question

ROTAS = (
    "Rotas and Shift Swaps",
    "# Rotas and Shift Swaps\n\n"
    "Rotas are published on the staff noticeboard three weeks ahead.\n\n"
    "You can swap a shift with a colleague if your team leader agrees.\n\n"
    "Extra shifts are offered first to part-time colleagues on a contract of fewer hours.\n\n"
    "Extra hours are paid at your basic rate, not the overtime rate, until you reach 37 hours "
    "in the week (see Pay Premiums).\n",
)
PREMIUMS = (
    "Pay Premiums",
    "# Pay Premiums\n\n"
    "## Sundays\n\nEvery hour worked on a Sunday is paid at time and a quarter.\n\n"
    "## Overtime\n\n"
    "- Part-time colleagues who work beyond their contract are paid at their basic rate "
    "until they reach 37 hours in the week.\n"
    "- Hours over 37 in a week are paid at time and a half.\n",
)
# a page the summary names that says nothing of the summary's rule
UNRELATED = (
    "Pay Premiums",
    "# Pay Premiums\n\nPremiums are reviewed each April by the pay committee.\n\n"
    "The committee meets in the board room at the head office.\n",
)
QUESTION = "I'm on a 16 hour contract and picked up an extra shift. Is that paid at overtime rate?"


def test_the_title_a_line_points_to() -> None:
    assert pointed_title(ROTAS[1].splitlines()[-1]) == "Pay Premiums"
    assert pointed_title("Lost laptops are reported to the desk. See Laptops and Devices.") == (
        "Laptops and Devices"
    )
    assert pointed_title("Cash up at the end of the day (see Cash Handling in Shops).") == (
        "Cash Handling in Shops"
    )
    # a pointer inside the line, or to no title, is not read
    assert pointed_title("Sick pay does not apply (see Sick Pay) during probation.") is None
    assert pointed_title("Pay is set by your band; see the table below.") is None
    assert same_title("Premiums and Overtime", "premiums and overtime")
    assert not same_title("Premiums and Overtime", "Premiums and Overtime 2025-26 (superseded)")


def test_the_named_line_must_restate_the_summary() -> None:
    summary = ROTAS[1].splitlines()[-1]
    assert restates(summary, PREMIUMS[1].splitlines()[-2])
    assert not restates(summary, "Every hour worked on a Sunday is paid at time and a quarter.")


async def test_the_named_document_is_cited_first(emb: OnnxEmbedder) -> None:
    docs = {"rotas": ROTAS, "premiums": PREMIUMS}
    quotes = await quotes_over(emb, docs, QUESTION)
    assert quotes is not None
    assert quotes[0].startswith("- Part-time colleagues who work beyond"), quotes
    assert any("(see Pay Premiums)" in q for q in quotes), quotes


async def test_without_the_reading_only_the_summary_is_cited(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "POINTED", False)
    quotes = await quotes_over(emb, {"rotas": ROTAS, "premiums": PREMIUMS}, QUESTION)
    assert quotes is not None
    assert not any("Part-time colleagues" in q for q in quotes), quotes


async def test_a_named_page_that_does_not_restate_adds_nothing(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"rotas": ROTAS, "premiums": UNRELATED}, QUESTION)
    assert quotes is not None
    assert not any("committee" in q for q in quotes), quotes


async def test_a_refused_question_stays_refused(emb: OnnxEmbedder) -> None:
    docs = {"rotas": ROTAS, "premiums": PREMIUMS}
    for question in (
        "Is there a bonus for staff who refer a friend?",
        "Can I claim my bus fare for a training day?",
    ):
        assert await quotes_over(emb, docs, question) is None, question


DIRECTORY = (
    "Depot Directory",
    "# Depot Directory\n\n"
    "| Depot | Depot manager | Phone |\n|---|---|---|\n"
    "| Hereford | Ann Price | 01432 000111 |\n| Ledbury | Tom Hale | 01531 000222 |\n",
)


def _doc(title: str, text: str) -> Document:
    return Document(source="mem", doc_id=title.lower(), title=title, text=text)


def test_the_plain_asking_needs_documents_saying_every_word() -> None:
    found = [_doc(*DIRECTORY)]
    assert could_be_said("Who's the depot manager at Hereford?", found)
    assert not could_be_said("Who's the depot manager at Pontypridd?", found)
    assert not could_be_said("Who's the storeperson at the yard that shuts on Saturdays?", found)


async def test_the_plain_asking_is_not_made_when_it_could_not_stand(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    inner = extractive.ExtractiveAnswerer._answer

    async def counting(self, question, reader, skipped):  # type: ignore[no-untyped-def]
        asked.append(question.text)
        return await inner(self, question, reader, skipped)

    monkeypatch.setattr(extractive.ExtractiveAnswerer, "_answer", counting)
    answerer = extractive.ExtractiveAnswerer(max_sentences=3, embedder=emb)
    q = "Who's the storeperson for the yard that shuts on Saturdays?"
    first = await answerer.answer(Question(text=q), TermSource({"dir": DIRECTORY}))
    assert first.refusal is not None
    assert "Who is the storeperson for the yard that shuts on Saturdays?" not in asked, asked
    monkeypatch.setattr(extractive, "PLAIN_GATE", False)
    asked.clear()
    again = await answerer.answer(Question(text=q), TermSource({"dir": DIRECTORY}))
    assert again.refusal is not None
    assert "Who is the storeperson for the yard that shuts on Saturdays?" in asked, asked
