"""The asker's own document as the first hop of a two-document question.

A question in the first person often leaves its key in a document private to the asker:
"How do I get hold of my mentor? What's his mobile?" whose apprenticeship agreement names
"Sam Whitlock", answered by the staff directory's row for him; "What time does the canteen
there close at weekends?" where the asker's secondment letter names the depot, answered by
the canteen table's "| Millbrook | ... |". The question names neither the key nor the
document that holds it, so neither the value bridge (a row the question names) nor the
entity bridge (a first-hop sentence that holds the question) starts from it.

So when the question speaks in the first person, the first hop stays under the floor (or
clears it with a table row whose key cell the question does not say: `unnamed_row`) and
the reader may see a document of the asker's own (`neighbours.owned_by_asker`: the store
shows a private document to its owner only), that document is the first hop whatever the
search ranked first: each name or numbered key that its three sentences best matching the
question (OWN_BRIDGES; and, for a question about the asker's present, "at the moment", the
sentences telling it, "You are now in year 2": `_bridges`) say and the question does not ("Millbrook Tram Depot", "Sam
Whitlock", "year 2") is searched with what the sentence left unsaid. A row among that
search's top three (ROW_TOP) whose key cell the sentence says as a whole phrase ("| Millbrook |" in "at Millbrook Tram
Depot"), the only such row of its table, answers when a column of its own says something
the sentence leaves open and it fits the question. (A row the first hop itself ranked,
keyed the same way, was tried first and answered a held-out unanswerable question: the
search for the key is what ties the row to the asker's sentence; so is it for every other
row of a table one of whose rows ranks there, hops15's `table_rows`, which answered one too.)
Over the floor, the chain replaces the first answer only when it ends in a row of the same
table (`_same_table`): the search chose the table, the asker's document chooses its row. When
the question's "my ..." words and the question find no document of the asker's, the clauses
in which the asker tells their situation are searched alone (`own_clauses`); a sentence that
moves the asker "from A to B" keys B (`_destination`). The answer cites the asker's sentence
and the row (with its header).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set, keys
from wikiqa.answerers.held_record import held_record
from wikiqa.answerers.hops import (
    PREFIX,
    asked_words,
    bridge_entities,
    questions_own,
    residual,
    search_hits,
    substituted,
    whole_hit,
)
from wikiqa.answerers.kinds import asked_kind, asking_words, says_kind
from wikiqa.answerers.neighbours import my_words, owned_by_asker
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.answerers.record_keys import kinded, record_terms
from wikiqa.text.months import MONTH_NAMES
from wikiqa.text.tables import cells
from wikiqa.text.terms import without_possessive
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document, Hit, Principal

OWN_K = 10  # hits of the search for the asker's own documents
OWN_BRIDGES = 3  # top sentences of the asker's documents tried as the bridge
OWN_VALUES = 3  # keys of one sentence carried to a second retrieval (one search each)
ROW_TOP = 3  # top candidates of the search for a key looked at for the row it keys
OWN_CLAUSES = 2  # first-person clauses searched alone for the asker's own documents
HELD_FIRST = True  # switch: a held record tried before the entity bridge (held_first, hop69)

# The asker speaking of themselves.
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I’m|I've|I’ve|I'll|I’ll|I'd|me|my|mine)\b")
# A numbered key written in lower case ("year 2", "band 5", "grade C4"); not a date.
_NUMBERED = re.compile(r"\b([A-Za-z]{3,})\s+([A-Z]?\d{1,2}[A-Z]?)\b(?![:.,]?\d)")
_MONTH = re.compile(rf"^(?:{MONTH_NAMES})$", re.I)
# A move from one place to another ("from the Dublin depot to the Venlo distribution centre").
_MOVE = re.compile(r"\bfrom\b(.+?)\bto\b(.+)", re.I)
# A question about where the asker was before a move.
_BEFORE = re.compile(r"\b(?:old|previous|former|used to|before)\b", re.I)
_SUBJECT = re.compile(r"\bI(?:['’](?:m|ve|ll|d))?\b")
_CLAUSE_MARK = re.compile(r"[,;:?!.]+(?:\s|$)")
# the asker's present, asked of ("at the moment", "right now") or told ("You are now in year 2")
_PRESENT = re.compile(
    r"\b(?:now|currently|at\s+(?:the\s+)?(?:moment|present)|these\s+days|presently)\b", re.I
)


def first_person(question: str) -> bool:
    """Does the question speak of the asker ("my mentor", "where I'll be based")?"""
    return _FIRST_PERSON.search(question) is not None


def own_keys(sentence: str, question_terms: set[str]) -> list[str]:
    """What a sentence of the asker's own document says that may key another document:
    its names the question does not give (`hops.bridge_entities`) and its numbered keys
    ("year 2"), in sentence order."""
    found = [(sentence.find(n), n) for n in bridge_entities(sentence, question_terms)]
    found += [
        (m.start(), m.group(0))
        for m in _NUMBERED.finditer(sentence)
        if not _MONTH.match(m.group(1)) and key_set(m.group(1))
    ]
    out: list[str] = []
    for _, value in sorted(found):
        if value not in out:
            out.append(value)
    return out


def record_holders(sentence: str, question_terms: set[str]) -> list[str]:
    """The names of `sentence` that repeat the question's words yet add one of their own
    ("Medwise Occupational Health" for "the occupational health people doing my review"):
    `own_keys` leaves them out as the question's own entity, but a record the question names
    by its term ("Occupational health: Medwise Occupational Health, 01284 557 290") is often
    held by a name that repeats that term (hop66); only `held_record` reads them."""
    return [
        n
        for n in bridge_entities(sentence, set())
        if questions_own(n, question_terms) and key_set(n) - question_terms
    ]


async def own_documents(at: HopInput, principal: Principal) -> list[Document]:
    """The asker's own documents read so far, else those a search for what the question
    calls theirs (or, naming nothing, the whole question) finds; each once."""
    own = [d for d in at.docs.values() if owned_by_asker(d, principal)]
    if own:
        return each_once(own)
    query = " ".join(sorted(my_words(at.q.text))) or at.q.text
    hits = await search_or_nothing(at.reader, query, OWN_K)
    if query != at.q.text:
        hits += await search_or_nothing(at.reader, at.q.text, OWN_K)
    found = await _owned_hits(at, hits, principal)
    for clause in [c for c in own_clauses(at.q.text) if c not in (query, at.q.text)]:
        if found:
            break
        found = await _owned_hits(at, await search_or_nothing(at.reader, clause, OWN_K), principal)
    return each_once(found)


def each_once(docs: list[Document]) -> list[Document]:
    """`docs` with each document once (two searches may find one), in the order met."""
    return list({d.doc_id: d for d in docs}.values())


async def _owned_hits(at: HopInput, hits: list[Hit], principal: Principal) -> list[Document]:
    """The asker's own documents among `hits` (each hit read once into `at.docs`)."""
    at.docs.update(await at.fetch_new(hits))
    return [at.docs[h.doc_id] for h in hits if owned_by_asker(at.docs.get(h.doc_id), principal)]


def own_clauses(question: str) -> list[str]:
    """The clauses in which the asker tells their situation, each from its last "I" (else its
    "my") to its end ("I've moved" of "Now that I've moved, who ...", "I'm going back to after my
    operation" of "... at the depot I'm going back to after my operation?"), at most
    OWN_CLAUSES. Searched alone, such a clause finds the letter or plan that says the same
    in other words ("transfers ... to the Berlin office", "returns ... after knee surgery"),
    which the whole question, its other words pulling the policy it asks about, ranks
    under ten others."""
    out: list[str] = []
    for segment in _CLAUSE_MARK.split(question):
        subjects = list(_SUBJECT.finditer(segment))  # the last "I ..." opens the situation
        m = subjects[-1] if subjects else _FIRST_PERSON.search(segment)
        clause = segment[m.start() :].strip() if m else ""
        if clause and len(keys(clause)) > 1 and clause not in out:
            out.append(clause)
    return out[:OWN_CLAUSES]


async def own_hop(at: HopInput, held_only: bool = False) -> list[Candidate] | None:
    """[the asker's sentence, the answer it keys] for a first-person question whose key
    sits in a document of the asker's own, else None (see the module docstring). The
    documents it reads (and the instruction-like text it skips) join `at.docs` (and
    `at.skipped`) only when it answers: the steps after it, and the refusal, see what they
    saw before. With `held_only`, only a record the question names by its key, held by a
    value of the asker's line, answers (`held_first`)."""
    read = dataclasses.replace(at, docs=dict(at.docs), skipped=[])
    chain = await _own_chain(read, held_only)
    if chain is not None:
        at.docs.update(read.docs)
        at.skipped.extend(read.skipped)
    return chain


async def held_first(at: HopInput) -> list[Candidate] | None:
    """The chain to a record the question names by its key ("Occupational health:
    Greenmoor Occupational Health, 01452 730 295"), held by a value of the asker's own line
    ("... on the advice of Greenmoor Occupational Health."), tried before the entity bridge
    (`hops.second_hop`) follows the line's other names (hop69): the record's key says which
    of the line's values the question asks of, so a chain through another of them (the
    manager the line names, whose staff-list row has a phone number too) answers another
    question. Nothing else of `own_hop` is tried here; a record giving no value of the kind
    asked leaves the steps after it as they were."""
    return await own_hop(at, held_only=True) if HELD_FIRST else None


async def _own_chain(at: HopInput, held_only: bool = False) -> list[Candidate] | None:
    """`own_hop` over its own copy of the documents read (`held_only`: `held_first`)."""
    answerer, q, _, docs, _, skipped = at.parts()
    principal = at.principal
    if principal is None or principal.user_id is None or not first_person(q.text):
        return None
    guess = None  # over the floor, the row the ranking chose though the question names it not
    only_named = False  # over the floor, a first line saying no value of the kind asked
    if at.first.score >= answerer.floor:
        guess = unnamed_row(q, at.first.ranked[0]) if at.first.ranked else None
        if guess is None:
            kind = asked_kind(q.text)
            if kind is None or not at.first.ranked or says_kind(kind, at.first.ranked[0].span.text):
                return None  # the first hop answers already, with a line the question names
            only_named = True  # "Meet your mentor every 2 weeks." for the mentor's phone
    own = await own_documents(at, principal)
    if not own:
        return None
    mine = await run_cpu(answerer.assess, q, [whole_hit(d) for d in own], docs, skipped)
    if mine is None:
        return None
    qterms = set(q.terms)
    for bridge in _bridges(q.text, mine.ranked):
        rest = residual(q, bridge)
        if not rest:
            continue
        asks = asked_words(q, rest)
        values = own_keys(bridge.span.text, qterms)[:OWN_VALUES]
        searched: dict[str, list[Hit]] = {}
        held_values = values + [
            v for v in record_holders(bridge.span.text, qterms) if v not in values
        ]
        for value in held_values if guess is None else []:
            # a record the question names by its key, held by one of the values (held_record.py)
            hits = searched[value] = await search_hits(
                at, f"{asks} {value}", {d.doc_id for d in own}
            )
            held = await held_record(at, bridge, value, hits)
            if held is not None:
                return held or None  # UNSAID: the value asked of is known, its record says not
        if held_only:
            continue
        for value in values:
            # a row keyed by the value (or its first words), searched with what is still asked
            hits = searched.get(value) or await search_hits(
                at, f"{asks} {value}", {d.doc_id for d in own}
            )
            keyed = await _row_for_key(at, q, bridge, value, hits, only_named) if hits else None
            if keyed is not None and (guess is None or _same_table(keyed[-1], guess)):
                return keyed
    return None


def _bridges(question: str, ranked: list[Candidate]) -> list[Candidate]:
    """The lines of the asker's documents tried as the bridge: the OWN_BRIDGES best for the
    question and, when the question asks of the asker's present ("What's my hourly pay at
    the moment?"), the lines that tell it ("You are now in year 2 of your apprenticeship."):
    a question about now is keyed by what the asker's document says holds now, which the
    ranking, reading the asked words, puts below the lines about pay."""
    out = ranked[:OWN_BRIDGES]
    if _PRESENT.search(question):
        out += [c for c in ranked[OWN_BRIDGES:] if _PRESENT.search(c.span.text)]
    return out


async def _row_for_key(
    at: HopInput,
    q: QuestionInfo,
    bridge: Candidate,
    value: str,
    hits: list[Hit],
    only_named: bool = False,
) -> list[Candidate] | None:
    """[the asker's sentence, the row `value` keys] from the search for the key (`hits`),
    else None. The row is looked for in the top three (ROW_TOP) of that search ranked for
    the question. The rows of one table tie on a question that names none of them and keep
    their table order, so a key row low in a long table is out of reach there; ranked
    instead for the question asked of the key (`substituted`: "how many public holidays
    ... Netherlands"), such a row answers only as that ranking's first, clearing the floor
    for that question: ranked by the key, a row of any table the key names comes up, and
    the key alone does not make it the answer to what is asked."""
    answerer, principal = at.answerer, at.principal
    assert principal is not None
    if not only_named:
        found = await run_cpu(answerer.assess, q, hits, at.docs, at.skipped)
        keyed = _keyed_row(q, [bridge], found.ranked[:ROW_TOP], principal) if found else None
        if keyed is not None:
            return keyed
    # the documents found whose table has a row keyed by the whole value, read whole
    cell = re.compile(rf"^\|\s*{re.escape(value.strip())}\s*\|", re.I | re.M)
    rowed = [
        whole_hit(at.docs[d])
        for d in dict.fromkeys(h.doc_id for h in hits)
        if d in at.docs and cell.search(at.docs[d].text)
    ]
    whole = await run_cpu(answerer.assess, q, rowed, at.docs, at.skipped) if rowed else None
    named = named_holder_row(q, bridge, value, whole.ranked, principal) if whole else None
    kind = asked_kind(q.text) if only_named else None
    if named is not None and says_kind(kind, named[-1].span.text):
        return named
    if only_named:
        return None
    by_key = await run_cpu(
        answerer.assess, substituted(q, bridge, value), hits, at.docs, at.skipped
    )
    if by_key is None or not by_key.ranked or by_key.score < answerer.floor:
        return None
    return _keyed_row(q, [bridge], by_key.ranked[:1], principal)


def unnamed_row(q: QuestionInfo, best: Candidate) -> Candidate | None:
    """`best` when it is a table row whose key cell the question does not say whole (the
    ranking chose "| Kingsmead | ... |" for "the depot I'm going back to"), or a directory's
    record filed under a place the question does not say ("HR business partner, South
    region: Sophie Lang, ..." for "the region I moved to": `_record_key`), else None."""
    if best.header is None:
        key = key_set(_record_key(best) or "")
        return best if key and not key <= set(q.terms) else None
    values = cells(best.span.text)
    key = key_set(values[0]) if values else frozenset()
    return best if key and not key <= set(q.terms) else None


def _record_key(c: Candidate) -> str | None:
    """The place a directory's record line is filed under ("South region" of "HR business
    partner, South region: Sophie Lang, ..."; `record_keys.record_terms`), which keys it as
    a key cell keys a row (hops14), or None for a line of no such record."""
    if c.header is not None:
        return None
    for t in record_terms(c):
        m = kinded(t)
        if m is not None and m.group(0) == t:
            return t
    return None


def _same_table(row: Candidate, other: Candidate) -> bool:
    """Are the two rows of one table (one document, one header row), or two records of one
    directory (one document, each filed under a place)?"""
    if row.header is None or other.header is None:
        return (
            row.doc.doc_id == other.doc.doc_id
            and row.header is None
            and other.header is None
            and _record_key(row) is not None
            and _record_key(other) is not None
        )
    return row.doc.doc_id == other.doc.doc_id and row.header.text == other.header.text


def _said_whole(key: str, sentence: str) -> bool:
    """Does the sentence say the key cell as a whole phrase ("year 2" in "You are now in
    year 2 of your apprenticeship", "Millbrook" in "at Millbrook Tram Depot")?"""
    return re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", sentence, re.I) is not None


def _destination(pairs: list[tuple[Candidate, Candidate]]) -> list[tuple[Candidate, Candidate]]:
    """Of the rows one sentence keys, those it names after its move's "to" and not in its
    "from" ("transfers from the Lisbon office to the Berlin office": Berlin). The asker is
    where the move takes them; a question about where they were says so (`_BEFORE`)."""
    kept = []
    for bridge, row in pairs:
        move = _MOVE.search(bridge.span.text)
        key = cells(row.span.text)[0].strip()
        if move and _said_whole(key, move.group(2)) and not _said_whole(key, move.group(1)):
            kept.append((bridge, row))
    return kept


def _asked_column(rest: frozenset[str], row: Candidate) -> bool:
    if row.header is None:  # a record: its line beyond the place it is filed under
        key = key_set(_record_key(row) or "")
        said = {t[:PREFIX] for t in keys(row.span.text) if t not in key}
        return any(t[:PREFIX] in said for t in rest)
    return _row_asked_column(rest, row)


def _row_asked_column(rest: frozenset[str], row: Candidate) -> bool:
    """Does a column of the row other than its key (its header cell, or the row's own cell
    under it) say something the bridge sentence leaves open ("Mobile" for "What's his
    mobile?", "Canteen opening, weekends" for the canteen's weekend closing, "bike cellar,
    60 places" under "Bicycles" for "where can I leave my bike")? A row of the asker's place
    in a table of other things (its address, its manager) answers nothing asked; the
    table's title, which `residual` counts, is not enough."""
    if row.header is None:
        return False
    columns = cells(row.header.text)[1:] + cells(row.span.text)[1:]
    said = {t[:PREFIX] for h in columns for t in keys(h)}
    return any(t[:PREFIX] in said for t in rest)


def _keyed_row(
    q: QuestionInfo, mine: list[Candidate], ranked: list[Candidate], principal: Principal
) -> list[Candidate] | None:
    """[the asker's sentence, the row it keys] when a table row of `ranked` (the top of the
    search for the sentence's key) is keyed (its first cell) by what a sentence of the
    asker's own document (`mine`) says and the question does not, and is the only row of its table so keyed; the row must say something the
    sentence leaves open in a column of its own (`_asked_column`) and fit the question
    (`fits_question`)."""
    from wikiqa.answerers.extractive import fits_question  # (imports this module)

    qset = set(q.terms)
    found: dict[object, list[tuple[Candidate, Candidate]]] = {}
    for row in ranked:
        if owned_by_asker(row.doc, principal):
            continue
        if row.header is None:  # a directory's record, keyed by the place it is filed under
            key = _record_key(row) or ""
        else:
            values = cells(row.span.text)
            key = values[0].strip() if values else ""
        if not key_set(key) or key_set(key) <= qset:
            continue
        bridge = next((c for c in mine if _said_whole(key, c.span.text)), None)
        if bridge is not None:
            table = id(row.header) if row.header is not None else row.doc.doc_id
            found.setdefault(table, []).append((bridge, row))
    for pairs in found.values():
        if len({row.span.text for _, row in pairs}) != 1 and not _BEFORE.search(q.text):
            pairs = _destination(pairs)
        if len({row.span.text for _, row in pairs}) != 1:
            continue  # the asker's document keys several rows of the table: no one answer
        bridge, row = pairs[0]
        rest = residual(q, bridge)
        if rest and _asked_column(rest, row) and fits_question(q, qset, row):
            bridge.part, row.part = "bridge", "answer"
            return [bridge, row]
    return None


_NAME_HEADS = {"name", "full name", "person", "contact"}


def _fits_asked_of(q: QuestionInfo, bridge: Candidate, value: str, row: Candidate) -> bool:
    """Does `row` fit the question asked of the person the asker's line names ("What's my
    mobile number? Natalie Brewster" for "What's my clinical coach's mobile number?" and
    "Clinical coach: Natalie Brewster")? The role the question names is said by several
    rows of a staff list (three clinical coaches), so asked as written it names no one row."""
    from wikiqa.answerers.extractive import fits_question  # (imports this module)

    asked = substituted(q, bridge, value)
    return fits_question(asked, set(asked.terms), row)


# words that ask for a value rather than name one: "what's the number", "email address"
_ASKING = {w[:PREFIX] for w in ("what", "number", "address", "details")}


def named_holder_row(
    q: QuestionInfo,
    bridge: Candidate,
    value: str,
    ranked: list[Candidate],
    principal: Principal,
) -> list[Candidate] | None:
    """[the asker's line, the person's row] when the asker's own line names a person by the
    role the question asks of ("Mentor: Raj Sandhu" for "What's my mentor's mobile
    number?") and, among every line the search for that person found (`ranked`, not only
    its top three: the rows of one table tie on a question that names none of them), one
    table row of a list of people (its first column headed "Name") is keyed by exactly that
    name, its header naming a column the question still asks ("Mobile"), and the row fits
    the question; else None (hops62).

    The question must say a word of the asker's line beyond the name (the role the line
    gives the person: "mentor", "supervisor"); the row's key cell must be the whole name,
    the only row of any retrieved table so keyed; a column only the row's own cell says,
    or none the question asks ("email" where the list has no Email column), answers
    nothing."""
    from wikiqa.answerers.extractive import fits_question  # (imports this module)

    qset = set(q.terms)
    name = value.strip().lower()
    said = {t[:PREFIX] for t in keys(bridge.span.text)} - {t[:PREFIX] for t in keys(value)}
    if " " not in name or not any(without_possessive(t)[:PREFIX] in said for t in qset):
        return None  # a one-word key, or the question names the person by no role the line says
    rows = {
        row.span.text: row
        for row in ranked
        if row.header is not None
        and not owned_by_asker(row.doc, principal)
        and (cells(row.span.text) or [""])[0].strip().lower() == name
        and (cells(row.header.text) or [""])[0].strip().lower() in _NAME_HEADS
    }
    if len(rows) != 1:
        return None
    row = next(iter(rows.values()))
    assert row.header is not None
    rest = {without_possessive(t)[:PREFIX] for t in residual(q, bridge)} - _ASKING
    heads = {t[:PREFIX] for h in cells(row.header.text)[1:] for t in keys(h)}
    kind = asked_kind(q.text)
    asking = asking_words(kind, q.text) if kind is not None else None
    kind_cell = bool(asking) and any(says_kind(kind, c) for c in cells(row.span.text)[1:])
    if kind_cell and asking:
        # the words asking the kind ("mobile number") are answered by the row's cell of
        # that kind, whatever its column is headed ("Phone": hop66)
        rest -= {t[:PREFIX] for t in keys(asking)}
    said = heads | {t[:PREFIX] for c in cells(row.span.text) for t in keys(c)}
    if not (rest & heads or kind_cell) or not rest <= said:
        return None  # no column asked, or a word of the question neither line says ("tutor")
    if not fits_question(q, qset, row) and not (
        kind_cell and _fits_asked_of(q, bridge, value, row)
    ):
        return None  # the row answers not the question, as asked or asked of the person
    bridge, row = dataclasses.replace(bridge), dataclasses.replace(row)
    bridge.part, row.part = "bridge", "answer"
    return [bridge, row]


OWN_CONTACT = True  # switch: the holder the asker's own document names, by its record (line72)
# what follows a holder's name in its record: its contact at once ("Brightwell Occupational
# Health, 01422 870 295; ...", "Medra Health: 0121 496 0460")
_RECORD_GAP = re.compile(r"\s*[,:]\s*")
RECORD_REACH = 40  # characters after the name within which its contact must start
ROW_RECORD = True  # switch: a table row keyed by the name is its record too (hop73)


async def own_contact(at: HopInput) -> list[Candidate] | None:
    """[the asker's own document's line naming a holder, the holder's record], for a question
    asking how to reach someone the asker's own document names by what they did for the asker
    and not by their kind: "What's the phone number for the people who assessed me before I
    came back?" over "Agreed with Grace Okafor, wardrobe assistant, after her assessment by
    Brightwell Occupational Health." and "Occupational health: Brightwell Occupational Health,
    01422 870 295; ..." (round 72, hb21-hop-05). `own_hop` finds the record only when the
    question says a word of its key ("the occupational health people"): searched with the
    question's words, a record it shares none with is not among the rows it reads. Here the
    record is the line of another document that gives the name of several words (not the
    document's own subject: its title's words) followed at once by a contact of the kind
    asked; when two names of the asker's lines have such records, none answers. Under the
    floor only, for a first-person question asking a phone number or email address; every
    document comes from the reader's own searches."""
    from wikiqa.answerers.guide_contact import guide_asked_contact, other_number

    answerer, q, principal = at.answerer, at.q, at.principal
    if not OWN_CONTACT or at.first.score >= answerer.floor:
        return None
    if principal is None or principal.user_id is None or not first_person(q.text):
        return None
    kind = guide_asked_contact(q.text)
    if kind is None or other_number(q.text):
        return None  # none asked, or a number of another kind ("the fax number")
    read = dataclasses.replace(at, docs=dict(at.docs), skipped=[])
    own = await own_documents(read, principal)
    if not own:
        return None
    mine = await run_cpu(answerer.assess, q, [whole_hit(d) for d in own], read.docs, [])
    if mine is None:
        return None
    found: list[tuple[Candidate, Candidate]] = []
    tried: set[str] = set()
    for bridge in mine.ranked[:OWN_BRIDGES]:
        title = key_set(bridge.doc.title)
        for name in bridge_entities(bridge.span.text, set()):
            if " " not in name or key_set(name) <= title or name in tried:
                continue
            tried.add(name)
            record = await _contact_record(read, name, kind, {d.doc_id for d in own})
            if record is not None and (
                record.header is None or _names_matter(q.text, name, bridge.span.text)
            ):
                found.append((bridge, record))
    if len({r.at for _, r in found}) != 1:
        return None
    at.docs.update(read.docs)
    at.skipped.extend(read.skipped)
    bridge, record = found[0]
    bridge.part, record.part = "bridge", "answer"
    return [bridge, record]


def _names_matter(question: str, name: str, line: str) -> bool:
    """Does the asker's line say, beside the name, every word of what the question asks of
    ("Mentor: Dean Halloran" for "my mentor"), whole or by its first letters? A table row
    keyed by the name is the name's record whatever the line says of it, so the line must
    say why the name is the one asked for: "College: Wessex College" names no mentor,
    "Mentor: Dean Halloran" no tutor (the embedder's nearness is no such saying: "tutor"
    is 0.60 near "mentor"), and "Your mentor on the course is Kim Adeyemi" no course
    tutor (a word of the matter, "course", is not enough)."""
    from wikiqa.answerers.guide_contact import matter_words, says_matter_literally

    matter = matter_words(question)
    return bool(matter) and says_matter_literally(matter, line.replace(name, " "), every=True)


async def _contact_record(at: HopInput, name: str, kind: str, own: set[str]) -> Candidate | None:
    """The line of a document not the asker's own, found by one search for `name`, that
    says the name followed at once by a contact of `kind` (`_RECORD_GAP`, RECORD_REACH)."""
    from wikiqa.answerers.contact_hop import says_contact
    from wikiqa.answerers.guide_contact import keyed_by

    hits = await search_hits(at, name, own)
    if not hits:
        return None
    whole = [whole_hit(at.docs[d]) for d in dict.fromkeys(h.doc_id for h in hits)]
    found = await run_cpu(at.answerer.assess, at.q, whole, at.docs, at.skipped)
    for c in found.ranked if found is not None else []:
        if c.doc.doc_id in own:
            continue
        if ROW_RECORD and c.header is not None and keyed_by(name, c.span.text):
            # a table's row keyed by the name (its first cell) is the name's record: its
            # contact cell gives the contact ("| Dean Halloran | ... | 01749 830 214 |")
            if says_contact(kind, c.span.text):
                return c
            continue
        for m in re.finditer(re.escape(name), c.span.text):
            gap = _RECORD_GAP.match(c.span.text, m.end())
            if gap is not None and says_contact(
                kind, c.span.text[gap.end() : gap.end() + RECORD_REACH]
            ):
                return c
    return None
