"""A case met at work, told in a sentence of its own before the ask, makes a workplace question.

Staff ask about what happens to the people and things they deal with, not only about
themselves: "A customer wants to swap their tickets to a different night. Is there a
charge?", "The 3D has stopped working in screen 4. How quickly should it be fixed?", "A
customer wants £400 back at the box office. Who has to okay that?". The readings that
answer a value of the kind asked from the first page's line (kind_meant.py, value_line.py)
are held to questions in the first or second person (`ask_named.speaks_personally`): the
person word is their sign of a workplace question, where an encyclopedia's adversarial
questions (SQuAD, HotpotQA) copy their paragraph's words and ask figures of every kind. A
case told first, in a complete sentence of its own that is no question, and only then asked
about in a sentence of its own, is the same sign: an encyclopedia question asks in one
sentence. Every question of that shape in the open task files (23, in 13 batteries) is an
answerable one.

One sentence: *a question whose asking sentence follows one or more complete sentences
that are no questions and speak in no person (`told_case`) is read as a workplace question
by the value readings, with the told sentences set aside from the ask as a first-person
situation is (`ask_named.told_situation`).*

What it does not do, as a careful reader would hold it:
- it does not make the told case the asker's own: readings of the asker's own situation
  (own_situation.py, own_change.py, ...) still read only `told_situation`;
- a lead that is only a clause of the asking sentence ("The level board is on amber, can
  ...") tells no case: the told text must end in a full stop or an exclamation mark; nor
  does a sentence whose subject is left out ("Checking someone's back pay.", "Got a needle
  stick injury clearing a bin store."): the doing is the asker's own, told in no person;
- it loosens no bound of the readings it opens: the kind asked, the value line's meaning
  and words, the first page, the names the question gives.
"""

from __future__ import annotations

import re

from wikiqa.answerers.ask_named import speaks_personally, told_situation
from wikiqa.answerers.features import SENTENCE_END, asked_clause

TOLD_CASE = True  # switch: a case told in sentences of its own marks a workplace question
TOLD_WORDS = 3  # the fewest words a told sentence has (a case, not a fragment)

_WORD = re.compile(r"[A-Za-z0-9£€$][\w'’£€$.,-]*")
_TOLD_END = re.compile(r"[.!]\s*$")
# a sentence opening on a verb has its subject left out: the asker's own doing ("Checking
# someone's back pay.", "Got a needle stick injury ..."), a fragment, not a case told
_ELIDED = re.compile(r"^\W*(?:[A-Za-z]+ing|[A-Za-z]+ed|got|had|been|just)\b", re.I)


def told_case(question: str) -> tuple[str, str] | None:
    """(the case told, the ask) when the question's asking sentence follows complete
    sentences that are no questions, each of at least TOLD_WORDS words, and the question
    speaks in no person (a first-person situation is `told_situation`'s); None otherwise."""
    if not TOLD_CASE or speaks_personally(question):
        return None
    ask = asked_clause(question)
    at = question.rfind(ask)
    if at <= 0 or not ask.strip():
        return None
    lead = question[:at].strip()
    if not _TOLD_END.search(lead):
        return None  # a clause of the asking sentence, not a sentence of its own
    told = [s.strip() for s in SENTENCE_END.split(lead) if s.strip()]
    if not told or any(
        s.endswith("?") or len(_WORD.findall(s)) < TOLD_WORDS or _ELIDED.match(s) for s in told
    ):
        return None
    return " ".join(told), ask


def workplace_asked(question: str) -> bool:
    """Is the question a workplace one by its form: it speaks in the first or second person,
    or tells a case met at work before asking (`told_case`)?"""
    return speaks_personally(question) or told_case(question) is not None


def situation_and_ask(question: str) -> tuple[str, str] | None:
    """(the situation, the ask): the asker's own situation (`told_situation`) or a case told
    in sentences of its own (`told_case`); None when the question tells neither."""
    return told_situation(question) or told_case(question)
