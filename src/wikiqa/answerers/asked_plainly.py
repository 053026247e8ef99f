"""A question asked again without two habits of speech that the answerer reads as content.

Staff of every trade type a question as they would say it: "Who's the area manager for
Scotland?", "are the big stores open on easter sunday or not". The question word's
contraction ("who's", "what's") is no stop word, so the features count it as a term of the
question that no line says, and a closing "or not" reads as a second, empty alternative;
both leave the answering line under the floor (hb14-fact-39 at 0.07, hb14-fact-07 at 0.11,
each cleared asked as "Who is ..." and without "or not"). `asked_plainly` says the question
without them, asked only after every other asking was refused.

The dropped word was a penalty on every line alike, so without it a line that says little
of the question rises too ("What is the least time off between shifts ...?" answered a sick
reporting line, a permission task refused on main). `plainly_said` bounds the answer: its
cited lines (a row with its header) say every content word of the question, save a size
the asker gives a thing ("Area manager, Scotland" says the area manager for Scotland;
"Superstores ... Easter Sunday" all of "are the big stores open on easter sunday" but
"big"; no line says the pharmacies of "are the pharmacies open on new year's day or not").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from wikiqa.answerers.features import key_set
from wikiqa.answerers.told_bound import said_or_refused
from wikiqa.types import Document, Draft

# "Who's", "what's", "where's", "when's", "how's" (straight or curly apostrophe), as asked;
# "who's" before a bare noun is a misspelt "whose" ("Who's chains were made of copper?"),
# so it is said whole only before a determiner, a possessive or a preposition
_CONTRACTED = re.compile(
    r"\b(?P<w>what|where|when|how)['’]s\b|\b(?P<who>who)['’]s(?=\s+(?:the|a|an|my|our|your|"
    r"his|her|their|this|that|these|those|on|in|at|for|responsible|in\s+charge)\b)",
    re.I,
)
# a closing "or not" of a yes/no question ("... open on easter sunday or not?")
_OR_NOT = re.compile(r",?\s+or\s+not\s*(?P<end>[?.!]*)\s*$", re.I)


def asked_plainly(question: str) -> str:
    """`question` with a contracted question word said whole ("Who's" -> "Who is") and a
    closing "or not" dropped; the question itself when it has neither."""
    text = _CONTRACTED.sub(lambda m: f"{m['w'] or m['who']} is", question)
    return _OR_NOT.sub(lambda m: m["end"] or "?", text)


# a size the asker gives a thing the line names by its own word ("the big stores" for
# "Superstores"): the only words of the question a cited line need not say; the thing
# itself ("are the pharmacies open on New Year's Day or not") must be said
_SIZES = key_set("big bigger biggest large larger largest small smaller little main major huge")


def _terms(asked: str) -> frozenset[str]:
    return key_set(asked_plainly(asked)) - _SIZES


def could_be_said(asked: str, docs: Iterable[Document]) -> bool:
    """Whether the documents the plain asking's search finds say, between them, every word
    `plainly_said` will ask of its cited lines: when one is said by none of them, the plain
    asking is not made (its answer could cite no line saying it, so it could not stand, save
    through a document a later step adds, such as a second hop's). The asking costs as much
    as the first one; this check costs a search and the texts already fetched."""
    said: set[str] = set()
    for doc in docs:
        said |= key_set(f"{doc.title} {doc.text}")
    return _terms(asked) <= said


def plainly_said(asked: str, draft: Draft) -> bool:
    """Whether `draft`, the answer to `asked` said plainly, cites lines that together say
    every content word of the question, save a size given a thing (`_SIZES`)."""
    terms = _terms(asked)

    def says(_kind: str, lines: list[str]) -> bool:
        said = frozenset().union(*(key_set(line) for line in lines))
        return terms <= said

    told = ["the question's own words"] if asked_plainly(asked) != asked else []
    return said_or_refused(asked, draft, lambda _q: told, says).refusal is None
