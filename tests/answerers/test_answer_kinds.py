"""What the question's wording asks for (answerers/kinds.py): among candidates that could
answer, one saying a sum of money, a frequency, a clock time or a share is ranked first when
the question asks for that, on small documents written here."""

from __future__ import annotations

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.types import Document, Hit

RELOCATION = (
    "# Relocation Support\n\n"
    "- If you leave within 2 years of starting, the full amount the Trust paid must be "
    "repaid.\n"
    "New consultants who move home to take up the post may claim relocation costs from the "
    "Trust.\n\n"
    "- The new home the Trust pays towards must be within 15 miles of the main base.\n"
    "- The maximum reimbursement is £8,000, including VAT.\n"
)
CHECKS = (
    "# Pre-employment Checks\n\n"
    "- An enhanced criminal record check is done for all patient-facing roles.\n"
    "- Two references cover at least 3 years of employment.\n\n"
    "Checks are repeated every 3 years through the update service.\n"
)


def _best(question: str, title: str, text: str) -> tuple[str, str]:
    """The best candidate, and the one the ranker alone puts first."""
    doc = Document(source="m", doc_id="d", title=title, text=text)
    hits = [Hit(source="m", doc_id="d", title=title, score=1.0)]
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR)
    ev = answerer.assess(analyse(question), hits, {"d": doc})
    assert ev is not None
    by_rank = max(ev.ranked, key=lambda c: c.rank)
    return ev.ranked[0].span.text, by_rank.span.text


def test_the_kind_a_question_asks_for() -> None:
    assert asked_kind("How much money will I get to cover my move?") == "money"
    assert asked_kind("What's the most the Trust will pay towards moving house?") == "money"
    assert asked_kind("What does a second replacement badge cost?") == "money"
    assert asked_kind("How often is a criminal record check redone?") == "frequency"
    assert asked_kind("What time does the staff canteen close?") == "clock"
    assert asked_kind("What share of my wages goes into the pension?") == "percent"
    assert asked_kind("How many days of leave do I get?") is None
    assert asked_kind("How much notice must I give?") is None
    assert asked_kind("How much sick pay do I get?") is None  # "full pay" answers it


def test_what_a_text_says() -> None:
    assert says_kind("money", "up to €75 per person") and says_kind("money", "28 pence a mile")
    assert not says_kind("money", "within 15 miles of the main base")
    assert says_kind("money", "Eye tests are free for screen users")
    assert says_kind("money", "traffic fines are not reimbursed")
    assert not says_kind("money", "If you leave within 2 years, the full amount must be repaid.")
    assert says_kind("frequency", "repeated every 3 years") and says_kind(
        "frequency", "twice a year"
    )
    assert not says_kind("frequency", "at least 3 years of employment")
    assert says_kind("clock", "closes at 19:30") and says_kind("clock", "opens at 8am")
    assert not says_kind("clock", "open on weekdays")
    assert says_kind("percent", "9.8% of pay") and not says_kind("percent", "9 days")
    assert says_kind(None, "anything")


def test_a_money_question_is_answered_by_the_sum_not_another_number() -> None:
    best, by_rank = _best(
        "What's the most the Trust will pay towards moving house for a new consultant?",
        "Relocation Support",
        RELOCATION,
    )
    assert "£8,000" in best
    assert "£8,000" not in by_rank  # the ranker alone prefers the sentence sharing words


def test_a_how_often_question_is_answered_by_a_frequency() -> None:
    best, by_rank = _best(
        "How often is a criminal record check redone?", "Pre-employment Checks", CHECKS
    )
    assert "every 3 years" in best
    assert "every 3 years" not in by_rank


def test_with_no_candidate_of_the_kind_the_best_stands() -> None:
    best, by_rank = _best(
        "What is the most the Trust will pay towards moving house?",
        "Relocation Support",
        RELOCATION.replace("£8,000, including VAT", "agreed case by case"),
    )
    assert best == by_rank


def test_a_row_is_read_under_the_tables_lead_in() -> None:
    text = (
        "# Spending Approval Matrix\n\n"
        "Maximum amount each role may approve for a single purchase:\n\n"
        "| Approver | Limit |\n|---|---|\n| Team lead | €2,000 |\n| Director | €50,000 |\n"
        "| Board of directors | above €250,000 |\n\n"
        "Commitments above €50,000 also need a second signature from Finance.\n"
    )
    best, _ = _best(
        "Up to what amount can a director sign off a purchase?", "Spending Approval Matrix", text
    )
    assert best == "| Director | €50,000 |"
