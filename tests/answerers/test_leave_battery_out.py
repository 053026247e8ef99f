"""bench/leave_battery_out.py judges the floor as a blind battery would meet it: fitted and
chosen without the battery scored, the floor the lowest that keeps today's refusals on the
others; and bench/fit_answerability.py records what the evidence's document says of the
question, for the second stage it compares."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from memsource import TermSource

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import leave_battery_out as lbo
from _fit import fit_signed
from fit_answerability import HANDBOOK_SETS, Recording, Row, _ask_all, realigned
from wikiqa.answerers.alignment import align_matrix
from wikiqa.answerers.features import ALIGN_FEATURES, ANSWER_FEATURES

DOCS = {
    "sick": (
        "Sick Leave Policy",
        "Tell your manager on the first morning of absence. "
        "From the fourth day of absence you need a medical certificate.",
    ),
    "leave": ("Annual Leave Policy", "Staff receive 25 days of annual leave each year."),
}


async def test_a_row_records_what_each_retrieved_document_says_of_the_question() -> None:
    answerer = Recording(floor=0.0, max_sentences=3)
    question = "From which day of sick absence do I need a medical certificate?"
    (row,) = await _ask_all("t", [("q", "q", question, ("fourth day",))], TermSource(DOCS),
                            answerer)  # fmt: skip
    about = row.about[0]
    pool, own, *others = about["docs"]
    assert own["title"] == "Sick Leave Policy" == about["title"]  # the evidence's own first
    assert {"medic", "certif", "absenc"} <= set(own["said"])
    assert "sick" in own["title_said"]
    assert [d["title"] for d in others] in ([], ["Annual Leave Policy"])
    assert set(pool["idf"]) == set(about["terms"])  # each question term's idf in the pool
    assert about["top"][0]["text"] == about["text"]
    features = lbo.document_features(about)
    assert features["doc_cover"] > 0.5  # the policy says most of the question
    assert features["doc_lead"] >= 0.0


def _row(corpus: str, qid: str, p: float, answerable: bool, right: bool = True) -> Row:
    """A row whose single evidence scores `p` under the shipped model (only the bias moves:
    every feature 0)."""
    row = Row(corpus, qid, qid, answerable, right, [([0.0] * len(ANSWER_FEATURES), True)])
    row.about = [{}]
    row.p = p  # type: ignore[attr-defined]
    return row


def test_the_floor_is_the_lowest_keeping_today_s_refusals() -> None:
    rows = [
        _row("handbook", "a", 0.40, True),
        _row("handbook", "perm", 0.33, False),
        _row("handbook-withheld", "a", 0.30, False),
        _row("handbook", "b", 0.32, True),
    ]
    p = {id(r): r.p for r in rows}  # type: ignore[attr-defined]
    target = lbo.refused_counts(rows, lbo.at(p, 0.35))
    assert target[:2] == (1, 1)
    # 0.32 would answer the permission task (0.33): the lowest floor refusing it is 0.335
    assert lbo.choose_floor(rows, p, target) == 0.335
    answered = lbo.at(p, 0.335)
    assert lbo.outcome(rows, answered) == (1, 2, 1, 1, 1)


def test_the_floor_keeping_squad_also_keeps_its_unanswerables_refused() -> None:
    rows = [
        _row("handbook", "perm", 0.33, False),
        _row("handbook-withheld", "a", 0.30, False),
        _row("squad", "u", 0.36, False),  # refused at 0.35 by a model scoring it 0.34 today
        _row("squad", "v", 0.20, False),
    ]
    p = {id(r): r.p for r in rows}  # type: ignore[attr-defined]
    target = (1, 1, 2)  # today: the task, the copy and both SQuAD unanswerables refused
    assert lbo.choose_floor(rows, p, target) == 0.335  # the batteries' refusals only
    assert lbo.choose_floor(rows, p, target, squad=True) == 0.365


def test_a_battery_left_out_is_never_in_what_is_fitted_or_chosen() -> None:
    rows = [
        _row("handbook", "x", 0.3, True),
        _row("handbook-withheld", "x", 0.3, False),
        _row("handbook2", "y", 0.3, False),
        _row("squad", "z", 0.3, True),
    ]
    assert [lbo.battery(r) for r in rows] == ["handbook", "handbook", "handbook2", None]
    train = [r for r in rows if lbo.battery(r) != "handbook"]
    assert {r.corpus for r in train} == {"handbook2", "squad"}
    assert [lbo.must(r) for r in rows] == [False, False, True, False]
    assert [lbo.withheld(r) for r in rows] == [False, True, False, False]


def test_the_signed_fit_keeps_each_weight_s_sign() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(400, 3))
    y = (x[:, 0] - x[:, 1] + 0.3 * rng.normal(size=400) > 0).astype(float)
    # the data want +, -, 0; the signs ask for -, free, pinned
    beta = fit_signed(x, y, np.ones(400), [-1, 2, 0])
    assert beta[1] <= 0.0 and beta[3] == 0.0
    assert beta[2] < -1.0  # free: it takes the sign the data want
    free = fit_signed(x, y, np.ones(400), [1, -1, 1])
    assert free[1] > 1.0 and free[2] < -1.0


def _about(terms: list[str], own: list[str], other: list[str], idf: dict[str, float]) -> Any:
    return {
        "terms": terms,
        "title": "Own",
        "context": "",
        "docs": [
            {"idf": idf, "pool": 9},
            {"doc": "own", "title": "Own", "said": own},
            {"doc": "other", "title": "Other", "said": other},
        ],
    }


def test_document_features_weigh_terms_by_their_rarity() -> None:
    idf = {"dress": 2.0, "code": 1.0, "offic": 1.0}
    plain = lbo.document_features(_about(["dress", "code", "offic"], ["code", "offic"], [], idf))
    assert plain["doc_cover"] == 0.5  # the rarest term, half the weight, is unsaid
    assert plain["doc_miss"] == 1.0
    said = lbo.document_features(_about(["dress", "code"], ["dress", "code"], ["code"], idf))
    assert said["doc_cover"] == 1.0 and said["doc_miss"] == 0.0
    assert said["doc_lead"] == 1.0 - 1.0 / 3.0


@pytest.mark.parametrize(
    ("name", "prefix"),
    [
        ("handbook6", "hb6"),
        ("handbook7", "hb7"),
        ("handbook8", "hb8"),
        ("handbook9", "hb9"),
        ("handbook10", "hb10"),
    ],
)
def test_a_blind_battery_is_left_out_in_turn_with_its_withheld_copies(
    name: str, prefix: str
) -> None:
    """The blind batteries written last are judged like the others, collected from their dev
    tasks (`fit_answerability.HANDBOOK_SETS`), and never train the model that scores them."""
    task = Row(name, f"{prefix}-fact-01", f"{prefix}-fact-01", True, True)
    copy = Row(f"{name}-withheld", f"{prefix}-fact-01", f"{prefix}-fact-01", False, False)
    assert name in lbo.BATTERIES and HANDBOOK_SETS[name] == name
    assert lbo.battery(task) == lbo.battery(copy) == name
    assert lbo.withheld(copy) and not lbo.must(task)


def test_a_feature_change_is_judged_against_today_s_refusals_before_it() -> None:
    """A change that lifts a training battery's permission task over the floor must raise
    the floor until it is refused again: today's rate is counted on the records from before
    the change (`--against`), not on the changed ones, which refuse nothing."""
    after = [_row("handbook2", "perm", 0.36, False), _row("handbook2", "a", 0.40, True)]
    before = [_row("handbook2", "perm", 0.33, False), _row("handbook2", "a", 0.34, True)]
    p = {id(r): r.p for r in after}  # type: ignore[attr-defined]
    pb = {id(r): r.p for r in before}  # type: ignore[attr-defined]
    assert lbo.todays_rate("handbook", after, p, [], {}) == (0, 0, 0)
    target = lbo.todays_rate("handbook", after, p, before, pb)
    assert target == (1, 0, 0)
    assert lbo.choose_floor(after, p, target) == 0.365
    # the battery left out is not counted in today's rate either
    assert lbo.todays_rate("handbook2", [], p, before, pb) == (0, 0, 0)


def test_recorded_rows_are_realigned_by_today_s_reading_of_the_question() -> None:
    """`realign` recomputes the alignment features from the word similarities a row
    recorded, so a change to which question words count is judged without asking again."""
    qwords = ("how", "many", "days", "do", "I", "get", "?")
    swords = ("Staff", "have", "25", "days")
    sim = np.zeros((len(qwords), len(swords)))
    sim[2, 3] = 1.0  # "days" ~ "days"; "get" matches nothing
    x = [0.5] * len(ANSWER_FEATURES)
    row = Row("handbook", "q", "q", True, True, [(list(x), True)], sims=[(qwords, [(swords, sim)])])
    bare = Row("squad", "s", "s", True, True, [(list(x), True)])
    new, kept = realigned([row, bare])
    idx = [ANSWER_FEATURES.index(n) for n in ALIGN_FEATURES]
    assert [new.parts[0][0][i] for i in idx] == align_matrix(qwords, swords, sim)
    assert new.parts[0][0][ANSWER_FEATURES.index("align_min")] == 1.0  # "get" is light
    assert kept.parts == bare.parts  # nothing recorded to realign from
    assert row.parts[0][0] == x  # the input rows are left as they were


def _banded(corpus: str, qid: str, answerable: bool, e5: float) -> Row:
    row = _row(corpus, qid, 0.30, answerable)
    row.about = [{"e5_titled": e5}]
    return row


def test_the_band_stage_reads_extra_evidence_recorded_with_a_row() -> None:
    """`--band-extra`: a value written into the evidence's `about` (the e5 cosines of
    `fit_answerability.py relevance`) joins the second stage. The rows here are alike in
    every shipped feature, so only it can tell the answerable ones; its threshold still
    answers no training row that must be refused."""
    train = [
        _banded("handbook", "a", True, 0.90),
        _banded("handbook", "b", True, 0.88),
        _banded("handbook", "perm", False, 0.70),
        _banded("handbook-withheld", "a", False, 0.72),
        _banded("squad", "u", False, 0.75),
    ]
    test = [_banded("handbook2", "c", True, 0.86), _banded("handbook2", "una", False, 0.71)]
    p = {id(r): r.p for r in train + test}  # type: ignore[attr-defined]
    assert lbo.fit_band(train, p, 0.25, 0.35, {}) is None or not any(
        lbo.band_answered(p, 0.25, 0.35, lbo.fit_band(train, p, 0.25, 0.35, {}))(r) for r in test
    )
    extra = ("e5_titled",)
    stage = lbo.fit_band(train, p, 0.25, 0.35, {}, extra=extra)
    assert stage is not None
    answered = lbo.band_answered(p, 0.25, 0.35, stage, extra)
    assert not any(answered(r) for r in train if not r.answerable)
    assert [answered(r) for r in test] == [True, False]
    vector = lbo.band_vector(test[0], lbo.shipped(), extra)
    assert vector is not None and vector[-1] == 0.86
