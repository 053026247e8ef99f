"""The dates of the working year and the start of the working day, told in everyday words.

Every handbook sets a calendar and writes it in the same few words: "The leave year runs
from 1 April to 31 March", "All sites, yards and offices close at 12:00 on Friday 18
December 2026", "Arrive 15 minutes before opening time". The asker tells it otherwise:
"when does the holiday year start and end", "what time do we finish up for christmas",
"when do we shut for the summer holidays", "what time should I get in if I'm opening the
shop". The search and the answerer's features do not join "holiday year" to "leave year",
"finish up for" to "close", or "what time should I get in" to "how long before opening time
should I arrive", so another line of the calendar won (hb10-fact-03 cited the bank-holiday
list, hb10-fact-07 Christmas Day's line in it) or the answering line scored under the floor
(hb8-fact-50).

Round 54's finding holds here: the documents' words added beside the asker's leave the
answering line where it was; the thing and the ask said in the rule's words lift it. So:

- `plain_calendar` (before the first asking) says the year and the closing as the
  documents do: "holiday year" -> "leave year", "when does the leave year start and end"
  -> "when does the leave year run" (the documents' verb for a year's span: "runs from
  ... to"), and a finishing, breaking up or shutting for an occasion ("finish up for
  christmas", "break up for the summer holidays") -> "close for" it. Nothing else changes;
  the occasion is kept, so "close for christmas" still reads this year's Christmas notice.
- `opening_ask` (asked again after a refusal for want of evidence) says the time to be in
  when opening up as the opening rule asks it: "what time should I get in if I'm opening
  the shop" -> "how long before opening time should I arrive if I'm opening the shop".
  `opening_said` bounds it: a line the answer cites must say a time before opening
  ("before opening", "before the shop opens", "before we open"); otherwise the refusal
  stands, so the reading adds answers and takes none the question as asked gets.
- `canteen_ask` (the same second asking) says the canteen, asked for its hours, by the
  kind the documents write it under, "the staff restaurant" ("The Riverside Restaurant ... is
  open 07:00 to 19:30 every day", hb2-fact-55); kept only when a cited line says a place to
  eat and a time, and it or its document's name says staff or canteen (a restaurant open to
  guests is not the staff canteen).
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import quotes_past_edition, said_or_refused, says_any
from wikiqa.answerers.told_shift import engagement_kinds
from wikiqa.types import Draft, RefusalCode

_HOLIDAY_YEAR = re.compile(r"\b(?:holiday|holidays|annual\s+holiday)\s+year\b", re.I)
# "when does the leave year start and end", "... begin", "... start and finish"
_YEAR_SPAN = re.compile(
    r"\b(leave\s+year)\s+(?:start|begin|starts|begins)(?:\s+and\s+(?:end|finish|stop)s?)?\b",
    re.I,
)
_OCCASION = (
    r"(?:christmas|xmas|the\s+christmas\s+(?:break|holidays?|period)|the\s+festive\s+"
    r"(?:break|period|season)|the\s+holidays|the\s+summer(?:\s+holidays?)?|easter|"
    r"the\s+easter\s+holidays?|new\s+year)"
)
# "finish up for christmas", "break up for the summer holidays", "shut for easter"
_CLOSE_FOR = re.compile(
    rf"\b(?:finish(?:ing)?(?:\s+up)?|break(?:ing)?\s+up|knock(?:ing)?\s+off|"
    rf"stop(?:ping)?\s+work(?:ing)?|shut(?:ting)?(?:\s+down)?|wind(?:ing)?\s+down)"
    rf"\s+for\s+(?={_OCCASION}\b)",
    re.I,
)
_OPEN_UP = (
    r"(?:open(?:ing)?\s+up|open(?:ing)?\s+(?:the|our|my)\s+(?:shop|store|branch|site|office|"
    r"restaurant|kitchen|cafe|café|bar|gate|depot|yard|library|centre|center|unit|premises)|"
    r"on\s+(?:the\s+)?open(?:ing)?\s+(?:shift|rota))"
)
# "what time should I get in if I'm opening the shop", "when do I need to be in to open up"
_OPENING_ASK = re.compile(
    r"\b(?:what\s+time|when|how\s+early)\s+(?:should|do|must|would|will)\s+(?:I|we)\s+"
    r"(?:need\s+to\s+|have\s+to\s+)?(?:get\s+in|be\s+in|come\s+in|arrive|turn\s+up|get\s+there|"
    r"be\s+there|start)\b"
    rf"(?=[^?.!]*?\b(?:if|when|to|for)\s+(?:I['’]m\s+|I\s+am\s+|we['’]re\s+|we\s+are\s+)?{_OPEN_UP})",
    re.I,
)
# a line saying a place to eat at work and its hours ("The Riverside Restaurant ... is open
# 07:00 to 19:30 every day")
_EATERY = (
    r"(?:restaurant|canteen|caf[eé]|cafeteria|dining\s+room|mess\s+room)s?\b"
    r"[^.;]*?\b(?:\d{1,2}[:.]\d\d|\d{1,2}\s*(?:am|pm))"
)
_BEFORE_OPENING = (
    r"before\s+(?:(?:the\s+)?opening(?:\s+time)?|(?:the\s+\w+|we|it)\s+opens?|open(?:ing)?\s+up)"
)


# how a line says each occasion closed for: by its name or its month ("close at 13:00 on
# Thursday 24 December" is the Christmas closing)
_OCCASION_SAID = (
    (r"christmas|xmas|festive", r"christmas|xmas|festive|december"),
    (r"summer", r"summer|july|august"),
    (r"easter", r"easter|march|april"),
    (r"new\s+year", r"new\s+year|january"),
    (r"holidays", r"holidays?"),
)
_CLOSED = r"clos(?:e|ed|es|ing|ure)|shut(?:s|down)?"
_MONTH = r"january|february|march|april|may|june|july|august|september|october|november|december"
_DATE = rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTH})|(?:{_MONTH})\s+\d{{1,2}})\b"
# a line saying the leave year: its span ("The leave year runs from 1 April to 31 March",
# "The leave year is the calendar year") or the year beside a date
_YEAR_SAID = (
    r"(?:leave|holiday)\s+year\s+(?:runs?|ran|is|was|starts?|begins?|ends?|from)"
    rf"|^(?=.*\b(?:leave|holiday)\s+year\b)(?=.*\b{_DATE})"
)


def calendar_told(question: str) -> list[str]:
    """The year or the closing for an occasion `question` tells in everyday words: "leave
    year", or the occasion closed for ("christmas", "the summer holidays")."""
    told = []
    if _HOLIDAY_YEAR.search(question) or _YEAR_SPAN.search(question):
        told.append("leave year")
    m = _CLOSE_FOR.search(question)
    if m is not None:
        occasion = re.match(_OCCASION, question[m.end() :], re.I)
        told.append(occasion.group(0).lower() if occasion else "the occasion")
    return told


def _says(asked: str, told: str, lines: list[str]) -> bool:
    """Whether one of `lines` says `told` (the leave year's span, or a closing and the
    occasion in one line) and every kind of engagement `asked` names ("agency drivers":
    a line for all employees rules for someone else)."""
    kinds = engagement_kinds(asked)
    lines = [line for line in lines if kinds <= engagement_kinds(line)]
    if told == "leave year":
        return any(re.search(_YEAR_SAID, line, re.I) for line in lines)
    said = next((s for name, s in _OCCASION_SAID if re.search(name, told, re.I)), told)
    return any(says_any(_CLOSED, [line]) and says_any(said, [line]) for line in lines)


def calendar_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells the year or a closing in
    everyday words and no line the answer would cite says it (`_says`), or the answer quotes
    a past edition ("archive/annual-leave-2025.md": last year's leave year is not this one's;
    `told_bound.quotes_past_edition`)."""
    if calendar_told(asked) and quotes_past_edition(draft):
        return Draft(
            refusal=RefusalCode.insufficient_evidence,
            reason="the question tells the year or a closing in other words, and the answer "
            "would quote a past edition",
        )
    return said_or_refused(
        asked, draft, calendar_told, lambda told, lines: _says(asked, told, lines)
    )


def plain_calendar(question: str) -> str:
    """`question` with the working year and a closing told in everyday words said as the
    documents say them ("when does the holiday year start and end" -> "when does the leave
    year run", "finish up for christmas" -> "close for christmas"); the question itself when
    it tells neither."""
    text = _HOLIDAY_YEAR.sub("leave year", question)
    text = _YEAR_SPAN.sub(lambda m: f"{m.group(1)} run", text)
    return _CLOSE_FOR.sub("close for ", text)


def opening_ask(question: str) -> str:
    """`question` with the time to be in when opening up asked as the opening rule says it
    ("what time should I get in if I'm opening the shop" -> "how long before opening time
    should I arrive if I'm opening the shop"); the question itself otherwise."""
    said = "how long before opening time should I arrive"
    return _OPENING_ASK.sub(
        lambda m: said[:1].upper() + said[1:] if m.group(0)[:1].isupper() else said,
        question,
        count=1,
    )


_DAY = (
    r"(?:christmas(?:\s+(?:day|eve))?|xmas(?:\s+(?:day|eve))?|boxing\s+day|"
    r"new\s+year['’]?s\s+(?:day|eve)|easter(?:\s+(?:sunday|monday))?|good\s+friday)"
)
# "any chance of getting Christmas Day off", "can I have Boxing Day off this year"
_DAY_OFF = re.compile(
    rf"^(?:any\s+chance\s+of|can\s+I|could\s+I|may\s+I|will\s+I\s+(?:be\s+able\s+to|get)|"
    rf"am\s+I\s+(?:able|allowed)\s+to|is\s+it\s+possible\s+to)\s+(?:get(?:ting)?|hav(?:e|ing)|"
    rf"tak(?:e|ing)|book(?:ing)?)\s+({_DAY})\s+off\b",
    re.I,
)


def day_off_ask(question: str) -> str:
    """`question` asking for a festive day off said as the leave rules say it ("Any chance
    of getting Christmas Day off this year?" -> "Is leave over Christmas Day granted this
    year?"); the question itself otherwise."""
    return _DAY_OFF.sub(lambda m: f"Is leave over {m.group(1)} granted", question, count=1)


def _day_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when `asked` asks for a festive day off and no line the answer
    cites says leave or time off over that day ("Leave over Christmas Eve, Christmas Day ...
    is granted only ..."; not "Staff who work Christmas Day get first choice of leave dates
    in January")."""
    m = _DAY_OFF.search(asked)
    told = [m.group(1)] if m else []
    day = re.escape(told[0]) if told else ""
    said = (
        rf"(?:leave|holiday|time\s+off|off)\s+(?:over|on|at|for)\b[^.;]{{0,40}}?\b{day}|{day}\s+off"
    )
    return said_or_refused(asked, draft, lambda _: told, lambda _, lines: says_any(said, lines))


# time56: the staff canteen's hours asked by the place's everyday name; the documents call
# it the staff restaurant ("The Riverside Restaurant ... is open 07:00 to 19:30 every day")
_CANTEEN = re.compile(
    r"^(?=.*\b(?:what\s+time|when|how\s+late|how\s+early|hours|open\w*|clos\w*|shut\w*)\b)"
    r"(?P<before>.*?)\b(?:the\s+)?(?:staff\s+)?(?:canteen|cafeteria)\b",
    re.I | re.S,
)


def canteen_ask(question: str) -> str:
    """`question` asking the canteen's hours with the place said by its kind as the
    documents write it ("What time does the staff canteen close?" -> "What time does the
    staff restaurant close?"); the question itself otherwise."""
    return _CANTEEN.sub(lambda m: f"{m.group('before')}the staff restaurant", question, count=1)


def _told(asked: str) -> list[str]:
    told = ["opening up"] if _OPENING_ASK.search(asked) else []
    return told + (["canteen"] if canteen_ask(asked) != asked else [])


def opening_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` asks when to be in to open up and no
    line the answer would cite says a time before opening; or asks for a festive day off and
    no line says leave over that day (`_day_said`); or asks the canteen's hours and no line
    says a place to eat and a time, the staff's by its words or its document's name."""
    draft = _day_said(asked, draft)
    # the canteen's line must be the staff's, by its words or its document's name (a
    # restaurant open to guests is not the staff canteen)
    named = [q.doc_id.replace("-", " ") for c in draft.claims for q in c.quotes]

    def says(told: str, lines: list[str]) -> bool:
        if told == "opening up":
            return says_any(_BEFORE_OPENING, lines)
        return says_any(_EATERY, lines) and says_any(r"staff|canteen|employees?", lines + named)

    return said_or_refused(asked, draft, _told, says)


def calendar_ask(question: str) -> str:
    """`question` with the time to be in to open up or a festive day off asked in the rule's
    words (`opening_ask`, `day_off_ask`), and the canteen said as the staff restaurant
    (`canteen_ask`): the second asking's rewrite."""
    return canteen_ask(day_off_ask(opening_ask(question)))
