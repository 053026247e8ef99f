"""An outlying site's line answering an asker whose site is unknown comes after the main
handbook's line it restates (trap78).

Each handbook from the sixteenth on keeps one page for an outlying site ("Working at
Kerlenn": "This supplement sets out the terms that differ for colleagues at Domaine de
Kerlenn ... Everything not covered here follows the main handbook."). Its lines restate the
main handbook's rules with the site's own figures, in more of a question's words than the
main page's table row: "Do I get paid more for working Sundays?" from a bar assistant is
answered with Kerlenn's "Sunday work is paid at time and a quarter, ..." over Enhancements
and Overtime's "| Sunday | time and a fifth |" (hb27-fact-05, hb25-fact-14). The asker's
site cannot be read from the principal (a user id, "staff" and a department every site
shares; `calpe_host` and `cinema_host` differ only in their names), so setting the
supplement aside loses the site's own askers ("What are our opening hours on a Sunday?" at
Lisburn, hb18-trap-08; `site_supplement.py`, switched off). A careful reader who does not
know where the asker works answers as the supplement itself directs: the main handbook's
rule, and the site's own, each cited. `site_pointer.py` does this when the general line
answers and its page hands the site over; this is the same answer reached from the other
side.

The reading (`restated_line`): when every page an answer cites is a place's supplement whose
place the question does not name, and the question asks of the asker's own terms
(`site_pointer.asks_own`), the main handbook's line the cited supplement line restates is
put first: a line of one of the first `MAIN_DOCS` pages of the question's own search that is
no place's supplement, in force, readable and not another kind's guide, which says a word
of the point (a word the question and the supplement's line both say) and a word of the
value (a word the supplement's line says beyond the question's: "time" of "time and a
quarter"): a table row keyed by its first cell, which the supplement's line says whole, or
a prose line saying every word of the point (at least `MIN_POINT`); a row first. The row is
quoted with its header row. The supplement's line stays, so a site's own asker still
reads their rule; nothing is added when no main line makes the point, and a refusal is
never touched.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wikiqa.answerers.features import ASKING_WORDS, key, key_set
from wikiqa.answerers.site_pointer import units
from wikiqa.text.tables import cells, table_rows

MAIN_LINE = True  # switch: the main handbook's line put before a site supplement's answer
MAIN_DOCS = 3  # pages of the question's own search (no supplements) read for the main line
# words of the point a prose line must say, all of them: one shared word ("work", "open") is
# a topic, not the site line's rule
MIN_POINT = 2

_ASKING_KEYS = frozenset(key(w) for w in ASKING_WORDS)
_DIGIT = re.compile(r"\d")


def _first_cell_keys(row: str) -> frozenset[str]:
    parts = cells(row)
    return key_set(parts[0]) if parts else frozenset()


def restated_line(
    site_lines: Sequence[str],
    site_words: frozenset[str],
    question: str,
    text: str,
) -> tuple[str, str] | None:
    """The line of a main page's `text` that the supplement's `site_lines` restate for the
    question: saying a word of the point (the question's and a site line's) and a word of
    the value (a site line's beyond the question's), a row's first cell said whole by the
    site line; with the row's header row, else "". None when no line makes the point."""
    site_keys = frozenset(key(w) for w in site_words)
    asked = key_set(question) - _ASKING_KEYS - site_keys
    rows = {r.row.text.strip(): r for r in table_rows(text)}
    best: tuple[tuple[int, int, int], str, str] | None = None
    for site_line in site_lines:
        said = key_set(site_line) - site_keys
        point = said & asked
        if not point:
            continue
        valued = bool(_DIGIT.search(site_line))
        for line, _at in units(text):
            if set(line) <= set("|-: "):
                continue
            row = rows.get(line)
            tabled = line.startswith("|") or " | " in line
            if tabled and row is None:
                continue  # a header row, or a line of no table
            both = key_set(line) & said
            if not both & point:
                continue
            value = both - asked
            if not value and not (valued and _DIGIT.search(line)):
                continue
            if row is not None:
                first = _first_cell_keys(line)
                if not first or not first <= said or not first & point:
                    continue
            elif len(point) < MIN_POINT or not point <= both:
                continue  # a prose line says the whole point, else it is another matter
            score = (int(row is not None), len(both & point), len(both))
            if best is None or score > best[0]:
                best = (score, line, row.header.text if row else "")
    return (best[1], best[2]) if best else None


__all__ = ["MAIN_DOCS", "MAIN_LINE", "MIN_POINT", "restated_line"]
