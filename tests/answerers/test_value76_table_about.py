"""The keyed row answers only from a table about what the question asks (value76,
keyed_row.TABLE_ABOUT): every content word of the asking sentence that does not key the row
(its verbs and the words asking for the value aside) must be said by the table's header row,
caption, heading or title. "How many days' leave do I get when my friend gets married?" keys
"Other relative or close friend" of a bereavement table, which says nothing of weddings; "What
time do we open and close?" keys no row by its verb ("closed" of a winter column); a told
sentence keys a row only when the asking sentence points back to it ("Someone said Code Amber.
What does that mean?"). Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import keyed_row
from wikiqa.answerers.features import key_set
from wikiqa.answerers.keyed_row import (
    about_table,
    asker_verbs,
    asking_topic,
    keying_text,
    last_sentence,
)
from wikiqa.store.embed import OnnxEmbedder


@pytest.fixture(autouse=True)
def _keyed_row_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keyed_row, "KEYED_ROW", True)


BEREAVEMENT = (
    "Compassionate and Bereavement Leave",
    "# Compassionate and Bereavement Leave\n\n"
    "Tell your manager as soon as you can. Paid leave depends on your relationship:\n\n"
    "| Relationship | Paid leave |\n|---|---|\n"
    "| Partner, child or parent | 5 working days |\n"
    "| Sibling, grandparent or grandchild | 3 working days |\n"
    "| Other relative or close friend | 1 working day (for the funeral) |\n",
)
EXPENSES = (
    "Expenses",
    "# Expenses\n\n"
    "Claim what you spend on company business through the expenses app within a month.\n\n"
    "| Expense | Limit |\n|---|---|\n"
    "| Lunch when working away from your usual workplace for more than 5 hours | £8 |\n"
    "| Evening meal when away overnight | £22 |\n"
    "| Hotel outside London | £95 a night |\n",
)
HOURS = (
    "Opening Hours",
    "# Opening Hours\n\n"
    "Regular opening hours of our sites. The season runs from 1 April to 31 October.\n\n"
    "| Type of site | Season | Winter |\n|---|---|---|\n"
    "| Hire base office | 08:30 to 17:30 every day | 09:00 to 16:00 Monday to Friday |\n"
    "| Day boat station | 09:00 to 17:00 every day | closed |\n",
)
STAGES = (
    "Rent Arrears: Recovery Stages",
    "# Rent Arrears: Recovery Stages\n\n"
    "Work through the stages in order and record each action on the tenancy file.\n\n"
    "| Stage | When | Action |\n|---|---|---|\n"
    "| 1 | One week's rent unpaid | Text and call the tenant |\n"
    "| 2 | Arrears reach £350 | Letter and home visit within 10 working days |\n"
    "| 3 | Arrears reach £700 and no agreement kept | Notice of Seeking Possession, approved "
    "by the team leader |\n",
)
GRANDPARENT = "How many days' compassionate leave do I get for a grandparent?"
HOTEL = "I'm staying over for a supplier visit. How much can I spend on a hotel?"


def test_the_askers_verbs_name_no_thing() -> None:
    assert asker_verbs("What time do we open and close?") == {"open", "close"}
    assert asker_verbs("How much can I spend on a hotel?") == {"spend"}
    assert "hotel" not in asker_verbs("How much can I spend on a hotel?")
    assert asker_verbs("At what point do we serve a NOSP?") == {"serv"}


def test_a_told_sentence_keys_only_when_the_ask_points_back() -> None:
    amber = "Someone just said Code Amber on the radio. What does that mean"
    assert last_sentence(amber) == "What does that mean"
    assert "Code Amber" in keying_text(amber)
    assert keying_text(HOTEL) == "How much can I spend on a hotel?"  # the visit keys nothing


def test_the_topic_is_the_asking_sentences_words_but_its_verbs_and_glosses() -> None:
    assert asking_topic(HOTEL) == {"hotel"}
    nosp = asking_topic("At what point do we serve a Notice of Seeking Possession (NOSP)?")
    assert "nosp" not in nosp and "serv" not in nosp
    assert "wed" in "".join(asking_topic("How much can I spend on a hotel for my own wedding?"))


def test_a_table_is_about_the_words_its_header_caption_heading_or_title_say() -> None:
    table = key_set("| Relationship | Paid leave | Compassionate and Bereavement Leave")
    keyed = key_set("Sibling, grandparent or grandchild")
    assert about_table(asking_topic(GRANDPARENT), keyed, table)
    friend = "How many days' leave do I get when my friend gets married?"
    assert not about_table(asking_topic(friend), key_set("Other relative or close friend"), table)


async def test_the_row_of_a_table_about_the_ask_answers(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, {"s": STAGES, "e": EXPENSES}, "At what point do we send a letter?"
    )
    assert quotes is not None and any("Arrears reach £350" in q for q in quotes), quotes


OTHER_MATTERS = (
    ("How much can I spend on a hotel for my own wedding?", "a night"),
    ("What do we do at stage 2 of a tenancy dispute?", "£350"),
)


@pytest.mark.parametrize(("question", "value"), OTHER_MATTERS)
async def test_a_keyed_row_answers_no_other_matter(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch, question: str, value: str
) -> None:
    docs = {"b": BEREAVEMENT, "e": EXPENSES, "s": STAGES}
    quotes = await quotes_over(emb, docs, question)
    assert quotes is None or not any(value in q for q in quotes), quotes
    monkeypatch.setattr(keyed_row, "TABLE_ABOUT", False)  # the reading unbounded answered it
    quotes = await quotes_over(emb, docs, question)
    assert quotes is not None and any(value in q for q in quotes), quotes


@pytest.mark.parametrize(
    "question",
    [
        "How many days' leave do I get when my friend gets married?",  # another matter
        "Can I take a sabbatical?",  # a topic no document covers
        "Is there a bonus for a friend's funeral?",  # an attribute no header says
    ],
)
async def test_a_keyed_row_of_a_table_about_another_matter_never_answers(
    emb: OnnxEmbedder, question: str
) -> None:
    quotes = await quotes_over(emb, {"b": BEREAVEMENT, "e": EXPENSES}, question)
    assert quotes is None or not any("working day" in q for q in quotes), quotes


@pytest.mark.parametrize(
    "question",
    [
        "How much can I spend on a hotel for my own wedding?",  # the asker's own matter
        "Is there a bonus for staying in a hotel?",  # an attribute no header says
        "Can I take a sabbatical?",
    ],
)
async def test_the_hotel_row_answers_no_other_matter(emb: OnnxEmbedder, question: str) -> None:
    quotes = await quotes_over(emb, {"e": EXPENSES, "b": BEREAVEMENT}, question)
    assert quotes is None or not any("a night" in q for q in quotes), quotes


async def test_the_hotel_row_still_answers(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"e": EXPENSES, "b": BEREAVEMENT}, HOTEL)
    assert quotes is not None and any("£95 a night" in q for q in quotes), quotes


async def test_the_hotel_row_withheld_refuses(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"b": BEREAVEMENT, "h": HOURS}, HOTEL)
    assert quotes is None or not any("working day" in q or "every day" in q for q in quotes)
