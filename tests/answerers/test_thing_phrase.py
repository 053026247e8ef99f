"""A yes/no question's thing said wholly in other words, which no single word of the line
means but a phrase of it does ("kit allowance" / "tool allowance", "work permit fees" / "visa
fees"), is answered by a first-ranked line a little under the floor that grants it; a kind
word the two phrases share ("allowance") means nothing by itself, and a thing no phrase of
the line means stays refused (answerers/asked_thing.py, asked_phrase, in_other_words).
Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.asked_thing import asked_phrase, asked_thing
from wikiqa.answerers.features import asked_clause
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

TOOLS = (
    "Tool Allowance",
    "# Tool Allowance\n\nTradespeople who bring and keep their own hand tools are paid a yearly "
    "tool allowance.\n\nPower tools are issued by the company and must be PAT tested every 3 "
    "months.\n\nTools stolen from a locked company container are replaced by the company.\n",
)
RELOCATION = (
    "Relocation Support for New Staff",
    "# Relocation Support for New Staff\n\nNew staff who move home more than 40 miles to take "
    "up a post may claim relocation costs.\n\n- Up to £8,000 of eligible costs: removals, legal "
    "fees and temporary accommodation.\n- Staff moving from outside the UK may also claim visa "
    "fees for themselves and their dependants.\n- Claims must be made within 12 months of the "
    "start date, with receipts.\n",
)
WORKWEAR = (
    "Workwear",
    "# Workwear\n\nSafety boots, a hi-vis vest and a hard hat are issued on your first day.\n\n"
    "Replace damaged kit through the site stores.\n",
)
STUDY = (
    "Staff Development",
    "# Staff Development\n\nFee support for courses costing more than £3,000 a year needs the "
    "approval of the Director of People.\n\nStaff may take 5 days of study leave a year.\n",
)
DOCS = {"tools": TOOLS, "relocation": RELOCATION, "workwear": WORKWEAR, "study": STUDY}

KIT = "I'm a joiner and I bring my own gear. Do joiners get a kit allowance?"
PERMIT = (
    "I'm moving here from Canada for the job. Does the relocation package cover work permit fees?"
)


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


def test_the_asked_phrase_keeps_the_word_naming_a_kind_of_value() -> None:
    """The thing's words leave out "allowance" and "fees" (they name only a kind of value);
    the phrase keeps them, as the asker said the thing."""
    assert asked_thing(asked_clause(KIT)) == ("kit",)
    assert asked_phrase(asked_clause(KIT)) == "kit allowance"
    assert asked_phrase(asked_clause(PERMIT)) == "work permit fees"
    assert asked_phrase("Do we get the handover bonus?") == ""  # presumed, not asked


async def test_a_thing_meant_only_as_a_phrase_answers_a_little_under_the_floor() -> None:
    """On main 940f5cf both are refused, the granting line first at 0.35 and 0.31 under the
    floor 0.35: "kit" / "tool" (0.37) and "permit" / "visa" (0.47) are under MEANT as single
    words, "kit allowance" / "tool allowance" and "work permit fees" / "visa fees" over it."""
    result = await ask(KIT)
    assert isinstance(result, Answer), result
    assert "paid a yearly tool allowance" in " ".join(c.quote for c in result.citations)
    result = await ask(PERMIT)
    assert isinstance(result, Answer), result
    assert "claim visa fees" in " ".join(c.quote for c in result.citations)


async def test_a_thing_no_phrase_of_the_line_means_stays_refused() -> None:
    """ "a discount on tuition fees" over "Fee support for courses ... needs the approval ..."
    (0.21, a sum of money in it): "discount" is neither said nor meant, nor is the phrase
    "discount" by any run of the line's words. Asked beside the kit question, which the same
    rule answers (so this fails on main too)."""
    answered = await ask(KIT)
    assert isinstance(answered, Answer), answered
    result = await ask("Do my children get a discount on tuition fees if they study here?")
    assert isinstance(result, Refusal), result
