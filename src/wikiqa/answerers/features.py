"""What a question asks for, and how well a sentence provides it.

Two separate decisions use these features (the lesson of notes/baselines.md): *which*
sentence best answers (ranking, `rank_features`), and *whether* it answers at all
(answerability, `answer_features`). The second looks at what the question pins down (its
rare terms, named entities, numbers, negation, answer type) against what the chosen
sentence and its passage actually say. Both return plain float vectors; the weights that
turn them into scores live in answerability.py.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from wikiqa.answerers.kinds import says_kind
from wikiqa.answerers.parts import distributed
from wikiqa.text.clock import CLOCK_TIME
from wikiqa.text.months import MONTH_NAMES, WEEKDAY_NAMES
from wikiqa.text.shares import SHARE_FIGURE
from wikiqa.text.terms import STOPWORDS, is_demonym, stem, words
from wikiqa.text.titles import without_titles

_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})s?\b|\b\d{1,2}(st|nd|rd|th)\b")
_NUMBER = re.compile(r"\b\d[\d,.]*\b|\b(one|two|three|four|five|six|seven|eight|nine|ten|"
                     r"eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|"
                     r"billion|dozen|several|half)\b", re.IGNORECASE)  # fmt: skip
_MONTH = re.compile(rf"\b({MONTH_NAMES}|century|centuries|decade|era|period)\b", re.IGNORECASE)
_CAP = re.compile(r"\b[A-Z][\w'’-]*")
# A place: a capitalised word after a locative preposition, or "Town, Region" (an infobox
# "Born: 1930, Albany, Georgia"); a bare name ("Birth name: Ray Charles Robinson") is not one.
_PLACE = re.compile(r"\b(?:in|at|near|from|to|into|outside|across)\s+(?:the\s+)?([A-Z][\w'’-]*)"
                    r"|\b([A-Z][\w'’-]*),\s+[A-Z]")  # fmt: skip
# A part may open with any preposition before its question word (", and within how many
# days ...", ", and through whom ..."), not only the ones seen in one battery.
_PREPOSITIONS = (
    r"by|to|from|through|with|without|within|for|in|at|on|up\s+to|until|till|after|"
    r"before|during|under|over|about|of|into|onto|against|via|per|since|between|"
    r"among|across|around|behind|beyond|toward|towards|upon|beside|besides"
)
_PARTS = re.compile(r",?\s+and\s+(?=(?:(?:" + _PREPOSITIONS + r")\s+)?"
                    r"(?:who|what|when|where|which|why|how|whom|whose)\b"
                    r"|(?:will|can|could|do|does|is|are|must|should|may)\s+(?:i|we|you|they|my|our|there)\b)",
                    re.I)  # fmt: skip
_NEG = frozenset({"not", "never", "no", "none", "nor", "without", "cannot", "neither", "nothing"})
# "non" negates the one word it is joined to ("non-shared", or written apart: "non shared").
# A question asking about that case asks a negation (`asks_negated`), which a line saying
# the bare word does not make (`_non_mismatch`); a line's "non-member states" names a kind
# of thing and negates none of the line's clauses (`has_negation` without `prefix`).
_PREFIX_NEG = frozenset({"non"})
_NON_WORD = re.compile(r"\bnon[\s-]+([^\W\d_]+)", re.I)
_QUALIFIERS = frozenset(
    {"first", "last", "only", "most", "least", "largest", "smallest", "biggest", "highest",
     "lowest", "best", "worst", "main", "primary", "major", "total", "currently", "current",
     "original", "originally", "earliest", "latest", "oldest", "newest", "longest", "shortest",
     "other", "except", "besides", "exactly", "never", "always"}
)  # fmt: skip
WH_WORDS = frozenset({"who", "what", "when", "where", "which", "why", "how", "whom", "whose"})

# Words that ask rather than name: they open or close no phrase ("How much", "can I";
# meant_keys.py, told_key.py).
ASKING_WORDS = frozenset(
    {
        "what", "whats", "what's", "which", "who", "whom", "whose", "when", "where", "why",
        "how", "much", "many", "long", "get", "got", "can", "could", "would", "should",
        "will", "do", "does", "did", "is", "are", "was", "were", "am", "be", "been",
        "have", "has", "had", "need", "want", "im", "i'm", "i've", "ive", "i’m", "i’ve",
        "anything", "something", "someone", "anyone", "allowed", "able",
    }
)  # fmt: skip
WH_TYPES = ("when", "number", "who", "where", "what", "why", "how", "yesno", "other")
RATE_IN_WORDS = True  # "what rate" answered by a multiple of pay in words (gated_type)
KEY_LEN = 7


# Irregular relatives a suffix stripper cannot join, common in factual questions and
# infoboxes ("Where was X born?" / "Birth place: ..."; "When did X die?" / "Death date: ...").
_IRREGULAR = {
    **dict.fromkeys(("born", "birth", "births", "birthplace"), "born"),
    **dict.fromkeys(("die", "died", "dies", "dying", "death", "deaths", "dead"), "die"),
    **dict.fromkeys(("write", "writes", "wrote", "written", "writing", "writer"), "write"),
}


def key(word: str) -> str:
    """Matching key for a word: its stem cut to KEY_LEN characters (tolerates derivations)."""
    return _IRREGULAR.get(word.lower()) or stem(word)[:KEY_LEN]


# Contracted question words ("who's", "what's", "where's"): the question word and "is" or
# "has", asking and naming nothing (a row is not short of them; rows.row_fit).
ASKING_CONTRACTIONS = frozenset(key(f"{w}{a}s") for w in sorted(WH_WORDS) for a in ("'", "’"))


def keys(text: str) -> list[str]:
    """Keys of the content words of `text`, in order, stopwords dropped. Identifiers are
    split on underscores, so `WIKIQA_GROUNDING_MODE` matches "grounding mode"."""
    parts = (p for w in words(text) for p in (w.split("_") if "_" in w else (w,)) if p)
    return [key(w) for w in parts if w.lower() not in STOPWORDS]


@lru_cache(maxsize=8192)
def key_set(text: str) -> frozenset[str]:
    """`keys(text)` as a set, memoised: table cells, titles and names are compared as sets
    of keys again and again while one question is answered."""
    return frozenset(keys(text))


_STOP_KEYS = frozenset(stem(w)[:KEY_LEN] for w in STOPWORDS)


def has_negation(text: str, prefix: bool = False) -> bool:
    """Does `text` say not / never / no ...? A negation inside a title ("I Can't Stop Loving
    You", "No Woman, No Cry": a capitalised word next to another, past the first word) is
    part of a name and negates nothing (text/titles.py). With `prefix`, "non" before a word
    negates it too ("non shared medium", "non-shared medium"): see `negation_mismatch`."""
    low = without_titles(text).lower()
    neg = _NEG | _PREFIX_NEG if prefix else _NEG
    return "n't" in low or "n’t" in low or any(w in neg for w in re.findall(r"[a-z]+", low))


def _prefix_negated(text: str) -> frozenset[str]:
    """The keys of the words "non" negates in `text` ("non-member states": "member")."""
    return frozenset(k for w in _NON_WORD.findall(without_titles(text)) for k in keys(w))


# The situation a question sets out before it asks ("My new starter isn't quite there yet.
# Can I extend their trial period?") is not what it asks: a negation or a qualifier there
# ("I was underpaid on my last wages.") is none the answer must share. A sentence ends at a
# full stop, "!" or "?" after a lower-case word or a number and before a capital, so
# "R.F.C. de Liege" and "the U.S. Navy" are not cut.
SENTENCE_END = re.compile(r"(?<=[a-z0-9][.!?])\s+(?=[A-Z])")


def asked_clause(question: str) -> str:
    """The sentence of `question` that asks: its last one ending in a question mark, else
    its last one. Words put after the question ("When are logins switched off? Contractor
    Time Off": a bridge's title, hops.py) ask nothing."""
    sentences = [s for s in SENTENCE_END.split(question.strip()) if s.strip()]
    asking = [s for s in sentences if s.rstrip().endswith("?")]
    return (asking or sentences or [question])[-1]


def asks_negated(question: str) -> bool:
    """Does the question ask about a negation ("Which team did not reach the final?"), not
    only set out a situation that says one (`asked_clause`)?"""
    return has_negation(asked_clause(question), prefix=True)


# A negation inside a condition ("can my probation be extended if it's not going well?")
# sets out the case asked about; it asks for a negated answer only when the line speaks of
# what it negates ("If there is no shared physical medium, how are the packets delivered?"
# over "If there is a shared physical medium ...": SQuAD's adversarial questions negate what
# their paragraph says). A condition opens at one of _CONDITION ("when" past the first word:
# "When was it not ..." asks a time) and closes at a clause mark; the negated words run from
# the negator to the next clause mark or one of _CLAUSE_WORDS.
_CONDITION = frozenset({"if", "unless", "when", "whenever"})
_CLAUSE_WORDS = frozenset({"if", "unless", "when", "whenever", "while", "because", "but",
                           "so", "although", "before", "after", "until", "or", "and"})  # fmt: skip
_CLAUSE_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?|[,;:?.!()]")


def _negator(token: str) -> bool:
    low = token.lower()
    return low in _NEG or low.endswith(("n't", "n’t"))


def _read_negations(clause: str) -> tuple[list[tuple[bool, frozenset[str]]], frozenset[str]]:
    """`negations` of `clause`, and the keys of its words outside every condition (what it
    asks of the case the condition sets out)."""
    tokens = _CLAUSE_TOKEN.findall(without_titles(clause))
    found: list[tuple[bool, list[str]]] = []
    asked: list[str] = []
    condition = negating = False
    for i, token in enumerate(tokens):
        low = token.lower()
        if not token[0].isalnum() or low in _CLAUSE_WORDS:
            negating = False
            condition = low in _CONDITION and (low != "when" or i > 0)
            continue
        if _negator(token):
            found.append((condition, []))
            negating = True
        elif negating:
            found[-1][1].extend(keys(token))
        elif not condition:
            asked.extend(keys(token))
    return [(cond, frozenset(ws)) for cond, ws in found], frozenset(asked)


def negations(clause: str) -> list[tuple[bool, frozenset[str]]]:
    """Each negation of `clause`: whether it lies in a condition, and the keys of the content
    words it negates (the words from the negator to the end of its clause)."""
    return _read_negations(clause)[0]


def negation_mismatch(question: str, sentence: str) -> bool:
    """Does the question ask about a negation the sentence does not make? Only a negation
    of the asking sentence counts (`asked_clause`), and one inside a condition only when the
    sentence says a word of what it negates, or says nothing the question asks outside its
    conditions (then the sentence is not about the question's case at all; see _CONDITION)."""
    clause = asked_clause(question)
    if not has_negation(clause):  # only a "non" (or nothing) negates: see _non_mismatch
        return _non_mismatch(clause, sentence)
    if has_negation(sentence):
        return False
    said = key_set(sentence)
    spans, asked = _read_negations(clause)
    if not spans or not asked & said:
        return True
    return any(not cond or not ws or ws & said for cond, ws in spans)


def _non_mismatch(clause: str, sentence: str) -> bool:
    """A "non" asks about the case its word does not hold ("In cases of non shared medium
    how are packets delivered?"); a line saying that word without it speaks of the other
    case ("In case of a shared physical medium ..."). A line that does not say the word at
    all may name the whole term otherwise ("How long is a non-disclosure agreement valid?"
    over "Standard NDAs last 3 years"), so only the bare word said is a mismatch."""
    asked = _prefix_negated(clause)
    if not asked or asked & _prefix_negated(sentence) or has_negation(sentence):
        return False
    return bool(asked & key_set(sentence))


@dataclass(frozen=True)
class QuestionInfo:
    text: str
    wh: str  # one of WH_TYPES
    terms: tuple[str, ...]  # content-word keys, in order
    entities: frozenset[str]  # keys of capitalised words and numbers
    negated: bool  # the question asks about a negation (`asks_negated`)
    parts: tuple[str, ...]  # sub-questions when the question has several
    # table rows the question names in other words: (doc id, header start, the row's key
    # keys), read by extractive.fit_level (meant_keys.py); set by ExtractiveAnswerer.decide
    meant: tuple[tuple[str, int, frozenset[str]], ...] = ()
    # tables (doc id, header start) whose row the question names by its key and by what the
    # key column says befell it, read as about the question (told_key.py); set by
    # ExtractiveAnswerer._told
    told: tuple[tuple[str, int], ...] = ()


def question_type(question: str) -> str:
    """The kind of answer asked for: when, number, who, where, what, why, how, yesno, other."""
    low = question.lower().strip()
    if re.search(r"\b(what|which)\s+(year|decade|century|date|month|day|time|period|era)\b", low):
        return "when"
    if re.match(r"^\s*when\b", low) or re.search(r"(^|[,;]\s*|\s)(and\s+)?when\s+(did|was|were|is|"
                                                 r"does|do|had|has|will)\b", low):  # fmt: skip
        return "when"
    if re.search(r"\bhow\s+(many|much|long|old|far|large|big|high|tall|often|fast|few)\b", low) or (
        re.search(
            r"\b(what|which)\s+(percentage|percent|number|amount|size|population|rate)\b", low
        )
    ):
        return "number"
    if re.search(r"\b(who|whom|whose)\b", low):
        return "who"
    if re.search(r"\bwhere\b", low):
        return "where"
    if re.search(r"\bwhy\b", low):
        return "why"
    if re.search(r"\b(what|which)\b", low):
        return "what"
    if re.search(r"\bhow\b", low):
        return "how"
    if re.match(r"^\s*(is|are|was|were|do|does|did|can|could|has|have|had|will|would)\b", low):
        return "yesno"
    return "other"


def name_words(text: str) -> list[str]:
    """The words of `text` that name something: capitalised (not first) words and numbers,
    stop words aside."""
    return [
        w
        for i, w in enumerate(words(text))
        if w.lower() not in STOPWORDS
        and ((i > 0 and w[:1].isupper()) or any(ch.isdigit() for ch in w))
    ]


def question_entities(question: str) -> frozenset[str]:
    """Keys of the words a question pins down: its name words, question words aside."""
    return frozenset(key(w) for w in name_words(question) if w.lower() not in WH_WORDS)


# "What does X mean?": the verb is the question's frame, not content the answer must repeat
# (a definition says "X is ...").
_DEFINITION = re.compile(r"^\s*what\s+(does|do|did)\b.*\b(mean|stand\s+for)\W*$", re.I)
_FRAME_KEYS = frozenset({"mean", "stand"})


# A preamble that scopes every part of a compound question ("For Austin staff: what ...,
# and who ...?"; "I'm based in Lisbon: how many ...?").
_PREAMBLE = re.compile(r"^([^:?]{3,80}):\s+(?=\S)")
MAX_PARTS = 3


_LEADING_WH = re.compile(r"^(?:how\s+\w+|what|which|who|whom|whose|when|where|why)\b\s*", re.I)


def _split_parts(q: str) -> tuple[str, ...]:
    """The sub-questions of a compound question. A bare trailing part ("..., and when?",
    "..., and through whom?") asks about the first part's subject, so it is completed with
    the first part's words ("when: is the clinic going to close")."""
    pieces = [p.strip() for p in _PARTS.split(q) if p and p.strip()]
    if len(pieces) < 2:
        return (q,) if pieces else ()
    first = pieces[0].rstrip(" ?,")
    subject = _LEADING_WH.sub("", first) or first
    parts = [first]
    for piece in pieces[1:]:
        body = piece.rstrip(" ?")
        if len(body.split()) <= 2:
            parts.append(f"{body}: {subject}?")
        else:
            parts.append(piece)
    parts = [p for p in parts if len(p.split()) > 2][:MAX_PARTS]
    return tuple(parts) if len(parts) > 1 else (q,)


def analyse(question: str) -> QuestionInfo:
    q = question.strip()
    parts = distributed(q) or _split_parts(q)  # "both X and Y ... each": parts.py
    pre = _PREAMBLE.match(q)
    if pre and len(parts) > 1:
        parts = (parts[0], *(f"{pre.group(1)}: {p}" for p in parts[1:]))
    terms = keys(q)
    if _DEFINITION.match(q):
        terms = [t for t in terms if t not in _FRAME_KEYS] or terms
    return QuestionInfo(
        q, question_type(q), tuple(terms), question_entities(q), asks_negated(q), parts or (q,)
    )


def idf_table(sentences: Iterable[Iterable[str]]) -> dict[str, float]:
    """IDF over the candidate pool: rare-in-context terms weigh more."""
    n = 0
    df: Counter[str] = Counter()
    for terms in sentences:
        n += 1
        df.update(set(terms))
    return {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}


def type_match(wh: str, sentence: str, question_terms: set[str]) -> float:
    """Does the sentence contain the kind of thing the question asks for (0, 0.5 unknown, 1)?"""
    if wh == "when":
        return 1.0 if _YEAR.search(sentence) or _MONTH.search(sentence) else 0.0
    if wh == "number":
        return 1.0 if _NUMBER.search(sentence) else 0.0
    if wh == "where":
        places = {key(m.group(1) or m.group(2)) for m in _PLACE.finditer(sentence)}
        return 1.0 if places - question_terms - _STOP_KEYS else 0.0
    if wh == "who":  # a name, but not one of where something is (place_spans)
        caps = {key(m.group(0)) for m in _unplaced_caps(sentence)}
        return 1.0 if caps - question_terms - _STOP_KEYS else 0.0
    return 0.5


def _weighted_share(qset: set[str], found: set[str], idf: dict[str, float], total: float) -> float:
    # math.fsum over a set of words: exactly rounded, so the same whatever order the set is
    # iterated in (it changes with Python's string hashing from one process to the next)
    return math.fsum(idf.get(t, 1.0) for t in qset & found) / total


def _density(q: set[str], sent: list[str]) -> float:
    """Matched question terms over the shortest token window holding all of them (0..1)."""
    pos = [i for i, t in enumerate(sent) if t in q]
    if len(pos) < 2:
        return float(len(pos))
    return len({sent[i] for i in pos}) / (pos[-1] - pos[0] + 1)


RANK_FEATURES = ("overlap", "window", "bigram", "type", "novelty", "retrieval", "prior",
                 "density", "entity_sent", "length", "first", "soft")  # fmt: skip


def rank_features(
    q: QuestionInfo,
    sent: list[str],
    window: set[str],
    text: str,
    idf: dict[str, float],
    retrieval: float,
    passage_rank: int,
    first: bool,
    context: frozenset[str] = frozenset(),
) -> list[float]:
    """Features of one candidate sentence for ranking (names in RANK_FEATURES). `context`
    holds the keys of the document's title: the implicit subject of every sentence in it (an
    infobox line "Born: 1930, Albany" never repeats whose birth it is)."""
    qset = set(q.terms)
    total = math.fsum(idf.get(t, 1.0) for t in qset) or 1.0
    window = window | context
    sset = set(sent) | context
    qb = set(pairwise(q.terms))
    sb = set(pairwise(sent))
    ents = len(q.entities & sset) / len(q.entities) if q.entities else 0.5
    prefixes = {t[:4] for t in sset}
    soft = math.fsum(idf.get(t, 1.0) for t in qset if t[:4] in prefixes) / total
    return [
        _weighted_share(qset, sset, idf, total),
        _weighted_share(qset, window, idf, total),
        len(qb & sb) / len(qb) if qb else 0.0,
        type_match(q.wh, text, qset),
        min(len(set(sent) - qset) / (len(set(sent)) or 1), 0.8),
        retrieval,
        1.0 / (1 + passage_rank),
        _density(qset, sent),
        ents,
        math.log1p(len(sent)) / 4,
        1.0 if first else 0.0,
        soft,
    ]


ANSWER_FEATURES = ("p_top", "margin", "overlap", "window", "passage_miss", "max_miss_idf",
                   "entity_miss", "number_miss", "neg_mismatch", "type", "retrieval_top",
                   "retrieval_gap", "q_len", "wh_known", "negated", "bigram", "miss_window",
                   "miss_pool", "entity_miss_window", "qualifier_miss", "cos_top",
                   "cos_max3", "align_mean", "align_min", "slot_fill",
                   "entity_align", "ctx_cover", "ctx_cos", "doc_top", "doc_margin",
                   "row_key", "subject_gap")  # fmt: skip
# Semantic features: `cos_top`, `cos_max3`: MiniLM cosine between the question and the
# best-ranked sentence, and the largest over the top three. Without an embedder they are
# NEUTRAL_COSINE and the lexical weight set (which pins them at 0) is used; see
# answerability.py. The last four (ALIGN_FEATURES) align the question's words with the best
# sentence's (alignment.py): from MiniLM word vectors with an embedder, by matching keys
# without one.
NEUTRAL_COSINE = 0.0
ALIGN_FEATURES = ("align_mean", "align_min", "slot_fill", "entity_align")
NEUTRAL_ALIGN = (0.0, 0.0, 0.0, 1.0)
# `subject_gap`: for a question that names the best sentence's document (its subject: "How
# many children did Ray Charles have?" over the article "Ray Charles"), how far the sentence
# is from saying what is asked about that subject, 1 - alignment.relation_align; 0 for a
# question naming no document's subject. Any sentence of a subject's article is close to a
# question about the subject (ctx_cos, align_mean); only the asked attribute tells whether it
# answers.
NO_SUBJECT_GAP = 0.0
ATTRIBUTE_WORDS = 2  # relation words an attribute question about a named subject may have
# The sentence read in its document (CONTEXT_FEATURES, `context_features`): a paraphrased
# enterprise answer spreads the question's terms over the document title, the section
# heading and the sentence, and its document is the one retrieval put first.
CONTEXT_FEATURES = ("ctx_cover", "ctx_cos", "doc_top", "doc_margin", "row_key")
NEUTRAL_CONTEXT = (0.0, 0.0, 0.0, 0.0, 0.0)
DOC_MARGIN_CAP = 3.0  # rank-score lead over the best sentence of another document that saturates


def context_features(
    q: QuestionInfo,
    sentence_terms: Iterable[str],
    context_terms: Iterable[str],
    idf: dict[str, float],
    context_cosine: float,
    passage_rank: int,
    doc_lead: float | None,
    row_key: bool,
) -> list[float]:
    """[ctx_cover, ctx_cos, doc_top, doc_margin, row_key] (names in CONTEXT_FEATURES):

    * ctx_cover: idf-weighted share of the question's terms said by the sentence, its
      section heading or its document's title (an off-collection or permission question
      names something the document never says);
    * ctx_cos: the question's cosine to the heading and title alone (what the section is
      about); NEUTRAL_COSINE without an embedder;
    * doc_top: the sentence's document is the first retrieved one;
    * doc_margin: how far the sentence's rank score leads the best sentence of any other
      document (`doc_lead`; None: no other document), capped at DOC_MARGIN_CAP, over it;
    * row_key: the table row the question names with the column it asks for (rows.STRONG:
      "SEV1" and "acknowledge within" for "| SEV1 | 15 minutes |"), the same test that
      ranks such a row first."""
    qset = set(q.terms)
    total = math.fsum(idf.get(t, 1.0) for t in qset) or 1.0
    said = set(sentence_terms) | set(context_terms)
    lead = DOC_MARGIN_CAP if doc_lead is None else min(max(doc_lead, 0.0), DOC_MARGIN_CAP)
    return [
        _weighted_share(qset, said, idf, total),
        context_cosine,
        1.0 if passage_rank == 0 else 0.0,
        lead / DOC_MARGIN_CAP,
        1.0 if row_key else 0.0,
    ]


def subject_gap(question: str, title: str, relation: tuple[float, int]) -> float:
    """1 - the relation alignment (alignment.relation_align: (mean, relation words)) when the
    question names the document's subject (a name word of the question shares a key with
    `title`) and asks an attribute of it in at most ATTRIBUTE_WORDS relation words ("net
    worth", "first wife"); else NO_SUBJECT_GAP. A question with more relation words
    describes something else besides (a bridge entity, a comparison: "the production company
    for The Year Without a Santa Claus best known for"), which the subject's own sentence is
    not expected to say."""
    mean, count = relation
    if count > ATTRIBUTE_WORDS:
        return NO_SUBJECT_GAP
    subject = set(keys(title))
    if any(set(keys(w)) & subject for w in name_words(question)):
        return 1.0 - mean
    return NO_SUBJECT_GAP


def answer_features(
    q: QuestionInfo,
    best: list[float],
    p_top: float,
    margin: float,
    sentence: str,
    window: set[str],
    passage: set[str],
    pool: set[str],
    idf: dict[str, float],
    hit_scores: list[float],
    cosines: tuple[float, float] = (NEUTRAL_COSINE, NEUTRAL_COSINE),
    align: tuple[float, ...] = NEUTRAL_ALIGN,
    context: Iterable[float] = NEUTRAL_CONTEXT,
    subject_gap: float = NO_SUBJECT_GAP,
    other_case: bool = False,
) -> list[float]:
    """Features for the refusal decision (names in ANSWER_FEATURES): what the question pins
    down that the best sentence's passage does not say, and (`cosines`) how close the best
    and the top three sentences are to the question in meaning, and (`align`, see
    alignment.py) whether the best one's words fill what the question asks, and
    (`context`, see `context_features`) how the sentence reads in its document, and
    (`subject_gap`) whether it fails to say what is asked about the subject it names.

    `neg_mismatch` is 1 when the sentence speaks of another case than the one asked about:
    the question asks about a negation the sentence does not make (`negation_mismatch`), or
    (`other_case`, other_case.py) the sentence says the opposite of a word the question asks
    about, or another number in place of one it names."""
    qset = set(q.terms)
    total = math.fsum(idf.get(t, 1.0) for t in qset) or 1.0
    missing = qset - passage
    max_idf = max((idf.get(t, 1.0) for t in qset), default=1.0) or 1.0
    numbers = {t for t in q.entities if any(ch.isdigit() for ch in t)}
    top = hit_scores[0] if hit_scores else 0.0
    second = hit_scores[1] if len(hit_scores) > 1 else 0.0
    return [
        p_top,
        margin,
        best[0],
        best[1],
        math.fsum(idf.get(t, 1.0) for t in missing) / total,
        max((idf.get(t, 1.0) for t in missing), default=0.0) / max_idf,
        len(q.entities - passage) / len(q.entities) if q.entities else 0.0,
        1.0 if numbers - passage else 0.0,
        1.0 if other_case or (q.negated and negation_mismatch(q.text, sentence)) else 0.0,
        best[3],
        math.log1p(max(top, 0.0)),
        (top - second) / top if top > 0 else 0.0,
        min(len(qset), 12) / 12,
        1.0 if q.wh in {"when", "number", "who", "where"} else 0.0,
        1.0 if q.negated else 0.0,
        best[2],
        min(len(qset - window), 4) / 4,
        min(len(qset - pool), 3) / 3,
        len(q.entities - window) / len(q.entities) if q.entities else 0.0,
        1.0 if qualifiers(asked_clause(q.text)) - qualifiers(sentence) else 0.0,
        cosines[0],
        cosines[1],
        *align,
        *context,
        subject_gap,
    ]


def qualifiers(text: str) -> set[str]:
    """Restrictive words (first, only, most, other ...) that change what is asked."""
    return {w for w in re.findall(r"[a-z]+", text.lower()) if w in _QUALIFIERS}


# Answer-type checks (`answers_type`): what a sentence must contain to answer a who / when /
# how-many question at all, beyond restating the question's own entities.
_WEEKDAY = re.compile(
    rf"\b({WEEKDAY_NAMES}|weekly|daily|monthly|annually|yearly|quarterly)\b", re.I
)
_TEMPORAL = re.compile(r"\b(before|after|within|until|till|during|once|while|since|from|by|"
                       r"ago|later|earlier|prior|following|immediately|same\s+day|at\s+once|"
                       r"today|tomorrow|yesterday|now|then)\b", re.I)  # fmt: skip
_ROLE = re.compile(r"\b(team|manager|director|lead|leader|officer|desk|department|committee|"
                   r"board|chief|head|president|chair|founder|owner|supervisor|coordinator|"
                   r"representative|administrator|contact|employer)s?\b", re.I)  # fmt: skip


_CALENDAR = re.compile(f"({MONTH_NAMES}|{WEEKDAY_NAMES})")


def names_role(text: str) -> bool:
    """Does `text` name a role (director, manager, team, desk ...)?"""
    return bool(_ROLE.search(text))


# Where something is, not who: the capitalised names a locative preposition introduces, with
# the names listed after them ("The other offices are in Berlin, Toronto, Austin and
# Singapore"; "based at Corvida's Lisbon site"). A person is reached by "to", "from", "by",
# "with", never located "in" or "at" (the preposition of a place or an organisation).
_NAME = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*"
_LOCATED = re.compile(
    rf"\b(?:in|at|near|across|throughout|outside)\s+(?:the\s+)?({_NAME}"
    rf"(?:(?:\s*,\s*|\s*,?\s+(?:and|or)\s+)(?:the\s+)?{_NAME})*)"
)


def place_spans(text: str) -> list[tuple[int, int]]:
    """The spans of `text` that name where something is (`_LOCATED`), not who."""
    return [m.span(1) for m in _LOCATED.finditer(text)]


def _unplaced_caps(text: str) -> list[re.Match[str]]:
    """The capitalised words of `text` outside the names of where something is
    (`place_spans`): those that may name who."""
    places = place_spans(text)
    return [m for m in _CAP.finditer(text) if not any(a <= m.start() < b for a, b in places)]


def _names_someone(text: str, question_terms: set[str]) -> bool:
    """A capitalised name the question does not give (not a nationality, a month or a place
    something is in or at), or a role."""
    for m in _unplaced_caps(text):
        word = m.group(0)
        if word.lower() in STOPWORDS or is_demonym(word) or _CALENDAR.fullmatch(word):
            continue
        if key(word) not in question_terms and key(word) not in _STOP_KEYS:
            return True
    return bool(_ROLE.search(text))


# Dates, years and ages, which are numbers but never a quantity: "(December 21, 1934 -
# January 29, 2009)" or "(aged 74)" does not say how many children someone had. A year-shaped
# number before a plural noun is a count ("1500 employees") and stays, and so does an ordinal
# counting a unit ("from the 8th calendar day": how many days off before a note is needed).
_ORDINAL_COUNT = re.compile(
    r"\b\d{1,3}(?:st|nd|rd|th)\s+(?:[a-z]+\s+)?(?:day|week|month|year|hour|shift|night|time|"
    r"occasion|absence|instalment|visit)s?\b",
    re.I,
)
# What looks like a number but counts nothing: a clock time ("before 10:00am", "9.30am",
# text/clock.py) and a list item's own number ("1. Phone your line manager ..."). "How many
# sick days ...?" is not answered by a step that says when to phone.
_NO_COUNT = re.compile(rf"^\s*(?:[-*+]\s+)?\d{{1,3}}[.)]\s+|{CLOCK_TIME.pattern}", re.I)
_DATES = re.compile(
    r"\b(?:aged|age(?:\s+of)?)\s+\d+|\b\d+\s+years?\s+old\b|"
    rf"\b(?:{MONTH_NAMES})(?:\s+\d{{1,2}}(?:st|nd|rd|th)?,?)?(?:\s+\d{{4}})?\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTH_NAMES})\b"
    r"|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}(?:st|nd|rd|th)\b"
    r"|\b(?:1[0-9]{3}|20[0-9]{2})(?:s\b|\b(?!\s+[a-z]+s\b))"
)

# The number questions whose answer is always a number ("how big is Mercury?" may be answered
# by "the smallest planet"; "how many days" may not be answered without one), and of those the
# ones asking a quantity (no date or age answers "how many", while "how old" wants an age).
_COUNT = re.compile(r"\bhow\s+(many|much|long|old|few)\b|\b(what|which)\s+(percentage|"
                    r"percent|number|amount|rate)\b", re.I)  # fmt: skip
_QUANTITY = re.compile(r"\bhow\s+(many|much|few)\b|\b(what|which)\s+(percentage|percent|"
                       r"number|amount)\b", re.I)  # fmt: skip


# "What's the hourly rate for bus drivers?", "What is the daily meal allowance?": a what-question
# whose asked thing (the last noun of its phrase) is a rate, fee, price or limit asks for a value,
# and a line that only names it ("paid the Grade D hourly rate") does not give it.
_VALUE_ASKED = re.compile(
    r"\bwhat(?:'s|’s|\s+is|\s+are|\s+was|\s+were|\s+will\s+be|\s+would\s+be)\s+"
    r"(?:the|my|our|your|their|his|her|its)\s+(?:[\w-]+\s+){0,3}?"
    r"(rate|fee|price|cost|salary|wage|charge|fare|allowance|cap|limit)s?"
    r"(?=\s*(?:[?,;.]|$)|\s+(?:for|of|per|on|in|at|to|if|when|after|before|from)\b)",
    re.I,
)
_AMOUNT_NOUNS = frozenset({"allowance", "cap", "limit"})
# A value: a sum of money or a share (kinds.py), an amount per unit ("25 days a year",
# "45p per mile"), or none stated: no sum, no limit. "after 5 years' service" is no rate.
_PER_UNIT = re.compile(
    r"\d[\d,.]*\s*(?:[a-z]+\s+){0,2}?(?:a|an|per|each|every)\s+(?:hour|day|week|month|year|night|"
    r"mile|kilometre|km|shift|trip|journey|person|head|visit|claim|order|occasion)s?\b",
    re.I,
)
# A rate stated against pay: "double time", "time and a half", "full pay", "half pay".
_PAY_MULTIPLE = re.compile(
    r"\b(?:single|double|triple)\s+time\b|\btime\s+and\s+(?:a\s+)?(?:half|quarter|third)\b|"
    r"\b(?:full|half|normal|basic|usual|standard)\s+(?:pay|rate|salary|wages?)\b",
    re.I,
)
_NO_VALUE = re.compile(
    r"\bfree\b|\bno\s+(?:[\w-]+\s+){0,3}?(?:charge|cost|fee|limit|cap|maximum)s?\b|\bunlimited\b|"
    r"\bnot\s+(?:paid|reimbursed|reimbursable|capped|limited)\b",
    re.I,
)


def asked_value(q: QuestionInfo) -> str | None:
    """For a what-question asking for a rate, fee or price, "value" (a sum, a share, an
    amount per unit or a multiple of pay, or none: "free"); for an allowance, cap or limit,
    "amount" (a quantity or none); else None. `answers_type` reads both."""
    if q.wh == "what" and (m := _VALUE_ASKED.search(q.text)):
        # an allowance, cap or limit may be a plain quantity ("capped at 3 nights")
        return "amount" if m.group(1).lower() in _AMOUNT_NOUNS else "value"
    return None


# "How many ...?" counts things; a share of them ("nearly 25% of the Amsterdam population")
# is no count of them, unless the question asks for a share ("how many percent").
_HOW_MANY = re.compile(r"\bhow\s+(?:many|few)\b", re.I)
_SHARE_ASKED = re.compile(r"%|\bper\s*cent|\bpercentage|\bshare\b|\bproportion|\bfraction", re.I)
# A number naming one of a group, not how many there are: "one of the main centres of the
# lace industry", "one of the largest in the world".
_MEMBER = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+of\s+"
    r"(?:the|its|their|his|her|our|my|your|these|those)\b",
    re.I,
)


# A when-question asking for the year itself ("In what year was Fort Coligny built?", "What
# century ...?"), not for a year of something counted ("In which year of service ...?").
_ASKS_YEAR = re.compile(r"\b(?:what|which)\s+(?:year|decade|century)\b(?!\s+of\b)", re.I)
# ... and of those, the ones asking for a year, not a decade or century: a century is no
# year ("The Huguenot District was named in Cork in what year?" is not answered by "... in
# the 17th and 18th centuries"), nor a month a year: a what-month question wants a month.
_ASKS_YEAR_ITSELF = re.compile(r"\b(?:what|which)\s+year\b(?!\s+of\b)", re.I)
_ASKS_MONTH = re.compile(r"\b(?:what|which)\s+month\b(?!\s+of\b)", re.I)
# A year written as one: three or four digits, or a decade of them ("1685", "the 1970s").
_YEAR_DIGITS = re.compile(r"(?<![\d,.£$€])\b\d{3,4}(?:['’]?s)?\b(?![.,]\d)")
_MONTH_NAMED = re.compile(rf"\b(?:{MONTH_NAMES})\b", re.I)
# What names a year: a year of three or four digits ("in 911", "1685", "the 1970s"; not
# "4,000" or "3.5"), a century or a millennium ("the 11th century", "the first century AD").
_YEAR_NAMED = re.compile(
    r"(?<![\d,.£$€])\b\d{3,4}s?\b(?![.,]\d)|\b\d{1,2}(?:st|nd|rd|th)[\s-]+(?:century|centuries|"
    r"millennium)\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|"
    r"nineteenth|twentieth|twenty-first)[\s-]+(?:century|centuries|millennium)\b",
    re.I,
)


# "What rate is that paid at?", "at what rate are they paid": asked for a rate, which a pay
# line may say as a multiple of pay in words ("time and a quarter", "double time").
_RATE_ASKED = re.compile(r"\b(?:what|which)\s+rates?\b", re.I)
_HOW_LONG_OLD = re.compile(r"\bhow\s+(?:long|old)\b", re.I)


def gated_type(q: QuestionInfo) -> str:
    """The answer type `answers_type` enforces for `q`: a number only for counting questions,
    and a quantity (a number that is no date or age: "count") for how many / how much; a
    rate ("rate": a number or a multiple of pay said in words) for one asking what rate; a
    year ("year") for a when-question asking in what year, a year or century ("era") for one
    asking in what decade or century, a month ("month") for one asking in what month."""
    if q.wh == "when" and _ASKS_MONTH.search(asked_clause(q.text)):
        return "month"
    if q.wh == "when" and _ASKS_YEAR.search(asked_clause(q.text)):
        return "year" if _ASKS_YEAR_ITSELF.search(asked_clause(q.text)) else "era"
    if q.wh != "number":
        return q.wh
    if _QUANTITY.search(q.text):
        if _HOW_MANY.search(q.text) and not _SHARE_ASKED.search(q.text):
            return "tally"
        return "count"
    if RATE_IN_WORDS and _RATE_ASKED.search(q.text) and not _HOW_LONG_OLD.search(q.text):
        return "rate"
    return "number" if _COUNT.search(q.text) else "what"


def answers_type(wh: str, text: str, question_terms: set[str]) -> bool:
    """Can `text` answer a question of type `wh` at all? A who-answer names a person, group
    or role the question does not; a when-answer holds a date, time or temporal condition; a
    how-many/much answer holds a number. Every answer must say something the question does
    not (a sentence that only restates the question's entities answers nothing)."""
    novel = set(keys(text)) - question_terms - _STOP_KEYS
    if not novel:
        return False
    if wh in ("count", "tally"):  # how many / how much: a quantity, which no date, age,
        # clock time or "one of the ..." is; how many things: not a share of them either
        counted = _MEMBER.sub(" ", _DATES.sub(" ", _NO_COUNT.sub(" ", text)))
        if wh == "tally":
            counted = SHARE_FIGURE.sub(" ", counted)
        return bool(_NUMBER.search(counted) or _ORDINAL_COUNT.search(text))
    if wh == "amount":  # an allowance, cap or limit: a quantity, or none
        return bool(_NUMBER.search(_DATES.sub(" ", text)) or _NO_VALUE.search(text))
    if wh == "value":  # a rate, fee or price: a sum, share or amount per unit, or none
        return bool(
            says_kind("money", text)
            or says_kind("percent", text)
            or _PER_UNIT.search(text)
            or _PAY_MULTIPLE.search(text)
            or _NO_VALUE.search(text)
        )
    if wh == "number":
        return bool(_NUMBER.search(text))
    if wh == "rate":  # what rate: a figure, or a multiple of pay in words ("double time")
        return bool(_NUMBER.search(text) or _PAY_MULTIPLE.search(text))
    if wh == "era":  # in what decade / century: a year or a century the question does not name
        return any(key(m.group(0)) not in question_terms for m in _YEAR_NAMED.finditer(text))
    if wh == "year":  # in what year: a year the question does not name (a century is none)
        return any(key(m.group(0)) not in question_terms for m in _YEAR_DIGITS.finditer(text))
    if wh == "month":  # in what month: a month the question does not name
        return any(key(m.group(0)) not in question_terms for m in _MONTH_NAMED.finditer(text))
    if wh == "when":
        return bool(
            _YEAR.search(text)
            or _MONTH.search(text)
            or CLOCK_TIME.search(text)
            or _WEEKDAY.search(text)
            or _NUMBER.search(text)
            or _TEMPORAL.search(text)
        )
    if wh == "who":
        return _names_someone(text, question_terms)
    return True
