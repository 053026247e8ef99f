"""A kind of reader handed "their own" matter in their guide: the page is not theirs on it.

A general page often ends by sending one kind of reader to their own document on the page's
matter, naming the matter in its own words rather than as "terms" or "rules": "Students
have their own uniform rules (see their guide)." (Uniform and Appearance), "volunteers have
their own benefits in the Volunteer Guide." (Staff Discount). A careful reader of that kind
stops there: the page's table of uniforms or its "up to 4 times a month" is another
audience's rule, and their own is in the guide the sentence points to. scope.py's exclusion
patterns read only "their own terms / policy / rules ..." (`scope._OUT`), since "Managers
have their own parking spaces" sets no one outside a page; here the sentence must also hand
the matter to a document, by its title ("in the Volunteer Guide", "see the Agency
Operatives' Guide") or as the readers' own guide ("see their guide", "in their own
handbook"), which is what makes it a statement of scope.

`handed_own` reads such sentences once per document (the subject, read by scope.py's
`_kinds` as kinds of reader, and the sentence); `kind_guides` resolves "their guide" to the
retrieved documents whose title names the asker's kind (`neighbours.names_asker`), since the
sentence gives no title to match.
"""

from __future__ import annotations

import re

from wikiqa.answerers.neighbours import names_asker
from wikiqa.text.memo import memo_by_chars, text_weight
from wikiqa.types import Hit

OWN_MATTER = True  # switch: "X have their own <matter> (see their guide)" sets X outside the page
MAX_MATTER_WORDS = 4  # "their own uniform rules", "their own sick pay arrangements"
MAX_SENTENCE = 300  # a longer clause is no scope statement (and the lazy runs stay cheap)

# "<who> have their own <matter> (see their guide | see the Title)" or "... in the Title" /
# "in their guide": the matter handed to a document.
_HANDED_OWN = re.compile(
    r"^(?P<who>[^,():;]+?)\s+(?:have|has|get|gets)\s+their\s+own\s+"
    rf"(?P<matter>(?:[A-Za-z][\w'\u2019-]*\s+){{0,{MAX_MATTER_WORDS - 1}}}[A-Za-z][\w'\u2019-]*)"
    r"\s*(?:[(,;:]\s*see\s+(?:the\s+|their\s+(?:own\s+)?)|in\s+(?:the\s+|their\s+(?:own\s+)?))"
    r"(?P<doc>[^.)]*)"
)
# "<who> follow the <matter> in the <Title>" (trap78, `FOLLOW_TITLED`): the same hand-over
# said as following the matter where the guide sets it out ("Agency night security officers
# follow the breaks in the Agency Night Security Guide."); only a titled guide, never "follow
# the rules in this policy"
_FOLLOW_TITLED = re.compile(
    r"^(?P<who>[^,():;]+?)\s+follow\s+the\s+"
    rf"(?P<matter>(?:[a-z][\w'\u2019-]*\s+){{0,{MAX_MATTER_WORDS - 1}}}[a-z][\w'\u2019-]*)"
    r"\s+(?:in|under)\s+(?:the\s+)?(?P<doc>[A-Z][^.)]*?(?:Guide|Handbook|Supplement)\b)"
)
FOLLOW_TITLED = True  # switch: "X follow the <matter> in the <Title>" hands X their matter
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+|(?<=;)\s+")
# "their guide", "their own guides", "their handbook": the readers' own document, untitled
_THEIR_GUIDE = re.compile(
    r"\btheir\s+(?:own\s+)?(?:guides?|handbooks?|supplements?|pages?)\b", re.I
)

# A title of a list of people or places, not a guide written for its readers ("Staff
# Directory: Managers and Key Contacts" names managers as its entries).
LISTING_TITLE = re.compile(r"\b(?:directory|contacts?|list|register|rota|who's who)\b", re.I)


@memo_by_chars(1_000_000, text_weight)
def handed_own(text: str) -> tuple[tuple[str, str], ...]:
    """The clauses of `text` that hand a kind of reader their own matter in a document, each
    as (the clause's subject, the clause): "Students have their own uniform rules (see their
    guide)." -> ("Students", ...). The subject is not yet read as kinds of reader."""
    follows = FOLLOW_TITLED and " follow the " in text
    if "their own" not in text and not follows:
        return ()
    out: list[tuple[str, str]] = []
    for raw in _SENTENCE.split(text):
        clause = raw.strip().lstrip("-*# ").strip()
        if len(clause) > MAX_SENTENCE:
            continue
        if follows and (f := _FOLLOW_TITLED.match(clause)) is not None:
            out.append((f.group("who"), clause))
            continue
        if "their own" not in clause:
            continue
        m = _HANDED_OWN.match(clause)
        if m is None:
            continue
        doc = m.group("doc").strip()
        said_doc = bool(doc[:1].isupper()) or _THEIR_GUIDE.search(clause) is not None
        if said_doc:
            out.append((m.group("who"), clause))
    return tuple(out)


def followed_title(clause: str) -> str:
    """The guide's title a "<who> follow the <matter> in the <Title>" clause names, else "".
    The guide is titled for the clause's readers, so a reader whose role its title names is
    one of them, whatever the clause calls them ("Agency night security officers" for an
    agency worker)."""
    m = _FOLLOW_TITLED.match(clause) if FOLLOW_TITLED else None
    return m.group("doc").strip() if m else ""


def followed_matter(clause: str) -> str:
    """The matter a "<who> follow the <matter> in the <Title>" clause hands over ("breaks"),
    else "": only a question asking of it is the guide's."""
    m = _FOLLOW_TITLED.match(clause) if FOLLOW_TITLED else None
    return m.group("matter") if m else ""


def says_their_guide(sentence: str) -> bool:
    """Does the sentence point its readers to their own guide with no title ("see their
    guide")?"""
    return _THEIR_GUIDE.search(sentence) is not None


def kind_guides(hits: list[Hit], sentences: list[str], mine: frozenset[str]) -> list[Hit]:
    """The hits whose title names the asker's kind (`mine`) as its readers, when one of the
    `sentences` sends the asker to "their guide" without a title: the guide it means."""
    if not OWN_MATTER or not any(says_their_guide(s) for s in sentences):
        return []
    return [h for h in hits if names_asker(h.title, mine) and not LISTING_TITLE.search(h.title)]
