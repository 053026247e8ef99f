"""A line that makes the act a "may" question asks about subject to someone's approval.

A manager asks whether they may do something the policy allows only with leave: "Can I offer a
new chef more than the bottom of the pay band?", "Can I offer my preferred candidate more than
the bottom of the grade?". The policy answers by stating the act, in its own words, and whose
approval it needs: "Offers are made at the bottom of the grade's pay rate; anything higher
needs the Regional Operations Director's approval.", "Starting above the bottom of the grade
needs the head of service's approval, and the salary may go no higher than step 3 ...". The
answer to "may I?" is "yes, with this person's approval"; but the line says neither "may" nor
"allowed" beside the asker's verb (`ruled_act`), nor rules on its subject with a predicate of
permission (`ruled_thing`), and the asker's words ("a new chef", "my preferred candidate",
"more than") are missing terms to the exact-term features, so the line sits under the floor,
at any depth.

One sentence: *a question asking whether an act may be done (`ruled_thing.asked_may`: "Can I
<verb> ...", "Is it OK to <verb> ...", a light verb naming no act) is answered by its
first-ranked line under the floor, in a document in force (whichever retrieval put first),
not a table row, when that line makes an act subject to an approval ("needs/requires <someone>'s
approval", "agreement", "permission", "consent", "authorisation", "sign-off"; "must be
approved/agreed/authorised") and says at least two words of the ask's act and of what it is
done with, one of them a word of the ask's last phrase (what the act is done with, as the ask
ends it: "the pay band", "the grade"), and the document says every name the question
gives.* The last phrase, because the person the act is done to is named by the line as often
as the thing ("New starters join on the lowest point ...; anything higher needs the
director's approval" says "new starter" for "Can I give a new starter a signing bonus?", and
nothing of the bonus). Two words, because an
approval line is common in a policy and one shared word ("home", "work") is what a neighbour
ruling on another act says too; the approval, not the score, decides whether the line answers
the ask, so, like `ruled_thing`, it is read at any depth. Unlike `ruled_thing`, the line's
document need not be the one retrieval put first: a manager's guide ("Recruiting Staff (for
managers)") ranks below the pay-grade tables and a referral scheme whose words the question
shares, and the approval and the two words of the ask, not the retrieval order, tie the line
to the question. No new constant.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import content_stems, first_prose_line, said_like
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.ruled_thing import asked_may
from wikiqa.answerers.stated_bound import says_every_name

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

# an act made subject to someone's approval: "needs the director's approval", "requires
# written agreement", "must be approved by", "subject to HR's consent"
_APPROVAL = re.compile(
    r"\b(?:needs?|requires?|subject\s+to|only\s+with)\b[^.;]*?"
    r"\b(?:approval|agreement|permission|consent|authori[sz]ation|sign-off)\b"
    r"|\b(?:needs?\s+to\s+be|must\s+be|has\s+to\s+be|have\s+to\s+be)\s+"
    r"(?:\w+\s+)?(?:approved|agreed|authori[sz]ed|signed\s+off)\b",
    re.I,
)
SAID = 2  # words of the ask the line must say besides the approval
# a word after which the ask's last phrase opens: a determiner, a possessive, a preposition
_OPENS_PHRASE = re.compile(
    r"\b(?:a|an|the|my|our|your|their|his|her|its|of|to|for|on|in|at|with|than|into|onto)\s+",
    re.I,
)


def last_phrase(ask: str) -> list[str]:
    """The stemmed content words of the ask's last phrase, after its last determiner,
    possessive or preposition ("Can I give a new starter a signing bonus?" -> ["sign",
    "bonus"]): what the act is done with, as the ask ends it."""
    opens = list(_OPENS_PHRASE.finditer(ask))
    return content_stems(ask[opens[-1].end() :] if opens else ask)


def needs_approval(line: str, words: list[str], last: list[str] | None = None) -> bool:
    """Does `line` make an act subject to someone's approval (`_APPROVAL`), say at least
    SAID of the ask's `words` (its act and what it is done with, stemmed) and, when given,
    a word of the ask's `last` phrase (`last_phrase`)?"""
    if not _APPROVAL.search(line):
        return False
    said = set(content_stems(line))
    if sum(said_like(w, said) for w in dict.fromkeys(words)) < SAID:
        return False
    return last is None or any(said_like(w, said) for w in last)


def approval_line(e: Evidence) -> bool:
    """Does the evidence's first line answer under the floor because it makes the act the
    question asks leave for subject to someone's approval (see the module docstring)?"""
    top = first_prose_line(e, first_doc=False)
    if top is None:
        return False
    question = e.question.text
    words = asked_may(question)
    last = last_phrase(asked_clause(question))
    if not words or not needs_approval(top.span.text, words, last):
        return False
    return says_every_name(question, top.doc)
