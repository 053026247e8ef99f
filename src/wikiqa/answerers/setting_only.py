"""A line that meets the question only in its setting: the time it asks about and its names.

"Who did the Normans besiege in the 11th century?" over "The Normans ... were the people who
in the 10th and 11th centuries gave their name to Normandy, a region in France."; "What fell
to the Normans in the 10th century?" over "The distinct cultural and ethnic identity of the
Normans emerged initially in the first half of the 10th century, ...". A question that sets
what it asks in a period (`other_case.asked_periods`, read as a time by
`unsaid_period.reads_as_time`) asks what happened then; its own lower-case words (the verb,
its object, the thing asked: "besiege", "fell", "serve under") say what. A line that names
the same period and the question's names but says none of those words, nor do its heading
and title, tells something else that happened in that time, however well it matches the
question's subject and date: it meets the question only in its setting.

Bounded: the line must itself name a period overlapping the asked one (that is what makes
it rank: a line not dated there is `other_time`'s or `unsaid_period`'s case); every period
the question names must read as a time (not a name "the 1973 oil crisis" nor a bound
"since 1970"); a question asking for a time ("when", "what year", "how long") or a yes/no
question is not read; a question with a relative clause ("the chemist who ... during the
1960s ...") is not read, since its period may date the description; and a word counts as
said when the line, its heading or its title says its key or shares its first four letters
("invade" / "invasion"), so any overlap in what happened leaves the line alone.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import asked_clause, key
from wikiqa.answerers.other_case import asked_periods, named_periods
from wikiqa.answerers.unsaid_period import reads_as_time
from wikiqa.text.terms import STOPWORDS

__all__ = ["SETTING_ONLY", "setting_only"]

SETTING_ONLY = True  # switch: read a line meeting the question only in its setting as another case

_RELATIVE = re.compile(r"\b(?:who|whom|whose|which|that)\b", re.I)
_ASKS_TIME = re.compile(
    r"\b(?:when|how long|how many years|what (?:year|years|century|decade|period|time|date)|"
    r"which (?:year|century|decade|period))\b",
    re.I,
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
# Stop words that still say what happened: a line saying one of them ("gave their name to")
# meets the question in more than its setting.
_SAID_ANYWAY = frozenset({"name", "named", "called", "known", "kind", "type", "used", "using"})
# Words that only say the setting itself: the period's own words and the wh-words; and the
# light verbs of an event ("What happened in 1973?" asks any event of that time, so a line
# dated there answers it).
_SETTING_WORDS = frozenset(
    {"century", "centuries", "decade", "decades", "year", "years", "era", "period", "time",
     "early", "late", "mid", "half", "first", "second", "last", "what", "which", "who",
     "whom", "whose", "where", "why", "how", "happen", "happened", "happens", "occur",
     "occurred", "occurs", "place", "take", "takes", "took", "taken", "going"}
)  # fmt: skip


def _act_words(asked: str, periods: list[tuple[int, int, int, int]]) -> list[str]:
    """The lower-case content words of the asking clause outside its periods: what the
    question says happened. A capitalised word past the first is a name (the setting)."""
    text = asked
    for _, _, start, end in sorted(periods, key=lambda p: -p[2]):
        text = text[:start] + " " * (end - start) + text[end:]
    out = []
    for n, m in enumerate(_WORD.finditer(text)):
        word = m.group().lower().rstrip("'’s") or m.group().lower()
        if n > 0 and m.group()[0].isupper():
            continue
        if (word in STOPWORDS and word not in _SAID_ANYWAY) or word in _SETTING_WORDS:
            continue
        if len(word) < 3:
            continue
        out.append(word)
    return out


def _said(word: str, text_words: list[str]) -> bool:
    k = key(word)
    return any(key(t) == k or t[:4] == word[:4] for t in text_words)


def setting_only(question: str, wh: str, line: str, context: str = "") -> bool:
    """Does `line` name the period the question asks about (and perhaps its names) but say
    none of the question's words of what happened, nor do its `context` (heading, title)?"""
    if not SETTING_ONLY or wh == "yesno":
        return False
    asked = asked_clause(question)
    if _ASKS_TIME.search(asked) or _RELATIVE.search(asked[1:]):
        return False
    periods = asked_periods(asked)
    if not periods or len(periods) < len(named_periods(asked)):
        return False  # a bound or a span beside the asked period
    if not all(reads_as_time(asked, start) for _, _, start, _ in periods):
        return False
    held = [(a, b) for a, b, *_ in named_periods(line)]
    if not any(x <= b and a <= y for a, b, *_ in periods for x, y in held):
        return False  # the line is not dated there: other_time's and unsaid_period's case
    act = _act_words(asked, periods)
    if not act:
        return False
    said = [w.lower() for w in _WORD.findall(f"{line} {context}")]
    return not any(_said(w, said) for w in act)
