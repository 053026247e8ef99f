"""What a situation reading's reworded question may answer: only lines that say the situation.

Each `told_*` reading (money, sickness, shifts, perks, conduct, incidents) asks a question
again with a situation told in everyday words said as the documents say it. Its answer stands
only when, for every situation the question tells, a line the answer would cite says that
situation; otherwise the draft becomes a refusal naming the first situation left unsaid. The
readings differ only in which situations they read and how a line says each, so those are
what each passes in; the bound itself is written once, here, with the pieces the readings'
rewrites share (`said_beside`, `asks_beyond`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from wikiqa.answerers.neighbours import out_of_force, plainly_out_of_force
from wikiqa.types import Draft, Hit, RefusalCode


def said_beside(said: str) -> Callable[[re.Match[str]], str]:
    """A substitution keeping the told words and saying the documents' words after them in
    brackets ("after a crash" -> "after a crash (a collision)"): the search and the features
    then read both the asker's telling and the policy's name for it."""
    return lambda m: f"{m.group(0)} ({said})"


def cited_lines(draft: Draft) -> list[str]:
    """Every quote the draft's claims would cite, in order."""
    return [q.quote for c in draft.claims for q in c.quotes]


def says_any(pattern: str, lines: Sequence[str], *, whole_word: bool = True) -> bool:
    """Whether a line says `pattern` (case aside) from a word start, and to a word end
    unless `whole_word` is off (a stem: "cancel" for "cancelled")."""
    end = r"\b" if whole_word else ""
    return any(re.search(rf"\b(?:{pattern}){end}", line, re.I) for line in lines)


def said_or_refused(
    asked: str,
    draft: Draft,
    told_in: Callable[[str], Iterable[str]],
    says: Callable[[str, list[str]], bool],
) -> Draft:
    """`draft`, or a refusal when the question `asked` tells a situation (`told_in`) that
    none of the draft's cited lines says (`says(situation, lines)`); a refusal stays one."""
    if draft.refusal is not None:
        return draft
    lines = cited_lines(draft)
    for kind in told_in(asked):
        if not says(kind, lines):
            return Draft(
                refusal=RefusalCode.insufficient_evidence,
                reason=f"the question tells of {kind!r} in other words, and no line the "
                "answer would cite says it",
            )
    return draft


# time off asked for something beyond the situation ("... paternity leave do I get for the
# baby's first birthday?", "... time off can I have to scatter her ashes?")
_PURPOSE = re.compile(r"\b(?:for|to|so\s+(?:that|I\s+can))\s+\w+", re.I)


def asks_beyond(rest: str) -> bool:
    """Whether `rest`, what a question asks after the time off it names, asks it for a
    purpose of its own: the situation's leave then rules on the leave, not on the purpose,
    and a reading that names the leave would answer what is not asked."""
    return _PURPOSE.search(rest) is not None


def quotes_past_edition(draft: Draft) -> bool:
    """Whether the answer quotes a document among past or draft editions ("archive/..."): a
    reading lifts a line the question as asked left under the floor, and a past edition
    grants nothing under the floor (`asked_thing`), so with the policy in force not read
    ("15 pence" of the 2024 mileage table for cycling today; last year's leave year) the
    question stays refused. Shared by told_perks and told_calendar."""
    return any(
        plainly_out_of_force(None, Hit(source="", doc_id=q.doc_id, title=""))
        for c in draft.claims
        for q in c.quotes
    )


def quotes_named_out_of_force(draft: Draft) -> bool:
    """Whether the answer quotes a document its name alone marks as a draft or past edition
    ("flexible-working-2027-draft.md"), besides the plain marks `quotes_past_edition` reads:
    a reading that asks in place of the asker's words lifts lines under the floor, and a
    draft's "You could make three requests" rules on nothing today. Used by told_shift."""
    return any(
        out_of_force(None, Hit(source="", doc_id=q.doc_id, title=""))
        for c in draft.claims
        for q in c.quotes
    )
