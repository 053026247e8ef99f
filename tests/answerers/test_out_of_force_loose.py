"""A superseded, archived or draft edition never answers by the rules that let a line a
little under the floor answer: the thing a yes/no question asks for, granted in other words
(asked_thing.granted_in_other_words), and the document that alone is about a situation-first
question (doc_about.about_alone). With the current edition withheld, the old one's line is
as near in words and meaning as the current one's, and no longer true (hb10-yn-01 answered
from the superseded 2025-26 tool allowance table). Small documents written here; the
evidence is the answerer's own, its score set in the band these rules read."""

from __future__ import annotations

from dataclasses import replace

from memsource import TermSource
from test_doc_about import HOURS, LEAVE, TRAINING, UNIFORM

from wikiqa.answerers.asked_thing import granted_in_other_words
from wikiqa.answerers.doc_about import DOC_SLACK, about_alone
from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Question

GRANT = "Tradespeople who bring and keep their own hand tools are paid a yearly tool allowance."
TOOLS = (
    "Tool Allowance",
    f"# Tool Allowance\n\n{GRANT}\n\nPower tools are issued by the company and must be PAT "
    "tested every 3 months.\n",
)
OLD_TOOLS = (
    "Tool Allowance 2025-26 (superseded)",
    "# Tool Allowance 2025-26 (superseded)\n\nSuperseded from 1 April 2026 by the current Tool "
    f"Allowance policy.\n\n{GRANT}\n\nPower tools are issued by the company and must be PAT "
    "tested every 3 months.\n",
)
WORKWEAR = (
    "Workwear",
    "# Workwear\n\nSafety boots, a hi-vis vest and a hard hat are issued on your first day.\n\n"
    "Replace damaged kit through the site stores.\n",
)
KIT = "I'm a joiner and I bring my own gear. Do joiners get a kit allowance?"

# the line of test_doc_about's Driver Training that an archived edition repeats below
LEARN = "You get 2 paid route-learning days for each new route you are rostered on."
OLD_TRAINING = (
    "Driver Training (archived 2024 edition)",
    "# Driver Training (archived 2024 edition)\n\nArchived on 1 January 2025: see the current "
    "Driver Training policy.\n\nEvery new driver completes 5 weeks of training at the depot "
    f"school before driving in service.\n\n## Route learning\n\n{LEARN}\n\nA mentor driver "
    "rides with you on your first trip over a new route.\n",
)
ROUTE = "I've been put on the new 42 route which I've never driven. Do I get time to learn it?"


class _Seen(ExtractiveAnswerer):
    """The shipped answerer, keeping the evidences it decides on."""

    seen: list[Evidence]

    def clearing(
        self, found: list[Evidence], whole: Evidence, asker: frozenset[str] = frozenset()
    ) -> list[Evidence]:
        self.seen = list(found)
        return super().clearing(found, whole, asker)


async def _evidence(
    emb: OnnxEmbedder, question: str, docs: dict[str, tuple[str, str]]
) -> tuple[_Seen, Evidence]:
    """The answerer and its evidence for `question`, scored a little under its floor."""
    answerer = _Seen(embedder=emb, max_sentences=3)
    await answerer.answer(Question(text=question), TermSource(docs))
    e = answerer.seen[0]
    return answerer, replace(e, score=answerer.floor - DOC_SLACK / 2)


async def test_a_superseded_edition_grants_nothing_in_other_words(emb: OnnxEmbedder) -> None:
    """The same granting line, "kit allowance" meant by "tool allowance": it answers from
    the edition in force, not from the superseded one (which it answers on main e11327e)."""
    a, current = await _evidence(emb, KIT, {"t": TOOLS, "w": WORKWEAR})
    assert current.ranked[0].text == GRANT
    assert granted_in_other_words(current, a.floor, a.similarities)
    a, old = await _evidence(emb, KIT, {"o": OLD_TOOLS, "w": WORKWEAR})
    assert old.ranked[0].text == GRANT and old.ranked[0].doc.title == OLD_TOOLS[0]
    assert not granted_in_other_words(old, a.floor, a.similarities)


async def test_an_archived_edition_is_not_the_document_alone_about_it(emb: OnnxEmbedder) -> None:
    """The same line and a document as near the question: the current edition answers; in
    an archive of old editions, where the archived one comes first, it does not (it does on
    main e11327e). Beside an edition in force, retrieval puts the archived one after it."""
    always = lambda q, g: [1.0] + [0.0] * (len(g) - 1)  # noqa: E731
    depot = {"h": HOURS, "l": LEAVE, "u": UNIFORM}
    a, current = await _evidence(emb, ROUTE, {"t": TRAINING, **depot})
    assert current.ranked[0].text == LEARN
    assert about_alone(current, a.floor, always)
    assert about_alone(current, a.floor, a.centroid_cosines)
    archive = {k: (f"{t} (archived 2024 edition)", x) for k, (t, x) in depot.items()}
    a, old = await _evidence(emb, ROUTE, {"o": OLD_TRAINING, **archive})
    assert old.ranked[0].text == LEARN and old.ranked[0].doc.title == OLD_TRAINING[0]
    assert len({c.doc.doc_id for c in old.ranked}) > 1
    assert not about_alone(old, a.floor, always)
