"""A support line named by what it gives, read as the documents name it: the assistance programme.

Every handbook lists its employee assistance programme among its contacts, under that name
and seldom by what it gives: "Employee Assistance Programme: Lifeline Support, 0800 316
5517, free and confidential, 24 hours a day". The asker names the line by what it gives:
"What's the number for the free counselling helpline?" (hb16-fact-52, hb17-fact-48,
hb19-fact-50: the same question in three batteries). The record shares "free" and nothing
else with it, so it scored 0.08-0.17, under the floor, first or not even read; asked with the
programme's name ("What's the number for the employee assistance programme?") it answers.

`told_sick` reads a low mood told ("I'm struggling", "someone to talk to") as the
programme's matter; this reads the line itself named: a counselling line, helpline or
service. `plain_service` says the programme's name in its place, the told words kept beside
it in brackets ("the employee assistance programme (free counselling helpline)"), and only
when the question asks how to reach it (its number, how to ring or contact it, whether there
is one): "How many sessions does the counselling service give?" or "Does the counselling
line cover my partner?" ask what a contacts record does not say, and the programme's name
would lift that record over the floor. `service_said` bounds the answer: a line it cites
must name the programme (or counselling), and when a number is asked, give a phone number.
Asked only as a second asking, after the question as asked is refused for want of evidence,
so it adds answers and takes none.
"""

from __future__ import annotations

import re

from wikiqa.types import Draft

TOLD_SERVICE = True  # a counselling line named by what it gives, read as the programme

# the line named by what it gives: "the free counselling helpline", "a counselling line",
# "the staff counselling service", "the 24-hour counselling number"
# (the line opens with its determiner: "the union's counselling line", "the bereavement
# counselling service" are another line, named by whose or what for)
_SERVICE = re.compile(
    r"\b(?:the|a|an|any|your|our|that)\s+"
    r"(?:(?:free|confidential|staff|employee|24[- ]hour|24/7|private|phone|telephone)\s+){0,3}"
    r"counsel(?:l)?ing\s+(?:help\s*line|phone\s*line|line|service|number)\b",
    re.I,
)
# the ask is how to reach it: its number, how to ring it, whether there is one
_REACH = re.compile(
    r"\b(?:what(?:['’]s|s|\s+is)?\s+the\s+(?:phone\s+|tele(?:phone)?\s+|contact\s+)?number"
    r"|what\s+(?:phone\s+)?number|(?:phone|contact|tele(?:phone)?)\s+number"
    r"|how\s+(?:do|can|would|should)\s+I\s+(?:ring|call|phone|contact|reach|get\s+(?:hold\s+of|"
    r"in\s+touch\s+with))|who\s+(?:do|can)\s+I\s+(?:ring|call|phone)"
    r"|(?:is|are)\s+there\s+(?:a|an|any)|do\s+we\s+have\s+(?:a|an|any))\b",
    re.I,
)
# an ask of something else beside the reaching: a count, an amount, a time, who is covered
_BEYOND = re.compile(
    r"\bhow\s+(?:many|much|long|often|soon)\b|\bwhen\b|\bcover(?:s|ed)?\b|\bpay(?:s|ing)?\s+for\b|"
    r"\bsessions?\b|\bpartner\b|\bfamily\b|\bopen\b|\bhours\b|\bcost\b|"
    r"\bfor\s+(?:patients|residents|clients|customers|students|pupils|members|the\s+public|"
    r"families|relatives|children|kids|volunteers|managers)\b",
    re.I,
)
_PROGRAMME = "employee assistance programme"
# how a cited line names the programme, and a phone number ("0800 316 5517")
_NAMED = re.compile(r"\bemployee\s+assistance\b|\bEAP\b|\bcounsel(?:l)?ing\b", re.I)
_PHONE = re.compile(r"\b0\d{2,4}(?:[\s-]?\d{2,4}){2,3}\b")
_NUMBER_ASKED = re.compile(r"\bnumber\b|\b(?:ring|call|phone)\b", re.I)


# round 71 (told71): the line asked for by what it is for, with no name of a line at all: "Is
# there a helpline I can ring to talk to someone in confidence about stuff at home?"
# (hb20-fact-32), "Things are hard at home at the moment. Is there someone confidential I
# can talk to?" (hb18-fact-34). Three things together say the programme: someone or a line
# asked for (`_WHO`), to talk to (`_TALK`), and in confidence or about one's own life at
# home (`_PRIVATE`); what it is about, when said, may only be that life (`_ABOUT_OWN`), and
# nothing may name another line's matter (`_OTHER_LINE`: a concern raised, IT, a booking,
# customers, money, health at work)
_WHO = re.compile(
    r"\b(?:someone|anyone|somebody|anybody|somewhere|anywhere|who\s+(?:can|could|do|should)\s+I|(?:a|an|any)\s+(?:(?:confidential|free|private|"
    r"24[- ]hour|phone|telephone)\s+)*(?:help\s*line|phone\s*line|line|number|service))\b",
    re.I,
)
_TALK = re.compile(
    r"\b(?:talk|speak|chat)\s+to\b|\b(?:talk|speak|chat)\s+(?:in\s+confidence|privately)\b", re.I
)
# round 72 (line72): ringing in confidence is talking, when what about is said and is the
# asker's own life: "Is there somewhere I can ring in confidence about money worries?"
# (hb21-fact-28); said alone, "ring in confidence" is the whistleblowing line's word too
_RING_PRIVATELY = re.compile(
    r"\b(?:ring|call|phone)\s+(?:in\s+confidence|confidentially|privately)\b", re.I
)
_PRIVATE = re.compile(
    r"\bin\s+confidence\b|\bconfidential(?:ly)?\b|\bprivately\b"
    r"|\b(?:at|from)\s+home\b|\bpersonal\s+(?:stuff|things|problems?|issues?|matters?|life)\b",
    re.I,
)
# "about ...": only the asker's own life, at home or personal, or how they feel
_ABOUT = re.compile(r"\babout\b", re.I)
_ABOUT_OWN = re.compile(
    r"about\s+(?:(?:stuff|things|problems?|issues?|what['’]s\s+going\s+on|something|some\s+things)"
    r"\s+(?:at\s+home|going\s+on\s+at\s+home|in\s+my\s+personal\s+life|outside\s+work)"
    r"|(?:some\s+)?personal\s+(?:stuff|things|problems?|issues?|matters?)"
    r"|my\s+(?:home\s+life|personal\s+life|mental\s+health|stress|anxiety)"
    r"|(?:my\s+)?(?:money|financial)\s+(?:worries|troubles|problems|difficulties))\b",
    re.I,
)
_OTHER_LINE = re.compile(
    r"\b(?:report\w*|whistle\w*|wrongdoing|fraud|concerns?|complain\w*|grievance|bully\w*|"
    r"harass\w*|manager|boss|supervisor|IT|computer|laptop|password|login|book\w*|customers?|"
    r"passengers?|clients?|guests?|patients?|residents?|public|safety|accident|incident|pay|"
    r"payroll|pension|money(?!\s+(?:worries|troubles|problems|difficulties))|debt|legal|union|doctor|GP|nurse|occupational|medical|sick\w*|"
    r"counsel(?:l)?ing|assistance|therap\w*)\b",
    re.I,
)
# the asker is the one who would talk: "I can talk to", "who can I talk to"
_ASKER_TALKS = re.compile(
    r"\bI\s+(?:can|could|might|may)\b|\bwho\s+(?:can|could|do|should)\s+I\b", re.I
)
_ASK_AGAIN = "Is there an employee assistance programme I can ring?"


def support_asked(question: str) -> bool:
    """Whether `question` asks for the confidential support line by what it is for, naming no
    line: someone or a line (`_WHO`) to talk to (`_TALK`), in confidence or about home
    (`_PRIVATE`), about nothing but the asker's own life (`_ABOUT_OWN`), no other line's
    matter named (`_OTHER_LINE`), and nothing asked beyond reaching it (`_BEYOND`)."""
    talks = _TALK.search(question) or (_RING_PRIVATELY.search(question) and _ABOUT.search(question))
    if not (_WHO.search(question) and talks and _PRIVATE.search(question)):
        return False
    if not _ASKER_TALKS.search(question):
        return False  # someone else to talk ("Can my kids ring ...?")
    if _OTHER_LINE.search(question) or _BEYOND.search(question):
        return False
    return all(_ABOUT_OWN.match(question, m.start()) for m in _ABOUT.finditer(question))


def service_named(question: str) -> re.Match[str] | None:
    """The support line `question` names by what it gives, when it asks only how to reach
    it (`_REACH`, nothing of `_BEYOND`)."""
    m = _SERVICE.search(question)
    if m is None or "assistance" in question.lower():
        return None
    rest = question[: m.start()] + " " + question[m.end() :]
    if not _REACH.search(question) or _BEYOND.search(rest):
        return None
    return m


def plain_service(question: str) -> str:
    """`question` with the support line it names said as the documents name it, the told
    words kept beside ("the free counselling helpline" -> "the employee assistance
    programme (free counselling helpline)"); the question itself when it names none."""
    m = service_named(question) if TOLD_SERVICE else None
    if m is None:
        return _ASK_AGAIN if TOLD_SERVICE and support_asked(question) else question
    article = re.match(r"\w+\s+", m.group(0))
    told = m.group(0)[article.end() :] if article else m.group(0)
    one = article is not None and article.group(0).strip().lower() in ("a", "an", "any")
    named = f"an {_PROGRAMME}" if one else f"the {_PROGRAMME}"
    return f"{question[: m.start()]}{named} ({told}){question[m.end() :]}"


def service_said(asked: str, draft: Draft) -> bool:
    """Whether the answer to the retold question stands: a cited line names the programme
    (or counselling) and, when the question asked a number, one of them gives a phone number."""
    if draft.refusal is not None:
        return False
    lines = [q.quote for c in draft.claims for q in c.quotes]
    named = [line for line in lines if _NAMED.search(line)]
    if not named:
        return False
    return not _NUMBER_ASKED.search(asked) or any(_PHONE.search(line) for line in named)
