"""A line stating the point from which a requirement holds, or the bound a question asks for,
answers a little under the floor (stated_bound.py). Small documents written here."""

from __future__ import annotations

from memsource import quotes_over

from wikiqa.answerers.stated_bound import asked_bound, names_a_word, states, unsaid_name
from wikiqa.store.embed import OnnxEmbedder

SICK = (
    "Sickness Absence",
    "# Sickness Absence\n\n## Telling us\n\nTell your line manager on your first morning off. "
    "Keep them updated every 3 working days.\n\n## Certificates\n\nFrom the fifth day of "
    "absence you need a medical certificate, uploaded to the staff portal.\n\n## Sick pay\n\n"
    "Company sick pay is paid for up to 10 weeks in any rolling year.\n",
)
EXPENSES = (
    "Expenses",
    "# Expenses\n\n## Claims\n\nClaims go through the Ledger app with a photo of each receipt, "
    "within 2 months of spending.\n\n## Limits\n\n- Client meals: up to €60 per person, with "
    "the names of the guests on the claim.\n- Taxis: only after 22:00 or when no train runs."
    "\n\nManagers have a monthly card limit of €8,000.\n",
)
OVERTIME = (
    "Overtime",
    "# Overtime\n\n## Paid overtime\n\nOvertime is paid at time and a half for hours agreed in "
    "advance.\n\n## Call-outs\n\nIf you are called back to work outside your hours, for "
    "example for a burst pipe or an alarm, you are paid a minimum of 4 hours at the overtime "
    "rate.\n",
)
PARKING = (
    "Parking",
    "# Parking\n\nStaff may park in the north car park. Permits are renewed every year in April.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nEveryone gets 25 days of annual leave a year plus bank holidays. Book "
    "leave in the staff portal at least 2 weeks ahead. If you are ill on holiday, the days "
    "count as sick leave when you send a note from your doctor.\n",
)
DOCS = {"s": SICK, "e": EXPENSES, "c": OVERTIME, "p": PARKING, "l": LEAVE}


def test_the_ask_for_a_point_or_a_bound_is_read_from_its_wording() -> None:
    assert asked_bound("When do I need a doctor's note?") == "point"
    assert asked_bound("After how many days off ill do I need a note from my GP?") == "point"
    assert asked_bound("After what time does a home visit need my manager's OK?") == "point"
    assert asked_bound("What's the most the Trust will pay towards moving house?") == "upper"
    assert asked_bound("What is the per-head limit when taking clients out?") == "upper"
    assert asked_bound("what's the least I get paid") == "lower"
    # no requirement asked, or no bound
    assert asked_bound("When is the office closed?") == ""
    assert asked_bound("How many days of sick pay do I get?") == ""


def test_a_line_states_a_threshold_with_a_requirement_or_bounds_a_value() -> None:
    assert states("point", "From the fourth day of absence you need a medical certificate.")
    assert states("point", "- From the 8th calendar day a fit note from a GP is required.")
    assert states("point", "Evening visits after 19:00 need your manager's agreement.")
    # no threshold, or no requirement
    assert not states("point", "You may self-certify for the first 7 calendar days.")
    assert not states("point", "From the fourth day of absence sick pay is reduced.")
    assert states("upper", "The maximum reimbursement is £8,000, including VAT.")
    assert states("upper", "- Client meals: up to €60 per person.")
    assert states("lower", "you are paid a minimum of 4 hours at the overtime rate.")
    # the asked concept named, no value bounded; the other direction
    assert not states("upper", "Managers have a monthly card limit of €8,000.")
    assert not states("lower", "- Client meals: up to €60 per person.")


def test_the_line_says_a_word_of_the_ask_and_its_document_every_name_asked() -> None:
    line = "- Client meals: up to €60 per person, with the names of the guests on the claim."
    assert names_a_word("What is the per-head limit for client meals?", line, "Limits", "")
    assert not names_a_word("What's the most I can spend?", line, "Limits", "Expenses")
    text = f"{SICK[0]}\n{SICK[1]}"
    assert unsaid_name("I'm based in Madrid. When do I need a note?", text) == "Madrid"
    # a day's name, or a word of asking, names no place
    assert unsaid_name("I've had a cold since Monday. When do I need a note?", text) == ""
    assert unsaid_name("When does a visit need my manager's OK?", text) == ""


async def test_a_line_stating_the_point_or_bound_asked_answers_under_the_floor(
    emb: OnnxEmbedder,
) -> None:
    # the asker's words ("doctor's note", "a rotten cold", "a leak") pull the line under the
    # floor: main refuses both at 0.21-0.22
    told = "I've had a rotten cold since Monday."
    quotes = await quotes_over(
        emb, DOCS, f"{told} When do I need a doctor's note for being off sick?"
    )
    assert quotes is not None
    assert any("From the fifth day of absence you need a medical certificate" in q for q in quotes)
    asked = "got called out at 3am because of a leak, what's the least I get paid"
    quotes = await quotes_over(emb, DOCS, asked)
    assert quotes is not None
    assert any("you are paid a minimum of 4 hours" in q for q in quotes)
    # beside them, over the same documents: a place the documents never name, and a limit
    # named but bounded in no direction, are refused (their first lines within the slack)
    assert (
        await quotes_over(
            emb, DOCS, "I'm based in Madrid. When do I need a doctor's note for being off sick?"
        )
        is None
    )
    assert (
        await quotes_over(
            emb, DOCS, "What's the most a manager can put on the company card each week?"
        )
        is None
    )
