"""The grounding validator: the host, not the answerer, decides what counts as grounded.

One fixed policy:
1. A draft that is a refusal (a refusal code, or claim text that declines to answer) is
   honoured as a refusal *before* any salvage is tried, so a refusal can never be turned
   into a confident answer.
2. A quote counts only if it is a verbatim contiguous span, under the normalisation policy
   of `normalize.py`, of a document fetched in this run (the Ledger). Offsets are recomputed
   from the ledger; nothing the answerer says about positions is trusted.
3. Decorated quotes (`**Label:** "quote" - from file.md`) are salvaged to the verbatim span.
4. A span overlapping a sentence that reads as instructions to the assistant is never
   accepted as support, and an answer sentence that itself reads as one is refused.
5. Mode `cited`: every claim needs at least one valid quote. Mode `strict`: every claim
   must itself be a verbatim span. Anything else becomes a typed refusal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from wikiqa.grounding.injection import is_instruction_like, overlaps_flagged
from wikiqa.grounding.normalize import Folded, fold
from wikiqa.text.origins import location_of
from wikiqa.types import Citation, Claim, Document, Draft, Refusal, RefusalCode

GroundingMode = Literal["cited", "strict"]

MIN_QUOTE_CHARS = 8  # shorter "quotes" (a lone name or year) prove nothing on their own


@dataclass
class _Entry:
    """A fetched document; folded only when a quote is first looked for in it."""

    doc: Document
    folded_cache: Folded | None = None

    @property
    def folded(self) -> Folded:
        if self.folded_cache is None:
            self.folded_cache = fold(self.doc.text)
        return self.folded_cache


class Ledger:
    """Every document fetched in this run. Only text in here can support an answer.

    Adding a document costs nothing: it is folded the first time a quote is looked for in
    it, and instruction-like sentences are looked for only around a matched span, so a
    large document that is fetched but never cited is never processed."""

    def __init__(self) -> None:
        self._entries: dict[tuple[str, str], _Entry] = {}

    def add(self, doc: Document) -> None:
        key = (doc.source, doc.doc_id)
        old = self._entries.get(key)
        if old is not None and len(old.doc.text) >= len(doc.text):
            return  # keep the fuller text (an intro fetch followed by a full fetch)
        self._entries[key] = _Entry(doc)

    def put(self, doc: Document) -> None:
        """Replace the entry for `doc` (an answerer's widening view of one document)."""
        key = (doc.source, doc.doc_id)
        self._entries[key] = _Entry(doc)  # lazy, like add

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, doc_id: str) -> bool:
        return any(k[1] == doc_id for k in self._entries)

    def documents(self) -> list[Document]:
        return [e.doc for e in self._entries.values()]

    def _candidates(self, doc_id: str | None, source: str | None) -> Iterator[_Entry]:
        """The named document first, then every other fetched document."""
        named = [
            e
            for (src, did), e in self._entries.items()
            if did == doc_id and (source is None or src == source)
        ]
        yield from named
        yield from (e for e in self._entries.values() if e not in named)

    def locate(
        self, quote: str, doc_id: str | None = None, source: str | None = None
    ) -> tuple[Citation | None, str]:
        """Find `quote` verbatim; returns (citation, "") or (None, why not)."""
        needle = fold(quote).text
        if len(needle) < MIN_QUOTE_CHARS:
            return None, "quote too short to verify"
        flagged_hit = False
        for entry in self._candidates(doc_id, source):
            pos = entry.folded.text.find(needle)
            while pos >= 0:
                start, end = entry.folded.span(pos, pos + len(needle))
                if overlaps_flagged(entry.doc.text, start, end):
                    flagged_hit = True
                else:
                    d = entry.doc
                    return (
                        Citation(
                            source=d.source,
                            doc_id=d.doc_id,
                            title=d.title,
                            url=d.url,
                            revision_id=d.revision_id,
                            start=start,
                            end=end,
                            quote=d.text[start:end],
                            location=location_of(d.origins, start, end) if d.origins else None,
                        ),
                        "",
                    )
                pos = entry.folded.text.find(needle, pos + 1)
        if flagged_hit:
            return None, "quote is an instruction-like span of retrieved text"
        return None, "quote is not a verbatim span of any text fetched in this run"


# ----------------------------------------------------------------------------- salvage

_REFUSAL_TEXT = re.compile(
    r"^\s*(i\s+(cannot|can't|could\s+not|couldn't|am\s+unable\s+to|don't|do\s+not)\s+"
    r"(find|answer|determine|tell|know|locate|say|confirm)|"
    r"(there\s+is\s+)?(no|not\s+enough|insufficient)\s+(relevant\s+)?(information|evidence|mention)|"
    r"the\s+(provided\s+|retrieved\s+|available\s+)?(text|sources?|documents?|context|passages?)\s+"
    r"(does|do)\s+not\s+(say|mention|contain|state|specify|provide|answer)|"
    r"unable\s+to\s+(find|answer|determine)|unanswerable|i\s+don't\s+know)",
    re.IGNORECASE,
)
_OPEN_CLOSE = "\"'\u201c\u201d\u2018\u2019\u00ab\u00bb`"
_MARKUP = re.compile(r"(\*\*|__|\*|`)")
_LABEL = re.compile(r"^\s*(?:[-*\u2022>]\s*)?(?:\[\d+\]\s*)?[^\"\u201c:]{1,40}:\s+(?=\S)")
_ATTRIBUTION = re.compile(
    r"\s*(?:[-\u2013\u2014]+\s*(?:from|source|via|in|see)?\s*:?\s*[\w./#:-]+|"
    r"\((?:source|from|see)\s*:?[^)]*\)|\[(?:\d+|source[^\]]*)\])\s*$",
    re.IGNORECASE,
)
_LEAD = re.compile(r"^\s*(?:[-*\u2022>]+|\d+[.)])\s+")
_INNER_QUOTE = re.compile(r"[\"\u201c\u00ab]([^\"\u201d\u00bb]{15,})[\"\u201d\u00bb]")


def looks_like_refusal(text: str) -> bool:
    """Claim text that declines to answer (checked before any salvage)."""
    return bool(_REFUSAL_TEXT.search(text))


def salvage_candidates(quote: str) -> list[str]:
    """The raw quote, then progressively undecorated forms of it, most faithful first."""
    seen: list[str] = []

    def add(s: str) -> None:
        s = s.strip().strip(_OPEN_CLOSE).strip()
        if s and s not in seen:
            seen.append(s)

    add(quote)
    plain = _MARKUP.sub("", quote).strip()
    add(plain)
    for _ in range(2):
        plain = _LEAD.sub("", plain).strip()
        plain = _ATTRIBUTION.sub("", plain).strip()
        plain = _LABEL.sub("", plain, count=1).strip()
        add(plain)
    for m in _INNER_QUOTE.finditer(_MARKUP.sub("", quote)):
        add(m.group(1))
    return seen


def locate_salvaged(
    ledger: Ledger, quote: str, doc_id: str | None, source: str | None
) -> tuple[Citation | None, str]:
    """Locate a quote, trying its salvaged forms; the first reason is the raw quote's."""
    first_reason = ""
    for candidate in salvage_candidates(quote):
        citation, reason = ledger.locate(candidate, doc_id, source)
        if citation is not None:
            return citation, ""
        first_reason = first_reason or reason
    return None, first_reason or "empty quote"


# ----------------------------------------------------------------------------- validator


@dataclass
class Verdict:
    """Either validated claims with citations, or a refusal; plus counts for the trace."""

    claims: list[Claim] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    refusal: Refusal | None = None
    checked: int = 0
    rejected: list[str] = field(default_factory=list)


class GroundingValidator:
    """Turns a Draft into validated claims or a typed refusal, under one fixed policy."""

    def __init__(self, mode: GroundingMode = "cited") -> None:
        self.mode: GroundingMode = mode

    def validate(self, draft: Draft, ledger: Ledger) -> Verdict:
        if draft.refusal is not None:
            return _refuse(draft.refusal, draft.reason or "the answerer declined to answer")
        claims = [c for c in draft.claims if c.text.strip()]
        if not claims:
            return _refuse(RefusalCode.insufficient_evidence, "the answerer produced no answer")
        if any(looks_like_refusal(c.text) for c in claims):
            return _refuse(
                RefusalCode.insufficient_evidence,
                "the answerer said the retrieved text does not answer the question",
            )
        if len(ledger) == 0:
            return _refuse(RefusalCode.no_evidence, "no text was fetched in this run")
        verdict = Verdict()
        index: dict[tuple[str, str, int, int], int] = {}
        for claim in claims:
            if is_instruction_like(claim.text):
                verdict.rejected.append("the answer sentence reads as an instruction")
                return _refuse(
                    RefusalCode.invalid_citation,
                    "an answer sentence reads as an instruction to an assistant, which "
                    f"retrieved text may not give: {claim.text[:120]!r}",
                    verdict,
                )
            quotes = (
                [(claim.text, None, None)]
                if self.mode == "strict"
                else [(q.quote, q.doc_id, q.source) for q in claim.quotes]
            )
            cited = self._cite(quotes, ledger, verdict, index)
            if not cited:
                why = verdict.rejected[-1] if verdict.rejected else "the sentence carries no quote"
                return _refuse(
                    RefusalCode.invalid_citation,
                    f"an answer sentence is not supported by a verbatim quote ({why}): "
                    f"{claim.text[:120]!r}",
                    verdict,
                )
            verdict.claims.append(Claim(text=claim.text.strip(), citations=cited))
        return verdict

    @staticmethod
    def _cite(
        quotes: Iterable[tuple[str, str | None, str | None]],
        ledger: Ledger,
        verdict: Verdict,
        index: dict[tuple[str, str, int, int], int],
    ) -> list[int]:
        cited: list[int] = []
        for quote, doc_id, source in quotes:
            verdict.checked += 1
            citation, reason = locate_salvaged(ledger, quote, doc_id, source)
            if citation is None:
                verdict.rejected.append(reason)
                continue
            key = (citation.source, citation.doc_id, citation.start, citation.end)
            if key not in index:
                index[key] = len(verdict.citations)
                verdict.citations.append(citation)
            if index[key] not in cited:
                cited.append(index[key])
        return cited


def _refuse(code: RefusalCode, reason: str, verdict: Verdict | None = None) -> Verdict:
    out = Verdict(
        checked=verdict.checked if verdict else 0, rejected=verdict.rejected if verdict else []
    )
    out.refusal = Refusal(code=code, reason=reason)
    return out
