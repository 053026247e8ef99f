"""A line saying, in the clause about the asked thing, the other end of the asked scale.

"What is *easy* about proving lower bounds?" over "However, proving lower bounds is much more
*difficult*, since ..."; "What type of major impact did the Norman dynasty have on *modern*
Europe?" over "... had a major political, cultural and military impact on *medieval* Europe";
"What architecture type came *after* Early Gothic?" over "... and *precedes* the Early
Gothic". The question asks about
one end of a scale (or one of two states); the line speaks of the same thing in the same
clause, says the other end and never says the asked one, so it tells the other case and names
nothing that answers. SQuAD 2.0 writes a share of its unanswerable questions by turning one
word into its opposite.

`other_case.opposite_pairs` reads the pair only within a three-word phrase on the same side of
a shared word; a predicate ("is easy", "is much more difficult") or a word a few words from
its head falls outside it. Here a content word within three words of the asked one may stand
anywhere in the line's clause (a clause ends at a mark or a clause word: "but", "while",
"since", "which", ...), the line must not say the asked word at all, and the two ends must
stand in the same place: before the same word ("*modern* Europe" / "*medieval* Europe"), or
each said of its subject after "be" ("What is *easy* ...?" / "... is much more *difficult*").
An opposite of something else in the clause ("What break do I get after working in the *cold*
chamber?" over "..., each followed by a *warm*-up break of at least 15 minutes outside the
chamber") tells nothing of the asked thing. Three more pairs are read beside `other_case`'s
scales: medieval / modern, precede / after, many / fewer or fewest. Single / multiple is not:
a handbook line bounds a count with "single" ("£1,000 for a *single* transaction and £5,000 a
month"), which answers "the limit for *multiple* transactions" in other words.

Left to the three-word phrase, as `other_case` reads them: order in time, age and the compass
("How long can I drive *before* I need a break?" is answered by "a break of 45 minutes *after*
4 hours 30 minutes of driving"; a line lists the regions of a country in the north and the
south). A clause that negates something ("for which no efficient algorithm is *known*") may
cancel the opposite ("unknown") and is read only within the phrase. A negation on one side
only, a comparison with another thing ("less efficient than steam turbines") and a word that
asks or bounds ("how long", "at least") are read as `other_case` reads them; a word after
"less" or "least" is its own opposite ("the least expensive way" is the cheapest) and is not
read. A yes/no question is never read: the other end answers it with a no.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import asked_clause, key
from wikiqa.answerers.other_case import (
    NEAR,
    NEGATORS,
    OPPOSITES,
    after_asking,
    is_negated,
    is_negator,
    opposed_words,
    opposites_of,
    phrase_around,
    same_comparand,
    word_tokens,
)
from wikiqa.text.terms import STOPWORDS

__all__ = ["clause_opposites"]

# Pairs read here beside `other_case._SCALES`.
_MORE_SCALES: tuple[tuple[str, str], ...] = (
    ("medieval", "modern"),
    ("precede precedes preceded preceding", "after"),
    ("many", "fewer fewest"),
)
_MORE = opposites_of(_MORE_SCALES)
_SCALE_WORDS = frozenset(OPPOSITES) | frozenset(_MORE)

# Scales read only within the three-word phrase: order in time, age, the compass.
_PHRASE_ONLY = frozenset({"before", "prior", "precede", "precedes", "preceded", "preceding",
                          "after", "first", "last", "final", "early", "earlier", "earliest",
                          "late", "later", "latest", "old", "older", "oldest", "young",
                          "younger", "youngest", "new", "newer", "newest", "north", "northern",
                          "south", "southern", "east", "eastern", "west", "western"})  # fmt: skip
_LESS = frozenset({"less", "least"})
_ARTICLES = frozenset({"the", "a", "an"})
_BE = frozenset({"is", "are", "was", "were", "be", "been", "being"})
# Words of degree that may stand between "be" and the word said of the subject.
_DEGREE = frozenset({"much", "more", "most", "very", "so", "too", "quite", "rather", "far"})
# A clause ends at a mark or a word opening another clause.
_CLAUSES = re.compile(
    r"[,;:()\[\].!?]|\b(?:but|while|whereas|although|though|since|because|which|who|that)\b",
    re.I,
)


def _opposite(a: str, b: str) -> bool:
    return b in _MORE.get(a, ()) or opposed_words(a, b)


def _content(token: str) -> bool:
    return token not in STOPWORDS and token not in NEGATORS and token not in _SCALE_WORDS


def _lessened(tokens: list[str], i: int) -> bool:
    """Is the word at i turned round by "less" or "least" right before it?"""
    return i > 0 and tokens[i - 1] in _LESS


def _negates(clause: list[str]) -> bool:
    return any(is_negator(t) for t in clause)


def clause_opposites(question: str, wh: str, line: str) -> list[tuple[str, str]]:
    """(question word, the line's opposite) for each word of the asking clause whose
    opposite a clause of the line says beside a content word of the word's phrase (within
    `other_case.NEAR` words of it in the question), when the line never says the word."""
    if wh == "yesno":
        return []
    q = word_tokens(asked_clause(question))
    said = {key(t) for t in word_tokens(line)}
    clauses = [word_tokens(c) for c in _CLAUSES.split(line) if c and c.strip()]
    found: list[tuple[str, str]] = []
    for i, w in enumerate(q):
        if after_asking(q, i) or len(w) < 2 or key(w) in said:
            continue
        lo = max(0, i - NEAR)
        near = {key(t) for n, t in enumerate(q[lo : i + NEAR + 1], lo) if n != i and _content(t)}
        if not near:
            continue
        for clause in clauses:
            keys = {key(t) for t in clause if _content(t)}
            if not near & keys:
                continue
            hit = next((v for j, v in enumerate(clause) if _reads(q, i, clause, j)), None)
            if hit:
                found.append((w, hit))
                break
    return found


def _reads(q: list[str], i: int, clause: list[str], j: int) -> bool:
    """Is the clause's word at j the other end of the question's word at i, read as this
    module's docstring says?"""
    w, v = q[i], clause[j]
    if after_asking(clause, j) or v in q or not _opposite(w, v):
        return False
    if not same_comparand(q, i, clause, j) or is_negated(q, i) != is_negated(clause, j):
        return False
    if _lessened(q, i) or _lessened(clause, j):
        return False  # "the least expensive way" is the cheapest
    in_phrase = bool(phrase_around(q, i) & phrase_around(clause, j))
    if w in _PHRASE_ONLY or v in _PHRASE_ONLY or (_negates(clause) and not is_negated(q, i)):
        return in_phrase
    return _same_slot(q, i, clause, j)


def _next_word(tokens: list[str], i: int) -> str:
    """The key of the first word after position i that is no article."""
    return next((key(t) for t in tokens[i + 1 :] if t not in _ARTICLES), "")


def _predicate(tokens: list[str], i: int) -> bool:
    """Is the word at i said of a subject after a form of "be" ("is much more difficult")?"""
    k = i - 1
    while k >= 0 and tokens[k] in _DEGREE:
        k -= 1
    return k >= 0 and tokens[k] in _BE


def _same_slot(q: list[str], i: int, clause: list[str], j: int) -> bool:
    """Do the two ends stand in the same place: before the same word ("*modern* Europe" /
    "*medieval* Europe", "*after* the Early Gothic" / "*precedes* the Early Gothic"), or each
    said of its subject after "be" ("What is *easy* ...?" / "... is much more *difficult*")?
    A line's opposite of something else ("a *warm*-up break" for "the *cold* chamber") tells
    nothing of the asked thing."""
    after = _next_word(q, i)
    return (bool(after) and after == _next_word(clause, j)) or (
        _predicate(q, i) and _predicate(clause, j)
    )
