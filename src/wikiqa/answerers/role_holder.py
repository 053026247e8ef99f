"""Who holds the role: the second document of a "who" question answered with a role.

"Who approves an expense claim over EUR 5,000?" is answered by the expenses policy with a
role ("... must be approved by the Finance Director"); the person is named elsewhere, in a
directory or leadership table ("| Finance Director | Maria Okafor |") or a label line
("Director of People: Fenella Strachan"). When the answer to a who-question is one sentence
over the floor that names a role of several words the question does not give ("Finance
Director", "Director of People"), the role is looked up on its own ("Who is the Finance
Director?"), and a line of another document that names the role and a person, and clears
the floor for that question, is cited after the answer. Only such directory-shaped lines
count (a table row, a "Role: Name" line, or a short sentence): a passage that merely
mentions the role in prose is not where its holder is recorded.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import analyse, answers_type, keys, names_role
from wikiqa.answerers.hops import assess_search, bridge_entities

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput

MAX_ROLES = 2  # roles of the answer sentence looked up (one search each)
HOLDERS = 3  # top candidates of the role's retrieval looked at
SHORT = 15  # words of a sentence that records who holds a role ("X is our Finance Director.")


def roles_named(sentence: str, question_terms: set[str]) -> list[str]:
    """Roles of several words a sentence names and the question does not ("Finance
    Director", "Director of People")."""
    return [n for n in bridge_entities(sentence, question_terms) if " " in n and names_role(n)][
        :MAX_ROLES
    ]


def records_holder(role: str, c: Candidate) -> bool:
    """Does `c` record who holds `role`: it names the role and someone else, as a table row,
    a "Role: Name" line or a short sentence?"""
    text = c.span.text
    if re.search(rf"(?<!\w){re.escape(role)}(?!\w)", text, re.I) is None:
        return False
    if not answers_type("who", re.sub(re.escape(role), " ", text, flags=re.I), set(keys(role))):
        return False
    label = re.match(rf"\s*{re.escape(role)}\s*[:–—-]\s*\S", text, re.I) is not None
    return c.header is not None or label or len(text.split()) <= SHORT


async def holder_hop(at: HopInput) -> list[Candidate] | None:
    """[answer naming a role, line naming its holder] for a who-question the first hop
    answers over the floor with a role, else None (see the module docstring)."""
    answerer, q, first = at.answerer, at.q, at.first
    if q.wh != "who" or first.score < answerer.floor:
        return None
    top = first.ranked[0]
    for role in roles_named(top.span.text, set(q.terms)):
        evidence = await assess_search(at, role, {top.doc.doc_id}, analyse(f"Who is the {role}?"))
        if evidence is None or evidence.score < answerer.floor:
            continue
        holder = next(
            (
                c
                for c in evidence.ranked[:HOLDERS]
                if c.doc.doc_id != top.doc.doc_id and records_holder(role, c)
            ),
            None,
        )
        if holder is not None:
            top.part, holder.part = "answer", f"who is the {role}"
            return [top, holder]
    return None
