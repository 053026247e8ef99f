"""Enterprise two-document questions on small documents written here: a value one table
maps the asker to (a grade, a region) keys the answer in another document's table
(answerers/key_bridge.py); a who-question answered with a role is completed with the
person a directory names for it (answerers/role_holder.py); a policy pointing to another
by name is followed (answerers/hops.py)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.compare import compared_phrases
from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.head_keys import bare_keys, head_best
from wikiqa.answerers.key_bridge import carried_values, in_place, keyed_by
from wikiqa.answerers.role_holder import records_holder, roles_named
from wikiqa.answerers.rows import FITS, NO, row_fit
from wikiqa.errors import SourceUnavailable
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

FILLER = {
    "leave": (
        "Annual Leave Policy",
        "# Annual Leave Policy\n\nFull-time staff get 25 days of annual leave each year. "
        "Up to 5 unused days may be carried over into the next year.\n",
    ),
    "sick": (
        "Sick Leave",
        "# Sick Leave\n\nTell your manager by 10:00 on the first day of absence. A doctor's "
        "note is needed from the fourth day.\n",
    ),
    "parking": (
        "Parking",
        "# Parking\n\nStaff may park in the basement car park. Bicycles go in the courtyard "
        "racks.\n",
    ),
}
LEVELS_TEXT = (
    "# Job Levels\n\nEvery role sits in one pay grade.\n\n| Role | Grade |\n|---|---|\n"
    "| Software Engineer | G3 |\n| Senior Software Engineer | G5 |\n"
    "| Engineering Manager | G6 |\n| Office Coordinator | G2 |\n"
)
TRAVEL_TEXT = (
    "# Travel Policy\n\nBook travel through the portal at least 14 days ahead.\n\n## Hotels\n\n"
    "Hotel limits per night depend on your grade.\n\n| Grade | Hotel cap per night |\n"
    "|---|---|\n| G1 to G4 | €150 |\n| G5 and G6 | €200 |\n| G7 and above | €300 |\n"
)
GRADES = {"levels": ("Job Levels", LEVELS_TEXT), "travel": ("Travel Policy", TRAVEL_TEXT)}
REGIONS = {
    "offices": (
        "Office Directory",
        "# Office Directory\n\n| Office | Region | Site lead |\n|---|---|---|\n"
        "| Lisbon | Southern Europe | Inês Duarte |\n| Oslo | Nordics | Lars Berg |\n",
    ),
    "allowances": (
        "Meal Allowances",
        "# Meal Allowances\n\nA daily meal allowance is paid for each day of a business trip.\n\n"
        "| Region | Daily meal allowance |\n|---|---|\n| Southern Europe | €45 |\n"
        "| Nordics | €70 |\n| North America | $75 |\n",
    ),
}
NURSING = {
    "roles": (
        "Roles and Pay Bands",
        "# Roles and Pay Bands\n\nEach job role is assigned to a pay band.\n\n"
        "| Job role | Pay band |\n|---|---|\n| Healthcare assistant | Band 3 |\n"
        "| Staff nurse | Band 5 |\n| Ward manager | Band 7 |\n| Matron | Band 8a |\n",
    ),
    "notice": (
        "Notice Periods",
        "# Notice Periods\n\nThe notice you must give when you resign depends on your band.\n\n"
        "| Band | Notice period |\n|---|---|\n| Bands 1 to 4 | 4 weeks |\n"
        "| Bands 5 to 7 | 8 weeks |\n| Band 8 and above | 12 weeks |\n",
    ),
}
PROSE_REGIONS = {
    "offices": (
        "Office Directory",
        "# Office Directory\n\nThe Lisbon office belongs to the Southern Europe region. The "
        "Oslo office belongs to the Nordics region.\n",
    ),
    "allowances": REGIONS["allowances"],
}
APPROVALS = {
    "approvals": (
        "Expense Approvals",
        "# Expense Approvals\n\nClaims up to €1,000 are approved by your line manager. Claims "
        "over €5,000 must be approved by the Finance Director.\n",
    ),
    "leaders": (
        "Leadership Team",
        "# Leadership Team\n\n| Role | Name |\n|---|---|\n| Chief Executive | Ana Ribeiro |\n"
        "| Finance Director | Maria Okafor |\n| People Director | Tom Weller |\n",
    ),
}
REFERS = {
    "expenses": (
        "Expenses Policy",
        "# Expenses Policy\n\nSubmit claims within 30 days with receipts. Hotel costs are "
        "reimbursed up to the limits set out in the Travel Policy.\n",
    ),
    "travel": (
        "Travel Policy",
        "# Travel Policy\n\nBook travel through the portal at least 14 days ahead. Hotel stays "
        "are capped at €180 per night in every city.\n",
    ),
}


async def ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    """As shipped: the default answerer (with the bundled embedder when it is there)."""
    source = TermSource({**FILLER, **docs})
    return await ask_async(question, source, settings=Settings())  # type: ignore[arg-type]


def _row(doc_id: str, text: str, row: str) -> Candidate:
    doc = Document(source="mem", doc_id=doc_id, title=doc_id, text=text)
    header_line = next(
        line for line in text.splitlines() if line.startswith("| ") and "---" not in line
    )
    start, hstart = text.index(row), text.index(header_line)
    return Candidate(
        doc,
        Span(start, start + len(row), row),
        list(keys(row)),
        0,
        header=Span(hstart, hstart + len(header_line), header_line),
    )


# ------------------------------------------------------------------ the value bridge


def test_a_row_the_question_names_carries_its_other_short_cells() -> None:
    q = analyse("What is the hotel cap per night for a Senior Software Engineer?")
    senior = _row("levels", LEVELS_TEXT, "| Senior Software Engineer | G5 |")
    assert carried_values(q, senior) == [("Grade", "G5")]
    # a row the question does not name carries nothing
    assert carried_values(q, _row("levels", LEVELS_TEXT, "| Office Coordinator | G2 |")) == []
    # the answer row is keyed by the value: named, or in its range
    assert keyed_by("G5", _row("travel", TRAVEL_TEXT, "| G5 and G6 | €200 |"))
    assert not keyed_by("G5", _row("travel", TRAVEL_TEXT, "| G7 and above | €300 |"))
    bands = "| Band | Notice |\n|---|---|\n| Bands 5 to 7 | 8 weeks |\n"
    assert keyed_by("Band 6", _row("notice", bands, "| Bands 5 to 7 | 8 weeks |"))


async def test_a_grade_from_one_table_keys_the_answer_in_another() -> None:
    result = await ask("What is the hotel cap per night for a Senior Software Engineer?", GRADES)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"levels", "travel"}
    assert "| Senior Software Engineer | G5 |" in result.text and "€200" in result.text
    assert "€150" not in result.text  # not the row of "Software Engineer" (G3)


async def test_a_region_from_the_office_directory_keys_the_allowance() -> None:
    result = await ask("How much is the daily meal allowance on a trip to Oslo?", REGIONS)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"offices", "allowances"}
    assert "€70" in result.text and "€45" not in result.text


async def test_a_role_named_in_lower_case_maps_to_a_band_in_another_table_s_range() -> None:
    """ "staff nurse" (no capital, but two words naming the row) -> Band 5 -> "Bands 5 to 7";
    the question is asked again with the band where the role was."""
    result = await ask("How much notice must a staff nurse give when resigning?", NURSING)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"roles", "notice"}
    assert "| Staff nurse | Band 5 |" in result.text and "8 weeks" in result.text
    q = analyse("How much notice must a staff nurse give when resigning?")
    row = _row("roles", NURSING["roles"][1], "| Staff nurse | Band 5 |")
    assert in_place(q, row, "Band 5").text == "How much notice must a Band 5 give when resigning?"


async def test_a_sentence_mapping_the_office_to_a_region_replaces_a_row_of_another_region() -> None:
    """The allowance table alone answers with some region's row, which does not say Lisbon;
    the directory's sentence naming Lisbon's region keys the right row."""
    result = await ask("How much is the daily meal allowance on a trip to Lisbon?", PROSE_REGIONS)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"offices", "allowances"}
    assert "Southern Europe" in result.text and "€45" in result.text and "$75" not in result.text


async def test_no_value_bridge_for_an_office_no_table_names() -> None:
    result = await ask("How much is the daily meal allowance on a trip to Madrid?", REGIONS)
    assert not (isinstance(result, Answer) and "offices" in {c.doc_id for c in result.citations})


# ------------------------------------------------------------------ who holds the role


def test_roles_of_several_words_and_the_lines_that_record_their_holder() -> None:
    q = set(keys("Who approves an expense claim over €5,000?"))
    sentence = "Claims over €5,000 must be approved by the Finance Director."
    assert roles_named(sentence, q) == ["Finance Director"]
    assert roles_named("Claims up to €1,000 are approved by your line manager.", q) == []
    table = APPROVALS["leaders"][1]
    assert records_holder(
        "Finance Director", _row("leaders", table, "| Finance Director | Maria Okafor |")
    )
    assert not records_holder(
        "Finance Director", _row("leaders", table, "| People Director | Tom Weller |")
    )


def test_a_who_question_naming_only_a_row_s_key_is_answered_by_its_person() -> None:
    """ "Who is the Finance Director?" asks for the person in the row the role keys."""
    table = APPROVALS["leaders"][1]
    header, row = "| Role | Name |", "| Finance Director | Maria Okafor |"
    qset = frozenset(keys("Who is the Finance Director?"))
    args = (qset, table, "Leadership Team", header, row, table.index(header))
    assert row_fit("who", *args) == FITS
    assert row_fit("when", *args) == NO


async def test_a_role_in_the_answer_is_completed_with_the_person_holding_it() -> None:
    result = await ask("Who must sign off a €7,000 expense claim?", APPROVALS)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"approvals", "leaders"}
    assert "Finance Director" in result.text and "Maria Okafor" in result.text
    assert "Tom Weller" not in result.text


# ------------------------------------------------------------------ a policy naming another


async def test_a_policy_that_defers_to_another_by_name_is_followed() -> None:
    result = await ask("How much can I claim back for a hotel night on expenses?", REFERS)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} >= {"expenses", "travel"}
    assert "€180" in result.text


async def test_the_answer_reached_through_a_bridge_is_not_cited_twice() -> None:
    """The travel policy's sentence bridges back to the expenses policy, whose sentence the
    first hop already put first: it is cited once."""
    docs = {
        "expenses": (
            "Expenses Policy",
            "# Expenses Policy\n\nSubmit claims within 30 days with receipts.\n\n## Hotels\n\n"
            "Hotel bookings follow the rules set out in the Travel Policy.\n",
        ),
        "travel": (
            "Travel Policy",
            "# Travel Policy\n\nBook travel through the portal at least 14 days ahead. Hotels must "
            "be booked through Navan, and stays are capped at €180 per night.\n",
        ),
    }
    result = await ask("What are the rules for hotel bookings on expenses?", docs)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"expenses", "travel"}
    quotes = [c.quote for c in result.citations]
    assert len(quotes) == len(set(quotes)), quotes
    assert result.text.count("Hotel bookings follow") == 1


# ------------------------------------------------------------------ parts of a compound question


async def test_a_part_of_a_compound_question_takes_its_own_value_bridge() -> None:
    q = "I'm a staff nurse: how much notice must I give, and how many days of annual leave do I get?"
    result = await ask(q, NURSING)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"roles", "notice", "leave"}
    assert "8 weeks" in result.text and "25 days" in result.text


async def test_a_part_answered_with_a_role_is_completed_with_its_holder() -> None:
    q = "Who signs off expense claims above €5,000, and how soon must claims be submitted?"
    result = await ask(q, APPROVALS)
    assert isinstance(result, Answer), result
    assert {"approvals", "leaders"} <= {c.doc_id for c in result.citations}
    assert "Maria Okafor" in result.text


# ------------------------------------------------------------------ comparisons

LEAVE_TABLE = {
    "leave": (
        "Annual Leave Policy",
        "# Annual Leave Policy\n\nLeave entitlement depends on your office.\n\n"
        "| Office | Annual leave days | Public holidays |\n|---|---|---|\n"
        "| Lisbon | 25 | 13 |\n| Berlin | 28 | 10 |\n| Toronto | 15 | 9 |\n",
    ),
    "parental": (
        "Parental Leave",
        "# Parental Leave\n\nPrimary caregivers get 18 weeks of paid leave. Secondary caregivers "
        "get 4 weeks.\n",
    ),
}


def test_comparisons_of_two_things_named_in_common_words() -> None:
    q = "Which is longer: primary caregiver leave or secondary caregiver leave?"
    assert compared_phrases(q) == ("primary caregiver leave", "secondary caregiver leave", "number")
    assert compared_phrases("What is primary caregiver leave or secondary leave?") is None
    assert compared_phrases("Which office has more staff, Lisbon or Berlin?") is None  # names


async def test_a_comparison_of_two_rows_of_one_table_cites_both_rows() -> None:
    result = await ask("Which office gets more annual leave days, Lisbon or Berlin?", LEAVE_TABLE)
    assert isinstance(result, Answer), result
    assert "| Lisbon | 25 | 13 |" in result.text and "| Berlin | 28 | 10 |" in result.text
    assert "Toronto" not in result.text


async def test_a_comparison_of_two_things_in_common_words_cites_each() -> None:
    q = "Which is longer: primary caregiver leave or secondary caregiver leave?"
    result = await ask(q, LEAVE_TABLE)
    assert isinstance(result, Answer), result
    assert "18 weeks" in result.text and "4 weeks" in result.text


TEAMS = {
    "badges": (
        "Office Access",
        "# Office Access\n\nReport a lost badge to Workplace Services on the same day. A "
        "replacement badge costs €20.\n",
    ),
    "contacts": (
        "Team Contacts",
        "# Team Contacts\n\n| Team | Email | Phone |\n|---|---|---|\n"
        "| Workplace Services | workplace@corvida.example | ext 3000 |\n"
        "| IT Service Desk | it@corvida.example | ext 2000 |\n"
        "| Payroll | payroll@corvida.example | ext 4000 |\n",
    ),
}


async def test_a_later_part_referring_back_is_asked_of_what_the_first_answer_names() -> None:
    """ "their" is the team the badge policy names: its row of the contacts table answers,
    not the row the part alone ranks first."""
    q = "I lost my badge. Who do I tell, and what is their email address?"
    result = await ask(q, TEAMS)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"badges", "contacts"}
    assert "workplace@corvida.example" in result.text and "it@corvida" not in result.text


async def test_a_part_whose_best_sentence_is_the_first_part_s_answer_keeps_that_answer() -> None:
    """When the later part's own best sentence is the first part's answer (one sentence
    ranked first for both), the answer found through it is added, never put in its place."""
    from wikiqa.answerers.extractive import Evidence
    from wikiqa.answerers.part_hops import with_part_chains
    from wikiqa.pipeline import extractive_answerer

    answerer = extractive_answerer(Settings())
    text = TEAMS["badges"][1]
    sentence = "Report a lost badge to Workplace Services on the same day."
    start = text.index(sentence)
    doc = Document(source="mem", doc_id="badges", title="Office Access", text=text)

    def said() -> Candidate:
        return Candidate(doc, Span(start, start + len(sentence), sentence), list(keys(sentence)), 0)

    head = Evidence(analyse("Who do I tell if I lose my badge"), [said()], [], 0.9)
    part = Evidence(analyse("what is their email address?"), [said()], [], 0.2)
    chosen = [head.ranked[0]]
    out = await with_part_chains(
        answerer, [head, part], chosen, TermSource({**FILLER, **TEAMS}), []
    )  # type: ignore[arg-type]
    assert [c.doc.doc_id for c in out] == ["badges", "contacts"], [c.span.text for c in out]
    assert "workplace@corvida.example" in out[1].span.text


LABELS = {
    "singer": (
        "Mara Quint",
        "# Mara Quint\n\nMara Quint is a Portuguese singer and pianist. Her 1971 album, Harbour "
        "Songs, became her first album to top the national chart. She toured Brazil in 1975.\n",
    ),
    "label": (
        "Cormorant Records",
        "# Cormorant Records\n\nCormorant Records was a record label founded by the singer "
        "Mara Quint in 1973. It was distributed by Atlas Music.\n",
    ),
    "album": (
        "Low Tide (album)",
        "# Low Tide (album)\n\nLow Tide is a studio album released in May 1974 as the first "
        "release on the Cormorant label. It was recorded in Porto.\n",
    ),
}


async def test_a_later_part_referring_back_to_a_name_asked_for_is_asked_of_that_name() -> None:
    """The first part asks what something is called; "its" in the next part is the name
    the answer gives (Cormorant Records), so the next part is asked of that name and the
    album article saying it (by the name's own word, "the Cormorant label") answers, not
    the singer's first chart-topping album."""
    q = "Mara Quint started her own record label in 1973. What was it called, and which album was its first release?"
    result = await ask(q, LABELS)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"label", "album"}, result.text
    assert "Low Tide" in result.text and "Harbour Songs" not in result.text


SONGS = {
    "song": (
        "Blue Harbour",
        '# Blue Harbour\n\n"Blue Harbour" is a song written by Ana Reis and Tomas Vidal, and '
        "recorded by Mara Quint as a duet with Lior Ben. It was released in 1982 as a single "
        "from Quint's 1982 album Lanterns. The single spent two weeks at number one on the "
        "folk chart.\n",
    ),
    "album": (
        "Lanterns (album)",
        "# Lanterns (album)\n\nLanterns is a studio album by Mara Quint, released in 1982. "
        "The album peaked at number 3 on the national albums chart.\n",
    ),
}


def test_a_which_question_asks_for_the_noun_after_which() -> None:
    from wikiqa.answerers.kinds import asked_noun

    assert asked_noun("Blue Harbour came from which Mara Quint album?") == "album"
    assert asked_noun("In which city was she born?") == "city"
    # a relative clause is no question: "the album on which Quint recorded Blue Harbour"
    assert asked_noun("Who produced the album on which Quint recorded Blue Harbour?") is None


async def test_a_later_part_naming_that_thing_is_asked_of_the_first_answer() -> None:
    """ "which ... album" is answered by the sentence that says an album (read after the
    song's first line, which it refers back to: "It was released ..."), and "that album" in
    the next part is the album it names (Lanterns): its own article answers how high it went,
    not the single's chart."""
    q = "Blue Harbour came from which Mara Quint album, and how high did that album go on the albums chart?"
    result = await ask(q, SONGS)
    assert isinstance(result, Answer), result
    assert "album Lanterns" in result.text, result.text
    assert "It was released in 1982 as a single from Quint's 1982 album Lanterns." in result.text
    assert "number 3" in result.text and "folk chart" not in result.text, result.text
    assert {c.doc_id for c in result.citations} == {"song", "album"}


async def test_in_which_year_asks_for_a_date_not_for_the_word_year() -> None:
    """ "In which year" asks for a date (the type gate's when): a sentence that says the
    word "year" is no better an answer than the date of birth the question asks for."""
    docs = {
        "bio": (
            "Mara Quint",
            "# Mara Quint\n\nMara Quint was born on 3 May 1948 in Porto. In the year 1975 "
            "Mara Quint toured Brazil with her band.\n",
        )
    }
    result = await ask("In which year was Mara Quint born?", docs)
    assert isinstance(result, Answer), result
    assert "1948" in result.text and "1975" not in result.text, result.text


class AskedWordsOnly(TermSource):
    """A source whose searches for a word the question never said fail, as a replay of
    recorded traffic fails a request it never saw (one naming what an answer revealed)."""

    def __init__(self, docs: dict[str, tuple[str, str]], question: str) -> None:
        super().__init__(docs)
        self.asked = set(keys(question))
        self.failed = 0

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        if set(keys(query)) - self.asked:
            self.failed += 1
            raise SourceUnavailable(f"no recorded response for {query!r}")
        return await super().search(query, k, principal)


async def test_a_later_part_referring_back_whose_search_fails_leaves_the_answer_read() -> None:
    """The referring-back search is an optional request: when it fails, the parts read so
    far answer, instead of the whole question failing as source_unavailable."""
    q = "Mara Quint started her own record label in 1973. What was it called, and which album was its first release?"
    source = AskedWordsOnly({**FILLER, **LABELS}, q)
    result = await ask_async(q, source, settings=Settings())  # type: ignore[arg-type]
    assert source.failed > 0  # the name the first answer gave was searched for
    assert isinstance(result, Answer), result
    assert "label" in {c.doc_id for c in result.citations}


KINDS = {
    "grades": (
        "Job Grades",
        "# Job Grades\n\nEvery job sits in one grade.\n\n| Job | Grade |\n|---|---|\n"
        "| Depot cleaner | Grade A |\n| Vehicle shunter and fueller | Grade B |\n"
        "| Tram driver | Grade D |\n| Bus driver | Grade D |\n| Depot manager | Grade H |\n",
    ),
    "notice": (
        "Notice Periods",
        "# Notice Periods\n\nThe notice you must give when leaving depends on your grade.\n\n"
        "| Grade | Notice |\n|---|---|\n| Grades A, B and C | 2 weeks |\n"
        "| Grades D and E | 4 weeks |\n| Grade H | 3 months |\n",
    ),
    "cab": (
        "Tram Cab Checks",
        "# Tram Cab Checks\n\nA tram driver leaving the cab at a terminus must lock it. "
        "Think of the next driver and leave it tidy.\n",
    ),
    "uniform": (
        "Uniform",
        "# Uniform\n\nA tram driver leaving the company gives back the uniform. Thinking "
        "jackets are not issued.\n",
    ),
    "routes": (
        "Tram Routes",
        "# Tram Routes\n\nA tram driver may give up a route when leaving a roster. Thinking "
        "time is paid.\n",
    ),
    "gates": (
        "Depot Gates",
        "# Depot Gates\n\nA tram driver leaving after midnight uses the side gate. "
        "Give thought to residents.\n",
    ),
}


async def test_a_table_keyed_by_a_kind_the_question_does_not_name_is_keyed_through_a_search() -> (
    None
):
    """The notice table is keyed by grade, which the question does not name; its own search
    does not bring the job grades (longer documents say "tram driver" more often), so the
    kind is searched with the question's words: "Grade ... tram driver ..." finds the row
    "| Tram driver | Grade D |", whose grade keys "Grades D and E"."""
    question = "I'm a tram driver thinking of leaving. How much notice do I have to give?"
    source = TermSource({**FILLER, **KINDS})
    first = await source.search(question)
    assert "grades" not in {h.doc_id for h in first}  # the mapping is not in the first hop
    result = await ask(question, KINDS)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"grades", "notice"}
    assert "| Tram driver | Grade D |" in result.text and "4 weeks" in result.text


async def test_a_row_named_by_its_key_cell_s_head_noun_carries_its_grade() -> None:
    """ "a shunter" names "Vehicle shunter and fueller" by its head noun only (one thing the
    cell lists); no other row says it, so the row carries Grade B to the notice table."""
    result = await ask("How much notice does a shunter have to give when leaving?", KINDS)
    assert isinstance(result, Answer), result
    assert "| Vehicle shunter and fueller | Grade B |" in result.text, result.text
    assert "2 weeks" in result.text and "4 weeks" not in result.text


def test_a_head_noun_names_one_row_only_when_said_bare_and_best() -> None:
    text = KINDS["grades"][1]
    header = text.index("| Job | Grade |")
    for question, row in [
        ("How much notice does a shunter give?", "| Vehicle shunter and fueller | Grade B |"),
        ("I clean the depot. How much notice?", "| Depot cleaner | Grade A |"),
        ("I drive a tram. How much notice?", "| Tram driver | Grade D |"),
        ("How much notice does a driver give?", None),  # bus or tram: a tie names none
        ("How much notice does a tram driver give?", None),  # named whole (rows.named_cells)
    ]:
        q = analyse(question)
        got = head_best(text, header, frozenset(q.terms), (), bare_keys(question))
        assert got == row, question


OVERTIME = {
    **KINDS,
    "overtime": (
        "Overtime and Rest-Day Working",
        "# Overtime and Rest-Day Working\n\nOvertime is any time worked beyond your rostered "
        "duty. Rates depend on your grade.\n\n| Grade | Saturday | Sunday and bank holidays |\n"
        "|---|---|---|\n| Grades A and B | time and a half | double time |\n"
        "| Grades C, D and E | time and a half | time and three quarters |\n",
    ),
}


async def test_an_opening_statement_naming_the_row_is_asked_again_as_the_value() -> None:
    """ "I clean the buses." names "| Depot cleaner | Grade A |" by the verb of its head
    noun; the row resolves the whole statement, so the overtime table is asked "Grade A.
    What do I get for working a Sunday?", not "I the buses. ... Grade A"."""
    q = analyse("I clean the buses. What do I get for working a Sunday?")
    row = _row("grades", KINDS["grades"][1], "| Depot cleaner | Grade A |")
    assert in_place(q, row, "Grade A").text == "Grade A. What do I get for working a Sunday?"
    result = await ask("I clean the buses. What do I get for working a Sunday?", OVERTIME)
    assert isinstance(result, Answer), result
    assert "| Depot cleaner | Grade A |" in result.text and "double time" in result.text
