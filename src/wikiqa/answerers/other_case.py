"""A line that speaks of another case than the one the question asks about.

"What is the term for the set of all *unconnected* graphs ...?" over "... the set of all
*connected* graphs"; "What are the *least* well known complexity resources?" over "time and
space are the *most* well-known complexity resources"; "*After* the introduction of X.25 in
1973, how many network technologies had been developed?" over "*Before* the introduction of
X.25 in 1973, about twenty ...". The line copies the question's words but one, and that one
is turned into its opposite: it speaks of the thing asked about and says the other case, so
it does not answer a question asking for something about this case. SQuAD 2.0 writes a share
of its unanswerable questions this way; a handbook line that gives the minimum where the
question asks for the maximum, or the rule for private documents where it asks about public
ones, does not answer either.

`opposite_pairs` finds such a pair: a word of the asking clause and, in the line, its
opposite in the same phrase, that is with a content word of its own phrase beside it (within
NEAR words) that is beside the question's word too ("least *well* known" / "most
well-*known*", "*unconnected graphs*" / "connected *graphs*"), and the line never says the
question's word beside that word. Opposites are:

* a negating prefix (`_PREFIXED`): un- / non- on any word of four letters or more,
  in- / im- / il- / ir- / a- only on a word that reads as an adjective or adverb
  (-able, -al, -ent, -ous, -ly, ...: "informal", "incorrect", "inappropriate",
  "asynchronously"; not "intakes" / "takes");
* the two ends of a scale or a reversed pair of a closed list (`_OPPOSITES`): sizes and
  amounts (more / less, biggest / smaller), order in time (before / after, first / last),
  direction of change (increase / decrease), and a few pairs of states (public / private,
  accepted / rejected, majority / minority, maximum / minimum).

A negation that cancels the opposite ("unknown" / "not known") is agreement, not a mismatch:
the pair counts only when both words are negated or neither is. A word that asks ("how long",
"how many") or bounds ("at least", "at most") is not the scale word it spells. A yes/no
question is never mismatched: "Is the canteen open on Sundays?" is answered, with a no, by
"The canteen is closed on Sundays" (the caller passes the question's type).

`swapped_numbers` finds the same with a number that names the case, a year, an ordinal or a
number in a code: "Who patented a steam engine in 1883?" over "In 1781 James Watt patented a
steam engine" (`_CASE_NUMBER`; counts and amounts are the asker's own numbers in a handbook
question and are left alone). `other_case` is either, and the answerer reads it as a
negation mismatch (features.answer_features, `neg_mismatch`): the line states the case the
question does not ask about.
"""

from __future__ import annotations

import re
from itertools import product

from wikiqa.answerers.features import asked_clause, key
from wikiqa.text.terms import STOPWORDS

__all__ = ["opposite_pairs", "other_case", "swapped_numbers"]

NEAR = 3  # words either side that make up a word's phrase

_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_NEGATORS = frozenset({"not", "never", "no", "non", "without", "cannot", "neither", "nor"})

# The two ends of each scale (every form on a side is the opposite of every form on the
# other). Comparatives and superlatives sit with their plain form: "the biggest settlement"
# is opposed by "smaller settlements".
_SCALES: tuple[tuple[str, str], ...] = (
    ("big bigger biggest large larger largest huge", "small smaller smallest little tiny"),
    ("more most greater greatest", "less least fewer fewest lesser"),
    ("many", "few"),
    ("high higher highest upper", "low lower lowest"),
    ("long longer longest", "short shorter shortest"),
    ("old older oldest", "young younger youngest"),
    ("old older oldest", "new newer newest"),
    ("early earlier earliest", "late later latest"),
    ("first", "last final"),
    ("before prior", "after"),
    ("fast faster fastest quick quicker quickest", "slow slower slowest"),
    ("good better best", "bad worse worst"),
    ("strong stronger strongest", "weak weaker weakest"),
    ("hot hotter hottest warm warmer warmest", "cold colder coldest cool cooler coolest"),
    ("wide wider widest broad", "narrow narrower narrowest"),
    ("deep deeper deepest", "shallow"),
    ("heavy heavier heaviest", "light lighter lightest"),
    ("cheap cheaper cheapest", "expensive costly"),
    ("easy easier easiest simple simpler simplest", "difficult harder hardest complex"),
    ("maximum max", "minimum min"),
    ("majority", "minority"),
    ("increase increased increases increasing", "decrease decreased decreases decreasing"),
    ("rise rises rose risen rising", "fall falls fell fallen falling"),
    ("gain gains gained", "loss losses lose lost"),
    ("win wins won winning", "lose loses lost losing"),
    ("accept accepts accepted accepting acceptance", "reject rejects rejected rejecting rejection"),
    ("agree agrees agreed agreeing", "refuse refuses refused refusing"),
    (
        "allow allows allowed permit permits permitted",
        "forbid forbids forbidden prohibit prohibits prohibited ban bans banned",
    ),
    ("include includes included including", "exclude excludes excluded excluding"),
    ("public", "private"),
    ("internal", "external"),
    ("inside", "outside"),
    ("north northern", "south southern"),
    ("east eastern", "west western"),
    ("positive", "negative"),
    ("success successful succeed succeeded", "failure failed fail fails"),
    ("rich", "poor"),
    ("common commonly often frequently", "rare rarely seldom"),
    ("always", "never"),
    ("import imports imported", "export exports exported"),
    ("ancient", "modern"),
)
_OPPOSITES: dict[str, frozenset[str]] = {}
for _a, _b in _SCALES:
    for _x, _y in product(_a.split(), _b.split()):
        _OPPOSITES[_x] = _OPPOSITES.get(_x, frozenset()) | {_y}
        _OPPOSITES[_y] = _OPPOSITES.get(_y, frozenset()) | {_x}
_SCALE_WORDS = frozenset(_OPPOSITES)

# A word read as asking or bounding, not as the scale it spells: "how long", "at least".
_ASKING = frozenset({"how", "at"})

# Prefixes that negate, and what the bare word must look like for each to negate it.
_ANY_PREFIXES = ("non", "un")
_ADJECTIVE_PREFIXES = ("in", "im", "il", "ir", "a")
_ADJECTIVE = re.compile(
    r"(able|ible|al|ant|ent|ary|ate|ect|ete|ic|ive|ous|ful|ar|id|ual)(ly)?$|(ent|ant)ly$"
)
_MIN_BARE = 4


def _prefixed(negated: str, bare: str) -> bool:
    """Is `negated` the word `bare` with a negating prefix ("unconnected" / "connected",
    "asynchronously" / "synchronously")?"""
    if len(bare) < _MIN_BARE or not negated.endswith(bare):
        return False
    prefix = negated[: -len(bare)].rstrip("-")
    if prefix in _ANY_PREFIXES:
        return True
    if prefix not in _ADJECTIVE_PREFIXES or not _ADJECTIVE.search(bare):
        return False
    if prefix == "a":
        return len(bare) >= 6 and bare[0] not in "aeiou"
    need = {"im": "bmp", "il": "l", "ir": "r"}.get(prefix)
    return need is None or bare[0] in need


def _opposed(a: str, b: str) -> bool:
    return b in _OPPOSITES.get(a, ()) or _prefixed(a, b) or _prefixed(b, a)


def _tokens(text: str) -> list[str]:
    """Lower-case words; a hyphenated word is its parts ("worst-case", "non-shared")."""
    return [t.lower() for t in _TOKEN.findall(text.replace("-", " "))]


def _content(token: str) -> bool:
    return token not in STOPWORDS and token not in _NEGATORS and token not in _SCALE_WORDS


def _phrase(tokens: list[str], i: int) -> frozenset[tuple[int, str]]:
    """The content words within NEAR words of position i, by side: (-1, key) before it,
    (1, key) after it."""
    lo, hi = max(0, i - NEAR), min(len(tokens), i + NEAR + 1)
    return frozenset(
        (1 if n > i else -1, key(t))
        for n, t in enumerate(tokens[lo:hi], lo)
        if n != i and _content(t)
    )


def _negated(tokens: list[str], i: int) -> bool:
    """Is the word at i negated by one of the two words before it ("not known", "non
    shared", "is not always")?"""
    return any(t in _NEGATORS or t.endswith(("n't", "n’t")) for t in tokens[max(0, i - 2) : i])


def _than(tokens: list[str], i: int) -> str | None:
    """The key of the first content word after "than" right after position i ("less
    efficient than steam turbines": "steam"), or None when no "than" follows."""
    rest = tokens[i + 1 : i + 3]
    if "than" not in rest:
        return None
    after = tokens[i + 2 + rest.index("than") :]
    return next((key(t) for t in after if _content(t)), "")


def _same_comparand(q: list[str], i: int, s: list[str], j: int) -> bool:
    """A comparison turned round names another thing after "than" ("steam turbines ... more
    efficient than reciprocating engines" answers "What engines were less efficient than
    steam turbines?"): opposite comparatives oppose only when they compare with the same
    thing, or neither compares with anything."""
    a, b = _than(q, i), _than(s, j)
    return a == b


def _asking(tokens: list[str], i: int) -> bool:
    return i > 0 and tokens[i - 1] in _ASKING


def opposite_pairs(question: str, sentence: str) -> list[tuple[str, str]]:
    """(question word, the line's opposite of it) for each word of the asking clause whose
    opposite the line says in the same phrase, without saying the word itself there."""
    q = _tokens(asked_clause(question))
    s = _tokens(sentence)
    found: list[tuple[str, str]] = []
    said = frozenset(key(t) for t in s)
    for i, w in enumerate(q):
        if _asking(q, i) or len(w) < 2 or key(w) in said:
            continue  # a line saying the word too speaks of the question's case as well
        near_q = _phrase(q, i)
        if not near_q:
            continue
        for j, v in enumerate(s):
            if _asking(s, j) or not _opposed(w, v) or v in q:
                continue  # a question saying both ends asks about both
            if not near_q & _phrase(s, j) or not _same_comparand(q, i, s, j):
                continue
            if _negated(q, i) != _negated(s, j):
                continue  # "unknown" / "not known": the same case
            found.append((w, v))
            break
    return found


# The numbers that name a case: a year ("in 1974", "the 1970s"), an ordinal ("the 20th
# century", "2nd"), a number inside a code or name ("X.75", "OC-12c", "10BASE5"). A plain
# count or amount is left alone: a handbook question tells the asker's own numbers ("been
# here 6 years", "12 hour shifts", "called out at 2am") that a line answers with a band,
# a bound or another unit ("5 years to less than 10 years", "a minimum of 3 hours").
_CASE_NUMBER = re.compile(
    r"(?<![\w.,])(1[0-9]{3}|20[0-9]{2})(?=s?\b)(?![.,]\d)"  # a year
    r"|(?<![\w.,])(\d+)(?=(?:st|nd|rd|th)\b)"  # an ordinal
    r"|(?<=[A-Za-z][.-])(\d+)|(?<=[A-Za-z])(\d+)|(\d+)(?=[A-Za-z]+\d)",  # inside a code
)
# Words before a number that make it a bound of a span rather than the case itself ("since
# 1974", "from 1974 to 1979", "around 1700", "by 1980"), and after it ("1974 onwards", "G7
# and above", "grade 5 or higher").
_BOUNDS_BEFORE = frozenset({"over", "under", "above", "below", "than", "to", "up", "least",
                            "most", "from", "after", "before", "since", "until", "till",
                            "between", "within", "around", "about", "approximately", "nearly",
                            "almost", "roughly", "circa", "c", "beginning", "by", "through",
                            "pre", "post"})  # fmt: skip
_BOUNDS_AFTER = re.compile(
    r"^s?\s*(?:[-–—+]|to\b|onwards|and\s+(?:after|later|before|above|over|up|below|under)\b"
    r"|or\s+(?:above|over|more|higher|later|earlier|below|under|less|lower)\b)",
    re.I,
)


# Words either side of a number that make up what it is the number of: a year sits further
# from its verb than a scale word from its head ("patented a steam engine in 1883", "In 1781
# James Watt patented").
NUMBER_NEAR = 5


def _case_numbers(text: str) -> list[tuple[int, str, bool, frozenset[str]]]:
    """(kind, number, bounded, phrase) of each case-naming number of `text`: kind 0 a year,
    1 an ordinal, 2 a number in a code; bounded when a word around it makes it a bound
    (`_BOUNDS_BEFORE`, `_BOUNDS_AFTER`); phrase the keys of the content words within
    NUMBER_NEAR words either side."""
    out = []
    for m in _CASE_NUMBER.finditer(text):
        kind = next(k for k, g in enumerate(m.groups()) if g is not None)
        before = _tokens(text[: m.start()])
        after = _tokens(text[m.end() :])
        bounded = bool(before and before[-1] in _BOUNDS_BEFORE) or bool(
            _BOUNDS_AFTER.match(text[m.end() : m.end() + 12])
        )
        near = [*before[-NUMBER_NEAR:], *after[:NUMBER_NEAR]]
        phrase = frozenset(key(t) for t in near if _content(t))
        out.append((min(kind, 2), m.group(), bounded, phrase))
    return out


def swapped_numbers(question: str, line: str, context: str = "") -> list[tuple[str, str]]:
    """(question number, the line's number in its place) for each case-naming number of the
    asking clause (a year, an ordinal, a number in a code: `_CASE_NUMBER`) that neither the
    line nor its `context` (heading, title) says, where the line states another number of
    the same kind, not as a bound (`_BOUNDS_BEFORE`), in the same phrase (a content word
    within NUMBER_NEAR words of both), and no two of the line's numbers of that kind bracket
    it (a span the number falls in): "Who developed an axiomatic
    complexity theory in 1974?" over "In 1967, Manuel Blum developed an axiomatic complexity
    theory"; "What was the Australian public X.75 network?" over "AUSTPAC was an Australian
    public X.25 network"."""
    asked = _case_numbers(asked_clause(question))
    if not asked:
        return []
    said = {n for _, n, _, _ in _case_numbers(f"{line} {context}")}
    line_numbers = _case_numbers(line)
    found = []
    for kind, n, span, phrase in asked:
        if span or n in said:
            continue  # a span asked ("since 1971") or a number the line says
        values = [int(m) for k, m, _, _ in line_numbers if k == kind]
        if any(a <= int(n) <= b for a in values for b in values if a < b):
            continue  # inside a span the line gives
        other = next(
            (m for k, m, b, near in line_numbers if k == kind and not b and near & phrase), None
        )
        if other is not None:
            found.append((n, other))
    return found


def other_case(question: str, line: str, wh: str, context: str = "") -> bool:
    """Does the line speak of another case than the one asked about: the opposite of a word
    the question asks about (`opposite_pairs`), or another number in place of the one it
    names (`swapped_numbers`)? Never for a yes/no question (`wh` "yesno"), which a line
    saying the other case answers with a no."""
    if wh == "yesno":
        return False
    return bool(opposite_pairs(question, line) or swapped_numbers(question, line, context))
