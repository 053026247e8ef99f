"""The narrower document answers beside the general one (trap72), each by a structure its
documents state: the group-wide rate table's opening names the places its rates apply to
("These rates apply ... to every colleague at our shops in Devon and Cornwall"), so a
told mainland place reaches its row through the shops list, as a supplement's place does
(place_rate.general_places); a general page hands a kind of reader their own rule on the
matter asked "in" their guide ("Apprentices have their own probation terms in the
Apprentice Handbook.": scope.handed_in); a private letter says "Your new job" of the
question's "my new job" (neighbours.says_yours); and a notice's line labelled by the day the
question names holds its answer in a sentence that names no day (day_notice.py). Each with
its must-refuse neighbours. Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from memsource import ask_over, quotes_over
from own_helpers import ask_as, own_source

from wikiqa.answerers import day_notice, neighbours, place_rate, scope
from wikiqa.answerers.day_notice import answers_day, day_lines, named_line
from wikiqa.answerers.neighbours import says_yours
from wikiqa.answerers.place_rate import general_places
from wikiqa.answerers.scope import handed_in
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Document, Principal

PAY = (
    "Pay Rates 2026-27",
    "# Pay Rates 2026-27\n\n"
    "These rates apply from 1 April 2026 to 31 March 2027 to every colleague at our shops in "
    "Devon and Cornwall and at Harbour House. Colleagues in Guernsey have their own rates "
    "(see Working in Guernsey).\n\n"
    "| Pay band | Hourly rate | Annual salary |\n|---|---|---|\n"
    "| Band 1 | £12.40 | hourly paid |\n| Band 2 | £12.90 | hourly paid |\n"
    "| Band 3 | £13.60 | hourly paid |\n| Band 6 | salaried | £31,000 |\n",
)
GUERNSEY = (
    "Working in Guernsey",
    "# Working in Guernsey\n\n"
    "This supplement applies to colleagues at our Guernsey shops, in St Peter Port and "
    "elsewhere on the island.\n\n"
    "## Pay rates\n\n"
    "| Pay band | Hourly rate in Guernsey |\n|---|---|\n"
    "| Band 1 | £13.10 |\n| Band 2 | £13.65 |\n| Band 3 | £14.40 |\n",
)
SHOPS = (
    "Our Shops",
    "# Our Shops\n\n| Shop | Town | Region |\n|---|---|---|\n"
    "| Harbour Street | St Peter Port | Guernsey |\n| Exeter Quay | Exeter | Devon |\n"
    "| Truro Market | Truro | Cornwall |\n",
)
RATES = {"pay": PAY, "guernsey": GUERNSEY, "shops": SHOPS}


def _doc(entry: tuple[str, str]) -> Document:
    return Document(source="t", doc_id=entry[0], title=entry[0], text=entry[1])


def test_the_group_wide_tables_places() -> None:
    places = general_places(_doc(PAY))
    assert {("devon",), ("cornwall",), ("harbour", "house")} <= places
    assert ("guernsey",) not in places  # said in the next sentence, which sets it apart
    outside = (
        PAY[0],
        PAY[1].replace("at our shops in Devon", "outside London: our shops in Devon"),
    )
    assert ("london",) not in general_places(_doc(outside))  # set apart, not covered
    assert not general_places(_doc(GUERNSEY))  # a supplement's opening is read as before


async def test_a_mainland_place_reaches_the_group_wide_row(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, RATES, "I'm Band 2 at Exeter. What should I be getting an hour?"
    )
    assert quotes is not None
    assert any("£12.90" in q for q in quotes), quotes
    assert any("Exeter Quay" in q for q in quotes), quotes  # the row placing it in Devon
    assert not any("13.65" in q for q in quotes), quotes


async def test_without_the_reading_the_mainland_rate_is_not_given(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(place_rate, "GENERAL_PLACES", False)
    quotes = await quotes_over(
        emb, RATES, "I'm Band 2 at Exeter. What should I be getting an hour?"
    )
    assert quotes is None or not any("£12.90" in q for q in quotes), quotes


async def test_the_supplements_place_keeps_its_own_rate(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, RATES, "I'm Band 2 at St Peter Port. What should I be getting an hour?"
    )
    assert quotes is not None
    assert "| Band 2 | £13.65 |" in quotes, quotes
    assert not any("£12.90" in q for q in quotes), quotes


async def test_a_salaried_band_or_an_unsaid_premium_is_not_read_so(emb: OnnxEmbedder) -> None:
    salaried = await quotes_over(emb, RATES, "I'm Band 6 at Truro. What do I get an hour?")
    assert salaried is None or not any("Truro Market" in q for q in salaried), salaried
    premium = await quotes_over(
        emb, RATES, "I'm Band 2 at Exeter. What is the night shift premium an hour?"
    )
    assert premium is None, premium


PROBATION = (
    "Probation",
    "# Probation\n\nNew colleagues serve a probation period of 6 months. While you are on "
    "probation, you have review meetings with your manager as often as is needed, at least at "
    '6 weeks, 3 months and 5 months. If you feel "I\'m not ready", say so at a review. Your '
    "manager can extend probation once, by up to 3 months, if more time is needed. "
    "Apprentices have their own probation terms in the Apprentice Handbook.\n",
)
HANDBOOK = (
    "Apprentice Handbook",
    "# Apprentice Handbook\n\nOur apprenticeship lasts 2 years.\n\n"
    "- You spend one day a week at college, on full pay.\n"
    "- Probation for apprentices is 3 months, with a review every month.\n"
    "- Apprentices get 27 days of annual leave a year plus bank holidays.\n",
)
NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\nDuring probation, you or we can end your employment with 1 week's "
    "notice. After probation, notice depends on your band.\n",
)
HANDED = {"probation": PROBATION, "apprentices": HANDBOOK, "notice": NOTICE}
APPRENTICE = Principal(user_id="u-1", roles=["apprentice"], departments=["technical"])
USHER = Principal(user_id="u-2", roles=["staff"], departments=["front_of_house"])
REVIEWS = "How often will I have reviews while I'm on probation?"


def test_a_kind_handed_its_own_rule_in_a_titled_guide() -> None:
    text = PROBATION[1]
    (found,) = handed_in(text)
    assert found[1] == "apprentice" and "probation" in found[3]
    assert not handed_in("Agency workers are paid for holiday through their agency.")
    staff = handed_in("Employees are enrolled in the Halden Valley Pension Scheme.")
    assert all(h != "apprentice" for _q, h, _s, _m in staff)
    pay = scope._handing(_doc(PROBATION), APPRENTICE, "How much an hour do I get?")
    assert pay == []  # the matter handed (probation) is not what is asked
    assert scope._handing(_doc(PROBATION), APPRENTICE, REVIEWS)


async def test_the_apprentice_gets_their_guides_reviews() -> None:
    r = await ask_over(HANDED, REVIEWS, who=APPRENTICE)
    assert isinstance(r, Answer), r
    assert any("review every month" in c.quote for c in r.citations), r.citations


async def test_without_the_reading_the_general_page_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(scope, "OWN_TERMS_IN", False)
    r = await ask_over(HANDED, REVIEWS, who=APPRENTICE)
    assert not isinstance(r, Answer) or not any(
        "review every month" in c.quote for c in r.citations
    ), r


async def test_another_asker_never_gets_the_apprentices_rule() -> None:
    r = await ask_over(HANDED, REVIEWS, who=USHER)
    assert not isinstance(r, Answer) or not any(
        "review every month" in c.quote for c in r.citations
    ), r


async def test_an_unsaid_matter_stays_refused_for_the_apprentice() -> None:
    r = await ask_over(HANDED, "Do I get a bonus when I pass my probation?", who=APPRENTICE)
    assert not isinstance(r, Answer), r


LETTER = (
    '---\ntitle: "Promotion Letter: Leah Ashworth"\naccess_scope: private\n'
    "owner_user_id: u-3002\n---\n# Promotion Letter: Leah Ashworth\n\nDear Leah,\n\n"
    "Congratulations: you are promoted from box office assistant to Box Office Supervisor "
    "from 1 October 2026.\n\n"
    "- Your new job is in Band C and you will be paid the Band C hourly rate.\n"
    "- Your probation in the new job is 3 months.\n"
)
BANDS = (
    '---\ntitle: "Job Bands"\naccess_scope: public\n---\n# Job Bands\n\n'
    "Every job is in one of six pay bands, A to F.\n\n| Job | Band |\n|---|---|\n"
    "| Usher | Band A |\n| Bar assistant | Band A |\n| Cleaner | Band A |\n"
    "| Box office assistant | Band B |\n| Box office supervisor | Band C |\n\n"
    "A job moves band only after it has been re-evaluated by the job evaluation panel.\n"
)
LEAH = Principal(user_id="u-3002", roles=["staff"], departments=["box_office"])
OTHER = Principal(user_id="u-3004", roles=["staff"], departments=["front_of_house"])


def test_your_phrase_says_what_the_question_calls_mine() -> None:
    assert says_yours("What band is my new job on?", LETTER)
    assert not says_yours("What band is my job on?", LETTER)  # one word: any record says it
    assert not says_yours("What is my new pattern?", LETTER)


async def test_the_owners_letter_answers_my_new_job(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = own_source(tmp_path, {"private/promotion-letter.md": LETTER, "job-bands.md": BANDS})
    r = await ask_as("What band is my new job on?", source, LEAH)
    assert isinstance(r, Answer), r
    assert any("Your new job is in Band C" in c.quote for c in r.citations), r.citations
    other = await ask_as("What band is my new job on?", source, OTHER)
    assert not isinstance(other, Answer) or not any("Band C" in c.quote for c in other.citations), (
        other
    )  # the letter is never another asker's
    monkeypatch.setattr(neighbours, "YOUR_PHRASE", False)
    off = await ask_as("What band is my new job on?", source, LEAH)
    assert not isinstance(off, Answer) or not any(
        "Your new job" in c.quote for c in off.citations
    ), off


HOURS = (
    "Box Office Hours",
    "# Box Office Hours\n\nBox office hours depend on the type of venue. On show days every "
    "box office stays open until 30 minutes after curtain up.\n\n"
    "| Type of venue | Monday to Friday | Saturday | Sunday |\n|---|---|---|---|\n"
    "| Theatre | 10:00 to 18:00 | 10:00 to 18:00 | show days only |\n"
    "| Studio | 12:00 to 16:00 | 11:00 to 15:00 | closed |\n\n"
    "Christmas and New Year hours are in the festive notice.\n",
)
FESTIVE = (
    "christmas and new year opening 2026",
    "CHRISTMAS AND NEW YEAR OPENING 2026\n\nBox offices and performances over the festive "
    "period.\n\n"
    "Christmas Eve, Thursday 24 December 2026: pantomime matinees only, curtain up at 13:00. "
    "Box offices close at 15:00.\n\n"
    "Christmas Day, Friday 25 December 2026: all venues and box offices closed.\n\n"
    "Boxing Day, Saturday 26 December 2026: pantomime performances at 14:00 and 18:30. Box "
    "offices open 12:00 to 18:30.\n\n"
    "New Year's Day, Friday 1 January 2027: venues and box offices closed.\n",
)
SEASON = {"hours": HOURS, "festive": FESTIVE}


def test_a_notices_lines_labelled_by_their_day() -> None:
    names = [d.name for d in day_lines(_doc(FESTIVE))]
    assert names == ["Christmas Eve", "Christmas Day", "Boxing Day", "New Year's Day"]
    line = named_line("What are the box office hours on Boxing Day?", _doc(FESTIVE))
    assert line is not None and line.name == "Boxing Day"
    assert named_line("What are the box office hours on Saturday?", _doc(FESTIVE)) is None
    headed = _doc(("x", "Head Office: 01422 870 300\n"))
    assert not day_lines(headed)  # a label with no date is no day
    asked = "What are the box office hours on Boxing Day?"
    assert answers_day(asked, "Boxing Day", "Box offices open 12:00 to 18:30.")
    assert not answers_day(
        "What time does the car park open on Boxing Day?",
        "Boxing Day",
        "Box offices open 12:00 to 18:30.",
    )
    assert not answers_day(
        "Are box offices open on Boxing Day?", "Boxing Day", "Box offices open 12:00 to 18:30."
    )


async def test_the_days_line_answers_over_the_regular_table(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, SEASON, "What are the box office hours on Boxing Day?")
    assert quotes is not None
    assert "Box offices open 12:00 to 18:30." in quotes, quotes
    assert any(q.startswith("Boxing Day, Saturday 26 December 2026") for q in quotes), quotes


async def test_without_the_reading_the_days_sentence_is_not_cited(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(day_notice, "DAY_NOTICE", False)
    quotes = await quotes_over(emb, SEASON, "What are the box office hours on Boxing Day?")
    assert quotes is None or "Box offices open 12:00 to 18:30." not in quotes, quotes


async def test_a_matter_the_days_line_does_not_say_is_not_answered_from_it(
    emb: OnnxEmbedder,
) -> None:
    quotes = await quotes_over(emb, SEASON, "What time does the car park open on Boxing Day?")
    assert quotes is None or "Box offices open 12:00 to 18:30." not in quotes, quotes
