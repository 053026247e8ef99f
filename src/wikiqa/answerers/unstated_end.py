"""A question asking when a thing ends is not answered by a line that gives no end.

"When does my fire marshal certificate expire?" shares its words with "Fire marshal training
lasts half a day and is repeated every 3 years.", "When does my site induction expire?" with
"Inductions start at 07:30 on Mondays.", and such a line can clear the floor: it says the
ask's thing and a number, which is all the when-question's type gate (`features.answers_type`)
asks of a line. Neither says when the thing ends. A line does when it gives a date (a day of a
month, a month's name or a year: "ends on 14 August 2026", "Dates: 6 July 2026 to 25 September
2026") or states the asked thing's own span (`end_line.states_end_of`: "The card lasts 3
years."), or a span of a subject naming nothing ("It lasts 3 years.", read as the thing's),
or when it says every content word of the thing and a verb of its ending ("Your badge and
accounts expire on the last day of the engagement", "your digital tachograph driver card,
which lasts 5 years", "Passwords do not expire"). A clock time, a weekday, a frequency
("every 6 months") or another thing's span ("training lasts half a day") is none of these;
nor is "before it runs out", the ask's own verb, which the line telling the reader to renew
in time says.

One sentence: *a question asking when a thing ends (`end_line.asked_end`) is refused when no
cited line gives a date, states that thing's span, or says the thing with a verb of its
ending.* It only refuses, after the decision.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.end_line import asked_end, span_subject, states_end_of
from wikiqa.text.months import MONTH_NAMES

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

# a date: a month's name, capitalised (not the "may" of "you may"), with or without its day,
# or a year of four digits
_DATE = re.compile(rf"\b(?:{MONTH_NAMES})\b|(?<![\d,.£$€])\b(?:19|20)\d{{2}}\b")

# a verb of a thing's ending, not "run out" (the ask's own verb, said by "renew it before it
# runs out")
_ENDING = re.compile(
    r"\b(?:lasts?|expire[sd]?|ends?|ended|finish(?:es|ed)?|lapse[sd]?|runs?\s+(?:until|till|for)"
    r"|(?:is|are|remains?|stays?)\s+valid)\b",
    re.I,
)


def gives_end(line: Candidate, thing: str) -> bool:
    """Does `line` say when `thing` ends: a date, the thing's span, a span whose subject
    names nothing ("It lasts 3 years."), or every content word of the thing with a verb of
    its ending?"""
    text = line.span.text
    if _DATE.search(text) or states_end_of(line, thing):
        return True
    subject = span_subject(text)
    if subject is not None and not stem_set(subject):
        return True
    said = stem_set(text)
    asked = stem_set(thing)
    return bool(_ENDING.search(text)) and bool(asked) and all(said_like(w, said) for w in asked)


def unstated_end(question: str, chosen: list[Candidate]) -> str | None:
    """The thing a question asks the end of, when no chosen line says when it ends; None
    when the question asks no end or a line says it."""
    thing = asked_end(question)
    if thing is None or not chosen or any(gives_end(c, thing) for c in chosen):
        return None
    return thing
