"""The thing a question asks a value of, and the answers of a neighbour of its head word
(asked_thing.valued_thing and unvalued_thing, refuse32). "How much clothing allowance does a
joiner get?" is answered on main 984c43c by the joiner's tool allowance row: a neighbour of
the same head word ("allowance"), never the clothing one. A join of two documents on a key
naming no word of the thing ("What bonus does a caseworker get?" over the grade's salary
row) is left alone: refusing it lost a blind trap task. Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import own_source

from wikiqa.answerers import extractive
from wikiqa.answerers.asked_thing import valued_phrase, valued_thing
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

GRADES = (
    "Job Grades",
    "# Job Grades\n\nEvery job sits in one grade.\n\n| Job | Grade | Usual hours |\n|---|---|---|\n"
    "| Caseworker | HG4 | Days, Monday to Friday |\n| Porter | HG1 | Shifts |\n"
    "| Team manager | HG6 | Days |\n",
)
SCALES = (
    "Pay Scales",
    "# Pay Scales\n\nAnnual salary by grade from 1 April.\n\n"
    "| Grade | Minimum | Maximum | Yearly step |\n|---|---|---|---|\n"
    "| HG1 | £21,000 | £23,000 | £400 |\n| HG4 | £30,100 | £34,200 | £790 |\n"
    "| HG6 | £41,000 | £47,500 | £1,300 |\n",
)
TOOLS = (
    "Tool Allowance",
    "# Tool Allowance\n\nTradespeople who use their own hand tools are paid a yearly tool "
    "allowance with the April pay.\n\n| Trade | Tool allowance per year |\n|---|---|\n"
    "| Joiner | £300 |\n| Bricklayer | £220 |\n| Groundworker | £150 |\n",
)
DOCS = {"grades.md": GRADES, "scales.md": SCALES, "tools.md": TOOLS}
FLOOR = 0.35  # the shipped floor


async def ask(question: str, emb: OnnxEmbedder, tmp_path: Path) -> Answer | Refusal:
    """`question` through the real ask() path over a lexical collection of DOCS."""
    files = {
        name: f"---\ntitle: {title}\naccess_scope: public\n---\n{text}"
        for name, (title, text) in DOCS.items()
    }
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3, embedder=emb)
    return await ask_async(question, own_source(tmp_path, files), answerer=answerer)


@pytest.mark.parametrize(
    ("question", "thing", "phrase"),
    [
        ("What bonus does a meter reader get each year?", ("bonus",), ("bonus",)),
        (
            "What is the yearly training budget for Grade C?",
            ("training", "budget"),
            ("training", "budget"),
        ),
        (
            "How much clothing allowance does a joiner get?",
            ("clothing",),
            ("clothing", "allowance"),
        ),
        ("How much is the allowance towards a winter coat?", (), ()),  # "how much is"
        ("What commission rate applies to deals past quota?", (), ()),  # a verb of its own
        ("What share of my wages goes into the pension?", (), ()),  # a measure of a thing
        ("What's the longest shift I can do?", (), ()),
        ("What is the per-head limit for client meals?", (), ()),  # a unit and a kind
        ("What is the CFO's limit for approving spending?", (), ()),
        ("Do we get a Christmas bonus?", (), ()),  # a yes/no question: asked_thing's
        ("How many days of leave do I get?", (), ()),
    ],
)
def test_the_thing_asked_a_value_of(
    question: str, thing: tuple[str, ...], phrase: tuple[str, ...]
) -> None:
    assert valued_thing(question) == thing
    assert valued_phrase(question) == phrase


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("How much clothing allowance does a joiner get?", "clothing"),
        ("How much uniform allowance does a bricklayer get?", "uniform"),
    ],
)
async def test_a_neighbour_of_the_same_head_is_refused(
    question: str, word: str, emb: OnnxEmbedder, tmp_path: Path
) -> None:
    result = await ask(question, emb, tmp_path)
    assert isinstance(result, Refusal), result.text
    assert word in result.reason


async def test_switched_off_the_neighbour_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(extractive, "unvalued_thing", lambda *a, **k: "")
    result = await ask("How much clothing allowance does a joiner get?", emb, tmp_path)
    assert isinstance(result, Answer), result.reason
    assert "£300" in result.text


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How much tool allowance does a joiner get?", "£300"),
        ("How much kit allowance does a joiner get?", "£300"),  # "kit allowance" meant whole
        ("How much does a bricklayer get for tools each year?", "£220"),
        ("What yearly step does a caseworker get?", "£790"),  # a join naming the thing
        ("What bonus does a caseworker get each year?", "HG4"),  # a join: left alone
    ],
)
async def test_the_thing_named_or_meant_answers(
    question: str, value: str, emb: OnnxEmbedder, tmp_path: Path
) -> None:
    result = await ask(question, emb, tmp_path)
    assert isinstance(result, Answer), result.reason
    assert value in result.text
