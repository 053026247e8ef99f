"""Something gone wrong on the job told in everyday words ("after a crash", "I cut my hand",
"I emailed it to the wrong class", "someone collapsed") is read as the documents write it
("collision", "injury", "data breach", "medical emergency": told_incident.py), so the line
ruling on it answers; what no document rules on stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_incident import incident_said, incidents_told, plain_incident
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

COLLISION = (
    "What To Do After a Road Collision",
    "# What To Do After a Road Collision\n\n"
    "1. Stop somewhere safe and switch on your hazard lights.\n"
    "2. Exchange names and insurance details; do not admit liability.\n"
    "3. Report the collision to the Fleet Desk within 1 hour.\n"
    "4. Complete the collision report form in DriverCheck within 24 hours.\n",
)
ACCIDENTS = (
    "Reporting Accidents and Near Misses",
    "# Reporting Accidents and Near Misses\n\n"
    "Report every accident and near miss on the SafeTrack app.\n\n"
    "| What happened | Tell | How fast |\n"
    "|---|---|---|\n"
    "| Injury needing hospital treatment | Your manager and the control room | At once, by phone |\n"
    "| Any other injury | Your manager | Before the end of your shift |\n",
)
DATA = (
    "Data Protection",
    "# Data Protection\n\n"
    "- Keep personal data only as long as the retention schedule says.\n"
    "- If personal data are lost, sent to the wrong person or accessed without authority, "
    "report it to the Data Protection Officer within 24 hours of discovering it.\n",
)
FIRST_AID = (
    "Accidents and First Aid",
    "# Accidents and First Aid\n\n"
    "- First aiders are listed on the green sign in every corridor.\n"
    "- For a serious injury, call Security on extension 2222 first: Security calls the "
    "ambulance and meets it at the gate.\n"
    "- Defibrillators are at every main reception.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays. Book leave in "
    "the HR system at least 2 weeks ahead.\n",
)
DOCS = {"c": COLLISION, "a": ACCIDENTS, "d": DATA, "f": FIRST_AID, "l": LEAVE}


def test_the_incident_told_is_said_as_the_documents_say_it() -> None:
    assert plain_incident("How long have I got after a crash?") == (
        "How long have I got after a crash (a collision)?"
    )
    assert plain_incident("I scraped the company van on a bollard.") == (
        "I scraped the company van (accident or damage) on a bollard."
    )
    assert plain_incident("When is the accident report due?") == (
        "When is the accident or incident report due?"
    )
    assert plain_incident("I cut my hand on a job today.") == (
        "had an injury (I cut my hand) on a job today."
    )
    assert plain_incident("I emailed the marks to the wrong class.") == (
        "I emailed the marks to the wrong class (a data breach: personal data sent to the "
        "wrong person)."
    )
    assert plain_incident("Someone collapsed in the corridor.") == (
        "Someone collapsed (a serious injury or medical emergency) in the corridor."
    )
    assert plain_incident("A guest fainted in the restaurant. Who do I call?") == (
        "A guest fainted (a serious injury or medical emergency) in the restaurant. Who do I call?"
    )


def test_what_is_no_incident_is_left_as_told() -> None:
    for same in (
        "The system had a crash this morning. Who fixes it?",  # a computer, not a road
        "Is there a crash course in first aid?",  # a course
        "I lost my dad last week. How long can I have off?",  # a death (told_death.py)
        "I'm out on my own all day. How often do I ring in?",  # lone working is not read
        "I cut my hours to four days. Does my leave change?",  # hours, not a hand
        "I sent the rota to my team. Is that enough?",  # no wrong recipient
        "Can I ring in sick by text?",  # sickness, not lone working
        "I hit my targets this month. Do I get a bonus?",  # no vehicle
        "I sent a parcel to the wrong address. What now?",  # no personal data sent
        "I hurt my back at home. How much sick pay do I get?",  # sickness, not an accident
    ):
        assert plain_incident(same) == same, same


CRASH = "How long have I got to fill in the paperwork after a crash?"


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    for question, said in (
        (CRASH, "within 24 hours"),
        ("A student fainted in my lecture. Who do I call first?", "call Security"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None and any(said in q for q in quotes), (question, quotes)


async def test_without_the_reading_the_crash_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_incident", lambda text: text)
    quotes = await quotes_over(emb, DOCS, CRASH)
    assert quotes is None or not any("collision report form" in q for q in quotes)


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    for docs, question in (
        ({"d": DATA, "l": LEAVE}, CRASH),
        (
            {"c": COLLISION, "l": LEAVE},
            "I emailed a customer's bill to the wrong customer. How long have I got to report it?",
        ),
        ({"d": DATA, "l": LEAVE}, "Someone collapsed in the foyer. Who do I ring first?"),
        ({"c": COLLISION, "l": LEAVE}, "I cut my hand in the kitchen. When do I report it by?"),
        ({"f": FIRST_AID, "l": LEAVE}, "I scraped the minibus on a gatepost. Who do I tell?"),
    ):
        assert await quotes_over(emb, docs, question) is None, question


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_incident_told() -> None:
    van = "I scraped the company van on a bollard. Who do I tell?"
    assert incidents_told(van) == ["damage"]
    rule = _answered("Partners and family may not drive or travel in a company van.")
    assert incident_said(van, rule).refusal is not None
    report = _answered("Report any accident or damage to the plant coordinator the same day.")
    assert incident_said(van, report) == report
    cut = "I cut my hand on a job today. When do I need to report it by?"
    assert incidents_told(cut) == ["injury"]
    absence = _answered("Ring your manager before 08:00 on the first day.")
    assert incident_said(cut, absence).refusal is not None
    row = _answered("| Any other injury | Your manager | Before the end of your shift |")
    assert incident_said(cut, row) == row
    # a question telling no incident is left to the answerer
    assert incident_said("How long can I have off?", rule) == rule
