"""The extractive answerer on the failure classes of issue 10, each on a small document
written here: table rows (cited with their header), answer types, compound questions (each
part covered, said in the trace), and bridge questions (a second hop, both documents cited)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse, answers_type, asked_value, gated_type, keys
from wikiqa.answerers.hops import bridge_entities
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.tables import table_rows
from wikiqa.types import Answer, Question, Refusal

LEAVE = (
    "Annual Leave Policy",
    "# Annual Leave Policy\n\nThis policy applies to all employees.\n\n"
    "## Entitlement per office\n\n"
    "| Office | Annual leave days | Public holidays |\n"
    "|---|---|---|\n"
    "| Lisbon | 25 | 13 |\n"
    "| Berlin | 28 | 10 |\n\n"
    "Part-time employees receive leave in proportion to their hours.\n",
)


Source = TermSource


async def ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    return await ask_async(question, Source(docs), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


# ------------------------------------------------------------------ tables


def test_table_rows_carry_their_header_and_heading() -> None:
    rows = table_rows(LEAVE[1])
    assert [r.row.text for r in rows] == ["| Lisbon | 25 | 13 |", "| Berlin | 28 | 10 |"]
    assert all(r.header.text == "| Office | Annual leave days | Public holidays |" for r in rows)
    assert rows[0].heading is not None and rows[0].heading.text == "## Entitlement per office"
    assert "Annual leave days: 25" in rows[0].reading()
    for r in rows:  # exact offsets into the original
        assert LEAVE[1][r.row.start : r.row.end] == r.row.text


def test_html_style_rows_without_outer_pipes_are_a_table_too() -> None:
    text = "Board members\nName | Role\nAda Byron | Chair\nAlan Kay | Treasurer\n"
    rows = table_rows(text)
    assert [r.row.text for r in rows] == ["Ada Byron | Chair", "Alan Kay | Treasurer"]
    assert rows[0].header.text == "Name | Role"
    assert rows[0].heading is not None and rows[0].heading.text == "Board members"


def test_prose_with_one_pipe_line_is_not_a_table() -> None:
    assert table_rows("Use a | b in shell.\n\nNothing else here.") == ()


async def test_answer_from_a_table_row_cites_the_row_and_its_header() -> None:
    result = await ask("How many annual leave days do staff in Berlin get?", {"leave": LEAVE})
    assert isinstance(result, Answer), result
    quotes = [c.quote for c in result.citations]
    assert quotes == ["| Office | Annual leave days | Public holidays |", "| Berlin | 28 | 10 |"]
    assert all(q in LEAVE[1] for q in quotes)


async def test_a_row_is_no_answer_when_no_column_is_asked_for() -> None:
    result = await ask("What is the phone number of the Berlin office?", {"leave": LEAVE})
    assert isinstance(result, Refusal), result


# ------------------------------------------------------------------ answer types


def test_answer_types() -> None:
    q = set(keys("Who played Ray Charles in the film Ray?"))
    assert not answers_type("who", "Ray is a 2004 film about Ray Charles.", q)
    assert answers_type("who", "Jamie Foxx played Ray Charles in the film Ray.", q)
    assert answers_type("who", "Your director must approve the trip.", set(keys("Who approves?")))
    q = set(keys("When was the bridge opened?"))
    assert not answers_type("when", "The bridge is made of steel.", q)
    assert answers_type("when", "The bridge was opened in May 1932.", q)
    q = set(keys("How many lanes does the bridge have?"))
    assert not answers_type("number", "The bridge has wide lanes for cars.", q)
    assert answers_type("number", "The bridge has six lanes.", q)
    # A date or a year is a number but never a quantity: it does not say how many.
    q = set(keys("How many children did Ada Brook have?"))
    born = "Ada Brook (December 21, 1934 – January 29, 2009) was an American saxophonist."
    assert not answers_type("count", born, q)
    assert not answers_type("count", "Brook moved to Ohio in 1962 and 21 May 1970.", q)
    assert not answers_type("count", "Died: January 29, 2009 (aged 74), Memphis", q)
    assert answers_type("count", "Brook had three children, born in 1960 and 1963.", q)
    q = set(keys("How many employees did the firm have?"))
    assert answers_type("count", "The firm had 1500 employees in 2004.", q)
    assert answers_type("count", "By the 1990s the firm had 1,200 staff.", q)
    sick = set(keys("After how many days off sick do I need a note from my GP?"))
    assert answers_type("count", "From the 8th calendar day a fit note is required.", sick)
    assert not answers_type("count", "The note is dated the 8th.", sick)
    # A clock time or a list item's own number counts nothing either.
    stage = set(keys("How many sick days before someone is called to an absence meeting?"))
    step = "1. Phone your line manager before 10:00 on your first day of absence."
    assert not answers_type("count", step, stage)
    assert not answers_type("count", "Ring in before 9.30am on the first morning.", stage)
    assert answers_type("count", "1. After 4 absences in 12 months, a meeting is held.", stage)
    assert answers_type("count", "- 2 days paid, then unpaid; call before 10:00.", stage)
    # ... while "how old" asks for an age, and "how many" is gated as a quantity of things
    # ("tally": a quantity that a share of them is not), "how much" as any quantity.
    assert gated_type(analyse("How many children did Ada Brook have?")) == "tally"
    assert gated_type(analyse("How much did the firm spend?")) == "count"
    assert gated_type(analyse("How old was Ada Brook when she died?")) == "number"
    assert answers_type("number", "Died: January 29, 2009 (aged 74), Memphis", q)
    # Restating the question's own entities answers nothing, whatever the type.
    assert not answers_type("what", "The bridge.", set(keys("What is the bridge?")))


async def test_who_question_refused_when_no_sentence_names_a_person() -> None:
    docs = {"ray": ("Ray (film)", "Ray is a 2004 film about Ray Charles. The film Ray won awards.")}
    result = await ask("Who played Ray Charles in the film Ray?", docs)
    assert isinstance(result, Refusal), result


async def test_how_many_question_refused_when_the_only_numbers_are_dates() -> None:
    docs = {
        "ada": (
            "Ada Brook",
            "Ada Brook (December 21, 1934 – January 29, 2009) was an American saxophonist. "
            "Brook was musical director for the Ray Hall band from 1958 to 1963.\n\n"
            "Died: January 29, 2009 (aged 74), Memphis, Tennessee",
        )
    }
    result = await ask("How many children did Ada Brook have?", docs)
    assert isinstance(result, Refusal), result


async def test_who_question_answered_by_the_sentence_naming_the_actor() -> None:
    docs = {
        "ray": (
            "Ray (film)",
            "Ray is a 2004 film about Ray Charles. Jamie Foxx played Ray Charles in the film.",
        )
    }
    result = await ask("Who played Ray Charles in the film Ray?", docs)
    assert isinstance(result, Answer), result
    assert "Jamie Foxx" in result.text


# ------------------------------------------------------------------ compound questions


def test_a_preamble_scopes_every_part() -> None:
    q = analyse("For Austin staff: what is the retirement match, and who is the health insurer?")
    assert len(q.parts) == 2
    assert q.parts[1].startswith("For Austin staff:")
    assert len(analyse("What is A, and what is B, and what is C, and what is D?").parts) == 3


async def test_compound_question_covers_each_part_and_says_which() -> None:
    docs = {
        "notice": ("Notice Periods", "The notice period for employees is two months in writing."),
        "badge": ("Badges", "A replacement badge costs 20 euros at the front desk."),
    }
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    q = "How long is the notice period for employees, and what does a replacement badge cost?"
    draft = await answerer.answer(Question(text=q), Source(docs))  # type: ignore[arg-type]
    assert draft.refusal is None, draft.reason
    assert {quote.doc_id for c in draft.claims for quote in c.quotes} == {"notice", "badge"}
    assert "notice period" in draft.reason and "replacement badge" in draft.reason


# ------------------------------------------------------------------ bridge questions


def test_bridge_entities_are_names_the_question_does_not_give() -> None:
    q = set(keys("Where was the director of Solaris Dawn born?"))
    names = bridge_entities("Solaris Dawn is a 1999 film directed by Marta Kowalczyk.", q)
    assert names == ["Marta Kowalczyk"]


async def test_bridge_question_cites_both_documents() -> None:
    docs = {
        "film": ("Solaris Dawn", "Solaris Dawn is a 1999 film directed by Marta Kowalczyk."),
        "person": (
            "Marta Kowalczyk",
            "Marta Kowalczyk is a Polish filmmaker. Kowalczyk was born in Gdansk in 1961.",
        ),
    }
    result = await ask("Where was the director of Solaris Dawn born?", docs)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"film", "person"}
    assert "Gdansk" in result.text


def test_only_counting_questions_demand_a_number() -> None:
    from wikiqa.answerers.features import gated_type

    assert gated_type(analyse("How many days of leave do I get?")) == "tally"
    assert gated_type(analyse("How long is the notice period?")) == "number"
    assert gated_type(analyse("How big is the planet Mercury?")) == "what"


def test_a_question_asking_for_a_rate_or_fee_wants_a_value() -> None:
    asked = analyse("What's the hourly rate for casual drivers?")
    assert asked_value(asked) == "value"
    assert asked_value(analyse("What is the daily meal allowance for contractors?")) == "amount"
    assert asked_value(analyse("What's the uniform allowance policy?")) is None
    q = set(keys("What's the hourly rate for casual drivers?"))
    assert answers_type("amount", "Hotel stays are capped at 3 nights.", q)
    assert not answers_type("value", "Hotel stays are capped at 3 nights.", q)
    assert not answers_type("value", "Casual drivers are paid the Grade D hourly rate.", q)
    assert answers_type("value", "Casual drivers are paid £14.20 an hour.", q)
    assert answers_type("value", "Parking at the depot is free for all staff.", q)
    assert answers_type("amount", "Contractors have no daily meal limit.", q)
    assert not answers_type("value", "The rate was agreed on 1 April 2026.", q)
    assert not answers_type("value", "Drivers move to Grade E after 5 years' service.", q)
    assert answers_type("value", "Mileage is paid at 45p per mile.", q)
    assert answers_type("value", "Sunday work is paid at double time.", q)
    assert answers_type("value", "Nights are paid at time and a half.", q)
    assert answers_type("value", "Hotel stays are capped at 2 nights a week.", q)


PAY = {
    "casual": (
        "Casual Drivers' Guide",
        "# Casual Drivers' Guide\n\nCasual drivers are paid the Grade D hourly rate for each "
        "hour worked, with the same shift allowances as employees.\n\nShifts are offered a week "
        "ahead by the depot controller.\n",
    ),
}


async def test_a_line_naming_the_rate_without_its_value_does_not_answer() -> None:
    out = await ask("What's the hourly rate for casual drivers?", PAY)
    assert isinstance(out, Refusal), out
    assert "rate, fee or limit" in out.reason
    rates = {
        "rates": ("Pay Rates", "# Pay Rates\n\nThe hourly rate for Grade D drivers is £14.20.\n")
    }
    out = await ask("What's the hourly rate for Grade D drivers?", rates)
    assert isinstance(out, Answer), out
    assert "£14.20" in out.text


GRADES = {
    "grades": (
        "Job Grades",
        "# Job Grades\n\nBus drivers move from Grade D to Grade E as senior bus drivers after 5 "
        "years' service with no final written warning in force.\n\nCleaners are on Grade A.\n",
    ),
}


async def test_a_bridge_to_a_line_naming_the_rate_without_its_value_does_not_answer() -> None:
    out = await ask("What's the hourly rate for bus drivers?", PAY | GRADES)
    assert isinstance(out, Refusal), out
    assert "rate, fee or limit" in out.reason
