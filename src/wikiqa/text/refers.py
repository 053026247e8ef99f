"""A sentence that refers back ("It is paid on the normal payroll date ...") says its
subject only in the sentence before it ("Your final salary includes payment for untaken
leave."). Read alone, it matches no question about that subject, and quoted alone it tells
the reader nothing. `antecedent` finds the sentence it leans on: the one right before it in
the same paragraph."""

from __future__ import annotations

import re
from collections.abc import Sequence

from wikiqa.text.sentences import Span

# A subject pronoun opening the sentence, or "This"/"That" standing alone before a verb
# ("This is paid ...", not "This policy replaces ...", which names its subject).
_REFERS = re.compile(
    r"^(?:(?:It|They|These|Those|He|She)\b(?!['’]s\s+[A-Z])|(?:This|That)\s+(?:is|was|are|were|"
    r"has|had|may|must|can|will|would|should|applies|includes|means|covers)\b)"
)
# Lines that are not prose: a heading, a list item, a table row, a label line.
_NOT_PROSE = re.compile(r"^\s*(?:#|[-*•]\s|\d+[.)]\s|\|)")


def refers_back(sentence: str) -> bool:
    """Does the sentence open with a pronoun standing for something said before it?"""
    return bool(_REFERS.match(sentence.lstrip()))


def antecedent(text: str, sentences: Sequence[Span], i: int) -> Span | None:
    """The sentence that `sentences[i]` leans on: the one before it, when `sentences[i]`
    refers back and both sit in one paragraph of prose of `text` (no blank line between,
    neither a heading, list item or table row); else None."""
    if i <= 0 or i >= len(sentences) or not refers_back(sentences[i].text):
        return None
    prev, here = sentences[i - 1], sentences[i]
    between = text[prev.end : here.start]
    if "\n\n" in between.replace("\r", "") or between.strip():
        return None
    line_start = text.rfind("\n", 0, prev.start) + 1
    if _NOT_PROSE.match(text[line_start : prev.end]) or _NOT_PROSE.match(here.text):
        return None
    return prev
