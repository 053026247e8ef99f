"""The attribute a question asks of its subject must be stated by the answer that cites it.

Why: an encyclopedia article speaks of its subject in every sentence, so a question about
that subject ("How many children did Ray Charles have?", "What was the production budget
of the film Cosmic Ray?") finds sentences that name the subject and score well for it,
whether or not the article says the thing asked. The answerability model weighs such a
gap as one feature among many (`features.subject_gap`, shipped at weight 0 because as a
soft weight it cost answers elsewhere). This is a hard, narrow rule outside the model:
when the question names its subject (`names_a_subject`) and its wording names the
attribute it asks for as a noun (`how many children`, `the budget of X`, `X's first
wife`, `who was the drummer on X`) or asks `how long` / `how tall`, an answer stands only if a cited sentence, or the heading, table header or infobox
label it is read under, states that noun (by the answerer's matching keys, an agent
noun's verb: "director" / "directed", or a small table of words that name the same
relation: "wife" / "married"). Nouns that only name the kind of value asked ("the name
of", "which year", "the city") are not attributes: a value of that kind answers without
repeating the word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from wikiqa.answerers.features import key, keys
from wikiqa.text.asking import without_courtesy
from wikiqa.text.terms import words


def _split(words: str) -> list[str]:
    return words.split()


# Nouns that say what kind of value is asked, not what relation: the answer is a value of
# that kind and need not repeat the word ("What is the nationality of X?" - "X is an
# American singer"; "the name of his label" - "Tangerine Records").
KIND_NOUNS = frozenset(
    _split("""name names title year years date day month time city town country state place
    location nationality type types kind kinds sort sorts genre language team club company band group
    album song film number amount term word one ones occupation profession job origin
    religion party position role colour color way reason part period level rate""")
)
# Counted nouns that are units: "how many people live in X" is answered by "population".
UNIT_NOUNS = frozenset(
    _split("""times people persons inhabitants residents citizens years months weeks days hours
    minutes seconds miles kilometres kilometers km metres meters feet inches pounds kilograms
    kg tons tonnes acres hectares gallons litres liters dollars euros percent degrees
    points""")
)
# Words in a noun's place that are not nouns: particles ("days off"), adverbs of place
# ("the ruling class ahead of"), pronouns ("how many regard themselves").
_PARTICLES = frozenset(
    _split("""off out up down away back over more less else ahead instead because outside
    inside front top them themselves they it itself he she him her""")
)
# Words that name the same relation as the attribute ("wife" / "married").
RELATED: dict[str, tuple[str, ...]] = {
    "wife": ("wives", "married", "spouse", "husband"),
    "husband": ("married", "spouse", "wife", "wives"),
    "spouse": ("married", "wife", "wives", "husband"),
    "child": ("children", "son", "sons", "daughter", "daughters", "kids"),
    "children": ("child", "son", "sons", "daughter", "daughters", "kids"),
    "height": ("tall", "high"),
    "length": ("long",),
    "width": ("wide",),
    "depth": ("deep",),
    "age": ("old", "aged"),
    "worth": ("fortune", "wealth", "estate"),
    "nickname": ("known", "called", "dubbed", "nicknamed"),
    "gross": ("box office", "grossed", "earned"),
}
# "How long ...": a length or duration must be said: a word for one, a clock time
# ("34:12"), or a number with a unit that is not an age ("11 years old") or a date ("ago").
_LONG_WORDS = frozenset(keys("long length duration lasted lasting runtime running"))
# "How tall / high ...": a height must be said: a word for one or a number with a unit.
_TALL_WORDS = frozenset(keys("tall height high elevation"))
_HEIGHT = re.compile(
    r"\b\d[\d,.]*\s*(?:m|cm|ft|metres?|meters?|centimetres?|centimeters?|feet|foot|inches)\b"
    r"|\b\d+\s*(?:ft|')\s*\d+",
    re.I,
)
_CLOCK = re.compile(r"\b\d{1,3}:\d{2}\b")
_MEASURE = re.compile(
    r"\b(?:\d[\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|"
    r"several|few)[\s-]+(?:seconds?|minutes?|mins?|hours?|days?|weeks?|months?|years?|"
    r"decades?|metres?|meters?|kilometres?|kilometers?|km|miles?|feet|ft)\b"
    r"(?![\s-]+(?:old|ago)\b)",
    re.I,
)
_BE = r"(?:is|was|are|were|'s)"
_MODS = r"((?:[a-z][\w-]*\s+){0,2}?)"  # up to two lower-case words before the noun
_HOW_MANY = re.compile(r"\bhow\s+many\s+(.*)$", re.I)
# Where the counted noun phrase ends: an auxiliary, a preposition, a relative word.
_PHRASE_END = frozenset(
    _split("""did does do is are was were has have had can will would could should may might must shall
    of in on at for by from with to that which who whom whose there when where while
    before after since during until than ago per over under about between among as
    the a an his her its their my your our this these those""")
)
_OF = re.compile(
    rf"^\s*(?:what|which|who)\s+{_BE}\s+(?:the|a|an)\s+{_MODS}([a-z][\w-]*)\s+"
    r"(?:of|for|on|in|at|behind|to)\s+(.+)$",
    re.I,
)
_POSSESSIVE = re.compile(
    rf"^\s*(?:what|which|who)\s+{_BE}\s+(.+?)['’]s?\s+{_MODS}([a-z][\w-]*)\s*"
    r"(?:\?|$|\s+(?:when|in|at|on|during|before|after|by|as)\b)",
    re.I,
)
_POSSESSIVE_TAIL = re.compile(rf"^(.+?)['’]s?\s+{_MODS}([a-z][\w-]*)\s*(?:\?|$)", re.I)
_HOW_LONG = re.compile(r"^\s*how\s+long\b", re.I)
# "How long has X been ...": a duration up to now, said by its start ("since 1957").
_HOW_LONG_SINCE = re.compile(r"^\s*how\s+long\s+(?:has|have|had)\b", re.I)
_SINCE = re.compile(r"\bsince\b|\b(?:1[0-9]{3}|20[0-9]{2})s?\b", re.I)
LONG_SINCE = "how long since"  # the attribute of "How long has X been ..."
_HOW_TALL = re.compile(r"^\s*how\s+(?:tall|high)\b", re.I)
# "When / In what year was X (first) arrested ...?", X a short name, not a description
# ("the film that starred ..."): a date answers only the event the participle names; a year the page gives for something else ("Years active: 1947-2004")
# does not. Regular participles only ("-ed"): "born", "built" are answered by their labels.
_WHEN_PASSIVE = re.compile(
    r"^\s*(?:(?:in|on|at|during|by)\s+)?(?:when|(?:what|which)\s+(?:year|date|decade|month))\s+"
    r"(?:was|were)\s+(\S.*?)\s+(?:(?:first|originally|initially|officially|last|finally)\s+)?"
    r"([a-z]{3,}ed)\b",
    re.I,
)
# Events of a thing's making, which its description dates without the verb ("Quiet Hours is
# a 1962 studio album", "a 1930 song", "the 1842 university"): not checked.
_MADE = frozenset(
    _split("""created founded established formed built constructed made released recorded
    published written composed produced issued launched introduced developed invented
    designed started opened completed begun finished filmed premiered""")
)
_AGENT = re.compile(r"(?:er|or|ist|ian|ress)$")
MIN_PREFIX = 5  # a shorter key is too often the start of an unrelated word
LONG = "how long"  # the attribute of a "How long ..." question
TALL = "how tall"  # of "How tall / high ..."


def asked_attribute(question: str) -> str | None:
    """The noun naming what the question asks of its subject, lower-cased, or `LONG` for
    "How long ..."; None when the question does not ask in one of these shapes or names
    only the kind of value it wants."""
    q = without_courtesy(question).strip()
    if _HOW_LONG_SINCE.match(q):
        return LONG_SINCE
    if _HOW_LONG.match(q):
        return LONG
    if _HOW_TALL.match(q):
        return TALL
    m = _WHEN_PASSIVE.match(q)  # "In what year was X first arrested ...?"
    if m and m.group(2).lower() not in _MADE and _names_a_subject(m.group(1)):
        return m.group(2).lower()
    m = _HOW_MANY.search(q)
    if m:
        phrase: list[str] = []
        for word in re.findall(r"[\w'’-]+", m.group(1))[:5]:
            if word.lower() in _PHRASE_END:
                break
            phrase.append(word.lower().rstrip("'’"))  # "days' notice": the plural's possessive
        noun = phrase[-1] if phrase else ""
        if not noun or any(w in UNIT_NOUNS or w in _PARTICLES for w in phrase):
            return None  # "how many days off": a count of units, whatever follows
        return _attribute(noun)
    m = _POSSESSIVE.match(q)
    if m and len(m.group(1).split()) <= 6:
        return _attribute(m.group(3))
    m = _OF.match(q)
    if m and _names_a_subject(m.group(3)):
        noun = m.group(2).lower()
        if noun in ("name", "names"):  # "the name of X's first wife": what X's is asked
            tail = _POSSESSIVE_TAIL.match(m.group(3).strip())
            return _attribute(tail.group(3)) if tail else None
        return _attribute(noun)
    return None


def _names_a_subject(rest: str) -> bool:
    """Is what follows "the budget of" a short name of the subject, not a description
    ("the city where ... is located") or a clause going on ("X voted to be ...")? A
    described subject is a bridge's, which answers in a second document."""
    found = re.findall(r"[\w'’-]+", rest)
    return 0 < len(found) <= MAX_SUBJECT_WORDS and not any(w.lower() in _CLAUSE for w in found)


MAX_SUBJECT_WORDS = 8
_CLAUSE = frozenset(
    _split(
        "who whom whose which that where when what whether is was were are be been did does do "
        "has have had"
    )
)


def _attribute(noun: str) -> str | None:
    """`noun` unless it names a kind of value, is not a noun, or is a participle ("the
    prize offered for ...")."""
    noun = noun.lower()
    if noun in KIND_NOUNS or noun in _PARTICLES or (len(noun) > 4 and noun.endswith("ed")):
        return None
    return noun.rsplit("-", 1)[-1]  # "half-brother": a brother


def _forms(attribute: str) -> tuple[frozenset[str], str]:
    """The keys that state `attribute`, and its verb stem when it is an agent noun
    ("drummer" -> "drum", "director" -> "direct"; "" otherwise)."""
    found = {key(attribute), *(key(w) for w in RELATED.get(attribute, ()) if " " not in w)}
    verb = ""
    if len(attribute) > 5 and _AGENT.search(attribute):
        verb = _AGENT.sub("", attribute)
        if len(verb) > 3 and verb[-1] == verb[-2]:  # "drummer" -> "drumm" -> "drum"
            verb = verb[:-1]
    return frozenset(found), verb if len(verb) >= 4 else ""


def states_attribute(attribute: str, texts: Iterable[str]) -> bool:
    """Does one of `texts` (a cited sentence, its heading, a table's header) state it?"""
    joined = "\n".join(texts)
    said = set(keys(joined))
    if attribute == TALL:
        return bool(said & _TALL_WORDS) or _HEIGHT.search(joined) is not None
    if attribute == LONG_SINCE and _SINCE.search(joined):
        return True
    if attribute in (LONG, LONG_SINCE):
        return bool(said & _LONG_WORDS) or bool(_CLOCK.search(joined) or _MEASURE.search(joined))
    # "Open 8:30 to 17:00" gives the hours; "visiting from 10:30 to 12:00" the visiting times
    # (a clock time is what "times" asks for, as "hours" does: not "double time", wrong64)
    if attribute in ("hours", "times") and _CLOCK.search(joined):
        return True
    forms, verb = _forms(attribute)
    phrases = [set(keys(p)) for p in RELATED.get(attribute, ()) if " " in p]
    if said & forms or any(p <= said for p in phrases):
        return True
    stem = key(attribute)  # a derivation the stemmer keeps apart: "rival" / "rivalry"
    if len(stem) >= MIN_PREFIX and any(w.startswith(stem) for w in said):
        return True
    return bool(verb) and any(w.startswith(verb) for w in said)


def names_a_subject(question: str, titles: Iterable[str]) -> bool:
    """Does the question name the subject it asks about: a name it capitalises past its
    first word ("How many children did Ray Charles have?"), or, typed all in lower case,
    every word of a cited page's title ("how many children did ray charles have")? A
    question that names nothing ("What is the deadline for expense claims?") asks about
    its reader's own world, where wording differs more than an attribute's name; it is
    left to the answerability model."""
    said = words(without_courtesy(question))
    if any(w[:1].isupper() and w != "I" for w in said[1:]):
        return True
    if not said or said[0][:1].isupper():  # typed with capitals, and names nothing
        return False
    asked = set(keys(question))
    return any((named := set(keys(_QUALIFIER.sub("", t)))) and named <= asked for t in titles)


_QUALIFIER = re.compile(r"\s*\([^)]*\)$")
