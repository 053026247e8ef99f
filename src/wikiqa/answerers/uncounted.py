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

Bounded to lines that literally count something else (squad59): a line with no count at
all (other than a year) is left alone, since a policy line answers "how many approvals?"
with a list ("approval from the department head and from Finance") or its count stands in
the heading. An article or a determiner just before the noun counts it as one ("Casual
drivers receive a pass for themselves only", "each driver is issued a change float"), as
does a vague quantity ("several Huguenot families"). A heading line is not read, and a
time unit the question counts ("how many nights") is left alone like "days". And the line
must hold a count that counts another thing, a count followed by a noun that is not the
asked one and not a unit ("66 villes", "twenty-five widows"); a line whose counts are all
amounts ("more than 28 days", "£20", "10% of the work") is left alone, since a policy
line states amounts of the very thing it names far from its noun.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

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
_ONE_WORDS = frozenset(
    {"a", "an", "each", "every", "per", "only", "sole", "another", "several", "many",
     "few", "numerous", "various", "some", "twice", "double", "half", "multiple"}
)  # fmt: skip
_BEFORE = 2  # words before the noun within which an article or a determiner counts it
_MORE_UNITS = frozenset({"nights", "fortnights", "decades", "centuries", "shifts", "generations"})
_AMOUNT_WORDS = frozenset(
    {"percent", "per", "cent", "pence", "working", "calendar", "consecutive", "clear", "am",
     "pm", "hrs", "mins", "weeks'", "days'", "months'", "years'", "p.m", "a.m"}
)  # fmt: skip
_MONTHS = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
     "sept", "oct", "nov", "dec"}
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
    if any(
        w in UNIT_NOUNS or w in _MORE_UNITS or w in _PARTICLES or w in KIND_NOUNS for w in phrase
    ):
        return None
    if len(noun) < 4 or (len(noun) > 4 and noun.endswith("ed")):
        return None  # "how many regard themselves", "how many died": no noun
    return noun


def _same_noun(word: str, noun: str) -> bool:
    """Is `word` the counted noun itself, singular or plural, not a verb of the same stem
    ("approved" beside "approvals": a line may count the approvals by naming who approves)?"""
    forms = {noun, noun[:-1] if noun.endswith("s") else noun + "s"}
    if noun.endswith("es"):
        forms.add(noun[:-2])
    if noun.endswith("ies"):
        forms.add(noun[:-3] + "y")
    return word in forms


def _asked_lower(question: str, noun: str) -> bool:
    """Does the question write its counted noun in lower case?"""
    return any(w == noun for w in re.findall(r"[\w'’-]+", question))


def _is_count(tokens: list[str], i: int, noun_key: str) -> bool:
    token = tokens[i]
    if token[0].isdigit():
        if _YEAR.fullmatch(token):  # a year, unless it counts the noun ("1500 employees")
            return i + 1 < len(tokens) and key(tokens[i + 1]) == noun_key
        return True
    return token in _COUNT_WORDS


def _counts_thing(tokens: list[str], j: int, noun_key: str, money: set[str]) -> bool:
    """Does the count at `j` count a thing other than the asked noun ("66 villes",
    "twenty-five widows"), rather than an amount ("28 days", "£20", "10% of")?"""
    if tokens[j] in money:
        return False
    after = [t for t in tokens[j + 1 : j + 3] if t not in _COUNT_WORDS]
    if not after or not after[0].isalpha() or len(after[0]) < 3:
        return False
    if after[0] in _PHRASE_END or after[0] in _MONTHS or key(after[0]) == noun_key:
        return False
    if tokens[j] not in ("one", "1") and not after[0].endswith("s"):
        return False  # "both open", "three-day": no plural thing counted
    return not any(
        t in UNIT_NOUNS
        or t in _MORE_UNITS
        or t + "s" in UNIT_NOUNS
        or t + "s" in _MORE_UNITS
        or t in _AMOUNT_WORDS
        for t in after
    )


def _has_count(text: str) -> bool:
    tokens = [t.lower() for t in _TOKEN.findall(text.replace("-", " "))]
    return any(_is_count(tokens, i, "") for i in range(len(tokens)))


def counts_other(question: str, line: str, around: Sequence[str] = ()) -> bool:
    """Does `line` name the thing a "how many" question counts without counting it?

    `around` holds the sentences just before and after the line in its paragraph: a count
    there may count the thing the line names ("Spare drivers cover sickness. Each depot
    keeps four."), so the line is then left alone."""
    noun = counted_noun(question)
    if noun is None:
        return False
    if any(_has_count(t) for t in around):
        return False
    text = line.strip()
    if "|" in text or _LABEL.match(text) or text.startswith("#"):
        return False
    tokens = [t.lower() for t in _TOKEN.findall(text.replace("-", " "))]
    noun_key = key(noun)
    raw = _TOKEN.findall(text.replace("-", " "))
    # A noun written with a capital inside the line is part of a name ("Fellbrook Homes"),
    # not the thing a lower-case question counts.
    named = noun[:1].islower() and _asked_lower(question, noun)
    at = [
        i
        for i, t in enumerate(tokens)
        if t.isalpha() and _same_noun(t, noun) and not (named and i > 0 and raw[i][:1].isupper())
    ]
    if not at:
        return False  # the line does not say the thing: other readings weigh that
    counts = [i for i in range(len(tokens)) if _is_count(tokens, i, noun_key)]
    if not counts:
        return False  # no count of anything: a list or the heading may give it
    if any(abs(i - j) <= NEAR for i in at for j in counts):
        return False
    if any(t in _ONE_WORDS for i in at for t in tokens[max(0, i - _BEFORE) : i]):
        return False  # "a pass", "each driver", "several families": counted
    # Money, a decimal, a clock time or a code ("£20", "1.5", "05:00", "P1") is no count.
    money = set(re.findall(r"[£$€]\s?(\d[\d,.]*\d|\d)", text))
    money |= set(re.findall(r"[A-Za-z](\d+)", text))
    money |= {t for t in tokens if "." in t or ":" in t}
    money |= set(re.findall(r"(\d+)[.:]\d", text)) | set(re.findall(r"\d[.:](\d+)", text))
    if not any(_counts_thing(tokens, j, noun_key, money) for j in counts):
        return False  # every count is an amount (days, pounds, a share): none counts a rival
    # A count that does what the question asks of its noun, the noun left unsaid beside
    # it ("How many Huguenots were killed ...?" over "... when 5,000 to 30,000 were killed").
    asked = set(keys(asked_clause(question))) - {noun_key}
    return not any(
        key(t) in asked for j in counts for t in tokens[j + 1 : j + 1 + AFTER] if t.isalpha()
    )
