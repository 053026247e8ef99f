"""A table row the question names by its key and by what its key column says befell the key
("My dad died" and "| Who has died | ... | Your parent ... | 5 working days |") answers a
question asking nothing the table does not say, lifted over another document's refused line
(told_key.py). Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.features import key_set
from wikiqa.answerers.told_key import answers_told, befell, told_keys
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Document

BEREAVEMENT = (
    "Bereavement Leave",
    "# Bereavement Leave\n\n"
    "We know that grief does not follow a timetable. Speak to your supervisor as soon as "
    "you can; they will not ask for proof.\n\n"
    "| Who has died | Paid leave |\n|---|---|\n"
    "| Your partner or your child | 10 working days |\n"
    "| Your parent, step-parent, brother or sister | 5 working days |\n"
    "| Your grandparent or grandchild | 3 working days |\n"
    "| Your partner's parent | 3 working days |\n"
    "| Anyone else close to you | 1 working day for the funeral |\n",
)
CARERS = (
    "Time Off for Dependants and Carers",
    "# Time Off for Dependants and Carers\n\n## Emergencies\n\n"
    "You can take time off to deal with an emergency involving someone who depends on you: "
    "a child's school ringing to say they are ill, an elderly relative having a fall.\n\n"
    "- The first 2 days of emergency time off in each leave year are paid.\n"
    "- Tell your supervisor as soon as you can, before 07:00 if you work on site.\n\n"
    "## Carer's leave\n\n"
    "If you look after someone with a long-term illness, disability or care needs because "
    "of old age, you can take up to 5 days of carer's leave a year. Carer's leave is unpaid. "
    "You can take it in half days or whole days.\n",
)
PAY = (
    "Pay Dates 2026-27",
    "# Pay Dates 2026-27\n\n"
    "Your timesheet for the week ending Sunday must be signed off by your supervisor by 10:00 "
    "on Monday. Pay day is the last Friday of the month; if that is a bank holiday, the day "
    "before. How long you worked each day is taken from the timesheet.\n",
)
DOCS = {"b": BEREAVEMENT, "c": CARERS, "p": PAY}
DAD = "My dad died on Sunday. How long can I have off?"
HEADER = "| Who has died | Paid leave |"
PARENT = "| Your parent, step-parent, brother or sister | 5 working days |"


def test_what_a_key_column_says_befell_the_key() -> None:
    columns, values = ["Who has died", "Paid leave"], ["Your parent", "5 working days"]
    assert told_keys(columns, values, [0]) == key_set("died")
    # a noun header says which row, not what befell it
    assert told_keys(["Length of service", "Sick pay"], ["Under 2 years", "4 weeks"], [0]) == (
        frozenset()
    )


def test_the_one_named_is_the_one_it_befell() -> None:
    died = key_set("died")
    cell = "Your parent, step-parent, brother or sister"
    assert befell(DAD, cell, died)
    assert befell("My mum has just died.", cell, died)
    assert not befell("My dad's dog died.", cell, died)
    assert not befell("My dad is very ill and might die.", cell, died)
    assert not befell("My mum nearly died in a crash.", cell, died)
    assert not befell("My grandad died.", cell, died)


def test_the_row_answers_only_an_ask_its_table_says() -> None:
    doc = Document(source="m", doc_id="b", title=BEREAVEMENT[0], text=BEREAVEMENT[1])
    q = frozenset(key_set(DAD))
    assert answers_told(DAD, q, doc, HEADER, PARENT)
    tell = "My dad died on Sunday. How long do I have to tell my supervisor?"
    assert not answers_told(tell, frozenset(key_set(tell)), doc, HEADER, PARENT)
    # an asker of a kind of engagement with its own guide, or one saying it
    assert not answers_told(DAD, q, doc, HEADER, PARENT, frozenset({"volunteer"}))
    agency = "I'm an agency worker. My dad died on Sunday. How long can I have off?"
    assert not answers_told(agency, frozenset(key_set(agency)), doc, HEADER, PARENT)


async def test_the_row_told_answers_over_the_carers_line(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, DAD)
    assert quotes is not None
    assert any("5 working days" in q for q in quotes)


async def test_without_the_rule_the_question_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "told_row", lambda *a, **k: None)
    assert await quotes_over(emb, DOCS, DAD) is None


async def test_what_the_table_does_not_say_stays_refused(emb: OnnxEmbedder) -> None:
    for question in (
        "My dad died on Sunday. How long do I have to tell my supervisor?",
        "My dad's dog died on Sunday. How long can I have off?",
        "My cat died on Sunday. How long can I have off?",
    ):
        assert await quotes_over(emb, DOCS, question) is None, question
