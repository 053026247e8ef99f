"""The line of the first document that rules on the thing a yes/no question asks about.

Why: "Can scheme residents have a cat?" is answered by "Residents may keep a small pet with
the scheme manager's agreement.": the line says whether, of the thing asked, in its own
words ("pet" for "cat"). The ranker counts shared words, so a neighbouring line of the same
document sharing more of the rest of the question ("Scheme managers make a daily call to
each resident ...") ranks first; it says nothing of the thing, scores under the floor, and
the question is refused while the line answering it sits a few places down.

One sentence: *a yes/no question asking whether someone gets or may have a thing
(`asked_thing.asked_thing`, read in the asking sentence) is answered by the line of the first
line's document that names the thing (says or means every word of it, at the bundled
embedder's cosine `asked_thing.MEANT` or more, in the line itself) with a permission, a
prohibition or an entitlement (`rules_on`: a verb of giving or getting, a sum, "free", or may,
can, cannot, allowed, permitted, entitled, eligible, prohibited, forbidden, never, not),
when the first line names none of the thing: that line is ranked just above the first and
answers if it is then first and clears the floor itself (no slack).*

Like `nearer_line`, it runs only for a refused evidence, reads the first line's document only
(across documents a line of another group's guide rules on the same thing), no table row,
and no document out of force; the floor still decides, so a line of the right document that
names the thing but not for the asker's case stays refused (history/extractive-history.md,
yesno25).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.asked_thing import MEANT, asked_thing, grants, says_key, words_of
from wikiqa.answerers.features import asked_clause, keys
from wikiqa.answerers.lift import first_document_lines

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

# a word of permission, prohibition or entitlement
_RULES = re.compile(
    r"\b(?:may|can|cannot|allowed|permitted|entitled|eligible|prohibited|forbidden|never|not)\b"
    r"|n't\b",
    re.I,
)


def rules_on(line: str) -> bool:
    """Does `line` grant (asked_thing.grants), permit, forbid or entitle?"""
    return grants(line) or bool(_RULES.search(line))


def _meant(word: str, text: str, similarities: Callable[[str, list[str]], list[float]]) -> bool:
    said = frozenset(keys(text))
    if says_key(word, said):
        return True
    words = words_of([text])
    return bool(words) and max(similarities(word, words)) >= MEANT


def thing_candidate(
    e: Evidence, similarities: Callable[[str, list[str]], list[float]]
) -> Candidate | None:
    """The first line among the top NEAR_POOL of the first line's document (no table row)
    that rules on the asked thing and names every word of it, when the first line names none
    of it; None otherwise."""
    if not e.ranked:
        return None
    thing = asked_thing(asked_clause(e.question.text))
    pool = first_document_lines(e) if thing else []
    if not pool:
        return None
    if any(_meant(word, e.ranked[0].text, similarities) for word in thing):
        return None  # the ranker's line names the thing: its choice stands
    for c in pool:
        if rules_on(c.text) and all(_meant(word, c.text, similarities) for word in thing):
            return c
    return None
