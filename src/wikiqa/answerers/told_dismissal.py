"""Being dismissed at once told in everyday words, read as the handbooks write it.

Disciplinary policies rule on it in their own words: "Gross misconduct can lead to dismissal
without notice, even for a first offence", "Summary dismissal without notice is possible
only for gross misconduct". The asker says it plainly: "Can I get sacked on the spot for
fiddling my timesheet?", "would they get the sack on the spot?", "Can you be fired on the
spot for ...". Neither the search nor the answerer's features join "sacked on the spot" to
"dismissed without notice", so the disciplinary policy was not read (hb7-fact-28) or its
list scored under the floor and another document's "timesheet" line stood first.

`plain_dismissal` gives the question with such a telling said as the documents say it
("Could I get dismissed without notice for fiddling my timesheet?"), and nothing else
changed. The answerer asks it only when the question as asked is refused: a page saying
"Falsifying tachograph records is gross misconduct" answers the asker's own words, and
"dismissed without notice" would put the bare lead-in line before it. It reads only a dismissal told with its immediacy ("on the spot", "instantly",
"instant", "there and then"): "sacked" alone is any dismissal, with notice or without,
which the documents do not rule on in one line. Which item of a gross-misconduct list the
asked act is, and whether that line answers, stay the readings' own (the floor).
"""

from __future__ import annotations

import re

_AT_ONCE = r"(?:on\s+the\s+spot|there\s+and\s+then|straight\s+away|immediately)"
# "sacked / fired / dismissed on the spot", "get the sack on the spot"
_DONE = re.compile(
    rf"\b(?:(?P<sacked>sacked|fired|dismissed)|(?:the\s+)?(?P<sack>sack))\s+{_AT_ONCE}",
    re.I,
)
# "let someone go on the spot", "sack me on the spot", "fire him on the spot"
_DO = re.compile(
    rf"\b(?P<verb>let|sack|fire|dismiss)\s+(?P<who>someone|somebody|me|him|her|them|you|"
    rf"people|staff|an?\s+\w+)\s+(?:go\s+)?{_AT_ONCE}",
    re.I,
)
# "instantly sacked", "instant dismissal", "an instant sacking"
_INSTANT = re.compile(
    r"\b(?:instantly|immediately)\s+(?:sacked|fired|dismissed)\b|"
    r"\b(?P<noun>instant|immediate)\s+(?:dismissal|sacking|firing)\b",
    re.I,
)


def plain_dismissal(question: str) -> str:
    """`question` with a dismissal at once told in other words said as "dismissed without
    notice" ("sacked on the spot" -> "dismissed without notice", "get the sack on the spot"
    -> "get dismissed without notice"); the question itself when it tells none."""

    def done(m: re.Match[str]) -> str:
        return "dismissed without notice"

    def do(m: re.Match[str]) -> str:
        return f"dismiss {m.group('who')} without notice"

    def instant(m: re.Match[str]) -> str:
        return "dismissal without notice" if m.group("noun") else "dismissed without notice"

    if re.search(r"\bwithout\s+notice\b", question, re.I):
        return question  # already said as the documents say it
    text = _DONE.sub(done, question)
    text = _DO.sub(do, text)
    return _INSTANT.sub(instant, text)
