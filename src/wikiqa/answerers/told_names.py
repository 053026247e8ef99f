"""Names of the situation a question tells before it asks, which no document says.

"The funeral is in Poland. Can I get extra days to travel?", "I'm moving here from Canada for
the job. Does the relocation package cover work permit fees?", "A resident's daughter wants
to visit from Scotland. Does Linden House have a spare room she could stay in?": the first
sentence tells the situation, and its name (a country, a city, a route number) is how the
asker met it, not what the handbook files its rule under ("If the funeral is outside the
United Kingdom ...", "Staff moving from outside the UK may also claim visa fees ..."). The
answerability model's `entity_align` is the least alignment of the question's names and
numbers with the line, so one such name, which no line can say, holds the right line under
the floor however well the rest of the question is answered.

So, as the negation and the qualifiers are read in the sentence that asks
(`features.asked_clause`), a name of the situation told before it is left out of
`entity_align` when nothing the answerer read says it: no retrieved document, title or text,
and not the asking sentence. A name a document says is a key the handbook files things under
(a site, a line, a person) and stays: the line must say it. A name of two capitalised words
or more ("Kuala Lumpur", "Priya Okafor") is left in too: a person named whole is whom the
question is about. The caller applies it only to a line of the first retrieved document.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from wikiqa.answerers.features import asked_clause, key, keys
from wikiqa.text.terms import STOPWORDS

__all__ = ["told_names"]

_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def _name(word: str, position: int) -> bool:
    """A name or number as `alignment._entity` reads one: capitalised past the question's
    first word, or holding a digit."""
    return (position > 0 and word[:1].isupper()) or any(ch.isdigit() for ch in word)


def _capital(word: str) -> bool:
    return word[:1].isupper()


def told_names(question: str, documents: Iterable[str]) -> frozenset[str]:
    """The keys of the single names and numbers that `question` says only in the situation
    it tells before its asking sentence, and that none of `documents` (each a retrieved
    document's title and text) says; empty when the question is one sentence."""
    asked = asked_clause(question)
    cut = question.rfind(asked)
    if cut <= 0:
        return frozenset()
    told = _TOKEN.findall(question[:cut])
    names = {
        key(w)
        for i, w in enumerate(told)
        if _name(w, i)
        and w.lower() not in STOPWORDS
        and not (i > 0 and _capital(told[i - 1]) and i - 1 > 0)
        and not (i + 1 < len(told) and _capital(told[i + 1]))
    }
    names -= set(keys(asked))
    if not names:
        return frozenset()
    for text in documents:
        names -= set(keys(text))
        if not names:
            return frozenset()
    return frozenset(names)
