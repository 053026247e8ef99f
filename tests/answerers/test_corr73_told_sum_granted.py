"""A payroll team's page (granted to the payroll department) sets a threshold on an act and
says how soon it is done ("An underpayment of more than £50 is paid by bank transfer within 3
working days; smaller sums are added to the next payday."). Its reader tells one case with a
sum ("We underpaid a barman £80 last month. How quickly does he get it?"): the told sum passes
the threshold, the question says the act ("underpaid" for "underpayment"), so the line read
alone answers (granted_alone.sum_covered, corr73; the end-to-end gain is hb22-fact-67 and
hb19-fact-27: over these few pages the line read alone scores under the floor, so the reading
is tested on its drafts). Must stay refused: a sum under the
threshold (the "smaller sums" clause, not this line's answer of this kind), an asker outside
the department, and a thing the page does not say. Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.granted_alone import granted_said, sum_covered, tells_case
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import (
    Answer,
    Draft,
    DraftClaim,
    DraftQuote,
    Principal,
    Refusal,
    RefusalCode,
)

CORRECTIONS = (
    '---\ntitle: "Payroll Corrections (payroll and finance only)"\naccess_scope: department\n'
    "allowed_departments: [payroll, finance]\n---\n"
    "# Payroll Corrections (payroll and finance only)\n\n"
    "- An underpayment of more than £50 is paid by bank transfer within 3 working days; "
    "smaller sums are added to the next payday.\n"
    "- An overpayment is recovered over the same number of months it built up, but never "
    "more than 10% of net pay in any month.\n"
    "- Every correction is checked by a second payroll officer before it is paid.\n"
)
PUBLIC = {
    "pay-dates.md": "---\ntitle: Pay Dates 2026-27\naccess_scope: public\n---\n"
    "# Pay Dates 2026-27\n\nYou are paid on the last working day of each month. If payday "
    "falls on a bank holiday you are paid the working day before. Your payslip is on the "
    "app two days before payday.\n",
    "pay-rates.md": "---\ntitle: Pay Rates\naccess_scope: public\n---\n# Pay Rates\n\n"
    "A barman starts at £12.60 an hour. A cellar worker starts at £13.10 an hour.\n",
    "bank-holidays.md": "---\ntitle: Bank Holidays\naccess_scope: public\n---\n"
    "# Bank Holidays\n\nOur pubs open on every bank holiday except Christmas Day.\n",
}
FILES = {"payroll-corrections.md": CORRECTIONS, **PUBLIC}
QUESTION = "We underpaid a barman £80 last month. How quickly does he get it?"
PAYROLL = Principal(user_id="u-1", roles=["staff"], departments=["payroll"])
BAR = Principal(user_id="u-2", roles=["staff"], departments=["bar"])


def own_source(tmp_path: Path, files: dict[str, str], emb: OnnxEmbedder) -> CollectionSource:
    """`files` indexed with the bundled MiniLM and searched hybrid, as the batteries are."""
    root = tmp_path / "docs"
    root.mkdir(parents=True)
    for name, text in files.items():
        (root / name).write_text(text)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, root, embedder=emb)
    return CollectionSource(store, "docs:t", mode="hybrid", embedder=emb)


async def ask_as(question: str, source: CollectionSource, who: Principal) -> Answer | Refusal:
    answerer = ExtractiveAnswerer()
    return await ask_async(question, source, settings=Settings(), answerer=answerer, principal=who)


LINE = (
    "- An underpayment of more than £50 is paid by bank transfer within 3 working days; "
    "smaller sums are added to the next payday."
)


def _draft(line: str) -> Draft:
    return Draft(claims=[DraftClaim(text=line, quotes=[DraftQuote(doc_id="p", quote=line)])])


def test_a_told_sum_over_the_threshold_is_the_lines_case() -> None:
    """hb22-fact-67 and hb19-fact-27: read alone, the line answers, but says too few of the
    question's words for `granted_said` (the barman, the month, the sum)."""
    assert tells_case(QUESTION)
    assert sum_covered(_draft(LINE), QUESTION)
    assert not granted_said(QUESTION, _draft(LINE), ["Payroll Corrections"])
    assert sum_covered(_draft(LINE), "A cellar worker was underpaid £120. When will she get it?")
    # the threshold's own act, whatever opens its clause
    other = "Underpayments over £50 are paid within 5 working days by faster payment."
    assert sum_covered(_draft(other), "Someone was underpaid £70. How soon is it paid?")


def test_the_other_side_of_the_threshold_and_other_acts_are_not() -> None:
    # £30 is the "smaller sums" clause, not this line's case
    assert not sum_covered(_draft(LINE), QUESTION.replace("£80", "£30"))
    assert not sum_covered(_draft(LINE), QUESTION.replace("£80", "£50"))
    # "£50 or more" is passed by £50
    inclusive = "An underpayment of £50 or more is paid within 3 working days."
    assert sum_covered(_draft(inclusive), QUESTION.replace("£80", "£50"))
    # an overpayment told is no underpayment's case
    assert not sum_covered(_draft(LINE), "We overpaid a barman £80. How quickly do we recover it?")
    # no time asked, no time said, two sums told, or a refusal: not read
    assert not sum_covered(_draft(LINE), "We underpaid a barman £80. Who approves it?")
    no_time = "An underpayment of more than £50 is paid by bank transfer."
    assert not sum_covered(_draft(no_time), QUESTION)
    assert not sum_covered(_draft(LINE), "We underpaid a barman £80 and a cook £90. How soon?")
    assert not sum_covered(Draft(refusal=RefusalCode.insufficient_evidence), QUESTION)


async def test_switched_off_the_question_is_refused(
    emb: OnnxEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "GRANTED_SUM", False)
    result = await ask_as(QUESTION, own_source(tmp_path, FILES, emb), PAYROLL)
    assert isinstance(result, Refusal), result


async def test_a_sum_under_the_threshold_stays_refused(emb: OnnxEmbedder, tmp_path: Path) -> None:
    question = "We underpaid a barman £30 last month. How quickly does he get it?"
    result = await ask_as(question, own_source(tmp_path, FILES, emb), PAYROLL)
    assert isinstance(result, Refusal), result


async def test_an_asker_outside_payroll_stays_refused(emb: OnnxEmbedder, tmp_path: Path) -> None:
    result = await ask_as(QUESTION, own_source(tmp_path, FILES, emb), BAR)
    assert isinstance(result, Refusal), result


async def test_a_thing_the_page_does_not_say_stays_refused(
    emb: OnnxEmbedder, tmp_path: Path
) -> None:
    question = "We underpaid a barman £80 last month. How quickly do we tell HMRC?"
    result = await ask_as(question, own_source(tmp_path, FILES, emb), PAYROLL)
    assert isinstance(result, Refusal), result
