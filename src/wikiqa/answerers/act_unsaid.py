"""The act a question asks of its subject must be said by the line that answers it.

Two recurring must-refuse questions ask something of a thing every reader's documents name,
while the act asked is written only in a document this reader may not open (a board paper,
a team's procedure) or in none:

- **an event asked of a thing** ("Is Kilnwick Open-Air Screen going to close?", "Is the
  Corrie being sold off, and when?", "Are any of our shops closing down, and when?"). The
  public page about the thing ranks first ("Our open-air screens at Newstead and Kilnwick
  run from 1 June to 13 September ...", "MV Corrie goes into refit on 4 January 2027"): it
  names the subject and gives a date, but says nothing of the event asked, so it answers a
  neighbouring question (when the season runs, when the ship is in refit). A careful reader
  answers "is X going to close?" only from a line that says X closes. A line that says the
  verb only beside a clock time ("Shops close at 16:00 on Thursday 24 December ...") gives
  opening hours, not a closing down, unless the question itself asks a time of day or names
  an occasion. `subject_only.py` reads the same shape for a directory row only.
- **a frequency asked of an act** ("How often do the lifeguards change positions?", "How
  often do the nurses count the controlled drugs?"). The mandatory training table's row for
  the subject ("Lifeguard in-service training | lifeguards | 20 hours every 12 months")
  states a frequency, the kind of value asked, of another act (a course). The answering
  line must say something of the act asked beyond the person doing it: its verb or its
  object ("Controlled drugs are counted at every handover", "Laptops are replaced every 3
  years" for "How often do we get a new laptop?"). A thing the act is done to counts as the
  act's ("How often do the engines get serviced?": "engines"); a person doing it does not.

Both read the finished draft, whichever reading built it, and only refuse: they never choose
another line. A word is said when a cited line (for the event, also a cited document's
title) has a word of the same stem (keys sharing their first letters) or one the bundled
embedder puts at least as near as the bound (`EVENT_MEANT`, `ACT_MEANT`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from wikiqa.answerers.features import asked_clause, key, keys
from wikiqa.text.asking import without_courtesy
from wikiqa.text.clock import clock_spans
from wikiqa.text.terms import STOPWORDS
from wikiqa.types import Draft, RefusalCode

EVENT_SAID = True  # an event asked of a thing must be said by a cited line (refuse76)
FREQUENCY_SAID = False  # a frequency's line must say the act asked (refuse76; off at round 76's
# gate: it refused a held-out handbook5 factual task that main answered)

EVENT_PREFIX = 4  # keys sharing this many first letters are one verb ("clos": closure, closes)
ACT_PREFIX = 5  # the same for an act's words ("reval": revalidate, revalidation)
# The embedder puts a verb's opposite just under this (close/open 0.58, closing/opening
# 0.61) and an irregular form over it (sold/sell 0.66, sold/sale 0.65).
EVENT_MEANT = 0.64
ACT_MEANT = 0.6  # asked_thing.MEANT: a cited word this near means the asked word

Similar = Callable[[str, list[str]], list[float]]

_WORD = re.compile(r"[a-z][a-z'’]*")
# The aspect telling an event still to come, then the event's verb.
_ASPECT = re.compile(
    r"\b(?:(?:going|about|due|set|planning|planned)\s+to|gonna)\s+(?:be\s+)?(?P<a>[a-z]+)"
    r"|\bbeing\s+(?P<b>[a-z]+)|\bto\s+be\s+(?P<c>[a-z]+)"
    r"|\b(?:is|are)\s+(?:[a-z'’-]+\s+){0,4}?(?P<d>[a-z]+ing)(?=\s*(?:down|off|up)?\s*(?:[?,.;]|$|\band\b))",
    re.I,
)
# "Will the Marsh theatre close?": the subject opened by a determiner or a name, the verb last
_WILL = re.compile(
    r"^(?:[Ww]ill|[Ss]hall)\s+(?:(?:the|our|any)\s+|(?=[A-Z][a-z]))(?:[\w'’-]+\s+){1,4}?(?:be\s+)?"
    r"(?P<v>[a-z]+)(?=\s*(?:down|off|up)?\s*(?:[?,.;]|$|\band\b))"
)
# words ending "-ing" that are no verb of an event
_NOT_EVENT = frozenset(
    [
        "thing",
        "anything",
        "something",
        "nothing",
        "everything",
        "morning",
        "evening",
        "ceiling",
        "building",
        "training",
        "parking",
        "clothing",
        "meeting",
        "wedding",
        "booking",
        "during",
        "ring",
        "king",
        "spring",
    ]
)
_YESNO = re.compile(r"^(?:is|are|will|shall)\b", re.I)
# verbs too light to be an event of their own ("going to be", "going to get")
_LIGHT = frozenset(["be", "get", "have", "do", "make", "go", "give", "take", "pay", "cost", "need"])
# a change to a value: a line stating the new value answers it without the verb ("Is the
# discount changing?" over "From 1 January the discount is 25%")
_CHANGE = frozenset(
    [
        "change",
        "alter",
        "update",
        "increase",
        "decrease",
        "rise",
        "fall",
        "improve",
        "grow",
        "extend",
        "reduce",
        "cut",
        "raise",
        "lower",
        "double",
        "drop",
    ]
)
_NO_EVENT_KEYS = frozenset(key(w) for w in _LIGHT | _CHANGE)
# a time of day or an occasion asked: a line's hours may answer then
_OCCASION = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|weekends|today|"
    r"tonight|tomorrow|christmas|boxing|easter|new\s+year|bank\s+holiday|early|late|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|"
    r"time|hours|night|nights|evening|morning|lunchtime)\b",
    re.I,
)

_HOW_OFTEN = re.compile(r"^how\s+(?:often|frequently)\s+(?P<aux>[a-z'’]+)\s+(?P<rest>.*)$", re.I)
_PERSONS = frozenset(
    [
        "i",
        "we",
        "you",
        "they",
        "he",
        "she",
        "someone",
        "anyone",
        "everyone",
        "staff",
        "down",
        "off",
        "up",
        "out",
        "in",
        "back",
    ]
)
_BE = frozenset(["is", "are", "was", "were", "am"])
_DETERMINERS = frozenset(
    ["the", "a", "an", "my", "our", "your", "their", "his", "her", "any", "all"]
)
_LIGHT_KEYS = frozenset(
    key(w) for w in ["be", "get", "got", "have", "has", "do", "need", "make", "go", "take"]
)
# a frequency stated: "every 3 years", "once a month", "weekly", "20 hours a year"
_FREQUENCY = re.compile(
    r"\bevery\b|\beach\s+(?:day|week|month|year|shift|morning|night|service)\b"
    r"|\b(?:once|twice|times)\s+(?:a|an|per|each|every)\b"
    r"|\b(?:daily|weekly|fortnightly|monthly|quarterly|yearly|annually|hourly)\b"
    r"|\b(?:a|per)\s+(?:day|week|month|year|shift)\b",
    re.I,
)
_PASSIVE = re.compile(
    r"\b(?:get|gets|got|be|been|is|are)\s+(?:[a-z]+\s+)?[a-z]+(?:ed|en|wn)\b", re.I
)


def _words(text: str) -> list[str]:
    return [w.strip("'’") for w in _WORD.findall(text.lower().replace("-", " "))]


def _clause(question: str) -> str:
    return without_courtesy(asked_clause(question)).strip()


def asked_event(question: str) -> str:
    """The verb of the event a yes/no question asks will befall its subject ("Is Kilnwick
    Open-Air Screen going to close?" -> "close", "Is the Corrie being sold off" -> "sold",
    "Are any of our shops closing down" -> "closing"), or "" when it asks none, names a
    time of day or an occasion ("Is the café closing early on Christmas Eve?"), or the verb
    is too light to be an event ("going to get") or changes a value, which a line stating
    the new value answers ("Is the discount changing?")."""
    text = _clause(question)
    text = re.sub(r"^is\s+it\s+true\s+(?:that\s+)?", "is ", text, flags=re.I)
    if not _YESNO.match(text) or re.match(r"^(?:is|are)\s+there\b", text, re.I):
        return ""
    if _OCCASION.search(text) or clock_spans(text):
        return ""
    found = _ASPECT.search(text)
    verb = ""
    if found is not None:
        verb = next(g for g in found.groups() if g)
    elif (will := _WILL.match(text)) is not None:
        verb = will.group("v")
    verb = verb.lower()
    if not verb or verb in _NOT_EVENT or verb in STOPWORDS or key(verb) in _NO_EVENT_KEYS:
        return ""
    return verb


def _said(
    word: str, text_words: Sequence[str], prefix: int, meant: float, similar: Similar | None
) -> bool:
    """Is `word` said by `text_words`: a word of the same key, or keys sharing their first
    `prefix` letters, or (through `similar`) a word at cosine `meant` or more?"""
    k = key(word)
    said = {key(w) for w in text_words if w}
    if k in said or any(
        len(s) >= prefix and len(k) >= prefix and s[:prefix] == k[:prefix] for s in said
    ):
        return True
    pool = sorted({w for w in text_words if w and w not in STOPWORDS})
    return similar is not None and bool(pool) and max(similar(word, pool)) >= meant


def _claims(draft: Draft, texts: Mapping[str, str] | None = None) -> list[str]:
    """Each claim's cited text, its quotes joined (a row read with its header row); with
    the cited documents' `texts` (doc_id -> text), each quote read as the whole line of its
    document that holds it (`quote_line`)."""
    return [
        "\n".join(quote_line(q.quote, (texts or {}).get(q.doc_id, "")) for q in c.quotes) or c.text
        for c in draft.claims
    ]


def quote_line(quote: str, text: str) -> str:
    """The whole line of `text` holding `quote` (a paragraph or a list item, one line in
    the documents), or `quote` itself when `text` does not hold it. A careful reader reads a
    cited sentence in its paragraph: "Kilnwick Open-Air Screen lost money in 2025 and 2026
    ..." goes on "The board proposes to close it after the 2027 summer season"."""
    at = text.find(quote) if quote and text else -1
    if at < 0:
        return quote
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at + len(quote))
    return text[start : end if end >= 0 else len(text)]


def cited_ids(question: str, draft: Draft) -> list[str]:
    """The documents whose text the readings need (`unsaid_event`, `unsaid_act`): those
    `draft` cites, when `question` is read by either reading and the draft answers; []
    otherwise, so no other question fetches anything."""
    if draft.refusal is not None or not draft.claims:
        return []
    read = (EVENT_SAID and asked_event(question)) or (
        FREQUENCY_SAID and asked_act(question) is not None
    )
    return draft.cited_doc_ids if read else []


def unsaid_event(
    question: str,
    draft: Draft,
    similar: Similar | None,
    texts: Mapping[str, str] | None = None,
) -> str:
    """The event `question` asks of its subject when no claim of `draft` (each quote read
    in its whole line when the cited `texts` are given) says it (a claim holding a clock
    time gives hours, not the event); "" otherwise. A cited document's title is not read:
    "Opening and Closing a Shop" is the locking-up procedure, and says "closing" of no
    shop."""
    if not EVENT_SAID or draft.refusal is not None or not draft.claims:
        return ""
    verb = asked_event(question)
    if not verb:
        return ""
    read = [t for t in _claims(draft, texts) if not clock_spans(t)]
    if any(_said(verb, _words(t), EVENT_PREFIX, EVENT_MEANT, similar) for t in read):
        return ""
    return verb


@dataclass(frozen=True)
class AskedAct:
    """The act a "how often" question asks: its verb, its object's head, all its words."""

    verb: str
    head: str
    words: tuple[str, ...]


def asked_act(question: str) -> AskedAct | None:
    """The act a "how often" question asks ("How often do the lifeguards change positions?"
    -> verb "change", head "positions"): the asking sentence after its auxiliary, its
    subject left out when it is the one doing the act (an active verb follows it) and kept
    when the act is done to it ("do the engines get serviced", "is the safe code changed":
    then every word of the sentence is the act's); None when it asks no frequency, or asks
    of the asker's own act ("How often can I take a sabbatical?" over "... one semester of
    research leave after every six semesters": the asker's entitlement is often said in
    words the embedder does not join, while a team's procedure asked by someone outside the
    team is the must-refuse question this reads)."""
    found = _HOW_OFTEN.match(_clause(question))
    if found is None:
        return None
    rest = found.group("rest")
    tokens = _words(rest)
    done_to = found.group("aux").lower() in _BE or _PASSIVE.search(rest) is not None
    subject = ""
    if not done_to:
        while tokens and tokens[0] in _DETERMINERS:
            tokens = tokens[1:]
        if not tokens or tokens[0] in _PERSONS:
            return None  # the asker's own act ("can I take a sabbatical"): not read
        subject, tokens = tokens[0], tokens[1:]  # the one doing the act
    words = [w for w in tokens if w not in STOPWORDS and w not in _PERSONS and keys(w)]
    if not words:
        return None
    if not done_to and len(words) < 2:
        # a verb alone ("does the rota come out", "does my mentor meet me"): its subject
        # may be a thing, said by the line that answers ("Rotas are published weekly")
        return AskedAct("", "", (subject, *words))
    if done_to:
        return AskedAct("", "", tuple(words))
    heavy = [w for w in words if key(w) not in _LIGHT_KEYS]
    verb = heavy[0] if heavy else ""
    head = words[-1] if len(words) > 1 else ""
    return AskedAct(verb, head, tuple(words))


def _act_said(act: AskedAct, text: str, similar: Similar | None) -> bool:
    """Does `text` say the act: its verb or its object's head (a word of the same stem or
    meaning), or another of its words written as the question writes it? A modifier said
    only in another form is another word ("controlled drugs" / "infection ... control")."""
    words = _words(text)
    if not act.verb and not act.head:
        return any(_said(w, words, ACT_PREFIX, ACT_MEANT, similar) for w in act.words)
    for w in (act.verb, act.head):
        if w and _said(w, words, ACT_PREFIX, ACT_MEANT, similar):
            return True
    return any(w in words for w in act.words)


def unsaid_act(
    question: str,
    draft: Draft,
    similar: Similar | None,
    texts: Mapping[str, str] | None = None,
) -> str:
    """The act a "how often" question asks when the claims of `draft` (each quote read in
    its whole line when the cited `texts` are given) that state a frequency all say none of
    it (`_act_said`); "" otherwise (no such claim: nothing to read)."""
    if not FREQUENCY_SAID or draft.refusal is not None or not draft.claims:
        return ""
    act = asked_act(question)
    if act is None:
        return ""
    stating = [t for t in _claims(draft, texts) if _FREQUENCY.search(t)]
    if not stating or any(_act_said(act, t, similar) for t in stating):
        return ""
    return " ".join(act.words)


def act_refusal(what: str) -> Draft:
    """The refusal for an act asked that no cited line says."""
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"no line this reader may see says what the question asks ({what!r}); the "
        "lines found speak of the same subject but answer a neighbouring question",
    )
