"""A document that sets the readers of a named place outside its scope in a line of its own
("Staff at the Kuala Campus should read *Annual Leave (Kuala Campus)* instead.", "Staff in
Wales follow Holidays (Wales).") is not the rule for an asker who says that place; and the
names two siblings' openings both say ("Campus") tell neither apart (scope.excluded_places,
scope.named_elsewhere). On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.scope import (
    excluded_places,
    excluded_readers,
    excludes,
    named_elsewhere,
    pointed_for_asker,
)
from wikiqa.types import Answer, Document, Hit, Principal

HOME = (
    "Annual Leave (Home Campuses)",
    "# Annual Leave (Home Campuses)\n\n"
    "This policy covers staff employed at Ashby Campus and Marden Campus. Staff at the Kuala "
    "Campus should read *Annual Leave (Kuala Campus)* instead.\n\n"
    "## Booking leave\n\n"
    "- Book leave in the staff portal at least 3 weeks before the first day off.\n\n"
    "## Buying leave\n\n"
    "Staff on Grades 1 to 6 may buy up to 8 extra days a year through salary sacrifice.\n",
)
KUALA = (
    "Annual Leave (Kuala Campus)",
    "# Annual Leave (Kuala Campus)\n\n"
    "For staff employed at the Kuala Campus. The leave year is the calendar year.\n\n"
    "Leave is booked in the staff portal with at least 9 days' notice. Leave cannot be "
    "bought.\n",
)
PARKING = (
    "Staff Parking",
    "# Staff Parking\n\nA parking permit costs £20 a month at every campus.\n",
)
LECTURER = Principal(user_id="u-1", roles=["staff", "academic"], departments=["history"])
AT_KUALA = Principal(user_id="u-2", roles=["staff"], departments=["kuala"])


def _doc(doc_id: str, title: str, text: str) -> Document:
    return Document(source="mem", doc_id=doc_id, title=title, text=text)


def test_the_places_a_document_sets_outside_it_in_a_line_of_its_own() -> None:
    said = {
        HOME[1]: {"kuala", "campu"},
        "Staff in Wales follow Holidays (Wales).": {"wale"},
        "Staff in the Coast region have their own public holidays: see Holidays (Coast).": {
            "coast"
        },
        "Employees based in Ireland should read the Irish Handbook instead.": {"ireland"},
    }
    for text, names in said.items():
        assert {n for found, _ in excluded_places(text) for n in found} == names, text
    for text in (
        # a supplement the place's readers follow as well, not instead
        "Rangers in the Moors region must also follow the Lone Working on the Moors supplement.",
        "If you work on the islands, follow Island Lone Working instead.",  # no readers named
        "Managers follow the Disciplinary Procedure when a complaint is made.",  # no place
        "Tram drivers follow Tram Duties instead.",  # a kind of reader (excluded_readers)
    ):
        assert excluded_places(text) == (), text


def test_an_asker_who_says_the_excluded_place_is_out_of_the_document_s_scope() -> None:
    home = _doc("home", *HOME)
    assert excludes(home, "I've moved to the Kuala Campus. Can I buy leave?", LECTURER)
    assert excludes(home, "Can I buy leave?", AT_KUALA)  # the asker's department
    # "Campus", which the document's own scope says too, names no place of the excluded one
    assert not excludes(home, "I'm on a campus. Can I buy leave?", LECTURER)
    assert not excludes(home, "I work at Ashby Campus. Can I buy leave?", LECTURER)
    # a question naming a place of each compares them: both documents are needed
    assert not excludes(home, "Can Kuala staff buy leave like Ashby staff?", LECTURER)
    wales = _doc(
        "wales",
        "Holidays (England and Wales)",
        "# Holidays (England and Wales)\n\nStaff in the Coast region have their own "
        "public holidays: see Holidays (Coast).\n\nYou get 8 bank holidays a year.\n",
    )
    assert excludes(wales, "I work in the Coast region. How many holidays do I get?", LECTURER)
    assert not excludes(wales, "Do staff in Coast get more holidays than in Wales?", LECTURER)
    # the document the line names is not made the asker's own (assessed alone, any of its
    # lines would clear the floor: "How much does parking cost?" from a Kuala asker)
    docs = {"home": home, "kuala": _doc("kuala", *KUALA)}
    hits = [Hit(source="mem", doc_id=d.doc_id, title=d.title, score=1.0) for d in docs.values()]
    assert (
        pointed_for_asker(hits, docs, "I'm at the Kuala Campus. Can I buy leave?", LECTURER) == []
    )


def test_a_name_both_siblings_scopes_say_tells_neither_apart() -> None:
    docs = {
        "home": _doc("home", "Annual Leave (Home Campuses)", "This policy covers staff at "
                     "Ashby Campus and Marden Campus.\n\nBook 3 weeks ahead.\n"),
        "kuala": _doc("kuala", *KUALA),
    }  # fmt: skip
    hits = [Hit(source="mem", doc_id=d.doc_id, title=d.title, score=1.0) for d in docs.values()]

    def out(question: str) -> set[str]:
        return {h.doc_id for h in named_elsewhere(hits, docs, question, LECTURER)}

    # before, "Campus" said by the question kept the home campuses' policy as the asker's
    assert out("I'm at the Kuala Campus. How far ahead do I book leave?") == {"home"}
    assert out("I'm at Ashby Campus. How far ahead do I book leave?") == {"kuala"}
    assert out("Which campus has the longest notice for booking leave?") == set()


async def _ask(question: str, who: Principal = LECTURER) -> object:
    docs = {"home": HOME, "kuala": KUALA, "parking": PARKING}
    return await ask_over(docs, question, who=who, answerer=ExtractiveAnswerer(max_sentences=3))


async def test_an_asker_at_the_excluded_place_is_not_answered_from_the_excluding_document() -> None:
    """Before, the home campuses' "Staff on Grades 1 to 6 may buy up to 8 extra days ..."
    answered the Kuala asker: the other campus's rule, cited as if it were theirs."""
    result = await _ask("I'm at the Kuala Campus. How many extra days of leave can I buy?")
    cited = {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()
    assert "home" not in cited, result
    assert cited <= {"kuala"}, result
    # the asker at a home campus is still answered from the home campuses' policy
    own = await _ask("I work at Ashby Campus. How many weeks before the first day off do I book?")
    assert isinstance(own, Answer), own
    assert {c.doc_id for c in own.citations} == {"home"}, own.citations
    assert "3 weeks" in own.text
    # and a question on another matter is answered as before
    parking = await _ask("I work at the Kuala Campus. How much does a parking permit cost?")
    assert isinstance(parking, Answer), parking
    assert {c.doc_id for c in parking.citations} == {"parking"}, parking.citations


def test_a_kind_of_reader_the_document_says_it_does_not_apply_to() -> None:
    """ "This policy does not apply to agency workers.", "Permanent staff should read the main
    policies instead.": the same exclusion as "... are not covered by this policy"."""
    said = {
        "This policy does not apply to agency workers.": ({"agency"}, "worker"),
        "These terms apply to hauliers. They do not apply to our employed drivers.": (
            {"employed"},
            "driver",
        ),
        "Permanent staff should read the main policies instead.": ({"permanent"}, "staff"),
    }
    for text, (qualifier, head) in said.items():
        assert [(set(q), h) for q, h, _ in excluded_readers(text)] == [(qualifier, head)], text
    for text in (
        "Company sick pay does not apply to bank workers.",  # a rule, not the page's scope
        "Managers should read the Disciplinary Procedure before a hearing.",  # no "instead"
        "Staff at the Kuala Campus should read the Kuala Handbook instead.",  # a place's readers
    ):
        assert excluded_readers(text) == (), text
    page = _doc("sick", "Sick Pay", "# Sick Pay\n\nThis policy does not apply to agency workers.")
    agency = Principal(user_id="u-3", roles=["agency"], departments=["site"])
    assert excludes(page, "How much sick pay do I get?", agency)
    assert not excludes(page, "How much sick pay do I get?", LECTURER)
