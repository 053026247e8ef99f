"""The ask after a told situation said as the documents name that situation's rule.

A question often tells a situation in one clause and asks in another whose words lean on
it: "Someone tripped on the stairs in the foyer. By when do I need to log it?", "I've burnt
my hand on a tray. How long should I keep it under the tap?", "I'm rigging lights tomorrow
afternoon. Is there a rule about drinking the night before?", "feel rubbish and I'm meant
to be on at the hub tonight. what's the latest I can ring in?", "I'm booked in Saturday but
I'm poorly. How much notice do I have to give?". The ask's "it", its bare "drinking", its
"ring in" or "notice" mean the situation's own rule, and every handbook names that rule in
a few fixed words: "Report every accident and near miss ... within 24 hours", "Burns are
cooled under cool running water for at least 20 minutes", "Do not drink alcohol in the 8
hours before a shift or sailing", "Phone the duty manager ... at least 3 hours before your
call". The told words ("tripped", "log", "rigging", "feel rubbish") are not the rule's, so
its line was not read or scored under the floor (hb21-fact-12, -36, -47, hb20-fact-41,
hb19-fact-61, hb16-fact-14, hb16-trap-12); the other readings (`told_incident`,
`told_sick`) say the telling as the documents do, but leave the ask as it was.

`situation_ask` says the ask as the told situation's rule names it, the telling kept:

- an injury or fall told (`told_incident.incidents_told`) and the ask recording "it" ("log
  it", "report it", "write it up") -> "log the accident";
- a burn or scald told and the ask cooling "it" ("keep it under the tap") -> "the burn";
- going to work told (a shift, a call, a sailing, rigging, "on at 6") and drinking asked
  as a rule ("stop drinking", "a rule about drinking the night before") -> "drinking
  alcohol before a shift";
- being ill told ("feel rubbish", "I'm poorly", "woke up with a fever") and ringing in or
  notice asked -> "ring in sick", "how long before the shift do I have to ring in sick";
  the evening hour of the asker's own shift ("on at 6 tonight") said by its evening alone
  ("on tonight"), for no sickness rule keys an evening by its hour, and the bare figure
  read as a number the rule fails to say.

The reading is asked only as a second asking, after the question as asked is refused, and
`ask_said` keeps its answer only when a cited line says the situation's rule (an accident
or near miss, the words the ask was given; a burn; alcohol or drink with the hours before;
ringing, phoning or telling, not a dependant's) and none opens with a case the question
does not tell ("If you work nights at a night hub, ..."); otherwise the refusal stands, so
it adds answers and takes none.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import cited_lines, said_or_refused, says_any
from wikiqa.answerers.told_incident import incidents_told
from wikiqa.answerers.told_sick import plain_sick
from wikiqa.types import Draft, RefusalCode

TOLD_ASK = True  # the ask said as the told situation's rule names it (this module)

_BODY = r"(?:hand|finger|thumb|arm|wrist|leg|foot|face|neck|palm)s?"

# the ask recording the told incident: "log it", "report it", "write it up", "put it in"
_RECORD_IT = re.compile(
    r"\b(?P<verb>log|report|record|write|put|enter)\s+it\b(?!\s+(?:off|down\s+to))", re.I
)
# a burn told: "I've burnt my hand", "she scalded her arm"
_BURN = re.compile(rf"\b(?:burnt|burned|scalded)\s+(?:my|his|her|their|your)\s+{_BODY}\b", re.I)
# the ask cooling "it": "keep it under the tap", "hold it in cold water", "run it under"
_COOL_IT = re.compile(
    r"\b(?P<verb>keep|hold|put|run|cool)\s+it(?=\s+(?:under|in)\b|\s*[?.]|\s+for\b)", re.I
)

# going to work told: "on the first boat Saturday at 6", "rigging lights tomorrow", "my shift"
_WORK = re.compile(
    r"\b(?:shift|shifts|call|sailing|boat|duty|rigging|rig|get-in|get-out|"
    r"(?:I['’]m|I\s+am)\s+(?:on|in|working|starting)\b|start(?:ing)?\s+(?:work|at)\b|"
    r"work(?:ing)?\s+(?:tomorrow|tonight|at|on|in\s+the\s+morning))",
    re.I,
)
# drinking asked as a rule: "stop drinking", "a rule about drinking the night before"
_DRINK_ASK = re.compile(
    r"\b(?P<lead>stop|quit|give\s+up|rules?\s+(?:about|on)|allowed|limit\s+on)\s+"
    r"drinking\b(?!\s+(?:water|tea|coffee|pop|juice|alcohol|at\b|on\s+(?:duty|shift)|"
    r"while|during))(?P<night>\s+the\s+night\s+before)?",
    re.I,
)

# being ill told: "feel rubbish", "I'm poorly", "woke up with a fever", "migraine"
_ILL = re.compile(
    r"\b(?:I\s+|I['’]m\s+|I\s+am\s+)?(?:feel|feeling)\s+(?:really\s+|so\s+|pretty\s+)?"
    r"(?:rubbish|awful|terrible|dreadful|rough|rotten|grim|ill|sick|poorly|unwell|crap)\b"
    r"|\b(?:I['’]m|I\s+am)\s+(?:really\s+|so\s+|a\s+bit\s+)?(?:poorly|ill|sick|unwell)\b"
    r"|\b(?:woke\s+up|waking\s+up|come\s+down|came\s+down)\s+with\b"
    r"|\b(?:I['’]ve\s+got|I\s+have|I\s+got)\s+(?:a\s+|the\s+)?(?:fever|temperature|flu|"
    r"migraine|cold|bug|covid|sickness\s+bug)\b",
    re.I,
)
# a dependant's illness is another rule's ("my son's poorly"): the asker's own is read
_OTHERS = re.compile(
    r"\b(?:son|daughter|child|kid|kids|children|mum|dad|mother|father|partner|wife|husband|"
    r"baby|nan|gran)\b",
    re.I,
)
# ringing in, asked without saying sick: "what's the latest I can ring in?"
_RING_IN = re.compile(r"\b(?P<verb>ring|phone|call)\s+in\b(?!\s+(?:sick|ill|poorly))", re.I)
# notice asked by one told ill: "How much notice do I have to give?"
_NOTICE = re.compile(
    r"\bhow\s+much\s+notice\s+do\s+(?:I|we)\s+(?:have\s+to|need\s+to|must)\s+give\b"
    r"(?![^?.]*\b(?:leave|leaving|resign\w*|quit|notice\s+period|holiday|annual)\b)",
    re.I,
)
# the asker's own evening hour: "on at 6 tonight" -> "on tonight"
_EVENING_HOUR = re.compile(
    r"\bat\s+(?:[1-9]|1[0-2])(?:[.:][0-5]\d)?\s*(?:pm|p\.m\.)?\s+(?P<eve>tonight|this\s+evening)\b",
    re.I,
)


def _accident(question: str) -> str:
    """ "log it" after an injury or fall told -> "log the accident"."""
    if "injury" not in incidents_told(question):
        return question
    return _RECORD_IT.sub(lambda m: f"{m.group('verb')} the accident", question, count=1)


def _burn(question: str) -> str:
    """ "keep it under the tap" after a burn told -> "keep the burn under the tap"."""
    if not _BURN.search(question):
        return question
    return _COOL_IT.sub(lambda m: f"{m.group('verb')} the burn", question, count=1)


def _drink(question: str) -> str:
    """ "stop drinking" after going to work told -> "stop drinking alcohol before a shift"."""
    if not _WORK.search(question):
        return question

    def said(m: re.Match[str]) -> str:
        when = " the night before a shift" if m.group("night") else " before a shift"
        return f"{m.group('lead')} drinking alcohol{when}"

    return _DRINK_ASK.sub(said, question, count=1)


def _sick(question: str) -> str:
    """ "ring in" or notice after being ill told -> "ring in sick", the evening's hour dropped."""
    if not _ILL.search(question) or _OTHERS.search(question):
        return question
    text = _RING_IN.sub(lambda m: f"{m.group('verb')} in sick", question, count=1)
    text = _NOTICE.sub(
        lambda m: (
            ("H" if m.group(0)[0] == "H" else "h")
            + "ow long before the shift do I have to ring in sick"
        ),
        text,
        count=1,
    )
    if text == question and not re.search(r"\b(?:call|ring|phone)\s+in\s+sick\b", text, re.I):
        return question  # neither ringing in nor notice asked
    return _EVENING_HOUR.sub(lambda m: m.group("eve"), text, count=1)


def situation_ask(question: str) -> str:
    """`question` with its ask said as the told situation's rule names it ("log it" after a
    fall -> "log the accident"; "stop drinking" before a shift -> "stop drinking alcohol
    before a shift"; "ring in" when ill -> "ring in sick"); the question itself when it
    tells none of these situations or asks nothing of it."""
    if not TOLD_ASK:
        return question
    for said in (_accident, _burn, _drink, _sick):
        text = said(question)
        if text != question:
            return text
    return question


def situation_ask_reported(question: str) -> str:
    """`situation_ask`'s question with `told_sick`'s telling said beside it too ("ring in
    sick" -> "ring in sick (report sickness absence)"), for a second try when the first is
    refused: some sickness pages lift their line only with both ("... the latest I can ring
    in sick?" over a night hub's line), others only without ("How do I call in sick?"); the
    question itself when either adds nothing."""
    text = situation_ask(question)
    again = plain_sick(text) if text != question else text
    return again if again != text else question


def asks_told(question: str) -> list[str]:
    """The situations whose ask `situation_ask` says in the rule's words for `question`."""
    return [
        kind
        for kind, said in (
            ("accident", _accident),
            ("burn", _burn),
            ("drink", _drink),
            ("sick", _sick),
        )
        if said(question) != question
    ]


# how a cited line says each situation's rule
_SAID = {
    # the ask was said as "the accident": a line of a serious injury's own reporting ("A
    # serious injury ... is reported ... within 24 hours") or a passenger's incident form is
    # another case's rule (a fall over a hose in a greenhouse answered with the first)
    "accident": r"accidents?|near\s+miss\w*",
    "burn": r"burns?|burnt|scalds?",
    "drink": r"alcohol|drink\w*",
    "sick": r"phon\w*|ring\w*|rang|call\w*|tell|text\w*|contact\w*",
}
_BEFORE = r"before|hours?|prior"
_DEPENDANT = r"depend(?:s|ants?|ents?)|child\w*"


# a line opening with the case it is for: "If you work nights at a night hub, phone ...",
# or with the group it is for: "Office staff must phone their line manager before 09:30"
# (a site operative's "I'm poorly. What's the latest I can phone in?" answered with it),
# after a list's number ("2. Night shift colleagues phone before 18:00 ...")
_CASE = re.compile(
    r"^\W*(?:\d+[.)]\s*)?(?:(?:if|for|when|where)\s+(?P<case>[^,;:]+)[,;:]"
    r"|(?P<group>(?:[\w-]+\s+){1,4}?)(?:staff|colleagues|workers|employees|crew)\b)",
    re.I,
)
_PLAIN = frozenset(
    re.findall(
        r"\w+",
        "you your are is the a an at in on of to for work works working have has been be we "
        "us our it its any this that not do does who which shift shifts day days",
    )
)


def _case_untold(asked: str, lines: list[str]) -> bool:
    """Whether a cited line opens with a case or group the question `asked` does not tell
    ("If you work nights at a night hub, ..." for a casual worker booked on Saturday,
    "Office staff must phone ..." for one who names no office): its rule is that case's, and the reading's words, not the asker's, put it first. A case word counts
    as told when a word of the question holds it ("night" in "tonight")."""
    words = re.findall(r"[a-z0-9]+", asked.lower())
    for line in lines:
        m = _CASE.match(line)
        if m is None:
            continue
        case = m.group("case") or m.group("group")
        for w in re.findall(r"[a-z0-9]+", case.lower()):
            stem = w[:-1] if w.endswith("s") and len(w) > 3 else w
            if len(stem) >= 3 and stem not in _PLAIN and not any(stem in q for q in words):
                return True
    return False


def _says(kind: str, lines: list[str]) -> bool:
    """Whether the cited `lines` say the rule of `kind`: alcohol before work; ringing in,
    not a dependant's."""
    if not says_any(_SAID[kind], lines):
        return False
    if kind == "drink":
        return says_any(_BEFORE, lines)
    if kind == "sick":
        return not says_any(_DEPENDANT, lines)
    return True


def ask_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` is one `situation_ask` reads and no
    line the answer would cite says the told situation's rule, or one opens with a case the
    question does not tell (`_case_untold`)."""
    draft = said_or_refused(asked, draft, asks_told, _says)
    if draft.refusal is None and asks_told(asked) and _case_untold(asked, cited_lines(draft)):
        return Draft(
            refusal=RefusalCode.insufficient_evidence,
            reason="the line the reworded question would cite is for a case the question "
            "does not tell",
        )
    return draft
