"""A line that answers only by saying the place the asker tells does not answer.

The other side of `told_place.py`. When an asker tells where they work ("I'm at the Penang
Campus. Is there a staff choir?", "... Can I bring my dog to work?"), the place's name is
among the question's entities, and a line of the place's own document that says the name
("For staff employed at the Penang Campus.", "Medical leave, hospitalisation leave and
maternity leave at the Penang Campus follow the Employment Act 1955; ...") shares the
question's rarest words and clears the floor, though it says nothing of a choir or a dog.

One sentence: *when the asker tells where they are or work by a proper name and the answer
is one prose line that says that name, the question and the documents it was decided over
are read again without the name (`unplaced`), the line put first; when it is then refused,
it cleared the floor only by saying where the asker is, and the answer is refused.*

Why the name goes from the documents too: dropped from the question alone, the name the line
still says reads as another subject's, and a line that does answer ("There are no Christmas
closure days at the Penang Campus" for "I work at the Penang Campus. Are there Christmas
closure days?") falls under the floor with the choir's. Read without it on both sides, the
line keeps what it says of the ask and loses only the match on the place.
Why only prose: a table row or a record keyed by the place ("| Lisbon | 25 | 13 |",
"Denholme office: ...") holds the place as its case, the thing the question picks it by.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import analyse
from wikiqa.answerers.lift import LIFT
from wikiqa.answerers.told_place import told_name, told_place

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
    from wikiqa.types import Document


def _name_pattern(name: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(w) for w in name.split())
    return re.compile(rf"(?:\bthe\s+)?\b{words}\b", re.IGNORECASE)


def place_said(question: str, line: str) -> tuple[str, str] | None:
    """The question without the place the asker tells and that place's name, when `line`
    says the name ("I'm at the Penang Campus. Is there a staff choir?" and "For staff
    employed at the Penang Campus." -> ("I'm. Is there a staff choir?", "Penang Campus"));
    None otherwise."""
    told, name = told_place(question), told_name(question)
    if told is None or name is None or not _name_pattern(name).search(line):
        return None
    return told[0], name


def unplaced(text: str, name: str) -> str:
    """`text` without the place's name ("For staff employed at the Penang Campus." ->
    "For staff employed at."): what a line says of anything but the place."""
    return re.sub(
        r"[ \t]{2,}", " ", re.sub(r"[ \t]+(?=[.,;:)])", "", _name_pattern(name).sub("", text))
    )


def unplaced_document(doc: Document, name: str) -> Document:
    """`doc` with the place's name taken out of its title and text (`unplaced`)."""
    return doc.model_copy(
        update={"title": unplaced(doc.title, name), "text": unplaced(doc.text, name)}
    )


def said_only_there(
    answerer: ExtractiveAnswerer,
    told_at: tuple[str, str],
    e: Evidence,
    line: Candidate,
    docs: dict[str, Document],
    asker: frozenset[str] = frozenset(),
) -> bool:
    """Is `line`, put first over `e`'s hits, refused (`clearing`) for the question without
    the place the asker tells, its documents read without the place's name too (`told_at`:
    the question without the place, and the name)?"""
    rest, name = told_at
    q = analyse(rest)
    read = {h.doc_id: unplaced_document(docs[h.doc_id], name) for h in e.hits if h.doc_id in docs}
    candidates = answerer.candidates(q, e.hits, read)
    said = unplaced(line.span.text, name)
    mine = next((c for c in candidates if c.at[0] == line.doc.doc_id and c.span.text == said), None)
    if mine is None:
        return False
    again = answerer.decide(q, candidates, e.hits)
    if again.ranked[0] is not mine:
        lift = (mine, again.ranked[0].rank - mine.rank + LIFT)
        again = answerer.decide(q, candidates, e.hits, lift=lift)
    return again.ranked[0] is mine and not answerer.clearing([again], again, asker=asker)
