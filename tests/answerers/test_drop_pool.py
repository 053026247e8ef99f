"""A rule that drops a retrieved document (a scope, reader, edition or own-document rule)
only takes its lines out of those that may answer: the remaining lines are scored over the
pool as retrieved, so dropping a neighbour never raises (or lowers) another line's score
(`ExtractiveAnswerer.assess`'s `pool`, `decide`'s `answering`). On small documents written
here."""

from __future__ import annotations

from memsource import TermSource
from test_excluded_places import HOME, KUALA, PARKING

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

AT_KUALA = Principal(user_id="u-2", roles=["staff"], departments=["kuala"])
AT_ASHBY = Principal(user_id="u-3", roles=["staff"], departments=["ashby"])

TRAINS = (
    "Rail Travel",
    "# Rail Travel\n\n"
    "Staff travelling by train on business book standard class tickets through the travel "
    "desk.\n\nFirst class travel needs a director's approval in advance.\n",
)
TAXIS = (
    "Taxis and Hire Cars",
    "# Taxis and Hire Cars\n\n"
    "A taxi may be claimed when no train or bus runs at the time of travel.\n\n"
    "Hire cars are booked through the travel desk for trips over 200 miles.\n",
)


def _docs(*pairs: tuple[str, tuple[str, str]]) -> dict[str, Document]:
    return {
        doc_id: Document(source="mem", doc_id=doc_id, title=title, text=text)
        for doc_id, (title, text) in pairs
    }


def _hits(docs: dict[str, Document], *ids: str) -> list[Hit]:
    return [
        Hit(source="mem", doc_id=i, title=docs[i].title, score=float(len(ids) - n))
        for n, i in enumerate(ids)
    ]


def test_a_dropped_neighbour_below_the_answer_changes_nothing_of_its_evidence() -> None:
    """The train line ranks first over both documents; the taxi document, dropped by some
    rule, still stands in the pool its line is scored over, so the evidence is the same as
    with nothing dropped (read alone, without it, the train line scores otherwise: the
    retrieval gap, the idf and its lead over other documents all change)."""
    docs = _docs(("trains", TRAINS), ("taxis", TAXIS))
    q = analyse("Which class of train ticket do staff book on business?")
    answerer = ExtractiveAnswerer()
    both = answerer.assess(q, _hits(docs, "trains", "taxis"), docs)
    assert both is not None and both.ranked[0].doc.doc_id == "trains"
    dropped = answerer.assess(
        q, _hits(docs, "trains"), docs, pool=_hits(docs, "trains", "taxis")
    )
    assert dropped is not None
    assert dropped.ranked[0].span == both.ranked[0].span
    assert dropped.score == both.score
    assert dropped.features == both.features
    assert {c.doc.doc_id for c in dropped.ranked} == {"trains"}  # the taxi lines may not answer
    alone = answerer.assess(q, _hits(docs, "trains"), docs)
    assert alone is not None and alone.score != both.score


def test_a_dropped_neighbour_above_the_line_left_keeps_that_line_s_score_low() -> None:
    """The taxi document, ranked first and then dropped, still leads the pool: the train
    line is scored as the line it is in that pool, not as the first of what is left."""
    docs = _docs(("trains", TRAINS), ("taxis", TAXIS))
    q = analyse("When can I claim a taxi instead of the train?")
    answerer = ExtractiveAnswerer()
    both = answerer.assess(q, _hits(docs, "taxis", "trains"), docs)
    assert both is not None and both.ranked[0].doc.doc_id == "taxis"
    alone = answerer.assess(q, _hits(docs, "trains"), docs)
    dropped = answerer.assess(
        q, _hits(docs, "trains"), docs, pool=_hits(docs, "taxis", "trains")
    )
    assert alone is not None and dropped is not None
    assert {c.doc.doc_id for c in dropped.ranked} == {"trains"}
    assert dropped.score < alone.score


async def _ask(question: str, who: Principal) -> Answer | Refusal:
    source = TermSource({"home": HOME, "kuala": KUALA, "parking": PARKING})
    return await ask_async(
        question,
        source,  # type: ignore[arg-type]
        settings=Settings(),
        answerer=ExtractiveAnswerer(max_sentences=3),
        principal=who,
    )


async def test_a_sibling_dropped_by_scope_lifts_no_line_of_the_askers_document() -> None:
    """Neither campus's policy says how many days carry over. With the home campuses'
    policy dropped for the Kuala asker (its own line sends Kuala staff elsewhere), the
    Kuala policy's booking line was first of what was left and cleared the floor: the
    asker was told how to book leave for a carry-over question (trap20's note). Scored
    over the pool as retrieved it is refused; so is the home asker's leave-year question,
    which the home booking line answered once the Kuala policy was dropped for them."""
    carry = await _ask("I'm at the Kuala Campus. How many days of leave can I carry over?", AT_KUALA)
    assert isinstance(carry, Refusal), carry
    year = await _ask("When does the leave year start?", AT_ASHBY)
    assert isinstance(year, Refusal), year
    # what each asker's own policy says is still answered from it
    parking = await _ask("How much does a parking permit cost?", AT_KUALA)
    assert isinstance(parking, Answer) and "£20" in parking.text, parking
    booking = await _ask("How much notice do I give to book leave?", AT_KUALA)
    assert isinstance(booking, Answer), booking
    assert {c.doc_id for c in booking.citations} == {"kuala"}, booking.citations
