"""A question asking whether the asker gets a thing is answered only by a document naming it.

Why: "Do fundraisers get a bonus for hitting their targets?", "Do staff get free Tidewell
membership?", "Is there a company car scheme?" ask whether something exists. The documents
the search finds are about the rest of the question (fundraising, the staff discount, the
car users' rules), and a line of theirs about the asker or the setting can clear the
floor ("If a supporter complains, pass the details to the Head of Fundraising ..."): the
thing asked is the one part no line can be about unless its document names it. Read
without a parser, the thing is the noun phrase a yes/no question introduces as new, after
"get", "receive", "offer", "give", "provide", "cover", "win", "earn" or "have" ("Do we get
a Christmas bonus?"), or after "Is/Are there" ("Are there charging points ..."), with an
indefinite determiner or none ("a", "an", "any", "some", "free", "extra"). A definite or
possessive phrase ("get the handover bonus", "get my tronc money", "get the sack") presumes
the thing and asks something else of it; such a question is left alone. Its words that
name only a kind of value ("a limit", "any help", "extra money") are not the thing.

Only a question that opens with its yes/no ask is read: one that sets out a situation first
("I've volunteered as a first aider. Do first aiders get ...?") is left alone. Read in the
asking sentence too (`features.asked_clause`), the check refused one kept-aside answerable
question and no must-refuse one (history/extractive-history.md, refuse16).

The answer stands when every word of the thing is said by a cited document, title or text
(by the answerer's matching keys, or a word opening with a key of five letters or more), or
meant by a word of a cited document (word cosine at least `MEANT`, through the answerer's
embedder: "glasses" / "spectacles", "brews" / "drinks", "vacation" / "holiday"); or when a
cited line, read with its table header and heading, grants something (`grants`: a verb of
giving or getting, "free", a sum of money or a share): such a line answers the yes/no
question in the document's own words ("Rangers also receive a boot allowance of £90" for
"Do rangers get a footwear allowance?", "Life cover of 3 times your salary is included" for
"Do I get life insurance with it?"), which no single word's meaning shows. Otherwise it is
refused: a line that grants nothing, from documents that never speak of the thing, is about
the rest of the question. It checks the finished answer, whichever step built it
(history/extractive-history.md, "Fresh must-refuse questions by cause" and "... answerable
yes/no questions ...").

A granting line does not answer for a thing of two or more words whose head the documents
say while they neither say nor mean a word qualifying it (`_other_case`): "Do staff get a
gym discount?" over "Volunteers get 10% off in the shops and cafés where they volunteer"
grants a discount, the kind of thing asked, for other cases (the shops, the cafés), never
the gym; an English compound puts its kind last, so the unsaid word before the said head
is the case asked. When the head itself is unsaid ("life insurance" over "Life cover of 3
times your salary"), or the thing is one word, the granting line may name it in the
document's own words and stands (history/extractive-history.md, refuse23).

The same reading lets a paraphrased thing be answered (`granted_in_other_words`, read by
`ExtractiveAnswerer.clearing`): a yes/no question asking whether the asker gets a thing (read
in its asking sentence, `features.asked_clause`, so a situation told first is left out) is
answered by its first-ranked line within `ask_named.ASK_SLACK` under the floor when that line
grants something and it, its heading or its document's title says or means every word of the
thing, at least one only in other words ("The company issues all personal protective
equipment (PPE) free of charge." for "Do we get free safety gear?": "safety" / "protective"
0.62, "gear" / "equipment" 0.68). The answerability features are exact-term ones fitted to
SQuAD, whose questions copy their paragraph's words: a thing said in other words is what pulls
such a line under the floor. A thing the line says in its own words was weighed by them, so a
line under the floor that says it ("Referral bonus: £200" for "a bonus for good inspection
scores", "a 25% discount at the Halden Leisure Centre" for "a discount at a local gym") is
low on the rest of the question, and stays refused (history/extractive-history.md, yesno17).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import within_slack
from wikiqa.answerers.features import asked_clause, key, keys
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.text.asking import without_courtesy
from wikiqa.text.terms import STOPWORDS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

MEANT = 0.6  # a cited document's word this close to the thing's word means it
MIN_PREFIX = 5  # a key this long may open a longer word of the document ("reimburs...")
MAX_WORDS = 4


def _split(words: str) -> list[str]:
    return words.split()


_AUX = r"(?:do|does|did|will|would|can|could|shall|should|may|might|is|are)"
_VERB = (
    r"(?:get|gets|receive|receives|win|wins|earn|earns|offer|offers|provide|provides|give|gives"
    r"|cover|covers|have|has)"
)
# A determiner that introduces the thing as new, or none.
_NEW = r"(?:(?:a|an|any|some|free|extra|additional)\s+)?"
_THERE = re.compile(rf"^(?:is|are)\s+there\s+{_NEW}(.*)$", re.I)
_GETS = re.compile(rf"^{_AUX}\b[^?,]*?\b{_VERB}\s+{_NEW}(.*)$", re.I)
# The same ask made of a thing the asker would take ("Could I take a sabbatical?"): read only
# by `asked_thing(..., taken=True)` (thing_unsaid.py), so the readings above are unchanged.
_TAKES = re.compile(rf"^{_AUX}\b[^?,]*?\b(?:take|takes)\s+{_NEW}(.*)$", re.I)
# Words that end the noun phrase: prepositions, conjunctions, relative words, "to".
END_WORDS = frozenset(
    _split("""for to at on in into onto when if while during after before about with without from by
    of and or as than per who that which where towards toward through via like so but because
    against under over between among around across near beside besides since until except
    including within upon behind beyond plus instead i we you they he she it""")
)
# A phrase opened by one of these presumes its thing: not asked whether it exists.
_KNOWN = frozenset(_split("the my our your their his her its this that these those"))
# Adjectives and adverbs around the thing, and indefinites standing in for it.
_AROUND = frozenset(
    _split("""free extra any some paid own additional more special other anything something
    anywhere everything nothing anyone someone anybody somebody out off back up down away still
    also even really""")
)
# Nouns naming only a kind of value or help: the document says it otherwise ("up to £60").
KIND_WORDS = frozenset(
    _split("""money scheme schemes help support thing things stuff benefit benefits limit limits cap
    caps maximum minimum deadline charge charges cost costs fee fees rule rules way ways process
    procedure policy form forms time difference option options chance need requirement
    package packages perk perks
    allowance allowances right rights amount pay payment payments rate rates number numbers
    list email address phone contact person people place date dates day days week weeks hour
    hours month months year years minute minutes""")
)
_WORD = re.compile(r"[a-z][a-z'’-]*")


def _noun_phrase(question: str, taken: bool = False) -> list[str]:
    """The words of the noun phrase a yes/no question introduces as new after its verb of
    getting (or "Is/Are there", or with `taken` "take"), as written, up to the first word
    that ends it; [] when the question has no such shape or the phrase presumes its thing."""
    text = without_courtesy(question).strip().lower().replace("’", "'")
    found = _THERE.match(text) or _GETS.match(text) or (_TAKES.match(text) if taken else None)
    if found is None:
        return []
    phrase: list[str] = []
    for raw in _WORD.findall(found.group(1)):
        word = raw.strip("'-")
        if not phrase and word in _KNOWN:
            return []
        if word in END_WORDS or (len(word) > 4 and word.endswith("ed")):
            break
        phrase.append(word)
    return [p for w in phrase for p in w.split("-") if p]


def asked_thing(question: str, taken: bool = False) -> tuple[str, ...]:
    """The words naming the thing a yes/no question asks the asker gets, introduced as new
    ("Do we get a Christmas bonus?" -> ("christmas", "bonus"); with `taken`, also one the
    asker would take: "Could I take a sabbatical?" -> ("sabbatical",)); () when the question
    has no such shape or its phrase presumes the thing (see the module docstring)."""
    parts = _noun_phrase(question, taken)
    return tuple(
        w for w in parts if w not in STOPWORDS and w not in _AROUND and w not in KIND_WORDS
    )[:MAX_WORDS]


def asked_phrase(question: str) -> str:
    """The asked thing as the asker named it, its words naming a kind of value kept ("Do
    joiners get a kit allowance?" -> "kit allowance", "Does it cover work permit fees?" ->
    "work permit fees"): what a line's phrase of as many words may mean as a whole when no
    single word of it does ("tool allowance", "visa fees"); "" when there is no thing."""
    if not asked_thing(question):
        return ""
    words = [w for w in _noun_phrase(question) if w not in STOPWORDS and w not in _AROUND]
    return " ".join(words[: MAX_WORDS + 1])


# A line grants something when it says a verb of giving or getting, "free" or "no charge",
# or a sum of money or a share; negated too ("We do not pay towards personal phone bills"
# answers "no").
_GRANTING = frozenset(
    _split("""get gets got getting receive receives received give gives given gave pay pays paid
    claim claims claimed provide provides provided offer offers offered include includes included
    issue issues issued lend lends lent cover covers covered entitled eligible refund refunds
    refunded reimburse reimburses reimbursed free""")
)
_VALUE = re.compile(r"[£€$]\s?\d|\d\s?%|\bno (?:charge|cost)\b")


def grants(line: str) -> bool:
    """Does `line` (a cited line read with its table header and heading) grant something:
    a verb of giving or getting, "free", "no charge", a sum of money or a share?"""
    low = line.lower()
    return bool(_VALUE.search(low)) or any(w in _GRANTING for w in _WORD.findall(low))


def says_key(word: str, said: frozenset[str]) -> bool:
    """Is `word` said by `said` (a set of word keys): its key is one of them, or, at least
    MIN_PREFIX letters long, opens one ("equip" of "equipment")? Shared with thing_line.py."""
    k = key(word)
    return k in said or (len(k) >= MIN_PREFIX and any(s.startswith(k) for s in said))


def unnamed_thing(
    thing: Iterable[str],
    documents: Iterable[str],
    lines: Iterable[str],
    similarities: Callable[[str, list[str]], list[float]] | None = None,
) -> str:
    """The first word of `thing` that no cited document (`documents`: title and text) says
    or means (a word of it at cosine >= MEANT through `similarities`, when given), when no
    cited line (`lines`, each read with its header and heading) grants anything, or when
    one does but grants another case of the thing's kind (`_other_case`); "" when each
    word is said or meant, or a line grants the thing in its own words."""
    thing = list(thing)
    lines = list(lines)
    granted = any(grants(line) for line in lines)
    if granted and (similarities is None or len(thing) < 2):
        return ""  # a grant of a one-word thing may name it in the document's own words
    documents = list(documents)
    said = frozenset(k for d in documents for k in keys(d))
    words: list[str] | None = None
    for word in thing:
        if says_key(word, said):
            continue
        if similarities is not None:
            if words is None:
                words = words_of(documents)
            if words and max(similarities(word, words)) >= MEANT:
                continue
        if granted:
            return word if _other_case(word, thing, said) else ""
        return word
    return ""


def _other_case(word: str, thing: list[str], said: frozenset[str]) -> bool:
    """Does a granting line grant another case of the thing's kind, not the thing? So when
    `word`, neither said nor meant by the cited documents, qualifies the thing's head (an
    English compound puts its kind last: "gym" of "a gym discount"), and they say the
    head and every other word: the documents speak of that kind of thing, for other cases
    ("10% off in the shops and cafés where they volunteer"), never this one. When the head
    itself is unsaid ("insurance" of "life insurance"), the granting line may name the kind
    in its own words ("Life cover of 3 times your salary"), and it stands."""
    return word != thing[-1] and all(says_key(other, said) for other in thing if other != word)


def words_of(texts: Iterable[str]) -> list[str]:
    """The distinct words of `texts`, in lower case, stop words left out, sorted (the words
    a line, its heading or its title may say a thing in). Shared with thing_line.py."""
    found = {w.strip("'-") for t in texts for w in _WORD.findall(t.lower())}
    return sorted(found - STOPWORDS - {""})


def _phrases(texts: Iterable[str], size: int) -> list[str]:
    """The runs of `size` - 1 to `size` + 1 words of `texts`, each opening and closing on a
    word that is no stop word and holding a word that names more than a kind of value (so
    "tool allowance", "visa fees", never "allowance" or "allowance per" alone)."""
    found: set[str] = set()
    for text in texts:
        words = [w.strip("'-") for w in _WORD.findall(text.lower())]
        for n in range(max(1, size - 1), size + 2):
            for i in range(len(words) - n + 1):
                run = words[i : i + n]
                if run[0] in STOPWORDS or run[-1] in STOPWORDS:
                    continue
                if all(w in STOPWORDS or w in KIND_WORDS or w in END_WORDS for w in run):
                    continue
                found.add(" ".join(run))
    return sorted(found)


def in_other_words(
    thing: Iterable[str],
    texts: list[str],
    similarities: Callable[[str, list[str]], list[float]],
    phrase: str = "",
) -> bool:
    """Do `texts` say or mean (a word of theirs at cosine >= MEANT) every word of `thing`, at
    least one only in other words (meant, not said)? When they say no word of it, `phrase`
    (the thing as the asker named it, `asked_phrase`) meant as a whole by a run of their
    words of about as many (cosine >= MEANT) means it too: "kit allowance" / "tool
    allowance" 0.62, where "kit" / "tool" is 0.37."""
    thing = list(thing)
    said = frozenset(k for t in texts for k in keys(t))
    words = words_of(texts)
    other = False
    for word in thing:
        if says_key(word, said):
            continue
        if not words or max(similarities(word, words)) < MEANT:
            return _phrase_meant(thing, phrase, texts, said, similarities)
        other = True
    return other


def _phrase_meant(
    thing: list[str],
    phrase: str,
    texts: list[str],
    said: frozenset[str],
    similarities: Callable[[str, list[str]], list[float]],
) -> bool:
    """Is the whole thing said in other words: no word of it said by `texts`, and `phrase`
    meant by a run of their words (`_phrases`) at cosine >= MEANT?"""
    if not phrase or not thing or any(says_key(word, said) for word in thing):
        return False
    runs = _phrases(texts, len(phrase.split()))
    return bool(runs) and max(similarities(phrase, runs)) >= MEANT


def granted_in_other_words(
    e: Evidence, floor: float, similarities: Callable[[str, list[str]], list[float]]
) -> bool:
    """Does the evidence's first line answer within ASK_SLACK under the floor a yes/no
    question asking whether the asker gets a thing, because it grants something and it, its
    heading or its document's title says every word of the thing, one at least only in other
    words (see the module docstring)?"""
    if not within_slack(e, floor):
        return False
    thing = asked_thing(asked_clause(e.question.text))
    if not thing:
        return False
    top = e.ranked[0]
    if read_out_of_force(top.doc):
        return False  # a superseded, archived or draft edition grants nothing under the floor
    if not grants(f"{top.context}\n{top.text}"):
        return False
    return in_other_words(
        thing,
        [top.text, top.context, top.doc.title],
        similarities,
        asked_phrase(asked_clause(e.question.text)),
    )
