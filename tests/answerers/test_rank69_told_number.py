"""A number the question says in words ("four and a half hours", "the second week", "6 in the
morning") is asked again in the figures a retrieved document writes it in ("4.5 hours", "Week
2", "06:00"), and that answer stands only when a cited line writes the figure
(told_number.py, rank69); a title kept for the asker's group ("(transport and yard only)")
makes its lists theirs though their lead-in names another group first (list_entry.py). What no
line rules on, a week no row keys and another group's list stay refused. Small documents
written here."""

from __future__ import annotations

import pytest

from wikiqa.answerers import extractive, list_entry
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.list_entry import title_only_readers
from wikiqa.answerers.told_number import number_said, ordinal_clash, retold, tellings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Document, Draft, DraftClaim, DraftQuote, Principal, Question

from memsource import TermSource  # isort: skip

PLAN = (
    "Phased Return to Work Plan: Bridget Lowe",
    "# Phased Return to Work Plan: Bridget Lowe\n\n"
    "Agreed between Bridget Lowe, grower, and her manager after Bridget's knee operation.\n\n"
    "| Week | Hours |\n|---|---|\n"
    "| Week 1 | 3 days of 4 hours |\n"
    "| Week 2 | 4 days of 5 hours |\n"
    "| Week 3 | 4 days of 7 hours |\n"
    "| Week 4 | your normal hours |\n\n"
    "- No kneeling work until the review.\n",
)
DRIVERS = (
    "Drivers' Hours and Vehicle Checks (transport and yard only)",
    "# Drivers' Hours and Vehicle Checks (transport and yard only)\n\n"
    "For HGV drivers, van drivers and yard operatives at the yard.\n\n"
    "- Do a walk-round check of your vehicle before the first journey of the day.\n"
    "- You may drive no more than 9 hours in a day.\n"
    "- Take a break of at least 45 minutes after 4.5 hours of driving.\n"
    "- Report any defect to the yard manager before you drive.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nBook holiday through your manager at least two weeks ahead. The leave "
    "year runs from April to March.\n",
)
SICK = (
    "Sickness Absence",
    "# Sickness Absence\n\nRing your manager before your shift starts if you are too ill to "
    "work. After 7 days you need a fit note from your doctor.\n",
)
SECOND_WEEK = "How many hours am I doing in the second week back after my op?"
WHEEL = "After four and a half hours behind the wheel, how long do I have to stop for?"
DRIVER = Principal(user_id="u-1", roles=["staff"], departments=["transport"])
TILLS = Principal(user_id="u-2", roles=["staff"], departments=["tills"])


def _doc(pair: tuple[str, str]) -> Document:
    return Document(doc_id=pair[0], title=pair[0], text=pair[1], source="t")


async def _quotes(
    emb: OnnxEmbedder, docs: dict[str, tuple[str, str]], question: str, who: Principal | None
) -> list[str] | None:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)
    draft = await answerer.answer(Question(text=question, principal=who), TermSource(docs))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]


def test_numbers_said_in_words_are_retold_as_a_document_writes_them() -> None:
    docs = [_doc(PLAN), _doc(DRIVERS)]
    assert retold(SECOND_WEEK, docs) == (
        "How many hours am I doing in Week 2 back after my op?",
        ("Week 2",),
    )
    assert retold(WHEEL, docs) == (
        "After 4.5 hours behind the wheel, how long do I have to stop for?",
        ("4.5 hours",),
    )
    early = (
        "Early Starts",
        "# Early Starts\n\n| Payment | Rate |\n|---|---|\n| Early start before 06:00 | £1.40 |\n",
    )
    assert retold("Is there extra for starting before 6 in the morning?", [_doc(early)]) == (
        "Is there extra for starting before 06:00?",
        ("06:00",),
    )


def test_words_that_count_nothing_or_forms_no_document_writes_stay() -> None:
    docs = [_doc(PLAN), _doc(DRIVERS), _doc(LEAVE)]
    for question in (
        "Am I allowed to have a second job?",  # no document writes "Job 2"
        "Been up half the night. Do I ring in?",
        "Does my other half get a discount?",
        "Can I swap one of my shifts?",
        "How many hours am I doing in the fifth week back?",  # no "Week 5" row
    ):
        assert retold(question, docs) == (question, ()), question
    assert [t.said for t in tellings("In my third week, after two years here")] == [
        "third week",
        "two years",
    ]


def test_the_retold_figure_must_be_written_by_a_cited_line() -> None:
    def draft(line: str) -> Draft:
        return Draft(claims=[DraftClaim(text=line, quotes=[DraftQuote(doc_id="d", quote=line)])])

    asked = "How many hours in Week 2?"
    assert number_said(asked, ("Week 2",), draft("| Week 2 | 4 days of 5 hours |"))
    assert not number_said(asked, ("Week 2",), draft("| Week 3 | 4 days of 7 hours |"))
    assert not number_said(asked, ("Week 2",), Draft(refusal=extractive.RefusalCode.no_evidence))
    # the line must give a figure of its own, and a yes/no question is no value asked
    assert not number_said(asked, ("Week 2",), draft("| Week 2 | light duties |"))
    line = draft("Take a break of at least 45 minutes after 4.5 hours of driving.")
    assert number_said("After 4.5 hours, how long a break?", ("4.5 hours",), line)
    assert not number_said("After 4.5 hours, am I paid extra?", ("4.5 hours",), line)


def test_a_row_keyed_by_another_figure_clashes_with_the_ordinal_asked() -> None:
    def rows(*lines: str) -> Draft:
        quotes = [DraftQuote(doc_id="d", quote=ln) for ln in lines]
        return Draft(claims=[DraftClaim(text="x", quotes=quotes)])

    asked = "How many hours am I doing in the second week back?"
    assert ordinal_clash(asked, rows("| Week | Hours |", "| Week 1 | 3 days |")) == (
        "Week 1 for the second week"
    )
    assert ordinal_clash(asked, rows("| Week | Hours |", "| Week 2 | 4 days |")) == ""
    assert ordinal_clash(asked, rows("- Weeks 1 and 2: light duties only.")) == ""
    assert ordinal_clash("How much is a second badge?", rows("| Week 1 | 3 days |")) == ""


def test_a_title_kept_for_named_groups_says_them() -> None:
    assert title_only_readers(DRIVERS[0]) == {"transport", "yard"}
    assert title_only_readers("Aquatics Procedures (aquatics team only)") == {"aquatic"}
    assert title_only_readers("Annual Leave") == frozenset()


async def test_the_asker_s_own_plan_row_answers_the_ordinal_week(emb: OnnxEmbedder) -> None:
    docs = {"p": PLAN, "l": LEAVE, "s": SICK}
    quotes = await _quotes(emb, docs, SECOND_WEEK, None)
    assert quotes is not None and any("| Week 2 |" in q for q in quotes), quotes
    # a week no row keys stays refused, and is no longer answered by another week's row
    for fifth in (
        "How many hours am I doing in the fifth week back after my op?",
        "How many hours am I doing in the fifth week back?",  # Week 2's row on main
    ):
        assert await _quotes(emb, docs, fifth, None) is None, fifth


async def test_the_drivers_break_line_answers_a_transport_asker(emb: OnnxEmbedder) -> None:
    docs = {"d": DRIVERS, "l": LEAVE, "s": SICK}
    quotes = await _quotes(emb, docs, WHEEL, DRIVER)
    assert quotes is not None and any("45 minutes" in q for q in quotes), quotes
    # another group's list stays theirs: a tills asker the title does not name is refused
    assert await _quotes(emb, docs, WHEEL, TILLS) is None


async def test_switched_off_neither_is_read(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "TOLD_NUMBER", False)
    quotes = await _quotes(emb, {"p": PLAN, "l": LEAVE, "s": SICK}, SECOND_WEEK, None)
    assert quotes is None or not any("| Week 2 |" in q for q in quotes), quotes
    monkeypatch.setattr(list_entry, "TITLE_ONLY", False)
    quotes = await _quotes(
        emb,
        {"d": DRIVERS, "l": LEAVE, "s": SICK},
        "After 4.5 hours of driving, how long a break?",
        DRIVER,
    )
    assert quotes is None, quotes


async def test_what_no_line_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    docs = {"p": PLAN, "d": DRIVERS, "l": LEAVE}
    for question in (
        "After four and a half hours behind the wheel, can I have my lunch in the cab?",
        "In the second week back after my op, who pays for my taxi?",
    ):
        assert await _quotes(emb, docs, question, DRIVER) is None, question
