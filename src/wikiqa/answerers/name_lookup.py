"""A name the question gives that nothing retrieved says, looked up where it is recorded.

"How much can Tom Asquith approve on a purchase order?" finds the purchasing limits, a
table keyed by role ("| Depot manager | £5,000 |"); no retrieved document names Tom
Asquith, so no row can be picked for him. The directory records him: "Depot manager: Tom
Asquith." (a definition list's line, text/html.py) or a staff table's row ("| Tom Asquith
| Depot manager |"). So when a name of several words the question gives is said by none of
the first hop's best candidates, a line recording it is looked for among the first hop's
lines or, when none of its documents says the name, by searching the name on its own: a line
that says it whole and records what it is (the label of a "Label: Name" line, or a table
row's other short cells, `key_bridge.carried_values`) is the bridge: its value keys the
answer as a row the question names does in the value bridge (`key_bridge.follow`: the
question asked again with the value in place of the name, "How much can Depot manager
approve on a purchase order?", an answer keyed by the value that clears the floor). The
role holder (role_holder.py) goes the other way, from a role to the person holding it.

A value carried from a sentence must key a table row (`follow`'s test), so over prose
alone (an encyclopedia) this could never answer: it runs only when the first hop's top
candidates hold a table row (as the value bridge's sentence bridges do), and costs one
search per such question that names a person no retrieved document mentions.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import QuestionInfo, key_set
from wikiqa.answerers.hops import HOP_K, bridge_entities, residual
from wikiqa.answerers.key_bridge import BRIDGE_POOL, carried_values, follow
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
    from wikiqa.types import Document, DraftQuote

MAX_NAMES = 1  # unread names of the question looked up (one search each)
RECORDS = 2  # lines recording the name followed (each value one search)
TOP = 3  # first-hop candidates that, none saying the name, leave it unread


def unread_names(q: QuestionInfo, top: list[Candidate]) -> list[str]:
    """Names of several words the question gives (a person: "Tom Asquith") that none of
    the `top` candidates says (with its document's title), in any case."""
    texts = [f"{c.doc.title}\n{c.span.text}".lower() for c in top]
    return [
        n
        for n in bridge_entities(q.text, set())
        if len(key_set(n)) >= 2 and not any(n.lower() in t for t in texts)
    ][:MAX_NAMES]


def _unsaid(name: str, docs: list[Document]) -> bool:
    """Does no document of `docs` say the name?"""
    return not any(name.lower() in f"{d.title}\n{d.text}".lower() for d in docs)


def _says(name: str, c: Candidate) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", c.span.text, re.I) is not None


def recorded_values(name: str, q: QuestionInfo, c: Candidate) -> list[tuple[str, str]]:
    """(column, value) pairs that `c` records of the name: the label of a "Label: Name" line
    ("Depot manager"), or a row's other short cells (`carried_values`); [] for a line that
    does not say the name."""
    return carried_values(q, c) if _says(name, c) else []


async def name_hop(
    answerer: ExtractiveAnswerer,
    q: QuestionInfo,
    first: Evidence,
    docs: dict[str, Document],
    reader: Reader,
    skipped: list[DraftQuote],
) -> list[Candidate] | None:
    """[line recording the name, (link,) answer] for a question giving a name the first
    hop's best lines do not say, else None (see the module docstring). The chain is the
    answer at any score: the first hop's, whatever it scores, is not about the name."""
    if not any(c.header is not None for c in first.ranked[:BRIDGE_POOL]):
        return None  # the value must key a row, and no table is near the question
    read = list({c.doc.doc_id: c.doc for c in first.ranked}.values())
    for name in unread_names(q, first.ranked[:TOP]):
        found: Evidence | None = first
        if _unsaid(name, read):  # no document read says it: search it on its own
            hits = await search_or_nothing(reader, name, HOP_K)
            hits = [h for h in hits if h.doc_id not in {d.doc_id for d in read}]
            if not hits:
                continue
            docs.update(await answerer._fetch([h for h in hits if h.doc_id not in docs], reader))
            found = await run_cpu(answerer.assess, q, hits, docs, skipped)
        if found is None:
            continue
        records = [(c, values) for c in found.ranked if (values := recorded_values(name, q, c))][
            :RECORDS
        ]
        for line, values in records:
            rest = residual(q, line)
            for column, value in values:
                chain = await follow(
                    answerer, q, rest, [line], column, value, docs, reader, skipped
                )
                if chain is not None:
                    line.part = f"{name}: {value}"
                    return chain
    return None
