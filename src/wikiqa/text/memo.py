"""A memo for functions of whole documents, bounded by the characters it holds, not by count.

`lru_cache(maxsize=2048)` over document texts holds 2,048 documents whatever their size: in
a long-running server that is gigabytes once the documents are large (a 5 MB article, a
ZIM page). This cache weighs each entry (the key's text plus what the result holds) and
evicts least-recently-used entries until the total is under `max_chars`. An entry heavier
than the whole budget is computed and returned but not kept. Thread-safe: scoring runs on
worker threads (two threads may compute the same entry once each; both results are equal).
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class SizedMemo(Generic[P, R]):
    """`fn` memoised in an LRU whose entries weigh `weight(args, result)` characters."""

    def __init__(
        self,
        fn: Callable[P, R],
        max_chars: int,
        weight: Callable[[tuple[object, ...], Any], int],
    ) -> None:
        self._fn = fn
        self.max_chars = max_chars
        self._weight = weight
        self._lock = threading.Lock()
        self._entries: OrderedDict[Hashable, tuple[R, int]] = OrderedDict()
        self.chars = 0  # total weight held now
        functools.update_wrapper(self, fn)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key: Hashable = (args, tuple(sorted(kwargs.items())))
        with self._lock:
            hit = self._entries.get(key)
            if hit is not None:
                self._entries.move_to_end(key)
                return hit[0]
        result = self._fn(*args, **kwargs)
        cost = self._weight(tuple(args), result)
        if cost > self.max_chars:
            return result
        with self._lock:
            if key not in self._entries:
                self._entries[key] = (result, cost)
                self.chars += cost
            while self.chars > self.max_chars:
                _, (_, dropped) = self._entries.popitem(last=False)
                self.chars -= dropped
        return result

    def cache_clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.chars = 0

    def __len__(self) -> int:
        return len(self._entries)


def memo_by_chars(
    max_chars: int, weight: Callable[[tuple[object, ...], Any], int]
) -> Callable[[Callable[P, R]], SizedMemo[P, R]]:
    """Decorator form of `SizedMemo`."""

    def wrap(fn: Callable[P, R]) -> SizedMemo[P, R]:
        return SizedMemo(fn, max_chars, weight)

    return wrap


def text_weight(args: tuple[object, ...], result: object) -> int:
    """Characters of every str argument (a memo key keeps its document alive) plus those of
    the str or `.text` parts of a tuple result (sentence spans hold copies of their text)."""
    held = sum(len(a) for a in args if isinstance(a, str))
    if isinstance(result, tuple):
        for item in result:
            text = getattr(item, "text", None)
            held += len(text) + 16 if isinstance(text, str) else 16
    return held
