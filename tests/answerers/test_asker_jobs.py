"""Two-document questions where the asker names their job in their own words: by its
initials ("I'm a KP"), by its head noun beside a department several jobs share ("I run the
housekeeping team"), after an adverb ("I mostly wait tables"), or by what they do ("I do
massages and facials in the spa", matched by meaning: answerers/asker_job.py)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.asker_job import described_row, self_statement
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.head_keys import bare_keys, head_best, initials_best
from wikiqa.answerers.rows import question_numbers
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.tables import table_rows
from wikiqa.types import Answer, Refusal

GRADES_TEXT = (
    "# Job Grades\n\nEvery job at the hotels sits in one of seven grades. Your grade sets "
    "your notice period and pension.\n\n| Job | Department | Grade |\n|---|---|---|\n"
    "| Room attendant | Housekeeping | Grade 1 |\n| Laundry assistant | Housekeeping | Grade 1 |\n"
    "| Kitchen porter | Kitchen | Grade 1 |\n| Commis chef | Kitchen | Grade 2 |\n"
    "| Waiter or waitress | Restaurant and bar | Grade 2 |\n| Spa therapist | Spa | Grade 3 |\n"
    "| Maintenance technician | Maintenance | Grade 4 |\n"
    "| Head housekeeper | Housekeeping | Grade 5 |\n| General manager | Hotel management | Grade 7 |\n"
)
DOCS = {
    "grades": ("Job Grades", GRADES_TEXT),
    "notice": (
        "Notice Periods",
        "# Notice Periods\n\nAfter probation, the notice you must give to resign depends on "
        "your grade.\n\n| Grade | Notice |\n|---|---|\n| Grades 1 to 3 | 2 weeks |\n"
        "| Grades 4 to 5 | 4 weeks |\n| Grade 7 | 12 weeks |\n\nResign in writing to your head "
        "of department.\n",
    ),
    "probation": (
        "Probation",
        "# Probation\n\nHow long probation lasts depends on your grade.\n\n| Grade | Probation "
        "period |\n|---|---|\n| Grades 1 to 2 | 1 month |\n| Grades 3 to 4 | 3 months |\n"
        "| Grades 5 to 7 | 6 months |\n\nYour head of department reviews your progress.\n",
    ),
    "pension": (
        "Pension",
        "# Pension\n\nWe enrol you in the group pension plan once you earn above the "
        "threshold.\n\n| Grade | You pay | We pay |\n|---|---|---|\n| Grades 1 to 4 | 5% | 4% |\n"
        "| Grades 5 to 7 | 5% | 7% |\n\nQuestions go to the Payroll team.\n",
    ),
    "spa": (
        "Spa Treatment Protocols",
        "# Spa Treatment Protocols\n\nCheck every guest's health form before a massage or a "
        "facial. Towels are changed after each treatment.\n",
    ),
    "discounts": (
        "Staff Discounts",
        "# Staff Discounts\n\nStaff discounts start once you have passed probation. The spa "
        "gives staff a fifth off massages.\n",
    ),
    "appearance": (
        "Appearance Standards",
        "# Appearance Standards\n\nSpa staff with long hair tie it back. Nails are kept short "
        "for massages and facials.\n",
    ),
    "meals": (
        "Staff Meals",
        "# Staff Meals\n\nStaff eat free in the staff canteen during a shift. Tables are "
        "cleared by the kitchen team.\n",
    ),
}


async def ask(question: str, docs: dict[str, tuple[str, str]] = DOCS) -> Answer | Refusal:
    """As shipped: the default answerer (with the bundled embedder when it is there)."""
    return await ask_async(question, TermSource(docs), settings=Settings())  # type: ignore[arg-type]


def _header() -> int:
    return table_rows(GRADES_TEXT)[0].header.start


def test_a_job_written_by_its_initials_names_its_row() -> None:
    header = _header()
    assert initials_best(GRADES_TEXT, header, "I'm a KP, how much notice?") == (
        "| Kitchen porter | Kitchen | Grade 1 |"
    )
    assert initials_best(GRADES_TEXT, header, "I'm a GM. How much notice?") == (
        "| General manager | Hotel management | Grade 7 |"
    )
    # no capitals, or initials no key cell has: no row
    assert initials_best(GRADES_TEXT, header, "i'm a kp, how much notice?") is None
    assert initials_best(GRADES_TEXT, header, "I'm in the HR team. How much notice?") is None


def test_a_department_several_jobs_share_leaves_the_head_noun_to_name_the_row() -> None:
    """ "housekeeping" names the Department cell of three rows, so it names none of them;
    its head noun names "Head housekeeper" (housekeeping / housekeeper)."""
    q = "I run the housekeeping team. What does the company put into my pension?"
    qi = analyse(q)
    got = head_best(GRADES_TEXT, _header(), frozenset(qi.terms), question_numbers(q), bare_keys(q))
    assert got == "| Head housekeeper | Housekeeping | Grade 5 |"


def test_an_adverb_before_a_verb_leaves_it_bare() -> None:
    assert "wait" in bare_keys("I mostly wait tables. How many points do I get?")
    assert "chamber" not in bare_keys("Which site has the freezer chamber?")


def test_the_asker_s_opening_statement() -> None:
    assert self_statement("I'm a KP, how much notice do I give?") == "I'm a KP"
    assert self_statement("I do massages in the spa. How long?") == "I do massages in the spa"
    assert self_statement("I've started at Bankside - do I get more?") == "I've started at Bankside"
    assert self_statement("How much notice do I give?") is None
    assert self_statement("If it rains, how much notice?") is None


async def test_a_kp_is_answered_through_the_kitchen_porter_s_grade() -> None:
    result = await ask("I'm a KP, how much notice do I need to give if I leave?")
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"grades", "notice"}
    assert "| Kitchen porter | Kitchen | Grade 1 |" in result.text
    assert "2 weeks" in result.text


async def test_running_the_housekeeping_team_is_answered_through_the_head_housekeeper() -> None:
    """The pension's own line "Questions go to the Payroll team." says nothing of what is
    asked ("team" is the asker's statement's): the chain through the row replaces it."""
    result = await ask(
        "I run the housekeeping team at the Minster. What does the company put into my pension?"
    )
    assert isinstance(result, Answer), result
    assert "| Head housekeeper | Housekeeping | Grade 5 |" in result.text, result.text
    assert "| Grades 5 to 7 | 5% | 7% |" in result.text


def test_a_job_described_by_what_the_asker_does_is_its_nearest_key_cell(emb: OnnxEmbedder) -> None:
    from wikiqa.answerers.asker_job import table_candidates
    from wikiqa.types import Document

    answerer = ExtractiveAnswerer(embedder=emb)
    rows = table_candidates(Document(source="mem", doc_id="g", title="g", text=GRADES_TEXT), 0)
    row = described_row(answerer, "I do massages and facials in the spa", rows)
    assert row is not None and row.span.text == "| Spa therapist | Spa | Grade 3 |"
    # a statement near no job clearly (MARGIN) names none
    assert described_row(answerer, "I work at the hotel", rows) is None


async def test_massages_and_facials_are_answered_through_the_spa_therapist_s_grade() -> None:
    result = await ask("I do massages and facials in the spa. How long is my probation?")
    assert isinstance(result, Answer), result
    assert "| Spa therapist | Spa | Grade 3 |" in result.text, result.text
    assert "| Grades 3 to 4 | 3 months |" in result.text


async def test_a_described_job_keys_the_answer_when_both_tables_were_read_already() -> None:
    """The first search reads the job grades and the probation table, but no probation row
    ranks in its top ten, so no kind is searched: the statement keys the grade table read
    already by meaning (key_bridge._read_kinds)."""
    docs = {k: v for k, v in DOCS.items() if k not in ("discounts", "appearance")}
    docs["grades"] = ("Job Grades", GRADES_TEXT.replace("notice period and", "probation and"))
    docs["probation"] = (
        "Probation",
        DOCS["probation"][1].replace(
            "How long probation lasts depends on your grade.",
            "Every new starter serves a probation period.",
        ),
    )
    result = await ask("I do massages and facials in the spa. How long is my probation?", docs)
    assert isinstance(result, Answer), result
    assert "| Spa therapist | Spa | Grade 3 |" in result.text, result.text
    assert "| Grades 3 to 4 | 3 months |" in result.text


def test_a_leading_clause_says_what_the_asker_does() -> None:
    """ "If I ..., how ...": the clause before the comma is the asker's statement too."""
    assert self_statement("If I leave my job doing massages in the spa, how much notice?") == (
        "I leave my job doing massages in the spa"
    )
    assert self_statement("Now that I'm a KP, how much notice do I give?") == "I'm a KP"
    assert self_statement("If it snows, how much notice?") is None  # not the asker


async def test_a_job_described_in_a_leading_if_clause_keys_the_notice() -> None:
    """Main ee2156a refuses both (no opening statement, so no job row is read by meaning)."""
    result = await ask(
        "When I resign from doing massages and facials in the spa, how much notice must I give?"
    )
    assert isinstance(result, Answer), result
    assert "| Spa therapist | Spa | Grade 3 |" in result.text, result.text
    assert "| Grades 1 to 3 | 2 weeks |" in result.text
    result = await ask("If I do massages and facials in the spa, how long is my probation?")
    assert isinstance(result, Answer), result
    assert "| Grades 3 to 4 | 3 months |" in result.text, result.text
