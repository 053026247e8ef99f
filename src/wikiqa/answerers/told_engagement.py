"""The asker's kind of engagement told by how they work, not by its name (trap63).

Handbooks write a guide for each kind of engagement they take people on by ("Agency Workers'
Guide", "Casual Drivers' Guide", "Volunteers' Guide", "Contractor Handbook", "Saturday
Students Guide"), and such a guide's rule overrides the general page for its readers. An
asker whose role says the kind reads it as theirs (`neighbours._tiers`, `audience_hits`). An
asker may instead tell the kind by describing how they are engaged, without its name:
"Brightstaff placed me with you last month" (an agency worker), "I drive buses for you now
and then when you're short, with no fixed hours" (a casual worker), "I'm self-employed and
invoice you monthly" (a contractor), "I help out unpaid" (a volunteer), "just for the
Christmas rush" (a seasonal worker), "a Saturday job while I'm at college" (a student).

`told_kind` reads such a description, said of the asker (first person), into the kind's own
word, the word the guides' titles name their readers by; `with_told_kind` adds it to the
asker's roles when the roles name no kind of engagement already, so the guide whose title
names that kind is searched for and read as the asker's, exactly as for an asker whose role
says it. A question that says the kind's own word ("I'm an agency worker") is left to the
words themselves; a description that fits no kind adds nothing; and the roles only choose
among documents the asker may read (access is the store's, by the principal as given).
"""

from __future__ import annotations

import re

from wikiqa.answerers.neighbours import forms, names_asker
from wikiqa.text.terms import STOPWORDS
from wikiqa.types import Principal

# Each kind's descriptions, said of the asker. The kind's word is the readers' noun the
# guides' titles use (`neighbours.title_readers`), so the guide names it.
_DESCRIPTIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (  # placed with the organisation by another firm that employs and pays them
        "agency",
        re.compile(
            r"\b(?:placed|put|sent|supplied)\s+me\s+(?:here|with\s+(?:you|us)|at\s+(?:your|this))\b|"
            r"\bI(?:\s+was|\s+got|\s+have\s+been|['’]ve\s+been|['’]m|\s+am)\s+(?:placed|supplied)\s+"
            r"(?:here|with\s+(?:you|us)|at\s+(?:your|this))\b|"
            r"\b(?:through|via|by)\s+(?:an?\s+)?(?:recruitment|staffing|temping|labour)\s+"
            r"(?:firm|company|business|outfit)\b",
            re.I,
        ),
    ),
    (  # offered work when needed, free to turn it down, no set hours
        "casual",
        re.compile(
            r"\bno\s+(?:fixed|set|guaranteed|regular|contracted)\s+hours\b|\bzero[\s-]+hours?\b|"
            r"\b(?:work|shifts?|come\s+in|called\s+in|help\s+out|drive|cover)\b[^.?!;]{0,30}"
            r"\bas\s+and\s+when\b|"
            r"\bwhen\s+(?:you|you['’]re|you\s+are)\s+(?:short|short-staffed|stuck)\b|"
            r"\bwhen(?:ever)?\s+you\s+need\s+(?:me|an\s+extra|cover)\b",
            re.I,
        ),
    ),
    (  # taken on for one season only
        "seasonal",
        re.compile(
            r"\b(?:taken\s+on|hired|employed|signed\s+up|here|started)\s+(?:just\s+|only\s+)?"
            r"for\s+(?:the\s+)?(?:summer|christmas|festive\s+period|season|peak\s+season)\b|"
            r"\b(?:a|my)\s+(?:summer|christmas|seasonal)\s+job\b",
            re.I,
        ),
    ),
    (  # giving their time unpaid
        "volunteer",
        re.compile(
            r"\bI\s+(?:help\s+out|give\s+my\s+time|come\s+in)\s+(?:[^.?!;]{0,30}\s)?"
            r"(?:for\s+free|unpaid|without\s+(?:pay|being\s+paid))\b|"
            r"\bI(?:['’]m|\s+am)\s+(?:an?\s+)?(?:unpaid|not\s+paid\s+(?:at\s+all|anything))\b|"
            r"\bI\s+(?:don['’]t|do\s+not)\s+get\s+paid\s+for\s+(?:it|this|my\s+time|helping)\b",
            re.I,
        ),
    ),
    (  # working for themselves, invoicing the organisation
        "contractor",
        re.compile(
            r"\bI(?:['’]m|\s+am)\s+self[\s-]employed\b|\bI\s+invoice\s+(?:you|the\s+\w+|\w+)\b|"
            r"\bthrough\s+my\s+own\s+(?:limited\s+|ltd\s+)?company\b",
            re.I,
        ),
    ),
    (  # working beside their studies
        "student",
        re.compile(
            r"\b(?:while|whilst)\s+I['’]?m\s+(?:still\s+)?(?:at|in)\s+"
            r"(?:school|college|uni|university|sixth\s+form)\b|"
            r"\bI['’]m\s+(?:still\s+)?(?:at|in)\s+(?:school|sixth\s+form)\b",
            re.I,
        ),
    ),
)
# Work offered when needed, with no set hours, is what handbooks call casual work or bank
# work, as their guides say of it ("Bank workers are engaged ... on a casual, as-and-when
# basis", "Bank workers pick up shifts as they are offered, with no guaranteed hours", "on a
# zero-hours contract"): the casual asker's guide may be titled for either.
_ALSO = {"casual": ("bank",)}
# A description tells the asker's kind only in a sentence where the asker speaks of
# themselves ("I", "I'm", "me"): "What happens when you're short of stock?" tells nothing.
_FIRST_PERSON = re.compile(r"\b(?:I|I['’]m|I['’]ve|me)\b")
_SENTENCES = re.compile(r"[^.?!;]+[.?!;]?")


def told_kind(question: str) -> str:
    """The kind of engagement the question tells of its asker by description, "" when none
    (or more than one): the kind's own word, which the question must not say itself."""
    said = forms(question)
    told = [m.group(0) for m in _SENTENCES.finditer(question) if _FIRST_PERSON.search(m.group(0))]
    kinds = [k for k, pattern in _DESCRIPTIONS if any(pattern.search(t) for t in told)]
    if len(kinds) != 1 or forms(kinds[0]) & said:
        return ""
    return kinds[0]


def with_told_kind(question: str, principal: Principal | None) -> Principal | None:
    """The principal with the told kind as its role, when it has no role of its own (an
    anonymous asker, whose question is all that says who they are); the principal as given
    otherwise: an asker whose roles the organisation gives (a bus driver's "staff") is not
    read as another kind by a description of their week."""
    kind = told_kind(question)
    if not kind or (principal is not None and principal.roles):
        return principal
    base = principal or Principal()
    return base.model_copy(update={"roles": [*base.roles, *kind_words(kind)]})


def kind_words(kind: str) -> tuple[str, ...]:
    """The told kind's words as the guides' titles name its readers ("casual": casual, bank)."""
    return (kind, *_ALSO.get(kind, ()))


def guide_of_kind(title: str, question: str) -> bool:
    """Is the title a guide whose readers are the kind the question tells of its asker?"""
    kind = told_kind(question)
    return bool(kind) and bool(names_asker(title, forms(" ".join(kind_words(kind)))))


_SENTENCE_END = re.compile(r"(?<=[.!;])\s+")


def asked_alone(question: str) -> str:
    """The question's ask without the sentences that tell the asker's kind ("I drive buses
    for you now and then when you're short, with no fixed hours. After how many hours a week
    does overtime kick in?" -> "After how many hours a week does overtime kick in?"), "" when
    the kind is told in the ask itself or not at all. The telling's other words (the buses,
    the shortage) are no part of what is asked, and beside the guide's one line they leave it
    under the floor."""
    kind = told_kind(question)
    if not kind:
        return ""
    parts = [p for p in _SENTENCE_END.split(question.strip()) if p]
    if len(parts) < 2 or told_kind(parts[-1]) or not parts[-1].endswith("?"):
        return ""
    return parts[-1]


_ASK_WORDS = frozenset({"much", "many", "long", "often", "get", "got", "does", "do", "can", "need"})
_PREFIX = 5  # a word said by its first letters: "overtime" and "Overtime", "hours" and "hour"


def last_ask(question: str) -> str:
    """The question's last sentence, what it asks after any telling."""
    parts = [p for p in _SENTENCE_END.split(question.strip()) if p]
    return parts[-1] if parts else question


def says_ask(ask: str, lines: list[str], least: float = 0.5) -> bool:
    """Do the cited lines say at least the share `least` of the ask's content words (each by
    its first letters; with `least` 1, read as "at least one")? The kind's guide answers the
    ask alone only with a line about what was asked: "Travel to and from the home is paid
    back at £0.30 a mile" says nothing of a sleep-in; and an answer found with the told kind
    must say something asked, not only what the telling shares with the guide's opening
    ("Bank workers pick up shifts as they are offered, with no guaranteed hours" for a
    sabbatical asked)."""
    words = [
        w
        for w in re.findall(r"[a-z]+", ask.lower())
        if w not in STOPWORDS and w not in _ASK_WORDS and len(w) > 2
    ]
    said = {w[:_PREFIX] for line in lines for w in re.findall(r"[a-z]+", line.lower())}
    hits = sum(w[:_PREFIX] in said for w in words)
    if least >= 1:
        return bool(words) and hits >= 1
    return bool(words) and hits >= least * len(words)
