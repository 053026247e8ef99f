"""A rule line whose subject lists the thing a yes/no question names, its predicate ruling on it.

A policy often rules on several kinds at once, listing them as the subject of one sentence:
"Ketamine and buprenorphine are also counted at every weekly check", "Vaccines, insulin and
other fridge lines are packed in a cool box ... and sent only Monday to Wednesday", "Horses,
farm animals and animals kept for business are not included." The asker names one of them and
asks whether the rule holds for it, in words of their own: "is buprenorphine part of the weekly
CD count or just the schedule 2 stuff?", "Can a client's insulin go out on a Thursday?", "My
horse needs his teeth doing. Is that covered by the staff discount?". The line is first, but
the question's other words ("part of", "schedule 2 stuff", "client's", "go out", "teeth",
"covered") are not the line's, so the exact-term features put it under the floor.

What ties the line to the question is its structure: the thing asked is one item of the list
the line's ruling is said of. One sentence: *a yes/no question (its asking sentence opens with
an auxiliary or a modal) is answered by its first-ranked line under the floor at any score
above 0, in the document retrieval put first and in force, not a table row, when that line
parts at its first verb into a subject listing two items or more (joined by commas, "and" or
"or"), one of which says a content word of the question whole (its stem, not a prefix), and a
predicate that rules (a modal, a negation or "only") and says the rest of the ask: two content
words of the asking sentence (up to a clause it opens with "for", "if", "when", "while",
"because" or "unless") besides the item's (`REST_SAID`, each a stem or its first letters;
every one when it holds fewer: "wear" alone does not rule on earrings), a weekday where the
question tells a weekday, or, for a bare ruling ("are not included", "are excluded": no
content word of its own but ruling words), a word of the ask said by the line's heading or
title; and the document says every name the question gives.* A line listing the thing but
ruling on another matter (its predicate saying nothing asked), a line whose subject is one
thing only (no list: `ruled_case`, `ruled_thing` read those), and a thing the list does not
name are left refused. Switch: `extractive.LISTED_CASE`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import LIGHT, first_prose_line, said_like, stem_set
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.ruled_case import FIRST_VERB, RULING, YES_NO
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.text.months import WEEKDAY_WORD

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

ITEM_WORDS = 6  # the longest list item read as one thing listed
REST_SAID = 2  # words of the rest of the ask the predicate must say (all, when fewer)
_MARK = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s*")
_JOIN = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.I)
# a subject that is no list of things: a clause ("If you work nights or ..."), the asker or
# the reader doing something ("We lend you a laptop, screen and headset"), a title or heading
_NOT_THINGS = re.compile(
    r"^(?:if|when|whenever|where|unless|while|before|after|once|for|from|between|during|in|on"
    r"|at|to|by|title)\b|\b(?:i|me|my|we|our|us|you|your)\b|[(:#]",
    re.I,
)
# a clause the ask is set under: its reason or its condition, not what is asked
_CLAUSE = re.compile(r"\b(?:for|if|when|whenever|while|because|unless)\b", re.I)
# the words a bare ruling says: that a listed kind is in or out of what the page grants
_BARE = frozenset({
    "includ", "exclud", "cover", "elig", "allow", "permit", "count", "accept", "exempt",
    "entitl", "also", "not", "never", "onli", "ar", "is",
})  # fmt: skip


def listed_items(subject: str) -> list[str]:
    """The items a subject lists (two or more, each ITEM_WORDS words or fewer), else []."""
    subject = _MARK.sub("", subject).strip()
    if _NOT_THINGS.search(subject):
        return []
    items = [s.strip() for s in _JOIN.split(subject) if s.strip()]
    if len(items) < 2 or any(len(s.split()) > ITEM_WORDS for s in items):
        return []
    return items


def _bare(predicate: str) -> bool:
    """Is the predicate a bare ruling, saying no content word but ruling words?"""
    return all(any(w.startswith(b) for b in _BARE) for w in stem_set(predicate))


def case_listed(line: str, context: str, question: str) -> bool:
    """Does `line` list, in its subject, a thing `question` names and rule on the rest of the
    ask in its predicate (see the module docstring)?"""
    m = FIRST_VERB.search(line)
    if m is None or m.start() == 0:
        return False
    subject, predicate = line[: m.start()], line[m.start() :]
    if not RULING.search(predicate):
        return False
    asked = [w for w in stem_set(question) if w not in LIGHT]
    items = [stem_set(s) for s in listed_items(subject)]
    # the question names a listed item whole: every content word of one item, at least one
    # of them said whole ("insulin" for "Vaccines, insulin and other fridge lines")
    whole = [s for s in items if s and all(said_like(w, set(asked)) for w in s)]
    named = {w for w in asked if any(w in s for s in whole)}
    if not named:
        return False
    listed = set().union(*items)
    # the rest of the ask: its asking sentence's words up to a clause it sets the ask under
    # ("... get paid extra for being on the random testing list?": the ask is "paid extra"),
    # the thing listed aside (a case told before it is the asker's, not what is ruled on)
    ask = stem_set(_CLAUSE.split(asked_clause(question), maxsplit=1)[0])
    rest = [w for w in ask if w not in LIGHT and w not in named and not said_like(w, listed)]
    said = stem_set(predicate)
    if sum(said_like(w, said) for w in rest) >= min(REST_SAID, len(rest)) > 0:
        return True
    if WEEKDAY_WORD.search(question) and WEEKDAY_WORD.search(predicate):
        return True
    if _bare(predicate):
        heading = stem_set(context)
        return any(said_like(w, heading) for w in rest)
    return False


def listed_case(e: Evidence) -> bool:
    """Does the evidence's first line answer under the floor because its subject lists the
    thing the yes/no question names and its predicate rules on the ask?"""
    question = e.question.text
    if not YES_NO.match(asked_clause(question)):
        return False
    top = first_prose_line(e)
    if top is None:
        return False
    context = f"{top.doc.title}\n{top.context or ''}"
    if not case_listed(top.span.text, context, question):
        return False
    return says_every_name(question, top.doc)
