"""A line that says of the question's subject only what it contrasts with.

"What does packet switching pre-allocate?", "Packet switching communication has what kind of
bit rate?" and "What is packet switching?" over "Packet switching contrasts with another
principal networking paradigm, circuit switching, a method which pre-allocates dedicated
network bandwidth specifically for each communication session, each having a constant bit
rate and latency between nodes." A line whose main clause is "X contrasts with Y" (differs
from, is unlike, is distinct from Y) says one thing of X, that it is not Y, and then goes on
to describe Y: what it does, has and is. It ranks for any question about X, since it opens
with X's name, and often says the very words the question asks of X; but it says them of
the other thing. A question about X that the line names only before the contrast asks what
the line does not say of X.

Bounded: the line must open with its subject (at most six words) and the contrast right
after it, not with a subordinate clause or a phrase ("Where this guide differs from our other
policies, it applies to you" sets a condition); the question must say a word of that subject that the line does not say again
after the contrast (so a question about Y, "What is circuit switching?", is not read); a
question asking about the contrast itself ("What does packet switching contrast with?",
"How does X differ from Y?") or choosing between the two ("... X or Y?") is answered by the
line and is not read; nor is a yes/no question, which the other case answers with a no.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import asked_clause, key
from wikiqa.text.terms import STOPWORDS

__all__ = ["CONTRASTED_ONLY", "WORD", "content_keys", "contrasted_only"]

CONTRASTED_ONLY = True  # switch: read a line saying only what the subject contrasts with

_CONTRAST = re.compile(
    r"\s+(?:contrasts?|contrasted|differs?|differed)\s+(?:with|from)\b"
    r"|\s+(?:is|are|was|were)\s+(?:unlike|distinct\s+from|different\s+from|opposed\s+to)\b",
    re.I,
)
_SUBJECT_WORDS = 6  # words before the contrast read as the line's subject
# Words of a question that asks about the contrast itself, which the line answers.
_ASKS_CONTRAST = frozenset(
    key(w)
    for w in ("contrast", "contrasted", "differ", "different", "difference", "unlike",
              "distinct", "distinguish", "opposed", "compare", "compared", "versus")
)  # fmt: skip
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*")  # a word, with its apostrophes and hyphens
_OR = re.compile(r"\bor\b", re.I)
# A line opening with a subordinate clause or a phrase ("Where this guide differs from our
# other policies, it applies to you") sets a condition or a scene: its contrast is not what
# the line says of its subject.
_OPENERS = frozenset(
    {"where", "when", "whenever", "if", "unless", "although", "though", "while", "whilst",
     "as", "because", "since", "once", "until", "whether", "whereas", "in", "on", "at", "for",
     "by", "from", "with", "after", "before", "during", "under", "so"}
)  # fmt: skip


def content_keys(text: str) -> set[str]:
    """The keys of `text`'s content words (no stop word, three letters or more): what a
    question asks and a line says, compared word by word (unsupported_claim.py reads it too)."""
    return {key(w) for w in WORD.findall(text) if w.lower() not in STOPWORDS and len(w) > 2}


def contrasted_only(question: str, wh: str, line: str) -> bool:
    """Does `line` open "X contrasts with Y ..." (or differs from, is unlike Y) where the
    question names X by a word the line does not say again after the contrast, and asks
    neither about the contrast nor a choice between the two? (The heading and title are not
    read: they cannot change what the line says of X.)"""
    if not CONTRASTED_ONLY or wh == "yesno":
        return False
    asked = asked_clause(question)
    if _OR.search(asked):
        return False
    text = line.strip()
    match = _CONTRAST.search(text)
    if match is None:
        return False
    subject = WORD.findall(text[: match.start()])
    if not subject or len(subject) > _SUBJECT_WORDS or subject[0].lower() in _OPENERS:
        return False
    asked_keys = content_keys(asked)
    if asked_keys & _ASKS_CONTRAST:
        return False
    before = content_keys(text[: match.start()])
    after = content_keys(text[match.end() :])
    return bool(asked_keys & (before - after))
