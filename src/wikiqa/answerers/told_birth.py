"""A baby on the way told from the partner's side, read as the handbooks write it.

Family leave policies rule on a birth by who the employee is in it: "Maternity leave" for
the one giving birth, "Paternity or partner leave" for the other parent ("A partner of
someone giving birth or adopting can take 4 weeks at full pay", "Partners get 2 weeks of
paternity leave"). The asker tells it in their own words: "My wife is due in March. How
much paid time off do I get as the dad?", "My girlfriend's due in March". Neither the
search nor the features join "the dad" to "paternity" or "partner", so the bereavement
table's "wife" row, the pregnancy-loss line or an antenatal item was read first and
refused (hb4-fact-10, hb5-fact-10, hb6-fact-08), or answered (hb2-yn-04, "Do new dads get
paid leave?", with the bereavement row "Partner, child or parent | 5 working days").

`plain_birth` says what such an asker asks as the documents say it: the asker told as the
baby's father ("as the dad", "as the new dad", "as a dad-to-be", "I'm going to be a dad",
"new dads") asking for leave in everyday words ("time off", "days off", "leave") asks for
"paternity or partner leave". A question asking no leave is left alone (who the asker is
keys nothing there), and so is a mother asking for herself ("I'm due in March").

Who the asker is in the situation also bounds which lines may answer (`not_the_askers`,
read by `ExtractiveAnswerer._untold` before the floor decides). A relative the question
names keys a bereavement row ("| Husband, wife or partner | 10 working days |") only when
a death is told: "My wife is due in March. How much paid leave do I get?" and "My sister
is getting married in June. How many days of paid leave do I get?" ask of no death, and
the row, or a line of the bereavement section naming the relative and a loss ("Anyone who
loses a pregnancy ..., and their partner, ..."), is another's case (`untold_death_row`).
And the father's leave is not the mother's: a line under a maternity heading, or the
"Maternity leave" row, is no answer to a question asking for paternity or partner leave
(`birth_givers_line`).

When the father's question so read is still refused, the birth told as the asker tells it
("my wife is due in March") is asked again as the policies write it, "my wife is giving
birth in March" ("A partner of someone giving birth ... can take 4 weeks at full pay";
`birth_due`, hb4-fact-10), unless the leave is asked for a purpose of its own ("... for the
baby's first birthday"); `birth_said` keeps that answer only when a cited line says the
other parent's leave (a partner, paternity, a father).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.rows import named_cells, naming_keys
from wikiqa.answerers.told_bound import asks_beyond, said_or_refused, says_any
from wikiqa.answerers.told_key import death_told
from wikiqa.text.forms import KIN_WORDS
from wikiqa.text.headings import title_at
from wikiqa.text.tables import cells
from wikiqa.types import Draft

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

PARTNER_DUE = True  # "my wife's due", the asker's own time off asked: the partner's leave

# the asker as the baby's father, in everyday words
_DAD = re.compile(
    r"\b(?:as\s+(?:the|a|her)\s+(?:new\s+|expectant\s+)?(?:dad|father|daddy)(?:-to-be)?"
    r"|as\s+(?:the|a)\s+(?:dad|father)-to-be|new\s+(?:dads|fathers)"
    r"|(?:i['’]m|i\s+am)\s+(?:going\s+to\s+be|about\s+to\s+become|becoming)\s+a\s+(?:dad|father))\b",
    re.I,
)


# the leave asked for in everyday words ("time off", "days off", "leave")
_TIME_OFF = re.compile(r"\b(?:time|days?|weeks?)\s+off\b|\bleave\b", re.I)
_PATERNITY = "paternity or partner leave"


def plain_birth(question: str) -> str:
    """`question` with the asker told as the baby's father said as the documents say it:
    the leave asked for is the partner's ("How much paid time off do I get as the dad?"
    -> "How much paid paternity or partner leave do I get?"), or the asker is "the partner
    (paternity or partner leave)" when no leave is asked in those words; the question
    itself when it tells no father-to-be."""
    dad = _DAD.search(question)
    if dad is None:
        return question
    # "as the dad" is dropped once the leave says it; "I'm going to be a dad" stays, and
    # "new dads" are the documents' "partners"
    told = dad.group(0).lower()
    if told.startswith("as"):
        ask = question[: dad.start()] + question[dad.end() :]
    elif told.endswith("s"):
        ask = question[: dad.start()] + "partners" + question[dad.end() :]
    else:
        ask = question
    if not _TIME_OFF.search(ask):
        return question  # no leave asked: who the asker is keys nothing here
    return re.sub(r"\s+([,.;?!])", r"\1", _TIME_OFF.sub(_PATERNITY, ask, count=1))


# a death, as a question tells or asks of one
_DEATH = key_set(
    "die died dies dying death dead deceased bereavement bereaved funeral passed loss lost lose"
)
# a death proper, as a heading, title or header rules on one ("Bereavement", "Who has died";
# not "Losing a pass")
_DIED = key_set("die died dies death dead deceased bereavement bereaved funeral")
# the relatives, as the question's keys name a row ("wife" of "Husband, wife or partner")
_KIN_KEYS = key_set(" ".join(KIN_WORDS))


def untold_death_row(c: Candidate, question: str) -> bool:
    """Is `c` a line of a death's rule, a row of a table under a heading, title or header
    saying a death whose key cell the question names by a relative, or a line saying a
    death or loss itself under such a heading or title and naming that relative ("Anyone
    who loses a pregnancy at any stage, and their partner, ..."), while the question tells
    no death and asks of none (`death_told`, no word of a death)?"""
    if death_told(question) is not None:
        return False
    asked = key_set(question)
    if asked & _DEATH:
        return False
    kin = naming_keys(frozenset(asked & _KIN_KEYS))
    if not kin:
        return False
    heading = title_at(c.doc.text, c.span.start)  # "## Bereavement" over the table
    ruled = key_set(heading) | key_set(c.doc.title)
    if c.header is None:
        line = key_set(c.span.text)
        return bool(line & _DEATH and line & kin and ruled & _DIED)
    if 0 not in named_cells(c.span.text, kin):
        return False
    return bool((ruled | key_set(c.header.text)) & _DIED)


_PATERNAL = key_set("paternity partner partners father")
_MATERNAL = key_set("maternity")


def birth_givers_line(c: Candidate, question: str) -> bool:
    """Is `c` a line of the birth giver's leave ("Maternity and adoption leave"'s items, the
    "Maternity leave" row: its heading, lead-in or key says maternity and no partner or
    paternity) while the question asks for "paternity or partner leave" (`plain_birth`
    read the asker as the father)? The mother's weeks are no answer to the father."""
    if not key_set(question) >= key_set(_PATERNITY):
        return False
    if c.header is not None:
        said = key_set(" ".join(cells(c.span.text)[:1]))  # the row's key
    else:  # a sentence or item, with the heading it sits under and its lead-in
        said = key_set(title_at(c.doc.text, c.span.start)) | key_set(c.span.text)
        if c.lead is not None:
            said |= key_set(c.lead.text)
    return bool(said & _MATERNAL) and not said & _PATERNAL


def not_the_askers(c: Candidate, question: str) -> bool:
    """Is `c` a line ruling on another's case than the one the question tells: a death's
    row when no death is told (`untold_death_row`), the mother's leave when the father
    asks (`birth_givers_line`)?"""
    return untold_death_row(c, question) or birth_givers_line(c, question)


# the birth told as the asker tells it: "my wife is due in March", "my girlfriend's due"
_DUE = re.compile(
    r"\b(?P<who>(?:my|our)\s+(?:wife|partner|girlfriend|fiancée?|other\s+half))"
    r"(?:\s+is|['’]s)\s+(?:due|expecting)\b",
    re.I,
)


# round 57 (grocer57): the leave said clipped, as staff of every trade say it ("How much of
# my mat leave is on full pay?", "pat leave"): said whole, as the policies write it
# (hb14-fact-14; the search's clipped-word reading starts at four letters)
_CLIPPED = re.compile(r"\b(?P<w>mat|pat)\s+(?P<t>leave|pay)\b", re.I)
_WHOLE = {"mat": "maternity", "pat": "paternity"}


def _unclipped(question: str) -> str:
    """`question` with "mat leave" and "pat pay" said whole ("maternity leave")."""
    return _CLIPPED.sub(lambda m: f"{_WHOLE[m['w'].lower()]} {m['t']}", question)


# round 71 (told71): the partner's due date told by the asker, the asker's own time off asked
# with no father told ("My wife's due in March. How long can I have off when the baby comes,
# and is it paid?", hb20-fact-10; hb18-fact-07): "my wife's due" itself says the asker is
# the other parent. The due date is a birth's ("due in March", "due any day", "due next
# month"; not "due a pay rise", "due back"); the time off is the asker's ("can I have off",
# "do I get off", "time off", "leave"), of no kind of its own ("annual leave", "maternity",
# "unpaid"), and no one else's ("she", "her")
_DUE_BIRTH = re.compile(
    r"\b(?:my|our)\s+(?:wife|partner|girlfriend|fiancée?|other\s+half)(?:\s+is|['’]s)\s+"
    r"(?:due\s+(?:in|on|at|around|any\s+day|next|this|soon|early|late|mid|[1-9])"
    r"|due\s*[.,;!?]|expecting(?:\s+(?:a\s+baby|our|twins|in|any\s+day)|\s*[.,;!?]))",
    re.I,
)
_OWN_OFF = re.compile(
    r"\b(I\s+(?:still\s+)?(?:have|get|take|be\s+given))\s+off\b"
    r"|\b(?:time|(?P<unit>days?|weeks?))\s+off\b|\bleave\b",
    re.I,
)
_OTHER_LEAVE = re.compile(
    r"\b(?:annual|holiday|sick|unpaid|shared|parental|antenatal|compassionate|bereavement|"
    r"special|emergency|dependants?|carers?|adoption|maternity|mat|pat|paternity|partner)\s+"
    r"(?:leave|pay|days?|time)\b|\bmaternity\b|\bappointments?\b|\bscans?\b|\b(?:she|her|hers)\b",
    re.I,
)


def partner_due(question: str) -> str:
    """`question` telling the asker's partner's due date and asking the asker's own time off
    ("My wife's due in March. How long can I have off ...?") with that time off said as the
    other parent's leave the policies name ("How long can I have paternity or partner leave
    ...?"); the question itself otherwise (a father already told is `plain_birth`'s)."""
    due = _DUE_BIRTH.search(question)
    if due is None or _DAD.search(question) or _OTHER_LEAVE.search(question):
        return question
    rest = question[due.end() :]
    if not re.search(r"\bI\b", rest, re.I):
        return question  # the time off of no one told: not the asker's
    off = _OWN_OFF.search(rest)
    if off is None or asks_beyond(rest[off.end() :].split(",")[0]):
        return question
    said = _PATERNITY
    if off.group(1):  # "can I have off" -> "can I have paternity or partner leave"
        said = f"{off.group(1)} {_PATERNITY}"
    elif off.group("unit"):  # "how many weeks off" -> "how many weeks of ..."
        said = f"{off.group('unit')} of {_PATERNITY}"
    return question[: due.end()] + rest[: off.start()] + said + rest[off.end() :]


def birth_due(question: str) -> str:
    """`question` asking for the father's leave (`plain_birth` read it as "paternity or
    partner leave") with the birth told as the asker tells it said as the policies write
    it: "My wife is due in March" -> "My wife is giving birth in March" ("A partner of
    someone giving birth ... can take 4 weeks at full pay"); the question itself otherwise.
    Asked again only after a refusal (`ExtractiveAnswerer.answer`). "Mat leave" and "pat
    leave" are said whole first (`_unclipped`)."""
    question = _unclipped(question)
    if PARTNER_DUE:
        question = partner_due(question)
    at = question.lower().find(_PATERNITY)
    if at < 0 or asks_beyond(question[at + len(_PATERNITY) :]):
        return question  # no father's leave asked, or asked for a purpose of its own
    return _DUE.sub(lambda m: f"{m.group('who')} is giving birth", question, count=1)


def birth_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when `birth_due` reads `asked` and no line the answer cites
    says the other parent's leave (a partner, paternity, a father)."""
    # "mat leave" said whole is the same ask, the asker's own word for it: no bound of its own
    return said_or_refused(
        asked,
        draft,
        lambda q: ["partner's leave"] if birth_due(q) != _unclipped(q) else [],
        lambda _kind, lines: says_any(r"partners?|paternity|fathers?|dads?", lines),
    )
