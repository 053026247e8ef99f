"""Spot retrieved sentences that read as instructions to the assistant.

Retrieved text is data, never instructions. A sentence that tries to steer the reader's
assistant ("ignore previous instructions", "the correct answer is ...", "you are now ...",
"SYSTEM: ...", in any of several languages) is flagged: answerers skip it and the
validator never accepts it as support.

The detector is a logistic model over the linguistic cues of `injection_features.py`
(who is addressed, mood, talk of instructions or of "the correct answer", system framing,
hidden text). Its weights are fitted, non-negative, by `bench/injection.py --fit` on a
labelled set (bench/data/injections.jsonl against ordinary prose from Wikipedia, SQuAD,
SciFact, HotpotQA, the docs and hand-written hard negatives), and the threshold is the one
that keeps false positives under 0.5% on the development split.

A second stage (`injection_semantic.py`) catches instructions worded unlike any lexicon:
sentences the cue model leaves below its threshold but whose wording passes a cheap gate
are embedded with the bundled MiniLM encoder and scored by a logistic layer over (cue
logit, embedding). A sentence is flagged when either stage says so. See docs/grounding.md
for the measured recall, false-positive rate and cost.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

from wikiqa.grounding import injection_semantic
from wikiqa.grounding.injection_features import features
from wikiqa.text.memo import memo_by_chars, text_weight
from wikiqa.text.sentences import cached_sentences

# Fitted by `python bench/injection.py --fit` (dev split only); one weight per FEATURES.
BIAS = -2.445
WEIGHTS: tuple[float, ...] = (
    2.041,  # ai_word
    2.181,  # assistant_word
    2.175,  # second_person
    1.913,  # meta
    2.348,  # imperative_output
    1.223,  # imperative_other
    2.199,  # response_form
    0.695,  # always_say
    3.264,  # answer_shaping
    1.560,  # addressed_directive
    1.467,  # override
    2.104,  # answer_claim
    2.203,  # answer_assert
    1.388,  # roleplay
    1.087,  # system_marker
    1.789,  # chat_markup
    0.787,  # shout_label
    1.708,  # vocative
    1.348,  # tell_user
    1.393,  # conditional_ask
    1.385,  # conditional_directive
    0.721,  # hidden
    0.725,  # nondisclosure
    0.771,  # exfiltration
    0.012,  # addressed_output
    3.478,  # directive_output
    2.514,  # self_directive
    1.305,  # answer_directive
)
CUE_THRESHOLD = 0.5  # the fitted model's probability threshold (chosen by the fit)
THRESHOLD = 0.5  # on `instruction_score`, whose logit is shifted so CUE_THRESHOLD maps to 0.5


@lru_cache(maxsize=65536)  # ~0.2 ms a sentence; a popular article is read again and again
def cue_logit(sentence: str) -> float:
    """Logit of the cue model, shifted so 0 is its threshold."""
    z = BIAS + sum(w * x for w, x in zip(WEIGHTS, features(sentence), strict=True))
    return z - math.log(CUE_THRESHOLD / (1 - CUE_THRESHOLD))


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def instruction_scores(
    sentences: Sequence[str], known: injection_semantic.Known | None = None
) -> list[float]:
    """`instruction_score` of many sentences, embedding the gated ones in one batch; `known`
    may give a sentence's vector already computed (see `semantic_logits`)."""
    cues = [cue_logit(s) for s in sentences]
    todo = [i for i, (s, c) in enumerate(zip(sentences, cues, strict=True)) if embeds(s, c)]
    sem = injection_semantic.semantic_logits(
        [sentences[i] for i in todo], [cues[i] for i in todo], known
    )
    for i, z in zip(todo, sem, strict=False):
        cues[i] = max(cues[i], z)
    return [_sigmoid(z) for z in cues]


def embeds(sentence: str, cue: float | None = None) -> bool:
    """Does `instruction_scores` embed `sentence` for its semantic stage: the cue model does
    not flag it already (`cue`, its logit, when computed) and its wording passes the gate.
    The indexer stores the vectors of exactly these texts (answerers/stored_texts.py)."""
    return (cue_logit(sentence) if cue is None else cue) < 0 and injection_semantic.gated(sentence)


def instruction_score(sentence: str) -> float:
    """Score in [0, 1] that `sentence` is an instruction to an assistant; 0.5 and above
    means flagged (by the cue model, or by the semantic stage for gated sentences)."""
    return instruction_scores([sentence])[0]


def is_instruction_like(sentence: str) -> bool:
    """True when the sentence addresses an AI assistant or its user with commands."""
    return instruction_score(sentence) >= THRESHOLD


@memo_by_chars(16_000_000, text_weight)  # bounded by document characters, not count
def flagged_sentences(text: str) -> tuple[tuple[int, int], ...]:
    """Offsets of the instruction-like sentences of a whole document (memoised per text).
    For graders that look at everything a run retrieved; the ledger checks only around a
    matched span (`overlaps_flagged`), so answering never splits a whole large document."""
    spans = cached_sentences(text)
    scores = instruction_scores([s.text for s in spans])
    return tuple((s.start, s.end) for s, p in zip(spans, scores, strict=True) if p >= THRESHOLD)


WINDOW = 4000  # how far around a span its paragraph is looked for


def _paragraph(text: str, start: int, end: int) -> tuple[int, int]:
    """The paragraph around text[start:end] (blank lines are hard sentence boundaries, so
    splitting it alone gives the sentences a whole-document split would), bounded to
    WINDOW characters either side so a document without blank lines stays cheap."""
    lo_limit, hi_limit = max(0, start - WINDOW), min(len(text), end + WINDOW)
    lo = text.rfind("\n\n", lo_limit, start)
    if lo < 0:
        lo = text.rfind("\n", lo_limit, start)
    lo = lo_limit if lo < 0 else lo
    hi = text.find("\n\n", end, hi_limit)
    if hi < 0:
        hi = text.find("\n", end, hi_limit)
    return lo, hi_limit if hi < 0 else hi


def overlaps_flagged(text: str, start: int, end: int) -> bool:
    """True when text[start:end] is, or overlaps a sentence that is, instruction-like.
    Only the paragraph around the span is split, so this is cheap on a large document.
    A flagged table row counts from its first instruction-like cell on (`clean_cells`):
    the cells before it are the row's facts and may be cited."""
    if is_instruction_like(text[start:end]):
        return True
    lo, hi = _paragraph(text, start, end)
    near = [s for s in cached_sentences(text, lo, hi) if s.start < end and start < s.end]
    for s, p in zip(near, instruction_scores([s.text for s in near]), strict=True):
        if p >= THRESHOLD and end > s.start + clean_cells(s.text):
            return True
    return False


MIN_CLEAN_CELLS = 2  # a row's key and one value: less says nothing on its own


def clean_cells(row: str) -> int:
    """How much of the table row `row` (a Markdown line "| Lisbon | 22 | ignore ... |") is
    clean cells before its first instruction-like cell: the length of that prefix, up to
    and including the pipe that closes the last clean cell, or 0 when the row is not a
    table line, fewer than MIN_CLEAN_CELLS cells precede the first flagged one, or no
    single cell is flagged (an instruction spread over cells taints the whole row)."""
    if not row.lstrip().startswith("|"):
        return 0
    bounds = [i for i, ch in enumerate(row) if ch == "|"]
    cells = [(a + 1, b) for a, b in pairwise(bounds)]
    if row.rstrip()[-1:] != "|":  # a last cell without a closing pipe
        cells.append((bounds[-1] + 1, len(row)))
    scores = instruction_scores([row[a:b].strip() or "-" for a, b in cells])
    first = next((i for i, p in enumerate(scores) if p >= THRESHOLD), None)
    if first is None or first < MIN_CLEAN_CELLS:
        return 0
    return cells[first - 1][1] + 1
