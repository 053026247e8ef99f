"""The question's thing asked with the verb a retrieved rule line says of it.

People ask what happens to a thing in their own verb; policies state it in the passive, the
thing first: "How far ahead do the rotas come out?" (hb17-trap-05, hb18-trap-05) is ruled on
by "Rotas are published on ShiftHub at least 4 weeks before the first day they cover.", and
"How far ahead do we get told our shifts?" (hb19-trap-05) by "Shifts are published on the
Pennock People app at least 14 days before ...". The question's verb ("come out", "get told")
is a word no line says, so the ruling line ranks under a neighbour's (the Christmas rota's)
and the question is refused; asked with the line's own verb ("How far ahead are the rotas
published?"), it answers.

No synonym list is read: the verb is taken from the documents the question's own search read,
from a line whose grammatical subject is a plural noun the question names ("Rotas are
published ...", "Payslips are sent ..."), and only when those documents say one such verb of
that noun, so the line is the documents' own rule about the thing asked. `retold` keeps the
question's asking words ("How far ahead", "When", "How often") and asks them of the noun with
that verb; `verb_said` keeps the answer only when a line it cites is such a line (the noun
first, then the verb). The reading runs only when the question as asked is refused for want
of evidence, so it takes no answer the question gets as asked; the search it reads is the
asker's own, so nothing the asker may not read is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from wikiqa.types import Document, Draft

# The question's asking words before its auxiliary: "How far ahead do ...", "When are ...".
_ASK = re.compile(
    r"^\s*((?:how|when|what\s+time|by\s+when)\b[\w\s']*?)\s+(?:do|does|did|will|are|is)\s+(.+?)\??\s*$",
    re.I,
)
# A rule line whose subject is a plural noun in the passive: "Rotas are published ...",
# "- Shifts are published ...", "All payslips are sent ...".
_PASSIVE = re.compile(
    r"^(?:[-*]\s+|\d+\.\s+)?(?:(?:the|your|all|our)\s+)?([A-Za-z]+s)\s+are\s+([a-z]+(?:ed|en|wn|nt|ld))\b"
)
_WORD = re.compile(r"[a-z]+")


def _lines(docs: Iterable[Document]) -> list[str]:
    return [line.strip() for d in docs for line in d.text.splitlines() if line.strip()]


def passive_verbs(noun: str, docs: Iterable[Document]) -> set[str]:
    """The participles the documents' rule lines say of the plural `noun` as their subject."""
    out = set()
    for line in _lines(docs):
        m = _PASSIVE.match(line)
        if m is not None and m.group(1).lower() == noun:
            out.add(m.group(2))
    return out


def retold(question: str, docs: Iterable[Document]) -> tuple[str, str, str] | None:
    """The question asked of its plural noun with the one verb the documents' rule lines say of
    it, as (question, noun, verb), or None: no asking words, no such noun, a verb the question
    already says, or more than one verb said of the noun (no one rule line to lean on)."""
    m = _ASK.match(question)
    if m is None:
        return None
    ask, rest = m.group(1).strip(), m.group(2)
    said = set(_WORD.findall(rest.lower()))
    read = list(docs)
    found = []
    for noun in sorted(w for w in said if w.endswith("s") and not w.endswith("ss") and len(w) > 3):
        verbs = passive_verbs(noun, read)
        if len(verbs) == 1:
            (verb,) = verbs
            if verb not in said:
                found.append((noun, verb))
    if len(found) != 1:
        return None
    noun, verb = found[0]
    ask = ask[:1].upper() + ask[1:]
    return f"{ask} are {noun} {verb}?", noun, verb


def verb_said(noun: str, verb: str, draft: Draft) -> bool:
    """Does the answer cite a rule line whose subject is `noun` and whose verb is `verb`?"""
    if draft.refusal is not None:
        return False
    for claim in draft.claims:
        for q in claim.quotes:
            m = _PASSIVE.match(q.quote.strip())
            if m is not None and m.group(1).lower() == noun and m.group(2) == verb:
                return True
    return False
