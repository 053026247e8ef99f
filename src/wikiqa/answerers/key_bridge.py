"""The value bridge: a table row the question names carries the key of another table.

Enterprise documents split one fact over two tables: "What is the hotel cap per night for
a Senior Software Engineer?" is answered by the job-levels table (Senior Software Engineer
-> grade G5) and the travel policy's table by grade (G5-G6 -> EUR 200). Neither answers
alone: the first names the asker's role but not hotels, the second has hotels but not
roles. So when the first hop stays under the floor, a top-ranked table row that the
question names by a name or number of its own (its key: "Senior Software Engineer") is a
bridge; each of its other short cells (the value: "G5", under its column "Grade") is carried
to a second retrieval with what the row left unsaid (the residual: "hotel cap night"), and
the question is asked again with the value in place of what the row resolved ("What is the
hotel cap per night Grade G5"). The answer must sit in another document and be keyed by the
value: a table row that names it (or whose range holds its number, "G5-G6", "Bands 5 to 7"),
or a sentence that says it; it must clear the floor for that question. The answer cites the
bridge row and the answer, each with its header row, verbatim.

A chain may cross a third document: "What daily allowance does a Sales Executive get?" goes
from the job levels (G3) through the travel bands ("G1 to G3 -> Band A": a *link*, a row
keyed by the value that carries a value of its own) to the allowance by band. Each step is
held to the same tests (its row keyed by the value, the kind-key check in every
assessment), and every row is cited. A table answer to a question naming an office or a
country that no document read names, where a table of such rows was read, is a guess
(`unmapped_place`): refused.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.asked_plainly import asked_plainly
from wikiqa.answerers.asker_job import (
    described_row,
    job_rows,
    kind_column,
    self_statement,
    table_candidates,
)
from wikiqa.answerers.features import QuestionInfo, key_set, keys
from wikiqa.answerers.head_keys import (
    bare_keys,
    clipped_heads,
    head_best,
    head_names,
    initials_best,
    says_head,
)
from wikiqa.answerers.hops import (
    HOP_K,
    asked_words,
    assess_search,
    bridge_entities,
    residual,
    search_hits,
    substituted,
    whole_hit,
)
from wikiqa.answerers.job_over_prose import job_over_prose
from wikiqa.answerers.keyed_table import value_row
from wikiqa.answerers.kind_column import is_kind, kind_cell, kind_keyed
from wikiqa.answerers.kind_keys import asked_keys, asked_names, name_unread, row_holds
from wikiqa.answerers.meant_keys import meant_keys
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.answerers.other_role import (
    asked_holder,
    holds_asked,
    holds_other,
    job_cells,
    place_cells,
    role_for,
)
from wikiqa.answerers.place_lookup import told_place_rows
from wikiqa.answerers.placed_page import sent_away
from wikiqa.answerers.record_keys import (
    cited_record,
    kinded_terms,
    named_item,
    record_terms,
    recorded,
)
from wikiqa.answerers.rows import (
    alternatives,
    cell_codes,
    cell_range,
    extremes_said,
    named_cells,
    naming_keys,
    question_numbers,
    siblings,
)
from wikiqa.answerers.told_lookup import told_rows
from wikiqa.answerers.told_region import beyond_chain
from wikiqa.answerers.told_role import told_cell
from wikiqa.text.forms import other_forms
from wikiqa.text.headings import headings, section_bounds, title_at
from wikiqa.text.tables import cells, table_rows
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document, DraftQuote

BRIDGE_POOL = 10  # top-ranked first-hop candidates looked at for a row the question names
MAX_BRIDGES = 2  # such rows tried
VALUES_PER_ROW = 2  # values of one row carried to a second retrieval (one search each)
KIND_VALUES = 1  # lower-case kinds of one row carried after them (kind_column.py)
VALUE_WORDS = 4  # a value is a short cell ("G5", "Band 6", "Southern Europe")
ANSWERS = 3  # top candidates of the second retrieval looked at for the value's row
MAX_DOCUMENTS = 3  # documents a chain of keys crosses: bridge, link, answer
MAX_LINKS = 2  # rows of different documents keyed by a value tried as its link
VALUES_PER_LINK = 1  # values of a link carried on (one search each)
# a word the asker's statement shares with the asking after it stays asked (`_restated`, hop75)
STATED_ASK = True
CHAIN_SLACK = 0.10  # how far under the floor the row a value keys may answer (`_keys_row`)


def is_key(value: str, qset: frozenset[str], any_case: bool = False) -> bool:
    """Can a cell or name be the key of another table: short, new to the question, written
    as a name or code (a capital: "G5", "Band 6", "Nordics"; with `any_case`, in lower case
    too, for a kind its table repeats: kind_column.py), not an amount or a yes/no?"""
    v = value.strip()
    return (
        bool(key_set(v))
        and not key_set(v) <= qset
        and len(v.split()) <= VALUE_WORDS
        and (any_case or re.search(r"[A-Z]", v) is not None)
        and re.search(r"\d[\d,.]*\s*%|[€£$]", v) is None  # an amount is an answer, not a key
        and v.lower() not in _NOT_KEYS
    )


_NOT_KEYS = frozenset({"yes", "no", "none", "n/a", "all", "any", "other"})


def _named_by(q: QuestionInfo, named: str) -> bool:
    """Does the question name this cell or sentence part by a name or number of its own, or
    by a phrase of several words ("staff nurse")?"""
    ks = key_set(named)
    return bool(ks & q.entities) or len(ks) >= 2


def carried_values(q: QuestionInfo, c: Candidate, kinds: bool = False) -> list[tuple[str, str]]:
    """(column, value) pairs a candidate carries for `q`. A table row keyed by the question
    (one of its cells named by the question: see `_named_by`) carries its other short cells
    that can key another table, under their columns ("Grade", "G5"). A sentence that says a
    name or number of the question carries the names it adds ("The Lisbon office belongs to
    the Southern Europe region" -> "Southern Europe"), with no column; such a value must then
    key a table row (`value_hop`): a name a sentence merely mentions beside the question's
    ("Billy Joel said that Ray Charles was more important than Elvis Presley") is no key,
    and prose-to-prose bridges are the bridge hop's (hops.py), with its tests."""
    qset = frozenset(q.terms)
    if c.header is None:
        if not set(c.terms) & q.entities:
            return []
        # what its record says of the named thing (the heading its list item sits under,
        # its definition's short sentences: record_keys.py) before the names it adds
        found = [
            *labelled(c.span.text, q),
            *recorded(q, c),
            *bridge_entities(c.span.text, set(q.terms)),
        ]
        return [("", n) for n in dict.fromkeys(found) if is_key(n, qset)][:VALUES_PER_ROW]
    row = c.span.text
    values, columns = cells(row), cells(c.header.text)
    numbers = question_numbers(q.text)
    # a row the question names in other words ("the Castlebridge call centre" and
    # "| Castlebridge Contact Centre | ... | Riverside |") is named as by its key (meant_keys.py)
    named = named_cells(row, qset | meant_keys(q.meant, c.doc.doc_id, c.header.start), numbers)
    by_name = any(i < len(values) and _named_by(q, values[i]) for i in named)
    if not by_name and _head_named(q, c, qset, numbers):
        # "a shunter" keys "| Vehicle shunter and fueller | Grade B |", "I run the
        # housekeeping team" "| Head housekeeper | Housekeeping | Grade 5 |" (its
        # Department cell, which two other rows share, names no row)
        named, by_name = [*named, 0], True
    if not by_name and values and told_cell(q.text, values[0]):
        named, by_name = [*named, 0], True  # "I'm a butcher" keys "| Butcher |" (told_role.py)
    listed = listed_cells(values, qset)
    if not by_name and not listed:
        return []
    named = [*named, *listed]
    carried = [
        (columns[i].strip() if i < len(columns) else "", v.strip())
        for i, v in enumerate(values)
        if i not in named and is_key(v, qset)
    ]
    # with `kinds`, a lower-case kind after them (kind_column.py), tried last
    return [
        *asked_columns_first(q, carried)[:VALUES_PER_ROW],
        *(kind_values(q, c, named) if kinds else []),
    ]


def kind_values(q: QuestionInfo, c: Candidate, named: list[int]) -> list[tuple[str, str]]:
    """The (column, value) of the row's lower-case kind ("Type", "kiosk": kind_column.py),
    tried after the names and codes it carries, which keep their places and their limit."""
    assert c.header is not None
    qset, columns = frozenset(q.terms), cells(c.header.text)
    return [
        (columns[i].strip() if i < len(columns) else "", v.strip())
        for i, v in enumerate(cells(c.span.text))
        if i not in named
        and not is_key(v, qset)
        and is_key(v, qset, any_case=True)
        and kind_cell(v, i, c)
    ][:KIND_VALUES]


# a contracted "who's" is no stop word; asked again it is said whole ("what's" is left as
# asked: said whole it cost "I'm a driver at Ledbury. What's the longest duty?" its answer)
_QUESTION_WORDS = frozenset({"who's", "who’s"})


def plain_question(q: QuestionInfo) -> QuestionInfo:
    """The question a chain asks again, with a contracted "who's" said whole ("Who's the
    regional manager for North Wales?" -> "Who is ..."): as a term no line says, it would
    hold the row the value keys under the floor, and out of the row fit a who-question
    naming only the row's key allows (`rows.row_fit`; asked_plainly.py says it of a first
    asking). Only "who's": a row answers a who-question with its name cell."""
    if not set(q.terms) & _QUESTION_WORDS:
        return q
    return dataclasses.replace(
        q,
        text=asked_plainly(q.text),
        terms=tuple(t for t in q.terms if t not in _QUESTION_WORDS),
        entities=q.entities - _QUESTION_WORDS,
    )


def column_words(q: QuestionInfo, bridge: Candidate, column: str) -> frozenset[str]:
    """The question's keys that name the carried value's column ("regional" for Region)
    and stand before the words naming the bridge's key, in the role asked ("the regional
    manager for Tan y Bryn"). A word after them says how the bridge holds the value ("the
    shop Nia Pritchard is based at": "| Nia Pritchard | ... | Based at |"): the bridge row
    answers it, and asked again of the value ("the Millbury shop based in") no line of the
    value's own table says it, so it is not kept. Nor is a word naming the row's key
    column ("Which shop manager is based in a Vale region shop?" carries the Ashcott row's
    Shop cell): that column names the kind of thing each row is, which the value's name
    says itself; only a column the row describes its key by (its Region) can be part of the
    role asked."""
    columns = cells(bridge.header.text) if bridge.header is not None else []
    if not columns or columns[0].strip() == column:
        return frozenset()
    words = re.findall(r"\S+", q.text)
    resolved = _resolved(q, bridge)
    inside = [bool(key_set(w)) and key_set(w) <= resolved for w in words]
    if not any(inside):
        return frozenset()
    first, _ = _key_run(words, inside, bridge)
    before = frozenset(k for w in words[:first] for k in keys(w))
    return frozenset(q.terms) & key_set(column) & before


def asked_columns_first(q: QuestionInfo, carried: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The carried (column, value) pairs with those whose column the question names first
    ("the regional manager for Tan y Bryn" carries "| ... | Region |"'s "North Wales" before
    the town and the home's type): the question says which of the row's values is the
    bridge, and only `VALUES_PER_ROW` are followed. Otherwise the row's order stands."""
    qset = set(q.terms)
    return sorted(carried, key=lambda cv: not (key_set(cv[0]) & qset))


# "Depot manager: Tom Asquith." -- a label, a colon and what it labels, closing the line
_LABELLED = re.compile(
    r"^\s*(?P<label>[A-Z][\w'’&-]*(?:\s+[\w'’&-]+){0,4})\s*:\s*(?P<named>[^:]+?)\s*\.?$"
)


def labelled(sentence: str, q: QuestionInfo) -> list[str]:
    """The label of a "Label: Name" line whose name is one the question gives ("Depot
    manager" for "Depot manager: Tom Asquith." and a question about Tom Asquith): what a
    directory records the name as, which keys the tables that name no person."""
    m = _LABELLED.match(sentence)
    if m is None:
        return []
    named = key_set(m.group("named"))
    return [m.group("label")] if named and named <= set(q.terms) and named & q.entities else []


def _head_named(
    q: QuestionInfo, c: Candidate, qset: frozenset[str], numbers: tuple[float, ...]
) -> bool:
    """Does the question name the row `c` by its key cell's head noun (head_keys.py: "a
    shunter"), naming no key of its own ("the Dubai campus", "grade F")?"""
    return (
        c.header is not None
        and not asked_names(q.text)
        and not asked_keys(q.text)
        and c.span.text
        in (
            head_best(
                c.doc.text,
                c.header.start,
                qset,
                numbers,
                bare_keys(q.text),
                clipped_heads(q.text),
            ),
            initials_best(c.doc.text, c.header.start, q.text),
        )
    )


def listed_cells(values: list[str], qset: frozenset[str]) -> list[int]:
    """Indexes of the cells that list several things ("porter, library assistant" under
    "Typical roles") one of which the question says whole ("the probation period for a
    porter"): a list names each of its things as specifically as a cell names one, so
    even a single common word said whole names the row (a row's own key cell is
    `named_cells`'s)."""
    return [
        i for i, v in enumerate(values) if i > 0 and any(alt <= qset for alt in alternatives(v))
    ]


def keyed_by(value: str, c: Candidate) -> bool:
    """Is `c` about `value`: a table row one of whose cells the value names (or whose range
    holds its number or code), or a sentence that says the value as a whole word?"""
    said = re.search(rf"(?<!\w){re.escape(value)}(?!\w)", c.span.text, re.I) is not None
    if c.header is not None:  # "G5 and G6", "G5-G6", "Bands 5 to 7" for G5 / band 6
        own, values = key_set(value), cells(c.span.text)
        bare = key_set(aside_free(value)) or own  # "Lisbon (HQ)" is the Lisbon row's key
        return (
            said
            or any(  # a cell saying less than the value names another key ("Customer
                # Success" is not "Director of Customer Success")
                not key_set(aside_free(values[i])) < bare and _holds_whole(values[i], value, bare)
                for i in named_cells(c.span.text, own, question_numbers(value))
                if i < len(values)
            )
            or any(open_range_holds(cell, value) for cell in values[:1])
            or (  # "Alderbrook Meadows visitor centre" keys the "| Alderbrook Meadows |" row
                # by its key cell (not the "| Coast |" cell a region's shops all hold)
                (named := key_set(name_part(value))) != own
                and any(key_set(aside_free(v)) == named for v in values[:1])
            )
        )
    return said


# a name and the lower-case words a directory adds after it for its kind ("visitor centre")
_KIND_TAIL = re.compile(r"^(?P<name>.*?[A-Z0-9][\w'’&.-]*)(?P<tail>(?:\s+[a-z][\w'’-]*){1,3})$")


def name_part(value: str) -> str:
    """The value less the lower-case words that close it, when a name of its own is left
    ("Alderbrook Meadows visitor centre" -> "Alderbrook Meadows", "Kestwick High Street
    shop" -> "Kestwick High Street"): a directory adds the kind of place to its name, and
    the table keyed by such places names it bare in its key cell. A value with nothing
    after its name
    ("Head of Reserves", "Band 2") is itself."""
    m = _KIND_TAIL.match(value.strip())
    return m.group("name") if m is not None else value


def _holds_whole(cell: str, value: str, bare: frozenset[str]) -> bool:
    """Does the cell hold the whole value: all its words (in the cell, or in one thing the
    cell lists: "Grades D and E" holds Grade D), or its code or number in a range ("G4 to
    G6", "Grades 1 to 5")? "Grades A, B and C" lists "Grades A", which says "grade" but not
    D: it does not hold Grade D."""
    return (
        bare <= key_set(aside_free(cell))
        or any(bare <= alt for alt in alternatives(cell))
        or bool(cell_codes(cell) & key_set(value))
        or (
            (span := cell_range(cell)) is not None
            and any(span[0] <= n <= span[1] for n in question_numbers(value))
        )
    )


def aside_free(cell: str) -> str:
    """A cell without its bracketed aside ("Lisbon (HQ)" -> "Lisbon")."""
    return re.sub(r"\([^)]*\)", " ", cell)


_CODE_VALUE = re.compile(r"^([^\W\d_]{1,4})\s*(\d{1,3})$")
_ABOVE = re.compile(
    r"^([^\W\d_]{1,4})\s*(\d{1,3})\s*(?:\+|and above|or above|and over|or higher)$", re.I
)
_BELOW = re.compile(
    r"^(?:up to\s+)?([^\W\d_]{1,4})\s*(\d{1,3})(?:\s+and below|\s+or below|\s+or lower)?$", re.I
)


def open_range_holds(cell: str, value: str) -> bool:
    """Does a key cell's open range of codes hold the code `value` ("G7 and above" holds
    G8, "Up to G2" holds G1)? Codes compare within one letter prefix only."""
    v = _CODE_VALUE.match(value.strip())
    text = cell.strip()
    if v is None:
        return False
    if (m := _ABOVE.match(text)) is not None:
        return m.group(1).lower() == v.group(1).lower() and int(v.group(2)) >= int(m.group(2))
    if text.lower().startswith("up to") or re.search(r"\b(?:and|or) (?:below|lower)$", text, re.I):
        m = _BELOW.match(text)
        return (
            m is not None
            and m.group(1).lower() == v.group(1).lower()
            and int(v.group(2)) <= int(m.group(2))
        )
    return False


def _resolved(q: QuestionInfo, c: Candidate) -> frozenset[str]:
    """The question's keys by which it names the bridge: a row's named cells, or the
    question's names and numbers a sentence says."""
    if c.header is None:
        return frozenset(set(c.terms) & q.entities)
    values = cells(c.span.text)
    qset = frozenset(q.terms)
    named = [*named_cells(c.span.text, qset, question_numbers(q.text)), *listed_cells(values, qset)]
    return frozenset(k for i in named if i < len(values) for k in key_set(values[i]) & qset)


def in_place(
    q: QuestionInfo, bridge: Candidate, name: str, column: frozenset[str] = frozenset()
) -> QuestionInfo:
    """The question asked of the value `name`, put where the question named the bridge
    ("How much notice must a staff nurse give?" -> "How much notice must a Band 5 give?"),
    so it reads as a question about the value; the bridge's other words are left out as in
    `hops.substituted`, which is used when the question names it in no one run of words."""
    words = re.findall(r"\S+", q.text)
    resolved = _resolved(q, bridge)
    inside = [bool(key_set(w)) and key_set(w) <= resolved for w in words]
    if not any(inside):
        if (said := _stated(q, bridge)) is not None:  # "I clean the buses." -> "Grade A."
            return _restated(q, bridge, name, said)
        return substituted(q, bridge, name)
    first, last = _key_run(words, inside, bridge)
    opening = _STATEMENT.match(q.text)
    if (
        opening is not None
        and self_statement(q.text) is not None
        and last < len(re.findall(r"\S+", q.text[: opening.end()]))
    ):  # "I've just moved to the Carrow office." names it: the value says where the asker is
        return _restated(q, bridge, name, opening.end())
    tail = re.sub(r"^[\w'’-]+", "", words[last])  # keep the run's closing "?" or "'s"
    rest = residual(q, bridge) | column  # the carried column's word stays asked
    # the words the bridge said are resolved too ("approves ... expenses" by "| Expense
    # approver |"), as in `hops.substituted`: only what is still asked stays beside the name
    kept = [w for w in words if not set(keys(w)) - rest]
    before = [w for w in words[:first] if w in kept]
    after = [w for w in words[last + 1 :] if w in kept]
    text = " ".join([*before, name + tail, *after])
    named = tuple(keys(name))
    return dataclasses.replace(
        q,
        text=text,
        terms=tuple(t for t in q.terms if t in rest) + named,
        entities=(q.entities & rest) | frozenset(named),
    )


def _key_run(words: list[str], inside: list[bool], bridge: Candidate) -> tuple[int, int]:
    """The first and last index of the run of the question's words the value replaces: of
    the runs of consecutive words naming the bridge, the one saying most of its key cell
    ("steel fixer" of "| Joiner, bricklayer or steel fixer | Band 3 | Hourly |", not
    "hourly ... steel fixer": "hourly" names the row's Paid cell, and the rate is still
    asked), the first of equals; a sentence's or a row without cells: first to last."""
    marked = [i for i, x in enumerate(inside) if x]
    values = cells(bridge.span.text) if bridge.header is not None else []
    if not values:
        return marked[0], marked[-1]
    key = key_set(values[0])
    runs: list[tuple[int, int]] = []
    for i in marked:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))

    def said(run: tuple[int, int]) -> int:
        return len(key & key_set(" ".join(words[run[0] : run[1] + 1])))

    best = max(runs, key=said)
    return (marked[0], marked[-1]) if said(best) == 0 else best


_STATEMENT = re.compile(r"^\s*([^?]*?[.!])\s+(?=\S)")  # an opening statement before the question


def _stated(q: QuestionInfo, bridge: Candidate) -> int | None:
    """Where the question's opening statement ends, when the statement names the table row
    `bridge` by its key cell's head noun ("I clean the buses." for "| Depot cleaner | ...
    |"): the asker describes themselves, and the row resolves the whole statement."""
    found = _STATEMENT.match(q.text)
    values = cells(bridge.span.text) if bridge.header is not None else []
    if found is None or not values:
        return None
    said = key_set(found.group(1))
    if not any(says_head(name[-1], said) for name in head_names(values[0])):
        return None
    return found.end()


def _restated(q: QuestionInfo, bridge: Candidate, name: str, end: int) -> QuestionInfo:
    """The question with the value `name` in place of the opening statement that named the
    bridge ("I clean the buses. What do I get for working a Sunday?" -> "Grade A. What do I
    get for working a Sunday?"): the statement's words are resolved by the row, and the
    row's own words are left out as in `hops.substituted`. A word the statement shares
    with the asking after it stays asked ("I'm a boat engineer thinking of handing my notice
    in. How much notice do I owe?" -> "Band D. How much notice do I owe?" still asks
    "notice"): the row resolves who the asker is, not what they ask (`STATED_ASK`)."""
    told = key_set(q.text[:end])
    if STATED_ASK:
        told -= key_set(q.text[end:])
    gone = told | key_set(bridge.span.text)
    named = tuple(keys(name))
    return dataclasses.replace(
        q,
        text=f"{name}. {q.text[end:]}",
        terms=tuple(t for t in q.terms if t not in gone) + named,
        entities=(q.entities - gone) | frozenset(named),
    )


def _named_words(q: QuestionInfo, c: Candidate) -> int:
    """How many words the question's name for the row holds: "Senior Software Engineer"
    names that row more closely than "Software Engineer", which it also contains; 0 for a
    sentence."""
    if c.header is None:
        return 0
    values = cells(c.span.text)
    named = named_cells(c.span.text, frozenset(q.terms), question_numbers(q.text))
    return max((len(key_set(values[i])) for i in named if i < len(values)), default=0)


def _names_what_top_lacks(q: QuestionInfo, bridge: Candidate, top: Candidate) -> bool:
    """Does the bridge row name a question entity the first hop's best candidate (with its
    document's title) does not say, or, when that candidate is a row the question names in
    no cell, the words the question names the bridge row by? Then that answer is about
    something else ("| North America | $75 |" for a trip to Oslo; "| FH1 to FH3 | ... |"
    for a team leader, whose row is "| Team leader | FH5 |") and the chain through the
    bridge replaces it."""
    said = set(top.terms) | key_set(top.doc.title)
    # an entity, or the words the question names a row by ("team leader" of "| Team leader |
    # FH5 |" against "| FH1 to FH3 | 6 months |": a row the question does not name is a guess)
    named = _resolved(q, bridge) if bridge.header is not None and not _named(q, top) else set()
    lacking = ((set(bridge.terms) & q.entities) | named) - said
    # said in another form ("Polish" and "| Poland | ... |") is said
    return any(not other_forms(frozenset({t}), keys) & said for t in lacking)


def _says_nothing(q: QuestionInfo, top: Candidate) -> bool:
    """Is the first hop's best candidate a sentence that says no word of what the question
    asks (after an opening statement, which describes the asker: "I run the housekeeping
    team at the Minster. What does the company put into my pension?" and "Questions go to
    the Payroll team.", over the floor for its document's title and heading alone)? It
    answers nothing a chain through a row the question names would not answer better."""
    found = _STATEMENT.match(q.text)
    asked = key_set(q.text[found.end() :] if found else q.text)
    return top.header is None and not set(top.terms) & asked


def _says_only_its_key(q: QuestionInfo, top: Candidate, bridge: Candidate) -> bool:
    """Is the first hop's best candidate a table row that says, with its header and heading,
    no word of what the question asks but the cells the question names it by ("| Steel fixer
    | £150 |" under "| Trade | Tool allowance per year |" for "What's the hourly rate for a
    steel fixer?"), while the bridge is a row of another table saying those cells too ("|
    Joiner, bricklayer or steel fixer | Band 3 | Hourly |")? Two tables name the same thing;
    the one answering a column the question does not ask gives way. (A sentence bridge
    never replaces it: "Who runs the Poznań depot?" keeps "| Poznań depot | Poland |
    Katarzyna Wójcik | ... |" rather than chain through a line about another site.)"""
    if top.header is None or bridge.header is None or bridge.doc.doc_id == top.doc.doc_id:
        return False
    found = _STATEMENT.match(q.text)
    asked = key_set(q.text[found.end() :] if found else q.text)
    values = cells(top.span.text)
    named = named_cells(top.span.text, frozenset(q.terms), question_numbers(q.text))
    key = {k for i in named if i < len(values) for k in key_set(values[i])}
    return bool(key) and not (set(top.terms) & asked) - key and key <= key_set(bridge.span.text)


def _coded(q: QuestionInfo, c: Candidate) -> bool:
    """Is the row `c` keyed by a code the question names (itself, or in a range: "G4 to
    G6" holds G5)?"""
    row = cells(c.span.text)
    return bool(row) and bool(cell_codes(row[0]) & q.entities)


def bridge_rows(q: QuestionInfo, ranked: list[Candidate]) -> list[Candidate]:
    """Top-ranked rows (and sentences) that carry values for `q` and leave part of it
    unsaid; of rows of one table, only those the question names most closely. A sentence
    is a bridge only when the first hop's top candidates hold a table row: its value must
    key a row, and where none is near the question (an encyclopedia's prose) the searches
    it would cost find none."""
    pool = ranked[:BRIDGE_POOL]
    tabled = any(c.header is not None for c in pool)
    # a row keyed by a code the question names ("G4 to G6" for grade G5), or whose key
    # cell it names by its initials or head noun alone ("a KP", "Kitchen porter"), is a
    # bridge however low it ranks: its words are few, and the question says which row it is
    qset, numbers = frozenset(q.terms), question_numbers(q.text)
    pool += [
        c
        for c in ranked[BRIDGE_POOL:]
        if (
            c.header is not None
            and (_coded(q, c) or _head_named(q, c, qset, numbers) or _meant(q, c))
        )
        or named_item(q, c)  # a list item the question names whole ("The Brambles")
    ]
    found = [
        c
        for c in pool
        if (tabled or c.header is not None) and carried_values(q, c) and residual(q, c)
    ]
    closest: dict[tuple[str, int], int] = {}
    for c in found:
        table = (c.doc.doc_id, c.header.start if c.header else -1)
        closest[table] = max(closest.get(table, 0), _named_words(q, c))
    kept = [
        c
        for c in found
        if _named_words(q, c) == closest[(c.doc.doc_id, c.header.start if c.header else -1)]
    ]
    # a line the question names by a name of its own ("The Brambles") before rows it names
    # in common words ("neighbourhood manager"): the name says which thing it asks about;
    # and a row named only by one thing a cell lists ("Income" of "| Nina Kowalski | Head
    # of service | Income and money advice |") after one whose own cell it names whole
    # ("| Income officer | FH4 |")
    return sorted(
        kept, key=lambda c: (not _resolved(q, c) & q.entities, _listed_only(q, c, qset, numbers))
    )[:MAX_BRIDGES]


def _listed_only(
    q: QuestionInfo, c: Candidate, qset: frozenset[str], numbers: tuple[float, ...]
) -> bool:
    """Does the question name the row `c` only by one thing a cell of it lists
    (`listed_cells`), no cell whole and not by its key's head noun or initials?"""
    return (
        c.header is not None
        and not named_cells(c.span.text, qset, numbers)
        and not _head_named(q, c, qset, numbers)
    )


async def value_hop(at: HopInput) -> list[Candidate] | None:
    """[bridge row, (link row,) answer] when a row the question names carries a value that
    keys the answer in another document, directly or through one more table that maps the
    value to another key, else None (see the module docstring). Over the floor the first
    hop (`first`) answers already, and is replaced only when its best candidate does not
    say the name or number by which the question names the bridge row, or is the bridge
    row itself, which leaves part of the question unsaid ("| Platform Engineering | VP
    Engineering |" for the notice period of whoever approves Platform Engineering's
    expenses): the chain then cites it first."""
    answerer, q, first, docs, reader, skipped = at.parts()
    top = first.ranked[0]
    over = first.score >= answerer.floor
    # over the floor, a row of another role's holder than the one asked ("| Hannah Cole |
    # Store manager | Matlock Local |" for "I'm at the Matlock store. Who's our area
    # manager?") gives way to a chain ending on a row of the role asked (hops61)
    other = over and holds_other(q.text, top)
    for bridge in bridge_rows(q, [*first.ranked, *_unranked_named(q, first.ranked)]):
        # over the floor, only a table answer may give way, and only to a bridge naming
        # what it does not say (prose answers are left to the bridge hop, hops.py)
        if over and not (
            bridge is top
            or (top.header is not None and _names_what_top_lacks(q, bridge, top))
            or _says_nothing(q, top)
            or _says_only_its_key(q, top, bridge)
            or other
            or job_over_prose(_resolved(q, bridge), bridge, top)  # the told job's row
        ):
            continue
        rest = residual(q, bridge)
        for column, value in carried_values(q, bridge, kinds=True):
            # the question's word naming the carried column stays in the question asked
            # again ("the regional manager for Tan y Bryn": "regional" names the Region
            # column and the role), though a line saying it says nothing still open
            kept = column_words(q, bridge, column)
            chain = await follow(
                answerer,
                q,
                rest,
                [bridge],
                column,
                value,
                docs,
                reader,
                skipped,
                kept=kept,
                kind=is_kind(value),
            )
            # a chain ending on the row the first hop answers with over the floor, which the
            # question names itself ("| Poland | ... |" for the Polish team), adds nothing
            if other and chain is not None and not holds_asked(q.text, chain[-1]):
                continue
            if chain is not None and not (over and chain[-1].at == top.at and _named(q, top)):
                return [cited_record(chain[0], value), *chain[1:]]
    # the told job's row, looked up by its words when no job table was read (told_lookup.py)
    looked, read = await told_rows(at)
    for bridge in looked[:MAX_BRIDGES]:
        seen = {**docs, **read}
        for column, value in carried_values(q, bridge):
            chain = await follow(
                answerer, q, residual(q, bridge), [bridge], column, value, seen, reader, skipped
            )
            if chain is not None and not any(read_out_of_force(c.doc) for c in chain):
                docs.update(seen)  # (a superseded edition's row is no answer to a lookup)
                return [cited_record(chain[0], value), *chain[1:]]
    # the told place's row, looked up by its name when none was read (place_lookup.py)
    placed, found = await told_place_rows(at)
    for bridge in placed:
        seen = {**docs, **found}
        for column, value in carried_values(q, bridge, kinds=True):
            chain = await follow(
                answerer,
                q,
                residual(q, bridge),
                [bridge],
                column,
                value,
                seen,
                reader,
                skipped,
                kind=is_kind(value),
            )
            if chain is not None and not any(read_out_of_force(c.doc) for c in chain):
                docs.update(seen)
                return [cited_record(chain[0], value), *chain[1:]]
    if other:
        return await _place_hop(at)
    for bridge in [top] if over else bridge_rows(q, first.ranked):
        if _place_row(q, bridge) and (kept_for := await _kept_for(at, bridge)):
            return kept_for
    return None


def _place_row(q: QuestionInfo, c: Candidate) -> bool:
    """Is `c` a row the question names that says no one's job (no job or role column: "|
    Meadowbank | Blackpool | Residential | North West |") for a who-question asking the
    holder of a role ("I work at Meadowbank. Who's our regional manager?")? The place's
    row says where the role is kept, not who holds it."""
    return (
        asked_holder(q.text) is not None
        and c.header is not None
        and not job_cells(c)
        and _named(q, c)
    )


async def _kept_for(at: HopInput, bridge: Candidate) -> list[Candidate] | None:
    """[place row, answer]: the one row keeping the role asked for a value the place's row
    carries (`_role_row`), cited after it (hops61)."""
    for _column, value in carried_values(at.q, bridge):
        row = await _role_row(at, value, {bridge.doc.doc_id})
        if row is not None:
            return [cited_record(bridge, value), row]
    return None


async def _place_hop(at: HopInput) -> list[Candidate] | None:
    """[place row, answer] when the first hop's answer over the floor is a row of another
    role's holder at the place the question names (`other_role.holds_other`: "| Hannah
    Cole | Store manager | Matlock Local | ... |" for "I'm at the Matlock store. Who's our
    area manager?"): one search for that place ("Matlock Local") finds the row another
    document keeps for it ("| Matlock | Local | Midlands |"), whose carried value keys a row
    saying the whole role asked ("| Imran Siddiqui | Area manager, Midlands | ... |",
    `other_role.holds_asked`). A role held at the place is no holder of the role asked; the
    place's own row says where the role asked is kept (hops61)."""
    answerer, q, first, docs, reader, skipped = at.parts()
    top = first.ranked[0]
    for place in place_cells(q.text, frozenset(q.entities), top)[:1]:
        found = await assess_search(at, place, {top.doc.doc_id})
        if found is None:
            continue
        for bridge in bridge_rows(q, found.ranked):
            if bridge.header is None or bridge.doc.doc_id == top.doc.doc_id:
                continue
            rest = residual(q, bridge)
            if kept_for := await _kept_for(at, bridge):
                return kept_for
            for column, value in carried_values(q, bridge):
                kept = column_words(q, bridge, column)
                chain = await follow(
                    answerer, q, rest, [bridge], column, value, docs, reader, skipped, kept=kept
                )
                if chain is not None and holds_asked(q.text, chain[-1]):
                    return [cited_record(chain[0], value), *chain[1:]]
    return None


async def _role_row(at: HopInput, value: str, exclude: set[str]) -> Candidate | None:
    """The one row, among the documents one search for the role asked and `value` finds,
    that keeps the role asked for `value` (`other_role.role_for`: "| Gemma Lockwood | Area
    manager, North | ... |" for North), or None (none, or two)."""
    role = asked_holder(at.q.text) or ""
    hits = await search_hits(at, f"{role} {value}", exclude)
    rows = [
        c
        for h in hits
        if h.doc_id in at.docs
        for c in table_candidates(at.docs[h.doc_id], 0)
        if role_for(at.q.text, value, c)
    ]
    return rows[0] if len({c.span.text for c in rows}) == 1 else None


def _unranked_named(q: QuestionInfo, ranked: list[Candidate]) -> list[Candidate]:
    """Rows of the ranked candidates' documents that are not ranked themselves, and that
    the question names by their key cell's head noun or initials (`_head_named`: "I run
    the housekeeping team" and "| Head housekeeper | Housekeeping | Grade 5 |"): the
    assessment keeps no row the question names in no word of its own, yet such a row is
    the one the question means."""
    qset, numbers = frozenset(q.terms), question_numbers(q.text)
    at = {c.at for c in ranked}
    ranks = {c.doc.doc_id: c.passage_rank for c in reversed(ranked)}
    docs = {c.doc.doc_id: c.doc for c in ranked}
    return [
        c
        for doc_id, doc in docs.items()
        if "|" in doc.text
        for c in table_candidates(doc, ranks[doc_id])
        if c.at not in at and (_head_named(q, c, qset, numbers) or _meant(q, c))
    ]


def _meant(q: QuestionInfo, c: Candidate) -> bool:
    """Is the table row `c` the one the question names in other words (meant_keys.py)?"""
    if c.header is None:
        return False
    said = meant_keys(q.meant, c.doc.doc_id, c.header.start)
    return bool(said) and bool(named_cells(c.span.text, frozenset(q.terms) | said))


def _named(q: QuestionInfo, c: Candidate) -> bool:
    """Does the question name the table row `c` itself (a cell, in any form: "Polish" names
    "Poland")?"""
    qset = naming_keys(frozenset(q.terms))
    return c.header is not None and bool(named_cells(c.span.text, qset, question_numbers(q.text)))


def link_values(value: str, c: Candidate, qset: frozenset[str]) -> list[tuple[str, str]]:
    """(column, value) pairs a table row keyed by `value` carries on to a further table:
    its other short cells written as a name or code ("| Norway | Nordics |", keyed by
    Norway, carries ("Region", "Nordics")); [] for a sentence."""
    if c.header is None:
        return []
    values, columns = cells(c.span.text), cells(c.header.text)
    own = key_set(value)
    named = set(named_cells(c.span.text, own, question_numbers(value)))
    named |= {i for i, v in enumerate(values) if open_range_holds(v, value)}
    return [
        (columns[i].strip() if i < len(columns) else "", v.strip())
        for i, v in enumerate(values)
        if i not in named and is_key(v, qset | own)
    ][:VALUES_PER_ROW]


def as_named(column: str, value: str) -> str:
    """How the question names a value: a code under its column ("Grade G5"), unless it says
    the column ("Band 5"); a name as it is ("Nordics", "Director of Customer Success"), whose
    column ("Expense approver") would only add words the next table does not say."""
    if not column or key_set(column) & key_set(value) or not re.search(r"\d", value):
        return value
    return f"{column} {value}"


def _left_open(q: QuestionInfo, rest: frozenset[str], c: Candidate) -> frozenset[str]:
    """What of `rest` (the question's terms no earlier step said) `c` leaves unsaid; a row
    under a "Maximum" or "Minimum" column says "the most" or "the least" (rows.extremes_said:
    "the most I can earn in my band" and "| Band 3 | £27,100 | £29,640 |")."""
    said = extremes_said(c.header.text) if c.header is not None else frozenset()
    return (rest & residual(q, c)) - said


async def follow(
    answerer: ExtractiveAnswerer,
    q: QuestionInfo,
    rest: frozenset[str],
    chain: list[Candidate],
    column: str,
    value: str,
    docs: dict[str, Document],
    reader: Reader,
    skipped: list[DraftQuote],
    records: bool = False,
    kept: frozenset[str] = frozenset(),
    kind: bool = False,
) -> list[Candidate] | None:
    """`chain` (the bridge, then any links) extended to an answer keyed by `value`, the
    value its last row carries, or None. The value is searched with what the question still
    asks (`rest`), the question is asked again with the value in place of what the last row
    resolved, and an answer among the top candidates of another document than the chain's,
    keyed by the value, saying something still open and clearing the floor ends the chain.
    When no such answer says all that is open and the chain has room (MAX_DOCUMENTS), a row
    keyed by the value that carries a value of its own (a link: "| Norway | Nordics |" for a
    trip to Oslo's hotel cap) is followed the same way; the longer chain is taken when its
    answer leaves less of the question open. Every step is held to the same tests: its row
    is keyed by the value (no guessed row), and its table holds the key or answers nothing
    (kind_keys.py, in every assessment). A record the value is the term of (a line filed
    under the heading "Vale region", `record_terms`) answers as a row keyed by it would,
    whichever step carried the value, and is cited with that heading; with `records`, the
    value is the term of a directory's records (`kind_hop`'s "Vale region"). A value a row
    or a directory's record carries keys a sentence saying it, as it keys a row ("Staff in
    the Scotland region get 9 public holidays" for the Scotland region of "Ravensholt
    Canongate: ... Scotland region."); one a prose sentence merely mentions keys rows only."""
    from wikiqa.answerers.extractive import fits_question  # (imports this module)

    last = chain[-1]
    seen = {c.doc.doc_id for c in chain}
    asks = asked_words(q, rest)
    hits = await search_or_nothing(reader, f"{asks} {column} {value}", HOP_K)
    hits = [h for h in hits if h.doc_id not in seen]
    if not hits:
        return None
    docs.update(await answerer._fetch([h for h in hits if h.doc_id not in docs], reader))
    hits = beyond_chain(hits, docs, q.text, chain)  # told_region.py
    hits = sent_away(hits, docs, q.text, chain)  # placed_page.py
    name = as_named(column, value)
    q2 = plain_question(in_place(q, last, name, kept))
    rest -= _QUESTION_WORDS  # said whole in q2: no line need say it
    evidence = await run_cpu(answerer.assess, q2, hits, docs, skipped)
    if evidence is None:
        return None
    qset = set(q2.terms)
    best = None
    # a value a row or a directory's record carries (not a name a prose sentence merely
    # mentions) keys a sentence saying it, as it keys a row
    carried = last.header is not None or value in recorded(q, last)
    if evidence.score >= answerer.floor:
        pool = evidence.ranked[:ANSWERS]
    elif (
        evidence.score >= answerer.floor - CHAIN_SLACK
        and carried
        and sole_named_row(q, last)
        and (whole := said_whole(q2, rest - kept, value, evidence.ranked[:ANSWERS]))
    ):  # the row a record's value keys, ranked first or saying all still asked: corroborated
        pool = whole
    else:
        pool = []
    best = next(
        (
            c
            for c in pool
            if c.doc.doc_id not in seen
            # a record filed under the value answers as a row keyed by it would
            and ((filed := value in record_terms(c)) or keyed_by(value, c))
            and (not kind or kind_keyed(value, c))  # a kind keys a row by its key cell
            and (carried or c.header is not None or filed)
            and (
                # it says something still open, beyond the carried column's word
                _left_open(q2, rest - kept, c) < rest - kept
                # or, first and clearing the floor, it is the one row the value keys: it
                # says what is asked in its own words ("Phone" for "what number do I ring")
                or (
                    c is evidence.ranked[0]
                    and evidence.score >= answerer.floor
                    and sole_key_row(value, c)
                )
            )
            and fits_question(q2, qset, c)
        ),
        None,
    )
    if (best is None or _left_open(q2, rest, best)) and len(chain) + 2 <= MAX_DOCUMENTS:
        longer = await _linked(answerer, q2, rest, chain, value, evidence, docs, reader, skipped)
        if (
            longer is not None
            and (not kind or kind_keyed(value, longer[len(chain)]))
            and (best is None or _left_open(q2, rest, longer[-1]) < _left_open(q2, rest, best))
        ):
            return longer
    if best is None and carried:  # the value searched again, its table chosen by meaning
        row = await value_row(answerer, asks, name, value, seen, docs, reader)
        fits = (
            row is not None
            and fits_question(q2, qset, row)
            and (not kind or kind_keyed(value, row))  # a kind keys a row by its key cell
        )
        best = row if fits else None
    if best is None:
        return None
    last.part = last.part or "bridge"
    best.part = "answer"
    if records or value in record_terms(best):  # cited with the heading it is filed under
        best = cited_record(best, value)
    return [*chain, best]


def said_whole(
    q: QuestionInfo, rest: frozenset[str], value: str, ranked: list[Candidate]
) -> list[Candidate]:
    """The row the value keys that answers a chain's question asked again under the floor
    (within CHAIN_SLACK): the first of the top rows keyed by the value that says all the
    question still asks, else the first row when the value keys it. "Who is the regional
    manager for North Wales?" ranks "| North Wales | Rhian Pritchard | ... |" (the
    safeguarding leads by region: another role's holder) over "| Gareth Morgan | Regional
    manager, North Wales | ... |", which alone says the role asked."""
    keyed = [c for c in ranked if _keys_row(value, c)]
    whole = [c for c in keyed if not _left_open(q, rest, c)]
    if whole:
        return whole[:1]
    return ranked[:1] if ranked and _keys_row(value, ranked[0]) else []


def sole_key_row(value: str, c: Candidate) -> bool:
    """Is `c` a table row whose key cell (its first) holds the whole value, and the only row
    of its table whose key cell does ("| Stoneleigh Plant Yard | 0121 496 0481 | ... |" for
    Stoneleigh Plant Yard)? The value names that row and no other: asked again with the
    value, the question is about it, whatever words its other columns use for what is
    asked (`follow`, hops20)."""
    if c.header is None:
        return False
    bare = key_set(aside_free(value)) or key_set(value)
    first = cells(c.span.text)[:1]
    if not bare or not any(_holds_whole(v, value, bare) for v in first):
        return False
    alike = [
        r
        for r in siblings(c.doc.text, c.header.start)
        if any(_holds_whole(v, value, bare) for v in cells(r.row.text)[:1])
    ]
    return len(alike) == 1


def sole_named_row(q: QuestionInfo, row: Candidate) -> bool:
    """Is `row` (a table row, else any line) the only row of its table holding every word
    the question shares with it? "Do general managers get a company car?" names six
    directory rows alike ("| Daniel Okafor | General Manager | Ravensholt Quay |", ...): the
    value the first of them carries (its hotel) is one of six, so the row it keys is no
    corroborated answer to the question, however near the floor it scores."""
    if row.header is None:
        return True
    shared = set(q.terms) & key_set(row.span.text)
    if not shared:
        return True
    alike = [r for r in siblings(row.doc.text, row.header.start) if shared <= key_set(r.row.text)]
    return len(alike) <= 1


def _keys_row(value: str, c: Candidate) -> bool:
    """Is `c` a table row with a cell holding the whole value ("| Neighbourhood manager |
    £2,500 |" for "Neighbourhood manager", "| Grades D and E | ... |" for Grade D, "| Gareth
    Pryce | ... | Housing, North area |" for North area)? Such a row ranked first for the
    question asked again with the value is what two retrievals agree on, the record that
    carried the value (a row, or what a line's record says of it: record_keys.py; not a
    name a prose sentence merely mentions, "transfers from the Lisbon office") and the row
    it keys, so it may answer CHAIN_SLACK under the floor, as a corroborated part does
    (parts.py). A directory's record filed under a key holding the whole value ("HR
    business partner, Central region: Marcus Bell, ...", "Phone 01632 960 221." under
    "Coast region": `record_terms`) is keyed by it as such a row is (hops14)."""
    bare = key_set(aside_free(value)) or key_set(value)
    if c.header is None:
        return bool(bare) and any(_holds_whole(t, value, bare) for t in record_terms(c))
    return bool(bare) and any(_holds_whole(v, value, bare) for v in cells(c.span.text))


def _links(
    value: str, ranked: list[Candidate], seen: set[str], qset: frozenset[str]
) -> list[Candidate]:
    """Rows keyed by `value` that carry a value of their own, the best-ranked of each
    document outside the chain (`seen`), up to MAX_LINKS; the value is specific, so such a
    row is a link however low it ranks."""
    links: dict[str, Candidate] = {}
    for c in ranked:
        if len(links) >= MAX_LINKS:
            break
        if (
            c.doc.doc_id not in seen
            and c.doc.doc_id not in links
            and keyed_by(value, c)
            and link_values(value, c, qset)
        ):
            links[c.doc.doc_id] = c
    return list(links.values())


async def _linked(
    answerer: ExtractiveAnswerer,
    q: QuestionInfo,
    rest: frozenset[str],
    chain: list[Candidate],
    value: str,
    evidence: Evidence,
    docs: dict[str, Document],
    reader: Reader,
    skipped: list[DraftQuote],
) -> list[Candidate] | None:
    """`chain` extended through a link (a row of another document keyed by `value` that
    carries a value of its own; the best-ranked of up to MAX_LINKS documents) to an answer,
    or None (see `follow`)."""
    seen = {c.doc.doc_id for c in chain}
    qset = frozenset(q.terms)
    links = _links(value, evidence.ranked, seen, qset)
    if len(links) < MAX_LINKS:  # searched with what is asked, its own rows may rank low
        hits = [h for h in await search_or_nothing(reader, value, HOP_K) if h.doc_id not in seen]
        docs.update(await answerer._fetch([h for h in hits if h.doc_id not in docs], reader))
        own = await run_cpu(answerer.assess, q, hits, docs, skipped) if hits else None
        more = _links(value, own.ranked, seen, qset) if own is not None else []
        ids = {c.doc.doc_id for c in links}
        links += [c for c in more if c.doc.doc_id not in ids][: MAX_LINKS - len(links)]
    for link in links:
        still = _left_open(q, rest, link) or rest
        for column, carried in link_values(value, link, qset)[:VALUES_PER_LINK]:
            longer = await follow(
                answerer, q, still, [*chain, link], column, carried, docs, reader, skipped
            )
            if longer is not None:
                link.part = "link"
                return longer
    return None


def unmapped_place(
    question: str, cited: list[str], texts: list[str], keyed: bool = False
) -> str | None:
    """A name the question joins to the kind of thing a table's rows are ("our Madrid
    office" and a directory keyed by Office; a country by its name, "a trip to Italy", and
    a table of countries), that a table answer cites no line of, while the documents read
    hold such a table and none of them names it, in any form; else None. The chain's first
    step (office -> country -> region) has no row for it, so a row of another table
    ("| Central Europe | €170 |") answers for some other office: a guess. `keyed`: the
    answer cites a record kept for one place of a kind, which guesses as a row does
    (kinded_record.py)."""
    if not keyed and not any(is_row(line) for line in cited):
        return None
    said = set().union(*(key_set(t) for t in texts)) if texts else set()
    for name_keys, kind in asked_names(question):
        if name_keys <= said or other_forms(name_keys, keys) & said:
            continue
        if any(_rows_of(t, (name_keys, kind)) for t in texts):
            return _as_written(question, name_keys)
    return None


def is_row(line: str) -> bool:
    """Is a cited line a table row?"""
    return line.lstrip().startswith("|")


def _rows_of(text: str, named: tuple[frozenset[str], str]) -> bool:
    """Does `text` hold a table whose rows are of the kind the name is asked as, without it
    (kind_keys.name_unread, for each of its tables)?"""
    headers = {r.header.start: r.header.text for r in table_rows(text)}
    return any(name_unread(text, start, header, (named,)) for start, header in headers.items())


def _as_written(question: str, name_keys: frozenset[str]) -> str:
    """The question's words for a name ("Madrid"), for the refusal."""
    words = [w.strip("?.,;:!'’") for w in question.split()]
    found = [w for w in words if key_set(w) and key_set(w) <= name_keys]
    return " ".join(found) or " ".join(sorted(name_keys))


KIND_TABLES = 2  # first-hop tables keyed by an unnamed kind searched for their key (one each)


def _unnamed_kinds(q: QuestionInfo, ranked: list[Candidate]) -> list[tuple[Candidate, str]]:
    """(a row, its key column) of the top-ranked first-hop tables keyed by a kind the
    question does not name and no row of which it names ("| Grade | Notice |" for "How much
    notice does a bus driver give?"): the question names its row in other words, which
    another table maps to the kind."""
    qset = frozenset(q.terms)
    numbers = question_numbers(q.text)
    found: list[tuple[Candidate, str]] = []
    seen: set[tuple[str, int]] = set()
    for c in ranked[:BRIDGE_POOL]:
        if c.header is None or (c.doc.doc_id, c.header.start) in seen:
            continue
        seen.add((c.doc.doc_id, c.header.start))
        columns = cells(c.header.text)
        kind = columns[0].strip() if columns else ""
        if (
            not key_set(kind)
            or len(kind.split()) > 2  # a kind is a word or two: "Grade", "Pay band"
            or key_set(kind) & qset
            or any(same_table(r, c) and named_cells(r.span.text, qset, numbers) for r in ranked)
        ):
            continue
        found.append((c, kind))
    return found[:KIND_TABLES]


def _heading_kinds(q: QuestionInfo, ranked: list[Candidate]) -> list[tuple[Candidate, str]]:
    """(a line, its kind) for the first hop's top FIRST_ROWS lines whose document keys its
    sections by a kind and code in their headings, two or more of them ("## Hourly-paid
    staff (Bands 1 to 3)", "## Site supervisors (Band 4)"), a kind the question neither
    says nor names a key of ("what are a foreman's extra hours paid at?"): such a document
    is keyed by the kind as a table is by its key column, and the question names its
    section in other words, which another table maps to the kind (`kind_hop`)."""
    qset = frozenset(q.terms)
    asked = {k for k, _, _ in asked_keys(q.text)}
    out: list[tuple[Candidate, str]] = []
    for c in ranked[:FIRST_ROWS]:  # the question's search chose the document
        if any(c.doc.doc_id == d.doc.doc_id for d, _ in out):
            continue
        for kind_key, _, phrase in asked_keys(title_at(c.doc.text, c.span.start)):
            if kind_key in asked or kind_key in qset:
                continue
            titled = [h.title for h in headings(c.doc.text)]
            if sum(any(k == kind_key for k, _, _ in asked_keys(t)) for t in titled) >= 2:
                out.append((c, phrase.split()[0]))
                break
    return out[:KIND_TABLES]


def keyed_sections(text: str, value: str) -> list[tuple[int, int]]:
    """The sections of `text` whose heading holds the key `value` ("## Site supervisors
    (Band 4)", "## Hourly-paid staff (Bands 1 to 3)" for Band 2), as (start, end)."""
    asked = asked_keys(value)
    if not asked:
        return []
    kind, code, _ = asked[0]
    out = []
    for h in headings(text):
        parts = [h.title, *re.findall(r"\(([^)]*)\)", h.title)]
        if any(row_holds(f"| {p} |", kind, code) for p in parts):
            out.append(section_bounds(text, h.start))
    return out


async def section_line(
    at: HopInput, doc_id: str, bridge: Candidate, column: str, value: str
) -> Candidate | None:
    """The best line, for the question asked of `value`, of the one section of the first
    hop's document whose heading holds the value: the question's search chose the
    document, the bridge row chooses its section, as `first_row` chooses a table's row."""
    from wikiqa.answerers.extractive import fits_question  # (imports this module)

    answerer, q, _, docs, _, skipped = at.parts()
    doc = docs.get(doc_id)
    bounds = keyed_sections(doc.text, value) if doc is not None else []
    if doc is None or len(bounds) != 1:
        return None
    (start, end), q2 = bounds[0], in_place(q, bridge, as_named(column, value))
    found = await run_cpu(answerer.assess, q2, [whole_hit(doc)], docs, skipped)
    qset = set(q2.terms)
    for c in found.ranked if found is not None else []:
        if c.doc.doc_id == doc_id and start <= c.span.start < end and fits_question(q2, qset, c):
            return c
    return None


async def kind_hop(at: HopInput) -> list[Candidate] | None:
    """[bridge row, answer] when the first hop, under the floor, holds a table keyed by a
    kind the question does not name (`_unnamed_kinds`), and one search for the kind with
    the question's words that table's document does not say ("Grade bus driver") finds a
    row the question names that carries a value of that kind ("| Bus driver | Grade D |"),
    which keys the answer (`follow`: "| Grades D and E | 4 weeks |"). The mapping table
    shares few words with the question (a five-row table beside long documents saying
    "driver"), so the question's own search rarely brings it; the kind's name does. Over
    the floor the first answer stands unless it is a line of such a table (a row, or its
    document's prose: `_answered_from`) and the chain ends in a row of that same table: the
    search chose the table, the job table chooses its row (hops18)."""
    answerer, q, first, docs, reader, skipped = at.parts()
    over = first.score >= answerer.floor
    kinds = _unnamed_kinds(q, first.ranked)
    sectioned = [] if over else _heading_kinds(q, first.ranked)  # a document whose
    # sections' headings key its lines by a kind
    kinds += [
        (c, k) for c, k in sectioned if not any(c.doc.doc_id == t.doc.doc_id for t, _ in kinds)
    ]
    if over:  # the first answer stands unless its own table's row keyed by the question's thing
        kinds = [(t, k) for t, k in kinds if _answered_from(first.ranked[0], t)]
        if not kinds:
            return None
    for table, kind in kinds:
        said = key_set(docs[table.doc.doc_id].text) if table.doc.doc_id in docs else frozenset()
        words = [w for w in re.findall(r"[\w'’-]+", q.text) if key_set(w) - said]
        if not words:
            continue
        found = await assess_search(at, f"{kind} {' '.join(words)}", {table.doc.doc_id})
        if found is None:
            continue
        for bridge in bridge_rows(q, found.ranked):
            rest = residual(q, bridge)
            for column, value in carried_values(q, bridge):
                if not key_set(column) & key_set(kind):
                    continue
                own = first_row(q, first.ranked, table, value)
                if own is None and (table, kind) in sectioned:
                    own = await section_line(at, table.doc.doc_id, bridge, column, value)
                if own is not None:
                    bridge.part, own.part = "bridge", "answer"
                    return [bridge, own]
                chain = await follow(
                    answerer, q, rest, [bridge], column, value, docs, reader, skipped
                )
                if chain is not None and (not over or same_table(chain[-1], table)):
                    return chain
        chain = await _described_job(at, kind, found, table.doc.doc_id)
        if chain is not None and (not over or same_table(chain[-1], table)):
            return chain
    if over:
        return None
    chain = await _record_kind_chain(at)
    if chain is not None:
        return chain
    for doc_id, kind in _read_kinds(q, first.ranked):  # both tables read already
        chain = await _described_job(at, kind, first, doc_id)
        if chain is not None:
            return chain
    return None


def _answered_from(top: Candidate, table: Candidate) -> bool:
    """Is the first hop's answer `top` a line of the document of `table` (a table keyed by a
    kind the question does not name): one of its rows, or a sentence of its prose ("After
    probation, the notice we give you is whichever is longer ..." beside the notice table
    keyed by band)?"""
    if top.header is not None:
        return same_table(top, table)
    return top.doc.doc_id == table.doc.doc_id


def same_table(a: Candidate, b: Candidate) -> bool:
    """Are `a` and `b` rows of one table (one document, one header row)?"""
    return (
        a.header is not None
        and b.header is not None
        and a.doc.doc_id == b.doc.doc_id
        and a.header.start == b.header.start
    )


FIRST_ROWS = 3  # top first-hop candidates one of which must be a row of the table `first_row` reads


def first_row(
    q: QuestionInfo, ranked: list[Candidate], table: Candidate, value: str
) -> Candidate | None:
    """The row of the first hop's own table keyed by `value`, the value a row the question
    names carries in the table's key column: when the first hop ranks a row of a table
    keyed by a kind the question does not say among its top FIRST_ROWS ("| Grade B | 3
    months |" for "How long's the trial period?", in other words than the table's), and another
    document maps what the question names to a value of that kind ("| Process operator |
    Grade C |"), the two retrievals agree on the table and the key, so the row keyed by
    the value answers ("| Grade C | 6 months |"), not whichever row a search for the value
    ranks first (another table keyed by grade, "| Grade C | 4 weeks |" of the notice
    periods). Only a row that could answer the question (`fits_question`); None
    otherwise."""
    from wikiqa.answerers.extractive import fits_question  # (imports this module)

    top = next((c for c in ranked[:FIRST_ROWS] if same_table(c, table)), None)
    if top is None:
        return None
    rows = [c for c in ranked if same_table(c, top)]
    at = {c.at for c in rows}
    rows += [
        c
        for c in table_candidates(top.doc, top.passage_rank)
        if same_table(c, top) and c.at not in at
    ]
    qset = set(q.terms)
    return next(
        (
            c
            for c in rows
            if _keys_row(value, c) and keyed_by(value, c) and fits_question(q, qset, c)
        ),
        None,
    )


def _read_kinds(q: QuestionInfo, ranked: list[Candidate]) -> list[tuple[str, str]]:
    """(document, kind) for the tables of the first hop's documents keyed by a kind of a
    word or two the question does not say ("| Grade | Probation period |"), however their
    rows rank: when the job table is read too, the asker's statement may key one by
    meaning with no search (`_described_job`). None without an opening statement."""
    if self_statement(q.text) is None:
        return []
    qset = frozenset(q.terms)
    out: dict[str, tuple[str, str]] = {}
    for doc in {c.doc.doc_id: c.doc for c in ranked}.values():
        for row in table_rows(doc.text):
            columns = cells(row.header.text)
            kind = columns[0].strip() if columns else ""
            if key_set(kind) and len(kind.split()) <= 2 and not key_set(kind) & qset:
                out.setdefault(kind.lower(), (doc.doc_id, kind))
    return list(out.values())[:KIND_TABLES]


async def _described_job(
    at: HopInput, kind: str, found: Evidence, answering: str
) -> list[Candidate] | None:
    """The chain through the row of a job table (a table whose rows carry the kind in a
    column of their own) the asker's opening statement names by meaning ("I do massages
    and facials in the spa." and "| Spa therapist | Spa | Grade 3 |": asker_job.py), or
    None when the question opens with no statement about the asker or no row is clearly
    nearest it."""
    answerer, q, _, docs, reader, skipped = at.parts()
    statement = self_statement(q.text)
    if statement is None:
        return None
    read = list({c.doc.doc_id: c.doc for c in found.ranked}.values())
    qset = frozenset(q.terms)
    for rows in job_rows(kind, read, {answering}):
        row = await run_cpu(described_row, answerer, statement, rows)  # embeds: off the loop
        at_kind = kind_column(kind, row) if row is not None else None
        if row is None or at_kind is None or row.header is None:
            continue
        value = cells(row.span.text)[at_kind].strip()
        column = cells(row.header.text)[at_kind].strip()
        if not is_key(value, qset):
            continue
        chain = await follow(
            answerer, q, residual(q, row), [row], column, value, docs, reader, skipped
        )
        if chain is not None:
            return chain
    return None


def _record_kinds(q: QuestionInfo, ranked: list[Candidate]) -> list[tuple[str, str, list[str]]]:
    """(document, kind, terms) for the first hop's top-ranked record lines whose document
    keys its records by a kind of place the question neither says nor names a record of
    ("Coast region: Priya Kaur, HR adviser." among "Vale region", "Moors region" for
    "who's the HR adviser for us lot at Eastgate?"): the question names its record by a
    place, which another document files under one of the terms."""
    qset = frozenset(q.terms)
    out: list[tuple[str, str, list[str]]] = []
    for c in ranked[:BRIDGE_POOL]:
        own = record_terms(c)
        if not own or not q.entities or any(c.doc.doc_id == d for d, _, _ in out):
            continue
        for kind, terms in kinded_terms(c.doc).items():
            if (
                set(own) & set(terms)
                and not key_set(kind) & qset
                and not any(key_set(name_part(t)) & qset for t in terms)
            ):
                out.append((c.doc.doc_id, kind, terms))
    return out[:KIND_TABLES]


def _says_term(c: Candidate, terms: list[str], kind: str) -> str | None:
    """The term `c` files its thing under: said whole ("... in the Vale region."), or, for
    a table row, the name of a term in a cell under a column saying the kind ("| Vale |"
    under "Region")."""
    for t in terms:
        if re.search(rf"(?<!\w){re.escape(t)}(?!\w)", c.span.text, re.I):
            return t
    if c.header is None:
        return None
    columns, values = cells(c.header.text), cells(c.span.text)
    for i, v in enumerate(values):
        if i < len(columns) and key_set(kind) & key_set(columns[i]):
            named = [t for t in terms if key_set(name_part(t)) == key_set(v)]
            if named:
                return named[0]
    return None


async def _record_kind_chain(at: HopInput) -> list[Candidate] | None:
    """[bridge, record] when the first hop's records are keyed by a kind of place the
    question names none of (`_record_kinds`), and one search for the kind with the words
    of the question that document does not say ("region who's lot Eastgate") finds a line
    saying a name of the question and one of the terms ("Eastgate Sorting Hub, Millbury:
    ... in the Vale region."): the term is followed as a value (`follow`), and its record
    ("Vale region: Ben Tolley, HR adviser.") answers when it clears the floor for the
    question asked of it."""
    answerer, q, first, docs, reader, skipped = at.parts()
    for doc_id, kind, terms in _record_kinds(q, first.ranked):
        said = key_set(docs[doc_id].text) if doc_id in docs else frozenset()
        words = [w for w in re.findall(r"[\w'’-]+", q.text) if key_set(w) - said]
        if not words:
            continue
        found = await assess_search(at, f"{kind} {' '.join(words)}", {doc_id})
        if found is None:
            continue
        for bridge in found.ranked[:BRIDGE_POOL]:
            value = _says_term(bridge, terms, kind) if set(bridge.terms) & q.entities else None
            if value is None:
                continue
            chain = await follow(
                answerer, q, residual(q, bridge), [bridge], "", value, docs, reader, skipped, True
            )
            if chain is not None:
                return chain
    return None
