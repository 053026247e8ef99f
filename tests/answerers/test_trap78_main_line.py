"""An outlying site's line answering an asker whose site is unknown comes after the main
handbook's line it restates (main_line.py, trap78). The asker's site cannot be read from
the principal, so the answer gives the main handbook's rule and the site's own, each cited;
never when the question names the site, when the main page is withheld, when no main line
makes the supplement line's point, or for a question no document covers."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import main_line
from wikiqa.answerers.main_line import restated_line
from wikiqa.types import Answer, Principal

ENHANCEMENTS = (
    "Enhancements and Overtime",
    "# Enhancements and Overtime\n\n"
    "These payments are for colleagues in Bands A to D.\n\n"
    "| Enhancement | Rate |\n|---|---|\n| Sunday | time and a fifth |\n"
    "| Bank holiday | double time |\n| Overtime after 42 hours in a week | time and a half |\n\n"
    "Clubhouse colleagues who work an entertainment night past midnight are paid time and "
    "three quarters for the hours after midnight.\n",
)
KERLENN = (
    "Working at Kerlenn",
    "# Working at Kerlenn\n\n"
    "This supplement sets out the terms that differ for colleagues at Domaine de Kerlenn, "
    "our campsite near Carnac in Brittany. Everything not covered here follows the main "
    "handbook.\n\n"
    "## Pay\n\n"
    "Sunday work is paid at time and a quarter, and public holidays at double time.\n\n"
    "## Travel\n\n"
    "Colleagues who cover at Kerlenn stay in the staff mobile homes at Plouharnel.\n",
)
FIRE = (
    "Fire and Evacuation",
    "# Fire and Evacuation\n\nIf the alarm sounds, leave by the nearest exit and meet at "
    "the assembly point in the car park.\n",
)
DOCS = {"a-enh": ENHANCEMENTS, "c-fire": FIRE, "z-kerlenn": KERLENN}
BAR = Principal(user_id="u-1", roles=["staff"], departments=["bar"])
SITE_LINE = "Sunday work is paid at time and a quarter, and public holidays at double time."
SUNDAY = "Do I get paid more for working Sundays?"


def _quotes(r: object) -> str:
    return " ".join(c.quote for c in r.citations) if isinstance(r, Answer) else ""


def _titles(r: object) -> list[str]:
    return [c.title or "" for c in r.citations] if isinstance(r, Answer) else []


def test_the_main_row_keyed_by_the_thing_the_site_line_restates() -> None:
    got = restated_line([SITE_LINE], frozenset({"kerlenn"}), SUNDAY, ENHANCEMENTS[1])
    assert got == ("| Sunday | time and a fifth |", "| Enhancement | Rate |")


def test_a_line_sharing_only_generic_words_of_the_point_is_no_restatement() -> None:
    # "paid" and "work" are said by the clubhouse line, "Sunday" is not: another matter
    text = ENHANCEMENTS[1].replace("| Sunday | time and a fifth |\n", "")
    assert restated_line([SITE_LINE], frozenset({"kerlenn"}), SUNDAY, text) is None


def test_a_row_whose_value_shares_nothing_with_the_site_line_is_another_kind() -> None:
    text = ENHANCEMENTS[1].replace("time and a fifth", "see your contract")
    assert restated_line([SITE_LINE], frozenset({"kerlenn"}), SUNDAY, text) is None


def test_a_point_the_question_does_not_ask_keys_nothing() -> None:
    q = "Where do I stay?"
    assert restated_line([SITE_LINE], frozenset({"kerlenn"}), q, ENHANCEMENTS[1]) is None


async def test_the_main_rule_comes_before_the_site_s_own() -> None:
    r = await ask_over(DOCS, SUNDAY, who=BAR)
    assert isinstance(r, Answer), r
    quotes = _quotes(r)
    assert "| Sunday | time and a fifth |" in quotes, r.citations
    assert "Enhancements and Overtime" in _titles(r), r.citations


async def test_a_question_naming_the_site_keeps_the_site_s_line_alone() -> None:
    r = await ask_over(DOCS, "Do I get paid more for working Sundays at Kerlenn?", who=BAR)
    assert "time and a fifth" not in _quotes(r), r


async def test_the_main_page_withheld_adds_nothing() -> None:
    docs = {k: v for k, v in DOCS.items() if k != "a-enh"}
    r = await ask_over(docs, SUNDAY, who=BAR)
    assert "time and a fifth" not in _quotes(r), r


async def test_another_kind_s_guide_is_no_main_page() -> None:
    guide = (
        "Agency Staff Guide",
        "# Agency Staff Guide\n\nThis guide is for agency staff placed with us.\n\n"
        "| Enhancement | Rate |\n|---|---|\n| Sunday | time and a tenth |\n",
    )
    docs = {k: v for k, v in DOCS.items() if k != "a-enh"} | {"a-agency": guide}
    r = await ask_over(docs, SUNDAY, who=BAR)
    assert "time and a tenth" not in _quotes(r), r


async def test_a_topic_no_document_covers_is_still_refused() -> None:
    r = await ask_over(DOCS, "How many days of paternity leave do I get?", who=BAR)
    assert not isinstance(r, Answer), r


async def test_switched_off_the_site_line_stands_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(main_line, "MAIN_LINE", False)
    r = await ask_over(DOCS, SUNDAY, who=BAR)
    assert "time and a fifth" not in _quotes(r), r
