"""The attribute a question asks of a thing a chain of lines finds must be said by that chain.

A bridge question names its subject by a description ("the reserve Dafydd Rees is based at",
"a general operative") and asks an attribute of it ("the gate code", "the daywork rate").
A chain of rows resolves the description (the directory's row, the job's band) and ends on a
row of the thing found; that row answers only when it, its header row, its heading or its
document's title says the attribute asked. `attribute.py` checks a named subject's attribute
but leaves a described subject to a bridge; this is the check of that bridge's last step.

The attribute is the noun the question asks "the ... of/for" its subject, or, when that noun
only names a kind of value ("rate", "number", "time"), the word qualifying it ("the daywork
rate", "the phone number"): "Hourly rate" does not say a daywork rate, "Staff parking" no
gate code. Only the shape "What is / What's the X of/for/at Y?" is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from wikiqa.answerers.ask_named import PHONE_SAID
from wikiqa.answerers.attribute import KIND_NOUNS, _attribute, states_attribute
from wikiqa.text.asking import without_courtesy
from wikiqa.text.terms import content_terms

_ASKED = re.compile(
    r"^\s*(?:what|which)(?:\s+(?:is|was|are|were)|['’]s)\s+(?:the|a|an|my|our)\s+"
    r"((?:[a-z][\w-]*\s+){0,2}?)([a-z][\w-]*)\s+(?:of|for|on|in|at|to)\s+(\S.*)$",
    re.I,
)
# a time asked by the event it marks ("the closing time", "the start time") is given by a
# span of clock times ("05:00 to 23:00"), which says both its ends; a rate or a number asked by
# its case ("the daywork rate", "the fax number") is not given by another case's
_TIMES = frozenset({"time", "times", "hour", "hours"})
# words before a noun that name no case of it ("the contact number", "the main address")
_GENERIC = frozenset({
    "contact", "main", "direct", "best", "usual", "current", "full", "exact", "latest", "new",
    "normal", "standard", "general", "right", "correct", "proper", "actual",
})  # fmt: skip
_SPAN = "clock span"
# a header cell, heading or title this near the asked attribute in meaning (phrase cosine of
# the bundled embedder) says it in other words ("Van stock top-up day" for "the van restock
# day", 0.72; "Weekly alarm test" for "the fire drill day", 0.43; "Region" for "the operating
# area", 0.58). Chosen on una65's own questions: every answer main gets right through two
# documents had a cited header at 0.36 or nearer, the must-refuse ones none nearer than 0.19
# (but one: "the laundry collection day" at 0.37 of "Working a bank holiday"); a phrase
# cosine does not tell another attribute of the same kind ("the sick pay date", "Normal
# payday": 0.59) from the asker's words, so only the far ones are refused
SAID_NEAR = 0.25
_CLOCK_SPAN = re.compile(r"\b\d{1,2}[:.]\d{2}\s*(?:to|-|–|until)\s*\d{1,2}[:.]\d{2}\b")


def chain_attribute(question: str) -> tuple[str, ...]:
    """The words naming what a "What is the X of/for Y?" question asks of Y, any one of
    which says it: X's noun and the content word right before it ("gate code": "code" or
    "gate"; "email address": "address" or "email"), or, when the noun names only a kind of
    value, that word alone ("daywork rate": "daywork"); () otherwise."""
    m = _ASKED.match(without_courtesy(question))
    if m is None:
        return ()
    noun = m.group(2).lower()
    mods = [w for w in m.group(1).lower().split() if content_terms(w)]
    mod = mods[-1] if mods and mods[-1] not in KIND_NOUNS | _GENERIC else ""
    found = _attribute(noun)
    if found is not None:
        return (found, mod) if mod else (found,)
    if noun not in KIND_NOUNS or not mod:
        return ()  # a particle, a participle, or a kind of value no word qualifies
    if noun in _TIMES:
        return (mod, _SPAN)  # "the closing time": said by its word or by a span of times
    return (mod,)


# a word naming a kind of value, said by a value of that kind ("phone" by "0113 496 0000")
_PERCENT = re.compile(r"\d\s*%|\bper ?cent\b", re.I)
_MONEY = re.compile(r"[£€$]\s?\d|\b\d+p\b|\bpence\b", re.I)
_EMAIL = re.compile(r"\S@\S")
# a street address: a house number and a street's name ("14 Market Street", "Schlesische
# Straße 27", "Rua do Açúcar 88"), or a unit ("Unit 3, Quayside")
_ADDRESS = re.compile(
    r"\b\d+[A-Za-z]?,?\s+(?:[A-Z][\w'’-]*\s+){0,3}(?:Street|Road|Lane|Way|Avenue|Quay|Place"
    r"|Square|Park|Drive|Close|Row|Hill|Gate|Wharf|Terrace|Crescent)\b"
    r"|(?:[Ss]traße|[Ss]trasse)\s+\d+|\bRua\s|\bUnit\s+\d+",
)
# a postcode within an address: a UK one ("LS1 4AB"), five digits or "1950-010" before a
# capitalised town ("10997 Berlin")
_POSTCODE = re.compile(
    r"\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b|\b(?:\d{5}|\d{4}-\d{3})\s+[A-Z][a-z]"
)
VALUE_WORDS: dict[str, re.Pattern[str]] = {
    "phone": PHONE_SAID, "telephone": PHONE_SAID, "mobile": PHONE_SAID, "switchboard": PHONE_SAID,
    "postcode": _POSTCODE, "address": _ADDRESS, "percentage": _PERCENT, "percent": _PERCENT, "email": _EMAIL,
    "payback": _MONEY, "payment": _MONEY, "pay": _MONEY, "money": _MONEY, "fee": _MONEY,
    "cost": _MONEY, "price": _MONEY, "extra": _MONEY, "allowance": _MONEY,
}  # fmt: skip


def _said(word: str, texts: list[str]) -> bool:
    if word == _SPAN:
        return any(_CLOCK_SPAN.search(t) for t in texts)
    kind = VALUE_WORDS.get(word)
    if kind is not None and any(kind.search(t) for t in texts):
        return True
    return states_attribute(word, texts)


def asked_phrase(question: str) -> str:
    """The attribute a "What is the X of/for Y?" question asks, as the asker words it: X's
    noun with the words before it that name a case of it ("night uplift", "muster station",
    "gate code"; not "contact" of "the contact number"); "" outside the shape."""
    m = _ASKED.match(without_courtesy(question))
    if m is None:
        return ""
    mods = [w for w in m.group(1).lower().split() if content_terms(w) and w not in _GENERIC]
    return " ".join([*mods, m.group(2).lower()])


def _names(texts: Iterable[str]) -> list[str]:
    """The names a table and its page give the values read: each header cell, heading and
    title (split at "|"), as short phrases."""
    out: list[str] = []
    for t in texts:
        for cell in t.split("|"):
            cell = cell.strip(" :-")
            if cell and len(cell) <= 80 and cell not in out:
                out.append(cell)
    return out


def unstated_by_chain(
    question: str,
    texts: Iterable[str],
    names: Iterable[str] = (),
    similar: Callable[[str, list[str]], list[float]] | None = None,
) -> str:
    """The attribute asked (`chain_attribute`) when none of `texts` (a chain's lines, their
    headings, header rows and titles) says any of its words, a word naming a kind of value
    said by a value of that kind (`VALUE_WORDS`), and, with `similar` (the answerer's
    cosines), no cell of `names` (the cited rows' header cells, headings and titles) is as
    near the asked attribute, as the asker words it (`asked_phrase`), as SAID_NEAR: "Van
    stock top-up day" says "the van restock day", "Probation length" "the trial period";
    "" otherwise."""
    words = chain_attribute(question)
    said = list(texts)
    if not words or any(_said(w, said) for w in words):
        return ""
    phrase = asked_phrase(question)
    cells = _names(names)
    if similar is not None and phrase and cells and max(similar(phrase, cells)) >= SAID_NEAR:
        return ""  # the asker's words for the attribute a header names otherwise
    return " ".join(reversed([w for w in words if w != _SPAN]))
