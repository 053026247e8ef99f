"""A question asking what one group of staff gets, answered by a line about another (refuse26).

"How much standby pay do shift managers get for a night on call?" over "Engineers on the
out-of-hours standby rota receive a flat £35 for each night on standby ..." and "What standby
payment do shop managers get for a weekend on call?" over "Rangers on the weekend call-out
rota receive a standby payment of £35 ..." are answered on main: the line says the
question's other words (standby, pay, night, on call) and clears the floor. But the line
opens by saying whom it is about, a kind of worker, and the question names another kind as
the one who gets. The line's rule is the other group's; for the group asked, the document
says nothing (an engineer's standby pay is no shift manager's).

So when the question asks what a named group of people gets or has (`asked_group`: "do shift
managers get", "are bus drivers entitled", "does a shift manager get": a noun for a kind of
person between the auxiliary and the verb), and a cited line's subject is a group too
(`line_group`: "Engineers on ...", "Rangers on ...", "Tram drivers must ..."), of another
kind (its head is another word), which the question's group does not contain ("Night
workers" for "night shift workers", "Volunteers" for "tenant volunteers" are the same
people), not near it in meaning (phrase cosine under SAME_GROUP: "Housekeepers" for
"cleaners" 0.58, "Academic staff" for "lecturers" 0.57 are the same people in other words;
"Engineers" for "shift managers" is 0.39, "Rangers" for "shop managers" 0.19), and no cited
line or its heading says the asked group's head at all, the answer is refused.

Left alone: an asker speaking of themselves ("do I get"), a generic group on either side
("staff", "employees", "members of the reserve forces": any line about staff may be about
the group asked), and table rows (rows name their case by the key cell: rows.py and
kind_keys.py read those).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.scope import person_word

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

SAME_GROUP = 0.45  # a line group this near the group asked (phrase cosine) names it

_AUX = r"(?:do|does|did|are|is|can|could|will|would|should|must|may|might|have|has)"
# the verbs of getting or being owed something, after the group
_GETS = (
    r"(?:get|receive|earn|have|need|be|pay|work|take|qualify|entitled|paid|allowed|"
    r"owed|given|eligible|claim)"
)
_ADVERB = r"(?:\w+ly\s+|also\s+|still\s+|ever\s+|all\s+)"  # "do engineers usually get"
_ASKED = (
    re.compile(  # "do shift managers get", "are bus drivers entitled"
        rf"\b{_AUX}\s+(?:the\s+|our\s+|your\s+|any\s+)?"
        rf"(?P<group>(?:[A-Za-z][\w-]*\s+){{0,3}}[A-Za-z][\w-]*s)\s+{_ADVERB}?{_GETS}\b",
        re.I,
    ),
    re.compile(  # "does a shift manager get", "can an engineer claim"
        rf"\b{_AUX}\s+(?:a|an|the|each|every)\s+"
        rf"(?P<group>(?:[A-Za-z][\w-]*\s+){{0,2}}[A-Za-z][\w-]*)\s+{_ADVERB}?{_GETS}\b",
        re.I,
    ),
)
# a line's subject: a capitalised plural noun phrase of at most three words, before a
# preposition or a verb ("Engineers on the out-of-hours standby rota receive ...")
_SUBJECT = re.compile(
    r"^(?:[-*]\s+)?(?P<group>[A-Z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
    r"(?:on|in|at|who|with|from|receive|get|are|can|may|must|have|earn|will|should|"
    r"working|do|need|is|qualify|claim)\b"
)
# heads that name no kind of worker of their own: a line about them may be about anyone
_GENERIC = frozenset(
    key_set(
        "staff people personnel employees workers members colleagues everyone users "
        "individuals persons applicants"
    )
)


def _group(phrase: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """(the phrase's word keys, its head's keys) when the phrase names a kind of person by
    a head that is not generic; None otherwise."""
    words = phrase.split()
    head = words[-1]
    if not person_word(head):
        return None
    head_keys = key_set(head)
    if not head_keys or head_keys & _GENERIC:
        return None
    return key_set(phrase), head_keys


def asked_group(question: str) -> str | None:
    """The group of people whose entitlement the question asks ("shift managers" of "How
    much standby pay do shift managers get ...?"), or None (an asker speaking of themselves,
    a generic group, no such shape)."""
    for pattern in _ASKED:
        m = pattern.search(question)
        if m is not None and _group(m.group("group")) is not None:
            return m.group("group")
    return None


def line_group(text: str) -> str | None:
    """The group of people a line opens by saying it is about ("Engineers", "Tram drivers"),
    or None."""
    m = _SUBJECT.match(text.strip())
    if m is None or not m.group("group").endswith("s") or _group(m.group("group")) is None:
        return None
    return m.group("group")


def other_group(
    question: str,
    chosen: list[Candidate],
    similar: Callable[[str, list[str]], list[float]] | None = None,
) -> str:
    """The group a cited line is about when the question asks what another group gets and
    no cited line says the group asked; "" otherwise (see the module docstring). With
    `similar` (the answerer's cosines), a line group as near the group asked as SAME_GROUP
    is read as the same people in other words."""
    asked = asked_group(question)
    if asked is None or not chosen:
        return ""
    parsed = _group(asked)
    assert parsed is not None
    asked_words, asked_head = parsed
    found = ""
    for c in chosen:
        said = key_set(c.span.text) | key_set(c.context)
        if asked_head & said:
            return ""  # a cited line speaks of the group asked
        group = line_group(c.span.text)
        if group is None:
            continue
        words, head = _group(group) or (frozenset(), frozenset())
        if head & asked_head or words <= asked_words:
            continue  # the same kind, or a part of the group asked
        if similar is not None and similar(asked, [group])[0] >= SAME_GROUP:
            continue  # the same people in other words ("cleaners", "Housekeepers")
        found = found or group
    return found
