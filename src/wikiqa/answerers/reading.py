"""How a candidate sentence is read: one home for the answerer and the indexer.

`ExtractiveAnswerer.candidates` scores each sentence of a hit's range as read here, and the
indexer stores the vectors of those very texts (stored_texts.py). Both call `read_sentence`,
so the texts stored at index time are the texts the answerer reads; before, stored_texts.py
restated this reading and the two could drift apart (a term-keyed record's context).

A sentence is read
- with its label's words when it is an infobox line (labels.py): "Born: 1930" is scored as
  what asks for a birth date;
- under its context: the document's title and the section heading it sits under (a heading
  that reads as an instruction to an assistant is no context, and is reported), or, for a
  list item, the title and the list's lead-in line, which also becomes the item's lead
  (cited before it);
- under its record's key (text/records.py) when it has one: a heading's bare entry always
  ("East area: Sandpiper Rise"), a term's sentence when the question asks what it says of
  the term (`term_asked`, record_asks.py); the key then joins the context and, for an item
  with no lead-in, becomes its lead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wikiqa.answerers.labels import label_reading
from wikiqa.grounding.injection_titles import title_is_instruction
from wikiqa.text.headings import title_at
from wikiqa.text.lists import item_at
from wikiqa.text.records import heading_key, keyed_reading, term_key
from wikiqa.text.sentences import Span

# is the term that keys a sentence asked of (record_asks.asks_of_record for one question)?
TermAsked = Callable[[Span], bool]


@dataclass(frozen=True)
class Reading:
    """How one sentence is read: `text` is what is scored in place of the sentence ("" for
    the sentence itself), `context` what frames it, `lead` the line cited before it."""

    text: str
    context: str
    lead: Span | None = None
    refers: bool = False  # `lead` is a record's key ending in a colon, read before the line
    dropped: str = ""  # a heading not read as context: it reads as an instruction


def read_sentence(text: str, title: str, span: Span, term_asked: TermAsked) -> Reading:
    """`span` of a document (`text`, `title`) as the answerer reads it for one question."""
    label = label_reading(span.text)
    head = title_at(text, span.start)
    dropped = ""
    if head and title_is_instruction(head):  # read as context: never that
        dropped, head = head, ""
    context = f"{title}, {head}" if head and head != title else title
    lead = None
    item = item_at(text, span.start, span.end)
    if item is not None and item.lead is not None:
        # a list item is read under its lead-in line ("On your last day you must: - return
        # your badge"): the lead-in frames its cosine and its words count as its subject
        lead, context = item.lead, f"{title}, {item.lead.text}"
    key = None if label else record_key(text, span, term_asked)
    if key is None:
        return Reading(label, context, lead, dropped=dropped)
    refers = False
    if lead is None:  # a list's lead-in says what its items are, before any heading
        lead, refers = key, key.text.endswith(":")
    name = key.text.rstrip(":")
    if not context.endswith(name):  # a heading key is the context already
        context = f"{context or title}, {name}"
    return Reading(keyed_reading(key, span.text), context, lead, refers, dropped)


def record_key(text: str, span: Span, term_asked: TermAsked) -> Span | None:
    """The key `span` is read under: the term opening its line when it is asked of, else
    none; with no term, the heading its bare list entry sits under (text/records.py)."""
    term = term_key(text, span.start, span.end)
    if term is not None:
        return term if term_asked(term) else None
    return heading_key(text, span.start, span.end)


def readings(text: str, title: str, span: Span, term_asked: TermAsked) -> list[Reading]:
    """Every way `span` may be read, whatever the question: as `read_sentence` reads it
    when its term is not asked of and when `term_asked` says it may be (distinct)."""
    never = read_sentence(text, title, span, lambda _: False)
    maybe = read_sentence(text, title, span, term_asked)
    return [never] if maybe == never else [never, maybe]
