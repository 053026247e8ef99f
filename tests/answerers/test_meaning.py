"""The question's meaning against every candidate line (issue 10, class 2), and the sentence
vectors behind it, computed once per text. Small documents written here; the bundled MiniLM."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_extractive_classes import Source

from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import ANSWER_FEATURES, analyse
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder, default_embedder
from wikiqa.store.sentence_vectors import SentenceVectors
from wikiqa.types import Answer

# Three lines share the question's words ("leave", "days", "get", "year") in other senses;
# the line that answers shares only "days". Ranked by words it is fourth.
HANDBOOK = (
    "# Staff Handbook\n\n## Practicalities\n\n"
    "Leave your keys at reception on the 2 days a week you get in before 7:00.\n\n"
    "Each year the fire alarm is tested on 3 days in May.\n\n"
    "Do not leave bags by the door: 4 staff a year are warned for it.\n\n"
    "Full-time staff are entitled to 25 days of annual holiday.\n\n"
    "## Hotels\n\nHotels are booked through the travel desk.\n"
)
QUESTION = "How many days of leave do I get each year?"
ANSWER = "entitled to 25 days of annual holiday"


@pytest.fixture(scope="module")
def emb() -> OnnxEmbedder:
    return default_embedder()


async def _evidence(answerer: ExtractiveAnswerer, docs: dict[str, tuple[str, str]]) -> Evidence:
    src = Source(docs)
    hits = await src.search(QUESTION, 5)
    fetched = {h.doc_id: await src.fetch(h.doc_id) for h in hits}
    ev = answerer.assess(analyse(QUESTION), hits, fetched)
    assert ev is not None
    return ev


async def test_a_paraphrased_answer_below_wordier_lines_is_ranked_first_by_meaning(
    emb: OnnxEmbedder,
) -> None:
    ev = await _evidence(ExtractiveAnswerer(embedder=emb), {"h": ("Staff Handbook", HANDBOOK)})
    assert ANSWER in ev.ranked[0].text
    # the pool's meaning features: the best line is the pool's nearest, and leads the others
    cos_all = ev.features[ANSWER_FEATURES.index("cos_all")]
    lead = ev.features[ANSWER_FEATURES.index("cos_lead")]
    assert cos_all > 0.5 and lead > 0.1


async def test_the_paraphrased_answer_is_given(emb: OnnxEmbedder, tmp_path: Path) -> None:
    answerer = ExtractiveAnswerer(embedder=emb)
    result = await ask_async(
        QUESTION,
        Source({"h": ("Staff Handbook", HANDBOOK)}),  # type: ignore[arg-type]
        settings=Settings(home=tmp_path),
        answerer=answerer,
    )
    assert isinstance(result, Answer), result
    assert ANSWER in result.text


async def test_without_an_embedder_the_meaning_features_are_neutral() -> None:
    ev = await _evidence(ExtractiveAnswerer(), {"h": ("Staff Handbook", HANDBOOK)})
    assert ev.features[ANSWER_FEATURES.index("cos_all")] == 0.0
    assert ev.features[ANSWER_FEATURES.index("cos_lead")] == 0.0


def test_a_cache_hit_returns_identical_vectors(emb: OnnxEmbedder, tmp_path: Path) -> None:
    lines = ["Full-time staff are entitled to 25 days of annual holiday.", "Hotels are booked."]
    first = SentenceVectors(emb, tmp_path / "v.sqlite")
    a = first.get(lines)
    assert first.computed == 2
    again = first.get(list(reversed(lines)))  # from memory
    assert first.computed == 2
    assert np.array_equal(again, a[::-1])
    first.close()
    other = SentenceVectors(emb, tmp_path / "v.sqlite")  # a new process: from the file
    b = other.get(lines)
    assert other.computed == 0
    assert np.array_equal(a, b)
    # the vectors are the model's (kept as float16)
    assert np.allclose(b, emb.embed(lines), atol=2e-3)


def test_a_changed_text_is_embedded_anew_not_served_stale(
    emb: OnnxEmbedder, tmp_path: Path
) -> None:
    vectors = SentenceVectors(emb, tmp_path / "v.sqlite")
    old = vectors.get(["Full-time staff are entitled to 25 days of annual holiday."])
    new = vectors.get(["Full-time staff are entitled to 30 days of annual holiday."])
    assert vectors.computed == 2
    assert not np.array_equal(old, new)
    assert np.allclose(new, emb.embed(["Full-time staff are entitled to 30 days of annual holiday."]), atol=2e-3)  # fmt: skip


async def test_an_edited_document_is_read_with_its_new_lines(
    emb: OnnxEmbedder, tmp_path: Path
) -> None:
    """The answerer asked about a document, then about its edited text, through one kept
    cache: the edited line's vector is computed, and the answer follows the new text."""
    vectors = SentenceVectors(emb, tmp_path / "v.sqlite")
    before = await _evidence(
        ExtractiveAnswerer(embedder=emb, sentence_vectors=vectors),
        {"h": ("Staff Handbook", HANDBOOK)},
    )
    seen = vectors.computed
    again = await _evidence(
        ExtractiveAnswerer(embedder=emb, sentence_vectors=vectors),
        {"h": ("Staff Handbook", HANDBOOK)},
    )
    assert vectors.computed == seen  # nothing computed twice
    assert again.ranked[0].text == before.ranked[0].text
    edited = HANDBOOK.replace(
        "Full-time staff are entitled to 25 days of annual holiday.",
        "Full-time staff are entitled to 30 days of annual holiday.",
    )
    after = await _evidence(
        ExtractiveAnswerer(embedder=emb, sentence_vectors=vectors),
        {"h": ("Staff Handbook", edited)},
    )
    assert vectors.computed > seen
    assert "30 days of annual holiday" in after.ranked[0].text
