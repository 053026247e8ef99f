"""The asker's own job, told in the question, names the job table's row (hops57).

Two-document questions from staff open with who they are: "I'm a butcher and thinking of
handing my notice in. How much notice do I need to give?", "As a cleaner, how long is my
probation?", "I work as a checkout assistant - what's my hourly rate?". The job table
says "| Butcher | Grade 3 |" and the notice table is keyed by grade. The value bridge
(`key_bridge.carried_values`) takes a row as the question's only when the question names
one of its cells by a name of its own or by a phrase of several words, since one common
word ("butcher") said anywhere in a question names no row of a table in particular. Told
as the asker's own job ("I'm a ...", "I am a ...", "I work as a ...", "as a ..."), it does:
the asker says which row of the job table is theirs, in the table's own words, whole.

The told job must be the key cell whole (its bracketed aside and what follows its first
comma aside: "Customer assistant (shop floor, ...)", "Store manager, Superstore"), word
for word, and the told phrase must end there (at the question's punctuation or a function
word: "I'm a butcher and ...", "as a cleaner at Ilkley"), so "I'm a butchery manager" is
not "Butcher" and "I'm a bakery team leader" is not "Baker". The row so named only
carries its value: the answer must still be keyed by that value in another document and
clear the floor (within `key_bridge.CHAIN_SLACK`), as for a row named by a name.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wikiqa.answerers.kind_keys import asked_keys, kind_cells
from wikiqa.text.tables import cells, table_rows
from wikiqa.text.terms import STOPWORDS

# "I'm a butcher", "I am an HGV driver", "I work as a baker", "as a cleaner": the asker's
# own job, told; the phrase runs to the question's next punctuation
_TOLD = re.compile(
    r"\b(?P<lead>I['’]m|I\s+am|as)\s+(?:an?|the)\s+(?P<role>[^.,;:?!()\-–—]+)",
    re.I,
)
# "as a ..." is the asker's own job only in a question that speaks of the asker, and not
# after another person it could be said of ("recommending a mate as a mechanic", "a friend
# who is hired as an engineer", "Agnieszka Nowak ... as a trainer")
_FIRST_PERSON = re.compile(r"\b(?:I|I['’]m|me|my)\b")
_OTHER_PERSON = re.compile(
    r"\b(?:friend|mate|someone|somebody|colleague|he|she|they|him|her|them|who|whom|"
    r"partner|wife|husband|son|daughter|child|customer|contractor)\b",
    re.I,
)
_NAME = re.compile(r"\b[A-Z][a-z]+\s+[A-Z][a-z]+\b")  # "Agnieszka Nowak"
_WORD = re.compile(r"[\w'’&+]+")
MAX_WORDS = 4  # a job title's words, at most


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def told_jobs(question: str) -> list[list[str]]:
    """The phrases in which the asker tells their own job, each as its lower-case words
    (up to the phrase's punctuation)."""
    out = []
    for m in _TOLD.finditer(question):
        if m.group("lead").lower() == "as":
            before = question[: m.start()]
            clause = re.split(r"[.?!,;:]", before)[-1]
            if (
                not _FIRST_PERSON.search(question)
                or _OTHER_PERSON.search(clause)
                or _NAME.search(clause)
            ):
                continue
        out.append(_words(m.group("role")))
    return out


def _key_words(cell: str) -> list[str]:
    """The key cell's own words: less its bracketed aside and what follows its first
    comma ("Store manager, Local or Fuel & Go" -> store manager)."""
    bare = re.sub(r"\([^)]*\)", " ", cell).split(",")[0]
    return _words(bare)


def told_cell(question: str, cell: str) -> bool:
    """Does the asker tell, as their own job, exactly what the cell names: its words,
    whole and in order, opening a told phrase and closing it or followed by a function
    word?"""
    want = _key_words(cell)
    if not want or len(want) > MAX_WORDS or all(w in STOPWORDS for w in want):
        return False
    for said in told_jobs(question):
        if said[: len(want)] != want:
            continue
        after = said[len(want) : len(want) + 1]
        if not after or after[0] in STOPWORDS:
            return True
    return False


# --- a told job no job table holds (hops58) -------------------------------------------
#
# "I'm a florist. How much notice do I give?" at a supermarket whose job table ("| Job |
# Grade |") has no florist: the bridge from the asker to a grade is missing, so a row keyed
# by a grade ("| Grade 3 and Grade 4 | 4 weeks |"), or the job table's row of another job,
# answers for somebody else. The refusal mirrors `kind_keys.unsaid_key` (a grade no table
# holds) and `key_bridge.unmapped_place` (an office no directory holds) for the third key a
# two-document chain starts from, the asker's job.


# the key column of a table of jobs or of the duties a person holds ("| Job | Grade |", "|
# Role | Band |", "| Public duty | Paid time off |"), its header cell no more than these
# words: a told job is looked for only among such keys, not among offices, sites or a
# family of roles ("| Role family |": "Warehouse operatives" may hold a picker)
_JOB_COLUMN = frozenset({"job", "role", "post", "position", "duty", "public", "title"})


def told_heads(question: str) -> list[list[str]]:
    """The job the asker tells, each as its words before the told phrase's first function
    word ("I'm a florist at Ilkley" -> florist), at most MAX_WORDS of them."""
    return [head for head, _ in _told_pairs(question)]


def _told_pairs(question: str) -> list[tuple[list[str], list[str]]]:
    """(the told job's words, the words of the sentence telling it) for each job the asker
    tells ("I'm a part-timer on the checkouts." -> part, and the whole sentence)."""
    out = []
    for sentence in re.split(r"[.?!;]", question):
        if not _TOLD.search(sentence):
            continue
        for said in told_jobs(question):
            head: list[str] = []
            for w in said:
                if w in STOPWORDS:
                    break
                head.append(w)
            if head and len(head) <= MAX_WORDS and (" ".join(head) in " ".join(_words(sentence))):
                out.append((head, _words(sentence)))
    return out


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


@lru_cache(maxsize=512)
def job_tables(
    text: str, duties: bool = False
) -> tuple[tuple[frozenset[str], tuple[str, ...]], ...]:
    """(kinds, key cells) of each table of `text` keyed by jobs or duties (its first
    column's header is "Job", "Role", "Post", "Position" or "(Public) duty"), with the kinds
    of key its other columns hold: "| Job | Grade |" with "| Butcher | Grade 3 |" maps each
    job to a grade, the first step of a chain from the asker's job to the rows keyed by that
    kind; "| Duty | Paid time off |" gives each duty its own row (`duties`: only tables
    keyed by a duty)."""
    by_header: dict[int, list[str]] = {}
    for r in table_rows(text):
        head = _words(cells(r.header.text)[0]) if cells(r.header.text) else []
        if (
            head
            and set(head) <= _JOB_COLUMN
            and set(head) - {"public", "title"}
            and (not duties or "duty" in head)
        ):
            by_header.setdefault(r.header.start, []).append(r.row.text)
    out = []
    for rows in by_header.values():
        kinds: set[str] = set()
        keys_: list[str] = []
        for row in rows:
            row_cells = cells(row)
            if not row_cells or kind_cells(row_cells[0]):
                break  # keyed by the kind itself: no mapping
            kinds.update(k for k, _ in kind_cells(row))
            keys_.append(row_cells[0])
        else:
            if len(keys_) >= 3:
                out.append((frozenset(kinds), tuple(keys_)))
    return tuple(out)


def _holds_job(head: list[str], keys_: tuple[str, ...]) -> bool:
    """Does a key cell of the job table share a content word with the told phrase ("I'm a
    driver" and "Bus driver", "I'm a night baker" and "Baker", "I'm a part-timer on the
    checkouts" and "Checkout assistant"), whole or less a plural s? Then the table may hold
    the asker's job in other words: not a missing bridge."""
    said = {_stem(w) for w in head if w not in STOPWORDS}
    return any(said & {_stem(w) for w in _key_words(k) if w not in STOPWORDS} for k in keys_)


def _says_any(question: str, cell: str) -> bool:
    """Does the question say a content word of a key cell ("a friend as a cleaner" and
    "Depot cleaner")? Then the row may be the one it asks of, whoever the asker is."""
    said = {_stem(w) for w in _words(question)}
    return bool(said & {_stem(w) for w in _key_words(cell) if w not in STOPWORDS})


def unmapped_job(question: str, texts: list[str], cited: list[str]) -> str | None:
    """The job the asker tells (as they word it), when no cited line says it and the
    answer reads another's value: a cited row of a table keyed by public duties ("| Duty |
    Paid time off |"), none of whose key cells shares a word with the told duty, the
    question saying no word of that row's key ("I'm a special constable" and "| Retained
    firefighter | up to 10 days |"); or, when a table
    read maps jobs to a kind of key ("| Job | Grade |") and holds no row of the told job,
    a cited row holding a key of that kind ("| Grade 3 and Grade 4 | 4 weeks |") while the
    question names no key of its own ("Grade 3") and no row of that table is cited (a cited
    one is the bridge a description took: "I'm a KP" and "| Kitchen porter | ... |").
    Else None."""
    pairs = _told_pairs(question)
    rows = [line for line in cited if line.lstrip().startswith("|")]
    if not pairs or not rows:
        return None
    tables = [t for text in texts for t in job_tables(text)]
    if not tables:
        return None
    said = {_stem(w) for line in cited for w in _words(line)}
    duty_tables = [t for text in texts for t in job_tables(text, True)]
    mapping = [(k, ks) for k, ks in tables if k]
    keys_of = [cells(r)[0] if cells(r) else "" for r in rows]
    # a cited row of a table mapping jobs to a grade is the bridge the answerer took (the
    # described job, asker_job.py: "I'm a KP" and "| Kitchen porter | Kitchen | Grade 1 |")
    bridged = any(key in ks for key in keys_of for _, ks in mapping)
    for head, phrase in pairs:
        if {_stem(w) for w in head if w not in STOPWORDS} & said:
            continue  # a cited line says the job
        for key in keys_of:
            owners = [ks for k, ks in duty_tables if not k and key in ks]
            if (
                owners
                and not _says_any(question, key)
                and not any(_holds_job(phrase, ks) for ks in owners)
            ):
                return " ".join(head)  # another job's (or duty's) own row answers
        if bridged or asked_keys(question) or not mapping:
            continue
        # the told phrase may describe the job in the table's words after the job it names
        # ("I'm a part-timer on the checkouts" and "Checkout assistant"): not missing
        if any(_holds_job(phrase, ks) for _, ks in mapping):
            continue
        kinds = frozenset().union(*(k for k, _ in mapping))
        if any(k in kinds for row in rows for k, _ in kind_cells(row)):
            return " ".join(head)  # a row keyed by the kind, the asker's key unknown
    return None
