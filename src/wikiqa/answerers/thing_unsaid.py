"""A thing a question asks whether the asker gets, named by no word of the answer's lines.

Why: "Is there a bonus for casuals who do loads of shifts over the summer?", "Could I take a
sabbatical to go travelling for a few months?" ask whether a thing exists for the asker.
When the document naming it is one this reader may not open (the managers' staffing plan),
or no document names it, the lines found are about the rest of the question: the casuals'
guide on how shifts are offered and how long probation lasts, the mileage page's claims
cut-off for "travelling" and the pay dates table for "months". Each reading that built such
an answer saw a line that scores well on the question's other words; none of its lines
names the thing asked, by any word of its name or one meaning it. A careful reader answers
"is there a bonus?" only from a line that speaks of a bonus (or a payment it calls
otherwise, which then shares a word or a meaning with it), and refuses otherwise.

`asked_thing.py` reads the same ask inside the answerer's main path, where a cited
document's whole text may say the thing and a line granting anything may name a one-word
thing in its own words. This reads the finished draft, whichever reading built it, more
narrowly: it refuses only when the whole thing is absent from what the answer cites, that
is when not one word of the thing is said (same key, or a key of five letters or more
opening a word) or meant (word cosine at least `asked_thing.MEANT`) by any cited line read
in its whole line, the heading it sits under, or a cited document's title. A thing named
in part ("a company car scheme" over "essential car users") is left alone: the part said
may be the document's own name for it. So is a question that tells a situation first
(`asked_thing` reads only a question opening with its ask: "My friend is applying here. Is
there a finder's fee?" is answered by "Employee Referral Bonus", which shares no word with
it), and a thing to ring, which a line holding a phone number names ("Is there a helpline I
can ring ...?" over "Employee Assistance Programme: Anchor Assist, 0800 412 7730").
It only refuses: it never chooses another line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from wikiqa.answerers.act_unsaid import quote_line
from wikiqa.answerers.asked_thing import MEANT, asked_thing, says_key, words_of
from wikiqa.answerers.features import keys
from wikiqa.text.asking import without_courtesy
from wikiqa.types import Draft, RefusalCode

THING_UNSAID = True  # a thing asked whose every word no cited line says is refused (refuse77)
BOUGHT_UNSAID = True  # "Can I buy ...?" answered by no line or document speaking of buying

Similar = Callable[[str, list[str]], list[float]]

# a phone number: what a line, number or helpline to ring is
_PHONE = re.compile(r"\b0\d{2,4}(?:[\s-]?\d{2,4}){2,3}\b")
_HEADING = re.compile(r"^#{1,6}\s+(.*)$")
# the asker giving, not getting: "Can I offer a new chef more than ...?"
_GIVER = re.compile(
    r"^(?:do|does|did|will|would|can|could|shall|should|may|might)\s+(?:i|we)\s+"
    r"(?:offer|provide|give|cover)\b",
    re.I,
)
# the asker asking to buy: "Can I buy a few extra days of holiday?"
_BUY_ASKED = re.compile(r"^(?:can|could|may|might)\s+(?:i|we)\s+(?:buy|purchase)\b", re.I)
_BUYING = re.compile(r"\b(?:buy|buys|buying|bought|purchas\w*|sell|sells|selling|sold)\b", re.I)
_NUMBER = re.compile(
    r"^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|couple|few|several)$"
)


def thing_asked(question: str) -> tuple[str, ...]:
    """The words of the thing a yes/no question opening with its ask asks the asker gets or
    would take ("Could I take a sabbatical ...?" -> ("sabbatical",)); () otherwise."""
    if not THING_UNSAID or _GIVER.match(without_courtesy(question).strip()):
        return ()
    thing = asked_thing(question, taken=True)
    if len(thing) != 1 or _NUMBER.match(thing[0]):
        return ()  # a phrase describes what it asks; a count ("three weeks off") is no thing
    return thing


def heading_of(quote: str, text: str) -> str:
    """The Markdown heading `quote` sits under in `text` ("" when none, or `text` does not
    hold it): a line is read under its heading, as a reader reads it."""
    at = text.find(quote) if quote and text else -1
    if at < 0:
        return ""
    for line in reversed(text[:at].splitlines()):
        found = _HEADING.match(line.strip())
        if found is not None:
            return found.group(1)
    return ""


def read_texts(draft: Draft, texts: Mapping[str, str], titles: Mapping[str, str]) -> list[str]:
    """What the answer cites, as a reader reads it: each quote's whole line, the heading it
    sits under, and each cited document's title."""
    read: list[str] = []
    for claim in draft.claims:
        for q in claim.quotes:
            text = texts.get(q.doc_id, "")
            read.append(quote_line(q.quote, text))
            read.append(heading_of(q.quote, text))
        if not claim.quotes:
            read.append(claim.text)
    read.extend(titles.get(i, "") for i in draft.cited_doc_ids)
    return [t for t in read if t]


def buying_asked(question: str) -> bool:
    """Does a yes/no question opening with its ask ask whether the asker may buy something
    ("Can I buy a few extra days of holiday?")?"""
    return BOUGHT_UNSAID and bool(_BUY_ASKED.match(without_courtesy(question).strip()))


def unsaid_thing(
    question: str,
    draft: Draft,
    similar: Similar | None,
    texts: Mapping[str, str],
    titles: Mapping[str, str],
) -> str:
    """The thing `question` asks whether the asker gets when `draft` answers and nothing it
    cites (`read_texts`) says or means any word of it, and no cited line holds a phone
    number; "" otherwise (see the module docstring)."""
    if draft.refusal is not None or not draft.claims:
        return ""
    read = read_texts(draft, texts, titles)
    if buying_asked(question):
        # buying is the ask: the holiday a line speaks of is the rest of the question
        cited = [texts.get(i, "") for i in draft.cited_doc_ids]
        if not any(_BUYING.search(t) for t in [*read, *cited]):
            return "buy"
    thing = thing_asked(question)
    if not thing:
        return ""
    if any(_PHONE.search(t) for t in read):
        return ""
    if _named(thing, read, similar):
        return ""
    # a cited document that speaks of the thing anywhere may be answering it in a line
    # that says it otherwise ("free brews" over a canteen's "free" drinks row)
    if _named(thing, [texts.get(i, "") for i in draft.cited_doc_ids], similar):
        return ""
    return " ".join(thing)


def _named(thing: Sequence[str], read: Sequence[str], similar: Similar | None) -> bool:
    """Does `read` say (same key, or a key of five letters or more opening a word) or mean
    (word cosine >= MEANT) any word of `thing`?"""
    said = frozenset(k for t in read for k in keys(t))
    if any(says_key(w, said) for w in thing):
        return True
    words = words_of(read)
    return (
        similar is not None and bool(words) and any(max(similar(w, words)) >= MEANT for w in thing)
    )


def unsaid_ids(question: str, draft: Draft) -> list[str]:
    """The documents `unsaid_thing` needs fetched: those `draft` cites, when it answers a
    question asking for a thing; [] otherwise, so no other question fetches anything."""
    if draft.refusal is not None or not draft.claims:
        return []
    if not thing_asked(question) and not buying_asked(question):
        return []
    return draft.cited_doc_ids


def thing_refusal(thing: str) -> Draft:
    """The refusal for a thing asked that no cited line names."""
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"no line this reader may see names what the question asks for ({thing!r}); "
        "the lines found answer the rest of the question",
    )
