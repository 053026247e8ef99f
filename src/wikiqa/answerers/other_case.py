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
well-*known*", "*unconnected graphs*" / "connected *graphs*"), and the line does not say the
question's word in the same phrase (a content word of its phrase beside it) as well: "Who
*agreed* to sign the Social Charter?" over "The UK *refused* to sign the Social Charter ...
unless it *agreed* to be bound" is a mismatch, since the line's "agreed" is said of being
bound, not of signing. Opposites are:

* a negating prefix (`_PREFIXED`): un- / non- on any word of four letters or more,
  in- / im- / il- / ir- / a- only on a word that reads as an adjective or adverb
  (-able, -al, -ent, -ous, -ly, ...: "informal", "incorrect", "inappropriate",
  "asynchronously"; not "intakes" / "takes");
* the two ends of a scale or a reversed pair of a closed list (`OPPOSITES`): sizes and
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
question and are left alone).

`swapped_names` finds it with a name: the line says the word the question's name stands
before, with another name before it in the same place ("How did *Yale* introduce a new era
in football?" over "*Harvard Stadium* introduced a new era into football"; "When did Herve
serve as a *Norman* general?" over "... to serve as a *Byzantine* general"), and does not say
the question's name before it; two forms of one name (an acronym, a part of the name,
another spelling) are no swap. `swapped_roles` finds the question's name in the other role
of the same verb: the question makes it the doer ("When did *King Harold II* conquer
England?") and the line the done-to ("William ... conquered England killing *King Harold
II*"), or the other way round; read from word order and the passive ("was ... by") only,
in one clause, for the three shapes of question that tell the role without a parser (`did
NAME VERB`, `was NAME VERBed`, `who/what VERB NAME`); a verb after "be" and an adverb or
two ("were first encouraged ... by the Lombards") is passive too, and a name an -ly adverb
parts from its verb ("the United States unilaterally pulled out") stands before it.

`swapped_slots` finds it in the slot after a word and a preposition: the question's wh-word
fills one slot of its clause, so a name the question puts in another ("How many Huguenots
were killed *in Bordeaux*?") is a condition the answer must meet, and a line filling the
same slot of the same word with another name ("... were killed *in Paris*", or put first:
"*In Berlin*, the Huguenots created two new neighbourhoods"), and naming
the question's nowhere, answers for that other name. The asked slot holds the wh-word, not a
name, so a name after a preposition the question does not fill ("Who presented the
trophy?" over "presented by Frank Lowy") is left alone.

`absent_doer` finds a past question's doer missing from the line: "What did *Iran* do on
Yom Kippur?" over "On October 6, 1973, Syria and Egypt ... launched a surprise attack on
Israel, on Yom Kippur": the question names who acted (the name right after "did"), and a
line that says it nowhere, nor its heading or title, in any form (an acronym, another
spelling), and has no pronoun that could stand for it, tells what someone else did.

`other_case` is any of these, and the answerer reads it as a negation mismatch
(features.answer_features, `neg_mismatch`): the line states the case the question does not
ask about.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from itertools import product

from wikiqa.answerers.affirmed_act import affirmed_act
from wikiqa.answerers.denied_act import denied_act
from wikiqa.answerers.denied_predicate import denied_predicate
from wikiqa.answerers.features import WH_WORDS, asked_clause, key
from wikiqa.text.number_words import ORDINAL_WORDS, ordinal_value
from wikiqa.text.terms import STOPWORDS, is_demonym

__all__ = [
    "absent_doer",
    "opposite_pairs",
    "opposites_of",
    "other_case",
    "swapped_names",
    "swapped_numbers",
    "swapped_numerals",
    "swapped_periods",
    "swapped_roles",
    "swapped_slots",
]

NEAR = 3  # words either side that make up a word's phrase

_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# words that negate the word after them (is_negator); shared with clause_opposite.py
NEGATORS = frozenset({"not", "never", "no", "non", "without", "cannot", "neither", "nor"})

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
    (
        "easy easier easiest simple simpler simplest simplicity",
        "difficult difficulty harder hardest complex complexity",
    ),
    ("soft softer softest", "hard harder hardest"),
    ("finite limited restricted", "infinite unlimited unrestricted"),
    ("abstract", "concrete"),
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
    ("born birth", "died death"),
)


def opposites_of(scales: tuple[tuple[str, str], ...]) -> dict[str, frozenset[str]]:
    """Each word of each scale with every word on the other side of its scale."""
    out: dict[str, frozenset[str]] = {}
    for a, b in scales:
        for x, y in product(a.split(), b.split()):
            out[x] = out.get(x, frozenset()) | {y}
            out[y] = out.get(y, frozenset()) | {x}
    return out


OPPOSITES = opposites_of(_SCALES)
_SCALE_WORDS = frozenset(OPPOSITES)

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


def opposed_words(a: str, b: str) -> bool:
    """Are `a` and `b` opposite ends of one scale (OPPOSITES), or is one the other with a
    negating prefix ("likely", "unlikely")? Shared with clause_opposite.py."""
    return b in OPPOSITES.get(a, ()) or _prefixed(a, b) or _prefixed(b, a)


def word_tokens(text: str) -> list[str]:
    """Lower-case words; a hyphenated word is its parts ("worst-case", "non-shared")."""
    return [t.lower() for t in _TOKEN.findall(text.replace("-", " "))]


def _content(token: str) -> bool:
    return token not in STOPWORDS and token not in NEGATORS and token not in _SCALE_WORDS


def phrase_around(tokens: list[str], i: int) -> frozenset[tuple[int, str]]:
    """The content words within NEAR words of position i, by side: (-1, key) before it,
    (1, key) after it."""
    lo, hi = max(0, i - NEAR), min(len(tokens), i + NEAR + 1)
    return frozenset(
        (1 if n > i else -1, key(t))
        for n, t in enumerate(tokens[lo:hi], lo)
        if n != i and _content(t)
    )


def is_negator(token: str) -> bool:
    """Is the token a negation ("not", "never", "no", ... or a word ending in "n't")?"""
    return token in NEGATORS or token.endswith(("n't", "n’t"))


def is_negated(tokens: list[str], i: int) -> bool:
    """Is the word at i negated by one of the two words before it ("not known", "non
    shared", "is not always")?"""
    return any(is_negator(t) for t in tokens[max(0, i - 2) : i])


def _than(tokens: list[str], i: int) -> str | None:
    """The key of the first content word after "than" right after position i ("less
    efficient than steam turbines": "steam"), or None when no "than" follows."""
    rest = tokens[i + 1 : i + 3]
    if "than" not in rest:
        return None
    after = tokens[i + 2 + rest.index("than") :]
    return next((key(t) for t in after if _content(t)), "")


def same_comparand(q: list[str], i: int, s: list[str], j: int) -> bool:
    """A comparison turned round names another thing after "than" ("steam turbines ... more
    efficient than reciprocating engines" answers "What engines were less efficient than
    steam turbines?"): opposite comparatives oppose only when they compare with the same
    thing, or neither compares with anything."""
    a, b = _than(q, i), _than(s, j)
    return a == b


def after_asking(tokens: list[str], i: int) -> bool:
    """Does the word at i follow a word that makes it an ask or a bound, not a scale's end
    ("how long", "at least")? Shared with clause_opposite.py."""
    return i > 0 and tokens[i - 1] in _ASKING


def opposite_pairs(question: str, sentence: str) -> list[tuple[str, str]]:
    """(question word, the line's opposite of it) for each word of the asking clause whose
    opposite the line says in the same phrase, without saying the word itself in the same
    phrase (beside a content word of the question word's phrase)."""
    q = word_tokens(asked_clause(question))
    s = word_tokens(sentence)
    found: list[tuple[str, str]] = []
    for i, w in enumerate(q):
        if after_asking(q, i) or len(w) < 2:
            continue
        near_q = phrase_around(q, i)
        if not near_q:
            continue
        k = key(w)
        if any(key(t) == k and near_q & phrase_around(s, j) for j, t in enumerate(s)):
            continue  # a line saying the word in the same phrase speaks of the asked case too
        for j, v in enumerate(s):
            if after_asking(s, j) or not opposed_words(w, v) or v in q:
                continue  # a question saying both ends asks about both
            if not near_q & phrase_around(s, j) or not same_comparand(q, i, s, j):
                continue
            if is_negated(q, i) != is_negated(s, j):
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
BOUNDS_BEFORE = frozenset({"over", "under", "above", "below", "than", "to", "up", "least",
                            "most", "from", "after", "before", "since", "until", "till",
                            "between", "within", "around", "about", "approximately", "nearly",
                            "almost", "roughly", "circa", "c", "beginning", "by", "through",
                            "pre", "post"})  # fmt: skip
BOUNDS_AFTER = re.compile(
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
    (`BOUNDS_BEFORE`, `BOUNDS_AFTER`); phrase the keys of the content words within
    NUMBER_NEAR words either side."""
    out = []
    for m in _CASE_NUMBER.finditer(text):
        kind = next(k for k, g in enumerate(m.groups()) if g is not None)
        before = word_tokens(text[: m.start()])
        after = word_tokens(text[m.end() :])
        bounded = bool(before and before[-1] in BOUNDS_BEFORE) or bool(
            BOUNDS_AFTER.match(text[m.end() : m.end() + 12])
        )
        near = [*before[-NUMBER_NEAR:], *after[:NUMBER_NEAR]]
        phrase = frozenset(key(t) for t in near if _content(t))
        out.append((min(kind, 2), m.group(), bounded, phrase))
    return out


def swapped_numbers(question: str, line: str, context: str = "") -> list[tuple[str, str]]:
    """(question number, the line's number in its place) for each case-naming number of the
    asking clause (a year, an ordinal, a number in a code: `_CASE_NUMBER`) that neither the
    line nor its `context` (heading, title) says, where the line states another number of
    the same kind, not as a bound (`BOUNDS_BEFORE`), in the same phrase (a content word
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


# Periods of time as a question or line names them: a century ("the 11th century", "the
# 10th and 11th centuries", "between the 10th and 13th centuries"), a span of years ("from
# 1974 to 1979", "between 1621 and 1629", "1759-60"), a decade or a century by its years
# ("the 1970s", "the 1100s", "1000's") and a year ("1973").
_ORDINAL = r"(?:\d{1,2}(?:st|nd|rd|th)|" + "|".join(ORDINAL_WORDS) + r")"
_CENTURY = re.compile(
    rf"\b(?:the\s+)?({_ORDINAL})(?:\s*(?:and|to|or|-|–)\s*(?:the\s+)?({_ORDINAL}))?"
    r"[\s-]+centur(?:y|ies)\b",
    re.I,
)
_YEARS_SPAN = re.compile(
    r"\b(?:from|between)\s+(1\d{3}|20\d{2})\s+(?:to|and|until|till)\s+(1\d{3}|20\d{2})\b"
    r"|\b(1\d{3}|20\d{2})\s*[-–]\s*(1\d{3}|20\d{2}|\d{2})\b",
    re.I,
)
_YEARS = re.compile(r"(?<![\w.,$£€])(1\d{3}|20\d{2}|\d{3})(['’]?s)?\b(?![.,]\d)")


def named_periods(text: str) -> list[tuple[int, int, int, int, bool]]:
    """(first year, last year, start, end, spanned) of each period `text` names; spanned
    when it is a span of years or centuries, read as one period."""
    out: list[tuple[int, int, int, int, bool]] = []
    taken: list[tuple[int, int]] = []
    for m in _CENTURY.finditer(text):
        first, last = m.group(1), m.group(2)
        before = word_tokens(text[: m.start()])[-1:]
        if last and before and before[0] in ("between", "from"):
            a, b = ordinal_value(first), ordinal_value(last)
            out.append(((a - 1) * 100, b * 100 - 1, m.start(), m.end(), True))
        else:
            for n in (ordinal_value(w) for w in (first, last) if w):
                out.append(((n - 1) * 100, n * 100 - 1, m.start(), m.end(), False))
        taken.append((m.start(), m.end()))
    for m in _YEARS_SPAN.finditer(text):
        a = int(m.group(1) or m.group(3))
        b = int(m.group(2) or m.group(4))
        if b < 100:  # "1759-60"
            b += a // 100 * 100
        if b >= a:
            out.append((a, b, m.start(), m.end(), True))
            taken.append((m.start(), m.end()))
    for m in _YEARS.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        year, plural = int(m.group(1)), m.group(2)
        if plural:  # a decade, or a century by its years ("the 1100s")
            width = 100 if year % 100 == 0 else 10
            out.append((year, year + width - 1, m.start(), m.end(), False))
        elif year >= 1000:
            out.append((year, year, m.start(), m.end(), False))
    return out


def _near_keys(text: str, start: int, end: int) -> frozenset[str]:
    near = [*word_tokens(text[:start])[-NUMBER_NEAR:], *word_tokens(text[end:])[:NUMBER_NEAR]]
    return frozenset(key(t) for t in near if _content(t))


def asked_periods(asked: str) -> list[tuple[int, int, int, int]]:
    """(first year, last year, start, end) of each period of time the asking clause `asked`
    names as the case it asks about; a bound ("since 1970", "after the 1960s", "1974
    onwards") asks no period."""
    out = []
    for a, b, start, end, spanned in named_periods(asked):
        before = word_tokens(asked[:start])[-1:]
        if not spanned and (
            (before and before[0] in BOUNDS_BEFORE) or BOUNDS_AFTER.match(asked[end : end + 12])
        ):
            continue
        out.append((a, b, start, end))
    return out


def swapped_periods(question: str, line: str, context: str = "") -> list[tuple[str, str]]:
    """(the question's period, the line's) for each period of time the asking clause names
    (a year, a decade, a century, a span) that no period of the line or its `context`
    (heading, title) overlaps, where the line names another period in the
    same phrase (a content word within NUMBER_NEAR words of both): "What was a centre of
    ivorywork in the 1100s?" over "... a centre of ivorywork in the 11th century" (the
    1000s); "What was the price of a barrel of oil in 1970?" over "... remained constant at
    $12 from 1974 to 1979". A bound ("since 1970", "after the 1960s") asks no period.
    Periods are compared by the years they cover, so one period written two ways ("the
    1100s", "the 12th century") is the same case; `swapped_numbers` compares a year with a
    year."""
    asked = asked_clause(question)
    line_periods = named_periods(line)
    held = [(a, b) for a, b, *_ in [*line_periods, *named_periods(context)]]
    found = []
    for a, b, start, end in asked_periods(asked):
        if any(x <= b and a <= y for x, y in held):
            continue  # the line speaks of the period asked, or of one overlapping it
        phrase = _near_keys(asked, start, end)
        other = next(
            (line[s:e] for _, _, s, e, _ in line_periods if _near_keys(line, s, e) & phrase),
            None,
        )
        if other is not None:
            found.append((asked[start:end], other))
    return found


# A name numbered in Roman numerals: a ruler, a phase, a version ("Henry II", "DECnet Phase
# I"); another number after the same name is another one of them.
_NUMBERED = re.compile(r"\b([A-Z][\w'’-]*)\s+(X{0,1}(?:IX|IV|V?I{1,3}|V|X))\b")


def swapped_numerals(question: str, line: str) -> list[tuple[str, str]]:
    """(the question's numbered name, the line's) where the asking clause names a name with
    a Roman numeral that the line does not say, and the line says the same name with
    another numeral: "What title did Henry II take?" over "... as vassal to Henry III of
    Castile"; "What did DECnet Phase I become?" over "DECnet Phase II (and later) were open
    standards". A word that opens a question ("May I", "Can I") names no one."""
    said = {(n, r) for n, r in _NUMBERED.findall(line)}
    found = []
    for name, numeral in _NUMBERED.findall(asked_clause(question)):
        if name.lower() in STOPWORDS or (name, numeral) in said:  # "May I", "Can I"
            continue
        other = next((r for n, r in sorted(said) if n == name), None)
        if other is not None:
            found.append((f"{name} {numeral}", f"{name} {other}"))
    return found


def other_case(question: str, line: str, wh: str, context: str = "") -> bool:
    """Does the line speak of another case than the one asked about: the opposite of a word
    the question asks about (`opposite_pairs`), another number in place of the one it names
    (`swapped_numbers`), another name in the place of the one it names (`swapped_names`), or
    the name it names in the other role of its verb (`swapped_roles`), another name in the
    slot it puts a name in (`swapped_slots`), or a line that never names the one the question
    says did what it asks (`absent_doer`), or one that says the past act asked about did not
    take place (`denied_act.denied_act`), or one that affirms what the question asks the
    negation of (`affirmed_act.affirmed_act`), or one that denies of its subject the predicate
    the question asks the subject of (`denied_predicate.denied_predicate`)? Never for a yes/no
    question (`wh` "yesno"), which a line saying the other case answers with a no."""
    if wh == "yesno":
        return False
    return bool(
        opposite_pairs(question, line)
        or swapped_numbers(question, line, context)
        or swapped_periods(question, line, context)
        or swapped_numerals(question, line)
        or swapped_names(question, line)
        or swapped_roles(question, line)
        or swapped_slots(question, line)
        or absent_doer(question, line, context)
        or denied_act(question, line)
        or affirmed_act(question, line)
        or denied_predicate(question, line)
    )


# Names: a run of capitalised words ("King Harold II", "Harvard Crimson"), read with their
# case, beside the words and marks around them (a clause mark ends a phrase).
_CASED = re.compile(r"[^\W\d_][\w'’.-]*[^\W_]|[^\W\d_]|\d[\w.,-]*\w|\d|[,;:()\"“”.!?]")
_OPENING = frozenset('.!?:"“')  # marks after which a capital may be the sentence's
_ARTICLES = frozenset({"the", "a", "an"})


def _cased(text: str) -> list[str]:
    return _CASED.findall(text)


def _word(token: str) -> bool:
    """A content word (no mark, number or stop word): what a name's phrase is read by."""
    return token[:1].isalpha() and _content(token.lower())


def _capital(token: str) -> bool:
    return token[:1].isupper() and token.lower() not in STOPWORDS and token.lower() not in WH_WORDS


def _name_runs(tokens: list[str], first: int) -> list[tuple[int, int]]:
    """(start, end) of each run of capitalised words from position `first` on (a line's or
    question's first word is capitalised whatever it is, and is skipped by the caller)."""
    runs, i = [], first
    while i < len(tokens):
        if _capital(tokens[i]) and tokens[i] != "I":
            j = i
            while j + 1 < len(tokens) and _capital(tokens[j + 1]):
                j += 1
            runs.append((i, j))
            i = j + 1
        else:
            i += 1
    return runs


def _name_keys(words: list[str]) -> list[str]:
    """Keys of a name's words, its possessive dropped and its hyphenated parts apart
    ("Harvard's" -> harvard, "Norman-Arab" -> norman, arab)."""
    out = []
    for w in words:
        for part in re.split(r"[-–]", re.sub(r"['’]s$", "", w)):
            if part and part.lower() not in STOPWORDS:
                out.append(key(part))
    return out


def _another_name(name: list[str], other: list[str]) -> bool:
    """Does `other` name something else than `name` in its place: not another form of the
    same name, and a nationality only against a nationality?"""
    return all(map(is_demonym, other)) == all(map(is_demonym, name)) and not _same_name(name, other)


def _same_name(a: list[str], b: list[str]) -> bool:
    """Is one name the other in another form: one's words among the other's ("NP" /
    "NP-intermediate"), an acronym of it ("EU" / "European Union"), or the same word spelt
    a little differently ("Groner" / "Groener")?"""
    ka, kb = set(_name_keys(a)), set(_name_keys(b))
    if not ka or not kb or ka <= kb or kb <= ka:
        return True

    def bare(words: list[str]) -> str:
        return re.sub(r"[^A-Za-z0-9]", "", re.sub(r"['’]s$", "", "".join(words))).upper()

    def initials(words: list[str]) -> str:
        parts = [p for w in words for p in re.split(r"[-–]", re.sub(r"['’]s$", "", w))]
        return "".join(p[0] for p in parts if p and p.lower() not in STOPWORDS).upper()

    if initials(a) == bare(b) or initials(b) == bare(a):
        return True
    return SequenceMatcher(None, bare(a).lower(), bare(b).lower()).ratio() >= SIMILAR_SPELLING


SIMILAR_SPELLING = 0.8  # "Groner" / "Groener" 0.92, "Yale" / "Harvard" 0.18
_BE = frozenset({"is", "was", "are", "were", "be", "been", "being"})


def swapped_names(question: str, line: str) -> list[tuple[str, str]]:
    """(question name, the line's name in its place) for each name of the asking clause
    (a run of capitalised words past its first word) right before a content word the line
    also says, where the line has another name right before that word and does not say the
    question's name within NEAR words before it: "How did *Yale* introduce a new era?" over
    "*Harvard Stadium* introduced a new era"; "When did Herve serve as a *Norman* general?"
    over "... to serve as a *Byzantine* general". The two names are of one kind (both a
    nationality or neither: `is_demonym`) and not two forms of one name (`_same_name`: "EU"
    / "European Union", "NP" / "NP-intermediate", "Groner" / "Groener"). A name after "is" or
    "was" ("When was the Act signed?") is what the word is said of, not its subject, and is
    left alone, as is a name the line opens a sentence with (its capital may be the
    sentence's)."""
    q = _cased(asked_clause(question))
    s = _cased(line)
    q_keys = set(_name_keys(q))
    # a line's name not at its start or a sentence's
    line_names = [(a, b) for a, b in _name_runs(s, 1) if s[a - 1] not in _OPENING]
    found = []
    for i, j in _name_runs(q, 1):
        if j + 1 >= len(q) or not _word(q[j + 1]) or _capital(q[j + 1]):
            continue
        if {t.lower() for t in q[max(0, i - 2) : i]} & _BE:
            continue  # "was the National Highway Act signed": not the signer
        head = key(q[j + 1])
        name = q[i : j + 1]
        heads = [n for n, t in enumerate(s) if key(t) == head]
        if not heads:
            continue
        own = set(_name_keys(name))
        if any(own & set(_name_keys(s[max(0, n - NEAR) : n])) for n in heads):
            continue  # the line says the question's name before the word too
        for a, b in line_names:
            other = s[a : b + 1]
            w = b + 1
            if w + 1 < len(s) and len(s[w]) > 4 and s[w].endswith("ly"):
                w += 1  # "the United States unilaterally pulled out"
            if w >= len(s) or key(s[w]) != head or set(_name_keys(other)) & q_keys:
                continue
            if _another_name(name, other):
                found.append((" ".join(name), " ".join(other)))
                break
    return found


# Words that make up a noun phrase or follow a verb, never the verb a question asks about.
_LINKS = frozenset({"the", "a", "an", "of", "in", "on", "to", "for", "with", "by", "from", "at",
                    "into", "onto", "out", "up", "down", "off", "over", "about", "as", "than",
                    "that", "this", "these", "those", "his", "her", "their", "its", "my", "our",
                    "your", "back", "away", "upon", "against", "under", "across", "through",
                    "during", "before", "after", "between", "and", "or"})  # fmt: skip
_AUXILIARIES = frozenset({"did", "does", "do", "is", "was", "are", "were", "has", "had",
                          "have", "will", "would", "can", "could", "may", "might", "should",
                          "must"})  # fmt: skip
_DO = frozenset({"did", "does", "do"})
# Marks and words that end a clause: a name and a verb with one of them between are not
# subject and verb of one clause.
_CLAUSE = frozenset({",", ";", ":", "(", ")", "which", "that", "who", "whom", "whose", "while",
                     "when", "where", "because", "although", "but"})  # fmt: skip
_PARTICIPLE = re.compile(r"(ed|en|wn|un|ung|ought|ade)$")
ROLE_NEAR = 5  # words between a name and its verb in one clause


def _asked_roles(q: list[str]) -> list[tuple[int, int, int, str]]:
    """(name start, name end, verb position, role) for each name the question's shape
    makes the doer or the done-to of a verb: "did/does/do NAME VERB" (doer), "was/were NAME
    VERBed" (done to), "who/what VERB [the] NAME" (done to)."""
    low = [t.lower() for t in q]
    out = []
    for i, j in _name_runs(q, 1):
        before = [t for t in low[max(0, i - 2) : i] if t not in _ARTICLES]
        if before and before[-1] in _DO:
            v = j + 1
            if v >= len(q) or not _word(q[v]) or _capital(q[v]) or low[v] in _LINKS:
                continue
            nxt = q[v + 1] if v + 1 < len(q) else ""
            if nxt.isalpha() and not _capital(nxt) and nxt.lower() not in _LINKS:
                continue  # "did the Corliss engine use": the verb is not told apart
            out.append((i, j, v, "agent"))
        elif before and before[-1] in _BE:
            v = j + 1
            if v < len(q) and _word(q[v]) and len(low[v]) > 3 and _PARTICIPLE.search(low[v]):
                out.append((i, j, v, "patient"))
        else:
            k = i - 1
            while k >= 0 and low[k] in _ARTICLES:
                k -= 1
            asks = k >= 1 and low[k - 1] in {"who", "what"}
            if asks and _word(q[k]) and not _capital(q[k]) and low[k] not in _AUXILIARIES:
                out.append((i, j, k, "patient"))
    return out


# Words that may stand between a name or "be" and its verb without ending the clause.
_ADVERBS = frozenset({"first", "also", "then", "later", "soon", "often", "never", "not",
                      "already", "still", "once", "eventually", "initially", "originally",
                      "subsequently", "thereafter", "finally", "again", "just", "always"})  # fmt: skip


def _adverb(token: str) -> bool:
    return token in _ADVERBS or (len(token) > 4 and token.endswith("ly"))


def _line_role(s: list[str], a: int, b: int, v: int) -> str | None:
    """The role of the name s[a..b] for the verb at v in one clause of the line: the doer
    before an active verb or after "by" after a passive one, the done-to after an active
    verb or before a passive one; None when they are far apart or in different clauses, or
    the name follows a passive verb without "by"."""
    low = [t.lower() for t in s]
    after = v < a
    lo, hi = (v, a) if after else (b, v)
    if v in range(a, b + 1) or hi - lo > ROLE_NEAR or set(low[lo + 1 : hi]) & _CLAUSE:
        return None
    k = v - 1
    while k > 0 and v - k <= 2 and _adverb(low[k]):
        k -= 1  # "were first encouraged", "was later renamed"
    passive = k >= 0 and low[k] in _BE
    passive = passive or (v + 1 < len(low) and low[v + 1] == "by")  # "a label founded by"
    if after:
        if a > 0 and low[a - 1] == "by":
            return "agent"
        return None if passive else "patient"
    return "patient" if passive else "agent"


def swapped_roles(question: str, line: str) -> list[tuple[str, str]]:
    """(question name, its verb) for each name the question makes the doer of a verb where
    the line makes it the done-to of the same verb, or the other way round (`_asked_roles`,
    `_line_role`): "Who replaced the *Normans* as the ruling class?" over "The invading
    *Normans* ... replaced the Anglo-Saxons"; "When did *King Harold II* conquer England?"
    over "Duke William II of Normandy conquered England killing *King Harold II*". The line
    says what the question asks of the name, but of someone else."""
    q = _cased(asked_clause(question))
    s = _cased(line)
    names = _name_runs(s, 0)
    found = []
    for i, j, v, role in _asked_roles(q):
        name = _name_keys(q[i : j + 1])
        verb = key(q[v])
        for a, b in names:
            if _name_keys(s[a : b + 1]) != name:
                continue
            roles = {_line_role(s, a, b, n) for n, t in enumerate(s) if key(t) == verb}
            if roles - {None, role}:
                found.append((" ".join(q[i : j + 1]), q[v]))
                break
    return found


# Prepositions that open a slot a name fills after a word ("killed *in* Paris", "the
# Treaty ... signed *at* Versailles", "a professor *at* Harvard").
_SLOT_PREPOSITIONS = frozenset({"in", "at", "on", "from", "to", "into", "near", "during",
                                "against", "with", "for", "by", "of", "under", "between",
                                "through", "across", "toward", "towards", "within", "outside",
                                "inside", "throughout", "via"})  # fmt: skip


def _slots(tokens: list[str], first: int) -> list[tuple[str, str, int, int]]:
    """(key of the word, preposition, name start, name end) for each name of `tokens` (from
    position `first`) that fills the slot after a lower-case content word and a preposition,
    an article between allowed: "killed in Bordeaux", "a professor at the Sorbonne"."""
    low = [t.lower() for t in tokens]
    out = []
    for a, b in _name_runs(tokens, first):
        k = a - 1
        if k >= 0 and low[k] in _ARTICLES:
            k -= 1
        if k < 1 or low[k] not in _SLOT_PREPOSITIONS:
            continue
        h = k - 1
        if not _word(tokens[h]) or tokens[h][:1].isupper():
            continue
        out.append((key(tokens[h]), low[k], a, b))
    return out


def _fronted_slots(tokens: list[str]) -> list[tuple[str, str, int, int]]:
    """(key of the word, preposition, name start, name end) for each name a sentence opens
    with after a preposition and closes with a comma ("*In Berlin*, the Huguenots created two
    new neighbourhoods"), for each lower-case content word of the rest of that sentence: the
    name fills that slot of the clause's verb, put first."""
    low = [t.lower() for t in tokens]
    out = []
    for a, b in _name_runs(tokens, 0):
        k = a - 1
        if k >= 0 and low[k] in _ARTICLES:
            k -= 1
        if k < 0 or low[k] not in _SLOT_PREPOSITIONS or (k > 0 and tokens[k - 1] not in _OPENING):
            continue
        if b + 1 >= len(tokens) or tokens[b + 1] != ",":
            continue
        for t in tokens[b + 2 :]:
            if t in _OPENING or t == ";":
                break
            if _word(t) and not t[:1].isupper():
                out.append((key(t), low[k], a, b))
    return out


def swapped_slots(question: str, line: str) -> list[tuple[str, str]]:
    """(question name, the line's name in its slot) for each name the asking clause puts in
    the slot after a word and a preposition ("How many Huguenots were killed *in Bordeaux*?")
    where the line fills the same slot of the same word with another name ("... were killed
    *in Paris*") and says the question's name nowhere. The question's wh-word fills one slot
    of its clause; a name it puts in another is a condition the answer must meet, and a line
    naming another thing there answers for that other thing. A name the question asks for
    is never in such a slot (the wh-word is: "Where were they killed?"), so "presented by
    Frank Lowy" still answers "Who presented the trophy?"."""
    q = _cased(asked_clause(question))
    s = _cased(line)
    said = set(_name_keys([t for t in s if t[:1].isupper()]))
    line_slots = _slots(s, 1) + _fronted_slots(s)
    found = []
    for head, prep, i, j in _slots(q, 1):
        name = q[i : j + 1]
        if set(_name_keys(name)) & said:
            continue  # the line names the question's name: not another thing in its place
        for h, p, a, b in line_slots:
            other = s[a : b + 1]
            if h != head or p != prep:
                continue
            if _another_name(name, other):
                found.append((" ".join(name), " ".join(other)))
                break
    return found


# A past question names who acted right after "did": "What did *Iran* do on Yom Kippur?"
# (a present one, "When does Linden House open?", asks of a thing its document is about,
# which a heading or a table row may name instead of the line).
_DID = frozenset({"did"})
# Words that may stand for a subject named in the sentence before the line.
_PRONOUNS = frozenset({"he", "she", "it", "they"})


def _name_word(token: str) -> bool:
    """A word of a name: capitalised and no stop word, or an acronym ("US", "UK")."""
    if len(token) > 1 and token.isupper() and token.isalpha():
        return True
    return _capital(token) and token != "I"


def _doer_names(q: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each name the asking clause makes the doer of its verb by word
    order: right after "did" (an article between allowed) and before a lower-case word,
    its verb ("What did *Geroge Lenczowski* do to the price of oil?")."""
    low = [t.lower() for t in q]
    out = []
    i = 1
    while i < len(q):
        if not _name_word(q[i]):
            i += 1
            continue
        j = i
        while j + 1 < len(q) and _name_word(q[j + 1]):
            j += 1
        k = i - 1
        if k >= 0 and low[k] in _ARTICLES:
            k -= 1
        verb = q[j + 1] if j + 1 < len(q) else ""
        if k >= 1 and low[k] in _DID and verb.isalpha() and verb.islower():
            out.append((i, j))
        i = j + 1
    return out


def absent_doer(question: str, line: str, context: str = "") -> list[str]:
    """Each name the question makes the doer of what it asks ("What did *Iran* do on Yom
    Kippur?") that the line, its heading and its title never say in any form (its words, an
    acronym of it, a spelling a little different): the line tells what someone else did ("On
    October 6, 1973, Syria and Egypt ... launched a surprise attack on Israel, on Yom
    Kippur"). A nationality is left alone (the line may name the country), and so is a line
    with a subject pronoun, which may stand for the name said in the sentence before."""
    q = _cased(asked_clause(question))
    if any(t.lower() in _PRONOUNS for t in _cased(line)):
        return []
    s = _cased(f"{line} {context}")
    said = {key(t) for t in s if t[:1].isalpha()} | set(_name_keys(s))
    runs = [s[a : b + 1] for a, b in _name_runs(s, 0)]
    found = []
    for i, j in _doer_names(q):
        name = q[i : j + 1]
        if all(map(is_demonym, name)) or set(_name_keys(name)) & said:
            continue
        if any(_same_name(name, r) for r in runs):
            continue
        found.append(" ".join(name))
    return found
