"""What staff may do told in everyday words ("a weekend job in a pub", "I'm seeing one of my
students", "pics on my instagram", "sell on eBay", "30 kilos on my own") is read as the
conduct rules write it ("other paid work", "relationship", "social media", "resell", "kg
alone": told_conduct.py), so the ruling line answers; and what no document rules on stays
refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_conduct import conduct_said, conduct_told, plain_conduct
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

CONDUCT = (
    "Code of Conduct",
    "# Code of Conduct\n\n"
    "## Working elsewhere\n\n"
    "Drivers must tell their depot manager about any other paid work. Hours worked "
    "elsewhere count towards your fatigue limits.\n\n"
    "## Relationships at work\n\n"
    "Relationships between a member of staff and someone they supervise must be declared "
    "to the head of department.\n\n"
    "## Social media\n\n"
    "Do not post photos from site on personal social media.\n",
)
HANDLING = (
    "Manual Handling",
    "# Manual Handling\n\n"
    "- No one lifts more than 25 kg alone.\n"
    "- Loads over 50 kg are moved only with mechanical equipment.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "| Relationship | Paid leave |\n|---|---|\n| Partner | 5 days |\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays. Book leave in "
    "the HR system at least 2 weeks ahead.\n",
)
DOCS = {"c": CONDUCT, "h": HANDLING, "l": LEAVE}


def test_the_situation_told_is_said_as_the_documents_say_it() -> None:
    assert plain_conduct("I've got a weekend job in a pub. Do I need to tell anyone?") == (
        "I've got a weekend job (a second job, other paid work, outside work) in a pub. "
        "Do I need to tell anyone?"
    )
    assert plain_conduct("I'm seeing one of my students. What do I do?") == (
        "I'm in a relationship with one of my students. What do I do?"
    )
    assert plain_conduct("can I put pics from site on my instagram") == (
        "can I put photos from site on my instagram (personal social media)"
    )
    assert plain_conduct("Can I sell stuff I buy in our shops on eBay?") == (
        "Can I resell stuff I buy in our shops online (on eBay)?"
    )
    assert plain_conduct("What do I need to wear in the freezer?") == (
        "What do I need to wear (PPE) in the freezer?"
    )
    assert plain_conduct("A box is about 30 kilos. Can I lift it on my own?") == (
        "A box is about 30 kg. Can I lift it alone (manual handling)?"
    )
    assert plain_conduct("Can I stay in the lab by myself on a Saturday?") == (
        "Can I stay in the lab alone (working alone, lone working) on a Saturday?"
    )


def test_what_is_not_the_situation_is_left_as_told() -> None:
    for same in (
        "Am I allowed to have a second job at another hotel?",  # the documents' own words
        "I'm seeing a patient at 3. Can I take lunch late?",  # seeing, not a relationship
        "I'm seeing the doctor on Monday. Do I need a note?",
        "Can I sell my car to a colleague?",  # no marketplace named
        "Can I wear my own coat?",  # not "what do I wear"
        "Can I book leave on my own?",  # neither lifting nor working
        "I'm on a night job tomorrow. When do I start?",  # a task, not a second job
    ):
        assert plain_conduct(same) == same, same


JOB = "I've got a weekend job in a pub. Do I need to tell anyone?"


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    for question, said in (
        (JOB, "about any other paid work"),
        ("can I put pics from site on my instagram", "personal social media"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None and any(said in q for q in quotes), question


async def test_without_the_reading_the_weekend_job_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_conduct", lambda text: text)
    quotes = await quotes_over(emb, DOCS, JOB)
    assert quotes is None or not any("other paid work" in q for q in quotes)


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    without = {"h": HANDLING, "l": LEAVE}  # no conduct rules: a leave table says "Relationship"
    for question in (
        JOB,
        "I'm dating my manager. Do I have to tell anyone?",
        "Can I post pics from the warehouse on my tiktok?",
        "Can I sell stuff I buy with my discount on eBay?",
    ):
        assert await quotes_over(emb, without, question) is None, question


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_situation_told() -> None:
    dating = "I'm dating my manager. Do I have to tell anyone?"
    assert conduct_told(dating) == ["relationship"]
    table = _answered("| Relationship | Paid leave |", "| Partner | 5 days |")
    assert conduct_said(dating, table).refusal is not None
    rule = _answered("Tell your manager if a close relative or partner works in your team.")
    assert conduct_said(dating, rule) == rule
    assert conduct_told(JOB) == ["second job"]
    meal = _answered("- Evening meal allowance: £14 a night.")
    assert conduct_said(JOB, meal).refusal is not None
    assert conduct_said("How long can I have off?", meal) == meal
    # being alone must be said of where or at what the asker is alone
    roof = "Can I work on the roof by myself?"
    assert conduct_told(roof) == ["lone working"]
    staysafe = _answered(
        "Caretakers and operatives often work alone.", "- Start a StaySafe session."
    )
    assert conduct_said(roof, staysafe).refusal is not None
    lab = _answered("- Working alone in a laboratory after 19:00 needs a lone-working permit.")
    assert conduct_said("Can I stay in the lab on my own on a Saturday?", lab) == lab
    # a lone-working procedure already named is left to the search
    assert conduct_told("How often do I check in when I'm working on my own?") == []
