"""A question asking what happens if a condition holds is answered by the line stating what
follows it, ranked first over the line restating the condition (consequence.py); and a line
lifted first (nearer_line.py, consequence.py) is judged by the answerer's readings under the
floor as any first line is. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.consequence import (
    asked_condition,
    asked_to_do,
    condition_is,
    consequence_candidate,
    instructed_case,
    line_condition,
    situation_words,
)
from wikiqa.answerers.extractive import Candidate, Evidence
from wikiqa.answerers.features import ANSWER_FEATURES, analyse
from wikiqa.answerers.lift import lifted_answers
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.sentences import Span
from wikiqa.types import Document

LEAVING = (
    "Leaving the Company",
    "# Leaving the Company\n\n"
    "Tell your manager in writing when you decide to leave.\n\n"
    "## Equipment\n\n"
    "Hand back your laptop and phone to the IT desk on your last day. "
    "If you do not, the cost of the laptop is taken from your final salary.\n\n"
    "Your building pass stops working at 18:00 on your last day.\n",
)
CANTEEN = (
    "Canteen",
    "# Canteen\n\nThe canteen serves hot food from 12:00 to 14:00 on weekdays.\n",
)
DOCS = {"l": LEAVING, "c": CANTEEN}


def _line(doc: Document, text: str, rank: float, row: bool = False) -> Candidate:
    start = doc.text.index(text)
    span = Span(start, start + len(text), text)
    return Candidate(doc, span, [], 0, rank=rank, header=span if row else None)


def _evidence(question: str, lines: list[Candidate], score: float = 0.1) -> Evidence:
    return Evidence(analyse(question), lines, [], score)


def test_what_a_question_asks_the_consequence_of() -> None:
    assert asked_condition("What happens if I lose my badge?") == " if I lose my badge?"
    assert asked_condition("What if I lose my badge?") == " I lose my badge?"
    assert asked_condition("What happens when my contract ends?") == " when my contract ends?"
    # no condition asked about: "what happens now", or no "what happens" at all
    assert asked_condition("What happens now?") is None
    assert asked_condition("When does my badge stop working?") is None


def test_the_condition_a_line_opens_with() -> None:
    assert line_condition("If you do not, the cost is taken from your pay.") == ""
    assert line_condition("- If not, tell HR.") == ""
    assert line_condition("Otherwise, the claim is refused.") == ""
    assert line_condition("If you lose your badge, tell security.") == " you lose your badge"
    assert line_condition("Hand back your laptop on your last day.") is None


def test_the_conditional_line_after_the_first_or_saying_the_asked_condition() -> None:
    text = (
        "Hand back your laptop on your last day. If you do not, we charge you.\n\n"
        "If you lose your badge, tell security.\n\nIf you do not, ring us."
    )
    doc = Document(source="m", doc_id="a", title="A", text=text)
    other = Document(source="m", doc_id="b", title="B", text="If you do not, stop.")
    first = _line(doc, "Hand back your laptop on your last day.", 9.0)
    then = _line(doc, "If you do not, we charge you.", 5.0)
    badge = _line(doc, "If you lose your badge, tell security.", 6.0)
    far = _line(doc, "If you do not, ring us.", 7.0)
    theirs = _line(other, "If you do not, stop.", 8.0)
    q = "What happens if I don't hand back my laptop?"
    # an elliptical condition counts only right after the first line; another document's
    # line is never looked at
    assert consequence_candidate(_evidence(q, [first, theirs, far, badge, then])) is then
    assert consequence_candidate(_evidence(q, [first, theirs, far])) is None
    # a condition saying the asked condition's word counts wherever it is
    assert consequence_candidate(_evidence("What happens if I lose my badge?", [first, badge]))
    # a question asking no consequence, or a first line already conditional: nothing moves
    assert consequence_candidate(_evidence("When is my last day?", [first, then])) is None
    assert consequence_candidate(_evidence(q, [badge, then])) is None
    # no table row
    row = _line(doc, "If you do not, we charge you.", 5.0, row=True)
    assert consequence_candidate(_evidence(q, [first, row])) is None


def test_a_lifted_line_answers_by_a_reading_under_the_floor() -> None:
    doc = Document(source="m", doc_id="a", title="A", text="First line. Second line.")
    first, second = _line(doc, "First line.", 9.0), _line(doc, "Second line.", 5.0)
    e = _evidence("What is asked?", [first, second])

    def redecide(line: Candidate, points: float) -> Evidence:
        line.rank += points
        return _evidence("What is asked?", [line, first], score=0.2)

    assert lifted_answers(e, second, 0.35, redecide) is None  # under the floor, no reading
    assert lifted_answers(e, second, 0.35, redecide, lambda again: False) is None
    second.rank = 5.0
    again = lifted_answers(e, second, 0.35, redecide, lambda again: True)
    assert again is not None and again.ranked[0] is second


async def test_what_happens_if_a_duty_is_not_done_is_answered_by_its_consequence(
    emb: OnnxEmbedder,
) -> None:
    # the line setting the duty repeats the question's words and ranks first under the
    # floor; the line after it says what follows when it is not done
    quotes = await quotes_over(
        emb, DOCS, "What happens if I don't give my laptop back when I leave?"
    )
    assert quotes is not None
    assert "If you do not, the cost of the laptop is taken from your final salary." in quotes


async def test_a_consequence_the_document_does_not_state_is_still_refused(
    emb: OnnxEmbedder,
) -> None:
    assert await quotes_over(emb, DOCS, "What happens if I am late for work?") is None


SORTING = (
    "Sorting Room Safety",
    "# Sorting Room Safety\n\n"
    "Each sorter aims to process 40 sacks a shift.\n\n"
    "## Safety\n\n"
    "- Wear thick gloves when opening sacks: they can hold glass, syringes or razor blades.\n"
    "- If you find a syringe, do not touch it; call the supervisor, who uses the sharps box.\n"
    "- Bales weigh up to 250 kg and are only moved by forklift.\n",
)
PRIVACY = (
    "Privacy at Work",
    "# Privacy at Work\n\n"
    "## When something goes wrong\n\n"
    "A privacy incident is any loss or wrong sharing of personal data: a letter to the wrong "
    "address, a lost membership form, a stolen tablet. Report it to the privacy officer on "
    "extension 4410 within 3 hours of noticing. We may have to tell the regulator.\n",
)
TOLD = {"s": SORTING, "p": PRIVACY}
SYRINGE = "found a syringe in one of the sacks. what do i do"
LETTER = "I posted a letter with member details to the wrong address. What now?"


def test_the_situation_a_question_asks_what_to_do_in() -> None:
    assert asked_to_do(SYRINGE) == "found a syringe in one of the sacks"
    assert asked_to_do("What should I do if my tablet is stolen?") == "my tablet is stolen?"
    assert asked_to_do("It's not urgent, but what do I do?") == "It's not urgent"
    # no situation, a compound question, or another ask: none
    assert asked_to_do("What do I do?") is None
    assert asked_to_do("Who do I tell? What should I do?") is None
    assert asked_to_do("I found a syringe. Who do I tell?") is None


def test_a_condition_is_the_situation_when_the_situation_says_each_of_its_words() -> None:
    found = situation_words("found a syringe in one of the sacks")
    assert condition_is(" you find a syringe", found)  # "found" read as "find"
    # one word is chance; a word the situation does not say is another case
    assert not condition_is(" the child is not found", found)
    assert not condition_is(" you find a syringe in the car park", found)
    # a verb's particle says nothing of the situation: "opt out" of what?
    assert not condition_is(" you opt out", situation_words("I want to opt out of the newsletter"))


async def test_what_to_do_is_answered_by_the_line_for_the_situation(emb: OnnxEmbedder) -> None:
    # the line right after the one stating the situation, lifted over it (0.29 first)
    quotes = await quotes_over(emb, TOLD, LETTER)
    assert quotes is not None
    assert any("Report it to the privacy officer" in q for q in quotes)


async def test_without_the_reading_what_to_do_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "instructed_case", lambda e: False)
    # nor asked again as a data breach (told_incident.py), which answers with the definition
    monkeypatch.setattr(extractive, "plain_incident", lambda text: text)
    assert await quotes_over(emb, TOLD, LETTER) is None


async def test_a_situation_no_line_is_for_stays_refused(emb: OnnxEmbedder) -> None:
    # one word of a condition ("find"), and a line stating another situation
    assert await quotes_over(emb, TOLD, "I found a cat in the car park. What should I do?") is None
    assert await quotes_over(emb, TOLD, "I lost my sandwich at lunch. What now?") is None


def test_the_reading_passes_a_first_line_for_the_situation() -> None:
    doc = Document(source="m", doc_id="s", title=SORTING[0], text=SORTING[1])
    syringe = _line(doc, "- If you find a syringe, do not touch it; call the supervisor, who "
                    "uses the sharps box.", 9.0)  # fmt: skip
    bales = _line(doc, "- Bales weigh up to 250 kg and are only moved by forklift.", 5.0)
    top = [1.0 if f == "doc_top" else 0.0 for f in ANSWER_FEATURES]

    def under(question: str, lines: list[Candidate]) -> bool:
        return instructed_case(Evidence(analyse(question), lines, top, 0.2))

    assert under(SYRINGE, [syringe, bales])
    # another line first, another ask, a situation the condition is not, a table row
    assert not under(SYRINGE, [bales, syringe])
    assert not under("found a syringe in one of the sacks. who do i tell", [syringe])
    assert not under("found a kitten in one of the sacks. what do i do", [syringe])
    row = _line(doc, "- If you find a syringe, do not touch it; call the supervisor, who "
                "uses the sharps box.", 9.0, row=True)  # fmt: skip
    assert not under(SYRINGE, [row])
