"""Documents whose own words put the asker out of their scope.

A handbook often says in a policy that a kind of reader is not under it: "Seasonal and
casual workers have their own terms (see Seasonal and Casual Workers).", "Hourly-paid staff
are not covered by this policy", "Tram drivers follow Tram Driver Duties and Breaks
instead.", "agency workers are covered by the Agency Workers page". For an asker of that
kind (by the roles they ask with) the policy is the
plausible wrong neighbour: its rule is someone else's. `excluded_readers` reads those
sentences once per document; `excludes` says whether they name this asker; `in_scope`
drops such documents from the hits an answer may be drawn from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.neighbours import (
    GENERIC_AUDIENCE,
    OPENING_CHARS,
    audience,
    forms,
    names_asker,
    without_front_matter,
)
from wikiqa.answerers.own_matter import (
    OWN_MATTER,
    followed_matter,
    followed_title,
    handed_own,
    kind_guides,
)
from wikiqa.answerers.parts import PART_SLACK
from wikiqa.answerers.site_place import (
    ARTICLES,
    common_nouns,
    names_own_page,
    people_plural,
    site_in_place,
)
from wikiqa.text.memo import memo_by_chars, text_weight
from wikiqa.text.months import MONTHS, WEEKDAYS
from wikiqa.types import Document, Hit, Principal

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

# Clause openings of the forms a document uses to set a kind of reader outside its scope.
# `who` is the clause's subject, read only up to its verb; a title after "covered by" must
# be capitalised ("covered by the Bank Workers' Guide"), or be the readers' own terms.
_OWN = r"(?:terms|polic(?:y|ies)|rules|arrangements|guide|handbook|contracts?|scheme)"
_DOC = r"(?:policy|page|guide|procedure|document|scheme|handbook)"
_OUT = (
    re.compile(rf"^(?P<who>[^,]+?)\s+(?:are|is)\s+not\s+covered\s+by\s+this\s+{_DOC}\b", re.I),
    re.compile(
        rf"^(?P<who>[^,]+?)\s+(?:are|is|have|has|get|follow)\b[^.;:]*?\btheir\s+own\s+{_OWN}\b",
        re.I,
    ),
    re.compile(r"^(?P<who>[^,]+?)\s+follows?\s+[A-Z][^.;:]*?\s+instead\b"),
    re.compile(
        r"^(?P<who>[^,]+?)\s+(?:are|is)\s+covered\s+by\s+(?:(?:the\s+)?[A-Z]|their\s+\w+'s\s+terms)"
    ),
    re.compile(r"^(?P<who>[^,]+?)\s+should\s+(?:read|follow|use|see)\b[^.;:]*?\binstead\b", re.I),
    re.compile(
        rf"^(?:This|These|It|They)\s+(?:{_DOC}\s+|{_OWN}\s+)?(?:does|do)\s+not\s+apply\s+to\s+"
        r"(?P<who>[^,.;:()]+)"
    ),
)
# Readers at a named place set outside a document by a line of its own, also without
# "instead": "Staff in England follow Bank Holidays (England and Wales).", "Staff in the
# Scotland region have their own public holidays: see Public Holidays (Scotland)." (any
# thing of their own, not only terms or policies: the place's sibling holds it).
_PLACE_OUT = (
    re.compile(r"^(?P<who>[^,]+?)\s+(?:should\s+)?(?:read|follow|use)s?\s+(?:the\s+)?\*?[A-Z]"),
    re.compile(r"^(?P<who>[^,]+?)\s+(?:are|is|have|has|get)\b[^.;:]*?\btheir\s+own\b", re.I),
)
_CUE = re.compile(
    r"not covered by this|their own|instead|covered by|not apply|follow|should read", re.I
)
# The readers of a place ("Staff at the Penang Campus", "Staff in the Scotland region",
# "employees based in England"): people, then where they are.
_AT_PLACE = re.compile(
    r"^(?P<people>.+?)\s+(?:(?:based|employed|working|who\s+work)\s+)?(?:at|in|on)\s+"
    r"(?P<place>(?:the\s+)?[A-Z][\w'\u2019-]*(?:\s+(?:and\s+)?[A-Z][\w'\u2019-]*)*"
    r"(?:\s+(?:regions?|campus|sites?|offices?|depots?|area|country|centre|station|yard))?)$"
)  # the whole subject: "Rangers in the Moors region must also follow ..." sets no one out
# the sites a place's readers work at, set out as its readers are (told_region.py)
_SITES = re.compile(
    r"(?:stores|shops|branches|sites|depots|offices|hotels|restaurants|schools|campuses|"
    r"stations|garages|warehouses|yards)$",
    re.I,
)
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_CLAUSE = re.compile(r"(?<=[;:])\s+")
_MIN_TITLE = 8  # a title this short could be said by any sentence
_LEAD = frozenset({"all", "any", "our", "the", "some", "most", "other"})
_JOIN = re.compile(r",\s*|\s+(?:and|or)\s+", re.I)
_PERSON = re.compile(r"(?:or|er|ee|ist|ian|ant|ive|(?<!m)ent)s?$")
# Heads that name no kind of reader of their own: "Hourly-paid staff" is a kind of reader
# by its qualifier alone.
_GENERIC_HEADS = frozenset({"staff", "people", "personnel", "colleague", "worker", "employee"})
_MAX_WORDS = 8  # a subject longer than this is a sentence, not a kind of reader
# A clause longer than this is no scope statement (its subject is at most _MAX_WORDS words),
# and the patterns' lazy runs cost the square of a clause's length: a hostile document's
# one endless line must not stall the answerer.
MAX_CLAUSE = 400
HANDED = True  # a sentence sending the asker's kind to a document by title (trap65)
OWN_TERMS_IN = True  # "Apprentices have their own probation terms in the Apprentice Handbook."


def person_word(word: str) -> bool:
    """Does the word name a kind of person ("staff", "contractors", "operatives")?"""
    w = word.lower()
    return (
        w in _GENERIC_HEADS or w in {"staff", "people"} or (len(w) > 3 and bool(_PERSON.search(w)))
    )


# Kinds of engagement whose noun shows no person ending ("Apprentices", "Temps"), and the
# plural of a generic head ("Seasonal colleagues"): people only where a sentence hands them
# a thing of their own by a document's title (`_OWN_IN`; trap72).
_KIND_NOUNS = frozenset({"apprentice", "intern", "locum", "temp", "colleague"})


def kind_word(word: str) -> bool:
    """Does the word name a kind of person, its kinds of engagement with no person ending
    and the plural of "colleague" counted (`_KIND_NOUNS`)?"""
    return person_word(word) or bool(forms(word) & _KIND_NOUNS)


def _kinds(
    who: str, person: Callable[[str], bool] = person_word
) -> list[tuple[frozenset[str], str]]:
    """The kinds of reader a subject names, each as (qualifier forms, head form): "Seasonal
    and casual workers" -> ({seasonal}, worker), ({casual}, worker); "Casual drivers and
    Ardlow Coaches staff" -> ({casual}, driver), ({ardlow, coache}, staff). A conjunct
    without a person noun takes the head of the next one that has it."""
    words = who.split()
    if not words or len(words) > _MAX_WORDS:
        return []
    parts = [p.split() for p in _JOIN.split(who) if p.strip()]
    parts = [[w for w in p if w.lower() not in _LEAD] for p in parts]
    out: list[tuple[frozenset[str], str]] = []
    pending: list[list[str]] = []
    for part in parts:
        if not part:
            continue
        last = re.sub(r"[^A-Za-z]", "", part[-1])
        if not person(last):
            pending.append(part)
            continue
        head = next(iter(forms(last)), "")
        for p in [*pending, part[:-1]] if len(part) > 1 else [*pending, []]:
            out.append((forms(" ".join(p)), head))
        pending = []
    return out if not pending else []


@memo_by_chars(4_000_000, text_weight)
def excluded_readers(text: str) -> tuple[tuple[frozenset[str], str, str], ...]:
    """The kinds of reader a document's text sets outside its scope (see the module), each
    as (qualifier forms, head form, the sentence that says so: it may name their document)."""
    out: list[tuple[frozenset[str], str, str]] = []
    for sentence, clause in _cued_clauses(text):
        for pattern in _OUT:
            m = pattern.match(clause)
            if m is not None:
                if _AT_PLACE.match(m.group("who")) is None:  # a place's readers: places
                    out.extend((q, h, sentence) for q, h in _kinds(m.group("who")))
                break
    return tuple(out)


def _cued_clauses(text: str) -> Iterator[tuple[str, str]]:
    """Each short clause of a sentence of `text` that says a cue of exclusion, with its
    sentence: where both kinds of exclusion, by kind of reader and by place, are read."""
    if not _CUE.search(text):
        return
    for sentence in SENTENCE.split(text):
        if not _CUE.search(sentence):
            continue
        for clause in _CLAUSE.split(sentence):
            clause = clause.strip().lstrip("-*# ").strip()
            if len(clause) <= MAX_CLAUSE:
                yield sentence, clause


@memo_by_chars(4_000_000, text_weight)
def excluded_places(text: str) -> tuple[tuple[frozenset[str], str], ...]:
    """The places whose readers a document's text sets outside its scope in a line of its
    own, each as (the word forms of the place's capitalised names, the sentence that says
    so: it may name their document): "Staff at the Penang Campus should read *Annual Leave
    (Penang Campus)* instead." -> ({penang, campu}, ...), "Staff in England follow Bank
    Holidays (England and Wales)." -> ({england}, ...). The readers must be people ("Staff",
    "Employees", "Drivers") or the sites they work at ("Stores in Scotland follow Trading
    Hours in Scotland.": a site's staff keep its rule), the place named ("in the Scotland
    region": Scotland)."""
    out: list[tuple[frozenset[str], str]] = []
    for sentence, clause in _cued_clauses(text):
        for pattern in (*_OUT, *_PLACE_OUT):
            m = pattern.match(clause)
            if m is None:
                continue
            at = _AT_PLACE.match(m.group("who").strip())
            people = re.sub(r"[^A-Za-z]", "", at.group("people").split()[-1]) if at else ""
            site = not (person_word(people) or people_plural(people) or _SITES.match(people))
            if site:  # "Colleagues at The Calpe Picturehouse in Gibraltar" (site_place.py)
                at = site_in_place(m.group("who")) or at
            if at is None or len(m.group("who").split()) > _MAX_WORDS:
                continue
            people = re.sub(r"[^A-Za-z]", "", at.group("people").split()[-1])
            names = forms(" ".join(_NAME.findall(at.group("place")))) - _CALENDAR - ARTICLES
            plural = not (person_word(people) or _SITES.match(people)) and people_plural(people)
            if (site or plural) and not names_own_page(sentence, m.group("who"), names):
                break  # read so only when the place's own page is named (site_place.py)
            if site or plural:  # "Picturehouse" is a kind of site: "our ... picturehouses"
                names -= common_nouns(text)
            if (person_word(people) or plural or _SITES.match(people)) and names:
                out.append((names, sentence))
            break
    return tuple(out)


_ASIDE_TITLE = re.compile(r"\(([^)]*)\)")


def placed_out(
    doc: Document, question: str, principal: Principal | None, located: frozenset[str] = frozenset()
) -> list[str]:
    """The sentences of `doc` that set readers at the asker's place outside its scope: a
    name of the excluded place that the document's own scope and title do not say
    ("Penang", not the "Campus" both campuses' documents say) is said by the question or the
    asker's roles and departments, and no name of the document's own scope or of its
    title's bracketed qualifier is ("... in England like we do in Scotland?" over "Bank
    Holidays (England and Wales)": a question naming a place of each compares them).
    `located`: words the asker says through a place they name (told_region.py)."""
    places = excluded_places(doc.text)
    if not places:
        return []
    said = asker_forms(question, principal) | located
    own = scope_names(doc.text)
    qualifier = forms(" ".join(_NAME.findall(" ".join(_ASIDE_TITLE.findall(doc.title)))))
    if ((own | qualifier) - frozenset(n for names, _ in places for n in names)) & said:
        return []
    shared = own | forms(doc.title)
    return [s for names, s in places if (names - shared) & said]


def _asker_is(qualifier: frozenset[str], head: str, roles: frozenset[str]) -> bool:
    """Is the asker of the kind (qualifier, head)? One of their roles says its qualifier
    ("hourly_paid" for "Hourly-paid staff", "seasonal" for "Seasonal ... workers") and its
    head or a generic one. A question that names the kind ("Do tram drivers get the same
    break as bus drivers?") is about it, not said by one of it: a comparison needs both
    documents (measured: reading the kind off the question lost a held-out two-document
    task, history trap14)."""
    generic = head in _GENERIC_HEADS or head in GENERIC_AUDIENCE
    if qualifier:
        return bool(qualifier & roles) and (head in roles or generic)
    return head in roles


def _title_forms(clause: str) -> frozenset[str]:
    """The lower-cased words of the guide a "follow the <matter> in the <Title>" clause
    names (own_matter.followed_title): a title saying the asker's role ("Agency Night
    Security Guide") is their kind's guide, whatever the clause calls its readers."""
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z]+", followed_title(clause)))


def _follows_own(
    qualifier: frozenset[str], clause: str, roles: frozenset[str], question: str
) -> bool:
    """Does a "<who> follow the <matter> in the <Title>" clause hand the asker their matter:
    the guide's title and the clause's readers say one of the asker's roles, and the
    question asks of the matter ("What break do I get?" of "the breaks")?"""
    matter = followed_matter(clause)
    return (
        bool(matter)
        and bool(_title_forms(clause) & qualifier & roles)
        and bool(key_set(matter) & key_set(question))
    )


def _excluding(doc: Document | None, question: str, principal: Principal | None) -> list[str]:
    """The sentences of `doc` that set the asker outside its scope."""
    if doc is None:
        return []
    kinds = list(excluded_readers(doc.text))
    if OWN_MATTER:  # "Students have their own uniform rules (see their guide)." (own_matter.py)
        kinds += [(q, h, s) for who, s in handed_own(doc.text) for q, h in _kinds(who)]
    if not kinds:
        return []
    roles = audience(principal)
    return [s for q, h, s in kinds if _asker_is(q, h, roles) or _follows_own(q, s, roles, question)]


# A stage of employment a document opens by saying it comes after ("Once probation is
# complete, the notice you must give ... depends on your band"): its rule is not the rule
# for someone still in that stage.
_AFTER_STAGE = re.compile(
    r"\bOnce\s+(?:your\s+|the\s+)?(?P<stage>[a-z]+)(?:\s+period)?\s+"
    r"(?:is|has\s+been|have\s+been)\s+(?:complete|completed|passed|over|finished|ended)\b",
    re.I,
)
# A question that says the stage is behind the asker ("I've passed my probation").
_PAST_STAGE = re.compile(r"\b(?:passed|completed?|finished|after|over|ended|since)\b", re.I)


def opening_text(text: str) -> str:
    """The document's first lines, its front matter and headings left out."""
    body = without_front_matter(text)
    lines = [ln for ln in body.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    return " ".join(lines)[:OPENING_CHARS]


def after_stage(doc: Document | None, question: str) -> bool:
    """Does `doc` open by saying it applies once a stage is over, while the question puts
    the asker in it ("If I hand in my notice while still on probation ...")?"""
    if doc is None:
        return False
    m = _AFTER_STAGE.search(opening_text(doc.text))
    if m is None:
        return False
    stage = next(iter(forms(m.group("stage"))), "")
    said = {w[: len(stage)] for w in forms(question)}  # "probationary" says probation
    return stage in said and not _PAST_STAGE.search(question)


def excludes(doc: Document | None, question: str, principal: Principal | None) -> bool:
    """Does `doc` set the asker outside its scope: their kind of reader (`_asker_is`), or
    the stage of employment the question puts them in (`after_stage`)?"""
    return (
        bool(_excluding(doc, question, principal))
        or after_stage(doc, question)
        or (doc is not None and bool(placed_out(doc, question, principal)))
    )


# A document's opening sentence saying whom it covers ("This policy covers employees on Dutch
# contracts at the Venlo distribution centre.", "This page applies to staff in the Scotland
# region only: Lomond House in Glasgow, Cambuslang Yard and our Scottish sites.", "These rules
# apply to tram drivers on the Green Line ...", "For staff employed at the Penang Campus.").
COVERS = re.compile(
    r"^(?:(?:This|These)\s+(?:\w+\s+)?(?:policy|policies|page|guide|procedure|document|"
    r"section|scheme|rules|terms|arrangements|handbook)\s+(?:covers?|appl(?:y|ies)\s+to)"
    r"|For)\s+(?P<who>[^.]+)"
)
# Whom a scope covers with no name that sets anyone apart ("all Kestrel Lane Logistics
# employees in every country", "everyone employed by ...").
_EVERYONE = re.compile(r"\b(?:all|every|everyone|everybody|anyone|any)\b", re.I)
_NAME = re.compile(r"\b[A-Z][\w'\u2019-]*")
_EMPLOYER = re.compile(
    r"\b(?:by|for|(?:employees|staff|workers)\s+of)\s+(?:the\s+)?(?:[A-Z][\w'\u2019-]*\s*)+"
)
_CALENDAR = frozenset(m.lower() for m in MONTHS + WEEKDAYS)
_FUNCTION = frozenset({"and", "or", "of", "the", "for", "a", "an", "in", "on", "to", "by", "at"})


@memo_by_chars(4_000_000, text_weight)
def scope_names(text: str) -> frozenset[str]:
    """Word forms of the names a document's opening sentence says it covers: the places,
    sites, lines or contracts its rule is for ("UK contracts (Leeds head office and the
    Daventry distribution centre)": uk, leeds, daventry). Empty when the opening states no
    scope, or a scope for everyone ("all ... employees in every country"); the employer a
    scope names ("employed by Calder Rowe Construction") sets no one apart."""
    for sentence in SENTENCE.split(opening_text(text)):
        m = COVERS.match(sentence.strip())
        if m is None or re.search(r"\bsee\b", sentence):
            continue  # "For HR business partners ..., see HR Contacts.": a pointer
        who = m.group("who").split(";")[0]
        if sentence.strip().startswith("For"):
            who = who.split(",")[0]  # "For HR business partners ..., see HR Contacts."
        if len(who) > MAX_CLAUSE or _EVERYONE.search(who):
            return frozenset()
        if not any(person_word(re.sub(r"[^A-Za-z]", "", w)) for w in who.split()[:4]):
            return frozenset()  # "For more details ...": no readers named
        who = _EMPLOYER.sub(" ", who)
        return forms(" ".join(_NAME.findall(who))) - _CALENDAR
    return frozenset()


def asker_forms(question: str, principal: Principal | None) -> frozenset[str]:
    """What the asker says of themselves: the question's words, and their roles and
    departments ("penang": the campus they work at)."""
    said = forms(question)
    if principal is not None:
        said |= frozenset(w for t in [*principal.roles, *principal.departments] for w in forms(t))
    return said


def named_elsewhere(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> list[Hit]:
    """The hits whose document covers places, sites or lines by name, none of which the
    asker says, while a retrieved sibling on the same subject (their titles share a word)
    covers one the asker says: "Sick Pay: United Kingdom" (Leeds, Daventry) for "I've been
    off sick for two months at Venlo" beside "Sick Pay: Netherlands" (the Venlo distribution
    centre). The sibling's scope names the asker's place, so the other office's table is
    not this asker's rule. A document stating no named scope is never one of them."""
    said = asker_forms(question, principal)
    scoped = {h.doc_id: scope_names(d.text) for h in hits if (d := docs.get(h.doc_id))}
    subjects = {h.doc_id: forms(h.title) - _FUNCTION for h in hits}
    # the names that set a document apart from its siblings: "Campus", which the UK
    # campuses' and the Penang campus's openings both say, tells neither apart
    named = {
        i: names
        - frozenset(
            n
            for j, other in scoped.items()
            if j != i and subjects.get(i, frozenset()) & subjects.get(j, frozenset())
            for n in other
        )
        for i, names in scoped.items()
    }
    theirs = [h for h in hits if named.get(h.doc_id, frozenset()) & said]
    if not theirs:
        return []
    return [
        h
        for h in hits
        if named.get(h.doc_id)
        and not named[h.doc_id] & said
        and any(subjects[h.doc_id] & subjects[t.doc_id] for t in theirs)
    ]


def in_scope(
    hits: list[Hit],
    docs: dict[str, Document],
    question: str,
    principal: Principal | None,
    not_theirs: set[str] | None = None,
) -> list[Hit]:
    """The hits whose document does not set the asker outside its scope, by its own words
    (`excludes`) or by covering other places than the one the asker names, which a sibling
    covers (`named_elsewhere`), and whose subject the asker's own guide says is not theirs
    (`disowned`; `not_theirs` is its second half when the caller has read it already, for
    these same hits); all of them when every one is out (nothing retrieved speaks for this
    asker then, and the floor decides)."""
    elsewhere = {h.doc_id for h in named_elsewhere(hits, docs, question, principal)}
    if not_theirs is None:
        not_theirs = disowned(hits, docs, question, principal)[1]
    elsewhere |= not_theirs
    kept = [
        h
        for h in hits
        if h.doc_id not in elsewhere and not excludes(docs.get(h.doc_id), question, principal)
    ]
    return kept or hits


# A sentence whose subject is a kind of reader and that sends them to a document by its
# title, without saying the page is not theirs: "Contractors follow the Contractor Expenses
# guide.", "Agency workers report sickness to their agency as well (see the Agency Workers
# Guide)", "Casual drivers are paid Statutory Sick Pay only (see the Casual Drivers' Guide).",
# "For contractors, see the Contractor Handbook.". The title must be a capitalised name; the
# sentence is read only to name the kind's document (`pointed_for_asker`), never to set the
# page itself aside for them (`in_scope` reads `_OUT` alone).
_HAND = (
    re.compile(r"^(?P<who>[^,():;]+?)\s+follows?\s+(?:the\s+)?[A-Z]"),
    re.compile(
        r"^(?P<who>[^,():;]+?)\s+(?:are|is|have|has|get|gets|do|does|book|books|report|reports"
        r"|accrue|accrues|claim|claims|use|uses|should|must|can)\b[^.]*?[(;:,]\s*see\s+"
        r"(?:the\s+)?[A-Z]"
    ),
    re.compile(r"^For\s+(?P<who>[^,():;]+?),\s+see\s+(?:the\s+)?[A-Z]"),
)
_HAND_CUE = re.compile(r"\bsee\s+(?:the\s+)?[A-Z]|\bfollows?\s+(?:the\s+)?[A-Z]")
# A kind of reader handed their own rule on a matter in a document named by its title,
# without "see": "Apprentices have their own probation terms in the Apprentice Handbook.",
# "Apprentices are paid the apprentice rates in the Apprentice Handbook." (trap72)
_HANDED_IN = re.compile(
    r"^(?P<who>[^,():;]+?)\s+(?:have|has|get|gets|are|is)\b(?P<matter>[^.]*?)\s+"
    r"in\s+(?:the\s+|their\s+)?[A-Z]"
)


@memo_by_chars(4_000_000, text_weight)
def handed_readers(text: str) -> tuple[tuple[frozenset[str], str, str], ...]:
    """The kinds of reader a document's text sends to another document by its title (see
    `_HAND`), each as (qualifier forms, head form, the sentence that says so)."""
    if not _HAND_CUE.search(text):
        return ()
    out: list[tuple[frozenset[str], str, str]] = []
    for sentence in SENTENCE.split(text):
        sentence = sentence.strip().lstrip("-*# ").strip()
        if len(sentence) > MAX_CLAUSE or not _HAND_CUE.search(sentence):
            continue
        for pattern in _HAND:
            m = pattern.match(sentence)
            if m is not None:
                if _AT_PLACE.match(m.group("who")) is None:
                    out.extend((q, h, sentence) for q, h in _kinds(m.group("who")))
                break
    return tuple(out)


@memo_by_chars(4_000_000, text_weight)
def handed_in(text: str) -> tuple[tuple[frozenset[str], str, str, str], ...]:
    """The kinds of reader a document's text hands their own rule "in" a document named by
    its title (`_HANDED_IN`), each as (qualifier forms, head form, the sentence, the words
    between the verb and "in": the matter handed). A kind of engagement whose noun has no
    person ending ("Apprentices") is read as people here (`kind_word`)."""
    if " in " not in text:
        return ()
    out: list[tuple[frozenset[str], str, str, str]] = []
    for sentence in SENTENCE.split(text):
        sentence = sentence.strip().lstrip("-*# ").strip()
        m = _HANDED_IN.match(sentence) if len(sentence) <= MAX_CLAUSE else None
        if m is not None and _AT_PLACE.match(m.group("who")) is None:
            out.extend(
                (q, h, sentence, m.group("matter")) for q, h in _kinds(m.group("who"), kind_word)
            )
    return tuple(out)


# words of a handing sentence that say no matter ("have their own ... terms", "are paid")
_NO_MATTER = frozenset(
    forms("have has get gets are is their own the a an terms rules policy policies arrangements")
)


def _handing(
    doc: Document | None, principal: Principal | None, question: str = "", by: str = "both"
) -> list[str]:
    """The sentences of `doc` that send the asker's kind to another document by its title:
    by "see" or "follow" (`handed_readers`), or their own rule "in" it on a matter the
    question names ("Apprentices have their own probation terms in the Apprentice
    Handbook." for "How often will I have reviews while I'm on probation?": `handed_in`).
    `by`: "see" or "in" for one kind of sentence only."""
    if doc is None or not HANDED:
        return []
    roles = audience(principal)
    asked = forms(question) - _NO_MATTER
    see = [s for q, h, s in handed_readers(doc.text) if _asker_is(q, h, roles)]
    inside = [
        s
        for q, h, s, matter in (handed_in(doc.text) if OWN_TERMS_IN else ())
        if _asker_is(q, h, roles) and forms(matter) - _NO_MATTER - q - {h} & asked
    ]
    return see if by == "see" else inside if by == "in" else see + inside


def pointed_for_asker(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> list[Hit]:
    """The hits a retrieved neighbour names, in the sentence that sets the asker outside its
    own scope, as theirs ("Seasonal and casual workers have their own terms (see Seasonal
    and Casual Workers)."): the document written for this asker, by the neighbour's word."""
    sentences = [
        s.lower() for h in hits for s in _excluding(docs.get(h.doc_id), question, principal)
    ]
    if not sentences:
        return []
    said = titles_said(hits, sentences)
    # "see their guide": the retrieved guide titled for the asker's kind (own_matter.py)
    said += [h for h in kind_guides(hits, sentences, audience(principal)) if h not in said]
    return [h for h in said if not excludes(docs.get(h.doc_id), question, principal)]


def handed_in_only(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> set[str]:
    """The ids of the hits handed to the asker's kind only by a sentence naming them "in"
    (`handed_in`), not by "see" or "follow": such a guide's line answers only when it says
    what was asked (`restated.says_value_asked`), whatever it scores (trap72: "How much
    leave can I carry over ...?" is not answered by the handbook's salary row because
    Annual Leave hands apprentices their leave terms)."""
    inside = {h.doc_id for h in handed_for_asker(hits, docs, question, principal, "in")}
    if not inside:
        return set()
    return inside - {h.doc_id for h in handed_for_asker(hits, docs, question, principal, "see")}


def handed_for_asker(
    hits: list[Hit],
    docs: dict[str, Document],
    question: str,
    principal: Principal | None,
    by: str = "both",
) -> list[Hit]:
    """The hits a retrieved neighbour sends the asker's kind to by title, without setting
    them outside its own scope ("Contractors follow the Contractor Expenses guide.":
    `handed_readers`), when the named document's title names the asker's kind too
    ("Contractor Expenses"), not a page on one matter of theirs ("Care assistants ... must
    finish the Care Certificate within their probation (see Mandatory Training)"). `by`:
    as `_handing`'s."""
    sentences = [
        s.lower() for h in hits for s in _handing(docs.get(h.doc_id), principal, question, by)
    ]
    if not sentences:
        return []
    mine = audience(principal)
    return [
        h
        for h in titles_said(hits, sentences)
        if names_asker(h.title, mine) and not excludes(docs.get(h.doc_id), question, principal)
    ]


def titles_said(hits: list[Hit], sentences: list[str]) -> list[Hit]:
    """The hits whose title one of the lower-cased `sentences` says whole: a document a
    neighbour names as the asker's (no title under `_MIN_TITLE` characters, which any
    sentence could say)."""
    return [
        h
        for h in hits
        if len(h.title.strip()) >= _MIN_TITLE
        and any(h.title.strip().lower() in s for s in sentences)
    ]


def vouched(evidence: Evidence, floor: float) -> bool:
    """May the asker's document, named as theirs by a neighbour that sets them outside its
    own scope, answer under the floor? Within parts.PART_SLACK of it: the neighbour's
    sentence and the asker's roles or words agree on whose rule the document holds, the
    corroboration a compound part gets from the whole question."""
    return evidence.score >= floor - PART_SLACK


# A guide written for the asker's kind of engagement that says its readers are not in, do
# not get, or are not covered by a thing: "Agency workers are not in the Westmarch Water
# Pension Plan (Brightwell Recruitment enrols you in its own scheme), do not get the staff
# water bill discount, ...", "Bank workers are not covered by occupational sick pay.",
# "Westmarch Water does not pay company sick pay to agency workers.".
_DISOWN = re.compile(
    r"\b(?:(?:are|is)\s+not\s+(?:in|on|part\s+of|covered\s+by|eligible\s+for|entitled\s+to|"
    r"open\s+to)|(?:do|does)\s+not\s+(?:get|receive|pay|cover|apply\s+to)|"
    r"(?:receive|get)s?\s+no|there\s+is\s+no)\b",
    re.I,
)
# A question the asker asks of themselves ("Which pension scheme am I in?", "Do I get ...?").
_OF_SELF = re.compile(r"\b(?:I|me|my|we|us|our)\b|\b(?:i'm|i've|i'd|i'll)\b", re.I)
# Words of a title that name a kind of document, not its subject.
_DOC_WORDS = frozenset(
    {"policy", "guide", "guidance", "handbook", "page", "procedure", "rule", "term", "condition"}
)


def _subject(title: str) -> frozenset[str]:
    """The content words of a title ("Staff Water Bill Discount", "Pension")."""
    return forms(title) - _FUNCTION - _DOC_WORDS


def _disowning(doc: Document, mine: frozenset[str]) -> list[str]:
    """The sentences of `doc` that set its readers of the asker's kind (a role word, or
    "you") outside a thing."""
    out = []
    for sentence in SENTENCE.split(without_front_matter(doc.text)):
        if len(sentence) > MAX_CLAUSE or not _DISOWN.search(sentence):
            continue
        if forms(sentence) & mine or re.search(r"\byou\b", sentence, re.I):
            out.append(sentence.strip().lstrip("-*# ").strip())
    return out


def disowned(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> tuple[dict[str, list[str]], set[str]]:
    """The retrieved documents the asker's own guide says are not theirs: (the guides' doc
    ids with their sentences saying so, the neighbours' doc ids). A guide whose title names
    the asker's role as its readers ("Agency Workers" for an agency worker) says in a
    sentence of its readers (their role word, or "you") that they are not in, do not get or
    are not covered by a thing; that sentence says every content word of a retrieved
    neighbour's title ("Pension" in "... not in the Westmarch Water Pension Plan ..."), and
    the asker asks of themselves about that subject, every word of it ("Which pension scheme
    am I in?"; "Who pays my wages?" asks nothing of "Sick Pay"). The mirror of `pointed_for_asker`: there a neighbour says its rule is not the
    asker's, here the asker's own guide says so of the neighbour."""
    guides: dict[str, list[str]] = {}
    neighbours: set[str] = set()
    mine = audience(principal)
    if not mine or not _OF_SELF.search(question):
        return guides, neighbours
    asked = forms(question)
    for guide in hits:
        doc = docs.get(guide.doc_id)
        if doc is None or not names_asker(guide.title, mine):
            continue
        for sentence in _disowning(doc, mine):
            said = forms(sentence)
            out = {
                h.doc_id
                for h in hits
                if h.doc_id != guide.doc_id
                and (subject := _subject(h.title))
                and subject <= said
                and subject <= asked
                and not names_asker(h.title, mine)
            }
            if out:
                neighbours |= out
                guides.setdefault(guide.doc_id, []).append(sentence)
    return guides, neighbours - set(guides)


def says_disowning(text: str, sentences: list[str]) -> bool:
    """Is a candidate's text one of the guide's disowning sentences (or holds one)?"""
    t = " ".join(text.split())
    return any((s := " ".join(x.split())) and (t in s or s in t) for x in sentences)
