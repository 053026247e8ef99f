"""The line stating how long a thing lasts or until when it runs, for a question asking
when that thing ends.

"When does my blue card run out?" shares its words with the line telling the reader to renew
in time ("Book your renewal ... at least 2 months before it runs out."), so the ranker puts
that line first; it says the ask's own verb and no end. The answer is the line of the same
document stating the thing's span, with the thing as its subject: "The card lasts 3 years.",
"The trial runs until 15 January 2027.". Such a line says little of the question beyond its
subject ("card", "trial"), and neither "lasts" nor "runs until" is a word of the ask ("run
out", "finish"), so the exact-term features read it as missing most of the question.

One sentence: *a question asking when a thing ends ("when does/will/is <thing> run out,
expire, end, finish, lapse, stop") is answered by the line of the first line's document,
among the top `lift.NEAR_POOL` ranked (no table row, the document in force), that states
the thing's span (lasts, runs until/for, is valid for/until, expires, ends on, with a number
or a month within a few words after it) with a subject whose content words the asked thing
says, when the document says every content word of the asked thing and every name the
question gives; that line is lifted just above the first line (`lift.lifted_answers`) and
passes by `stated_end`, the same reading of a first line under the floor.*

Why the subject and the document: a line of another thing's span ("Fire marshal training
lasts half a day" for a fire marshal certificate, "The card lasts 3 years." of a water
hygiene card for a fuel card) is the near miss; its subject says a word the asked thing does
not ("training"), or its document never names the asked thing's kind ("fuel"). It runs only
for a refused single evidence, so it never moves a line that answered, and it never
reorders documents.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import first_prose_line, said_like, stem_set
from wikiqa.answerers.lift import first_line_saying
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.text.months import MONTH_NAMES

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

# the ask: "when does/do/will/is/'s <thing> run out / expire / end / finish / lapse / stop",
# the end verb closing the asking clause (perhaps "start and end")
_ASKS_END = re.compile(
    r"\bwhen(?:['’]s|\s+(?:does|do|will|is|are))\s+([^,;?]+?)\s+"
    r"(?:(?:start|begin)\s+and\s+)?"
    r"(?:run\s+out|runs\s+out|expire|expires|end|ends|finish|finishes|lapse|lapses|stop|stops)"
    r"\s*(?:[,;?.!]|$)",
    re.I,
)
# a value of a span or an end: a number, or a month's name, within a few words
_VALUE = (
    r"(?=(?:\s+[\w'’-]+){0,3}?\s+(?:\d|(?:one|two|three|four|five|six|twelve|a|an)\s+"
    r"(?:day|week|month|year)|(?:" + MONTH_NAMES + r")\b))"
)
# a line stating a thing's span: "<subject> lasts / runs until / is valid for / expires on /
# ends on <value>"; "last" as a verb only after a plural subject word ("certificates last")
_SPAN = re.compile(
    r"(?:^|[.;:]\s+|^\s*[-*•]\s*)(?P<subject>[^.;:,]*?)\s+(?:"
    r"lasts|(?<=s\s)last|runs?\s+(?:until|till|to|for)|(?:is|are|remains?|stays?)\s+valid"
    r"|expires?|ends?|finish(?:es)?)\b" + _VALUE,
    re.I,
)


def asked_end(question: str) -> str | None:
    """The thing a question asks the end of ("my blue card" of "When does my blue card run
    out?"), or None when it asks no such thing."""
    m = _ASKS_END.search(question)
    return m.group(1).strip() if m else None


def span_subject(text: str) -> str | None:
    """The subject of the span a line states ("The card" of "The card lasts 3 years."), or
    None when the line states no span with a value."""
    m = _SPAN.search(text)
    return m.group("subject") if m else None


def states_end_of(line: Candidate, thing: str) -> bool:
    """Does `line` state the span of `thing`: a span whose subject says at least one content
    word, each said by the thing, in a document that says every content word of the
    thing?"""
    subject = span_subject(line.span.text)
    if subject is None:
        return False
    asked = stem_set(thing)
    said = stem_set(subject)
    if not said or not all(said_like(w, asked) for w in said):
        return False
    in_doc = stem_set(f"{line.doc.title}\n{line.doc.text}")
    return all(said_like(w, in_doc) for w in asked)


def stated_end(e: Evidence) -> bool:
    """A reading under the floor: the question asks when a thing ends, and its first line
    (any score above 0, first-retrieved document in force, no table row) states that thing's
    span, in a document saying every name the question gives."""
    thing = asked_end(e.question.text)
    top = first_prose_line(e)
    if thing is None or top is None:
        return False
    return states_end_of(top, thing) and says_every_name(e.question.text, top.doc)


def end_candidate(e: Evidence) -> Candidate | None:
    """The highest-ranked line of the first line's document among the top NEAR_POOL (no
    table row) stating the span of the thing the question asks the end of; None when the
    question asks no end, the first line states it already, or no line does."""
    thing = asked_end(e.question.text)
    if thing is None:
        return None
    return first_line_saying(e, lambda c: states_end_of(c, thing))
