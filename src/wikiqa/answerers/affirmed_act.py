"""A line affirming what a question asks the negation of.

"What is *not* the main judicial body of the EU?" over "Today the Court of Justice of the
European Union (CJEU) *is* the main judicial body"; "Which entity did *not* develop the
principles of European Union law?" over "The principles of European Union law are rules of
law which have been *developed* by the European Court of Justice"; "Who did *not* have
immunity from prosecution for doing official acts?" over "Commissioners have various
privileges, such as ... *having immunity* from prosecution for doing official acts". A
question asking which thing does not do or is not something asks for what the line leaves
out: the thing the line says does it is, by the question's own terms, not the answer, and a
line that says of nothing that it does not, names no answer. SQuAD 2.0 writes a share of its
unanswerable questions by negating a line's predicate. The mirror of `denied_act`.

`features.negation_mismatch` reads a question's negation against a line with no negation at
all; this reads it word by word, so a line negating something else ("... within which there
is a higher court ... (but not EU taxes)") still affirms the asked words.

Only a wh-question's own negation counts: a negator (not, never, no, n't, cannot ...) in the
asking clause before any subordinate word ("that", "which", "if", "when" past the first word,
"before" ...: "Which article states that Commissioners should *not* take instructions?" asks
which article states, and is answered by a line stating it). "without" sets a manner or a
condition ("How much can I refund without asking my team leader?"), not a negation asked, and
is not read on the question's side. The negated words are the content words after the
negator to the clause's end (first five), the first of them past an -ly adverb the one the
negation falls on ("did not *develop*"). The line affirms them when it says that one and
negates none of them (a negated clause of the line runs from its negator to a clause mark or
word); a line naming an exception ("except", "excluding", "other than", "apart from",
"unless", "instead", "rather than") may answer by it and is not read. A yes/no question is
never read (`other_case` skips it; a question without a wh-word asks whether).
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import WH_WORDS, asked_clause, key
from wikiqa.text.terms import STOPWORDS

__all__ = ["affirmed_act", "asked_negation", "ly_adverb"]

_TOKEN = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*|\d+|[,;:()|]")
_NEGATORS = frozenset({"not", "never", "no", "none", "nor", "cannot", "neither", "nothing"})
_LINE_NEGATORS = _NEGATORS | {"without", "non"}
# Words that open a subordinate clause: a negation after one is not the question's own.
_SUBORDINATE = frozenset(
    {"that", "which", "who", "whom", "whose", "where", "when", "if", "unless", "before",
     "after", "until", "while", "because", "whether", "since", "although", "though", "once"}
)  # fmt: skip
# Words and marks that end a negated clause.
_CLAUSE_END = frozenset({",", ";", ":", "(", ")", "|"}) | _SUBORDINATE | {"but", "and", "or", "so"}
_EXCEPTION = re.compile(
    r"\b(?:except|excepting|excluding|exclude[sd]?|other\s+than|apart\s+from|unless|instead"
    r"|rather\s+than)\b",
    re.I,
)
_WORDS = 5


def _tokens(text: str) -> list[str]:
    """Lower-case words and clause marks; a hyphenated word is its parts, except one opening
    with a negator ("not-for-profit", "non-member"), which names a kind and negates nothing."""
    out = []
    for token in _TOKEN.findall(text.lower()):
        parts = token.split("-")
        out.extend([token] if parts[0] in _LINE_NEGATORS else [p for p in parts if p])
    return out


def _negator(token: str, negators: frozenset[str]) -> bool:
    return token in negators or token.endswith(("n't", "n’t"))


def _content(token: str) -> bool:
    return token.isalnum() and token not in STOPWORDS and not _negator(token, _LINE_NEGATORS)


def ly_adverb(token: str) -> bool:
    """An -ly adverb ("generally"), not a verb in -ply ("apply") or a short word ("rely")."""
    return len(token) > 5 and token.endswith("ly") and not token.endswith("ply")


def _negated_from(tokens: list[str], start: int) -> list[str]:
    """The content words from `start` to the end of their clause."""
    out = []
    for token in tokens[start:]:
        if token in _CLAUSE_END:
            break
        if _content(token):
            out.append(token)
    return out


def asked_negation(question: str) -> tuple[str, frozenset[str]]:
    """The key of the word a wh-question's own negation falls on (its first content word
    past an -ly adverb: "did *not* develop", "is not the *main* judicial body") and the keys
    of the words it negates ("main", "judicial", "body"); ("", empty) when it negates nothing
    of its own."""
    tokens = _tokens(asked_clause(question))
    if not WH_WORDS & set(tokens):
        return "", frozenset()
    for i, token in enumerate(tokens):
        if i > 0 and token in _SUBORDINATE:
            return "", frozenset()
        if _negator(token, _NEGATORS):
            words = _negated_from(tokens, i + 1)[:_WORDS]
            head = next((t for t in words if not ly_adverb(t)), "")
            return (key(head) if head else ""), frozenset(key(t) for t in words)
    return "", frozenset()


def affirmed_act(question: str, line: str) -> list[str]:
    """The words a question asks the negation of that the line says and negates nowhere,
    when it says the word the negation falls on and negates none of them; [] otherwise."""
    head, asked = asked_negation(question)
    if not head or _EXCEPTION.search(line):
        return []
    tokens = _tokens(line)
    negated: set[str] = set()
    for i, token in enumerate(tokens):
        if _negator(token, _LINE_NEGATORS):
            negated.update(key(t) for t in _negated_from(tokens, i + 1))
    if asked & negated:
        return []
    said = {key(t) for t in tokens if _content(t)}
    return sorted(asked & said) if head in said else []
