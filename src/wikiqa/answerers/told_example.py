"""A line that gives the asker's situation as its own example of what it rules on.

An employee tells what happened and asks what follows: "My childminder didn't turn up this
morning. Do I get paid if I stay home with the kids?". A policy states its rule for a kind of
event and names the common cases as examples: "You can take up to 3 days of paid emergency
leave in a leave year to deal with an unexpected problem with a dependant, such as a
childminder failing to turn up or a child being sent home ill." The asker's case is the line's
example, in nearly the asker's words; the ask ("get paid", "stay home") is said by the rule
around it in the policy's words ("paid emergency leave"), and the exact-term features count the
rest ("this morning", "the kids") as missing terms, so the line sits under the floor.

One sentence: *a question that tells the asker's situation before it asks
(`ask_named.told_situation`) is answered by its first-ranked line within `ask_named.ASK_SLACK`
under the floor, in the document retrieval put first and in force, not a table row, when an
example the line gives ("such as", "for example", "for instance", "e.g.", "including" and what
follows, up to a clause's end) says at least two content words of the situation, the rest of
the line says a word of the ask, and the document says every name the question gives.* Two
words of the situation, because one word a situation and an example share is as often a
coincidence of another case ("a confined space ticket" for "Got a parking ticket"; "scheme
managers who cover more than one scheme" in a car policy for "speeding in my own car"); a word
of the ask, because the line must rule on what is asked, not only mention the case. No new
constant.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    LIGHT,
    content_stems,
    prose_line_in_slack,
    said_like,
    situation_stems,
    told_situation,
)
from wikiqa.answerers.stated_bound import says_every_name

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

# an example the line gives: the words after "such as", "for example" ... to a clause's end
_EXAMPLE = re.compile(
    r"\b(?:such\s+as|for\s+example|for\s+instance|e\.g\.|including)\s+([^;:.()]*)", re.I
)
SAID = 2  # content words of the situation an example must say


def gives_example(line: str, situation: str, ask: str) -> bool:
    """Does an example `line` gives (`_EXAMPLE`) say at least SAID content words of the
    `situation`, and the rest of the line a word of the `ask`?"""
    told = situation_stems(situation)
    asked = [w for w in content_stems(ask) if w not in LIGHT]
    for m in _EXAMPLE.finditer(line):
        example = set(content_stems(m.group(1)))
        if sum(said_like(w, example) for w in told) < SAID:
            continue
        rest = set(content_stems(line[: m.start()] + " " + line[m.end() :]))
        if any(said_like(w, rest) for w in asked):
            return True
    return False


def told_example(e: Evidence, floor: float) -> bool:
    """Does the evidence's first line answer within ASK_SLACK under the floor because it
    gives the asker's situation as its example and rules on the ask (see the docstring)?"""
    top = prose_line_in_slack(e, floor)
    if top is None:
        return False
    question = e.question.text
    told = told_situation(question)
    if told is None or not gives_example(top.span.text, *told):
        return False
    return says_every_name(question, top.doc)
