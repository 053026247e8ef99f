"""The line of the first page stating a value of the kind asked, nearest the ask in meaning.

An employee asks their workplace's rule for a value in their own words, and the policy states
it in its own: "What's the longest my working day can be, counting the loading?" over "- You
may drive no more than 10 hours in a day, and your duty day, including loading, is limited to
12 hours."; "How often does someone from Pennock come round to see us?" over "- Your
franchise support manager ..., who visits every 6 weeks ..."; "A customer wants to swap their
tickets to a different night. Is there a charge?" over "1. Tickets can be exchanged for
another performance ... for a fee of £2 a ticket." Retrieval puts the page first, but the
exact-term features, fitted to SQuAD whose questions copy their paragraph's words, score the
line under the floor, and often another line of the page (an opening line, a line of the
page saying a word of the question) is ranked above it. value_line.py answers only "how
much / how often / how long / how many <noun>" over the first line stating exactly one value
with most of the ask's words said word for word.

What ties the line to the question is what it states and what it means: the ask names a kind
of value (a sum for "how much", "is there a charge", "do I have to pay", "do I owe"; a
stretch of time for "how long", "the longest", "the latest"; a frequency for "how often"; a
count of the noun for "how many <noun>", as value_line reads it), and of the first page's ranked lines the one stating a value of that
kind that the bundled embedder puts nearest the question (the line under its heading) is the
line a careful reader would point to. One sentence: *a question asked in the first or second
person for a value of one kind is answered, within `KIND_SLACK` under the floor, by the line
of the first-retrieved document (in force, no table row, among the top `lift.NEAR_POOL`
ranked) that states a value of that kind and is nearest the question in meaning, when its
cosine is at least `KIND_COSINE`, it, its heading or its title say a content word of the ask
(word for word or by a word at cosine `WORD_MEANT`), and the document says every name the
question gives.*

What stays refused, as a careful reader would hold it:
- a question naming no kind of value ("Can I challenge it?", "What ID can I show?");
- a page stating no value of the kind among its ranked lines (a rate, "2 days a week", is no
  stretch of time), or whose nearest such line is
  far from the question in meaning (another matter's figure), or says none of its words;
- a page that is not the first retrieved (the expected document withheld leaves another page
  first, whose figure lines must then both mean the ask and say its words);
- a sibling place's page (a name the question gives and the page does not say);
- a question in no person (SQuAD's and HotpotQA's adversarial questions copy their
  paragraph's words and ask figures of every kind);
- a question whose document the asker may not read never reaches this (retrieval reads only
  what the asker may read).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_meant import WORD_MEANT
from wikiqa.answerers.ask_named import (
    LIGHT,
    content_stems,
    prose_in_force,
    said_like,
)
from wikiqa.answerers.features import ANSWER_FEATURES, asked_clause
from wikiqa.answerers.lift import NEAR_POOL, TopicCosines
from wikiqa.answerers.list_entry import given_names
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.answerers.told_case import situation_and_ask, workplace_asked
from wikiqa.answerers.value_line import VALUE_KINDS, asked_value, owned_runs
from wikiqa.text.terms import content_terms, stem

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

KIND_MEANT = True  # switch: the value line of the asked kind nearest the ask (this module)
KIND_SLACK = 0.25  # how far under the floor the first page's evidence may score
KIND_COSINE = 0.50  # the question's least cosine to the chosen line (under its heading)

_DOC_TOP = ANSWER_FEATURES.index("doc_top")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
# where a line's coordinate clauses part: each states its own matter
_VALUE_CLAUSE = re.compile(r";|,?\s+(?:and|but|whereas|while)\s+(?=[a-z])", re.I)

# the kinds a question asks in other words than value_line's "how much / often / long / many"
_ASKS_SUM = re.compile(
    r"\b(?:is|are)\s+there\s+(?:a|any)\s+(?:charge|fee|cost)s?\b"
    r"|\b(?:do|does|will|would)\s+(?:I|we|you|they)\s+(?:have\s+to\s+|need\s+to\s+)?"
    r"(?:pay|owe)\b"
    r"|\bhow\s+much\b",
    re.I,
)
# "2 days a week", "3 hours per shift": a rate, how much of each period, not a stretch of time
_RATE_AFTER = re.compile(
    r"\s+(?:a|an|per|each|every)\s+(?:day|week|fortnight|month|year|shift|term)\b", re.I
)
_ASKS_SPAN = re.compile(
    r"\bwhat(?:['’]s|\s+is)\s+the\s+(?:longest|shortest|most\s+hours|maximum\s+hours)\b",
    re.I,
)

# words of asking for a value, not of what it is a value of (stemmed)
_ASKING = frozenset(
    stem(w)
    for w in (
        "much", "many", "cost", "often", "frequently", "long", "longest", "shortest", "soon",
        "quickly", "charge", "fee", "pay", "owe", "anything", "there", "what's", "whats",
        "most", "maximum", "extra", "money",
    )
)  # fmt: skip


def asked_kind(ask: str) -> re.Pattern[str] | None:
    """What states a value of the kind the asking clause asks for: value_line's kinds, a sum
    for "is there a charge", "do I have to pay", "do I owe", "how much", a stretch of time for
    "what's the longest"; None when it asks for no kind of value (a bare "how many days" is
    value_line's span, which turns on the case asked, and no kind here)."""
    asked = asked_value(ask)
    if asked is not None:
        return asked[1]
    if _ASKS_SPAN.search(ask):
        return VALUE_KINDS["duration"]
    if _ASKS_SUM.search(ask):
        return VALUE_KINDS["money"]
    return None


def states_kind(pattern: re.Pattern[str], text: str) -> bool:
    """Does `text` state a value `pattern` matches, a stretch of time only when not a rate
    ("work from home for up to 2 days a week" says how much of each week, not how long:
    "How long do I have to keep working after I tell them?" is not answered by it)?"""
    if pattern is not VALUE_KINDS["duration"]:
        return pattern.search(text) is not None
    return any(_RATE_AFTER.match(text, m.end()) is None for m in pattern.finditer(text))


def _words(text: str) -> list[str]:
    """The content words of `text` as written (for the embedder), one each."""
    return list(dict.fromkeys(w.lower() for w in _WORD.findall(text) if content_terms(w)))


def _things(text: str, names: set[str]) -> list[str]:
    """The content words of `text` naming a thing (words of asking and names aside)."""
    return [
        w
        for w in _words(text)
        if w not in names and any(s not in LIGHT and s not in _ASKING for s in content_stems(w))
    ]


def _said_in(
    word: str,
    frame: str,
    similarities: Callable[[str, list[str]], list[float]] | None,
) -> bool:
    """Is `word` said by `frame`, whole, clipped, or by a word meaning it (cosine at least
    WORD_MEANT through the bundled embedder)?"""
    stems = [s for s in content_stems(word) if s not in LIGHT and s not in _ASKING]
    said = set(content_stems(frame))
    if stems and all(said_like(s, said) for s in stems):
        return True
    framing = _words(frame)
    return bool(
        similarities is not None and framing and max(similarities(word, framing)) >= WORD_MEANT
    )


def _says_ask(
    line: Candidate,
    question: str,
    ask: str,
    pattern: re.Pattern[str],
    similarities: Callable[[str, list[str]], list[float]] | None,
) -> bool:
    """Does the line say a word of what is asked about in a clause holding a value of the kind
    asked (`_VALUE_CLAUSE` parts: "... has a mentor at their club, and reviews with the
    coordinator every 12 weeks" states no mentor's frequency), outside the value itself ("5
    days" does not say the "day" of "my working day"), word for word or by a word meaning it
    (cosine at least WORD_MEANT); and do the line, its heading or its title say every thing
    the asker calls their own ("my pension": `owned_runs`), the case asked? What is
    asked about is the ask's own content words (words of asking and names aside), or, when
    the ask is bare ("do I owe anything?", "Is there a charge?"), the rest of the
    question's: the case it tells."""
    names = {w.lower() for n in given_names(question) for w in _WORD.findall(n)}
    things = _things(ask, names) or _things(question, names)
    clauses = _VALUE_CLAUSE.split(line.span.text)
    held = [pattern.sub(" ", c) for c in clauses if states_kind(pattern, c)]
    if not any(_said_in(w, c, similarities) for c in held for w in things):
        return False
    frame = f"{line.span.text} {line.context or ''} {line.doc.title}"
    return all(any(_said_in(w, frame, similarities) for w in run) for run in owned_runs(question))


def kind_line(
    e: Evidence,
    floor: float,
    topic_cosines: TopicCosines,
    similarities: Callable[[str, list[str]], list[float]] | None,
) -> Candidate | None:
    """The line of the first-retrieved document stating a value of the kind the personally
    asked question asks, nearest the question in meaning (see the module docstring); None
    when there is none, or it fails a bound."""
    if not KIND_MEANT or not e.ranked or not floor - KIND_SLACK <= e.score < floor:
        return None
    if len(e.features) <= _DOC_TOP or e.features[_DOC_TOP] < 1.0 or len(e.question.parts) > 1:
        return None
    question = e.question.text
    if not workplace_asked(question):  # a person word, or a case told first (told_case.py)
        return None
    told = situation_and_ask(question)
    ask = told[1] if told else asked_clause(question)
    pattern = asked_kind(ask)
    if pattern is None:
        return None
    first = e.ranked[0]
    pool = [
        c
        for c in e.ranked[:NEAR_POOL]
        if c.doc.doc_id == first.doc.doc_id
        and prose_in_force(c)
        and states_kind(pattern, c.span.text)
    ]
    if not pool:
        return None
    cos = topic_cosines(question, [c.text for c in pool], [c.context for c in pool])
    best = max(range(len(pool)), key=lambda i: cos[i])
    if cos[best] < KIND_COSINE:
        return None
    line = pool[best]
    if not _says_ask(line, question, ask, pattern, similarities) or not says_every_name(
        question, line.doc
    ):
        return None
    return line
