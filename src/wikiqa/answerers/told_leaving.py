"""Leaving the job told in everyday words, read as the handbooks write it.

Every handbook rules on leaving in its own few words: "resign", "dismissed", "made
redundant", "at risk of redundancy", "untaken leave", "accounts are deactivated",
"vacancy". Askers tell it otherwise: "If I quit", "if the company lets me go", "being let go
because my post is going", "laid off", "holiday I haven't used", "my logins switched off",
"replace a ranger who's leaving". None of those words is in any handbook, and neither the
search nor the answerer's features join them to the documents' words, so the leaving
document was not read (col-fact-30, hb8-fact-72) or its line scored under the floor
(col-fact-31, hb4-fact-37).

`plain_leaving` gives the question with such a telling said as the documents say it, and
nothing else changed. Who leaves is kept: the asker's own going ("quit") is "resign"; the
employer's ("let me go", "sacked") is "dismiss", or "make redundant" when the question also
tells the post itself going, which is what redundancy is. The holiday and access words are
read only when the question tells a leaving ("leftover holiday" of next year's booking stays
as it is), and said as "untaken leave", not "untaken annual leave": the longer phrase drew
annual-leave lines that do not answer (a contractor's "no paid annual leave") when the
leaving document is not there. "My last wages" is left alone: said "final pay" it drew
another document's line where none says when final pay is paid. "Quit smoking" is no
leaving, nor is a fire ("fired up"), nor "let go of". Round 55 asks it, and three more of a
leaver's asks, again in the rule's words when the question is refused (`leaver_asked`,
below), kept only when a cited line says the thing asked.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import said_or_refused, says_any
from wikiqa.types import Draft

_WHO = r"(?:me|us|him|her|them|you|someone|somebody|people|staff|anyone|workers)"
# the asker's own going: "quit", "quitting", not "quit smoking" / "quit the app"
_QUIT = re.compile(
    r"\bquit(?P<ing>ting|s)?\b(?!\s+(?:smoking|vaping|drinking|alcohol|cigarettes|tobacco|"
    r"the\s+(?:app|habit|program|programme|game|meeting|call)))",
    re.I,
)
_QUIT_FORMS = {"": "resign", "s": "resigns", "ting": "resigning"}
# the employer's: "let me go", "lets me go", "letting staff go", "be/being/been/get/got let go"
_LET_GO = re.compile(
    rf"\b(?P<verb>let|lets|letting)\s+(?P<who>{_WHO})\s+go\b(?!\s+(?:of|home|early|out|for\s+lunch))",
    re.I,
)
_BE_LET_GO = re.compile(
    r"\b(?P<aux>be|being|been|get|getting|got|was|were|am|is|are)\s+let\s+go\b(?!\s+of)", re.I
)
_SACKED = re.compile(
    r"\b(?P<aux>be|being|been|get|getting|got|was|were|am|is|are)\s+(?:sacked|fired|axed)\b"
    r"(?!\s+up\b)",  # "got fired up" is no dismissal
    re.I,
)
_LAID_OFF = re.compile(r"\blaid\s+off\b", re.I)
# the post itself going: what redundancy is ("my post is going", "my job is being cut")
_POST_GOING = re.compile(
    r"\b(?P<whose>my|our|his|her|their|the)\s+(?P<post>post|job|role|position)\s+"
    r"(?:is|are)\s+(?:going(?!\s+to\s+(?!go\b))|being\s+(?:cut|axed|scrapped|deleted|lost)|"
    r"disappearing|at\s+risk)",
    re.I,
)
_JOB_CUTS = re.compile(r"\bjob\s+(?:cuts|losses)\b", re.I)
_REDUNDANCY = re.compile(r"\bredundan", re.I)
# the manager's side: someone leaving leaves a vacancy
_REPLACE = re.compile(
    r"\breplace\s+(?P<who>(?:a|an|the|my|our)\s+(?:[\w-]+\s+){0,2}?)who(?P<rest>(?:'s|’s|\s+is|"
    r"\s+has|\s+will\s+be)\s+(?:leaving|left|resigned|resigning|retiring|going))\b",
    re.I,
)
# a leaving told, by the asker or anyone: the pay and access words below are read only then
_LEAVING = re.compile(
    r"\b(?:when|if|after|before|once|as)\s+(?:i|we|you|they|he|she)\s+(?:leave|quit|resign)\b|"
    r"\b(?:after|on|before)\s+leaving\b|"
    r"\b(?:i'm|i’m|i\s+am|we're|we\s+are|who's|who’s|who\s+is)\s+leaving\b|"
    r"\bleav(?:e|es|ing)\s+(?:the\s+)?(?:company|job|organisation|organization|firm|business|"
    r"trust|university|uni|council|school)\b|"
    r"\b(?:my|your|their)\s+last\s+(?:working\s+)?day\b|\bresign|\bquit\b|\bdismiss|"
    r"\blet\s+(?:me|us|you)\s+go\b|\bredundan",
    re.I,
)
_UNUSED_LEAVE = re.compile(
    r"\b(?:(?:any|my|the)\s+)?(?:unused|leftover|left-over|untaken|remaining)\s+"
    r"(?:holiday|holidays|annual\s+leave|leave)\b|"
    r"\b(?:(?:any|my|the)\s+)?(?:holiday|holidays|annual\s+leave)\s+(?:that\s+)?(?:i|we)\s+"
    r"(?:haven't|havent|have\s+not|haven’t|didn't|did\s+not|didn’t|never)\s+"
    r"(?:used|taken|take|use|had)\b",
    re.I,
)
_LOGINS = re.compile(r"\b(?:logins|log-ins|log\s+ins|login|log-in)\b", re.I)
_OFF = re.compile(r"\b(?:switched|turned|cut|shut)\s+off\b", re.I)


def _aux_dismissed(aux: str, redundancy: bool) -> str:
    return f"{aux} made redundant" if redundancy else f"{aux} dismissed"


def plain_leaving(question: str) -> str:
    """`question` with leaving the job told in everyday words said as the documents say it
    ("If I quit after 18 months" -> "If I resign after 18 months"; "being let go because my
    post is going" -> "being made redundant because my post is at risk of redundancy"); the
    question itself when it tells none."""
    text = question
    redundancy = bool(
        _POST_GOING.search(text) or _JOB_CUTS.search(text) or _REDUNDANCY.search(text)
    ) or bool(_LAID_OFF.search(text))
    leaving = bool(_LEAVING.search(text) or _LET_GO.search(text) or _BE_LET_GO.search(text))
    leaving = leaving or bool(_SACKED.search(text) or redundancy or _REPLACE.search(text))
    if not leaving:
        return question
    text = _QUIT.sub(lambda m: _QUIT_FORMS[(m.group("ing") or "").lower()], text)

    def let_go(m: re.Match[str]) -> str:
        verb = {"let": "", "lets": "s", "letting": "ing"}[m.group("verb").lower()]
        if redundancy:
            make = {"": "make", "s": "makes", "ing": "making"}[verb]
            return f"{make} {m.group('who')} redundant"
        dismiss = {"": "dismiss", "s": "dismisses", "ing": "dismissing"}[verb]
        return f"{dismiss} {m.group('who')}"

    text = _LET_GO.sub(let_go, text)
    text = _BE_LET_GO.sub(lambda m: _aux_dismissed(m.group("aux"), redundancy), text)
    text = _SACKED.sub(lambda m: _aux_dismissed(m.group("aux"), redundancy), text)
    text = _LAID_OFF.sub("made redundant", text)
    text = _POST_GOING.sub(
        lambda m: f"{m.group('whose')} {m.group('post')} is at risk of redundancy", text
    )
    text = _JOB_CUTS.sub("redundancies", text)
    text = _REPLACE.sub(lambda m: f"fill the vacancy of {m.group('who')}who{m.group('rest')}", text)
    text = _UNUSED_LEAVE.sub("untaken leave", text)
    if _OFF.search(text) or _LOGINS.search(text):
        text = _LOGINS.sub("accounts", _OFF.sub("deactivated", text))
    return text


# Round 55 (career55): what a leaver asks, said in the rule's words. Asked again only when
# the question as asked (after `plain_leaving`) is refused, and bounded by `leaving_said`.
# The pay's when ("When will I receive my last wages" -> "When is my final salary paid"),
# the email kept after leaving ("get into my uni email afterwards" -> "use my uni email
# account after I leave"), the notice the asker gives ("How long do I have to keep working
# after I tell them" -> "How much notice must I give") and the notice the employer gives
# ("dismisses me after 7 years, how much notice do I get" -> "... after 7 years of service,
# how much notice do you give"): hb2-fact-30, hb4-ff-06, hb10-fresh-04, hb9-fact-47.
_FINAL_PAY_WHEN = re.compile(
    r"\bwhen\s+(?:will|do|would|should|shall)\s+(?:I|we)\s+(?:receive|get|be\s+paid)\s+"
    r"(?:my|our)\s+(?:last|final)\s+(?:wages|pay|salary|pay\s*packet|pay\s*(?:check|cheque))\b",
    re.I,
)
_EMAIL = re.compile(
    r"\b(?:get\s+into|log\s*(?:in)?\s*(?:to|into)|access|use|check|keep|read)\s+(?:my|our)\s+"
    r"(?P<what>(?:\w+\s+)?)(?:e-?mails?|inbox|mailbox)(?:\s+account)?\b",
    re.I,
)
_AFTERWARDS = re.compile(r"\b(?:afterwards|after\s+that|after\s+I'?ve\s+gone)\b", re.I)
_KEEP_WORKING = re.compile(
    r"\bhow\s+long\s+(?:do|would|will|must)\s+(?:I|we)\s+(?:have\s+to\s+|need\s+to\s+)?"
    r"(?:keep\s+working|stay(?:\s+on)?|work(?:\s+on)?|carry\s+on(?:\s+working)?)\s+"
    r"(?:after|once|when)\s+(?:I|we)\s+(?:tell\s+(?:them|you|my\s+(?:manager|boss))|"
    r"hand\s+(?:in\s+)?(?:my|our)\s+notice|say\s+(?:I'?m|we'?re)\s+leaving|give\s+notice)\b",
    re.I,
)
_THINKING = re.compile(
    r"\b(?P<lead>thinking\s+(?:about|of)|planning\s+(?:on|to)|want(?:ing)?\s+to)\s+leav(?:e|ing)\b",
    re.I,
)
_DISMISSED = re.compile(
    r"\bdismiss(?:es|ed|ing)?\s+(?:me|us)\b|\b(?:get|am|be)\s+dismissed\b", re.I
)
_NOTICE_GET = re.compile(
    r"\bhow\s+much\s+notice\s+(?:do|will|would|should)\s+(?:I|we)\s+(?:get|be\s+given|receive)\b",
    re.I,
)
_YEARS = re.compile(
    r"\b(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+years\b(?!\s+(?:of\s+)?service)",
    re.I,
)

_LEAVER_SAID = {
    "final pay": r"final|last",
    "email": r"e-?mail|accounts?",
    "notice": r"notice",
}


def leaver_told(question: str) -> list[str]:
    """What a leaver asks in everyday words that `leaver_asked` says in the rule's words."""
    told = []
    if _FINAL_PAY_WHEN.search(question):
        told.append("final pay")
    if _EMAIL.search(question) and _LEAVING.search(question):
        told.append("email")
    if _KEEP_WORKING.search(question) or (
        _DISMISSED.search(question) and _NOTICE_GET.search(question)
    ):
        told.append("notice")
    return told


def leaver_asked(question: str) -> str:
    """`question` with a leaver's ask said as the rule says it (see above); the question
    itself when it asks none."""
    told = leaver_told(question)
    text = question
    if "final pay" in told:
        text = _FINAL_PAY_WHEN.sub("When is my final salary paid", text)
    if "email" in told:
        text = _EMAIL.sub(lambda m: f"use my {m['what']}email account", text)
        text = _AFTERWARDS.sub("after I leave", text)
    if _KEEP_WORKING.search(text):
        text = _KEEP_WORKING.sub("How much notice must I give", text)
        text = _THINKING.sub(lambda m: f"{m['lead']} resigning", text)
    elif "notice" in told:
        text = _NOTICE_GET.sub("how much notice do you give", text)
        text = _YEARS.sub(lambda m: f"{m[0]} of service", text, count=1)
    return text


def leaver_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells a leaver's ask in everyday
    words and none of the answer's lines says it (`_LEAVER_SAID`)."""
    return said_or_refused(
        asked, draft, leaver_told, lambda k, lines: says_any(_LEAVER_SAID[k], lines)
    )
