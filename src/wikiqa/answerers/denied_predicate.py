"""A line saying that what a question asks the doer of is not done, in any tense.

"What are intended as a practical computing technology?" over "Turing machines are *not
intended* as a practical computing technology"; "Who has a codified constitution?" over
"Although the European Union *does not have* a codified constitution, ..."; "What algorithm
is always practical?" over "a polynomial time algorithm is *not always* practical"; "What
problem in C is harder than X?" over "Thus *no* problem in C is harder than X". A question
asking which thing does something, or is something, presumes that something does; a line
saying of its subject that it does not, names no answer: the one thing it names is, by the
question's own terms, not the answer. SQuAD 2.0 writes a share of its unanswerable questions
by dropping the negation of a line's predicate. `denied_act` reads the same for any asked
past act; this reads the present and modals too, but only for a question asking for the doer.

Only a question asking for its subject is read: "what", "who" or "which", a noun phrase of
up to four words ("What type of rules"), then a form of "be", "have" or a modal and the
predicate ("are expressly provided for in treaties"), or a verb in -s or -ed right after
"what" / "who" ("What fits ..."). A question asking for its object ("What did the court
rule?", "What is the name of ...?", "How many hours can I work?") asks about a thing the
line may rule on by denying ("You should not work more than 6 hours"), and is not read;
nor is a question negating itself (`affirmed_act`), or one with a clause word before the
verb. The predicate ends at a clause word ("What happens *if* the deadline is met?" asks
what happens, and is not read against "If the deadline is not met").

The line denies the predicate when a negated clause of it (from "not", "never", "no",
"cannot" or an "n't" to a clause mark or word) falls on the predicate's first content word
past an -ly adverb ("not intended", "does not have a codified", "not always"; for "no",
any of the clause's first five content words: "no problem in C is harder"), and the line
says that word nowhere un-negated, and says the predicate's next content word (its object
or complement: "Who pays my *wages*?" is not denied by "... does not pay sick pay")
somewhere. Not a denial:

* a scope or degree word in the clause that the question does not say ("not *universally*
  popular", "not *more* than", "not *until*"): the act holds in part or later;
* a correction after it ("not A, *but* B", "*instead*", "*rather*"), an exception or a
  restriction named anywhere ("except", "other than", "unless", "only": "The card is for
  business expenses *only*; personal purchases are not allowed"), or a clause joined to
  the denial by "and", "but" or ";" with a verb of its own that affirms ("company sick pay
  does not apply *and notice is shorter*"): the line says what does hold;
* a passive clause ("could not *be* justified", "are not approved by team leaders") for an
  active question: the line's subject is what is done to, not the doer asked for;
* a subject restricted before its negation ("Claims *older than 3 months* are not paid",
  "Staff *on fixed contracts* cannot claim overtime", "definitions *that* do not fit"): a
  rule denying a part of a kind answers "which of the kind" by the rest, as a handbook does;
* "No" before a capitalised word ("No Plan"): a title, not a negation.

A yes/no question is never read (`other_case` skips it).
"""

from __future__ import annotations

import re

from wikiqa.answerers.affirmed_act import ly_adverb
from wikiqa.answerers.features import asked_clause, has_negation, key
from wikiqa.text.terms import STOPWORDS

__all__ = ["asked_predicate", "denied_predicate"]

_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?|\d+|[,;:().!?]")
_ASKING = frozenset({"what", "who", "which"})
_BE = frozenset({"is", "are", "was", "were", "be", "been", "being"})
_HAVE = frozenset({"has", "have", "had"})
_AUX = _BE | _HAVE | {"can", "could", "may", "might", "must", "shall", "should", "will", "would"}
_DO = frozenset({"do", "does", "did"})
# Words that open a subject or a pronoun after the verb: the question is inverted, and asks
# for its object ("What is *the* name ...", "What can *the* steam do?").
_SUBJECT = frozenset(
    {"the", "a", "an", "this", "these", "those", "its", "their", "his", "her", "my", "your",
     "our", "it", "they", "he", "she", "we", "i", "you", "there", "that"}
)  # fmt: skip
_SUBORDINATE = frozenset(
    {"if", "when", "that", "which", "who", "whom", "whose", "where", "unless", "before",
     "after", "until", "while", "because", "whether", "since", "although", "though", "once"}
)  # fmt: skip
_MARKS = frozenset({",", ";", ":", "(", ")", ".", "!", "?"})
_SENTENCE_END = frozenset({".", "!", "?"})
_JOINS = frozenset({"and", "but", ";"})
_NEGATORS = frozenset({"not", "never", "no", "cannot"})
_NONE = frozenset({"no"})  # negates its whole clause, the subject included
_CLAUSE_END = _MARKS | {
    "but", "and", "or", "which", "that", "because", "unless", "if", "when", "while", "as",
    "since", "so", "though", "although", "whereas", "where", "who",
}  # fmt: skip
_BOUNDING = frozenset(
    {"until", "till", "before", "after", "only", "just", "yet", "more", "less", "fewer",
     "longer", "than", "always", "all", "every", "necessarily", "entirely", "fully",
     "completely", "quite", "much", "very", "exactly", "universally", "widely", "generally",
     "particularly", "especially", "wholly", "totally", "immediately", "directly", "least",
     "even"}
)  # fmt: skip
_CORRECTION = frozenset({"only", "but", "instead", "rather"})
# "but" opening a relative or adding ("but which ...", "but also") corrects nothing.
_NOT_CORRECTING = frozenset({"which", "who", "that", "also"})
_EXCEPTION = re.compile(
    r"\b(?:except|excepting|excluding|other\s+than|apart\s+from|unless|instead|only"
    r"|rather\s+than)\b",
    re.I,
)
# Words that restrict a subject after its noun ("claims *older than* 3 months", "staff *on*
# fixed contracts", "definitions *that* ..."): what is denied is a part of a kind.
_RESTRICTING = frozenset(
    {"in", "on", "at", "of", "with", "without", "over", "under", "from", "for", "by", "than",
     "older", "younger", "who", "which", "that", "whose", "where", "whom"}
)  # fmt: skip
_NOUN_WORDS = 4  # words of the asked noun phrase ("type of rules")
_WORDS = 5  # content words of a negated clause read as what it denies


def _content(token: str) -> bool:
    return token.isalpha() and token not in STOPWORDS


def _negator(token: str) -> bool:
    return token in _NEGATORS or token.endswith(("n't", "n’t"))


def _verb(tokens: list[str]) -> bool:
    """A verb in -s or -ed right after "what" / "who" ("What fits ..."), not a plural noun
    ("What years are ...")."""
    word = tokens[1]
    return (
        tokens[0] in {"what", "who"}
        and _content(word)
        and len(word) > 3
        and (word.endswith("ed") or (word.endswith("s") and not word.endswith(("ss", "us", "is"))))
        and (len(tokens) < 3 or tokens[2] not in _AUX | _DO | {"of"})
    )


def _main_clause(tokens: list[str]) -> list[str]:
    """The words up to a clause word or mark: "happens if the deadline is met" -> "happens"."""
    end = next((j for j, t in enumerate(tokens) if t in _SUBORDINATE or t in _MARKS), len(tokens))
    return tokens[:end]


def asked_predicate(question: str) -> tuple[list[str], bool]:
    """The words of the predicate a question asks the subject of, to a clause word or mark
    ("are expressly provided for in treaties?" -> ["expressly", "provided", "for", "in",
    "treaties"]) and whether it is
    passive (a form of "be" just before its first content word); ([], False) when the
    question asks for no subject, or negates."""
    clause = asked_clause(question)
    if has_negation(clause, prefix=True):
        return [], False
    tokens = [t.lower() for t in _TOKEN.findall(clause)]
    if len(tokens) < 2 or tokens[0] not in _ASKING:
        return [], False
    if _verb(tokens):
        return _main_clause(tokens[1:]), False
    for i in range(1, min(len(tokens), _NOUN_WORDS + 2)):
        token = tokens[i]
        if token in _DO or token in _SUBORDINATE or token in _MARKS:
            return [], False
        if token in _AUX:
            rest = tokens[i + 1 :]
            if not rest or (
                rest[0] in _SUBJECT and not (token in _HAVE and rest[0] in {"a", "an"})
            ):
                return [], False
            first = next((j for j, t in enumerate(rest) if _content(t) and not ly_adverb(t)), 0)
            passive = any(t in _BE for t in [token, *rest[:first]][-3:])
            return _main_clause(rest), passive
    return [], False


def _affirmed_beside(tokens: list[str], negator: int, end: int) -> bool:
    """Does the denial's sentence join to it, by "and", "but" or ";", a clause with a verb
    that affirms ("company sick pay does not apply *and notice is shorter*")? That clause
    may say what does hold, and answer."""
    first = max((j + 1 for j in range(negator) if tokens[j] in _SENTENCE_END), default=0)
    last = next((j for j in range(end, len(tokens)) if tokens[j] in _SENTENCE_END), len(tokens))
    joins = [j for j in range(first, last) if tokens[j] in _JOINS and not negator <= j < end]
    for j in joins:
        stop = next((k for k in range(j + 1, last) if tokens[k] in _JOINS), last)
        for k in range(j + 1, stop):
            if tokens[k] in _AUX and not (k + 1 < last and _negator(tokens[k + 1])):
                return True
    return False


def _denials(line: str) -> tuple[list[tuple[str, frozenset[str], frozenset[str], bool]], set[str]]:
    """For each negated clause of the line that denies: the key it falls on ("" for a "no"
    clause, which falls on all of its words), the keys it denies, its bounding words and
    whether it is passive; and the keys the line says outside every negated clause."""
    cased = _TOKEN.findall(line)
    tokens = [t.lower() for t in cased]
    out = []
    negated: set[int] = set()
    start = 0  # where the current clause opens (a relative word does not open one)
    for i, token in enumerate(tokens):
        if token in _MARKS:
            start = i + 1
        if not _negator(token):
            continue
        end = i + 1
        while end < len(tokens) and tokens[end] not in _CLAUSE_END:
            end += 1
        negated.update(range(i, end))
        clause = tokens[i + 1 : end]
        after = tokens[end + 1 : end + 3] if end < len(tokens) and tokens[end] == "," else []
        after += tokens[end : end + 1]
        if (
            after[:1] == ["but"]
            and tokens[end + 1 : end + 2]
            and tokens[end + 1] in _NOT_CORRECTING
        ):
            after = []
        if set(after) & _CORRECTION:
            continue
        if token in _NONE and i + 1 < len(cased) and cased[i + 1][:1].isupper():
            continue  # "No Plan": a title
        if _affirmed_beside(tokens, i, end):
            continue
        subject = tokens[start:i]
        noun = next((j for j, t in enumerate(subject) if _content(t)), None)
        if noun is not None and set(subject[noun + 1 :]) & _RESTRICTING:
            continue
        words = [t for t in clause if _content(t)][:_WORDS]
        head = next((t for t in words if not ly_adverb(t)), "")
        passive = bool(set(clause[:3]) & {"be", "been", "being"}) or (
            i > 0 and tokens[i - 1] in _BE and head.endswith(("ed", "en"))
        )
        out.append(
            (
                "" if token in _NONE else key(head),
                frozenset(key(t) for t in words),
                frozenset(clause) & _BOUNDING,
                passive,
            )
        )
    said = {key(t) for j, t in enumerate(tokens) if j not in negated and _content(t)}
    return out, said


def denied_predicate(question: str, line: str) -> list[str]:
    """The asked predicate's words a negated clause of the line denies, when the question
    asks for the subject of that predicate and the line denies it of its own subject; []
    otherwise."""
    predicate, asked_passive = asked_predicate(question)
    words = [t for t in predicate if _content(t)]
    head = next((t for t in words if not ly_adverb(t)), "")
    if not head or _EXCEPTION.search(line):
        return []
    asked = {key(t) for t in words}
    said_bounds = set(predicate)
    denials, said = _denials(line)
    if key(head) in said:
        return []
    # the word after the head (its object or complement) must be the line's too: "Who pays
    # my *wages*?" is not denied by "... does not pay company sick pay"
    after = words[words.index(head) + 1 :]
    line_keys = {key(t) for t in _TOKEN.findall(line.lower()) if _content(t)}
    if after and key(after[0]) not in line_keys:
        return []
    for falls_on, denied, bounds, passive in denials:
        if bounds - said_bounds or (passive and not asked_passive):
            continue
        if falls_on == key(head) or (not falls_on and key(head) in denied):
            return sorted(asked & denied)
    return []
