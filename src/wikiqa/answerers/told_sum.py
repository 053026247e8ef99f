"""What the asker gets, asked without saying money, read as a sum of money asked.

"How much an hour will I get in my second year?", "How much will I get paid in my first
year?", "Does that get me any more an hour?", "Do we get anything towards trainers?",
"Does my pay go up at all?": each asks for a sum of money (a rate, an allowance, a
supplement), but names no money, so `kinds.asked_kind` reads no kind from it and the line
that gives the sum ("| Year 2 | £11.20 |", "We pay up to £50 a year towards them", "paid
£0.40 an hour above the Band C rate") is not put before the lines that say none, nor is a
table row keyed by the question read as the row asked with its value. Asked as "How much
money ...", the same questions take those lines first and answer (hb21-fact-56,
hb20-fact-67, hb21-fact-17, hb17-fact-52, hb15-fact-21 were refused as asked).

`sum_asked` gives the question with its asking said so: "how much" followed by the asker
getting, being paid or earning gets "money" after it; a yes/no asking whether the asker
gets anything or any more, extra or towards a thing, or whether their pay goes up, is said
as "how much (extra / more) money ..."; nothing else changes. The question itself when it
asks none of these (a "how much" of leave, notice or time names its own thing: "How much
notice do I get?" is left; so is "How much will I be paid for?", which asks for the hours
paid).

`sum_said` bounds the answer: it stands only when a line of its first claim (a row with
its header row, or one sentence) says a sum of money, a line of it about one kind of worker
("Gym instructors get a £40 footwear allowance ...") is about the asker's (their question,
roles or departments say the trade, or their department is near it in meaning: a
receptionist asking about trainers is refused where a fitness instructor is answered) (`kinds.says_kind("money", ...)`: "£11.20", "45 pence", "free") and no cited line is
from a past edition. The reading runs only when the question as asked is refused for want
of evidence, so it adds answers and changes none given.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from wikiqa.answerers.kinds import says_kind
from wikiqa.answerers.neighbours import forms
from wikiqa.answerers.other_group import SAME_GROUP, line_group
from wikiqa.answerers.scope import person_word
from wikiqa.answerers.told_bound import quotes_past_edition
from wikiqa.types import Draft, Principal

_WHO = r"(?:I|we|you|they)"
_AUX = r"(?:will|would|do|does|did|can|could|should|shall|am|are|is)"
_UNIT = r"(?:an?|per)\s+(?:hour|day|week|month|year|shift)"
# "extra" or "more" asked of money, or of nothing named ("any extra for that?"), never of
# another thing ("any extra time off", "any extra breaks", "extra leave")
_MONEY = r"(?:money|pay|cash|payment|allowance)"
_CLOSED = r"(?=\s*(?:[?,.;]|$)|\s+(?:for|if|when|on|at|in|to|an?|per|each|every)\b)"

# "How much an hour will I get", "How much will I get paid", "How much do we get towards":
# the asker getting, paid or earning, with nothing between "how much" and the asking but a
# unit or "extra"/"more" (so "how much leave / notice / time do I get" is not read)
_HOW_MUCH = re.compile(
    rf"\b(how\s+much)(?![^?]*\bpaid\s+for\s*\?)(?=\s+(?:{_UNIT}\s+|extra\s+|more\s+)?{_AUX}\s+{_WHO}\s+"
    r"(?:be\s+|get\s+)?(?:get|getting|paid|earn|earning|receive)\b(?!\s+for\s*\?))",
    re.I,
)
# "Does that get me any more an hour?"
_ANY_MORE = re.compile(
    r"\b(does|do|will|would|could|can)\s+(that|this|it)\s+get\s+(me|us)\s+any\s+more\b"
    rf"(?:\s+{_MONEY})?{_CLOSED}",
    re.I,
)
# "do we get anything towards trainers?", "do I get anything extra?"
_ANYTHING = re.compile(
    rf"\b({_AUX})\s+({_WHO})\s+get\s+any(?:thing)?\s+"
    rf"(?:(extra|more)\b(?:\s+{_MONEY})?{_CLOSED}|(towards)\b)",
    re.I,
)
# "Is there anything extra for that?", "Is there extra money for starting before 6?"
_IS_THERE = re.compile(
    rf"\bis\s+there\s+(?:any(?:thing)?\s+)?(extra|more)\b(?:\s+{_MONEY})?{_CLOSED}",
    re.I,
)
# "What extra do I get for working a Sunday?"
_WHAT_EXTRA = re.compile(rf"\bwhat\s+(extra|more)\s+({_AUX})\s+({_WHO})\s+get\b", re.I)
# "Does my pay go up at all?"
_PAY_UP = re.compile(r"\b(does|will)\s+my\s+(pay|rate|wage|wages|salary)\s+go\s+up\b", re.I)


def _capital(said: str, told: str) -> str:
    """`said` with a capital when the telling `told` had one."""
    return said[:1].upper() + said[1:] if told[:1].isupper() else said


def sum_asked(question: str) -> str:
    """`question` with its asking of what the asker gets said as "how much money" (module
    docstring); `question` itself when it asks none of the tellings read."""
    m = _HOW_MUCH.search(question)
    if m is not None:
        return f"{question[: m.end(1)]} money{question[m.end(1) :]}"
    for pattern, said in (
        (_ANY_MORE, lambda m: f"how much more money {m[1].lower()} {m[2]} get {m[3]}"),
        (
            _ANYTHING,
            lambda m: (
                f"how much money {m[1].lower()} {m[2]} get towards"
                if m[4]
                else f"how much {m[3].lower()} money {m[1].lower()} {m[2]} get"
            ),
        ),
        (_IS_THERE, lambda m: f"how much {m[1].lower()} money is there"),
        (_WHAT_EXTRA, lambda m: f"how much {m[1].lower()} money {m[2].lower()} {m[3]} get"),
        (_PAY_UP, lambda m: f"how much money {m[1].lower()} my {m[2].lower()} go up"),
    ):
        m = pattern.search(question)
        if m is not None:
            text = _capital(said(m), m.group(0))
            return f"{question[: m.start()]}{text}{question[m.end() :]}"
    return question


# "A stage technician who holds ...", "An able seafarer who ...": a line about one kind of
# worker, said in the singular (other_group.line_group reads the plural: "Gym instructors get")
_ONE_OF = re.compile(
    r"^(?:[-*]\s+)?(?:A|An)\s+(?P<group>(?:[a-z][\w-]*\s+){0,5}?[a-z][\w-]*)\s+"
    r"(?:who|with|on|in|at|whose)\b"
)
_ASKER_GENERIC = frozenset({"staff", "employee", "colleague", "member", "worker"})
_STEM = 5  # letters two words share to be one trade's ("technical", "technician")


def line_workers(line: str) -> str | None:
    """The kind of worker `line` opens by saying it is about ("Gym instructors", "stage
    technician"), or None."""
    plural = line_group(line)
    if plural is not None:
        return plural
    m = _ONE_OF.match(line.strip())
    if m is None or not person_word(m.group("group").split()[-1]):
        return None
    return m.group("group")


def _asker_words(principal: Principal | None, asked: str) -> frozenset[str]:
    """Word forms of the asker's roles and departments (the generic "staff" aside)."""
    if principal is None:
        return frozenset()
    said = " ".join([*principal.roles, *principal.departments]).replace("_", " ")
    return forms(said) - _ASKER_GENERIC


def _same_trade(mine: frozenset[str], group: str) -> bool:
    """Does a word of the asker's say a word of the line's group, whole or by its first
    `_STEM` letters ("technical" and "technician", "bakery" and "baker")?"""
    theirs = forms(group)
    return any(
        m == t or (len(m) >= _STEM and len(t) >= _STEM and m[:_STEM] == t[:_STEM])
        for m in mine
        for t in theirs
    )


def for_the_asker(
    line: str,
    asked: str,
    principal: Principal | None,
    similar: Callable[[str, list[str]], list[float]] | None = None,
) -> bool:
    """Is `line` about the asker, or about no kind of worker? A line about one kind ("Gym
    instructors get a £40 footwear allowance ...") answers only an asker whose question,
    roles or departments say that trade, by its words or near it in meaning (phrase
    cosine at least `other_group.SAME_GROUP`: "fitness" for "Gym instructors")."""
    group = line_workers(line)
    if group is None:
        return True
    if _same_trade(forms(asked), group):
        return True
    mine = _asker_words(principal, asked)
    if _same_trade(mine, group):
        return True
    if similar is None or principal is None:
        return False
    teams = [d.replace("_", " ") for d in (*principal.roles, *principal.departments)]
    teams = [t for t in teams if forms(t) - _ASKER_GENERIC]
    return any(similar(t, [group])[0] >= SAME_GROUP for t in teams)


def sum_said(
    asked: str,
    draft: Draft,
    principal: Principal | None = None,
    similar: Callable[[str, list[str]], list[float]] | None = None,
) -> bool:
    """Whether `draft`, the answer to `asked` read as a sum asked, stands: a line of its first
    claim says a sum of money, that claim's lines are about the asker's kind of worker or
    none (`for_the_asker`), and no cited line is from a past edition."""
    if draft.refusal is not None or sum_asked(asked) == asked:
        return False
    first = [q.quote for q in draft.claims[0].quotes] if draft.claims else []
    return (
        any(says_kind("money", line) for line in first)
        and all(for_the_asker(line, asked, principal, similar) for line in first)
        and not quotes_past_edition(draft)
    )
