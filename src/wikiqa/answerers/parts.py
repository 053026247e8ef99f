"""Which parts of a compound question are answered, and how a question about two things at
once ("If I lose both my laptop and my card, whom do I tell about each?") becomes one
question per thing.

A compound question is one request: the asker expects each part answered, often from a
different document ("Which days are the anchor days, and what are the Lisbon office's
opening hours?"). Each part is searched and scored on its own, and a short part scored
alone carries less of the question's context than the whole does, so its best sentence
often scores a little under the floor even when it is right. Two retrievals agreeing is
evidence in itself: once another part has cleared the floor, a part whose best sentence
the *whole* question also ranks among its top candidates is answered at a lower floor
(`PART_SLACK` under it). A part that names what it asks about ("For Austin staff: what is
the retirement match"; a part referring back, "what's their number?", is about the names
of the first part, "the Fleet Desk") is corroborated a third time when its best line says
every one of those names: it is answered down to `NAMED_SLACK` under the floor. A short
part's own words are few, so its score reads little; that the whole question's ranking and
the part's own search agree on a line about the very thing named is what answers it. A
part nothing corroborates keeps the ordinary floor, and a question none of whose parts
clears the floor is refused as before.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

PART_SLACK = 0.10  # how far under the floor a corroborated part may score
CORROBORATING = 10  # top candidates of the whole question that corroborate a part's best
NAMED_SLACK = 0.30  # how far under it, when that best line also says every name the part asks about


def answered_parts(found: list[Evidence], whole: Evidence, floor: float) -> list[Evidence]:
    """The parts' evidences to answer from: those over the floor, and, when at least one
    is, those whose best candidate is also among the whole question's top CORROBORATING
    candidates (two retrievals agree on it) within PART_SLACK under the floor, or within
    NAMED_SLACK when that candidate says every name the part asks about (`says_names`)."""
    over = [e for e in found if e.score >= floor]
    if not over or len(found) < 2:
        return over
    agreed = {c.at for c in whole.ranked[:CORROBORATING]}

    def corroborated(e: Evidence) -> bool:
        if e.score <= 0 or e.ranked[0].at not in agreed:
            return False
        slack = NAMED_SLACK if says_names(e) else PART_SLACK
        return e.score >= floor - slack

    return [e for e in found if e.score >= floor or corroborated(e)]


def says_names(evidence: Evidence) -> bool:
    """Does the part's best line say every name the part asks about (the capitalised words
    and numbers of the part as scored, those of the first part for a part referring back;
    see extractive.part_subject)? A part naming nothing does not qualify."""
    from wikiqa.answerers.features import keys  # features reads parts.distributed

    names = evidence.question.entities
    top = evidence.ranked[0]
    return bool(names) and names <= {*top.terms, *keys(top.text)}


# "both my laptop and my corporate card": two things asked about at once.
_ARTICLE = r"(?:(?:my|our|your|the|a|an|their|his|her)\s+)?"
_BOTH = re.compile(
    rf"\bboth\s+(?P<det_a>{_ARTICLE})(?P<a>[\w'’-]+(?:\s+[\w'’-]+){{0,3}}?)\s+and\s+"
    rf"(?P<det_b>{_ARTICLE})(?P<b>[\w'’-]+(?:\s+[\w'’-]+){{0,3}}?)"
    r"(?=\s+(?:on|in|at|for|from|to|during|while|when|if|before|after)\b|\s*[,?;:]|\s*$)",
    re.I,
)
_EACH = re.compile(r"\s+(?:about|for|of|with|on)\s+each(?:\s+(?:one|of\s+them))?\b|\s+each\b",
                   re.I)  # fmt: skip


def distributed(question: str) -> tuple[str, ...]:
    """One question per thing a question asks about together and then of each ("... both X
    and Y ..., whom do I tell about each?"), each with the other left out and "each"
    dropped; () otherwise. "Each" is the asker's sign that the answers differ per thing;
    without it "both" may ask one thing of the two together, and is left whole."""
    m = _BOTH.search(question)
    if m is None:
        return ()
    head, tail = question[: m.start()], question[m.end() :]
    if not _EACH.search(tail):
        return ()
    tail = _EACH.sub("", tail)
    return tuple(
        f"{head}{m.group(f'det_{side}')}{m.group(side)}{tail}".strip() for side in ("a", "b")
    )
