"""A question word searched as the reader's documents write it: clipped, joined or split, or
as an initialism they define.

Staff write "defib" for "defibrillator", "exec" for "executive", "checkout" where the room
standards say "checked out", "e-mail" where the policy says "email", "KP" where the grades
table says "Kitchen Porter (KP)". BM25 finds none of these, the embedder reads a clipped word
as a different one, and the answerer's features match no word of the line that answers. Each
rewrite below is read off the documents the reader may read (never another reader's: a word
only a forbidden document says rewrites nothing), and leaves names (a capitalised word after
the first) alone:

- **clipped**: a word of at least `MIN_CLIP` letters that no readable document says and that
  is no English word (respell.is_english) is searched as the longer word it starts, when the
  readable documents say one such word more than any other ("defib" -> "defibrillator"; "temp"
  with "temperature" and "temporary" said as often is left alone);
- **split**: such a word of at least `MIN_SPLIT` letters that is two English words joined,
  neither a stop word (the search and the answerer drop those), which the documents write
  apart ("checkout" and "Departure (guest checked out)"), is searched split ("check out");
- **joined**: two words of the question (or a hyphenated one), neither a stop word, that the
  documents write as one word in lower case (a word, not a name: "new town" is not
  "Newtown") and never apart ("e-mail" where they say "email" only) are searched joined;
- **initialism**: a word written in capitals that the documents define, "Kitchen Porter (KP)"
  or "KP (Kitchen Porter)", is searched with its definition ("Kitchen Porter (KP)"). One the
  documents use without defining is left as asked: an expansion they do not give is a guess;
  so is one most of the documents that use it do not give (on SQuAD, "IP and AM" of
  complexity classes was read as "Internet Protocol (IP)" and lost its answer);
- **spelled out**: a word of at least `MIN_SPELLED` capitals that no readable document says at
  all, whose letters open the words of a capitalised phrase the documents write whole
  ("NOSP" and "Notice of Seeking Possession", "ASB" and "Anti-Social Behaviour"; small joining
  words such as "of" may give a letter or none), is searched with that phrase, the one they
  write most ("Notice of Seeking Possession (NOSP)"); none when two phrases are written as
  often, or when the reader may read more than `MAX_SPELLED_ROWS` rows (the phrases are read
  off every readable row's text).
  Two capitals ("MD", "QS") open too many capitalised phrases to pick one that way; they
  are searched with the pair of words they open, in any case, the pair written most, at
  least `MIN_PAIR_SAID` times and once capitalised ("Managing director (MD)").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from wikiqa.store.respell import cased, english_words, is_english
from wikiqa.store.schema import STOPWORDS
from wikiqa.store.tokenize import shared_tokenizer
from wikiqa.text.terms import initials

MIN_CLIP = 4  # "exec" -> "executive"; "uni", "fin" would expand to anything
MIN_SPLIT = 5  # "login" -> "log in"
MIN_JOINED = 5  # "e-mail" -> "email"; "any one" -> "anyone" is a stop word anyway
MAX_TEXTS = 40  # readable rows read to see how the documents write a word
MIN_SPELLED = 3  # "ASB"; two capitals ("HR", "GP") open too many capitalised phrases
# Two capitals no readable row says ("MD", "QS") are read as a pair of words only: the pair
# the documents write most, at least this often, and with a capital at least once.
MIN_PAIR_SAID = 2
# Readable rows scanned for a phrase an initialism spells out: about 0.05-0.1 ms a row, paid
# only for a word in capitals no readable row says (handbooks hold 90-240 rows).
MAX_SPELLED_ROWS = 2_000
# Small words a phrase's capitalised words may hold between them ("Notice of Seeking
# Possession"): each gives the initialism a letter or none.
JOINERS = frozenset({"of", "and", "for", "the", "in", "on", "to", "at", "by", "&"})
_PHRASE = re.compile(r"[A-Za-z&][\w'’]*(?:(?:[ \t]+|[ \t]*-[ \t]*)[A-Za-z&][\w'’]*)+")
_WORD = re.compile(r"[^\W\d_]+")
_INITIALISM = re.compile(r"^[A-Z]{2,5}$")


class Readable(Protocol):
    """The words of the rows a reader may read (an index masked by their access)."""

    def frequency(self, word: str) -> int:
        """How many readable rows say `word` (its one index term)."""
        ...

    def completions(self, prefix: str) -> dict[str, int]:
        """Index terms longer than `prefix` that start with it, each with how many readable
        rows say it (terms no readable row says are left out)."""
        ...

    def texts(self, terms: Sequence[str], limit: int) -> list[str]:
        """The texts of up to `limit` readable rows that say every one of `terms`."""
        ...

    def document_texts(self, term: str, limit: int) -> dict[int, str]:
        """The readable documents saying `term` (of up to `limit` rows), each with the text
        of its rows that say it."""
        ...

    def all_texts(self, limit: int) -> list[str] | None:
        """The texts of every readable row, or None when there are more than `limit`."""
        ...


def reworded(query: str, readable: Readable) -> str:
    """`query` with each word the readable documents write otherwise written as they do
    (module docstring); as asked when none is."""
    words = list(_WORD.finditer(query))
    out = query
    skip_to = len(query) + 1
    for i in range(len(words) - 1, -1, -1):  # right to left: earlier offsets stay valid
        m = words[i]
        if m.end() > skip_to:
            continue  # part of a pair already joined
        nxt = words[i + 1] if i + 1 < len(words) else None
        joined = _joined(query, m, nxt, readable) if nxt and nxt.end() <= skip_to else ""
        if joined:
            assert nxt is not None
            out = out[: m.start()] + cased(joined, m.group()) + out[nxt.end() :]
            skip_to = m.start()
            continue
        new = _rewritten(m.group(), i == 0, readable, query)
        if new:
            out = out[: m.start()] + new + out[m.end() :]
            skip_to = m.start()
    return out


def _rewritten(asked: str, first: bool, readable: Readable, query: str = "") -> str:
    """One word as the documents write it, or "" when it stays as asked; `query`, the
    question it is asked in, chooses among the phrases an initialism may spell."""
    if _INITIALISM.match(asked):
        return _defined(asked, readable) or _spelled_out(asked, readable, _context(query, asked))
    word = asked.lower()
    if not word.isascii() or word in STOPWORDS or (asked[0].isupper() and not first):
        return ""  # a name: its clip or split may be another name
    if len(word) < MIN_CLIP or readable.frequency(word) > 0 or is_english(word):
        return ""
    new = _unclipped(word, readable) or (_split(word, readable) if len(word) >= MIN_SPLIT else "")
    return cased(new, asked) if new else ""


def _term(word: str) -> str:
    """The index term of one word ("" when it has none or several)."""
    terms = shared_tokenizer().terms(word)
    return terms[0] if len(terms) == 1 else ""


def _unclipped(word: str, readable: Readable) -> str:
    """The readable documents' longer word that `word` starts, said more than any other such
    word, as they most often spell it; "" when none or a tie."""
    said = sorted(readable.completions(word).items(), key=lambda kv: -kv[1])
    if not said or (len(said) > 1 and said[1][1] == said[0][1]):
        return ""
    term = said[0][0]
    spellings: Counter[str] = Counter()
    pattern = re.compile(rf"\b{re.escape(word)}[^\W\d_]*", re.I)
    for text in readable.texts([term], MAX_TEXTS):
        for m in pattern.finditer(text):
            if _term(m.group()) == term:
                spellings[m.group().lower()] += 1
    return spellings.most_common(1)[0][0] if spellings else ""


def _split(word: str, readable: Readable) -> str:
    """`word` as two English words the readable documents write side by side ("checkout":
    "checked out"), the split they write most; "" when none."""
    known = english_words()
    best, best_n = "", 0
    for i in range(3, len(word) - 1):
        left, right = word[:i], word[i:]
        if left not in known or right not in known or STOPWORDS & {left, right}:
            continue  # "log in" keeps no word the search and the answerer read
        terms = [_term(left), _term(right)]
        if not all(terms) or min(readable.frequency(w) for w in (left, right)) == 0:
            continue
        apart = re.compile(rf"\b{re.escape(left)}[^\W\d_]{{0,3}}[\s-]+{re.escape(right)}\b", re.I)
        n = sum(1 for text in readable.texts(terms, MAX_TEXTS) if apart.search(text))
        if n > best_n:
            best, best_n = f"{left} {right}", n
    return best


def _joined(query: str, m: re.Match[str], nxt: re.Match[str], readable: Readable) -> str:
    """Two neighbouring words (apart or hyphenated) the readable documents write only as one
    word; "" otherwise."""
    between = query[m.end() : nxt.start()]
    if between not in (" ", "-") or (nxt.group()[0].isupper()):
        return ""
    left, right = m.group().lower(), nxt.group().lower()
    word = left + right
    if len(word) < MIN_JOINED or not word.isascii() or STOPWORDS & {word, left, right}:
        return ""  # "for me" is no "forme"
    term, terms = _term(word), [_term(left), _term(right)]
    if not term or not all(terms) or readable.frequency(word) == 0:
        return ""
    # said so (not a word porter stems alike) and as a word, not a name ("Newtown")
    whole = re.compile(rf"\b{re.escape(word)}\b")
    if not any(whole.search(text) for text in readable.texts([term], MAX_TEXTS)):
        return ""
    apart = re.compile(rf"\b{re.escape(left)}[\s-]+{re.escape(right)}\b", re.I)
    if any(apart.search(text) for text in readable.texts(terms, MAX_TEXTS)):
        return ""  # the documents write it apart too: asked as they write it
    return word


def _defined(short: str, readable: Readable) -> str:
    """`short` with the definition the readable documents give it ("Kitchen Porter (KP)"),
    the one they give most; "" when they define it nowhere, or when most of the documents
    that use it do not define it (an article on complexity classes uses "IP" for another
    thing than the networking article's "Internet Protocol (IP)")."""
    term = _term(short)
    if not term or readable.frequency(short) == 0:
        return ""
    n = len(short)
    before = re.compile(
        rf"((?:[A-Za-z][\w'’]*[\s-]+){{{n - 1}}}[A-Za-z][\w'’]*)\s*\(\s*{short}\s*\)"
    )
    after = re.compile(
        rf"\b{short}\s*\(\s*((?:[A-Za-z][\w'’]*[\s-]+){{{n - 1}}}[A-Za-z][\w'’]*)\s*\)"
    )
    found: Counter[str] = Counter()
    saying = readable.document_texts(term, MAX_TEXTS)
    defining = 0
    for text in saying.values():
        defined = False
        for pattern in (before, after):
            for m in pattern.finditer(text):
                words = re.split(r"[\s-]+", m.group(1))
                if initials(words) == short:
                    found[" ".join(words)] += 1
                    defined = True
        defining += defined
    if not found or 2 * defining < len(saying):
        return ""  # most documents using it do not say what it stands for: it may be another
    return f"{found.most_common(1)[0][0]} ({short})"


def _context(query: str, short: str) -> frozenset[str]:
    """The index terms of the question's other words (no stop word, not `short`): what the
    rows of the phrase it spells should also say."""
    words = [w for w in _WORD.findall(query) if w != short and w.lower() not in STOPWORDS]
    return frozenset(shared_tokenizer().terms(" ".join(words))) if words else frozenset()


def _row_terms(texts: list[str], context: frozenset[str]) -> list[frozenset[str]]:
    """Each readable row's index terms, tokenised once for `_weights` and `_near`; none
    when the question has no other words to weigh."""
    if not context:
        return []
    return [frozenset(shared_tokenizer().terms(text)) for text in texts]


def _weights(rows: list[frozenset[str]], context: frozenset[str]) -> dict[str, float]:
    """Each of the question's other terms weighted by how few readable rows (their terms,
    `_row_terms`) say it (1 / the rows saying it): "fees" or "councillor" tells phrases
    apart, "staff" or "hours" little."""
    if not context:
        return {}
    saying: Counter[str] = Counter()
    for terms in rows:
        saying.update(context & terms)
    return {t: 1.0 / n for t, n in saying.items()}


def _near(terms: frozenset[str], weights: dict[str, float], phrase: str) -> float:
    """How much of the question's other words (`weights`) a row (its `terms`) says, the
    phrase's own words left out (they are said wherever the phrase is)."""
    if not weights:
        return 0.0
    said = terms - set(shared_tokenizer().terms(phrase))
    return sum(w for t, w in weights.items() if t in said)


def _by_context(said: Counter[str], near: dict[str, float]) -> str:
    """Of the phrases an initialism may spell (`said`: how often each is written), the one
    one of whose rows says more of the question's other words than any row of another
    phrase (`near`: each phrase's best row, `_near`), when it is
    written at least as often as `MIN_PAIR_SAID`; "" when none or two say as much."""
    top = [(n, phrase) for phrase, n in near.items() if n > 0 and said[phrase] >= MIN_PAIR_SAID]
    top.sort(reverse=True)
    if not top or (len(top) > 1 and top[1][0] == top[0][0]):
        return ""
    return top[0][1]


def _spelled_out(short: str, readable: Readable, context: frozenset[str] = frozenset()) -> str:
    """`short` after the capitalised phrase of the readable documents whose words it opens
    ("Notice of Seeking Possession (NOSP)"), when no readable document says `short` itself;
    "" when none, or two phrases are written as often. The question's other words choose
    first (`context`, `_by_context`): the phrase whose rows say more of them than any other
    phrase's ("the CD count when the nurse in charge changes over" is "Controlled drugs",
    whose rows say count and nurse in charge, not "Christmas Day", written more often)."""
    if readable.frequency(short) > 0:
        return ""
    texts = readable.all_texts(MAX_SPELLED_ROWS) if len(short) >= 2 else None
    if texts is None:
        return ""
    if len(short) < MIN_SPELLED:
        return _pair_spelled_out(short, texts, context)
    found: Counter[str] = Counter()
    near: dict[str, float] = {}
    rows = _row_terms(texts, context)
    weights = _weights(rows, context)
    for i, text in enumerate(texts):
        if short[0] not in text:
            continue
        spelled = [p for run in _PHRASE.finditer(text) for p in spelled_phrases(run.group(), short)]
        found.update(spelled)
        for p in set(spelled) if weights else ():
            near[p] = max(near.get(p, 0.0), _near(rows[i], weights, p))
    chosen = _by_context(found, near)
    if chosen:
        return f"{chosen} ({short})"
    said = found.most_common(2)
    if not said or (len(said) > 1 and said[1][1] == said[0][1]):
        return ""
    return f"{said[0][0]} ({short})"


# Two words side by side on one line, the second looked ahead so that pairs overlap.
_PAIR = re.compile(r"(?<![\w'’])([A-Za-z]+)[ \t]+(?=([A-Za-z]+)(?![\w]))")


def _pair_spelled_out(short: str, texts: list[str], context: frozenset[str] = frozenset()) -> str:
    """`short` (two capitals) after the pair of words the readable documents write most whose
    first letters it is ("Managing director (MD)", "Quantity surveyor (QS)"), neither a stop
    or joining word ("Our kitchens" is no "OK"); "" unless that pair is written at least
    `MIN_PAIR_SAID` times, more often than any other, and with a capital at least once (a
    job or a thing's name, not two words that meet by chance). Two capitals open more
    phrases than three, so the pair must be said twice, not once, and its words are taken
    whatever their case: a job title is capitalised at the start of a cell or sentence only.
    The question's other words choose first (`context`, `_by_context`), as for longer ones."""
    said: Counter[str] = Counter()
    capital: Counter[str] = Counter()
    near: dict[str, float] = {}
    rows = _row_terms(texts, context)
    weights = _weights(rows, context)
    skip = STOPWORDS | JOINERS
    for i, text in enumerate(texts):
        pairs: set[str] = set()
        for m in _PAIR.finditer(text):
            first, second = m.group(1), m.group(2)
            if first[0].upper() != short[0] or second[0].upper() != short[1]:
                continue
            pair = f"{first} {second}"
            if first.lower() in skip or second.lower() in skip:
                continue
            said[pair.lower()] += 1
            pairs.add(pair.lower())
            if first[0].isupper():
                capital[pair] += 1
        for p in pairs if weights else ():
            near[p] = max(near.get(p, 0.0), _near(rows[i], weights, p))
    capitalised = {pair.lower() for pair in capital}
    chosen = _by_context(said, {p: n for p, n in near.items() if p in capitalised})
    top = said.most_common(2)
    if chosen:
        top = [(chosen, said[chosen])]
    if not top or top[0][1] < MIN_PAIR_SAID or (len(top) > 1 and top[1][1] == top[0][1]):
        return ""
    written = [(n, pair) for pair, n in capital.items() if pair.lower() == top[0][0]]
    if not written:
        return ""
    return f"{max(written)[1]} ({short})"


def spelled_phrases(run: str, short: str) -> list[str]:
    """The phrases of `run` (words apart by spaces or hyphens) whose words open with the
    letters of `short` in order: capitalised words, each giving its first letter, with small
    joining words between them giving theirs or none ("Notice of Seeking Possession" spells
    "NOSP" and "NSP"); each as written in `run`."""
    words = list(re.finditer(r"[A-Za-z&][\w'’]*", run))
    out = []
    for i, first in enumerate(words):
        if first.group()[0] != short[0]:
            continue  # a phrase opens with a capital giving the first letter
        for j in range(i + 1, min(len(words), i + 2 * len(short))):
            last = words[j].group()
            phrase = [w.group() for w in words[i : j + 1]]
            if not last[0].isupper():
                if last.lower() in JOINERS:
                    continue
                break
            if not _opens(phrase, short.upper()):
                continue
            out.append(run[first.start() : words[j].end()])
    return out


def _opens(phrase: list[str], short: str) -> bool:
    """Do the words of `phrase` open with the letters of `short` in order, each capitalised
    word giving one and each joining word one or none?"""
    if not short:
        return not phrase
    if not phrase:
        return False
    word = phrase[0]
    if word.lower() in JOINERS and not word[0].isupper():
        if _opens(phrase[1:], short):
            return True
    elif not word[0].isupper():
        return False
    return word[0].upper() == short[0] and _opens(phrase[1:], short[1:])
