"""Who to reach, named by one line; their number, recorded by another.

"How do I phone the person who agreed my hearing adjustments?" finds the asker's adjustments
record, whose line "Agreed by Tom Ridley, Team leader." answers who, but no line of that
record gives a number: the staff directory does ("| Tom Ridley | Team leader | ... | 01632 961
150 |"). "What's the phone number of the health people who advised on my return?" finds
"... on the advice of Medra Health.", and HR Contacts records "Medra Health, 0121 496 0460".
Documents name each other this way: a policy, a letter or a plan says who to go to by name,
and the directory records that name with the number. One sentence: *a line that names who
holds what the question asks (a person, a body) without the number asked for points to the
line that records that name with a number.*

So when the question asks how to reach someone (a phone number, a mobile, an extension, or
"how do I phone / ring / call / contact ..."; `asks_contact`), the first hop scores within
`key_bridge.CHAIN_SLACK` under the floor or over it, and its first-ranked line gives no
number, the names of several words said by its best lines (`LINES`) right after a word of the
question (only stop words between: "Agreed by Tom Ridley" for "who agreed", "the advice of
Medra Health" for "who advised"; `described_names`), and not by their document's title (the
asker's own name in "Phased Return to Work: Craig Dobson"), are each searched alone (one
search each, at most `NAMES`). A line of another document that search finds (each read whole) that
says the name whole and gives a phone number answers, cited after the naming line. A name
said by no line with a number adds nothing (the question goes on as before), so a question
asking a number no document gives is refused as before; every line cited comes from the
reader's own searches, so a document the reader may not see is never cited.

The holder need not be a proper name, and the contact need not be a number (round hops26):
"report it to the data protection officer within 24 hours" names a role the staff directory
records with a number ("| Joanne Hart | Data protection officer | ... | 01632 960 120 |"), and
"Send the summons to the People team" names a team the company overview records with an
email address ("the People team, hr@corvida.example"). So a question asking an email address
(`asked_contact`) is read like one asking a number, and the holder may also be a definite
description said after the question's word ("to the data protection officer", "by the Travel
Desk"; `role_runs`): the run of words after "the", up to a stop word, a number or punctuation;
the longest of its leading two or more words that a line of another document says whole,
beside the contact asked, is the holder.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.hops import bridge_entities, questions_own, search_hits, whole_hit
from wikiqa.answerers.key_bridge import CHAIN_SLACK
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.text.terms import STOPWORDS
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.answerers.hop_input import HopInput

LINES = 5  # best first-hop lines whose names may be who the question asks to reach
NAMES = 2  # names searched alone (one search each)
BETWEEN = 3  # stop words at most between the question's word and the name
STEM = 4  # a line's word matches a question word on this many leading letters

# "How do I phone ...?", "how can we get hold of ...", "What's his mobile?", "which extension"
_REACH = re.compile(
    r"\bhow\s+(?:do|can|could|should|would|will)\s+(?:I|we|you|they)\s+"
    r"(?:phone|ring|call|contact|reach|get\s+hold\s+of|get\s+in\s+touch\s+with)\b|"
    r"\b(?:what|which)(?:'s|’s|\s+is|\s+are)?\s+(?:the\s+|his\s+|her\s+|their\s+|my\s+|our\s+)?"
    r"(?:[\w-]+\s+){0,3}?(?:mobile|extension|phone)\b"
    r"(?=\s*(?:[?,;.]|$)|\s+(?:numbers?|for|of|at|on|in)\b)",
    re.I,
)
_WORD = re.compile(r"[\w'’-]+")
# "Which email address do I send it to?", "what's her email?"
_EMAIL_ASKED = re.compile(
    r"\be-?mail\s+address(?:es)?\b|"
    r"\b(?:what|which)(?:'s|’s|\s+is|\s+are)?\s+(?:[\w-]+\s+){0,3}?e-?mail\b",
    re.I,
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
RUN = 4  # words at most of a role's run after "the"
# "report it to the data protection officer within 24 hours": "the", then the role's words
_THE_RUN = re.compile(rf"\bthe\s+(?=((?:[\w'’-]+[ ]?){{1,{RUN}}}))", re.I)


def asks_contact(question: str) -> bool:
    """Does the question ask for a number to reach someone on?"""
    return asked_kind(question) == "phone" or _REACH.search(question) is not None


def asked_contact(question: str) -> str | None:
    """The contact the question asks for: "email" (an email address), "phone" (a number to
    reach someone on, `asks_contact`), or None."""
    if _EMAIL_ASKED.search(question):
        return "email"
    return "phone" if asks_contact(question) else None


def says_contact(kind: str, text: str) -> bool:
    """Does `text` give a contact of `kind` ("email" or "phone")?"""
    return bool(_EMAIL.search(text)) if kind == "email" else says_kind("phone", text)


def _after_question_word(q: QuestionInfo, before: str) -> bool:
    """Is the last content word of `before` (at most BETWEEN stop words after it) a word of
    the question?"""
    stems = {t[:STEM] for t in q.terms if len(t) >= STEM}
    for word in _WORD.findall(before)[::-1][: BETWEEN + 1]:
        if word.lower() not in STOPWORDS:
            return word.lower()[:STEM] in stems
    return False


def role_runs(q: QuestionInfo, line: Candidate) -> list[list[str]]:
    """The runs of two to RUN words the line says after "the" right after a word of the
    question ("report it to the data protection officer within" for "... to report it?"),
    each cut at its first stop word; none the question's own words, in line order."""
    text = line.span.text
    out = []
    for m in _THE_RUN.finditer(text):
        words = []
        for word in m.group(1).split():
            if word.lower() in STOPWORDS or not word.isalpha():
                break
            words.append(word)
        if len(words) < 2 or questions_own(" ".join(words), set(q.terms)):
            continue
        if _after_question_word(q, text[: m.start()]):
            out.append(words)
    return out


def described_names(q: QuestionInfo, line: Candidate) -> list[str]:
    """Names of several words the line says right after a word of the question (at most
    BETWEEN stop words between: "Agreed by Tom Ridley" for "the person who agreed ..."),
    in line order; none its document's title says (the record's own subject)."""
    text = line.span.text
    stems = {t[:STEM] for t in q.terms if len(t) >= STEM}
    title = key_set(line.doc.title)
    out = []
    for name in bridge_entities(text, set(q.terms)):
        ks = key_set(name)
        if len(ks) < 2 or ks <= title:
            continue
        at = text.find(name)
        before = _WORD.findall(text[:at])[::-1]
        for n, word in enumerate(before[: BETWEEN + 1]):
            if word.lower() not in STOPWORDS:
                if n <= BETWEEN and word.lower()[:STEM] in stems:
                    out.append(name)
                break
    return out


def _says_whole(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I) is not None


async def contact_hop(at: HopInput) -> list[Candidate] | None:
    """[the line naming who to reach, the line recording their number or email address],
    else None (module docstring). The documents the searches read join `at.docs` only when
    it answers."""
    answerer, q, first = at.answerer, at.q, at.first
    if not first.ranked or first.score < answerer.floor - CHAIN_SLACK:
        return None
    kind = asked_contact(q.text)
    if kind is None or says_contact(kind, first.ranked[0].span.text):
        return None
    tried: set[str] = set()
    for line in first.ranked[:LINES]:
        held = [[name] for name in described_names(q, line)] + role_runs(q, line)
        for names in held:
            query = " ".join(names) if len(names) > 1 else names[0]
            if query in tried or len(tried) >= NAMES:
                continue
            tried.add(query)
            found = await _recorded(at, q, line, query, kind, _holders(names))
            if found is not None:
                line.part, found.part = "bridge", "answer"
                return [line, found]
    return None


def _records(holder: str, kind: str, c: Candidate) -> bool:
    """Does line `c` record `holder` (said whole) with a contact of `kind`?"""
    return _says_whole(holder, c.text) and says_contact(kind, c.span.text)


def _holders(names: list[str]) -> list[str]:
    """The holder a name is (one name), or the leading two or more words of a role's run,
    longest first."""
    if len(names) == 1:
        return names
    return [" ".join(names[:n]) for n in range(len(names), 1, -1)]


async def _recorded(
    at: HopInput, q: QuestionInfo, line: Candidate, query: str, kind: str, holders: list[str]
) -> Candidate | None:
    """The line of another document one search for `query` finds that says a holder whole
    (the longest first) and gives the contact of `kind`; the documents read join `at.docs`
    only when one does."""
    read = dataclasses.replace(at, docs=dict(at.docs), skipped=[])
    hits = await search_hits(read, query, {line.doc.doc_id})
    if not hits:
        return None
    whole = [whole_hit(read.docs[d]) for d in dict.fromkeys(h.doc_id for h in hits)]
    found = await run_cpu(at.answerer.assess, q, whole, read.docs, read.skipped)
    ranked = found.ranked if found is not None else []
    for holder in holders:
        for c in ranked:
            if c.doc.doc_id != line.doc.doc_id and _records(holder, kind, c):
                at.docs.update(read.docs)
                at.skipped.extend(read.skipped)
                return c
    return None


def recorded_contact(question: str, holder: str, found: Evidence) -> Candidate | None:
    """The first of `found`'s best lines (`LINES`) that says `holder` whole and gives the
    contact `question` asks for, or None (no contact asked, or no such line): "what's their
    number?" asked after "Who books the hotel?" was answered "the Travel Desk" is answered
    by the directory's "| Imogen Price | Travel Desk coordinator | ... | 01632 961 135 |",
    whatever its score for the rewritten part."""
    kind = asked_contact(question)
    if kind is None:
        return None
    return next(
        (c for c in found.ranked[:LINES] if _records(holder, kind, c)),
        None,
    )
