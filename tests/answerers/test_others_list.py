"""An item of a list for a group of readers neither the question nor the asker says does not
answer over the floor either (answerers/list_entry.py, `others_list`, read by
ExtractiveAnswerer.clearing): a list whose lead-in says whom it is for ("These terms apply to
Pennant staff only:") holds that group's cases, however plainly one of its items says what the
question asks, unless the asker is of the readers the document's title names. Small documents written here; on main 6f4f070 the room-rate question below is
answered with the Pennant staff's item, over the floor, whoever asks."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.types import Answer, Principal, Refusal

FRANCHISE = (
    "Terms for Franchise Hotel Staff",
    "# Terms for Franchise Hotel Staff\n\n"
    "These terms apply to Pennant staff only:\n\n"
    "- Staff room rate: £49 a night at any Pennant hotel, booked through the front desk.\n"
    "- Staff meal: one free meal on each shift of 6 hours or more.\n"
    "- Uniform: two sets, laundered on site.\n",
)
OTHERS = {
    "parking": (
        "Staff Parking",
        "# Staff Parking\n\nStaff may park in the rear car park after 18:00. Spaces are not "
        "reserved.\n",
    ),
    "training": (
        "Training Days",
        "# Training Days\n\nEvery employee has two paid training days a year, booked with "
        "their line manager.\n",
    ),
}
QUESTION = "How much is the staff room rate for a night?"


async def test_an_item_of_another_groups_list_is_refused_over_the_floor() -> None:
    docs = {"franchise": FRANCHISE, **OTHERS}
    receptionist = Principal(user_id="u1", roles=["receptionist"], departments=["front office"])
    refused = await ask_over(docs, QUESTION, who=receptionist)
    assert isinstance(refused, Refusal), refused
    assert "a list for pennant readers" in refused.reason, refused.reason
    # the question or the asker saying the group: the list is theirs
    said = await ask_over(docs, f"I work for Pennant. {QUESTION}", who=receptionist)
    assert isinstance(said, Answer), said
    assert "£49 a night" in " ".join(c.quote for c in said.citations)
    pennant = Principal(user_id="u2", roles=["receptionist"], departments=["pennant"])
    theirs = await ask_over(docs, QUESTION, who=pennant)
    assert isinstance(theirs, Answer), theirs
    # the asker is of the readers the title names: the document is theirs, its lead-in
    # naming them by their employer
    franchise = Principal(user_id="u3", roles=["franchise"], departments=["franchise"])
    titled = await ask_over(docs, QUESTION, who=franchise)
    assert isinstance(titled, Answer), titled
