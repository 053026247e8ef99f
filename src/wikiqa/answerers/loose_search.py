"""Evidence from the loosest search: an answer must come from a page that says every word.

Why: when a live wiki finds nothing for a question's words together, the source searches
for any of them (sources/search_query.py) and the wiki has then told us that no page holds
them all (to its own stemming). That fallback rescues wording the engine does not fold
("wrote" against "written", a misspelling), but it also hands an unanswerable question pages
that share only its other words ("How many children did Hank Crawford have?" reads his
article, which never says "children"). So, when every hit came from that fallback, an
answer is kept only if one of the documents it cites holds every content word of the
question (by the answerer's own matching keys, which fold "wrote" and "written"), but
for at most one word the question writes in lower case: a verb or adverb the page words
otherwise ("win" / "was awarded", "play" / "Instruments:"). What the question asks of its
subject is checked apart, in the cited sentences themselves (attribute.py: "children" must
be said), and a name the question capitalises must be in the page; otherwise the
answerer refuses.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wikiqa.answerers.features import QuestionInfo, key, keys
from wikiqa.answerers.labels import label_keys
from wikiqa.sources.search_query import found_by_any_word
from wikiqa.text.memo import memo_by_chars, text_weight
from wikiqa.text.terms import words
from wikiqa.types import Document, Hit


def loosely_found(hits: Sequence[Hit]) -> bool:
    """Did every hit come from the any-word fallback (so no page holds all the words)?"""
    return bool(hits) and all(found_by_any_word(h) for h in hits)


@memo_by_chars(8_000_000, text_weight)  # bounded by document characters, not count
def _doc_keys(title: str, text: str) -> frozenset[str]:
    """The page's words, and the words that ask for its infobox labels (labels.py: "Music
    by" says who composed the score)."""
    return frozenset(keys(f"{title}\n{text}")) | label_keys(text.splitlines())


def says_every_word(q: QuestionInfo, cited: Iterable[Document]) -> bool:
    """Does one of the `cited` documents hold every content word of the question?"""
    wanted = set(q.terms)
    return any(wanted <= _doc_keys(d.title, d.text) for d in cited)


MAX_UNSAID = 1  # lower-case content words of the question a cited page may word otherwise


def says_enough(q: QuestionInfo, cited: Iterable[Document]) -> bool:
    """Does one of the `cited` documents hold every content word of the question but at
    most MAX_UNSAID that the question writes in lower case (never a capitalised name)?"""
    wanted = set(q.terms)
    named = {key(w) for w in words(q.text)[1:] if w[:1].isupper()} & wanted
    for d in cited:
        unsaid = wanted - _doc_keys(d.title, d.text)
        if not unsaid & named and len(unsaid) <= MAX_UNSAID:
            return True
    return False
