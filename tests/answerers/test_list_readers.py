"""The list item the question means answers a little under the floor only when its list is
for no group of readers that neither the question nor the asker says (answerers/list_entry.py,
`unsaid_readers`): a list whose lead-in or heading says whom it is for ("for customer-facing
staff", "for sales staff") is that group's list, its items their cases, and an item standing out
among them answers nobody else. Small documents written here; on main 13e33f7 every question
below is answered by the eye-test item under the floor (`meant_item`), whoever asks."""

from __future__ import annotations

from memsource import ask_over
from test_list_entry import BENEFITS, GLASSES, OTHERS

from wikiqa.answerers import list_entry
from wikiqa.types import Answer, Principal, Refusal

# the benefits page, its lead-in now saying the list is for one group of staff
SALES = (
    "Staff Benefits",
    BENEFITS[1].replace(
        "Staff benefits are reviewed every April by the People team.",
        "These benefits add to the Staff Handbook for sales staff.",
    ),
)


def test_the_readers_a_list_frame_says_it_is_for() -> None:
    readers = list_entry.list_readers
    assert readers("These guidelines add to the Travel Policy for customer-facing staff.") == [
        frozenset({"customer", "facing"})
    ]
    assert readers("These terms apply to Pennant staff only.") == [frozenset({"pennant"})]
    assert readers("Discounts for line managers:") == [frozenset({"line"})]
    assert readers("For contractors") == [frozenset({"contractor"})]
    assert readers("For IT Services staff only.") == [frozenset({"it", "service"})]
    assert readers("For academic and research staff.") == [frozenset({"academic", "research"})]
    # everyone, no person noun after "for", a function word breaking the phrase, an
    # exclusion, a singular noun: no group
    assert readers("These apply for all staff.") == []
    assert readers("The budget is for courses, conferences and books.") == []
    assert readers("Examples of misconduct, for which a member of staff can be dismissed:") == []
    assert readers("The nursery is for the children of staff, aged 6 months to 5 years.") == []
    assert readers("Everyone who works for or volunteers with us must report it.") == []
    assert readers("It does not apply to salaried staff.") == []
    assert readers("Academic staff may apply for one semester of research leave.") == []
    # the frame's own readers are its first such phrase ("for staff paid by the hour")
    assert (
        readers("This guide is for staff paid by the hour. Policies for salaried staff differ.")
        == []
    )
    # said by the question or by the asker's roles and departments
    frame = "These guidelines add to the Travel Policy for customer-facing staff."
    assert list_entry.unsaid_readers("How far ahead do I book a week off?", frozenset(), frame)
    assert not list_entry.unsaid_readers(
        "How far ahead do I plan a customer visit?", frozenset(), frame
    )
    sales = Principal(user_id="u1", roles=["staff"], departments=["sales"])
    assert list_entry.asker_words(sales) == frozenset({"staff", "sale"})
    assert not list_entry.unsaid_readers(
        "When do I book?", list_entry.asker_words(sales), "Rules for sales staff:"
    )


async def test_an_item_of_another_groups_list_stays_refused() -> None:
    """The eye-test item stands out among the sales staff's benefits for the glasses question
    and ranks first a little under the floor (0.31): asked by nobody in particular, or by
    someone in finance, it is refused, the list not being theirs; asked by someone who says
    they are in sales, or whose department is sales, it is answered."""
    docs = {"benefits": SALES, **OTHERS}
    plain = await ask_over(docs, GLASSES)
    assert isinstance(plain, Refusal), plain
    finance = Principal(user_id="u2", roles=["staff"], departments=["finance"])
    other = await ask_over(docs, GLASSES, who=finance)
    assert isinstance(other, Refusal), other
    said = await ask_over(docs, f"I'm in sales. {GLASSES}")
    assert isinstance(said, Answer), said
    assert "up to £60 towards glasses" in " ".join(c.quote for c in said.citations)
    sales = Principal(user_id="u3", roles=["staff"], departments=["sales"])
    theirs = await ask_over(docs, GLASSES, who=sales)
    assert isinstance(theirs, Answer), theirs
