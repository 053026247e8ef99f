"""A document that says its rule is for named readers "only" ("These terms apply to Northgate
staff only") is no hit for an asker who names none of them, whether or not the sibling that
holds the asker's own rule was retrieved (only_scope.drop_others_only). On small documents
written here: with the main policy withheld, the franchise staff's terms must not answer a
main-hotel receptionist."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers.only_scope import for_others_only, only_names
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

FRANCHISE = (
    "Harbour Lodge: Terms for Franchise Hotel Staff",
    "# Harbour Lodge: Terms for Franchise Hotel Staff\n\n"
    "Harbour Lodge hotels are run under franchise by Northgate Hospitality Ltd, which employs "
    "their staff. These terms apply to Northgate staff only; Seaview Hotels' own policies do "
    "not.\n\n"
    "- Staff room rate at Harbour Lodge hotels: £61 a night, up to 3 nights a year.\n"
    "- Sick pay: Statutory Sick Pay only.\n",
)
DISCOUNTS = (
    "Staff Discounts",
    "# Staff Discounts\n\n"
    "- The staff room rate at any Seaview hotel is £45 a night, up to 6 nights a year.\n"
    "- Staff get 30% off food in our restaurants.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\n- Staff are given three shirts and a name badge on their first day.\n"
    "- Return your uniform on your last day; we may deduct up to £60 from your final pay if "
    "you do not.\n- Dry cleaning is paid for front-of-house staff.\n",
)
REGION = (
    "Public Holidays (Highland)",
    "# Public Holidays (Highland)\n\n"
    "This page applies to staff in the Highland region only: Corrie House and Glenmore Yard.\n\n"
    "You get 9 public holidays a year.\n",
)
OPEN_SCOPE = (
    "Bank Holidays",
    "# Bank Holidays\n\nThis page applies to staff in the North and South regions.\n\n"
    "You get 8 bank holidays a year.\n",
)
RECEPTIONIST = Principal(user_id="u-1", roles=["staff"], departments=["front_office"])
FRANCHISE_WORKER = Principal(user_id="u-2", roles=["franchise"], departments=["franchise"])
QUESTION = "How much is the staff room rate a night?"


def _doc(doc_id: str, pair: tuple[str, str]) -> Document:
    return Document(source="mem", doc_id=doc_id, title=pair[0], text=pair[1])


def test_which_scopes_are_exclusive() -> None:
    assert only_names(FRANCHISE[1]) == {"northgate"}
    assert only_names(REGION[1]) == {"highland", "corrie", "house", "glenmore", "yard"}
    assert only_names(OPEN_SCOPE[1]) == frozenset()  # a scope without "only"
    assert only_names(DISCOUNTS[1]) == frozenset()  # no scope at all
    assert only_names("# X\n\nFor shift managers and directors only.\n") == frozenset()  # no names


def test_who_is_outside_an_exclusive_scope() -> None:
    docs = {"f": _doc("f", FRANCHISE), "d": _doc("d", DISCOUNTS), "r": _doc("r", REGION)}
    hits = [Hit(source="mem", doc_id=i, title=d.title, score=1.0) for i, d in docs.items()]
    assert for_others_only(hits, docs, QUESTION, RECEPTIONIST) == {"f", "r"}
    # the asker's role says the title's readers; the question names the scope
    assert for_others_only(hits, docs, QUESTION, FRANCHISE_WORKER) == {"r"}
    said = "I work for Northgate at Glenmore Yard. How much is the staff room rate?"
    assert for_others_only(hits, docs, said, RECEPTIONIST) == set()
    assert for_others_only(hits, docs, "Is the franchise hotel rate lower?", None) == {"r"}


@pytest.mark.asyncio
async def test_the_franchise_terms_do_not_answer_another_employers_staff() -> None:
    # main answers the receptionist with the franchise staff's £61 when the main discounts
    # policy is withheld; the terms say they are for Northgate staff only
    withheld = {"f": FRANCHISE, "u": UNIFORM}
    result = await ask_over(withheld, QUESTION, who=RECEPTIONIST)
    assert isinstance(result, Refusal)
    # the franchise worker is answered from their terms
    theirs = await ask_over(withheld, QUESTION, who=FRANCHISE_WORKER)
    assert isinstance(theirs, Answer) and "£61" in theirs.text
    # with the main policy retrieved, the receptionist is answered from it
    both = await ask_over(
        {"f": FRANCHISE, "d": DISCOUNTS, "u": UNIFORM}, QUESTION, who=RECEPTIONIST
    )
    assert isinstance(both, Answer) and "£45" in both.text and "£61" not in both.text
    # a question nothing answers stays refused
    none = await ask_over(withheld, "How many days of parental leave do I get?", who=RECEPTIONIST)
    assert isinstance(none, Refusal)
