"""A question telling a situation that belongs to someone or something the answering line's
case does not: another person's case, or the asker's own thing the documents never name
(refuse29).

"I think my manager has been paid too little. What should I do?" is answered over the floor
by "If you think you have been paid too little, tell payroll ...": the condition says every
word of the situation but one, and that one is who it happened to. The line rules on the
asker's own pay; what to do about someone else's it does not say. "The battery in my car
runs low on the way home" is answered by a handheld terminal's "If the battery runs low,
swap it at the charging station": the situation's subject is part of a thing of the asker's
own (the car) that the cited documents never speak of, so the case they rule on is another
one that shares the rest of its words.

Two readings, one sentence each, for a question that tells a situation and asks what to do
(`consequence.asked_to_do`):
- *someone else's case*: the situation's subject (after an opening "I think", "I found" ...)
  is a person other than the asker ("my manager", "a colleague"; `PEOPLE` or a relative of
  `forms.KIN_WORDS`), and the first cited line opening with a condition has the asker as the one
  the case happens to ("If you think you have been paid too little": "you" after an opening
  "you think"), without naming that person;
- *the asker's own whole*: the situation's subject is a part of a private thing of the
  asker's ("The battery in my car", `PRIVATE`) or of a person of theirs ("My sister's
  car") that no cited document says anywhere, title or text.

Why not every "my" word unsaid: an answerable question names its things in its own words
("my trust phone" for "devices", "my mum" for "a family member"), and places its case where
the document never says ("My laptop was stolen from my car": the laptop line rules on it all
the same; "I stay overnight at my sister's" is left answered for that reason); these
readings take only the two places where the name says whose case it is. A line's "you" after a seeing verb
("If you find a guest unconscious") is not the asker's own case and is left alone.

It runs in `_sibling`, after the decision, so it only ever refuses an answer.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like
from wikiqa.answerers.consequence import asked_to_do, line_condition, situation_words
from wikiqa.text.forms import KIN_WORDS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

# a person the asker may tell a situation about: work relations and people met at work (a
# relative is read from forms.KIN_WORDS)
PEOPLE = frozenset(
    [
        "manager",
        "boss",
        "supervisor",
        "colleague",
        "coworker",
        "workmate",
        "friend",
        "customer",
        "client",
        "guest",
        "tenant",
        "passenger",
        "patient",
        "visitor",
        "neighbour",
        "neighbor",
        "child",
        "boy",
        "girl",
        "man",
        "woman",
        "student",
        "pupil",
        "resident",
        "member",
        "contractor",
        "driver",
        "partner",
        "lead",
        "teammate",
    ]
)
# the asker's private things and places, outside work unless a document speaks of them ("in
# my car", "at my home"); a workplace the asker calls theirs ("on my patch", "at my depot") is
# often named otherwise by the documents, so it is not read
PRIVATE = frozenset(
    ["car", "cars", "home", "house", "flat", "garden", "bike", "motorbike", "motorcycle"]
)
# an opening that tells what the asker saw, found or thinks, before the case itself
_OPENING = re.compile(
    r"^\s*(?:i|you)(?:'ve|\s+have|'m|\s+am)?\s+(?:just\s+)?(?:think|thought|believe|suspect|"
    r"fear|noticed?|found|find|heard?|learned|learnt|realised|realized|reckon|guess)"
    r"(?:\s+that)?\s+",
    re.I,
)
# the situation's subject: a determiner and up to three words before the first verb-like word
_SUBJECT = re.compile(
    r"^\s*(?:my|our|a|an|the|one\s+of\s+(?:my|our|the)|someone\s+in\s+my)\s+"
    r"((?:[a-z-]+\s+){0,2}?[a-z-]+?)(?:'s|’s)?\s+"
    r"(?:is|was|has|have|had|isn't|wasn't|hasn't|keeps|kept|got|gets|can't|cannot|won't|"
    r"did|didn't|does|doesn't|will|would|may|might|could|should|must|seems|feels|told|said|"
    r"asked|wants|needs)\b",
    re.I,
)
# the asker named in the rest of a situation: a part in it
_ASKER = re.compile(r"\b(?:i|me|my|myself|mine|we|us|our|ours)\b", re.I)
# the case a line's condition rules on happens to the asker: it opens with "you" (after an
# opening "you think" / "you find that")
_YOU_CASE = re.compile(r"^\s*you\b(?!\s+(?:see|find|notice|discover|hear|spot|meet)\b)", re.I)
# the situation's subject is a part of something of the asker's own ("The battery in my
# car", "The alarm on my car") or of a person's of theirs ("My sister's car")
_OWN_WHOLE = re.compile(
    r"^\s*(?:(?:the|a|an)\s+(?:[a-z-]+\s+){1,2}?(?:in|on|of|inside)\s+my\s+([a-z-]+)\b"
    r"|my\s+([a-z-]+)(?:'s|’s)\s)",
    re.I,
)


def _person(word: str) -> bool:
    w = word.casefold()
    return w in PEOPLE or w.rstrip("s") in PEOPLE or w in KIN_WORDS or w.rstrip("s") in KIN_WORDS


def others_case(situation: str) -> str | None:
    """The person other than the asker the situation happens to ("my manager has been paid
    too little" -> "manager"), or None (the asker's own case, or no person; the asker in the
    rest of it: "my manager has asked me to work late" is the asker's case)."""
    told = _OPENING.sub("", situation, count=1)
    m = _SUBJECT.match(told)
    if m is None:
        return None
    if "'s " in m.group(0) or "’s " in m.group(0):
        return None  # "a customer's fuel card was lost": the case happens to the card
    if _ASKER.search(told[m.end() :]):
        return None
    head = m.group(1).split()[-1]
    return head if _person(head) else None


def _asker_case(condition: str) -> bool:
    """Does the condition's case happen to the asker ("you think you have been paid too
    little", "you are ill"; not "you find a needle")?"""
    return bool(_YOU_CASE.match(_OPENING.sub("", condition, count=1)))


def own_whole(situation: str) -> list[str]:
    """The asker's private thing or a person of theirs whose part the situation's subject is
    ("The battery in my car runs low" -> ["car"]; "My sister's car" -> ["sister"]); a case
    merely placed there ("My laptop was stolen from my car") is not read."""
    m = _OWN_WHOLE.match(situation)
    whole = m and (m.group(1) or m.group(2))
    return [whole] if whole and (whole.casefold() in PRIVATE or _person(whole)) else []


def other_subject(question: str, chosen: list[Candidate]) -> str | None:
    """What the situation told names that the answer's case lacks (the other person, or the
    asker's own thing no cited document says), when the question tells a situation and asks
    what to do; None otherwise."""
    situation = asked_to_do(question)
    if situation is None or not chosen:
        return None
    person = others_case(situation)
    if person is not None:
        for c in chosen:
            cond = line_condition(c.span.text)
            if cond:
                named = said_like_all(person, cond)
                return person if _asker_case(cond) and not named else None
    docs = {c.doc.doc_id: f"{c.doc.title}\n{c.doc.text}" for c in chosen}
    said = situation_words("\n".join(docs.values()))
    for whole in own_whole(situation):
        stems = situation_words(whole)
        if stems and not all(said_like(s, said) for s in stems):
            return whole
    return None


def said_like_all(word: str, text: str) -> bool:
    """Does `text` say `word` (each of its stems, whole or by their first letters)?"""
    said = situation_words(text)
    stems = situation_words(word)
    return bool(stems) and all(said_like(s, said) for s in stems)
