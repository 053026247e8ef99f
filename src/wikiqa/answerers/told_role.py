"""The asker's own job, told in the question, names the job table's row (hops57).

Two-document questions from staff open with who they are: "I'm a butcher and thinking of
handing my notice in. How much notice do I need to give?", "As a cleaner, how long is my
probation?", "I work as a checkout assistant - what's my hourly rate?". The job table
says "| Butcher | Grade 3 |" and the notice table is keyed by grade. The value bridge
(`key_bridge.carried_values`) takes a row as the question's only when the question names
one of its cells by a name of its own or by a phrase of several words, since one common
word ("butcher") said anywhere in a question names no row of a table in particular. Told
as the asker's own job ("I'm a ...", "I am a ...", "I work as a ...", "as a ..."), it does:
the asker says which row of the job table is theirs, in the table's own words, whole.

The told job must be the key cell whole (its bracketed aside and what follows its first
comma aside: "Customer assistant (shop floor, ...)", "Store manager, Superstore"), word
for word, and the told phrase must end there (at the question's punctuation or a function
word: "I'm a butcher and ...", "as a cleaner at Ilkley"), so "I'm a butchery manager" is
not "Butcher" and "I'm a bakery team leader" is not "Baker". The row so named only
carries its value: the answer must still be keyed by that value in another document and
clear the floor (within `key_bridge.CHAIN_SLACK`), as for a row named by a name.
"""

from __future__ import annotations

import re

from wikiqa.text.terms import STOPWORDS

# "I'm a butcher", "I am an HGV driver", "I work as a baker", "as a cleaner": the asker's
# own job, told; the phrase runs to the question's next punctuation
_TOLD = re.compile(
    r"\b(?P<lead>I['’]m|I\s+am|as)\s+(?:an?|the)\s+(?P<role>[^.,;:?!()\-–—]+)",
    re.I,
)
# "as a ..." is the asker's own job only in a question that speaks of the asker, and not
# after another person it could be said of ("recommending a mate as a mechanic", "a friend
# who is hired as an engineer", "Agnieszka Nowak ... as a trainer")
_FIRST_PERSON = re.compile(r"\b(?:I|I['’]m|me|my)\b")
_OTHER_PERSON = re.compile(
    r"\b(?:friend|mate|someone|somebody|colleague|he|she|they|him|her|them|who|whom|"
    r"partner|wife|husband|son|daughter|child|customer|contractor)\b",
    re.I,
)
_NAME = re.compile(r"\b[A-Z][a-z]+\s+[A-Z][a-z]+\b")  # "Agnieszka Nowak"
_WORD = re.compile(r"[\w'’&+]+")
MAX_WORDS = 4  # a job title's words, at most


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def told_jobs(question: str) -> list[list[str]]:
    """The phrases in which the asker tells their own job, each as its lower-case words
    (up to the phrase's punctuation)."""
    out = []
    for m in _TOLD.finditer(question):
        if m.group("lead").lower() == "as":
            before = question[: m.start()]
            clause = re.split(r"[.?!,;:]", before)[-1]
            if (
                not _FIRST_PERSON.search(question)
                or _OTHER_PERSON.search(clause)
                or _NAME.search(clause)
            ):
                continue
        out.append(_words(m.group("role")))
    return out


def _key_words(cell: str) -> list[str]:
    """The key cell's own words: less its bracketed aside and what follows its first
    comma ("Store manager, Local or Fuel & Go" -> store manager)."""
    bare = re.sub(r"\([^)]*\)", " ", cell).split(",")[0]
    return _words(bare)


def told_cell(question: str, cell: str) -> bool:
    """Does the asker tell, as their own job, exactly what the cell names: its words,
    whole and in order, opening a told phrase and closing it or followed by a function
    word?"""
    want = _key_words(cell)
    if not want or len(want) > MAX_WORDS or all(w in STOPWORDS for w in want):
        return False
    for said in told_jobs(question):
        if said[: len(want)] != want:
            continue
        after = said[len(want) : len(want) + 1]
        if not after or after[0] in STOPWORDS:
            return True
    return False
