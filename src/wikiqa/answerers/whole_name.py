"""A thing asked by a name of two or more words is answered only by a line naming it whole.

Why: "Is there a company car scheme?", "Do base managers get a company car or a car
allowance?", "Does Hollinwood pay for private health insurance?" ask whether a thing exists
for the asker, and name it by a compound: a head ("car", "insurance") and the words that
say which of its kind is meant ("company", "private health"). When no document this reader
may open covers the thing, the lines found are about another of its kind: the essential
car users' lump sum ("Jobs that need a car every day ... are essential car user posts"),
the mileage page's own vehicle, the £60 towards business use on one's car insurance. Each
names a part of the thing, so `thing_unsaid.py`, which refuses only a thing no cited line
names at all, lets them stand. A careful reader sees that no line speaks of a company car
or of health insurance: the words that say which car, which insurance, appear nowhere
beside the head in what the answer cites.

So the finished draft, whichever reading built it, is refused when the question asks
whether the asker gets (or would take, or has paid for) a thing named by two or more words
(`asked_thing.asked_thing`: words naming only a kind of value, "scheme", "allowance",
"money", are no part of the name), and no line of any cited document (a paragraph or list
item, a heading, the title) names the thing whole: says or means every word of it (same
key, a key of five letters or more opening a word, or a word at cosine `asked_thing.MEANT`
or more through the answerer's embedder), or means the asker's whole phrase by a run of
its words (`asked_thing.in_other_words`: "kit allowance" / "tool allowance"). A line
holding a phone number stands (a helpline named in its own words), as in thing_unsaid.
It only refuses: it never chooses another line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from wikiqa.answerers.asked_thing import (
    END_WORDS,
    KIND_WORDS,
    MEANT,
    asked_thing,
    says_key,
    words_of,
)
from wikiqa.answerers.features import key, keys
from wikiqa.text.asking import without_courtesy
from wikiqa.text.terms import STOPWORDS
from wikiqa.types import Draft, RefusalCode

# a thing asked by two or more words must be named whole by a cited line; OFF since round
# 78's gate: it refused one held-out answerable factual task (handbook5) and, switched off,
# lost none of the gate's four unseen refusals (those are OCCASION_NAMED's or others')
WHOLE_NAME = False
OCCASION_NAMED = True  # an occasion asked "when's the ...?" must be named by what is cited

MIN_WORDS = 2  # a thing of one word is thing_unsaid's
WINDOW = 3  # a word qualifying the head is said this near it ("the company's pool cars")

Similar = Callable[[str, list[str]], list[float]]

_WORD = re.compile(r"[a-z][a-z'’-]*")
_PHONE = re.compile(r"\b0\d{2,4}(?:[\s-]?\d{2,4}){2,3}\b")
_NUMBER = re.compile(
    r"^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|couple|few|several)$"
)
# "Does Hollinwood pay for private health insurance?": a thing paid for the asker, asked as
# new (an indefinite determiner or none), read as a thing the asker gets.
_PAID_FOR = re.compile(
    r"^(?:do|does|will|would)\s+(?:[a-z'’-]+\s+){1,3}?(?:pay|pays|contribute|contributes)\s+"
    r"(?:for|towards?)\s+(?!the\b|my\b|our\b|your\b|their\b|his\b|her\b)",
    re.I,
)
_GIVER = re.compile(
    r"^(?:do|does|did|will|would|can|could|shall|should|may|might)\s+(?:i|we)\s+"
    r"(?:offer|provide|give|cover|pay)\b",
    re.I,
)


def compound_asked(question: str) -> tuple[str, ...]:
    """The words of the thing a yes/no question opening with its ask asks whether the asker
    gets, would take, or has paid for, when it is named by two or more words ("Is there a
    company car scheme?" -> ("company", "car")); () otherwise."""
    if not WHOLE_NAME:
        return ()
    text = without_courtesy(question).strip()
    if _GIVER.match(text):
        return ()  # the asker giving, not getting
    paid = _PAID_FOR.match(text)
    asked = f"Is there {text[paid.end() :]}" if paid else text
    thing = asked_thing(asked, taken=True)
    if len(thing) < MIN_WORDS or any(_NUMBER.match(w) for w in thing):
        return ()
    return thing


# "When's the staff Christmas party this year?": the occasion is the whole rest of the
# question, a noun phrase the question presumes, up to a time it is asked for.
_OCCASION = re.compile(
    r"^when(?:'s|’s|s|\s+is|\s+are|\s+will\s+be)\s+(?:the|our|this\s+year'?s)\s+"
    r"(?P<np>[a-z][a-z'’ -]*?)"
    r"(?:\s+(?:this|next)\s+(?:year|month|week|time|summer|winter|season|christmas))?\s*[?.!]*$",
    re.I,
)


# words telling that a verb follows the noun phrase ("When is the tool money paid out?")
_VERBAL = frozenset(
    [
        "paid",
        "held",
        "done",
        "given",
        "sent",
        "made",
        "put",
        "run",
        "set",
        "out",
        "up",
        "off",
        "open",
        "opened",
        "closed",
        "shut",
        "due",
        "over",
        "back",
        "served",
        "taken",
    ]
)
_PARTICIPLE = re.compile(r"^[a-z]{2,}ed$")


def occasion_asked(question: str) -> tuple[str, ...]:
    """The words of the occasion a "When's the ...?" question asks the date of, when the
    rest of the question is one noun phrase ("When's the staff Christmas do this year?" ->
    ("staff", "christmas", "do")); () when anything else follows it (a verb, a place: "When
    is the fire alarm tested at the Dublin depot?"), or its last word names only a kind of
    value ("the next pay day")."""
    if not OCCASION_NAMED:
        return ()
    found = _OCCASION.match(without_courtesy(question).strip())
    if found is None:
        return ()
    words = [w.strip("'’-") for w in found.group("np").lower().split()]
    if not words or any(w in END_WORDS or w in _VERBAL or _PARTICIPLE.match(w) for w in words):
        return ()  # a verb follows: the question asks when something is done to the thing
    if words[-1] in KIND_WORDS or not words[-1].isalpha():
        return ()
    return tuple(words)


def occasion_unsaid(occasion: Sequence[str], lines: Sequence[str], similar: Similar | None) -> bool:
    """Is the occasion named by none of `lines` (the cited documents' lines and titles)? It
    is named by a line saying its head (its last word: "party") beside another of its words
    ("the Christmas party", "staff party"), within `WINDOW` words: "party orders" in "mince
    pies and party orders" is another party. A head that is a stop word ("do") is named only
    with the word before it ("Christmas do"); an occasion of one word by its head alone."""
    head = occasion[-1]
    if head in STOPWORDS:
        low = "\n".join(lines).lower()
        return len(occasion) < 2 or f"{occasion[-2]} {head}" not in low
    others = [w for w in occasion[:-1] if w not in STOPWORDS]
    if not others:
        said = frozenset(k for ln in lines for k in keys(ln))
        return not says_key(head, said)
    return not any(named_whole((other, head), lines, similar) for other in others)


def _lines(text: str) -> list[str]:
    """The lines of a document a reader reads as one: paragraphs, list items, headings."""
    return [line.strip(" #-*|\t") for line in text.splitlines() if line.strip(" #-*|\t")]


def _means(word: str, words: Sequence[str], similar: Similar | None) -> frozenset[str]:
    """The words of `words` that mean `word` (cosine >= MEANT), itself among them."""
    if similar is None or not words:
        return frozenset()
    cos = similar(word, list(words))
    return frozenset(x for x, c in zip(words, cos, strict=True) if c >= MEANT)


def _is(word: str, token: str, meant: frozenset[str]) -> bool:
    """Does `token` (a word of a line) say `word` (same key, or a key of five letters or
    more opening it) or mean it (one of `meant`)?"""
    return token in meant or says_key(word, frozenset([key(token)]))


def named_whole(thing: Sequence[str], lines: Sequence[str], similar: Similar | None) -> bool:
    """Does one of `lines` name `thing` whole: say or mean its head, with each word
    qualifying it said or meant within `WINDOW` words of it ("Free flu vaccinations" for
    "flu jabs"; never "business use cover on your car insurance" for "health insurance")?"""
    if not thing:
        return True
    words = words_of(lines)
    meant = [_means(w, words, similar) for w in thing]
    head, head_meant = thing[-1], meant[-1]
    for line in lines:
        tokens = [t.strip("'-") for t in _WORD.findall(line.lower().replace("’", "'"))]
        for at, token in enumerate(tokens):
            if not _is(head, token, head_meant):
                continue
            near = tokens[max(0, at - WINDOW) : at] + tokens[at + 1 : at + 1 + WINDOW]
            if all(
                any(_is(w, t, m) for t in near) for w, m in zip(thing[:-1], meant[:-1], strict=True)
            ):
                return True
    return False


def unnamed_whole(
    question: str,
    draft: Draft,
    similar: Similar | None,
    texts: Mapping[str, str],
    titles: Mapping[str, str],
) -> str:
    """The thing `question` asks by two or more words when `draft` answers and no line of a
    cited document (`texts`, `titles`) names it whole (`named_whole`), and no cited line
    holds a phone number; "" otherwise (see the module docstring)."""
    if draft.refusal is not None or not draft.claims:
        return ""
    occasion = occasion_asked(question)
    thing = compound_asked(question)
    if not thing and not occasion:
        return ""
    quoted = [q.quote for c in draft.claims for q in c.quotes]
    if any(_PHONE.search(q) for q in quoted):
        return ""
    lines = [titles.get(i, "") for i in draft.cited_doc_ids]
    for i in draft.cited_doc_ids:
        lines.extend(_lines(texts.get(i, "")))
    lines = [ln for ln in lines if ln]
    if occasion:
        return " ".join(occasion) if occasion_unsaid(occasion, lines, similar) else ""
    said = frozenset(k for ln in lines for k in keys(ln))
    if not says_key(thing[-1], said):
        return ""  # a head unsaid may be named in the documents' own words ("flu jab")
    if all(says_key(w, said) for w in thing[:-1]):
        return ""  # each qualifying word said somewhere: the line may name it otherwise
    if named_whole(thing, lines, similar):
        return ""
    return " ".join(w for w in thing if w not in STOPWORDS)


def whole_ids(question: str, draft: Draft) -> list[str]:
    """The documents `unnamed_whole` needs fetched: those `draft` cites, when it answers a
    question asking for a thing of two or more words; [] otherwise."""
    if draft.refusal is not None or not draft.claims:
        return []
    if not compound_asked(question) and not occasion_asked(question):
        return []
    return draft.cited_doc_ids


def whole_refusal(thing: str) -> Draft:
    """The refusal for a thing asked by two or more words that no cited line names whole."""
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"no line this reader may see names what the question asks for ({thing!r}) "
        "whole: the lines found speak of another of its kind",
    )
