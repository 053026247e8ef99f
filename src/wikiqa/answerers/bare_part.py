"""A part of a compound question that is only its asking words asks them of the first part.

"Do I get free cinema tickets, and how many?" splits into "Do I get free cinema tickets"
and "how many?". The second part says no content word of its own (`features.keys` finds
none), so scored alone, or with the first part's capitalised names only
(`extractive.part_subject`), any line stating a count answers it: the volunteer guide's
"Mileage ... is paid at £0.32 a mile" outranks its "3 free cinema tickets a month". A reader
hears "how many?" as "how many free cinema tickets?": the bare part is scored with the
first part's words after it, so the line it picks states its count of the first part's
thing.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import keys

BARE_PART = True  # switch: a part with no content word is scored with the first part's words

# a note the answerer adds to a part for whom it is asked ("how many? (as a volunteer)")
_ASIDE = re.compile(r"\([^()]*\)")

# a part that refers back ("and when is it?") is read by its pronoun (referent.py): "Is there
# a staff Christmas party this year, and when is it?" must not find any date of Christmas
_REFERS = re.compile(r"\b(?:it|its|they|them|their|this|that|these|those|one|he|she)\b", re.I)


def bare_subject(part: str, parts: tuple[str, ...]) -> str | None:
    """What a later part with no content word of its own and no word referring back ("how
    many?", "and when?") is scored against: the part followed by the first part; None for
    any other part."""
    core = _ASIDE.sub(" ", part)
    if not BARE_PART or not parts or part == parts[0] or keys(core) or _REFERS.search(core):
        return None
    return f"{part} {parts[0]}"
