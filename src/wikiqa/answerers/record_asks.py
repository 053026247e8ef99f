"""Whether a question asks what a record says, so that a sentence of it is read with its key.

Why: a directory's record names its entity once, in its first sentence ("Saltmarsh office:
Unit 3, Quayside."); its other sentences ("Open to tenants 9:00 to 16:00.") are about it
all the same (text/records.py). Read under its key, every sentence of the record says the
entity's name, so each would look like an answer to any question about the entity: "When
is the Saltmarsh office closing?" is not answered by its opening hours. As a table row
answers only for a column the question asks for, a term's sentence is read under the term
only when the term is a name (a topic's label, "Sickness:", is not), the question names it
and the sentence says something asked beyond it: a word of the question the term does not
hold ("Open" for "the opening hours at Wharf House"), or the kind of thing the question's
wording asks for (a clock time for "what time does the Saltmarsh office shut?",
kinds.asked_kind). Otherwise it is read as written.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import keys
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.store.respell import is_english


def is_name(term: str) -> bool:
    """Is the term a name ("Saltmarsh office", "Wharf House", "Boxing Day": a capital past
    its first word, or a first word that is no English word), not a common noun labelling a
    topic ("Sickness", "Jury service")? An entity's record never names it again after its
    first sentence; a topic's labelled line says its topic in its own words ("Sick pay is
    Statutory Sick Pay"), and read under the label it would rank for every question on the
    topic (a readable guide's line answering where the policy asked about is not readable)."""
    words = term.split()
    return any(w[:1].isupper() for w in words[1:]) or not is_english(
        re.sub(r"[^a-z]", "", words[0].lower())
    )


def asks_of_record(question: str, terms: frozenset[str], key: str, sentence: str) -> bool:
    """Is `key` a name (`is_name`), and does the question (its text and content-word keys
    `terms`) name it (by its first word, as a name is shortened: "Quayside" for "Quayside
    Depot"; the kind word "office" names no office) and ask something its `sentence` says
    beyond the key?"""
    if not is_name(key.rstrip(":")):
        return False
    said = keys(key)
    named = frozenset(said)
    if not said or said[0] not in terms:  # "Quayside" names "Quayside Depot", "office" not
        return False
    if (terms - named) & frozenset(keys(sentence)):
        return True
    kind = asked_kind(question)
    return kind is not None and says_kind(kind, sentence)
