"""A line saying that the past act a question asks about did not take place.

"What did the Court of Justice justify about a low content of vegetable fat?" over "The
Court of Justice held that a low content of vegetable fat *did not justify* a 'chocolate
substitute' label"; "Who could evade taxes by shifting its residence to the Netherlands?"
over "... the parent company *could not evade* tax by shifting its residence to the
Netherlands"; "What kind of art did the Normans have a rich tradition of?" over "the Normans
*did not have* the rich and distinctive traditions of the cultures they conquered". A
question asking what someone did, had or could do presumes that it happened; a line saying
it did not happen denies the presumption and names nothing that answers. SQuAD 2.0 writes a
share of its unanswerable questions by dropping the negation of a line.

Only the past is read, on both sides: the asking clause is set in the past ("did", "had",
"was", "were", "could", "would", or a verb in -ed) and asks no negation itself, and the line
denies with a past auxiliary ("did not", "had not", "could not", "was never", "didn't" ...).
A rule stated in the present or with a modal ("Claims older than 3 months are not paid",
"you should not work more than 6 hours") answers a question by denying it, as a handbook
does; a report that something did not happen does not say what did. squad21 read every
negation and cost three right handbook answers.

The denied words are the content words of the negated clause (up to a clause mark or a
clause word, first five words); the asked words are those of the asking clause. A negation
that only bounds what it denies is no denial: a scope or degree word in the clause ("not
*universally* popular", "not *until* the 1680s", "not *more* than", "not *only*") says the
act held in part or later, and a correction after it ("could not propose what the sanctions
could be, *only* that there must be some", "not A *but* B") states what was done. An asked
word the line also says outside every negation is said of the case asked, and is not denied.
A question without a wh-word asks whether ("In 1972, did Norway end up joining?") and is
not read: a denying line answers it with a no (`other_case` also skips a yes/no question).
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import WH_WORDS, asked_clause, has_negation, key
from wikiqa.text.terms import STOPWORDS

__all__ = ["denied_act", "past_asked"]

_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?|[,;:()]")
_PAST = frozenset({"did", "had", "was", "were", "could", "would"})
_PAST_NEGATED = frozenset({f"{aux}n{q}t" for aux in _PAST for q in "'’"})
_NEGATORS = frozenset({"not", "never"})
# Words that end the negated clause: a mark, a conjunction or a relative word.
_CLAUSE_END = frozenset(
    {",", ";", ":", "(", ")", "but", "and", "or", "which", "that", "because", "unless", "if",
     "when", "while", "as", "since", "so", "though", "although", "whereas", "where", "who"}
)  # fmt: skip
# Words that make a negation a bound on the act (in part, later, not so much) or a
# correction, not a denial that it happened.
_BOUNDING = frozenset(
    {"until", "till", "before", "after", "only", "just", "yet", "more", "less", "fewer",
     "longer", "than", "always", "all", "every", "necessarily", "entirely", "fully",
     "completely", "quite", "much", "very", "exactly", "universally", "widely", "generally",
     "particularly", "especially", "wholly", "totally", "immediately", "directly", "least"}
)  # fmt: skip
_CORRECTION = frozenset({"only", "but", "instead", "rather"})
_WORDS = 5  # content words of a negated clause read as what it denies


def _tokens(text: str) -> list[str]:
    return [t.lower() for t in _TOKEN.findall(text)]


def _content(token: str) -> bool:
    return token.isalpha() and token not in STOPWORDS


def past_asked(clause: str) -> bool:
    """Is the asking clause set in the past: a past auxiliary, or a verb in -ed?"""
    tokens = _tokens(clause)
    return any(t in _PAST or (len(t) > 4 and t.endswith("ed") and not t.endswith("eed"))
               for t in tokens)  # fmt: skip


def _denials(tokens: list[str]) -> tuple[list[frozenset[str]], frozenset[str]]:
    """The keys each plain past denial of the line denies, and the keys the line says
    outside every negated clause (a bounding or corrected one included)."""
    denied: list[frozenset[str]] = []
    negated: set[int] = set()
    for i, token in enumerate(tokens):
        if token in _PAST and i + 1 < len(tokens) and tokens[i + 1] in _NEGATORS:
            start = i + 2
        elif token in _PAST_NEGATED:
            start = i + 1
        else:
            continue
        end = start
        while end < len(tokens) and tokens[end] not in _CLAUSE_END:
            end += 1
        negated.update(range(i, end))
        clause = tokens[start:end]
        after = tokens[end + 1 : end + 3] if end < len(tokens) and tokens[end] == "," else []
        after += tokens[end : end + 1]
        if set(clause) & _BOUNDING or set(after) & _CORRECTION:
            continue
        denied.append(frozenset(key(t) for t in [t for t in clause if _content(t)][:_WORDS]))
    said = frozenset(key(t) for j, t in enumerate(tokens) if j not in negated and _content(t))
    return denied, said


def denied_act(question: str, line: str) -> list[str]:
    """The asked words a plain past denial of the line denies ("did not justify"), when the
    question asks, in the past and without a negation, about that act; [] otherwise."""
    clause = asked_clause(question)
    tokens = _tokens(clause)
    if has_negation(clause, prefix=True) or not past_asked(clause) or not WH_WORDS & set(tokens):
        return []
    asked = {key(t) for t in tokens if _content(t)}
    denied, said = _denials(_tokens(line))
    return sorted({k for keys in denied for k in keys & asked} - said)
