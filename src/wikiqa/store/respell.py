"""A misspelt query word searched as the word of the collection it misspells (or writes in
the other number).

"Who's the manger at Quayside?" and "How long does my pasword have to be?" name words no
document says, so BM25 drops them and the question is searched without its subject. A query
word is respelled when it is no English word (not a whole word of the bundled embedder's
WordPiece vocabulary, 30k words), no document the reader may read says it, and a word one
key away (a letter left out, one too many, two swapped; not one letter for another, which
turns "speeding" into "spending") is an English word (or a form of one: "sacking" is no
misspelling of "stacking", nor "breaches" of "reaches") the reader's documents do say: the most
frequent such word. Short words (under five letters) and real words are left alone, however
rare in the collection ("party" is not "part"), and so are names (a capitalised word after
the first): a name no document says may be another one than the name a letter away, and a
question about someone the documents do not name is one to refuse (on SQuAD 2.0 dev,
respelling names answered four unanswerable questions, "the Lavietes Pavillion" among them,
and no answerable one better). Live Wikipedia corrects spelling itself
(`sources/search_query.py`); this does the same for a local collection.

A word is also searched in the other number when the reader's documents say only that one and
porter stems the two apart ("midibuses" / "midibus", "shelves" / "shelf", "analyses" /
"analysis"): for those endings a question in the other number shares no term with the text.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Iterator
from functools import lru_cache
from importlib import resources

from wikiqa.store.schema import STOPWORDS
from wikiqa.store.tokenize import shared_tokenizer

MIN_LETTERS = 5
MIN_NUMBER_LETTERS = 3  # "bus" and "buses" are one word in two numbers
_WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """The whole words of the bundled WordPiece vocabulary (lowercase, letters only)."""
    path = resources.files("wikiqa.store") / "data" / "tokenizer.json"
    vocab = json.loads(path.read_text(encoding="utf-8"))["model"]["vocab"]
    return frozenset(w for w in vocab if w.isascii() and w.isalpha() and w.islower())


def is_english(word: str) -> bool:
    """Is `word` (lowercase) an English word or a form of one: the vocabulary says it or
    its stem ("sacking" is "sack"'s, "recommending" "recommend"'s; the vocabulary lacks many
    inflected forms, which are no misspellings: "sacking" is not "stacking")."""
    known = english_words()
    if word in known:
        return True
    stems = shared_tokenizer().terms(word)
    return len(stems) == 1 and stems[0] in known


def _one_key_away(word: str) -> Iterator[str]:
    """Words one letter left out, added, or two neighbours swapped away from `word`."""
    for i in range(len(word)):
        yield word[:i] + word[i + 1 :]
        if i + 1 < len(word):
            yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    for i in range(len(word) + 1):
        for c in string.ascii_lowercase:
            yield word[:i] + c + word[i:]


def respelled(query: str, frequency: Callable[[str], int]) -> str:
    """`query` with each misspelt word replaced (module docstring); `frequency(word)` is how
    many passages the reader may read say the word (in any of its stemmed forms)."""
    known = english_words()
    out = query
    words = list(_WORD.finditer(query))
    for m in reversed(words):
        word = m.group().lower()
        if len(word) < MIN_NUMBER_LETTERS or not word.isascii() or word in STOPWORDS:
            continue
        if m.group()[0].isupper() and m is not words[0]:
            continue  # a name: one letter away may be another one (Karan, Karen)
        if frequency(word) > 0:
            continue
        fixed = _other_number(word, frequency)
        if not fixed and len(word) >= MIN_LETTERS and not is_english(word):
            options = sorted({w for w in _one_key_away(word) if w in known and w != word})
            fixed = _most_said(options, frequency)
        if fixed:
            out = out[: m.start()] + cased(fixed, m.group()) + out[m.end() :]
    return out


def _most_said(forms: list[str], frequency: Callable[[str], int]) -> str:
    """Of `forms`, the one the reader's documents say most (the first of a tie), or "" when
    they say none."""
    best = max(((frequency(f), f) for f in forms), key=lambda s: s[0], default=(0, ""))
    return best[1] if best[0] > 0 else ""


def cased(word: str, asked: str) -> str:
    """`word` capitalised as `asked` was (only the first word of a question can be)."""
    return word.capitalize() if asked[0].isupper() else word


# Singular and plural endings whose porter stems differ ("bus" -> "bu", "buses" -> "bus";
# "shelf" -> "shelf", "shelves" -> "shelv"; "analysis" -> "analysi", "analyses" -> "analys"):
# each ending and the endings of the other number it may be written with.
_NUMBER_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("uses", ("us",)),
    ("us", ("uses",)),
    ("ves", ("f", "fe")),
    ("fe", ("ves",)),
    ("f", ("ves",)),
    ("ses", ("sis",)),
    ("sis", ("ses",)),
)


def _other_number(word: str, frequency: Callable[[str], int]) -> str:
    """The other number of `word` (plural for singular and back) when the reader's documents
    say it and porter stems the two apart, so the search would miss it; else ""."""
    for ending, others in _NUMBER_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending):
            return _most_said([word[: -len(ending)] + other for other in others], frequency)
    return ""
