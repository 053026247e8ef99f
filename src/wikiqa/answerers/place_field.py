"""A place the question calls by its role is the place a document says has that role, and the
labelled line of that place's own page whose label the question says answers.

Every handbook keeps a page for its head office building, written as labelled lines
("Building: The Orangery", "Address: Hollin Lane, Hollin TN22 4RQ", "Parking: 40 spaces in
the staff car park behind the giraffe house ..."). Askers call it by its role, not its name:
"Where do I park when I'm working at head office?", "I need the full address of head office,
with the postcode." No line of the building's page says "head office" beside "park", so every
line scores under the floor; the line tying the role to the name is on another page ("The
Orangery, our head office, both at Hollin.", "Head office: Kelvane House, 2 Quay Street ...",
"Hollinwood House (head office): Fulwood, Preston.") or is the page's own ("Deliveries for
the head office go to the brewery gatehouse.").

One sentence: *when the question names a place by a lower-case phrase after at, of, to or in
(`role_phrases`), and a retrieved line says that phrase of a name in one of the three
structural forms (a label, an apposition after "our", a parenthesis; `role_names`), or a
place's own page (a labelled first line naming its title) says "the" phrase (of two words
or more) itself, the one
labelled line of the page titled by that name whose label's words the question says
(`asked_field`, "Parking" for "park", "Address" for "address") answers, with the line naming
the place by its role cited after it.*

Why it is bound so: the place is resolved only through the documents' own words tying the
role to a name, never guessed; the page is the one titled by that name, found by the search
this reader may use (a page they may not read never answers); the line must be a labelled
field of that page whose label the question says, so a question asking what no field labels
("Is there anywhere to charge an electric car at head office?" over a page whose Parking line
says nothing of charging) stays refused; it runs only after a refusal, for a single question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.optional import fetch_each, search_or_nothing
from wikiqa.text.sentences import Span, line_spans, split_sentences

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.types import Document, Hit

PLACE_FIELD = True  # switch: a place called by its role answered by its own page's field

# "at head office", "of head office", "to the head office": a place called by a lower-case
# phrase (a name is capitalised, a role is not); the phrase ends at punctuation or a clause
_ROLE = re.compile(
    r"\b(?:at|of|to|in)\s+(?:the\s+|our\s+)?(?P<role>[a-z][a-z]+(?:\s+[a-z][a-z]+){0,2})"
    r"(?=\s*(?:[,.?!;]|$|\s+(?:with|and|when|if|for|on|please)\b))"
)
_NAME = r"(?P<name>(?:The\s+)?[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*){0,3})"
# "Head office: Kelvane House, 2 Quay Street ..." (a label naming the place)
_LABELLED = re.compile(r"(?:^|>|\n)\s*(?P<role>[A-Z][a-z]+(?:\s+[a-z]+){0,2}):\s+" + _NAME + r"\b")
# "The Orangery, our head office, both at Hollin." (an apposition)
_APPOSED = re.compile(_NAME + r",\s+our\s+(?P<role>[a-z]+(?:\s+[a-z]+){0,2})\b")
# "Hollinwood House (head office): Fulwood, Preston." (a parenthesis)
_BRACKETED = re.compile(_NAME + r"\s+\((?P<role>[a-z]+(?:\s+[a-z]+){0,2})\)")
# "Parking: 40 spaces ...", "Staff parking: free, ...": a labelled line of a page
_FIELD = re.compile(r"^(?P<label>[A-Z][A-Za-z' -]{1,40}):\s+\S")
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class FieldPick:
    """The place's page and its labelled line answering, and the line naming the place by
    its role (on another page), when there is one."""

    hit: Hit
    doc: Document
    line: Span
    route: tuple[Document, Span] | None


def role_phrases(question: str) -> list[str]:
    """The lower-case phrases the question calls a place by ("head office"), longest first."""
    out: list[str] = []
    for m in _ROLE.finditer(question):
        words = m.group("role").split()
        for n in range(len(words), 0, -1):  # "head office" before "office"
            phrase = " ".join(words[:n])
            if phrase not in out:
                out.append(phrase)
    return out


def _said(role: str, phrases: list[str]) -> str | None:
    """The phrase of the question a document's role words begin with ("head office" of
    "head office in Ashbury"), the longest."""
    words = role.lower().split()
    for n in range(len(words), 0, -1):
        phrase = " ".join(words[:n])
        if phrase in phrases and len(phrase) > 3:
            return phrase
    return None


def role_names(doc: Document, phrases: list[str]) -> list[tuple[str, str, Span]]:
    """(phrase, name, sentence) for each line of `doc` saying a phrase of the question is a
    named place: a label, an apposition after "our", a parenthesis."""
    out: list[tuple[str, str, Span]] = []
    sentences: list[Span] | None = None  # split once, at the first line saying a phrase
    for pattern in (_LABELLED, _APPOSED, _BRACKETED):
        for m in pattern.finditer(doc.text):
            phrase = _said(m.group("role"), phrases)
            if phrase is None:
                continue
            name = m.group("name").strip()
            at = m.start("name")
            if sentences is None:
                sentences = split_sentences(doc.text)
            sentence = next((s for s in sentences if s.start <= at < s.end), None)
            if sentence is not None:
                out.append((phrase, name, sentence))
    return out


def _same(a: str, b: str) -> bool:
    def bare(s: str) -> str:
        return re.sub(r"^the\s+", "", s.strip().lower())

    return bare(a) == bare(b)


def _fields(doc: Document) -> list[tuple[str, Span]]:
    """The labelled lines of a place's own page (its first labelled line names the title),
    with their labels; none for any other page."""
    found = [(m.group("label"), s) for s in line_spans(doc.text) if (m := _FIELD.match(s.text))]
    if not found:
        return []
    first = found[0][1].text.split(":", 1)[1].strip()
    return found if _same(first, doc.title) else []


def asked_field(question: str, phrase: str, doc: Document) -> Span | None:
    """The one labelled line of the place's page whose label's words the question says,
    beyond the phrase calling the place ("Parking" for "Where do I park ...")."""
    asked = key_set(question) - key_set(phrase)
    hits = [
        s
        for label, s in _fields(doc)
        if (words := key_set(label)) and words <= asked and not _same(label, "building")
    ]
    return hits[0] if len(hits) == 1 else None


def _calls_itself(doc: Document, phrase: str) -> bool:
    """Does a place's own page say "the <phrase>" of itself ("Deliveries for the head office
    go to the brewery gatehouse.")?"""
    return bool(_fields(doc)) and re.search(rf"\bthe\s+{re.escape(phrase)}\b", doc.text) is not None


async def place_field(
    question: str, hits: list[Hit], docs: dict[str, Document], reader: Reader, k: int
) -> FieldPick | None:
    """The labelled line of the page of the place the question calls by its role (module
    docstring), or None."""
    if not PLACE_FIELD:
        return None
    phrases = role_phrases(question)
    if not phrases:
        return None
    read = [(h, d) for h in hits if (d := docs.get(h.doc_id)) is not None]
    named = {
        (name, phrase, d.doc_id, s.start): (d, s)
        for _, d in read
        for phrase, name, s in role_names(d, phrases)
    }
    names = {name for name, _, _, _ in named}
    if len(names) == 1:
        (name, phrase, _, _), (by, sentence) = next(iter(named.items()))
        pages = {d.doc_id: (h, d) for h, d in read if _same(d.title, name)}
        if not pages:
            found = await search_or_nothing(reader, name, k)
            ids = [h for h in found if _same(h.title, name)][:1]
            fetched = await fetch_each(reader, [h.doc_id for h in ids]) if ids else {}
            pages = {h.doc_id: (h, fetched[h.doc_id]) for h in ids if h.doc_id in fetched}
        if len(pages) != 1 or by.doc_id in pages:
            return None
        hit, page = next(iter(pages.values()))
        line = asked_field(question, phrase, page)
        return FieldPick(hit, page, line, (by, sentence)) if line is not None else None
    if names:
        return None  # the documents tie the role to two names: nothing is chosen
    own = {  # a role of two words or more: "the same" is no place's role
        d.doc_id: (h, d, p)
        for h, d in read
        for p in phrases
        if len(p.split()) > 1 and _calls_itself(d, p)
    }
    if len(own) != 1:
        return None
    hit, page, phrase = next(iter(own.values()))
    line = asked_field(question, phrase, page)
    return FieldPick(hit, page, line, None) if line is not None else None
