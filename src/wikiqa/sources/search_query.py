"""Queries to try on CirrusSearch when a question, sent as asked, finds too little.

Why: CirrusSearch (Wikipedia's search) returns only pages that hold EVERY word of the query
that is not an English stop word, and its stop list is short: "who", "when", "where", "did"
and the question's own phrasing ("wrote" where the article says "written") must all be in
the page. A natural-language question therefore often finds nothing, or one page that
happens to hold every word. These rewrites keep what the question is about and drop the
rest, from strict to loose:

1. its content words (question words, auxiliaries, other stop words and the courtesy
   around a question, "Can you please tell me ..., thanks?", dropped);
2. any of those words (`a OR b OR c`): pages ranked by how many, and how rare, they hold.

A misspelt word is corrected by the wiki itself: its `searchinfo.suggestion` is tried too.
When the best hit was found only through such a correction, `respelled` gives the question
with the corrected words, so the reader of the hits looks for "Crawford", not "Crawfrod".
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from difflib import SequenceMatcher

from wikiqa.sources.http import single_try
from wikiqa.store.lexicon import spelled_phrases
from wikiqa.text.asking import without_courtesy
from wikiqa.text.terms import STOPWORDS, initials
from wikiqa.types import Hit

# CirrusSearch reads these words as operators: a stray one would change the query's meaning.
_SYNTAX = re.compile(r"^(?:AND|OR|NOT)$")
_TOKEN = re.compile(r"\w+(?:[.'’&-]\w+)*")
_POSSESSIVE = re.compile(r"['’]s$", re.I)
log = logging.getLogger(__name__)
# One search request: (query, let the wiki rewrite it) -> (hits in rank order, suggestion).
SearchOnce = Callable[[str, bool], Awaitable[tuple[list[Hit], str | None]]]
# CirrusSearch keywords: a query that uses one was written for the engine, not asked.
_KEYWORD = re.compile(
    r"(?<![\w-])-?(?:intitle|incategory|deepcat|insource|prefix|hastemplate|linksto|morelike|"
    r"inlanguage|articletopic|subpageof|filetype|boost-templates):",
    re.I,
)
MAX_WORDS = 10  # a longer query is cut: every extra word can only narrow an AND search


def content_words(question: str) -> list[str]:
    """The question's words that say what it is about, in order, without stop words,
    possessive 's, search syntax or the courtesy around it ("Can you please tell me ...,
    thanks?"); duplicates (case-insensitive) dropped."""
    out: list[str] = []
    seen: set[str] = set()
    for raw in _TOKEN.findall(without_courtesy(question)):
        word = _POSSESSIVE.sub("", raw)
        key = word.casefold()
        if not word or key in STOPWORDS or key in seen or _SYNTAX.search(word):
            continue
        seen.add(key)
        out.append(word)
    return out[:MAX_WORDS]


ANY_WORD = " OR "  # joins the loosest fallback's words


def found_by_any_word(hit: Hit) -> bool:
    """True when `hit` was found only by the loosest fallback (any of the question's words):
    the wiki then said that no page holds all of them."""
    return bool(hit.query) and ANY_WORD in str(hit.query)


def uses_keywords(query: str) -> bool:
    """True when the query uses CirrusSearch keywords (`intitle:`, `incategory:` ...): its
    author chose exactly what to match, so it is not loosened."""
    return _KEYWORD.search(query) is not None


def relaxed_queries(question: str) -> tuple[str, str]:
    """(all content words, any content word) as CirrusSearch queries; "" where there is
    none (no content word; a single word has no looser form)."""
    words = content_words(question)
    return " ".join(words), (ANY_WORD.join(words) if len(words) > 1 else "")


async def search_relaxed(query: str, k: int, once: SearchOnce) -> list[Hit]:
    """Hits for `query`: sent as given first (the one request there always was); when that
    finds fewer than `k` pages, then, only while still short: the wiki's spelling suggestion
    as the wiki wrote it (what its own search page offers, "Did you mean ...", so what a
    client replaying recorded traffic most likely recorded), the query's content words (the
    wiki may rewrite them: a misspelling), the suggestion's content words, and, when nothing
    at all was found, any of the content words. Later hits rank after earlier ones and carry
    the query that found them. Each fallback is optional on its own: whatever makes one fail
    (a replay of recorded traffic refuses a request it never recorded), the hits found stand
    and the next fallback is still tried."""
    hits, suggestion = await once(query, False)
    if len(hits) >= k or uses_keywords(query):
        return hits
    tried = {query.casefold()}
    strict, loose = relaxed_queries(query)

    async def more(text: str, rewrite: bool) -> None:
        nonlocal hits, suggestion
        if len(hits) >= k or not text or text.casefold() in tried:
            return
        tried.add(text.casefold())
        try:
            with single_try():  # optional: tried once
                found, hint = await once(text, rewrite)
        except Exception as exc:  # optional requests: whatever fails, the hits found stand
            log.warning("a fallback search failed (%s: %s); keeping %d hits",
                        type(exc).__name__, exc, len(hits))  # fmt: skip
            return
        suggestion = suggestion or hint
        hits = _merge(hits, [h.model_copy(update={"query": h.query or text}) for h in found], k)

    if suggestion:  # the wiki's own correction, as it wrote it
        await more(suggestion, False)
    await more(strict, True)
    if suggestion:  # the correction's content words
        fixed, fixed_loose = relaxed_queries(suggestion)
        await more(fixed or suggestion, False)
        loose = fixed_loose or loose
    if not hits:
        await more(loose, False)
    return hits


def _merge(hits: list[Hit], more: list[Hit], k: int) -> list[Hit]:
    """`hits` then the new pages of `more`, at most `k`, scores renumbered by rank."""
    seen = {h.doc_id for h in hits}
    merged = [*hits, *(h for h in more if h.doc_id not in seen)][:k]
    return [h.model_copy(update={"score": 1.0 / (i + 1)}) for i, h in enumerate(merged)]


def respelled(question: str, hits: Sequence[Hit]) -> str:
    """`question` as the search read it: without the courtesy around it ("Can you please
    tell me ...?", see text/asking.py), and with the words the search rewrote, when the best
    hit was found by a query whose content words are the question's own but for words written
    otherwise: small misspellings (at most two edits each), a clipped word written whole
    ("defib" -> "defibrillator"), a word joined or split ("checkout" -> "check out", "e-mail"
    -> "email") or an initialism with its definition ("KP" -> "Kitchen Porter (KP)"): the
    rewrites of store/respell.py and store/lexicon.py, or the wiki's own correction."""
    question = without_courtesy(question)
    found_by = hits[0].query if hits else None
    if not found_by:
        return question
    asked, fixed = content_words(question), content_words(found_by)
    keys = SequenceMatcher(None, [w.casefold() for w in asked], [w.casefold() for w in fixed],
                           autojunk=False)  # fmt: skip
    swaps: list[tuple[list[str], str]] = []
    for op, i1, i2, j1, j2 in keys.get_opcodes():
        if op == "equal":
            continue
        old, new = asked[i1:i2], fixed[j1:j2]
        if op == "insert" and i1 < len(asked) and _is_initialism([asked[i1]], [*new, asked[i1]]):
            # "KP" -> "Kitchen Porter (KP)"
            swaps.append(([asked[i1]], f"{' '.join(new)} ({asked[i1]})"))
            continue
        if op == "insert" and i1 < len(asked) and (phrase := _spelled(found_by, asked[i1], new)):
            swaps.append(([asked[i1]], phrase))  # "NOSP" -> "Notice of Seeking Possession (NOSP)"
            continue
        if op != "replace":
            return question  # another query (a fallback), not the question rewritten
        if _written_otherwise(old, new):
            if old[0][:1].isupper() and new[0][:1].islower():
                new = [new[0][:1].upper() + new[0][1:], *new[1:]]
            said = (
                f"{' '.join(new[:-1])} ({new[-1]})" if _is_initialism(old, new) else " ".join(new)
            )
            swaps.append((old, said))
    out = question
    for old, said in swaps:
        spaced = r"[\s-]+".join(re.escape(w) for w in old)
        out = re.sub(rf"(?<!\w){spaced}(?!\w)", said.replace("\\", r"\\"), out)
    return out


def _written_otherwise(old: list[str], new: list[str]) -> bool:
    """Do the question's words `old` and the search's `new` say the same thing written
    otherwise (`respelled`)?"""
    a, b = [w.casefold() for w in old], [w.casefold() for w in new]
    if len(a) == 1 and len(b) == 1:
        if _edits(a[0], b[0]) <= 2:
            return True  # a misspelling
        if len(a[0]) >= 4 and b[0].startswith(a[0]):
            return True  # a clipped word
    if _letters("".join(a)) == _letters("".join(b)):
        return True  # joined or split
    return _is_initialism(old, new)


def _is_initialism(old: list[str], new: list[str]) -> bool:
    """Is `new` the initialism `old` (one word in capitals) after its definition ("KP" and
    "Kitchen Porter KP")?"""
    short = old[0]
    return (
        len(old) == 1 and short.isupper() and len(new) == len(short) + 1 and new[-1] == short
        and initials(new[:-1]) == short
    )  # fmt: skip


def _spelled(found_by: str, short: str, inserted: list[str]) -> str:
    """The phrase and `short` as `found_by` writes them ("Notice of Seeking Possession (NOSP)")
    when the words `inserted` before `short` are a phrase whose words open with its letters,
    small joining words giving one or none (store/lexicon.py's spelled-out initialism); ""
    otherwise."""
    if not short.isupper():
        return ""
    m = re.search(rf"([^()]*?)\s*\(\s*{re.escape(short)}\s*\)", found_by)
    if m is None:
        return ""
    for phrase in spelled_phrases(m.group(1), short):
        if m.group(1).endswith(phrase) and content_words(phrase) == inserted:
            return f"{phrase} ({short})"
    return ""


def _letters(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


def _edits(a: str, b: str) -> int:
    """Edit distance with a swap of neighbours as one edit ("Crawfrod" -> "Crawford": 1)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]
