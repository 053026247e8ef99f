"""Words a stemmer cannot join: a country's three names, and a relative and their kind.

A country is named three ways: its name, its adjective and its short form.

A handbook's table says "| Poland | 80% |" and its policy "Sick Pay: Poland", while the
reader asks about "the Polish depot"; a row says "United Kingdom" and the reader "in the
UK". A stemmer joins none of these. `other_forms` gives, for the matching keys of a text,
the keys of every other form of each country it names, so a question naming a country one
way matches a row or a title naming it another.

A relative is named by who they are or by their kind: a bereavement table says "| Sibling,
grandparent or grandchild | 3 days |" and the reader asks "If my brother dies ...". Each
kind in `_KIN` is joined to the relatives it covers, both ways, but a relative is not
another of the same kind (a brother is a sibling, not a sister).

The tables are data, not a rule per question: the countries a handbook of a European or
North American organisation is likely to name, each with its adjective (or nationality)
and its common short forms. Short forms that are also English words ("US", "IT") are
left out: "us" is a stopword and "IT" is a department.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

# (name, other forms): each a phrase of one or more words.
_COUNTRIES: tuple[tuple[str, ...], ...] = (
    ("United Kingdom", "UK", "Britain", "Great Britain", "British", "GB"),
    ("United States", "USA", "American", "America"),
    ("Ireland", "Irish", "Republic of Ireland"),
    ("Netherlands", "Dutch", "Holland"),
    ("Poland", "Polish"),
    ("Germany", "German"),
    ("France", "French"),
    ("Spain", "Spanish"),
    ("Portugal", "Portuguese"),
    ("Italy", "Italian"),
    ("Belgium", "Belgian"),
    ("Switzerland", "Swiss"),
    ("Austria", "Austrian"),
    ("Sweden", "Swedish"),
    ("Norway", "Norwegian"),
    ("Denmark", "Danish"),
    ("Finland", "Finnish"),
    ("Czech Republic", "Czechia", "Czech"),
    ("Hungary", "Hungarian"),
    ("Romania", "Romanian"),
    ("Greece", "Greek"),
    ("Canada", "Canadian"),
    ("Mexico", "Mexican"),
    ("Brazil", "Brazilian"),
    ("India", "Indian"),
    ("China", "Chinese"),
    ("Japan", "Japanese"),
    ("Singapore", "Singaporean"),
    ("Australia", "Australian"),
    ("New Zealand", "NZ"),
    ("Scotland", "Scottish"),
    ("Wales", "Welsh"),
    ("England", "English"),
)


# (kind, relatives of that kind)
_KIN: tuple[tuple[str, ...], ...] = (
    ("sibling", "brother", "sister", "stepbrother", "stepsister"),
    ("parent", "mother", "father", "mum", "mom", "dad", "stepmother", "stepfather"),
    (
        "grandparent",
        "grandmother",
        "grandfather",
        "grandma",
        "grandpa",
        "granny",
        "grandad",
        "granddad",
        "gran",
        "nan",
        "nana",
        "nanna",
        "nannie",
        "grandmum",
        "grandmom",
    ),
    ("child", "children", "son", "daughter", "stepson", "stepdaughter"),
    ("grandchild", "grandson", "granddaughter"),
    ("partner", "spouse", "wife", "husband", "fiancé", "fiancée", "civil partner"),
    ("parent-in-law", "mother-in-law", "father-in-law"),
    ("relative", "aunt", "uncle", "niece", "nephew", "cousin"),
)
# every relative and kind of relative named above ("sister", "mum", "grandparent")
KIN_WORDS = frozenset(w for kind in _KIN for w in kind)


@lru_cache(maxsize=4)
def _forms(key_of: Callable[[str], list[str]]) -> tuple[tuple[frozenset[str], ...], ...]:
    """Each country's forms as sets of matching keys (under the caller's key function)."""
    out = []
    for names in _COUNTRIES:
        forms = tuple(frozenset(key_of(n)) for n in names)
        out.append(tuple(f for f in forms if f))
    return tuple(out)


@lru_cache(maxsize=4)
def _kin(key_of: Callable[[str], list[str]]) -> tuple[tuple[frozenset[str], ...], ...]:
    """Each kind of relative and the relatives it covers, as sets of matching keys (the
    kind first)."""
    return tuple(tuple(f for n in names if (f := frozenset(key_of(n)))) for names in _KIN)


def countries(found: Iterable[str], key_of: Callable[[str], list[str]]) -> tuple[str, ...]:
    """The names of the countries the keys `found` name by their name ("Spain", "United
    Kingdom"), not by an adjective or short form: "Spanish" is also a language and "GB" a
    unit, so a question saying them does not surely name a place."""
    have = set(found)
    return tuple(
        names[0]
        for names, forms in zip(_COUNTRIES, _forms(key_of), strict=True)
        if forms and forms[0] <= have
    )


def other_forms(found: Iterable[str], key_of: Callable[[str], list[str]]) -> frozenset[str]:
    """The keys of the other forms of every country or relative the keys `found` name (all
    of one form's keys present): {"polish", "depot"} gives {"poland"}; {"uk"} gives
    {"unit", "kingdom", "britain", ...}; {"brother"} gives {"sibl", "sister", ...}. `key_of`
    turns a phrase into matching keys (features.keys)."""
    have = set(found)
    extra: set[str] = set()
    for forms in _forms(key_of):
        if any(f <= have for f in forms):
            for f in forms:
                extra |= f
    for kind, *members in _kin(key_of):
        if kind <= have:  # "Sibling" names a brother and a sister
            for f in members:
                extra |= f
        elif any(f <= have for f in members):  # "my brother" names a sibling
            extra |= kind
    return frozenset(extra - have)


# working abroad (time56): a place told by its country ("my sister's place in Spain") is a
# place abroad for a handbook of the UK, whose own nations are not abroad
_HOME_NATIONS = frozenset({"United Kingdom", "Scotland", "Wales", "England"})


def foreign_country_names() -> tuple[str, ...]:
    """The names (not adjectives: "Spanish" is also a language) of the countries above,
    and "America" and "Holland", that are not the UK or one of its nations."""
    names = [n[0] for n in _COUNTRIES if n[0] not in _HOME_NATIONS]
    return (*names, "America", "Holland")
