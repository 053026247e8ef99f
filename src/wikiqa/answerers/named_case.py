"""The answer must say the thing or the case the question names, not a sibling of it.

Why: "I'm a special constable. How much paid time off do I get for it?" was answered with
"| Retained firefighter | up to 10 days |", "How much tool allowance does a plasterer get?"
with the bricklayer's row, "What was the weekly standby payment on grade C back in 2023?"
with this year's grade C row. Each answer is a true line about a sibling of what was asked:
another entry of the same table, another period. The answerability score reads how much of
the question a line covers; a row covering the column asked ("paid time off", "tool
allowance") and the rest of the question's words scores well whichever entry it is, so the
one word naming the entry asked can be all that is missing.

Two readings, each a check on the finished answer (whichever step built it, like
asked_thing.py and kind_keys.py):

* `sibling_key`: a cited table row answers only for the entry the question names. A word
  of the question names an entry of the kind the row's table lists when its cosine to the
  nearest key cell of that table (meant_keys.key_forms: a cell read whole, as each thing it
  lists, and as the thing before its condition) is at least `KIND_COSINE`: "constable" is
  0.55 from "Councillor", "plasterer" 0.46 from "Steel fixer". Such a word that no cited
  document says (by the answerer's keys, or as the opening of a longer word) or means (a
  word of theirs at cosine `asked_thing.MEANT` or more) names an entry the table does not
  list, unless it names the cited row's own key clearly: its nearest key, by
  `meant_keys.MARGIN` over every other ("cycling" and "Bicycle", "dinner" and "Evening
  meal" are paraphrases; "constable" is as near "Magistrate" as "Councillor"). A row whose
  key the question says itself, a key holding a number (a range or a band, read by
  rows.py and kind_keys.py), a row the question is read as naming in other words
  (meant_keys.py), and a word that is a name (capitalised past the question's first word,
  matched by its letters elsewhere: "CFO") or a number are left alone.
* `earlier_period`: a question asked in the past tense of a year ("What was the tool
  allowance for a joiner in 2022-23?") asks of a period; documents whose every year is later
  than it ("applies from the 2026-27 year") say what holds since, not then. A year in a
  question asked in the present ("I started in 2019, how much leave do I get?") is the
  asker's situation, not the period asked, and is left alone.

Both refuse (extractive._answer) rather than answer for the sibling
(docs/extractive-history.md, refuse22).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from wikiqa.answerers.asked_thing import _AROUND, _KIND, MEANT, _says, _words_of
from wikiqa.answerers.features import asked_clause, key, key_set, keys
from wikiqa.answerers.meant_keys import _ASKING, MARGIN, key_forms, meant_keys
from wikiqa.answerers.ranges import WORD_NUMBERS
from wikiqa.answerers.rows import siblings
from wikiqa.text.tables import cells
from wikiqa.text.terms import STOPWORDS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

KIND_COSINE = 0.5  # a word this near a table's key cell names an entry of the table's kind
MIN_ROWS = 2  # a table of one row lists no siblings

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# A question asked in the past tense: "What was ...", "How much did ...", "Which rate were ..."
_PAST = re.compile(
    r"^\s*(?:what|which|who|how(?:\s+(?:much|many|long|often))?)(?:\s+\w+){0,3}?\s+"
    r"(?:was|were|did)\b",
    re.I,
)


def _naming_words(question: str) -> list[str]:
    """The question's words that may name a thing: no stop word, asking word, word naming
    only a kind of value, number or name."""
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


def sibling_key(
    question: str,
    chosen: Iterable[Candidate],
    similarities: Callable[[str, list[str]], list[float]],
    meant: tuple[tuple[str, int, frozenset[str]], ...] = (),
) -> str:
    """The question's word naming an entry of the kind a cited row's table lists, which no
    cited document says or means and which does not name the row's own key clearly; "" when
    none (see the module docstring)."""
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
        mine = firsts.index(own[0])
        for word in unsaid:
            sims = similarities(word, flat)
            best: list[float] = []
            at = 0
            for fs in forms:
                best.append(max(sims[at : at + len(fs)], default=0.0))
                at += len(fs)
            order = sorted(range(len(firsts)), key=lambda i: best[i], reverse=True)
            top = order[0]
            if best[top] < KIND_COSINE:
                continue
            second = best[order[1]] if len(order) > 1 else 0.0
            if top == mine and best[top] - second >= MARGIN:
                continue  # names the row's own key in other words
            return word
    return ""


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
