"""A labelled line ("- Own car: 45 pence a mile ...") is a row of one cell: a question naming
its label whole, asking for the kind of thing its value says, names it (labelled.py). It
ranks as the row the question names and answers a little under the floor, where a
neighbour document repeating more of the question's words ranked its own lines first; a
superseded edition's line, a label only partly named, or a value of another kind does not.
Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.features import keys
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

VEHICLES = (
    "Driving Company Vehicles",
    "# Driving Company Vehicles\n\n"
    "Only staff approved by the Transport Office may drive a company car or van to a "
    "meeting or a site visit. Your driving licence is checked before approval and every 12 "
    "months after.\n\n"
    "| Vehicle class | Licence needed | Minimum age |\n|---|---|---|\n"
    "| Car or small van | category B, held for 2 years | 21 |\n"
    "| 9-seat minibus | category B, held for 2 years | 23 |\n\n"
    "Fines incurred while you drive a company car are paid by the driver.\n",
)
EXPENSES = (
    "Travel and Expenses",
    "# Travel and Expenses\n\n"
    "Claim within 3 months of spending the money, with a receipt for every item.\n\n"
    "## Travel\n\n"
    "- Rail: standard class.\n"
    "- Own car: 45 pence a mile for the first 10,000 business miles, then 25 pence a mile.\n"
    "- Taxis only when there is no reasonable public transport.\n\n"
    "## Meals\n\n"
    "- Breakfast: up to £6, if you leave home before 6:30.\n"
    "- Lunch: up to £8, if you are away from your usual workplace for more than 5 hours.\n",
)
OLD_EXPENSES = (
    "Travel and Expenses (2024, superseded)",
    "# Travel and Expenses (2024, superseded)\n\n"
    "Superseded on 1 January 2026 by Travel and Expenses.\n\n"
    "- Own car: 40 pence a mile for all business miles.\n"
    "- Lunch: up to £6, if you are away for more than 5 hours.\n",
)


def _named(question: str, line: str) -> bool:
    from wikiqa.answerers.labelled import named_entry  # new here: main has no such module

    return named_entry(question, frozenset(keys(question)), line)


def test_a_labelled_line_and_its_parts() -> None:
    from wikiqa.answerers.labelled import label_and_value

    assert label_and_value("- Own car: 45 pence a mile.") == ("Own car", "45 pence a mile.")
    assert label_and_value("**Lunch:** up to £8") == ("Lunch", "up to £8")
    assert label_and_value("Breaks are taken at 10:30 and 15:00.") is None  # no label
    # prose opening with a title and a colon is no entry (HotpotQA's "Teen Titans: ...")
    assert label_and_value("Teen Titans: Trouble in Tokyo is a 2006 animated film.") is None
    # a clause before the colon is no label ("If you are ill, tell us: ...")
    assert label_and_value("If you are off sick for more than a week you must send: a note") is None


def test_the_label_named_whole_with_a_value_of_the_asked_kind() -> None:
    line = "- Own car: 45 pence a mile for the first 10,000 business miles."
    assert _named("What's the mileage rate if I drive my own car to a meeting?", line)
    assert not _named("What's the mileage rate for a hire car?", line)  # "own" not said
    lunch = "- Lunch: up to £8, if you are away from your usual workplace for more than 5 hours."
    assert _named("whats the most I can claim for lunch when I'm out visiting other shops", lunch)
    assert not _named("I'm out visiting other shops. Do I get paid for lunch?", lunch)  # whether
    # a label named, but the value says no sum: "how much" asks for one
    assert not _named("How much is rail travel?", "- Rail: standard class.")
    # no kind asked and no figure in the value: nothing says it is the value asked for
    assert not _named("What about rail?", "- Rail: standard class.")


def test_a_label_every_record_repeats_names_no_entry() -> None:
    """ "- HR adviser: ..." under each region's heading is a field of three records, not the
    key of one entry: the question must say which region (a hop finds it), and the first
    region's line is not the named entry because it says "HR adviser"."""
    from wikiqa.answerers.labelled import named_entry, repeated_labels

    text = (
        "# HR Contacts\n\n## Coast region\n\n- HR adviser: Priya Kaur, 01632 960 221\n\n"
        "## Vale region\n\n- HR adviser: Ben Tolley, 01632 960 222\n\n"
        "## Other\n\n- Payroll helpdesk: 01632 960 300\n"
    )
    assert repeated_labels(text) == frozenset({"hr adviser"})
    question = "What's the number of the HR adviser at Eastgate?"
    line = "- HR adviser: Priya Kaur, 01632 960 221"
    assert named_entry(question, frozenset(keys(question)), line)  # the line alone
    assert not named_entry(question, frozenset(keys(question)), line, text)
    question = "What's the number of the payroll helpdesk?"
    helpdesk = "- Payroll helpdesk: 01632 960 300"
    assert named_entry(question, frozenset(keys(question)), helpdesk, text)


async def _ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    return await ask_async(question, TermSource(docs), settings=Settings())  # type: ignore[arg-type]


async def test_the_named_entry_answers_over_a_neighbour_repeating_the_words() -> None:
    """ "Driving Company Vehicles" says drive, car and meeting, and is searched first; the
    expenses policy's labelled line "Own car: 45 pence a mile" is what the question's
    situation ("my own car") names. On main ee2156a this is refused under the floor, the
    vehicles document's lines ranked first."""
    result = await _ask(
        "What's the mileage rate if I drive my own car to a meeting?",
        {"vehicles": VEHICLES, "expenses": EXPENSES},
    )
    assert isinstance(result, Answer), result
    assert "Own car: 45 pence a mile" in result.claims[0].text
    assert any(c.title == "Travel and Expenses" for c in result.citations)


QUESTION = "What's the mileage rate if I drive my own car to a meeting?"


async def test_a_superseded_editions_line_never_answers() -> None:
    """With only the withdrawn edition holding the line, its "Own car: 40 pence" entry is
    named as well, but a document not in force does not answer under the floor. Asked
    beside the current edition's collection, which the rule answers (so this fails on main)."""
    answered = await _ask(QUESTION, {"vehicles": VEHICLES, "expenses": EXPENSES})
    assert isinstance(answered, Answer), answered
    result = await _ask(
        "What's the mileage rate if I drive my own car to a meeting?",
        {"vehicles": VEHICLES, "old": OLD_EXPENSES},
    )
    if isinstance(result, Answer):
        assert all("40 pence" not in c.quote for c in result.citations)


async def test_a_label_not_named_leaves_the_question_refused() -> None:
    """ "What's the mileage rate for a hire car?" names "car" but not "own car": no entry is
    named, and the question is refused, where "my own car" is answered."""
    answered = await _ask(QUESTION, {"vehicles": VEHICLES, "expenses": EXPENSES})
    assert isinstance(answered, Answer), answered
    result = await _ask(
        "What's the mileage rate for a hire car?", {"vehicles": VEHICLES, "expenses": EXPENSES}
    )
    assert isinstance(result, Refusal), result
