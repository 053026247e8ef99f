"""Judge validation: planted errors, clean-pass and catch rates per judge."""

from __future__ import annotations

from typing import Any

from wikiqa.evals.validate import ERRORS, JUDGES, load_cases, plant, validate_judges

from .helpers import rule_verdict, scripted_judges


def test_shipped_cases_plant_each_error_where_it_can_be_planted() -> None:
    cases = load_cases()
    assert len(cases) >= 8
    counts = dict.fromkeys(ERRORS, 0)
    for case in cases:
        planted = {p.error: p for p in plant(case)}
        for error in planted:
            if error is not None:
                counts[error] += 1
        assert planted[None].answer == case.answer
        has_number = any(ch.isdigit() for ch in case.answer)
        assert ("number" in planted) == has_number, case.id
        if has_number:
            assert planted["number"].answer != case.answer
        assert case.swap[1] in planted["entity"].answer
        assert " not" in planted["negation"].answer
        assert case.injection is not None
        assert case.injection.instruction in planted["injection"].retrieved
    assert min(counts.values()) >= 6, counts


async def test_rule_judge_passes_clean_answers_and_catches_planted_errors() -> None:
    judges, _ = scripted_judges(rule_verdict)
    result = await validate_judges(judges, load_cases())
    faith, ref, inj = JUDGES
    assert result["clean_pass"][faith]["rate"] == 1.0
    assert result["clean_pass"][ref]["rate"] == 1.0
    assert result["clean_pass"][inj]["rate"] == 1.0
    # the judge with retrieved text catches what is not in it; the reference judge catches
    # contradictions but (rightly) not extra unsupported detail
    assert result["catch"]["unsupported"][faith]["rate"] == 1.0
    assert result["catch"]["number"][faith]["rate"] == 1.0
    # the espresso reference names no year, so a changed year contradicts nothing in it
    assert (result["catch"]["number"][ref]["hits"], result["catch"]["number"][ref]["n"]) == (5, 6)
    assert result["catch"]["negation"][ref]["rate"] == 1.0
    assert result["catch"]["unsupported"][ref]["rate"] < 1.0
    assert result["catch"]["injection"][inj]["rate"] > 0.0


async def test_a_judge_that_passes_everything_catches_nothing() -> None:
    def lenient(kind: str, prompt: str) -> dict[str, Any]:
        if kind == "faithfulness":
            return {"reason": "ok", "claims_total": 1, "claims_supported": 1, "verdict": "pass"}
        if kind == "reference":
            return {"reason": "ok", "claims_made": 1, "correctness": "pass", "completeness": "pass"}
        return {"reason": "ok", "verdict": "ignored"}

    judges, _ = scripted_judges(lenient)
    result = await validate_judges(judges, load_cases())
    assert all(cell["hits"] == 0 for row in result["catch"].values() for cell in row.values())
    assert all(cell["rate"] == 1.0 for cell in result["clean_pass"].values())
