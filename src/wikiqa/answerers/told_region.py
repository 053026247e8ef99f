"""A place the asker names is in the region a directory keys it to, for whose rule holds.

A neighbour that sets another region's readers outside its scope often names the region,
not its sites: "Normal opening hours for our stores in England, by format. Stores in
Scotland follow Trading Hours in Scotland." The asker names their own site instead ("I've
moved to the Dunfermline superstore. What are our Sunday opening hours?"), so no word of
the question says "Scotland", the England table's "Superstore" row clears the floor, and
the Scotland table, which the search found too, is passed over. The collection says where
the site is, in a directory row keyed by its name: "| Dunfermline | Superstore | Scotland |".

One sentence: *when a retrieved document sets the readers or sites of a named place outside
its scope in a line of its own (`scope.excluded_places`: "Staff in the Scotland region have
their own public holidays", "Stores in Scotland follow ..."), and the question names a place
(capitalised words past a sentence's first word) whose name, whole or its first words, keys
a table row of the collection (one search for the name), the row's other cells are said by
the asker too (`scope.placed_out`): a document that sets that place out is no hit, and the
retrieved document its line names as theirs comes first; a value chain whose bridge row
says the place does not search it (`beyond_chain`).*

Why it is bound so: the row must be keyed by the name (a directory's entry for the site, not
a row that mentions it), and only a document's own line setting a place out drops it, so
the asker is sent away only where the neighbour itself says its rule is not theirs; a
question that names no place, or a place no row keys, is read as before, and every hit stays
when every one would go. Nothing here lets a line answer that would not clear the floor: the
hits are only narrowed to where the asker's rule is. With the region's own document
withheld, the neighbour's rule is refused rather than cited as the asker's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.named_title import NOT_NAMES
from wikiqa.answerers.neighbours import forms
from wikiqa.answerers.optional import fetch_each, search_or_nothing
from wikiqa.answerers.scope import excluded_places, placed_out, titles_said
from wikiqa.text.tables import table_rows

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.types import Document, Hit, Principal

# a run of capitalised words past the first word of a sentence: a name the asker gives
_NAMED = re.compile(r"(?<=[a-z,]\s)((?:[A-Z][A-Za-z'-]+)(?:\s+[A-Z][A-Za-z'-]+)*)")
_MAX_NAMES = 2  # names looked up for one question


def all_told_names(question: str) -> list[str]:
    """Every proper name the question gives, past a sentence's first word ("I'm Grade B at
    our Llandudno home." -> ["Grade B", "Llandudno"]); no day, month, "I" or "UK"."""
    out: list[str] = []
    for m in _NAMED.finditer(question):
        words = [w for w in m.group(1).split() if w.lower() not in NOT_NAMES]
        if words and " ".join(words) not in out:
            out.append(" ".join(words))
    return out


def told_names(question: str) -> list[str]:
    """The first `_MAX_NAMES` proper names the question gives (`all_told_names`: "I've
    moved to the Dunfermline superstore." -> ["Dunfermline"]), each looked up."""
    return all_told_names(question)[:_MAX_NAMES]


def keyed_cells(name: str, docs: list[Document]) -> frozenset[str]:
    """Word forms of the other cells of the table rows whose first cell is `name`, whole, or
    the longest run of its first words that is ("Dunfermline" and "| Dunfermline |
    Superstore | Scotland |" -> superstore, scotland)."""
    words = name.lower().split()
    rows = [row.cells() for doc in docs for row in table_rows(doc.text)]
    for end in range(len(words), 0, -1):  # "Falkirk Fuel" of "Falkirk Fuel & Go": Falkirk
        keyed = [c for c in rows if len(c) > 1 and c[0].lower().split() == words[:end]]
        if keyed:
            return frozenset(w for c in keyed for w in forms(" ".join(c[1:])))
    return frozenset()


def _pointed(sentences: list[str], hits: list[Hit], dropped: set[str]) -> list[Hit]:
    """The retrieved documents the sentences name as the asker's ("... follow Trading Hours
    in Scotland.")."""
    kept = [h for h in hits if h.doc_id not in dropped]
    return titles_said(kept, [s.lower() for s in sentences])


async def region_hits(
    question: str,
    principal: Principal | None,
    hits: list[Hit],
    docs: dict[str, Document],
    reader: Reader,
    k: int,
) -> list[Hit]:
    """`hits` without the documents that set the asker's named place out by what a directory
    row keyed by the place's name says of it (its region), the retrieved documents they name
    as that place's put first; `hits` unchanged when no retrieved document sets a place out,
    no named place keys a row, or every hit would go."""
    if not any(excluded_places(d.text) for h in hits if (d := docs.get(h.doc_id))):
        return hits
    located: frozenset[str] = frozenset()
    for name in told_names(question):
        found = await search_or_nothing(reader, name, k)
        read = await fetch_each(reader, [h.doc_id for h in found if h.doc_id not in docs])
        rows = [d for h in found if (d := docs.get(h.doc_id) or read.get(h.doc_id))]
        located |= keyed_cells(name, rows)
    located -= forms(question)
    if not located:
        return hits
    out = {
        h.doc_id: sentences
        for h in hits
        if (d := docs.get(h.doc_id)) and (sentences := placed_out(d, question, principal, located))
    }
    kept = [h for h in hits if h.doc_id not in out]
    if not kept:
        return hits
    first = _pointed([s for ss in out.values() for s in ss], kept, set(out))
    top = max(h.score for h in hits)
    lead = list({h.doc_id: h.model_copy(update={"score": top}) for h in first}.values())
    return [*lead, *(h for h in kept if h.doc_id not in {f.doc_id for f in first})]


def chain_sets_out(doc: Document | None, question: str, chain: list[Candidate]) -> bool:
    """Does `doc` set out the place a chain's rows say the asker is in? A bridge row keyed by
    the site the asker names ("| Peebles | Local | Scotland |") carries "Local" to the
    stores' hours, and the England table, which sends Scotland's stores to their own, is
    not where that site's hours are."""
    located = frozenset(w for c in chain for w in forms(c.span.text)) - forms(question)
    return doc is not None and bool(placed_out(doc, question, None, located))


def beyond_chain(
    hits: list[Hit], docs: dict[str, Document], question: str, chain: list[Candidate]
) -> list[Hit]:
    """`hits` without the documents that set out the place the chain's rows say the asker
    is in (`chain_sets_out`); all of them when every one would go."""
    kept = [h for h in hits if not chain_sets_out(docs.get(h.doc_id), question, chain)]
    return kept or hits
