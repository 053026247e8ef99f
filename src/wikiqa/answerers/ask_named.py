"""A line a little under the floor that names, whole, what the question asks.

An employee's question often tells a situation and then asks in a few words ("My grandad
passed away on Sunday. How many days off do I get?"). The situation's words are the asker's,
not the document's, and pull the answerability of the line that answers under the floor. The
asking clause (`features.asked_clause`, less a situation told inside its sentence) is what the
line must say: when every content word of it is said by the first-ranked line, the heading it
sits under or its document's title, and that document is the one retrieval put first, the
line answers within `ASK_SLACK` under the floor.

Only a question that tells a situation before it asks (`told_situation`): text before the
asking clause, a statement rather than a question, in which the asker speaks of themselves
or to the reader (a first- or second-person word: "I've just started, how ...", "My
contract ends in May. What ...", "If you work nights, do ..."). That is what makes the
situation's words pull the score down while the ask's are the line's. A question that only
asks ("What is X?") has no such words to discount: a line naming its whole ask under the floor
was scored low on what the ask itself says. SQuAD's adversarial unanswerables are such
questions: they copy their paragraph's words, so a line a little under the floor names their
whole ask and must still be refused. A word of the ask that names the kind of answer ("how quickly", "how fast", "who do I
ring", "how much money") is said by a value of that kind in the line ("within 1 hour",
"extension 2222", "£900"), not by the word; a light word of asking ("need", "tell", "get",
"allowed", "anything") needs saying by nobody. An ask that names no thing of its own ("What
should I do?", "How quickly do I need to tell someone?") asks about the thing its situation
tells: the line must say a word of the situation (itself, or by its heading or title),
outside the values that say the ask's kind words, and not a table row (a row answers by a
column the question names). A question the readable documents cannot answer (a permission or an
unanswerable question) asks for a thing they never name ("the pay range for Grade 8", "a
cycle to work scheme"), which this does not excuse.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import ANSWER_FEATURES, SENTENCE_END, asked_clause
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.text.terms import content_terms, stem

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

ASK_SLACK = 0.15  # how far under the floor a line naming the whole ask may answer
PREFIX = 4  # two words sharing their first PREFIX letters are one word said otherwise
# words of asking, not of what is asked (stemmed)
LIGHT = frozenset({
    "get", "got", "need", "do", "can", "allow", "anyth", "anyon", "someon", "someth", "thing",
    "ok", "okay", "what", "whats", "sure", "go", "still", "actual", "realli", "just", "tell",
    "know", "happen", "help", "first", "off", "hold", "abl",
})  # fmt: skip
_DURATION = re.compile(
    r"\b\d+\s*(?:working\s+|calendar\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?)\b"
    r"|\bimmediately\b|\bstraight away\b|\bat once\b|\bsame day\b",
    re.I,
)
# a telephone number or extension said (read by chain_attribute.py too)
PHONE_SAID = re.compile(r"\bextension\s*\d+|\b\d{3,}[\d ]{4,}", re.I)
# a sum of money said (read by own_restated.py too)
MONEY_SAID = re.compile(r"[£€$]\s?\d")
# a word of the ask naming the kind of answer -> what says a value of that kind
KIND_WORDS: dict[str, re.Pattern[str]] = {
    "quick": _DURATION, "fast": _DURATION, "soon": _DURATION, "long": _DURATION,
    "ring": PHONE_SAID, "call": PHONE_SAID, "phone": PHONE_SAID, "number": PHONE_SAID,
    "money": MONEY_SAID, "cost": MONEY_SAID, "much": MONEY_SAID,
}  # fmt: skip
_DOC_TOP = ANSWER_FEATURES.index("doc_top")

# A word in which the asker speaks of themselves or to the reader. "I" is the pronoun when
# a word or an apostrophe follows it ("I've", "I work"), not a comma ("After World War I,
# what ..."), and no name stands before it ("Elizabeth I was ...": a capitalised word that
# does not open its sentence; "Once I've passed probation" opens with one).
PERSON = re.compile(
    r"(?<![A-Za-z])I(?=['’]\w|\s+[a-z])"
    r"|\b(?:[Mm]e|[Mm]y|[Mm]ine|[Mm]yself|[Ww]e|[Oo]ur|[Oo]urs|us|[Yy]ou|[Yy]our|[Yy]ours"
    r"|[Yy]ourself)\b"
)
NAME_BEFORE = re.compile(r"[\w,;:)]\s+[A-Z][\w.'’-]*\s+$")
# a clause mark, perhaps a joining word, after which the question opens with a question word
# or an auxiliary ("I've just started, how ...", "It's not an emergency, but what ...")
_AUX = (
    r"(?:can|could|do|does|did|is|are|am|was|were|will|would|should|shall|may|might|must|have"
    r"|has|had)"
)
_WH = r"(?:how|what|what's|whats|when|where|which|who|whom|whose|why)"
_ASK_OPENS = re.compile(
    rf"(?:[,;:–—]\s+|\s-\s+)(?:(?:but|so|and|then)\s+)?(?=(?:{_WH}|{_AUX})\b)", re.I
)
# a lead that is itself a question ("Are any of our shops closing down, and when?"): it opens
# with an auxiliary, or a question word other than a "when"/"where" that subordinates ("When
# I started, ..."), or with "when"/"where" and an auxiliary
_ASKS = re.compile(
    rf"^\s*(?:{_AUX}|how|what|what's|whats|which|who|whom|whose|why|(?:when|where)\s+{_AUX})\b",
    re.I,
)


def speaks_personally(text: str) -> bool:
    """Does `text` hold a first- or second-person word (`PERSON`): a workplace question, not an
    encyclopedia's?"""
    for m in PERSON.finditer(text):
        if m.group(0) == "I" and NAME_BEFORE.search(text[: m.start()]):
            continue
        return True
    return False


def told_situation(question: str) -> tuple[str, str] | None:
    """(the situation, the ask) when the question tells a situation before it asks: the text
    before its asking clause (`features.asked_clause`: earlier sentences that are no
    questions, or the lead of the asking sentence up to a clause mark after which a question
    word or an auxiliary opens the question: "I've just started here, how many days do I
    get?") speaks in the first or second person; None otherwise ("What is X?", "In 1990, what
    ...?", "How long is the notice period? And who must be told?")."""
    asking = asked_clause(question)
    at = question.rfind(asking)
    before = [s for s in SENTENCE_END.split(question[: max(at, 0)].strip()) if s.strip()]
    told = [s for s in before if not s.rstrip().endswith("?")]
    if len(told) != len(before):
        return None  # an earlier question: a compound question, not a situation
    ask = asking
    opens = list(_ASK_OPENS.finditer(asking))
    # a lead that is itself a question asks too ("Who do I tell, and how fast?")
    if opens and not _ASKS.match(lead := asking[: opens[-1].start()]):
        told.append(lead)
        ask = asking[opens[-1].end() :]
    situation = " ".join(s.strip() for s in told).strip()
    if not situation or not speaks_personally(situation):
        return None
    return situation, ask


def content_stems(text: str) -> list[str]:
    """The stems of `text`'s content words, in order."""
    return [stem(w) for w in content_terms(text)]


def situation_stems(situation: str) -> list[str]:
    """The distinct stems of a told situation's content words, light words of asking aside:
    what a line must say of the situation to be about the asker's case."""
    return [w for w in dict.fromkeys(content_stems(situation)) if w not in LIGHT]


def stem_set(text: str) -> set[str]:
    """The stems of `text`'s content words, light words of asking aside, as a set: what a
    subject or an asked thing says, for `said_like` to look words up in."""
    return set(situation_stems(text))


def said_like(word: str, said: set[str]) -> bool:
    """`word` is in `said`, whole or sharing its first PREFIX letters with a word there."""
    if word in said:
        return True
    return len(word) >= PREFIX and any(
        len(s) >= PREFIX and s[:PREFIX] == word[:PREFIX] for s in said
    )


# where a line's clauses part: a mark, or a word opening a clause of its own
_CLAUSE_BREAK = re.compile(
    r"[,;:()—–]|\s-\s|\b(?:where|which|who|whom|whose|when|while|if|unless|because|although"
    r"|though|and|or|but|so)\b",
    re.I,
)


def _clauses(line: str) -> list[str]:
    """The line cut where a clause mark or a clause-opening word stands (`_CLAUSE_BREAK`)."""
    return [c for c in _CLAUSE_BREAK.split(line) if c.strip()]


def names_the_ask(
    ask: str, line: str, context: str, title: str, situation: str = "", row: bool = False
) -> bool:
    """Does `line` (under `context`, in the document `title`) say every content word of the
    ask, a kind word by a value of its kind, and at least one word of the ask itself (kind
    and light words alone name no thing: "How quickly do I need to tell someone?" is about
    what the situation says)? A value says a kind word only as the value of a thing the ask
    names: a word of the ask said by the heading or the title (which frame every line under
    them), or by the line in the very clause that holds the value ("within 1 hour" under
    "Security Incident Reporting" for "How quickly must I report it?"; not "a journey of more
    than 3 hours where you will work on the train" for "How long do I have to have worked
    here?": the hours are the journey's, the work is another clause's).

    An ask of kind and light words alone ("What should I do?", "Who do I tell, and how
    fast?") asks about the thing its `situation` tells ("I left my work tablet on the bus"):
    it is named when its kind words are said by values of their kind and at least one word
    of the situation is said by the line, its heading or its title ("Report a lost phone, a
    lost tablet ... within 1 hour"), so the line speaks of the thing the asker tells of; a
    word said only inside the value that says a kind word is the answer's, not the thing's
    ("I clicked a link at work. How quickly ...?" is not named by "2 working days"). A
    table `row` answers by a cell under a column the question names (named_cell.py); an ask
    naming no thing names no column, so no row is named by the situation."""
    said = set(content_stems(f"{line} {context} {title}"))
    framed = set(content_stems(f"{context} {title}"))
    named: list[str] = []
    kinds: list[re.Pattern[str]] = []
    for word in content_stems(ask):
        if word in LIGHT:
            continue
        if said_like(word, said):
            named.append(word)
            continue
        kind = KIND_WORDS.get(word)
        if kind is None or not kind.search(line):
            return False
        kinds.append(kind)
    if not named:
        if row:  # a row answers by a cell, and an ask naming no thing names no column
            return False
        # the values saying the kind words are the answer, not the thing: a word of the
        # situation said only inside one ("work" by "5 working days") names nothing
        rest = line
        for kind in kinds:
            rest = kind.sub(" ", rest)
        told = set(content_stems(f"{rest} {context} {title}"))
        return any(said_like(w, told) for w in content_stems(situation) if w not in LIGHT)
    if not kinds or any(said_like(w, framed) for w in named):
        return True
    clauses = [set(content_stems(c)) for c in _clauses(line) if any(k.search(c) for k in kinds)]
    return any(said_like(w, c) for c in clauses for w in named)


def within_slack(e: Evidence, floor: float) -> bool:
    """Is the evidence's first line under the floor by less than ASK_SLACK (the band where a
    line naming the whole ask, or granting the asked thing in other words, may answer)?"""
    return bool(e.ranked) and floor - ASK_SLACK <= e.score < floor


def prose_line_in_slack(e: Evidence, floor: float, first_doc: bool = True) -> Candidate | None:
    """The evidence's first line, when it is within ASK_SLACK under the floor, no table row,
    in a document in force and (with `first_doc`) in the first-retrieved one: the line every
    rule that reads one line a little under the floor starts from, else None."""
    if not within_slack(e, floor) or (first_doc and e.features[_DOC_TOP] < 1.0):
        return None
    top = e.ranked[0]
    return top if prose_in_force(top) else None


def first_prose_line(e: Evidence, first_doc: bool = True) -> Candidate | None:
    """The evidence's first line at any score above 0, when it is no table row and its
    document is in force and (with `first_doc`) the first retrieved (ruled_act.obliged_act),
    else None."""
    if not e.ranked or e.score <= 0.0 or (first_doc and e.features[_DOC_TOP] < 1.0):
        return None
    top = e.ranked[0]
    return top if prose_in_force(top) else None


def prose_in_force(line: Candidate) -> bool:
    """Is the line no table row, in a document in force (the line a one-line reading under
    the floor may answer from)?"""
    return line.header is None and not read_out_of_force(line.doc)


# a bare trailing part of a compound question completed with the first part's words
# (features._split_parts: "..., and how fast?" -> "how fast: I left my tablet on the bus. Who
# do I tell?"): the bare words are what the part asks
_COMPLETED = re.compile(rf"^({_WH}(?:\s+[\w'’-]+)?):\s+(\S.*)$", re.I | re.S)


def part_told(text: str) -> tuple[str, str] | None:
    """(the situation, the ask) of a question or of one part of a compound question
    (`told_situation`); for a bare trailing part completed with the first part's words ("how
    fast: I left my tablet on the bus. Who do I tell?") the ask is the bare words ("how
    fast") and the situation the first part's."""
    completed = _COMPLETED.match(text.strip())
    if completed is None:
        return told_situation(text)
    told = told_situation(completed.group(2))
    return None if told is None else (told[0], completed.group(1))


def ask_named(e: Evidence, floor: float, part: bool = False) -> bool:
    """Does the evidence's first line answer within ASK_SLACK under the floor because it
    names the whole ask of a question (or, `part`, of a part of a compound one: `part_told`)
    that tells a situation first, in the document retrieval put first?"""
    if not within_slack(e, floor):
        return False
    if e.features[_DOC_TOP] < 1.0:
        return False
    told = part_told(e.question.text) if part else told_situation(e.question.text)
    if told is None:
        return False
    top = e.ranked[0]
    return names_the_ask(
        told[1], top.span.text, top.context, top.doc.title, told[0], top.header is not None
    )


def parts_named(found: list[Evidence], floor: float) -> bool:
    """Does every part of a compound question that tells a situation first ("I left my work
    tablet on the bus. Who do I tell, and how fast?") have a first line naming the part's
    whole ask a little under the floor (`ask_named`)? The situation's words pull each part's
    line under the floor as they pull a single question's; a part the lines do not name
    leaves the question refused, as a single ask would be."""
    return len(found) > 1 and all(ask_named(e, floor, part=True) for e in found)
