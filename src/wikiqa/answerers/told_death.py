"""A relative's death told in other words, read as the handbooks write it: "died".

Bereavement policies rule on a death in one word: "Who has died", "When someone close to
you dies", "- Death of a grandparent, ...". The asker tells it gently: "My nan passed away
on Sunday", "If my grandmother passes away", "I lost my dad last week". Neither the search
nor the answerer's features join "passed away" to "died" or "lost my dad" to a death, so the
bereavement policy was not read (hb9-fact-14) or its line scored under the floor (col-ff-05),
and a carers' or annual-leave line stood first instead.

`plain_death` gives the question with such a telling said as the documents say it ("my nan
died on Sunday"), and nothing else changed. It reads a death only of someone named by
kinship (`forms.KIN_WORDS`: "nan", "grandad", "mum", ... or a friend), the wording right
after them ("passed away", "passed on", "passes away", "has passed"), or "lost" with the
asker as its subject and the relative as its object ("I lost my dad", "we've lost our
mum"). A relative's thing ("lost my dad's phone") is no death, nor is another's loss ("a
little boy has lost his mum", a child gone missing), nor a child "lost" by the asker (a
child can be lost in a crowd; only an adult relative's loss tells a death). Which row or
item the relative names, and whether the line answers what is asked, stay the readings'
own (`forms` joins "nan" to "grandparent"; told_key.py, the floor).

When the question so read is still refused, the time off it asks in everyday words ("how
much time off", "how many days off") is asked again as the policies name it, "paid
bereavement leave" (`bereaved_ask`; hb6-fact-10, whose bereavement policy the search
ranked sixth), unless it names a leave already ("compassionate leave") or asks the time off
for a purpose of its own ("... to scatter her ashes"); `bereavement_said` keeps that answer
only when a cited line says a death or names the relative or their kind.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import key_set, keys
from wikiqa.answerers.told_bound import asks_beyond, said_or_refused, says_any
from wikiqa.text.forms import KIN_WORDS, other_forms
from wikiqa.types import Draft

# those a handbook's bereavement rules name besides relatives ("close friend")
_CLOSE = frozenset({"friend", "partner", "stepparent", "step-parent"})
_CHILDREN = frozenset({
    "child", "children", "son", "daughter", "stepson", "stepdaughter", "grandchild",
    "grandson", "granddaughter", "baby", "kid",
})  # fmt: skip
KIN_PATTERN = "|".join(
    re.escape(w) for w in sorted(KIN_WORDS | _CLOSE, key=len, reverse=True) if " " not in w
)
_BETWEEN = r"(?:(?:has|have|had|just|sadly|recently|suddenly)\s+)*"
# "<relative> passed away" and its tenses, the relative not a possessor ("my dad's dog")
# "passed" alone, or "passed on", tells a death only before the sentence ends or a time
# ("passed on Sunday", "passed last week"), not before an object ("passed on the message")
_WHEN = (
    r"(?=\s*(?:[,.;!?]|$)|\s+(?:on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|last|this|"
    r"yesterday|today|recently|overnight|in\s+hospital)\b)"
)
_PASSED = re.compile(
    rf"\b(?P<who>(?:{KIN_PATTERN})s?)\s+{_BETWEEN}(?P<verb>pass(?:ed|es)?)"
    rf"(?:\s+away\b|\s+on{_WHEN}|{_WHEN})",
    re.I,
)
# "I lost my dad", "we've just lost our mum", "Lost my nan on Sunday"
_LOST = re.compile(
    rf"(?:\b(?:i|we)(?:'ve|’ve|\s+have|\s+had)?\s+(?:just\s+|recently\s+|sadly\s+)?|^\s*)"
    rf"lost\s+(?P<whose>my|our)\s+(?P<who>(?:{KIN_PATTERN})s?)\b(?!['’])",
    re.I,
)
_DIES = {"pass": "die", "passes": "dies", "passed": "died"}


def plain_death(question: str) -> str:
    """`question` with a relative's death told in other words said as "died" ("My nan
    passed away on Sunday" -> "My nan died on Sunday"; "I lost my dad" -> "my dad died");
    the question itself when it tells none."""

    def passed(m: re.Match[str]) -> str:
        verb = _DIES[m.group("verb").lower()]
        return f"{m.group('who')} {verb}"

    def lost(m: re.Match[str]) -> str:
        who = m.group("who")
        if who.lower().rstrip("s") in _CHILDREN or who.lower() in _CHILDREN:
            return m.group(0)
        return f"{m.group('whose')} {who} died"

    return _LOST.sub(lost, _PASSED.sub(passed, question))


# the death told, after `plain_death`: "my nan died", "our dad has died", "if my mum dies"
_DIED_TOLD = re.compile(
    rf"\b(?:my|our)\s+(?P<who>(?:{KIN_PATTERN})s?)\s+{_BETWEEN}(?:died|dies|die)\b", re.I
)
# the leave asked in everyday words ("time off", "days off", "paid leave"); the documents'
# name for it is "bereavement leave" ("how many days off" -> "how many days of paid
# bereavement leave")
_OFF_ASKED = re.compile(
    r"\b(?:(?P<paid>paid)\s+)?(?:(?P<count>days?|weeks?)|time)\s+off\b"
    r"|\b(?:paid\s+)?leave\b(?!\s+(?:early|work|the|my|at|before))",
    re.I,
)
# a leave the question names already ("compassionate leave", "special leave")
_NAMED_LEAVE = re.compile(
    r"\b(?:bereave\w*|compassionate|special|family|carer['’]?s|emergency)\s+leave\b", re.I
)
BEREAVEMENT = "paid bereavement leave"


def bereaved_ask(question: str) -> str:
    """`question` telling a relative's death (as `plain_death` says it) and asking for time
    off in everyday words, with that time off said as the policies name it ("My nan died on
    Sunday. How much time off can I have?" -> "... How much paid bereavement leave can I
    have?"); the question itself when it tells no death, names a leave already or asks no
    time off. Asked again only after a refusal (`ExtractiveAnswerer.answer`)."""
    if not _DIED_TOLD.search(question) or _NAMED_LEAVE.search(question):
        return question
    off = _OFF_ASKED.search(question)
    if off is None or asks_beyond(question[off.end() :]):
        return question  # no time off asked, or asked for a purpose of its own

    def said(m: re.Match[str]) -> str:
        count = m.group("count")
        return f"{count} of {BEREAVEMENT}" if count else BEREAVEMENT

    return _OFF_ASKED.sub(said, question, count=1)


# how a bereavement policy's line says a death
_DEATH_SAID = r"died|dies|death|deceased|bereave\w*|funerals?|passed\s+away"


def _says_death(question: str, lines: list[str]) -> bool:
    """Whether a line says a death (`_DEATH_SAID`) or names the relative whose death
    `question` tells, or their kind (a bereavement table's row, "| Grandparent, grandchild
    or parent-in-law | 3 days |", for "my nan died")."""
    if says_any(_DEATH_SAID, lines):
        return True
    told = _DIED_TOLD.search(question)
    if told is None:
        return False
    who = key_set(told.group("who"))
    named = who | other_forms(who, keys)
    return any(named & key_set(line) for line in lines)


def bereavement_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when `asked` tells a relative's death and asks for time off
    (`bereaved_ask` reads it) and no line of the answer says a death or names that relative
    or their kind."""
    return said_or_refused(
        asked,
        draft,
        lambda q: ["death"] if bereaved_ask(q) != q else [],
        lambda _kind, lines: _says_death(plain_death(asked), lines),
    )
