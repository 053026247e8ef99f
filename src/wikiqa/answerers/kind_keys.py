"""A key the question names by its kind ("grade F", "band 4", "region 2") that a row must hold.

A table keyed by grades ("| Grade C | Band 2 |") answers a question about grade F only
through a row of grade F. When the table holds rows of that kind (grades A to E) but none
of grade F, none of its rows answers: the Grade C row is keyed otherwise, however well its
other columns match ("travelling" and "Travel band"). And when no table read holds the
key at all, an answer must say it (a sentence "Grade F staff ...") or the question is
refused, naming the key no row holds: a confident answer from another grade's row is
the worst outcome.

A key is a content word (the kind) followed by a code: a capital letter (not "I": "holiday
I haven't used" names the asker), a number of up to three digits (with a letter: "8a"), or a code ("G5"). A cell holds a key of that kind
when it opens with the kind's word ("Grade C", "Bands 5 to 7") and the rest names the code:
itself, one of several it lists ("A, B or C"), or a range holding it ("5 to 7", "A to C",
"G1 to G4").

A key may also be a plain name joined to the kind of thing the table's rows are ("the Madrid
office", "the office in Madrid", where the key column is "Office" or its cells say "Lisbon
office"): when the document names it nowhere, in no form (text/forms.py: "the Polish depot"
is named by "Poland"), none of its rows is that one.

A column header holds keys too ("| Band | Region 1 | Region 2 | Region 3 |"): a question about
region 5 is not answered from any cell under it, nor from the Band 2 row as a whole.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wikiqa.answerers.features import key_set, keys
from wikiqa.text.forms import countries, other_forms
from wikiqa.text.tables import cells, split_alternatives, table_rows
from wikiqa.text.terms import without_possessive

_CODE = r"(?:(?!I\b)[A-Z]|\d{1,3}[a-z]?|[A-Z]{1,3}\d{1,3}[a-z]?)"  # "I" is the asker
# a number followed by its unit is a quantity ("the first 5 days"), not a code
_UNIT = (
    r"(?!\s+(?:(?:working|calendar|business|full|part)\s+)?(?:second|minute|hour|day|night|"
    r"week|fortnight|month|year|shift|time|mile|km|kilometre|per|percent|people|person)s?\b)"
)
_ASKED = re.compile(rf"\b([A-Za-z][\w'’-]*)\s+({_CODE})\b(?![%:.,]?\d){_UNIT}", re.I)
_CELL = re.compile(rf"^\s*([A-Za-z][\w'’-]*)\s+({_CODE}\b.*)$")
_LETTERS = re.compile(r"^([A-Z])\s*(?:to|-|–|—)\s*([A-Z])\b")
_NUMBERS = re.compile(r"^(\d{1,3})[a-z]?\s*(?:to|-|–|—)\s*(\d{1,3})[a-z]?\b")
_CODES = re.compile(r"^([A-Z]{1,3})(\d{1,3})\s*(?:to|-|–|—)\s*(?:\1)?(\d{1,3})\b", re.I)


def _kind(word: str) -> str:
    found = keys(word)
    return found[0] if found else ""


Asked = tuple[tuple[str, str, str], ...]  # (kind key, code, as the question words it)


@lru_cache(maxsize=1024)
def asked_keys(question: str) -> Asked:
    """(kind key, code, phrase) for each key the question names by its kind: "grade F" ->
    ("grade", "F", "grade F"); a kind is a content word, not a number; a number followed
    by its unit ("the first 5 days") is a quantity, not a code."""
    out = []
    for m in _ASKED.finditer(question):
        kind = _kind(m.group(1))
        if kind and not kind.isdigit() and re.fullmatch(_CODE, m.group(2)):
            out.append((kind, m.group(2), m.group(0)))
    return tuple(out)


def _holds(rest: str, code: str) -> bool:
    """Does the rest of a kind cell ("C", "5 to 7", "A, B or C") name `code`?"""
    rest = re.sub(r"\([^)]*\)", " ", rest).strip()
    if m := _LETTERS.match(rest):
        return code.isalpha() and len(code) == 1 and m.group(1) <= code <= m.group(2)
    if m := _CODES.match(rest):  # "G1 to G4" holds G3
        c = re.fullmatch(r"([A-Za-z]{1,3})(\d{1,3})[a-z]?", code)
        return (
            c is not None
            and c.group(1).lower() == m.group(1).lower()
            and int(m.group(2)) <= int(c.group(2)) <= int(m.group(3))
        )
    if m := _NUMBERS.match(rest):
        n = re.match(r"\d+", code)
        return n is not None and int(m.group(1)) <= int(n.group(0)) <= int(m.group(2))
    words = [p.strip() for p in split_alternatives(rest)]
    first = [w.split()[0] if w.split() else "" for w in words]
    return any(f.lower() == code.lower() for f in first)


@lru_cache(maxsize=4096)
def kind_cells(row: str) -> tuple[tuple[str, str], ...]:
    """(kind key, rest) of each cell of `row` that opens with a kind word and a code
    ("| Grade 3 and Grade 4 | 4 weeks |" -> grade)."""
    out = []
    for c in cells(row):
        if m := _CELL.match(c):
            kind = _kind(m.group(1))
            if kind and not kind.isdigit():
                out.append((kind, m.group(2)))
    return tuple(out)


def row_holds(row: str, kind: str, code: str) -> bool:
    """Does a cell of `row` hold the key `code` of `kind`?"""
    return any(k == kind and _holds(rest, code) for k, rest in kind_cells(row))


@lru_cache(maxsize=1024)
def _table_kinds(text: str, header_start: int) -> frozenset[str]:
    """The kinds of key the rows of the table at `header_start` hold."""
    return frozenset(
        k
        for r in table_rows(text)
        if r.header.start == header_start
        for k, _ in kind_cells(r.row.text)
    )


def keyed_otherwise(text: str, header_start: int, row: str, asked: Asked) -> bool:
    """Is `row` of a table holding keys of a kind the question names, without the key the
    question names (the Grade C row for "grade F")?"""
    kinds = _table_kinds(text, header_start) if asked else frozenset()
    return any(kind in kinds and not row_holds(row, kind, code) for kind, code, _ in asked)


def columns_otherwise(header: str, asked: Asked) -> bool:
    """Does the header row hold columns of a kind the question names, none of them the key
    it names ("Region 1 | Region 2 | Region 3" for "region 5")? Then no cell of any row
    under it is the one asked for."""
    kinds = {k for k, _ in kind_cells(header)} if asked else set()
    return any(kind in kinds and not row_holds(header, kind, code) for kind, code, _ in asked)


@lru_cache(maxsize=256)
def _held(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The kinds of key the tables of `text` hold in their rows or column headers, and those
    rows and headers."""
    read = table_rows(text)
    rows = tuple(dict.fromkeys([r.row.text for r in read] + [r.header.text for r in read]))
    return frozenset(k for row in rows for k, _ in kind_cells(row)), rows


def unheld(asked: Asked, texts: list[str]) -> Asked:
    """The keys the question names ("grade F") of a kind some table of `texts` holds rows of,
    that no row of any of them holds."""
    out = []
    for kind, code, phrase in asked:
        read = [_held(t) for t in texts]
        if any(kind in kinds for kinds, _ in read) and not any(
            row_holds(row, kind, code) for _, rows in read for row in rows
        ):
            out.append((kind, code, phrase))
    return tuple(out)


def says_key(line: str, kind: str, code: str) -> bool:
    """Does a cited line say the key: a row holding it, or text naming the kind and the
    code together ("Grade F staff ...")?"""
    if row_holds(line, kind, code):
        return True
    return any(
        _kind(m.group(1)) == kind and m.group(2).lower() == code.lower()
        for m in re.finditer(rf"\b([A-Za-z][\w'’-]*)\s+({_CODE})\b", line, re.I)
    )


def unsaid_key(question: str, texts: list[str], cited: list[str]) -> str | None:
    """The first key the question names (as it words it: "grade F") that no table of
    `texts` holds though they hold keys of its kind, and no `cited` line says; else None."""
    for kind, code, phrase in unheld(asked_keys(question), texts):
        if not any(says_key(line, kind, code) for line in cited):
            return phrase
    return None


_NAME = r"(?:[A-Z][\w'’-]*\s+)*[A-Z][\w'’-]*"
_NAME_KIND = re.compile(rf"\b({_NAME})\s+([a-z][\w'’-]*)")  # "the Madrid office"
_KIND_NAME = re.compile(rf"\b([a-z][\w'’-]*)\s+(?:in|at)\s+({_NAME})")  # "office in Madrid"

_FIRST_PERSON = re.compile(r"^I(?:['’](?:m|ve|d|ll))?$")  # "I", "I'm", "I've": no name
Named = tuple[tuple[frozenset[str], str], ...]  # (the name's keys, the kind's key)
PLACE = ""  # the kind of a country the question names without a kind word ("in Spain")


@lru_cache(maxsize=1024)
def asked_names(question: str) -> Named:
    """(name keys, kind key) for each capitalised name the question joins to a lower-case
    word, before it ("the Madrid office") or after "in"/"at" ("the office in Madrid"); the
    question's first word and "I" ("I'm", "I've") are no names. A country named by its name ("in Spain")
    is a name of the kind PLACE: it keys a row of a table whose rows are countries."""
    out = []
    pairs = [(m.start(1), m.group(1), m.group(2)) for m in _NAME_KIND.finditer(question)]
    pairs += [(m.start(2), m.group(2), m.group(1)) for m in _KIND_NAME.finditer(question)]
    for start, name, kind in pairs:
        # "Priya Desai's site" names Priya Desai: a directory keys her by the name alone
        words = [without_possessive(w) for w in name.split() if not _FIRST_PERSON.match(w)]
        if start == 0:
            words = words[1:]
        name_keys, kind_key = frozenset(keys(" ".join(words))), _kind(kind)
        if name_keys and kind_key and not any(k.isdigit() for k in name_keys):
            out.append((name_keys, kind_key))
    for place in countries(keys(question), keys):
        out.append((frozenset(keys(place)), PLACE))
    return tuple(out)


@lru_cache(maxsize=1024)
def _is_country(cell: str) -> bool:
    return bool(countries(keys(cell), keys))


def name_unread(text: str, header_start: int, header: str, named: Named) -> bool:
    """Does the question name a row by a plain name of the kind this table's rows are (its
    key column's header, or a word of its key cells: "Office", "Lisbon office"), that the
    document `text` names nowhere, in no form? Then no row of it is the one asked about.
    A country named without a kind word ("in Spain") is such a name where two or more key
    cells of the table name countries (United Kingdom, Ireland, Poland)."""
    if not named:
        return False
    heads = cells(header)
    kinds = set(keys(heads[0])) if heads else set()
    places = 0
    for r in table_rows(text):
        if r.header.start == header_start and (first := cells(r.row.text)):
            kinds |= set(keys(first[0]))
            places += _is_country(first[0])
    if places >= 2:
        kinds.add(PLACE)
    said = key_set(text)
    return any(
        kind in kinds
        and not name_keys & kinds
        and not name_keys <= said
        and not other_forms(name_keys, keys) & said
        for name_keys, kind in named
    )
