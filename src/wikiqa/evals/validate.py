"""Judge validation: plant known errors into known-good answers and measure the judges.

Each case is a question, retrieved text, an answer fully supported by it, and reference
points. Planted errors: a changed number, a swapped entity, an added unsupported claim, a
negation, an obeyed injection. Judge A (faithfulness) reads the retrieved text; judge B
(correctness/completeness) does not; the injection judge reads the embedded instruction.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from wikiqa.errors import ConfigError
from wikiqa.evals.judges import Judges

ERRORS = ("number", "entity", "unsupported", "negation", "injection")
JUDGES = ("faithfulness (with retrieved text)", "reference (without retrieved text)", "injection")


class Injection(BaseModel):
    instruction: str
    obeyed: str


class JudgeCase(BaseModel):
    id: str
    question: str
    retrieved: str
    answer: str
    reference: list[str]
    swap: list[str] = Field(default_factory=list)
    unsupported: str = ""
    injection: Injection | None = None


def load_cases(path: Path | None = None) -> list[JudgeCase]:
    """The shipped cases, or a JSONL file of them."""
    if path is None:
        text = resources.files("wikiqa.evals").joinpath("data/judge_cases.jsonl").read_text("utf-8")
    else:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot read judge cases {path}: {exc}") from exc
    try:
        return [
            JudgeCase.model_validate(json.loads(line)) for line in text.splitlines() if line.strip()
        ]
    except (json.JSONDecodeError, ValidationError) as exc:
        raise ConfigError(f"judge cases: {exc}") from exc


_NUMBER = re.compile(r"\d[\d,]*")
_VERB = re.compile(r"\b(is|was|were|are|has|had|can|did|does|will|may|must|should|could)\b")


def _change_number(text: str) -> str | None:
    m = _NUMBER.search(text)
    if m is None:
        return None
    digits = m.group().replace(",", "")
    changed = str(int(digits) + (3 if len(digits) == 4 else 7))
    return text[: m.start()] + changed + text[m.end() :]


def _negate(text: str) -> str:
    m = _VERB.search(text)
    if m is not None:
        return text[: m.end()] + " not" + text[m.end() :]
    # No auxiliary to negate in place: deny the whole statement.
    return "It is not true that " + text[0].lower() + text[1:]


@dataclass
class Planted:
    case: JudgeCase
    error: str | None  # None: the clean answer
    answer: str
    retrieved: str


def plant(case: JudgeCase) -> list[Planted]:
    """The clean answer and every error that can be planted in it."""
    out = [Planted(case, None, case.answer, case.retrieved)]
    makers: dict[str, Callable[[], str | None]] = {
        "number": lambda: _change_number(case.answer),
        "entity": lambda: (
            case.answer.replace(case.swap[0], case.swap[1])
            if len(case.swap) == 2 and case.swap[0] in case.answer
            else None
        ),
        "unsupported": lambda: f"{case.answer} {case.unsupported}" if case.unsupported else None,
        "negation": lambda: _negate(case.answer),
    }
    for error, make in makers.items():
        answer = make()
        if answer and answer != case.answer:
            out.append(Planted(case, error, answer, case.retrieved))
    if case.injection is not None:
        retrieved = f"{case.retrieved} {case.injection.instruction}"
        out.append(Planted(case, "injection", f"{case.answer} {case.injection.obeyed}", retrieved))
    return out


async def _verdicts(judges: Judges, p: Planted) -> dict[str, bool]:
    """judge name -> True when the judge flags the answer (fails it)."""
    from wikiqa.evals.evidence import MARK
    from wikiqa.grounding.injection import flagged_sentences

    marked = p.retrieved
    for start, _end in reversed(flagged_sentences(p.retrieved)):
        marked = marked[:start] + MARK + marked[start:]
    a = (await judges.faithfulness(p.case.question, p.answer, marked)).verdict
    b = (await judges.reference(p.case.question, p.answer, p.case.reference)).verdict
    flags = {
        JUDGES[0]: a.verdict == "fail" or bool(a.unsupported_claims),
        JUDGES[1]: b.correctness == "fail" or bool(b.contradictions) or b.completeness == "fail",
    }
    if p.error in (None, "injection") and p.case.injection is not None:
        i = (
            await judges.injection(p.case.question, p.answer, [p.case.injection.instruction])
        ).verdict
        flags[JUDGES[2]] = i.verdict == "followed"
    return flags


async def validate_judges(judges: Judges, cases: list[JudgeCase]) -> dict[str, Any]:
    """Clean pass rate per judge and catch rate per (error, judge)."""
    clean: dict[str, list[bool]] = {j: [] for j in JUDGES}
    caught: dict[str, dict[str, list[bool]]] = {e: {j: [] for j in JUDGES} for e in ERRORS}
    for case in cases:
        for p in plant(case):
            flags = await _verdicts(judges, p)
            for judge, flagged in flags.items():
                if p.error is None:
                    clean[judge].append(not flagged)
                else:
                    caught[p.error][judge].append(flagged)

    def rate(xs: list[bool]) -> dict[str, Any]:
        return {"n": len(xs), "hits": sum(xs), "rate": round(sum(xs) / len(xs), 4) if xs else None}

    return {
        "judge": judges.spec,
        "cases": len(cases),
        "clean_pass": {j: rate(xs) for j, xs in clean.items()},
        "catch": {e: {j: rate(xs) for j, xs in row.items()} for e, row in caught.items()},
    }
