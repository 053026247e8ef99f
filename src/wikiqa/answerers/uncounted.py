"""A how-many question over a line that names the counted thing but counts something else.

"How many Huguenots were there in 1598?" over "Montpellier was among the most important of
the 66 "villes de sûreté" that the Edict of 1598 granted to the Huguenots."; "How many
immigrant lacemakers were there in Bedfordshire?" over "The only reference to immigrant
lacemakers in this period is of twenty-five widows who settled in Dover". A "how many"
question asks for a count of the thing it names; a line that names that thing and puts no
count anywhere near it gives a count of something else (or none), so it names nothing that
answers, however many of the question's other words it says. SQuAD 2.0 writes a share of its
unanswerable questions this way: it keeps the line's words and asks for a count the line
never gives of them.

Read narrowly: the counted noun is the last word of the phrase after "how many" (up to an
auxiliary or a preposition, `attribute._PHRASE_END`); a unit or a kind of value ("how many
days", "how many times", "how many people", "how many types") is left alone, since a line
counts those in other words ("a fortnight", "twice", "staff", "a population of"). The line
must say the noun (by its matching key), and no count may stand within `NEAR` words of it
on either side ("Huguenot numbers peaked near an estimated two million": counted); a year
is no count unless the noun follows it. A count followed within `AFTER` words by a word of
the question's predicate counts the asked thing with the noun left unsaid ("How many
Huguenots were killed ...?" over "... 5,000 to 30,000 were killed"). A table row or header (any line with a "|") or a "label: value" line is not
read: its count stands under a header, not beside the noun.
"""

from __future__ import annotations

import re

from wikiqa.answerers.attribute import _PARTICLES, _PHRASE_END, KIND_NOUNS, UNIT_NOUNS
from wikiqa.answerers.features import asked_clause, key, keys
from wikiqa.answerers.ranges import WORD_NUMBERS

__all__ = ["counted_noun", "counts_other"]

NEAR = 6  # words either side of the noun within which a count counts it
AFTER = 3  # words after a count read for the question's own predicate
_HOW_MANY = re.compile(r"\bhow\s+many\s+(.*)$", re.I)
_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?|\d[\d,.]*\d|\d")
_COUNT_WORDS = frozenset(
    {*WORD_NUMBERS, "dozen", "dozens", "hundred", "hundreds", "thousand", "thousands",
     "million", "millions", "billion", "billions", "twenty", "thirty", "forty", "fifty",
     "sixty", "seventy", "eighty", "ninety", "thirteen", "fourteen", "fifteen", "sixteen",
     "seventeen", "eighteen", "nineteen", "single", "both", "couple", "pair", "none",
     "zero"}
)  # fmt: skip
_YEAR = re.compile(r"1\d{3}|20\d{2}")
_LABEL = re.compile(r"^[^:]{1,60}:\s*\S")  # "Annual leave: 25 days"


def counted_noun(question: str) -> str | None:
    """The noun a "how many" question counts, lower-cased, or None (no such question, or a
    unit, a particle or a kind of value)."""
    m = _HOW_MANY.search(asked_clause(question))
    if not m:
        return None
    phrase: list[str] = []
    for word in re.findall(r"[\w'’-]+", m.group(1))[:5]:
        if word.lower() in _PHRASE_END:
            break
        phrase.append(word.lower().rstrip("'’"))
    if not phrase:
        return None
    noun = phrase[-1].rsplit("-", 1)[-1]
    if any(w in UNIT_NOUNS or w in _PARTICLES or w in KIND_NOUNS for w in phrase):
        return None
    if len(noun) < 4 or (len(noun) > 4 and noun.endswith("ed")):
        return None  # "how many regard themselves", "how many died": no noun
    return noun


def _is_count(tokens: list[str], i: int, noun_key: str) -> bool:
    token = tokens[i]
    if token[0].isdigit():
        if _YEAR.fullmatch(token):  # a year, unless it counts the noun ("1500 employees")
            return i + 1 < len(tokens) and key(tokens[i + 1]) == noun_key
        return True
    return token in _COUNT_WORDS


def counts_other(question: str, line: str) -> bool:
    """Does `line` name the thing a "how many" question counts without counting it?"""
    noun = counted_noun(question)
    if noun is None:
        return False
    text = line.strip()
    if "|" in text or _LABEL.match(text):
        return False
    tokens = [t.lower() for t in _TOKEN.findall(text.replace("-", " "))]
    noun_key = key(noun)
    at = [i for i, t in enumerate(tokens) if t.isalpha() and key(t) == noun_key]
    if not at:
        return False  # the line does not say the thing: other readings weigh that
    counts = [i for i in range(len(tokens)) if _is_count(tokens, i, noun_key)]
    if any(abs(i - j) <= NEAR for i in at for j in counts):
        return False
    # A count that does what the question asks of its noun, the noun left unsaid beside
    # it ("How many Huguenots were killed ...?" over "... when 5,000 to 30,000 were killed").
    asked = set(keys(asked_clause(question))) - {noun_key}
    return not any(
        key(t) in asked for j in counts for t in tokens[j + 1 : j + 1 + AFTER] if t.isalpha()
    )
