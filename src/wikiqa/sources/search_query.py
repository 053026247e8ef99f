"""Queries to try on CirrusSearch when a question, sent as asked, finds too little.

Why: CirrusSearch (Wikipedia's search) returns only pages that hold EVERY word of the query
that is not an English stop word, and its stop list is short: "who", "when", "where", "did"
and the question's own phrasing ("wrote" where the article says "written") must all be in
the page. A natural-language question therefore often finds nothing, or one page that
happens to hold every word. These rewrites keep what the question is about and drop the
rest, from strict to loose:

1. its content words (question words, auxiliaries and other stop words dropped);
2. any of those words (`a OR b OR c`): pages ranked by how many, and how rare, they hold.

A misspelt word is corrected by the wiki itself: its `searchinfo.suggestion` is tried too.
"""

from __future__ import annotations

import re

from wikiqa.text.terms import STOPWORDS

# CirrusSearch reads these as syntax: a stray one in a question would change its meaning.
_SYNTAX = re.compile(r"^(?:AND|OR|NOT)$|[:\"~*\\]|^-|^!")
_TOKEN = re.compile(r"\w+(?:[.'’&-]\w+)*")
_POSSESSIVE = re.compile(r"['’]s$", re.I)
MAX_WORDS = 10  # a longer query is cut: every extra word can only narrow an AND search


def content_words(question: str) -> list[str]:
    """The question's words that say what it is about, in order, without stop words,
    possessive 's or search syntax; duplicates (case-insensitive) dropped."""
    out: list[str] = []
    seen: set[str] = set()
    for raw in _TOKEN.findall(question):
        word = _POSSESSIVE.sub("", raw)
        key = word.casefold()
        if not word or key in STOPWORDS or key in seen or _SYNTAX.search(word):
            continue
        seen.add(key)
        out.append(word)
    return out[:MAX_WORDS]


def relaxed_queries(question: str) -> tuple[str, str]:
    """(all content words, any content word) as CirrusSearch queries; "" where there is
    none (no content word; a single word has no looser form)."""
    words = content_words(question)
    return " ".join(words), (" OR ".join(words) if len(words) > 1 else "")
