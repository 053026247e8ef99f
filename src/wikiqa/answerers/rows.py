"""Does a table row answer the question? The row the question names, asked for a column.

A table is read by its key: "How many public holidays does the Toronto office observe?"
names the row (its cell "Toronto") and asks for a column ("Public holidays"). So

* a row is *keyed* on the question when the question names one of its cells (all its words
  but a bracketed aside: "Lisbon (HQ)") or a number in its range ("Bands 5 to 7" for "band
  6"); when some row of a table is keyed, the table's other rows are about something else
  (the Berlin row does not answer a question about Toronto, however well it ranks);
* a row answers through a column the question asks for (its header named, its cell new, not
  the key's own column); or, when the row is keyed and the question words the column
  differently ("How much does the company pay into retirement savings for Berlin staff?"
  and "Employer contribution"), when the table is about what the question asks beyond the
  row's key (its title, heading or other columns share a word with the question that is not
  the key's cell or column) and, for a who / when / how-many question, a cell holds the kind
  of thing asked for. So a question about the Berlin office's phone number is not answered
  by its leave days, nor one about its holidays by its parking places.

`STRONG`: the keyed row with a column the question names ("What are the Lisbon office's
opening hours?"; most of the header's content words, not its function words: "acknowledged"
names "Acknowledge within"), or the row a number picks out of its range; ranked before every
other candidate that fits. `FITS`: any other answer, ranked as it scores. `LOOSE`: could
answer, but does not say the kind of thing the question's wording asks for (a sum of money,
a frequency: kinds.py); ranked after every `FITS`. `NO`: cannot answer.
"""

from __future__ import annotations

import re
from functools import lru_cache, reduce

from wikiqa.answerers.features import (
    ASKING_CONTRACTIONS,
    answers_type,
    key,
    key_set,
    keys,
    names_role,
)
from wikiqa.answerers.kind_keys import (
    Asked,
    Named,
    columns_otherwise,
    keyed_otherwise,
    name_unread,
)
from wikiqa.answerers.kinds import duration_column, says_duration, says_kind
from wikiqa.answerers.ranges import cell_range as cell_range  # re-exported
from wikiqa.answerers.ranges import excludes, in_range, question_numbers
from wikiqa.text.forms import other_forms
from wikiqa.text.headings import section_bounds
from wikiqa.text.months import WEEKDAY_WORD
from wikiqa.text.tables import TableRow, cells, split_alternatives, table_rows
from wikiqa.text.terms import STOPWORDS, words

STRONG, FITS, NO = 0, 1, 2
LOOSE = 3  # fits, but without the kind of thing asked for (ordered after FITS; not NO)
TYPED = frozenset({"who", "when", "number", "rate"})  # answer types a single cell can show
ASKING_FREE = True  # a contracted question word ("who's") is no key a row must say


_ASIDE = re.compile(r"\([^)]*\)")


# Function words a column header uses to say how its cells read ("Acknowledge within",
# "Rooms per floor", "Hours up to"), not what they are about; the stopwords are gone already.
HEADER_FUNCTION = frozenset(
    key(w)
    for w in (
        "within", "per", "above", "below", "until", "till", "via", "across", "against",
        "among", "around", "through", "toward", "towards", "upon", "without", "beyond",
        "versus", "vs", "up", "off", "out", "since",
    )
)  # fmt: skip


@lru_cache(maxsize=4096)
def column_keys(header: str) -> frozenset[str]:
    """The content keys of a column header: its words but stopwords and function words."""
    return key_set(header) - HEADER_FUNCTION


# Words that join two nouns a header holds side by side ("Sundays and public holidays").
_COORDINATING = frozenset({"and", "or", "&"})
_TOKEN = re.compile(r"[^\s,;:()/]+")


@lru_cache(maxsize=2048)
def head_keys(header_cell: str) -> frozenset[str]:
    """The keys of the nouns a column header holds: the last content word of its opening
    phrase, and of each phrase "and"/"or" join to it there ("Annual leave days": days;
    "Sundays and public holidays": sundays, holidays; "Limit per order": limit; "Notice you
    give": notice). The phrase ends at the first function word that is not such a join, so
    what qualifies the noun after it ("per order", "you give", "for the shutdown") is left
    out: the column holds a limit, a notice, days; the rest says which."""
    heads: set[str] = set()
    last = ""
    for token in _TOKEN.findall(header_cell):  # "carry-over", "cut-off": one word each
        if token.lower() in _COORDINATING:
            if last:
                heads.add(last)
                last = ""
            continue
        content = [
            key(w)
            for w in words(token)
            if w.lower() not in STOPWORDS and key(w) not in HEADER_FUNCTION
        ]
        if not content:
            if last or heads:
                break
            continue  # "What we pay": the noun comes after the opening function words
        last = content[-1]
    if last:
        heads.add(last)
    return frozenset(heads)


def own_heads(columns: tuple[str, ...] | list[str]) -> list[frozenset[str]]:
    """Each column's head_keys less those another column of the same header holds too: a
    noun names a column only when it tells it from its neighbours ("days" names "Annual
    leave days" beside "Bank holidays", but neither of "Annual leave days" and "Maximum
    carry-over days")."""
    heads = [head_keys(c) for c in columns]
    return [
        h - frozenset(k for j, o in enumerate(heads) if j != i for k in o)
        for i, h in enumerate(heads)
    ]


_CLIPPED = 5  # the fewest letters of a clipped word that names a longer one ("defib")


def said_keys(words: frozenset[str], qset: frozenset[str]) -> frozenset[str]:
    """The keys of `words` the question says, whole or clipped: a question word of five
    letters or more that opens a longer word says it ("Where's the defib?" names the column
    "Defibrillator"; people clip the long words of a header, not the short ones)."""
    clipped = [q for q in qset if len(q) >= _CLIPPED and q.isalpha()]
    return frozenset(
        w for w in words if w in qset or any(len(w) > len(q) and w.startswith(q) for q in clipped)
    )


# Words that ask for the top or the bottom of a range, and the column headers that give it:
# "the top of band 4", "the most I can earn" ask for "Maximum"; "the least", "the starting
# salary" for "Minimum". A limit or cap is the most allowed, so "the biggest single order a
# QS can approve" asks for "Limit per order" as "the most" asks for "Maximum".
_TOP_WORDS = "top most highest max maximum upper ceiling biggest largest greatest"
_EXTREMES = (
    (
        frozenset(key(w) for w in _TOP_WORDS.split()),
        frozenset(key(w) for w in ("maximum", "max", "highest", "top", "limit", "cap")),
    ),
    (
        frozenset(
            key(w) for w in ("least", "lowest", "bottom", "min", "minimum", "starting", "entry")
        ),
        frozenset(key(w) for w in ("minimum", "min", "lowest", "starting", "entry")),
    ),
)


@lru_cache(maxsize=1024)
def extreme_keys(qset: frozenset[str]) -> frozenset[str]:
    """The header keys a question names by asking for the top or bottom of a range ("the
    top of band 4": maximum, max; "the least I'd be paid": minimum, min)."""
    return frozenset(k for said, heads in _EXTREMES if said & qset for k in heads)


def extremes_said(header: str) -> frozenset[str]:
    """The question keys a header's top or bottom column answers ("| Pay band | Minimum |
    Maximum |" answers "the most", "the top", "the least", ...): extreme_keys read back."""
    heads = column_keys(header)
    return frozenset(k for said, cols in _EXTREMES if cols & heads for k in said)


def column_named(header: str, qset: frozenset[str]) -> bool:
    """Does the question name the column: most (more than half) of its content keys, whole
    or clipped (said_keys)? ("How fast must a SEV1 page be acknowledged?" names "Acknowledge
    within"; "How many days can I carry over?" names "Maximum carry-over days" but not
    "Annual leave days".) The noun a column holds (head_keys) does not name it here, where
    it would put the row first: named so, a job-band row answered a permission question
    and a parking row an unanswerable one (lists13); it names the column of a row already
    first for named_cell.py only."""
    words = column_keys(header)
    return bool(words) and 2 * len(said_keys(words, qset)) > len(words)


# A number written against letters is part of a code ("W1", "G5", "SEV1"), not a quantity.
_CODE = re.compile(r"\b([^\W\d_]{1,4})(\d{1,3})\b")
_CODE_RANGE = re.compile(r"\b([^\W\d_]{1,4})(\d{1,3})\s*(?:to|–|—|-)\s*(?:\1)?(\d{1,3})\b", re.I)
_MAX_CODES = 20


def listed_parts(cell: str) -> tuple[str, list[str]]:
    """The cell without its bracketed aside, and the things it lists as alternatives
    ("Sibling, grandparent or grandchild": three; one when it lists nothing)."""
    plain = _ASIDE.sub(" ", cell)
    return plain, split_alternatives(plain)


@lru_cache(maxsize=4096)
def alternatives(cell: str) -> tuple[frozenset[str], ...]:
    """The keys of each thing a cell lists as alternatives ("Sibling, grandparent or
    grandchild": a question about a grandparent names the row), when it lists several."""
    _, parts = listed_parts(cell)
    if len(parts) < 2:
        return ()
    return tuple(k for p in parts if (k := key_set(p)))


@lru_cache(maxsize=4096)
def aside_keys(cell: str) -> frozenset[str]:
    """The keys of the words of a cell's bracketed aside ("drivers" of "D1 and D2
    (drivers)"); numbers and times ("(20:00 to 06:00)") are no words."""
    return frozenset(k for k in key_set(" ".join(_ASIDE.findall(cell))) if k.isalpha())


@lru_cache(maxsize=4096)
def aside_names(cell: str) -> tuple[frozenset[str], ...]:
    """What a cell's bracketed aside says whose row it is: its words together, and each
    thing it lists ("Medium risk (interviews, identifiable data)" is the row of a study by
    interviews, as "Sibling, grandparent or grandchild" is a grandparent's row)."""
    whole = aside_keys(cell)
    if not whole:
        return ()
    listed = (
        frozenset(k for k in key_set(part) if k.isalpha())
        for aside in _ASIDE.findall(cell)
        for part in split_alternatives(aside.strip("()"))
    )
    return (whole, *(k for k in listed if k and k != whole))


def aside_named(cell: str, qset: frozenset[str]) -> bool:
    """Does the question name the row by its key cell's aside (aside_names)?"""
    return any(name <= qset for name in aside_names(cell))


@lru_cache(maxsize=4096)
def cell_codes(cell: str) -> frozenset[str]:
    """The keys of the codes a cell names, a range of codes spelled out: "W1 to W3
    (warehouse)" names w1, w2 and w3; "D1 and D2 (drivers)" d1 and d2."""
    found = {key(m.group(0)) for m in _CODE.finditer(cell)}
    for m in _CODE_RANGE.finditer(cell):
        low, high = int(m.group(2)), int(m.group(3))
        if 0 <= high - low <= _MAX_CODES:
            found.update(key(f"{m.group(1)}{n}") for n in range(low, high + 1))
    return frozenset(found)


_OPEN_CODES = re.compile(
    r"^\s*(?:(?P<upto>up\s+to)\s+)?(?P<pre>[^\W\d_]{1,4})\s*(?P<n>\d{1,3})\s*"
    r"(?P<dir>\+|(?:and|or)\s+(?:above|over|higher|below|lower))?\s*$",
    re.I,
)


def open_codes_hold(cell: str, qset: frozenset[str]) -> bool:
    """Does a key cell's open range of codes ("G7 and above", "G7+", "Up to G2", "G2 or
    below") hold a code the question names (g8, g1)? Codes compare within one letter prefix;
    the asker's grade picks its row out of such a table as surely as a code the cell says."""
    m = _OPEN_CODES.match(cell)
    if m is None or (m.group("upto") is None and m.group("dir") is None):
        return False
    pre, n = m.group("pre").lower(), int(m.group("n"))
    below = m.group("upto") is not None or re.search(r"below|lower", m.group("dir") or "", re.I)
    for code in _CODE.finditer(" ".join(qset)):
        if code.group(1).lower() == pre:
            k = int(code.group(2))
            if (k <= n) if below else (k >= n):
                return True
    return False


# A cell giving a most ("Refund of the year's charges, up to £2,000") states a limit, not a
# key: past the row's key cell, "£40" falling under its cap picks no row.
_UP_TO = re.compile(r"\bup\s+to\b", re.I)


def named_cells(row: str, qset: frozenset[str], numbers: tuple[float, ...] = ()) -> list[int]:
    """Indexes of the cells the question names: every content word of the cell but a
    bracketed aside ("Lisbon (HQ)" is named by "Lisbon"), or, in the row's first cell (its
    key, not an address), of one thing it lists ("Sibling, grandparent or grandchild" by
    "grandparent") or the words of its aside ("D1 and D2 (drivers)" by "a class 1 driver":
    the aside says whose row it is), a code it names ("W2" for "W1 to W3"), or a range holding a number the question names ("Bands 5 to 7" for "band 6",
    "Under 5 years" for "three years"; past the key cell not a cap: "up to £2,000")."""
    out = []
    for i, c in enumerate(cells(row)):
        if i == 0 and numbers and excludes(c, numbers):
            continue  # a key bounded to other cases ("Pregnancy, after 12 weeks" for 8 weeks)
        words = key_set(_ASIDE.sub(" ", c))
        if (
            (words and words <= qset)
            or (i == 0 and any(alt <= qset for alt in alternatives(c)))
            or (i == 0 and aside_named(c, qset))
            or (cell_codes(c) & qset)
            or (i == 0 and open_codes_hold(c, qset))
            or (numbers and in_range(c, numbers) and (i == 0 or not _UP_TO.search(c)))
        ):
            out.append(i)
    return out


@lru_cache(maxsize=1024)
def shared_key_words(text: str, header_start: int) -> frozenset[str]:
    """The words every row's key cell says: the table's common name ("Ravensholt" of
    "Ravensholt Harbour", "Ravensholt Quay", ...), which tells no row from another."""
    found = [
        key_set(_ASIDE.sub(" ", cells(r.row.text)[0]))
        for r in siblings(text, header_start)
        if cells(r.row.text)
    ]
    return frozenset.intersection(*found) if len(found) >= 2 else frozenset()


def part_named(
    text: str, header_start: int, row: str, qset: frozenset[str], question: str = ""
) -> bool:
    """Does the question name the row by the words of its key cell that tell it from the
    table's other rows ("Where's the defib at Harbour?" and "| Ravensholt Harbour | ... |",
    where every key says "Ravensholt")? A word, not a number: "1" of "Grade 1" is no name."""
    values = cells(row)
    if not values:
        return False
    common = shared_key_words(text, header_start)
    rest = key_set(_ASIDE.sub(" ", values[0])) - common
    if common and any(k.isalpha() for k in rest) and rest <= qset:
        return True
    return bool(question) and own_named(text, header_start, row, qset, question)


def _own_words(text: str, header_start: int) -> dict[str, frozenset[str]]:
    """Each row's key cell's words that no other row's key cell of the table says."""
    keys = {
        r.row.text: key_set(_ASIDE.sub(" ", cells(r.row.text)[0]))
        for r in siblings(text, header_start)
        if cells(r.row.text)
    }
    out = {}
    for row, own in keys.items():
        own = own - frozenset().union(*(k for other, k in keys.items() if other != row))
        # a word the document says elsewhere too names no row ("more" of "More than 10
        # years", "senior" of "Senior network technician")
        out[row] = own - key_set(text.replace(row, " ")) if own else own
    return out


@lru_cache(maxsize=1024)
def _owned(text: str, header_start: int) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple(_own_words(text, header_start).items())


def own_named(text: str, header_start: int, row: str, qset: frozenset[str], question: str) -> bool:
    """Does the question name the row by every word of its key cell that no other row's key
    cell says and the document says nowhere else, and no other row so ("how often do I redo
    the fire training?" and "| Fire safety | ... |" beside "| Radiation safety | ... |",
    "| Data protection | ... |")? Only in a table of three rows or more, by words, not
    numbers, and with the question's words beside them the document's own (fact66)."""
    owned = dict(_owned(text, header_start))
    if len(owned) < 3:
        return False
    named = [r for r, own in owned.items() if own and all(k.isalpha() for k in own) and own <= qset]
    return named == [row] and _neighbours_said(text, header_start, row, owned[row], question)


_JOINING = frozenset({"of", "the", "a", "an"})

# A weekday's name is capitalised by English, not because it names one thing: written so,
# it is a kind of day a row keys like any lower-case word ("working a Sunday" and
# "| Sunday call | ... |"). Months are left out: "next April" keys no "| April 2026 |" (day72).
DAY_KEYS = True


def _neighbours_said(
    text: str, header_start: int, row: str, own: frozenset[str], question: str
) -> bool:
    """Does the question write the row's own words in lower case (a kind of thing, not a
    name: "I'm at the Penang Campus" keys no "| Penang Campus staff |" row of a notice table,
    "next April" no "| April 2026 |" payday), and are its words written next to them ("fire
    *training*") said by the document outside the table's other rows (its title, headings,
    prose, the row itself)? "a *night* porter" names no "Kitchen porter", "the head of the
    *lab*" no "Head of operations": the word beside says another thing than the row's."""
    written = re.findall(r"[A-Za-z0-9'£%]+", question)
    tokens = [w.lower() for w in written]
    others = [r.row.text for r in siblings(text, header_start) if r.row.text != row]
    said = key_set(reduce(lambda t, o: t.replace(o, " "), others, text))
    for i, t in enumerate(tokens):
        if key(t) not in own:
            continue
        if not written[i].islower() and not (DAY_KEYS and WEEKDAY_WORD.fullmatch(t)):
            return False  # a name ("Penang", "April") is keyed by the rules for names
        near = []
        if i > 0 and tokens[i - 1] not in STOPWORDS:
            near.append(tokens[i - 1])
        j = i + 1
        while j < len(tokens) and tokens[j] in _JOINING and j - i <= 2:
            j += 1
        if j < len(tokens) and (j == i + 1 or tokens[i + 1] == "of") and tokens[j] not in STOPWORDS:
            near.append(tokens[j])
        if any(key(w) not in own and not key_set(w) <= said for w in near if key_set(w)):
            return False
    return True


@lru_cache(maxsize=1024)
def table_part_named(
    text: str, header_start: int, qset: frozenset[str], question: str = ""
) -> bool:
    """Does the question name a row of this table by its telling words (part_named)?"""
    return any(
        part_named(text, header_start, r.row.text, qset, question)
        for r in siblings(text, header_start)
    )


# The words that open the condition a key cell sets on the thing it names ("Lunch *when*
# working more than 5 hours away", "Mileage *in* your own car").
_CONDITION = re.compile(
    r"\s(?:when|while|whilst|if|during|for|on|in|at|with|after|before|from|over|under)\s", re.I
)


@lru_cache(maxsize=4096)
def cell_head(cell: str) -> frozenset[str]:
    """The keys of the thing a key cell names before the condition it sets on it ("lunch"
    of "Lunch when working more than 5 hours away from your base"); none when it sets none."""
    parts = _CONDITION.split(_ASIDE.sub(" ", cell), maxsplit=1)
    head = key_set(parts[0]) if len(parts) == 2 else frozenset()
    return head if all(k.isalpha() for k in head) else frozenset()


def head_named(text: str, header_start: int, row: str, qset: frozenset[str]) -> bool:
    """Does the question name the thing this row's key cell names before its condition
    ("How much can I claim for lunch ...?" and "| Lunch when working more than 5 hours away
    from your base | up to £7.50 |"), and no other row's of the table?"""
    values = cells(row)
    if not values or not (head := cell_head(values[0])) or not head <= qset:
        return False
    return not any(
        r.row.text != row
        and (other := cells(r.row.text))
        and (other_head := cell_head(other[0]))
        and other_head <= qset
        for r in siblings(text, header_start)
    )


_DESCRIBED_WORDS = 3  # the fewest content words of a listed thing named with one left unsaid


def described_cells(row: str, qset: frozenset[str]) -> list[int]:
    """Indexes of the cells listing a thing the question describes in nearly its words: all
    but one of the thing's content words, three or more ("Water coming through a ceiling"
    and "| P1 Emergency | water leak through a ceiling, guest trapped in a lift | ..."). The
    word left unsaid is the one the question puts otherwise ("coming" for "leak")."""
    out = []
    for i, c in enumerate(cells(row)):
        _, parts = listed_parts(c)
        for part in parts:
            words = key_set(part)
            if len(words) >= _DESCRIBED_WORDS and len(words - qset) <= 1:
                out.append(i)
                break
    return out


@lru_cache(maxsize=1024)
def naming_keys(qset: frozenset[str]) -> frozenset[str]:
    """The question's keys with the other forms of each country it names ("the Polish
    depot" names the row "Poland"; "in the UK" the row "United Kingdom"): text/forms.py."""
    return qset | other_forms(qset, keys)


@lru_cache(maxsize=1024)
def siblings(text: str, header_start: int) -> tuple[TableRow, ...]:
    """The rows of the table whose header row starts at `header_start`."""
    return tuple(r for r in table_rows(text) if r.header.start == header_start)


@lru_cache(maxsize=1024)
def table_keyed(
    text: str, header_start: int, qset: frozenset[str], numbers: tuple[float, ...]
) -> bool:
    """Does the question name a row of this table (once per table and question)?"""
    return any(named_cells(r.row.text, qset, numbers) for r in siblings(text, header_start))


def row_fit(wh: str, qset: frozenset[str], text: str, title: str, header: str, row: str,
            header_start: int, numbers: tuple[float, ...] = (),
            on_topic: bool = False, named_keys: Asked = (),
            names: Named = (), duration: bool = False,
            kind: str | None = None, told: bool = False,
            question: str = "") -> int:  # fmt: skip
    """How well the row `row` (under `header`, in a document `text` titled `title`) answers
    a question of gated type `wh` with content keys `qset` and `numbers`: STRONG, FITS or
    NO. `on_topic`: the search put the row's document first (its dense half reads meaning),
    so its table may be about what the question asks though no title, heading or column
    says the question's word for it ("What uplift do I get for weekday nights?" and
    "Enhancement"); the document's own text must then say some other word of the question
    beyond the row's key ("who work hours outside the standard day"), so a question about
    the Singapore office's phone number is not answered by a directory that gives none.
    `named_keys`: the keys the question names by their kind ("grade F", kind_keys.py); a row of a
    table holding keys of that kind but not that key answers nothing, nor does a row under
    a header whose columns hold that kind but not that key ("region 5" over Regions 1-3).
    `names`: the plain names the question joins to a kind ("the Madrid office",
    kind_keys.asked_names); a table of offices whose document names no Madrid answers nothing.
    `duration`: the question asks how long, fast or soon (kinds.asks_duration). The row it
    names, in a table about what it asks, whose new cell says a stretch of time ("Kept for:
    3 months") answers as surely as one under a column it names (a column of times alone
    does not say the table is about what is asked: "how soon is the postmortem due?" is not
    asked of the SEV1 row's "Acknowledge within"); and a row it only describes
    (described_cells) answers when such a cell sits under a column of times ("Respond
    within: 20 minutes"), where nothing else of the table is named. `kind`: what the
    question's wording asks for (kinds.asked_kind: a sum, a frequency, a clock time, a
    share, a value: kinds.asked_row_kind); a new cell of the named row stating one with a
    figure ("45 pence per mile"; not "at no cost") answers as surely as a column named, as a
    stretch of time does, and makes the table about what is asked when the key describes a
    thing in plain words the question names whole ("Mileage in your own car",
    _described_key) or names before its condition ("Lunch when working ...", head_named).
    `told`: the caller has found the question names the row's key and what its key column
    says befell it ("My dad died" and "Who has died: Your parent ...", told_key.py), so the
    table is about the question's situation whatever the table calls what it gives."""
    if ASKING_FREE:  # "Who's the harbour master at Portcullen?" names the key alone
        qset = qset - ASKING_CONTRACTIONS
    if keyed_otherwise(text, header_start, row, named_keys):
        return NO  # the Grade C row for "grade F", where the table holds grades
    if columns_otherwise(header, named_keys):
        return NO  # no column is region 5, where the columns are regions
    columns, values = cells(header), cells(row)
    naming = naming_keys(qset)  # a country named one way names its row named another
    keyed = named_cells(row, naming, numbers)
    whole = bool(keyed)  # named by a whole cell or a number in its range
    if not keyed and part_named(text, header_start, row, naming, question):
        keyed = [0]  # "Harbour" for "Ravensholt Harbour": its telling words
    if not keyed and (
        table_keyed(text, header_start, naming, numbers)
        or table_part_named(text, header_start, naming, question)
    ):
        return NO  # the question names another row of this table
    if not keyed and name_unread(text, header_start, header, names):
        return NO  # "the Madrid office", where the table's offices are elsewhere
    # a thing named before the condition its key cell sets ("Lunch when working more than 5
    # hours away"), when the question asks for a kind of thing that row states
    headed = (
        not keyed
        and kind is not None
        and head_named(text, header_start, row, naming)
        and any(says_kind(kind, v) and any(ch.isdigit() for ch in v) for v in values[1:] if v)
    )
    if headed:
        keyed = [0]
    # a row the question only describes answers through a column of times ("Respond within")
    listed = described_cells(row, naming) if not keyed and duration else []
    if listed and _timed(columns, values, listed):
        return FITS if answers_type(wh, row, set(qset)) else NO
    if not answers_type(wh, row, set(qset)):
        return NO
    # headers the question names, "the top of band 4" naming "Maximum" (extreme_keys)
    qcols = qset | extreme_keys(qset)
    named = [column_named(c, qcols) for c in columns]
    asked = [
        i
        for i, (c, v) in enumerate(zip(columns, values, strict=False))
        if i not in keyed
        and c
        and v
        and said_keys(column_keys(c), qcols)
        and not key_set(v) <= qset
    ]
    # a number the question names picks this row out of its range: as sure as a column named
    ranged = whole and any(
        not key_set(_ASIDE.sub(" ", values[i])) <= naming
        and not cell_codes(values[i]) & naming
        and not (i == 0 and any(alt <= naming for alt in alternatives(values[i])))
        and not (i == 0 and aside_named(values[i], naming))
        for i in keyed
    )
    # the stretch of time or the kind of thing asked for, stated in a cell of the row: its
    # column is asked by its kind
    lasting = [
        i
        for i, v in enumerate(values)
        if i not in keyed
        and v
        and (
            (duration and says_duration(v))
            or (kind is not None and says_kind(kind, v) and any(ch.isdigit() for ch in v))
        )
    ]
    if asked:
        sure = ranged or any(named[i] for i in asked) or any(i in lasting for i in asked)
        return STRONG if keyed and sure else FITS
    if not keyed:
        return NO
    new = [v for i, v in enumerate(values) if i not in keyed and v and not key_set(v) <= qset]
    # What the table is about, beyond the row's key: its title, heading, other columns and
    # the row's other cells.
    heading = next(
        (
            " ".join(h.text for h in (r.heading, r.lead) if h is not None)
            for r in siblings(text, header_start)
        ),
        "",
    )
    others = [c for i, c in enumerate(columns) if i not in keyed]
    topic = key_set(title) | key_set(heading) | frozenset(k for c in others for k in column_keys(c))
    topic |= frozenset(k for v in new for k in key_set(v))  # "None; minor injuries unit 08:00"
    # the key's cell, and its column when the question names the cell in words ("the
    # Berlin office": "office" says which row, not what is asked; "if I earn £40,000" names
    # no column)
    key_words = {
        k
        for i in keyed
        for k in key_set(values[i])
        | (key_set(_at(columns, i)) if key_set(values[i]) <= naming else set())
    }
    if wh == "who" and qset - key_words <= _HOLDS_ROLE and _holder(columns, values, keyed, qset):
        return STRONG  # "Who is in charge of the Toronto office?": its "Site lead"
    # a key that describes a thing in plain words ("Mileage in your own car"), named whole,
    # whose row states the kind asked for ("What's the mileage rate ...?": "45 pence a
    # mile"): the row is that thing's value, however the table words what it gives
    valued = (
        kind is not None
        and (headed or _described_key(values, keyed, naming, names))
        and any(says_kind(kind, values[i]) for i in lasting)
    )
    # what the question asks beyond the key: not its numbers nor the words that came with
    # them ("a claim from 4 months ago" falls in "under 1 year"; neither "4" nor "months"
    # says the sick-pay table is about claims), nor a light "get" ("how much notice do I
    # get" is not about "How much leave you get")
    beyond = frozenset(
        k for k in qset - key_words - _number_words(numbers) - _LIGHT if not k[0].isdigit()
    )
    if not new or not (
        shares_key(beyond, topic)
        or (told and bool(keyed))  # named by its key and what befell it (told_key.py)
        # the search's first document, saying a word of the question around its table; not
        # for a row only a number picks out of its range, the likeliest key by accident
        or (on_topic and not ranged and beyond & key_set(table_section(text, header_start)))
        or (wh == "who" and qset <= key_words)
        or valued
    ):
        return NO  # (a who-question naming only the key asks who it is: "the Finance Director")
    if wh in TYPED and not any(answers_type(wh, v, set(qset)) for v in new):
        return NO  # no cell of the kind asked for
    return STRONG if ranged or any(values[i] in new for i in lasting) else FITS


# A light verb says nothing of what a table is about ("How much leave you *get*").
_LIGHT = frozenset(key(w) for w in ("get", "gets", "got", "gotten", "getting"))


def _number_words(numbers: tuple[float, ...]) -> frozenset[str]:
    """The keys of what the question's numbers count ("2 weeks": week): part of the key the
    number names, not of what the question asks about."""
    return frozenset(
        key(counted)
        for n in numbers
        if (counted := getattr(n, "counted", None)) and counted[0].isalpha()
    )


@lru_cache(maxsize=1024)
def table_section(text: str, header_start: int) -> str:
    """The text under the same heading as the table whose header row starts at
    `header_start` (the whole text when it has no headings): what the document says
    around its table, not in its other sections ("Give notice of ..." under "Booking
    leave" says nothing of the entitlement table above it; text/headings.py)."""
    start, end = section_bounds(text, header_start)
    return text[start:end]


# The words a who-question uses to ask who holds the role of the thing it names ("Who runs
# the Poznań depot?", "Who is in charge of the Toronto office?", "Who heads Finance?"): then a
# role column of that thing's row ("Site lead", "Depot manager") is the column asked for.
_HOLDS_ROLE = frozenset(
    key(w)
    for w in (
        "charge", "run", "runs", "head", "heads", "lead", "leads", "manage", "manages",
        "managed", "oversee", "oversees", "responsible", "boss", "supervise", "supervises",
        "manager", "leader", "lead", "person",
    )
)  # fmt: skip


_PLAIN_KEY_WORDS = 2  # the fewest content words of a key that describes a thing


def _described_key(
    values: list[str], keyed: list[int], naming: frozenset[str], names: Named = ()
) -> bool:
    """Is a keyed cell a thing described in plain words, each said by the question: two
    content words or more, none capitalised past the first, none of a name the question
    gives ("Mileage in your own car", "Bus or train fares"; not a name such as "Wharf House"
    or "the Saltmarsh office", nor a code such as "FH4", which a row of any table about that
    place or grade may hold)?"""
    named = frozenset(k for words, _ in names for k in words)
    for i in keyed:
        cell = _ASIDE.sub(" ", _at(values, i))
        words = key_set(cell)
        later = re.findall(r"[^\W\d_][\w'’-]*", cell)[1:]
        if (
            len(words) >= _PLAIN_KEY_WORDS
            and words <= naming
            and all(k.isalpha() for k in words)
            and not words & named
            and not any(w[0].isupper() for w in later)
        ):
            return True
    return False


def _timed(columns: list[str], values: list[str], keyed: list[int]) -> bool:
    """Does a cell of the row, not a key, say a stretch of time under a column of times?"""
    return any(
        i not in keyed and v and duration_column(c) and says_duration(v)
        for i, (c, v) in enumerate(zip(columns, values, strict=False))
    )


def _holder(columns: list[str], values: list[str], keyed: list[int], qset: frozenset[str]) -> bool:
    """Does the keyed row name, under a column that is a role ("Site lead", "Manager",
    "Contact"), someone or some role the question does not? A who-question about the row asks for the
    person holding its role, whatever words it uses for the role ("Who is in charge of the
    Toronto office?" and "Site lead")."""
    return any(
        i not in keyed and v and names_role(c) and answers_type("who", v, set(qset))
        for i, (c, v) in enumerate(zip(columns, values, strict=False))
    )


_PREFIX = 4  # the fewest letters a word and its derivation share ("mile", "mileage")


def shares_key(asked: frozenset[str] | set[str], topic: frozenset[str]) -> bool:
    """Does a key of `asked` say a key of `topic`, itself or one of its derivations the
    stemmer leaves apart (one is a prefix of the other, of at least four letters: "per
    mile" and "Mileage rate")?"""
    if asked & topic:
        return True
    return any(
        len(a) >= _PREFIX and len(t) >= _PREFIX and (t.startswith(a) or a.startswith(t))
        for a in asked
        for t in topic
    )


def _at(items: list[str], i: int) -> str:
    return items[i] if i < len(items) else ""


MAX_LISTED_ROWS = 8  # the most rows an answer lists for a question about every row
_EVERY = frozenset({"each", "every", "all"})
# A question that picks one row out of the plural ("Which of our offices opens longest?",
# "the office with the most staff") asks for that row, not the list.
_PICKS_ONE = re.compile(
    r"\b(?:which\s+(?:one\s+)?of|most|least|fewest|best|worst|\w+est(?<!interest)(?<!request)"
    r"(?<!guest)(?<!west)(?<!test)(?<!honest)(?<!forest)(?<!chest)(?<!nest))\b",
    re.IGNORECASE,
)


def asks_every_row(question: str, text: str, header_start: int, qset: frozenset[str]) -> bool:
    """Does the question ask about every row of this table: it names the table's key kind
    (its first column: "Office") in the plural or after each / every / all ("our offices",
    "each grade", "which countries") and names no row ("the Berlin office"), nor picks one
    out ("which of our offices ...", "the longest", "the most")? Then one row answers only a
    part; the table's rows are the answer."""
    if _PICKS_ONE.search(question):
        return False
    rows = siblings(text, header_start)
    if not rows:
        return False
    kind = column_keys(cells(rows[0].header.text)[0])
    if not kind:
        return False
    words = re.findall(r"[A-Za-z'-]+", question)
    asked = any(
        key(w) in kind
        and (
            (w.lower().endswith("s") and not w.lower().endswith("ss"))
            or (i > 0 and words[i - 1].lower() in _EVERY)
        )
        for i, w in enumerate(words)
    )
    numbers = question_numbers(question)
    return asked and not table_keyed(text, header_start, naming_keys(qset), numbers)
