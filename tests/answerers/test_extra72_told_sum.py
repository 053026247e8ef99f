"""What the asker gets, asked without saying money ("How much an hour will I get in my second
year?", "Does that get me any more an hour?", "Do we get anything towards safety shoes?"), is
asked again as a sum of money, and that answer stands only when its first claim says a sum
(told_sum.py, extra72). A year no row keys, a qualification and a thing no line pays for stay
refused. Small documents written here."""

from __future__ import annotations

import pytest

from wikiqa.answerers import extractive, keyed_row
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.told_sum import for_the_asker, line_workers, sum_asked, sum_said
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote, Principal, Question

from memsource import TermSource  # isort: skip

APPRENTICES = (
    "Apprentice Handbook",
    "# Apprentice Handbook\n\n"
    "Our rigging apprenticeship lasts 2 years. Where this handbook differs from the main "
    "policies, it applies to you.\n\n"
    "| Apprenticeship year | Hourly rate |\n|---|---|\n"
    "| Year 1 | £9.80 |\n"
    "| Year 2 | £11.40 |\n\n"
    "- You spend one day a week at college, on full pay.\n"
    "- Your mentor meets you every 2 weeks.\n",
)
PAY = (
    "Pay Rates",
    "# Pay Rates\n\n"
    "| Band | Hourly rate |\n|---|---|\n"
    "| Band A | £12.50 |\n"
    "| Band B | £13.20 |\n\n"
    "A rigger who holds a PASMA card is paid £0.35 an hour above the Band B rate.\n\n"
    "Apprentices are paid the rates in the Apprentice Handbook.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\n"
    "- Wear the black polo shirt we give you on every shift.\n"
    "- Riggers get a £35 footwear allowance each April for trainers.\n"
    "- Name badges are worn at all times.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nYou get 25 days of annual leave a year. Book holiday through your "
    "manager at least two weeks ahead.\n",
)
SICK = (
    "Sickness Absence",
    "# Sickness Absence\n\nRing your manager before your call starts if you are too ill to "
    "work. After 7 days you need a fit note from your doctor.\n",
)
DOCS = {"a": APPRENTICES, "p": PAY, "u": UNIFORM, "l": LEAVE, "s": SICK}
SECOND_YEAR = "How much an hour will I get in my second year?"
PASMA = "I've just passed my PASMA. Does that get me any more an hour?"
SHOES = "do we get anything towards trainers?"
APPRENTICE = Principal(user_id="u-1", roles=["apprentice"], departments=["technical"])
RIGGER = Principal(user_id="u-2", roles=["rigger"], departments=["technical"])
BOX_OFFICE = Principal(user_id="u-3", roles=["staff"], departments=["box_office"])


async def _quotes(emb: OnnxEmbedder, question: str, who: Principal = RIGGER) -> list[str] | None:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)
    draft = await answerer.answer(Question(text=question, principal=who), TermSource(DOCS))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]


def test_what_the_asker_gets_is_asked_as_a_sum() -> None:
    assert sum_asked(SECOND_YEAR) == "How much money an hour will I get in my second year?"
    assert sum_asked("How much will I get paid in my first year?") == (
        "How much money will I get paid in my first year?"
    )
    assert sum_asked(PASMA) == (
        "I've just passed my PASMA. How much more money does that get me an hour?"
    )
    assert sum_asked(SHOES) == "how much money do we get towards trainers?"
    assert sum_asked("Is there anything extra for that?") == (
        "How much extra money is there for that?"
    )
    assert sum_asked("Does my pay go up at all?") == "How much money does my pay go up at all?"
    assert sum_asked("What extra do I get for working a Sunday?") == (
        "How much extra money do I get for working a Sunday?"
    )


def test_other_things_asked_are_left() -> None:
    for question in (
        "How much notice do I get?",
        "How much leave do I get?",
        "How much will I be paid for?",  # the hours paid, not a sum
        "If the job only takes 20 minutes, how much do I get paid for?",
        "Do I get any extra time off?",
        "Do I get any extra breaks to warm up?",
        "Is there extra leave for a baby in special care?",
        "What time do I start?",
    ):
        assert sum_asked(question) == question, question


def _draft(*quotes: str) -> Draft:
    return Draft(
        claims=[
            DraftClaim(
                text=" ".join(quotes),
                quotes=[DraftQuote(source="t", doc_id="d", quote=q) for q in quotes],
            )
        ]
    )


def test_the_answer_stands_only_with_a_sum_said() -> None:
    row = _draft("| Apprenticeship year | Hourly rate |", "| Year 2 | £11.40 |")
    assert sum_said(SECOND_YEAR, row)
    assert not sum_said(SECOND_YEAR, _draft("- Your mentor meets you every 2 weeks."))
    assert not sum_said("How much leave do I get?", row)  # not read as a sum asked
    assert not sum_said(SECOND_YEAR, _draft())


def test_a_line_about_one_trade_is_for_that_trade() -> None:
    assert line_workers("- Gym instructors get a £40 footwear allowance.") == "Gym instructors"
    assert line_workers("A stage technician who holds an IPAF licence is paid £0.40 more.") == (
        "stage technician"
    )
    assert line_workers("We pay up to £50 a year towards them.") is None
    assert line_workers("- Staff get a free meal.") is None  # no trade of its own
    technical = Principal(user_id="u", roles=["staff"], departments=["technical"])
    line = "A stage technician who holds an IPAF licence is paid £0.40 an hour more."
    assert for_the_asker(line, "Does my IPAF get me more?", technical)  # technical/technician
    assert not for_the_asker(line, "Does my IPAF get me more?", BOX_OFFICE)
    assert for_the_asker(line, "I'm a stage technician. Any more?", BOX_OFFICE)  # told
    assert for_the_asker("We pay up to £50 a year towards them.", "q", BOX_OFFICE)


async def test_the_sum_asked_is_answered(emb: OnnxEmbedder) -> None:
    quotes = await _quotes(emb, SECOND_YEAR, APPRENTICE)
    assert quotes is not None and "| Year 2 | £11.40 |" in quotes, quotes
    quotes = await _quotes(emb, PASMA)
    assert quotes is not None and any("£0.35 an hour" in q for q in quotes), quotes
    quotes = await _quotes(emb, SHOES)
    assert quotes is not None and any("£35 footwear" in q for q in quotes), quotes
    assert await _quotes(emb, SHOES, BOX_OFFICE) is None  # the riggers' allowance


async def test_switched_off_it_is_not_read(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "TOLD_SUM", False)
    # the apprentice's second-year row is keyed by its told year and asked for its rate, which
    # keyed_row.py reads too (value75): both readings off, nothing else answers it
    monkeypatch.setattr(keyed_row, "KEYED_ROW", False)
    quotes = await _quotes(emb, PASMA)
    assert quotes is None or not any("£0.35" in q for q in quotes), quotes
    quotes = await _quotes(emb, SECOND_YEAR, APPRENTICE)
    assert quotes is None or "| Year 2 | £11.40 |" not in quotes, quotes
    assert await _quotes(emb, SHOES) is None


async def test_what_no_line_pays_stays_refused(emb: OnnxEmbedder) -> None:
    assert await _quotes(emb, "How much an hour will I get in my fourth year?", APPRENTICE) is None
    for question in (
        "I've just passed my forklift test. Does that get me any more an hour?",
        "Do we get anything towards a new phone?",
    ):
        assert await _quotes(emb, question) is None, question
