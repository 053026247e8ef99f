"""The asker's own guide reached where it was missed (trap71): a guide titled by the asker's
own role word names them whatever the noun's ending ("Cadet Handbook" for a cadet,
`neighbours.role_before_guide`), and a situation the question tells whose names the asker's
own guide says is no key into another document, so the guide is read alone
(`own_situation.py`). On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers import neighbours, own_situation
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.neighbours import names_asker, title_readers
from wikiqa.answerers.own_situation import (
    situation_answered,
    situation_elsewhere,
    situation_names,
)
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

CADET = Principal(user_id="u-1", roles=["cadet"], departments=["deck"])
DECKHAND = Principal(user_id="u-2", roles=["staff"], departments=["deck"])
AGENCY = Principal(user_id="u-3", roles=["agency"], departments=[])

PROBATION = (
    "Probation",
    "# Probation\n\n"
    "New colleagues serve a probation period of 6 months. Your master reviews your "
    "progress at 3 months and again before the end.\n\n"
    "- Probation can be extended once, by up to 3 months.\n"
    "- During probation, company sick pay is not paid.\n",
)
CADETS = (
    "Cadet Handbook",
    "# Cadet Handbook\n\n"
    "Our cadetship lasts 3 years, with college phases and sea phases on our vessels.\n\n"
    "## Probation\n\n"
    "Cadets serve a probation period of 12 weeks from the start of their first sea phase.\n\n"
    "## Sea phases\n\n"
    "Your mentor meets you every 4 weeks at sea.\n",
)
MILEAGE = (
    "Mileage and Travel",
    "# Mileage and Travel\n\n"
    "These rates apply when you use your own vehicle for work, for example to cover a "
    "shift at the other harbour.\n\n"
    "| Vehicle | Rate |\n|---|---|\n| Car or van | £0.45 a mile |\n| Motorbike | £0.24 a mile |\n",
)
AGENCY_GUIDE = (
    "Agency Port Operatives' Guide",
    "# Agency Port Operatives' Guide\n\n"
    "Agency port operatives work in the marshalling lanes at Dunmore Harbour and Kilbride "
    "Harbour. You are employed and paid weekly by Seaway Recruitment.\n\n"
    "- Timesheets, pay, holiday and sickness are all handled by Seaway Recruitment.\n"
    "- Travel between the two harbours is paid by Seaway at £0.30 a mile; claim it on your "
    "agency timesheet.\n"
    "- Wear the hi-vis vest and safety boots the agency issues.\n",
)
FILLER = {
    f"people/{name.lower().replace(' ', '-')}": (name, f"# {name}\n\n{body}\n")
    for name, body in (
        (
            "Annual Leave",
            "Full-time colleagues get 25 days of annual leave a year plus bank holidays.",
        ),
        ("Uniform", "Deck crew are issued two jumpers, a jacket and safety boots each year."),
        ("Sickness Absence", "Ring your master or duty manager before your shift if you are ill."),
        ("Harbour Operations", "Dunmore Harbour and Kilbride Harbour each have a harbour master."),
        ("Staff Travel", "Colleagues travel free as foot passengers on all our routes."),
        ("Expenses", "Claim expenses on the expenses form within 2 months of spending."),
    )
}
DOCS = {
    **FILLER,
    "people/probation": PROBATION,
    "cadets/cadet-handbook": CADETS,
    "pay/mileage": MILEAGE,
    "agency/agency-guide": AGENCY_GUIDE,
}


async def _ask(question: str, who: Principal) -> Answer | Refusal:
    return await ask_over(DOCS, question, who=who, answerer=ExtractiveAnswerer(max_sentences=3))


def _cites(got: Answer | Refusal) -> set[str]:
    return {c.doc_id for c in got.citations} if isinstance(got, Answer) else set()


def test_a_guide_titled_by_the_askers_role_word_names_them(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert names_asker("Cadet Handbook", frozenset({"cadet"})) == {"cadet"}
    assert names_asker("Cadets' Guide", frozenset({"cadet"})) == {"cadet"}
    assert not names_asker("Cadet Handbook", frozenset({"deckhand"}))  # another asker
    # a role word before another noun qualifies a topic and names no readers
    assert not names_asker("Cadet Training Records", frozenset({"cadet"}))
    # a loose reading, as a noun with no person ending: not with `plain` off (says_more.py)
    assert not title_readers("Cadet Handbook", frozenset({"cadet"}), plain=False)
    monkeypatch.setattr(neighbours, "ROLE_GUIDE_TITLE", False)
    assert not names_asker("Cadet Handbook", frozenset({"cadet"}))


def test_the_names_a_told_situation_says() -> None:
    told = "I have to drive between Dunmore and Kilbride sometimes"
    assert situation_names(told) == {"dunmore", "kilbride"}
    assert situation_names("One of my crew has been off since March") == set()
    assert situation_names("I'm off on Monday") == set()


async def test_the_cadet_gets_their_handbook_and_switched_off_does_not(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    got = await _ask("How long is my probation?", CADET)
    assert _cites(got) == {"cadets/cadet-handbook"}, got
    assert isinstance(got, Answer) and "12 weeks" in got.citations[0].quote
    monkeypatch.setattr(neighbours, "ROLE_GUIDE_TITLE", False)
    off = await _ask("How long is my probation?", CADET)
    assert "cadets/cadet-handbook" not in _cites(off), off


async def test_a_deckhand_never_gets_the_cadets_figure_and_an_unsaid_matter_is_refused() -> None:
    got = await _ask("How long is my probation?", DECKHAND)
    assert "cadets/cadet-handbook" not in _cites(got), got
    unsaid = await _ask("How much is my laptop allowance?", CADET)
    assert isinstance(unsaid, Refusal), unsaid


def test_a_situation_the_agency_guide_names_keys_no_other_document(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # read in extractive._assess_for: such a situation no longer stops the asker's own guide
    # being read alone (on these small documents the lexical scores stay under the floor
    # either way; handbook20's hb20-trap-16 is the case through the whole answerer)
    docs = {k: Document(source="docs", doc_id=k, title=t, text=x) for k, (t, x) in DOCS.items()}
    own = [Hit(source="docs", doc_id="agency/agency-guide", title=AGENCY_GUIDE[0])]
    names = "I have to drive between Dunmore and Kilbride sometimes. What's the mileage rate?"
    assert not situation_elsewhere(names, own, docs)
    other = "I have to drive to Glenmore sometimes. What's the mileage rate?"
    assert situation_elsewhere(other, own, docs)  # a name the guide does not say
    assert situation_elsewhere("I mostly wait tables. How many tronc points a week?", own, docs)
    assert not situation_elsewhere("What's the mileage rate?", own, docs)  # no situation told
    monkeypatch.setattr(own_situation, "OWN_SITUATION", False)
    assert situation_elsewhere(names, own, docs)


async def test_the_situation_reading_gives_no_guide_figure_to_others_or_for_unsaid_things() -> None:
    q = "I have to drive between Dunmore and Kilbride sometimes. What's the mileage rate?"
    staff = await _ask(q, DECKHAND)
    assert "agency/agency-guide" not in _cites(staff), staff
    unsaid = await _ask("I drive between Dunmore and Kilbride. What's the overtime rate?", AGENCY)
    assert isinstance(unsaid, Refusal), unsaid


def test_the_guide_read_for_a_situation_answers_the_ask_not_the_situation() -> None:
    rate = "I have to drive between Dunmore and Kilbride sometimes. What's the mileage rate?"
    line = "- Travel between the two harbours is paid by Seaway at £0.30 a mile."
    assert situation_answered(rate, line)
    # the guide's scope line names the situation's places: it is no answer
    scope_line = "Agency port operatives work at Dunmore Harbour and Kilbride Harbour."
    assert not situation_answered(rate, scope_line)
    # the guide's nearest figure for a matter it never states
    days = "I work at Kilbride Harbour. How many days' holiday do I get a year?"
    assert not situation_answered(days, "- Your first day is a 1-day induction.")
    # a line saying the ask's words but no value of the kind asked
    assert not situation_answered(rate, "- Mileage is claimed on your agency timesheet.")
