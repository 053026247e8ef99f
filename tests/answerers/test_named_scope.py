"""A document that says whom it covers by name (an office, a site, a line, a country's
contracts) is not the rule for an asker who names a place a retrieved sibling on the same
subject covers (scope.named_elsewhere): the other office's table is the plausible wrong
neighbour. On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.scope import named_elsewhere, scope_names
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

NORTH = (
    "Sick Pay: Northland",
    "# Sick Pay: Northland\n\n"
    "This policy covers employees on Northland contracts (the Harwick head office and the "
    "Ostby warehouse).\n\n## Company sick pay\n\n"
    "Company sick pay tops up statutory pay to your full salary once probation is over.\n\n"
    "| Length of service | Full pay | Half pay |\n|---|---|---|\n"
    "| Under 2 years | 4 weeks | 4 weeks |\n| 2 years or more | 12 weeks | 12 weeks |\n\n"
    "You may self-certify for the first 7 days of sickness.\n",
)
SOUTH = (
    "Sick Pay: Southland",
    "# Sick Pay: Southland\n\n"
    "This policy covers employees on Southland contracts at the Varno distribution centre.\n\n"
    "## Continued pay\n\n"
    "- In the first 52 weeks of illness you receive 100% of your salary.\n"
    "- In weeks 53 to 104 you receive 70% of your salary.\n\n"
    "A doctor's note is needed from the 3rd day of absence.\n",
)
REPORT = (
    "Reporting Sickness",
    "# Reporting Sickness\n\nThis policy applies to all employees in every country.\n\n"
    "Call your shift manager before your shift starts on the first day of sickness.\n",
)
CANTEEN = (
    "Canteen Opening Hours",
    "# Canteen Opening Hours\n\nThis page covers staff at the Harwick head office.\n\n"
    "The canteen is open from 07:00 to 15:00 on weekdays.\n",
)
STAFF = Principal(user_id="u-1", roles=["staff"], departments=["warehouse"])
AT_VARNO = Principal(user_id="u-2", roles=["staff"], departments=["varno"])


def _doc(doc_id: str, title: str, text: str) -> Document:
    return Document(source="mem", doc_id=doc_id, title=title, text=text)


def _hits(docs: dict[str, Document]) -> list[Hit]:
    return [Hit(source="mem", doc_id=d.doc_id, title=d.title, score=1.0) for d in docs.values()]


def test_the_names_a_document_says_it_covers() -> None:
    assert scope_names(NORTH[1]) == {"northland", "harwick", "ostby"}
    assert scope_names(SOUTH[1]) == {"southland", "varno"}
    said = {
        "This page applies to staff in the Scotland region only: Lomond House in Glasgow.": {
            "scotland",
            "lomond",
            "house",
            "glasgow",
        },
        "For staff employed at the Penang Campus.": {"penang", "campu"},
        "These rules apply to tram drivers on the Green Line.": {"green", "line"},
        # the employer sets no one apart; a later clause is another matter
        "This policy covers everyone employed by Acme Ltd.": set(),
        "This policy applies to staff employed by Acme Ltd at the Leeds office.": {"leed"},
        "These terms apply to Pennant staff only; Ravensholt Hotels' own policies do not.": {
            "pennant"
        },
    }
    for text, names in said.items():
        assert scope_names(text) == names, text
    for text in (
        REPORT[1],  # everyone, in every country
        "For HR business partners and the Payroll Helpdesk, see HR Contacts.",  # a pointer
        "For more details ask Payroll.",  # no readers named
        "The policy was agreed in March. Staff in Leeds are covered.",  # no scope opening
        "# Holidays\n\nThis page covers employees.\n",  # no name
    ):
        assert scope_names(text) == frozenset(), text


def test_another_office_s_document_is_no_hit_when_a_sibling_covers_the_asker_s_place() -> None:
    docs = {k: _doc(k, *v) for k, v in (("north", NORTH), ("south", SOUTH), ("report", REPORT))}
    hits = _hits(docs)

    def out(question: str, who: Principal = STAFF) -> set[str]:
        return {h.doc_id for h in named_elsewhere(hits, docs, question, who)}

    assert out("I'm based at Varno. How long is sick pay paid?") == {"north"}
    assert out("I work at the Ostby warehouse. How long is sick pay paid?") == {"south"}
    assert out("How long is sick pay paid?") == set()  # no place said: both may answer
    assert out("How long is sick pay paid?", AT_VARNO) == {"north"}  # the asker's department
    # a document on another subject is no sibling, whatever places it covers
    docs["canteen"] = _doc("canteen", *CANTEEN)
    hits = _hits(docs)
    assert out("I'm based at Varno. When does the canteen open?") == {"north"}


async def _ask(question: str, who: Principal = STAFF, floor: float | None = None) -> object:
    answerer = (
        ExtractiveAnswerer(max_sentences=3)
        if floor is None
        else ExtractiveAnswerer(floor=floor, max_sentences=3)
    )
    docs = {"north": NORTH, "south": SOUTH, "report": REPORT}
    return await ask_over(docs, question, who=who, answerer=answerer)


async def test_a_question_naming_the_asker_s_site_is_not_answered_from_another_office_s_table() -> (
    None
):
    """Before, the Northland row answered the Varno asker ("| Under 2 years | 4 weeks | ..."),
    the other office's rule, cited as if it were theirs."""
    result = await _ask("I've been off sick for two months at Varno. Am I still on my full salary?")
    cited = {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()
    assert "north" not in cited, result
    loose = await _ask(
        "I've been off sick for two months at Varno. What share of my salary am I paid?",
        floor=0.0,
    )
    assert isinstance(loose, Answer), loose
    assert {c.doc_id for c in loose.citations} == {"south"}, loose.citations
    # a must-refuse question stays refused: Southland says nothing of half pay
    half = await _ask("I work at Varno. How many weeks of half pay do I get when I'm off sick?")
    assert isinstance(half, Refusal), half

    # and the asker at the other office is still answered from their own table
    own = await _ask(
        "I'm at the Harwick head office and have 3 years' service. How many weeks of full "
        "sick pay do I get?",
        floor=0.0,
    )
    assert isinstance(own, Answer), own
    assert {c.doc_id for c in own.citations} == {"north"}, own.citations
    assert "12 weeks" in own.text
