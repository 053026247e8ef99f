"""What the asker's own person does with them, told in the asker's words, read off the line of
their own record naming that person with a value of the kind asked (gap77).

"How often does my mentor sit down with me?" asked by the apprentice whose training agreement
says "Ryan's mentor meets him every 4 weeks to review his progress log." The agreement is the
asker's own (a private document the store shows to its owner only) and ranks first, but the
line scores under the floor, and own_record.py wants every word of the ask said: "sit down"
is the asker's way of saying what the record calls "meets" ("come and see me", "catch up with
me", "check in on me" are others), and no word vector tells those apart from another act
(sit/meets 0.24). A careful reader takes the question as asking about the person it names:
their own record's one line saying what that person does and how often is the answer.

One sentence: *a question asking a kind of value (`kinds.asked_kind`: a frequency, a day, a
clock time, ...) of what "my <person>" does with the asker ("How often does my mentor sit down
with me?", "What day does my tutor come and see us?": an act whose object is "me" or "us") is
answered by the first-ranked line at any score above 0 when that line belongs to a private
document of the asker's (`Document.owner_user_id`), in force, is no table row, says every
word of the person's name ("mentor", "clinical coach") itself and a value of the kind asked,
and is the only line of that record read for this question to say both.*

Why bounded so: the act may be told in any words, so everything else must hold. The person
must be the asker's own ("my mentor") and said by the line itself, not only by its heading
or title; the act must be done with the asker ("me", "us"): "How often does my mentor get
paid?" asks of the mentor's own affairs, which a record of the asker's does not keep. A
record with two lines naming the person with a value of the kind ("meets you every 2 weeks",
"reviews your log every 10 weeks") is not read: which act is meant needs the words. A
question asked with its record withheld (or by anyone else) meets no private document of
the asker's at all, so the reading cannot fire; a general page's line is never read so.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.answerers.neighbours import read_out_of_force

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

OWN_ACT = True  # switch: the asker's own person's act, told in the asker's words (gap77)

# "How often does my mentor sit down with me?", "When will my tutor next come and see me?",
# "What day does my clinical coach check in with us?": a wording asking a value, the asker's
# own person (one to three words after "my") and what they do
_PERSON_ACT = re.compile(
    r"^\s*(?:how\s+(?:often|frequently|many\s+times)|when|what\s+(?:day|days|time|date)"
    r"|which\s+(?:day|days|date))\s+(?:does|do|will|would|should|is|are|can)\s+"
    r"my\s+(?P<rest>[a-z].*?)\s*\??\s*$",
    re.I,
)
# the act is done with or to the asker
_WITH_ASKER = re.compile(r"\b(?:me|us)\b", re.I)
# words that open the act rather than end the person's name
_ACT_OPENERS = frozenset(
    [
        "sit",
        "see",
        "meet",
        "come",
        "check",
        "catch",
        "visit",
        "talk",
        "speak",
        "go",
        "review",
        "call",
        "ring",
        "get",
        "have",
        "do",
        "next",
        "usually",
        "normally",
    ]
)
_NAME_WORDS = 3  # "my clinical coach", "my line manager": a person is named in few words


def person_asked(question: str) -> tuple[str, str] | None:
    """The asker's own person and the act asked of them with the asker ("my mentor", "sit
    down with me"), or None when the asking sentence is not of that shape."""
    m = _PERSON_ACT.match(asked_clause(question))
    if m is None:
        return None
    words = m.group("rest").split()
    # the person's name is the words before the first that opens the act (up to three)
    end = next((i for i, w in enumerate(words) if w.lower() in _ACT_OPENERS), len(words))
    if not 1 <= end <= _NAME_WORDS or end == len(words):
        return None
    act = " ".join(words[end:])
    if not _WITH_ASKER.search(act):
        return None
    return " ".join(words[:end]), act


def _names(line: Candidate, person: set[str], kind: str) -> bool:
    """Does `line` (no table row) itself say every word of the person and a value of `kind`?"""
    if line.header is not None:
        return False
    said = stem_set(line.span.text)
    return all(said_like(w, said) for w in person) and says_kind(kind, line.span.text)


def own_act(e: Evidence) -> bool:
    """A reading under the floor: the question asks a value of what the asker's own person
    does with them, and the first-ranked line, of the asker's own record, is that record's
    one line naming the person with a value of the kind asked (see the module docstring)."""
    if not OWN_ACT or not e.ranked or e.score <= 0.0:
        return False
    asked = person_asked(e.question.text)
    kind = asked_kind(asked_clause(e.question.text))
    if asked is None or kind is None:
        return False
    person = stem_set(asked[0])
    top = e.ranked[0]
    if not person or top.doc.owner_user_id is None or read_out_of_force(top.doc):
        return False
    if not _names(top, person, kind):
        return False
    return not any(
        c.doc.doc_id == top.doc.doc_id
        and c.span.start != top.span.start
        and _names(c, person, kind)
        for c in e.ranked
    )
