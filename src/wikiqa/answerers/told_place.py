"""The place an asker says they work at chooses whose rule answers, not what a line must say.

A trap question often tells where the asker is before it asks ("I work at Cambuslang Yard.
What's the pay rate if I'm asked to work a public holiday?", "How often do I have to check in
when I'm working on my own at Brennock?"). The place is said so that the place's own
document is read (the search, and `scope`'s readings of each document's scope, read the
whole question); but the answerability features then count its words ("Cambuslang",
"Yard", "Brennock") among the things the answering line must say, and the rule that holds
at the place ("Working on a public holiday is paid at double time.", "- Check in on the
app at least every 2 hours.") says none of them, so it scores under the floor.

One sentence: *when the whole question's evidence is refused and the asker tells where they
are or work by a proper name ("I'm at ...", "I work at ...", "I'm based at ...", "when I'm
working ... at ..."), the retrieved documents written for that place (their title or
opening scope says every word of its name) are read again, alone, for the question without
the place, and their line that then clears the floor answers.*

Why: the place tells which rule is the asker's, and it must be said by the document the
answer stands in, not by the answering line: a document titled or scoped for the place is
the place's own rule, and its lines never repeat its name. A document that does not say the
place in its title or scope is not read this way at all: a general policy beside the
place's own document ("Sick Pay for Salaried Staff" for a Penang asker), a neighbour scoped
to other places ("This page applies to staff in the North, Central and South regions."), or
a general document when no retrieved one is written for the place (with the place's own
document withheld, "See the sick pay policy for your country" answers a Poznań asker; a
directory's pointer answers "I work at the lab at Dunmore - who's our HR business
partner?", where the place is the key of a second hop, not the asker's context). The floor
still decides, for the ask alone.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.named_title import question_names, title_words
from wikiqa.answerers.neighbours import forms
from wikiqa.answerers.scope import scope_names

if TYPE_CHECKING:
    from wikiqa.types import Document, Hit

# the asker telling where they are or work: "I'm at the Penang Campus", "I work at Cambuslang
# Yard", "we're based in Daventry", "when I'm working on my own at Brennock", "I'm on the
# staff at Fenwick Park"; not a place they go to or do something in ("I'm flying out to see a
# client in Brazil", "my holiday in India"), which is what the question is about
_TOLD_AT = re.compile(
    r"(\b(?:I|we)(?:'m|'re|\s+am|\s+are)?(?:\s+(?:work|working|based|employed|stationed|"
    r"on\s+the\s+staff)\b[^.?!,;]*?)?)\s+(?:at|in)\s+(?:the\s+)?((?:[A-Z][A-Za-z'-]+\s*)+)"
)


def told_place(question: str) -> tuple[str, frozenset[str]] | None:
    """The question without the place the asker tells they are or work at, and the word
    forms of that place's name ("I work at Cambuslang Yard. What's ...?" -> "I work. What's
    ...?", {cambuslang, yard}); None when it tells none by name (a day, a month or "UK" is
    none: `named_title.question_names`)."""
    match = _TOLD_AT.search(question)
    if match is None or not (names := question_names(match.group(0))):
        return None
    rest = question[: match.start()] + match.group(1) + " " + question[match.end() :].lstrip()
    return re.sub(r"\s+([.?!,])", r"\1", rest).strip(), forms(" ".join(names))


def told_name(question: str) -> str | None:
    """The name of the place the asker tells they are or work at, as the question writes it
    ("I'm at the Penang Campus. Is ...?" -> "Penang Campus"); None when `told_place` reads
    none."""
    match = _TOLD_AT.search(question)
    return match.group(2).strip() if match and told_place(question) else None


def _written_for(doc: Document, place: frozenset[str]) -> bool:
    """Does the document's title or opening scope say every word of the place's name?"""
    return place <= forms(" ".join(title_words(doc.title))) | scope_names(doc.text)


def covering_hits(hits: list[Hit], docs: dict[str, Document], place: frozenset[str]) -> list[Hit]:
    """The hits whose documents are written for the place the asker tells (`place`, word
    forms of its name): their title or opening scope says every word of it."""
    return [h for h in hits if (d := docs.get(h.doc_id)) is not None and _written_for(d, place)]
