"""The asker's own guide names who handles what they ask; a contacts record gives the number.

"Who do I phone about a problem with my timesheet?", asked by an agency port operative, is
answered by two documents neither of which the question names: the Agency Port Operatives'
Guide, written for the asker's kind, says "Timesheets, pay, holiday and sickness are all
handled by Harbourline Recruitment.", and HR Contacts records "Harbourline Recruitment,
Portcullen branch: 01471 590 334, ...". "What number do I ring to get booked onto shifts?"
(a relief seafarer): "Bookings and crew changes go through the Crewing Office." and
"Crewing Office: 01470 552 240 ...". "What's the phone number for my agency?": "For agency
operatives supplied to ... by Brightwork Staffing." and "Brightwork Staffing, Dudley branch:
01384 590 118 ...". Such guides say who handles a matter *for their readers*; the general
documents' lines about timesheets or bookings are other people's, so the question read over
the whole store scores under the floor (0.09-0.17) and is refused; the contacts record names
no matter of the question at all, or not the asker's kind.

One sentence: *a guide whose title names the asker's role is the asker's own document; its
line saying the matter asked names who handles it for them, and the record keyed by that name
gives the contact asked.* So, only when the first hop stays under the floor and the question
asks for a contact (a phone number or an email address, `contact_hop.asked_contact`, or "who
do I phone / ring / call ...") and the asker has a role: a guide whose title is "<readers>
Guide" (or Handbook) with a word of the asker's role among the readers ("Relief Crew Guide"
for the role relief, every word of the role, a word of four letters or more also as the
start of a readers' word: "temp" and "Christmas Temporary Colleagues' Guide"; not "Concession
Partner Guide" for hr_partner, nor a title with a colon, a topic's guide) is read (from the
documents read so far, else one search for the role's words with "guide"); its GUIDE_LINES
best lines for the question that say a word of the matter asked (a content word of the
question, read without the "(as a ...)" the answerer adds, that is not a word of asking for
a contact, said outside the line's names of several words, "Kelvane Ferries" saying no
ferries: whole, by its first letters, or by the embedder's word cosine at least NEAR,
"booked" and "Bookings" 0.75) are the bridge; each name the line says that the question and the
guide's title do not (`hops.bridge_entities`) is searched alone (NAMES searches at most),
and a line of another document *keyed* by the name (the name opens it: a directory row's
first cell, a definition list's term, "Crewing Office: 01470 552 240 ...") giving the
contact asked answers, cited after the guide's line. A line that merely mentions the name
("Bridget Nash, 01384 552 230, based at Halesowen Bakery") is not its record. When several
names of one line have records, only the one whose record says the matter too answers; none
when that does not choose one.

What stays refused: a number asked by a word naming another kind ("the fax number":
`chain_attribute.asked_phrase`), a question whose matter no line of the asker's guide says (a fire alarm
fault asked by an agency operative), a contact no record of the named holder gives (an email
address where the record gives a phone), an asker whose roles no guide's title names (every
guide is another kind's), and a document the asker may not read (every line comes from the
reader's own searches). The chain goes through the answerer's chain checks as every other.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.chain_attribute import asked_phrase
from wikiqa.answerers.contact_hop import asked_contact, says_contact
from wikiqa.answerers.features import key_set
from wikiqa.answerers.hops import bridge_entities, search_hits, whole_hit
from wikiqa.answerers.neighbours import GENERIC_AUDIENCE, forms, without_as_asked
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.answerers.your_holder import bridge_lines
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document, Principal

GUIDE_CONTACT = True  # switch: the asker's guide names who to reach (hop71)
GUIDE_K = 10  # hits of the search for the asker's guide
GUIDE_BY_RECORD = True  # switch: a holder the guide names whose record says the matter (line72)
GUIDE_LINES = 8  # best lines of the guide for the question tried as the bridge (a guide is short)
NAMES = 3  # names searched alone (one search each)
SHORT = 4  # letters at least of a role's word written short ("temp" for "Temporary")
NEAR = 0.6  # embedder word cosine at which a line's word says a word of the question

# "Agency Port Operatives' Guide", "Relief Crew Guide", "Seasonal Staff Guide"
_GUIDE_TITLE = re.compile(r"^(?P<who>.+?)\s+(?:Guide|Handbook)$")
# "Who do I phone about ...?", "who should we ring", "who can I call"
_WHO_REACH = re.compile(
    r"\bwho\s+(?:do|should|can|could|would|will)\s+(?:I|we)\s+(?:phone|ring|call|telephone)\b",
    re.I,
)
# words of asking for a contact, not of the matter asked about
_ASKING = frozenset({
    "what", "which", "who", "whom", "how", "number", "numbers", "phone", "telephone", "ring",
    "call", "contact", "reach", "mobile", "email", "address", "person", "people", "someone",
    "somebody", "get", "hold", "touch", "talk", "speak", "problem", "question", "help",
})  # fmt: skip
# pronouns a contraction opens ("I'm available", "they're"): the asker, not the matter
_PERSONS = frozenset({"i", "you", "we", "they", "he", "she", "it"})
# words before "number" that name no other kind of number ("the direct phone number")
_PLAIN = frozenset({"direct", "main", "best", "usual", "landline", "telephone", "mobile"})
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
# a name of two or more capitalised words ("Kelvane Ferries"): it names a holder, no matter
_NAME_RUN = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+|and\s+)?[A-Z][\w'’-]*)+")


def guide_asked_contact(question: str) -> str | None:
    """The contact the question asks for ("phone" or "email", `asked_contact`), a "who do I
    phone ...?" asking a phone number too; None when it asks for none."""
    return asked_contact(question) or ("phone" if _WHO_REACH.search(question) else None)


def own_roles(principal: Principal | None) -> list[frozenset[str]]:
    """Each of the asker's roles as word forms, the generic words ("staff") left out; a role
    left with no word of its own is none."""
    if principal is None:
        return []
    out = [forms(r) - GENERIC_AUDIENCE for r in principal.roles]
    return [r for r in out if r]


def guide_for(title: str, roles: list[frozenset[str]]) -> bool:
    """Is `title` a guide naming its readers by every word of one of `roles` ("Relief Crew
    Guide" for relief, "Agency Worker Guide" for agency_worker; not "Concession Partner Guide"
    for hr_partner), its readers' words all it says before "Guide" ("Recruitment and
    Selection: Manager Guide" is a topic's guide for managers, not the manager's own)?"""
    m = _GUIDE_TITLE.match(title.strip())
    if m is None or ":" in m.group("who"):
        return False
    readers = forms(re.sub(r"['’]s\b|['’]", " ", m.group("who")))
    return any(all(_reader_word(w, readers) for w in r) for r in roles)


def _reader_word(role_word: str, readers: frozenset[str]) -> bool:
    """Is the role's word among the title's readers, whole or as the short form a role is
    often written in ("temp" for "Temporary")?"""
    return role_word in readers or (
        len(role_word) >= SHORT and any(w.startswith(role_word) for w in readers)
    )


def matter_words(question: str) -> list[str]:
    """The question's content words naming the matter asked about ("timesheet", "booked",
    "shifts"), not its words of asking for a contact nor the asker's role the answerer adds
    to the question it reads, nor a generic word for people (GENERIC_AUDIENCE: "the staff
    car park" asks of a car park, and "Your Saturday staff coordinator ..." says no car
    park; hop73), nor a contraction of an asking word or a pronoun ("what's", "I'm")."""
    words = _WORD.findall(without_as_asked(question).lower())
    return [
        w
        for w in dict.fromkeys(words)
        if re.split(r"['’]", w)[0] not in _ASKING | _PERSONS
        and stem_set(w)
        and not forms(w) & GENERIC_AUDIENCE
    ]


def other_number(question: str) -> bool:
    """Does the question ask a number of another kind than one to ring by a word that names
    it ("the fax number", "the pager number"): a record giving a phone number does not give
    it."""
    words = asked_phrase(question).split()
    return bool(words) and any(w not in _ASKING and w not in _PLAIN for w in words)


def keyed_by(name: str, text: str) -> bool:
    """Does the line open with `name` (a directory row's first cell, a definition list's
    term, "Crewing Office: ...")?"""
    return re.match(rf"[\s|*-]*{re.escape(name)}(?![\w-])", text, re.I) is not None


async def guide_contact(at: HopInput) -> list[Candidate] | None:
    """[the asker's guide's line naming who handles the matter, that one's contact record],
    else None (module docstring). The documents read join `at.docs` only when it answers."""
    answerer, q = at.answerer, at.q
    if not GUIDE_CONTACT or at.first.score >= answerer.floor:
        return None
    kind = guide_asked_contact(q.text)
    roles = own_roles(at.principal)
    if kind is None or not roles or other_number(q.text):
        return None
    read = dataclasses.replace(at, docs=dict(at.docs), skipped=[])
    guides = await _guides(read, roles)
    matter = matter_words(q.text)
    if not guides or not matter:
        return None
    mine = await run_cpu(answerer.assess, q, [whole_hit(d) for d in guides], read.docs, [])
    if mine is None:
        return None
    tried: set[str] = set()
    # the guide's lines calling the asker's "my <role>" theirs ("your coordinator"), first
    for line in bridge_lines(q.text, mine.ranked, GUIDE_LINES):
        if not says_matter(at, matter, line.span.text):
            continue
        title = key_set(line.doc.title)
        names = [
            n for n in bridge_entities(line.span.text, set(q.terms)) if _holder(n, line, title)
        ]
        found: list[tuple[str, Candidate]] = []
        for name in names:
            if name in tried or len(tried) >= NAMES:
                continue
            tried.add(name)
            record = await _record(read, name, kind, line)
            if record is not None:
                found.append((name, record))
        if len(found) > 1:  # several holders: the record saying the matter chooses
            found = [(n, r) for n, r in found if says_matter(at, matter, r.text)]
        if len(found) == 1:
            at.docs.update(read.docs)
            at.skipped.extend(read.skipped)
            record = found[0][1]
            line.part, record.part = "bridge", "answer"
            return [line, record]
    found_by_record = await _holder_by_record(at, read, mine.ranked, matter, kind, tried)
    if found_by_record is not None:
        at.docs.update(read.docs)
        at.skipped.extend(read.skipped)
    return found_by_record


async def _holder_by_record(
    at: HopInput,
    read: HopInput,
    lines: list[Candidate],
    matter: list[str],
    kind: str,
    tried: set[str],
) -> list[Candidate] | None:
    """[the guide's line naming a holder, that holder's record], when no line saying the
    matter names one but the guide names a holder elsewhere whose record says the matter
    itself (round 72, hb21-hop-07: "Your timesheet is signed by the duty manager ... and
    sent to the agency." names no one; the guide's opening "... supplied to our venues by
    Gateway Event Security." names the agency, and "Gateway Event Security, Ashbury branch:
    0161 555 0187, for agency security stewards: timesheets, pay and shifts" says the
    matter). The record, not the guide's line, says the matter, so it must: a holder whose
    record says none of the matter asked is not who handles it. One holder only; None
    otherwise."""
    if not GUIDE_BY_RECORD:
        return None
    found: list[tuple[Candidate, Candidate]] = []
    budget = NAMES
    for line in lines[:GUIDE_LINES]:
        title = key_set(line.doc.title)
        for name in bridge_entities(line.span.text, set(at.q.terms)):
            if name in tried or budget <= 0 or not _holder(name, line, title):
                continue
            tried.add(name)
            budget -= 1
            record = await _record(read, name, kind, line)
            if record is not None and says_matter(at, matter, _record_rest(name, record)):
                found.append((line, record))
    if len({r.at for _, r in found}) != 1:
        return None
    line, record = found[0]
    line.part, record.part = "bridge", "answer"
    return [line, record]


def _record_rest(name: str, record: Candidate) -> str:
    """The record's text after the name it opens with: what it says the holder is for."""
    m = re.match(rf"[\s|*-]*{re.escape(name)}", record.text, re.I)
    return record.text[m.end() :] if m else record.text


def _holder(name: str, line: Candidate, title: frozenset[str]) -> bool:
    """May `name` be who the line says handles a matter: not its guide's readers (the title's
    words) and not a single word merely capitalised as the line's (or list item's) first?"""
    if key_set(name) <= title:
        return False
    opening = _WORD.search(line.span.text)
    return " " in name or opening is None or opening.group(0) != name


async def _guides(at: HopInput, roles: list[frozenset[str]]) -> list[Document]:
    """The guides for the asker's role among the documents read, else among one search for
    the role's words with "guide" (read into `at.docs`)."""
    own = [d for d in at.docs.values() if guide_for(d.title, roles)]
    if own:
        return own
    words = " ".join(sorted(set().union(*roles)))
    hits = await search_or_nothing(at.reader, f"{words} guide", GUIDE_K)
    hits = [h for h in hits if guide_for(h.title, roles)]
    at.docs.update(await at.fetch_new(hits))
    return list({h.doc_id: at.docs[h.doc_id] for h in hits if h.doc_id in at.docs}.values())


def says_matter(at: HopInput, matter: list[str], text: str) -> bool:
    """Does `text`, its names of several words aside ("Kelvane Ferries" says no ferries),
    say a word of the matter asked: whole, by its first letters, or near it by the
    embedder's word cosine (NEAR)?"""
    text = _NAME_RUN.sub(" ", text)
    said = {w.lower() for w in _WORD.findall(text)}
    if says_matter_literally(matter, text):
        return True
    similar = at.answerer._similar()
    if similar is None or not said:
        return False
    words = sorted(said - _ASKING)
    return any(words and max(similar(w, words)) >= NEAR for w in matter)


def says_matter_literally(matter: list[str], text: str, every: bool = False) -> bool:
    """Does `text` say a word of the matter (with `every`, each word of it) whole or by its
    first letters (`said_like`), the embedder's nearness aside ("tutor" is 0.60 near
    "mentor", yet names another)?"""
    said = {w.lower() for w in _WORD.findall(text)}
    stems = set(stem_set(text))
    saying = (w in said or any(said_like(s, stems) for s in stem_set(w)) for w in matter)
    return all(saying) if every else any(saying)


async def _record(at: HopInput, name: str, kind: str, line: Candidate) -> Candidate | None:
    """The line of another document, found by one search for `name`, that opens with the
    name and gives a contact of `kind`."""
    hits = await search_hits(at, name, {line.doc.doc_id})
    if not hits:
        return None
    whole = [whole_hit(at.docs[d]) for d in dict.fromkeys(h.doc_id for h in hits)]
    found = await run_cpu(at.answerer.assess, at.q, whole, at.docs, at.skipped)
    for c in found.ranked if found is not None else []:
        if (
            c.doc.doc_id != line.doc.doc_id
            and keyed_by(name, c.span.text)
            and says_contact(kind, c.span.text)
        ):
            return c
    return None
