"""A first line a little under the floor that says every word of the ask, some in other words
by word alignment, answers when every other reading refused (ask_aligned.py). Small documents
written here, through the real answerer with the bundled MiniLM."""

from __future__ import annotations

import pytest
from memsource import TermSource

from wikiqa.answerers import extractive
from wikiqa.answerers.ask_aligned import aligned_stems, may_align
from wikiqa.answerers.ask_named import names_the_ask
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Question

TILLS = (
    "Tills and Cash",
    "# Tills and Cash\n\n## Your till\n\n"
    "- Each till starts with a float of £150, counted by the cash office.\n"
    "- When the notes in your drawer pass £300, call the checkout supervisor for a cash "
    "pickup.\n\n## Till shortages\n\nA difference of up to £5 either way is treated as normal. "
    "A shortage of more than £5 is recorded and investigated.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\nOn your first day you are given 3 polo shirts, 1 fleece and 1 name badge.\n\n"
    "Replacements are free when your uniform is worn out or no longer fits; ask your manager.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n## Booking\n\n- For a week or more, ask at least 4 weeks before the first "
    "day.\n- For a single day, ask at least 1 week before.\n\nEveryone gets 28 days a year "
    "including bank holidays.\n",
)
BREAKS = (
    "Breaks",
    "# Breaks\n\nTake breaks away from the shop floor, in the colleague room or off the "
    "premises. Clock out and in for unpaid breaks.\n\nYou cannot save breaks to finish early.\n",
)
DOCS = {"t": TILLS, "u": UNIFORM, "l": LEAVE, "b": BREAKS}
ASKED = "I want to go to Spain for 10 days in June. How far ahead do I need to request it?"


async def _answer(emb: OnnxEmbedder, question: str) -> list[str] | None:
    answerer = ExtractiveAnswerer(embedder=emb)
    draft = await answerer.answer(Question(text=question), TermSource(DOCS))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]


async def test_a_line_saying_the_ask_in_other_words_answers(emb: OnnxEmbedder) -> None:
    # "request" is said by the line's "ask", "far ahead" by "at least 4 weeks before"
    said = await _answer(emb, ASKED)
    assert said == ["- For a week or more, ask at least 4 weeks before the first day."]


async def test_switched_off_the_same_question_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "may_align", lambda question: False)
    assert await _answer(emb, ASKED) is None


async def test_a_word_of_the_ask_no_line_word_means_stays_refused(emb: OnnxEmbedder) -> None:
    # the leave line says nothing of flights
    q = "I want to go to Spain for 10 days in June. How far ahead do I have to book the flights?"
    assert await _answer(emb, q) is None
    # nor of buying a fleece, nor of warnings for a short till
    assert await _answer(emb, "My fleece has gone threadbare. Do I have to buy a new one?") is None
    assert await _answer(emb, "My till was short. How many warnings do I get?") is None


def test_only_a_personally_asked_question_for_the_asker() -> None:
    assert may_align("I'm on the tills. When do I call for a pickup?")
    # an encyclopedia's question, whose adversarial twins copy their paragraph's words
    assert not may_align("When does the checkout supervisor call for a cash pickup?")
    # an ask for a third person: whom it is for the line does not say
    assert not may_align("My daughter is visiting. Can she get my staff discount?")
    # a situation told of someone else, the asker no subject in it: the case is theirs
    assert not may_align("My mate left his job last month. Will I owe anything?")
    assert may_align("I'm on the phones and a caller says she can't pay. What do I offer?")


def test_aligned_words_count_as_named_but_a_kind_word_needs_its_value() -> None:
    line = "- For a week or more, ask at least 4 weeks before the first day."
    ask = "How far ahead do I need to request it?"
    assert not names_the_ask(ask, line, "Booking", "Annual Leave")
    stems = aligned_stems(ask, [("far", 0.54), ("ahead", 0.51), ("request", 0.53)])
    assert names_the_ask(ask, line, "Booking", "Annual Leave", aligned=stems)
    # under the alignment bound a word is not said
    assert aligned_stems(ask, [("request", 0.45)]) == frozenset()
    # "how much money": a sum in the line, whatever the alignment says
    money = aligned_stems("How much money is there?", [("money", 0.9)])
    assert not names_the_ask("How much money is there?", "Ask your manager.", "", "", aligned=money)
