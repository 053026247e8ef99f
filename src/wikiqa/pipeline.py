"""ask(): the one path every question takes, from the CLI, the HTTP API and the evals.

question -> Reader(source, principal, ledger, trace) -> answerer -> Draft
         -> GroundingValidator(ledger) -> Answer | Refusal (with the trace)
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.base import Answerer
from wikiqa.errors import (
    BadQuestion,
    BudgetExhausted,
    ConfigError,
    DocumentNotFound,
    SourceUnavailable,
)
from wikiqa.grounding.injection_titles import retitled, title_is_instruction
from wikiqa.grounding.validator import GroundingValidator, Ledger
from wikiqa.settings import Settings
from wikiqa.sources.base import Source
from wikiqa.text.unicode import invalid_unicode
from wikiqa.types import (
    Answer,
    Citation,
    Document,
    Event,
    EventKind,
    Hit,
    Principal,
    Question,
    Refusal,
    RefusalCode,
    Usage,
)
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.store.embed import Embedder

EventSink = Callable[[Event], None]


class Trace:
    """Collects events and forwards each to a live sink (the CLI's -v) as it happens."""

    def __init__(self, sink: EventSink | None = None) -> None:
        self.events: list[Event] = []
        self._sink = sink

    def emit(self, kind: EventKind, detail: str, started: float, **extra: object) -> None:
        count = extra.pop("count", None)
        event = Event(
            kind=kind,
            detail=detail,
            elapsed_ms=round((time.perf_counter() - started) * 1000, 2),
            count=count if isinstance(count, int) else None,
            data=dict(extra),
        )
        self.events.append(event)
        if self._sink is not None:
            self._sink(event)


class RecordingReader:
    """The answerer's view of a source: principal bound, every step traced and ledgered.

    For tool-using answerers the host also sets a budget here (`set_budget`): searches and
    fetches past the tool-call limit or the deadline raise BudgetExhausted, so the limit
    holds whatever the model asks for.
    """

    def __init__(
        self, source: Source, principal: Principal | None, ledger: Ledger, trace: Trace
    ) -> None:
        self._source = source
        self._principal = principal
        self._ledger = ledger
        self._trace = trace
        self.searches = 0
        self.fetches = 0
        self.max_calls: int | None = None
        self.deadline: float | None = None  # time.perf_counter() value

    def set_budget(self, max_calls: int, seconds: float) -> None:
        self.max_calls = max_calls
        self.deadline = time.perf_counter() + seconds

    @property
    def calls(self) -> int:
        return self.searches + self.fetches

    def _spend(self) -> None:
        if self.max_calls is not None and self.calls >= self.max_calls:
            raise BudgetExhausted(f"the tool-call budget of {self.max_calls} is spent")
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise BudgetExhausted("the time budget is spent")

    def emit(self, kind: EventKind, detail: str, started: float, **extra: object) -> None:
        """Answerers add their own steps (model turns, repairs) to the run's trace."""
        self._trace.emit(kind, detail, started, **extra)

    def show(self, doc: Document) -> None:
        """Put the view of a document the answerer was shown in the ledger, replacing any
        earlier view of it: only text in the ledger can be cited."""
        self._ledger.put(doc)

    def locate(self, quote: str, doc_id: str | None = None) -> tuple[Citation | None, str]:
        """Where `quote` stands in the text of this run's ledger, or why it does not: the
        answerer's own check (a repair turn) asks the very ledger the validator will, so a
        document is folded once per run."""
        return self._ledger.locate(quote, doc_id)

    async def search(self, query: str, k: int = 5) -> list[Hit]:
        self._spend()
        started = time.perf_counter()
        self.searches += 1
        found = [retitled(h) for h in await self._source.search(query, k, self._principal)]
        hits = [h for h, _ in found]
        withheld = [t for _, t in found if t is not None]  # injection_titles.py
        self._trace.emit(
            "search",
            f"{self._source.name}: {query!r}",
            started,
            count=len(hits),
            titles=[h.title for h in hits],
            doc_ids=[h.doc_id for h in hits],
            **({"withheld_titles": withheld} if withheld else {}),
        )
        return hits

    async def fetch(self, doc_id: str, *, full: bool = False, record: bool = True) -> Document:
        """The document; `record=False` leaves the ledger to a later `show` of what was
        actually handed on (the agent shows the model only part of what it fetched)."""
        self._spend()
        started = time.perf_counter()
        self.fetches += 1
        try:
            doc = await self._source.fetch(doc_id, self._principal, full=full)
        except DocumentNotFound:
            self._trace.emit("fetch", f"{self._source.name}: {doc_id!r} not found", started)
            raise
        doc, withheld = retitled(doc)  # a title that reads as an instruction is not shown
        if record:
            self._ledger.add(doc)  # lazy: folded only when a quote is looked up
        self._trace.emit(
            "fetch",
            f"{self._source.name}: {doc.title!r}",
            started,
            count=len(doc.text),
            doc_id=doc.doc_id,
            title=doc.title,
            revision_id=doc.revision_id,
            **({"withheld_title": withheld} if withheld is not None else {}),
            # an id (a file name) that reads as an instruction cannot be withheld: flagged
            **({"instruction_like_id": True} if title_is_instruction(doc.doc_id) else {}),
        )
        return doc


def clean_question(text: str, max_chars: int) -> str:
    """NFC, control characters turned to spaces, whitespace folded; rejects empty/oversized."""
    if not isinstance(text, str):
        raise BadQuestion("the question must be text")
    if (why := invalid_unicode(text)) is not None:
        raise BadQuestion(f"the question is not valid Unicode: {why}")
    text = unicodedata.normalize("NFC", text)
    text = "".join(
        " " if unicodedata.category(ch) in {"Cc", "Cf", "Zl", "Zp"} else ch for ch in text
    )
    text = " ".join(text.split())
    if not text:
        raise BadQuestion("the question is empty")
    if len(text) > max_chars:
        raise BadQuestion(
            f"the question is {len(text):,} characters; the limit is {max_chars:,} "
            "(WIKIQA_MAX_QUESTION_CHARS)"
        )
    return text


def default_answerer(settings: Settings) -> Answerer:
    """The answerer the settings choose (see `wikiqa.answerers.registry`)."""
    from wikiqa.answerers.registry import select_answerer

    return select_answerer(settings).answerer


def extractive_answerer(settings: Settings) -> Answerer:
    """The extractive answerer: no model, no key."""
    from wikiqa.answerers.extractive import ExtractiveAnswerer

    return ExtractiveAnswerer(
        floor=settings.extractive_floor,
        max_sentences=settings.extractive_max_sentences,
        search_k=settings.search_k,
        embedder=_answer_embedder(settings),
    )


def _answer_embedder(settings: Settings) -> Embedder | None:
    """The bundled MiniLM for the answerability cosine features: the process-wide instance
    hybrid retrieval already uses, so it loads once. None (the lexical weight set) when
    another embedding model is configured, since the semantic weights were fit on MiniLM
    cosines, or when the bundled model is missing."""
    if settings.embedding_model_path is not None:
        return None
    from wikiqa.store.embed import default_embedder

    try:
        return default_embedder()
    except ConfigError:
        return None


async def ask_async(
    question: str | Question,
    source: Source,
    *,
    settings: Settings | None = None,
    answerer: Answerer | None = None,
    principal: Principal | None = None,
    on_event: EventSink | None = None,
) -> Answer | Refusal:
    """Answer `question` from `source`, or refuse with a typed reason. Never raises for
    source faults (they become `source_unavailable`); raises BadQuestion for bad input."""
    settings = settings or Settings()
    if isinstance(question, Question):
        principal = principal or question.principal
        question = question.text
    text = clean_question(question, settings.max_question_chars)
    trace = Trace(on_event)
    started = time.perf_counter()
    owned = answerer is None  # built here, so closed here (a model's HTTP client)
    if answerer is None:
        from wikiqa.answerers.registry import select_answerer

        selection = select_answerer(settings)
        answerer, why = selection.answerer, selection.reason
    else:
        why = "chosen by the caller"
    trace.emit("answerer", f"{answerer.name}: {why}", started)
    ledger = Ledger()
    reader = RecordingReader(source, principal, ledger, trace)
    if getattr(answerer, "uses_tools", False):
        reader.set_budget(settings.max_tool_calls, settings.agent_timeout)
    started = time.perf_counter()
    try:
        draft = await answerer.answer(Question(text=text, principal=principal), reader)
    except SourceUnavailable as exc:
        trace.emit("error", f"{source.name}: {exc}", started)
        return Refusal(
            code=RefusalCode.source_unavailable,
            reason=f"{source.name} could not be read: {exc}",
            question=text,
            trace=trace.events,
        )
    finally:
        close = getattr(answerer, "aclose", None) if owned else None
        if close is not None:
            await close()
    usage = draft.usage or Usage(answerer=answerer.name, tool_calls=reader.calls, cost_usd=0.0)
    usage = usage.model_copy(
        update={"latency_ms": round((time.perf_counter() - started) * 1000, 2)}
    )
    skipped = [q.model_dump() for q in draft.skipped]
    trace.emit(
        "answer",
        f"{answerer.name}: {'refusal ' + draft.refusal.value if draft.refusal else 'draft'}"
        + (f" (skipped {len(skipped)} instruction-like sentences)" if skipped else ""),
        started,
        count=len(draft.claims),
        **({"skipped_instructions": skipped} if skipped else {}),
        **({"coverage": draft.reason} if draft.reason and not draft.refusal else {}),
    )
    started = time.perf_counter()
    verdict = await run_cpu(GroundingValidator(settings.grounding_mode).validate, draft, ledger)
    trace.emit(
        "validate",
        f"{settings.grounding_mode}: "
        + (
            f"refused ({verdict.refusal.code.value})" if verdict.refusal is not None else "grounded"
        ),
        started,
        count=verdict.checked,
        rejected=verdict.rejected,
        documents=len(ledger),
    )
    if verdict.refusal is not None:
        return verdict.refusal.model_copy(
            update={
                "question": text,
                "trace": trace.events,
                "usage": usage,
                "ambiguity": draft.ambiguity,
            }
        )
    return Answer(
        question=text,
        claims=verdict.claims,
        citations=verdict.citations,
        trace=trace.events,
        usage=usage,
    )


def ask(
    question: str | Question,
    source: Source,
    *,
    settings: Settings | None = None,
    answerer: Answerer | None = None,
    principal: Principal | None = None,
    on_event: EventSink | None = None,
) -> Answer | Refusal:
    """Synchronous `ask_async` for scripts and the CLI."""
    return asyncio.run(
        ask_async(
            question,
            source,
            settings=settings,
            answerer=answerer,
            principal=principal,
            on_event=on_event,
        )
    )
