"""A line that only says what kind of thing the question's subject is.

"What suite uses UDP?" and "In UDP, the network guarantees what?" over "The User Datagram
Protocol (UDP) is an example of a datagram protocol."; "Who managed Datanet 1 for KPN?" over
"Datanet 1 was the public switched data network operated by the Dutch PTT Telecom (now known
as KPN)."; "Who benefited from CSNET?" over "The Computer Science Network (CSNET) was a
computer network funded by the U.S. National Science Foundation ...". A line whose main
clause puts a named subject in a class ("X is a ...", "X was the ...") tells what X is; it
ranks for any question about X, since it says X's name and little else. A question asking
what X does, has or had done to it says what in its own lower-case words (the verb, its
object, the thing asked: "uses", "guarantees", "managed", "benefited"); when the line, its
heading and title say none of them, the definition meets the question only in its subject,
as `setting_only`'s line meets it only in its period: it tells something else about X.

Bounded: the line must open with its subject and a copula and an article ("X is a", "The X
(Y) was the"), and that subject must say one of the question's names (a capitalised word
past the first, or a word with a digit), so the line is the definition of what is asked
about; a line that also names who did something to its subject ("run by Aviva", "operated
by the Dutch PTT Telecom") tells an act, which a question may ask in other words ("Which
provider manages ...?"), and is not read; a question asking what or who something is ("What is X?", "What kind of ...") is
answered by a definition and is not read; a yes/no question is not read; a question with a
relative clause is not read (its subject may be described, not named); and a word counts as
said as in `setting_only` (its key or its first four letters, in the line, its heading or
its title), so any word of what is asked that the line says leaves it alone.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import asked_clause, key
from wikiqa.answerers.setting_only import act_words, said_in

__all__ = ["DEFINED_ONLY", "defined_only"]

DEFINED_ONLY = True  # switch: read a definition line meeting the question only in its subject

# The line's main clause: a subject of at most eight words (no clause break), a copula and
# an article or "one": "The Computer Science Network (CSNET) was a computer network ...".
_DEFINITION = re.compile(
    r"^(?P<subject>(?:The\s+)?[A-Z0-9][^,;:.!?]{0,60}?)\s+(?:is|was|are|were)\s+"
    r"(?:a|an|the|one)\b"
)
# A question asking what something is, or its kind: a definition answers it.
_ASKS_WHAT_IS = re.compile(
    r"^\s*(?:what|who|which)\s+(?:is|was|are|were)\b|\b(?:kind|type|sort|class|form)s?\s+of\b",
    re.I,
)
_RELATIVE = re.compile(r"\b(?:who|whom|whose|which|that)\b", re.I)
# A definition that also tells an act done to its subject and by whom ("the Greystone Vets
# Group Pension Plan, run by Aviva"; "a network operated by the Dutch PTT") says that
# something happened, and a question may ask that act in other words ("Which provider
# manages the plan?"): such a line is not read.
_DOER = re.compile(
    r"\b(?:[a-z]+(?:ed|en|wn)|run|built|made|held|led|kept|set|won|sold|told|paid|bought|"
    r"brought|taught|sent|spent|put|cut|read|found|met|left|lent|begun|done|drawn|given|"
    r"grown|known|seen|shown|sung|taken|written)\s+by\b",
    re.I,
)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*")


def _names(asked: str) -> set[str]:
    """Keys of the asking clause's names: capitalised words past the first, words with a
    digit."""
    out = set()
    for n, m in enumerate(_WORD.finditer(asked)):
        word = m.group()
        if (n > 0 and word[0].isupper()) or any(ch.isdigit() for ch in word):
            out.add(key(word.rstrip("'’s") or word))
    return out


def defined_only(question: str, wh: str, line: str, context: str = "") -> bool:
    """Does `line` only put the question's named subject in a class ("X is a ...") while it,
    its heading and title (`context`) say none of the question's words of what is asked?"""
    if not DEFINED_ONLY or wh == "yesno":
        return False
    asked = asked_clause(question)
    if _ASKS_WHAT_IS.search(asked) or _RELATIVE.search(asked[1:]):
        return False
    match = _DEFINITION.match(line.strip())
    if match is None or _DOER.search(line):
        return False
    subject = {key(w.rstrip("'’s") or w) for w in _WORD.findall(match.group("subject"))}
    if not subject & _names(asked):
        return False  # the line defines something the question does not name
    act = act_words(asked, [])
    return bool(act) and not said_in(act, f"{line} {context}")
