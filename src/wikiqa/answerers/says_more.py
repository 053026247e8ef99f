"""The general policy's answer kept when it says more of the question than the asker's guide.

A guide written for the asker's kind of reader ("Apprentice Handbook" for an apprentice,
"Contractor Time Off" for a contractor) answers before the general policy when its own line
clears the floor read alone (`neighbours.written_for_asker`): it says what the general rule
is for this reader. But such a guide only supplements the general policies where its terms
differ ("Most of our policies apply to you as they do to other employees; this handbook sets
out where your terms are different"), so it often speaks of the question's subject without
saying what was asked of it. "Can my probation be extended?" from an apprentice: the
apprentices' handbook says "Apprentices serve a probation period of 5 months." (probation,
nothing of extending it), the probation policy says "Your manager can extend probation
once, by up to 3 months ..." (probation, and extending it).

Which guides: only those the asker's by a noun for their readers with no agent ending
(`neighbours._PERSON_WORDS`: "Apprentice Handbook", "Agency Nurses Guide"), which traps58
made the asker's; these are mostly guides for a trade or a training ("Most of our policies
apply to you as they do to other employees"). Guides named by a noun whose ending shows a
person ("Agency Operatives", "Contractor Time Off") are read as before: they are mostly for
a kind of engagement outside employment and replace the general policies for their readers.
"Buildforce pays you weekly." answers the agency operative asking "How often do I get
paid?", though the employees' pay dates line says "paid" and more of the question: switched
on for every guide, this rule lost that open task (hb10-tr22-01).

One sentence: *when the whole retrieval's best line clears the floor, is not the guide's,
and says every content word of the question the guide's best line says and at least one
more, the guide's line (read alone) does not displace it: the general line answers more of
what was asked.* The guide still answers when its line says something of the question the
general line does not ("How long is my probation?": both say probation, the guide's line is
first or the general one is under the floor), and whenever the general evidence is under the
floor.

Why it is bound so: nothing here lets a line answer that would not have answered anyway: it
only chooses between two evidences that both clear the floor, and keeps the one the whole
retrieval ranked first and the question's own words favour.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from wikiqa.answerers.features import keys
from wikiqa.answerers.neighbours import audience, names_asker
from wikiqa.types import Principal

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate


def supplements(title: str, principal: Principal | None) -> bool:
    """Is the guide the asker's only by a noun with no agent ending ("Apprentice Handbook"
    for an apprentice), not by one whose ending shows a person ("Agency Operatives")?"""
    mine = audience(principal)
    return bool(names_asker(title, mine)) and not names_asker(title, mine, plain=False)


def said_keys(c: Candidate) -> set[str]:
    """What a line says, read where it stands: its own keys, its section heading's and its
    document title's ("- Your manager can extend probation once" under "Probation")."""
    return {*c.terms, *keys(c.doc.title), *keys(c.context)}


def says_more(asked: Iterable[str], general: Iterable[str], guide: Iterable[str]) -> bool:
    """Does the general line (its content-word keys) say every question key the guide's line
    says, and at least one more?"""
    q = set(asked)
    return (set(guide) & q) < (set(general) & q)
