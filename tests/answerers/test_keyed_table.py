"""The second hop searched with the bridge value alone, the table chosen by what is asked
(keyed_table.py, hops30). "What do caseworkers get for working extra hours?" finds "| Caseworker | HG4 |"; the documents keyed by HG4 say "Overtime", not "extra
hours", so the second search in the question's words ranks another page and main 4519c53
refuses. Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import own_source

from wikiqa.answerers import key_bridge
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.keyed_table import described
from wikiqa.pipeline import ask_async
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

GRADES = (
    "Job Grades",
    "# Job Grades\n\nEach job has a grade.\n\n| Job | Grade |\n|---|---|\n"
    "| Caseworker | HG4 |\n| Porter | HG1 |\n| Team manager | HG6 |\n",
)
OVERTIME = (
    "Overtime and Call-out Pay",
    "# Overtime and Call-out Pay\n\nOvertime must be agreed by your manager first.\n\n"
    "| Grade | Overtime | Rate |\n|---|---|---|\n"
    "| HG1 to HG3 | Yes | Time and a half |\n| HG4 and HG5 | Yes | Plain time |\n"
    "| HG6 and above | No | Time off in lieu |\n",
)
SCALES = (
    "Pay Scales",
    "# Pay Scales\n\n| Grade | Bottom of grade | Top of grade |\n|---|---|---|\n"
    "| HG1 | £21,000 | £23,000 |\n| HG4 | £30,100 | £34,200 |\n| HG6 | £41,000 | £47,500 |\n",
)
PROBATION = (
    "Probation",
    "# Probation\n\n| Grade | Probation period |\n|---|---|\n"
    "| HG1 to HG3 | 3 months |\n| HG4 to HG6 | 6 months |\n",
)
DOCS = {
    "grades.md": GRADES,
    "overtime.md": OVERTIME,
    "scales.md": SCALES,
    "probation.md": PROBATION,
}
QUESTION = "What do caseworkers get for working extra hours?"
FLOOR = 0.35  # the shipped floor


async def ask(
    question: str,
    emb: OnnxEmbedder,
    tmp_path: Path,
    docs: dict[str, tuple[str, str]] = DOCS,
) -> Answer | Refusal:
    """`question` through the real ask() path over a lexical collection of `docs`."""
    files = {
        name: f"---\ntitle: {title}\naccess_scope: public\n---\n{text}"
        for name, (title, text) in docs.items()
    }
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3, embedder=emb)
    return await ask_async(question, own_source(tmp_path, files), answerer=answerer)


async def test_the_table_the_question_means_answers_with_both_documents(
    emb: OnnxEmbedder, tmp_path: Path
) -> None:
    result = await ask(QUESTION, emb, tmp_path)
    assert isinstance(result, Answer), result
    assert "Plain time" in result.text and "Caseworker" in result.text
    assert {c.doc_id for c in result.citations} == {"grades.md", "overtime.md"}


async def test_switched_off_the_question_is_not_answered_so(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    async def nothing(*args: object, **kwargs: object) -> None:
        return None

    monkeypatch.setattr(key_bridge, "value_row", nothing)
    result = await ask(QUESTION, emb, tmp_path)
    assert isinstance(result, Refusal) or "Plain time" not in result.text


@pytest.mark.parametrize(
    "question",
    [
        "What bonus do caseworkers get each year?",
        "Do caseworkers get a company car, and which model?",
        "How much relocation allowance does a caseworker get?",
    ],
)
async def test_a_thing_no_keyed_table_covers_stays_refused(
    emb: OnnxEmbedder, question: str, tmp_path: Path
) -> None:
    result = await ask(question, emb, tmp_path)
    # (a small collection may answer from the grades alone, as main does; no keyed table)
    assert isinstance(result, Refusal) or {c.doc_id for c in result.citations} == {"grades.md"}


@pytest.mark.parametrize("withheld", ["grades.md", "overtime.md"])
async def test_either_document_withheld_refuses(
    emb: OnnxEmbedder, withheld: str, tmp_path: Path
) -> None:
    docs = {k: v for k, v in DOCS.items() if k != withheld}
    result = await ask(QUESTION, emb, tmp_path, docs)
    assert isinstance(result, Refusal) or "Plain time" not in result.text


def test_a_table_is_read_as_its_title_and_columns() -> None:
    from wikiqa.answerers.asker_job import table_candidates
    from wikiqa.types import Document

    doc = Document(source="t", doc_id="o", title=OVERTIME[0], text=OVERTIME[1])
    row = table_candidates(doc, 0)[1]
    assert described(row) == "Overtime and Call-out Pay. Overtime Rate"
