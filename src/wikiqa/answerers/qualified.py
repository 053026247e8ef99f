"""A question asking for one variant of a value that the cited table gives only another
variant of: "What is the executive daily allowance for the Head of Sales?" answered from a
table whose column is "Standard daily allowance".

A table that qualifies its column ("Standard daily allowance", "Basic rate") says there is
more than one kind of that value; the question's own qualifier in the same place
("executive daily allowance") asks for another kind. When the cited row's document says
that qualifier nowhere, the kind asked for is in some other document (often one the
reader may not see), and the row answers a different question: the answer is refused
(with the keys no table holds, extractive._unheld_key). Only that narrow shape counts: a
value column's first word says it is the usual kind ("Standard", "Basic", "Normal", ...:
other kinds exist), the rest of its words follow the question's qualifier right after it,
in order; no column of the table is named by the
question in full; and the question's word is said nowhere in the row's document (its
title included). An earlier, looser reading (any question word as a variant) misfired on
every battery (history/extractive-history.md, "A line for another variant or audience").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set, keys
from wikiqa.answerers.rows import column_keys
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate


# A column's first word that says its value is the usual kind, so that other kinds exist
# ("Standard daily allowance"); any other first word may be the thing itself, which the
# question words otherwise ("Probation period" asked as "my trial period").
_USUAL = frozenset(keys("standard basic normal regular default ordinary usual"))


def _words(text: str) -> list[tuple[str, str, int]]:
    """(word, its matching key, its place among the words) for each word of `text` that has
    a key, in order (function words, a table header's too, have none and are skipped: "get
    back per mile" does not qualify "Rate per mile")."""
    out = []
    for at, raw in enumerate(text.split()):
        word = raw.strip("?.,;:!()'’\"")
        found = keys(word)
        if found and column_keys(word):  # a header's function words ("per") are none
            out.append((word, found[0], at))
    return out


def unsaid_variant(question: str, chosen: list[Candidate]) -> str:
    """The question's qualifier of a value ("executive") that a cited table row's column
    gives under another qualifier ("Standard daily allowance") while the row's document
    says it nowhere; "" when none (see the module docstring)."""
    asked = _words(question)
    qkeys = [k for _, k, _ in asked]
    qset = set(qkeys)
    for c in chosen:
        if c.header is None:
            continue
        columns = [[k for _, k, _ in _words(col)] for col in cells(c.header.text)]
        if any(col and set(col) <= qset for col in columns):
            continue  # the question names a column of the table in full
        said = key_set(c.doc.text) | key_set(c.doc.title)
        for col in columns[1:]:  # the first column holds the rows' keys, not a value
            if len(col) < 2 or col[0] in qset or col[0] not in _USUAL:
                continue
            head = col[1:]
            for i in range(1, len(qkeys) - len(head) + 1):
                word, key, at = asked[i - 1]
                if (
                    qkeys[i : i + len(head)] == head
                    and asked[i][2] == at + 1  # written right before the column's words
                    and key not in said
                    and key not in head
                ):
                    return word
    return ""
