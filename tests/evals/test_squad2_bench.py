"""bench/squad2.py --no-baseline: the wikiqa row alone, without the BM25 baseline's two
passes, so a helper's measuring window fits the run (and rank-bm25 need not be installed)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]

SQUAD = {
    "version": "v2.0",
    "data": [
        {
            "title": "Lighthouses",
            "paragraphs": [
                {
                    "context": "The Eddystone Lighthouse was first lit in 1698. "
                    "It stands on a reef south of Plymouth.",
                    "qas": [
                        {
                            "id": "q1",
                            "question": "When was the Eddystone Lighthouse first lit?",
                            "answers": [{"text": "1698", "answer_start": 43}],
                            "is_impossible": False,
                        },
                        {
                            "id": "q2",
                            "question": "When was the Eddystone Lighthouse last painted?",
                            "answers": [],
                            "is_impossible": True,
                        },
                    ],
                }
            ],
        }
    ],
}


def _squad2(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(ROOT / "bench"))  # squad2.py imports its sibling _fit
    spec = importlib.util.spec_from_file_location("squad2", ROOT / "bench/squad2.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "squad2", module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    return module


def test_no_baseline_prints_the_wikiqa_row_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "squad.json"
    data.write_text(json.dumps(SQUAD))
    monkeypatch.setattr(sys, "argv", ["squad2.py", "--data", str(data), "--no-baseline"])
    assert _squad2(monkeypatch).main() == 0
    out = capsys.readouterr().out
    assert "2 questions (1 answerable, 1 unanswerable)" in out
    assert "| wikiqa extractive |" in out
    assert "BM25" not in out


def test_a_respelled_question_keeps_its_score(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answerer assesses a question as the search corrected its spelling; the score it
    decided on is still the question's own (before squad61 it was read as 0.0, so the floor
    sweep and leave-one-article-out counted such a question refused at every floor)."""
    import asyncio

    from wikiqa.pipeline import ask_async
    from wikiqa.settings import Settings
    from wikiqa.sources.collection import CollectionSource

    squad2 = _squad2(monkeypatch)
    paragraphs = [
        ("Lighthouses", "The Eddystone Lighthouse was first lit in 1698."),
        ("Protocols", "The User Datagram Protocol (UDP) was designed by David P. Reed in 1980."),
    ]
    store = squad2.build_collection(paragraphs, tmp_path)
    source = CollectionSource(store, "squad2", mode="lexical")
    settings = Settings()
    scores = {}
    for question in (
        "When was the Eddystone Lighthouse first lit?",
        "When was the Eddystone Lighthouse frist lit?",  # "first", as the search corrected it
        "Who designed UDP?",  # "User Datagram Protocol (UDP)", as the search spelt it out
    ):
        answerer = squad2.ScoringExtractive(floor=-1e9, search_k=settings.search_k)
        result = asyncio.run(ask_async(question, source, settings=settings, answerer=answerer))
        assert result.kind == "answer"
        scores[question] = answerer.last_score
    store.close()
    plain, respelled, spelt_out = scores.values()
    assert plain > 0.0
    assert respelled == pytest.approx(plain)  # the corrected question's own score
    assert spelt_out > 0.0  # not "never recorded"
