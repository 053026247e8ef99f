"""Chains of keys across up to three documents, on small documents written here: a role maps
to a grade in one table, the grade to a travel band in a second, the band to an amount in a
third (answerers/key_bridge.py); an office maps to its country, the country to a region, the
region to a hotel cap; a description resolved to a name continues through a table keyed by
that name (answerers/described.py). Every step is cited, and the refusals hold at every
step: a key no row holds, a guessed row, a document the reader may not see."""

from __future__ import annotations

from chain_helpers import ask_staff, cited, table_row
from memsource import TermSource

from wikiqa.answerers.described import description, guessed_row, resolved_names, sentence_names
from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.key_bridge import keyed_by, link_values, unmapped_place
from wikiqa.answerers.pointers import defers, is_pointer
from wikiqa.answerers.rows import open_codes_hold
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

LEVELS = (
    "Job Levels",
    "# Job Levels\n\nEvery role sits in one grade.\n\n| Role | Grade |\n|---|---|\n"
    "| Sales Executive | G3 |\n| Account Manager | G5 |\n| Head of Sales | G7 |\n"
    "| Chief Commercial Officer | G8 |\n",
)
BANDS = (
    "Travel Bands",
    "# Travel Bands\n\nTravel entitlements are set by travel band, and each grade belongs to "
    "one band.\n\n| Grade | Travel band |\n|---|---|\n| G1 to G3 | Band A |\n"
    "| G4 to G6 | Band B |\n| G7 and above | Band C |\n",
)
PER_DIEM = (
    "Daily Subsistence Allowance",
    "# Daily Subsistence Allowance\n\nA daily allowance covers meals and incidentals on a "
    "business trip.\n\n| Travel band | Daily allowance |\n|---|---|\n| Band A | €40 |\n"
    "| Band B | €55 |\n| Band C | €80 |\n",
)
NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\nThe notice you must give when you resign depends on your grade.\n\n"
    "| Grade | Notice period |\n|---|---|\n| G1 to G3 | 1 month |\n| G4 to G6 | 2 months |\n"
    "| G7 and above | 6 months |\n",
)
SIGNING = (
    "Contract Signing Authority",
    "# Contract Signing Authority\n\nCustomer contracts are signed by the Chief Commercial "
    "Officer. Supplier contracts under €50,000 may be signed by any budget holder.\n",
)
DIRECTORY = (
    "Office Directory",
    "# Office Directory\n\nEach office is run by a site lead.\n\n"
    "| Office | Country | Site lead |\n|---|---|---|\n| Lisbon | Portugal | Inês Duarte |\n"
    "| Oslo | Norway | Lars Berg |\n| Berlin | Germany | Felix Hartmann |\n",
)
REGIONS = (
    "Countries and Travel Regions",
    "# Countries and Travel Regions\n\nTravel limits are set per region. Each country "
    "belongs to one region.\n\n| Country | Region |\n|---|---|\n| Portugal | Southern Europe |\n"
    "| Spain | Southern Europe |\n| Norway | Nordics |\n| Germany | Central Europe |\n",
)
HOTELS = (
    "Hotel Limits",
    "# Hotel Limits\n\nBook hotels through the travel portal.\n\n| Region | Hotel cap per night |\n"
    "|---|---|\n| Southern Europe | €140 |\n| Central Europe | €170 |\n| Nordics | €210 |\n",
)
FILLER = {
    "leave": (
        "Annual Leave",
        "# Annual Leave\n\nFull-time staff get 25 days of annual leave each year. Up to 5 "
        "unused days may be carried over into the next year.\n",
    ),
    "sick": (
        "Sick Leave",
        "# Sick Leave\n\nTell your manager by 10:00 on the first day of absence. A doctor's note "
        "is needed from the fourth day.\n",
    ),
}
TRAVEL = {"levels": LEVELS, "bands": BANDS, "per_diem": PER_DIEM}
PLACES = {"offices": DIRECTORY, "regions": REGIONS, "hotels": HOTELS}


class GuardedSource(TermSource):
    """A TermSource that shows a reader only the documents their roles may read (a document
    listed in `restricted` needs that role), as the collection store does."""

    def __init__(self, docs: dict[str, tuple[str, str]], restricted: dict[str, str]) -> None:
        super().__init__(docs)
        self.restricted = restricted
        self.fetched: list[str] = []

    def _may(self, doc_id: str, principal: Principal | None) -> bool:
        role = self.restricted.get(doc_id)
        return role is None or (principal is not None and role in principal.roles)

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        hits = await super().search(query, k=len(self.docs), principal=principal)
        return [h for h in hits if self._may(h.doc_id, principal)][:k]

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        if not self._may(doc_id, principal):
            raise PermissionError(doc_id)
        self.fetched.append(doc_id)
        return await super().fetch(doc_id, principal, full=full)


async def ask(
    question: str, docs: dict[str, tuple[str, str]], source: TermSource | None = None
) -> Answer | Refusal:
    """As shipped: the default answerer (with the bundled embedder when it is there)."""
    source = source or TermSource({**FILLER, **docs})
    return await ask_staff(question, source)


# ------------------------------------------------------------------ three tables


async def test_a_role_maps_to_a_grade_the_grade_to_a_band_and_the_band_to_an_amount() -> None:
    result = await ask("What daily allowance does a Sales Executive get when travelling?", TRAVEL)
    assert cited(result) == {"levels", "bands", "per_diem"}
    assert isinstance(result, Answer)
    text = result.text
    assert "| Sales Executive | G3 |" in text and "| G1 to G3 | Band A |" in text
    assert "€40" in text and "€55" not in text and "€80" not in text


async def test_an_office_maps_to_its_country_and_the_country_to_the_region_s_cap() -> None:
    result = await ask("What's the hotel cap per night on a trip to our Oslo office?", PLACES)
    assert cited(result) == {"offices", "regions", "hotels"}
    assert isinstance(result, Answer)
    assert "| Norway | Nordics |" in result.text and "€210" in result.text
    assert "€170" not in result.text and "€140" not in result.text


def test_a_row_keyed_by_the_value_carries_its_other_keys_on() -> None:
    norway = table_row("regions", REGIONS[1], "| Norway | Nordics |")
    assert keyed_by("Norway", norway)
    assert link_values("Norway", norway, frozenset()) == [("Region", "Nordics")]
    # an open range of codes holds the codes past its end, of its own letter only
    top = table_row("notice", NOTICE[1], "| G7 and above | 6 months |")
    assert keyed_by("G8", top) and not keyed_by("G6", top) and not keyed_by("Band 8", top)


async def test_a_grade_in_a_range_below_the_top_ten_still_bridges_to_the_band_s_amount() -> None:
    """ "grade G5" names the row "| G4 to G6 | Band B |" only through its range, and the
    job-levels row "| Account Manager | G5 |" outranks it; both are tried as bridges."""
    result = await ask("How much is the daily allowance for grade G5?", TRAVEL)
    assert cited(result) == {"bands", "per_diem"}
    assert isinstance(result, Answer)
    assert "| G4 to G6 | Band B |" in result.text and "€55" in result.text


async def test_a_description_resolved_to_a_role_continues_through_the_role_s_grade() -> None:
    """ "the person who signs contracts" -> the Chief Commercial Officer (a sentence) -> G8
    (job levels) -> "G7 and above" (notice periods): three documents, each cited."""
    docs = {"signing": SIGNING, "levels": LEVELS, "notice": NOTICE}
    result = await ask("How many days' notice does the person who signs contracts need?", docs)
    assert cited(result) == {"signing", "levels", "notice"}
    assert isinstance(result, Answer)
    assert "Chief Commercial Officer" in result.text and "6 months" in result.text
    assert "budget holder" not in result.text


# ------------------------------------------------------------------ a line deferring to a table


async def test_a_line_deferring_to_the_table_is_not_the_answer_the_asker_s_row_is() -> None:
    """ "The notice you must give ... depends on your grade." names the question's topic in
    its words but gives no value: grade G9 is answered by the row whose open range holds it
    ("G7 and above"), cited with its header; the line answers only what notice depends on."""
    result = await ask("What notice must I give when I resign on grade G9?", {"notice": NOTICE})
    assert cited(result) == {"notice"}
    assert isinstance(result, Answer)
    assert "| G7 and above | 6 months |" in result.text and "depends on" not in result.text
    assert any("| Grade | Notice period |" in c.quote for c in result.citations)
    result = await ask("What does my notice period depend on?", {"notice": NOTICE})
    assert isinstance(result, Answer) and "depends on your grade" in result.text


def test_pointer_lines_say_where_the_value_is_and_state_none() -> None:
    assert is_pointer("The notice you must give when you resign depends on your grade.")
    assert is_pointer("Allowances vary by region, as set out below.")
    assert is_pointer("How much you can claim depends on how far you travel:")
    assert is_pointer("See the table for your band.")
    assert not is_pointer("Notice is 1 month, or 3 months after five years' service.")
    assert not is_pointer("Staff travelling on business get a daily allowance for meals.")
    assert not is_pointer("If someone who depends on you is ill, you can take time off.")
    # encyclopedia prose states a relation, not where a reader's value is set out
    assert not is_pointer("Japan was the country most dependent on Arab oil.")
    assert not is_pointer("However, the running time may, in general, depend on the instance.")
    assert not is_pointer("Their diet varies from insects to small birds.")
    assert not is_pointer("Professorial salaries are set by the Remuneration Committee.")  # who
    assert is_pointer("Mileage rates are set by your engine size.")
    assert defers("Allowances vary by region.", "What allowance do I get in Iberia?")
    assert not defers("Allowances vary by region.", "What does the allowance depend on?")


def test_an_open_range_of_codes_names_the_row_holding_the_asker_s_code() -> None:
    assert open_codes_hold("G7 and above", frozenset({"g9"}))
    assert open_codes_hold("G7+", frozenset({"g7"}))
    assert open_codes_hold("Up to G2", frozenset({"g1"}))
    assert not open_codes_hold("Up to G2", frozenset({"g3"}))
    assert not open_codes_hold("G7 and above", frozenset({"g6"}))
    assert not open_codes_hold("G7 and above", frozenset({"b8"}))  # another letter's codes
    assert not open_codes_hold("G7", frozenset({"g8"}))  # a code, no range


def test_who_clauses_end_before_the_question_s_own_verb() -> None:
    d = description("How many days' notice does the person who signs contracts need?")
    assert d is not None and (d.head, d.clause) == ("person", "signs contracts")


# ------------------------------------------------------------------ refusals at every step


async def test_a_grade_no_band_holds_is_refused_not_answered_from_another_band() -> None:
    bands = (
        "Travel Bands",
        BANDS[1].replace("| G7 and above | Band C |", "| G7 | Band C |"),
    )
    levels = ("Job Levels", LEVELS[1].replace("| G8 |", "| G9 |"))
    docs = {"levels": levels, "bands": bands, "per_diem": PER_DIEM}
    result = await ask(
        "What daily allowance does a Chief Commercial Officer get when travelling?", docs
    )
    assert not (isinstance(result, Answer) and "per_diem" in cited(result)), result


async def test_a_country_no_table_maps_is_refused_not_answered_from_a_region_s_row() -> None:
    result = await ask("What's the hotel limit for a trip to Italy?", PLACES)
    assert isinstance(result, Refusal), result
    assert "Italy" in result.reason
    # a country the table maps is answered through its region
    result = await ask("What's the hotel cap per night in Portugal?", PLACES)
    assert cited(result) == {"regions", "hotels"}
    assert unmapped_place("hotels in Italy?", ["| Nordics | €210 |"], [REGIONS[1]]) == "Italy"
    assert unmapped_place("hotels in Italy?", ["Hotels cost €210."], [REGIONS[1]]) is None


async def test_a_chain_never_reaches_a_document_the_reader_may_not_see() -> None:
    """The amounts table is for executives only: the chain stops at the band, and nothing
    of the restricted document is fetched or cited."""
    source = GuardedSource({**FILLER, **TRAVEL}, {"per_diem": "executive"})
    result = await ask(
        "What daily allowance does a Sales Executive get when travelling?", TRAVEL, source
    )
    assert "per_diem" not in source.fetched
    assert not (isinstance(result, Answer) and "per_diem" in cited(result))
    assert not (isinstance(result, Answer) and "€40" in result.text)


# ------------------------------------------------------------------ names are spans

BUILDINGS = (
    "London Campus Buildings",
    "# London Campus Buildings\n\nThe London campus has two buildings. The Mill Yard building "
    "has the only rooftop garden on the campus. The Mill Lane building houses the print room."
    "\n\n## Parking permits\n\n| Building | Monthly parking permit |\n|---|---|\n"
    "| Mill Lane | £20 |\n| Mill Yard | £30 |\n",
)


def test_a_name_of_several_words_is_resolved_whole() -> None:
    """ "The Mill Yard building ..." names Mill Yard, not Mill (which "Mill Lane" also says),
    and the name the sentence writes before the described noun comes before the document's
    title ("London Campus Buildings" holds "building" too)."""
    sentence = "The Mill Yard building has the only rooftop garden on the campus."
    assert sentence_names(sentence, frozenset()) == ["Mill Yard"]
    d = description("How much is a parking permit at the building with a rooftop garden?")
    assert d is not None
    doc = Document(source="mem", doc_id="b", title=BUILDINGS[0], text=BUILDINGS[1])
    start = BUILDINGS[1].index(sentence)
    c = Candidate(doc, Span(start, start + len(sentence), sentence), list(keys(sentence)), 0)
    q = frozenset(analyse(d.question()).terms)
    assert resolved_names(d, c, q)[0] == ("Mill Yard", False)


async def test_a_description_resolved_to_a_name_of_several_words_keys_its_own_row() -> None:
    result = await ask(
        "How much is a parking permit at the building with a rooftop garden?", {"b": BUILDINGS}
    )
    assert isinstance(result, Answer), result
    assert "£30" in result.text and "£20" not in result.text


# ------------------------------------------------------------------ everyday wording

APPROVALS = (
    "Expense Approvals",
    "# Expense Approvals\n\nEvery expense claim is approved by the budget holder of the "
    "claimant's team.\n\n| Team | Expense approver |\n|---|---|\n| Field Sales | Head of Sales |\n"
    "| Customer Success | Director of Customer Success |\n"
    "| Platform Engineering | VP Engineering |\n",
)
LEADERS = (
    "Leadership Team",
    "# Leadership Team\n\n| Role | Name | Email |\n|---|---|---|\n"
    "| Head of Sales | Carla Mendes | carla.mendes@example.com |\n"
    "| Director of Customer Success | Priya Nair | priya.nair@example.com |\n"
    "| VP Engineering | Tom Weller | tom.weller@example.com |\n",
)
STAFF_LEVELS = (
    "Job Levels",
    LEVELS[1] + "| VP Engineering | G8 |\n| Director of Customer Success | G6 |\n",
)
PEOPLE = {"approvals": APPROVALS, "leaders": LEADERS, "levels": STAFF_LEVELS, "notice": NOTICE}


def test_whoever_and_someone_who_describe_a_person() -> None:
    d = description("What's the notice period for whoever approves Platform Engineering expenses?")
    assert d is not None and (d.head, d.clause) == (
        "person",
        "approves Platform Engineering expenses",
    )
    d = description("What's the daily allowance for someone who signs customer contracts?")
    assert d is not None and d.question() == "Which is the person who signs customer contracts?"


async def test_a_row_answering_only_who_is_described_gives_way_to_its_chain() -> None:
    """The approvals row is the first hop's best answer, over the floor, but says nothing of
    notice: it is the bridge, and the chain through the approver's grade answers."""
    q = "What's the notice period for whoever approves Platform Engineering expenses?"
    result = await ask(q, PEOPLE)
    assert cited(result) == {"approvals", "levels", "notice"}
    assert isinstance(result, Answer)
    assert "| VP Engineering | G8 |" in result.text and "6 months" in result.text
    assert "1 month" not in result.text


async def test_a_link_of_another_document_is_tried_when_the_first_leads_nowhere() -> None:
    """ "Director of Customer Success" keys the leadership row (a name, an email: nothing
    keys the notice table) and the job-levels row (G6, which does)."""
    q = "How much notice does the approver of Customer Success expenses have to give?"
    result = await ask(q, PEOPLE)
    assert cited(result) == {"approvals", "levels", "notice"}
    assert isinstance(result, Answer)
    assert "2 months" in result.text
    # a cell saying less than the value is another key
    teams = "| Team | Office |\n|---|---|\n| Customer Success | Oslo |\n"
    assert not keyed_by(
        "Director of Customer Success", table_row("t", teams, "| Customer Success | Oslo |")
    )
    assert keyed_by("Customer Success", table_row("t", teams, "| Customer Success | Oslo |"))


async def test_an_office_no_table_holds_is_refused_not_answered_from_a_region_s_row() -> None:
    result = await ask("What's the hotel limit for a trip to our Madrid office?", PLACES)
    assert isinstance(result, Refusal), result
    assert "Madrid" in result.reason


def test_days_notice_must_asks_for_a_count_of_days_not_for_must() -> None:
    from wikiqa.answerers.attribute import asked_attribute

    q = "How many days' notice must the person who approves Field Sales expenses give?"
    assert asked_attribute(q) is None
    assert asked_attribute("How many children did Ray Charles have?") == "children"


async def test_a_row_named_by_a_number_in_its_range_is_no_guess_for_someone_who() -> None:
    """ "someone who has been here three years" describes the asker; the row "Under 5 years"
    holds the three years, so the question names it itself."""
    docs = {
        "entitlement": (
            "Annual Leave Entitlement",
            "# Annual Leave Entitlement\n\nYour entitlement grows with your length of service."
            "\n\n| Length of service | Days per year |\n|---|---|\n| Under 5 years | 27 |\n"
            "| 5 to 10 years | 29 |\n| Over 10 years | 33 |\n",
        )
    }
    q = "How many days off a year does someone who has been here three years get?"
    result = await ask(q, docs)
    assert isinstance(result, Answer), result
    assert "27" in result.text and "29" not in result.text
    text = docs["entitlement"][1]
    assert not guessed_row(q, [table_row("entitlement", text, "| Under 5 years | 27 |")])
    # a description nothing cited resolves still makes a row it does not name a guess
    parking = "| Building | Permit |\n|---|---|\n| Mill Yard | £30 |\n"
    q = "How much is a parking permit at the building with a rooftop garden?"
    assert guessed_row(q, [table_row("p", parking, "| Mill Yard | £30 |")])


POLAND = {
    "sick": (
        "Sick Pay: Poland",
        "# Sick Pay: Poland\n\nThis policy covers employees on Polish contracts at the Poznań "
        "depot. Sick pay is 80% of salary for the first 33 days.\n",
    ),
    "depots": (
        "Depot Directory",
        "# Depot Directory\n\n| Depot | Country | Manager |\n|---|---|---|\n"
        "| Poznań depot | Poland | Katarzyna Wójcik |\n| Dublin depot | Ireland | Aoife Brennan |\n",
    ),
    "payday": (
        "Payday Calendar 2026",
        "# Payday Calendar 2026\n\nSalaries are paid monthly, on the normal payday of your "
        "country.\n\n| Country | Normal payday | December 2026 payday |\n|---|---|---|\n"
        "| Ireland | the 28th of each month | 18 December |\n"
        "| Poland | the last working day of each month | 30 December |\n",
    ),
}


async def test_a_chain_ending_on_the_first_hop_s_own_answer_is_not_cited() -> None:
    """The payday row answers the Polish team's payday over the floor; a chain from the
    sick-pay sentence through the Poznań depot's row back to that row adds nothing."""
    result = await ask("When do the Polish team get paid each month?", POLAND)
    assert isinstance(result, Answer), result
    assert "last working day" in result.text
    assert "depots" not in cited(result), result.text


def test_a_link_carries_the_cells_that_do_not_key_it() -> None:
    """ "G7 and above" is the cell G8 keys, not a value the row carries on."""
    top = table_row("bands", BANDS[1], "| G7 and above | Band C |")
    assert link_values("G8", top, frozenset()) == [("Travel band", "Band C")]
