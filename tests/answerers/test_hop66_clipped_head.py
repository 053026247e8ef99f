"""A job named with its modifier clipped ("a new lab technician") names the job table's row
"| Laboratory technician | Grade D |" (`head_keys.clipped_heads`, hop66): the head noun
said after a clipping of the cell's word before it. The row carries its grade to the table
asked about ("| Grades D and E | 6 months |"); a job the table does not hold ("a lab
manager") names no row and is not answered through one."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import head_keys, key_bridge
from wikiqa.answerers.features import analyse
from wikiqa.answerers.head_keys import bare_keys, clipped_heads, head_score
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

GRADES = (
    "---\ntitle: Job Grades\n---\n# Job Grades\n\n"
    "Every job at Fenwater is on one of these grades.\n\n"
    "| Job | Grade |\n|---|---|\n"
    "| Cleaner | Grade A |\n| Receptionist | Grade B |\n| Laboratory assistant | Grade C |\n"
    "| Laboratory technician | Grade D |\n| Network technician | Grade C |\n"
    "| Works manager | Grade F |\n"
)
PROBATION = (
    "---\ntitle: Probation\n---\n# Probation\n\n"
    "Every new employee serves a probation period. Its length depends on the grade of the job.\n\n"
    "| Grade | Probation period |\n|---|---|\n"
    "| Grades A to C | 3 months |\n| Grades D and E | 6 months |\n| Grades F and G | 9 months |\n\n"
    "Graduate trainees have a 12-month probation whatever their start date.\n"
)
NOTICE = (
    "---\ntitle: Notice Periods\n---\n# Notice Periods\n\n"
    "The notice you give depends on your grade.\n\n"
    "| Grade | Notice you give |\n|---|---|\n"
    "| Grades A to C | 2 weeks |\n| Grades D and E | 6 weeks |\n| Grades F and G | 12 weeks |\n"
)
ASKER = Principal(user_id="u-7001", roles=["staff"], departments=["operations"])
QUESTION = "We've got a new lab technician starting. How long's their probation?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path, {"grades.md": GRADES, "probation.md": PROBATION, "notice.md": NOTICE}
    )


def test_a_clipped_modifier_names_the_cell_it_opens() -> None:
    qset, bare = frozenset(analyse(QUESTION).terms), bare_keys(QUESTION)
    clipped = clipped_heads(QUESTION)
    assert head_score("Laboratory technician", qset, bare, clipped) == 1
    assert head_score("Laboratory technician", qset, bare) == 0  # the reading off
    assert head_score("Network technician", qset, bare, clipped) == 0
    assert head_score("Laboratory assistant", qset, bare, clipped) == 0
    # a modifier said whole is no clipping of the cell's word (named whole elsewhere)
    whole = clipped_heads("a new laboratory technician")
    assert not head_keys._clipped_head(("laborat", "technic"), whole)


async def test_the_clipped_job_carries_its_grade(source: CollectionSource) -> None:
    result = await ask_as(QUESTION, source, ASKER)
    assert isinstance(result, Answer)
    assert "6 months" in result.text and "12-month" not in result.text
    assert {c.doc_id for c in result.citations} >= {"grades.md", "probation.md"}
    await source.aclose()


async def test_switched_off_the_clipped_job_names_no_row(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(key_bridge, "clipped_heads", lambda q: frozenset())
    result = await ask_as(QUESTION, source, ASKER)
    assert "6 months" not in getattr(result, "text", "")
    await source.aclose()


async def test_a_job_no_row_holds_is_not_answered_through_another(
    source: CollectionSource,
) -> None:
    result = await ask_as("How much notice does a lab manager have to give?", source, ASKER)
    assert "6 weeks" not in getattr(result, "text", "")
    assert "12 weeks" not in getattr(result, "text", "")
    await source.aclose()
