"""A table row the question names by its key and by what its key column says befell it.

A bereavement table is keyed by who has died: "| Who has died | Paid leave |" over "| Your
parent, step-parent, brother or sister | 5 working days |". The asker tells their situation
("My dad died on Sunday. How long can I have off?"): the row's key ("parent", which "dad"
names through `forms`) and the key column's own predicate ("died", the words of the header
the key cell does not say) together name the row whole, the case the table rules on. What
the table is about beyond its key ("Paid leave") the asker words otherwise ("have off"), so
`rows.row_fit` found the table about nothing the question asks and the row no answer; the
carers' guide's sentence ranked first instead and was refused.

The predicate is read only from a key column headed as a clause about a person ("Who has
died"): such a header says what befell the key, and a question telling that of the one the
key names ("My dad died", "my mum has just died"; not "my dad's dog died", "my dad might
die", "my dad nearly died": `befell`) is about this table. A noun header ("Length of
service", "Band") says only which row and is left alone: there the key's column names the
row, not what is asked. The row (`told_row`, among the top `lift.NEAR_POOL` of a refused
single evidence) must also be asked nothing its table's title, header and row do not say,
but for asking words ("How long can I have off?", not "How long do I have to tell my
supervisor?"), have a cell besides the key stating the kind of thing asked (a stretch of
time for "how long"; the asked kind with a figure), be in a document in force, and be asked
by no one of a kind of engagement a handbook writes its own guide for
(`neighbours.ENGAGEMENT_WORDS`: a volunteer's or an agency worker's leave is their guide's,
if any). `ExtractiveAnswerer._told` then decides the evidence again with that table read as
about the question (`QuestionInfo.told`, `rows.row_fit`'s `told`) and the row lifted first,
and answers with it. Nowhere else is the table so read, so no other ranking changes: the
row answers only where the whole question was refused.

kin30 widened the reading to a death however told (told_death.py says "passed away" as
"died" before the search) and keyed however: a key column headed by the relationship
("Relationship to you") in a document that says a death names the told relative's row
(`kin_told`). Two readings act on any single evidence of a question telling a relative's
death (`death_told`): when another line answers first, over the floor or by a reading under
it, the told row answers instead (`told_elsewhere`: the carers' guide's "up to 5 days of
carer's leave a year" for "My grandad died. How long can I have off?"), and a first line
that is a row or list item naming the told relative answers nothing the question asks
beyond the death that its document's title, heading, header and line do not say
(`unasked_told`: "... How long is the wait for the counselling service?").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.affirmed_act import ly_adverb
from wikiqa.answerers.features import ASKING_WORDS, asked_clause, key, key_set
from wikiqa.answerers.kinds import asked_row_kind, asks_duration, says_duration, says_kind
from wikiqa.answerers.lift import NEAR_POOL
from wikiqa.answerers.neighbours import ENGAGEMENT_WORDS, forms, read_out_of_force
from wikiqa.answerers.rows import named_cells, naming_keys
from wikiqa.answerers.told_death import KIN_PATTERN
from wikiqa.text.tables import cells
from wikiqa.types import Document

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

# The keys of the words that ask rather than name ("How long can I have ...", "get"), and of
# a function word of a header ("off": "have off", "days off").
_ASKS = key_set(" ".join(ASKING_WORDS)) | key_set("off")

# an ask counting time ("how many days off", "how much paid time off"): a stretch of time
_TIME_COUNTED = re.compile(r"\bhow\s+(?:many|much)\s+(?:\w+\s+)?(?:days?|weeks?|time)\b", re.I)

# A key column headed as a clause about a person: what befell them ("Who has died").
_WHO_HEADER = re.compile(r"\s*who\s+\w", re.I)


def told_keys(columns: list[str], values: list[str], keyed: list[int]) -> frozenset[str]:
    """The keys of what each keyed cell's column header, a clause about a person, says of
    it beyond the cell's own words: {"die"} for "Who has died" over "Your parent"."""
    out: set[str] = set()
    for i in keyed:
        if i < len(columns) and i < len(values) and _WHO_HEADER.match(columns[i]):
            out |= key_set(columns[i]) - key_set(values[i])
    return frozenset(out)


# Words that may stand between the one named and what befell them ("my dad has just died");
# "nearly" and "almost" say it did not befall them.
_BETWEEN = frozenset({"has", "have", "had", "is", "was", "just", "sadly"})
_HEDGES = frozenset({"nearly", "almost"})
_TOKEN = re.compile(r"[\w'’-]+")


def befell(question: str, cell: str, predicate: frozenset[str]) -> bool:
    """Does the question say of someone the key cell names (by its words or their kind,
    `rows.naming_keys`: "dad" for "Your parent") that the predicate befell them, the
    predicate's word right after the one named ("My dad died", "my mum has just died"; not
    "my dad's dog died", "my dad is ill and might die", "my dad nearly died")?"""
    named = key_set(cell)
    tokens = [t.lower() for t in _TOKEN.findall(question)]
    for i, token in enumerate(tokens):
        if not naming_keys(frozenset({key(token)})) & named:
            continue
        for after in tokens[i + 1 : i + 4]:
            if key(after) in predicate:
                return True
            if after in _HEDGES or not (after in _BETWEEN or ly_adverb(after)):
                break
    return False


def told(question: str, columns: list[str], values: list[str], keyed: list[int]) -> bool:
    """Does the question tell of the one a keyed cell names that what its column's header
    says befell it befell them (`told_keys`, at least one word; `befell`)?"""
    for i in keyed:
        predicate = told_keys(columns, values, [i])
        if predicate and befell(question, values[i], predicate):
            return True
    return False


_RELATION = key_set("relationship relation")
_DIES = key_set("died")


def kin_told(
    question: str, doc: Document, columns: list[str], values: list[str], keyed: list[int]
) -> bool:
    """Does the question tell the death of one a keyed cell names, the key column headed by
    the relationship ("| Relationship to you | Paid leave |") in a document that rules on a
    death (its title or text says one: "Paid bereavement leave is given when someone close
    to you dies")? The header names the relative, the document what befell them."""
    if not key_set(doc.title) | key_set(doc.text) >= _DIES:
        return False
    return any(
        i < len(columns) and key_set(columns[i]) & _RELATION and befell(question, values[i], _DIES)
        for i in keyed
    )


def answers_told(
    question: str,
    qset: frozenset[str],
    doc: Document,
    header: str,
    row: str,
    asker: frozenset[str] = frozenset(),
) -> bool:
    """Is `row` (under `header`, in `doc`) the row the question names by its key and by its
    key column's predicate, asked nothing its table does not say, with a cell besides the
    key stating the kind of thing asked, in a document in force, for an asker of no kind of
    engagement a handbook writes its own guide for (`asker`, the asker's role words, or the
    question saying one: an agency worker's or a volunteer's leave is their guide's, if
    any)?"""
    if read_out_of_force(doc) or (forms(question) | asker) & ENGAGEMENT_WORDS:
        return False
    columns, values = cells(header), cells(row)
    keyed = named_cells(row, naming_keys(qset))
    if not keyed or not (
        told(question, columns, values, keyed) or kin_told(question, doc, columns, values, keyed)
    ):
        return False
    # the ask asks of nothing the table does not say: "How long can I have off?", "How long
    # is my leave?"; not "How long do I have to tell my supervisor?"
    table = key_set(doc.title) | key_set(header) | key_set(row)
    told_of = death_told(question)  # what is asked beyond the death told, if one is
    ask = told_of[1] if told_of is not None else asked_clause(question)
    if not key_set(ask) - _ASKS - _ENTITLED <= table:
        return False
    kind = asked_row_kind(question)
    duration = asks_duration(question) or bool(_TIME_COUNTED.search(ask))
    return any(
        v
        and i not in keyed
        and (
            (duration and says_duration(v))
            or (kind is not None and says_kind(kind, v) and any(ch.isdigit() for ch in v))
        )
        for i, v in enumerate(values)
    )


def told_row(e: Evidence, asker: frozenset[str] = frozenset()) -> Candidate | None:
    """The best-ranked table row among the evidence's top `lift.NEAR_POOL` that answers as
    told (`answers_told`), else None: the row to lift above a refused first line."""
    q = e.question
    qset = frozenset(q.terms)
    for c in e.ranked[:NEAR_POOL]:
        if c.header is not None and answers_told(
            q.text, qset, c.doc, c.header.text, c.span.text, asker
        ):
            return c
    return None


# The words of asking for an entitlement ("How much time off am I given?", "can I take"),
# and the kind asked, which a stretch of time in a cell says ("how much time off").
_ENTITLED = key_set("give given take taken entitled allowed offered time")


def unasked_told(e: Evidence) -> bool:
    """Is the evidence's first line a table row or list item naming the relative whose
    death the question tells ("My sister died", told_death.py reads "passed away" so), asked
    something its document's title, heading, header and line do not say, asking words
    aside ("... How long is the wait for the counselling service?", "... How long do I have
    to give in the death certificate?")? Such a line rules on the leave, not on what is
    asked, and its figure is no answer: `ExtractiveAnswerer.clearing` does not answer with
    it, over the floor or under it."""
    if not e.ranked:
        return False
    c = e.ranked[0]
    told_of = death_told(e.question.text)
    if told_of is None:
        return False
    who, ask = told_of
    named = naming_keys(key_set(who))
    line = c.span.text
    if c.header is not None:
        if not named_cells(line, named):
            return False
        said = key_set(c.header.text) | key_set(line)
    elif line.lstrip().startswith(("-", "*", "•")) or c.lead is not None:
        if not key_set(line) & named:
            return False
        said = key_set(line) | (key_set(c.lead.text) if c.lead is not None else frozenset())
    else:
        return False
    said |= key_set(c.doc.title) | key_set(c.context)
    return not key_set(ask) - _ASKS - _ENTITLED <= said


# a relative's death told as the documents tell it ("my nan died", "if my brother dies")
_DIED = re.compile(
    rf"\b(?P<who>(?:{KIN_PATTERN})s?)\s+(?:(?:has|had|have|just|sadly|recently)\s+)*"
    r"(?:died|dies|die)\b",
    re.I,
)


def death_told(question: str) -> tuple[str, str] | None:
    """The relative whose death the question tells and what it asks beyond the telling
    ("If my grandmother dies, how much paid time off am I given?" -> ("grandmother", "how
    much paid time off am I given?")), or None when it tells none."""
    ask = asked_clause(question)
    m = _DIED.search(ask)
    if m is None:
        m = _DIED.search(question)
        return (m.group("who"), ask) if m is not None else None
    rest = ask[m.end() :]
    return m.group("who"), rest.split(",", 1)[1] if "," in rest else rest


def told_elsewhere(e: Evidence, asker: frozenset[str] = frozenset()) -> bool:
    """Does the question tell a relative's death (`death_told`) while the evidence, over the
    floor, answers first with a line other than the row of that death (`told_row`: "My
    grandad died. How long can I have off?" with the carers' guide's "up to 5 days of
    carer's leave a year" first, the bereavement table's grandparent row fifth)? The row
    rules on the case told; another document's line on leave in general does not, so
    `ExtractiveAnswerer.clearing` answers with the row, lifted first, instead."""
    if not e.ranked or death_told(e.question.text) is None:
        return False
    row = told_row(e, asker)
    return row is not None and row.at != e.ranked[0].at
