"""The answer contract: every value that crosses a module boundary in wikiqa.

One module on purpose: the CLI, the HTTP API, the evals and every source and answerer
speak these shapes, so changing one is a visible, reviewable change.
"""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, TypeAdapter, computed_field


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --------------------------------------------------------------------------- readers


class Principal(_Model):
    """Who is asking; access control decides what text they may receive."""

    user_id: str | None = None
    roles: list[str] = Field(default_factory=list)
    departments: list[str] = Field(default_factory=list)


class AccessScope(enum.StrEnum):
    public = "public"
    department = "department"
    role = "role"
    private = "private"


class Access(_Model):
    """Per-document access metadata. Missing or unknown values are denied (fail closed)."""

    access_scope: AccessScope | None = None
    allowed_departments: list[str] = Field(default_factory=list)
    allowed_roles: list[str] = Field(default_factory=list)
    owner_user_id: str | None = None


class Question(_Model):
    text: str
    principal: Principal | None = None


# --------------------------------------------------------------------------- text from sources


class Hit(_Model):
    """One search result: enough to decide whether to fetch the document."""

    source: str
    doc_id: str
    title: str
    url: str | None = None
    snippet: str = ""
    score: float = 0.0
    is_disambiguation: bool = False
    query: str | None = None  # the search that found it, when not the one asked (a fallback)
    # For chunked stores: where the matching passage sits in the document's text.
    start: int | None = None
    end: int | None = None


class Section(_Model):
    title: str
    level: int = 1
    start: int
    end: int


class Origin(_Model):
    """Where `text[start:end]` of an extracted document came from in its original file:
    `p. 41`, `slide 3`, `Sheet1!A4:D4` or a heading path `Policies > Leave`."""

    start: int
    end: int
    location: str


class Document(_Model):
    """A fetched text. Citations point into `text` by character offsets."""

    source: str
    doc_id: str
    title: str
    text: str
    url: str | None = None
    revision_id: int | None = None
    sections: list[Section] = Field(default_factory=list)
    is_disambiguation: bool = False
    # Disambiguation pages: the titles of the senses they list.
    senses: list[str] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)
    # PDF, Word, spreadsheet and slide files: character offsets -> place in the original.
    origins: list[Origin] = Field(default_factory=list)
    # A private collection document's owner. Only its owner can fetch it, so a reader sees
    # their own id here or None; the answerer reads it as "my document" (neighbours.py).
    owner_user_id: str | None = None
    # A local collection's vectors of the document's candidate texts, computed when it was
    # indexed (answerers/stored_texts.py); never serialised, None from other sources.
    _stored_vectors: Any = PrivateAttr(default=None)
    # The reader's own departments and roles that a department- or role-scoped collection
    # document is granted to ("department:repairs"): whom the document is declared for, as far
    # as this reader is one of them (never the other groups it is granted to); set by the
    # store when this reader fetches it, empty for a public or private document and from
    # other sources; never serialised.
    _granted_groups: frozenset[str] = PrivateAttr(default=frozenset())

    @property
    def stored_vectors(self) -> Any:
        """The `TextVectors` stored with this document, or None."""
        return self._stored_vectors

    def with_stored_vectors(self, stored: Any) -> Document:
        """This document carrying `stored` (the store sets it when a reader fetches it)."""
        self._stored_vectors = stored
        return self

    @property
    def granted_groups(self) -> frozenset[str]:
        """The reader's own groups this document's access is granted to (see above)."""
        return self._granted_groups

    def with_granted_groups(self, groups: frozenset[str]) -> Document:
        """This document declared for `groups` of its reader's (the store sets it on fetch)."""
        self._granted_groups = frozenset(groups)
        return self


# --------------------------------------------------------------------------- trace


EventKind = Literal[
    "search",
    "fetch",
    "retrieve",
    "answer",
    "validate",
    "refuse",
    "error",
    # The agent answerer's steps: which answerer ran and why, each model turn (with its
    # tokens), each tool call the model made, and each repair turn the host asked for.
    "answerer",
    "model",
    "tool",
    "repair",
]


class Event(_Model):
    """One step of a run, for `-v`, the API trace and eval records."""

    kind: EventKind
    detail: str
    elapsed_ms: float = 0.0
    count: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)


# --------------------------------------------------------------------------- answerer output


class DraftQuote(_Model):
    """A quote the answerer claims supports a sentence; the validator checks it."""

    doc_id: str
    quote: str
    source: str | None = None


class DraftClaim(_Model):
    text: str
    quotes: list[DraftQuote] = Field(default_factory=list)


class RefusalCode(enum.StrEnum):
    no_evidence = "no_evidence"
    insufficient_evidence = "insufficient_evidence"
    budget_exhausted = "budget_exhausted"
    invalid_citation = "invalid_citation"
    ambiguous = "ambiguous"
    source_unavailable = "source_unavailable"
    # The model provider failed after retries (5xx, 429, timeout), or the model's output was
    # unusable (cut off at the token limit, no text, malformed tool calls past the retries).
    model_error = "model_error"


class Usage(_Model):
    """What a run cost: which answerer and prompt, tokens, tool calls, money and time."""

    answerer: str
    model: str | None = None
    prompt_version: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    model_requests: int = 0
    tool_calls: int = 0
    # USD from the price table in settings (WIKIQA_MODEL_PRICES); None when the model has
    # no price there, so an unknown cost is never shown as free.
    cost_usd: float | None = None
    latency_ms: float = 0.0


class Ambiguity(_Model):
    """What an `ambiguous` refusal could mean: the senses a disambiguation page lists, so a
    client can offer them as choices instead of parsing the reason's prose."""

    title: str = Field(description="The ambiguous name, as the disambiguation page titles it.")
    senses: list[str] = Field(description="Titles of the senses listed, in the page's order.")
    unlisted: int = Field(default=0, ge=0, description="How many more senses the page has.")


class Draft(_Model):
    """What an answerer proposes. Nothing in it is trusted until the validator says so."""

    claims: list[DraftClaim] = Field(default_factory=list)
    refusal: RefusalCode | None = None
    reason: str = ""
    usage: Usage | None = None  # filled by answerers that call a model
    # Retrieved sentences passed over because they read as instructions to an assistant
    # (grounding/injection.py); the host records them in the trace.
    skipped: list[DraftQuote] = Field(default_factory=list)
    ambiguity: Ambiguity | None = None  # with an `ambiguous` refusal: the senses to offer

    @property
    def text(self) -> str:
        return " ".join(c.text.strip() for c in self.claims if c.text.strip())

    @property
    def cited_doc_ids(self) -> list[str]:
        """The ids of the documents the claims quote, once each and sorted, so readings that
        fetch or compare the cited documents agree on one list."""
        return sorted({q.doc_id for c in self.claims for q in c.quotes})


# --------------------------------------------------------------------------- results


class Citation(_Model):
    """A verbatim span of a fetched document; offsets are computed by the host."""

    source: str
    doc_id: str
    title: str
    url: str | None = None
    revision_id: int | None = None
    start: int
    end: int
    quote: str
    # Where the quote is in the original file (`p. 41`, `slide 3`, `Sheet1!A4:D4`), for
    # documents extracted from PDF, Word, spreadsheet or slide files; None otherwise.
    location: str | None = None


class SourceRef(_Model):
    source: str
    doc_id: str
    title: str
    url: str | None = None
    revision_id: int | None = None


class Claim(_Model):
    """One answer sentence and the indexes (into `Answer.citations`) that support it."""

    text: str
    citations: list[int] = Field(default_factory=list)


class _ResultBase(_Model):
    question: str = ""
    trace: list[Event] = Field(default_factory=list)
    usage: Usage | None = None

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


class Answer(_ResultBase):
    kind: Literal["answer"] = "answer"
    claims: list[Claim]
    citations: list[Citation]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def text(self) -> str:
        return " ".join(c.text for c in self.claims)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def sources(self) -> list[SourceRef]:
        """Deduplicated documents behind the citations, in first-cited order."""
        seen: dict[tuple[str, str], SourceRef] = {}
        for c in self.citations:
            key = (c.source, c.doc_id)
            if key not in seen:
                seen[key] = SourceRef(
                    source=c.source,
                    doc_id=c.doc_id,
                    title=c.title,
                    url=c.url,
                    revision_id=c.revision_id,
                )
        return list(seen.values())

    @computed_field  # type: ignore[prop-decorator]
    @property
    def confidence(self) -> float:
        """Citation coverage: the share of answer sentences carrying a citation. Not truth."""
        if not self.claims:
            return 0.0
        return sum(1 for c in self.claims if c.citations) / len(self.claims)

    def __bool__(self) -> bool:
        return True

    def formatted(self) -> str:
        """Answer text with [n] markers, then the numbered sources."""
        sources = self.sources
        index = {(s.source, s.doc_id): i + 1 for i, s in enumerate(sources)}
        parts = []
        for claim in self.claims:
            marks = sorted(
                {
                    index[(self.citations[i].source, self.citations[i].doc_id)]
                    for i in claim.citations
                }
            )
            parts.append(claim.text + "".join(f" [{n}]" for n in marks))
        lines = [" ".join(parts), ""]
        for n, s in enumerate(sources, start=1):
            where = s.url or s.doc_id
            rev = f" (revision {s.revision_id})" if s.revision_id is not None else ""
            lines.append(f"[{n}] {s.title} - {where}{rev}")
            for c in self.citations:
                if (c.source, c.doc_id) == (s.source, s.doc_id):
                    at = f"{c.doc_id}, {c.location}, " if c.location else ""
                    lines.append(f'    {at}chars {c.start}-{c.end}: "{c.quote}"')
        return "\n".join(lines)


class Refusal(_ResultBase):
    kind: Literal["refusal"] = "refusal"
    code: RefusalCode
    reason: str
    ambiguity: Ambiguity | None = Field(
        default=None, description="For an `ambiguous` refusal, the senses it could mean."
    )

    def __bool__(self) -> bool:
        return False

    def formatted(self) -> str:
        return f"No answer ({self.code.value}): {self.reason}"


Result = Annotated[Answer | Refusal, Field(discriminator="kind")]
RESULT_ADAPTER: TypeAdapter[Answer | Refusal] = TypeAdapter(Result)


def parse_result(data: dict[str, Any]) -> Answer | Refusal:
    """Rebuild a Result from `to_dict()` output (computed fields are ignored)."""
    cleaned = {k: v for k, v in data.items() if k not in {"text", "sources", "confidence"}}
    return RESULT_ADAPTER.validate_python(cleaned)
