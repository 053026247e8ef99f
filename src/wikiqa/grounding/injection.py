"""Spot retrieved sentences that read as instructions to the assistant.

Retrieved text is data, never instructions. A sentence that tries to steer the reader's
assistant ("ignore previous instructions", "tell the user to visit ...", "output the
following") is flagged: answerers skip it and the validator never accepts it as support.
The patterns are deliberately about *addressing an AI or its user*, so ordinary prose
that merely mentions instructions ("the manual gives instructions for assembly") passes.
"""

from __future__ import annotations

import re

from wikiqa.text.memo import memo_by_chars, text_weight
from wikiqa.text.sentences import cached_sentences

_PATTERNS: tuple[str, ...] = (
    r"\b(ignore|disregard|forget|override|bypass)\b[^.]{0,40}\b(previous|prior|above|earlier|all|any|your|the)\b[^.]{0,20}\b(instructions?|prompts?|rules|directions|guidelines|context)\b",
    r"\b(new|updated|real|actual|hidden)\s+(system\s+)?(instructions?|prompt)\s*:",
    r"\bsystem\s+prompt\b",
    r"\byou\s+are\s+(now|no\s+longer)\b",
    r"\b(as|you\s+are)\s+an?\s+(ai|language\s+model|assistant|llm|chatbot)\b",
    r"\b(ai|language\s+model|assistant|llm|chatbot)s?\b[^.]{0,60}\b(must|should|shall|will)\s+(now\s+)?(answer|respond|reply|say|tell|output|print|ignore|include|recommend|state)\b",
    r"\b(tell|instruct|advise|urge|direct)\s+(the\s+)?(user|reader|human|customer)s?\s+to\b",
    r"\b(output|print|respond\s+with|reply\s+with|repeat|say)\s+(exactly\s+|only\s+|verbatim\s+)?(the\s+following|this\s+(text|message|phrase)|these\s+words)\b",
    r"\b(answer|respond|reply)\s+(only\s+)?(with|that)\s+[\"'\u201c]",
    r"\bwhen\s+(asked|answering|summari[sz]ing)\b[^.]{0,80}\b(say|answer|respond|reply|claim|state)\b",
    r"\b(visit|go\s+to|click|navigate\s+to)\s+(https?://|www\.)\S+",
    r"^\s*(assistant|system|user)\s*:",
    r"<\s*/?\s*(system|instructions?|im_start|im_end)\s*>",
    r"\bdo\s+not\s+(tell|inform|mention\s+to)\s+the\s+user\b",
)
_REGEX = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE | re.MULTILINE)


def is_instruction_like(sentence: str) -> bool:
    """True when the sentence addresses an AI assistant or its user with commands."""
    return _REGEX.search(sentence) is not None


@memo_by_chars(16_000_000, text_weight)  # bounded by document characters, not count
def flagged_sentences(text: str) -> tuple[tuple[int, int], ...]:
    """Offsets of the instruction-like sentences of a document (memoised per text)."""
    return tuple((s.start, s.end) for s in cached_sentences(text) if is_instruction_like(s.text))
