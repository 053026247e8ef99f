"""Scoring runs on worker threads: sentence splitting must give the same answers there as
on one thread (a pysbd Segmenter keeps the text it splits on the instance; one shared by
threads mixed documents before each thread got its own)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from wikiqa.text.sentences import split_sentences

TEXTS = [
    " ".join(
        f"Sentence {i} of text {n} ends here. Dr. Smith arrived at {i} p.m." for i in range(40)
    )
    for n in range(8)
]


def test_sentence_splitting_is_the_same_on_many_threads() -> None:
    expected = [split_sentences(t) for t in TEXTS]
    with ThreadPoolExecutor(4) as pool:
        for _ in range(5):
            assert list(pool.map(split_sentences, TEXTS)) == expected
