"""What the question's wording asks for, finer than its question word.

"How much money will I get for my move?" and "What's the most the Trust will pay towards
moving house?" ask for a sum of money; "How often is the check redone?" for a frequency;
"What time does the canteen close?" for a clock time; "What share of my wages goes into the
pension?" for a percentage. Among the candidates that could answer the question at all
(features.answers_type), one that says such a thing is a better answer than one that only
holds some other number ("the new home must be within 15 miles") or none: the answerer
ranks it first (extractive.fit_level, rows.LOOSE). It is a preference, never a gate: when no
candidate says the kind asked for, the best one still stands as before.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wikiqa.text.months import MONTHS, WEEKDAYS

# Question wordings, each with the kind of thing it asks for.
_ASKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "money",
        re.compile(
            r"\bhow\s+much\s+(?:money|cash)\b|\bhow\s+much\b[^?]*\bcost\b|"
            r"\bwhat\s+(?:does|do|did|will|would)\b[^?]*\bcost\b|\bprice\b|"
            r"\bwhat(?:'s|\s+is)\s+the\s+(?:most|maximum|max|least|minimum)\b"
            r"[^?]*\b(?:pay|paid|pays|reimburse[sd]?|refund(?:ed)?|spend|spent|claim(?:ed)?|"
            r"charge[sd]?|earn(?:s|ed)?)\b|"
            # "How much can I claim per mile?", "How much can a present be worth?"
            r"\bhow\s+much\s+(?:can|could|may|might|will|would|do|does|should)\b[^?]*"
            r"\b(?:claim|reimburse[sd]?|refund(?:ed)?|spend|worth|charge[sd]?)\b",
            re.I,
        ),
    ),
    ("frequency", re.compile(r"\bhow\s+(?:often|frequently)\b|\bhow\s+many\s+times\b", re.I)),
    (
        "day",
        # "Which day am I at college?", "What day is payday?": a day of the week or a date,
        # not a count of days ("what days off do I get" asks for leave)
        re.compile(
            r"\b(?:which|what)\s+days?\b(?!\s+(?:off|of\s+(?:leave|holiday)|leave|holiday))",
            re.I,
        ),
    ),
    (
        "phone",
        # "Is there a number I can ring?", "what's the lone worker number?", "which number do
        # I call?", "the phone number for ...": a number to dial, not a count ("the number of");
        # "How do I phone the depot?" asks the number too (not "ring in" sick, "phone back");
        # a mobile number is a number to dial ("my clinical coach's mobile number", hop66)
        re.compile(
            r"\b(?:phone|telephone|mobile|contact|helpline|hotline|emergency)\s+number\b|"
            r"\bnumber\s+(?:(?:I|we|you|they|to)\s+(?:\w+\s+)?)?(?:ring|call|phone|dial|text)\b|"
            r"\bhow\s+(?:do|can|should|would)\s+(?:I|we|you|they)\s+(?:phone|ring|telephone)\b(?!\s+(?:in|up|round|around|back)\b)|"
            r"\b(?:what|which)(?:'s|’s|\s+is|\s+are)?\s+(?:the\s+|my\s+|our\s+)?"
            r"(?:[a-z-]+\s+){0,3}?number\b(?!\s+of\b)(?=\s*(?:[?,;.]|$)|\s+(?:for|to|do|should|can|I)\b)",
            re.I,
        ),
    ),
    (
        "clock",
        re.compile(r"\b(?:what|which)\s+time\b|\bat\s+what\s+hour\b", re.I),
    ),
    (
        "percent",
        # "What share ...", "What's the extra percentage ...", "Which proportion ..."
        re.compile(
            r"\b(?:what|which)(?:'s|’s|\s+is|\s+are|\s+was)?\s+(?:the\s+)?(?:[a-z-]+\s+)?"
            r"(?:share|percentage|proportion|percent|fraction)\b",
            re.I,
        ),
    ),
)

# A sum written with its currency sign or word ("£7.50", "45 pence", "30k").
_SUM = r"[€£$¥₹]\s?\d|\b\d[\d,.]*\s?(?:euros?|pounds?|dollars?|pence|cents?|p\b|k\b)"

_SAYS: dict[str, re.Pattern[str]] = {
    "money": re.compile(
        _SUM + r"|"
        r"\b(?:EUR|GBP|USD|CHF|SGD|CAD|AUD)\s?\d|\b\d[\d,.]*\s?(?:EUR|GBP|USD|CHF|SGD|CAD|AUD)\b|"
        # no sum is a sum too: "free", "at no cost", "not reimbursed"
        r"\bfree\b|\bno\s+(?:charge|cost|fee)s?\b|\bnot\s+(?:reimbursed|reimbursable)\b",
        re.I,
    ),
    # a rate, fee or wage: a sum, a share, or a multiple of pay ("double time")
    "value": re.compile(
        _SUM + r"|"
        r"\d\s?%|\bper\s?cent\b|"
        r"\b(?:single|double|triple|plain)\s+time\b|\btime\s+and\s+(?:a\s+)?(?:half|quarter|third)\b|"
        r"\bfree\b|\bno\s+(?:charge|cost|fee)s?\b",
        re.I,
    ),
    "frequency": re.compile(
        r"\b(?:every|each|per|once|twice|annual(?:ly)?|yearly|monthly|weekly|daily|hourly|"
        r"quarterly|fortnightly|biennial(?:ly)?|times\s+a)\b|\ba\s+(?:year|month|week|day)\b",
        re.I,
    ),
    "clock": re.compile(
        r"\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(?:a\.?m\.?|p\.?m\.?)(?!\w)|\b(?:noon|midday|midnight)\b",
        re.I,
    ),
    "percent": re.compile(r"\d\s?%|\bper\s?cent\b|\bpercent\b|\bhalf\b|\bquarter\b", re.I),
    "day": re.compile(
        r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
        r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|"
        r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}(?:st|nd|rd|th)?\b|"
        r"\b\d{1,2}(?:st|nd|rd|th)\s+of\b|\b(?:first|last)\s+(?:working\s+)?day\s+of\b",
        re.I,
    ),
    # a number to dial: "0800 047 2291", "01632 960 633", "+44 20 7946 0018", "999",
    # "extension 4410"
    "phone": re.compile(
        r"(?<![\d,.£$€])(?:\+\d{1,3}[\s-]?)?\(?0\d{2,4}\)?(?:[\s-]?\d{3,4}){1,3}\b|"
        r"\b(?:999|911|112|111)\b|\b(?:ext(?:ension)?\.?|x)\s?\d{3,5}\b",
        re.I,
    ),
}


# "What's the mileage rate ...?", "What is the fee for ...?": a rate, fee or wage is a sum, a
# share or a multiple of pay. Read of table rows only (rows.row_fit): over prose, "the birth
# rate" or "the rate of growth" asks for no sum, and the type gates already judge a line.
_ASKS_VALUE = re.compile(
    r"\bwhat(?:'s|’s|\s+is|\s+are|\s+was|\s+will\s+be|\s+would\s+be)\s+"
    r"(?:the|my|our|your|their)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:rate|fee|charge|fare|wage|salary)s?"
    r"(?=\s*(?:[?,;.]|$)|\s+(?:for|of|per|on|in|at|to|if|when|after|before|from)\b)",
    re.I,
)


@lru_cache(maxsize=1024)
def asked_kind(question: str) -> str | None:
    """The kind of thing the question's wording asks for (money, frequency, day, phone,
    clock, percent), or None when it asks for none of them."""
    for kind, pattern in _ASKS:
        if pattern.search(question):
            return kind
    return None


def asked_row_kind(question: str) -> str | None:
    """The kind a table row is asked for: `asked_kind`, or "value" for a rate, fee or wage
    ("What's the mileage rate ...?": "45 pence a mile")."""
    return asked_kind(question) or ("value" if _ASKS_VALUE.search(question) else None)


def asking_words(kind: str, question: str) -> str | None:
    """The words of `question` asking for `kind` ("which day", "what time"), or None."""
    pattern = dict(_ASKS).get(kind) or (_ASKS_VALUE if kind == "value" else None)
    m = pattern.search(question) if pattern is not None else None
    return m.group(0) if m else None


def says_kind(kind: str | None, text: str) -> bool:
    """Does `text` say a thing of `kind` (always true when no kind is asked)?"""
    return kind is None or bool(_SAYS[kind].search(text))


# "Seven Spanish Angels came from which Ray Charles album?", "In which city was he born?":
# the word after "which" (past any name) is the kind of thing asked for, when the phrase
# ends the clause or an auxiliary follows it (not "the album on which Ray Charles recorded").
_WHICH_NOUN = re.compile(
    r"\b[Ww]hich\s+(?:[A-Z][\w'’.-]*\s+)*([a-z][a-z-]{2,})"
    r"(?=\s*(?:[?,;:]|$)|\s+(?:is|was|are|were|did|does|do|has|have|had|will|would|can|could)\b)"
)


@lru_cache(maxsize=1024)
def asked_noun(question: str) -> str | None:
    """The noun a which-question asks for ("album" in "from which Ray Charles album?"),
    or None."""
    m = _WHICH_NOUN.search(question)
    return m.group(1).lower() if m else None


def says_noun(noun: str | None, terms: tuple[str, ...] | list[str]) -> bool:
    """Does a candidate with these term keys say the asked noun (always true when none is
    asked)? An answer to "which album" that says "album" names one; one that does not may
    name a song or a singer."""
    if noun is None:
        return True
    from wikiqa.answerers.features import key  # (features imports nothing from here)

    asked = key(noun)
    return asked in terms or (NAMED_INSTANCES and bool(_instance_keys(asked) & set(terms)))


NAMED_INSTANCES = True  # switch: a weekday's name says "day", a month's "month" (gap74)
_INSTANCE_NAMES = {"day": WEEKDAYS, "month": MONTHS}


@lru_cache(maxsize=8)
def _instance_keys(asked: str) -> frozenset[str]:
    """The keys of the names of one thing of the asked noun's kind: "Which days does the
    carrier collect the cash?" is answered by "on Tuesdays and Fridays", which names two
    days without the word "day" (a weekday is a day, a month's name a month)."""
    from wikiqa.answerers.features import key

    return frozenset(key(n) for n in _INSTANCE_NAMES.get(asked, ()))


# "How long do we keep a phone?", "How fast must we respond?", "How soon do I have to ...":
# the question asks for a stretch of time; "20 working days" or "5 clear days" says one as
# "20 days" does (a qualifier of the day counted, not another kind of thing). (Not a kind of `asked_kind`: over prose a
# sentence without one stays a fair answer; it is read only of table rows, rows.row_fit.)
# "How much notice ...?" asks the same: notice and warning are given as stretches of time.
# (Not "how much time off": a compound "how much time off, and is it paid?" then read a
# bereavement row keyed by the "wife" of its situation as the row asked for.)
_ASKS_DURATION = re.compile(
    r"\bhow\s+(?:long|fast|soon|quick(?:ly)?|much\s+(?:notice|warning))\b", re.I
)
_SAYS_DURATION = re.compile(
    r"\b\d+(?:\.\d+)?(?:\s*(?:to|-|–)\s*\d+(?:\.\d+)?)?\s*"
    r"(?:(?:working|business|calendar|clear|consecutive|full)\s+)?"
    r"(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b|"
    r"\b(?:same|next)\s+(?:working\s+)?day\b",
    re.I,
)
# Header words saying that a column's cells are stretches of time ("Respond within",
# "Response time", "Notice period", "Kept for how long").
_DURATION_HEADER = re.compile(r"\b(?:within|times?|period|duration|long|deadline)\b", re.I)


def asks_duration(question: str) -> bool:
    """Does the question ask how long, how fast, how quick(ly) or how soon (a stretch of time)?"""
    return bool(_ASKS_DURATION.search(question))


def says_duration(text: str) -> bool:
    """Does `text` say a stretch of time ("3 months", "20 minutes", "same day")?"""
    return bool(_SAYS_DURATION.search(text))


def duration_column(header: str) -> bool:
    """Does a column header say its cells are stretches of time ("Respond within")?"""
    return bool(_DURATION_HEADER.search(header))
