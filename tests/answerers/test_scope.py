"""A document whose own words set the asker's kind of reader outside its scope is no
evidence for that asker, and the document it names as theirs answers (scope.py), on small
documents written here."""

from __future__ import annotations

import time

from memsource import TermSource, ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.neighbours import asked_audience, written_for_others
from wikiqa.answerers.scope import after_stage, excluded_readers, excludes, pointed_for_asker
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

CASUAL = Principal(user_id="u-1", roles=["casual"], departments=["visitor_services"])
STEWARD = Principal(user_id="u-2", roles=["steward"], departments=["visitor_services"])

LEAVE = (
    "Holiday Entitlement",
    "# Holiday Entitlement\n\n"
    "This policy applies to everyone on a salaried contract at the Harbour Museum. "
    "Casual and freelance staff have their own terms (see Flexible Staffing Terms).\n\n"
    "| Years of service | Holiday days a year |\n|---|---|\n"
    "| Under 4 years | 25 |\n| 4 years or more | 28 |\n\n"
    "Book holiday in the rota app at least 3 weeks ahead.\n",
)
CASUAL_TERMS = (
    "Flexible Staffing Terms",
    "# Flexible Staffing Terms\n\n"
    "Casual staff are offered shifts through the rota app and may turn any shift down.\n\n"
    "Casual staff build up holiday at 12.07% of the hours they work, paid with each "
    "month's wages.\n",
)


def _doc(doc_id: str, title: str, text: str) -> Document:
    return Document(source="mem", doc_id=doc_id, title=title, text=text)


def test_the_kinds_of_reader_a_document_sets_outside_its_scope() -> None:
    kinds = {(frozenset(q), h) for q, h, _ in excluded_readers(LEAVE[1])}
    assert kinds == {(frozenset({"casual"}), "staff"), (frozenset({"freelance"}), "staff")}
    said = {
        "Night porters are not covered by this policy: see the Porters' Guide.": {"night"},
        "Ferry operators follow Crew Rest Rules instead.": {"ferry"},
        "It applies to employees only: agency workers are covered by the Agency Page.": {"agency"},
        "Contract cleaners are paid under their own terms.": {"contract"},
    }
    for text, qualifier in said.items():
        assert {q for q, _, _ in excluded_readers(text)} == {frozenset(qualifier)}, text
    for text in (
        "All employees are covered by private health insurance from their first day.",
        "Company sick pay does not apply to bank workers.",  # a rule, not the page's scope
        "If you work on the islands, follow Island Lone Working instead.",  # no kind of reader
    ):
        assert excluded_readers(text) == (), text


def test_the_asker_is_of_the_kind_by_role_or_by_the_question() -> None:
    leave = _doc("leave", *LEAVE)
    assert excludes(leave, "How much holiday do I get?", CASUAL)
    assert not excludes(leave, "How much holiday do I get?", STEWARD)
    # a question naming the kind is about it, not asked by one of it (a comparison)
    assert not excludes(leave, "Do freelance staff get as much holiday as me?", STEWARD)
    ferry = _doc("rest", "Bus Rest Rules", "Ferry operators follow Crew Rest Rules instead.")
    bus = Principal(user_id="u-3", roles=["bus_crew"], departments=[])
    assert not excludes(ferry, "How long is my break?", bus)


def test_the_document_a_neighbour_names_for_the_asker_is_theirs() -> None:
    docs = {"leave": _doc("leave", *LEAVE), "casual": _doc("casual", *CASUAL_TERMS)}
    hits = [Hit(source="mem", doc_id=d.doc_id, title=d.title, score=1.0) for d in docs.values()]
    assert [h.doc_id for h in pointed_for_asker(hits, docs, "Holiday?", CASUAL)] == ["casual"]
    assert pointed_for_asker(hits, docs, "Holiday?", STEWARD) == []


def test_a_title_for_two_kinds_of_engagement_is_written_for_each() -> None:
    title = "Seasonal and Casual Workers"
    assert not written_for_others(title, "How much holiday do I get?", frozenset({"seasonal"}))
    assert written_for_others(title, "How much holiday do I get?", frozenset({"volunteer"}))
    assert asked_audience("Do seasonal and casual workers get sick pay?") == {
        "seasonal",
        "casual",
        "worker",
    }


async def _ask(question: str, who: Principal, floor: float) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=floor, max_sentences=3)
    docs = {"leave": LEAVE, "casual": CASUAL_TERMS}
    return await ask_over(docs, question, who=who, answerer=answerer)


async def test_an_excluded_asker_is_answered_from_their_own_terms_not_the_policy() -> None:
    question = "How much holiday do I get each year?"
    casual = await _ask(question, CASUAL, floor=0.0)
    assert isinstance(casual, Answer), casual
    assert {c.doc_id for c in casual.citations} == {"casual"}, casual.citations
    assert "12.07%" in casual.text
    steward = await _ask(question, STEWARD, floor=0.0)
    assert isinstance(steward, Answer), steward
    assert "leave" in {c.doc_id for c in steward.citations}, steward.citations


async def test_the_askers_document_by_a_neighbours_word_answers_a_little_under_the_floor() -> None:
    question = "How much holiday do I get each year?"
    docs = {"casual": _doc("casual", *CASUAL_TERMS)}
    alone = [Hit(source="mem", doc_id="casual", title=CASUAL_TERMS[0], score=1.0)]
    evidence = ExtractiveAnswerer().assess(analyse(question), alone, docs)
    assert evidence is not None
    score = evidence.score  # what the casual terms score read alone, as `_assess_for` reads them
    assert score > 0.1
    just_over = await _ask(question, CASUAL, floor=score + 0.05)
    assert isinstance(just_over, Answer), just_over
    assert {c.doc_id for c in just_over.citations} == {"casual"}
    far_over = await _ask(question, CASUAL, floor=score + 0.15)
    assert isinstance(far_over, Refusal), far_over


NOTICE = (
    "Notice to Resign",
    "# Notice to Resign\n\n"
    "Once probation is complete, the notice you must give to resign depends on your grade.\n\n"
    "| Grade | Notice you give |\n|---|---|\n| G1 to G3 | 4 weeks |\n| G4 and above | 3 months |\n",
)
TRIAL = (
    "Probation",
    "# Probation\n\n"
    "New starters serve a probation period of 6 months, with reviews at 2 and 4 months.\n\n"
    "During probation, either side may end employment with 1 week's notice.\n",
)


def test_a_document_for_after_a_stage_is_not_for_someone_still_in_it() -> None:
    notice = _doc("notice", *NOTICE)
    assert after_stage(notice, "If I quit while still on probation, how much notice do I give?")
    assert after_stage(notice, "I'm in my probationary months. How much notice do I give?")
    assert not after_stage(notice, "I've passed my probation. How much notice do I give?")
    assert not after_stage(notice, "How much notice do I give on grade G2?")
    assert not after_stage(_doc("trial", *TRIAL), "How long is probation?")


async def test_a_question_from_someone_still_in_the_stage_is_answered_from_its_own_rule() -> None:
    question = "If I hand in my notice while I'm still on probation, how long is it?"
    answerer = ExtractiveAnswerer(floor=0.0, max_sentences=3)
    source = TermSource({"notice": NOTICE, "trial": TRIAL})
    result = await ask_async(question, source, settings=Settings(), answerer=answerer)  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"trial"}, result.citations
    assert "1 week's notice" in result.text


def test_an_endless_line_is_read_in_linear_time() -> None:
    """A hostile document's one long line of would-be subjects and verbs is no scope
    statement, and reading it does not take the square of its length."""
    line = "staff is " * 40_000 + "their own"
    started = time.perf_counter()
    assert excluded_readers(line) == ()
    assert excluded_readers("Hourly-paid staff are not covered by this policy.") != ()
    assert time.perf_counter() - started < 5.0
