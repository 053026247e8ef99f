"""The sentence read in its document (features.CONTEXT_FEATURES): what the title and
section heading add to the sentence, whether its document is the one retrieval put first and
leads the others, and a table row named by both its row key and an asked column."""

from __future__ import annotations

import pytest

from wikiqa.answerers.extractive import ExtractiveAnswerer, fit_level
from wikiqa.answerers.features import ANSWER_FEATURES, CONTEXT_FEATURES, analyse
from wikiqa.answerers.rows import STRONG
from wikiqa.types import Document, Hit

ONCALL = (
    "Engineering On-Call",
    "# Engineering On-Call\n\n## Response times\n\n"
    "| Severity | Acknowledge within | Example |\n"
    "|---|---|---|\n"
    "| SEV1 | 15 minutes | customers cannot log in |\n"
    "| SEV2 | 1 hour | a report is late |\n\n"
    "## Allowance\n\nEngineers on call receive 300 euros per week.\n",
)
GARDEN = (
    "Garden Club",
    "# Garden Club\n\nThe garden club meets every week in the courtyard.\n",
)


def evidence(question: str, docs: dict[str, tuple[str, str]]) -> dict[str, float]:
    """The context features of the answerer's best candidate for `question` (no embedder:
    the lexical path, so the values depend on the text only)."""
    answerer = ExtractiveAnswerer()
    q = analyse(question)
    hits = [
        Hit(source="mem", doc_id=d, title=t, score=float(len(docs) - n))
        for n, (d, (t, _)) in enumerate(docs.items())
    ]
    fetched = {d: Document(source="mem", doc_id=d, title=t, text=x) for d, (t, x) in docs.items()}
    ev = answerer.assess(q, hits, fetched)
    assert ev is not None
    return {n: ev.features[ANSWER_FEATURES.index(n)] for n in CONTEXT_FEATURES}


def test_a_row_named_by_its_key_and_an_asked_column_is_flagged() -> None:
    got = evidence("Within how long must a SEV1 page be acknowledged?", {"oncall": ONCALL})
    assert got["row_key"] == 1.0
    assert got["doc_top"] == 1.0
    assert got["doc_margin"] == 1.0  # no other document


def test_row_key_is_the_ranking_s_named_row_with_an_asked_column() -> None:
    """One definition: the row_key feature is rows.STRONG, the test that ranks the row first."""
    answerer = ExtractiveAnswerer()
    q = analyse("What is an example of a SEV1 incident?")
    doc = Document(source="mem", doc_id="oncall", title=ONCALL[0], text=ONCALL[1])
    hits = [Hit(source="mem", doc_id="oncall", title=ONCALL[0], score=1.0)]
    rows = [c for c in answerer.candidates(q, hits, {"oncall": doc}) if c.header is not None]
    sev1 = next(c for c in rows if "SEV1" in c.span.text)
    sev2 = next(c for c in rows if "SEV2" in c.span.text)
    qset = set(q.terms)
    assert fit_level(q, qset, sev1) == STRONG  # "SEV1" names the row, "example" the column
    assert fit_level(q, qset, sev2) != STRONG  # the asked column, but another row
    plain = analyse("What is an example incident?")
    assert fit_level(plain, set(plain.terms), sev1) != STRONG  # the column alone
    assert evidence(q.text, {"oncall": ONCALL})["row_key"] == 1.0
    assert evidence(plain.text, {"oncall": ONCALL})["row_key"] == 0.0


def test_context_cover_counts_the_title_and_heading() -> None:
    # "on-call" and "allowance" are said by the title and the heading, not the sentence
    covered = evidence("What is the on-call allowance per week?", {"oncall": ONCALL})
    # a question whose "Lisbon" and "contractors" no part of the document says
    missing = evidence(
        "What is the on-call allowance for contractors in Lisbon?", {"oncall": ONCALL}
    )
    assert covered["ctx_cover"] == pytest.approx(1.0)  # an idf-weighted sum over a sum
    assert missing["ctx_cover"] < 0.75


def test_the_best_sentence_in_a_later_document_is_not_top() -> None:
    got = evidence("How often does the garden club meet?", {"oncall": ONCALL, "garden": GARDEN})
    assert got["doc_top"] == 0.0
    assert 0.0 < got["doc_margin"] <= 1.0
