"""The list item a question means among the items of its own list, a little under the floor.

A list reads as a table of one column: its lead-in line (or the heading it sits under) says
what its items are, as a header does, and each item is an entry, as a row is. A table row
the question names, by its key cell or in other words (rows.py, meant_keys.py), answers as
the row asked for; a labelled item the question names by its label is such a row too
(labelled.py). An item without a label is named the same way when, of the items of its list,
it is the one the question means: the bundled embedder puts it nearer the question than every
other item of the list by at least LIST_MARGIN. The question then picks the entry out of its
list; what held the line under the floor is the wording (a question in its own words: "money
towards glasses" for "up to £60 towards glasses needed for screen work"), which the
exact-term features read as words the line does not say.

So the first-ranked line, when it is such an item, answers within ask_named.ASK_SLACK under
the floor (`meant_item`, called from ExtractiveAnswerer.clearing for the whole question's
single evidence), unless its document is a superseded, archived or draft edition
(neighbours.out_of_force: a withdrawn list says the same entries in the same words). A list
of one item has nothing to stand out from, and a line that is not a list item is not read.

Standing out says which of the list's cases the question is nearest, not that the item
speaks of the case asked: the items of one list are mostly cases of one kind (each mode of
travel, each benefit), so a question about a case the list leaves out ("What's the mileage
rate for a hire car?" over rail, own car and taxis) meets exactly such an item. So the item
answers only when its list says every case the question names (`unsaid_case`, the list form
of qualified.unsaid_variant, where a table's column qualifies its value): a labelled item's
label is the case it is for ("- Own car: 45 pence a mile"), and a word the question writes
right before a word of the label ("a *hire* car") asks for another case of it unless the item,
its siblings, its lead-in or its heading say that word too; and a name the question gives
(a place, a group: "in Leeds", "for F2s") must be said there or by the document's title, or
be the initials of words said there ("the GM", "General Manager"). And a word of the asking
sentence naming the kind of answer (ask_named.KIND_WORDS: "who do I *phone*", "how *much*")
must be said by a value of that kind in the item (a phone number, a sum), as for a line naming
the ask (ask_named.names_the_ask): "- Livestock lookers: from 18, after a training session"
is the asker's own case ("while lookering") and no number to phone (`unsaid_kind`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    KIND_WORDS,
    content_stems,
    prose_line_in_slack,
    said_like,
    stem_set,
)
from wikiqa.answerers.features import asked_clause, key, key_set
from wikiqa.answerers.labelled import label_and_value
from wikiqa.answerers.neighbours import forms
from wikiqa.answerers.scope import person_word
from wikiqa.text.headings import title_at
from wikiqa.text.lists import ListItem, item_at
from wikiqa.text.terms import STOPWORDS, initials
from wikiqa.types import Principal

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

# the question's cosine to the item, less its cosine to the nearest other item of the list
LIST_MARGIN = 0.30
# a title's closing "(transport and yard only)" naming the asker's group makes its lists theirs
TITLE_ONLY = True


_WORD = re.compile(r"[^\W_][\w'’-]*")
# A name the question gives: a capitalised word that does not open the question or a sentence
# of it ("in Leeds", "I'm an F2"); the pronoun "I" and its forms name nobody else.
_PRONOUN_I = frozenset({"i", "i'm", "i’m", "i've", "i’ve", "i'd", "i’d", "i'll", "i’ll"})
# Words that join a phrase to the label's word rather than qualify it ("a jab *against* flu",
# "*while* lookering"): prepositions and conjunctions, which name no case.
_JOINING = frozenset({"by", "to", "from", "through", "with", "without", "within", "for", "in",
                       "at", "on", "up", "until", "till", "after", "before", "during", "under",
                       "over", "about", "of", "into", "onto", "against", "via", "per", "since",
                       "between", "among", "across", "around", "behind", "beyond", "toward",
                       "towards", "upon", "beside", "besides", "off", "out", "like", "than",
                       "while", "whilst", "when", "whenever", "if", "unless", "and", "or",
                       "but", "as", "because", "so"})  # fmt: skip


def given_names(question: str) -> list[str]:
    """The names the question gives (capitalised words past the first of each sentence)."""
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", question.strip()):
        for n, word in enumerate(_WORD.findall(sentence)):
            if n and word[0].isupper() and word.lower() not in _PRONOUN_I:
                out.append(word)
    return out


def unsaid_case(question: str, item: ListItem, context: str, title: str) -> str:
    """The question's word naming a case the item's list leaves out ("" when none): a word
    written right before a word of the item's label that the list says nowhere ("hire" in
    "a hire car" over "- Own car: ..."), or a name given in the question that neither the
    list, its heading (`context`) nor the document's `title` says, whole or as initials
    (see the module docstring)."""
    lines = [s.text for s in item.siblings]
    if item.lead is not None:
        lines.append(item.lead.text)
    said = key_set(" ".join([*lines, context]))
    words = _WORD.findall(question)
    parts = label_and_value(item.item.text)
    if parts is not None:
        label = key_set(parts[0])
        for before, word in pairwise(words):
            if (
                key(word) in label
                and before.lower() not in STOPWORDS
                and before.lower() not in _JOINING
                and key(before) not in said
                and key(before) not in label
            ):
                return before
    where = " ".join([*lines, context, title])
    named = key_set(where)
    caps = {initials(w) for w in word_runs(where)}
    for name in given_names(question):
        if key(name) not in named and name.upper() not in caps:
            return name
    return ""


def unsaid_kind(question: str, line: str) -> str:
    """The word of the question's asking sentence naming a kind of answer (ask_named.KIND_WORDS:
    "phone", "much", "long") that no value of that kind in `line` says; "" when none."""
    for word in content_stems(asked_clause(question)):
        kind = KIND_WORDS.get(word)
        if kind is not None and not kind.search(line):
            return word
    return ""


# A list's frame saying whom the list is for: "These guidelines add to the Travel Policy for
# customer-facing staff.", "These terms apply to Pennant staff only", "## For line managers".
_FOR_READERS = re.compile(r"\b(?:for|appl(?:y|ies)\s+(?:only\s+)?to)\s+(?P<who>[^.,;:()]+)", re.I)
_NEGATED = re.compile(r"\bnot\s+(?:\w+\s+)?$", re.I)  # "does not apply to": an exclusion
_READER_WORDS = 4  # the readers' noun within this many words of "for"
_DETERMINERS = frozenset({"the", "our", "your", "their", "its"})
# words that make a kind of reader everyone ("for all staff")
_EVERYONE = frozenset({"all", "every", "everyone", "everybody", "any", "anyone", "each"})
# heads that name no group of their own: "for staff" is for everyone
GENERIC_READERS = frozenset(
    {"staff", "people", "personnel", "colleague", "worker", "employee", "member", "user", "team"}
)
_COLLECTIVE = frozenset({"staff", "people", "personnel"})


def _readers_noun(word: str) -> bool:
    """A plural person noun ("managers", "contractors") or a collective one ("staff"): the
    readers a list is for are a group ("for one semester" names none)."""
    w = word.lower()
    plural = w.endswith("s") and not w.endswith("ss")
    return person_word(word) and (w in _COLLECTIVE or plural)


def list_readers(frame: str) -> list[frozenset[str]]:
    """The kinds of reader a list's frame (its lead-in line, its heading) says the list is
    for, each as the word forms that set it apart from everyone ("for customer-facing staff":
    customer, facing; "for line managers": line; "for contractors": contractor): "for" or
    "apply to" (not "does not apply to"), perhaps a determiner, then a run of words with no
    function word but "and" (a capitalised name is none) up to a plural or collective person
    noun, the first such phrase only: it says whom the frame is for ("This guide is for staff
    paid by the hour ... Most of the policies written for salaried staff do not apply to
    you": staff, everyone). None for everyone ("for all staff"), for a phrase a function word
    breaks ("for which a member of staff", "for the children of staff") or with no person
    noun within a few words ("for courses and books")."""
    for m in _FOR_READERS.finditer(frame):
        if _NEGATED.search(frame[: m.start()]):
            continue
        words = m.group("who").split()
        if words and words[0].lower() in _DETERMINERS:
            words = words[1:]
        for n, word in enumerate(words[:_READER_WORDS]):
            bare = re.sub(r"[^A-Za-z]", "", word)
            low = bare.lower()
            if not bare or low in _EVERYONE or (low in STOPWORDS - {"and"} and bare.islower()):
                break  # a capitalised name is no function word ("For IT Services staff")
            if _readers_noun(bare):
                kind = forms(" ".join(words[:n])) - {"and"} or forms(bare) - GENERIC_READERS
                return [kind] if kind else []  # the frame's own readers: its first such phrase
    return []


def asker_words(principal: Principal | None) -> frozenset[str]:
    """What the asker's roles and departments say of them ("sales", "hr partner")."""
    if principal is None:
        return frozenset()
    return frozenset(w for t in [*principal.roles, *principal.departments] for w in forms(t))


def unsaid_readers(question: str, asker: frozenset[str], frame: str) -> str:
    """The kind of reader the list's frame says the list is for (`list_readers`) that
    neither the question nor the asker's roles and departments (`asker`) say ("" when
    none): the list is another group's, its items their cases."""
    said = forms(question) | asker
    for kind in list_readers(frame):
        if not kind & said:
            return " ".join(sorted(kind))
    return ""


# Read a guide's title as naming its readers ("Placement Students' Guide"): see guide_theirs.
GUIDE_READERS = True

# A title naming the readers a document is written for before the kind of document it is:
# "Placement Students' Guide", "Agency Drivers' Guide", "Concession Staff Guide".
_GUIDE_TITLE = re.compile(r"^(?P<who>.+?)\s+(?:Guide|Handbook)$")


def guide_readers(title: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """(the words setting the readers apart, the readers' own noun) of a title that names
    whom its document is for before the word "Guide" or "Handbook" ("Placement Students'
    Guide": placement, student; "Concession Staff Guide": concession and no noun of its own,
    staff being everyone); None when the word before is no person noun ("Contact Centre
    Guide") or the title is of another form."""
    m = _GUIDE_TITLE.match(title.strip())
    if m is None:
        return None
    words = re.sub(r"'s\b|'", " ", m.group("who")).split()
    if not words:
        return None
    noun = words[-1]
    own = forms(noun)
    if not (person_word(noun) or own & GENERIC_READERS):
        return None
    return forms(" ".join(words[:-1])) - {"and"}, own - GENERIC_READERS


def opens_document(text: str, start: int) -> bool:
    """Is the line at `start` the document's first line of prose: nothing above it but front
    matter, headings and blank lines?"""
    above = re.sub(r"\A\s*---\n.*?\n---\n", "", text[:start], flags=re.S)
    return all(not line.strip() or line.lstrip().startswith("#") for line in above.splitlines())


def guide_theirs(
    title: str, text: str, lead_start: int, said: frozenset[str], asker: frozenset[str]
) -> bool:
    """Is the document a guide whose title names the asker's kind of reader, with the list's
    lead-in its opening line? That line says whom the whole guide is for, narrowing the readers
    the title names ("For horticulture and business students on a work placement" under
    "Placement Students' Guide"), so it sets no list apart from the guide's other readers: an
    asker the question or record places among the title's readers (a word setting them apart,
    "placement", said by the question or the asker's roles, or the readers' own noun,
    "student", by the asker's roles) is one of them. A lead-in further down the guide may still
    set a list apart for some of its readers, and an asker only the question's words place
    among the readers' noun ("as a driver", under "Agency Drivers' Guide") is not placed."""
    guide = guide_readers(title)
    if guide is None or not opens_document(text, lead_start):
        return False
    apart, noun = guide
    return bool(apart & said or noun & asker)


def says_every_asked(question: str, texts: tuple[str, ...]) -> bool:
    """Does `texts` (a guide's item, its lead-in and its title) say every content word of
    the question, words of asking (`ask_named.LIGHT`), of the kind of value asked
    (`ask_named.KIND_WORDS`) and numbers aside? The readers' gate (`others_list`) also keeps
    an item from answering what it does not say ("Will you pay for my accommodation during my
    placement?" over "Shorter placements are unpaid, and we pay lunch ..."); a guide read as
    the asker's answers with its item only where the item says the thing asked."""
    said = set(stem_set(" ".join(texts)))
    asked = [w for w in stem_set(question) if w.isalpha() and w not in KIND_WORDS]
    return bool(asked) and all(said_like(w, said) for w in asked)


# a title kept for named groups: "Drivers' Hours and Vehicle Checks (transport and yard only)"
_TITLE_ONLY = re.compile(r"\(([^()]*?)\s+only\)", re.I)


def title_only_readers(title: str) -> frozenset[str]:
    """The groups a title says the document is kept for, in a closing "(... only)" ("transport
    and yard only": transport, yard), as word forms, the everyone-words ("team", "staff") and
    "and" set aside; empty when the title says no such group."""
    m = _TITLE_ONLY.search(title)
    if m is None:
        return frozenset()
    return forms(m.group(1)) - GENERIC_READERS - {"and", "or", "the"}


def others_list(e: Evidence, asker: frozenset[str] = frozenset()) -> str:
    """The group of readers the lead-in line of the list whose item is the evidence's first
    line says the list is for (`list_readers`), when neither the document's title, the
    question nor the `asker` says it ("" when none, or when the first line is no list item):
    over the floor as under it, a list set apart within its document for one group holds that
    group's cases, so its item answers no one else's question ("How much is the staff room
    rate?" over a room-rate item under "These terms apply to Pennant staff only", for an asker
    who is not Pennant staff). A group the title says is the whole document's readers, whom
    retrieval already judged the question to be about ("Study Leave for Resident Doctors"
    for a trainee doctor's question), and a heading is not read: it is a title's kind. When
    the question or the asker says the readers the title names ("Terms for Franchise Hotel
    Staff" for an asker whose role is franchise), the document is theirs, and its lead-in
    names them otherwise ("These terms apply to Pennant staff only", their employer)."""
    if not e.ranked:
        return ""
    top = e.ranked[0]
    if top.header is not None:
        return ""
    item = item_at(top.doc.text, top.span.start, top.span.end)
    if item is None or item.lead is None:
        return ""
    titled = forms(top.doc.title)
    said = forms(e.question.text) | asker
    if any(kind & said for kind in list_readers(top.doc.title)):
        return ""  # the document is for the asker's group, which its lead-in may name otherwise
    if (
        GUIDE_READERS
        and guide_theirs(top.doc.title, top.doc.text, item.lead.start, said, asker)
        and says_every_asked(e.question.text, (item.item.text, item.lead.text, top.doc.title))
    ):
        return ""  # a guide's opening line narrows the readers its title names (floor69)
    if TITLE_ONLY and title_only_readers(top.doc.title) & said:
        return ""  # kept for the asker's group by its title ("(transport and yard only)")
    for kind in list_readers(item.lead.text):
        if not kind & titled and not kind & said:
            return " ".join(sorted(kind))
    return ""


def word_runs(text: str) -> list[list[str]]:
    """The runs of two to four words of `text` ("General Manager" and its neighbours), whose
    initials a name in the question may be written as ("GM")."""
    words = _WORD.findall(text)
    return [words[i : i + n] for n in (2, 3, 4) for i in range(len(words) - n + 1)]


def item_margin(question: str, items: list[str], mine: int,
                similarities: Callable[[str, list[str]], list[float]]) -> float:  # fmt: skip
    """How much nearer the question `items[mine]` is than every other item (by
    `similarities(question, texts)`, cosines); 0 for a list of one item."""
    if len(items) < 2:
        return 0.0
    cos = similarities(question, items)
    return cos[mine] - max(c for n, c in enumerate(cos) if n != mine)


def meant_item(
    e: Evidence,
    floor: float,
    similarities: Callable[[str, list[str]], list[float]],
    asker: frozenset[str] = frozenset(),
) -> bool:
    """Is the evidence's first line a list item the question means among the items of its
    list (LIST_MARGIN), whose list says every case the question names (`unsaid_case`), is
    for no group of readers neither the question nor the `asker` (asker_words) says
    (`unsaid_readers`), and which says a value of every kind its asking sentence names
    (`unsaid_kind`), in a document in force, within ask_named.ASK_SLACK under the floor?"""
    top = prose_line_in_slack(e, floor, first_doc=False)
    if top is None:
        return False
    item = item_at(top.doc.text, top.span.start, top.span.end)
    if item is None or len(item.siblings) < 2:
        return False
    if unsaid_case(e.question.text, item, top.context, top.doc.title):
        return False
    if unsaid_kind(e.question.text, item.item.text):
        return False
    frame = " ".join([item.lead.text if item.lead else "", title_at(top.doc.text, top.span.start)])
    if unsaid_readers(e.question.text, asker, frame):
        return False
    texts = [s.text for s in item.siblings]
    mine = next(n for n, s in enumerate(item.siblings) if s.start == item.item.start)
    return item_margin(e.question.text, texts, mine, similarities) >= LIST_MARGIN
