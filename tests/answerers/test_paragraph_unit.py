"""A first-ranked line under the floor read with the sentence beside it in its paragraph
(`ExtractiveAnswerer.read_with_neighbour`, linerank20): a premise and the consequence after
it, said in one paragraph, answer as one when the pair clears the floor by UNIT_MARGIN. A
list's items, a table's rows and separate paragraphs are never read so. Small documents
written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.extractive import (
    Candidate,
    Evidence,
    ExtractiveAnswerer,
    paragraph_neighbours,
)
from wikiqa.answerers.features import analyse
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.sentences import Span
from wikiqa.types import Document, Draft, Question

PREMISE = "Return your uniform and name badge on your last day."
CONSEQUENCE = (
    "If you do not, we may deduct up to £60 from your final pay, but never so that your pay "
    "falls below the National Minimum Wage."
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\nKitchen, housekeeping and maintenance staff must wear safety shoes. We pay "
    "back up to £45 a year towards safety shoes; claim it on expenses with the receipt.\n\n"
    f"## Leaving\n\n{PREMISE} {CONSEQUENCE}\n",
)
# the same two sentences as two entries of a list: separate lines, never read as one
UNIFORM_LISTED = (
    "Uniform",
    "# Uniform\n\nKitchen, housekeeping and maintenance staff must wear safety shoes. We pay "
    "back up to £45 a year towards safety shoes; claim it on expenses with the receipt.\n\n"
    f"## Leaving\n\n- {PREMISE}\n- {CONSEQUENCE}\n",
)
APPEARANCE = (
    "Appearance Standards",
    "# Appearance Standards\n\n- Long hair must be tied back in kitchens, food service and the "
    "spa.\n- Uniforms should be clean and pressed; the hotel launders kitchen and spa "
    "uniforms.\n- Wear your name badge at all times when on duty.\n",
)
LEAVING = (
    "Leaving the Hotel",
    "# Leaving the Hotel\n\nGive your notice in writing to your head of department.\n\nYour "
    "final pay includes any holiday you have not taken.\n",
)
ASKED = "What happens if I don't hand my uniform back when I leave?"


class _Seen(ExtractiveAnswerer):
    """The shipped answerer, keeping the evidences it decides on."""

    seen: list[Evidence]
    draft: Draft

    def clearing(self, found: list[Evidence], whole: Evidence) -> list[Evidence]:
        self.seen = list(found)
        return super().clearing(found, whole)


async def _ask(emb: OnnxEmbedder, question: str, docs: dict[str, tuple[str, str]]) -> _Seen:
    answerer = _Seen(embedder=emb, max_sentences=3)
    answerer.draft = await answerer.answer(Question(text=question), TermSource(docs))
    return answerer


def _line(doc: Document, sentence: str) -> Candidate:
    start = doc.text.index(sentence)
    return Candidate(doc, Span(start, start + len(sentence), sentence), [], 0)


def test_the_neighbours_of_a_line_are_the_sentences_of_its_paragraph() -> None:
    doc = Document(source="t", doc_id="u", title=UNIFORM[0], text=UNIFORM[1])
    premise, consequence = _line(doc, PREMISE), _line(doc, CONSEQUENCE)
    other = _line(doc, "We pay back up to £45 a year towards safety shoes;")
    assert paragraph_neighbours(premise, [premise, consequence, other]) == [consequence]
    assert paragraph_neighbours(consequence, [premise, consequence, other]) == [premise]
    # a paragraph apart: no neighbour
    assert paragraph_neighbours(other, [premise, other]) == []
    # the entries of a list are lines of their own
    listed = Document(source="t", doc_id="l", title=UNIFORM[0], text=UNIFORM_LISTED[1])
    a, b = _line(listed, PREMISE), _line(listed, CONSEQUENCE)
    assert paragraph_neighbours(a, [a, b]) == []
    # a table row has none, nor is it one
    row = Candidate(doc, Span(0, 9, "# Uniform"), [], 0, header=Span(0, 9, "# Uniform"))
    assert paragraph_neighbours(row, [row, premise]) == []
    assert paragraph_neighbours(premise, [row, premise, consequence]) == [consequence]


async def test_a_premise_and_its_consequence_in_one_paragraph_answer_as_one(
    emb: OnnxEmbedder,
) -> None:
    """Refused on main e11327e: the premise line ranks first and scores under the floor, the
    consequence alone is second. Read as one, the two clear the floor by UNIT_MARGIN."""
    a = await _ask(emb, ASKED, {"u": UNIFORM, "a": APPEARANCE, "l": LEAVING})
    assert a.draft.refusal is None, a.draft.reason
    quotes = [q.quote for c in a.draft.claims for q in c.quotes]
    assert quotes[0] == f"{PREMISE} {CONSEQUENCE}"
    e = a.seen[0]
    assert e.score < a.floor  # the line alone does not clear
    assert e.ranked[0].span.text == PREMISE


async def test_the_same_sentences_as_two_list_entries_are_not_read_as_one(
    emb: OnnxEmbedder,
) -> None:
    a = await _ask(emb, ASKED, {"u": UNIFORM_LISTED, "a": APPEARANCE, "l": LEAVING})
    assert a.draft.refusal is not None


def test_a_line_with_no_neighbour_is_not_read_again() -> None:
    doc = Document(source="t", doc_id="l", title=LEAVING[0], text=LEAVING[1])
    line = _line(doc, "Give your notice in writing to your head of department.")
    e = Evidence(analyse(ASKED), [line], [], 0.2)
    assert ExtractiveAnswerer().read_with_neighbour(e) is None
