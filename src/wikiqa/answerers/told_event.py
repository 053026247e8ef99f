"""The asker's life event told (a death, a baby, a new start), answered by lines whose
documents say nothing of it, asked again as the documents name its rule.

"My grandad passed away last night. How much paid time off can I have?" tells a death and
asks for time off. told_death.py asks it again as "paid bereavement leave", but only after a
refusal: when the first search missed the bereavement policy (it ranked sixth), a bank
holiday's row, which says "paid", "time" and "off", cleared the floor and answered. Such an
answer says nothing of the event the question is about: neither its lines nor its
documents' titles say a death, and a rule about a death is what was asked.

One sentence: *an answer to a question telling the asker's death in the family, baby or new
start (told_death.bereaved_ask, told_birth.birth_due, told_start.plain_start reword it), none
of whose cited lines nor cited documents' titles says that event (the rewording's own bound:
bereavement_said, birth_said, start_said), is asked again as the documents name its rule, and
the answer so found replaces it when that bound holds of it.*

Why it is bounded: only these three events, each the subject of a policy of its own in every
handbook; an answer whose document is titled for the event ("Bereavement Leave", cited with
a line that says no death itself) is the event's rule and stays; the answer asked again must
say the event in a cited line, else the first answer stands. Nothing is refused here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from wikiqa.types import Draft, DraftClaim, DraftQuote

EVENT_OVER_ANSWER = True  # switch: the told event asked again over an answer silent on it

Stands = Callable[[str, Draft], bool]


def event_unsaid(asked: str, draft: Draft, titles: Iterable[str], stands: Stands) -> bool:
    """Whether `draft` answers (no refusal) while neither its cited lines nor the titles of
    its cited documents say the event `asked` tells, as `stands` (the rewording's bound)
    reads them."""
    if not EVENT_OVER_ANSWER or draft.refusal is not None or not draft.claims:
        return False
    named = [DraftClaim(text=t, quotes=[DraftQuote(doc_id="", quote=t)]) for t in titles]
    return not stands(asked, draft.model_copy(update={"claims": [*draft.claims, *named]}))
