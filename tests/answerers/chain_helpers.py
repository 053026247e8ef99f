"""Helpers shared by the tests of chains across documents (test_key_chains, test_part_chains,
test_bridge_column_words, test_role_kept_for_place): ask as a staff member, the documents an
answer cites and its quotes, and a table row as a candidate."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import keys
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document, Principal, Refusal

STAFF = Principal(user_id="u-1", roles=["staff"])


async def ask_staff(question: str, source: TermSource) -> Answer | Refusal:
    """As shipped: the default answerer (with the bundled embedder when it is there), asked
    by a staff member."""
    return await ask_async(question, source, settings=Settings(), principal=STAFF)  # type: ignore[arg-type]


def cited(result: Answer | Refusal) -> set[str]:
    """The ids of the documents an answer cites (it must be an answer)."""
    assert isinstance(result, Answer), result
    return {c.doc_id for c in result.citations}


def quoted(result: Answer | Refusal) -> str:
    """The quotes an answer cites, joined; empty for a refusal."""
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def table_row(doc_id: str, text: str, row: str) -> Candidate:
    """`row` of the first table in `text`, as a candidate read with its header row."""
    doc = Document(source="mem", doc_id=doc_id, title=doc_id, text=text)
    header = next(ln for ln in text.splitlines() if ln.startswith("| ") and "---" not in ln)
    start, hstart = text.index(row), text.index(header)
    return Candidate(
        doc, Span(start, start + len(row), row), list(keys(row)), 0,
        header=Span(hstart, hstart + len(header), header),
    )  # fmt: skip


def titled_row(docs: dict[str, tuple[str, str]], doc_id: str, row: str) -> Candidate:
    """`row` of document `doc_id` in `docs` (id -> (title, text)), as a candidate read with
    the header row of its own table and the document's title."""
    title, text = docs[doc_id]
    doc = Document(source="mem", doc_id=doc_id, title=title, text=text)
    start = text.index(row)
    head = text.rfind("\n|", 0, text.rfind("\n|---", 0, start)) + 1
    header = text[head : text.index("\n", head)]
    return Candidate(
        doc, Span(start, start + len(row), row), list(keys(row)), 0,
        header=Span(head, head + len(header), header),
    )  # fmt: skip
