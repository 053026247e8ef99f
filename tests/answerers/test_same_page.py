"""The bridge inside one article: the sentence that says who the question describes sits in
that person's own article, whose infobox line answers; taken only when the question does
not name the article's subject and the line says what the bridge sentence left open."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.same_page import unnamed_subject
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Document, Hit, Refusal

SAXOPHONIST = (
    "Dale Whitcombe",
    "Dale Whitcombe (March 2, 1931 – May 8, 2001) was an American alto saxophonist.\n"
    "Whitcombe was musical director for Ora Lindqvist before embarking on a solo career "
    "with Delmark.\n\n"
    "Infobox\n"
    "Born: March 2, 1931, Dayton, Ohio, U.S.\n"
    "Instruments: Alto saxophone, piano\n",
)
SINGER = (
    "Ora Lindqvist",
    "Ora Lindqvist was a Swedish-American singer who recorded for Delmark and toured widely.",
)


async def ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    source = TermSource(docs)
    return await ask_async(question, source, settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


async def test_the_described_persons_own_infobox_line_answers() -> None:
    result = await ask(
        "Where was Ora Lindqvist's musical director born?",
        {"dale": SAXOPHONIST, "ora": SINGER},
    )
    assert isinstance(result, Answer), result
    assert "Dayton" in result.text  # the answer line, not only the linking sentence
    assert "musical director for Ora Lindqvist" in result.text  # cited as the bridge


def test_only_an_article_the_question_does_not_name_is_asked() -> None:
    doc = Document(source="m", doc_id="d", title="Dale Whitcombe (musician)", text="x")
    assert unnamed_subject(analyse("Where was Ora Lindqvist's musical director born?"), doc)
    assert not unnamed_subject(analyse("Where was Dale Whitcombe born?"), doc)


async def test_no_line_is_added_that_does_not_say_what_was_left_open() -> None:
    title, text = SAXOPHONIST
    unborn = (title, text.replace("Born: March 2, 1931, Dayton, Ohio, U.S.\n", ""))
    result = await ask(
        "Where was Ora Lindqvist's musical director born?", {"dale": unborn, "ora": SINGER}
    )
    assert "Instruments" not in getattr(result, "text", "")
    assert "Dayton" not in getattr(result, "text", "")


async def test_a_refusal_is_never_turned_into_an_answer() -> None:
    from wikiqa.answerers.extractive import Evidence
    from wikiqa.answerers.same_page import same_page_hop
    from wikiqa.types import Hit

    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    title, text = SAXOPHONIST
    doc = Document(source="m", doc_id="dale", title=title, text=text)
    q = analyse("Where was Ora Lindqvist's musical director born?")
    hits = [Hit(source="m", doc_id="dale", title=title, score=1.0)]
    first = answerer.assess(q, hits, {"dale": doc})
    assert first is not None and first.ranked[0].span.text.startswith("Whitcombe was musical")
    assert await same_page_hop(answerer, q, first, {"dale": doc}, []) is not None
    under = Evidence(first.question, first.ranked, first.features, answerer.floor - 0.01)
    assert await same_page_hop(answerer, q, under, {"dale": doc}, []) is None


class PassageSource(TermSource):
    """A chunked collection: each hit carries its passage (the document's first paragraph)."""

    async def search(self, query: str, k: int = 5, principal: object = None) -> list[Hit]:
        hits = await super().search(query, k)
        return [
            h.model_copy(update={"start": 0, "end": self.docs[h.doc_id][1].find("\n\n")})
            if "\n\n" in self.docs[h.doc_id][1]
            else h
            for h in hits
        ]


async def test_a_chunked_document_is_read_as_retrieved_not_whole() -> None:
    """From a collection whose hits carry passages, the article is asked through those
    passages: the infobox line outside them is not read (reading a long document whole
    embedded all of it for the injection check)."""
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    docs = {"dale": SAXOPHONIST, "ora": SINGER}
    question = "Where was Ora Lindqvist's musical director born?"
    whole = await ask_async(question, TermSource(docs), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]
    assert "Dayton" in getattr(whole, "text", "")
    chunked = await ask_async(question, PassageSource(docs), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]
    assert "Dayton" not in getattr(chunked, "text", "")


ALBUM = (
    "Quiet Country",
    "Quiet Country is a 1962 studio album by the American singer Ora Lindqvist.\n"
    "It featured country standards reworked in popular song forms.\n"
    'The album and its lead single, "I Can\'t Stop Dreaming", were both certified gold in '
    "1962, as each had sold 500,000 copies.\n"
    "Lindqvist produced the album with Sam Feller, who helped her select songs to record.\n",
)


async def test_a_title_with_a_negation_in_it_negates_nothing() -> None:
    # "Can't" is part of the single's name: read as a negation it marked the question
    # negated, and the sentence that answers (no negation) as contradicting it.
    result = await ask(
        "Who produced the album whose lead single was I Can't Stop Dreaming?",
        {"album": ALBUM, "ora": SINGER},
    )
    assert isinstance(result, Answer), result
    assert "Sam Feller" in result.text
