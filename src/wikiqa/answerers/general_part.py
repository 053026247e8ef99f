"""A later part of a compound question read in its own words when the first part's names
find nothing of their own (hops63).

A later part that names nothing of its own is scored with the first part's names appended
(`extractive.part_subject`: "what's the office address? (Berlin)"), so that among lines
about several things the one about the named thing is the part's answer. When the first
part's names only say who is asking or which case the first part is ("As a band 5, how
much notice must I give when I resign, and will I be paid for holiday I haven't taken?"),
the later part may ask a rule said for everyone ("Your final salary, including payment
for any untaken annual leave, is paid on the next normal pay date."): no line says the
names, the line that answers is first either way, and the names it does not say only pull
its score under the floor.

The names can also find only the first part's own line: "As a Band 3, how much notice do
I give, and can my manager agree a shorter notice period?" scores its second part, "(Band,
3)" appended, with the first part's row "| Band 3 | 4 weeks | ... |" over the floor, and
the answer says nothing of the second part.

*The names appended choose a line only when a line says them, and a line other than the
first part's own.* So the part is also scored in its own words, and that reading is the
part's when (`general_reading`):
- both readings rank the same line first (the names picked no other line), under the floor
  as named; or the named reading ranks the first part's own first line first and the part
  in its own words another line ("Your manager may agree a shorter notice period.");
- the part in its own words clears the floor with it, and something agrees that the line
  is what the part asks: the whole question ranks it among its top `parts.CORROBORATING`
  too (two retrievals agree on it, as `parts.answered_parts` asks of a part under the
  floor), or the line, its heading or its title says every content word of the part
  (`says_the_part`, as `ask_named` reads an ask named whole). "Do I get to keep my work
  phone?" alone clears the floor with "Light personal use of your work phone and laptop is
  allowed in your own time", which the whole question about notice does not rank and
  which says no "keep";
- the line is no table row and no list item under a lead-in (a row's key cell, or the
  lead-in, may say whose rule it is), and it names nothing the question does not (`features.name_words`: a capitalised word past
  its first, or a number), nor its heading or its document's title a number the question
  does not say: "Lisbon" or "Band 6" says the line is another thing's rule, which the
  first part's names were appended to pass over.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like, situation_stems, stem_set
from wikiqa.answerers.features import key, name_words
from wikiqa.answerers.parts import CORROBORATING
from wikiqa.text.terms import words

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

_DIGIT = re.compile(r"\d")


def says_no_other_name(line: str, context: str, title: str, question: str) -> bool:
    """Does the line name nothing the question does not (no capitalised word past its
    first, no number, but the question's words), nor its heading or its document's title
    a number the question does not say (headings and titles are capitalised throughout,
    so only their numbers name a thing: "Band 6")?"""
    said = {key(w) for w in words(question)}
    if any(key(w) not in said for w in name_words(line)):
        return False
    return all(key(w) in said for text in (context, title) for w in words(text) if _DIGIT.search(w))


def says_the_part(part: str, line: Candidate) -> bool:
    """Does the line, its heading or its document's title say every content word of the
    part, whole or by its first four letters (`ask_named.said_like`), light words of asking
    and contracted auxiliaries ("haven't") aside?"""
    said = stem_set(" ".join((line.span.text, line.context, line.doc.title or "")))
    asked = [w for w in situation_stems(part) if "'" not in w and "’" not in w]
    return bool(asked) and all(said_like(w, said) for w in asked)


def firsts_line(named: Evidence, first: Evidence | None) -> bool:
    """Is the named reading's first line the first part's own first line (the names
    appended found only the line the first part already answers with)?"""
    return bool(
        first is not None
        and first.ranked
        and named.ranked
        and named.ranked[0].at == first.ranked[0].at
    )


def names_found_nothing(named: Evidence, first: Evidence | None, floor: float) -> bool:
    """Should the part be read in its own words too: its named reading is under the floor,
    or its first line is the first part's own?"""
    return named.score < floor or firsts_line(named, first)


def general_reading(
    named: Evidence | None,
    plain: Evidence | None,
    floor: float,
    question: str,
    whole: Evidence | None,
    first: Evidence | None = None,
) -> bool:
    """Is `plain` (the later part scored in its own words) the part's reading rather than
    `named` (scored with the first part's names appended)? See the module docstring;
    `whole` is the whole question's evidence, `first` the first part's."""
    if named is None or plain is None or whole is None or not named.ranked or not plain.ranked:
        return False
    line, other = plain.ranked[0], named.ranked[0]
    if firsts_line(named, first):  # the names found only the first part's own line
        if line.at == other.at:
            return False
    elif named.score >= floor or line.at != other.at:
        return False
    if plain.score < floor or line.header is not None or line.lead is not None:
        return False
    agreed = line.at in {c.at for c in whole.ranked[:CORROBORATING]}
    if not agreed and not says_the_part(plain.question.text, line):
        return False  # nothing agrees that the line is what the part asks
    return says_no_other_name(line.span.text, line.context, line.doc.title or "", question)
