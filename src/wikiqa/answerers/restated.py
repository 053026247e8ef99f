"""The line a neighbour document restates with another figure: where the matter is stated.

A plausible wrong neighbour of a policy is most often a page that says the same line with
another figure: the edition it replaced ("Mileage between clients' homes is paid at £0.40 a
mile." in "Mileage, Travel Time and Expenses 2025 (superseded)", £0.45 in the page in force),
or the page for another group of readers ("| Mileage in your own car | 30 pence a mile |" in
the tenant volunteers' expenses, 45 pence in the staff's). The neighbour is set aside for
this asker (out of force, or for other readers), but its line still tells something of the
documents' structure: the two documents each state this one matter in this one line, and
the figure is what differs. So when a question asks for a value and its wording meets that
line only loosely ("what's the mileage rate between calls?", "How much do we get for a sleep
in now?"), the asker's line that a set-aside neighbour restates with another figure is the
answer, though it scores under the floor.

`restated_line` finds that line among the first lines of the asker's evidence, in a
document in force (a past edition read because its replacement is not readable is no such
line, though the page for other readers restates it):

- the question asks for a value, not yes/no (`asks_value`), and the line says a figure of
  the kind asked (`kinds.asked_row_kind`, when the wording asks one);
- a line of another retrieved document, one the asker's evidence does not read (out of
  force, or for other readers), is the same line save for its figures (`restates`: with
  every figure masked, the shorter one's words are the longer one's, in order, and they
  make up at least half of it), and the figures differ;
- the line itself (not its heading or title) says the thing whose value is asked (the
  ask's first content word past the asking words: "mileage" of "what's the mileage rate
  ...", not "laundry" of "How much is the laundry allowance when I stay away overnight?"
  against the evening meal's line), the line with its heading says at least half of the
  question's content words, the figure asked aside, and no word the line leaves unsaid is
  said by a line of another document ranked above it (such a word points to another line:
  "on a bank holiday" to the enhancements page);
- each word of the ask the line leaves unsaid is said by some document of the collection
  (`unsaid_words`, `said_somewhere`: one search per word, in `ExtractiveAnswerer._answer`):
  "How much do we get for a sleep in at a hospice now?" names a case no page speaks of;
- it is the only such line among the first `DEPTH` lines, and no line of another document
  the asker reads restates it with a higher rank (two pages the asker reads disagreeing is
  no answer of this kind).

The line is then put first and answers as a line vouched for (`ExtractiveAnswerer._answer`,
only when no line of the whole retrieval clears the floor).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from wikiqa.answerers.features import asked_clause, key_set, keys, question_type
from wikiqa.answerers.kinds import asked_row_kind, asks_duration, says_duration, says_kind
from wikiqa.answerers.neighbours import read_out_of_force, without_front_matter
from wikiqa.text.headings import parse_heading
from wikiqa.types import Document

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

DEPTH = 5  # the first lines of the asker's evidence read for a restated line
_TOKEN = re.compile(r"[€£$¥₹]?\d[\d,.:]*%?|[^\W\d_]+(?:['’][^\W\d_]+)?")
_FIGURE = re.compile(r"\d")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z£€$\d])")
# "How much", "how many", "how long", "what's the ... rate", "what time": a value asked
_ASKS_VALUE = re.compile(
    r"\bhow\s+(?:much|many|long|often|far)\b|"
    r"\bwhat(?:'s|’s|\s+is|\s+are|\s+will\s+be|\s+would\s+be)?\s+(?:the|my|our|your)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:rate|fee|amount|allowance|limit|pay|wage|salary|time|deadline)s?\b",
    re.I,
)
# words of a value question that name the value asked, not the matter ("rate", "now")
_ASKING = frozenset(
    key
    for w in (
        "rate", "rates", "amount", "much", "many", "long", "often", "get", "getting", "got",
        "paid", "pay", "now", "currently", "current", "today", "this", "year", "use", "using",
        "allowed", "want", "need", "per",
    )
    for key in key_set(w)
)  # fmt: skip


def matter_keys(text: str) -> list[str]:
    """Keys of `text`'s words naming the matter asked about, in order: not the words that
    name the value asked (`_ASKING`: "rate", "how much") nor a contraction's pieces."""
    return [k for k in keys(text) if k not in _ASKING and not {"'", "\u2019"} & set(k)]


def asks_value(question: str) -> bool:
    """Does the question ask for a value (a sum, a count, a length of time, a rate), not
    for a yes or a no?"""
    ask = asked_clause(question)
    return question_type(ask) != "yesno" and _ASKS_VALUE.search(ask) is not None


# "How much do we get ...?", "how much is it?": a bare "how much" asks for a sum ("how much
# notice" or "how much leave" name what is counted, and ask no sum)
_BARE_HOW_MUCH = re.compile(
    r"\bhow\s+much\s+(?:do|does|did|will|would|is|are|was|can|could|should|must|we|I|you)\b"
    r"|\bhow\s+much\s*\?",
    re.I,
)


def says_asked(question: str, text: str) -> bool:
    """Does `text` say a value of the kind the question asks (a sum for a bare "how much",
    a length of time for "how long", a figure of the kind `kinds.asked_row_kind` reads)?"""
    kind = asked_row_kind(question)
    if kind is not None:
        return says_kind(kind, text)
    if _BARE_HOW_MUCH.search(question):
        return says_kind("money", text)
    if asks_duration(question):
        return says_duration(text)
    return True


def sum_unsaid(question: str, text: str) -> bool:
    """Does the question ask a sum with a bare "how much" ("How much is the fee if I cancel
    a shift late?") that `text` does not say? Read for a guide theirs by its opening alone
    (opened_for.py)."""
    return _BARE_HOW_MUCH.search(question) is not None and not says_kind("money", text)


_FIGURE_SAID = re.compile(r"\d")


def says_value_asked(question: str, text: str, context: str = "") -> bool:
    """Does `text` answer as a line another page sends the asker to (scope.handed_readers)
    may answer under the floor: the question is no yes/no question, the line says a value of
    the kind it asks (`says_asked`; any figure when it asks none: "Who do I ring, and by
    when?", "by 05:00"), and the line with its heading (`context`) says at least half the
    question's words past the asking ones ("ill" and "day" of "I'm ill and I'm on days
    tomorrow. Who do I ring ...?" by "## If you are ill" / "Phone ... by 05:00 for a day
    shift"), so that the guide's nearest line with a figure is no answer to a matter it never
    states ("How many days of leave can I carry forward?" and "Bank workers must work at
    least one shift every 3 months")."""
    if question_type(asked_clause(question)) == "yesno":
        return False
    kindless = asked_row_kind(question) is None and not asks_duration(question)
    if kindless and not _BARE_HOW_MUCH.search(question):
        if _FIGURE_SAID.search(text) is None:
            return False
    elif not says_asked(question, text):
        return False
    asked = set(matter_keys(question))
    own = key_set(f"{text} {context}")
    said = {k for k in asked if _says(k, own)}
    return bool(asked) and 2 * len(said) >= len(asked)


def _masked(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The line's words with every figure masked, and its figures, in order."""
    words: list[str] = []
    figures: list[str] = []
    for m in _TOKEN.finditer(text):
        token = m.group(0).lower()
        if _FIGURE.search(token):
            words.append("#")
            figures.append(token.rstrip(".,:"))
        else:
            words.append(token)
    return tuple(words), tuple(figures)


def _in_order(short: Sequence[str], long: Sequence[str]) -> bool:
    it = iter(long)
    return all(any(w == x for x in it) for w in short)


def restates(a: str, b: str) -> bool:
    """Is `b` line `a` said again with other figures: the same words in order once every
    figure is masked (the shorter's words all in the longer, making at least half of it, at
    least four of them), and figures that differ?"""
    wa, fa = _masked(a)
    wb, fb = _masked(b)
    if not fa or not fb or fa == fb:
        return False
    short, long = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    words = [w for w in short if w != "#"]
    return len(words) >= 4 and 2 * len(short) >= len(long) and _in_order(short, long)


def _lines(doc: Document) -> list[str]:
    """The document's lines as it states them: each sentence of a paragraph, each list item,
    each table row (headings and the front matter left out)."""
    out: list[str] = []
    for raw in without_front_matter(doc.text).splitlines():
        line = raw.strip()
        if not line or parse_heading(line) is not None or set(line) <= set("|-: "):
            continue
        if line.startswith("|"):
            out.append(line)
        else:
            out.extend(s for s in _SENTENCE.split(line) if s.strip())
    return out


def _says(q: str, line: frozenset[str]) -> bool:
    """Does a line with keys `line` say question key `q`, whole or clipped (a word of five
    letters or more opening the other)?"""
    return q in line or any(
        len(w) >= 5 and len(q) >= 5 and (w.startswith(q) or q.startswith(w)) for w in line
    )


def restated_line(
    question: str,
    ranked: Sequence[Candidate],
    docs: dict[str, Document],
) -> Candidate | None:
    """The one line among the first `DEPTH` of the asker's evidence (`ranked`) that a
    document the evidence does not read restates with another figure, when the question
    asks for a value that line says (see the module docstring); else None."""
    if not ranked or not asks_value(question):
        return None
    reading = {c.doc.doc_id for c in ranked}
    aside = [d for doc_id, d in docs.items() if doc_id not in reading]
    if not aside:
        return None
    named = matter_keys(asked_clause(question))
    if not named:
        return None
    qkeys, thing = set(named), named[0]  # the thing whose value is asked is named first
    aside_lines = [other for d in aside for other in _lines(d)]  # read once, not per line
    found: list[Candidate] = []
    for i, c in enumerate(ranked[:DEPTH]):
        line = c.span.text
        if not _FIGURE.search(line) or not says_asked(question, line):
            continue
        if read_out_of_force(c.doc):
            continue  # a past edition read for want of its replacement answers nothing here
        if not any(restates(line, o) and says_asked(question, o) for o in aside_lines):
            continue  # the figure restated is of the kind asked, in both
        if any(o.doc.doc_id != c.doc.doc_id and restates(line, o.span.text) for o in ranked[:i]):
            continue  # a page the asker reads says it otherwise, first
        own = key_set(f"{line} {c.context}")
        said = {q for q in qkeys if _says(q, own)}
        if not _says(thing, key_set(line)) or 2 * len(said) < len(qkeys):
            continue  # "the laundry allowance" is not the evening meal's
        unsaid = qkeys - said
        elsewhere = {
            k
            for o in ranked[:i]
            if o.doc.doc_id != c.doc.doc_id
            for k in unsaid
            if _says(k, key_set(o.span.text))
        }
        if elsewhere:
            continue
        if all(f.at != c.at for f in found):
            found.append(c)
    return found[0] if len(found) == 1 else None


def unsaid_words(question: str, line: Candidate) -> list[str]:
    """The words of the ask (past the asking words) that `line`, with its heading, does not
    say: each must be said by some document of the collection (`said_somewhere`), else the
    question qualifies the thing asked by a case the documents never speak of ("a sleep in
    at a hospice" where no page says hospice) and the restated line does not answer it."""
    own = key_set(f"{line.span.text} {line.context}")
    out: list[str] = []
    for w in re.findall(r"[^\W\d_]+", asked_clause(question)):
        k = key_set(w)
        if len(k) == 1 and not (k & _ASKING) and not _says(next(iter(k)), own):
            out.append(w)
    return out


def said_somewhere(word: str, docs: Sequence[Document]) -> bool:
    """Does one of `docs` say `word` (by its key, whole or clipped)?"""
    (k,) = key_set(word)
    return any(_says(k, key_set(d.text)) for d in docs)
