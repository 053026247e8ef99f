"""Questions that describe what they ask about ("the campus with the swimming pool"), on a
small college handbook written here: the description is asked on its own, what it resolves
to is read off the line that answers it (a name the sentence adds, the cell under the
column the question names, a name holding the described noun), and the question is asked
again of that name (answerers/described.py). Each answer cites both documents; a
description nothing resolves, or a name nothing answers about, is refused."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.described import description
from wikiqa.answerers.rows import FITS, NO, row_fit
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

COLLEGE = {
    "campuses": (
        "Campus Directory",
        "# Campus Directory\n\nMarrowfield College teaches on three campuses.\n\n"
        "| Campus | Country | Campus head | Reception phone | Opening hours |\n"
        "|---|---|---|---|---|\n"
        "| Northgate campus | England | Hugo Lambert | 0161 555 0101 | 07:30 to 21:00 |\n"
        "| Eastgate campus | England | Priya Chandran | 0161 555 0202 | 06:30 to 22:00 |\n"
        "| Porto study centre | Portugal | Ana Ribeiro | +351 22 555 0303 | 08:00 to 18:00 |\n",
    ),
    "sport": (
        "Sport and Fitness",
        "# Sport and Fitness\n\nStaff membership of the gym is free. The Eastgate campus has "
        "the college's only swimming pool, open to staff before 08:00. Lockers must be emptied "
        "every evening.\n",
    ),
    "study": (
        "Study Leave",
        "# Study Leave\n\nStaff may take paid study leave for an approved course. The "
        "allowance depends on the country of your contract.\n\n| Country | Study leave days |\n"
        "|---|---|\n| England | 5 |\n| Portugal | 8 |\n",
    ),
    "library": (
        "Library Services",
        "# Library Services\n\nEach campus library lends books for four weeks.\n\n"
        "| Campus | Library closes |\n|---|---|\n| Northgate campus | 20:00 |\n"
        "| Eastgate campus | 21:30 |\n| Porto study centre | 17:00 |\n",
    ),
    "leave": (
        "Annual Leave",
        "# Annual Leave\n\nFull-time staff get 28 days of annual leave each year. Requests go "
        "to your line manager at least two weeks ahead.\n",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    """As shipped: the default answerer (with the bundled embedder when it is there)."""
    source = TermSource(COLLEGE)
    return await ask_async(question, source, settings=Settings())  # type: ignore[arg-type]


def test_a_description_is_the_noun_and_its_relative_clause() -> None:
    d = description("What is the reception phone number of the campus with the swimming pool?")
    assert d is not None
    assert (d.head, d.attr, d.phrase) == ("campus", "", "the campus with the swimming pool")
    assert d.question() == "Which is the campus with the swimming pool?"
    # "the country of the depot ...": the attribute asked of the described thing
    d = description("How many study leave days apply in the country of the campus that opens "
                    "at 06:30?")  # fmt: skip
    assert d is not None and d.attr == "country" and d.head == "campus"
    assert d.question() == "Which is the country of the campus that opens at 06:30?"
    # "the phone number of": what is asked, not an attribute of the bridge
    d = description("What is the phone number of the campus with the pool?")
    assert d is not None and d.attr == ""
    assert description("How many days of annual leave do I get?") is None


async def test_a_name_the_resolving_sentence_adds_is_asked_about_in_another_document() -> None:
    result = await ask("What is the reception phone number of the campus with the swimming pool?")
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"sport", "campuses"}
    assert "0161 555 0202" in result.text and "0161 555 0101" not in result.text


async def test_the_column_the_question_names_gives_the_value_that_keys_the_answer() -> None:
    result = await ask(
        "How many study leave days do staff get in the country where Ana Ribeiro runs the campus?"
    )
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"campuses", "study"}
    assert "| Portugal | 8 |" in result.text


async def test_a_clock_time_in_the_description_picks_its_row() -> None:
    result = await ask("When does the library close at the campus that opens at 06:30?")
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"campuses", "library"}
    assert "21:30" in result.text and "20:00" not in result.text


async def test_a_description_nothing_resolves_is_refused() -> None:
    result = await ask("What is the reception phone number of the campus with the ice rink?")
    assert isinstance(result, Refusal), result


async def test_a_name_nothing_answers_about_is_refused() -> None:
    result = await ask("What is the fax number of the campus with the swimming pool?")
    assert isinstance(result, Refusal), result


def test_a_row_the_question_names_answers_with_a_cell_saying_what_is_asked() -> None:
    """The row keyed by the question answers when another of its cells says what the question
    asks ("minor injuries unit"), though no column header does."""
    text = (
        "# Sites\n\n| Site | Address | Emergency department |\n|---|---|---|\n"
        "| Brightmoor Hospital | Moor Lane | None; minor injuries unit 08:00 to 20:00 |\n"
        "| Halden Hospital | Riverside Road | Open 24 hours |\n"
    )
    header = "| Site | Address | Emergency department |"
    row = "| Brightmoor Hospital | Moor Lane | None; minor injuries unit 08:00 to 20:00 |"
    asked = frozenset({"minor", "injuri", "unit", "open", "brightm", "hospit"})
    assert row_fit("when", asked, text, "Sites", header, row, text.index(header)) == FITS
    # a row whose cells say nothing of it still does not answer
    other = frozenset({"parking", "brightm", "hospit"})
    assert row_fit("when", other, text, "Sites", header, row, text.index(header)) == NO


async def test_a_part_of_a_compound_question_resolves_its_own_description() -> None:
    result = await ask(
        "What is the reception phone number of the campus with the swimming pool, and how "
        "many days of annual leave do staff get?"
    )
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"sport", "campuses", "leave"}
    assert "0161 555 0202" in result.text and "28 days" in result.text


def test_a_function_word_is_no_described_noun() -> None:
    assert description("The memorial commemorates the fallen of which war?") is None


async def test_a_row_picked_for_a_description_nothing_resolves_is_refused() -> None:
    """The library table answers "when does it close" for a campus it names; for "the campus
    with the climbing wall", which no document mentions, any row would be a guess."""
    result = await ask("When does the library close at the campus with the climbing wall?")
    assert isinstance(result, Refusal), result
    assert "description" in result.reason


def test_where_a_description_ends() -> None:
    # a preposition before "which" opens a clause; before a single word it asks
    d = description("Who produced the album on which Ray Charles recorded Georgia on My Mind?")
    assert d is not None and d.phrase.endswith("recorded Georgia on My Mind")
    assert description("The campus is in the north of which city?") is None
    # a comma before a capitalised word belongs to a name in the clause
    d = description("What is the county seat of the county where East Lempster, New Hampshire "
                    "is located?")  # fmt: skip
    assert d is not None and d.clause == "East Lempster, New Hampshire is located"
    # the description as the subject of "was": the closing participle is the main verb's
    q = "In what year was the novel that the film was based on first published?"
    d = description(q)
    assert d is not None and d.phrase == "the novel that the film was based on first"
    assert q[: d.start] + "Crime and Punishment" + q[d.end :] == (
        "In what year was Crime and Punishment published?"
    )
