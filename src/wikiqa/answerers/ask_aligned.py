"""A right line a little under the floor that says, in its own words, every word of the ask.

The largest cause of refused factual questions is a line that answers, ranked first in the
document retrieval put first, scoring a little under the floor. What tells such a line from
the first line of a question the documents cannot answer is whether the line says what the
*asking sentence* asks (floor56, `bench/floor_features.py`): the answerability model scores
the whole question, and a situation told before the ask ("I'm 19 and don't drive.") or a
paraphrase ("pics" for "photos") pulls the right line down, while a must-refuse question's
first line leaves a word of its ask unsaid ("flights" of "will the company pay for my flights
to the funeral?").

So a line answers within `ALIGN_SLACK` under the floor when every content word of the asking
sentence (`features.asked_clause`; the situation before it only names the case) is said by
the line, the heading it sits under or its document's title: by the same word (a stem, or a
clipped form, `ask_named.said_like`), or by a word whose contextual vector from the MiniLM run
that scored the question lies within `WORD_ALIGN` of it (the word alignment of
alignment.py, the question's words read in the question). A word naming the kind of answer
("how quickly", "who do I ring", "how much money") is said by a value of that kind
(`ask_named.KIND_WORDS`), light words of asking by nobody (`ask_named.LIGHT`). Bounds:

* the question is asked personally (a first- or second-person word: `ask_named`'s `PERSON`):
  an employee's question about their own case, not an encyclopedia's "Which ... ?", whose
  adversarial unanswerables copy their paragraph's words (SQuAD);
* the line is the first retrieved document's, in force, no table row (a row answers by the
  column the question names: named_cell.py, rows.py), and that document is the asker's: its
  title names no readers, or readers the question or the asker's roles say (`for_others`:
  "Sales Team Customer Visit Guidelines" answers no operations employee's trip);
* the line says the kind of answer the question word asks (issue #10 class 4): a person or
  role for "who", a date, time or period for "when", a number for "how many / how much", the
  kind the wording asks (`kinds.asked_kind`: a sum of money, a phone number) where it asks one
  (`features.answers_type`, `kinds.says_kind`, on the line itself, not its heading);
* an ask for a third person ("Can *she* get my discount?") is about whom the line does not
  say: a gendered person pronoun in the asking sentence leaves it refused; so does one in a
  situation told first in which the asker is no subject ("My mate ... left his job ... Will
  I owe anything?": the case is the mate's, as situation_stated.py reads it).

The checks made after the decision (a qualified rule, a kind of reader, a scope, an edition)
still refuse what this lets through.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from wikiqa.answerers.alignment import asked_words, plain_words
from wikiqa.answerers.ask_named import (
    KIND_WORDS,
    LIGHT,
    _speaks_personally,
    content_stems,
    names_the_ask,
    told_situation,
)
from wikiqa.answerers.features import ANSWER_FEATURES, answers_type, asked_clause, gated_type
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.answerers.neighbours import (
    GENERIC_AUDIENCE,
    PEOPLE,
    forms,
    read_out_of_force,
    title_readers,
)
from wikiqa.answerers.situation_stated import _ASKER_SUBJECT
from wikiqa.answerers.stored_texts import framed

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

ALIGN_SLACK = 0.15  # how far under the floor a line saying the whole ask may answer
WORD_ALIGN = 0.5  # a word's contextual cosine to a line word at which the line says it
_DOC_TOP = ANSWER_FEATURES.index("doc_top")
# a person the ask is for who is not the asker: the line must say whom, and cannot
_THIRD_PERSON = re.compile(r"\b(?:she|he|her|him|his|hers)\b", re.I)

# align(question, ask, texts): each content word of `ask` (the asking sentence of
# `question`) with its best word cosine to any of `texts`, the question's words read in the
# question (alignment.py); [] without word vectors
AskAlign = Callable[[str, str, Sequence[str]], list[tuple[str, float]]]


def aligned_stems(ask: str, aligned: list[tuple[str, float]]) -> frozenset[str]:
    """The stems of the ask's content words whose best word cosine to the line, its heading
    or its title reaches WORD_ALIGN: said there in other words."""
    asked = set(_content(ask))
    return frozenset(
        s for w, cos in aligned if cos >= WORD_ALIGN and w in asked for s in content_stems(w)
    )


def may_align(question: str) -> bool:
    """Could `ask_aligned` answer `question` at all: is it asked personally, not for a third
    person, and not of a situation told of a third person with the asker no subject in it
    ("My mate paid for a diploma and left his job 6 months after finishing it. Will I owe
    anything?": the case is the mate's; see the module)? Checked before asking it once more."""
    if not _speaks_personally(question) or _THIRD_PERSON.search(asked_clause(question)):
        return False
    told = told_situation(question)
    return not (
        told is not None and _THIRD_PERSON.search(told[0]) and not _ASKER_SUBJECT.search(told[0])
    )


def for_others(title: str, question: str, asker: frozenset[str]) -> bool:
    """Does the document's `title` name its readers (a person noun and the words running
    into it: "Sales Team Customer Visit Guidelines", "Agency Workers Guide"; staff,
    colleagues and teams in general name no one) with none of them said by the question or
    the asker's roles and departments (`asker`)? Then it is no line of the asker's."""
    readers = title_readers(title) - GENERIC_AUDIENCE - PEOPLE
    return bool(readers) and not readers & (forms(question) | asker)


def ask_aligned(
    e: Evidence, floor: float, align: AskAlign, asker: frozenset[str] = frozenset()
) -> bool:
    """Does the evidence's first line answer within ALIGN_SLACK under the floor because it
    says, in its words or its heading's and title's, every content word of a personally
    asked question's asking sentence, with a value of the kind asked (see the module)?"""
    if not e.ranked or not floor - ALIGN_SLACK <= e.score < floor:
        return False
    q = e.question
    if e.features[_DOC_TOP] < 1.0 or not may_align(q.text):
        return False
    top = e.ranked[0]
    if top.header is not None or read_out_of_force(top.doc):
        return False
    if for_others(top.doc.title, q.text, asker):
        return False
    ask = asked_clause(q.text)
    line = top.span.text
    if not answers_type(gated_type(q), line, set(q.terms)) or not says_kind(
        asked_kind(q.text), line
    ):
        return False
    if not [w for w in content_stems(ask) if w not in LIGHT and w not in KIND_WORDS]:
        return False  # an ask of light and kind words alone names no thing to say
    framing = f"{top.context} {top.doc.title}"
    aligned = align(q.text, ask, [framed([line], [top.context])[0], framing])
    return names_the_ask(ask, line, top.context, top.doc.title, aligned=aligned_stems(ask, aligned))


def _content(text: str) -> list[str]:
    """`text`'s content words as written, as the word alignment reads a question's: stop and
    question words, a verb framing another as a modal ("need to") and a light "get"
    dropped (alignment.py)."""
    found = plain_words(text).words
    return [found[i] for i in asked_words(found)]
