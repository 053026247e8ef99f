"""Starting, learning and leaving told in everyday words ("trial period", "a criminal
record check redone", "get into my email afterwards", "how long do I have to keep working
after I tell them", "is there a catch" of course money) asked again, when refused, in the
rule's words ("probation period", "DBS check renewed", "use my email account after I
leave", "how much notice must I give", "do I have to repay them if I leave")
(told_start.py, told_leaving.py, told_perks.py, told_money.py); what that answers must say
the situation, and what no document says stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_leaving import leaver_asked, leaver_said, leaver_told
from wikiqa.answerers.told_money import plain_money
from wikiqa.answerers.told_perks import plain_perks
from wikiqa.answerers.told_start import plain_start, start_said, start_told
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

PROBATION = (
    "Probation",
    "# Probation\n\n"
    "Every new starter, and anyone promoted into a new grade, serves a probation period.\n\n"
    "| Grade | Probation period |\n|---|---|\n| Grades 1 to 3 | 3 months |\n"
    "| Grades 4 to 6 | 6 months |\n\n"
    "- Your head of kitchen reviews your progress halfway through and at the end.\n"
    "- Probation can be extended once, by up to 2 months, if more time is needed; you will "
    "be told in writing why.\n"
    "- During probation either side can end employment with 1 week's notice.\n"
    "- Staff meals are free from your first shift.\n",
)
CHECKS = (
    "Pre-employment Checks",
    "# Pre-employment Checks\n\n"
    "No one may start work until every check below has been cleared by the Recruitment "
    "team.\n\n"
    "- Proof of identity and right to work in the UK.\n"
    "- Two references, one of which must cover at least 3 years of employment history.\n"
    "- An enhanced criminal record (DBS) check for all roles working with pupils. DBS checks "
    "are repeated every 3 years through the update service.\n"
    "- Occupational Health clearance before the first day.\n",
)
LEAVING = (
    "Leaving the School",
    "# Leaving the School\n\n"
    "- Return your lanyard, keys, laptop and any other equipment on your last working day.\n"
    "- Your staff email account closes 30 days after your last day; heads of year may ask "
    "to keep it for up to 12 months.\n"
    "- You will be invited to an exit survey, and may ask for an exit interview.\n"
    "- Your P45 is sent to your home address within 2 weeks of your final pay.\n",
)
NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\n"
    "| Grade | Notice you give |\n|---|---|\n| Grades 1 to 3 | 1 month |\n"
    "| Grades 4 to 6 | 2 months |\n",
)
FLEXIBLE = (
    "Flexible Working",
    "# Flexible Working\n\n"
    "Anyone may ask to change their hours. Most changes start with a 3-month trial before "
    "they become permanent.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\nChefs' whites are laundered on site. Replace worn items through your "
    "head chef.\n",
)
DOCS = {"p": PROBATION, "c": CHECKS, "l": LEAVING, "f": FLEXIBLE, "u": UNIFORM}

TRIAL = "My new chef isn't quite there yet. Can I extend their trial period?"
RECORD = "How often is a criminal record check redone?"
EMAIL = "I'm leaving at Easter. How long can I still get into my school email afterwards?"


def test_the_situation_is_said_in_the_rules_words() -> None:
    assert plain_start(TRIAL) == (
        "My new chef isn't quite there yet. Can I extend their probation period?"
    )
    assert plain_start(RECORD) == "How often is a DBS check renewed?"
    assert plain_start("Can the head stretch my trial period?") == (
        "Can the head extend my probation period?"
    )
    assert leaver_asked(EMAIL) == (
        "I'm leaving at Easter. How long can I still use my school email account after I leave?"
    )
    assert (
        leaver_asked(
            "I'm a sous chef thinking about leaving. How long do I have to keep working after I "
            "tell them?"
        )
        == "I'm a sous chef thinking about resigning. How much notice must I give?"
    )
    assert (
        leaver_asked("If the company dismisses me after 7 years, how much notice do I get?")
        == "If the company dismisses me after 7 years of service, how much notice do you give?"
    )
    assert leaver_asked("When will I receive my last wages after leaving?") == (
        "When is my final salary paid after leaving?"
    )
    assert plain_perks("Will the uni pay for my degree, and is there a catch?") == (
        "Will the uni pay the course fees (a study leave budget or course fees) for my degree, "
        "and do I have to repay them if I leave?"
    )
    assert plain_perks("I'm on an approved NVQ. Does the company cover tuition fees?") == (
        "I'm on an approved qualification. Does the company pay the course fees?"
    )
    assert plain_perks("If I quit after a year, do I have to give back the relocation money?") == (
        "If I quit after a year, do I have to pay back the relocation money if I leave?"
    )
    assert plain_money("I was underpaid last month. How soon will I get the money?") == (
        "I was underpaid (an underpayment or shortfall) last month. How soon will the "
        "underpayment be paid back?"
    )


def test_what_the_rule_does_not_give_is_left_as_asked() -> None:
    for question in (
        "Is my trial period paid at a lower rate?",  # probation's pay is not its rule
        "Can I get paid for my trial period twice?",
        "Who pays for my police check?",  # no renewal asked
        "How long is the free trial of the rota app?",
    ):
        assert plain_start(question) == question, question
    for question in (
        "How do I set up my email signature?",  # no leaving told
        "How long do I have to keep working after my shift ends?",
        "How much notice do I get of a rota change?",  # no dismissal told
    ):
        assert leaver_asked(question) == question, question
    assert plain_perks("Is there a catch with the staff discount?") == (
        "Is there a catch with the staff discount?"
    )


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_situation() -> None:
    assert start_told(TRIAL) == ["probation"]
    assert (
        start_said(TRIAL, _answered("- Probation can be extended once, by up to 2 months.")).refusal
        is None
    )
    assert start_said(TRIAL, _answered("Most changes start with a 3-month trial.")).refusal
    assert leaver_told(EMAIL) == ["email"]
    assert (
        leaver_said(EMAIL, _answered("Your staff email account closes 30 days after")).refusal
        is None
    )
    assert leaver_said(EMAIL, _answered("Return your lanyard and keys on your last day.")).refusal


async def test_everyday_wording_answers_from_the_rules_line(emb: OnnxEmbedder) -> None:
    for question, said in (
        (TRIAL, "extended once"),
        (RECORD, "every 3 years"),
        (EMAIL, "30 days"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None and any(said in q for q in quotes), question


async def test_without_the_reading_the_trial_period_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_start", lambda text: text)
    assert await quotes_over(emb, DOCS, TRIAL) is None


async def test_what_no_document_says_stays_refused(emb: OnnxEmbedder) -> None:
    for docs, question in (
        ({"c": CHECKS, "l": LEAVING, "u": UNIFORM}, TRIAL),
        ({"p": PROBATION, "l": LEAVING, "u": UNIFORM}, RECORD),
        ({"p": PROBATION, "c": CHECKS, "u": UNIFORM, "n": NOTICE}, EMAIL),
        (DOCS, "Is my trial period paid at a lower rate?"),
    ):
        assert await quotes_over(emb, docs, question) is None, question
