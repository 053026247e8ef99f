"""Being ill, struggling or let down by childcare told in everyday words ("a tummy bug", "I've
been feeling low", "my childminder let me down") is read as the documents write it
("diarrhoea or vomiting", "employee assistance programme, counselling", "a dependant's care
broke down": told_sick.py), so the line ruling on it answers a question refused as asked; and
what no document rules on stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_sick import plain_sick, sick_said, sick_told
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

SICKNESS = (
    "Reporting Sickness",
    "# Reporting Sickness\n\n"
    "## If you cannot come in\n\n"
    "Phone your duty manager yourself at least 2 hours before you are due to start. A text "
    "message or a message passed on by a colleague is not enough.\n\n"
    "## Coming back\n\n"
    "Staff with diarrhoea or vomiting must stay away from work until they have been free of "
    "symptoms for 48 hours.\n",
)
EAP = (
    "Employee Assistance Programme",
    "# Employee Assistance Programme\n\n"
    "Free, confidential support for you and anyone in your household, 24 hours a day.\n\n"
    "- Phone 0800 028 0199.\n"
    "- Up to 6 counselling sessions per issue, by phone or video.\n",
)
DEPENDANTS = (
    "Time Off for Dependants",
    "# Time Off for Dependants\n\n"
    "## Emergencies\n\n"
    "If someone who depends on you is ill or their care breaks down, you can take time off "
    "to sort it out. Up to 2 days for each emergency are paid.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 28 days of annual leave a year including bank holidays. Book leave "
    "on the rota app at least 2 weeks ahead.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\n"
    "Chefs get three sets of whites a year. Front of house staff wear black trousers and the "
    "company shirt.\n",
)
DOCS = {"s": SICKNESS, "e": EAP, "d": DEPENDANTS, "l": LEAVE, "u": UNIFORM}


def test_the_situation_told_is_said_as_the_documents_say_it() -> None:
    assert plain_sick("I was up all night with a tummy bug. When can I come back?") == (
        "I was up all night with a tummy bug (diarrhoea or vomiting). When can I come back?"
    )
    assert plain_sick("I've been off six weeks with my back. Anything I need to do?") == (
        "I've been off six weeks with my back (sickness absence). Anything I need to do?"
    )
    assert plain_sick("Can I just text my boss that I'm sick?") == (
        "Can I just text my manager that I'm too ill to work?"
    )
    assert plain_sick("Can I just WhatsApp my boss to say I'll be off ill?") == (
        "Can I just WhatsApp my manager to say I'll be off ill (report sickness absence)?"
    )
    assert plain_sick("If I'm ill, by what time do I have to ring in?") == (
        "If I'm ill, by what time do I have to ring in (report sickness absence)?"
    )
    assert plain_sick("I've been feeling low for weeks. Is there free therapy?") == (
        "I've been feeling low (employee assistance programme, counselling) for weeks. "
        "Is there free therapy (counselling)?"
    )
    assert plain_sick("The nursery closed today so I stayed home. Is that paid?") == (
        "The nursery closed (a dependant's care broke down, time off for dependants) "
        "today so I stayed home. Is that time off for a dependant's emergency paid?"
    )
    # an absence's cause is the absence, not a low mood
    assert sick_told("I've been off six weeks with stress. Do I see occupational health?") == [
        "absence"
    ]


def test_what_is_not_the_situation_is_left_as_told() -> None:
    for same in (
        "I'm off sick next week. Will I be paid?",  # the documents' own words
        "Is there a bug in the rota app?",  # a software bug
        "My manager is struggling with the new rota. Who can help him?",  # not the asker
        "The school trip was cancelled. Do I get my deposit back?",  # no care let down
        "Can I text my manager to swap a shift?",  # no illness told
        "Who do I talk to about my payslip?",  # no one "to talk to" in the asker's need
        "How long was the school closed?",  # not the asker's situation
        # the situation told, but asked what its rule does not give
        "I've been struggling lately. Does the programme pay for a private psychiatrist?",
        "My childminder let me down. Can I bring my kid onto site?",
        "I'm off sick with my knee. Does the company pay for an MRI scan?",
    ):
        assert plain_sick(same) == same, same


BUG = "I was up all night with a tummy bug. When can I come back on shift?"


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    for question, said in (
        (BUG, "free of symptoms for 48 hours"),
        ("I've been feeling really low. How many therapy sessions can I have?", "6 counselling"),
        ("My childminder let me down this morning. Is that paid?", "Up to 2 days"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None and any(said in q for q in quotes), question


LOW = "I've been feeling low for weeks. Is there free therapy through work?"


async def test_without_the_reading_feeling_low_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    quotes = await quotes_over(emb, DOCS, LOW)
    assert quotes is not None and any("6 counselling sessions" in q for q in quotes)
    monkeypatch.setattr(extractive, "plain_sick", lambda text: text)
    assert await quotes_over(emb, DOCS, LOW) is None


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    without = {"l": LEAVE, "u": UNIFORM, "d": DEPENDANTS}  # no sickness policy, no EAP
    for docs, question in (
        (without, BUG),
        (without, "I've been feeling really low. How many therapy sessions can I have?"),
        ({"l": LEAVE, "u": UNIFORM, "e": EAP}, "My childminder let me down. Is that paid?"),
        (DOCS, "I've been feeling low. Does the company pay for a gym membership?"),
    ):
        assert await quotes_over(emb, docs, question) is None, question


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_situation_told() -> None:
    assert sick_told(BUG) == ["bug"]
    leave = _answered("Book leave on the rota app at least 2 weeks ahead.")
    assert sick_said(BUG, leave).refusal is not None
    right = _answered("Staff must stay away until free of symptoms for 48 hours.")
    assert sick_said(BUG, right) == right
    low = "I'm really struggling at the moment. Is there anyone I can talk to?"
    assert sick_said(low, leave).refusal is not None
    eap = _answered("- Phone 0800 028 0199.", "Free, confidential support for you.")
    assert sick_said(low, eap) == eap
    # a question telling no such situation is left to the answerer
    assert sick_said("How long can I have off?", leave) == leave
