"""Infobox labels read with the words a question uses to ask for them.

Why: an infobox line names its relation by the label the page displays ("Music by: Craig
Armstrong", "Starring: Jamie Foxx", "Running time: 152 minutes"), while a question names it
by a verb or a noun of its own ("Who composed the score for the film Ray?", "Who played in
Ray?", "How long is Ray?"). The line then shares no word with the question but its subject,
ranks under sentences that only repeat the subject, and the answer is refused. Each label
a Wikipedia infobox template displays (sources/infobox.py `_DISPLAY`, the templates' own
labels) is listed here once with the words that ask for it: its verb, its agent noun, and
the nouns of what it holds. A candidate line `Label: value` is scored as the line read with
those words (`label_reading`); what it cites stays the line itself, verbatim.

Only lines whose label is in the table are read so; any other `Label: value` line (a
handbook's front matter, "Owner: People team") reads as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from wikiqa.answerers.features import keys

# Label as displayed (lower case, "(s)" dropped) -> the words a question asks for it with.
ASKED_BY: dict[str, str] = {
    # people who made a work
    "music by": "music composed composer composers score soundtrack",
    "music": "music composed composer score soundtrack",
    "composer": "composed composer music score",
    "directed by": "directed director",
    "written by": "wrote writer writers author penned",
    "writer": "wrote writer writers author penned",
    "songwriter": "wrote writer songwriter penned composed",
    "lyricist": "lyrics lyricist wrote",
    "screenplay by": "screenplay screenwriter wrote script",
    "story by": "story wrote",
    "produced by": "produced producer producers",
    "producer": "produced producer producers",
    "starring": "starred starring stars star actor actors actress cast played",
    "narrated by": "narrated narrator",
    "cinematography": "cinematographer cinematography filmed shot",
    "edited by": "edited editor editing",
    "distributed by": "distributed distributor",
    "studio": "studio recorded",
    # when, how long, how much
    "released": "released release issued",
    "recorded": "recorded recording",
    "running time": "long length runtime duration",
    "length": "long length duration",
    "budget": "budget cost",
    "box office": "grossed gross earned box office",
    # a person
    "born": "born birth birthplace",
    "died": "died death",
    "spouse": "married wife husband spouse",
    "children": "children child sons daughters",
    "occupation": "occupation profession job",
    "instrument": "instrument instruments played play",
    "genre": "genre genres style",
    "years active": "active career",
    "associated acts": "collaborated associated worked",
    "origin": "origin from",
    # an organisation, a place
    "founded": "founded established formed started",
    "founder": "founded founder established started",
    "headquarters": "headquarters headquartered based",
    "population": "population inhabitants people",
    "employees": "employees staff",
    "preceded by": "preceded predecessor previous",
    "succeeded by": "succeeded successor next",
}
_LINE = re.compile(r"^\s*([A-Z][\w ()'’.-]{0,30}?)\s*:\s+\S")
_PLURAL = re.compile(r"\s*\(s\)|s$")


def asking_words(label: str) -> str:
    """The words that ask for `label` ("Music by" -> "music composed composer ..."), or ""
    when it is not an infobox label listed here. "Label(s)", "Labels" and "Label" are one."""
    name = " ".join(label.casefold().split())
    found = ASKED_BY.get(name)
    if found is None:
        found = ASKED_BY.get(_PLURAL.sub("", name), "")
    return found


def label_reading(line: str) -> str:
    """`line` read with the words that ask for its label ("Music by: Craig Armstrong" ->
    "Music by: Craig Armstrong (music composed composer ...)"), or "" when the line is not
    a `Label: value` line with a listed label."""
    m = _LINE.match(line)
    if m is None:
        return ""
    asked = asking_words(m.group(1))
    return f"{line.strip()} ({asked})" if asked else ""


def label_keys(lines: Iterable[str]) -> frozenset[str]:
    """The matching keys of the words that ask for the labels of `lines`: what a page's
    infobox says by its labels, beside the words it writes."""
    out: set[str] = set()
    for line in lines:
        m = _LINE.match(line)
        if m is not None:
            out.update(keys(asking_words(m.group(1))))
    return frozenset(out)
