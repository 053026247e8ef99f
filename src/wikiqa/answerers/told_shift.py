"""Hours, shifts and time off told in everyday words, read as the handbooks write them.

Every handbook has working-time rules and writes them in the same few words: "annual leave
requests ... at least 10 working days in advance", "a night premium of £1.75 an hour",
"Overtime is time worked beyond your contracted hours", "If you work on a callout after
midnight, you must have a rest break of 11 hours", "ask for flexible working from their
first day", "an unpaid career break", "Up to 5 days may be carried forward". The asker tells the situation: "a whole week off", "doing nights",
"stay an hour late", "got called out at 2am", "go part time", "change my hours", "a year out
to travel", "roll unused holiday over", "a shift I'd picked up got cancelled". Neither the
search nor the answerer's features join these to the documents' words, so the ruling
document was not read or its line scored under the floor.

`plain_shift` gives the question with each such telling kept and the documents' words for
it added after it, in brackets ("doing nights (night shifts, night allowance or premium)"), as
`told_money.plain_money` does for pay gone wrong; nothing else changes. Only the telling is
read, never the trade: "doing nights" is the night work of a porter, a chef or a baggage
handler alike. An early start told by the clock ("signing on before 5 in the morning") said
beside as "early start allowance, before 05:00" put handbook5's split-duty row first; said in
its place (below) it reads the allowance.

Four special times of the working week are read the same way (hours54): time off between
two shifts ("rest period between the end of one shift or duty and the start of the next"),
how often pay comes ("payday, pay dates: paid weekly or monthly"), hours in the winter
("winter hours, November to February") and a weekend worked ("weekend working, weekend
allowance or enhancement"). Their rules differ by kind of engagement ("Hourly-paid staff are
paid weekly" beside an agency guide's "Buildforce pays you weekly"), so for these a line
naming a kind the question does not say does not count as saying the time.

Five more are read by *replacing* the telling (time56; round 54's finding: the bracket beside
the asker's words leaves the answering line under the floor, the thing said by its kind or the
ask said in the rule's words lifts it): working from a place in a named foreign country is
working "from abroad" ("Working from abroad is not allowed"); being "taken on for the summer"
is being "a seasonal worker" (the seasonal workers' guide, not the general leave policy: no
bracket is then added); "how many times a year can I ask for X" is "how many X requests can I
make a year" ("You can make two requests in any 12-month period"); asking "how far ahead do I
ask for a week off" is asking how far ahead to "book" it; and "the extra for signing on before
5 in the morning", or "is there extra" after a start told at a small hour ("I'm on the early
bake at 4am"), is "the early start allowance". Each is kept only when a cited line says it:
abroad, overseas or outside the UK; seasonal, by the line or the cited document's name; a
count of requests in a year or 12 months; an early start with an allowance or a sum
(`in_place_said`). This reading (`shift_in_place`) is asked last, only when the question as
told and every reading before it are refused: the bracketed reading keeps every answer it
gives.

`shift_said` bounds what the reading answers: a question so read is answered only by lines
of which one says the situation, as the documents write it or as told ("night", "overtime",
"cancel", "call-out", "carried forward", "career break", ...). A line that says none rules
on something else. The reading is asked only when the question as told is refused: it adds
answers, and takes none the question as asked gets.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from wikiqa.answerers.told_bound import quotes_named_out_of_force, said_or_refused, says_any
from wikiqa.text.forms import foreign_country_names
from wikiqa.types import Draft, DraftQuote, RefusalCode

_OFF = r"(?:(?:a|one|the|whole|full|couple\s+of|few|some|two|three|\d+)\s+)*"
_SPAN = r"(?:days?|weeks?|week's|day's|fortnight|afternoon|morning|time)"

# (situation, how the asker tells it, the documents' words added after it, how a line says it)
_SITUATIONS: tuple[tuple[str, re.Pattern[str], str, str], ...] = (
    (
        "leave notice",  # "how far ahead ... a week off", "how much notice to book a day's holiday"
        re.compile(
            rf"\b(?:how\s+(?:far|long|much\s+notice|early|soon)\s+(?:ahead|in\s+advance|before)?"
            rf"[^?.!]*?\b(?:{_OFF}{_SPAN}\s+off|{_OFF}{_SPAN}\s+(?:holiday|leave)|holidays?|"
            rf"leave|time\s+off)\b)",
            re.I,
        ),
        "annual leave requests: notice in advance",
        r"notice|in\s+advance|ahead|before|requests?",
    ),
    (
        "nights",  # "doing nights", "on nights", "working nights"
        re.compile(r"\b(?:doing|do|on|work(?:ing)?|covering|cover)\s+(?:the\s+)?nights\b", re.I),
        "night shifts, night allowance or premium",
        r"nights?",
    ),
    (
        "overtime",  # "stay an hour late", "stay behind", "work late"
        re.compile(
            r"\b(?:stay(?:ed|ing|s)?|work(?:ed|ing|s)?)\s+(?:on\s+)?(?:(?:an?|one|two|\d+|half|"
            r"extra|few)\s+)*(?:hours?|minutes?|mins?)?\s*(?:late|later|behind|longer|over)\b",
            re.I,
        ),
        "overtime beyond contracted hours",
        r"overtime|beyond\s+(?:your\s+)?contracted|extra\s+hours",
    ),
    (
        "cancelled shift",  # "my shift got cancelled", "they cancelled my shift"
        re.compile(
            r"\b(?:shifts?|duty|duties|booking)\b[^?.!]{0,40}?\b(?:got|was|were|been|gets|is)\s+"
            r"(?:cancell?ed|called\s+off|pulled)\b|\bcancell?ed\s+(?:my|a|the)\s+(?:shifts?|duty)\b",
            re.I,
        ),
        "shift cancelled at short notice",
        r"cancel\w*|called\s+off",
    ),
    (
        "call-out",  # "got called out at 2am", "called in overnight"
        re.compile(r"\b(?:called|call(?:ed)?|rung|phoned)\s+(?:out|in)\b", re.I),
        "callout, rest break before the next normal shift",
        r"call[- ]?outs?|called\s+out|rest\s+(?:break|period)",
    ),
    (
        "flexible working",  # "change my hours", "go part time", "cut my hours"
        re.compile(
            r"\b(?:(?:change|cut|reduce|drop|swap)\s+(?:my|our)\s+(?:hours|days|shift\s+pattern)|"
            r"go(?:ing)?\s+part[- ]time|work\s+(?:fewer|less)\s+hours)\b",
            re.I,
        ),
        "flexible working request",
        r"flexible|part[- ]time|fewer\s+hours",
    ),
    (
        "career break",  # "a year out to travel", "go travelling", "a few months off unpaid"
        re.compile(
            r"\b(?:(?:a|the)\s+(?:year|gap\s+year|few\s+months|couple\s+of\s+months|months?)\s+"
            r"(?:out|off)|go(?:ing)?\s+travell?ing|time\s+out\s+to\s+travel)\b",
            re.I,
        ),
        "career break or sabbatical, unpaid leave",
        r"career\s+breaks?|sabbaticals?",
    ),
    (
        "carry forward",  # "roll unused holiday over", "carry my days over"
        re.compile(
            # only of time off: "takes precedence over national law" carries nothing forward
            r"^(?=.*\b(?:holidays?|leave|days?|hours?|flexi\w*|time\s+off)\b).*?"
            r"(?:\b(?:roll|carry|take)\w*\s+(?:\w+\s+){0,3}?(?:over|into\s+next\s+year)\b"
            r"|\broll[- ]?over\b)",
            re.I | re.S,
        ),
        "carried forward into the next leave year",
        r"carr(?:y|ied|ies)|roll\w*\s+over|forward|next\s+(?:leave\s+)?year",
    ),
)
# hours54: the special times of the working week told in everyday words
_WEEKEND = r"(?:weekends?|saturdays?|sundays?)"
_WORKED = (
    r"(?:work\w*|allowance|enhance\w*|premium|rate|shifts?|rota|dut(?:y|ies)|overtime|"
    r"double\s+time|time\s+and\s+a\s+(?:half|quarter))"
)
_SITUATIONS += (
    (
        "rest between shifts",  # "time off between two bus shifts", "a late then an early"
        re.compile(
            r"\b(?:time|hours?|rest|break|gap)\b[^?.!]{0,30}?\bbetween\s+(?:(?:two|my|our|one|"
            r"a|the|each|consecutive|back[- ]to[- ]back)\s+)*(?!split)(?:\w+\s+)?"
            r"(?:shifts|duties|turns)\b|\bbetween\s+(?:a|an|my)\s+late\s+and\s+(?:an?\s+)?early\b|"
            r"\bquick\s+turn[- ]?a?rounds?\b",
            re.I,
        ),
        "rest period between the end of one shift or duty and the start of the next",
        r"rest\b|between\s+the\s+end|between\s+(?:one|two|each|consecutive)?\s*(?:shifts?|dut(?:y|ies))",
    ),
    (
        "pay frequency",  # "how often do I get paid", "are we paid weekly or monthly"
        re.compile(
            r"\bhow\s+often\s+(?:do|will|am|are|is|does)\s+(?:i|we|you|staff|they|my\s+\w+)\s+"
            r"(?:get\s+|be\s+)?paid\b|\bhow\s+often\s+(?:is|are|do|does)\s+(?:the\s+)?"
            r"(?:pay\s*day|wages|pay|salary|salaries)\b|"
            r"\bpaid\s+(?:weekly|monthly|fortnightly)\s+or\s+(?:weekly|monthly|fortnightly)\b",
            re.I,
        ),
        "payday, pay dates: paid weekly or monthly",
        r"weekly|monthly|fortnightly|four[- ]weekly|(?:every|each)\s+(?:week|month|fortnight|"
        r"two\s+weeks|four\s+weeks|friday|thursday)\b",
    ),
    (
        "winter hours",  # "what time do we finish on site in the winter"
        re.compile(
            r"^(?=.*\b(?:what\s+time|hours|start\w*|finish\w*|clock\w*\s+(?:on|off)|knock\w*\s+off|"
            r"open\w*|clos\w*|shut\w*)\b).*?\b(?:in|during|over|through)\s+(?:the\s+)?winter\b"
            r"|\bwinter\s+(?:hours|times|timetable)\b",
            re.I | re.S,
        ),
        "winter hours, November to February",
        r"winter|(?:october|november|december)\s+(?:to|until|-|\u2013)\s+(?:january|february|march)",
    ),
    (
        "weekend working",  # "rostered on for my weekend", "working a Sunday", "a weekend shift"
        re.compile(
            rf"\b(?:work(?:ing|ed|s)?|rostered(?:\s+on)?|doing|do|cover(?:ing)?)\s+(?:on\s+)?"
            rf"(?:for\s+)?(?:(?:a|an|the|this|my|our|every|one)\s+)?{_WEEKEND}\b|"
            rf"\b{_WEEKEND}\s+(?:shifts?|dut(?:y|ies)|work(?:ing)?)\b",
            re.I,
        ),
        "weekend working, weekend allowance or enhancement",
        rf"{_WEEKEND}\s+(?:\w+\s+){{0,2}}?{_WORKED}|{_WORKED}\s+(?:\w+\s+){{0,3}}?{_WEEKEND}",
    ),
)
# time56: situations whose telling is *replaced* by the documents' words, not bracketed
# beside them (round 54's finding: the bracket leaves the answering line under the floor,
# the thing said by its kind or the ask said in the rule's words lifts it).
# (situation, how the asker tells it, the documents' words said in its place, how a line says it)
_SMALL_HOURS = r"0?[1-6](?:[:.]\d\d)?"  # an hour before the working day's usual start
# an early start paid for, not a rota's "Early shift" column of times
_EARLY_PAID = (
    r"early\s+(?:start|shift|duty|duties|turn)s?\b[^.;]*?(?:allowance|premium|enhance\w*|"
    r"supplement|£|€|\d\s*%)"
)
_COUNTRY = "|".join(re.escape(n) for n in foreign_country_names())
_REPLACED: tuple[tuple[str, re.Pattern[str], str, str], ...] = (
    (
        "working abroad",  # "work from my sister's place in Spain", "work remotely from France"
        re.compile(
            rf"\b(?:work|do\s+my\s+(?:job|work))(?:ing)?(?:\s+remotely)?\s+from\s+"
            rf"(?:[^?.!,;]{{0,40}}?\s+in\s+)?(?:{_COUNTRY})\b",
            re.I,
        ),
        "work from abroad",
        r"abroad|overseas|outside\s+(?:the\s+)?(?:UK|United\s+Kingdom|country)|"
        r"(?:another|other)\s+countr(?:y|ies)",
    ),
    (
        "seasonal worker",  # "I've only been taken on for the summer", "here for the season"
        re.compile(
            r"\b(?:I['’]ve|I\s+have|I['’]m|I\s+am|I\s+was|I['’]ve\s+been)?\s*"
            r"(?:only\s+|just\s+)?(?:been\s+)?(?:taken\s+on|hired|employed|here|working\s+here|"
            r"signed\s+up|brought\s+in)\s+(?:just\s+|only\s+)?for\s+the\s+(?:summer|season|"
            r"christmas(?:\s+(?:period|rush))?|festive\s+season|holidays)\b",
            re.I,
        ),
        "I'm a seasonal worker",
        r"seasonal|season|summer|casual|temporary",
    ),
    (
        "requests a year",  # "how many times a year can I ask for flexible working"
        re.compile(
            r"\bhow\s+many\s+times\s+(?:a|per|each|every|in\s+a)\s+year\s+(?:can|may|could)\s+"
            r"(?P<who>I|we)\s+(?:ask|apply|put\s+in)\s+for\s+(?P<thing>[^?.!]+?)(?=\s*[?.!]|$)",
            re.I,
        ),
        r"how many \g<thing> requests can \g<who> make a year",
        # a count in a period, not "You may make a flexible working request from your first day"
        r"(?:requests?|applications?)\b[^.;]*?\b(?:12|twelve)[- ]months?|"
        r"(?:requests?|applications?)\b[^.;]*?\b(?:a|per|each|every|any)\s+(?:calendar\s+)?year",
    ),
    (
        "booking leave",  # "how far ahead do I have to ask for a week's holiday" -> "... book ..."
        re.compile(
            r"(?P<ask>\bhow\s+(?:far|long|early|soon)\s+(?:ahead|in\s+advance|before(?:hand)?)\s+"
            r"(?:do|should|must|would|will)\s+(?:I|we)\s+(?:have\s+to\s+|need\s+to\s+)?)"
            r"(?:ask|apply|put\s+in|request)(?:\s+for)?\b(?=[^?.!]*\b(?:off|holidays?|leave)\b)",
            re.I,
        ),
        r"\g<ask>book",
        r"notice|in\s+advance|ahead|before|book\w*",
    ),
    (
        # round 57 (grocer57): time away told by the trip and its length ("I want to go to
        # Spain for 10 days in June. How far ahead do I have to put the request in?"), the
        # request asked with no leave named: the request is for that much holiday, said so
        # (the rule is by length: "For a week or more, ask at least 4 weeks"; hb14-fact-03)
        "booking leave",
        re.compile(
            r"^(?![^?]*\b(?:holidays?|leave|vacation|time\s+off|days?\s+off)\b)"
            r"(?=(?:[^?]*\b(?:I|we)\b[^?.!]{0,25}?\b|\s*|[^?]*[.!]\s+)"
            r"(?:go|going|be|head|heading|fly|flying|travel\w*|away|off)\b"
            r"[^?.!]{0,40}?\bfor\s+(?P<len>(?:a|one|two|three|four|five|six|seven|eight|nine|"
            r"ten|\d+)\s+(?:days?|weeks?)|a\s+fortnight)\b)"
            r"(?P<told>.*?\bhow\s+(?:far|long|early|soon)\s+(?:ahead|in\s+advance|"
            r"before(?:hand)?)\s+(?:do|should|must|would|will)\s+(?:I|we)\s+"
            r"(?:have\s+to\s+|need\s+to\s+)?(?:put\s+(?:the|a|my)\s+(?:request|form)\s+in|"
            r"put\s+in\s+(?:the|a|my)\s+(?:request|form)|ask|request\s+it|apply))(?=\s*\?)",
            re.I | re.S,
        ),
        r"\g<told> for \g<len> of holiday",
        r"notice|in\s+advance|ahead|before|book\w*",
    ),
    (
        "early start",  # "the extra for signing on before 5 in the morning"
        re.compile(
            r"\b(?:(?P<art>the|any|an?)\s+)?(?:extra|more|bonus|top[- ]up|additional\s+pay)\s+(?:pay\s+)?"
            r"(?:for|when|if)\s+(?:I\s+|we\s+)?(?:sign(?:ing)?\s+on|start(?:ing)?|"
            rf"clock(?:ing)?\s+on|book(?:ing)?\s+on)\s+(?:work\s+)?(?:before|at)\s+{_SMALL_HOURS}"
            r"\s*(?:am|a\.m\.|in\s+the\s+morning|o['’]clock)?",
            re.I,
        ),
        r"\g<art> early start allowance",
        _EARLY_PAID,
    ),
    (
        "early start",  # "I'm on the early bake at 4am, is there extra?"
        re.compile(
            # a start told at a small hour ("I start at 5:30am", "on the early bake at 4am"),
            # not a finish ("I finish at 2am")
            r"^(?=.*\b(?:start\w*|begin\w*|(?:sign|clock|book)\w*\s+on|on\s+(?:the|an?|my)\b"
            rf"[^?.!,]{{0,25}}?)\s+(?:at|before|from)\s+{_SMALL_HOURS}\s*"
            r"(?:am|a\.m\.|in\s+the\s+morning)\b)"
            r"(?P<told>.*?)\b(?:is\s+there|do\s+(?:I|we)\s+get|will\s+(?:I|we)\s+get)\s+"
            r"(?:any(?:thing)?\s+)?extra(?:\s+(?:pay|money))?(?:\s+for\s+(?:it|that|this))?\b",
            re.I | re.S,
        ),
        r"\g<told>is there an early start allowance",
        _EARLY_PAID,
    ),
)
_BY_KIND = frozenset({"working abroad", "seasonal worker"})
# how a line says each situation: a stem ("cancel" says "cancelled")
_SAID = {name: said for name, _, _, said in (*_SITUATIONS, *_REPLACED)}
# The special times' rules differ by kind of engagement ("Hourly-paid staff are paid weekly"
# beside an agency operative's "Buildforce pays you weekly"): a line of these situations
# naming a kind the question does not say rules for someone else.
_KEPT_KIND = frozenset({"rest between shifts", "pay frequency", "winter hours", "weekend working"})
_KIND = re.compile(
    r"\b(?:hourly[- ]paid|paid\s+by\s+the\s+hour|salaried|weekly[- ]paid|monthly[- ]paid|casual|"
    r"seasonal|agency|bank\s+(?:staff|workers?)|temporary|temps?|part[- ]time|(?:sub-?)?contractors?|"
    r"permanent|zero[- ]hours?)\b",
    re.I,
)


def _kinds(text: str) -> set[str]:
    """The kinds of engagement `text` names ("hourly paid", "casual"), hyphens as spaces and
    a head left off ("bank" of "bank staff" and "bank workers")."""
    said = (re.sub(r"[-\s]+", " ", m.group(0).lower()) for m in _KIND.finditer(text))
    return {re.sub(r" (?:staff|workers?)$", "", kind) for kind in said}


def engagement_kinds(text: str) -> set[str]:
    """The kinds of engagement `text` names (`_kinds`), for readings of other situations
    whose rules differ by kind too (told_calendar.py)."""
    return _kinds(text)


def _asker_kind(asked: str, lines: list[str]) -> list[str]:
    """The lines naming no kind of engagement the question `asked` does not say."""
    said = _kinds(asked)
    return [line for line in lines if _kinds(line) <= said]


def _said_in_place(m: re.Match[str], words: str) -> str:
    """The documents' `words` (a template of `m`'s groups) said in place of the telling `m`,
    with its capital when the telling had one."""
    said = " ".join(m.expand(words).split())  # an article not told leaves no gap
    return said[:1].upper() + said[1:] if m.group(0)[:1].isupper() else said


def shift_told(question: str) -> list[str]:
    """The working-time situations `question` tells in everyday words (`_SITUATIONS`)."""
    return [name for name, told, _, _ in _SITUATIONS if told.search(question)]


def plain_shift(question: str) -> str:
    """`question` with each working-time situation told in everyday words kept and the
    documents' words for it added after it ("doing nights" -> "doing nights (night
    shifts, night allowance or premium)"); the question itself when it tells none."""
    text = question
    for _, told, words, _ in _SITUATIONS:
        m = told.search(text)
        if m is not None and words.lower() not in text.lower():
            text = f"{text[: m.end()]} ({words}){text[m.end() :]}"
    return text


def shift_in_place(question: str) -> str:
    """`question` with a telling of `_REPLACED` said in its place in the documents' words
    ("work from my sister's place in Spain" -> "work from abroad", "ask for a week's
    holiday" -> "book a week's holiday"), then read as `plain_shift` reads it, save that the
    asker said by their kind or place gets no bracket; the question itself when it tells
    none of `_REPLACED`. Asked after `plain_shift`'s reading is refused, so it adds answers
    and changes none that reading gives."""
    text = question
    for _, told, words, _ in _REPLACED:
        text = told.sub(partial(_said_in_place, words=words), text, count=1)
    if text == question:
        return question
    if any(told.search(question) for name, told, _, _ in _REPLACED if name in _BY_KIND):
        # the asker said by their kind or place: the general rule's words beside it ("annual
        # leave requests") would bring the general policy over the kind's own
        return text
    return plain_shift(text)


def _said(asked: str, draft: Draft, told_in: Callable[[str], list[str]]) -> Draft:
    """`draft`, or a refusal when a situation `told_in(asked)` names is said by none of the
    answer's lines (for a seasonal worker, by none of its lines or documents' names)."""

    def says(name: str, lines: list[str]) -> bool:
        kept = _asker_kind(asked, lines) if name in _KEPT_KIND else lines
        if name == "seasonal worker":  # a seasonal workers' guide's lines name no kind
            kept = [*lines, *(q.doc_id for q in _quotes(draft))]
        return says_any(_SAID[name], kept, whole_word=False)

    return said_or_refused(asked, draft, told_in, says)


def shift_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells a working-time situation in
    everyday words and none of the answer's lines says that situation."""
    return _said(asked, draft, shift_told)


def in_place_said(asked: str, draft: Draft) -> Draft:
    """`shift_said`, and a refusal too when `asked` tells a situation of `_REPLACED` (working
    abroad, a seasonal worker, requests a year, booking leave, an early start) that none of
    the answer's lines says: the bound of `shift_in_place`'s answer."""

    def told(question: str) -> list[str]:
        return shift_told(question) + [n for n, t, _, _ in _REPLACED if t.search(question)]

    if quotes_named_out_of_force(draft):
        # a draft or past edition by its name ("flexible-working-2027-draft.md": "You could
        # make three requests") rules on nothing today; the reading lifts lines the question
        # as told left under the floor, so it answers from none of them
        return Draft(
            refusal=RefusalCode.insufficient_evidence,
            reason="the answer would quote a draft or past edition",
        )
    return _said(asked, draft, told)


def _quotes(draft: Draft) -> list[DraftQuote]:
    return [q for c in draft.claims for q in c.quotes]
