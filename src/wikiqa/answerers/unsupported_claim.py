"""A line that names something only inside a claim it says is unsupported or false.

"How many Huguenots settled in Bedfordshire?" and "How many immigrant lacemakers were there
in Bedfordshire?" over "The only reference to immigrant lacemakers in this period is of
twenty-five widows who settled in Dover, and there is no contemporary documentation to
support there being Huguenot lacemakers in Bedfordshire."; "In what era was "Bucks Point"
lace making developed?" over "The implication that the style of lace known as 'Bucks Point'
demonstrates a Huguenot influence, being a "combination of Mechlin patterns on Lille ground",
is fallacious: what is now known as Mechlin lace did not develop until ...". A line that says
"there is no evidence (documentation, record, proof) to support / that X" or "the claim
(implication, idea, belief ...) that X is false (fallacious, unfounded, a myth ...)" does not
say X: it disowns it. It ranks for a question about X, since it says X's words, often with a
number or a date beside them that belongs to something else; but a question that names a
thing the line names only inside the disowned claim asks what the line says is not so, or is
not known.

Bounded: the claim must be disowned by the line's own words ("no evidence to support",
"no documentation that", "the idea that ... is unfounded"), not merely negated ("there is no
limit", "staff do not need a note": a plain negation says something of its subject); the
question must say a name (a capitalised word of the line: "Bedfordshire", "Bucks Point") that
the line says only inside the disowned claim, so a question about the rest of the line, or
naming only what the line also says outside the claim, is not read ("How many shifts does a
night porter work?" over "The idea that night porters work a four-night rota is unfounded:
every porter works five shifts a week."); a question about the evidence or the claim itself
("Is there evidence ...?", "What claim is fallacious?", "What style is erroneously believed to
...?") is answered by the line and not read; nor is a yes/no question, which the line answers
with a no.
"""

from __future__ import annotations

import re

from wikiqa.answerers.contrasted_only import WORD, content_keys
from wikiqa.answerers.features import asked_clause, key
from wikiqa.text.terms import STOPWORDS

__all__ = ["UNSUPPORTED_CLAIM", "unsupported_claim", "unsupported_spans"]

UNSUPPORTED_CLAIM = True  # switch: read a line naming the asked thing only inside a disowned claim

_NO_SUPPORT = re.compile(
    r"\bno\s+(?:[a-z]+\s+){0,2}?(?:documentation|evidence|record|records|proof)\s+"
    r"(?:to\s+support|supporting|that)\b([^;:]*)",
    re.I,
)
_DISOWNED = re.compile(
    r"\b(?:the|this|that)\s+(?:implication|claim|idea|notion|belief|suggestion|assertion|"
    r"theory|story|assumption|legend|myth)\s+that\b(.{3,}?)\b(?:is|was|are|were)\s+"
    r"(?:(?:now\s+)?(?:widely\s+)?(?:considered\s+|thought\s+|believed\s+)?)"
    r"(?:fallacious|false|unfounded|untrue|mistaken|baseless|erroneous|apocryphal|"
    r"a\s+myth|without\s+foundation)\b",
    re.I,
)
# Words of a question that asks about the evidence or the claim itself, which the line answers.
_ASKS_CLAIM = frozenset(
    key(w)
    for w in ("evidence", "documentation", "documented", "record", "proof", "support",
              "supported", "implication", "claim", "idea", "notion", "belief", "suggestion",
              "assertion", "theory", "story", "myth", "fallacious", "false", "unfounded",
              "untrue", "mistaken", "true", "reference", "believed", "claimed", "thought",
              "supposed", "supposedly", "alleged", "allegedly", "erroneously", "wrongly",
              "mistakenly", "falsely", "implied", "fallacy")
)  # fmt: skip


def _name_keys(text: str) -> set[str]:
    """Keys of the names in `text`: its capitalised words ("Huguenot", "Bedfordshire",
    "Bucks Point"), the things the claim names rather than what it says of them."""
    return {
        key(w)
        for w in WORD.findall(text)
        if w[0].isupper() and w.lower() not in STOPWORDS and len(w) > 2
    }


def unsupported_spans(line: str) -> list[tuple[int, int]]:
    """The spans of `line` that it says are unsupported or false (the claim's own words)."""
    spans = [m.span(1) for m in _NO_SUPPORT.finditer(line)]
    spans += [m.span(1) for m in _DISOWNED.finditer(line)]
    return [(a, b) for a, b in spans if b > a]


def unsupported_claim(question: str, wh: str, line: str) -> bool:
    """Does the question say a name (a capitalised word) that `line` says only inside a claim
    it disowns ("no
    evidence to support X", "the idea that X is unfounded"), asking neither about the claim
    nor for a yes or no?"""
    if not UNSUPPORTED_CLAIM or wh == "yesno":
        return False
    spans = unsupported_spans(line)
    if not spans:
        return False
    asked_keys = content_keys(asked_clause(question))
    if asked_keys & _ASKS_CLAIM:
        return False
    inside: set[str] = set()
    rest, at = [], 0
    for a, b in sorted(spans):
        inside |= _name_keys(line[a:b])
        rest.append(line[at:a])
        at = max(at, b)
    rest.append(line[at:])
    outside = content_keys(" ".join(rest))
    return bool(asked_keys & (inside - outside))
