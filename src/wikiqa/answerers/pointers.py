"""Lines that defer to a table: "The notice you must give when you resign depends on your
grade.", "Allowances vary by region, as set out below.", "See the table for your band."
Handbooks open tables with such lines. They name the question's topic in its own words
but state no value: the value is in the row the line points to, keyed by the asker's own
grade, band or region. So a pointer is no answer to a question asking for that value (it
must not be the best line, end a chain, or outrank the row); it still answers a question
asking what the value depends on ("What does my notice period depend on?")."""

from __future__ import annotations

import re

# what the answer depends on, or where it is set out: the cues of a pointer
_ASKER = r"(?:your|each|the\s+(?:table|grid|schedule|scale)|grade|band|region|length)"
# the reader's own circumstance a value may be keyed by ("your grade", "region", "how far
# you travel") or the table it is set out in
_CIRCUMSTANCE = (
    r"(?:your|their|each|the\s+(?:table|grid|schedule|scale)"
    r"|(?:grade|band|region|length|role|job|contract|site|office|location|seniority|service)\b"
    r"|how\s+(?:far|long|many|much|often)\s+you|whether\s+you|(?:which|what)\s+\w+\s+you)"
)
_DEFERS = re.compile(
    # "depends on your grade", "varies by region": on the reader's own circumstance or a
    # table, not "someone who depends on you", "the country most dependent on Arab oil" or
    # "the running time may depend on the instance" (encyclopedia prose states a relation)
    rf"\b(?:depends?|depending)\s+(?:up)?on\s+{_CIRCUMSTANCE}"
    rf"|\bvar(?:y|ies|ied)\s+(?:by|with|according\s+to)\s+{_CIRCUMSTANCE}"
    # "is set by your band", not "salaries are set by the Remuneration Committee" (a who)
    rf"|\b(?:is|are)\s+(?:set|decided|determined|based|fixed|banded|tiered)\s+(?:by|on)\s+{_ASKER}"
    rf"|\baccording\s+to\s+{_ASKER}"
    r"|\b(?:see|check|use|in|from)\s+the\s+(?:table|grid|schedule|scale)\b"
    r"|\b(?:set\s+out|shown|listed|given|detailed)\s+(?:below|in\s+the\s+table)\b"
    r"|\bas\s+follows\b",
    re.I,
)
# a value stated: any figure (a number, a sum, a code such as "G5"), or a word for none
_VALUE = re.compile(r"\d|\b(?:none|no\s+limit|free|unlimited|nil)\b", re.I)
# a question asking what the value depends on is answered by the pointer itself
_ASKS_DEPENDENCE = re.compile(
    r"\b(?:depend|depends|vary|varies|differ|differs|determin\w*|decid\w*|based|set\s+by"
    r"|what\s+(?:decides|sets|affects))\b",
    re.I,
)


def is_pointer(line: str) -> bool:
    """Does `line` (a sentence, not a table row) say what its answer depends on or where it
    is set out, and state no value? "Allowances vary by region, as set out below." is one;
    "Notice is 1 month, or 3 months after five years' service." is not (it states values),
    nor is "Staff get a daily allowance for meals." (it defers to nothing)."""
    return _DEFERS.search(line) is not None and _VALUE.search(line) is None


def asks_dependence(question: str) -> bool:
    """Does the question ask what something depends on, varies by or is set by? Then a
    pointer line is its answer."""
    return _ASKS_DEPENDENCE.search(question) is not None


def defers(line: str, question: str) -> bool:
    """Is `line` a pointer that cannot answer `question` (which asks a value, not what the
    value depends on)?"""
    return is_pointer(line) and not asks_dependence(question)
