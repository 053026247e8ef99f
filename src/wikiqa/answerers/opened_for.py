"""A guide whose opening sentence says it is for the asker's kind of engagement is theirs,
though its title names them in the trade's own words (trap66).

A handbook writes a guide for each kind of engagement it has (apprentices, casual and bank
staff, locums), and the title usually names the kind as the asker's role does ("Apprentice
Handbook" for an apprentice). Some titles name the kind in the trade's words instead, or
beside another kind: "Student Veterinary Nurse Handbook" for an apprentice, "Casual and Bank
Colleagues Guide" for a casual worker. The guide's own opening sentence still says whom it is
for, in the words the role uses: "For student veterinary nurses (SVNs) on the Level 3
Veterinary Nursing apprenticeship with our training provider, ...", "For casual and bank
colleagues: people with no set hours ...". Such a guide is the asker's own as a guide whose
title names their role is (`neighbours._tiers`, `neighbours.audience_hits`).

Bounded: the title must call the document a guide (a guide word: handbook, guide, ...); the
opening sentence must open "For <readers>" or "This guide is for <readers>"; only its first
clause is read (up to its first comma, colon, semicolon or dash: "For locum vets working
sessions at ..., whether ... supplied by an agency" is not for agency workers); the clause
must name no one as everyone ("all", "every", "any"); and the asker's role must be a kind
of engagement (`ENGAGEMENT_WORDS`: agency, bank, casual, apprentice, locum ...) said by a word
of the clause that starts with it ("apprenticeship" says "apprentice"). A role of a trade or
a rank ("manager", "partner") is left to the title, as before.
"""

from __future__ import annotations

import re

from wikiqa.types import Document

OPENED_FOR = True  # switch: read a guide's opening sentence for its readers
_OPENING = re.compile(
    r"^(?:For|(?:This|These)\s+(?:\w+\s+)?(?:guide|handbook|guidance|pages?|terms)\s+"
    r"(?:(?:is|are)\s+(?:written\s+)?for|covers?|appl(?:y|ies)\s+to))\s+(?P<who>[^.]+)"
)
_CLAUSE_END = re.compile(r"[,:;\u2013\u2014]|\s-\s")
_EVERYONE = re.compile(r"\b(?:all|every|everyone|everybody|anyone|any)\b", re.I)
_MIN_ROLE = 4  # a role form shorter than this could start any word


def opening_sentence(text: str) -> str:
    """The first sentence of the document's body (front matter and headings left out)."""
    body = text
    if body.startswith("---"):
        end = body.find("\n---", 3)
        body = body[end + 4 :] if end != -1 else body
    for line in body.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or line.startswith("<"):
            continue
        return re.split(r"(?<=[.!?])\s+", line, maxsplit=1)[0]
    return ""


def opening_readers(text: str) -> str:
    """The readers the document's opening sentence says it is for, its first clause only
    ("student veterinary nurses (SVNs) on the Level 3 Veterinary Nursing apprenticeship
    with our training provider"), or "" when it opens otherwise."""
    m = _OPENING.match(opening_sentence(text))
    if m is None:
        return ""
    who = _CLAUSE_END.split(m.group("who"), maxsplit=1)[0]
    return "" if _EVERYONE.search(who) else who


def opened_for(
    doc: Document | None, guide_title: bool, roles: frozenset[str], engagement: frozenset[str]
) -> frozenset[str]:
    """The asker's engagement role forms (`roles` & `engagement`) that a guide's opening
    sentence says it is for (see the module); empty when it says none or is no guide."""
    if not OPENED_FOR or doc is None or not guide_title:
        return frozenset()
    kinds = {r for r in roles & engagement if len(r) >= _MIN_ROLE}
    if not kinds:
        return frozenset()
    who = opening_readers(doc.text)
    if not who:
        return frozenset()
    words = re.findall(r"[a-z]+", who.lower())
    return frozenset(r for r in kinds if any(w.startswith(r) for w in words))
