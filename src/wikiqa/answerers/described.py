"""The description bridge: a question that names what it asks about by a description.

"What's the phone number of the only site with a freezer chamber?" names no site; one
document says which site it is ("The Venlo distribution centre has the group's only frozen
chamber"), another gives that site's number (the directory's Venlo row). The question holds
its own decomposition: the description is a relative clause after a noun ("the site with
...", "the hospital that lets ...", "the country where ..."), and what is asked of the
described thing is the rest of the question. So the description is asked on its own
("Which site has a freezer chamber?"), the thing it resolves to is read off its best
candidates (the cell under the column the question names, "the country of the depot that
opens at 05:00" -> the Country cell "Ireland"; or a name holding the noun, "Dublin depot";
or the name the sentence adds, "Venlo"), and the question is asked again with that name in
place of the description ("What's the phone number of Venlo?"). The answer must clear the
floor for that question and be about the name (it says it, or its document's title does:
"Sick Pay: Ireland"); the bridge must say something of the description besides its noun.
The answer cites both: the line that resolves the description and the line that answers.
Tried first, the chain must read a table (a directory, a rate table); two sentences are
left to the bridge hop (hops.py) and offered here last, under the floor. A table row that
answers a description nothing cited resolves is a guess (`guessed_row`): it is refused.
A person may be described with "who" or no noun ("whoever approves ...", "someone who signs
..."); a resolved name nothing answers about may key another table's row, as a row the
question names does in the value bridge ("the person who signs contracts" -> the Chief
Commercial Officer -> grade G8 -> the notice for G8: key_bridge.py).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wikiqa.answerers.features import QuestionInfo, analyse, key_set, keys, question_entities
from wikiqa.answerers.hops import HOP_K, PREFIX, bridge_entities, whole_hit
from wikiqa.answerers.key_bridge import is_key, keyed_by, value_hop
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.answerers.ranges import holds_numbers
from wikiqa.answerers.record_keys import line_bounds, line_term
from wikiqa.answerers.rows import column_keys, named_cells, question_numbers
from wikiqa.text.clock import clock_values
from wikiqa.text.records import record_key
from wikiqa.text.sentences import cached_sentences
from wikiqa.text.tables import cells, table_rows
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document, Hit

BRIDGES = 3  # top candidates of the description's retrieval tried as what it resolves to
PINNED_BRIDGES = 2  # lower-ranked lines tried too when they say the clause's names or numbers
ANSWERS = 3  # top candidates of the substituted question looked at for the answer

# "the [only] site with ...", "the hospital that lets ...", "the country of the depot that
# opens ...": an optional attribute ("the country of": one noun after "the"; "the phone
# number of" is what is asked, not a bridge), the described noun with at most one word
# before it, a relative word, and the clause up to the end of the sentence (a comma before
# a capitalised word is a name's: "East Lempster, New Hampshire").
_PREP = r"(?:in|on|at|from|for|by|to|under|of|with)"
_DESCRIBED = re.compile(
    rf"\b(?:the\s+(?P<attr>[a-z][\w'’-]*)\s+of\s+)?(?P<noun>the\s+(?:[\w'’-]+\s+)?(?P<head>(?!{_PREP}\b)[a-z][\w'’-]*)"
    rf"\s+(?P<rel>that|which|who|where|with|whose|{_PREP}\s+which)\s+"
    r"(?P<clause>(?:[^?;,]|,(?=\s*(?-i:[A-Z])))*\w))",
    re.I,
)
# "Where is the company that X worked for headquartered?": when the description is the
# subject of "is / was", a participle closing the question is the main verb's, not the
# clause's (unless the clause has its own "is": "the city where X is located").
_SUBJECT_OF = re.compile(r"\b(?:is|was|are|were)\s+$", re.I)
# "How much notice does the person who signs contracts need?": after an auxiliary the
# description is the subject, and the question's closing verb is the main verb's.
_AUXILIARY = re.compile(r"\b(?:do|does|did|can|could|must|should|will|would|may|might)\s+$", re.I)
_LAST_WORD = re.compile(r"\s+[a-z][\w'’-]*$")
# "Does the depot that runs the 72 have a canteen?": the main verb after the auxiliary is
# bare, and when the clause opens with its own verb ("runs") a bare verb a question asks
# with ("have", "get", "offer", ...) later in it opens the main predicate, which runs on
# to the end ("have a canteen"), not only its last word.
_MAIN_VERB = re.compile(
    r"^\w+s\b.*?(?P<main>\s+(?:have|get|need|offer|provide|allow|give|pay|take|use|keep"
    r"|open|close|shut|serve|sell|charge|require|include|cover|accept)\b.*)$",
    re.I,
)
_PARTICIPLE = re.compile(
    r"(?<!\bis)(?<!\bwas)(?<!\bare)(?<!\bwere)(?<!\bbe)(?<!\bbeen)"  # "where X is located"
    r"\s+(?:\w+ed|born|built|written|made|held|known|sold|shown|given|taken)$",
    re.I,
)


@dataclass(frozen=True)
class Description:
    """Where a question describes the thing it asks about."""

    start: int  # the span replaced by the name it resolves to ("country of the depot ...")
    noun: int  # where "the depot that ..." starts
    end: int
    attr: str  # "country" of "the country of the depot that ..." ("" when none)
    head: str  # the described noun: "depot"
    clause: str  # "opens at 05:00"
    phrase: str  # "the only site with a freezer chamber", as the question words it

    def question(self) -> str:
        """The description asked on its own, with the attribute asked of it: "Which is the
        country of the depot that opens at 05:00?"."""
        return (
            f"Which is the {self.attr} of {self.phrase}?"
            if self.attr
            else f"Which is {self.phrase}?"
        )


# "whoever approves ...", "someone who signs ...": a person described with no noun of its own
_WHOEVER = re.compile(
    r"\b(?P<noun>(?P<head>whoever|(?:someone|somebody|anyone|anybody)\s+who))\s+"
    r"(?P<clause>(?:[^?;,]|,(?=\s*(?-i:[A-Z])))*\w)",
    re.I,
)


# "the depot the midibuses are based at", "the office Marcus Reed runs", "the grade a
# senior technician is on": a clause with no relative word (a contact clause), opening with
# its own subject (a determiner and up to two words, or a name; not "I") and its verb (a
# form of be or have, or a word ending in -s or -ed), and ending on that verb or on a
# stranded preposition ("based at", "is on"), which is what marks it as a clause about the
# noun ("the notice the company gives me" asks about the notice itself).
_CONTACT = re.compile(
    rf"\b(?P<attr>)(?P<noun>the\s+(?:[\w'’-]+\s+)?(?P<head>(?!{_PREP}\b|that\b|which\b"
    r"|who\b|where\b|whose\b)[a-z][\w'’-]*))\s+(?P<rel>)"
    r"(?P<clause>(?:(?:the|a|an|my|our|your|their)\s+[a-z0-9][\w'’-]*(?:\s+[a-z][\w'’-]*)?"
    r"|(?-i:[A-Z])(?-i:[a-z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)*)"
    rf"\s+(?:(?:is|are|was|were|has|have|[a-z]+s|[a-z]+ed)(?:\s+[a-z]+ed)?(?:\s+{_PREP})?"
    rf"|[a-z]+(?:\s+[a-z]+)?\s+{_PREP}))(?=\s*[?.!]|\s*$)",
)


def description(question: str) -> Description | None:
    """The description in `question`, if it has one whose clause says something."""
    m = next((m for m in _DESCRIBED.finditer(question) if keys(m.group("head"))), None)
    if m is None and (w := _WHOEVER.search(question)) is not None:
        return _described_person(question, w)
    if m is None:
        m = next((m for m in _CONTACT.finditer(question) if keys(m.group("head"))), None)
    if m is None or not set(keys(m.group("clause"))) - set(keys(m.group("head"))):
        return None  # (a function word is no noun: "the banks of which river")
    if " " in m.group("rel") and len(m.group("clause").split()) < 2:
        return None  # a preposition and "which" before one word asks: "in which city?"
    clause, end = m.group("clause"), m.end()
    before = question[: m.start()]
    cut = None  # where the main verb's words start in the clause
    if _SUBJECT_OF.search(before) and (tail := _PARTICIPLE.search(clause)):
        cut = tail.start()
    if _AUXILIARY.search(before):  # "does the person who signs contracts need?"
        main = _MAIN_VERB.search(clause)  # "does the depot that runs the 72 have a canteen?"
        tail = _LAST_WORD.search(clause)
        cut = main.start("main") if main else tail.start() if tail else None
    if cut is not None and keys(clause[:cut]):
        clause, end = clause[:cut], end - (len(clause) - cut)
    return Description(
        m.start(), m.start("noun"), end, m.group("attr") or "", m.group("head"), clause,
        question[m.start("noun") : end],
    )  # fmt: skip


def _described_person(question: str, m: re.Match[str]) -> Description | None:
    """The description "whoever <clause>" read as "the person who <clause>"."""
    clause, end = m.group("clause"), m.end()
    if _AUXILIARY.search(question[: m.start()]) and (tail := _LAST_WORD.search(clause)):
        clause, end = clause[: tail.start()], end - len(tail.group(0))
    if not keys(clause):
        return None
    return Description(m.start(), m.start(), end, "", "person", clause, f"the person who {clause}")


def _prefixes(text: str) -> frozenset[str]:
    return frozenset(k[:PREFIX] for k in key_set(text))


def holds_description(d: Description, c: Candidate) -> bool:
    """Does `c` (read with its header, heading and title) say what the description pins
    down (every name and number of its clause, a number in digits or words: "05:00",
    "three visitors") and something of it besides its noun? A line that only names a depot
    resolves no "depot that opens at 05:00"."""
    said = _prefixes(f"{c.text} {c.context} {c.doc.title}")
    wanted = _prefixes(d.clause) - _prefixes(d.head)
    words = re.sub(r"\d[\d,.:]*", " ", d.clause)  # numbers are compared as numbers below
    pinned = {k[:PREFIX] for k in question_entities(words)}
    numbers = set(question_numbers(d.clause))
    return (
        bool(wanted & said)
        and pinned <= said
        and holds_numbers(numbers, c.text)  # said, or in a range it states ("70 to 79")
        and clock_values(d.clause) <= clock_values(c.text)
    )


def _holding(noun: str, names: list[str]) -> str | None:
    """The first of `names` that holds the noun ("Dublin depot (Ballycoolin)" for depot)."""
    want = _prefixes(noun)
    return next((n for n in names if _prefixes(n) & want), None)


def resolved_names(
    d: Description, c: Candidate, qset: frozenset[str], kinds: frozenset[str] = frozenset()
) -> list[tuple[str, bool]]:
    """What the description resolves to in `c`, best first, each flagged True when it
    answers the attribute too (the cell under the column "country" names): for a table
    row, the cell under the column the attribute or the noun names, else a cell or its
    document's title name holding the noun, else its key (first) cell; for a sentence (as
    read: with the sentence it continues, `continued`), a name it adds holding the noun, or
    one of `kinds` (names a table read keys as the noun's kind: "Fenwick Park" under
    "Campus", see `noun_keys`), else the first name it adds."""
    titled = bridge_entities(c.doc.title, set(qset))
    out: list[tuple[str, bool]] = []
    if c.header is not None:
        values, columns = cells(c.span.text), cells(c.header.text)
        for noun, whole in ((d.attr, True), (d.head, False)):
            want = _prefixes(noun) if noun else frozenset()
            for i, col in enumerate(columns):
                if want and i < len(values) and {k[:PREFIX] for k in column_keys(col)} & want:
                    out.append((values[i], whole))
        # the cell under the column the clause's verb names ("who approves ..." and
        # "Expense approver"), outside the cells the clause itself names
        said = _prefixes(d.clause)
        for i, col in enumerate(columns):
            if (
                i < len(values)
                and {k[:PREFIX] for k in column_keys(col)} & said
                and not _prefixes(values[i]) <= said
            ):
                out.append((values[i], False))
        held = _holding(d.head, [*values, *titled])
        if held:
            out.append((held, False))
        if values and is_key(values[0], qset):
            out.append((values[0], False))
    else:
        added = sentence_names(c.text, qset)
        term = [t] if (t := line_term(c)) and is_key(t, qset) else []
        held = (
            _before_noun(d.head, c.text, added)
            or _holding(d.head, [*term, *added, *titled])
            or next((n for n in [*term, *added] if n.lower() in kinds), None)
        )
        # the name a table keys things of the noun's kind by, inside the line's term
        # ("Fellside" of "Fellside Outstation", a row of "| Depot | ... |")
        out += [(k, False) for k in _kind_keys_in(term, kinds)]
        out += [(n, False) for n in ([held] if held else []) + (added or term)[:1]]
    first: dict[str, bool] = {}  # each name once, where it first comes
    for n, w in out:
        if n.strip() and is_key(n, qset):
            first.setdefault(n, w)
    return list(first.items())


def with_term(c: Candidate, name: str) -> Candidate:
    """`c` citing first the sentence that opens its line with the term it was resolved to
    ("Fellside Outstation: Station Yard, Fellside BW14 3FS." before "Runs the rural routes
    70 to 79."), as a sentence referring back cites the one it refers to; `c` itself when
    it says the name, already leads with a line, or its line defines no such term."""
    term = line_term(c)
    if (
        c.lead is not None
        or term is None
        or keyed_by(name, c)
        or not key_set(name) <= key_set(term)
    ):
        return c
    start = line_bounds(c)[0]
    opening = next((sp for sp in cached_sentences(c.doc.text) if sp.start == start), None)
    if opening is None or opening.end > c.span.start:
        return c
    return dataclasses.replace(c, lead=opening, refers=True)


def _kind_keys_in(names: list[str], kinds: frozenset[str]) -> list[str]:
    """The keys a table knows things of the described noun's kind by (`noun_keys`) that one
    of `names` opens with, in the table's own words ("Fellside" in "Fellside Outstation")."""
    out: list[str] = []
    for name in names:
        words = name.split()
        for n in range(len(words) - 1, 0, -1):  # the longest such opening
            if " ".join(words[:n]).lower() in kinds:
                out.append(" ".join(words[:n]))
                break
    return out


def _keyed(c: Candidate) -> bool:
    """Is `c` a sentence read under its record's key (text/records.py)?"""
    return c.lead is not None and c.lead == record_key(c.doc.text, c.span.start, c.span.end)


def _bridge(d: Description, line: Candidate) -> Candidate | None:
    """`line` when it says the description, else read with its neighbour (`continued`); a
    sentence read under its record's key first with the sentence before it, which says the
    key and may name what the key leaves out ("Fellside Outstation: Station Yard, Fellside."
    before "Runs the rural routes 70 to 79."), as it was read before keys existed."""
    if _keyed(line) and (joined := continued(d, line)) is not None:
        return joined
    return line if holds_description(d, line) else continued(d, line)


def continued(d: Description, c: Candidate) -> Candidate | None:
    """`c`, a sentence, read with the sentence before or after it on the same line (a list
    item or a paragraph's run: "the Little Oaks Nursery at Fenwick Park takes children ...
    Staff pay 15% less than the public rate") when only the two together say what the
    description pins down; the later sentence, citing the earlier one first (as a sentence
    referring back does, text/refers.py). None for a table row, or when that does not
    resolve it."""
    from wikiqa.answerers.extractive import Candidate  # (imports this module)

    text = c.doc.text
    if c.header is not None or (c.lead is not None and not _keyed(c)):
        return None  # a record's key (text/records.py) is no sentence read before it
    spans = cached_sentences(text)
    at = next((i for i, sp in enumerate(spans) if sp.start == c.span.start), None)
    if at is None:
        return None
    for i in (at - 1, at):
        if i < 0 or i + 1 >= len(spans) or "\n" in text[spans[i].end : spans[i + 1].start]:
            continue
        a, b = spans[i], spans[i + 1]
        joined = Candidate(
            c.doc, b, list(keys(f"{a.text} {b.text}")), c.passage_rank, c.retrieval,
            context=c.context, lead=a, refers=True, reading=f"{a.text} {b.text}",
        )  # fmt: skip
        if holds_description(d, joined):
            return joined
    return None


def noun_keys(noun: str, docs: list[Document]) -> frozenset[str]:
    """The key cells (lower-cased) of the tables read whose key column is headed by the
    described noun ("Fenwick Park" under "| Campus | Parking for staff |" for "the campus
    where ..."): names a table knows as things of that kind."""
    want = _prefixes(noun)
    out = set()
    for doc in docs:
        for row in table_rows(doc.text):
            head, values = cells(row.header.text), cells(row.row.text)
            if head and values and _prefixes(head[0]) & want:
                out.add(values[0].strip().lower())
    return frozenset(out)


def _before_noun(noun: str, sentence: str, names: list[str]) -> str | None:
    """The first of `names` the sentence writes right before the described noun ("The Mill
    Yard building has the only rooftop garden" for "the building with a rooftop garden"):
    the name of the thing described, before a document title that merely holds the noun."""
    want = _prefixes(noun)
    for n in names:
        m = re.search(rf"(?<!\w){re.escape(n)}\s+([\w'’-]+)", sentence)
        if m and _prefixes(m.group(1)) & want:
            return n
    return None


_OPENING = re.compile(r"^\s*(?:The|A|An)\s+([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)")


def sentence_names(sentence: str, qset: frozenset[str]) -> list[str]:
    """The names a sentence adds (hops.bridge_entities), with the one after an opening
    article ("The Venlo distribution centre has ..."), which that leaves out as it would a
    capitalised first word; a single letter ("°C") is no name."""
    names = bridge_entities(sentence, set(qset))
    m = _OPENING.match(sentence)
    if m and not key_set(m.group(1)) <= qset and m.group(1) not in names:
        names.insert(0, m.group(1))
    return [n for n in names if len(n.strip()) > 1]


def about(name: str, c: Candidate) -> bool:
    """Is `c` about `name`: keyed by it (a row naming it, a sentence saying it), or in the
    document whose title says every word of it ("Sick Pay: Ireland")?"""
    own = key_set(name)
    return keyed_by(name, c) or (bool(own) and own <= key_set(c.doc.title))


def asked_of(question: str, d: Description, name: str, whole: bool) -> str:
    """The question with the description replaced by `name` (and the attribute's "country
    of" too when the name answers it): "What's the phone number of Venlo?"."""
    start = d.start if whole else d.noun  # else keep "country of", replace "the depot ..."
    return f"{question[:start]}{name}{question[d.end :]}"


def guessed_row(question: str, chosen: list[Candidate]) -> bool:
    """Is an answer (no chain through the description found) a table row the question names
    only by a description that nothing cited says ("How much is a parking permit at the
    building with a rooftop garden?" and "| Mill Yard | £30 |")? A row answers for its key;
    picked for a description no line resolves to that key, it is a guess."""
    d = description(question)
    if d is None or not any(c.header is not None for c in chosen):
        return False
    qset, numbers = frozenset(keys(question)), question_numbers(question)
    return not any(holds_description(d, c) for c in chosen) and not any(
        # a row the question names itself ("Under 5 years" for "someone who has been here
        # three years") is no guess
        c.header is not None and named_cells(c.span.text, qset, numbers)
        for c in chosen
    )


def pins(d: Description) -> bool:
    """Does the clause pin its thing down by a name, a number or a clock time ("runs the
    72", "opens at 05:00"), which few lines say?"""
    words = re.sub(r"\d[\d,.:]*", " ", d.clause)
    return bool(question_entities(words) or question_numbers(d.clause) or clock_values(d.clause))


def _lower_lines(
    d: Description, ranked: list[Candidate], qset: frozenset[str], kinds: frozenset[str]
) -> list[tuple[Candidate, list[tuple[str, bool]]]]:
    """Lines below the top BRIDGES tried too when the clause pins its thing down (`pins`):
    ones that say all it pins and resolve it to a key a table read knows things of the
    noun's kind by, or are rows ("Runs the rural routes 70 to 79." for "the depot that runs
    the 72", resolved to "Fellside" of the canteens table: a short line the ranker puts
    below longer ones saying "depot"), PINNED_BRIDGES at most, with those names. Where no
    table keys the noun's kind (an encyclopedia's prose) none is tried."""
    if not pins(d):
        return []
    out: list[tuple[Candidate, list[tuple[str, bool]]]] = []
    for c in ranked[BRIDGES:]:
        if len(out) == PINNED_BRIDGES:
            break
        if holds_description(d, c):
            names = resolved_names(d, c, qset, kinds)
            keyed = [(n, w) for n, w in names if c.header is not None or n.lower() in kinds]
            if keyed:
                out.append((c, keyed))
    return out


def _resolutions(
    d: Description, ranked: list[Candidate], qset: frozenset[str], docs: dict[str, Document]
) -> list[tuple[bool, int, Candidate, str, bool]]:
    """(not whole, rank, bridge line, name, whole) for each name the description resolves
    to in the top BRIDGES lines and the lower lines `_lower_lines` adds, best first."""
    kinds = noun_keys(d.head, list(docs.values()))
    top = [
        (bridge, resolved_names(d, bridge, qset, kinds))
        for line in ranked[:BRIDGES]
        if (bridge := _bridge(d, line))
    ]
    lines = [*top, *_lower_lines(d, ranked, qset, kinds)]
    return sorted(
        (
            (not whole, n, bridge, name, whole)
            for n, (bridge, names) in enumerate(lines)
            for name, whole in names
        ),
        key=lambda x: x[:2],
    )


def _joined(hits: list[Hit], earlier: list[Hit]) -> list[Hit]:
    """`hits`, then the documents of `earlier` hits not among them: the whole question was
    searched with both the description and what it asks, so its documents may hold either."""
    seen = {h.doc_id for h in hits}
    return [*hits, *(h for h in earlier if h.doc_id not in seen)]


def asked_said(q2: QuestionInfo, name: str, c: Candidate) -> set[str]:
    """What `c` says of what is asked of the name: the prefixes of the substituted
    question's words besides the name's that it says ("switchboard" in the row read with
    its header)."""
    asked = {k[:PREFIX] for k in q2.terms} - _prefixes(name)
    return asked & _prefixes(c.text)


def says_asked(q2: QuestionInfo, name: str, c: Candidate) -> bool:
    """Does `c` say something of what is asked of the name? A line that only names the
    thing ("This policy covers staff at the Dublin depot") answers nothing."""
    return bool(asked_said(q2, name, c))


async def described_hop(at: HopInput, prose: bool = False) -> list[Candidate] | None:
    """[line resolving the description, answer] for a question that describes what it asks
    about, else None (see the module docstring). The description is assessed over its own
    retrieval and the first hop's documents (the whole question was searched with it).
    Unless `prose`, the chain must read a table (the resolving line or the answer is a
    row): a chain of two sentences is the bridge hop's (hops.py), which weighs prose
    further, and the answerer offers it here only when nothing else answers."""
    answerer, q, first, docs, reader, skipped = at.parts()
    from wikiqa.answerers.extractive import fits_question  # (imports this module)

    d = description(q.text)
    if d is None:
        return None
    asked = d.question()
    hits = await search_or_nothing(reader, asked, HOP_K)
    docs.update(await answerer._fetch([h for h in hits if h.doc_id not in docs], reader))
    earlier = list({c.doc.doc_id: whole_hit(c.doc) for c in first.ranked}.values())
    resolving = await run_cpu(
        answerer.assess, analyse(asked), _joined(hits, earlier), docs, skipped
    )
    if resolving is None:
        return None
    # a row the description names in other words ("a freezer chamber" and "| Chilled and
    # frozen chambers | ... |", meant_keys.py) is the description restated, not what it
    # resolves to: its key is read as said
    qset = frozenset(q.terms) | frozenset(k for *_, ks in resolving.question.meant for k in ks)
    named = _resolutions(d, resolving.ranked, qset, docs)
    tried: set[str] = set()
    for *_, bridge, name, whole in named:
        text = asked_of(q.text, d, name, whole)
        if text in tried:
            continue
        tried.add(text)
        found = await search_or_nothing(reader, text, HOP_K)
        if not found:
            continue
        docs.update(await answerer._fetch([h for h in found if h.doc_id not in docs], reader))
        q2 = analyse(text)
        evidence = await run_cpu(answerer.assess, q2, _joined(found, earlier), docs, skipped)
        if evidence is None:
            continue
        q2set = set(q2.terms)
        fit = [
            c
            for c in evidence.ranked[:ANSWERS]
            if evidence.score >= answerer.floor
            if c.at != bridge.at
            and (prose or bridge.header is not None or c.header is not None)
            and about(name, c)
            and says_asked(q2, name, c)
            and fits_question(q2, q2set, c)
        ]
        # the one saying most of what is asked ("Its county seat is Newport" over "Sullivan
        # County is a county located in ..."), the better ranked of equals
        best = max(fit, key=lambda c: len(asked_said(q2, name, c)), default=None)
        if best is not None:
            bridge = with_term(bridge, name)
            bridge.part, best.part = f"which {d.head}: {name}", text
            return [bridge, best]
        # the name keys another table's row, which keys the answer: "the person who signs
        # contracts" -> Chief Commercial Officer -> grade G8 -> the notice for G8
        keyed = await value_hop(dataclasses.replace(at, q=q2, first=evidence))
        if keyed is not None and bridge.doc.doc_id not in {c.doc.doc_id for c in keyed[1:]}:
            bridge = with_term(bridge, name)
            bridge.part = f"which {d.head}: {name}"
            return [bridge, *keyed]
    return None
