"""Everyday words for what a workplace policy calls by its own name.

Staff ask "Will I get paid back?", "Can I be sacked for that?", "How much holiday do I
get?"; the policy says "reimbursed", "dismissal", "annual leave". A stemmer joins none of
these, and BM25 finds the policy only through the question's other words, so a neighbour
that happens to share them (the public holidays calendar for "holiday") ranks first. This is
a small register thesaurus, the same kind of data as `forms.py`'s countries: each group
holds the policy's term and the ordinary wordings of the same thing, and a question that
says one of them is searched for the others too (`policy_words`): for the policy's own
term (a group's first wording) all its words, for the other wordings only those of one word,
since the words of a phrase ("time off", "paid back") are ordinary words on their own.

The groups are the vocabulary of employment and workplace policy in general (leave, pay,
ending employment, conduct, health, travel), not the wording of any one handbook. A group
holds only wordings that mean the same thing in that register; a word with a wider everyday
sense ("pay", "claim", "record") is left out, since it would pull in every policy.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Each group: wordings of one thing in a workplace (phrases of one or more words).
GROUPS: tuple[tuple[str, ...], ...] = (
    ("public holiday", "public holidays", "bank holiday", "bank holidays"),
    ("annual leave", "holiday", "holidays", "vacation", "vacation days"),
    ("leave", "time off", "time away"),
    ("dismissal", "dismissed", "dismiss", "sacked", "sacking", "fired", "firing", "let go"),
    ("redundancy", "redundant", "laid off", "layoff", "layoffs", "lay off", "let go"),
    ("resign", "resignation", "quit", "quitting", "hand in my notice"),
    ("probation", "probationary", "trial period"),
    (
        "reimbursed",
        "reimburse",
        "reimbursement",
        "paid back",
        "pay back",
        "claim back",
        "refunded",
        "repaid",
    ),
    ("sickness", "sick", "ill", "illness", "unwell", "poorly"),
    ("fit note", "sick note", "doctor's note", "medical certificate"),
    ("bereavement", "died", "dies", "passed away", "death", "funeral"),
    ("paternity", "father", "dad", "new dad"),
    ("maternity", "pregnant", "pregnancy", "expecting a baby", "having a baby", "mum-to-be"),
    ("grievance", "formal complaint", "complain", "complaint"),
    ("harassment", "bullying", "bullied", "harassed"),
    ("manager", "boss", "line manager", "supervisor"),
    ("salary", "wages", "wage", "payslip", "pay packet"),
    ("overtime", "extra hours"),
    ("pension", "retirement savings"),
    ("working from home", "work from home", "wfh", "remote working", "home working"),
    ("career break", "year out", "gap year", "sabbatical"),
    ("mileage", "per mile", "miles"),
    ("gifts", "gift"),
    ("hospitality", "free meal", "taken out for dinner"),
    ("university", "uni"),
    ("jury service", "jury duty"),
    ("whistleblowing", "blow the whistle", "report wrongdoing"),
    ("relationship", "dating", "romantic relationship"),
    ("plagiarism", "copying", "copied", "cheating"),
    ("artificial intelligence", "ai", "chatgpt", "chatbot", "generative ai"),
)

_WORD = re.compile(r"[a-z0-9']+")


def _words(phrase: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(phrase.lower()))


@lru_cache(maxsize=1)
def _groups() -> tuple[tuple[tuple[str, ...], ...], ...]:
    return tuple(tuple(_words(p) for p in group) for group in GROUPS)


@lru_cache(maxsize=1)
def _longest_first() -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Every wording with its group's index, longest first."""
    pairs = [(g, p) for g, group in enumerate(_groups()) for p in group]
    return tuple(sorted(pairs, key=lambda gp: -len(gp[1])))


def named_groups(words: tuple[str, ...]) -> set[int]:
    """The groups whose wordings the word sequence says, longest wording first: a word
    inside a longer wording that matched is not read again on its own ("bank holiday" is a
    public holiday, not annual leave; "time off" is leave, not a time)."""
    used = [False] * len(words)
    found: set[int] = set()
    for g, phrase in _longest_first():
        n = len(phrase)
        for i in range(len(words) - n + 1):
            if words[i : i + n] == phrase and not any(used[i : i + n]):
                found.add(g)
                used[i : i + n] = [True] * n
    return found


def policy_words(text: str) -> list[str]:
    """The words of every other wording of each thing `text` names in one of its wordings,
    those it does not already say, in table order: "Will I get paid back?" gives
    ["reimbursed", "reimburse", "reimbursement", "refunded", "repaid"]. Empty when
    it names nothing in the table."""
    words = tuple(_words(text))
    have = set(words)
    out: dict[str, None] = {}
    named = named_groups(words)
    for g, group in enumerate(_groups()):
        if g in named:
            for i, p in enumerate(group):
                if i == 0 or len(p) == 1:
                    out.update((w, None) for w in p if w not in have)
    return list(out)
