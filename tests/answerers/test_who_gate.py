"""A who-question asks for a person (features.answers_type, rows.row_fit): a line naming only
places is no answer, and the role column of the row the question names is the column asked
for when the question asks who holds that row's role; on small documents written here."""

from __future__ import annotations

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse, answers_type, keys, type_match
from wikiqa.answerers.rows import NO, STRONG, question_numbers, row_fit
from wikiqa.text.tables import table_rows
from wikiqa.types import Document, Hit

OVERVIEW = (
    "Company Overview",
    "# Company Overview\n\n"
    "Corvida has about 480 employees in five offices. "
    "The other offices are in Berlin, Toronto, Austin and Singapore.\n",
)
DIRECTORY = (
    "Office Directory",
    "# Office Directory\n\n"
    "| Office | Address | Opening hours | Site lead |\n"
    "|---|---|---|---|\n"
    "| Lisbon | Rua do Sol 8, Lisbon | 08:00–20:00 | Ines Duarte |\n"
    "| Toronto | 410 Adelaide Street West, Toronto ON | 08:00–18:30 | Grace Liu |\n",
)


def _row_fit(question: str, doc: tuple[str, str], row: int) -> int:
    r = table_rows(doc[1])[row]
    return row_fit(
        analyse(question).wh, frozenset(keys(question)), doc[1], doc[0], r.header.text,
        r.row.text, r.header.start, question_numbers(question),
    )  # fmt: skip


def test_places_a_line_locates_things_in_are_no_person() -> None:
    q = set(keys("Who is in charge of the Toronto office?"))
    assert not answers_type(
        "who", "The other offices are in Berlin, Toronto, Austin and Singapore.", q
    )
    assert not answers_type("who", "The depots are at Lisbon or Porto.", q)
    # a person stays one, wherever the line also places things
    assert answers_type("who", "Report it to Grace Liu in Toronto.", set(keys("Who do I tell?")))
    assert answers_type("who", "Felix Hartmann leads the office in Berlin.", q)
    # a role is an answer too
    assert answers_type("who", "The site lead in Toronto decides.", q)


def test_the_role_column_answers_who_holds_the_role_of_the_named_row() -> None:
    assert _row_fit("Who is in charge of the Toronto office?", DIRECTORY, 1) == STRONG
    assert _row_fit("Who runs the Toronto office?", DIRECTORY, 1) == STRONG
    # another row of the table is not the one asked about
    assert _row_fit("Who is in charge of the Toronto office?", DIRECTORY, 0) == NO
    # a question about something else of Toronto's (its works council) is not its role holder
    assert _row_fit("Who sits on the Toronto works council?", DIRECTORY, 1) == NO


def test_the_row_naming_the_role_holder_ranks_above_a_line_listing_places() -> None:
    docs = {"o": OVERVIEW, "d": DIRECTORY}
    hits = [Hit(source="m", doc_id=d, title=docs[d][0], score=1.0) for d in ("o", "d")]
    fetched = {d: Document(source="m", doc_id=d, title=docs[d][0], text=docs[d][1]) for d in docs}
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR)
    ev = answerer.assess(analyse("Who is in charge of the Toronto office?"), hits, fetched)
    assert ev is not None
    assert "Grace Liu" in ev.ranked[0].span.text


def test_the_type_feature_does_not_take_a_place_for_the_person_asked_for() -> None:
    q = set(keys("Who is in charge of the Toronto office?"))
    listing = "The other offices are in Berlin, Toronto, Austin and Singapore."
    assert type_match("who", listing, q) == 0.0
    assert type_match("who", "Grace Liu leads the office in Toronto.", q) == 1.0
