"""A contact asked of a role, answered from the row of someone in another role (hops22).

"What's the duty manager's phone number for the region Saltmere is in?" and "What's the
phone number for the HR business partner who covers the Denholme office?" ask for a value
that belongs to a role. A staff directory row that says the place the question names and
has a phone ("| Sara Quinlan | Works manager | Saltmere | 01632 961 388 |", "| Tom Ashworth
| Neighbourhood manager | Housing, Central area | Denholme office | 01632 960 220 |") ranks
first and clears the floor, but its own job cell says whose number it is: a works manager's,
a neighbourhood manager's, not the role asked. The row says what it is; the answer must be
the asked role's own line. So when the question asks a contact of a role (`asked_role`: "the
R's phone / number / email", "the phone number / email (address) of / for the R"), and a
cited row whose key cell the question does not name has a job or role column naming another
role (each of the two roles says a word the other does not: "duty manager" and "Works
manager"; "manager" asked of a "Works manager" row is no other role), and no cited row's job
cell is the role asked, nothing cited gives the role's contact: the answer is refused.

A row the question names by its key cell ("Tom Ashworth's area") is a bridge, whatever its
job, and a row without a job column says nothing of whose value it holds, so neither counts.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

# the head nouns of a role held by one person
_HEAD = (
    r"(?:manager|partner|officer|adviser|advisor|supervisor|director|lead|leader|coordinator|"
    r"co-ordinator|representative|rep|administrator|warden|controller|secretary|head|chief)"
)
_ROLE = rf"(?P<role>(?:[A-Za-z][\w-]*\s+){{0,3}}?{_HEAD})"
_CONTACT = r"(?:phone(?:\s+number)?|number|mobile|extension|email(?:\s+address)?|e-mail)"
_ASKED = (
    re.compile(rf"\b(?:the|my|our|your)\s+{_ROLE}['’]s\s+(?:\w+\s+)?{_CONTACT}\b", re.I),
    re.compile(rf"\b{_CONTACT}\s+(?:of|for)\s+(?:the|my|our|your)\s+{_ROLE}\b", re.I),
)
# columns that say whose row it is
_JOB_COLUMN = frozenset(key_set("job role title position post"))


def asked_role(question: str) -> str | None:
    """The role whose contact the question asks for ("duty manager", "HR business
    partner"), or None."""
    for pattern in _ASKED:
        m = pattern.search(question)
        if m:
            return m.group("role")
    return None


def job_cells(c: Candidate) -> list[str]:
    """The cells of a row under a job or role column."""
    if c.header is None:
        return []
    columns, values = cells(c.header.text), cells(c.span.text)
    return [v for col, v in zip(columns, values, strict=False) if v and key_set(col) & _JOB_COLUMN]


# "Who's our area manager?", "Who is the regional operations director for ...?": the holder
# of a role asked (hops61)
_WHO = re.compile(rf"\bwho(?:['’]s|\s+is)\s+(?:the|my|our|your)\s+{_ROLE}\b", re.I)


def asked_holder(question: str) -> str | None:
    """The role whose holder a who-question asks ("area manager" of "I'm at the Matlock
    store. Who's our area manager?"), or None."""
    m = _WHO.search(question)
    return m.group("role") if m else None


def holds_other(question: str, c: Candidate) -> bool:
    """Is `c` a row whose job or role cells all name another role than the one whose holder
    the question asks ("| Hannah Cole | Store manager | Matlock Local | ... |" for "Who's our
    area manager?")? The row says whose it is: another role's holder at the place named."""
    role = asked_holder(question)
    jobs = job_cells(c)
    return role is not None and bool(jobs) and all(_other(key_set(role), key_set(j)) for j in jobs)


def place_cells(question: str, entities: frozenset[str], c: Candidate) -> list[str]:
    """The cells of a row of another role's holder (`holds_other`) that say a name the
    question gives, not its job cells: the place the question names ("Matlock Local" of "|
    Hannah Cole | Store manager | Matlock Local | ... |" for "I'm at the Matlock store")."""
    if c.header is None or not holds_other(question, c):
        return []
    jobs = set(job_cells(c))
    values = cells(c.span.text)
    return [v for v in values[1:] if v not in jobs and key_set(v) & entities]


def holds_asked(question: str, c: Candidate) -> bool:
    """Is `c` a row whose job or role cell says the whole role whose holder the question
    asks, and perhaps more ("Area manager, Midlands" for "area manager")?"""
    role = asked_holder(question)
    if role is None:
        return False
    asked = key_set(role)
    return any(asked and asked <= key_set(j) for j in job_cells(c))


def role_for(question: str, value: str, c: Candidate) -> bool:
    """Is `c` a row of the role asked (`holds_asked`) kept for `value`: its job cell names,
    after the role and a comma, `value` or a list holding it ("Area manager, Midlands" for
    Midlands; "Regional Operations Director, London and South West" for South West), or
    another cell is `value` itself? "North" is no part of "Regional manager, North West"."""
    if not holds_asked(question, c):
        return False
    own = key_set(value)
    parts = [p for v in cells(c.span.text) for p in re.split(r",|\band\b", v)]
    return bool(own) and any(key_set(p) == own for p in parts)


def _other(role: frozenset[str], job: frozenset[str]) -> bool:
    """Are the two roles different: each says a word the other does not?"""
    return bool(role - job) and bool(job - role)


def other_role(question: str, qset: frozenset[str], chosen: list[Candidate]) -> str:
    """The job of a cited row that holds the contact of another role than the one the
    question asks it of ("Works manager" for the duty manager's phone), when no cited row
    is the role asked's; "" otherwise (see the module docstring)."""
    role = asked_role(question)
    if role is None:
        return ""
    asked = key_set(role)
    found = ""
    for c in chosen:
        jobs = job_cells(c)
        if any(not _other(asked, key_set(j)) and key_set(j) & asked for j in jobs):
            return ""  # a row of the role asked is cited
        key = cells(c.span.text)[0] if c.header is not None else ""
        if key and key_set(key) and key_set(key) <= qset:
            continue  # a row the question names: a bridge
        other = next((j for j in jobs if _other(asked, key_set(j))), "")
        found = found or other
    return found
