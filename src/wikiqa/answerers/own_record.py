"""A value the asker asks of their own record, stated by its line with every word asked.

"Which day am I at college?" asked by an apprentice: the search finds their apprenticeship
agreement, a private document the store gives to its owner only, and its line "You attend
college every Wednesday in term time, ..." ranks first. The line scores far under the floor:
a short personal record shares few words with the question, and "college day" is told in no
policy's words. Yet the line is the asker's own record, it says what the question asks about
("college") and it says a value of the kind the wording asks for (a day: "Wednesday").

One sentence: *a question whose wording asks for a kind of value (`kinds.asked_kind`: a day,
a clock time, a sum, a share, a frequency, a number to dial) is answered by its first line
at any score above 0, when that line's document is a private one (`Document.owner_user_id`:
the store shows it to its owner only, so it is the asker's own record) in force, whichever
document the search put first, the line no table row, saying a value of that kind, and
the line with its heading and its record's title saying every content word of the asking
sentence besides the kind's own noun ("day", "time", "number", ...), whole or by its first
letters (`ask_named.said_like`), with at least one such word.* The title counts because a
record's lines do not repeat what it is about: "Sabbatical Approval: Jonas Weber"'s line
"- Return date: Monday 28 September 2026" is the return from the sabbatical.

Why bounded so: a general policy's line that says the question's words and some day is a
guess about someone's case; a record of the asker's own is their case. A record's line that
says no word of what is asked ("Off-the-job training day: Wednesday" for "Which day is my
appraisal?") or no value of the asked kind ("Your training provider is Castlebridge
College." for "Which day am I at college?") is refused as before. A question asked with its
record withheld meets no private document of the asker's at all, or one about another
thing, whose lines do not say the asked words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.answerers.neighbours import read_out_of_force

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

# the nouns a wording asks a kind of value by ("which day", "what time", "the phone
# number"): they say what is asked for, not what about
_KIND_NOUNS = frozenset(
    stem
    for word in [
        "day",
        "days",
        "date",
        "time",
        "times",
        "number",
        "phone",
        "telephone",
        "share",
        "percentage",
        "proportion",
        "percent",
        "fraction",
        "cost",
        "price",
        "money",
        "often",
        "frequently",
    ]
    for stem in stem_set(word)
)


def asked_words(ask: str) -> set[str]:
    """The content stems of the asking sentence less the kind's own nouns."""
    return {w for w in stem_set(ask) if w not in _KIND_NOUNS}


def own_value(e: Evidence) -> bool:
    """A reading under the floor: the question asks a kind of value and its first line, of
    the asker's own private record wherever the search ranked it, says a value of that kind
    and every content word asked (see the module docstring)."""
    ask = asked_clause(e.question.text)
    kind = asked_kind(ask)
    if kind is None:
        return False
    if not e.ranked or e.score <= 0.0:
        return False
    top = e.ranked[0]
    if top.header is not None or top.doc.owner_user_id is None or read_out_of_force(top.doc):
        return False
    if not says_kind(kind, top.span.text):
        return False
    asked = asked_words(ask)
    said = stem_set(f"{top.span.text}\n{top.context}\n{top.doc.title}")
    return bool(asked) and all(said_like(w, said) for w in asked)
