"""A table row named by its key cell's head noun, for the value bridge's bridge rows.

"How much notice does a shunter have to give?" names the job-grades row "| Vehicle shunter
and fueller | Grade B |" by its head noun only, and "I clean the buses" the row "| Depot
cleaner | Grade A |" by the verb its agent noun is built on. `named_cells` (rows.py) wants
every content word of a cell, so neither row carries its grade. Here a key cell (or one thing
it lists) is named by its last content word said bare in the question (not after another
content word: "freezer chamber" is a kind of chamber of its own), itself or as the verb or
noun of its agent noun (clean / cleaner, shunt / shunter), when no row of the table is named
whole and one row is named best ("a driver" names none of "Bus driver" and "Tram driver").
Used only to let such a row carry its values (key_bridge.carried_values): the row itself is
never the answer, the chain it keys must still clear every test. (From the `keys2` branch,
where the same rule applied to answer rows too measured inert.)
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from wikiqa.answerers.features import key, keys
from wikiqa.answerers.rows import listed_parts, named_cells, siblings, table_keyed
from wikiqa.text.tables import cells
from wikiqa.text.terms import STOPWORDS, initials, words

# What an agent noun adds to its verb or noun: "clean" -> "cleaner", "drive" -> "driver",
# "shunt" -> "shunter" (keys, stemmed and cut: "operat" -> "operato").
_AGENT_ENDINGS = frozenset({"er", "r", "or", "o"})
_AGENT_STEM = 4  # the fewest letters of a verb or noun an agent noun is built on


@lru_cache(maxsize=1024)
def bare_keys(question: str) -> frozenset[str]:
    """The keys of the question's content words said bare, not after another content word:
    "a shunter", "I clean the buses", but not the "chamber" of "a freezer chamber"."""
    out: set[str] = set()
    before = ""
    for w in words(question):
        if w.lower() not in STOPWORDS and (not before or _function(before)):
            out.add(key(w))
        if not _adverb(w):  # "I mostly wait tables": the adverb qualifies the verb
            before = w
    return frozenset(out)


_CLIP = 3  # the fewest letters of a clipped modifier ("lab" of "laboratory")


@lru_cache(maxsize=1024)
def clipped_heads(question: str) -> frozenset[tuple[str, str]]:
    """(modifier, head) keys of each two content words the question says side by side, the
    first a plain lower-case word that may be a clipping of a longer word ("a lab
    technician": ("lab", "technic")). A head said after such a modifier is no bare head, but
    it names a key cell whose word before the head the modifier opens ("Laboratory
    technician": hop66), the cell's own words said short."""
    out: set[tuple[str, str]] = set()
    ws = words(question)
    for a, b in pairwise(ws):
        if (
            a.isalpha()
            and a.islower()
            and len(a) >= _CLIP
            and not _function(a)
            and not _function(b)
            and not _adverb(a)
        ):
            out.add((key(a), key(b)))
    return frozenset(out)


def _clipped_head(name: tuple[str, ...], clipped: frozenset[tuple[str, str]]) -> bool:
    """Does the question say the head of `name` (keys, head last) after a clipping of the
    word before it ("lab technician" for "Laboratory technician")?"""
    return len(name) >= 2 and any(
        head == name[-1] and name[-2] != clip and name[-2].startswith(clip)
        for clip, head in clipped
    )


def _function(word: str) -> bool:
    return word.lower() in STOPWORDS


def _adverb(word: str) -> bool:
    """Is `word` an adverb in -ly ("mostly", "usually"), which qualifies the word after it
    without making it a kind of anything ("freezer chamber" does)?"""
    w = word.lower()
    return len(w) > 4 and w.endswith("ly") and w.isalpha()


def says_head(head: str, qset: frozenset[str]) -> bool:
    """Does the question say `head` (a cell's head noun key): itself, or the verb or noun
    it is the agent noun of ("I clean the buses" says "cleaner")?"""
    return head in qset or any(
        len(q) >= _AGENT_STEM and head.startswith(q) and head[len(q) :] in _AGENT_ENDINGS
        for q in qset
    )


@lru_cache(maxsize=4096)
def head_names(cell: str) -> tuple[tuple[str, ...], ...]:
    """The keys of each name a key cell gives (the cell, or each thing it lists: "Vehicle
    shunter and fueller" is a shunter's and a fueller's row), its head noun last."""
    plain, parts = listed_parts(cell)
    listed = tuple(k for p in parts if (k := tuple(keys(p)))) if len(parts) > 1 else ()
    return tuple(n for n in (tuple(keys(plain)), *listed) if n)


def head_score(
    cell: str,
    qset: frozenset[str],
    bare: frozenset[str],
    clipped: frozenset[tuple[str, str]] = frozenset(),
) -> int:
    """How many words of a key cell the question says when it says bare the head noun of
    the cell or of one thing it lists: "I drive a bus" names "Bus driver" by two words and
    "Tram driver" by one; 0 when it says no head noun of the cell bare."""
    return max(
        (
            sum(1 for k in name if k in qset or says_head(k, qset))
            for name in head_names(cell)
            if says_head(name[-1], bare) or _clipped_head(name, clipped)
        ),
        default=0,
    )


@lru_cache(maxsize=1024)
def head_best(
    text: str,
    header_start: int,
    qset: frozenset[str],
    numbers: tuple[float, ...],
    bare: frozenset[str],
    clipped: frozenset[tuple[str, str]] = frozenset(),
) -> str | None:
    """The row of the table (under the header at `header_start` of `text`) the question
    names best by a head noun, if exactly one, and none when a row is named whole."""
    if _one_named(text, header_start, qset, numbers):
        return None
    scored = [
        (head_score(first[0], qset, bare, clipped), r.row.text)
        for r in siblings(text, header_start)
        if (first := cells(r.row.text))
    ]
    top = max((n for n, _ in scored), default=0)
    best = [row for n, row in scored if n == top]
    return best[0] if top and len(best) == 1 else None


def _one_named(
    text: str, header_start: int, qset: frozenset[str], numbers: tuple[float, ...]
) -> bool:
    """Does the question name a row of the table itself: its key cell, or any cell that
    only one row holds? A cell several rows share ("Housekeeping" in the Department column
    of three jobs) names none of them, and leaves the head noun to say which ("I run the
    housekeeping team" and "Head housekeeper")."""
    if not table_keyed(text, header_start, qset, numbers):
        return False
    named = [
        n for r in siblings(text, header_start) if (n := named_cells(r.row.text, qset, numbers))
    ]
    return len(named) == 1 or any(0 in n for n in named)


_INITIALS = re.compile(r"\b[A-Z]{2,4}\b")


@lru_cache(maxsize=1024)
def initials_best(text: str, header_start: int, question: str) -> str | None:
    """The row of the table whose key cell the question writes by its initials ("I'm a KP"
    for "| Kitchen porter | Kitchen | Grade 1 |"), if exactly one: a key cell of two to four
    words, each opening with a letter, one capital of the question's word for each, in
    order. Staff name their jobs so; a question's code that is a cell itself ("G5") is named
    by the cell (rows.named_cells), not here."""
    said = {m.group(0) for m in _INITIALS.finditer(question)}
    if not said:
        return None
    found = [
        r.row.text
        for r in siblings(text, header_start)
        if (first := cells(r.row.text)) and _initials(first[0]) in said
    ]
    return found[0] if len(found) == 1 else None


def _initials(cell: str) -> str:
    """The initials of a key cell of two to four words ("Kitchen porter" -> "KP"), or ""."""
    ws = cell.split()
    if not 2 <= len(ws) <= 4 or not all(w[0].isalpha() for w in ws):
        return ""
    return initials(ws)
