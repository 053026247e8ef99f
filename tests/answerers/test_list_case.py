"""The list item the question means answers only when its list says every case the question
names (answerers/list_entry.py, `unsaid_case`): the items of one list are cases of one kind,
so the item that stands out from its siblings is the case nearest the question, not always
the case asked. A word the question writes before a word of the item's label ("a *hearing*
test" over "- **Eye tests**: ...") asks for another case, unless the list says it; a name the
question gives ("I work in Lisbon") must be said by the list, its heading or the document's
title. Small documents written here; a question naming a case the list says is answered
(on main 9c14bc7 it is refused under the floor, main having no meant item)."""

from __future__ import annotations

from memsource import ask_over
from test_list_entry import BENEFITS, OTHERS

from wikiqa.text.lists import list_items
from wikiqa.types import Answer, Refusal

# the same benefits, under a heading that says whom they are for
PLACED = (
    "Staff Benefits",
    BENEFITS[1].replace(
        "Staff benefits are reviewed every April by the People team.\n\n",
        "## Staff in London and Leeds\n\n",
    ),
)
TRAVEL = (
    "# Expenses\n\n## Travel\n\n- Rail: standard class.\n"
    "- Own car: 45 pence a mile for the first 10,000 business miles.\n"
    "- Taxis: only when there is no public transport.\n"
)
MANAGERS = (
    "# Raising a Grievance\n\nTry to sort out a problem informally with your head of "
    "department first.\n\n1. Write to your General Manager, saying what the problem is.\n"
    "2. Meet them within 10 days.\n3. Appeal to the Regional Director if you are not happy.\n"
)


def _case(question: str, text: str, start: str, context: str, title: str = "") -> str:
    from wikiqa.answerers.list_entry import unsaid_case  # new here: main has no such module

    item = next(
        i for i in list_items(text) if i.item.text.lstrip("-0123456789. ").startswith(start)
    )
    return unsaid_case(question, item, context, title)


def test_a_case_the_list_leaves_out_is_the_word_or_name_it_does_not_say() -> None:
    assert _case("What's the mileage rate for a hire car?", TRAVEL, "Own car", "Travel") == "hire"
    # "own" is the label's own word; "my" and "a" qualify nothing
    assert (
        _case("What's the mileage rate if I drive my own car?", TRAVEL, "Own car", "Travel") == ""
    )
    # a preposition joins a phrase to the label's word ("a jab against flu") and names no case
    flu = "# Health\n\n- **Flu vaccinations**: free each October.\n- **Eye tests**: free.\n"
    assert _case("Do I get a free jab against flu?", flu, "**Flu", "Health") == ""
    # a name the heading says, or whose words the list says and it is the initials of
    assert (
        _case(
            "I work in Leeds. Is there an eye test?",
            PLACED[1],
            "**Eye",
            "Staff in London and Leeds",
        )
        == ""
    )
    assert (
        _case(
            "I work in Lisbon. Is there an eye test?",
            PLACED[1],
            "**Eye",
            "Staff in London and Leeds",
        )
        == "Lisbon"
    )
    assert (
        _case("My problem is with the GM. Who do I tell?", MANAGERS, "Write", "Raising a Grievance")
        == ""
    )
    assert (
        _case(
            "My problem is with the HR team. Who do I tell?",
            MANAGERS,
            "Write",
            "Raising a Grievance",
        )
        == "HR"
    )


async def _ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    return await ask_over(docs, question)


async def test_an_item_asked_for_another_case_of_its_label_stays_refused() -> None:
    """Of the four benefits, the eye-test item is the one meant by a question about glasses
    for computer work (answered a little under the floor, refused on main 9c14bc7 at 0.29),
    and it stands out as much for a hearing test (first, under the floor; answered without
    `unsaid_case`): "hearing" before "test" asks for a test the list does not offer, and is
    refused."""
    docs = {"benefits": BENEFITS, **OTHERS}
    glasses = await _ask("Can I get money towards glasses I need for computer work?", docs)
    assert isinstance(glasses, Answer), glasses
    assert "up to £60 towards glasses" in " ".join(c.quote for c in glasses.citations)
    hearing = await _ask("Can I get a free hearing test if I use a screen all day?", docs)
    assert isinstance(hearing, Refusal), hearing


async def test_an_item_of_a_list_for_another_place_stays_refused() -> None:
    """The benefits sit under "Staff in London and Leeds": the glasses question is answered
    by the eye-test item (refused on main 9c14bc7 at 0.33), and so is an asker in Leeds; one
    in Lisbon, a place the list leaves out, is refused (answered without `unsaid_case`)."""
    docs = {"benefits": PLACED, **OTHERS}
    glasses = "Can I get money towards glasses I need for computer work?"
    plain = await _ask(glasses, docs)
    assert isinstance(plain, Answer), plain
    assert "up to £60 towards glasses" in " ".join(c.quote for c in plain.citations)
    leeds = await _ask(f"I work in Leeds. {glasses}", docs)
    assert isinstance(leeds, Answer), leeds
    lisbon = await _ask(f"I work in Lisbon. {glasses}", docs)
    assert isinstance(lisbon, Refusal), lisbon


def test_a_kind_of_answer_the_ask_names_must_be_a_value_of_the_item() -> None:
    """ "who do I phone" asks for a number to ring (ask_named.KIND_WORDS), which an item
    giving an age does not say, though it names the asker's own case ("lookering"); a sum
    asked for is said by "up to £60"; a kind word in the situation told first asks nothing."""
    from wikiqa.answerers.list_entry import unsaid_kind  # new here: main has no such module

    lookers = "- Livestock lookers: from 18, after a training session with a ranger."
    assert unsaid_kind("Found a dead sheep while lookering - who do I phone?", lookers) == "phone"
    eyes = "- **Eye tests**: a free eye test and up to £60 towards glasses for screen work."
    assert unsaid_kind("How much money can I get towards glasses?", eyes) == ""
    assert unsaid_kind("I lost my phone on the bus. Who do I tell?", "- Tell IT Security.") == ""
