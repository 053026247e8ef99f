"""bench/_relevance.py: the e5 cosines `fit_answerability.py relevance` writes into recorded
rows, read as query -> passage (the question as a query, the line as a passage, under its
title and heading) and against the best line of another document."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from _relevance import RELEVANCE_KEYS, Relevance, titled


def test_a_line_is_read_under_its_title_and_heading() -> None:
    line = "Staff receive 25 days a year."
    assert titled(line, "Annual Leave", "Annual Leave, How much you get") == (
        "Annual Leave > How much you get: Staff receive 25 days a year."
    )
    assert titled(line, "Annual Leave", "Annual Leave") == f"Annual Leave: {line}"
    assert titled(line, "", "") == line


class _Words:
    """A bag-of-words encoder standing in for e5: queries and passages in one space."""

    VOCAB = ("leave", "days", "sick", "certificate", "annual")

    def _v(self, text: str) -> np.ndarray:
        v = np.array([text.lower().count(w) for w in self.VOCAB], dtype=np.float32) + 1e-3
        return v / np.linalg.norm(v)

    def query(self, text: str) -> np.ndarray:
        return self._v(text)

    def passage(self, text: str) -> np.ndarray:
        return self._v(text)


def test_the_best_line_is_scored_beside_the_best_line_of_another_document() -> None:
    e5 = Relevance()
    e5._model = _Words()  # no model load: the cosines' bookkeeping is what is tested
    own = {"text": "Sick leave needs a certificate.", "doc": "sick", "title": "Sick",
           "context": "Sick"}  # fmt: skip
    same = {"text": "Annual leave days.", "doc": "sick", "title": "Sick", "context": "Sick"}
    other = {"text": "Annual leave: 25 days.", "doc": "leave", "title": "Leave",
             "context": "Leave"}  # fmt: skip
    about = {"question": "How many annual leave days?", **own, "top": [own, same, other]}
    got = e5.about(about)
    assert set(got) == set(RELEVANCE_KEYS)
    q = _Words().query(about["question"])
    assert np.isclose(got["e5_line"], float(q @ _Words().passage(own["text"])))
    # the same document's better line is not "another document"
    assert np.isclose(got["e5_other_doc"], float(q @ _Words().passage("Leave: " + other["text"])))
    assert got["e5_other_doc"] > got["e5_titled"]
    alone = e5.about({**about, "top": [own, same]})
    assert alone["e5_other_doc"] == 0.0
