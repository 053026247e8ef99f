"""The asker's own record read in the asker's words (gap77).

own_act.py: "How often does my mentor sit down with me?" asked by the apprentice whose
agreement says "Ryan's mentor meets him every 4 weeks to review his progress log.": the act is
told in other words, the person and the kind of value are the record's. own_code.py: "What
band will I be in once I'm bar supervisor?" answered by the Job Bands row is cited from the
asker's promotion letter stating the same band. told_concern: "Which number do I ring?" asks
for a line as "What number" does.

Must refuse or stay as before: another reader (the record is not theirs), the record withheld,
an act not done with the asker ("get paid"), a person the record does not name ("my
manager"), a record naming the person with two frequencies, a band asked for another job than
the letter's, a letter stating another band.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import own_act, own_code
from wikiqa.answerers.own_act import person_asked
from wikiqa.answerers.own_code import codes
from wikiqa.answerers.told_concern import outside_asked
from wikiqa.types import Answer, Principal, Refusal

AGREEMENT = (
    '---\ntitle: "Apprentice Training Agreement: Ryan Tolley"\naccess_scope: private\n'
    "owner_user_id: u-7701\n---\n# Apprentice Training Agreement: Ryan Tolley\n\n"
    "Apprentice: Ryan Tolley\nApprenticeship: Level 2 Greenkeeper\n"
    "Base: Harwood Heath Golf Club\nStart date: 1 September 2025\n"
    "Training provider: Oakmere Land-Based College, Harwood\nMentor: Callum Reid\n\n"
    "Ryan's mentor meets him every 4 weeks to review his progress log. Ryan works on the course"
    " under supervision and does not use a chainsaw or a sprayer until he has passed the course"
    " for it.\n"
)
# the same agreement with a second line naming the mentor with a frequency
TWO_LINES = AGREEMENT.replace(
    "for it.\n", "for it.\n\nThe mentor also checks his chainsaw log every 2 weeks.\n"
)
HANDBOOK = (
    '---\ntitle: "Apprentice Handbook"\naccess_scope: public\n---\n# Apprentice Handbook\n\n'
    "Apprentices work 37.5 hours a week, including their college time.\n\n"
    "Your training agreement sets out your college days and your end-point assessment.\n"
)
PROMOTION = (
    '---\ntitle: "Promotion Letter: Tom Ashworth"\naccess_scope: private\n'
    "owner_user_id: u-7002\n---\n# Promotion Letter: Tom Ashworth\n\nDear Tom,\n\n"
    "Congratulations: you are promoted from kiosk assistant to Bar Supervisor at The Palace,"
    " Sledby, from 14 December 2026.\n\n"
    "- Your new job is in Band C and you will be paid the Band C hourly rate.\n"
    "- Your probation in the new job is 16 weeks.\n"
)
BANDS = (
    '---\ntitle: "Job Bands"\naccess_scope: public\n---\n# Job Bands\n\n'
    "Every job is in one of five pay bands.\n\n"
    "| Job | Band |\n|---|---|\n| Kiosk assistant | Band A |\n| Projectionist | Band B |\n"
    "| Bar supervisor | Band C |\n| Duty manager | Band D |\n| Cinema manager | Band E |\n"
)
TOPICS = ("uniform", "parking", "lockers", "fire drills", "first aid")
OTHERS = {
    f"notice{i}.md": (
        f"---\ntitle: Staff Notice {i}\naccess_scope: public\n---\n# Staff Notice {i}\n\n"
        f"Our {topic} rules changed this year. Ask your manager about {topic} before your shift.\n"
    )
    for i, topic in enumerate(TOPICS)
}
APPRENTICE = Principal(user_id="u-7701", roles=["staff"], departments=["greenkeeping"])
OTHER_APPRENTICE = Principal(user_id="u-7709", roles=["staff"], departments=["greenkeeping"])
TOM = Principal(user_id="u-7002", roles=["staff"], departments=["bar"])
COLLEAGUE = Principal(user_id="u-7003", roles=["staff"], departments=["bar"])
SIT_DOWN = "How often does my mentor sit down with me?"
BAND = "What band will I be in once I'm bar supervisor?"


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def _cited(result: Answer | Refusal) -> set[str]:
    return {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()


def _mentor(tmp_path: Path, agreement: str | None = AGREEMENT) -> dict[str, str]:
    files = {"apprentice-handbook.md": HANDBOOK, **OTHERS}
    if agreement is not None:
        files["private/agreement-tolley.md"] = agreement
    return files


def _bands(tmp_path: Path, letter: str | None = PROMOTION) -> dict[str, str]:
    files = {"job-bands.md": BANDS, **OTHERS}
    if letter is not None:
        files["private/promotion-ashworth.md"] = letter
    return files


def test_the_person_and_the_act_are_read_off_the_asking() -> None:
    assert person_asked(SIT_DOWN) == ("mentor", "sit down with me")
    assert person_asked("What day does my tutor come and see us?") == (
        "tutor",
        "come and see us",
    )
    assert person_asked("When will my clinical coach next check in with me?") == (
        "clinical coach",
        "next check in with me",
    )
    assert person_asked("How often does my mentor get paid?") is None  # not with the asker
    assert person_asked("How often do I get paid?") is None  # no person of the asker's
    assert person_asked("How often does my mentor pop in to see me?") is None  # no act opened


def test_a_code_of_a_scale_is_read() -> None:
    assert codes("| Bar supervisor | Band C |") == {("band", "c")}
    assert codes("You move to Grade 4 from April.") == {("grade", "4")}
    assert not codes("Bands are reviewed each April.")


def test_which_number_asks_as_what_number_does() -> None:
    assert outside_asked(
        "I want to report something without giving my name. Which number do I ring?"
    )
    assert not outside_asked("I want to report something. Which number do I ring?")


async def test_the_mentor_line_answers_its_owner(tmp_path: Path) -> None:
    result = await ask_as(SIT_DOWN, own_source(tmp_path, _mentor(tmp_path)), APPRENTICE)
    assert "every 4 weeks" in _said(result)


async def test_switched_off_the_mentor_line_is_not_read_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(own_act, "OWN_ACT", False)
    result = await ask_as(SIT_DOWN, own_source(tmp_path, _mentor(tmp_path)), APPRENTICE)
    assert "every 4 weeks" not in _said(result)


async def test_another_reader_never_meets_the_record(tmp_path: Path) -> None:
    result = await ask_as(SIT_DOWN, own_source(tmp_path, _mentor(tmp_path)), OTHER_APPRENTICE)
    assert "every 4 weeks" not in _said(result)
    assert "private/agreement-tolley.md" not in _cited(result)


async def test_the_record_withheld_is_not_answered_from_it(tmp_path: Path) -> None:
    source = own_source(tmp_path, _mentor(tmp_path, agreement=None))
    result = await ask_as(SIT_DOWN, source, APPRENTICE)
    assert "every 4 weeks" not in _said(result)


@pytest.mark.parametrize(
    "question",
    [
        "How often does my mentor get paid?",  # not done with the asker
        "How often does my manager sit down with me?",  # a person the record does not name
        "What time does my mentor sit down with me?",  # no clock time in the line
    ],
)
async def test_the_record_line_does_not_answer_another_ask(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, _mentor(tmp_path)), APPRENTICE)
    assert "every 4 weeks" not in _said(result)


async def test_two_lines_naming_the_mentor_leave_the_act_unread(tmp_path: Path) -> None:
    source = own_source(tmp_path, _mentor(tmp_path, agreement=TWO_LINES))
    result = await ask_as(SIT_DOWN, source, APPRENTICE)
    assert "every 4 weeks" not in _said(result)


async def test_the_letter_states_the_band_the_row_gives(tmp_path: Path) -> None:
    result = await ask_as(BAND, own_source(tmp_path, _bands(tmp_path)), TOM)
    assert "Your new job is in Band C" in _said(result)
    assert "private/promotion-ashworth.md" in _cited(result)


async def test_switched_off_the_row_alone_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(own_code, "OWN_CODE", False)
    result = await ask_as(BAND, own_source(tmp_path, _bands(tmp_path)), TOM)
    assert "private/promotion-ashworth.md" not in _cited(result)


async def test_a_colleague_gets_the_row_only(tmp_path: Path) -> None:
    result = await ask_as(BAND, own_source(tmp_path, _bands(tmp_path)), COLLEAGUE)
    assert "private/promotion-ashworth.md" not in _cited(result)


async def test_another_job_s_band_is_not_the_letter_s(tmp_path: Path) -> None:
    question = "What band would I be in if I became a cinema manager?"
    result = await ask_as(question, own_source(tmp_path, _bands(tmp_path)), TOM)
    assert "private/promotion-ashworth.md" not in _cited(result)
    assert "Band C" not in _said(result)


async def test_a_letter_stating_another_band_leaves_the_row(tmp_path: Path) -> None:
    letter = PROMOTION.replace("Band C", "Band D")
    result = await ask_as(BAND, own_source(tmp_path, _bands(tmp_path, letter=letter)), TOM)
    assert "private/promotion-ashworth.md" not in _cited(result) or "Band D" not in _said(result)
