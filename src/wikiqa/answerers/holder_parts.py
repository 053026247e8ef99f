"""A compound "who ..., and what's their number?" read as one question: who, then their contact.

"Who do I speak to about changing the days I'm available, and what's their number?" (a
casual bar worker) and "Who organises us volunteers, and how do I phone them?" (a festival
volunteer) split into two parts at ", and": the first asks who, the second asks the contact
of "them", the one the first part's answer names. Read apart, the first part scores lines
about days and volunteers in general (the expenses line, "claimed on the volunteer form")
and the second asks the number of whatever that line names, so the answer is a wrong line
or a refusal; the chain that reads such a question whole (the asker's own guide names who
handles the matter, `guide_contact`; the asker's own letter names them, `own_contact`)
is tried only for a question of one part. Yet the two parts are one
question: who, then how to reach that very one, the shape "Who books the hotel, and what's
their number?" whose first part names its holder in a line the search ranks first
(`part_hops.referred_back`).

One sentence: *a compound whose first part asks who and whose every later part asks only a
contact (a number, an email address) of the one it refers back to by a pronoun asks one
holder and their contact, and is read by the chains that follow a holder named by the
asker's own guide or document to their record.* Only those chains, each under the floor
only and each with its own guards (a contact of the kind asked in a record keyed by the
name; a line of the asker's own guide or document saying the matter), and only when the
whole question scores under the floor; nothing else of the two-part reading changes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.contact_hop import asked_contact

if TYPE_CHECKING:
    from wikiqa.answerers.features import QuestionInfo

HOLDER_PARTS = True  # switch: "who ..., and what's their number?" read whole (hop73)

# the first part asks who ("Who do I speak to about ...", "Who organises us volunteers")
_WHO = re.compile(r"^\W*(?:and\s+)?who(?:m|['’]s)?\b", re.I)
# the later part refers back to that one ("their number", "phone them")
_BACK = re.compile(r"\b(?:they|them|their|he|him|his|she|her)\b", re.I)
# a later part asking more than the contact: only words of asking a contact may remain
_ASKS_ONLY = re.compile(
    r"^\W*(?:and\s+)?(?:what(?:['’]s|\s+is|\s+are)?|how\s+(?:do|can|should|would)\s+(?:I|we)"
    r"|where\s+(?:do|can)\s+(?:I|we))\b[^?.!]*[?.!]?\s*$",
    re.I,
)


def holder_compound(q: QuestionInfo) -> bool:
    """Is the question two parts, a who-question and a later part asking only the contact
    (a number, an email address: `asked_contact`) of the one it refers back to?"""
    if not HOLDER_PARTS or len(q.parts) != 2 or not _WHO.match(q.parts[0]):
        return False
    later = q.parts[1]
    return (
        asked_contact(later) is not None
        and _BACK.search(later) is not None
        and _ASKS_ONLY.match(later) is not None
        and len(later.split()) <= 8
    )
