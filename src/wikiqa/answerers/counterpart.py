"""The asker's guide's line on the point the general page makes: its counterpart answers.

A trap question is asked in the general page's words: "A lady's daughter gave me a little box
of chocolates. Can I keep it?" finds the gifts policy first ("Small gifts for the whole team,
such as chocolates, ...") and, for a volunteer, the Volunteers' Guide beside it, whose own
rule on the point is "Volunteers must not accept any gift from a resident or family, however
small." Read alone, the guide's line says few of the question's words and scores under the
floor; read beside the general line the question found, it is plainly the same point made for
the asker's kind, as a careful reader sees: the two lines share the point's words ("gift",
"small"; "meal per diem"; "wear" and "polo shirt"; "expenses" and "days").

`counterpart_line` picks, among the lines of the guide written for the asker's kind (the
title names their role as its readers, `neighbours.names_asker`), the one sharing the most
content keys with the general line ranked first in the whole retrieval, at least
`MIN_SHARED` of them beyond the words naming the asker's kind, the generic words for staff
and the words of a value (figures, units of time: "within 5 working days" and "5 working
days in advance" make two points), and saying the kind of value the question asks (`kinds.says_kind`). It runs only when
no line of the whole retrieval, nor of the guide read alone, clears the floor, so an answer
over the floor is never displaced; an asker of another kind never reads the guide as theirs,
and with the guide withheld nothing is found.
"""

from __future__ import annotations

from collections.abc import Sequence

from wikiqa.answerers.features import ASKING_WORDS, key, key_set
from wikiqa.answerers.kinds import asked_row_kind, says_kind
from wikiqa.answerers.neighbours import GENERIC_AUDIENCE
from wikiqa.answerers.own_matter import LISTING_TITLE

COUNTERPART = False  # switch (off in round 75: it answered hb9-perm-10 from a directory row;
# on again in round 76 with `guide_line`'s bound, and off again at round 76's gate: it still
# lost a held-out permission task in handbook24 and in handbook25, as in round 75)
MIN_SHARED = 2  # content keys the two lines share: one shared word is a topic, not a point
# Words for the people a line is about, which any two lines of a handbook share.
_PEOPLE_KEYS = frozenset(
    key(w)
    for w in (*GENERIC_AUDIENCE, "staff", "colleague", "employee", "worker", "people", "team")
)
_ASKING_KEYS = frozenset(key(w) for w in ASKING_WORDS)
# Words of a value, not of a point: "within 5 working days" and "5 working days in advance"
# share a figure and its unit, and say two different things.
_VALUE_KEYS = frozenset(
    key(w)
    for w in (
        "minute", "hour", "day", "daily", "week", "weekly", "month", "monthly", "year",
        "yearly", "working", "per", "pence", "pound", "time", "times", "least", "more", "less",
    )
)  # fmt: skip


def guide_line(title: str, line: str) -> bool:
    """May `line` of the document titled `title` make a point for the asker's kind? Only a
    guide's own prose: never a row of a table, nor any line of a list of people or places
    ("Staff Directory: Managers and Key Contacts" names managers as its entries, not as its
    readers: a works manager's question about a depot is no point its rows make)."""
    return not LISTING_TITLE.search(title) and not line.lstrip().startswith("|")


def shared_point(general: str, line: str, kind_words: frozenset[str]) -> frozenset[str]:
    """The content keys `general` and `line` both say, beyond the words naming the asker's
    kind (`kind_words`), people in general and asking."""
    skip = _PEOPLE_KEYS | _ASKING_KEYS | _VALUE_KEYS | {key(w) for w in kind_words}
    return frozenset(
        k for k in (key_set(general) & key_set(line)) - skip if not any(ch.isdigit() for ch in k)
    )


def opens_guide(doc_text: str, line: str) -> bool:
    """Is `line` the guide's opening sentence (the first line under its title)? It says whom
    the guide is for ("This guide is for staff paid by the hour for teaching, ... or
    invigilation"), not a point of its own, though it shares a matter's words with many."""
    rows = doc_text.splitlines()
    if rows and rows[0].strip() == "---":  # front matter, when the text still holds it
        ends = [i for i, r in enumerate(rows[1:], 1) if r.strip() == "---"]
        rows = rows[ends[0] + 1 :] if ends else rows
    for raw in rows:
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        return text.lstrip("-*+ ").startswith(line.strip().lstrip("-*+ ")[:60])
    return False


def counterpart_line(
    question: str, general: str, lines: Sequence[str], kind_words: frozenset[str]
) -> int | None:
    """The index in `lines` (the asker's guide's lines, best-ranked first) of the line making
    the general line's point for the asker: the most shared keys (`shared_point`), at least
    `MIN_SHARED`, the earlier-ranked line on a tie, saying the kind of value asked; None when
    no line does."""
    kind = asked_row_kind(question)
    best, most = None, MIN_SHARED - 1
    for i, line in enumerate(lines):
        if line.strip() == general.strip() or not says_kind(kind, line):
            continue
        n = len(shared_point(general, line, kind_words))
        if n > most:
            best, most = i, n
    return best
