"""An in-memory source for answerer tests: documents written in the test, searched by
shared content terms, so a test's outcome depends on the answerer and not on a ranker."""

from __future__ import annotations

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.base import Answerer
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.terms import content_terms
from wikiqa.types import Answer, Document, Hit, Principal, Question, Refusal


class TermSource:
    """Search ranks documents by shared content terms of title and text, ties by doc id;
    every query is recorded in `queries` (tests of the second hop check what was
    searched)."""

    name = "mem"

    def __init__(self, docs: dict[str, tuple[str, str]]) -> None:
        self.docs = docs
        self.queries: list[str] = []

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        self.queries.append(query)
        q = set(content_terms(query))
        scored = []
        for doc_id, (title, text) in self.docs.items():
            score = len(q & set(content_terms(title + " " + text)))
            if score:
                scored.append(Hit(source=self.name, doc_id=doc_id, title=title, score=score))
        # ties by doc id: the order `docs` holds them in is no ranking (a store breaks ties
        # on the document key too, fusion.top_k)
        return sorted(scored, key=lambda h: (-h.score, h.doc_id))[:k]

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        title, text = self.docs[doc_id]
        return Document(source=self.name, doc_id=doc_id, title=title, text=text)

    async def aclose(self) -> None:
        return None


async def ask_over(
    docs: dict[str, tuple[str, str]],
    question: str,
    *,
    who: Principal | None = None,
    answerer: Answerer | None = None,
) -> Answer | Refusal:
    """`question` asked through the real ask() path over `docs` (a TermSource), as `who`."""
    source = TermSource(docs)
    return await ask_async(
        question,
        source,  # type: ignore[arg-type]
        settings=Settings(),
        answerer=answerer,
        principal=who,
    )


async def quotes_over(
    emb: OnnxEmbedder, docs: dict[str, tuple[str, str]], question: str
) -> list[str] | None:
    """The quotes the extractive answerer (default floor, up to three sentences) answers
    `question` with over `docs`, or None when it refuses: the answerer alone, no pipeline."""
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)
    draft = await answerer.answer(Question(text=question), TermSource(docs))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]
