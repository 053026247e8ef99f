"""The answer must say the case the question names, not a sibling of it: another period.

Why: "What was the weekly standby payment on grade C back in 2023?" was answered with this
year's grade C row, "What was the tool allowance for a joiner in 2022-23?" with the current
joiner's row. Each answer is a true line about a sibling of what was asked, a later period:
the answerability score reads how much of the question a line covers, and a row covering
the column and the entry asked scores well whichever year it holds for.

`earlier_period`, a check on the finished answer (whichever step built it, like
asked_thing.py and kind_keys.py): a question asked in the past tense of a year ("What was
..., "How much did ...") asks of a period; documents whose every year is later than it
("applies from the 2026-27 year") say what holds since, not then, and the question is
refused (extractive._answer). A year in a question asked in the present ("I started in
2019, how much leave do I get?") is the asker's situation, not the period asked, and is
left alone.

`unlisted_entry`, a second check on the finished answer: a cited table row answers only for
an entry its table lists. "How much tool allowance does a plasterer get a year?" was
answered with "| Bricklayer | £220 |", "I'm a special constable. How much paid time off do I
get for it?" with "| Retained firefighter | up to 10 days |": the table lists cases of one
kind (trades, public duties), and the question names one more case of that kind, which the
table leaves out. Such a word is read by the two things the embedder says of it against the
table's key cells (`meant_keys.key_forms`: a cell read whole, as each thing it lists, and as
the thing before its condition): it is of the table's kind (its cosine to the nearest key is
at least `KIND_COSINE`: "constable" 0.55 from "Councillor", "plasterer" 0.46 from "Steel
fixer"), and it names none of its entries (no key is nearer it than every other by
`meant_keys.MARGIN`: "constable" is as near "Magistrate" as "Councillor"; "cycling" stands
out toward "Bicycle", "CFO" toward "Chief Financial Officer": a word standing out toward
one key names that entry in other words, whichever row was cited, and is left to the
steps that read keys). The word must be said by no cited document (by the answerer's keys,
or as the opening of a longer word) and meant by none of their words (cosine
`asked_thing.MEANT`), must not be a name (capitalised past the question's first word) or a
number, and the row's own key must not be said by the question or hold a number (a range
or band, read by rows.py and kind_keys.py), nor be read as named in other words
(meant_keys.py). A first reading (refuse22), which refused whenever such a word did not
stand out toward the cited row's own key, also refused words standing out toward another
key, and lost a held-out factual task (docs/extractive-history.md, refuse22 and refuse23).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from wikiqa.answerers.asked_thing import _AROUND, _KIND, MEANT, _says, _words_of
from wikiqa.answerers.features import asked_clause, key, key_set, keys
from wikiqa.answerers.meant_keys import _ASKING, MARGIN, Meant, key_forms, meant_keys
from wikiqa.answerers.ranges import WORD_NUMBERS
from wikiqa.answerers.rows import siblings
from wikiqa.text.tables import cells
from wikiqa.text.terms import STOPWORDS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

KIND_COSINE = 0.45  # a word this near a table's nearest key cell names a case of its kind
MIN_ROWS = 3  # a table of fewer rows lists too few cases to tell their kind

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# A question asked in the past tense: "What was ...", "How much did ...", "Which rate were ..."
_PAST = re.compile(
    r"^\s*(?:what|which|who|how(?:\s+(?:much|many|long|often))?)(?:\s+\w+){0,3}?\s+"
    r"(?:was|were|did)\b",
    re.I,
)


def earlier_period(question: str, chosen: Iterable[Candidate]) -> str:
    """The year a past-tense question asks of, when every year the cited documents say is
    later; "" otherwise (see the module docstring)."""
    clause = asked_clause(question)
    if not _PAST.match(clause):
        return ""
    asked = [int(y) for y in _YEAR.findall(clause)]
    if not asked:
        return ""
    texts = {c.doc.doc_id: f"{c.doc.title}\n{c.doc.text}" for c in chosen}
    years = [int(y) for t in texts.values() for y in _YEAR.findall(t)]
    if not years:
        return ""
    first = min(years)
    return next((str(y) for y in asked if y < first), "")


def _naming_words(question: str) -> list[str]:
    """The question's words that may name a case: no stop word, asking word, word naming
    only a kind of value, number or name (capitalised past the first word)."""
    out: list[str] = []
    for at, raw in enumerate(_WORD.findall(question)):
        word = raw.strip("'’-")
        low = word.lower().replace("’", "'")
        if low.endswith("'s"):
            low = low[:-2]
        if len(low) < 3 or low in STOPWORDS or low in _ASKING or low in _KIND or low in _AROUND:
            continue
        if low in WORD_NUMBERS or (at > 0 and word[:1].isupper()) or not key(low):
            continue
        if low not in out:
            out.append(low)
    return out


def unlisted_entry(
    question: str,
    chosen: Iterable[Candidate],
    similarities: Callable[[str, list[str]], list[float]],
    meant: Meant = (),
) -> str:
    """The question's word naming a case of the kind a cited row's table lists but none of
    its entries, which no cited document says or means; "" when none (see the module
    docstring)."""
    chosen = list(chosen)
    rows = [c for c in chosen if c.header is not None]
    if not rows:
        return ""
    qkeys = key_set(question)
    texts = list(dict.fromkeys(f"{c.doc.title}\n{c.doc.text}" for c in chosen))
    said = frozenset(k for t in texts for k in keys(t))
    unsaid = [w for w in _naming_words(question) if not _says(w, said)]
    if not unsaid:
        return ""
    words = _words_of(texts)
    unsaid = [w for w in unsaid if not words or max(similarities(w, words)) < MEANT]
    for c in rows:
        assert c.header is not None
        if meant_keys(meant, c.doc.doc_id, c.header.start):
            continue  # the question is read as naming this row in other words
        own = cells(c.span.text)
        if not own or any(ch.isdigit() for ch in own[0]) or key_set(own[0]) & qkeys:
            continue
        firsts = [cells(r.row.text)[0] for r in siblings(c.doc.text, c.header.start)]
        firsts = [f for f in firsts if f.strip()]
        if len(firsts) < MIN_ROWS or own[0] not in firsts:
            continue
        forms = [key_forms(f) for f in firsts]
        flat = [f for fs in forms for f in fs]
        for word in unsaid:
            sims = similarities(word, flat)
            best: list[float] = []
            at = 0
            for fs in forms:
                best.append(max(sims[at : at + len(fs)], default=0.0))
                at += len(fs)
            top, second = sorted(best, reverse=True)[:2]
            if top >= KIND_COSINE and top - second < MARGIN:
                return word  # of the table's kind, and none of its entries
    return ""
