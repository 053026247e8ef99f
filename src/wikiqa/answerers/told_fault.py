"""Something broken, damaged or worn told in everyday words, read as handbooks rule on it.

Every handbook with premises, vehicles or kit says what happens when something breaks and how
fast it is seen to: "P1 Emergency | water leak through a ceiling | 20 minutes", "Damp and
mould reports are always inspected within 10 working days", "a safety defect (brakes, ...)
| the vehicle is taken off the road at once", "a boot allowance of £90 every 2 years",
"Footage is kept for 31 days", "return it to the rack at the end" (of the shift). The asker
tells the fault as it looks ("water coming through a ceiling", "black mould", "the brakes
felt spongy", "my boots have fallen apart", "the CCTV") and asks as a person would ("how fast
have I got to get there", "when does someone have to look at it", "can the bus still go
out", "does the charity chip in for new ones", "when my shift finishes"). Neither the search
nor the answerer's features join the two, and the ruling line scored under the floor
(hb6-fact-57 0.07, hb7-fact-45 0.16, hb5-ff-06 0.13, hb8-ff-03 0.15, hb5-fact-25 0.31).

Round 54 found the documents' word for the thing alone does not lift the line: the *ask* is
what is unsaid. So `plain_fault` says both as the documents do, and nothing else:

- water coming, pouring or dripping through -> "water leak through"; "how fast have I got to
  get there" (or to respond, attend, sort it) -> "what is the repair priority and response
  time";
- mould, black mould, mildew, a damp patch -> "damp and mould"; "when does someone have to
  look at it" (check, inspect, come out) -> "when must it be inspected";
- a vehicle's brakes, steering, tyres, lights, doors, wipers, mirrors felt spongy, faulty,
  not working, bald, ... -> "... (a safety defect)"; "can the bus still go out", "can I
  still drive it" -> "what happens to the vehicle";
- kit (boots, shoes, gloves, a fleece, a tabard, a hi-vis, PPE, ...) fallen apart, split,
  ripped or falling apart -> "worn out"; "does the charity chip in for new ones" -> "is
  there an allowance for new ones";
- CCTV told of a vehicle ("the CCTV from the buses") -> "the camera footage" (a
  building's CCTV the documents write as "CCTV", and a vehicle's rule is not a canteen's);
- "when my shift finishes" (ends, is over), "when I clock off" -> "at the end of my shift",
  asked of a thing in the asker's hands ("what do I do with my scanner ...").

Each is read only when the question asks what that fault's rule gives (`_ASKS`: how fast,
whether it may still be used, a replacement, how long it is kept, where it goes back), so
"Water came through the ceiling onto my laptop. Who pays for a new one?" is not read, nor a
fault of the asker's own car or home ("my own flat", "on my car on the way to work"), which
no employer's repair or defect rule rules on, nor mould in the staff's own rooms ("the staff
kitchen at head office"), which a damp-and-mould rule for tenants' homes does not rule. The
reading is asked only as a second asking, when the question as asked is refused for want of
evidence; `fault_said` keeps its answer only when cited lines say the fault and what its
rule gives (`_SAID`: a leak by "leak", "flood", "water" and a time; mould by "damp",
"mould" and "inspect", "within"; a defect by "defect", "fault" and "off the road", "do not
drive"; worn kit by the kit told and "replace", "worn", "allowance"; a vehicle's cameras by
"camera", "footage" and "kept", "overwritten"; the shift's end by "return", "hand back",
"put back", not by any "before the end of your shift").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from wikiqa.answerers.told_bound import said_beside, said_or_refused, says_any
from wikiqa.types import Draft

_WHO = r"(?:I|we|you|someone|somebody|anyone|they|maintenance|the\s+\w+(?:\s+team)?)"
_MUST = (
    rf"(?:have\s+{_WHO}\s+got\s+to|(?:do|does|must|should|will|would)\s+{_WHO}\s+"
    rf"(?:have\s+to\s+|need\s+to\s+|got\s+to\s+)?|{_WHO}\s+(?:have|has)\s+to|am\s+I\s+meant\s+to)"
)

# water coming through a ceiling, a wall, a roof: the documents' "water leak"
_LEAK = re.compile(
    r"\bwater\s+(?:is\s+|was\s+|has\s+been\s+|keeps\s+)?(?:coming|pouring|dripping|leaking|"
    r"running|seeping|gushing|getting)\s+(?:in\s+)?(?=through|from|down|under|out\s+of|into)",
    re.I,
)
_LEAK_ASK = re.compile(
    rf"\bhow\s+(?:fast|quickly|soon|long)\s+{_MUST}\s*(?:to\s+)?(?:get\s+(?:there|to\s+it|round|"
    r"over|up\s+there|out)|respond|attend|be\s+there|come(?:\s+out)?|turn\s+up|fix\s+it|"
    r"sort\s+it(?:\s+out)?|deal\s+with\s+it|go)\b",
    re.I,
)

# mould as the tenant or guest sees it: the documents' "damp and mould"
_MOULD = re.compile(
    r"\b(?:(?:black|green|white|horrible|bad)\s+)?(?:mould|mold|mildew)(?!\s+and\b)"
    r"|\b(?:a\s+)?damp\s+patch(?:es)?\b|(?<!damp and )\bmouldy\b",
    re.I,
)
_MOULD_ASK = re.compile(
    rf"\b(?:when|how\s+(?:soon|quickly|fast|long))\s+{_MUST}\s*(?:to\s+)?(?:look\s+at|check|"
    r"inspect|see\s+to|visit|come\s+(?:out\s+)?(?:and\s+|to\s+)?(?:look|see|check)(?:\s+at)?)"
    r"(?:\s+(?:it|them|the\s+\w+))?",
    re.I,
)

# a vehicle's part gone wrong on the check: the documents' "defect"
_PART = (
    r"brakes?|handbrake|steering|tyres?|tires?|(?:head|brake|tail)?lights?|indicators?|"
    r"doors?|wipers?|mirrors?|seat\s*belts?|horn|suspension"
)
_FAULTY = (
    r"spongy|soft|faulty|broken|not\s+working|dead|flat|bald|worn|stuck|sticking|pulling|"
    r"loose|cracked|smashed|damaged|squealing|grinding|juddering|failed|playing\s+up|"
    r"packed\s+up|iffy|dodgy|wrong"
)
_DEFECT = re.compile(
    rf"\b(?:the\s+|my\s+|its\s+|a\s+|one\s+)?(?:front\s+|rear\s+|back\s+|nearside\s+|offside\s+)?"
    rf"(?:{_PART})\s+(?:felt|feel|feels|is|are|was|were|seem|seems|seemed|went|keep|keeps|"
    rf"looked|looks|look|has\s+gone|have\s+gone|had\s+gone)\s+(?:a\s+bit\s+|really\s+|very\s+|"
    rf"quite\s+|a\s+little\s+)?(?:{_FAULTY})\b",
    re.I,
)
_VEHICLE = r"bus|van|lorry|truck|vehicle|car|coach|tram|minibus|wagon|forklift|tug|cab|tractor"
_GO_OUT = re.compile(
    rf"\bcan\s+(?:the|my|our|this|that|it|a)?\s*(?:(?:{_VEHICLE})\s+)?(?:still\s+)?(?:go\s+out|"
    r"be\s+driven|be\s+used|go\s+into\s+service|run|leave\s+the\s+depot)"
    rf"|\b(?:can|may|should)\s+I\s+(?:still\s+)?(?:take|drive|use)\s+(?:it|the\s+(?:{_VEHICLE})|"
    rf"my\s+(?:{_VEHICLE}))(?:\s+out)?",
    re.I,
)
_VEHICLE_FATE = "what happens to the vehicle"

# work kit gone to pieces: the documents' "worn out"
_KIT = (
    r"boots|shoes|trainers|gloves|trousers|jacket|fleece|coat|uniform|tabard|hi-?vis(?:\s+vest)?|"
    r"vest|apron|overalls|goggles|helmet|hard\s+hat|PPE|waterproofs|tunic|scrubs|polo\s+shirts?|"
    r"clogs|wellies|wellingtons"
)
_WORN = re.compile(
    rf"(?P<kit>\b(?:{_KIT}))\s+(?P<aux>have|has|had|are|is)\s+(?:just\s+|completely\s+|totally\s+)?"
    r"(?:fallen\s+apart|falling\s+apart|come\s+apart|coming\s+apart|split|ripped|torn|"
    r"worn\s+through|had\s+it|given\s+up|died|packed\s+up|knackered|wrecked)\b",
    re.I,
)
_NEW_ASK = re.compile(
    r"\b(?:does|do|will|would|can|could)\s+(?:the\s+\w+|they|we|work|my\s+employer|you)\s+"
    r"(?:chip\s+in|pay|contribute|help(?:\s+out)?|put\s+(?:something|anything|money)\s+in|"
    r"give\s+(?:me\s+)?(?:anything|money|something))\s+(?:for|towards?|with)\s+"
    r"(?:new\s+ones|a\s+new\s+(?:pair|one|set)|new\s+\w+|replacements?|replacing\s+(?:them|it))",
    re.I,
)
_ALLOWANCE_ASK = "is there an allowance for new ones"

# CCTV told of a vehicle: the documents write a vehicle's "cameras" and their "footage"; a
# building's CCTV they write as "CCTV", and a vehicle's keeping does not rule a canteen's
_CCTV = re.compile(
    r"\b(?:the\s+)?CCTV(?:\s+(?:footage|recordings?|video))?(?=\s+(?:from|on|in|of)\s+"
    rf"(?:the\s+|my\s+|our\s+|a\s+|its\s+)?(?:\w+\s+)?(?:{_VEHICLE}|buses|vans|lorries|trucks|"
    r"vehicles|cars|coaches|trams|trains?|cabs)\b)",
    re.I,
)
_CCTV_SAID = "the camera footage"

# the shift's end told as it comes: the documents' "at the end of your shift"
_SHIFT_END = re.compile(
    r"\b(?:when|once|after)\s+(?:my|the|our)\s+shift\s+(?:finishes|ends|is\s+over|is\s+done)"
    r"|\b(?:when|once|after)\s+I\s+(?:finish|clock\s+off|clock\s+out|knock\s+off|go\s+home)"
    r"(?:\s+(?:my\s+shift|work|for\s+the\s+day))?\b",
    re.I,
)
_HELD = re.compile(
    r"\b(?:what\s+(?:do|should|must)\s+I\s+do\s+with|where\s+(?:do|should|must)\s+I\s+"
    r"(?:put|leave|return|take|hand\s+in|drop\s+off|store))\s+(?:my|the|our)\s+\w+",
    re.I,
)
_END = "at the end of my shift"

# what each fault's rule gives, asked in everyday words: a question telling the fault but
# asking something else ("... who pays for my ruined laptop?") is not read
_ASKS: dict[str, re.Pattern[str]] = {
    "leak": _LEAK_ASK,
    "mould": _MOULD_ASK,
    "defect": _GO_OUT,
    "worn": _NEW_ASK,
    "cctv": re.compile(
        r"\bhow\s+long\b|\bkept\b|\bkeep\b|\bstored?\b|\bretain\w*|\bdelete\w*|\boverwritten\b",
        re.I,
    ),
    "shift end": _HELD,
}
_TOLD: dict[str, re.Pattern[str]] = {
    "leak": _LEAK,
    "mould": _MOULD,
    "defect": _DEFECT,
    "worn": _WORN,
    "cctv": _CCTV,
    "shift end": _SHIFT_END,
}

# how a handbook line says each fault, and what its rule gives as asked: every pattern of a
# fault must be said by a line ("Police requests for camera footage are handled within 2
# working days" names the cameras but keeps nothing for so long)
_SAID: dict[str, tuple[str, ...]] = {
    "leak": (r"leak\w*|flood\w*|water|burst", r"\d+\s*(?:minutes?|hours?|days?)|same\s+day"),
    "mould": (r"damp|mould\w*|condensation", r"inspect\w*|visit\w*|within"),
    "defect": (
        r"defects?|faults?|faulty|unsafe",
        r"off\s+the\s+road|(?:not|never)\s+(?:be\s+)?(?:drive|driven|used|taken\s+out)|"
        r"out\s+of\s+service|VOR|do\s+not\s+(?:drive|use)",
    ),
    "worn": (r"replace\w*|worn|allowance",),
    "cctv": (
        r"CCTV|cameras?|footage|recordings?",
        r"kept|stored|retained|deleted|overwritten|erased|keeps?",
    ),
    # the thing given back, not any "before the end of your shift" (an accident's report)
    "shift end": (
        r"return\w*|hand\w*\s+(?:\w+\s+)?(?:in|back)|back\s+(?:to|in|on)\b|put\s+(?:\w+\s+)?back|"
        r"drop\w*\s+(?:\w+\s+)?off|sign\w*\s+(?:\w+\s+)?(?:in|back)",
    ),
}


def _cased(said: str) -> Callable[[re.Match[str]], str]:
    """A substitution saying `said` capitalised as the words it replaces ("Can the bus still
    go out?" -> "What happens to the vehicle?")."""
    return lambda m: said[:1].upper() + said[1:] if m.group(0)[:1].isupper() else said


# the asker's own things: an employer's repair, defect or kit rule does not rule on them
_OWN = re.compile(r"\b(?:my|our)\s+own\b|\bmy\s+(?:car|flat|house|home|bike|motorbike)\b", re.I)


# the staff's own rooms: a damp-and-mould rule is the homes' or rooms' of those served
_STAFF_ROOM = re.compile(
    r"\b(?:head\s+office|(?:the|our|an?)\s+office|staff\s*(?:kitchen|room|toilets?|canteen)|"
    r"mess\s+room|canteen|depot|break\s+room)\b",
    re.I,
)


def faults_told(question: str) -> list[str]:
    """The faults `question` tells in everyday words, each asking what its rule gives; none
    told of the asker's own car or home ("on my own car", "my own flat")."""
    if _OWN.search(question):
        return []
    told = [k for k, said in _TOLD.items() if said.search(question) and _ASKS[k].search(question)]
    return [k for k in told if k != "mould" or not _STAFF_ROOM.search(question)]


def _worn(m: re.Match[str]) -> str:
    """Kit gone to pieces said as worn out, the kit and its verb's number kept."""
    aux = m.group("aux").lower()
    return f"{m.group('kit')} {'is' if aux in ('is', 'has') else 'are'} worn out"


def plain_fault(question: str) -> str:
    """`question` with a fault told in everyday words, and the ask about it, said as the
    documents say them ("Water coming through a ceiling, how fast have I got to get there?"
    -> "Water leak through a ceiling, what is the repair priority and response time?"); the
    question itself when it tells none, or asks what the fault's rule does not give."""
    told = faults_told(question)
    text = question
    subs: dict[str, tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...]] = {
        "leak": (
            (_LEAK, _cased("water leak ")),
            (_LEAK_ASK, _cased("what is the repair priority and response time")),
        ),
        "mould": (
            (_MOULD, _cased("damp and mould")),
            (_MOULD_ASK, _cased("when must it be inspected")),
        ),
        "defect": (
            (_DEFECT, said_beside("a safety defect")),
            # the whole ask ("can I still drive it to site"): where to is not the rule's
            (re.compile(_GO_OUT.pattern + r"[^?.!]*", re.I), _cased(_VEHICLE_FATE)),
        ),
        "worn": ((_WORN, _worn), (_NEW_ASK, _cased(_ALLOWANCE_ASK))),
        "cctv": ((_CCTV, _cased(_CCTV_SAID)),),
        "shift end": ((_SHIFT_END, _cased(_END)),),
    }
    for kind in told:
        for pattern, said in subs[kind]:
            text = pattern.sub(said, text, count=1)
    return text


def fault_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells a fault in everyday words and
    none of the answer's lines says it (`_SAID`); worn kit must be named too (a line on
    boots for boots, not the tabards' row)."""
    kit = _WORN.search(asked)
    stem = re.escape(kit.group("kit").rstrip("s")) if kit else ""

    def says(kind: str, lines: list[str]) -> bool:
        if kind == "worn" and not says_any(stem, lines, whole_word=False):
            return False
        return all(says_any(said, lines) for said in _SAID[kind])

    return said_or_refused(asked, draft, faults_told, says)
