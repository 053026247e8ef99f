"""The table row a question names in other words than its key cell.

People name a row in their own words: "How much can I spend on dinner?" and "| Evening meal
when staying away overnight | £25 |", "the per-mile payback for cycling" and
"| Bicycle | 20 pence |", "recommending a mate as a mechanic" and "| Vehicle technician |
£1,000 |". rows.py keys a row only by the words its key cell says, so such a row is `NO` (or
a sibling the question half names comes first) and the question is refused.

One sentence: *a phrase of the question names a key cell by meaning when the cell is clearly
the nearest of its column's keys to it and near enough; the row is then read as if the
question had said its key.* The table's other keys are the competing set, as
asker_job.described_row compares the asker's statement with a job table's rows:

* a *phrase* is one to three words of the question in a row, no stop word at either end,
  no number and no name (a capitalised word past the question's first: a name is matched
  by its letters, rows.py and text/forms.py, not by what it is near in meaning: "Joost
  Verhoeven" is near "Venlo"), none of whose words a key cell of the tables read says (a word a key says is
  rows.py's ground, in that table or in a neighbour's: "adult wards" names no other
  hospital's "Rehabilitation wards" when this hospital's "Adult inpatient wards" says
  "adult");
* a key cell is read whole (its bracketed aside dropped), as each thing it lists ("Parent,
  step-parent, brother or sister": four) and as the thing it names before its condition
  ("Evening meal" of "Evening meal when staying away overnight", rows.cell_head's cut);
  a phrase's cosine to the cell is the largest of these (the bundled embedder's, through the
  answerer's vector cache);
* a phrase names the cell when that cosine is at least MIN_COSINE and MARGIN over every
  other key cell of the table; a table is keyed so when some phrase names a cell and no
  phrase names another, and only when the question names none of its rows in its own words
  (rows.table_keyed, rows.table_part_named) and names no key by its kind ("grade F": those
  are read by kind_keys.py, which refuses a grade the table lacks), in a document in force
  (not a superseded, archived or draft edition, neighbours.out_of_force: with the current
  expenses policy withheld, the 2024 edition's "Evening meal" row answered "dinner", as a
  labelled entry or a named cell under the floor may not either).

Not for a question whose asking sentence (features.asked_clause) is a yes/no question: it
asks whether, not for a row's value, as for a labelled entry (labelled.py); "Can I get hot
food during my shift?" is not asked of the staff discount's "Restaurants and bars" row.

The question is then read, for that table alone, as saying the cell's words (`Meant`, read
by extractive.fit_level): the row is keyed, the table's other rows answer nothing, and
everything else rows.row_fit asks (a column or kind asked, what the table is about) is
asked as for a row named in the question's words. A question about a row the table lacks
("my great-aunt died" over partner, parent and grandparent rows) names no cell: the nearest
is neither near enough nor clear of the next.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from wikiqa.answerers.features import ASKING_WORDS, asked_clause, key, key_set, question_type
from wikiqa.answerers.kind_keys import asked_keys
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.ranges import question_numbers
from wikiqa.answerers.rows import (
    cell_head,
    naming_keys,
    siblings,
    table_keyed,
    table_part_named,
)
from wikiqa.text.tables import cells, split_alternatives
from wikiqa.text.terms import STOPWORDS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

MIN_COSINE = 0.55  # a phrase's cosine to the key cell it names, at least
MARGIN = 0.15  # over every other key cell of the table: a phrase near two keys names neither
MAX_WORDS = 3  # the longest phrase
MIN_ROWS = 2  # a table of one row has no competing key
MAX_TABLES = 4  # tables read per question (those of the top-ranked candidates first)

# (doc id, header start, the keys the question is read as saying for that table)
Meant = tuple[tuple[str, int, frozenset[str]], ...]

_WORD = re.compile(r"[^\W\d_][\w'’-]*|\d[\w.,:]*")
_ASIDE = re.compile(r"\([^)]*\)")


def _open(word: str) -> bool:
    """Can `word` open or close a phrase: a content word, not a number?"""
    low = word.lower()
    return (
        low not in STOPWORDS
        and low not in ASKING_WORDS
        and not word[0].isdigit()
        and bool(key(word))
    )


def phrases(question: str) -> list[str]:
    """The question's phrases: one to MAX_WORDS words in a row, opening and closing on a
    content word, none of them a number."""
    words = _WORD.findall(question)
    out: list[str] = []
    for n in range(1, MAX_WORDS + 1):
        for i in range(len(words) - n + 1):
            run = words[i : i + n]
            if any(w[0].isdigit() for w in run) or not (_open(run[0]) and _open(run[-1])):
                continue
            if any(w[0].isupper() for w in run[1:]) or (i > 0 and run[0][0].isupper()):
                continue  # a name ("Joost Verhoeven", "Irish"): matched by its letters
            phrase = " ".join(run)
            if phrase not in out:
                out.append(phrase)
    return out


@lru_cache(maxsize=4096)
def key_forms(cell: str) -> tuple[str, ...]:
    """What a key cell names, read whole, as each thing it lists and as the thing before
    its condition ("Evening meal when staying away overnight": also "Evening meal")."""
    plain = " ".join(_ASIDE.sub(" ", cell).split())
    forms = [plain] if plain else []
    for part in split_alternatives(plain):
        part = part.strip(" ,;")
        if part and part not in forms:
            forms.append(part)
    if cell_head(cell):
        head = re.split(
            r"\s(?:when|while|whilst|if|during|for|on|in|at|with|after|before|from|over|under)\s",
            plain,
            maxsplit=1,
            flags=re.I,
        )[0].strip()
        if head and head not in forms:
            forms.append(head)
    return tuple(forms)


def key_words(keys: Iterable[str]) -> frozenset[str]:
    """The keys of the words the key cells say (their asides dropped)."""
    return frozenset(k for cell in keys for k in key_set(_ASIDE.sub(" ", cell)))


def open_phrases(question: str, said: frozenset[str]) -> list[str]:
    """The question's phrases no word of which a key cell says (`said`: rows.py's ground)."""
    return [p for p in phrases(question) if not key_set(p) & said]


def named_key(
    question: str,
    keys: list[str],
    similarities: Callable[[str, list[str]], list[float]],
    said: frozenset[str] = frozenset(),
) -> int | None:
    """The index of the key cell of `keys` (one table's key column) the question names in
    other words (module docstring), or None. `said`: the words other tables' keys say."""
    said = said | key_words(keys)
    forms = [key_forms(c) for c in keys]
    flat = [f for fs in forms for f in fs]
    if not flat:
        return None
    chosen: set[int] = set()
    for phrase in open_phrases(question, said):
        sims = similarities(phrase, flat)
        best: list[float] = []
        at = 0
        for fs in forms:
            best.append(max(sims[at : at + len(fs)], default=0.0))
            at += len(fs)
        order = sorted(range(len(keys)), key=lambda i: best[i], reverse=True)
        top, second = best[order[0]], best[order[1]] if len(order) > 1 else 0.0
        if top >= MIN_COSINE and top - second >= MARGIN:
            chosen.add(order[0])
    return next(iter(chosen)) if len(chosen) == 1 else None


def meant_rows(
    question: str,
    qset: frozenset[str],
    candidates: Iterable[Candidate],
    similarities: Callable[[str, list[str]], list[float]],
    prepare: Callable[[list[str]], None] | None = None,
) -> Meant:
    """For each table among `candidates` (the first MAX_TABLES met) that the question names
    no row of in its own words, the keys of the row it names in other words, if any.
    `prepare(texts)`, when given, is called once with every text `similarities` will then
    be asked about (the phrases and every read table's key forms), so that they are
    embedded in one run of the model rather than one run per phrase; the cosines are the
    same (the bundled embedder's vectors do not depend on batching, to the last bit)."""
    if asked_keys(question):
        return ()  # a key named by its kind ("grade F") is kind_keys.py's to read
    if question_type(asked_clause(question)) == "yesno":
        return ()  # it asks whether, not for a row's value (as labelled.py)
    naming = naming_keys(qset)
    numbers = question_numbers(question)
    tables: dict[tuple[str, int], tuple[str, list[str]]] = {}
    for c in candidates:
        if c.header is None or (at := (c.doc.doc_id, c.header.start)) in tables:
            continue
        if read_out_of_force(c.doc):
            continue  # a superseded edition keys its rows like the current one
        if len(tables) == MAX_TABLES:
            break
        rows = siblings(c.doc.text, c.header.start)
        tables[at] = (c.doc.text, [cells(r.row.text)[0] if cells(r.row.text) else "" for r in rows])
    said = key_words(k for _, firsts in tables.values() for k in firsts)
    read = {
        at: firsts
        for at, (text, firsts) in tables.items()
        if len([f for f in firsts if f.strip()]) >= MIN_ROWS
        and not table_keyed(text, at[1], naming, numbers)
        and not table_part_named(text, at[1], naming)
    }
    # Every table's keys are in `said`, so the phrases compared are the same for each table.
    compared = open_phrases(question, said) if read else []
    if prepare is not None and compared:
        prepare([*compared, *(f for firsts in read.values() for c in firsts for f in key_forms(c))])
    out: list[tuple[str, int, frozenset[str]]] = []
    for (doc_id, start), firsts in read.items():
        index = named_key(question, firsts, similarities, said)
        if index is not None:
            out.append((doc_id, start, key_set(_ASIDE.sub(" ", firsts[index]))))
    return tuple(out)


def meant_keys(meant: Meant, doc_id: str, header_start: int) -> frozenset[str]:
    """The keys the question is read as saying for the table at (doc_id, header_start)."""
    return next((k for d, s, k in meant if d == doc_id and s == header_start), frozenset())
