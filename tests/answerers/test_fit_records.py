"""bench/fit_answerability.py records, for each question, the evidence the answerer decides on
(`ExtractiveAnswerer.clearing`), not what a bridge hop assesses after the decision: the
weights are fitted on those rows, so a row must be what the floor is compared with."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from memsource import TermSource

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from test_hops import PROFESSOR  # the bridge corpus the hop tests use

from fit_answerability import Recording, _ask_all

# The first sentence holds the question but only names the university; the second hop reads
# the university's own document (an assessment made after the decision, at any floor).
BRIDGE = "Ralph Hefferline was a psychology professor at a university located in what city?"


async def _first_hop(question: str, source: TermSource) -> list[float]:
    """The features of the whole question's evidence, assessed as the answerer first does."""
    plain = ExtractiveAnswerer(floor=0.0)
    hits = await source.search(question, k=plain.search_k)
    docs = {h.doc_id: await source.fetch(h.doc_id) for h in hits}
    evidence = plain.assess(analyse(question), hits, docs)
    assert evidence is not None
    return list(evidence.features)


async def test_a_row_holds_the_decided_evidence_not_the_second_hop_s() -> None:
    source = TermSource(PROFESSOR)
    answerer = Recording(floor=0.0, max_sentences=3)
    (row,) = await _ask_all("t", [("q1", "q1", BRIDGE, ("New York City",))], source, answerer)
    assert row.right  # the chain ran: the answer names the city from the second document
    assert len(source.queries) > 1  # a second search, for the named university
    assert [x for x, _ in row.decisive()] == [await _first_hop(BRIDGE, TermSource(PROFESSOR))]
    assert row.about[0]["title"] == "Ralph Hefferline"


async def test_a_compound_question_s_row_holds_each_part_s_evidence() -> None:
    docs = {
        "notice": (
            "Notice periods",
            "The notice period is four weeks. Your line manager must be told in writing.",
        ),
        "leave": ("Annual leave", "Staff receive 25 days of annual leave each year."),
    }
    answerer = Recording(floor=0.0, max_sentences=3)
    question = "How long is the notice period, and how many days of annual leave do staff get?"
    (row,) = await _ask_all(
        "t", [("q", "q", question, ("four weeks",))], TermSource(docs), answerer
    )
    assert len(row.decisive()) == 2  # one evidence per part, not the whole question's
    assert {a["title"] for a in row.about} == {"Notice periods", "Annual leave"}


async def test_hotpotqa_rows_are_its_dev_questions_never_those_kept_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The questions after natural_questions.HOTPOT_DEV are kept aside (never tuned on): the
    records a fit is made from hold only the dev part, over the same pooled paragraphs."""
    import fit_answerability
    import natural_questions as nq

    cases = [nq.Case(f"Question {i}?", ("x",)) for i in range(nq.HOTPOT_DEV + 7)]
    asked: list[str] = []

    class Store:
        def close(self) -> None:
            return None

    async def ask_all(corpus: str, qs: list[Any], source: Any, answerer: Any) -> list[Any]:
        asked.extend(q for _, _, q, _ in qs)
        return []

    monkeypatch.setattr(nq, "HOTPOT", Path(__file__))  # exists: the set is collected
    monkeypatch.setattr(nq, "hotpot_cases", lambda limit: (cases, [("T", "text")]))
    monkeypatch.setattr(nq, "hotpot_source", lambda paras, tmp: (object(), Store()))
    monkeypatch.setattr(fit_answerability, "_ask_all", ask_all)
    await fit_answerability.collect_natural(Recording(floor=0.0), {"hotpot"})
    assert asked == [c.question for c in cases[: nq.HOTPOT_DEV]]
