"""A line a little under the floor that permits or forbids the very act a question asks leave for.

An employee asks whether they may do something in their own words ("Can I accept a bottle of
wine worth €80 from a supplier?", "Is it OK to just text my manager to say I'm off sick?",
"can i take 3 weeks off in august"). A policy answers such a question with a line that rules
on the act: it permits it ("You may accept gifts worth up to €50 from a supplier or
customer.") or forbids it ("Text messages and e-mails are not accepted as notification."). The
line names the act by the asker's verb but the thing acted on in its own, more general words
(gifts for a bottle of wine, messages for a text), and the asker's particulars (€80, August,
my manager) are not the document's: the exact-term answerability features, fitted to SQuAD
whose questions copy their paragraph's words, put such a line a little under the floor.

One sentence: *a question asking leave for an act ("Can/could/may I or we <verb> ...", "Is it
OK/alright/fine to <verb> ...", "Am I/are we allowed/permitted to <verb> ...") is answered by
its first-ranked line within `ask_named.ASK_SLACK` under the floor, in the document retrieval
put first and in force, not a table row, when that line says the asked verb beside a word of
permission or prohibition (may, can, cannot, not, never, allowed, permitted, accepted,
prohibited, forbidden) and, when the ask names more than the act, the line, its heading or its
document's title says at least one more word of it.* A line saying the verb with only an
obligation ("Kitchen staff must wear safety shoes." for "Can I wear my earrings in the
kitchen?") answers "must I", not "may I", and is left refused; so is one ruling on the act for
another thing the ask does not name ("You may bring a trade union representative" for "Can I
bring my dog into the office?": no word beyond "bring" said). A light verb ("get", "have")
names no act: whether the asker *gets* a thing is asked_thing.py's question. "Do" with an
activity as its object names the act by that object ("Can I still do my bank shift at another
home?", under59): the line must rule on it with every content word of the object said by the
line itself ("You must not work a bank or agency shift anywhere else ..."), since no verb of
the ask is left to check, and a further word of the question said by the line's heading,
lead-in or title, the case the rule is for ("During an outbreak:"): "Can I do an agency shift
at the weekend?" tells no outbreak and is left refused.

No question of SQuAD 2.0 dev (0 of 2,805) or HotpotQA dev opens its asking clause so, so
neither can reach this (history/extractive-history.md, floor21).

The other side of the same reading (floor23): a question asking whether the asker *must* do an
act ("Do I have to tell anyone?", "Do I need to report it?", "Must I declare it?", "Am I
required to ...") is answered by the line that obliges the act: the asked verb said right
after a word of obligation ("You must tell your depot manager within 48 hours ...", "... must
be declared ...") or opening the line as an instruction ("- Tell your manager within 2
working days if you get penalty points ..."). One sentence: *a question asking whether the
asker is bound to an act is answered by its first-ranked line under the floor, in the
document retrieval put first and in force, not a table row, when that line obliges the asked
verb and says what else the ask names (every further word of it, by the line, its heading or
its title), or, for an ask naming nothing beyond the act and whom it is owed to ("anyone",
"someone"), a word of the situation the question tells first, said by the line itself
("points" of "I got 3 points for speeding ...").* Such an ask holds one word of its own,
the verb; everything else the question says is the asker's situation, in the asker's words,
which the exact-term features count as missing terms: the score says little about such a
line, so no slack bounds it, and what answers is the reading (the act obliged, the situation
said). A line that obliges another act ("Uniform must not be worn when drinking in a pub"
for "I've got a weekend job in a pub. Do I need to tell anyone?"), or the act for another
situation ("Income from outside work over £5,000 a year must be declared" for "A student
gave me a £30 bottle of whisky. Do I have to declare it?": no word of the gift said), is
left refused. No question of SQuAD 2.0 dev (0 of 2,805) or HotpotQA dev (0 of 250) asks
so.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    LIGHT,
    content_stems,
    first_prose_line,
    prose_line_in_slack,
    said_like,
    told_situation,
)
from wikiqa.answerers.features import asked_clause
from wikiqa.text.terms import stem

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence


# the asking clause asks leave for an act: the verb after the asker and the modal (perhaps
# after a softening adverb), and the rest of the ask
_ASKS_LEAVE = re.compile(
    r"^\s*(?:(?:can|could|may)\s+(?:i|we)"
    r"|(?:is|would)\s+it\s+(?:ok|okay|alright|all\s+right|fine|allowed)(?:\s+for\s+(?:me|us))?"
    r"\s+to"
    r"|(?:am\s+i|are\s+we)\s+(?:allowed|permitted)\s+to)"
    r"\s+(?:(?:just|still|really|actually|ever)\s+)?([a-z]+)\b(.*)$",
    re.I | re.S,
)
# a word that permits or forbids; a bare "must" obliges, which answers another question
_RULES = re.compile(
    r"\b(?:may|can|cannot|can't|not|never|allowed|permitted|accepted|prohibited|forbidden)\b",
    re.I,
)
_NO_ACT = frozenset({"have", "be"})  # light verbs beyond ask_named.LIGHT


def asked_act(question: str) -> tuple[str, str] | None:
    """(the verb, the rest of the ask) when the question's asking clause asks leave for an
    act ("Can I accept a bottle of wine ...?" -> ("accept", "a bottle of wine ...")); None
    otherwise, or when the verb is a light one that names no act ("Can I get ...?")."""
    m = _ASKS_LEAVE.match(asked_clause(question))
    if m is None:
        return None
    verb = stem(m.group(1).lower())
    if verb in LIGHT or verb in _NO_ACT:
        return None
    return verb, m.group(2)


def rules_on_act(line: str, context: str, title: str, verb: str, rest: str) -> bool:
    """Does `line` (under `context`, in the document `title`) permit or forbid the act: the
    verb said beside a word of permission or prohibition, and, when the ask names more than
    the act, one more of its words said by the line, its heading or its title?"""
    if not _RULES.search(line) or not said_like(verb, set(content_stems(line))):
        return False
    more = [w for w in content_stems(rest) if w not in LIGHT and w != verb]
    if not more:
        return True
    said = set(content_stems(f"{line} {context} {title}"))
    return any(said_like(w, said) for w in more)


# "do" with an activity as its object names the act by the object ("Can I still do my bank
# shift ...", "Am I allowed to do lone work ..."): the object runs to the first preposition,
# conjunction or clause word
_DONE = re.compile(
    r"^\s*(?:(?:can|could|may)\s+(?:i|we)"
    r"|(?:is|would)\s+it\s+(?:ok|okay|alright|all\s+right|fine|allowed)(?:\s+for\s+(?:me|us))?"
    r"\s+to"
    r"|(?:am\s+i|are\s+we)\s+(?:allowed|permitted)\s+to)"
    r"\s+(?:(?:just|still|really|actually|ever)\s+)?do\s+"
    r"(?P<object>(?:(?!\b(?:at|in|on|for|with|from|to|this|that|if|when|while|after|before"
    r"|during|and|or|but)\b)[^,?.!;])+)",
    re.I,
)


def asked_activity(question: str) -> list[str] | None:
    """The content stems of the activity a question asks leave to do ("bank", "shift" of
    "Can I still do my bank shift at another home?"), or None when it asks no such thing or
    the object names nothing ("Can I do it?")."""
    m = _DONE.match(asked_clause(question))
    if m is None:
        return None
    words = [w for w in content_stems(m.group("object")) if w not in LIGHT]
    return words or None


def rules_on_activity(line: str, frame: str, question: str, activity: list[str]) -> bool:
    """Does `line` permit or forbid the activity for the question's case: a word of
    permission or prohibition, every content word of the activity said by the line itself,
    and a further word of the question said by the line's frame (its heading, lead-in and
    title: the case the rule is for, "During an outbreak:" for "We've got an outbreak ...")?"""
    if not _RULES.search(line):
        return False
    said = set(content_stems(line))
    if not all(said_like(w, said) for w in activity):
        return False
    framed = set(content_stems(frame))
    more = [w for w in content_stems(question) if w not in LIGHT and w not in activity]
    return any(said_like(w, framed) for w in more)


def ruled_act(e: Evidence, floor: float) -> bool:
    """Does the evidence's first line answer within ASK_SLACK under the floor because the
    question asks leave for an act (or to do an activity) and the line rules on it (see the
    module docstring)?"""
    top = prose_line_in_slack(e, floor)
    if top is None:
        return False
    act = asked_act(e.question.text)
    if act is None:
        activity = asked_activity(e.question.text)
        frame = f"{top.context or ''}\n{top.lead.text if top.lead else ''}\n{top.doc.title}"
        return activity is not None and rules_on_activity(
            top.span.text, frame, e.question.text, activity
        )
    return rules_on_act(top.span.text, top.context or "", top.doc.title, *act)


# the asking clause asks whether the asker is bound to an act: the verb after the asker and
# "have to" / "need to" / "got to", after "must" or "should" and the asker, or after "am I /
# are we required (expected, supposed, obliged) to", perhaps after a softening adverb
_ASKS_DUTY = re.compile(
    r"^\s*(?:(?:do|does)\s+(?:i|we)\s+(?:(?:still|really|actually)\s+)?(?:have|need|got)\s+to"
    r"|(?:must|should)\s+(?:i|we)"
    r"|(?:am\s+i|are\s+we)\s+(?:required|expected|supposed|obliged)\s+to"
    r"|(?:have|has)\s+(?:i|we)\s+got\s+to)"
    r"\s+(?:(?:just|still|really|actually|ever)\s+)?([a-z]+)\b(.*)$",
    re.I | re.S,
)
# a word of obligation the obliged verb follows (at most two words between: "must be
# declared", "must always tell")
_OBLIGES = re.compile(
    r"\b(?:must|have\s+to|has\s+to|need\s+to|needs\s+to|required\s+to|expected\s+to"
    r"|should)((?:\s+[A-Za-z]+){1,3})",
    re.I,
)
_BARE = frozenset({"get", "got", "do", "go", "have", "be"})  # verbs that name no act
_MARK = re.compile(r"^\s*(?:[-*•]|\d+[.)])?\s*")  # a list mark or a step's number


def asked_duty(question: str) -> tuple[str, str, str] | None:
    """(the verb, the rest of the ask, the situation told first or "") when the question's
    asking clause (less a situation told first) asks whether the asker is bound to an act
    ("I got 3 points ... Do I have to tell anyone?" -> ("tell", " anyone?", "I got 3 points
    ...")); None otherwise, or when the verb names no act ("Do I have to get ...?")."""
    told = told_situation(question)
    ask = told[1] if told else asked_clause(question)
    m = _ASKS_DUTY.match(ask)
    if m is None:
        return None
    verb = stem(m.group(1).lower())
    if verb in _BARE:
        return None
    return verb, m.group(2), told[0] if told else ""


def obliges(line: str, verb: str) -> bool:
    """Does `line` oblige the act `verb` names: the verb (whole or by its first letters) right
    after a word of obligation, or opening the line as an instruction?"""
    opening = _MARK.sub("", line, count=1).split(maxsplit=1)
    if opening and said_like(verb, {stem(opening[0].lower().strip(",.:;"))}):
        return True
    return any(
        said_like(verb, {stem(w.lower())})
        for m in _OBLIGES.finditer(line)
        for w in m.group(1).split()
    )


def obliges_act(line: str, context: str, title: str, verb: str, rest: str, situation: str) -> bool:
    """Does `line` (under `context`, in the document `title`) oblige the asked act and say
    what else the ask names, or, when it names nothing more, the told situation (see the
    module docstring)?"""
    if not obliges(line, verb):
        return False
    more = [w for w in content_stems(rest) if w not in LIGHT and w != verb]
    if more:
        said = set(content_stems(f"{line} {context} {title}"))
        return all(said_like(w, said) for w in more)
    own = set(content_stems(line))
    return any(said_like(w, own) for w in content_stems(situation) if w not in LIGHT)


def obliged_act(e: Evidence) -> bool:
    """Does the evidence's first line answer under the floor because the question asks
    whether the asker is bound to an act and the line obliges it (see the module
    docstring)?"""
    top = first_prose_line(e)
    if top is None:
        return False
    duty = asked_duty(e.question.text)
    if duty is None:
        return False
    return obliges_act(top.span.text, top.context or "", top.doc.title, *duty)
