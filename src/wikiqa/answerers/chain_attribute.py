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
from collections.abc import Iterable

from wikiqa.answerers.attribute import KIND_NOUNS, _attribute, states_attribute
from wikiqa.text.asking import without_courtesy
from wikiqa.text.terms import content_terms

_ASKED = re.compile(
    r"^\s*(?:what|which)(?:\s+(?:is|was|are|were)|['’]s)\s+(?:the|a|an|my|our)\s+"
    r"((?:[a-z][\w-]*\s+){0,2}?)([a-z][\w-]*)\s+(?:of|for|on|in|at|to)\s+\S",
    re.I,
)


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
    mod = mods[-1] if mods and mods[-1] not in KIND_NOUNS else ""
    found = _attribute(noun)
    if found is not None:
        return (found, mod) if mod else (found,)
    if noun not in KIND_NOUNS or not mod:
        return ()  # a particle, a participle, or a kind of value no word qualifies
    return (mod,)


# a word naming a kind of value, said by a value of that kind ("phone" by "0113 496 0000")
_PHONE = re.compile(r"\b\d{3,}[\d ]{4,}|\bextension\s*\d+", re.I)
_PERCENT = re.compile(r"\d\s*%|\bper ?cent\b", re.I)
_MONEY = re.compile(r"[£€$]\s?\d|\b\d+p\b|\bpence\b", re.I)
_EMAIL = re.compile(r"\S@\S")
VALUE_WORDS: dict[str, re.Pattern[str]] = {
    "phone": _PHONE, "telephone": _PHONE, "mobile": _PHONE, "switchboard": _PHONE,
    "percentage": _PERCENT, "percent": _PERCENT, "email": _EMAIL,
    "payback": _MONEY, "payment": _MONEY, "pay": _MONEY, "money": _MONEY, "fee": _MONEY,
    "cost": _MONEY, "price": _MONEY, "extra": _MONEY, "allowance": _MONEY,
}  # fmt: skip


def _said(word: str, texts: list[str]) -> bool:
    kind = VALUE_WORDS.get(word)
    if kind is not None and any(kind.search(t) for t in texts):
        return True
    return states_attribute(word, texts)


def unstated_by_chain(question: str, texts: Iterable[str]) -> str:
    """The attribute asked (`chain_attribute`) when none of `texts` (a chain's lines, their
    headings, header rows and titles) says any of its words, a word naming a kind of value
    said by a value of that kind (`VALUE_WORDS`); "" otherwise."""
    words = chain_attribute(question)
    said = list(texts)
    if not words or any(_said(w, said) for w in words):
        return ""
    return " ".join(reversed(words))
