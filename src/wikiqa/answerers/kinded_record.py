"""A record a directory keeps for one place of a kind is keyed as a table row is.

"I've just started on the Ashgrove Retail Park site. Who's my HR business partner?" reads
HR Contacts, which keeps one record per region ("HR business partner, Central region:
Marcus Bell, ..."), and a sites table keyed by site that names no Ashgrove. Main answered
with the Central region's record: the question's own words ("HR business partner") clear
the floor for whichever region's record ranks first, whatever place the question names.
`key_bridge.unmapped_place` already refuses such a guess when the answer cites a table row
("| Central Europe | €170 |" for an office no table holds); a record filed under one place
of a kind in a directory keyed by that kind ("Vale region: Ben Tolley, HR adviser." beside
"Coast region: ...") is a row of that directory in prose, and is the same guess.

One sentence: *an answer citing a record a directory keeps for one place of a kind, for a
question naming a place of a kind a table read keys its rows by and that no document read
names in any form, is a guess and is refused.* Only the test of what the answer cites
widens; which names count and which tables, `unmapped_place` decides as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.record_keys import kinded_terms, record_terms

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate


def kinded_record(c: Candidate) -> bool:
    """Is `c` a table row, or a line filed under one place of a kind of a directory keyed
    by that kind (a term of `record_terms` among the document's `kinded_terms`)?"""
    if c.header is not None:
        return True
    kept = {t for terms in kinded_terms(c.doc).values() for t in terms}
    return any(t in kept for t in record_terms(c))
