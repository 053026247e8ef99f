"""A holder kept per value of a kind, found through the row that files the question's place
under one value.

"I answer phones at the Castlebridge call centre. Which HR partner would I speak to about a
grievance?" finds HR Contacts, whose line "Each region has its own HR business partner ..."
says who to speak to depends on a region, and whose records are kept one per region ("HR
business partner, Riverside region: Tomasz Nowak, ..."); the question names no region, only a
place, and another document files that place under one ("| Castlebridge Contact Centre |
Customer contact centre | Riverside | Millstead Depot |" under the header's "Region"). Policy
collections are written this way: the contacts page keys its people by region or area, the
sites page says which region each site is in. One sentence: *a line saying each value of a
kind has its own holder of what the question asks points, through the line filing the
question's place under one value of that kind, to the record of that value in the holder's
document.*

So when the first hop is under the floor (main refuses), a document of its best lines
(`LINES`) says "each/every <kind> has its own <holder>" and the question says a word of the
holder, each name the question gives (capitalised, not its first word, not "I", not the
holder's; at most `NAMES`), or else the place the asker's opening sentence describes ("I work
at the place where all the shops' donations get sorted."; the filing line must then say half
its content words), is asked "Which <kind> is <name> in?" over one more search: its best line must clear the floor, say the
name, and give one value of the kind (the row's cell under the header naming the kind, or the
capitalised words right before the kind's word: "... Saltmarsh. East area."). The question
asked of that value ("... (Riverside region)") over the holder's document must clear the floor
too, with a line saying the value whole among its best (`LINES`) that says a word of the
holder in it or in its heading: that record answers, cited after the filing line. Each hop
clears the floor on its own; a place no readable line files under a value, or a value with
no record, adds nothing (the question is refused as before), and every line comes from the
reader's own searches, so a document the reader may not see is never cited. Two names filed
under different values ("my partner works at Saltings, I'm at Otter Reach") answer nothing.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import analyse, key_set
from wikiqa.answerers.hops import search_hits, whole_hit
from wikiqa.text.tables import cells
from wikiqa.text.terms import STOPWORDS
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document

LINES = 5  # best lines read for the per-kind line, and for the value's record
HOLDER = 4  # words at most of the holder's run
NAMES = 2  # names of the question asked for their value (one search each)

# "Each region has its own HR business partner for advice on ...", "every area has their own"
_EACH = re.compile(
    r"\b(?:each|every)\s+([a-z]+)\s+(?:has|have)\s+(?:its|their)\s+own\s+([^.;:]+)", re.I
)
_WORD = re.compile(r"[\w'’&-]+")
_NAME = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:[A-Z][\w'’-]*|of|and|on|upon)){0,4}")
_FIRST_PERSON = re.compile(r"^I(?:['’](?:m|ve|d|ll))?$")


def per_kind(text: str) -> tuple[str, str] | None:
    """(kind, holder) a line says each value of a kind has its own of: ("region", "HR business
    partner") for "Each region has its own HR business partner for advice on ...", the
    holder's run cut at its first stop word, comma or number (HOLDER words at most)."""
    m = _EACH.search(text)
    if m is None:
        return None
    holder = []
    for word in m.group(2).replace(",", " , ").split()[:HOLDER]:
        if word == "," or word.lower() in STOPWORDS or not word[0].isalpha():
            break
        holder.append(word)
    return (m.group(1).lower(), " ".join(holder)) if holder else None


def question_names(question: str, holder: str) -> list[str]:
    """The names the question gives: runs of capitalised words (with "of", "and" between),
    not the question's first word, not "I", none the holder's own words ("HR")."""
    own = key_set(holder)
    out = []
    for m in _NAME.finditer(question):
        words = m.group(0).split()
        if m.start() == 0 or question[: m.start()].rstrip().endswith((".", "?", "!")):
            words = words[1:]
        while words and (_FIRST_PERSON.match(words[0]) or words[0].lower() in STOPWORDS):
            words = words[1:]
        while words and words[-1].lower() in STOPWORDS:
            words = words[:-1]
        name = " ".join(words)
        if name and not key_set(name) <= own and name not in out:
            out.append(name)
    return out


# "I work at the place where all the shops' donations get sorted. Who's my HR adviser?"
_SITUATED = re.compile(
    r"^I(?:['’]m|\s+am)?\s[^.?!]*?\b(?:at|in|on|for)\s+(the\s+[^.?!]+?)\s*\.\s+\S", re.I
)
SHARE = 0.5  # of a described place's content words the filing line must say


def described_place(question: str) -> str | None:
    """The place the asker's opening sentence describes instead of naming it ("I work at the
    place where all the shops' donations get sorted." -> "the place where all the shops'
    donations get sorted"), or None."""
    m = _SITUATED.match(question.strip())
    return m.group(1) if m else None


def _says_whole(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I) is not None


def filed_value(kind: str, name: str, line: Candidate) -> str | None:
    """The value of `kind` the line files `name` under: the row's cell under the header cell
    naming the kind ("Region"), or the capitalised words right before the kind's word ("East
    area"); None when the line does not say the name's words or gives no one value."""
    said = key_set(name) & key_set(line.text)
    if said != key_set(name) and not (
        name.lower().startswith("the ") and len(said) >= SHARE * len(key_set(name))
    ):
        return None
    kind_key = key_set(kind)
    if line.header is not None:
        heads, row = cells(line.header.text), cells(line.span.text)
        at = [i for i, h in enumerate(heads) if key_set(h) == kind_key]
        if len(at) == 1 and len(heads) == len(row) and row[at[0]]:
            return row[at[0]]
        return None
    values = {
        m.group(1)
        for m in re.finditer(
            rf"\b((?:[A-Z][\w'’-]*\s+){{1,3}})(?i:{re.escape(kind)})\b", line.span.text
        )
        if m.group(1).split()[0][0].isupper()
    }
    values = {v.strip() for v in values if v.split()[0].lower() not in STOPWORDS}
    return values.pop() if len(values) == 1 else None


def asked_of(question: str, holder: str, value: str, kind: str) -> str:
    """The question asked of the value: its last sentence saying a word of the holder (the
    ask, without the sentences telling the asker's place), "in the <value> <kind>" after it:
    "Which HR partner would I speak to about a grievance in the Riverside region?"."""
    own = key_set(holder)
    sentences = [s for s in re.split(r"(?<=[.?!])\s+", question.strip()) if s]
    ask = next((s for s in reversed(sentences) if key_set(s) & own), question.strip())
    return f"{ask.rstrip(' ?.!')} in the {value} {kind}?"


def _holds(holder: str, c: Candidate) -> bool:
    """Does the record say a content word of the holder, in its line or its heading?"""
    return bool(key_set(holder) & (key_set(c.text) | key_set(c.context)))


async def per_kind_hop(at: HopInput) -> list[Candidate] | None:
    """[the line filing the question's place under a value, the holder's record for that
    value], else None (module docstring). The documents read join `at.docs` only when it
    answers."""
    answerer, q, first = at.answerer, at.q, at.first
    if not first.ranked or first.score >= answerer.floor:
        return None
    asked = key_set(q.text)
    # the documents of the best lines: the per-kind line may sit beside the records ranked
    for doc in list({c.doc.doc_id: c.doc for c in first.ranked[:LINES]}.values()):
        text = at.docs[doc.doc_id].text if doc.doc_id in at.docs else doc.text
        said = per_kind(text)
        if said is None or not key_set(said[1]) & asked:
            continue
        kind, holder = said
        names = question_names(q.text, holder) or [described_place(q.text) or ""]
        # a question naming two places filed under different values ("my partner works at
        # Saltings, I'm at Otter Reach") does not say which one is meant: nothing
        chains = [
            found
            for name in names[:NAMES]
            if name
            if (found := await _record(at, doc, kind, holder, name)) is not None
        ]
        if len({chain[-1].at for chain in chains}) == 1:
            return chains[0]
        return None
    return None


async def _record(
    at: HopInput, doc: Document, kind: str, holder: str, name: str
) -> list[Candidate] | None:
    """[filing line, record] for one name, else None."""
    answerer, q = at.answerer, at.q
    read = dataclasses.replace(at, docs=dict(at.docs), skipped=[])
    asked = f"Which {kind} is {name} in?"
    hits = await search_hits(read, asked, {doc.doc_id})
    if not hits:
        return None
    filing = await run_cpu(answerer.assess, analyse(asked), hits, read.docs, read.skipped)
    if filing is None or filing.score < answerer.floor or not filing.ranked:
        return None
    top = filing.ranked[0]
    value = filed_value(kind, name, top)
    if value is None or top.doc.doc_id == doc.doc_id:
        return None
    of_value = analyse(asked_of(q.text, holder, value, kind))
    record = await run_cpu(answerer.assess, of_value, [whole_hit(doc)], read.docs, read.skipped)
    if record is None or record.score < answerer.floor:
        return None
    for c in record.ranked[:LINES]:
        if per_kind(c.span.text) is None and _says_whole(value, c.span.text) and _holds(holder, c):
            at.docs.update(read.docs)
            at.skipped.extend(read.skipped)
            top.part, c.part = f"which {kind}: {value}", "answer"
            return [top, c]
    return None
