"""A general page that hands one site to its own page: the answer carries that site's line.

Each handbook from the sixteenth on keeps one page for an outlying site ("Working in Douglas",
"Working at Ballymoran"), and the general pages say, in their own words, where their figure
does not hold: "Colleagues at the Promenade Pavilion in Douglas have their own rates (see
Working in Douglas).", "Ballymoran Quay has its own hours (see Working at Ballymoran)". An
asker's site cannot be read from the principal (a user id, "staff" and a department every
site shares), so "I'm Band A. What's my hourly rate?" answered with the general row "Band A |
£12.60" is wrong for every reader at Douglas, and the page itself says so. A careful reader
who does not know where the asker works answers as the page directs: the general figure, and
the site's own figure on the same point, each cited ("Colleagues at the Promenade Pavilion in
Douglas have their own rates" and "| Band A | £13.05 |").

The reading (`site_line`): when an answer cites a line of a page that names, in a sentence of
the line's section (or of the page's opening section, which speaks for the whole page), a
placed page ("Working at X", "X Supplement") as the one where a site's own terms are (the
sentence says "own", "instead", "different" or hands the site's colleagues over with ": see"),
the placed page is found by its title and the line of it making the same point is added: the
row keyed by the cited row's first cell ("Band A"), else the sentence or row sharing most of
the question's words, in a section or under a header saying the matter the pointer names
("hours", "rates"). Never when the answer already cites the placed page, when the question
names a thing the cited lines do not (another place: the general answer was keyed by it),
or when no line of the placed page makes the point (nothing is added).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from wikiqa.answerers.features import ASKING_WORDS, key, key_set
from wikiqa.answerers.site_supplement import TITLE_PLACED
from wikiqa.text.headings import section_bounds
from wikiqa.text.tables import TableRow, cells, table_rows

SITE_POINTER = True  # switch: the site's own line added to an answer its page hands over
MAX_SITES = 1  # placed pages added to one answer: a page hands over one outlying site
# question words a site's prose line must share beyond the matter's: one shared word ("phone")
# is a topic ("ring the duty phone if you are ill" for "who do I phone about my pay?")
MIN_SHARED = 2

# "(see Working in Douglas)", "see the London Practices Supplement", ": see Working at X."
_SEE = re.compile(r"\bsee\s+(?:the\s+)?(?P<t>[A-Z][\w'\u2019-]*(?:\s+[\w'\u2019-]+){0,6})")
# the sentence saying the site's terms differ, not a mention in passing
_OWN = re.compile(r"\b(?:own|instead|different|differ|differs)\b|:\s*see\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
# words any pointer says, which name no matter
_POINTER_WORDS = frozenset(
    key(w)
    for w in (
        "colleague", "colleagues", "staff", "see", "own", "instead", "different", "keep",
        "keeps", "have", "has", "its", "their", "based", "work", "working", "supplement",
    )
)  # fmt: skip
_ASKING_KEYS = frozenset(key(w) for w in ASKING_WORDS)
_CAPITAL = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z][\w'\u2019-]*")
_DIGIT = re.compile(r"\d")
_OWN_ASKER = re.compile(r"\b(?:I|I['\u2019](?:m|ve|d|ll)|[Mm]y|[Mm]e|[Ww]e|[Oo]ur|us)\b")


@dataclass(frozen=True)
class Pointer:
    """A sentence of a general page handing one site to its placed page."""

    title: str  # the placed page's title as the sentence names it
    clause: str  # the sentence up to the title ("Ballymoran Quay has its own hours (")
    sentence: str  # the whole sentence, verbatim
    start: int  # where the sentence starts in the page's text


def pointers(text: str) -> list[Pointer]:
    """The sentences of `text` that hand a site to a placed page (module docstring)."""
    out: list[Pointer] = []
    for sentence, at in units(text):
        if sentence.startswith("|") or not _OWN.search(sentence):
            continue
        for see in _SEE.finditer(sentence):
            title = _title_named(see.group("t"))
            if title:
                # the handing clause alone when it closes in its bracket ("Ballymoran Quay
                # has its own hours (see Working at Ballymoran)", not ", and festive ...")
                shut = sentence.find(")", see.end("t"))
                said = (
                    sentence[: shut + 1]
                    if shut >= 0 and "(" in sentence[: see.start()]
                    else sentence
                )
                out.append(Pointer(title, sentence[: see.start()], said, at))
                break
    return out


def units(text: str) -> list[tuple[str, int]]:
    """Each table row of `text` whole and each sentence of its other lines, with where it
    starts: the lines a quote may be (a row's "£13.05" ends no sentence)."""
    out: list[tuple[str, int]] = []
    at = 0
    for raw in text.splitlines(keepends=True):
        line = raw.strip()
        start = at + (len(raw) - len(raw.lstrip()))
        at += len(raw)
        if not line or line.startswith("#"):
            continue
        if line.startswith("|") or " | " in line:
            out.append((line, start))
            continue
        pos = 0
        for part in _SENTENCE_END.split(line):
            pos = line.find(part, pos)
            out.append((part.strip(), start + pos))
            pos += len(part)
    return out


def _title_named(words: str) -> str:
    """The placed title at the start of `words` ("Working at Ballymoran for Ballymoran Quay"
    -> "Working at Ballymoran"), or "" when no prefix of it is a placed title."""
    parts = words.split()
    for n in range(len(parts), 1, -1):
        title = " ".join(parts[:n]).rstrip(").,;:")
        if TITLE_PLACED.search(title) and title.split()[-1][:1].isupper():
            return title
    return ""


def applies(text: str, pointer: Pointer, quote: str) -> bool:
    """Does `pointer` speak for `quote`'s line: in the same section, or from the page's
    opening section (the whole page's terms)?"""
    at = text.find(quote)
    if at < 0 or pointer.start < 0:
        return False
    own = section_bounds(text, pointer.start)
    return own == section_bounds(text, 0) or own == section_bounds(text, at)


def matter_keys(pointer: Pointer, general_title: str) -> frozenset[str]:
    """What the pointer says the site has its own of ("hours", "rates"), else the general
    page's title's words (a bare ": see Working at X" hands over the page's whole matter)."""
    said = frozenset(
        key(w) for w in re.findall(r"\b[a-z][\w'-]*", pointer.clause) if len(w) > 2
    ) - (_POINTER_WORDS | key_set(pointer.title))
    said = said & key_set(pointer.clause)  # content words only (stopwords out)
    return said or key_set(general_title) - _POINTER_WORDS


def asks_own(question: str) -> bool:
    """Does the question ask of the asker's own terms ("my hourly rate", "our office")? Only
    then is the asker's unknown site the matter: "What time does a mainland garden centre
    open?" asks of a place it describes, which the general page answers alone."""
    return bool(_OWN_ASKER.search(question))


def unnamed_by_lines(question: str, lines: Sequence[str]) -> bool:
    """Does the question name no thing (a capitalised word, not its first) that the cited
    lines do not say? "What's the rate at Harrogate?" keyed its general row by a place."""
    said = key_set(" ".join(lines))
    named = {key(w) for w in _CAPITAL.findall(question.strip()) if w.lower() not in ASKING_WORDS}
    return named <= said


def _row_key(quote: str) -> str:
    parts = cells(quote)
    return parts[0].strip().lower() if parts else ""


def keyed_row(site_text: str, quote: str, matter: frozenset[str]) -> TableRow | None:
    """The row of the placed page keyed as the cited row ("Band A"), in a table whose header
    or heading says the matter ("Douglas hourly rate")."""
    wanted = _row_key(quote)
    if not wanted or " | " not in quote.strip().strip("|"):
        return None
    for row in table_rows(site_text):
        told = row.header.text + " " + (row.heading.text if row.heading else "")
        if _row_key(row.row.text) == wanted and key_set(told) & matter:
            return row
    return None


def point_line(
    site_text: str, question: str, matter: frozenset[str], valued: bool
) -> tuple[str, str] | None:
    """The placed page's sentence or row making the question's point: sharing most of the
    question's words (at least MIN_SHARED beyond the matter's), in a section or table saying the
    matter, stating a figure when the general line did; with the row's header row, else ""."""
    asked = key_set(question) - _ASKING_KEYS
    best: tuple[int, int, str, str] | None = None
    rows = {r.row.text.strip(): r for r in table_rows(site_text)}
    for line, at in units(site_text):
        if set(line) <= set("|-: "):
            continue
        row = rows.get(line)
        if (line.startswith("|") or " | " in line) and row is None:
            continue  # a header row, or a line of no table
        lo, hi = section_bounds(site_text, at)
        heading = site_text[lo:hi].split("\n", 1)[0]
        context = heading + " " + (row.header.text if row else "")
        if not (key_set(line) | key_set(context)) & matter:
            continue
        shared = (key_set(line) - matter) & asked
        if len(shared) < MIN_SHARED or (valued and not _DIGIT.search(line)):
            continue
        score = (len(shared), len(key_set(line + " " + context) & asked))
        if best is None or score > best[:2]:
            best = (*score, line, row.header.text if row else "")
    return (best[2], best[3]) if best else None


def pointed_lines(
    general_text: str,
    general_title: str,
    quotes: Sequence[str],
    question: str,
    site_title: str,
    site_text: str,
    pointer: Pointer,
) -> list[str]:
    """The quotes to add for the site `pointer` hands over: the pointer sentence of the
    general page, then the placed page's header row (for a row) and line; none when the
    placed page makes no such point."""
    matter = matter_keys(pointer, general_title)
    valued = any(_DIGIT.search(q) for q in quotes)
    for q in quotes:
        row = keyed_row(site_text, q, matter)
        if row is not None:
            return [row.header.text, row.row.text]
    found = point_line(site_text, question, matter, valued)
    if found is None:
        return []
    line, header = found
    return [header, line] if header else [line]


__all__ = [
    "MAX_SITES",
    "MIN_SHARED",
    "SITE_POINTER",
    "Pointer",
    "applies",
    "asks_own",
    "keyed_row",
    "matter_keys",
    "point_line",
    "pointed_lines",
    "pointers",
    "units",
    "unnamed_by_lines",
]
