"""Choosing the right document among plausible neighbours.

A handbook often holds two documents that answer the same question differently: the
current policy and the superseded one kept in an archive, the policy and a draft proposal
that is not in force, the employees' policy and the contractors' guide. Search ranks them
by wording, which is nearly the same. Two signals tell them apart without reading for one
example:

- status: a document marked as superseded, archived, draft or proposed (in its title, its
  path or its opening lines) answers only questions that ask about that version;
- audience: a document whose title names the asker's role as its readers ("Contractor
  Expenses" for a contractor; not "Academic Workload Model" for an academic: `title_readers`)
  is meant for them;
- ownership: a private document of the asker's own (their relocation agreement, their
  sabbatical approval; the store tells its owner, `Document.owner_user_id`) answers a
  question about something the question calls theirs ("my move to Berlin", "my
  sabbatical"), when it speaks of that, before the general policy it applies.

`prefer_fitting` reorders the hits (stably) so the fitting documents come first, and caps a
demoted hit's score at the lowest kept one, so the ranker's retrieval and prior features see
the order the reader would choose.
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from wikiqa.answerers.base import Reader
from wikiqa.answerers.features import asked_clause, keys
from wikiqa.answerers.headed import section_asked
from wikiqa.answerers.opened_for import opened_for
from wikiqa.answerers.optional import fetch_each, search_or_nothing
from wikiqa.text.memo import memo_by_chars, text_weight
from wikiqa.types import Document, Hit, Principal

# A status word in a title or path ("Travel Policy 2023 (superseded)", "archive/").
_STATUS = re.compile(
    r"\b(superseded|archived?|obsolete|deprecated|withdrawn|draft|proposed|proposal)\b", re.I
)
# What a document's opening lines say when it is not in force (a stricter pattern: body
# text says "archived automatically" or "replaced on request" about other things).
_STATUS_PHRASES = (
    r"\bnot\s+(?:yet\s+)?in\s+force\b|\bno\s+longer\s+(?:applies|in\s+force|current|valid)\b|"
    r"\bkept\s+for\s+reference\b|\bdraft\s+for\s+consultation\b"
)
_STATUS_TEXT = re.compile(
    r"\b(?:this|the)\s+(?:\w+\s+){0,3}(?:was|has\s+been|is|were)\s+(?:replaced|superseded|"
    r"withdrawn|archived)\b|" + _STATUS_PHRASES,
    re.I,
)
# More words that, set apart in a title's remark ("Leave Policy (retired)", "Expenses -
# old version"), say an edition is not the current one; in a name ("Retired Staff
# Association") they say nothing of its status.
_REMARK_STATUS = re.compile(
    r"\b(?:retired|expired|outdated|out\s+of\s+date|legacy|historical|previous|old|former|"
    r"past\s+(?:year|edition|version))\b",
    re.I,
)
# A time the question places itself before a change of the rules ("before this April's pay
# rise", "before the new rates came in"): what applied then is the past edition's.
BEFORE_CHANGE = (
    r"\bbefore\s+(?:the|this|last|that)\s+(?:[\w']+\s+){0,2}?(?:rise|award|increase|uplift|"
    r"change|changes|update|review|new\s+(?:rates?|rules?|policy|bands?|scales?))\b"
)
# Words asking for a past version (a question about the old rules) and for a version to
# come (a draft, a proposal): "roll over into next year" asks for no withdrawn edition.
_ASKS_PAST = re.compile(
    r"\b(old|older|previous|former|earlier|last\s+year's|superseded|archived?|withdrawn|"
    r"used\s+to)\b|" + BEFORE_CHANGE,
    re.I,
)
_ASKS_FUTURE = re.compile(
    r"\b(draft|proposed|proposal|planned|plans?|future|next\s+year|upcoming|new\s+rules?|"
    r"consultation)\b",
    re.I,
)
# The status words of a version to come; the other status words are of a past version.
_FUTURE_STATUS = re.compile(
    r"\b(?:draft|proposed|proposal)\b|\bnot\s+(?:yet\s+)?in\s+force\b", re.I
)
_YEAR = re.compile(r"\b(19|20)\d{2}\b")
# Kinds of engagement a handbook writes separate guides for. A guide titled for one of them
# ("Contractor Time Off", "Bank Worker Handbook") answers only an asker of that kind.
_KIND = r"(?:agency|bank|temporary|casual|seasonal)"
_ENGAGEMENT = re.compile(
    r"\b(?:sub)?contractors?\b|\bfreelancers?\b|\binterns?(?:hips?)?\b|\bvolunteers?\b|"
    r"\bapprentices?(?:hips?)?\b|\blocums?\b|\btemps\b|"
    rf"\b{_KIND}(?:\s*(?:,|\band\b|\bor\b)\s*{_KIND})*\s+(?:workers?|staff)\b|\bagency\s+temps?\b",
    re.I,
)
_JOINING = frozenset({"and", "or"})  # "Seasonal and Casual Workers": seasonal and casual
# A guide titled by a kind of engagement, up to two more words and its people ("Agency
# Drivers' Mates Guide", "Casual Bar Staff Guide", "Christmas Temporary Colleagues' Guide"):
# the kind words (group 1) name its readers (`kind_guide_for_others`, gap73).
_GUIDE_KIND = r"(?:agency|bank|temporary|casual|seasonal|franchise|concession|relief|freelance)"
_KIND_GUIDE = re.compile(
    rf"\b({_GUIDE_KIND}(?:\s*(?:,|\band\b|\bor\b)\s*{_GUIDE_KIND})*)\s+"
    r"(?:[A-Za-z][\w']*\s+){0,2}(?:[A-Za-z]\w*s'?|staff)\s+(?:guide|handbook)\b",
    re.I,
)
KIND_GUIDE = True  # switch: a kind-and-people guide title names its readers (gap73)
# Read so only in a second asking after a refusal (ExtractiveAnswerer._answer_as): set for
# that asking's task, so a question answered as asked keeps the evidence it was decided over.
KIND_GUIDES_ASIDE: ContextVar[bool] = ContextVar("kind_guides_aside", default=False)
OPENING_CHARS = 400  # the opening lines, where a document states that it is not in force
NEIGHBOUR_SHARE = 0.5  # of the top hit's score: an audience document this close may lead
GENERIC_AUDIENCE = frozenset({"employee", "staff", "user", "member"})
# The asker speaking of something of theirs ("my sabbatical", "my move to Berlin"): the
# words right after the possessive say what.
_MY = re.compile(r"\bmy\s+((?:[\w'-]+\s+){0,2}[\w'-]+)", re.I)


def owned_by_asker(doc: Document | None, principal: Principal | None) -> bool:
    """Is `doc` a private document of the asker's own (the store only ever gives a private
    document to its owner; the check is repeated so no other document counts)?"""
    return (
        doc is not None
        and principal is not None
        and principal.user_id is not None
        and doc.owner_user_id == principal.user_id
    )


def my_words(question: str) -> frozenset[str]:
    """Content keys of what the question says is the asker's ("my move to Berlin": move,
    berlin); empty when it names nothing of theirs ("What uplift do I get?")."""
    return frozenset(k for m in _MY.finditer(question) for k in keys(m.group(1)))


TITLE_MATTER = 2  # title words a first-person question names to be about its matter


def about_own(question: str, doc: Document) -> bool:
    """Is `doc` about something the question says is the asker's (a word of "my ..." in its
    title, which says what matter a personal document is about: "my sabbatical" and
    "Sabbatical Approval"), or about the matter of a question that speaks of something of
    theirs ("Who's taking my second-year module while I'm away on research leave?" and
    "Research Leave Approval": two words of its title)? A private document of theirs on
    another matter (a return-to-work plan that mentions shifts and pay, for a question about
    "my pay") is no answer to it; nor is one that never says what the asking sentence calls
    theirs ("I've just started my apprenticeship. How long is my probation?" and an
    apprenticeship agreement that says nothing of probation: the situation names the
    document, the ask names another matter)."""
    mine = my_words(question)
    title = set(keys(doc.title))
    if not mine or not (
        mine & title
        or len(title & set(keys(question))) >= TITLE_MATTER
        or says_yours(question, doc.text)
    ):
        return False
    asked = my_words(asked_clause(question))
    return not asked or bool(asked & (title | set(keys(doc.text))))


YOUR_PHRASE = True  # switch: "my new job" and a private document's "Your new job" (trap72)
_PHRASE_WORDS = 2  # words of "my ..." the document must say after "your": one could be any


def says_yours(question: str, text: str) -> bool:
    """Does the asker's document say to them, in the second person, the very thing the
    question calls theirs, two words or more of it ("What band is my new job on?" and a
    promotion letter's "Your new job is in Band C")? A letter speaks to its owner of what
    is theirs; one word ("my pay", "your pay") is said by many records on other matters."""
    if not YOUR_PHRASE:
        return False
    for m in _MY.finditer(question):
        run: list[str] = []
        for w in m.group(1).split():
            if not keys(w):  # the phrase ends at its first word of no content ("on")
                break
            run.append(w)
        if len(run) >= _PHRASE_WORDS and re.search(
            r"\byour\s+" + r"\s+".join(re.escape(w) for w in run) + r"\b", text, re.I
        ):
            return True
    return False


def _opening(doc: Document | None) -> str:
    """The document's opening lines, where it says what it is ("" when it was not read)."""
    return doc.text[:OPENING_CHARS] if doc is not None else ""


_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)


def without_front_matter(text: str) -> str:
    """The text after its front matter: the access and owner fields are no statement of
    what the document is or whom it is for."""
    return _FRONT_MATTER.sub("", text, count=1)


def _path_words(hit: Hit) -> str:
    """The hit's document id read as words ("archive/leave_2024" -> "archive leave 2024")."""
    return hit.doc_id.replace("_", " ").replace("/", " ").replace("-", " ")


def out_of_force(doc: Document | None, hit: Hit) -> bool:
    """Is the document marked as not the current version (superseded, archived, draft)?"""
    head, path = _opening(doc), _path_words(hit)
    return bool(
        _STATUS.search(hit.title)
        or _STATUS.search(path)
        or _STATUS_TEXT.search(head)
        or _STATUS_LINE.search(head)
        or _REMARK_STATUS.search(_remarks(hit.title))
    )


def read_out_of_force(doc: Document) -> bool:
    """out_of_force for a document already read, with no search hit at hand: its own id and
    title stand for the hit's."""
    return out_of_force(doc, Hit(source=doc.source, doc_id=doc.doc_id, title=doc.title))


# A status set apart from a title's name: in a bracketed remark ("(2024 edition,
# superseded)"), after a dash (" - WITHDRAWN") or in capitals ("DRAFT Hybrid Working").
_TITLE_REMARK = re.compile(r"\(([^()]*)\)|\s[-\u2013\u2014]\s+(.*)$")
_STATUS_CAPS = re.compile(r"\b(?:SUPERSEDED|ARCHIVED?|OBSOLETE|DEPRECATED|WITHDRAWN|DRAFT)\b")
# A line of the opening that starts by saying so ("**Withdrawn on 1 March 2026.**",
# "Superseded from the 2026-27 leave year by ...", "DRAFT. Not in force.", "Status:
# withdrawn"); "Draft budgets are due ..." says nothing of the document.
_STATUS_LINE = re.compile(
    r"^[\W_]*(?:(?:superseded|withdrawn|replaced|archived|retired)\s+(?:on|by|from|in|as\s+of)\b|"
    r"draft\b[\s.:,-]*(?:for\s+consultation\b|not\s+(?:yet\s+)?in\s+force\b|$)|"
    r"not\s+(?:yet\s+)?in\s+force\b|"
    r"status:\s*(?:superseded|withdrawn|archived|draft|retired|expired|obsolete|proposed)\b)",
    re.I | re.M,
)
# The opening speaking of the document itself ("This edition was replaced on ...", "Not in
# force"): "the party was replaced by the Guard" in an encyclopedia is history, not status.
_SELF_STATUS = re.compile(
    r"\bthis\s+(?:\w+\s+){0,3}(?:was|has\s+been|is)\s+(?:replaced|superseded|withdrawn|archived)\b|"
    + _STATUS_PHRASES,
    re.I,
)
_ARCHIVE_FOLDER = re.compile(r"^(?:archived?|superseded|withdrawn|drafts?)$", re.I)


def _remarks(title: str) -> str:
    """What a title says set apart from its name: bracketed, or after a dash."""
    return " ".join(g for m in _TITLE_REMARK.finditer(title) for g in m.groups() if g)


def plainly_out_of_force(doc: Document | None, hit: Hit) -> bool:
    """Is the document marked as not in force where a name cannot say it: a status remark
    set apart in its title, a folder of such documents ("archive/"), or opening lines that
    state it? A status word in a name ("1998 NFL Draft", "Internet Archive") only demotes
    a document (`out_of_force`); this is what `in_force` drops a document for."""
    head = without_front_matter(_opening(doc))
    remarks = _remarks(hit.title)
    folders = hit.doc_id.split("/")[:-1]
    return bool(
        _STATUS.search(remarks)
        or _REMARK_STATUS.search(remarks)
        or _STATUS_CAPS.search(hit.title)
        or any(_ARCHIVE_FOLDER.match(f) for f in folders)
        or _SELF_STATUS.search(head)
        or _STATUS_LINE.search(head)
    )


def to_come(doc: Document | None, hit: Hit) -> bool:
    """Is a document not in force (`out_of_force`) a version to come (a draft, a proposal)
    rather than a past one (superseded, withdrawn, archived)?"""
    return any(_FUTURE_STATUS.search(t) for t in (hit.title, _path_words(hit), _opening(doc)))


def asks_about_version(question: str, title: str, future: bool | None = None) -> bool:
    """Does the question ask for a past or proposed version (or name the year in its title)?
    With `future` known, only words asking for that direction count: a question about
    "next year" asks for the draft, never the withdrawn edition, and one about "the old
    rules" never for the draft."""
    past_asked, future_asked = (
        bool(_ASKS_PAST.search(question)),
        bool(_ASKS_FUTURE.search(question)),
    )
    if future is None and (past_asked or future_asked):
        return True
    if future is not None and (future_asked if future else past_asked):
        return True
    years = set(m.group(0) for m in _YEAR.finditer(title))
    return any(y in question for y in years)


def not_asked_for(doc: Document | None, hit: Hit, question: str, plainly: bool = False) -> bool:
    """Is the document not in force (`plainly` so, with `plainly`), and the question not
    asking for its version?"""
    marked = plainly_out_of_force(doc, hit) if plainly else out_of_force(doc, hit)
    return marked and not asks_about_version(question, hit.title, to_come(doc, hit))


# Title words that name a kind of document, not its subject ("Password Standard (2023)"
# is about passwords, "Annual Leave Policy (2024)" about annual leave).
_DOC_KIND = frozenset(
    keys(
        "policy policies standard standards edition version framework rules guidance document "
        "current superseded withdrawn archived archive draft proposed proposal consultation "
        "obsolete deprecated changes amendments"
    )
)


def subject_words(title: str) -> str:
    """A title less its remarks on the edition, its years and its status words ("Payday
    Calendar 2025 (past year)": "Payday Calendar"), what to search for its other editions."""

    def note(m: re.Match[str]) -> str:
        said = next(g for g in m.groups() if g is not None)
        edition = (_STATUS, _FUTURE_STATUS, _YEAR, _REMARK_STATUS)
        return " " if any(p.search(said) for p in edition) else said

    plain = _TITLE_REMARK.sub(note, title)  # "(2024 edition)", " - old version"
    for said in (_FUTURE_STATUS, _STATUS, _YEAR):
        plain = said.sub(" ", plain)
    return " ".join(re.findall(r"[^\W\d_][\w'-]*", plain))


def subject_keys(title: str) -> frozenset[str]:
    """Keys of what a title is about: `subject_words` less document-kind words ("Password
    Standard (2023, withdrawn)": password)."""
    return frozenset(k for k in keys(subject_words(title)) if k not in _DOC_KIND)


def replaces(new: Hit, old_doc: Document | None, old: Hit) -> bool:
    """Is `new` (a document in force) the replacement of the document `old` not in force:
    named by its title in the old one's opening lines ("Replaced by Passwords and Sign-in"),
    or titled with every word of the old one's subject ("Password Standard (2023,
    withdrawn)" and "Passwords and Sign-in"; "Annual Leave (2025 edition)" and "Annual
    Leave")?"""
    head = _opening(old_doc).lower()
    name = new.title.strip().lower()
    if len(name) >= 4 and name in head:
        return True
    subject = subject_keys(old.title)
    return bool(subject) and subject <= frozenset(keys(new.title))


def _current(hits: list[Hit], docs: dict[str, Document]) -> list[Hit]:
    """The hits in force (`out_of_force` says nothing of them)."""
    return [h for h in hits if not out_of_force(docs.get(h.doc_id), h)]


def _withdrawn(
    hits: list[Hit], docs: dict[str, Document], question: str, current: list[Hit]
) -> tuple[list[Hit], list[Hit]]:
    """The hits plainly not in force and not asked for, split in two: those whose
    replacement is one of the `current` hits (in force), and those whose replacement none
    is."""
    replaced: list[Hit] = []
    unreplaced: list[Hit] = []
    for h in hits:
        if not_asked_for(doc := docs.get(h.doc_id), h, question, plainly=True):
            found = any(replaces(c, doc, h) for c in current)
            (replaced if found else unreplaced).append(h)
    return replaced, unreplaced


async def replacement_hits(
    question: str, hits: list[Hit], docs: dict[str, Document], reader: Reader, k: int
) -> tuple[list[Hit], dict[str, Document]]:
    """The current editions of the retrieved documents not in force that the search missed
    (a question worded like the withdrawn standard finds it alone): the collection is
    searched for each one's subject ("Password Standard (2023, withdrawn)": password), and
    a document in force found that `replaces` it is kept, scored as the withdrawn one (it
    is what that hit stands for now), with the documents read. Only for a withdrawn hit the
    search ranks above every document in force (the question found that edition first, not
    in passing); nothing when the question asks for its version."""
    seen = {h.doc_id for h in hits}
    found: list[Hit] = []
    read: dict[str, Document] = {}
    current = _current(hits, docs)
    best_current = max((h.score for h in current), default=0.0)
    for old in _withdrawn(hits, docs, question, current)[1]:  # no replacement retrieved
        if old.score < best_current:  # not what the question found first: a passing match
            continue
        subject = subject_words(old.title)
        if not subject_keys(old.title):
            continue
        fresh = [h for h in await search_or_nothing(reader, subject, k) if h.doc_id not in seen]
        read.update(await fetch_each(reader, [h.doc_id for h in fresh]))
        for h in fresh:
            doc = read.get(h.doc_id)
            if doc is None or out_of_force(doc, h) or h.doc_id in seen:
                continue
            if replaces(h, docs.get(old.doc_id), old):
                seen.add(h.doc_id)
                whole = {"score": max(h.score, old.score), "start": None, "end": None}
                found.append(h.model_copy(update=whole))  # read whole, as its subject's
    return found, {h.doc_id: read[h.doc_id] for h in found}


def in_force(hits: list[Hit], docs: dict[str, Document], question: str) -> list[Hit]:
    """The hits less each document not in force (and not asked for) whose replacement was
    retrieved too: the withdrawn edition's line never answers, nor stands beside the
    current one's as a rival, when the current document is there to be read. A document
    not in force that nothing retrieved replaces stays (last, see `prefer_fitting`): a
    board's proposal is the only text on what it proposes."""
    current = _current(hits, docs)
    if not current or len(current) == len(hits):
        return hits
    dropped = _withdrawn(hits, docs, question, current)[0]
    return [h for h in hits if not any(h is d for d in dropped)]


def forms(text: str) -> frozenset[str]:
    """Lower-cased words with a plural -s dropped: "Contractors" and "contractor" meet, while
    "contract" stays apart (a stemmer cut to a few letters would join them)."""
    out = set()
    for w in re.findall(r"[a-z]+", text.lower().replace("_", " ")):
        out.add(w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w)
    return frozenset(out)


# The same kinds as words, one of which an asker's role or question may say alone ("agency
# operative", "volunteer"): such an asker's terms are their own guide's, not surely a general
# table's (told_key.py).
ENGAGEMENT_WORDS = frozenset(
    forms(
        "agency bank temporary casual seasonal contractor subcontractor freelancer intern "
        "volunteer apprentice locum temp"
    )
)


def audience(principal: Principal | None) -> frozenset[str]:
    """Word forms of the asker's roles, the generic ones left out (a department names a
    team, not the readers a document is written for: "Engineering On-Call" is not an
    engineer's holiday policy)."""
    if principal is None:
        return frozenset()
    return frozenset(w for r in principal.roles for w in forms(r)) - GENERIC_AUDIENCE


# A noun for a kind of person: an agent or member suffix ("contractor", "manager",
# "employee", "specialist", "technician", "assistant", "student"), or a collective noun for
# people. "-ment" nouns ("Agreement", "Management") are things, not people.
_PERSON_NOUN = re.compile(r"(?:or|er|ee|ist|ian|ant|(?<!m)ent)s?$")
_PEOPLE = frozenset({"staff", "people", "personnel", "workforce", "team", "colleague"})
# Nouns for a kind of person whose ending does not show it: the kinds of engagement that
# name people on their own ("Apprentice Handbook", "Locum Guide") and the trades a handbook
# writes separate guides for whose noun has no agent suffix ("Agency Nurses Guide",
# "Development for Nurses and Midwives"). Like the suffixed nouns, such a word in a title
# makes it a guide for those readers (`title_readers`), so an asker of that role reads it
# as written for them (traps58).
_PERSON_WORDS = frozenset(
    {"apprentice", "intern", "locum", "temp", "nurse", "midwife", "midwive", "chef", "cook"}
)


def _person(word: str, plain: bool = True) -> bool:
    w = word.lower()
    if w in _PEOPLE or (len(w) > 3 and bool(_PERSON_NOUN.search(w))):
        return True
    return plain and (w[:-1] if w.endswith("s") else w) in _PERSON_WORDS


# An "-ive" word names people ("Agency Operatives", "Sales Representatives") or a thing or
# quality ("Protective Clothing", "Objectives", "Executive Remuneration"): it is read as the
# readers' noun only when the asker's own role word runs into it as its qualifier.
_IVE_NOUN = re.compile(r"ives?$", re.I)


def title_readers(
    title: str, mine: frozenset[str] = frozenset(), plain: bool = True
) -> frozenset[str]:
    """Word forms of the title's words that name people: a person noun ("Contractor Time
    Off", "Guidance for Managers") and the words that run into one ("Research Leave for
    Academic Staff", "Guide for Hourly-Paid Tutors", "Bank Worker Handbook"). A role word
    that only qualifies a topic names no readers: "Academic Workload Model" and "Academic
    Misconduct by Students" are no guides written for academics, though "academic" is a
    role; a function word ("for", "by", "and") ends the run. An "-ive" noun ends a run as
    people when a word before it in the run is one of the asker's role forms `mine`
    ("Agency Operatives" for an agency asker; `_IVE_NOUN`). With `plain` false only nouns
    whose ending shows a person count (`_PERSON_WORDS` left out)."""
    words = re.findall(r"[A-Za-z]+", title)
    out: set[str] = set()
    run: list[str] = []
    for i, w in enumerate(words):
        if w.lower() in _RUN_BREAK:
            run = []
            continue
        run.append(w)
        if (
            _person(w, plain)
            or (len(w) > 4 and _IVE_NOUN.search(w) and forms(" ".join(run[:-1])) & mine)
            or (plain and role_before_guide(words, i, mine))
        ):
            out.update(forms(" ".join(run)))
            run = []
    return frozenset(out)


_RUN_BREAK = frozenset({"for", "by", "and", "or", "of", "to", "the", "a", "an", "in", "on", "with"})
ROLE_GUIDE_TITLE = True  # a guide titled by the asker's own role word names them (trap71)


def role_before_guide(words: list[str], i: int, mine: frozenset[str]) -> bool:
    """Is title word `i` one of the asker's role forms standing just before a guide word
    ("Cadet Handbook" for a cadet, "Steward's Guide")? A guide named by a role is for the
    people of that role, whatever the noun's ending: "cadet" shows no person by its suffix,
    and no list of trades can be complete. A role word before any other noun only qualifies
    a topic ("Academic Workload Model") and names no readers (trap71)."""
    if not ROLE_GUIDE_TITLE or i + 1 >= len(words) or not forms(words[i]) & mine:
        return False
    nxt = words[i + 1].lower()
    if nxt == "s" and i + 2 < len(words):  # "Steward's Guide": the possessive's "s"
        nxt = words[i + 2].lower()
    return nxt in _GUIDE_WORDS


def names_asker(title: str, mine: frozenset[str], plain: bool = True) -> frozenset[str]:
    """The asker's role forms `mine` that the title names as people (`title_readers`)."""
    return title_readers(title, mine, plain) & mine


def written_for_others(title: str, question: str, mine: frozenset[str]) -> bool:
    """Is the document a guide for a kind of engagement (contractors, bank workers,
    volunteers ...) that neither the question nor the asker's roles name?"""
    m = _ENGAGEMENT.search(title)
    if m is None:
        return (
            KIND_GUIDE and KIND_GUIDES_ASIDE.get() and kind_guide_for_others(title, question, mine)
        )
    kind = forms(m.group(0)) - _JOINING
    return not (kind & forms(question) or kind & mine)


def set_aside_by_kind(title: str, question: str, mine: frozenset[str]) -> bool:
    """Is the title one `kind_guide_for_others` sets aside and `_ENGAGEMENT` does not (only
    such a hit makes the second asking differ from the first)?"""
    return _ENGAGEMENT.search(title) is None and kind_guide_for_others(title, question, mine)


def kind_guide_for_others(title: str, question: str, mine: frozenset[str]) -> bool:
    """Is the document a guide titled by a kind of engagement and the people of it ("Agency
    Drivers' Mates Guide", "Casual Bar Staff Guide", "Christmas Temporary Colleagues' Guide")
    whose kind neither the question nor the asker's roles name? The kind word names its
    readers, as "Bank Staff Guide" does: a packaging operative asking "How long is my paid
    break?" is no agency driver's mate, and the mates' "30-minute unpaid break" answers
    nothing for them (gap73). Only the kind words say whose it is: its people ("drivers",
    "colleagues") are also the employed ones, though an asker whose role names them is its
    reader; a role's shortening of the kind ("temp" for "temporary") names it too."""
    m = _KIND_GUIDE.search(title)
    if m is None:
        return False
    kinds = forms(m.group(1)) - _JOINING
    people = forms(m.group(0)) - forms("guide handbook") - _JOINING
    if mine & people:  # the asker's role names its people ("student": "Saturday Students")
        return False
    said = forms(question) | mine
    return not any(w == k or (len(w) >= 4 and k.startswith(w)) for w in said for k in kinds)


def prefer_fitting(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> list[Hit]:
    """Hits reordered: the asker's own documents when they ask about themselves, and
    documents for the asker's audience first, then the rest, then documents not in force
    (unless the question asks about such a version). An own document is scored as the top
    hit: it says what the general policy says for this reader."""
    if len(hits) < 2:
        return hits
    top = max(h.score for h in hits)
    tiers = _tiers(hits, docs, question, principal)
    if len(set(tiers)) == 1:
        return hits
    order = sorted(range(len(hits)), key=lambda i: tiers[i])
    floor = min((hits[i].score for i in order if tiers[i] < 2), default=0.0)
    out = []
    for i in order:
        hit = hits[i]
        if tiers[i] == 2 and hit.score > floor:
            hit = hit.model_copy(update={"score": floor})
        elif hit.score < top and _personal(hit, docs, question, principal):
            hit = hit.model_copy(update={"score": top})
        out.append(hit)
    return out


def _personal(
    hit: Hit, docs: dict[str, Document], question: str, principal: Principal | None
) -> bool:
    doc = docs.get(hit.doc_id)
    return owned_by_asker(doc, principal) and doc is not None and about_own(question, doc)


def _tiers(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> list[int]:
    """Each hit's tier: 0 written for this reader (their own document on what the question
    calls theirs, or a close guide whose title names their role left implicit), 2 not in
    force or written for another kind of engagement, 1 the rest."""
    if not hits:
        return []
    mine = audience(principal)
    asked = forms(question)
    top = max(h.score for h in hits)

    def tier(hit: Hit) -> int:
        if not_asked_for(docs.get(hit.doc_id), hit, question):
            return 2
        if _personal(hit, docs, question, principal):
            return 0
        # The asker's own role, left implicit ("Do I get paid vacation days?" asked by a
        # contractor), in the title of a close neighbour: the document written for them.
        close = hit.score >= NEIGHBOUR_SHARE * top
        named = names_asker(hit.title, mine) or guide_opened_for(
            docs.get(hit.doc_id), hit.title, principal
        )  # its title, or its opening sentence (opened_for.py), names the asker's kind
        if named and not close:  # a section headed by the matter asked (headed.py)
            close = section_asked(docs.get(hit.doc_id), question)
        if close and named and not named & asked:
            return 0
        others = written_for_others(hit.title, question, mine)
        return 2 if others and not owned_by_asker(docs.get(hit.doc_id), principal) else 1

    return [tier(h) for h in hits]


def written_for_asker(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> list[Hit]:
    """The hits written for this reader (tier 0 of `prefer_fitting`): when one of them
    answers, it answers before any general document (the contractors' guide, not the
    employees' learning budget, for a contractor; their own sabbatical approval, not the
    sabbatical policy)."""
    return [h for h, t in zip(hits, _tiers(hits, docs, question, principal), strict=True) if t == 0]


def declared_for_asker(hits: list[Hit], docs: dict[str, Document], question: str) -> list[Hit]:
    """The hits whose document is declared, by its access alone, for a department of the
    asker's: readable only by named departments, theirs among them (the store says which of
    the asker's own, `Document.granted_groups`; a document of a department the asker is not
    in never reaches them). Such a document is written for the asker's team as a guide whose
    title names their role is written for them ("Repairs Operative Handbook" granted to
    repairs, "Standby Rota Rules" granted to networks and treatment), though neither its
    title nor a line may say so. Like such a guide, it must be close to the best hit
    (`NEIGHBOUR_SHARE`) and in force; a role's grant is left out (the managers' and the
    board's papers are granted to roles, and are about the asker's work, not the asker)."""
    if not hits:
        return []
    top = max(h.score for h in hits)
    return [
        h
        for h in hits
        if _team_granted(doc := docs.get(h.doc_id))
        and h.score >= NEIGHBOUR_SHARE * top
        and not not_asked_for(doc, h, question)
    ]


# The readers a title says it is for ("On-call Arrangements for Doctors", "Continuing
# Professional Development for Nurses and Midwives"): capitalised words after a final "for".
_TITLE_FOR = re.compile(r"\bfor\s+((?:[A-Z][\w-]*)(?:\s+(?:and\s+)?[A-Z][\w-]*)*)\s*$")


def title_audience(title: str) -> frozenset[str]:
    """Word forms of the readers a title names as its audience, its plural nouns ("Senior
    Nurses and Site Managers": nurse, manager), empty when it names none."""
    m = _TITLE_FOR.search(title.strip())
    if m is None:
        return frozenset()
    plural = [w for w in m.group(1).split() if w.endswith("s") and not w.endswith("ss")]
    return forms(" ".join(plural))


def may_answer(
    hits: list[Hit],
    question: str,
    principal: Principal | None,
    docs: dict[str, Document] | None = None,
) -> list[Hit]:
    """The hits that may answer this reader: a guide for a kind of engagement neither the
    question nor the asker names ("Contractor Time Off" for an employee asking about unused
    holiday) is about other people and answers nothing; and when the question names the
    readers one retrieved title is for ("... a band 8a nurse ...", "On-call for Senior
    Nurses and Site Managers"), a sibling written for other readers ("On-call Arrangements
    for Doctors") answers nothing either. Unless nothing else was found (such a hit still
    goes last in `prefer_fitting`, for the steps that read further).

    A private document of the asker's own (`owned_by_asker`, read of `docs`) is never
    written for others, whatever kind of engagement its title names: the store gives it to
    its owner only, so "Apprenticeship Agreement: Jordan Da Costa" is the asker's record,
    not a guide for apprentices that a chef or an asker whose role says "apprentice" (not
    "apprenticeship") is no reader of (under60). Nor is a document granted to the asker's
    department only (`_team_granted`): "Paying Subcontractors", readable by the finance and
    commercial teams, is theirs to read about subcontractors, not a subcontractors' guide."""
    mine = audience(principal)
    own = {
        h.doc_id
        for h in hits
        if docs is not None
        and (owned_by_asker(docs.get(h.doc_id), principal) or _team_granted(docs.get(h.doc_id)))
    }
    kept = [h for h in hits if h.doc_id in own or not written_for_others(h.title, question, mine)]
    asked = forms(question) | mine
    if any(title_audience(h.title) & asked for h in kept):
        kept = [
            h
            for h in kept
            if h.doc_id in own or not title_audience(h.title) or title_audience(h.title) & asked
        ]
    return kept or hits


def _team_granted(doc: Document | None) -> bool:
    """Is the document readable only by named departments, the asker's among them
    (`declared_for_asker`'s reading of access)? Its readers are the asker's team, so a kind
    of engagement its title names is what it is about ("Paying Subcontractors", granted to
    finance and commercial), not whom it is for."""
    return doc is not None and any(g.startswith("department:") for g in doc.granted_groups)


def asked_audience(question: str) -> frozenset[str]:
    """Word forms of the kinds of engagement the question names ("for contractors": the
    readers it asks about), empty when it names none."""
    return (
        frozenset(w for m in _ENGAGEMENT.finditer(question) for w in forms(m.group(0))) - _JOINING
    )


@memo_by_chars(8_000_000, text_weight)
def _text_forms(text: str) -> frozenset[str]:
    """`forms` of a whole document, read once per document (a question and each of its
    parts ask `covering` of the same documents), bounded by the characters held."""
    return forms(text)


def covering(hits: list[Hit], docs: dict[str, Document], question: str) -> list[Hit]:
    """The hits whose document speaks of the kind of engagement the question names: a
    question about contractors is not answered by a policy that never mentions them (its
    rule is the employees'); all hits when the question names none. It reads whole
    documents: call it off the event loop (workers.run_cpu)."""
    kinds = asked_audience(question)
    if not kinds:
        return hits
    return [
        h
        for h in hits
        if (doc := docs.get(h.doc_id)) is not None
        and kinds & (forms(doc.title) | _text_forms(doc.text))
    ]


async def audience_hits(
    question: str, principal: Principal | None, hits: list[Hit], reader: Reader, k: int
) -> list[Hit]:
    """Documents written for the asker's role that the search missed: when the question
    leaves the role implicit ("Do I get paid vacation days?" from a contractor), search
    again with the role named and keep the new hits whose title names it, scored as the top
    hit (they answer the question as this reader means it). The role's general guide
    ("Bank Worker Handbook", `role_guide`) speaks for the role on every matter; a document
    on one matter for the role ("Research Leave for Academic Staff") is kept only when the
    role-named search ranks it before a document the first search found: naming the role
    must make it a better match for this question than one of its answers, not merely add
    a document on the role's other matters at the bottom of the list (a lecturer asking
    about paternity pay is not sent to research leave, which the role-named search still
    ranks below every leave policy it found first)."""
    mine = audience(principal)
    if not mine or not hits or mine & forms(question) or principal is None:
        return []
    roles = " ".join(_own_roles(principal))
    seen = {h.doc_id for h in hits}
    top = max(h.score for h in hits)
    found = await search_or_nothing(reader, f"{question} {roles}", k)
    ahead = max((i for i, h in enumerate(found) if h.doc_id in seen), default=-1)
    kept = [
        h
        for i, h in enumerate(found)
        if h.doc_id not in seen
        and names_asker(h.title, mine, plain=False)
        and (i < ahead or role_guide(h.title, mine))
    ]
    # a guide whose opening sentence says it is for the asker's kind, its title not naming
    # them (opened_for.py); one whose title names them keeps the rule above ("Apprentice
    # Handbook" is not pulled in ahead of the general policy)
    other = [
        h
        for h in found
        if h.doc_id not in seen
        and h not in kept
        and forms(h.title) & _GUIDE_WORDS
        and not names_asker(h.title, mine)
    ]
    if other:
        read = await fetch_each(reader, sorted({h.doc_id for h in other}))
        kept += [h for h in other if guide_opened_for(read.get(h.doc_id), h.title, principal)]
    return [h.model_copy(update={"score": top}) for h in kept]


def guide_opened_for(
    doc: Document | None, title: str, principal: Principal | None
) -> frozenset[str]:
    """The asker's engagement role forms that a guide (a guide word in its title) says in
    its opening sentence it is for ("For casual and bank colleagues: ..."; opened_for.py)."""
    if principal is None:
        return frozenset()
    return opened_for(doc, bool(forms(title) & _GUIDE_WORDS), audience(principal), ENGAGEMENT_WORDS)


def opened_only(doc: Document, principal: Principal | None) -> bool:
    """Is the guide the asker's by its opening sentence alone, its title not naming them
    (opened_for.py)? Like a guide theirs by a noun with no person ending (says_more.py), it
    does not displace a general line that clears the floor and says more of the question."""
    return bool(guide_opened_for(doc, doc.title, principal)) and not names_asker(
        doc.title, audience(principal)
    )


# What a title calls a general guide ("Contractor Handbook", "Agency Worker Guide").
_GUIDE_WORDS = frozenset(
    {"handbook", "guide", "guidance", "manual", "essentials", "information", "faq", "welcome"}
)


def role_guide(title: str, mine: frozenset[str]) -> bool:
    """Is the title a general guide for the asker's role: nothing but the role's words and
    a guide word ("Bank Worker Handbook"), no matter of its own ("Contractor Expenses",
    "Research Leave for Academic Staff")?"""
    words = forms(title) - _RUN_BREAK
    general = mine | _GUIDE_WORDS | _PEOPLE | GENERIC_AUDIENCE  # "Academic Staff Handbook"
    return bool(words & mine) and bool(words & _GUIDE_WORDS) and words <= general


def as_asked(question: str, principal: Principal | None) -> str:
    """The question as its asker means it: "Do I get paid vacation days? (as a contractor)"
    when the asker's role is implicit."""
    own = _own_roles(principal)
    return f"{question} (as a {' or '.join(own)})" if own else question


# the role `as_asked` adds at a question's end ("... (as a seasonal)")
_AS_ASKED = re.compile(r"\s*\(as an? [^()]*\)\s*$")


def without_as_asked(question: str) -> str:
    """The question without the role `as_asked` added to it: the asker's own words."""
    return _AS_ASKED.sub("", question)


def _own_roles(principal: Principal | None) -> list[str]:
    """The asker's roles that are not generic ("contractor", not "employee")."""
    if principal is None:
        return []
    return [r.replace("_", " ") for r in principal.roles if forms(r) - GENERIC_AUDIENCE]
