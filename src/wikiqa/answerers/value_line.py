"""The one value of the kind asked, stated by the first line of the asker's top document.

An employee asks their own workplace's rules for a value in their own words: "How often are
we meant to check the CD running balance against what's actually in the cabinet?", "How much
do we get a year towards our work shoes?". The policy states it in its own: "- A running
balance is checked against the stock by two registered people every Friday before the
practice closes.", "We pay up to £50 a year towards them; ...". Retrieval puts that document
first and the line first in it, but the exact-term features, fitted to SQuAD whose questions
copy their paragraph's words, read "meant", "CD", "cabinet" as terms the line misses, and the
line scores a little under the floor (0.15-0.35).

What ties the line to the question is not its words but what it says: the question asks for
a value of one kind (a sum of money for "how much ... cost / how much is it", a frequency for
"how often", a stretch of time for "how long", "how soon", "how far ahead", a count of the
noun asked for "how many <noun>"), and the line states exactly one value of that kind. One
sentence: *a question asked in the first or second person for a value of one kind is
answered, within `VALUE_SLACK` under the floor, by the first-ranked line of the
first-retrieved document (in force, no table row) when that line states exactly one value of
that kind and it, its heading or its title say more than half of the ask's other content
words (the names it gives aside, which any page of the employer says),
one of them framing the value: said by the heading or title, or in the
line's clause that holds the value; a thing the asker calls their own ("my girlfriend", "our
work shoes": the last content word after "my", "our" or "your") said among them, and the
document says every name the question gives.*

What stays refused: an ask naming one word of its own, an act whose thing is only a pronoun
("How quickly must I report it?": of what? nothing told discounts it, ask_named.py); a line
stating two values of the kind (which one is the asker's?), or
none; a line saying no more than half of the ask's own words, another thing's value perhaps
("How much does it cost to put my boyfriend on my staff card?" over "- You can add one adult
from your household to your card for £12 a year." says "staff card", not "put" or
"boyfriend", and "a second staff card for my car" is worded alike: words alone cannot tell
the partner from the car, so neither is answered); a line not saying the thing the asker
calls their own, which is the case asked ("How much is it to add my dog to my gym
membership?" over "- Add one partner or family member aged 16 or over for £15 a month":
"gym membership" said, "dog" not; "my girlfriend" no better); a value in a
clause about another thing; a document not about a place or a name the question gives (a
sibling place's page); a question asked in no person (SQuAD's and HotpotQA's, whose
unanswerable questions copy their paragraph's words: 0 of them speak as "I", "we" or "my"),
and a question whose document the asker may not read never reaches this (retrieval reads
only what the asker may read).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    LIGHT,
    _clauses,
    content_stems,
    prose_in_force,
    said_like,
)
from wikiqa.answerers.features import ANSWER_FEATURES, asked_clause
from wikiqa.answerers.list_entry import given_names
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.answerers.told_case import situation_and_ask, workplace_asked
from wikiqa.text.terms import stem

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

VALUE_LINE = True  # switch: the one value of the kind asked answers a little under the floor
VALUE_SLACK = 0.20  # how far under the floor the first line stating that one value may answer
SHARE = 0.5  # the ask's own content words the line, its heading or title say must be more

_DOC_TOP = ANSWER_FEATURES.index("doc_top")

# the kinds a question asks a value of, by its asking words
_ASKS_MONEY = re.compile(
    r"\bhow\s+much\s+(?:does|do|did|will|would|is|was|'s|’s)\b[^?]*?(?:\bcost\b|\bit\b)"
    r"|\bhow\s+much\s+(?:do|does|will|would|can)\s+(?:I|we|you|they)\s+(?:get|got)\b"
    r"|\bhow\s+much\s+money\b",
    re.I,
)
_ASKS_FREQUENCY = re.compile(r"\bhow\s+(?:often|frequently)\b", re.I)
_ASKS_DURATION = re.compile(
    r"\bhow\s+(?:long|soon|quickly|far\s+(?:ahead|in\s+advance)|much\s+notice)\b", re.I
)
_ASKS_COUNT = re.compile(r"\bhow\s+many\s+((?:[a-z-]+\s+){0,2}?)([a-z-]+s)\b", re.I)

# what states a value of each kind
_SUM = re.compile(r"[£€$]\s?\d[\d,]*(?:\.\d+)?")
_FREQUENCY = re.compile(
    r"\bevery\s+(?:\d+\s+|other\s+)?[a-z]+\b|\bonce\b|\btwice\b|\b\w+\s+times\s+a\b"
    r"|\b(?:daily|weekly|monthly|yearly|annually|fortnightly|quarterly)\b",
    re.I,
)
_DURATION = re.compile(
    r"\b\d+(?:\.\d+)?\s*(?:working\s+|calendar\s+|clear\s+)?"
    r"(?:minutes?|hours?|days?|weeks?|months?|years?)(?:['’]s?)?(?!\w)",
    re.I,
)
_FIGURE = r"\b\d+(?:\.\d+)?\s+"
# a count of days, weeks or times is a stretch of time or a tally of occurrences, whose value
# turns on the case asked ("how many days ... when I move house", "how many times ... before
# a meeting"): counted things only ("how many bank holidays")
_SPANS = frozenset(
    {"minutes", "hours", "days", "weeks", "months", "years", "times", "shifts", "absences"}
)

# what states a value of each kind, by the kind's name (read by kind_meant.py)
VALUE_KINDS: dict[str, re.Pattern[str]] = {
    "money": _SUM,
    "frequency": _FREQUENCY,
    "duration": _DURATION,
}

# words of asking for a value, not of what it is a value of (stemmed)
_ASKING = frozenset(
    stem(w)
    for w in (
        "much", "many", "cost", "costs", "often", "frequently", "long", "soon", "quickly",
        "far", "ahead", "advance", "notice", "money", "meant", "supposed", "what's", "whats",
        "actually", "top",
    )
)  # fmt: skip


def asked_value(ask: str) -> tuple[str, re.Pattern[str]] | None:
    """(the kind, what states a value of it) that the asking clause asks for, or None: a sum
    ("how much does it cost", "how much is it", "how much do we get"), a frequency ("how
    often"), a stretch of time ("how long", "how soon", "how far ahead", "how much notice"),
    a count of the thing asked ("how many bank holidays": a figure before that noun; not of days,
    weeks or times, `_SPANS`)."""
    if _ASKS_FREQUENCY.search(ask):
        return "frequency", _FREQUENCY
    if _ASKS_DURATION.search(ask):
        return "duration", _DURATION
    if _ASKS_MONEY.search(ask):
        return "money", _SUM
    count = _ASKS_COUNT.search(ask)
    if count is not None and count.group(2).lower() not in _SPANS:
        noun = count.group(2).lower()
        head = re.escape(noun[:-1] if noun.endswith("s") else noun)
        words = count.group(1).split()
        lead = "".join(rf"{re.escape(w)}\s+" for w in words)
        return "count", re.compile(rf"{_FIGURE}(?:{lead})?{head}s?\b", re.I)
    return None


_OWNERS = frozenset({"my", "our", "your"})
_TOKEN = re.compile(r"[\w'’-]+|[^\w\s]")


def owned_runs(question: str) -> list[list[str]]:
    """The runs of content words after "my", "our" or "your" (light words of asking end a
    run), lower case: the things the asker calls their own ("my pension" -> ["pension"], "my
    mentor sit down" -> ["mentor", "sit", "down"], "our work shoes" -> ["work", "shoes"])."""
    tokens = _TOKEN.findall(question)
    runs = []
    for at, token in enumerate(tokens):
        if token.lower() not in _OWNERS:
            continue
        run: list[str] = []
        for word in tokens[at + 1 :]:
            stems = content_stems(word)
            if not stems or stems[0] in LIGHT:
                break
            run.append(word.lower())
        if run:
            runs.append(run)
    return runs


def owned_heads(ask: str) -> list[str]:
    """The stems of the things the asker calls their own in the ask ("my girlfriend", "our
    work shoes", "my gym membership"): the last content word of each of `owned_runs`
    ("girlfriend", "shoe", "membership")."""
    return [content_stems(run[-1])[0] for run in owned_runs(ask)]


def _values(pattern: re.Pattern[str], line: str) -> set[str]:
    """The distinct values of a kind the line states, as written (lower case)."""
    return {m.group(0).lower().strip() for m in pattern.finditer(line)}


def value_line(e: Evidence, floor: float) -> bool:
    """Does the evidence's first line answer a little under the floor because it states the
    one value of the kind a personally asked question asks for, of the thing the ask names
    (see the module docstring)?"""
    if not VALUE_LINE or not e.ranked or not floor - VALUE_SLACK <= e.score < floor:
        return False
    if e.features[_DOC_TOP] < 1.0:
        return False
    top = e.ranked[0]
    if not prose_in_force(top):
        return False
    question = e.question.text
    if not workplace_asked(question):  # a person word, or a case told first (told_case.py)
        return False
    told = situation_and_ask(question)
    ask = told[1] if told else asked_clause(question)
    asked = asked_value(ask)
    if asked is None:
        return False
    _, pattern = asked
    line = top.span.text
    if len(_values(pattern, line)) != 1:
        return False
    context, title = top.context or "", top.doc.title
    names = {w for n in given_names(ask) for w in content_stems(n)}
    own = [
        w
        for w in dict.fromkeys(content_stems(ask))
        if w not in LIGHT and w not in _ASKING and w not in names
    ]
    if len(own) < 2:
        return False  # "How quickly must I report it?": an act, its thing only a pronoun
    said = set(content_stems(f"{line} {context} {title}"))
    named = [w for w in own if said_like(w, said)]
    if not named or len(named) <= SHARE * len(own):
        return False
    if any(not said_like(w, said) for w in owned_heads(ask)):
        return False  # the asker's own thing is the case asked: "my dog", "my girlfriend"
    framed = set(content_stems(f"{context} {title}"))
    held = [set(content_stems(c)) for c in _clauses(line) if pattern.search(c)]
    if not any(said_like(w, framed) for w in named) and not any(
        said_like(w, c) for c in held for w in named
    ):
        return False
    return says_every_name(question, top.doc)
