"""A line that names what the question is about but says nothing of what it asks.

Two lines are structurally empty of any act or predicate, whatever they rank:

- **a document's title line.** A plain-text notice opens with its title in a line of its
  own ("CHRISTMAS AND NEW YEAR OPENING 2026"). A Markdown heading is never a candidate
  (`ExtractiveAnswerer.candidates` skips lines opening with "#"); the plain-text heading is
  read as a sentence and, holding the question's subject and a year, it can rank first for a
  question asking of something the notice never says ("Is there a staff Christmas party this
  year, and when is it?"). Cited alone it says only what the document is called.
- **a directory row asked whether something is going to happen to the thing it keys.** A
  row whose question words are only the names of the thing it keys (its key cell, its key
  column's header: "Venue", "Shop") says what that thing is (its town, type, seats,
  region), a standing description, not what befalls it. A yes/no question that names the
  thing as its subject and asks of it an event, told by the verb's aspect right after the
  subject ("going to close", "is closing", "being sold", "to be refurbished", or "Will X
  close?"), whose verb neither the row, its header, the table's heading nor the title says
  ("Is the Thornsea theatre going to close?" over "| Thornsea Little Theatre | Thornsea |
  studio | 220 | Fylde |"), is not answered by it. A row saying any asked word outside its
  key ("permit required" for "Do I need a permit to park ...?", "free" for "Do we get free
  brews ...?") is left alone, as is a row whose key says no word of the question (it was
  found by other means), and a question asking what the thing is or has ("Is Saltby
  Pavilion big?", "Does Fernlea have a twilight shift?": no event), which a row with a
  paraphrased column, or the row with its page's other lines, may answer.

Both read only the whole answer: every chosen line must be such a line, so a compound
question answered by a title line and a line that says something is not refused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set, question_type
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

SUBJECT_ONLY = True  # switch: a title line, or a directory row, answering nothing asked
PREFIX = 5  # two keys sharing their first PREFIX letters are one word said otherwise


# the verb's aspect telling an event asked of the subject before it: "(is) going to close",
# "is closing", "(is) being sold", "to be refurbished"; the event's verb is the next word
_EVENT = re.compile(
    r"^(?:(?:is|are|was|were|it|they)\s+)?(?:(?:going|about|due|set|planned|planning)\s+to\s+"
    r"(?:be\s+)?|gonna\s+(?:be\s+)?|being\s+|to\s+be\s+|(?=\w+ing\b))(\w+)",
    re.I,
)
_WILL = re.compile(r"^\s*(?:will|shall)\b", re.I)


def _said(word: str, said: frozenset[str]) -> bool:
    return word in said or any(
        len(s) >= PREFIX and len(word) >= PREFIX and s[:PREFIX] == word[:PREFIX] for s in said
    )


def title_line(c: Candidate) -> bool:
    """Is `c` its document's opening line restating its title: nothing but blank text before
    it, a line of its own, and every key it says one of the title's (a plain-text notice's
    "CHRISTMAS AND NEW YEAR OPENING 2026" under the title "christmas and new year opening
    2026")?"""
    if c.header is not None or c.doc.text[: c.span.start].strip():
        return False
    line = c.span.text.strip()
    said, title = key_set(line), key_set(c.doc.title)
    return bool(said) and "\n" not in line and said <= title


def asked_event(question: str, subject: frozenset[str]) -> str:
    """The verb of the event a yes/no `question` asks of its subject (the words keyed by
    `subject`), or "": the predicate right after the subject's last word opens with an
    aspect telling an event ("going to close", "is closing", "being sold"), or the
    question opens with "Will" and the predicate is the verb ("Will the Marsh theatre
    close?")."""
    said = [m for m in re.finditer(r"\w+(?:['’]\w+)?", question) if key_set(m.group()) & subject]
    if not said:
        return ""
    rest = question[said[-1].end() :].strip()
    found = _EVENT.match(rest)
    if found is None and _WILL.match(question):
        found = re.match(r"(?:be\s+)?(\w+)", rest)
    if found is None or not key_set(found.group(1)):
        return ""
    return found.group(1)


def subject_only_row(question: str, c: Candidate) -> bool:
    """Is `c` a table row that meets the yes/no `question` only in the name of the thing it
    keys, saying nothing of the act or predicate asked (module docstring)?"""
    if c.header is None or question_type(question) != "yesno":
        return False
    row, head = cells(c.span.text), cells(c.header.text)
    if len(row) < 2 or not row[0]:
        return False
    asked = key_set(question)
    subject = key_set(row[0]) | (key_set(head[0]) if head else frozenset())
    if not asked & key_set(row[0]):
        return False  # the row's key names nothing the question names
    said = key_set(" ".join([*row, *head, c.reading, c.doc.title]))
    if any(_said(w, said) and not _said(w, subject) for w in asked):
        return False  # the row says an asked word beyond the thing's name
    event = asked_event(question, subject)
    return bool(event) and not any(_said(w, said) for w in key_set(event))


def says_nothing_asked(question: str, chosen: Sequence[Candidate]) -> str:
    """Why the chosen lines answer nothing asked, or "" when one of them may: every line is a
    title line, or a directory row meeting its yes/no question only in its subject."""
    if not SUBJECT_ONLY or not chosen:
        return ""
    if all(title_line(c) for c in chosen):
        return (
            f"the only line found ({chosen[0].span.text.strip()!r}) is the title of its "
            "document, which says nothing of what the question asks"
        )
    if all(subject_only_row(c.part or question, c) for c in chosen):
        return (
            f"the row found ({chosen[0].span.text.strip()!r}) names what the question is "
            "about but says nothing of what it asks of it"
        )
    return ""
