"""Whether a question asks what a record says, so that a sentence of it is read with its key.

Why: a directory's record names its entity once, in its first sentence ("Saltmarsh office:
Unit 3, Quayside."); its other sentences ("Open to tenants 9:00 to 16:00.") are about it
all the same (text/records.py). Read under its key, every sentence of the record says the
entity's name, so each would look like an answer to any question about the entity: "When
is the Saltmarsh office closing?" is not answered by its opening hours. As a table row
answers only for a column the question asks for, a term's sentence is read under the term
only when the question names the term and the sentence says something asked beyond it: a
word of the question the term does not hold ("Open" for "the opening hours at Wharf
House"), or the kind of thing the question's wording asks for (a clock time for "what time
does the Saltmarsh office shut?", kinds.asked_kind). Otherwise it is read as written.
"""

from __future__ import annotations

from wikiqa.answerers.features import keys
from wikiqa.answerers.kinds import asked_kind, says_kind


def asks_of_record(question: str, terms: frozenset[str], key: str, sentence: str) -> bool:
    """Does the question (its text and content-word keys `terms`) name the record's `key`
    and ask something its `sentence` says beyond the key?"""
    named = frozenset(keys(key))
    if not terms & named:
        return False
    if (terms - named) & frozenset(keys(sentence)):
        return True
    kind = asked_kind(question)
    return kind is not None and says_kind(kind, sentence)
