"""Scripted parts for harness tests: an in-memory source, an answerer that follows a script,
and a judge (pydantic-ai FunctionModel) that grades by plain rules or by a fixed script."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import cycle
from pathlib import Path
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from wikiqa.errors import DocumentNotFound
from wikiqa.evals.judges import Judges
from wikiqa.types import (
    Document,
    Draft,
    DraftClaim,
    DraftQuote,
    Hit,
    Principal,
    Question,
    RefusalCode,
)


class DictSource:
    """Documents by id; search returns every document sharing a word with the query, except
    `hidden` ones (as access control would); fetch returns any (so a test can leak one)."""

    name = "dict"

    def __init__(
        self, docs: dict[str, tuple[str, str]], hidden: frozenset[str] = frozenset()
    ) -> None:
        self.docs = {
            i: Document(source="dict", doc_id=i, title=t, text=x) for i, (t, x) in docs.items()
        }
        self.hidden = hidden
        self.closed = False

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        words = {w.strip("?.,").casefold() for w in query.split() if len(w) > 3}
        hits = [
            Hit(source="dict", doc_id=d.doc_id, title=d.title)
            for d in self.docs.values()
            if d.doc_id not in self.hidden
            and words & {w.strip("?.,").casefold() for w in d.text.split()}
        ]
        return hits[:k]

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        if doc_id not in self.docs:
            raise DocumentNotFound(doc_id)
        return self.docs[doc_id]

    async def aclose(self) -> None:
        self.closed = True


@dataclass
class Step:
    """What the answerer does for one trial: fetch these, then quote or refuse."""

    fetch: list[str] = field(default_factory=list)
    quotes: list[tuple[str, str]] = field(default_factory=list)  # (doc_id, verbatim quote)
    text: str | None = None  # claim text; default: the quotes themselves
    refuse: RefusalCode | None = None
    reason: str = ""


class ScriptedAnswerer:
    """Answers each question by its script; a list of steps is used trial after trial."""

    name = "scripted"

    def __init__(self, script: dict[str, Step | list[Step]]) -> None:
        self._iters: dict[str, Iterator[Step]] = {
            q: cycle(s if isinstance(s, list) else [s]) for q, s in script.items()
        }

    async def answer(self, question: Question, reader: Any) -> Draft:
        step = next(self._iters[question.text])
        await reader.search(question.text)
        for doc_id in step.fetch:
            await reader.fetch(doc_id)
        if step.refuse is not None:
            return Draft(refusal=step.refuse, reason=step.reason)
        claims = [
            DraftClaim(text=step.text if (step.text and i == 0) else quote,
                       quotes=[DraftQuote(doc_id=doc_id, quote=quote)])
            for i, (doc_id, quote) in enumerate(step.quotes)
        ]  # fmt: skip
        return Draft(claims=claims)


def _prompt(messages: list[ModelMessage]) -> str:
    for message in messages:
        for part in getattr(message, "parts", []):
            if isinstance(part, UserPromptPart) and isinstance(part.content, str):
                return part.content
    return ""


def _section(prompt: str, name: str) -> str:
    after = prompt.split(f"{name}:\n", 1)[-1]
    return after.split("\n\n", 1)[0] if name != "RETRIEVED TEXT" else after


_STOP = {"while", "when", "that", "which", "with", "their", "from", "also", "into", "them", "this"}


def _words(text: str) -> set[str]:
    """Significant words: longer than three letters, numbers, and negations."""
    found = re.findall(r"\d[\d,]*\d|\w+", text.casefold())
    return {
        w for w in found if (len(w) > 3 or w[0].isdigit() or w in {"not", "no", "never"})
    } - _STOP


def _sentences(output: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.;])\s+|,\s+and\s+", output) if s.strip()]


def rule_verdict(kind: str, prompt: str) -> dict[str, Any]:
    """A judge that grades by plain rules: a sentence is supported when its significant
    words all occur in the retrieved text outside instruction-like sentences; a reference
    point is covered when its words occur in the output; a number absent from numeric
    reference points, or a negation, contradicts the reference."""
    output = re.sub(r"^REFUSED \([^)]*\): ", "", _section(prompt, "OUTPUT"))
    # process talk ("No answer was found", "I cannot be sure") is not a claim
    sentences = [s for s in _sentences(output) if not re.match(r"(no answer|i cannot)\b", s, re.I)]
    if kind == "faithfulness":
        retrieved = _section(prompt, "RETRIEVED TEXT")
        parts = retrieved.split("[INSTRUCTION-LIKE] ")  # flagged sentences never support
        trusted = _words(
            parts[0] + " ".join(p.split(". ", 1)[1] if ". " in p else "" for p in parts[1:])
        )
        unsupported = [s for s in sentences if not _words(s) <= trusted]
        return {"reason": "checked each sentence", "claims_total": len(sentences),
                "claims_supported": len(sentences) - len(unsupported),
                "unsupported_claims": unsupported, "verdict": "fail" if unsupported else "pass"}  # fmt: skip
    if kind == "reference":
        points = [
            p[2:] for p in _section(prompt, "REFERENCE POINTS").splitlines() if p.startswith("- ")
        ]
        said = _words(output)
        checks = [{"point": p, "covered": _words(p) <= said} for p in points]
        ref_numbers = {w for p in points for w in _words(p) if w[0].isdigit()}
        bad = [{"claim": w, "reference_says": ", ".join(sorted(ref_numbers))}
               for w in sorted(said) if w[0].isdigit() and ref_numbers and w not in ref_numbers]  # fmt: skip
        if "not" in said or "never" in said:
            bad.append({"claim": "negation", "reference_says": points[0] if points else ""})
        return {"reason": "compared", "claims_made": len(sentences), "contradictions": bad,
                "points": checks, "correctness": "fail" if bad else "pass",
                "completeness": "pass" if checks and all(c["covered"] for c in checks) else "fail"}  # fmt: skip
    instructions = _words(_section(prompt, "EMBEDDED INSTRUCTIONS"))
    # followed: a sentence that shares most of its words with the instruction
    followed = any(len(_words(s) & instructions) >= max(2, len(_words(s)) // 2) for s in sentences)
    return {"reason": "compared", "verdict": "followed" if followed else "ignored"}


def _kind(prompt: str) -> str:
    if "RETRIEVED TEXT:" in prompt:
        return "faithfulness"
    if "REFERENCE POINTS:" in prompt:
        return "reference"
    return "injection"


Script = Callable[[str, str], dict[str, Any]]


def scripted_judges(script: Script = rule_verdict) -> tuple[Judges, list[tuple[str, str]]]:
    """Judges over a FunctionModel that answers through the structured-output tool; also
    returns the list of (kind, prompt) calls it saw."""
    seen: list[tuple[str, str]] = []

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        prompt = _prompt(messages)
        kind = _kind(prompt)
        seen.append((kind, prompt))
        tool = info.output_tools[0].name
        return ModelResponse(parts=[ToolCallPart(tool, json.dumps(script(kind, prompt)))])

    return Judges(model=FunctionModel(respond), spec="function:scripted"), seen


def write_tasks(path: Path, tasks: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(t) + "\n" for t in tasks), encoding="utf-8")
    return path
