"""The row naming who holds the role asked, over lines that only name the role (wrong65).

"Who's the safeguarding lead?" was answered with "2. Otherwise, tell the safeguarding lead
on the same day, by phone, ..." and "I work in the South West region. Who is my Regional
Operations Director?" with "Each hotel belongs to an operating region, which sets ... its
Regional Operations Director.": lines that say the role asked as a thing to act towards,
as the question does, and name nobody holding it. A who-question asking the holder of a
role (`other_role.asked_holder`: "who's / who is the / my / our <role>") asks for a person;
the line that records one is a row of a list of people whose job or role cell says the
whole role ("| Samuel Adeyemi | Safeguarding lead | Support services | ... |").

So when a one-part who-question asks a role's holder and its answer's lines are all prose
(no table row, no "Label: value" record), at least one says the role whole, and none names a
person beside the role ("Samuel Adeyemi, the safeguarding lead"), the answer gives way to the
one row among the whole retrieval's candidates whose job cell says the whole role (see
`other_role.holds_asked`). A job cell that says more than the role, after a comma ("Regional
Operations Director, London and South West"), is kept for that place or group: such a row
counts only when the question says one of the places it lists whole ("South West"), and when
several rows of the role remain, none answers. With no such row the answer stands as it was:
the reading never refuses, it only chooses the line that names the holder.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.optional import fetch_each, search_or_nothing
from wikiqa.answerers.other_role import asked_holder, holds_asked, job_cells
from wikiqa.text.tables import cells, table_rows

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.types import Document

# a person's name: two or more capitalised words ("Samuel Adeyemi")
_NAME = re.compile(r"\b[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)+\b")
_LABEL = re.compile(r"^\s*[^:]{1,60}:\s*\S")  # a "Label: value" record
_NEAR = 40  # characters either side of the role in which a name is read as its holder


def _says_role(role: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(role)}(?!\w)", text, re.I) is not None


def names_holder(role: str, text: str) -> bool:
    """Does `text` name a person beside the role ("Samuel Adeyemi, the safeguarding lead",
    "the safeguarding lead, Samuel Adeyemi")? The role's own words are no name."""
    own = key_set(role)
    for m in re.finditer(rf"(?<!\w){re.escape(role)}(?!\w)", text, re.I):
        near = text[max(0, m.start() - _NEAR) : m.end() + _NEAR]
        near = near.replace(m.group(0), " ")
        for name in _NAME.finditer(near):
            if not key_set(name.group(0)) <= own:
                return True
    return False


def only_names_role(question: str, cited: list[Candidate]) -> bool:
    """Are the answer's lines prose that say the role whose holder is asked and name nobody
    holding it?"""
    role = asked_holder(question)
    if role is None or not cited:
        return False
    if any(c.header is not None and _holds_role(role, c) for c in cited):
        return False  # a row of the role, or under a column the role names, holds its holder
    if any(_LABEL.match(c.span.text) and _says_role(role, c.span.text) for c in cited):
        return False  # "Vale region: Ben Tolley, HR adviser."
    if not any(_says_role(role, c.span.text) for c in cited):
        return False
    return not any(names_holder(role, c.span.text) for c in cited)


def _holds_role(role: str, c: Candidate) -> bool:
    """Is the row `c` one that may name the role's holder: a cell or a header cell says the
    whole role ("| Region | Safeguarding lead | Phone |")?"""
    asked = key_set(role)
    texts = [*cells(c.span.text), *(cells(c.header.text) if c.header is not None else [])]
    return any(asked <= key_set(t) for t in texts if t)


def _of_people(c: Candidate) -> bool:
    """Is `c` a row of a list of people: its table's first column headed "Name"?"""
    head = cells(c.header.text) if c.header is not None else []
    return bool(head) and key_set(head[0]) == key_set("name")


_CAPITAL = re.compile(r"(?<![.?!]\s)(?<!^)\b[A-Z][\w'’&-]*")


def _names_said(question: str, role: str, c: Candidate) -> bool:
    """Does the row say every name the question gives beyond the role (a place, a team:
    "South West" of "I work in the South West region"; not the opening word of a sentence)?"""
    own, row = key_set(role), key_set(c.span.text)
    named = key_set(" ".join(m.group(0) for m in _CAPITAL.finditer(question.strip())))
    return named - own <= row


def _kept_for_asked(question: str, role: str, job: str) -> bool:
    """Is the job cell the role alone, or the role kept for a place or group the question
    says whole ("Regional Operations Director, London and South West" for "South West")?"""
    head, _, rest = job.partition(",")
    if key_set(head) != key_set(role):
        return False  # another job, or a list of jobs ("Head of Retail, Head of Reserves")
    if not rest.strip():
        return True
    said = key_set(question)
    parts = [p for p in re.split(r",|\band\b|&|/", rest) if key_set(p)]
    return any(key_set(p) <= said for p in parts)


def _rows(ranked: list[Candidate], docs: Iterable[Document]) -> Iterator[Candidate]:
    """The table rows of the whole retrieval: its ranked candidates', then every other row
    of the documents it read."""
    from wikiqa.answerers.extractive import Candidate  # extractive imports this module

    yield from (c for c in ranked if c.header is not None)
    for doc in docs:
        for row in table_rows(doc.text):
            yield Candidate(doc=doc, span=row.row, terms=[], passage_rank=0, header=row.header)


def _role_rows(
    question: str, role: str, ranked: list[Candidate], docs: Iterable[Document]
) -> tuple[list[Candidate], bool]:
    """The rows of the whole retrieval that may name the holder of the role asked (a list
    of people's row whose job cell is the role, kept for nothing or for a place the question
    names, saying every name the question gives), and whether any row of a list of people
    holds the role at all."""
    rows: dict[tuple[str, int], Candidate] = {}
    read_any = False
    for c in _rows(ranked, docs):
        if not _of_people(c) or not holds_asked(question, c):
            continue
        read_any = True
        if not _names_said(question, role, c):
            continue  # a place or team the question names that the row does not say
        if any(_kept_for_asked(question, role, j) for j in job_cells(c)):
            rows.setdefault(c.at, c)
    return list(rows.values()), read_any


def _the_row(rows: list[Candidate], role: str) -> Candidate | None:
    """The one row naming the role's holder; none when several rows of the role remain."""
    if len(rows) != 1:
        return None
    row = rows[0]
    row.part = row.part or f"who holds the {role}"
    return row


async def holder_row_found(
    question: str,
    cited: list[Candidate],
    ranked: list[Candidate],
    docs: dict[str, Document],
    reader: Reader,
    k: int,
) -> Candidate | None:
    """The one row of the documents read that names the holder of the role asked, when the
    answer's lines only name the role (see the module docstring), else of those one search
    for the role alone finds ("Who is the contracts director?"), when no read document has
    a row of it; None otherwise."""
    if not only_names_role(question, cited):
        return None
    role = asked_holder(question) or ""
    rows, read_any = _role_rows(question, role, ranked, docs.values())
    if read_any:
        return _the_row(rows, role)  # rows of the role were read: the one asked, or none
    hits = await search_or_nothing(reader, f"Who is the {role}?", k)
    more = await fetch_each(reader, sorted({h.doc_id for h in hits} - set(docs)))
    return _the_row(_role_rows(question, role, [], more.values())[0], role) if more else None


# switch: "who's the <role> and what's her number?" answered by the one row naming the
# role's holder when that row gives the contact asked too (hop74)
HOLDER_CONTACT = True


async def holder_contact_row(
    q: QuestionInfo,
    cited: list[Candidate],
    ranked: list[Candidate],
    docs: dict[str, Document],
    reader: Reader,
    k: int,
) -> Candidate | None:
    """The one row naming the holder of the role a compound's first part asks ("who's the
    health and safety manager"), when its later part asks only that one's contact ("and
    what's her number", `holder_parts.holder_compound`), the answer's lines only name the
    role (`holder_row_found`), and the row itself gives a contact of the kind asked ("|
    Priya Desai | Health and Safety Manager | The Orangery | 01892 770 125 |"): a list of
    people's row is one record, holder and number both, so it answers the two parts
    whole. None otherwise; the answer then stands as it was (hop74)."""
    from wikiqa.answerers.contact_hop import asked_contact, says_contact
    from wikiqa.answerers.holder_parts import holder_compound

    if not HOLDER_CONTACT or not holder_compound(q):
        return None
    kind = asked_contact(q.parts[1])
    if kind is None:
        return None
    row = await holder_row_found(q.parts[0], cited, ranked, docs, reader, k)
    if row is None or not says_contact(kind, row.span.text):
        return None
    row.part = f"{row.part}, and their {kind}"
    return row
