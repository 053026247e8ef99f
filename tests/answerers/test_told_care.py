"""Care told in everyday words asked again in the documents' words when refused (care54):
the asker's ask said as the situation's rule says it ("anyone I can talk to" -> "an employee
assistance programme I can phone", "in the middle of the night" -> "24 hours a day"), a death's
"time off" as "paid bereavement leave" (told_death.py), the father's "my wife is due" as
"giving birth" (told_birth.py), and bullying "without going through my manager" as a
confidential line (told_concern.py); what no document rules on stays refused. Small documents
written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_birth import birth_due, birth_said
from wikiqa.answerers.told_bound import asks_beyond
from wikiqa.answerers.told_concern import concern_said, plain_concern
from wikiqa.answerers.told_death import bereaved_ask, bereavement_said
from wikiqa.answerers.told_sick import plain_sick, sick_said
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

EAP = (
    "Wellbeing",
    "# Wellbeing\n\n"
    "Working nights in a busy kitchen is hard. Please look after yourself.\n\n"
    "## Employee Assistance Programme\n\n"
    "Our Employee Assistance Programme is run by Calm Line. It is free and confidential.\n\n"
    "- Call 0800 111 2222, 24 hours a day, 365 days a year.\n"
    "- Up to 6 counselling sessions for each issue.\n",
)
GRIEVANCE = (
    "Raising a Grievance",
    "# Raising a Grievance\n\n"
    "If you have a problem at work, talk to your head of department first. If the problem is "
    "with your head of department, write to the General Manager.\n\n"
    "For bullying or harassment you can also call the confidential Speak Up line on "
    "0800 333 4444, which is run by an outside company.\n",
)
BEREAVEMENT = (
    "Bereavement Leave",
    "# Bereavement Leave\n\n"
    "Paid bereavement leave depends on who has died.\n\n"
    "| Relationship | Paid leave |\n|---|---|\n"
    "| Partner or child | 10 days |\n"
    "| Parent or sibling | 5 days |\n"
    "| Grandparent or grandchild | 3 days |\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\n"
    "Chefs get three sets of whites a year. Front of house staff wear black trousers and the "
    "company shirt. Tell your head of department when a set wears out.\n",
)
ROTA = (
    "Rota",
    "# Rota\n\n"
    "The rota is published two weeks ahead. Swap shifts through the rota app; your manager "
    "approves each swap within 24 hours.\n",
)
DOCS = {"e": EAP, "g": GRIEVANCE, "b": BEREAVEMENT, "u": UNIFORM, "r": ROTA}


def test_the_ask_is_said_as_the_rule_says_it() -> None:
    assert plain_sick("I'm really struggling at the moment, is there anyone I can talk to?") == (
        "I'm really struggling at the moment, is there an employee assistance programme I can "
        "phone?"
    )
    assert plain_sick(
        "Is there a number I can ring to talk to someone about stress, even in the middle of "
        "the night?"
    ) == (
        "Is there an employee assistance programme number I can call about stress, 24 hours a day?"
    )
    assert bereaved_ask("My nan died on Sunday. How many days off do I get?") == (
        "My nan died on Sunday. How many days of paid bereavement leave do I get?"
    )
    assert birth_due(
        "My wife is due in March. How much paid paternity or partner leave do I get?"
    ) == ("My wife is giving birth in March. How much paid paternity or partner leave do I get?")
    assert (
        plain_concern(
            "Is there a number I can ring about bullying without going through my head chef?"
        )
        == "Can I call a confidential line about bullying?"
    )


def test_what_asks_beyond_the_situation_is_left_as_told() -> None:
    assert asks_beyond(" do I get for the baby's first birthday?")
    assert not asks_beyond(" do I get, and is it paid?")
    for same in (
        # a number or someone for something else than the mood
        "I've been feeling low, is there anyone I can talk to about a pay advance?",
    ):
        assert "employee assistance programme I can phone" not in plain_sick(same), same
    for same in (
        "My nan died last year. How much time off can I have to scatter her ashes?",
        "How many days of compassionate leave do I get when my cousin dies?",  # named
        "My dog died on Sunday. How much time off can I have?",  # no relative
        "How much time off can I have?",  # no death told
    ):
        assert bereaved_ask(same) == same, same
    for same in (
        "My wife is due in March. How much paid paternity or partner leave do I get for "
        "the christening?",
        "My wife is due in March. How much maternity leave does she get?",  # not the father
    ):
        assert birth_due(same) == same, same
    for same in (
        "Is there a number I can ring about a parking fine without going through my manager?",
        "Is there a number I can ring about bullying?",  # not round the manager
        "Can I complain about bullying without going through my manager?",  # no way to call
    ):
        assert plain_concern(same) == same, same


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    # (the grievance's "talk to your head of department" answers "anyone I can talk to"
    # as asked, before any reading; a policy set without it shows the programme's line)
    calm = {"e": EAP, "b": BEREAVEMENT, "u": UNIFORM, "r": ROTA}
    for docs, question, said in (
        (calm, "I'm really struggling at the moment, is there anyone I can talk to?", "0800 111"),
        (
            DOCS,
            "Is there a number I can ring about bullying without going through my head chef?",
            "0800 333 4444",
        ),
        (DOCS, "My nan passed away on Sunday. How much time off can I have?", "3 days"),
    ):
        quotes = await quotes_over(emb, docs, question)
        assert quotes is not None and any(said in q for q in quotes), question


BULLYING = "Is there a number I can ring about bullying without going through my manager?"


async def test_without_the_reading_the_way_round_the_manager_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    quotes = await quotes_over(emb, DOCS, BULLYING)
    assert quotes is not None and any("Speak Up line" in q for q in quotes)
    monkeypatch.setattr(extractive, "plain_concern", lambda text: text)
    assert await quotes_over(emb, DOCS, BULLYING) is None


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    without = {"u": UNIFORM, "r": ROTA, "b": BEREAVEMENT}  # no programme, no Speak Up line
    for docs, question in (
        (without, "I'm really struggling at the moment, is there anyone I can talk to?"),
        (without, BULLYING),
        (
            without,
            "I'm stressed out, is there a number I can ring even in the middle of the night?",
        ),
        (
            {"u": UNIFORM, "r": ROTA, "e": EAP},
            "My nan passed away on Sunday. How much time off can I have?",
        ),
    ):
        assert await quotes_over(emb, docs, question) is None, question


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_situation_told() -> None:
    rota = _answered("Swap shifts through the rota app.")
    night = "I'm stressed out, is there a number I can ring even in the middle of the night?"
    assert sick_said(night, _answered("- Up to 6 counselling sessions.")).refusal is not None
    day = _answered("Counselling by phone, 24 hours a day.")
    assert sick_said(night, day) == day
    death = "My nan died on Sunday. How much time off can I have?"
    assert bereavement_said(death, rota).refusal is not None
    row = _answered("| Relationship | Paid leave |", "| Grandparent or grandchild | 3 days |")
    assert bereavement_said(death, row) == row
    dad = "My wife is due in March. How much paid paternity or partner leave do I get?"
    assert birth_said(dad, _answered("Mothers get 26 weeks at full pay.")).refusal is not None
    partner = _answered("A partner of someone giving birth can take 2 weeks at full pay.")
    assert birth_said(dad, partner) == partner
    assert concern_said(BULLYING, rota).refusal is not None
    line = _answered("You can also call the confidential Speak Up line on 0800 333 4444.")
    assert concern_said(BULLYING, line) == line
