"""Leaving the job told in everyday words ("if I quit", "being let go because my post is
going", "my logins switched off", "holiday I haven't used") is read as the documents say it
("resign", "made redundant", "at risk of redundancy", "accounts deactivated", "untaken
leave"), so the leaving or redundancy line answers (told_leaving.py); and what the
documents do not say stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_leaving import plain_leaving
from wikiqa.store.embed import OnnxEmbedder

LEAVING = (
    "Leaving the Company",
    "# Leaving the Company\n\n"
    "## Your last day\n\n"
    "- Return your laptop, badge and any other equipment by your last working day.\n"
    "- Your accounts are deactivated at 18:00 on your last working day.\n"
    "- The People team invites you to an optional exit interview.\n\n"
    "## Final pay\n\n"
    "Your final salary includes payment for accrued but untaken annual leave, and any "
    "approved expenses.\n",
)
REDUNDANCY = (
    "Redundancy and Redeployment",
    "# Redundancy and Redeployment\n\n"
    "When a post is at risk of redundancy we consult the unions and the people affected.\n\n"
    "## Redeployment\n\n"
    "Staff at risk are placed on the redeployment register for 12 weeks. During that time "
    "they are considered for suitable vacancies before any other applicant.\n",
)
PASSWORDS = (
    "Passwords",
    "# Passwords\n\n"
    "Passwords must be at least 14 characters long. Never share your password with anyone, "
    "including the IT service desk.\n",
)
ANNUAL = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays. Book leave at "
    "least 2 weeks ahead in the HR system.\n",
)
DOCS = {"l": LEAVING, "r": REDUNDANCY, "p": PASSWORDS, "a": ANNUAL}
LOGINS = "When exactly are my logins switched off when I leave the company?"
DIBS = "If I'm being let go because my post is going, how long do I get first dibs on other jobs?"


def test_leaving_told_in_everyday_words_is_said_as_the_documents_say_it() -> None:
    assert plain_leaving(LOGINS) == (
        "When exactly are my accounts deactivated when I leave the company?"
    )
    assert plain_leaving(DIBS) == (
        "If I'm being made redundant because my post is at risk of redundancy, how long do "
        "I get first dibs on other jobs?"
    )
    assert plain_leaving("If I quit after 18 months, do I pay it back?") == (
        "If I resign after 18 months, do I pay it back?"
    )
    assert plain_leaving("If the company lets me go after 7 years, how much notice?") == (
        "If the company dismisses me after 7 years, how much notice?"
    )
    assert plain_leaving("Will I be paid for holiday I haven't used when I leave?") == (
        "Will I be paid for untaken leave when I leave?"
    )
    assert plain_leaving("Can someone be sacked on the spot for theft?") == (
        "Can someone be dismissed on the spot for theft?"
    )
    assert plain_leaving("I got laid off. What do I get?") == "I got made redundant. What do I get?"
    assert plain_leaving("I need to replace a ranger who's leaving, which form?") == (
        "I need to fill the vacancy of a ranger who's leaving, which form?"
    )
    for same in (
        "I was underpaid on my last wages. How soon will I get the money?",  # no leaving told
        "When will I receive my last wages after leaving?",  # left alone (docstring)
        "If I quit smoking, do I get a day off?",
        "Can I use my leftover holiday next year?",
        "Let me go home early on Friday?",
        "My password was switched off, who do I call?",
        "Who do I call when the fire alarm goes off?",
        "The team got fired up at the awards. Can we take a day off?",
    ):
        assert plain_leaving(same) == same, same


async def test_logins_switched_off_answers_from_the_accounts_line(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, LOGINS)
    assert quotes is not None
    assert any("deactivated at 18:00" in q for q in quotes)


async def test_without_the_reading_the_redeployment_line_does_not_answer(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_leaving", lambda text: text)
    quotes = await quotes_over(emb, DOCS, DIBS)
    assert quotes is None or not any("redeployment register" in q for q in quotes)


HOLIDAY = "Will I be paid for holiday I haven't used when I leave?"


async def test_holiday_not_used_answers_from_the_final_salary_line(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    quotes = await quotes_over(emb, DOCS, HOLIDAY)
    assert quotes is not None and any("untaken annual leave" in q for q in quotes)
    monkeypatch.setattr(extractive, "plain_leaving", lambda text: text)
    assert await quotes_over(emb, DOCS, HOLIDAY) is None


async def test_let_go_because_the_post_goes_answers_from_redeployment(
    emb: OnnxEmbedder,
) -> None:
    quotes = await quotes_over(emb, DOCS, DIBS)
    assert quotes is not None
    assert any("redeployment register for 12 weeks" in q for q in quotes)


async def test_what_the_documents_do_not_say_stays_refused(emb: OnnxEmbedder) -> None:
    for question in (
        "When will I get my last wages after I quit?",  # when final pay is paid: not said
        "If I'm laid off after 10 years, how much redundancy pay do I get?",
        "If I quit, how much notice do I have to give?",
        "If the company lets me go, how much notice do I get?",
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is None, (question, quotes)
