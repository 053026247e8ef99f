"""A later part of a compound question that refers back to the first part's subject ("...,
and what is the hotel cap per night there?", "..., and what daily allowance do they get?")
is chained through what the first part's answer carries, as the value bridge chains a
single question (answerers/part_hops.py `keyed_back`); on small documents written here.
Also the bridge tests these chains exposed: a clock time is one thing ("07:30" is not said
by "30 places", hops.py), and a value's bracketed aside is not part of its key ("Lisbon
(HQ)" keys the Lisbon row, key_bridge.py)."""

from __future__ import annotations

from chain_helpers import ask_staff, cited, table_row
from memsource import TermSource

from wikiqa.answerers.described import description
from wikiqa.answerers.features import analyse
from wikiqa.answerers.hops import holds_question, unsaid_clocks
from wikiqa.answerers.key_bridge import keyed_by
from wikiqa.answerers.part_hops import first_values
from wikiqa.types import Answer, Refusal

DIRECTORY = (
    "Office Directory",
    "# Office Directory\n\n| Office | Country | Opening hours | Site lead |\n|---|---|---|---|\n"
    "| Lisbon (HQ) | Portugal | 08:00–20:00 | Inês Duarte |\n"
    "| Oslo | Norway | 08:00–17:00 | Lars Berg |\n"
    "| Austin | United States | 07:30–18:00 | Marcus Reed |\n",
)
REGIONS = (
    "Countries and Travel Regions",
    "# Countries and Travel Regions\n\nTravel limits are set per region. Each country "
    "belongs to one region.\n\n| Country | Region |\n|---|---|\n| Portugal | Southern Europe |\n"
    "| Norway | Nordics |\n| United States | North America |\n",
)
HOTELS = (
    "Hotel Limits",
    "# Hotel Limits\n\nBook hotels through the travel portal.\n\n| Region | Hotel cap per night |\n"
    "|---|---|\n| Southern Europe | €140 |\n| North America | $260 |\n| Nordics | €210 |\n",
)
PARKING = (
    "Parking and Bicycles",
    "# Parking and Bicycles\n\n| Office | Car parking | Bicycles |\n|---|---|---|\n"
    "| Lisbon | 20 spaces, allocated by monthly lottery | bike room, 30 places |\n"
    "| Oslo | no staff parking | bike cellar, 60 places, showers |\n"
    "| Austin | free garage parking | bike racks |\n",
)
LEAVE = (
    "Annual Leave Policy",
    "# Annual Leave Policy\n\nEntitlement depends on the office in your contract.\n\n"
    "| Office | Annual leave days | Maximum carry-over days |\n|---|---|---|\n"
    "| Lisbon | 25 | 5 |\n| Austin | 20 | 0 |\n| Oslo | 28 | 10 |\n",
)
SICK = (
    "Sick Leave",
    "# Sick Leave\n\nTell your manager by 10:00 on the first day of absence. A doctor's note "
    "is needed from the fourth day.\n",
)
DOCS = {
    "offices": DIRECTORY,
    "regions": REGIONS,
    "hotels": HOTELS,
    "parking": PARKING,
    "leave": LEAVE,
    "sick": SICK,
}


async def ask(question: str) -> Answer | Refusal:
    """As shipped: the default answerer (with the bundled embedder when it is there)."""
    return await ask_staff(question, TermSource(DOCS))


async def test_a_later_part_asking_there_is_chained_through_the_first_answers_country() -> None:
    """The hotel table has no Oslo row: answered alone, the part takes some region's row
    (a guess no citation maps to Oslo). Chained through the first answer's country, the
    regions table says Norway is in the Nordics, and each step is cited."""
    result = await ask(
        "Which country is the Oslo office in, and what is the hotel cap per night there?"
    )
    assert cited(result) == {"offices", "regions", "hotels"}
    assert isinstance(result, Answer)
    assert "| Norway | Nordics |" in result.text and "€210" in result.text


async def test_a_later_part_is_chained_through_the_row_the_first_part_picks() -> None:
    """ "Which office opens at 07:30" is answered by the Austin row (it says the time); "is
    there parking there?" is a part of its own and is asked of Austin, not answered with
    the first parking row, nor through "30 places" (which does not say 07:30)."""
    result = await ask("Which office opens at 07:30, and is there parking there?")
    assert cited(result) == {"offices", "parking"}
    assert isinstance(result, Answer)
    assert "free garage parking" in result.text and "monthly lottery" not in result.text


async def test_a_later_part_is_chained_through_the_name_a_description_resolves_to() -> None:
    """ "the office that allocates parking by monthly lottery" resolves to Lisbon; the leave
    part is asked of Lisbon, not answered with whichever leave row ranks first."""
    result = await ask(
        "Who leads the office that allocates parking by monthly lottery, and how many days "
        "of leave can staff carry over there?"
    )
    assert isinstance(result, Answer), result
    assert "| Lisbon | 25 | 5 |" in result.text and "| Oslo | 28 | 10 |" not in result.text
    result = await ask(
        "Which office has no staff parking, and how many days of annual leave do staff get there?"
    )
    assert isinstance(result, Answer), result
    assert "| Oslo | 28 | 10 |" in result.text and "| Lisbon | 25 | 5 |" not in result.text


async def test_a_value_with_an_aside_keys_the_row_without_it() -> None:
    """Inês Duarte's row carries "Lisbon (HQ)"; the leave table's row is "Lisbon"."""
    result = await ask(
        "How many days of annual leave do people get at the office Inês Duarte runs?"
    )
    assert cited(result) == {"offices", "leave"}
    assert isinstance(result, Answer)
    assert "| Lisbon | 25 | 5 |" in result.text
    leave = table_row("leave", LEAVE[1], "| Lisbon | 25 | 5 |")
    assert keyed_by("Lisbon (HQ)", leave)
    director = table_row("approvers", "| Approver | Limit |\n|---|---|\n| Director | €50,000 |\n",
                    "| Director | €50,000 |")  # fmt: skip
    assert not keyed_by("Director of Sales", director)  # a cell saying less is another key


def test_a_clock_time_is_one_thing() -> None:
    q = analyse("Which office opens at 07:30, and is there parking there?")
    lottery = table_row("parking", PARKING[1], PARKING[1].splitlines()[4])
    assert unsaid_clocks(q.text, lottery.span.text) == frozenset({"07", "30"})
    assert not holds_question(q, lottery)
    austin = table_row("offices", DIRECTORY[1], DIRECTORY[1].splitlines()[6])
    assert unsaid_clocks(q.text, austin.span.text) == frozenset()


def test_what_the_first_answer_carries_for_a_later_part() -> None:
    austin = table_row("offices", DIRECTORY[1], DIRECTORY[1].splitlines()[6])
    assert first_values(analyse("Which office opens at 07:30"), austin) == [("", "Austin")]
    assert first_values(analyse("Which office opens at 09:00"), austin) == []
    oslo = table_row("offices", DIRECTORY[1], DIRECTORY[1].splitlines()[5])
    assert ("Country", "Norway") in first_values(
        analyse("Which country is the Oslo office in"), oslo
    )


BENEFITS = (
    "Staff Benefits",
    "# Staff Benefits\n\n- **Shop**: 10% off in the campus shops on showing a staff card.\n"
    "- **Nursery**: the Little Oaks Nursery at Fenwick Park takes children from 6 months to 5 "
    "years. Staff pay 15% less than the public rate, and fees can be paid through salary "
    "sacrifice.\n- **Sports centre**: staff membership costs £20 a month at City Campus.\n",
)
CAMPUS_PARKING = (
    "Staff Parking",
    "# Staff Parking\n\nA permit is needed to park at City Campus on weekdays.\n\n"
    "| Campus | Parking for staff |\n|---|---|\n| City Campus | permit, £216 a year |\n"
    "| Fenwick Park | free; no permit needed |\n| Saltmarsh Station | free, 12 spaces |\n",
)


async def test_a_description_said_across_two_sentences_of_one_item_resolves() -> None:
    """The nursery's campus is in the item's first sentence, the 15% in its second: read
    together they resolve "the campus where the nursery gives staff 15% off" to Fenwick
    Park (a name the parking table keys as a campus, not the nursery's own name), and
    both sentences are cited before the parking row."""
    result = await ask_staff(
        "Is parking free at the campus where the nursery gives staff 15% off?",
        TermSource({"benefits": BENEFITS, "parking": CAMPUS_PARKING, "sick": SICK}),
    )
    assert isinstance(result, Answer), result
    assert "| Fenwick Park | free; no permit needed |" in result.text
    quotes = [c.quote for c in result.citations]
    assert any("Fenwick Park takes children" in q for q in quotes)
    assert any(q.startswith("Staff pay 15% less") for q in quotes)


SCALES = (
    "Pay Scales",
    "# Pay Scales\n\nSalaries from 1 August.\n\n| Grade | Lowest point | Typical roles |\n"
    "|---|---|---|\n| Grade 1 | £23,480 | cleaner, catering assistant |\n"
    "| Grade 2 | £24,010 | porter, library assistant |\n"
    "| Grade 6 | £34,990 | research assistant, HR advisor |\n",
)
GRADE_NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\nOnce probation has been passed, the notice you must give to resign "
    "is:\n\n| Grade or group | Notice |\n|---|---|\n| Grades 1 to 5 | 1 month |\n"
    "| Grades 6 to 8 | 2 months |\n| Academic staff | 3 months |\n",
)


async def test_a_role_one_of_several_a_cell_lists_keys_the_grade() -> None:
    """ "a porter" is one of the typical roles of Grade 2 (a cell listing several): the row
    is a bridge, and Grade 2 falls in "Grades 1 to 5" of the notice table."""
    result = await ask_staff(
        "How much notice does a porter have to give?",
        TermSource({"scales": SCALES, "notice": GRADE_NOTICE, "sick": SICK}),
    )
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"scales", "notice"}
    assert "| Grades 1 to 5 | 1 month |" in result.text and "2 months" not in result.text


LETTER_GRADES = (
    "Job Grades",
    "# Job Grades\n\nEvery job sits in one grade.\n\n| Job | Grade |\n|---|---|\n"
    "| Depot cleaner | Grade A |\n| Bus driver | Grade D |\n| Depot manager | Grade H |\n",
)
LETTER_NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\nAfter probation, the notice you must give to resign depends on your "
    "grade.\n\n| Grade | Notice |\n|---|---|\n| Grades A, B and C | 2 weeks |\n"
    "| Grades D and E | 4 weeks |\n| Grade H | 3 months |\n",
)


async def test_a_letter_grade_keys_only_the_row_that_holds_it() -> None:
    """Grade D is held by "Grades D and E", not by "Grades A, B and C" (whose "Grades A"
    says "grade" and a stopword): the chain answers 4 weeks."""
    result = await ask_staff(
        "How much notice does a bus driver have to give?",
        TermSource({"grades": LETTER_GRADES, "notice": LETTER_NOTICE, "sick": SICK}),
    )
    assert isinstance(result, Answer), result
    assert "| Grades D and E | 4 weeks |" in result.text and "2 weeks" not in result.text
    a_to_c = table_row("notice", LETTER_NOTICE[1], "| Grades A, B and C | 2 weeks |")
    assert not keyed_by("Grade D", a_to_c) and keyed_by("Grade B", a_to_c)


FLEET = (
    "Fleet List",
    "# Fleet List\n\n| Vehicle type | Number | Depot | Fuel |\n|---|---|---|---|\n"
    "| Volvo double-deck bus | 60 | Kingsmead | diesel |\n"
    "| Solo midibus | 14 | Fellside | diesel |\n| Hydrogen double-deck | 20 | Quayside | hydrogen |\n",
)
DEPOT_PARKING = (
    "Staff Parking",
    "# Staff Parking\n\n| Depot | Staff spaces | Notes |\n|---|---|---|\n"
    "| Kingsmead | 120 | free |\n| Fellside | 12 | free; overflow on Mill Lane |\n"
    "| Quayside | none | Harbour car park |\n",
)


async def test_a_clause_without_a_relative_word_describes_the_row() -> None:
    """ "the depot the midibus is based at" is a description (a contact clause: no "that"),
    resolved by the fleet list to Fellside, whose parking row answers; the parking table's
    first row is not taken for it."""
    result = await ask_staff(
        "How many staff parking spaces are there at the depot the midibus is based at?",
        TermSource({"fleet": FLEET, "parking": DEPOT_PARKING, "sick": SICK}),
    )
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"fleet", "parking"}
    assert "| Fellside | 12 |" in result.text and "120" not in result.text
    d = description("Is there staff parking at the office Marcus Reed runs?")
    assert d is not None and (d.head, d.clause) == ("office", "Marcus Reed runs")
    assert description("What is the notice the company gives me?") is None
    assert description("How much leave do I get in the year I join?") is None
