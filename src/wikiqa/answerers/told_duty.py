"""What to do about the people the job serves, told in everyday words, read as handbooks write it.

Every trade has rules for its customers, pupils, patients, tenants or passengers, written in a
few fixed words: "| Receptionist, waiter or bartender | a free drink or dessert, or up to £30
off the bill |" (what staff may offer a guest who complains), "A candidate found with a phone
on their person is reported for academic misconduct", "| First minor offence | mark ... capped
at the pass mark |", "If nobody is in, wait 15 minutes", "If an animal is injured, trapped or
dead, ring the duty ranger", "Staff may open a patient's electronic record only when they are
involved in that patient's care". The asker tells the situation: "give an unhappy guest a
freebie", "had their phone in their pocket during the exam", "caught copying", "nobody's home
... how long should I hang on", "found a dead sheep", "a quick look at her notes". Neither
the search nor the answerer's features join "freebie" to "offer ... free", "copying" to
"academic misconduct" or "nobody's home" to "nobody is in", so the ruling line was not first
or scored under the floor (hb6-yn-03, hb4-fact-43, hb4-fact-48, hb7-tr22-02, hb2-ff-01).

`plain_duty` keeps the telling and says after it, in brackets, the documents' words for the
situation, as `told_incident.plain_incident` does for what went wrong:

- something free offered to someone unhappy ("a freebie", "comp their meal", "knock
  something off the bill") -> "(what you can offer: a goodwill gesture, free or off the bill)";
- a phone, watch or notes on a candidate in an exam -> "(a candidate found with a phone or
  unauthorised item: academic misconduct)";
- a student, pupil or learner copying or cheating -> "(academic misconduct or plagiarism)";
- work handed in late -> "(work submitted late)";
- nobody home at a visit ("nobody's home", "no answer at the door") -> "(if nobody is in:
  no access)", and "hang on" or "hang around" for how long -> "wait";
- an animal found dead, injured or trapped -> "(an animal injured, trapped or dead)";
- a look at someone's notes, record or file -> "(open someone's record without a work
  reason: records access)".

Round 55 added three situations and said two of the above by the thing's kind, replacing the
telling, because beside it in brackets the ruling line stayed under the floor (hb7-ff-01,
hb7-fact-52, hb4-fact-47, hb2-ff-01):

- someone seeming afraid of a person at home ("sounded scared of her partner", "something at
  home scares him") -> "seems afraid of someone in the home: a concern about abuse", and "what
  do I do" -> "who do I tell about the concern" (safeguarding says what to do as whom to tell);
- a home's everyday noise ("kids running about", "footsteps"), a neighbour or complaint told ->
  "noise from everyday living, children playing", and "ASB" -> "anti-social behaviour";
- a child separated from their adult ("a little boy has lost his mum") -> "a lost child";
- work handed in late -> "work submitted late"; a look at her notes -> "her record (...)".

`duty_said` bounds what the reading answers: a question so read is answered only by lines of
which one says the situation (an offer, free, off the bill, refund; a phone, an unauthorised
item, misconduct; misconduct, plagiarism, an offence; late; nobody in, no access, missed you;
an animal, dead, injured, livestock; a record, notes, access; abuse, a concern, safeguarding,
afraid; everyday, children playing, footsteps, noise; lost, missing, child). A line that says none rules on
something else and was put first by the new words. The reading is asked only when the
question as asked is refused: it adds answers and changes none the question as asked gets.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from wikiqa.answerers.told_bound import said_beside, said_or_refused, says_any
from wikiqa.types import Draft, RefusalCode

# someone served who is unhappy: the offer table is theirs, not a perk's "free meal on shift"
_UNHAPPY = re.compile(
    r"\b(?:unhappy|not\s+happy|furious|angry|upset|annoyed|cross|fuming|livid|complain\w*|"
    r"moan\w*|dissatisfied|disappointed|kicking\s+off|kicked\s+off)\b",
    re.I,
)
# something free or off the bill offered: "a freebie", "comp their meal", "knock a bit off"
_FREEBIE = re.compile(
    r"\b(?:an?\s+)?(?:freebie|something\s+(?:for\s+)?free|something\s+on\s+the\s+house|"
    r"on\s+the\s+house|comp(?:ed|'d)?\s+(?:them|him|her|their\s+\w+)|"
    r"knock\s+(?:\w+\s+){0,2}off(?:\s+(?:the|their|his|her)\s+(?:bill|fare|rent|price))?|"
    r"(?:some\s+)?money\s+off|(?:a\s+)?little\s+discount|sweeten\s+(?:them|him|her))\b",
    re.I,
)
# a phone or other item on a candidate in an exam
_EXAM = r"(?:exam|exams|test|assessment|mock)"
_ITEM = r"(?:phone|mobile|smart\s*watch|watch|notes|earbuds?|earphones|headphones|crib\s+sheet)"
_EXAM_ITEM = re.compile(
    rf"\b(?:their|his|her|a|the)\s+{_ITEM}\b[^.?!]{{0,50}}?\b(?:in|during|into)\s+"
    rf"(?:the|an|his|her|their)\s+{_EXAM}\b"
    rf"|\b(?:in|during)\s+(?:the|an)\s+{_EXAM}\b[^.?!]{{0,50}}?\b(?:with|had|has)\s+"
    rf"(?:a|their|his|her)\s+{_ITEM}\b",
    re.I,
)
# one of the people taught, for copying: a colleague copying a file is conduct's, not this
_LEARNER = re.compile(
    r"\b(?:student|pupil|learner|candidate|trainee|apprentice|kid|child)s?\b|"
    r"\b(?:coursework|essay|assignment|homework|dissertation)\b",
    re.I,
)
_COPYING = re.compile(
    r"\b(?:caught\s+)?(?:copying|copied|cheating|cheated|plagiari[sz]ing|plagiari[sz]ed|"
    r"passing\s+off|bought\s+an?\s+essay|paid\s+someone\s+to\s+write)\b",
    re.I,
)
_WORK = r"coursework|essay|assignment|homework|work|dissertation|project|portfolio"
_LATE_WORK = re.compile(
    r"\b(?:hand\w*|turn\w*|submit\w*|sen[dt]\w*)\s+(?:(?:in|their|his|her|the|an?)\s+)*"
    rf"(?:{_WORK})\s+(?:in\s+)?late\b"
    rf"|\blate\s+(?:{_WORK})\b",
    re.I,
)


def _submitted_late(m: re.Match[str]) -> str:
    """Work handed in late said as the rule says it, the telling replaced and the thing by its
    kind ("handing coursework in late" -> "work submitted late"): beside the telling, in
    brackets, the rule's line stayed under the floor (hb4-fact-47, 0.32), and so did "their
    assignment submitted late" (0.29)."""
    return "work submitted late"


# everyday noise from a home told by what makes it: "kids running about upstairs", "her
# footsteps", "the washing machine at night"; policies write "noise from everyday living"
_EVERYDAY_NOISE = re.compile(
    r"\b(?:(?:the|their|his|her|some|little)\s+)?(?:kids|children|child|toddlers?|little\s+ones|"
    r"baby|babies)\s+(?:(?:upstairs|downstairs|next\s+door|above|below)\s+)?"
    r"(?:(?:are|is|keep|keeps|always)\s+)?(?:running|playing|stomping|jumping|"
    r"thumping|crying|screaming|charging|racing)(?:\s+(?:about|around))?\b"
    r"|\b(?:(?:their|his|her|the)\s+)?(?:footsteps|washing\s+machines?|hoover\w*|vacuum\w*)\b",
    re.I,
)
# the noise heard by someone else: a neighbour's complaint, a flat above or below
_NEIGHBOURS = re.compile(
    r"\b(?:neighbou?rs?|upstairs|downstairs|next\s+door|above|below|complain\w*|noise|"
    r"noisy|ASB|anti-?social)\b",
    re.I,
)
_ASB = re.compile(r"\bASB\b")


def _everyday_noise(m: re.Match[str]) -> str:
    """Noise of a home said as policies say it, the thing replaced by its kind; children's
    noise as the policies' own example, "children playing"."""
    told = m.group(0)
    if re.search(r"kid|child|toddler|little\s+ones|bab", told, re.I):
        return "noise from everyday living, children playing"
    return f"noise from everyday living, {told}"


# someone served who seems afraid of a person at home: "sounded scared of her partner", "a kid's
# told me something at home scares him"; safeguarding policies write "afraid of someone in the
# home" and "a concern about abuse", and say what to do as whom to tell
_KIN = (
    r"partner|husband|wife|boyfriend|girlfriend|ex|son|daughter|carer|dad|father|mum|mother|"
    r"step-?dad|step-?mum|family|brother|sister|uncle|someone|somebody|a\s+relative"
)
_AFRAID = re.compile(
    r"\b(?:sound\w*|seem\w*|look\w*|is|was|'s|’s|appear\w*|got|gets|felt|feels?)\s+"
    r"(?:really\s+|very\s+|quite\s+)?(?:scared|afraid|frightened|terrified|fearful)\s+of\s+"
    rf"(?:(?:her|his|their|the|my)\s+)?(?:{_KIN})\b"
    r"|\b(?:something|someone|somebody)\s+at\s+home\s+(?:scares|frightens|is\s+scaring)\s+"
    r"(?:him|her|them|me)\b",
    re.I,
)
_WHAT_DO = re.compile(
    r"\bwhat\s+(?:do|should|must|can)\s+I\s+(?:do|need\s+to\s+do)\b|\bwhat\s+now\b", re.I
)


def _afraid(m: re.Match[str]) -> str:
    """Fear of someone at home said as safeguarding policies say it: the telling replaced
    ("sounded scared of her partner" -> "seems afraid of someone in the home: a concern about
    abuse"); a child's own telling ("something at home scares him") kept, the words after it."""
    said = "afraid of someone in the home: a concern about abuse"
    if re.match(r"some", m.group(0), re.I):
        return f"{m.group(0)} ({said})"
    return f"seems {said}"


# a child separated from the adult with them: "a little boy has lost his mum", "a passenger's
# lost her little girl", "can't find his dad"; policies write "a lost child"
# a son or daughter only when told young: "lost her daughter" alone may be a death (told_death.py)
_YOUNG = r"boy|girl|child|kid|toddler|lad|lass|little\s+one|children|kids|(?:little|young)\s+(?:son|daughter)"
_ADULT = (
    r"mum|mummy|mom|dad|daddy|parents?|mother|father|family|grandparents?|nan|gran|grandad|"
    r"carer|teacher|group|school\s+group"
)
_LOST_CHILD = re.compile(
    r"\b(?:an?|the|one)\s+(?:little\s+|small\s+|young\s+)?(?:boy|girl|child|kid|toddler|lad|lass)"
    r"(?:\s+who)?(?:\s+has|'s|’s|\s+had)?\s+(?:lost|can't\s+find|cannot\s+find|"
    rf"become\s+separated\s+from|got\s+separated\s+from)\s+(?:his|her|their)\s+(?:{_ADULT})\b"
    r"|\b(?:lost|can't\s+find|cannot\s+find|misplaced)\s+(?:his|her|their)\s+"
    rf"(?:little\s+|small\s+)?(?:{_YOUNG})\b",
    re.I,
)


def _lost_child(m: re.Match[str]) -> str:
    """A child separated from their adult said as policies say it, "a lost child": the telling
    replaced, the child named as the subject whichever of the two told it."""
    if re.match(r"(?:lost|can't|cannot|misplaced)", m.group(0), re.I):
        return "lost a child (a lost child)"
    return "a child is lost (a lost child)"


# nobody home at a visit: "nobody's home", "no one answered the door"
_NOBODY = re.compile(
    r"\b(?:nobody|no\s*one|no-one)(?:'s|’s|\s+is|\s+was)?\s+(?:home|in|answer\w*|there|"
    r"at\s+home|comes?\s+to\s+the\s+door)\b|\bno\s+answer\s+at\s+the\s+door\b",
    re.I,
)
# a visit to someone's home: nobody at the office is no missed appointment
_VISIT = re.compile(
    r"\b(?:repairs?|visit\w*|appointments?|deliver\w*|call[- ]?outs?|door|doorstep|house|flat|"
    r"property|home|address|inspection|meter|install\w*|survey)\b",
    re.I,
)
_HANG_ON = re.compile(r"\b(?:hang|hanging|stick|sticking)\s+(?:on|around|about)\b", re.I)
_ANIMAL = re.compile(
    r"\b(?:a|an|the|some)\s+(?:dead|injured|hurt|trapped|stuck|lame|dying|wounded)\s+"
    r"(?:sheep|cow|cattle|pony|ponies|horse|deer|badger|fox|bird|dog|cat|animal|lamb|calf|"
    r"ewe|goat|swan|seal|bat|owl|hedgehog|rabbit|heifer|bullock)s?\b",
    re.I,
)
# a look at someone's notes: "a quick look at her notes", "check my neighbour's record"
_NOTES = re.compile(
    r"\b(?:look|peek|peep|glance|nose|snoop)\w*\s+(?:at|in|into|through)\s+"
    r"(?P<whose>her|his|their|my\s+\w+'s|my\s+\w+’s|a\s+\w+'s|the\s+\w+'s)\s+"
    r"(?:notes|record|records|file|files|chart|details|account)\b",
    re.I,
)


def _a_record(m: re.Match[str]) -> str:
    """A look at someone's notes said as records policies say it: the notes replaced by their
    kind, "record", and the rule's case after it in brackets (beside "notes", in brackets
    only, the rule's line scored 0.30 for hb2-ff-01)."""
    told = m.group(0)
    start = m.start("whose") - m.start()
    return (
        f"{told[:start]}{m.group('whose')} record "
        "(open a person's record when not involved in their care)"
    )


# working alone and checking in: "out on my own all day ... how often ring in", "if I forget
# to check out after a visit"; lifting on one's own is manual handling (told_conduct.py)
_ALONE = re.compile(
    r"\b(?:on\s+my\s+own|by\s+myself|working\s+alone|work\s+alone|alone)\b"
    r"|\bI\s+(?:forget|forgot|miss|missed|don't|do\s+not)\s+(?:to\s+)?(?:check|ring|call|log)"
    r"\s+(?:in|out|off)\b",
    re.I,
)
_CHECK_IN = re.compile(
    r"\b(?:check(?:ing)?|ring(?:ing)?|call(?:ing)?|log(?:ging)?)\s+(?:in|out|off)\b|\bcheck[- ]ins?\b|"
    r"\blooking\s+for\s+me\b|\braise\s+the\s+alarm\b|\bhow\s+often\b",
    re.I,
)


# (kind, the telling, how it is said in the documents' words, what the question must also tell)
_Reading = tuple[str, re.Pattern[str], Callable[[re.Match[str]], str], "re.Pattern[str] | None"]
_READINGS: tuple[_Reading, ...] = (
    (
        "offer",
        _FREEBIE,
        said_beside("what you can offer: a goodwill gesture, free or off the bill"),
        _UNHAPPY,
    ),
    (
        "item",
        _EXAM_ITEM,
        said_beside("a candidate found with a phone or unauthorised item: academic misconduct"),
        None,
    ),
    (
        "misconduct",
        _COPYING,
        said_beside("academic misconduct or plagiarism: an offence"),
        _LEARNER,
    ),
    ("late", _LATE_WORK, _submitted_late, None),
    ("nobody", _NOBODY, said_beside("if nobody is in"), _VISIT),
    ("animal", _ANIMAL, said_beside("an animal injured, trapped or dead"), None),
    ("record", _NOTES, _a_record, None),
    ("alone", _ALONE, said_beside("lone working: check in"), _CHECK_IN),
    ("noise", _EVERYDAY_NOISE, _everyday_noise, _NEIGHBOURS),
    ("afraid", _AFRAID, _afraid, None),
    ("lost child", _LOST_CHILD, _lost_child, None),
)

# how a handbook line says each situation, or as the asker tells it
_SAID = {
    "offer": r"offer\w*|free|off\s+the\s+bill|refund\w*|compensat\w*|goodwill|vouchers?|discount\w*",
    "item": r"phones?|mobiles?|watch\w*|unauthori[sz]ed|misconduct|prohibited",
    "misconduct": r"misconduct|plagiari\w*|offences?|cheat\w*|collusion|copy\w*|copied",
    "late": r"late|lateness|after\s+the\s+deadline",
    # nobody in at a visit, not a rota's "Nobody does more than 1 week of standby"
    "nobody": r"(?:nobody|no\s*one|no-one)(?:'s|’s|\s+is|\s+was)?\s+(?:in|home|at\s+home|answer\w*)|"
    r"no\s+access|not\s+(?:in|at\s+home|home)|no\s+answer|missed\s+you|gain\s+entry",
    "animal": r"animals?|dead|injured|trapped|carcass\w*|vets?|wildlife",
    "alone": r"lone[- ]work\w*|alone|on\s+your\s+own|check(?:ed|ing)?[- ]?(?:ins?|out)|checks?\s+in",
    "record": r"records?|notes|files?|confidential\w*|look\s+up|personal\s+(?:data|information)",
    "noise": r"everyday|children\s+playing|footsteps|noise|nuisance",
    "afraid": r"abuse|concerns?|safeguarding|afraid|neglect|danger|harm",
    "lost child": r"lost|missing|child|children|separated",
}


def _told(question: str) -> tuple[_Reading, ...]:
    """The readings whose telling `question` has, with what else each needs told."""
    return tuple(
        r for r in _READINGS if r[1].search(question) and (r[3] is None or r[3].search(question))
    )


def plain_duty(question: str) -> str:
    """`question` with a situation of the people served told in everyday words said as the
    documents say it ("a freebie" -> "a freebie (what you can offer: ...)"); the question itself
    when it tells none."""
    readings = _told(question)
    text = question
    for _kind, pattern, said, _needs in readings:
        text = pattern.sub(said, text)
    kinds = {kind for kind, *_ in readings}
    if "nobody" in kinds:
        text = _HANG_ON.sub(said_beside("wait"), text)
    if "noise" in kinds:
        text = _ASB.sub("anti-social behaviour", text)
    if "afraid" in kinds:
        text = _WHAT_DO.sub("who do I tell about the concern", text)
    return text


def duties_told(question: str) -> list[str]:
    """The situations `question` tells in everyday words that `plain_duty` reads."""
    return [kind for kind, *_ in _told(question)]


# a working-alone document's name beyond these words qualifies it: a region's supplement
# ("lone-working-upland.md") or an old edition ("lone-working-2023.md") is another's rule
_ALONE_DOC = re.compile(r"\b(?:lone|alone|solo)\b")
_GENERAL = frozenset(
    {"lone", "alone", "solo", "working", "work", "worker", "workers", "policy", "procedure"}
    | {"guidance", "safety"}
)


def _anothers_rule(asked: str, draft: Draft) -> bool:
    """Whether the draft cites a working-alone document whose name qualifies it by a place,
    region or year that `asked` does not name: that document rules for others, and the
    general policy, not read here, rules for the asker."""
    for claim in draft.claims:
        for quote in claim.quotes:
            stem = re.sub(r"\.\w+$", "", quote.doc_id.rsplit("/", 1)[-1]).lower()
            words = re.split(r"[^a-z0-9]+", stem)
            if not _ALONE_DOC.search(" ".join(words)):
                continue
            if any(w and w not in _GENERAL and w not in asked.lower() for w in words):
                return True
    return False


def duty_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells a situation of the people served
    in everyday words and none of the answer's lines says it (`_SAID`), or tells working alone
    and the answer cites another place's or an old edition's working-alone rule."""
    if draft.refusal is None and "alone" in duties_told(asked) and _anothers_rule(asked, draft):
        return Draft(
            refusal=RefusalCode.insufficient_evidence,
            reason="the working-alone rule the answer would cite is named for a place or "
            "edition the question does not name",
        )
    return said_or_refused(
        asked, draft, duties_told, lambda kind, lines: says_any(_SAID[kind], lines)
    )
