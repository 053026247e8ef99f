"""Does a sentence fill the slot a question asks about? Word-to-word alignment.

Sentence cosine says whether a sentence is *about* the question's topic; an on-topic
sentence that does not answer scores as high as a paraphrased one that does. Alignment asks
two narrower things, robust to paraphrase because it compares contextual word vectors (the
MiniLM last hidden state of the same run that embeds the sentence; store/embed.py
`embed_tokens`): does every content word of the question find a counterpart in the
sentence ("ahead" ~ "advance", "ask" ~ "Requests"), and does the sentence hold content words
that match nothing in the question (where the asked-for slot is filled: "10 working days")?

Without word vectors (an embedder that has none), a word's counterpart is a word with the
same matching key (`features.key`): the exact-term special case of the same features.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from wikiqa.answerers.features import ALIGN_FEATURES, WH_WORDS, key
from wikiqa.text.terms import STOPWORDS

__all__ = [
    "ALIGN_FEATURES", "Words", "align_features", "align_matrix", "plain_words", "relation_align",
]  # fmt: skip
SLOT_COSINE = 0.45  # a sentence word whose best cosine to the question is under this is new
SLOT_CAP = 3  # new content words counted (a fill of 3+ words saturates)
_WORD = re.compile(r"\w")


@dataclass(frozen=True)
class Words:
    """A text's words and their unit vectors (None: no word vectors, match by key)."""

    words: tuple[str, ...]
    vectors: np.ndarray | None = None


# Verbs that, before "to", only frame the verb after them as "must", "can" or "will" do ("How
# long am I supposed to take", "do I need to tell", "I want to know"): modal, not content.
_SEMI_MODALS = frozenset({"supposed", "meant", "going", "got", "able", "need", "needs", "want",
                          "wants", "ought"})  # fmt: skip


# Indefinite pronouns stand in for what the question does not name ("Someone's asked for a
# copy of *everything* we hold on them": the line says "the information we hold"): no
# content word a line must align with.
_INDEFINITE = frozenset({"everything", "anything", "something", "everyone", "anyone", "someone",
                         "everybody", "anybody", "somebody"})  # fmt: skip


def _semi_modal(words: tuple[str, ...], i: int) -> bool:
    return words[i].lower() in _SEMI_MODALS and i + 1 < len(words) and words[i + 1].lower() == "to"


# "get" before a past participle is a passive auxiliary, as "be" is ("Got called out at 2am",
# "do I get paid", "can you get sacked"): the participle carries the meaning.
_GET = frozenset({"get", "gets", "got", "getting", "gotten"})
_PARTICIPLES = frozenset({"paid", "told", "sent", "taken", "given", "hurt", "caught", "made",
                          "done", "seen", "known", "kept", "left", "put", "shown", "sold",
                          "thrown", "written", "stuck", "laid", "hit", "cut", "let", "set",
                          "shut", "bitten", "stolen", "beaten", "chosen", "forgotten",
                          "held"})  # fmt: skip


def _get_passive(words: tuple[str, ...], i: int) -> bool:
    if words[i].lower() not in _GET or i + 1 >= len(words):
        return False
    after = words[i + 1].lower()
    return after in _PARTICIPLES or (len(after) > 4 and after.endswith("ed"))


# In a question "get" is a light verb, not only a passive auxiliary: its object or participle
# carries the meaning ("how many days do I *get*", "do I *get* extra for Sundays", "I've *got*
# flu"), as with "be" and "have"; the line says "25 days" or "Time and a quarter", never
# "get". Before a particle it is part of a phrasal verb that says something of its own
# ("*get* in" = arrive, "*get* it back", "*get* to the hospital", "*get* rid of") and stays
# a content word. Only the question's side: a line's words are read as they were.
_PARTICLES_AFTER_GET = frozenset({"in", "out", "back", "off", "on", "up", "to", "through",
                                  "away", "over", "into", "rid", "along", "by", "down", "round",
                                  "around", "there", "here", "home", "hold"})  # fmt: skip
_OBJECT_PRONOUNS = frozenset({"it", "them", "him", "her", "me", "us", "you", "this", "that"})


def _light_get(words: tuple[str, ...], i: int) -> bool:
    if words[i].lower() not in _GET:
        return False
    after = [w.lower() for w in words[i + 1 : i + 3]]
    if after and after[0] in _PARTICLES_AFTER_GET:
        return False
    return not (
        len(after) == 2 and after[0] in _OBJECT_PRONOUNS and after[1] in _PARTICLES_AFTER_GET
    )


def _content(words: tuple[str, ...], drop_wh: bool) -> list[int]:
    out = []
    for i, w in enumerate(words):
        low = w.lower()
        if not _WORD.search(w) or low in STOPWORDS or low in _INDEFINITE:
            continue
        if drop_wh and low in WH_WORDS:
            continue
        if _semi_modal(words, i) or _get_passive(words, i):
            continue
        if drop_wh and _light_get(words, i):  # the question's side only
            continue
        out.append(i)
    return out


def _entity(word: str, position: int) -> bool:
    return (position > 0 and word[:1].isupper()) or any(ch.isdigit() for ch in word)


def _similarity(q: Words, qi: list[int], s: Words, si: list[int]) -> np.ndarray:
    """(len(qi), len(si)) word similarities: cosines, or 1/0 key equality without vectors."""
    if q.vectors is not None and s.vectors is not None:
        return np.asarray(q.vectors[qi] @ s.vectors[si].T, dtype=np.float64)
    qk = [key(q.words[i]) for i in qi]
    sk = [key(s.words[j]) for j in si]
    return np.array([[1.0 if a == b else 0.0 for b in sk] for a in qk], dtype=np.float64)


def align_features(question: Words, sentence: Words) -> list[float]:
    """[align_mean, align_min, slot_fill, entity_align] (names in ALIGN_FEATURES), each in
    [0, 1] (cosines clipped at 0):

    * align_mean / align_min: over the question's content words (question words, verbs
      framing another as a modal (`_semi_modal`), "get" as a light verb (`_light_get`)
      and indefinite pronouns (`_INDEFINITE`) dropped), the mean and the
      least of each one's best similarity to a sentence word;
    * slot_fill: how many sentence content words match no question word (best similarity
      under SLOT_COSINE), up to SLOT_CAP, over SLOT_CAP: what the sentence adds;
    * entity_align: the least best similarity of the question's entity words (capitalised
      after the first word, or holding a digit); 1 when it names none. One mismatched
      name or number ("Lisbon" asked, "Berlin" said) pulls it down."""
    qi = _content(question.words, drop_wh=True)
    si = _content(sentence.words, drop_wh=False)
    if not qi or not si:
        return align_matrix(question.words, sentence.words, np.zeros((0, 0)))
    sim = _similarity(question, qi, sentence, si)
    full = np.zeros((len(question.words), len(sentence.words)))
    full[np.ix_(qi, si)] = sim
    return align_matrix(question.words, sentence.words, full)


def align_matrix(qwords: tuple[str, ...], swords: tuple[str, ...], sim: np.ndarray) -> list[float]:
    """`align_features` from the words and their full (question x sentence) similarity
    matrix, which bench/fit_answerability.py records, so the features are recomputed offline
    exactly as the answerer computes them."""
    qi = _content(qwords, drop_wh=True)
    si = _content(swords, drop_wh=False)
    ents = [n for n, i in enumerate(qi) if _entity(qwords[i], i)]
    if not qi or not si:  # nothing to align: only what the sentence adds is known
        return [0.0, 0.0, min(len(si), SLOT_CAP) / SLOT_CAP, 0.0 if ents else 1.0]
    sim = np.clip(np.asarray(sim, dtype=np.float64)[np.ix_(qi, si)], 0.0, 1.0)
    best_q = sim.max(axis=1)
    best_s = sim.max(axis=0)
    new = int((best_s < SLOT_COSINE).sum())
    return [
        float(best_q.mean()),
        float(best_q.min()),
        min(new, SLOT_CAP) / SLOT_CAP,
        float(best_q[ents].min()) if ents else 1.0,
    ]


def relation_align(question: Words, sentence: Words, subject: frozenset[str]) -> tuple[float, int]:
    """How well the sentence says what the question asks *about* its subject: over the
    question's relation words (content words that are not names or numbers, and not words of
    `subject`, the keys of the best sentence's document title), the mean of each one's best
    similarity to a sentence word (1 when the question asks nothing beyond names), and how
    many relation words there are.

    Any question about an article's subject is close to that article's sentences ("How many
    children did Ray Charles have?" and "Ray Charles was an American singer"): its names
    match at once and lift the plain mean (align_mean), while the asked attribute
    ("children") finds no counterpart. Here only the asked attribute counts."""
    qi = [
        i
        for i in _content(question.words, drop_wh=True)
        if not _entity(question.words[i], i) and key(question.words[i]) not in subject
    ]
    si = _content(sentence.words, drop_wh=False)
    if not qi:
        return 1.0, 0
    if not si:
        return 0.0, len(qi)
    sim = np.clip(_similarity(question, qi, sentence, si), 0.0, 1.0)
    return float(sim.max(axis=1).mean()), len(qi)


def plain_words(text: str) -> Words:
    """A text's words without vectors (for an embedder that has no word vectors)."""
    return Words(tuple(re.findall(r"\w[\w'’.-]*\w|\w", text)))
