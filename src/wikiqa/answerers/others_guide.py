"""An answer citing a guide written for another kind of engagement than the asker's is asked
again with such guides set aside (gap75).

A guide titled by a kind of engagement and its people ("Agency Nurses Guide", "Seasonal
Colleagues Guide", "Franchise Shop Staff Guide", "Casual and Bank Colleagues Guide") speaks
for its readers only (`neighbours.kind_guide_for_others`). gap73 set such guides aside only
in a second asking after a refusal; when the first asking answers, its lines can still win
on the words they share with the question: a care assistant's "How early do I have to ring
in before my early shift?" answered by the agency nurses' "For a night shift, ring before
14:00."; a hire assistant's staff discount on a holiday boat answered with the seasonal
colleagues' holiday line beside the discount row. A careful reader never takes another
kind's rule for their own: the question is read again with those guides set aside, and that
reading's draft (an answer from the other documents, or a refusal) replaces the first.
Answering from another reader's guide is worse than refusing.

Whose guide it is follows the asker as the answerer reads them (`neighbours.audience`: the
principal's roles, or the kind the question tells in words, `told_engagement`), and the
question: a guide whose kind the question names ("When do agency nurses ring in?") is
asked about, and stays.
"""

from __future__ import annotations

from wikiqa.answerers.neighbours import audience, set_aside_by_kind
from wikiqa.types import Principal

OTHERS_GUIDE = True  # switch: an answer from another kind's guide is asked again without it


def others_guides(titles: list[str], question: str, principal: Principal | None) -> list[str]:
    """The cited `titles` that are guides for a kind of engagement neither the question nor
    the asker's roles name, and that the first asking did not already set aside (a title
    `neighbours.set_aside_by_kind` reads): those the second asking leaves out."""
    mine = audience(principal)
    return [t for t in titles if set_aside_by_kind(t, question, mine)]


def others_reason(titles: list[str]) -> str:
    """The refusal's reason when the second asking finds nothing else."""
    named = ", ".join(repr(t) for t in titles)
    return (
        f"the answer found came from {named}, a guide for another kind of engagement than "
        "the asker's, and without it the retrieved text does not clearly answer this"
    )
