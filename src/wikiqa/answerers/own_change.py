"""The asker's own letter answering a first-person question about their own change.

"From what date am I officially a supervisor?" asked by the admissions assistant whose
promotion letter says "... you are promoted from admissions assistant to Admissions Supervisor
at Tunford Aquarium from 1 December 2026."; "What nights did they agree for my new pattern in
the end?" asked by the nurse whose flexible-working outcome says "We have agreed 3 waking
nights a week, but on Monday, Tuesday and Wednesday, ..."; "What band will I be in once I'm a
supervisor?" over "Your new job is in Band C ...". The letter is retrieved, often first, yet
its line scores under the floor: a short personal letter shares few words with a question
told in the asker's words, and the general page the search ranks beside it (Pay Dates, Job
Bands) says the question's common words more often. own_record.py reads the first line only
and wants every word of the ask said by it ("officially", "in the end" are said by nothing).

One sentence: *a first-person question asking a kind of value (`asked_value`: a calendar
date for "from what date", "when"; weekday names for "what nights / days"; a band or grade's
code for "what band"; a count of hours for "how many hours"; a sum for "how much") is answered
under the floor by the line of a document private to the asker (`Document.owner_user_id`: the
store shows it to its owner only), in force, no table row, that says a value of that kind,
when that document (its title and text) says every matter word of the question
(`matter_words`: its content words less the kind's own nouns, adverbs in -ly and "in the
end"), the line says at least as many of them (and of the kind's noun) as any other line of
the asker's documents, and more than any other line giving another value of the kind; and
the first-ranked document, when it is not the asker's, does not say every matter word
itself.* A careful reader reads their own letter for their own change: the line about what
is asked that states the value asked.

Why bounded so: another reader never meets the letter (the store filters it out), so the
question falls to the other readings as before. A letter that does not speak of what is
asked (a word of the question it never says: "overtime", "Christmas") leaves the question
refused; so does a letter whose line about the asked thing states no value of the kind asked
("your first pay at the new rate will be in your January 2027 pay" for "On what date will my
first pay ... come through?": a month is no date, and the pay line says more of the question
than the promotion line's "1 December 2026"): that is a chain to the pay dates, not a value
of the letter. A general page ranked first that says the whole matter ("When is my pay day
in December?" over Pay Dates) is the rule for everyone, not the asker's case.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.kinds import says_kind
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.own_hop import first_person
from wikiqa.text.months import MONTH_NAMES, WEEKDAY_WORD

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence
    from wikiqa.types import Document

OWN_CHANGE = True  # switch: the asker's own letter's line giving the value asked (own75)

# The kinds of value a wording asks for, each with the nouns that ask it.
_ASKS_DATE = re.compile(
    r"\b(?:what|which)\s+date\b|\b(?:from|since|until|till)\s+when\b|^\s*when\b",
    re.I,
)
_ASKS_DAYS = re.compile(
    r"\b(?:what|which)\s+(nights?|days?|evenings?|mornings?)\b"
    r"(?!\s+(?:off|of\s+(?:leave|holiday)|leave|holiday))",
    re.I,
)
_ASKS_CODE = re.compile(r"\b(?:what|which)\s+(?:pay\s+)?(band|grade|level|scale|tier)\b", re.I)
_ASKS_HOURS = re.compile(r"\bhow\s+many\s+hours\b", re.I)
_ASKS_SUM = re.compile(
    r"\bhow\s+much\s+(?:money|pay|an\s+hour|a\s+week|a\s+month|a\s+year)\b|"
    r"\bhow\s+much\s+(?:will|do|am|shall|would)\s+I\s+(?:get|earn|be\s+paid|make)\b|"
    r"\bwhat(?:'s|’s|\s+is|\s+will\s+be)\s+my\s+(?:new\s+)?(?:hourly\s+)?(?:rate|pay|salary|wage)\b",
    re.I,
)
# a calendar date to the day: "1 December 2026", "December 1", "the 3rd of March"
_DATE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTH_NAMES})\b|"
    rf"\b(?:{MONTH_NAMES})\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?!\d)",
    re.I,
)
_HOURS = re.compile(r"\b\d+(?:\.\d+)?\s+hours?\b", re.I)
# adverbs and turns of phrase that say how the asker asks, not what about
_ADVERB = re.compile(r"\b[a-z]{3,}ly\b", re.I)
_IN_THE_END = re.compile(r"\b(?:in\s+the\s+end|after\s+all|at\s+all)\b", re.I)
_CONTRACTED = re.compile(r"\b\w+['’]\w+\b")
_CONJUNCTIONS = re.compile(r"\b(?:once|now|then|still|again)\b", re.I)


def asked_value(question: str) -> tuple[str, str] | None:
    """(the kind of value the question's asking sentence asks for, the noun asking it), or
    None: "date" (a calendar date), "days" (weekday names, for nights or days), "code" (a
    band's or grade's code, the noun its name), "hours", "sum"."""
    ask = asked_clause(question)
    if m := _ASKS_CODE.search(ask):
        return "code", m.group(1).lower()
    if m := _ASKS_DAYS.search(ask):
        noun = m.group(1).lower()
        return ("date" if noun.startswith("day") and not noun.endswith("s") else "days"), noun
    if _ASKS_DATE.search(ask):
        return "date", "date"
    if _ASKS_HOURS.search(ask):
        return "hours", "hours"
    if _ASKS_SUM.search(ask):
        return "sum", ""
    return None


def says_value(kind: str, noun: str, text: str) -> bool:
    """Does `text` state a value of `kind`: a date to the day ("which day" also by a
    weekday's name), weekday names, the asked noun with its code ("Band C", "Grade 4"), a
    count of hours, a sum?"""
    if kind == "date":
        return _DATE.search(text) is not None or (
            noun == "day" and WEEKDAY_WORD.search(text) is not None
        )
    if kind == "days":
        return WEEKDAY_WORD.search(text) is not None
    if kind == "code":
        # the noun in any case, its code in capitals or digits ("Band C", "grade 4")
        return re.search(rf"\b(?i:{re.escape(noun)})\s+[A-Z0-9]{{1,3}}\b", text) is not None
    if kind == "hours":
        return _HOURS.search(text) is not None
    return says_kind("money", text)


def matter_words(question: str, noun: str) -> set[str]:
    """The stems of what the asking sentence asks about: its content words less the asked
    kind's noun ("date", "nights", "band"), adverbs saying how it asks ("officially",
    "actually"), "in the end", contractions and time conjunctions ("once I'm a ...")."""
    ask = asked_clause(question)
    for pattern in (_IN_THE_END, _ADVERB, _CONTRACTED, _CONJUNCTIONS):
        ask = pattern.sub(" ", ask)
    kind_nouns = stem_set(f"{noun} date day days when") if noun else stem_set("date when")
    return stem_set(ask) - kind_nouns


def _doc_says(doc: Document, words: set[str]) -> bool:
    said = stem_set(f"{doc.title}\n{doc.text}")
    return all(said_like(w, said) for w in words)


def _said_count(c: Candidate, words: set[str]) -> int:
    """How many of `words` the line itself says (not its heading or list's lead-in, which
    the letter's other lines share)."""
    said = stem_set(c.span.text)
    return sum(1 for w in words if said_like(w, said))


def own_change_line(e: Evidence) -> Candidate | None:
    """The line of the asker's own document answering `e`'s first-person question with the
    value of the kind it asks (see the module docstring), or None."""
    if not OWN_CHANGE or not e.ranked or not first_person(e.question.text):
        return None
    asked = asked_value(e.question.text)
    if asked is None:
        return None
    kind, noun = asked
    matter = matter_words(e.question.text, noun)
    if not matter:
        return None
    top = e.ranked[0].doc
    if top.owner_user_id is None and _doc_says(top, matter):
        return None  # a page for everyone says the whole matter: the rule, not the case
    own = [
        c
        for c in e.ranked
        if c.doc.owner_user_id is not None
        and c.header is None
        and not read_out_of_force(c.doc)
        and _doc_says(c.doc, matter)
    ]
    if not own:
        return None
    counted = matter | (stem_set(noun) if noun else set())
    scored = [(_said_count(c, counted), says_value(kind, noun, c.span.text), c) for c in own]
    valued = [(n, c) for n, says, c in scored if says and n > 0]
    if not valued:
        return None
    best_n, best = max(valued, key=lambda t: t[0])
    if any(n > best_n for n, _, _ in scored):
        return None  # a line says more of what is asked, and no value of the kind: a chain
    if any(n == best_n and c.span.text != best.span.text for n, c in valued):
        return None  # two lines give a value of the kind as closely: no one answer
    return best
