"""A line of the retrieved document whose title names the place or body a question names.

A trap question tells where the asker works or who engaged them by a proper name ("I'm at
the Penang Campus. How much notice do I need to give when I book leave?"), and the
collection holds a general policy on the asked thing beside the one written for that place
("Notice Periods" beside "Annual Leave (Penang Campus)"). The ranker weighs the general
policy's words ("notice", "give") over the name, puts its line first, and the question is
refused under the floor although the named document's answering line is ranked just below.

One sentence: *when the whole question's single evidence is refused, the asker has told
where they are or who engaged them by a proper name ("I'm at ...", "I work at ...", "my job
with ..."), and the first line's document's title names none of that name's words, the
best-ranked line among the top `POOL` of another document whose title names one of them, as
a capitalised word of the title (no table row, in force), is ranked just above the first
line and answers if it is then first and its own answerability clears the floor (no
slack).*

Why the title, and why the asker's own telling: a document titled for a place or a body is
that place's or body's own rule, which overrides the general one for its people, while a
name said only in a document's text is a mention, not a scope (the general "Notice Periods"
has a row for "Penang Campus staff" too, for another notice); and a name the question says
of something else ("When is the Ardlow Christmas party?", "What will the Trust pay ...?")
does not tell whose rules the asker is under. The floor, with no slack, keeps a titled
document's line that does not answer refused ("I'm at the Penang Campus. Can I bring my dog
to work?"); with the titled document withheld, no title names the name and nothing is
lifted. It runs only for a refused evidence, so it never moves a line that answered.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.lift import NEAR_POOL
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.text.months import MONTHS, WEEKDAYS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

POOL = NEAR_POOL  # ranked lines looked at (the answerability's p_top pool)

# the asker telling where they are or who engaged them: "I'm at the Penang Campus", "I work
# at Cambuslang Yard", "we're based in Daventry", "my job with Brightstaff", up to the name
_TOLD = re.compile(
    r"\b(?:I|I'm|I've|I am|we|we're|my|our)\b[^.?!]*?\b(?:at|in|on|for|with|from|by)\s+"
    r"(?:the\s+)?((?:[A-Z][A-Za-z'-]+\s*)+)"
)
# capitalised words that are no name of a place or a body
NOT_NAMES = frozenset(
    ["i", "i'm", "i've", "i'd", "i'll", "mr", "mrs", "ms", "dr", "christmas", "easter", "uk"]
    + [d.lower() for d in WEEKDAYS]
    + [m.lower() for m in MONTHS]
)


def question_names(question: str) -> frozenset[str]:
    """The lower-cased words of the proper names the asker gives for where they are or who
    engaged them ("I'm at the Penang Campus" -> penang, campus); none for "I", days, months
    or "UK" (a date or the country names no one place's document), nor for a name the
    question says of something else ("When is the Ardlow Christmas party?")."""
    return frozenset(
        w.lower()
        for name in _TOLD.findall(question)
        for w in re.findall(r"[A-Za-z][A-Za-z'-]+", name)
        if w.lower() not in NOT_NAMES and len(w) > 2
    )


def title_words(title: str) -> frozenset[str]:
    """The lower-cased words of a document title."""
    return frozenset(re.findall(r"[a-z0-9]+", title.lower()))


def named_by_title(names: frozenset[str], title: str) -> bool:
    """Does the title name one of `names` that is a capitalised word of the title too (a
    name, not a common word that a question's name happens to share)?"""
    capitalised = frozenset(w.lower() for w in re.findall(r"\b[A-Z][A-Za-z]+", title))
    return bool(names & title_words(title) & capitalised)


def named_title_line(e: Evidence) -> Candidate | None:
    """The best-ranked line among the top POOL of a document whose title names a proper
    name the question gives, when the first line's document's title names none of them (no
    table row, the document in force); None otherwise."""
    if not e.ranked:
        return None
    names = question_names(e.question.text)
    first = e.ranked[0]
    if not names or named_by_title(names, first.doc.title):
        return None
    for c in e.ranked[1:POOL]:
        if (
            c.header is None
            and c.doc.doc_id != first.doc.doc_id
            and named_by_title(names, c.doc.title)
            and not read_out_of_force(c.doc)
        ):
            return c
    return None
