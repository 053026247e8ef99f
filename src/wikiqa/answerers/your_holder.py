"""The holder the asker calls "my <role>" is the one their own guide calls "your <role>".

"I can't make Saturday's beach clean. What number do I ring my coordinator on?", asked by a
volunteer: the Volunteer Guide, written to its readers, says "Your coordinator is Susan Kitto
at Otterbrook Touring Park.", and the staff directory's row "| Susan Kitto | Volunteer
Coordinator | ... | 01395 278 405 |" gives the number. `guide_contact` tries as the bridge
only the guide's best lines for the question (`GUIDE_LINES`), and the question's told
situation (a beach clean, Saturday) ranks the guide's session lines above the one naming the
coordinator, so the bridge was never tried and the question was refused.

A careful reader asked for "my coordinator" looks in the guide written to them for "your
coordinator": the person a text addressed to its reader calls by their relation to the reader
is the person the reader calls so. One sentence: *when the question names a person by their
relation to the asker ("my coordinator", "my mentor"), the lines of the asker's own guide
calling someone by the same word after "your" are tried first as the bridge.* Every other
bound of `guide_contact` stays: the guide must be the asker's by its title, the line must say
a word of the matter, the name must key a record giving the contact asked, and one holder
only answers.

Switch: YOUR_HOLDER (gap78; docs/extractive.md).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.neighbours import GENERIC_AUDIENCE

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

YOUR_HOLDER = True  # switch: "my <role>" read as the asker's guide's "your <role>" (this module)
YOUR_LINES = 2  # the guide's lines saying "your <role>" tried before its best lines

# "my coordinator", "my line manager's", "my HR contact": the asker's own person, by one or
# two words, the last a noun for a person
_MY = re.compile(r"\bmy\s+(?:([a-z]+)\s+)?([a-z]+?)(?:['’]s)?\b", re.I)
_PERSON = re.compile(r"[a-z]{2,}(?:or|er|ist|ant|ent)$|^(?:contact|buddy|lead|boss|head)$", re.I)
# words ending so that name no person ("payment", "other", "after", "order")
_NOT_PERSON = re.compile(r"(?:ment|ther|fter|rder|nder|ver|ber|ter|tent)$", re.I)


def my_holders(question: str) -> list[str]:
    """The words the question calls a person of the asker's by ("coordinator", "line
    manager", "mentor"): "my", perhaps one word, then a noun for a person; [] for none."""
    out = []
    for m in _MY.finditer(question):
        first, last = (m.group(1) or "").lower(), m.group(2).lower()
        person = _PERSON.search(last) and not _NOT_PERSON.search(last)
        if first and not person:  # "my shift manager" read whole; "my pay or ..." not
            first, last = "", first
            person = _PERSON.search(last) and not _NOT_PERSON.search(last)
        if person and last not in GENERIC_AUDIENCE and first not in GENERIC_AUDIENCE:
            out.append(f"{first} {last}".strip())
    return out


def bridge_lines(question: str, ranked: list[Candidate], limit: int) -> list[Candidate]:
    """The guide's lines to try as the bridge: those of all `ranked` saying "your <holder>"
    for a holder of `my_holders` ("Your coordinator is ..."), then the first `limit` ranked
    (`ranked[:limit]` alone when none does or the switch is off)."""
    holders = my_holders(question) if YOUR_HOLDER else []
    if not holders:
        return ranked[:limit]
    pattern = re.compile(
        r"\byour\s+(?:[a-z]+\s+){0,2}(?:" + "|".join(re.escape(h) for h in holders) + r")\b",
        re.I,
    )
    first = [c for c in ranked if pattern.search(c.span.text)][:YOUR_LINES]
    return [*first, *(c for c in ranked[:limit] if all(c.at != f.at for f in first))]
