"""The line stating the value a thing rises or falls to, for a question asking what that thing
is going up or down to.

"How much is the sleep-in going up to next April?" and "What would Grade 1 go up to next
April?" ask for the value a named thing changes to. A pay award or a board paper answers in a
line of its own for each thing: "- The sleep-in payment rises to £90.", "- Grade 1 would rise
to £13.15 an hour, ...". Such a line says the thing and a value, and little else of the
question: "going up" is said "rises", the date sits in the document's lead line, so the
exact-term features read it as missing most of the question, and a line of another document
that says "sleep-in" more often (the sleep-in policy's own lines) is ranked over it.

One sentence: *a question asking what a thing is going up or down to ("what/how much
is/will/would/does <thing> go up / rise / increase / go down / fall / drop / change to") is
answered by the line, among the top `lift.NEAR_POOL` ranked (no table row, its document in
force), whose clause states a subject going the same way ("rises", "would rise", "will
increase", "falls", "changes") to a figure, with a subject that says every content word and
number of the asked thing, in a document that says every name the question gives; that line
is lifted just above the first line (`lift.lifted_answers`) and passes by `stated_change`.*

Why it is bounded: the question must ask the change itself, in a clause whose subject is a
short noun phrase (no "if", no asker: "how much does the home put in if I go up to paying 6%"
asks no change); the line must state the change of that very thing, in the same direction,
to a figure (a line stating today's value, "The sleep-in payment is £75.", or another
thing's rise, "The night premium rises to £2.00 an hour." for the sleep-in, is no answer).
A question asking today's value ("How many hours of flexi can I carry over?") asks no change,
so a draft's "Flexitime carry-forward would rise to 15 hours." is never read for it. A reader
who may not read the board paper never has its line among the candidates.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import content_stems, said_like
from wikiqa.answerers.lift import NEAR_POOL
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.stated_bound import says_every_name

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

# the line stating the asked change is lifted over a first line that clears the floor but
# states no change (today's value: "... get a Guernsey allowance of £2,100 a year ..."), not
# only over a refused one (wrong73)
CHANGE_OVER_FLOOR = True

_UP = r"go\s+up|goes\s+up|going\s+up|went\s+up|rise|rises|rising|rose|increase|increases|increasing|increased|be\s+raised|climb|climbs"
_DOWN = r"go\s+down|goes\s+down|going\s+down|went\s+down|fall|falls|falling|fell|drop|drops|dropping|decrease|decreases|decreasing|decreased|be\s+cut|be\s+reduced"
_CHANGE = r"change|changes|changing|changed|move|moves|moving"

# the change asked, after an auxiliary: the verb's plain form or its -ing form ("will ... rise
# to", "is ... going up to"); a past "did ... rise to" asks history, not a coming change
_ASKED_UP = r"go\s+up|going\s+up|rise|rising|increase|increasing|be\s+raised|climb|climbing"
_ASKED_DOWN = r"go\s+down|going\s+down|fall|falling|drop|dropping|decrease|decreasing|be\s+cut"
_ASKED_CHANGE = r"change|changing"
# the ask: "what/how much is/will/would/does <thing> go up to", "what's <thing> rising to"
_ASKS_CHANGE = re.compile(
    r"\b(?:what|how\s+much|how\s+many\s+\w+)\s*(?:['’]s|\s(?:is|are|will|would|does|do|'ll))"
    r"\s+(?P<thing>[^,;?.!]+?)\s+(?:(?:be|actually|really)\s+)?"
    r"(?P<verb>" + _ASKED_UP + "|" + _ASKED_DOWN + "|" + _ASKED_CHANGE + r")\s+to\b",
    re.I,
)
# a line's clause stating a change to a figure: "<subject> (would|will|to) rise to £90", or
# from one figure to another: "Grade 1 goes from £12.85 to £13.40 an hour", "... to rise from
# £45 to £50 a day" (a bare "goes" or "moves" states a change only so)
_FIGURE = r"[£$€]?\d[\d,]*(?:\.\d+)?"
# a clause opens a line, follows a full stop, colon or semicolon, or is joined to the one
# before it after a comma by a conjunction ("Guernsey rates rise by the same percentages, and
# the Guernsey allowance rises to £2,300 a year.")
_STATES_CHANGE = re.compile(
    r"(?:^|[.;:]\s+|^\s*[-*•]\s*|,\s+(?:and|but|while|whereas)\s+)(?P<subject>[^.;:,]*?)\s+"
    r"(?:(?:would|will|is\s+to|is\s+set\s+to|is\s+going\s+to|to)\s+)?"
    r"(?P<verb>" + _UP + "|" + _DOWN + "|" + _CHANGE + r"|go|goes|going)"
    r"(?:\s+from\s+(?P<start>" + _FIGURE + r")(?:\s+[a-z]+){0,2}?)?"
    r"\s+to\s+(?P<end>" + _FIGURE + r")",
    re.I,
)
# an asked thing holds no asker and no condition: that is a situation, not a thing
_NOT_A_THING = re.compile(r"\b(?:i|we|you|me|my|our|if|when|because)\b", re.I)
_MAX_THING_WORDS = 5


def _way(verb: str) -> str:
    v = verb.lower()
    if re.fullmatch(_UP, v):
        return "up"
    if re.fullmatch(_DOWN, v):
        return "down"
    return "change"


def _figure(text: str) -> float:
    return float(re.sub(r"[£$€,]", "", text))


def _said_way(m: re.Match[str]) -> str | None:
    """The way a stated change goes: by its two figures when it says where it goes from,
    else by its verb; None for a bare "goes" or "moves" with no figure it goes from."""
    if m.group("start"):
        start, end = _figure(m.group("start")), _figure(m.group("end"))
        return "up" if end > start else "down" if end < start else None
    if m.group("verb").lower() in ("go", "goes", "going") or m.group("verb").lower().startswith(
        "mov"
    ):
        return None
    return _way(m.group("verb"))


def asked_change(question: str) -> tuple[str, str] | None:
    """(the thing, the way: "up", "down" or "change") when the question asks what a thing is
    going up or down to ("the sleep-in", "up" of "How much is the sleep-in going up to next
    April?"); None when it asks no such thing."""
    m = _ASKS_CHANGE.search(question)
    if m is None:
        return None
    thing = m.group("thing").strip()
    if _NOT_A_THING.search(thing) or len(thing.split()) > _MAX_THING_WORDS:
        return None
    if not content_stems(thing):
        return None
    return thing, _way(m.group("verb"))


def states_change_of(line: Candidate, thing: str, way: str) -> bool:
    """Does `line` state that `thing` goes `way` to a figure: a clause whose change verb goes
    the same way (or any way for an asked "change"), whose subject says every content word
    and number of the thing?"""
    asked = content_stems(thing)
    for m in _STATES_CHANGE.finditer(line.span.text):
        said_way = _said_way(m)
        if said_way is None:
            continue
        if way != "change" and said_way != way:
            continue
        said = set(content_stems(m.group("subject")))
        if said and all(said_like(w, said) if not w.isdigit() else w in said for w in asked):
            return True
    return False


def _readable(line: Candidate) -> bool:
    return line.header is None and not read_out_of_force(line.doc)


def stated_change(e: Evidence) -> bool:
    """A reading under the floor: the question asks what a thing goes up or down to, and its
    first line (any score above 0, no table row, its document in force) states that change to
    a figure, in a document saying every name the question gives."""
    asked = asked_change(e.question.text)
    if asked is None or not e.ranked or e.score <= 0.0:
        return False
    top = e.ranked[0]
    return (
        _readable(top)
        and states_change_of(top, *asked)
        and says_every_name(e.question.text, top.doc)
    )


def change_candidate(e: Evidence) -> Candidate | None:
    """The highest-ranked line among the top NEAR_POOL (no table row, in force) stating the
    change the question asks, when the first line does not; None otherwise."""
    asked = asked_change(e.question.text)
    if asked is None or not e.ranked or states_change_of(e.ranked[0], *asked):
        return None
    return next(
        (
            c
            for c in e.ranked[1:NEAR_POOL]
            if _readable(c)
            and states_change_of(c, *asked)
            and says_every_name(e.question.text, c.doc)
        ),
        None,
    )
