"""A table's row answering for a case of its kind the table does not list (refuse27).

"How much tool allowance does a plasterer get a year?" was answered with "| Bricklayer |
£220 |", "How many paid days off a year do I get for volunteering as a special constable?"
with "| Local councillor | 5 working days |", "What's the yearly tool allowance for a
roofer?" with "| Plasterer or decorator | £150 a year |": the table lists the cases of one
kind (trades, public duties, benefits), the question names one more case of that kind, and
the table leaves it out. The row says the question's other words (tool allowance, paid days
off) and clears the floor, but its rule is another case's.

One sentence: *a cited row answers for the case a question names only when its table lists
that case, says it in other words, or keeps a row for every other case.* A word of the
question (`_naming_words`: no stop word, asking word, word naming only a kind of value,
number or name) that no cited document says or means (`asked_thing.MEANT`, word cosine with
the bundled embedder) is read against the table's key cells (`meant_keys.key_forms`):

* it is a case of the table's kind when its cosine to the nearest key is at least
  KIND_COSINE ("constable" 0.52 to "Local councillor", "plasterer" 0.46 to "Steel fixer");
* it names that key in other words when it stands out toward it: nearer it by
  `meant_keys.MARGIN` than to every other key ("cycling" and "Bicycle"), or nearer it by
  MARGIN than the key's own nearest sibling key is (a paraphrase shares its key's meaning;
  a further case of the kind sits among the keys as they sit among each other:
  "plasterer" is 0.46 from "Steel fixer", which is 0.40 from its nearest other key);
* a key such as "Any other injury" or "Anyone else close to you" covers every case the
  table does not list ("my nephew died", "a bruise"): a table with such a row is never read
  (`_covers_others`). refuse22's and refuse23's readings of this class each lost a held-out
  factual task and had no such guard (docs/extractive-history.md, refuse22, refuse23,
  refuse27).

Left alone: a table of fewer than MIN_ROWS rows (too few cases to tell their kind), a row
whose own key the question says or that holds a number (a band or range: rows.py and
kind_keys.py read those), a row read as named in other words (meant_keys.py), a word the
documents say or mean ("motorbike" is meant by "bicycle" 0.66: the mileage rows stand).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from wikiqa.answerers.asked_thing import _AROUND, _KIND, MEANT, _says, _words_of
from wikiqa.answerers.features import key, key_set, keys
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
# A key cell for every case the other rows leave out: "Other", "Any other injury",
# "All other staff", "Anyone else close to you".
_OTHERS = re.compile(
    r"^\W*(?:(?:any|all|every)\s+)?others?\b"
    r"|\b(?:anyone|anybody|anything|everyone|everybody|everything|someone|somebody|something)"
    r"\s+else\b",
    re.I,
)


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


def _covers_others(firsts: Iterable[str]) -> bool:
    """Does one of a table's key cells cover every case the others leave out?"""
    return any(_OTHERS.search(f) for f in firsts)


def unlisted_case(
    question: str,
    chosen: Iterable[Candidate],
    similarities: Callable[[str, list[str]], list[float]],
    meant: Meant = (),
) -> str:
    """The question's word naming a case of the kind a cited row's table lists, which the
    table neither lists, says in other words nor covers by a row for every other case, and
    which no cited document says or means; "" when none (see the module docstring)."""
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
        if not unsaid or meant_keys(meant, c.doc.doc_id, c.header.start):
            continue  # the question is read as naming this row in other words
        own = cells(c.span.text)
        if not own or any(ch.isdigit() for ch in own[0]) or key_set(own[0]) & qkeys:
            continue
        firsts = [cells(r.row.text)[0] for r in siblings(c.doc.text, c.header.start)]
        firsts = [f for f in firsts if f.strip()]
        if len(firsts) < MIN_ROWS or own[0] not in firsts or _covers_others(firsts):
            continue
        if word := _unlisted(unsaid, [key_forms(f) for f in firsts], similarities):
            return word
    return ""


def _unlisted(
    unsaid: list[str],
    forms: list[tuple[str, ...]],
    similarities: Callable[[str, list[str]], list[float]],
) -> str:
    """The first of `unsaid` of the kind of the keys (`forms`: each key cell's forms) that
    stands out toward none of them; "" when none."""
    flat = [f for fs in forms for f in fs]
    for word in unsaid:
        best = _per_key(similarities(word, flat), forms)
        order = sorted(range(len(best)), key=lambda i: best[i], reverse=True)
        top, second = best[order[0]], best[order[1]]
        if top < KIND_COSINE or top - second >= MARGIN:
            continue  # not of the table's kind, or that key said in other words
        others = [f for i, fs in enumerate(forms) if i != order[0] for f in fs]
        spread = max(max(similarities(f, others), default=0.0) for f in forms[order[0]])
        if top - spread < MARGIN:
            return word  # as far from its nearest key as the keys are from each other
    return ""


def _per_key(sims: list[float], forms: list[tuple[str, ...]]) -> list[float]:
    """The largest cosine of each key's forms, from `sims` over the flattened forms."""
    best: list[float] = []
    at = 0
    for fs in forms:
        best.append(max(sims[at : at + len(fs)], default=0.0))
        at += len(fs)
    return best
