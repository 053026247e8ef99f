"""What a later part of a compound question means by "it" or "they".

"When is the report on my research leave due, and what happens if I don't hand it in?"
asks its second part about the report: searched with the whole first part beside it, the
second part finds the first part's document again (the asker's approval letter, which says
when the report is due) and scores the policy's line ("A report not submitted means the
next application will not be considered") as an answer to nothing, the part's own words
being "what happens if I don't hand it in". The pronoun stands for the first part's
subject, the noun phrase its question frame asks about ("When is [the report on my
research leave] due"), so the part is searched with that phrase in the pronoun's place
("what happens if I don't hand the report on my research leave in?") and scored with it
beside its own words. The first part's own ask ("due", "take effect") is left out of both:
it is what pulls the first part's document back in.

Only a subject that is a thing the first part names after its question word and an
auxiliary, opened by a determiner ("the", "a", "my", "this year's"), is read; a first
part about the asker ("How soon must I report ...", "Can I roll ...") names no such
subject, and the part is searched as before.
"""

from __future__ import annotations

import re

# The question frame before the subject: a question word (with the word it asks about,
# "how long"), a contracted or written auxiliary.
_FRAME = re.compile(
    r"^\s*(?:how\s+\w+|when|where|why|what|which|who)\s*"
    r"(?:(?P<be>'s|’s|\s(?:is|are|was|were))"
    r"|\s(?:do|does|did|can|could|must|should|will|would|may|might))\s+",
    re.I,
)
# A particle closing a verb ("sign off", "hand in").
_PARTICLE = frozenset({"off", "up", "out", "in", "on", "over", "back", "down", "away"})
_DETERMINER = re.compile(
    r"^(?:the|a|an|my|our|your|this|that|these|those|(?:this|next|last)\s+year['’]s)\s", re.I
)
# Where the subject ends and what is asked of it begins: a relative clause, a verb the
# frame's auxiliary carries ("take effect", "be acknowledged"), a participle, or a word
# that states something of the subject ("due", "valid").
_PREDICATE = frozenset(
    {"who", "which", "that", "be", "been", "being", "take", "get", "go", "come", "start",
     "end", "begin", "happen", "need", "have", "has", "work", "apply", "last", "cost", "run",
     "pay", "count", "due", "valid", "available", "open", "closed", "required", "allowed",
     "needed", "based", "used", "made", "given", "set", "paid", "done", "held", "kept",
     "if", "when", "before", "after", "until", "so"}
)  # fmt: skip
_WORD = re.compile(r"[\w'’-]+")
MAX_WORDS = 8  # a longer subject is a clause, not a name for a pronoun to stand for
# The pronouns a later part refers back to a thing with (not a possessive: "their number"
# asks about whoever the first part names, which part_hops chains through its answer).
BACK = re.compile(r"\b(it|they|them)\b", re.I)


def referent(first: str) -> str | None:
    """The noun phrase the first part of a compound question asks about, when its frame
    is a question word and an auxiliary before a determiner ("When do [this year's merit
    increases] take effect"), cut before what is asked of it; None otherwise."""
    last = re.split(r"(?<=[.!?])\s+", first.strip())[-1]  # "I've lost my card. Who ..."
    m = _FRAME.match(last)
    if m is None:
        return None
    rest = last[m.end() :].rstrip(" ?")
    if not _DETERMINER.match(rest):
        return None
    kept: list[str] = []
    for w in _WORD.findall(rest):
        if kept and (w.lower() in _PREDICATE or (w.lower().endswith("ed") and len(w) > 4)):
            break
        kept.append(w)
    else:  # nothing marked the predicate: after "do", "can", ... it is the last verb
        if m.group("be") is None:
            if len(kept) > 2 and kept[-1].lower() in _PARTICLE:
                kept.pop()
            kept.pop()
    if len(kept) < 2 or len(kept) > MAX_WORDS or kept[-1].lower().endswith(("'s", "’s")):
        return None  # "the top of a senior technician's": the pronoun is the possessor
    return " ".join(kept)


def substituted(part: str, first: str) -> str | None:
    """`part` with its first pronoun referring back ("it", "they", "them") replaced by
    the first part's subject (`referent`), or None when either is missing."""
    subject = referent(first)
    if subject is None or not BACK.search(part):
        return None
    return BACK.sub(subject, part, count=1)


def referred_reading(part: str, parts: tuple[str, ...]) -> tuple[str, str] | None:
    """A later part that refers back to the subject the first part names, as searched (the
    subject in the pronoun's place) and as scored (the part with the subject beside it:
    "what happens if I don't hand it in? (the report on my research leave)"); None for
    the first part and for a part that does not refer back so."""
    if part == parts[0] or (query := substituted(part, parts[0])) is None:
        return None
    return query, f"{part} ({referent(parts[0])})"
