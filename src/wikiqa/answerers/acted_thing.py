"""The line of the first document ruling on the thing a leave question's act is done to.

An employee asks leave for an act on a thing in their own words: "Can I wear my earrings in
the kitchen?", "Can I claim the bottle of wine I had with dinner on the sales trip?", or, the
thing told first and the ask pointing back to it, "A contractor dropped off a £20 Amazon
voucher as a thank-you. Can I keep it?". A policy rules on the thing in its own words, often
more general ones ("In kitchens, a plain wedding band is the only jewellery allowed.",
"Alcohol is never reimbursed.", "Cash and vouchers must always be refused, whatever the
amount."), and a neighbouring line of the same document about another thing of the same act
shares more of the question's words ("Kitchen and spa staff must not wear false nails ...",
"You may accept a small gift worth up to £25 ..."): the ranker puts it first, and a yes/no
answer given from it would be about another thing. The question's particulars (the asker's
kitchen, the £20) are not the document's, so the ruling line sits under the floor at any
depth: the score says little of such a line, as `ruled_act.obliged_act` argues for the other
side of the same ask.

One sentence: *a question asking leave for an act ("Can/could/may I or we <verb> ...", a
light verb naming no act) on a thing it names after the verb, or, when the ask says "it",
"them" or "one", on the thing the text before the ask introduces with "a"/"an" (not its
subject: "a £20 Amazon voucher"), is answered by the line of the first line's document among
the top `lift.NEAR_POOL` ranked (no table row, in force) that rules on the thing, when the
first line names no word of it, or only means it in other words ("a small gift" for a voucher)
while that line says it: the line names the thing's head (said, or meant at the bundled
embedder's cosine `asked_thing.MEANT` or more) before its first word of permission or
prohibition (may, can, cannot, not, never, allowed, permitted, prohibited, forbidden,
refused, declined), as the subject that word's predicate rules on ("Cash and vouchers must
always be refused"); it is ranked just above the first line and answers if it is then first,
at any score, and its document says every name the question gives, a name qualifying the
thing aside ("Amazon" of the voucher; `stated_bound.says_every_name`).* A line ruling on the
act for another thing ("false nails" for earrings) is no answer; nor is one that names the
thing only as what another ruling reaches ("You may bring an assistance dog" for "Can I bring
my dog?"): a question no document answers finds such lines (facts27, a blind battery's
unanswerable question answered by the rule without that condition). Measured and not shipped:
`ExtractiveAnswerer` does not call it (docs/extractive-history.md, facts27: on the open sets it
gained three right answers and answered no must-refuse question, but in two versions it
answered an unanswerable question of a blind battery); it is kept, with its tests, for a round
that finds what tells that question's line from these. The head is the phrase's last word, read past
one "of" ("wine" of "a bottle of wine"). No question of SQuAD 2.0 dev (articles 1-6, 0 of
2,170) or HotpotQA dev (0 of 200) asks leave so (docs/extractive-history.md, facts27).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.asked_thing import _AROUND, _END, _KIND, MEANT, _says, _words_of
from wikiqa.answerers.features import asked_clause, keys
from wikiqa.answerers.lift import LIFT, Redecide, first_document_lines
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.text.terms import STOPWORDS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence
    from wikiqa.types import Document

# the asking clause asks leave for an act: the verb after "can/could/may I (we)", perhaps
# after a softening adverb, and the rest of the ask
_ASKS_LEAVE = re.compile(
    r"^\s*(?:can|could|may)\s+(?:i|we)\s+(?:(?:just|still|really|actually|ever)\s+)?"
    r"([a-z]+)\b(.*)$",
    re.I | re.S,
)
_LIGHT_VERB = frozenset({"get", "have", "be", "do", "go", "make", "take", "give", "ask"})
_POINTING = frozenset({"it", "them", "one"})
_ENDS = _END | frozenset({"outside", "inside", "onto", "off", "worth"})
_OWN = frozenset(
    [
        "the",
        "a",
        "an",
        "my",
        "our",
        "your",
        "their",
        "his",
        "her",
        "some",
        "any",
        "this",
        "that",
        "these",
        "those",
    ]
)
# an indefinite article opening a phrase that introduces a thing
_INTRODUCED = re.compile(r"(?<=\s)(?:a|an)\s+", re.I)
_WORD = re.compile(r"[a-z][a-z'’-]*")
_BREAK = re.compile(r"[,.;:!?()]")
# a word of permission or prohibition; a bare "must" obliges, another question, but "must
# (always) be refused" forbids
_RULES = re.compile(
    r"\b(?:may|can|cannot|can['’]t|not|never|allowed|permitted|prohibited|forbidden"
    r"|refused|declined)\b",
    re.I,
)


def _phrase(text: str) -> list[str]:
    """The content words of the noun phrase opening `text`, up to a clause mark or a word
    ending it (asked_thing._END), read past one "of" ("bottle of wine"); determiners,
    adjectives of amount and words naming only a kind of value left out."""
    words: list[str] = []
    crossed_of = False
    for raw in _WORD.findall(_BREAK.split(text.lower().replace("’", "'"), maxsplit=1)[0]):
        word = raw.strip("'-")
        if not words and word in _OWN:
            continue
        if word == "of" and words and not crossed_of:
            crossed_of = True
            continue
        if word in _ENDS or word in _OWN:
            break
        words.append(word)
    return [p for w in words for p in w.split("-") if p and p not in STOPWORDS and p not in _AROUND]


def _introduced(before: str) -> list[str]:
    """The thing the text before the ask introduces: the first phrase opened by "a" or "an"
    that does not open the text (its subject: "A contractor dropped off a ... voucher")."""
    for m in _INTRODUCED.finditer(f" {before}"):
        if m.start() <= 1:
            continue
        found = _phrase(f" {before}"[m.end() :])
        if found:
            return found
    return []


def acted_thing(question: str) -> tuple[str, ...]:
    """The words naming the thing a leave question's act is done to ("Can I wear my earrings
    in the kitchen?" -> ("earrings",); "... a £20 Amazon voucher as a thank-you. Can I keep
    it?" -> ("amazon", "voucher")); () when the question asks no leave for an act on a thing
    (see the module docstring)."""
    asking = asked_clause(question)
    m = _ASKS_LEAVE.match(asking)
    if m is None or m.group(1).lower() in _LIGHT_VERB:
        return ()
    rest = m.group(2).strip()
    first = _WORD.match(rest.lower())
    if first is not None and first.group(0) in _POINTING:
        before = question[: max(question.rfind(asking), 0)]
        thing = _introduced(before)
    else:
        thing = _phrase(rest)
    return tuple(w for w in thing if w not in _KIND)


def _names_said(question: str, thing: tuple[str, ...], doc: Document) -> bool:
    """Does the document say every name the question gives (`stated_bound.says_every_name`),
    a name qualifying the thing itself aside ("Amazon" of "a £20 Amazon voucher": the line
    rules on vouchers, whoever sells them)?"""
    qualifiers = {w for w in thing[:-1]}
    kept = " ".join(w for w in question.split() if w.strip(".,;:!?'’").lower() not in qualifiers)
    return says_every_name(kept, doc)


def _said(word: str, text: str) -> bool:
    return _says(word, frozenset(keys(text)))


def _names(word: str, text: str, similarities: Callable[[str, list[str]], list[float]]) -> bool:
    if _said(word, text):
        return True
    words = _words_of([text])
    return bool(words) and max(similarities(word, words)) >= MEANT


def rules_on_thing(
    line: str, thing: tuple[str, ...], similarities: Callable[[str, list[str]], list[float]]
) -> bool:
    """Does `line` rule on the thing: name its head (said or meant) before its first word of
    permission or prohibition, as the subject that word's predicate rules on ("Cash and
    vouchers must always be refused", "Alcohol is never reimbursed"), not as a thing some
    other ruling reaches ("You may bring an assistance dog")?"""
    ruling = _RULES.search(line)
    if not thing or ruling is None:
        return False
    subject = line[: ruling.start()]
    return bool(subject.strip()) and _names(thing[-1], subject, similarities)


def acted_candidate(
    e: Evidence, similarities: Callable[[str, list[str]], list[float]]
) -> Candidate | None:
    """The first line among the top NEAR_POOL of the first line's document (no table row)
    that names the acted-on thing's head beside a word of permission or prohibition, when
    the first line names no word of the thing; None otherwise."""
    if not e.ranked:
        return None
    thing = acted_thing(e.question.text)
    pool = first_document_lines(e) if thing else []
    if not pool or e.ranked[0].header is not None:
        return None
    first = e.ranked[0].text
    if any(_said(word, first) for word in thing):
        return None  # the first line says the thing: its ruling stands or falls alone
    meant = any(_names(word, first, similarities) for word in thing)
    for c in pool:
        if not rules_on_thing(c.text, thing, similarities):
            continue
        # a first line meaning the thing in other words gives way to one saying it
        if not meant or _said(thing[-1], c.text):
            return c
    return None


def acted_line(
    e: Evidence,
    similarities: Callable[[str, list[str]], list[float]],
    redecide: Redecide,
) -> Evidence | None:
    """The evidence decided again with `acted_candidate` ranked just above the first line
    (`redecide(line, points)`), when that line is then first and its document says every
    name the question gives; it answers at any score (see the module docstring)."""
    line = acted_candidate(e, similarities)
    thing = acted_thing(e.question.text)
    if line is None or not _names_said(e.question.text, thing, line.doc):
        return None
    again = redecide(line, e.ranked[0].rank - line.rank + LIFT)
    if not again.ranked or again.ranked[0] is not line:
        return None
    return again
