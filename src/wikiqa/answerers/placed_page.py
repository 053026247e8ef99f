"""A page another page sends one named place's colleagues to is not a chain's answer for others.

A value chain's second hop searches the carried value with what is still asked ("hourly rate
year Grade 4") and finds two tables keyed by it: the general pay rates ("| Grade 4 | £14.35 |
hourly paid |") and the page of one centre ("Working at Fernleigh Lisburn": "| Grade 4 |
£14.20 |"), whose row, shorter, ranks first. The general page says whose the other is, in a
clause closed by the other's title: "Colleagues at Fernleigh Lisburn have their own rates
(see Working at Fernleigh Lisburn)." Its own words keep that page for the place it names.

So (`sent_away`): a document the chain's search found is set aside when another document
read there has a clause saying a named thing has its own ("... have their own rates",
`pointed.clause_pointers`) and sending it, by title, to that document, and neither the
question nor a line of the chain says any name of the clause (`pointed.clause_names`). The
asker who names the place (or whose bridge row says it) keeps it; so does one who names any
place the chain does not say ("I'm a lifeguard at Port Ellan": the island's page may be
theirs, which only a directory would tell), and every hit stays when every one would go. It only narrows where the chain's answer is looked for; nothing answers here
that would not clear the floor.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.pointed import clause_names, clause_pointers, same_title
from wikiqa.answerers.told_region import told_names

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.types import Document, Hit

SENT_AWAY = True  # switch: a named place's own page kept for that place (hop69)

_OWN = re.compile(r"\bown\b", re.I)  # "have their own rates", "has its own hours"


def _sent_titles(doc: Document, said: frozenset[str]) -> list[str]:
    """The titles `doc` sends a named thing none of `said` names to, in a clause saying it
    has its own ("Colleagues at Fernleigh Lisburn have their own rates (see ...)")."""
    return [
        title
        for clause, title in clause_pointers(doc.text)
        if _OWN.search(clause) and (names := clause_names(clause)) and not names & said
    ]


def sent_away(
    hits: list[Hit], docs: dict[str, Document], question: str, chain: list[Candidate]
) -> list[Hit]:
    """`hits` without the documents another document of them keeps for a place neither the
    question nor the chain names (module docstring); all of them when every one would go."""
    if not SENT_AWAY:
        return hits
    chained = key_set(" ".join(c.span.text for c in chain))
    if any(not key_set(n) <= chained for n in told_names(question)):
        return hits  # the asker names a place of their own ("at Port Ellan"): read as before
    said = key_set(question) | chained
    sent = {  # each document's pointers read once, not once per other hit
        d.doc_id: _sent_titles(d, said) for h in hits if (d := docs.get(h.doc_id)) is not None
    }
    kept = [
        h
        for h in hits
        if (d := docs.get(h.doc_id)) is None
        or not any(
            same_title(title, d.title)
            for other, titles in sent.items()
            if other != d.doc_id
            for title in titles
        )
    ]
    return kept or hits
