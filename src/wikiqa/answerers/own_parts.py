"""A compound question asked of the asker's own record, answered by one line giving every part.

"Which day am I at college, and where?" asked by an apprentice; "From when do my new hours
start, and how many am I down to?" asked by a checkout assistant whose flexible working
request was agreed. Each part, searched alone, misses or under-scores the record; the whole
question ranks first the record's one line that answers both ("- Off-the-job training: every
Wednesday at Mersey Vale College, ..."; "- From Sunday 3 January 2027 your contract is 20
hours a week, down from 28."), yet that line scores under the floor: a short personal record
shares few words with a question told in the asker's words.

One sentence: *a question of two or more parts, asked of the asker themselves (I, my, me),
every part refused, is answered by the whole question's first line at any score above 0 when
that line is of a private document (`Document.owner_user_id`: the store shows it to its
owner only, so it is the asker's own record) in force, no table row, and it gives a value of
the kind each part asks for (`part_value`: the kind its wording asks, `kinds.asked_kind`; a
date or weekday for "when"; a count, not a date's or year's digits, for "how many"; a name
the question does not say, not a day or month, for "where"), and the line with its heading
and the record's title says a content word of every part that has one (besides the kind's
own noun, `own_record.asked_words`).* own_record.py's reading for one part, read over the
parts: the record is the asker's case, and one line of it states every value asked.

A part whose kind cannot be checked on a line (who, what, how, why, yes or no) leaves the
question to the other readings: "Which day am I at college, and who is my tutor?" is not
answered by the college line. A value the record does not give in that line ("When does my
trial end, and how many Sundays do I work?" over "The new pattern has a trial period until
31 March 2027.": no count but the date's) refuses as before.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.features import analyse
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.own_record import asked_words
from wikiqa.text.months import MONTHS, WEEKDAY_NAMES, WEEKDAYS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

_SELF = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself)\b", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
_DIGITS = re.compile(r"\d")
# a capitalised word: the start of a name
_CAP = re.compile(r"\b[A-Z][a-z]+\b")
# the calendar's names (text/months.py), which name a day or a month, not a place
_CALENDAR = frozenset(w.lower() for w in (*MONTHS, *WEEKDAYS))
# a weekday ("Wednesdays") or a day of a month ("3 Jan", "21st March"): a date's digits, no count
_DAY_OR_DATE = re.compile(
    rf"\b(?:{WEEKDAY_NAMES})s?\b|"
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{'|'.join(m[:3] for m in MONTHS)})[a-z]*\b",
    re.I,
)
# light words that start a line or clause with a capital and name nothing
_LIGHT_CAPS = frozenset({"the", "a", "an", "you", "your", "we", "our", "if", "from", "off"})


def part_value(part: str, line: str) -> bool:
    """Does `line` give a value of the kind `part` asks for (see the module docstring)?"""
    kind = asked_kind(part)
    if kind is not None:
        return says_kind(kind, line)
    wh = analyse(part).wh
    if wh == "when":
        return says_kind("day", line)
    if wh == "number":
        bare = _YEAR.sub(" ", line)
        for m in _DAY_OR_DATE.finditer(bare):
            bare = bare.replace(m.group(0), " ")
        return bool(_DIGITS.search(bare))
    if wh == "where":
        asked = {w.lower() for w in re.findall(r"[A-Za-z]+", part)}
        words = re.findall(r"[A-Za-z][\w-]*", line)
        return any(
            _CAP.fullmatch(w)
            and n > 0
            and w.lower() not in asked
            and w.lower() not in _LIGHT_CAPS
            and w.lower() not in _CALENDAR
            for n, w in enumerate(words)
        )
    return False


def own_parts(whole: Evidence) -> bool:
    """A reading of a compound question whose parts all refused: the whole question's first
    line, of the asker's own record, gives every part's value (see the module docstring)."""
    parts = whole.question.parts
    if len(parts) < 2 or not whole.ranked or whole.score <= 0.0:
        return False
    if not _SELF.search(whole.question.text):
        return False
    top = whole.ranked[0]
    if top.header is not None or top.doc.owner_user_id is None or read_out_of_force(top.doc):
        return False
    line = top.span.text
    said = stem_set(f"{line}\n{top.context}\n{top.doc.title}")
    for part in parts:
        if not part_value(part, line):
            return False
        asked = asked_words(part)
        if asked and not any(said_like(w, said) for w in asked):
            return False
    return True
