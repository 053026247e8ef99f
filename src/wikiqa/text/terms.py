"""Light, dependency-free term handling for lexical scoring (tokens, stopwords, stems)."""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

import snowballstemmer

_WORD = re.compile(r"\w+(?:[.'’]\w+)*", re.UNICODE)
# The endings of the adjectives of nationalities and languages ("American", "French", "Thai").
_DEMONYM = re.compile(r"(ican|ian|ish|ese|ean|ench|utch|eek|hai)$")


def is_demonym(word: str) -> bool:
    """Does the capitalised `word` look like a nationality or a language ("American",
    "French"): a word that names no one and no entity?"""
    return _DEMONYM.search(word) is not None


STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "but",
        "nor",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "do",
        "does",
        "did",
        "done",
        "doing",
        "has",
        "have",
        "had",
        "having",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "that",
        "this",
        "these",
        "those",
        "it",
        "its",
        "itself",
        "as",
        "into",
        "than",
        "then",
        "there",
        "their",
        "theirs",
        "they",
        "them",
        "he",
        "she",
        "his",
        "her",
        "hers",
        "him",
        "i",
        "you",
        "your",
        "yours",
        "we",
        "our",
        "ours",
        "us",
        "me",
        "my",
        "mine",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "may",
        "might",
        "must",
        "about",
        "over",
        "under",
        "after",
        "before",
        "during",
        "between",
        "also",
        "any",
        "all",
        "some",
        "such",
        "only",
        "own",
        "same",
        "so",
        "too",
        "very",
        "just",
        "if",
        "s",
        "t",
        "one",
        "ones",
        "name",
        "named",
        "called",
        "known",
        "type",
        "kind",
        "many",
        "much",
        "there",
        "here",
        "other",
        "another",
        "each",
        "every",
        "either",
        "neither",
        "both",
        "way",
        "ways",
        "used",
        "use",
        "using",
    ]
)


_local = threading.local()  # a Snowball stemmer keeps its working word on the instance


def _is_accent(c: str) -> bool:
    """The Combining Diacritical Marks block: the accents of Latin, Greek and Cyrillic letters,
    not the marks that make another letter in other scripts (the kana voicing marks)."""
    return "\u0300" <= c <= "\u036f"


def without_diacritics(word: str) -> str:
    """`word` with its accents dropped ("café" -> "cafe", "Poznań" -> "Poznan"): people type a
    name without the marks its page writes, and the lexical index already folds them
    (`remove_diacritics` in store/tokenize.py), so matching keys must fold them too."""
    if word.isascii():
        return word
    parts = unicodedata.normalize("NFD", word)
    return unicodedata.normalize("NFC", "".join(c for c in parts if not _is_accent(c)))


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Snowball (Porter2) English stem, so decide/decides/decided share one key; accents are
    dropped first, so "café" and "cafe" share one too."""
    w = without_diacritics(word.lower())
    if len(w) <= 2 or not w.isalpha():
        return w
    stemmer = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = _local.stemmer = snowballstemmer.stemmer("english")
    return str(stemmer.stemWord(w))


def words(text: str) -> list[str]:
    return _WORD.findall(text)


_POSSESSIVE = re.compile(r"['’]s?(?!\w)")


def without_possessive(text: str) -> str:
    """The text with each possessive ending dropped ("Desai's" -> "Desai", "mentors'" ->
    "mentors"): the owner's name is what a row or a record keys, not its possessive form."""
    return _POSSESSIVE.sub("", text)


def content_terms(text: str) -> list[str]:
    """Stemmed, lowercased content words, in order, stopwords dropped."""
    return [stem(w) for w in words(text) if w.lower() not in STOPWORDS]


def initials(phrase: Sequence[str]) -> str:
    """The capitals a phrase's words open with ("Kitchen", "porter" -> "KP"): what an
    initialism of it is written as (the store's definitions, the search's rewrite of a
    question's "KP", a job table's key cell)."""
    return "".join(w[0] for w in phrase).upper()
