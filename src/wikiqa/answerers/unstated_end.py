"""A question asking when a thing ends is not answered by a line that gives no end.

"When does my fire marshal certificate expire?" shares its words with "Fire marshal training
lasts half a day and is repeated every 3 years.", "When does my site induction expire?" with
"Inductions start at 07:30 on Mondays.", and such a line can clear the floor: it says the
ask's thing and a number, which is all the when-question's type gate (`features.answers_type`)
asks of a line. Neither says when the thing ends. A line does when it gives a date (a day of a
month, a month's name or a year: "ends on 14 August 2026", "Dates: 6 July 2026 to 25 September
2026") or states the asked thing's own span (`end_line.states_end_of`: "The card lasts 3
years."), or a span of a subject naming nothing ("It lasts 3 years.", read as the thing's),
or when it says every content word of the thing and a verb of its ending ("Your badge and
accounts expire on the last day of the engagement", "your digital tachograph driver card,
which lasts 5 years", "Passwords do not expire"). A clock time, a weekday, a frequency
("every 6 months") or another thing's span ("training lasts half a day") is none of these;
nor is "before it runs out", the ask's own verb, which the line telling the reader to renew
in time says.

One sentence: *a question asking when a thing ends (`end_line.asked_end`) is refused when no
cited line gives a date or states a span of the thing, and no line of a cited document states
that thing's span or says the thing with a verb of its ending or a stretch of time.* It only refuses, after the
decision. Why the whole document: an answer citing the document that states the end ("Cover
lasts for trips of up to 180 days") through another of its lines ("Trips to countries the
Foreign Office advises against ... need approval ...") cites where the end is; refusing it
would lose the document the asker can read it in. What is refused is an answer whose
documents never say when the thing ends.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.end_line import asked_end, span_subject, states_end_of
from wikiqa.answerers.kinds import says_duration
from wikiqa.text.months import MONTH_NAMES
from wikiqa.text.sentences import split_sentences
from wikiqa.types import Document

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

# a date: a month's name, capitalised (not the "may" of "you may"), with or without its day,
# or a year of four digits
_DATE = re.compile(rf"\b(?:{MONTH_NAMES})\b|(?<![\d,.£$€])\b(?:19|20)\d{{2}}\b")

# a verb of a thing's ending, not "run out" (the ask's own verb, said by "renew it before it
# runs out"), and the subject before it in its clause
_ENDING = (
    r"\b(?:lasts?|expire[sd]?|ends?|ended|finish(?:es|ed)?|lapse[sd]?|runs?\s+(?:until|till|for)"
    r"|(?:is|are|remains?|stays?)\s+valid)\b"
)
_ENDS = re.compile(r"(?:^|[.;:]\s+|^\s*[-*•|]\s*)(?P<subject>[^.;:,|]*?)\s+" + _ENDING, re.I)


def _names(subject: str, asked: set[str]) -> bool:
    """Does a subject name the asked thing: at least one content word, each said by it?"""
    said = stem_set(subject)
    return bool(said) and all(said_like(w, asked) for w in said)


def gives_end(line: Candidate, thing: str) -> bool:
    """Does a cited `line` say when `thing` ends: a date, a span with a value whose subject
    names nothing ("It lasts 3 years."), or the thing's own end (`ends_thing`)?"""
    text = line.span.text
    if _DATE.search(text):
        return True
    if (subject := span_subject(text)) is not None and not stem_set(subject):
        return True
    return ends_thing(line, thing)


def ends_thing(line: Candidate, thing: str) -> bool:
    """Does `line` say when `thing` itself ends: the thing's span (`states_end_of`); in a
    document saying every content word of the thing, a verb of ending whose subject names
    it ("A permit lasts for one shift"); or every content word of the thing with a verb of
    ending or a stretch of time ("... driver card, which lasts 5 years", "| Final written
    warning | 18 months |")? (No bare date: a document's "Effective 1 April 2026" is none.)"""
    text = line.span.text
    if states_end_of(line, thing):
        return True
    asked = stem_set(thing)
    if not asked:
        return False
    in_doc = stem_set(f"{line.doc.title}\n{line.doc.text}")
    if all(said_like(w, in_doc) for w in asked) and any(
        _names(m.group("subject"), asked) for m in _ENDS.finditer(text)
    ):
        return True
    said = stem_set(text)
    return all(said_like(w, said) for w in asked) and bool(
        re.search(_ENDING, text, re.I) or says_duration(text)
    )


def _lines(doc: Document) -> list[Candidate]:
    """Every sentence, list item and table row of `doc`, as lines `gives_end` reads."""
    from wikiqa.answerers.extractive import Candidate  # (extractive imports this module)

    return [Candidate(doc, span, [], 0) for span in split_sentences(doc.text)]


def unstated_end(question: str, chosen: list[Candidate]) -> str | None:
    """The thing a question asks the end of, when no chosen line says when it ends
    (`gives_end`), nor any line of a cited document says when the thing itself does
    (`ends_thing`); None when the question asks no end or a line says it."""
    thing = asked_end(question)
    if thing is None or not chosen or any(gives_end(c, thing) for c in chosen):
        return None
    docs = {c.doc.doc_id: c.doc for c in chosen}
    if any(ends_thing(line, thing) for doc in docs.values() for line in _lines(doc)):
        return None
    return thing
