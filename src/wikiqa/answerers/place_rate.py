"""The asker's told place chooses the supplement written for it, and its row names the rate.

A trap question tells where the asker works and their band, then asks their pay per hour:
"I'm Level 2 on reception at Leytonstone. What should I be getting an hour?", "I'm a
lifeguard at Port Ellan, Band 2. What should I be getting an hour?", "I'm Grade B at our
Llandudno home. What should my hourly rate be?". The group-wide pay table keys the same
bands with other figures; the supplement for the asker's place ("London Practices
Supplement", "Working on Skerrin Island", "Care Worker Pay in Wales") opens by saying whom
it is for ("This supplement applies to colleagues at our five London practices:
Walthamstow, Leytonstone, ...", "This page is for colleagues in our eight North Wales homes
only.") and keys its own rate table by the same bands. Every line scores under the floor:
"getting an hour" says no word of "London hourly rate" but the unit, and the place and the
job are words no row says.

One sentence: *when the question asks a value per unit of time (per_unit.rate_keys) or
names a unit's rate, and a retrieved document in force (or one a retrieved document's clause
naming a place sends its readers to by title: "Colleagues in our North Wales homes have a
supplement on some grades (see Care Worker Pay in Wales).") opens by saying it is for named
places, or its title places it at one (`opening_places`), and the question names the
asker's place by a name opening one of those places ("Port Ellan" of "Port Ellan Pool";
`names_place`) or through a directory row holding the place's name whose other cell is one
of them whole ("| Bryn Awel | Llandudno | Residential | North Wales |"), that document's one
table row whose key cell the question says, its words in its order ("Level 2"), under a
column headed by the asked unit's rate ("London hourly rate"), answers, over a general
table's row, when the asking sentence asks nothing that row, its header, heading and title
do not say (`only_rate_asked`).*

Why it is bound so: the document's own opening says it is the place's rule (the asker is
not read into a supplement by a word it shares, and a general table is never read this
way); the place must be told by the question, so an asker who tells none keeps the general
answer or the refusal (nothing is guessed of where they work); the row must be the one the
question keys and its column the asked unit's rate, so a supplement's line on another
matter (its weighting for salaried levels, its opening hours) does not answer; and the
document is one the search gave this reader, so a document they may not read never
answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import LIGHT
from wikiqa.answerers.features import key_set
from wikiqa.answerers.named_title import NOT_NAMES
from wikiqa.answerers.neighbours import forms, read_out_of_force
from wikiqa.answerers.optional import fetch_each, search_or_nothing
from wikiqa.answerers.per_unit import rate_keys
from wikiqa.answerers.pointed import clause_names, clause_pointers
from wikiqa.answerers.rows import column_keys
from wikiqa.answerers.scope import opening_text
from wikiqa.answerers.told_region import all_told_names
from wikiqa.text.tables import TableRow, table_rows

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.types import Document, Hit

PLACE_RATE = True  # switch: a told place's supplement answers the rate its row keys
GENERAL_PLACES = True  # switch: the group-wide table answers for a place its opening names (trap72)

# "This supplement applies to colleagues at ...", "This page is for colleagues in ...",
# "A supplement for colleagues at our Jersey shops: ...": the document saying whom it is for
_FOR_WHOM = re.compile(
    r"^(?:This|A|An)\s+(?:\w+\s+)?(?:supplement|page|guide|policy|section|document)\s+"
    r"(?:appl(?:y|ies)\s+to|is\s+for|for)\s+(?P<who>[^.]+)"
)
# "These rates apply from 1 April 2026 to 31 March 2027 to every employed colleague at our
# venues in the Pennine and Fylde regions, at the Wrayburn Scenery Workshop and at Wrayburn
# House.": the group-wide table saying where it applies, after any dates it runs between
_GENERAL_FOR = re.compile(
    r"^These\s+(?:\w+\s+)?(?:rates|bands|grades|scales|ranges)\s+apply\s+"
    r"(?:from\s+[^.]+?\s+to\s+[^.]+?\s+)?to\s+(?P<who>[^.]+)"
)
# a name the scope sets apart ("outside London", "except Jersey"): not a place it covers
_SET_APART = re.compile(
    r"\b(?:outside|except|excluding|other\s+than|apart\s+from|but\s+not)\s+(?:the\s+|our\s+)?"
    r"[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*"
)
# a title placing its document at a named place: "Working at Fernleigh Lisburn", "Care
# Worker Pay in Wales", "Working on Skerrin Island"
_TITLE_AT = re.compile(r"\b(?:at|in|on)\s+(?P<where>(?:[A-Z][\w'\u2019-]*\s*)+)$")
# a run of capitalised words: one name ("North Wales", "Pennock King Street")
_RUN = re.compile(r"[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*")
_WORD = re.compile(r"[a-z0-9]+")
_UNIT_KEYS = key_set("hour day daily week month year annual")
_MAX_LOOKUPS = 3  # directory searches (and pointed titles read) for one question
# words of asking what is paid: "getting", "paid", "earn", "my wage"
_RATE_WORDS = key_set("paid pay earn earning wage wages money per much")
_SENTENCES = re.compile(r"(?<=[.!?])\s+")  # the question's sentences: the last asks


def opening_places(doc: Document) -> frozenset[tuple[str, ...]]:
    """The names a document's opening sentence says it is for ("This supplement applies to
    colleagues at our five London practices: Walthamstow, ...": london, walthamstow, ...)
    and its title places it at, in or on ("Working at Fernleigh Lisburn": fernleigh
    lisburn), each a run of capitalised words, lower-cased; empty when it does neither."""
    said: list[str] = []
    m = _FOR_WHOM.match(opening_text(doc.text).strip())
    if m is not None:
        said += _RUN.findall(m.group("who"))
    t = _TITLE_AT.search(doc.title)
    if t is not None:
        said += _RUN.findall(t.group("where"))
    runs = {
        run
        for name in said
        if (run := tuple(w for w in _WORD.findall(name.lower()) if w not in NOT_NAMES))
    }
    # a run opening a longer one is a fragment of it ("the Pennock kiosk" beside "Pennock
    # King Street"): the employer's name, not a place
    return frozenset(r for r in runs if not any(o[: len(r)] == r and o != r for o in runs))


def general_places(doc: Document) -> frozenset[tuple[str, ...]]:
    """The places a group-wide rate table's opening sentence says its rates apply to
    ("These rates apply from 1 April 2026 to 31 March 2027 to every employed colleague at
    our venues in the Pennine and Fylde regions, at the Wrayburn Scenery Workshop and at
    Wrayburn House.": pennine, fylde, wrayburn scenery workshop, wrayburn house), each a run
    of capitalised words, lower-cased, a name set apart ("outside London") left out; empty
    when the opening says no such thing. The general table is the rule of the places it
    names, as a supplement is of its own (trap72)."""
    if not GENERAL_PLACES:
        return frozenset()
    opening = opening_text(doc.text).strip()
    if opening.startswith(doc.title.strip()):  # a page's heading read as its first line
        opening = opening[len(doc.title.strip()) :].strip()
    m = _GENERAL_FOR.match(opening)
    if m is None:
        return frozenset()
    who = _SET_APART.sub(" ", m.group("who"))
    runs = {
        run
        for name in _RUN.findall(who)
        if (run := tuple(w for w in _WORD.findall(name.lower()) if w not in NOT_NAMES))
    }
    return frozenset(r for r in runs if not any(o[: len(r)] == r and o != r for o in runs))


def names_place(told: str, places: frozenset[tuple[str, ...]]) -> bool:
    """Is the told name one of the places a document names, or, of two words or more, the
    opening of one, its distinguishing first word first ("Leytonstone"; "Port Ellan" of
    "Port Ellan Pool")? "Leisure Centre" is no place of "Skerrin Leisure Centre" (a kind of
    site any of the group's places may be), nor "Pennock" of "Pennock King Street" (the
    employer's name)."""
    words = tuple(_WORD.findall(told.lower()))
    return bool(words) and any(
        run == words or (len(words) > 1 and run[: len(words)] == words) for run in places
    )


def asked_rate(question: str) -> frozenset[str]:
    """The header keys of the rate the question asks: a value per unit of time
    (per_unit.rate_keys: "an hour"), or a unit's rate it names ("my hourly rate": rate,
    hour); empty when it asks none."""
    said = key_set(question)
    units = said & _UNIT_KEYS
    return rate_keys(question) or (
        frozenset({"rate", *units}) if "rate" in said and units else frozenset()
    )


def rate_row(doc: Document, question: str) -> TableRow | None:
    """The one row of the document whose key cell the question says in its words and order, under a
    column headed by the rate of the unit the question asks a value per; None when no row or
    more than one is so named."""
    asked = asked_rate(question)
    if not asked:
        return None
    said = " " + " ".join(_WORD.findall(question.lower())) + " "
    named = [
        r
        for r in table_rows(doc.text)
        if (key := _WORD.findall(r.cells()[0].lower()) if r.cells() else [])
        and f" {' '.join(key)} " in said  # the key cell said as the question says it
        and any(
            asked <= column_keys(c) | {"rate"} and "rate" in column_keys(c) and v.strip()
            for c, v in zip(r.columns()[1:], r.cells()[1:], strict=False)
        )
    ]
    if len(named) != 1 or not only_rate_asked(question, doc, named[0]):
        return None
    return named[0]


def only_rate_asked(question: str, doc: Document, row: TableRow) -> bool:
    """Does the asking sentence (the question's last) ask nothing but the rate, or what the
    row, its header, heading and title say? "What should I be getting an hour?" asks the
    rate alone; "What is the night shift premium an hour?" asks a premium the row does not
    give. The sentences telling who and where the asker is ("I'm Level 2 on reception at
    Leytonstone.") are not asked of the row."""
    asking = re.sub(r"['\u2019]", "", _SENTENCES.split(question.strip())[-1])  # "what's"
    said = key_set(
        " ".join(
            [doc.title, row.header.text, row.row.text, row.heading.text if row.heading else ""]
        )
    )
    left = key_set(asking) - said - LIGHT - _RATE_WORDS - asked_rate(question)
    return not left


def directory_rows(name: str, docs: list[Document]) -> list[tuple[Document, TableRow]]:
    """The table rows holding `name` as a whole cell, with their documents (a directory's
    entry for the place: "| Bryn Awel | Llandudno | Residential | North Wales |" for
    "Llandudno")."""
    want = name.lower().split()
    return [
        (doc, row)
        for doc in docs
        for row in table_rows(doc.text)
        if any(v.lower().split() == want for v in row.cells())
    ]


@dataclass(frozen=True)
class PlaceRate:
    """The supplement's row naming the asked rate, and the directory row placing the
    asker's named place among the supplement's places, when the question names the place
    only through it."""

    hit: Hit
    row: TableRow
    route: tuple[Document, TableRow] | None = None


async def place_rate_hit(
    question: str, hits: list[Hit], docs: dict[str, Document], reader: Reader, k: int
) -> PlaceRate | None:
    """The retrieved supplement for the place the question tells and the row of it that
    names the asked rate (see the module's sentence); None when no such pair is found. A
    directory read to place the name is added to `docs`, its row being cited."""
    if not PLACE_RATE or not asked_rate(question):
        return None
    pointed = await _pointed_to(hits, docs, reader, k)
    held = [
        (h, d)
        for h in [*hits, *pointed]
        if (d := docs.get(h.doc_id)) is not None and not read_out_of_force(d)
    ]
    found = [
        (h, row, places)
        for h, d in held
        if (places := opening_places(d)) and (row := rate_row(d, question)) is not None
    ]
    picked = await _placed(question, found, docs, reader, k)
    if picked is not None or not GENERAL_PLACES:
        return picked
    # no supplement is the told place's: the group-wide table, when its opening names the
    # place (its row must give a figure: "salaried" is no hourly rate)
    general = [
        (h, row, places)
        for h, d in held
        if (places := general_places(d))
        and (row := rate_row(d, question)) is not None
        and _rate_figure(row)
    ]
    return await _placed(question, general, docs, reader, k)


_FIGURE = re.compile(r"\d")


def _rate_figure(row: TableRow) -> bool:
    """Does the row give a figure under a rate's column ("£12.90"; "salaried" is none)?"""
    return any(
        "rate" in column_keys(c) and _FIGURE.search(v)
        for c, v in zip(row.columns()[1:], row.cells()[1:], strict=False)
    )


async def _placed(
    question: str,
    found: list[tuple[Hit, TableRow, frozenset[tuple[str, ...]]]],
    docs: dict[str, Document],
    reader: Reader,
    k: int,
) -> PlaceRate | None:
    """Of the documents `found` with their places and the row naming the asked rate, the
    one whose places the question's told name names directly, or through a directory row
    holding the name whose other cell is one of the places whole."""
    if not found:
        return None
    keys = frozenset(w for _h, row, _p in found for w in forms(row.cells()[0]))
    names = [n for n in all_told_names(question) if not forms(n) & keys]  # not "Band 2" itself
    for hit, row, places in found:
        if any(names_place(n, places) for n in names):
            return PlaceRate(hit, row)
    for name in names[:_MAX_LOOKUPS]:
        looked = await search_or_nothing(reader, name, k)
        read = await fetch_each(reader, [h.doc_id for h in looked if h.doc_id not in docs])
        held = [d for h in looked if (d := docs.get(h.doc_id) or read.get(h.doc_id))]
        for doc, entry in directory_rows(name, held):
            cells = [
                tuple(_WORD.findall(v.lower()))
                for v in entry.cells()
                if v.lower().split() != name.lower().split()
            ]
            for hit, row, places in found:
                if any(c in places for c in cells):  # "North Wales", a place named whole
                    docs.setdefault(doc.doc_id, doc)  # read now: the answer cites its row
                    return PlaceRate(hit, row, (doc, entry))
    return None


async def _pointed_to(
    hits: list[Hit], docs: dict[str, Document], reader: Reader, k: int
) -> list[Hit]:
    """The documents a retrieved document's clause naming a place sends its readers to by
    title ("Colleagues in our North Wales homes have a supplement on some grades (see Care
    Worker Pay in Wales)."), found by the reader's own search for that exact title and read
    into `docs`: a supplement the question's search missed, which its neighbour names."""
    seen = {h.doc_id for h in hits}
    titles: list[str] = []
    for h in hits:
        doc = docs.get(h.doc_id)
        for clause, title in clause_pointers(doc.text) if doc is not None else []:
            if clause_names(clause) and title not in titles:
                titles.append(title)
    out: list[Hit] = []
    for title in titles[:_MAX_LOOKUPS]:
        want = _bare(title)
        named = [
            h
            for h in await search_or_nothing(reader, title, k)
            if h.doc_id not in seen and _bare(h.title) == want
        ]
        read = await fetch_each(reader, [h.doc_id for h in named[:1]])
        for h in named[:1]:
            if h.doc_id in read:
                docs.setdefault(h.doc_id, read[h.doc_id])
                out.append(h)
                seen.add(h.doc_id)
    return out


def _bare(title: str) -> str:
    return re.sub(r"^the\s+", "", title.strip().lower())
