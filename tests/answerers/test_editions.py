"""Which edition answers (answerers/editions.py): the past one a question asks for plainly,
and never a superseded one whose replacement the collection holds; and the asker's own
document only on what the asking sentence calls theirs (neighbours.about_own)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.editions import as_asked_then, asks_past_edition, replaced_elsewhere
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.neighbours import about_own
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Document, Hit, Refusal

PAY_OLD = (
    "Pay Bands 2025-26 (superseded)",
    "# Pay Bands 2025-26\n\nSuperseded on 1 April 2026 by Pay Bands 2026-27. These rates "
    "applied from 1 April 2025 until the April 2026 pay rise.\n\n"
    "| Band | Hourly rate |\n|---|---|\n| Band 2 | £13.60 |\n| Band 3 | £15.80 |\n",
)
PAY_NEW = (
    "Pay Bands 2026-27",
    "# Pay Bands 2026-27\n\nThese rates apply from 1 April 2026 to 31 March 2027.\n\n"
    "| Band | Hourly rate |\n|---|---|\n| Band 2 | £14.10 |\n| Band 3 | £16.40 |\n",
)
TOOLS_OLD = (
    "Tool Allowance 2025-26 (superseded)",
    "# Tool Allowance 2025-26 (superseded)\n\nSuperseded by the Tool Allowance policy for "
    "2026-27.\n\n| Trade | Tool allowance per year |\n|---|---|\n| Steel fixer | £150 |\n"
    "| Joiner | £250 |\n",
)
TOOLS_NEW = (
    "Tool Allowance",
    "# Tool Allowance\n\nTradespeople who keep their own hand tools are paid a yearly "
    "allowance.\n\n| Trade | Allowance |\n|---|---|\n| Steel fixer | £180 |\n| Joiner | £300 |\n",
)
JOBS = (
    "Job Bands",
    "# Job Bands\n\nEvery steel fixer, joiner and bricklayer is a tradesperson on Band 3 and "
    "is paid hourly for each steel fixer shift.\n",
)
PROPOSAL = (
    "Board Paper: Tool Allowance Proposal",
    "# Board Paper\n\nProposal: a steel fixer tool allowance of £200 a year from 2027.\n",
)


async def ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    return await ask_async(
        question,
        TermSource(docs),  # type: ignore[arg-type]
        settings=Settings(),
        answerer=answerer,
    )


def _docs(**pairs: tuple[str, str]) -> dict[str, Document]:
    return {
        i: Document(source="mem", doc_id=i, title=title, text=text)
        for i, (title, text) in pairs.items()
    }


def _hit(doc_id: str, title: str, score: float = 1.0) -> Hit:
    return Hit(source="mem", doc_id=doc_id, title=title, score=score)


def test_a_time_before_a_change_of_the_rules_asks_for_the_past_edition() -> None:
    assert asks_past_edition("What was a Band 3 paid an hour before this April's pay rise?")
    assert asks_past_edition("What did the old mileage rates pay?")
    assert asks_past_edition("What did a joiner used to get for tools?")
    assert not asks_past_edition("Can I carry leave over from the previous year?")
    assert not asks_past_edition("Do I tell my old manager before I leave?")
    assert not asks_past_edition("What is a Band 3 paid an hour?")


def test_the_edition_in_force_answers_nothing_about_what_applied_before() -> None:
    docs = _docs(old=PAY_OLD, new=PAY_NEW, jobs=JOBS)
    hits = [_hit("old", PAY_OLD[0]), _hit("new", PAY_NEW[0]), _hit("jobs", JOBS[0])]
    before = "What was a Band 3 paid an hour before this April's pay rise?"
    assert [h.doc_id for h in as_asked_then(hits, docs, before)] == ["old", "jobs"]
    assert as_asked_then(hits, docs, "What is a Band 3 paid an hour?") == hits
    assert as_asked_then(hits[1:], docs, before) == hits[1:]  # no past edition read


async def test_the_rate_under_the_old_bands_is_quoted_from_the_past_edition_alone() -> None:
    docs = {"old": PAY_OLD, "new": PAY_NEW}
    for asked in (
        "What was the Band 3 hourly rate under the old pay bands?",
        "What was the hourly rate for Band 3 in 2025-26?",
    ):
        result = await ask(asked, docs)
        assert isinstance(result, Answer), result
        assert {c.doc_id for c in result.citations} == {"old"}, asked
        assert "£15.80" in result.text and "£16.40" not in result.text
    today = await ask("What is the Band 3 hourly rate?", docs)
    assert "old" not in {c.doc_id for c in getattr(today, "citations", [])}, today


async def test_a_superseded_edition_found_in_passing_is_dropped_when_its_replacement_exists() -> (
    None
):
    source = TermSource({"jobs": JOBS, "old": TOOLS_OLD, "new": TOOLS_NEW, "board": PROPOSAL})
    question = "What is a steel fixer paid hourly on Band 3?"
    hits = [_hit("jobs", JOBS[0], 3.0), _hit("old", TOOLS_OLD[0], 1.0)]
    docs = {h.doc_id: await source.fetch(h.doc_id) for h in hits}
    kept = await replaced_elsewhere(question, hits, docs, source, 5)  # type: ignore[arg-type]
    assert [h.doc_id for h in kept] == ["jobs"]
    assert source.queries[-1] == "Tool Allowance"
    asked = "What was the steel fixer tool allowance under the old rates?"
    assert await replaced_elsewhere(asked, hits, docs, source, 5) == hits  # type: ignore[arg-type]
    alone = TermSource({"jobs": JOBS, "old": TOOLS_OLD})  # nothing replaces it: it stays
    assert await replaced_elsewhere(question, hits, docs, alone, 5) == hits  # type: ignore[arg-type]
    board = [_hit("jobs", JOBS[0], 3.0), _hit("board", PROPOSAL[0], 1.0)]
    read = {h.doc_id: await source.fetch(h.doc_id) for h in board}
    assert await replaced_elsewhere(question, board, read, source, 5) == board  # type: ignore[arg-type]


APPRENTICESHIP = Document(
    source="mem",
    doc_id="private/agreement.md",
    title="Apprenticeship Agreement: Jordan Da Costa",
    text="This agreement covers your Level 3 apprenticeship, from 7 September 2026 to 31 "
    "August 2029.\n\n- Your workplace mentor is Gethin Vaughan.\n",
    owner_user_id="u-1",
)


def test_the_own_document_answers_only_what_the_asking_sentence_calls_theirs() -> None:
    assert about_own("When does my apprenticeship finish?", APPRENTICESHIP)
    assert about_own("I'm in my apprenticeship. Who is my mentor?", APPRENTICESHIP)
    # the situation names the agreement; the ask names a matter it never speaks of
    assert not about_own(
        "I've just started my apprenticeship. How long is my probation?", APPRENTICESHIP
    )
