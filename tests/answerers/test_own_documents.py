"""The asker's own private documents: the store tells a private document's owner (only ever
to that owner), and a question the asker asks about themselves ("my move", "when am I
back") is answered from their own document before the general policy. Access control stays
in retrieval: another reader gets neither the document nor a word of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.neighbours import (
    about_own,
    may_answer,
    my_words,
    owned_by_asker,
    prefer_fitting,
    title_audience,
    title_readers,
    written_for_asker,
)
from wikiqa.errors import DocumentNotFound
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

POLICY = (
    "---\ntitle: Sabbatical Policy\n---\n# Sabbatical Policy\n\n"
    "Employees with five years of service may request a sabbatical of up to twelve weeks.\n\n"
    "The sabbatical return date is the working day after the sabbatical, agreed with your "
    "manager.\n"
)
APPROVAL = (
    "---\ntitle: Sabbatical Approval - Jonas Weber\naccess_scope: private\n"
    "owner_user_id: u-2001\n---\n# Sabbatical Approval - Jonas Weber\n\n"
    "Jonas Weber's sabbatical request is approved.\n\n"
    "- Dates: 6 July 2026 to 25 September 2026 (12 weeks).\n"
    "- Return date: Monday 28 September 2026, to the same team.\n"
)
JONAS = Principal(user_id="u-2001", roles=["employee"], departments=["engineering"])
OTHER = Principal(user_id="u-3001", roles=["employee"], departments=["engineering"])


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    root = tmp_path / "docs"
    (root / "private").mkdir(parents=True)
    (root / "sabbatical.md").write_text(POLICY)
    (root / "private" / "sabbatical-weber.md").write_text(APPROVAL)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, root)
    return CollectionSource(store, "docs:t", mode="lexical")


async def test_the_owner_receives_their_document_marked_as_theirs(
    source: CollectionSource,
) -> None:
    mine = await source.fetch("private/sabbatical-weber.md", JONAS)
    assert mine.owner_user_id == "u-2001"
    public = await source.fetch("sabbatical.md", JONAS)
    assert public.owner_user_id is None
    await source.aclose()


async def test_another_reader_receives_nothing_of_it(source: CollectionSource) -> None:
    with pytest.raises(DocumentNotFound):
        await source.fetch("private/sabbatical-weber.md", OTHER)
    with pytest.raises(DocumentNotFound):
        await source.fetch("private/sabbatical-weber.md", None)
    hits = await source.search("sabbatical return date September", 5, OTHER)
    assert "private/sabbatical-weber.md" not in {h.doc_id for h in hits}
    await source.aclose()


async def _ask(question: str, source: CollectionSource, who: Principal) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    return await ask_async(question, source, settings=Settings(), answerer=answerer, principal=who)


async def test_my_question_is_answered_from_my_own_document(source: CollectionSource) -> None:
    result = await _ask("What is my sabbatical return date?", source, JONAS)
    assert isinstance(result, Answer)
    assert result.citations[0].doc_id == "private/sabbatical-weber.md"
    assert "28 September 2026" in result.text
    await source.aclose()


async def test_the_same_question_from_another_reader_never_sees_it(
    source: CollectionSource,
) -> None:
    result = await _ask("What is my sabbatical return date?", source, OTHER)
    cited = {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()
    assert "private/sabbatical-weber.md" not in cited
    text = result.text if isinstance(result, Answer) else result.reason
    assert "28 September" not in text and "Weber" not in text
    await source.aclose()


def test_own_documents_lead_only_for_questions_about_what_is_theirs() -> None:
    own = Document(source="m", doc_id="mine", title="Sabbatical Approval", text="Dates: July.",
                   owner_user_id="u1")  # fmt: skip
    policy = Document(source="m", doc_id="policy", title="Policy", text="x")
    me = Principal(user_id="u1")
    docs = {"mine": own, "policy": policy}
    hits = [Hit(source="m", doc_id="policy", title="Policy", score=1.0),
            Hit(source="m", doc_id="mine", title="Sabbatical Approval", score=0.6)]  # fmt: skip
    out = prefer_fitting(hits, docs, "When does my sabbatical end?", me)
    assert [h.doc_id for h in out] == ["mine", "policy"] and out[0].score == 1.0
    # not about the asker's own matter: the order stands
    assert prefer_fitting(hits, docs, "When does a sabbatical end?", me) == hits
    assert prefer_fitting(hits, docs, "How long a break do I need between shifts?", me) == hits
    assert prefer_fitting(hits, docs, "When is my laptop replaced?", me) == hits
    # its text mentions "dates", its title does not: a personal document on another matter
    assert prefer_fitting(hits, docs, "Where are my dates of leave listed?", me) == hits
    # another reader's id never counts (the store would not give them the document anyway)
    assert (
        prefer_fitting(hits, docs, "When does my sabbatical end?", Principal(user_id="u2")) == hits
    )
    assert not owned_by_asker(own, Principal(user_id="u2"))
    assert not owned_by_asker(policy, Principal(user_id=None))
    assert my_words("How much will I get for my move to Berlin?") == {"move", "berlin"}
    assert my_words("What uplift do I get for nights?") == frozenset()
    assert about_own("When does my sabbatical end?", own)


LEARNING = {
    "learning": (
        "Learning Budget",
        "# Learning Budget\n\nEvery employee has a learning budget of €1,500 per fiscal year "
        "to spend on courses, conferences and books.\n\n"
        "Book a course through the learning portal.\n",
    ),
    "contractors": (
        "Contractor Handbook",
        "# Contractor Handbook\n\nInvoices are paid within 30 days.\n\n"
        "Contractors are not eligible for employee benefits: pension, health insurance and "
        "the learning budget for courses.\n",
    ),
}


async def test_the_guide_for_the_askers_role_answers_before_the_general_policy() -> None:
    from memsource import TermSource

    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=1)
    contractor = Principal(user_id="c1", roles=["contractor"])
    question = "Can I spend the learning budget on a course?"
    result = await ask_async(question, TermSource(LEARNING), settings=Settings(),  # type: ignore[arg-type]
                             answerer=answerer, principal=contractor)  # fmt: skip
    assert isinstance(result, Answer)
    assert [c.doc_id for c in result.citations] == ["contractors"]
    employee = Principal(user_id="e1", roles=["employee"])
    result = await ask_async(question, TermSource(LEARNING), settings=Settings(),  # type: ignore[arg-type]
                             answerer=answerer, principal=employee)  # fmt: skip
    assert isinstance(result, Answer) and result.citations[0].doc_id == "learning"


TIME_OFF = {
    "contractor-time-off": (
        "Contractor Time Off",
        "# Contractor Time Off\n\nContractors are not paid for holiday they have not used "
        "when they leave; unused holiday is not paid.\n",
    ),
    "leaving": (
        "Leaving the Company",
        "# Leaving the Company\n\nYour final salary includes payment for holiday you have "
        "not used.\n\nReturn your laptop on your last day.\n",
    ),
}


async def test_a_guide_for_another_kind_of_engagement_answers_nobody_else() -> None:
    from memsource import TermSource

    answerer = ExtractiveAnswerer(floor=0.0, max_sentences=1)
    question = "Will I be paid for holiday I have not used when I leave?"
    employee = Principal(user_id="e1", roles=["employee"])
    result = await ask_async(question, TermSource(TIME_OFF), settings=Settings(),  # type: ignore[arg-type]
                             answerer=answerer, principal=employee)  # fmt: skip
    assert isinstance(result, Answer)
    assert {c.doc_id for c in result.citations} == {"leaving"}
    # named by the question, or by the asker's role, it answers
    asked = "Will contractors be paid for holiday they have not used when they leave?"
    result = await ask_async(asked, TermSource(TIME_OFF), settings=Settings(),  # type: ignore[arg-type]
                             answerer=answerer, principal=employee)  # fmt: skip
    assert isinstance(result, Answer) and result.citations[0].doc_id == "contractor-time-off"


MEALS = {
    "travel": (
        "Travel Policy",
        "# Travel Policy\n\nThe daily meal limit is €45 on business trips.\n",
    ),
    "contractor-expenses": (
        "Contractor Expenses",
        "# Contractor Expenses\n\nContractors have no daily meal limit: meals are paid only "
        "when approved in advance.\n",
    ),
}


async def test_a_question_about_readers_no_document_speaks_of_is_refused() -> None:
    from memsource import TermSource

    answerer = ExtractiveAnswerer(floor=0.0, max_sentences=1)
    question = "What is the daily meal limit for contractors?"
    only_policy = {"travel": MEALS["travel"]}
    result = await ask_async(question, TermSource(only_policy), settings=Settings(),  # type: ignore[arg-type]
                             answerer=answerer)  # fmt: skip
    assert isinstance(result, Refusal) and "contractor" in result.reason
    result = await ask_async(question, TermSource(MEALS), settings=Settings(),  # type: ignore[arg-type]
                             answerer=answerer)  # fmt: skip
    assert isinstance(result, Answer)
    assert result.citations[0].doc_id == "contractor-expenses"
    # a question naming nobody is answered from the policy
    result = await ask_async("What is the daily meal limit?", TermSource(only_policy),  # type: ignore[arg-type]
                             settings=Settings(), answerer=answerer)  # fmt: skip
    assert isinstance(result, Answer)


def test_a_sibling_written_for_other_readers_answers_nothing() -> None:
    hits = [
        Hit(source="m", doc_id="doctors", title="On-call Arrangements for Doctors", score=1.0),
        Hit(source="m", doc_id="nurses", title="On-call for Senior Nurses", score=0.9),
        Hit(source="m", doc_id="pay", title="Overtime and Extra Shifts", score=0.8),
    ]
    kept = may_answer(hits, "What is a band 8a nurse paid for a night on call?", None)
    assert [h.doc_id for h in kept] == ["nurses", "pay"]
    # a question naming no such readers keeps them all
    assert may_answer(hits, "What is paid for a night on call?", None) == hits
    assert title_audience("On-call for Senior Nurses and Site Managers") == {"nurse", "manager"}
    assert title_audience("Travel Policy") == frozenset()


def test_a_role_word_that_only_qualifies_a_topic_names_no_readers() -> None:
    """ "Academic Workload Model" is about workload, not a guide for academics: a lecturer
    (role academic) asking about holiday is not sent to it before the leave policy, while a
    title that names academics as people ("... for Academic Staff") still leads."""
    lecturer = Principal(user_id="l1", roles=["staff", "academic"])
    docs = {
        "leave": Document(source="m", doc_id="leave", title="Annual Leave", text="30 days."),
        "load": Document(source="m", doc_id="load", title="Academic Workload Model", text="x"),
        "misconduct": Document(
            source="m", doc_id="misconduct", title="Academic Misconduct by Students", text="x"
        ),
        "research": Document(
            source="m", doc_id="research", title="Research Leave for Academic Staff", text="x"
        ),
    }
    hits = [Hit(source="m", doc_id="leave", title="Annual Leave", score=1.0),
            Hit(source="m", doc_id="load", title="Academic Workload Model", score=0.8),
            Hit(source="m", doc_id="misconduct", title="Academic Misconduct by Students",
                score=0.7)]  # fmt: skip
    question = "How many days of holiday do I get a year?"
    assert prefer_fitting(hits, docs, question, lecturer) == hits
    assert written_for_asker(hits, docs, question, lecturer) == []
    research = Hit(source="m", doc_id="research", title="Research Leave for Academic Staff",
                   score=0.8)  # fmt: skip
    out = prefer_fitting([hits[0], research], docs, question, lecturer)
    assert [h.doc_id for h in out] == ["research", "leave"]
    assert title_readers("Academic Workload Model") == frozenset()
    assert "academic" not in title_readers("Academic Misconduct by Students")
    assert {"hourly", "paid"} <= title_readers("Guide for Hourly-Paid Tutors and Demonstrators")
    assert title_readers("Contractor Time Off") == {"contractor"}
    assert {"bank", "worker"} <= title_readers("Bank Worker Handbook")
    assert "manager" in title_readers("Disciplinary Procedure: Guidance for Managers")
    assert title_readers("Rates for Hourly-Paid Teaching 2026-27") == frozenset()
