"""What to do about the people the job serves told in everyday words ("a freebie" for an
unhappy guest, "copied", "nobody's home", "a dead sheep", "working alone ... how often do I
check in") is read as the documents write it ("what you can offer", "academic misconduct", "if
nobody is in", "an animal injured, trapped or dead", "lone working": told_duty.py), so the
line ruling on it answers; what no document rules on, and another place's rule, stay refused.
Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_duty import duties_told, duty_said, plain_duty
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

COMPLAINTS = (
    "Handling Guest Complaints",
    "# Handling Guest Complaints\n\n"
    "Listen, apologise, and fix the problem if you can. Log every complaint with what you did.\n\n"
    "## What you can offer\n\n"
    "| Your role | You can offer, without asking |\n"
    "|---|---|\n"
    "| Receptionist, waiter or bartender | a free drink or dessert, or up to £30 off the bill |\n"
    "| Duty manager | up to £250 off the bill, or a free night on a future stay |\n",
)
REPAIRS = (
    "Repairs Operative Handbook",
    "# Repairs Operative Handbook\n\n"
    "## On the day\n\n"
    "- Ring the tenant 30 minutes before you arrive.\n"
    '- If nobody is in, wait 15 minutes, leave a "sorry we missed you" card and take a photo '
    "of the door.\n"
    "- Wear your ID badge where it can be seen.\n",
)
STANDBY = (
    "Out-of-Hours Standby",
    "# Out-of-Hours Standby\n\n"
    "Standby runs from 17:00 to 08:00. Nobody does more than 1 week of standby in 4 unless "
    "they volunteer. The standby payment is £150 a week.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays. Book leave in "
    "the HR system at least 2 weeks ahead.\n",
)
UPLAND = (
    "Lone Working in the Upland Region",
    "# Lone Working in the Upland Region\n\n"
    "This is the regional version of the Lone Working policy for every site in the Upland "
    "region.\n\n"
    "- Check in every 60 minutes, using the satellite messenger in your van.\n"
    "- If you miss a check-in by 10 minutes, the Upland lone worker line raises the alarm.\n",
)
ASB = (
    "Anti-Social Behaviour: Case Handling",
    "# Anti-Social Behaviour: Case Handling\n\n"
    "Every report of anti-social behaviour is logged and given a category.\n\n"
    "| Category | Examples | First contact with the reporter |\n"
    "|---|---|---|\n"
    "| Category A | Hate crime, threats of violence, drug dealing from a home | within 1 working day |\n"
    "| Category B | Harassment, vandalism, repeated loud parties | within 3 working days |\n\n"
    "Noise from everyday living, such as footsteps, children playing or washing machines, is "
    "not anti-social behaviour; offer mediation instead.\n\n"
    "Close a case only after agreeing it with the reporter.\n",
)
DOCS = {"complaints": COMPLAINTS, "repairs": REPAIRS, "standby": STANDBY, "leave": LEAVE}


def test_the_situation_told_is_said_as_the_documents_say_it() -> None:
    assert plain_duty("A guest is furious. Can I give her a freebie?") == (
        "A guest is furious. Can I give her a freebie (what you can offer: a goodwill gesture, "
        "free or off the bill)?"
    )
    assert plain_duty("A diner complained. Can I comp their dessert?") == (
        "A diner complained. Can I comp their dessert (what you can offer: a goodwill gesture, "
        "free or off the bill)?"
    )
    assert plain_duty("A pupil had a smartwatch on during the exam. What happens?") == (
        "A pupil had a smartwatch on during the exam (a candidate found with a phone or "
        "unauthorised item: academic misconduct). What happens?"
    )
    assert plain_duty("A student was caught copying. What happens?") == (
        "A student was caught copying (academic misconduct or plagiarism: an offence). What "
        "happens?"
    )
    assert plain_duty("How many marks does a student lose for handing coursework in late?") == (
        "How many marks does a student lose for work submitted late?"
    )
    assert plain_duty("I'm at a repair and nobody's home. How long do I hang on?") == (
        "I'm at a repair and nobody's home (if nobody is in). How long do I hang on (wait)?"
    )
    assert plain_duty("Found a dead sheep. Who do I phone?") == (
        "Found a dead sheep (an animal injured, trapped or dead). Who do I phone?"
    )
    assert plain_duty("Can I have a quick look at her notes?") == (
        "Can I have a quick look at her record (open a person's record when not involved in "
        "their care)?"
    )
    assert plain_duty("Neighbour keeps complaining about kids running about upstairs. ASB?") == (
        "Neighbour keeps complaining about noise from everyday living, children playing "
        "upstairs. anti-social behaviour?"
    )
    assert plain_duty("A tenant sounded scared of her partner. What do I do?") == (
        "A tenant seems afraid of someone in the home: a concern about abuse. who do I tell "
        "about the concern?"
    )
    assert plain_duty("A kid's told me something at home scares him.") == (
        "A kid's told me something at home scares him (afraid of someone in the home: a "
        "concern about abuse)."
    )
    assert plain_duty("A little boy has lost his mum. What do I do?") == (
        "a child is lost (a lost child). What do I do?"
    )
    assert plain_duty("A passenger's lost her little girl in departures.") == (
        "A passenger's lost a child (a lost child) in departures."
    )
    assert plain_duty("I'm out on my own all day. How often do I ring in?") == (
        "I'm out on my own (lone working: check in) all day. How often do I ring in?"
    )
    assert duties_told("If I forget to check out after a visit, who rings me?") == ["alone"]


def test_what_tells_no_such_situation_is_left_as_told() -> None:
    for same in (
        "Do I get a free meal on shift?",  # a perk, nobody unhappy (told_perks.py)
        "Can I copy files to a USB stick?",  # no one taught is copying
        "Nobody is in at the office when I arrive. What should I do?",  # no visit
        "Can I lift 30 kilos on my own?",  # manual handling, no checking in (told_conduct.py)
        "What time is check-in for guests?",  # a hotel's check-in, nobody alone
        "The van has a dead battery. Who do I ring?",  # no animal
        "A guest is furious about the noise. Who do I tell?",  # unhappy, nothing offered
        "I lost my dad last week. How long can I have off?",  # a death (told_death.py)
        "She lost her daughter last year. Can she have more leave?",  # a death, not a lost child
        "The kids are running about in the canteen. Can I eat outside?",  # no one's neighbours
        "A guest is scared of heights. Can she have a lower room?",  # no one at home feared
    ):
        assert plain_duty(same) == same, same


def _answered(doc_id: str, *quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id=doc_id, quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_situation_told() -> None:
    visit = "I've turned up for a repair and nobody's home. How long should I hang on?"
    assert duties_told(visit) == ["nobody"]
    rota = _answered("standby.md", "Nobody does more than 1 week of standby in 4.")
    assert duty_said(visit, rota).refusal is not None
    rule = _answered("repairs.md", "- If nobody is in, wait 15 minutes, leave a card.")
    assert duty_said(visit, rule) == rule
    # a question telling no such situation is left to the answerer
    assert duty_said("How many days of leave do I get?", rota) == rota


def test_the_new_situations_must_be_said_by_a_cited_line() -> None:
    kids = "Neighbour keeps complaining about kids running about upstairs. Is that ASB?"
    assert duties_told(kids) == ["noise"]
    leave = _answered("leave.md", "Full-time staff get 25 days of annual leave a year.")
    assert duty_said(kids, leave).refusal is not None
    noise = _answered("asb.md", "Noise from everyday living is not anti-social behaviour.")
    assert duty_said(kids, noise) == noise
    scared = "A tenant sounded scared of her partner. What do I do?"
    assert duty_said(scared, leave).refusal is not None
    lead = _answered("safeguarding.md", "Tell the safeguarding lead and log the concern.")
    assert duty_said(scared, lead) == lead
    lost = "A little boy has lost his mum. What do I do?"
    assert duty_said(lost, leave).refusal is not None
    ring = _answered("visitors.md", "4. If the child is not found within 15 minutes, ring 999.")
    assert duty_said(lost, ring) == ring


def test_a_working_alone_rule_named_for_another_place_is_refused() -> None:
    riverside = "I'm working alone at a Riverside site. How often must I check in?"
    upland = "I'm working alone at an Upland site. How often must I check in?"
    regional = _answered("safety/lone-working-upland.md", "- Check in every 60 minutes.")
    assert duty_said(riverside, regional).refusal is not None
    assert duty_said(upland, regional) == regional
    archived = _answered("archive/lone-working-2023.md", "- Check in every 3 hours.")
    assert duty_said(riverside, archived).refusal is not None
    general = _answered("safety/lone-working.md", "- Check in on the app at least every 2 hours.")
    assert duty_said(riverside, general) == general


FREEBIE = "A guest kicked off about a dirty room. Can I give them a freebie to calm things down?"
KIDS = "Neighbour keeps complaining about kids running about in the flat upstairs. Is that ASB?"
NOBODY = "I've turned up for a repair and nobody's home. How long should I hang on?"


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, NOBODY)
    assert quotes is not None and any("wait 15 minutes" in q for q in quotes), quotes


async def test_without_the_reading_nobody_home_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_duty", lambda text: text)
    quotes = await quotes_over(emb, DOCS, NOBODY)
    assert quotes is None or not any("wait 15 minutes" in q for q in quotes)


async def test_kids_running_about_is_answered_as_everyday_noise(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"asb": ASB, "leave": LEAVE}, KIDS)
    assert quotes is not None and any("everyday living" in q for q in quotes), quotes


async def test_without_the_reading_kids_running_about_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_duty", lambda text: text)
    quotes = await quotes_over(emb, {"asb": ASB, "leave": LEAVE}, KIDS)
    assert quotes is None or not any("everyday living" in q for q in quotes)


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    for docs, question in (
        ({"standby": STANDBY, "leave": LEAVE}, FREEBIE),
        ({"standby": STANDBY, "leave": LEAVE}, NOBODY),
        ({"repairs": REPAIRS, "leave": LEAVE}, "Found a dead sheep on the hill. Who do I phone?"),
        (
            {"safety/lone-working-upland.md": UPLAND, "leave": LEAVE},
            "I'm out on my own at a Riverside site all day. How often do I ring in?",
        ),
        ({"complaints": COMPLAINTS, "leave": LEAVE}, KIDS),
        (
            {"standby": STANDBY, "leave": LEAVE},
            "A guest sounded scared of her partner at check-in. What do I do?",
        ),
        ({"repairs": REPAIRS, "leave": LEAVE}, "A little girl has lost her mum. What do I do?"),
    ):
        assert await quotes_over(emb, docs, question) is None, question
