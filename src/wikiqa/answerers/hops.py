"""Two-document answers for the extractive answerer: the bridge (second) hop, and the
second document of a question one retrieval already covers (`complement`).

A bridge question describes the entity it asks about instead of naming it ("where was the
director of Solaris Dawn born?"). One retrieved sentence names that entity (the bridge:
"Solaris Dawn is a 1999 film directed by Marta Kowalczyk."); the entity's own document holds
the answer. The hop finds the documents the top first-hop sentences name (retrieved ones by
title, else one search per sentence), and asks each the question with what the bridge
sentence already said replaced by the name.

The chain is answerable only when each hop clears its own test: the bridge sentence resolves
a description (it holds a named entity of the question and a word of the description, not
only names); the question leaves something the bridge sentence does not say (the
*residual*: otherwise one sentence answers it and there is nothing to look up); and the
substituted question scores over the floor on the entity's document. A chain never replaces
an answer the first hop already gives over the floor: it extends it, with a sentence that
says a residual term.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from wikiqa.answerers.features import QuestionInfo, key_set, keys
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.text.clock import CLOCK_TIME, clock_value, clock_values
from wikiqa.text.months import MONTH_NAMES, WEEKDAY_NAMES
from wikiqa.text.terms import is_demonym
from wikiqa.types import Hit
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document

BRIDGE_SENTENCES = 3  # top-ranked first-hop sentences tried as the bridge (one search each)
MORE_BRIDGES = 3  # further sentences tried when they name another retrieved document
BRIDGE_POOL = 10  # ... from this many top-ranked first-hop sentences
MAX_NAMES = 10  # names of one bridge sentence searched for together
HOP_K = 5  # hits of that search
MAX_MENTIONS = 2  # documents that only mention a name, asked about it
LEAD_CHARS = 120  # a document "names" an entity when its title or its opening phrase does

_NAME = re.compile(r"\b[A-Z][\w'’.&/-]*(?:\s+(?:of\s+|the\s+|de\s+|and\s+)?[A-Z0-9][\w'’.&/-]*)*")
_QUOTED = re.compile(r"[\"“]([^\"”]{3,80})[\"”]")
# Words that make a capitalised run a date, not an entity ("15 February 1910").
_CALENDAR = re.compile(rf"^({MONTH_NAMES}|{WEEKDAY_NAMES}|\d+\w*)$")
_LEADING = re.compile(r"^(The|A|An|This|That|These|Those|His|Her|Its|Their)\s+")
_ABBREVIATION = re.compile(r"^(?:\w{1,3}\.)+$")  # "F.C.", "Inc.", "Co."
_ACRONYM = re.compile(r"^[A-Z][A-Z0-9&]{1,7}$")  # "IBF", "NASA"
_QUALIFIER = re.compile(r"\s*\([^)]*\)\s*$")  # "Kiss and Tell (1945 film)"


def bridge_entities(sentence: str, question_terms: set[str]) -> list[str]:
    """Names in `sentence` the question does not give (a bridge entity), in sentence order:
    capitalised runs and quoted titles; a single word at the sentence start, and a single
    nationality word ("American"), is not a name."""
    out: list[str] = []
    found = [(m.start(), m.group(0)) for m in _NAME.finditer(sentence)]
    found += [(m.start(1), m.group(1)) for m in _QUOTED.finditer(sentence)]
    for start, raw in sorted(found):
        name = _LEADING.sub("", raw.strip(" .,;:'’"))
        name = re.sub(r"['’]s$", "", name)
        if not key_set(name) or questions_own(name, question_terms):
            continue
        if " " not in name and (start == 0 or is_demonym(name)):
            continue
        if all(_CALENDAR.match(w) for w in name.split()):
            continue
        if name not in out:
            out.append(name)
    return out


def questions_own(name: str, question_terms: set[str]) -> bool:
    """Is `name` mostly made of the question's own words (an entity the question names,
    not one a first-hop sentence reveals)?"""
    ks = key_set(name)
    return len(ks & question_terms) * 2 > len(ks)


PREFIX = 5  # terms match on this many leading characters ("director" ~ "directed")


def _said(bridge: Candidate) -> set[str]:
    """Prefixes of what the bridge sentence (with its document's title) says."""
    return {t[:PREFIX] for t in (*bridge.terms, *key_set(bridge.doc.title))}


def residual(q: QuestionInfo, bridge: Candidate) -> frozenset[str]:
    """Question terms the bridge sentence (with its document's title) does not say."""
    said = _said(bridge)
    return frozenset(t for t in q.terms if t[:PREFIX] not in said)


def asked_words(q: QuestionInfo, rest: frozenset[str]) -> str:
    """The question's words, as written and in order, whose keys are among `rest` (what a
    bridge left unsaid, `residual`): searched beside the value the bridge gave."""
    return " ".join(w for w in re.findall(r"[\w'’-]+", q.text) if key_set(w) & rest)


def unsaid_clocks(question: str, text: str) -> frozenset[str]:
    """The keys of the clock times the question names ("07:30": "07", "30") that `text`
    does not say as clock times: a time is one thing, and "30 places" does not say 07:30,
    while "7:30am" does (text/clock.py)."""
    said = clock_values(text)
    return frozenset(
        k
        for m in CLOCK_TIME.finditer(question)
        if clock_value(m.group()) not in said
        for k in key_set(m.group())
    )


def holds_question(q: QuestionInfo, bridge: Candidate) -> bool:
    """The first hop's own test: the bridge sentence says what the question says about the
    entity it describes: a named entity of the question (when it names any) and a word of
    the description itself ("directed", "professor"), not only the names. A sentence that
    merely mentions the question's subject ("... more important than Elvis Presley") does
    not resolve a description, so "When was Elvis Presley born?" is never chained through
    it to another person's birth date."""
    said = _said(bridge)
    held = {t for t in q.terms if t[:PREFIX] in said} - unsaid_clocks(q.text, bridge.span.text)
    if q.entities and not q.entities & held:
        return False
    return bool(held - q.entities) and len(held) >= 2


def substituted(
    q: QuestionInfo, bridge: Candidate, name: str, also_said: frozenset[str] = frozenset()
) -> QuestionInfo:
    """The question asked of the entity `name`: what the bridge sentence said is resolved to
    the name ("Where was the director of Solaris Dawn born?" -> "Where was the director
    born? Marta Kowalczyk"), in its terms and in the text the embedder compares. Terms
    whose prefixes are in `also_said` (what the bridge's document says elsewhere: the
    description may span two of its sentences) are resolved too, unless that leaves
    nothing to ask."""
    rest = residual(q, bridge)
    rest = frozenset(t for t in rest if t[:PREFIX] not in also_said) or rest
    named = tuple(keys(name))
    kept = [w for w in re.findall(r"\S+", q.text) if not set(keys(w)) - rest]
    return dataclasses.replace(
        q,
        text=f"{' '.join(kept)} {name}",
        terms=tuple(t for t in q.terms if t in rest) + named,
        entities=(q.entities & rest) | frozenset(named),
    )


def says_enough(
    rest: frozenset[str], open_: frozenset[str], left: frozenset[str], c: Candidate
) -> bool:
    """Does a candidate from a document that only mentions the entity, leaving `left` of the
    question open, speak to what is asked? It must say a term still open (`open_`: the
    residual `rest` less what the bridge's document says elsewhere). A table row is a
    record of the entity in its first cell, and that is enough (the column asked for); a
    sentence mentioning it may be about something else, and must leave at most half of
    the residual unsaid."""
    if not open_ - left:
        return False
    return c.header is not None or 2 * len(rest - left) >= len(rest)


def said_by_document(ranked: list[Candidate], bridge: Candidate) -> frozenset[str]:
    """Prefixes of the terms the bridge's document says in its retrieved sentences."""
    return frozenset(
        t[:PREFIX] for c in ranked if c.doc.doc_id == bridge.doc.doc_id for t in c.terms
    )


def _display(title: str) -> str:
    """A title without its qualifier, as written (the name substituted into the question)."""
    return _QUALIFIER.sub("", title).split(",")[0].strip()


def title_base(title: str) -> str:
    """A title without its qualifier, lower-cased: "Kiss and Tell (1945 film)" -> "kiss and
    tell", "Sullivan County, New Hampshire" -> "sullivan county"."""
    return _display(title).lower()


def _mentions(sentence: str, title: str) -> bool:
    """Does `sentence` name the document titled `title` (its base, as whole words)?"""
    base = title_base(title)
    return (
        len(base) > 3
        and re.search(rf"(?<!\w){re.escape(base)}(?!\w)", sentence.lower()) is not None
    )


# A title's qualifier: what its last parenthesis holds, or what follows its last colon
# ("Sick Pay: Ireland", "Public Holidays (Scotland)", "Relocation Letter: Imogen Hale").
_TITLE_QUALIFIER = re.compile(r"(?:\(([^()]+)\)|:\s*([^:()]+))\s*$")


def title_qualifier(title: str) -> str:
    """The proper name that keys a document among its siblings, from its title's qualifier:
    its leading capitalised words, "and" between two of them ("Ireland"; "Penang Campus";
    "East Sussex" of "East Sussex schools"; "Kent and Medway" of "Kent and Medway
    schools"), "" when the qualifier is not a name ("superseded", "for
    managers", "under 18") or is a whole phrase of title words ("What Every Member of
    Staff Must Do")."""
    m = _TITLE_QUALIFIER.search(title.strip())
    if m is None:
        return ""
    words = (m.group(1) or m.group(2) or "").split()
    name: list[str] = []
    for i, w in enumerate(words):
        joins = w == "and" and i + 1 < len(words) and words[i + 1][:1].isupper()
        if not (w[:1].isupper() or (joins and name)) or _CALENDAR.match(w):
            break
        name.append(w)
    if not name or len(name) > 4 or len(name) < len(words) - 1:
        return ""
    return " ".join(name)


def keyed_by(name: str, title: str) -> bool:
    """Is the document titled `title` the one kept for `name` among its siblings, its
    title's qualifier that name ("Ireland" for "Sick Pay: Ireland")? A bridge line saying
    a value the question does not ("| Dublin depot | Ireland | Aoife Brennan |") chooses
    the sibling document kept for that value, though neither names the other."""
    key = title_qualifier(title)
    return bool(key) and key.lower() == name.lower().strip()


def title_stem(title: str) -> str:
    """A title less its qualifier, lower-cased: what siblings kept for different values
    share ("sick pay" of "Sick Pay: Ireland" and of "Sick Pay: United Kingdom")."""
    return _TITLE_QUALIFIER.sub("", title.strip()).strip().lower()


def chosen_key(names: list[str], titles: list[str]) -> str | None:
    """The one name of `names` that keys a document titled among `titles` (`keyed_by`)
    beside a sibling (another of `titles` with the same stem, kept for another name: a
    qualifier tells a document from its siblings, and "Army (Ellie Goulding song)" beside
    "Army" is a song's page, not Ellie Goulding's); None when none does, or several do:
    a line saying several siblings' values ("Unite in the United Kingdom, SIPTU in
    Ireland") chooses none of them."""
    found = {
        n
        for n in names
        for t in titles
        if keyed_by(n, t)
        and any(
            title_stem(o) == title_stem(t) and title_qualifier(o) and not keyed_by(n, o)
            for o in titles
        )
    }
    return found.pop() if len(found) == 1 else None


def _subject(lead: str) -> str:
    """The opening noun phrase of a document ("Richard Milhous Nixon (January 9, 1913 ...")."""
    return re.split(r"\s*[(,;]|\s+(?:is|was|are|were)\s", lead, maxsplit=1)[0]


def names(name: str, title: str, lead: str = "") -> bool:
    """Is this the document of the entity `name`? Its title is the name (less a qualifier:
    "Kiss and Tell (1945 film)", "Sullivan County, New Hampshire"), or the name holds its
    title ("President Bill Clinton"), or its opening phrase is the name's ("Nixon" for
    "Richard Milhous Nixon (1913 ...": same last word, first word present)."""
    a = name.lower().strip()
    base = title_base(title)
    if not (a and base):
        return False
    if a == base or (len(base) > 3 and base in a):
        return True
    if base.startswith(f"{a} ") and all(_ABBREVIATION.match(w) for w in base[len(a) :].split()):
        return True  # "Salford City" for "Salford City F.C."
    if _ACRONYM.match(name.strip()) and f"({name.strip()})" in lead:
        return True  # "IBF" for "The International Boxing Federation (IBF) is ..."
    head, subject = a.split(), _LEADING.sub("", _subject(lead)).lower().split()
    if not subject or subject[-1] != head[-1]:
        return False
    return subject[0] == head[0] or len(head) == 1  # not "The Riverside Restaurant at Halden"


def names_document(name: str, hit: Hit, doc: Document) -> bool:
    """Is `doc` (retrieved as `hit`) the document of the entity `name`, by its title or its
    opening phrase (see `names`)?"""
    return names(name, hit.title, doc.text.lstrip()[:LEAD_CHARS])


async def _named_documents(
    answerer: ExtractiveAnswerer,
    bridge: Candidate,
    question_terms: set[str],
    asks: str,
    pool: list[Hit],
    docs: dict[str, Document],
    reader: Reader,
    keyed: bool = False,
) -> list[tuple[str, list[Hit], bool]]:
    """The documents the bridge sentence names, each under the name to substitute: retrieved
    ones whose title it mentions (no search), then one search for the names it reveals with
    what the question still asks (`asks`), keeping hits whose title or opening phrase the
    sentence names, then hits that only mention a name of several words (flagged True: the
    answer taken from them must name the entity itself). With `keyed` (a first hop under the
    floor, nothing answered to extend), a retrieved or found sibling kept for a value the
    sentence says (`keyed_by`) is that value's document too."""
    sentence = bridge.span.text
    out: dict[str, list[Hit]] = {}
    mentioned: dict[str, list[Hit]] = {}
    seen = {bridge.doc.doc_id}
    own = title_base(bridge.doc.title)  # another passage of the same article is no new entity
    for h in pool:
        if h.doc_id not in seen and title_base(h.title) != own and _mentions(sentence, h.title):
            seen.add(h.doc_id)
            out.setdefault(_display(h.title), []).append(h)
    # The sentence's names, then its document's own ("He was a hairdresser from Yorkshire"
    # under "Maurice Ward"; a row of "Visiting Times at Brightmoor Community Hospital")
    candidates = list(bridge_entities(sentence, question_terms))
    titled = bridge_entities(_display(bridge.doc.title), question_terms)
    candidates = (candidates + [n for n in titled if n not in candidates])[:MAX_NAMES]
    if candidates:
        hits = await search_or_nothing(reader, f"{' '.join(candidates)} {asks}", HOP_K)
        hits = [h for h in hits if h.doc_id not in seen and title_base(h.title) != own]
        docs.update(await answerer._fetch([h for h in hits if h.doc_id not in docs], reader))
        key = (chosen_key(candidates, [h.title for h in [*pool, *hits]]) if keyed else None) or ""
        for h in pool if key else ():  # the sibling kept for the one value the bridge says
            if h.doc_id not in seen and title_base(h.title) != own and keyed_by(key, h.title):
                seen.add(h.doc_id)
                out.setdefault(key, []).append(h)
        hits = [h for h in hits if h.doc_id not in seen]
        for h in hits:
            if h.doc_id not in docs:
                continue
            name = next(
                (
                    n
                    for n in candidates
                    if names_document(n, h, docs[h.doc_id]) or (n == key and keyed_by(n, h.title))
                ),
                None,
            )
            if _mentions(name or sentence, h.title):  # the title itself is the name to ask
                name = _display(h.title)
            if name is not None:
                seen.add(h.doc_id)
                out.setdefault(name, []).append(h)
        # A document not titled by the entity may still hold it: a directory's table row
        # ("| Halden General Hospital | ... | 01632 960 100 |"). Its answer must name it.
        for h in hits if not out else ():  # only when no document is the entity's own
            if (
                h.doc_id in docs
                and h.doc_id not in seen
                and sum(map(len, mentioned.values())) < MAX_MENTIONS
            ):
                text = docs[h.doc_id].text
                name = next((n for n in candidates if " " in n and n in text), None)
                if name is not None:
                    mentioned.setdefault(name, []).append(h)
    return [(n, hs, False) for n, hs in out.items()] + [
        (n, hs, True) for n, hs in mentioned.items()
    ]


def bridge_candidates(q: QuestionInfo, ranked: list[Candidate], pool: list[Hit]) -> list[Candidate]:
    """First-hop sentences to try as the bridge: the top BRIDGE_SENTENCES, then (up to
    MORE_BRIDGES) further top-ranked sentences that name another retrieved document by its
    title, or that hold the question and name an entity it does not. The sentence that
    links two documents is often not the best match for the whole question ("2014 S/S is
    the debut album of Winner" under "who formed the group?")."""
    out = list(ranked[:BRIDGE_SENTENCES])
    qt = set(q.terms)
    for c in ranked[BRIDGE_SENTENCES:BRIDGE_POOL]:
        if len(out) >= BRIDGE_SENTENCES + MORE_BRIDGES:
            break
        own = title_base(c.doc.title)
        if any(
            h.doc_id != c.doc.doc_id
            and title_base(h.title) != own
            and _mentions(c.span.text, h.title)
            for h in pool
        ) or (holds_question(q, c) and bridge_entities(c.span.text, qt)):
            out.append(c)
    return out


async def assess_search(
    at: HopInput, query: str, exclude: AbstractSet[str], q: QuestionInfo | None = None
) -> Evidence | None:
    """The evidence one more search for `query` brings: its hits outside `exclude`, those
    not read yet read into `at.docs`, assessed for `q` (by default the question); None when
    it finds nothing new or nothing usable."""
    hits = await search_hits(at, query, exclude)
    if not hits:
        return None
    asked = q if q is not None else at.q
    return await run_cpu(at.answerer.assess, asked, hits, at.docs, at.skipped)


async def search_hits(at: HopInput, query: str, exclude: AbstractSet[str]) -> list[Hit]:
    """The hits of one more search for `query` outside `exclude`, those not read yet read
    into `at.docs`."""
    hits = [h for h in await search_or_nothing(at.reader, query, HOP_K) if h.doc_id not in exclude]
    docs = at.docs
    if hits:
        docs.update(await at.answerer._fetch([h for h in hits if h.doc_id not in docs], at.reader))
    return hits


def whole_hit(doc: Document) -> Hit:
    """A retrieved document as a hit over its whole text (to assess it again)."""
    return Hit(source=doc.source, doc_id=doc.doc_id, title=doc.title, url=doc.url, score=1.0)


async def second_hop(at: HopInput) -> list[Candidate] | None:
    """The chain [bridge sentence, answer sentence] for a bridge question (preceded by the
    first hop's best sentence when that cleared the floor and is not the bridge), or None.

    Tried from the top first-hop sentences that hold the question and leave a residual (one
    search each, for the names the sentence reveals with the residual's words); the answer
    must clear the floor for the substituted question, sit in the named entity's document,
    and (when the first hop alone already cleared the floor) speak to the residual, so a
    question one sentence answers keeps its one-sentence answer."""
    answerer, q, first, docs, reader, skipped = at.parts()
    pool = list({c.doc.doc_id: whole_hit(c.doc) for c in first.ranked}.values())
    tried: set[str] = set()
    # Over the floor the first hop answers already: only its top sentences may extend it.
    under = first.score < answerer.floor
    bridges = bridge_candidates(q, first.ranked, pool) if under else first.ranked[:BRIDGE_SENTENCES]
    for bridge in bridges:
        rest = residual(q, bridge)
        if not rest or not holds_question(q, bridge) or bridge.span.text in tried:
            continue
        tried.add(bridge.span.text)
        asks = asked_words(q, rest)
        best_of: tuple[tuple[bool, bool, float], Candidate, Evidence, QuestionInfo, str] | None
        best_of = None
        for name, found, must_name in await _named_documents(
            answerer, bridge, set(q.terms), asks, pool, docs, reader, keyed=under
        ):
            q2 = substituted(q, bridge, name, said_by_document(first.ranked, bridge))
            open_ = frozenset(t for t in q2.terms if t in rest)  # what is still asked
            evidence = await run_cpu(answerer.assess, q2, found, docs, skipped)
            if evidence is None or evidence.score < answerer.floor:
                continue
            # from a document that only mentions the entity, the answer must name it
            # (and say some of what the bridge left open)
            fit = [
                c
                for c in evidence.ranked[:BRIDGE_SENTENCES]
                if not must_name
                or (name in c.text and says_enough(rest, open_, residual(q2, c), c))
            ]
            if first.score >= answerer.floor and not (
                bridge is first.ranked[0]
                and fit
                and (
                    evidence.score >= first.score
                    or await run_cpu(says_asked_closer, answerer, asks, fit[0], bridge)
                )
            ):  # an extension must say what was left open, or answer better than the bridge
                fit = [c for c in fit if rest - residual(q2, c)]
            elif first.score < answerer.floor and not q.entities:
                # nothing named to follow, nothing answered to extend: the chain must answer
                fit = [
                    c
                    for c in fit
                    if await _answers_what_is_open(answerer, asks, rest, q, c, bridge)
                ]
            best = fit[0] if fit else None
            # of the documents the bridge names, the one answering its question best; an
            # entity the bridge reveals before one the question itself names
            key = (not questions_own(name, set(q.terms)), not must_name, evidence.score)
            if best is not None and (best_of is None or key > best_of[0]):
                best_of = (key, best, evidence, q2, name if must_name else "")
        if best_of is None:
            continue
        _, best, evidence, q2, must = best_of
        bridge.part, best.part = "bridge", "answer"
        chain = [bridge, best]
        # Over the floor the first hop already answered with its best sentence: the
        # chain extends that answer and never drops it.
        top = first.ranked[0]
        if first.score >= answerer.floor and top is not bridge:
            chain.insert(0, top)
        more = _rest_of_answer(q2, rest, best, evidence) or await run_cpu(
            closest_to_asked, answerer, asks, q2, best, evidence
        )
        if more is not None and len(chain) < answerer.max_sentences and must in more.text:
            more.part = "answer"
            chain.append(more)
        return distinct(chain)
    return None


def distinct(chain: list[Candidate]) -> list[Candidate]:
    """The chain with each sentence once: the answer found through a bridge may be the very
    sentence the first hop put first (a policy that defers to another, whose sentence names
    it back), and is then cited once, where it first appears."""
    seen: set[tuple[str, int]] = set()
    out = []
    for c in chain:
        if c.at not in seen:
            seen.add(c.at)
            out.append(c)
    return out


def _rest_of_answer(
    q2: QuestionInfo, rest: frozenset[str], best: Candidate, evidence: Evidence
) -> Candidate | None:
    """A second sentence of the answer's document saying what of the residual the answer
    does not ("the county seat" beside "a county located in ..."), the best-ranked such."""
    from wikiqa.answerers.extractive import P_TOP_POOL, fits_question  # (imports hops)

    open_terms = rest & residual(q2, best)
    if not open_terms:
        return None
    qset = set(q2.terms)
    for c in evidence.ranked[:P_TOP_POOL]:
        if c is best or c.doc.doc_id != best.doc.doc_id:
            continue
        if open_terms - residual(q2, c) and fits_question(q2, qset, c):
            return c
    return None


def says_asked_closer(
    answerer: ExtractiveAnswerer,
    asks: str,
    answer: Candidate,
    bridge: Candidate,
    margin: float = 0.0,
) -> bool:
    """Is the entity's `answer` closer in meaning (the bundled embedder) to what the bridge
    left open (`asks`) than the bridge sentence is (by more than `margin`)? The two hops'
    scores answer different questions (the whole question, the substituted one), so which is
    higher depends on the fitted weights; what the bridge left open is the part both must
    say. False without an embedder."""
    if answerer.embedder is None or not asks.strip():
        return False
    to_answer, to_bridge = answerer.similarities(asks, [answer.text, bridge.text])
    return to_answer > to_bridge + max(CLOSER, margin)


async def _answers_what_is_open(
    answerer: ExtractiveAnswerer,
    asks: str,
    rest: frozenset[str],
    q: QuestionInfo,
    answer: Candidate,
    bridge: Candidate,
) -> bool:
    """For a chain built on a first pass under the floor from a question that names nothing
    (no capitalised word, no number): does its `answer` say a word of what the bridge left
    open (`rest`), or mean it, clearly closer in meaning to it (`asks`) than the bridge is
    (by `meant_keys.MARGIN`, the margin by which a phrase names one key cell over the
    rest)? Such a question describes no named thing whose own document a bridge leads to:
    its bridge holds only common words of the question ("hotel", "work"), and the line of
    the document the bridge points to answers nothing unless it says what is still asked
    ("Am I allowed to have a second job at another hotel?" is not answered by "Each hotel
    belongs to an operating region ..."). A question naming something keeps the chain its
    bridge holding that name already earns (`holds_question`)."""
    from wikiqa.answerers.meant_keys import MARGIN  # (meant_keys imports extractive)

    if rest - residual(q, answer):  # a word the bridge left open, said
        return True
    return await run_cpu(says_asked_closer, answerer, asks, answer, bridge, MARGIN)


ANSWER_SENTENCES = 8  # sentences of the answer's document compared with what is asked
CLOSER = 0.0  # cosine by which another sentence must be closer to what is asked


def closest_to_asked(
    answerer: ExtractiveAnswerer, asks: str, q2: QuestionInfo, best: Candidate, evidence: Evidence
) -> Candidate | None:
    """The sentence of the answer's document closest in meaning (the bundled embedder) to
    what the bridge left open (`asks`: "government position held"), when it is clearly
    closer than the answer sentence: the entity's opening sentence often wins the ranking
    by naming the entity, while the open part is answered in other words further on
    ("served as Chief of Protocol"). None without an embedder."""
    from wikiqa.answerers.extractive import fits_question  # (imports hops)

    if answerer.embedder is None or not asks.strip():
        return None
    qset = set(q2.terms)
    pool = [
        c
        for c in evidence.ranked
        if c is not best and c.doc.doc_id == best.doc.doc_id and fits_question(q2, qset, c)
    ][:ANSWER_SENTENCES]
    if not pool:
        return None
    to_best, *to_pool = answerer.similarities(asks, [best.text, *(c.text for c in pool)])
    i = max(range(len(to_pool)), key=to_pool.__getitem__)  # the first of equals, as argmax
    return pool[i] if to_pool[i] > to_best + CLOSER else None


MIN_COMPLEMENT = 2  # residual terms a complementing sentence must say


# "this year", "next month", "last week": when the question is set, not what it asks about.
_DEICTIC_TIME = re.compile(
    r"\b(?:this|next|last|coming|current|previous)\s+"
    r"(?:years?|months?|weeks?|days?|quarters?|terms?|seasons?|time)\b",
    re.I,
)


def deictic_terms(question: str) -> frozenset[str]:
    """Keys of the words the question says only inside a phrase placing it in time ("this
    year"): "1 to 3 years" in another document says nothing the question left open."""
    placed = [w for m in _DEICTIC_TIME.finditer(question) for w in key_set(m.group())]
    rest = key_set(_DEICTIC_TIME.sub(" ", question))
    return frozenset(placed) - frozenset(rest)


def complement(q: QuestionInfo, evidence: Evidence, answer: Candidate) -> Candidate | None:
    """A top-ranked sentence of *another* document that says at least MIN_COMPLEMENT of the
    question terms the answer leaves open, and could answer the question:
    the second document of a question one retrieval already covers ("notice before time
    off" in one policy, "timesheets due" in another). A word said only to place the question
    in time ("this year") is not left open."""
    from wikiqa.answerers.extractive import P_TOP_POOL, fits_question  # (imports hops)

    open_terms = residual(q, answer) - deictic_terms(q.text)
    need = MIN_COMPLEMENT
    if len(open_terms) < need:
        return None
    qset = set(q.terms)
    for c in evidence.ranked[:P_TOP_POOL]:
        if c.doc.doc_id == answer.doc.doc_id:
            continue
        if len(open_terms - residual(q, c)) >= need and fits_question(q, qset, c):
            return c
    return None
