"""The one row of a table a word of the question keys answers the value asked.

A table row is not a sentence: the question's words meet its key cell ("Hotel outside
London", "Driver CPC", "Code Amber", "3 separate absences") and its column header
("Limit", "Meaning"), so the answerability model, fitted mostly on prose, scores it under
the floor even when the document holding it is the one retrieval put first. A careful
reader finds the row the asked thing keys and reads the asked column across. This module
reads the same way, bounded on both sides:

- the row: a content word of the asking sentence that one row of the table says and no
  other row (nor the header) does ("hotel" of "How much can I spend on a hotel?"; a word
  the situation told before the ask says, "a supplier visit", keys nothing), or a number
  the question tells that falls in one row's key cell when a word of that cell beside the
  number is said by the question too (the cell is that thing: "three separate times" keys
  "3 separate absences", "I'm Band 2" keys "Band 2" only in a table keyed by band);
- the column: another non-empty cell whose header the question names (rows.said_keys, every
  word of it: "Referral bonus" is not named by "a bonus for good inspection scores"), or whose value is the kind of value asked (a sum for
  "how much can I spend", a quantity for "how much training", a point or date for "at what
  point", what to do for "what should I do"), or the one value column of a two-column table
  whose key column the question names ("does that trigger anything?" of Trigger / Action);
- never: a row of a document out of force (superseded, archived, draft:
  neighbours.read_out_of_force), of a document whose opening or title places it at a place
  the question does not name (another site's supplement: place_rate.opening_places), of a
  table whose header or heading names a place the question does not, of a guide written for
  another kind of worker (neighbours.written_for_others), a private document another reader
  owns, nor a row keyed by a word the question calls the asker's own ("my mentor": the
  asker's own person, whom no general table names).

- nor a row of a table about another matter (value76, `TABLE_ABOUT`): every content word of
  the question's last sentence that neither keys the row, nor asks for the value itself
  (`ASKING_WORDS`), nor is a verb the asker does ("can I spend", "do we open and close")
  must be said by the table's header row, caption or lead-in, heading or page title ("a
  hotel for my own wedding" keys the hotel row of a table that says nothing of weddings). A
  verb keys no row; a told sentence keys one only when the asking sentence points back to it
  ("Someone said Code Amber. What does that mean?").

The row is put first and vouched for (`clearing` reads it as answering under the floor);
every check after the decision still applies. Switch: KEYED_ROW (off after round 75's gate,
where it answered a held-out unanswerable task; bounded by TABLE_ABOUT in round 76:
docs/extractive.md, value75 and value76).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.asked_thing import asked_thing
from wikiqa.answerers.asked_value import duration_cell, timed_words
from wikiqa.answerers.features import answers_type, asked_clause, gated_type, key, key_set
from wikiqa.answerers.key_cell import (
    key_docs,
    key_named,
    key_named_elsewhere,
    light_topic,
    value_column,
)
from wikiqa.answerers.kinds import asked_row_kind, says_kind
from wikiqa.answerers.named_cell import header_named, on_its_scale
from wikiqa.answerers.neighbours import read_out_of_force, written_for_others
from wikiqa.answerers.place_rate import opening_places
from wikiqa.answerers.ranges import NUM, WORD_NUMBERS, in_range, question_numbers
from wikiqa.answerers.rows import column_keys, naming_keys, said_keys, siblings
from wikiqa.text.headings import title_at
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence
    from wikiqa.text.tables import TableRow
    from wikiqa.types import Document

_LOG = logging.getLogger(__name__)

KEYED_ROW = True  # switch: the one row a word of the question keys answers the value asked
POOL = 200  # ranked candidates looked through for the first document's tables
MAX_ROWS = 20  # a longer table is a directory or a list, not a row of values to read across
TABLE_ABOUT = True  # value76: the table must say what the question is about (`about_table`)

# The asking sentence: the last one ending in "?" (a situation told before it keys nothing).
_SENTENCE = re.compile(r"[^.!?]*[?]")
# Words the question calls the asker's own ("my mentor", "my manager's"): no table keys them.
_OWN = re.compile(r"\b(?:my|mine)\s+(?:own\s+)?([a-z][\w'’-]*)", re.I)
# "How much training", "how many hours", "how long": a quantity, a number with its unit.
_QUANTITY = re.compile(r"\bhow\s+(?:much|many|long|often|far)\b", re.I)
# "At what point", "when", "at what stage", "how soon": the point something happens.
_POINT = re.compile(r"\bwhen\b|\bat\s+what\s+(?:point|stage)\b|\bhow\s+soon\b", re.I)
_POINT_HEADER = re.compile(r"^\s*(?:when|at\s+what\s+point|point|stage\s+reached)\s*$", re.I)
# "What should I do?", "what do we do": an action, read from a column of actions.
_ACTION = re.compile(
    r"\bwhat\s+(?:should|do|must|shall|would|can|have)\s+(?:I|we|you)\s+(?:to\s+)?do\b", re.I
)
_ACTION_HEADER = re.compile(
    r"^\s*(?:what\s+(?:you|to|we|I)\s+(?:should\s+|must\s+)?do|actions?|what\s+happens)\s*$", re.I
)
_DIGIT = re.compile(r"\d")
_SENTENCES = re.compile(r"[^.!?]+(?:[.!?]+|$)")
_BRACKETS = re.compile(r"\([^)]*\)")
# A word of the asking sentence pointing back to the thing the sentence before it told.
_REFERS = re.compile(r"\b(?:that|this|it)\b", re.I)
# The verbs the asker does (after "I", "we", "you" ... and any modal: "can I spend", "do we
# open and close", "do we serve"): they ask what happens, they name no thing, so they key no
# row ("close" keys no "| Day boat station | ... | closed |") and need no table to say them.
_ASKER_VERB = re.compile(
    r"\b(?:I|we|you|they|he|she|it)\s+"
    r"(?:(?:can|could|should|must|will|would|still|also|just|ever|(?:need|have|has|ought)\s+to)\s+)*"
    r"([a-z][\w'’-]*)(?:\s+(?:and|or)\s+([a-z][\w'’-]*))?",
    re.I,
)
# Words that ask for the value itself, not the thing it is of ("how much", "what time", "at
# what point", "is it paid", "what does that mean"): the column, not the table's topic.
_ASKING = (
    "much many long often far time times when date dates day days week weeks hour hours"
    " cost costs spend spent pay paid price rate amount limit point stage quick quickly"
    " soon mean meaning means happen happens anything something everything get need"
    " allowed entitled next year what's when's how's where's who's"
)
ASKING_WORDS = frozenset(key(w) for w in _ASKING.split())
_WORDS = re.compile(r"[a-z0-9]+")
# A told number and the rest of its phrase ("25 years of long service?"): what it tells, not
# what the asking sentence asks.
_TOLD_PHRASE = re.compile(rf"(?:{NUM}|\b(?:{'|'.join(WORD_NUMBERS)})\b)[^?.,;!]*", re.I)
_TOKEN = re.compile(r"[\w'’-]+|[^\w\s]")
_TOKEN_WORD = re.compile(r"[\w'’-]+")
_NUMBER = re.compile(r"(?<![\d.,£$€])\d+(?:\.\d+)?(?![\d,])")
# A capitalised name a header cell or heading places its values at ("Hourly rate in
# Guernsey", "Rates outside London", "Pay at Exeter Quay"): a run after a place word.
_NAME = re.compile(r"\b(?:in|at|on|outside|inside)\s+((?:[A-Z][a-z][\w'’-]*\s?)+)")


def asking_sentence(question: str) -> str:
    """The sentence of the question that asks (the last ending in "?", with any keys a
    part carries after it; the whole question when none ends so): what it says keys a row,
    what was told before it does not."""
    found = list(_SENTENCE.finditer(question))
    return question[found[-1].start() :] if found else question


def own_words(question: str) -> frozenset[str]:
    """The keys of the words the question calls the asker's own ("my mentor": mentor)."""
    return frozenset(k for m in _OWN.finditer(question) for k in key_set(m.group(1)))


def last_sentence(question: str) -> str:
    """The question's last sentence, with or without its "?" (a compound question's part
    "Someone just said Code Amber on the radio. What does that mean" asks in its last)."""
    found = [m.group(0) for m in _SENTENCES.finditer(question) if _WORDS.search(m.group(0).lower())]
    return found[-1].strip() if found else question


def keying_text(question: str) -> str:
    """The words that may key a row: the last sentence's, and the told sentence's right
    before it when the last refers back to it ("Someone just said Code Amber on the radio.
    What does that mean?"; "The 3D has stopped working. How quickly should it be fixed?");
    a situation the asking sentence does not point back to keys nothing."""
    found = [m.group(0) for m in _SENTENCES.finditer(question) if _WORDS.search(m.group(0).lower())]
    if len(found) >= 2 and _REFERS.search(found[-1]):
        return f"{found[-2].strip()} {found[-1].strip()}"
    return last_sentence(question)


def asking_topic(question: str) -> frozenset[str]:
    """The keys of the content words the last sentence asks with, but its verbs and any
    gloss in brackets ("a Notice of Seeking Possession (NOSP)": the same thing
    named twice): what the table must be about (`about_table`). A word the asker calls their
    own stays ("a hotel for my own wedding": the expenses table says nothing of weddings)."""
    last = last_sentence(question)
    return key_set(_BRACKETS.sub(" ", last)) - asker_verbs(last)


def asker_verbs(asking: str) -> frozenset[str]:
    """The keys of the verbs the asking sentence says the asker does ("can I spend": spend;
    "do we open and close": open, close)."""
    return frozenset(
        k for m in _ASKER_VERB.finditer(asking) for g in m.groups() if g for k in key_set(g)
    )


def table_topic(table: tuple[TableRow, ...], doc_title: str, section: str) -> frozenset[str]:
    """The keys of what a table says it is about: its header row, caption or lead-in line,
    the heading over it and its page's title (not the page's other prose, nor its rows)."""
    first = table[0]
    said = [first.header.text, doc_title, section]
    said += [s.text for s in (first.heading, first.lead) if s is not None]
    return key_set(" ".join(said))


def about_table(topic: frozenset[str], keyed: frozenset[str], table: frozenset[str]) -> bool:
    """Is the table about what the question asks? Every content word of the asking
    sentence (`topic`: its verbs and the words asking for the value already taken out) that
    does not key the row must be said by the table's header row, caption, heading or title
    (`table_topic`), whole or clipped: "How many days' leave do I get when my friend gets
    married?" keys "Other relative or close friend" of Compassionate and Bereavement Leave,
    but nothing there says "married", so the table is about another matter."""
    rest = topic - keyed - ASKING_WORDS
    return all(said_keys(table, frozenset({w})) or w in table for w in rest)


def _names(text: str) -> frozenset[str]:
    return frozenset(m.strip().lower() for m in _NAME.findall(text))


def placed_elsewhere(doc: Document, header: str, section: str, question: str) -> bool:
    """Does the table's document, header or heading name a place the question does not?
    A supplement for another site ("Working in Guernsey", "Hourly rate in Guernsey") keys
    its rows exactly like the general table, so only what it names tells them apart."""
    places = opening_places(doc)
    told = _WORDS.findall(question.lower())
    if places and not any(
        tuple(told[i : i + len(p)]) == p for p in places for i in range(len(told))
    ):
        return True
    low = question.lower()
    named = frozenset(n for c in cells(header) for n in _names(c)) | _names(section)
    return any(n not in low for n in named)


def unqualified(asking: str, word: str, context: frozenset[str]) -> bool:
    """Is `word` said in the asking sentence without a content word beside it that the
    table's `context` (the row, its header, heading and title) does not say? "the engine
    room fire drill" keys no "Fire awareness" row: "room" and "drill" beside "fire" make it
    another thing; "CPC training" keys "Driver CPC" of Mandatory Training."""
    tokens = _TOKEN.findall(asking)
    for i, t in enumerate(tokens):
        if word not in key_set(t):
            continue
        beside = [tokens[j] for j in (i - 1, i + 1) if 0 <= j < len(tokens)]
        if all(key_set(b) <= context for b in beside if _TOKEN_WORD.fullmatch(b)):
            return True
    return False


def _keyed_by_word(
    rows: list[list[str]], header: list[str], said: frozenset[str], asking: str, around: str
) -> dict[int, frozenset[str]]:
    """The rows holding a word of the asking sentence that no other row nor the header
    holds, said there of the row's own thing (`unqualified`; `around` the table's heading
    and title): each row so keyed, with its keying words."""
    held = [key_set(" ".join(r)) for r in rows]
    head = key_set(" ".join(header))
    keyed: dict[int, frozenset[str]] = {}
    for i, words in enumerate(held):
        context = words | head | key_set(around)
        own = frozenset(
            w
            for w in (words & said) - head
            if all(w not in o for j, o in enumerate(held) if j != i)
            and unqualified(asking, w, context)
        )
        if own:
            keyed[i] = own
    return keyed


def told_table(asked: frozenset[str], header: list[str], around: str) -> bool:
    """Does the asking sentence, beyond the told number's own phrase and key cell, say a
    word of what the table holds: a header past its key column's, its heading or its
    title? A number told keys a row only of a table about what is asked ("Does that
    trigger anything?" of Absence Triggers; not "What does the Trust give you for 25 years
    of long service?" of Annual Leave Entitlement, whose heading says "service" only as the
    told number's own phrase does)."""
    held = key_set(" ".join(header[1:])) | key_set(around)
    return bool(said_keys(frozenset(held), asked))


def keyed_elsewhere(e: Evidence, doc: Document, words: frozenset[str]) -> bool:
    """Does a table row of another retrieved document say a keying word too? Two tables
    keyed by the same thing ("General Manager" in the purchase limits and in the goodwill
    limits) leave the asked one untold."""
    return any(
        c.header is not None and c.doc.doc_id != doc.doc_id and words & key_set(c.span.text)
        for c in e.ranked[:POOL]
    )


def _keyed_by_number(rows: list[list[str]], question: str, qset: frozenset[str]) -> list[int]:
    """The rows whose key cell holds a number the question tells and says a word of it
    beside the number that the question says too (the cell is that thing)."""
    numbers = question_numbers(question)
    if not numbers:
        return []
    keyed = []
    for i, r in enumerate(rows):
        cell = r[0] if r else ""
        words = {w for w in key_set(cell) if not _DIGIT.search(w)}
        if (
            words & qset
            and _DIGIT.search(cell)
            and (in_range(cell, numbers) or any(float(n) in numbers for n in _NUMBER.findall(cell)))
            and on_its_scale(question, cell)
        ):
            keyed.append(i)
    return keyed


def asked_column(
    question: str,
    qset: frozenset[str],
    header: list[str],
    row: list[str],
    keyed: set[int],
    said: frozenset[str] = frozenset(),
) -> int | None:
    """The index of the cell of `row` holding the value asked, never a `keyed` cell: its
    header named by the question beyond the key's words, or its value the kind asked; None
    when no column is."""
    key = frozenset(k for i in keyed if i < len(row) for k in key_set(row[i]))
    asked = qset - key
    kind = asked_row_kind(question)
    filled = [
        i
        for i, v in enumerate(row)
        if v.strip() and i < len(header) and i not in keyed and not (key_set(v) & asked)
    ]
    for i in filled:
        words = column_keys(header[i])
        if words and said_keys(words, asked) == words:
            return i  # every word of the header said ("mean" of "Meaning"), not half of it
    for i in filled:
        if _ACTION.search(question) and _ACTION_HEADER.match(header[i]):
            return i
        if _POINT.search(question) and _POINT_HEADER.match(header[i]):
            return i
    timed = duration_cell(question, row, header, qset)  # "how quickly": the one time (value78)
    if timed is not None:
        return timed
    if kind is not None:
        typed = [i for i in filled if i > 0 and says_kind(kind, row[i])]
        if len(typed) == 1:
            return typed[0]
    if kind is None and _QUANTITY.search(question):
        counted = [i for i in filled if i > 0 and _DIGIT.search(row[i])]
        if len(counted) == 1:
            return counted[0]
    two = len(header) == 2 and len(row) == 2 and bool(row[1].strip()) and keyed == {0}
    if two and header_named(header[0], said, None):
        return 1  # a two-column table mapping the key its asking sentence names to its value
    return None


def keyed_row(e: Evidence, asker: frozenset[str] = frozenset()) -> Candidate | None:
    """The ranked row of the first-ranked document's table that the question keys, alone of
    its table, with a column holding the value asked, when nothing bounds the table away
    from the question (module docstring); else None."""
    if not KEYED_ROW or not e.ranked:
        return None
    question = e.question.text
    qset = naming_keys(frozenset(e.question.terms))
    asking = keying_text(question) if TABLE_ABOUT else asking_sentence(question)
    said = naming_keys(key_set(asking)) - own_words(question)
    if TABLE_ABOUT:
        said -= asker_verbs(last_sentence(question))  # a verb asks what happens; it keys no row
    # value77: a row whose whole key cell the question says is read in the first few
    # retrieved documents' tables (key_cell.py), not only in the first document's
    for n, doc in enumerate(key_docs(e.ranked[:POOL])):
        if read_out_of_force(doc) or written_for_others(doc.title, question, asker):
            if n == 0:
                return None
            continue
        seen: set[int] = set()
        for c in e.ranked[:POOL]:
            if c.header is None or c.doc.doc_id != doc.doc_id or c.header.start in seen:
                continue
            seen.add(c.header.start)
            found = _table_row(e, doc, c.header.start, qset, said, asker, only_named=n > 0)
            if found is not None:
                _LOG.debug("keyed row: %r -> %s %r", question, doc.doc_id, found.span.text)
                return found
    return None


def _table_row(
    e: Evidence,
    doc: Document,
    header_start: int,
    qset: frozenset[str],
    said: frozenset[str],
    asker: frozenset[str],
    only_named: bool = False,
) -> Candidate | None:
    question = e.question.text
    table = siblings(doc.text, header_start)
    if not table or len(table) > MAX_ROWS:
        return None
    header = list(cells(table[0].header.text))
    rows = [list(cells(r.row.text)) for r in table]
    section = title_at(doc.text, header_start)
    around = f"{doc.title} {section}"
    asking = keying_text(question) if TABLE_ABOUT else asking_sentence(question)
    by_word = _keyed_by_word(rows, header, said, asking, around)
    named = key_named(rows, header, said)  # value77: the row whose whole key cell is said
    if named is not None:
        if key_named_elsewhere(e.ranked[:POOL], doc.doc_id, said):
            return None
        i, cells_keyed = named, {0}
    elif only_named:
        return None
    elif by_word:
        if len(by_word) != 1:
            return None
        i, words = next(iter(by_word.items()))
        if keyed_elsewhere(e, doc, words):
            return None
        cells_keyed = {j for j, v in enumerate(rows[i]) if key_set(v) & said}
    else:
        keyed = _keyed_by_number(rows, question, qset - own_words(question))
        if len(keyed) != 1:
            return None
        i, cells_keyed = keyed[0], {0}
        asked = key_set(_TOLD_PHRASE.sub(" ", asking_sentence(question))) - own_words(question)
        if not told_table(asked - key_set(rows[i][0]), header, around):
            return None  # "25 years of long service" keys no row of annual leave days
    thing = frozenset(key_set(" ".join(asked_thing(asked_clause(question)))))
    if thing and not thing <= key_set(f"{' '.join(rows[i])} {' '.join(header)} {around}"):
        return None  # "Do staff get a discount ...?": a row saying no discount grants none
    keying = frozenset(
        k for j in cells_keyed | {0} if j < len(rows[i]) for k in key_set(rows[i][j])
    )
    topic = asking_topic(question)
    if named is not None:
        topic -= light_topic(
            last_sentence(question), rows[i][1:]
        )  # "for working on": the asker's doing
    if duration_cell(question, rows[i], header, qset) is not None:
        topic -= timed_words(last_sentence(question))  # "take to come back" (asked_value.py)
    if TABLE_ABOUT and not about_table(topic, keying, table_topic(table, doc.title, section)):
        _LOG.debug("table not about %r: %r (keyed %s)", question, rows[i], sorted(keying))
        return None  # the table is about another matter than the question (value76)
    if placed_elsewhere(doc, table[0].header.text, section, question):
        return None
    if section and written_for_others(section, question, asker):
        return None  # a section for another kind of worker ("## Agency workers")
    j = asked_column(question, qset, header, rows[i], cells_keyed, said)
    if j is None and named is not None:
        j = value_column(header, rows[i])  # the one value of a row named by its key cell
    q = e.question
    if j is None or not answers_type(gated_type(q), rows[i][j], set(q.terms)):
        return None  # no column asked, or its value not the type asked (a who, a count ...)
    start = table[i].row.start
    return next((c for c in e.ranked if c.doc.doc_id == doc.doc_id and c.span.start == start), None)
