"""A line a little under the floor that names every thing the asker asks about, the act in the
asker's own verb.

An employee asks about a thing of the policy in the policy's words and about their own act in
theirs: "What will you put in a reference for me?" over "Reference requests go to the People
team, who confirm your job title and dates of employment only."; "When do I have to send
someone to occupational health?" over "Refer anyone off for 4 weeks or more to occupational
health."; "Can I get extra days to travel?" over "... you may take up to 5 extra days as
unpaid leave or annual leave.". The things asked about (the noun phrases of the ask) are said
by the line as phrases; what is not said is the verb the asker puts the act with ("put",
"send", "travel"), which a policy words its own way ("confirm", "refer", "take"). The
exact-term answerability features, fitted to SQuAD whose questions copy their paragraph's
words, count the unsaid verb as a missing term, and put such a line a little under the floor.

One sentence: *a question in which the asker speaks of themselves or to the reader (a first-
or second-person word in its asking clause) is answered by its first-ranked line within
`ask_named.ASK_SLACK` under the floor, in the document retrieval put first and in force, not a
table row, when every word of its ask that is not the asker's verb is said by the line, its
heading or its title, every noun phrase of the ask is said whole by one of them (its words in
the same order, one after another), at least one word of the ask is said, and at least one
verb of the asker's act is not.* A verb is a word that follows the asker or a modal ("will you
put", "do I have to send", "can I get ... to travel"); a light word of asking
(`ask_named.LIGHT`) names nothing; a word naming the kind of answer is said by a value of its
kind (`ask_named.KIND_WORDS`).

What it refuses: a line that says the ask's words only scattered, in other phrases ("What do
you win for employee of the month?" over "The Employee Assistance Programme offers free debt
advice if money worries go beyond one month": "employee of the month" is not said as a
phrase); a line that leaves a thing of the ask unsaid ("if I put 5% into my pension how much
does the trust add" over the match-funding line: "pension" unsaid); and a line that says
every word of the ask, verbs included (that is `ask_named`'s case, for a question telling a
situation first: a line saying the whole ask was weighed whole by the features and is low on
something else). A question in which nobody speaks personally (every SQuAD 2.0 and HotpotQA
question) never reaches it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    KIND_WORDS,
    LIGHT,
    NAME_BEFORE,
    PERSON,
    content_stems,
    prose_line_in_slack,
    said_like,
    told_situation,
)
from wikiqa.answerers.features import asked_clause
from wikiqa.text.terms import STOPWORDS, stem

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

_SUBJECT = r"(?:i|you|we|they|he|she|someone|anyone)"
_MODAL = (
    r"(?:will|would|can|could|should|shall|may|might|must|do|does|did|to|have\s+to|has\s+to"
    r"|need\s+to|got\s+to)"
)
# the asker's verb: a word after a modal (perhaps with the asker between and a softening
# adverb), or after the asker (perhaps "have to" / "need to")
_VERB = re.compile(
    rf"\b(?:{_MODAL}\s+(?:{_SUBJECT}\s+)?(?:just\s+|still\s+|really\s+|actually\s+)?"
    rf"|{_SUBJECT}\s+(?:have\s+to\s+|need\s+to\s+)?)([a-z]+)\b((?:\s+[a-z]+ing\b)*)",
    re.I,
)
_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")


# a capitalised word after a first-person "I" ("I'd Come for You", a title)
_TITLE_AFTER = re.compile(r"^[\w'’]*\s+[A-Z]")
# "i" as the asker writes it in lower case ("can i take 3 weeks off", "what do i do")
_LOWER_I = re.compile(r"(?<![\w'’-])i(?=['’][a-z]|\s+[a-z])")


def asker_speaks(ask: str) -> bool:
    """Does the asker speak of themselves or to the reader in `ask` (ask_named's person words,
    and "i" in lower case: "What will you put in a reference for me?", "can i take 3 weeks
    off")? Not a person word of a title or a name: one
    written capitalised inside the sentence ("the single My Eyes", "Here We Go Round the
    Mulberry Bush", "Marry Me a Little") or an "I" a capitalised word follows ("I'd Come for
    You is a single ...")."""
    for m in PERSON.finditer(ask):
        word = m.group(0)
        if word == "I":
            if NAME_BEFORE.search(ask[: m.start()]) or _TITLE_AFTER.match(ask[m.end() :]):
                continue
        elif word[0].isupper() and ask[: m.start()].strip():
            continue
        return True
    return bool(_LOWER_I.search(ask))


def asker_verbs(ask: str) -> set[str]:
    """The stems of the verbs the asker puts the act with (`_VERB`), a verb's chain of "-ing"
    words with it ("keep working", "stop tutoring": the act, not a thing), light words and
    stop words aside ("What will you put in a reference for me?" -> {"put"})."""
    found = {
        stem(w.lower()) for m in _VERB.finditer(ask) for w in [m.group(1), *m.group(2).split()]
    }
    return {v for v in found if v not in LIGHT and v not in STOPWORDS and v}


def noun_phrases(ask: str, verbs: set[str]) -> list[list[str]]:
    """The runs of the ask's content words (stems) not parted by a verb of the asker, a light
    word or a mark: each a thing the ask names ("When do I have to send someone to
    occupational health?" -> [["occup", "health"]]); stop words inside a run are passed over
    ("employee of the month" is one run)."""
    runs: list[list[str]] = []
    run: list[str] = []
    for token in re.split(r"([,;:?!.()])|\s+", ask):
        if not token:
            continue
        word = token.lower().strip("'’-")
        if not _WORD.fullmatch(token) or not word:
            if run:
                runs.append(run)
            run = []
            continue
        if word in STOPWORDS:
            continue
        s = stem(word)
        if s in LIGHT or s in verbs or s in KIND_WORDS:
            if run:
                runs.append(run)
            run = []
            continue
        run.append(s)
    if run:
        runs.append(run)
    return runs


def _says_phrase(phrase: list[str], texts: list[str]) -> bool:
    """Does one of `texts` say the phrase's words in order, one after another (its stop words
    passed over), each whole or by its first letters (`ask_named.said_like`)?"""
    for text in texts:
        words = content_stems(text)
        for i in range(len(words) - len(phrase) + 1):
            if all(said_like(w, {words[i + j]}) for j, w in enumerate(phrase)):
                return True
    return False


def names_things(ask: str, line: str, context: str, title: str) -> bool:
    """Does `line` (under `context`, in the document `title`) name every thing of the ask, the
    asker's act aside (see the module docstring)?"""
    verbs = asker_verbs(ask)
    said = set(content_stems(f"{line} {context} {title}"))
    named = 0
    unsaid_verb = False
    for word in content_stems(ask):
        if word in LIGHT:
            continue
        if said_like(word, said):
            named += word not in verbs
            continue
        if word in verbs:
            unsaid_verb = True
            continue
        kind = KIND_WORDS.get(word)
        if kind is None or not kind.search(line):
            return False
    if not named or not unsaid_verb:
        return False
    return all(_says_phrase(p, [line, context, title]) for p in noun_phrases(ask, verbs))


def asker_verb(e: Evidence, floor: float) -> bool:
    """Does the evidence's first line answer within ASK_SLACK under the floor because the
    question speaks personally and the line names every thing it asks about, the asker's
    verb aside (see the module docstring)?"""
    top = prose_line_in_slack(e, floor)
    if top is None:
        return False
    told = told_situation(e.question.text)
    ask = told[1] if told else asked_clause(e.question.text)
    if not asker_speaks(ask):
        return False
    return names_things(ask, top.span.text, top.context or "", top.doc.title)
