"""The Grade every grader returns, and the view of a Result graders read."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from wikiqa.evals.graders.names import normalise

Status = Literal["pass", "fail", "na", "not_graded"]


class Grade(BaseModel):
    """One dimension's verdict for one trial, with what it was decided on."""

    status: Status
    note: str = ""
    detail: dict[str, Any] = Field(default_factory=dict)

    @property
    def graded(self) -> bool:
        return self.status in ("pass", "fail")


def grade(status: Status, note: str = "", **detail: Any) -> Grade:
    return Grade(status=status, note=note, detail=detail)


# Phrases that make an "answer" a refusal in all but name (the calibration backstop).
_REFUSAL_RE = re.compile(
    r"\b(i\s+(can(no|')t|could\s*n[o']t|am\s+unable|do\s*n[o']t\s+know|cannot)\b"
    r"|unable\s+to\s+(answer|find|determine)"
    r"|(no|not\s+enough|insufficient)\s+(information|evidence|sources?|data)\b"
    r"|the\s+(sources?|documents?|text)\s+do(es)?\s*n[o']t\s+(say|mention|contain|state)"
    r"|(cannot|can't)\s+(be\s+)?(answer(ed)?|determine[d]?)\b)",
    re.IGNORECASE,
)


def sounds_like_refusal(text: str) -> bool:
    """Empty text, or a short text that says it cannot answer."""
    stripped = text.strip()
    return not stripped or (len(stripped) < 400 and _REFUSAL_RE.search(stripped) is not None)


@dataclass
class DocRef:
    """A document seen in a run: its id and title (either may be empty)."""

    doc_id: str = ""
    title: str = ""

    def keys(self) -> set[str]:
        doc = normalise(self.doc_id)
        base = doc.rsplit("/", 1)[-1]
        return {k for k in (doc, base, normalise(self.title)) if k}


@dataclass
class Outcome:
    """What a Result says, read defensively from its `to_dict()` form."""

    branch: str  # "answer" or "refusal", as the result says
    text: str
    refusal_code: str | None
    cited: list[DocRef]
    retrieved: list[DocRef]  # every search hit
    read: list[DocRef]  # every fetched document
    backstop: bool = False  # an answer the backstop treats as a refusal
    other_names: list[str] = field(default_factory=list)  # other names in the trace
    details: list[str] = field(default_factory=list)  # trace details, bar search queries

    @property
    def refused(self) -> bool:
        return self.branch == "refusal" or self.backstop

    @property
    def judged_text(self) -> str:
        """What a judge reads: a refusal is labelled as one, with its code."""
        if self.branch == "refusal":
            return f"REFUSED ({self.refusal_code}): {self.text}"
        return self.text


def outcome_of(result: dict[str, Any]) -> Outcome:
    """Build the graders' view; an answer with empty or refusal-sounding text is a refusal."""
    branch = "refusal" if result.get("kind") == "refusal" else "answer"
    if branch == "refusal":
        text = str(result.get("reason") or "")
    else:
        text = str(
            result.get("text") or " ".join(c.get("text", "") for c in result.get("claims", []))
        )
    cited = [
        DocRef(str(c.get("doc_id") or ""), str(c.get("title") or ""))
        for c in result.get("citations") or []
    ]
    retrieved: list[DocRef] = []
    read: list[DocRef] = []
    other: list[str] = []
    details: list[str] = []
    for event in result.get("trace") or []:
        data = event.get("data") or {}
        if event.get("kind") != "search":  # a search detail holds the user's own query
            details.append(str(event.get("detail") or ""))
        if event.get("kind") == "search":
            titles = list(data.get("titles") or [])
            ids = list(data.get("doc_ids") or [])
            for i in range(max(len(titles), len(ids))):
                retrieved.append(
                    DocRef(
                        str(ids[i]) if i < len(ids) else "",
                        str(titles[i]) if i < len(titles) else "",
                    )
                )
        elif event.get("kind") == "fetch" and (data.get("doc_id") or data.get("title")):
            read.append(DocRef(str(data.get("doc_id") or ""), str(data.get("title") or "")))
        for key in ("doc_id", "title"):
            if isinstance(data.get(key), str):
                other.append(data[key])
    return Outcome(
        branch=branch,
        text=text,
        refusal_code=result.get("code"),
        cited=cited,
        retrieved=retrieved,
        read=read,
        backstop=branch == "answer" and sounds_like_refusal(text),
        other_names=other,
        details=details,
    )
