"""A later part of a compound question that names nothing of its own is scored with the
first part's names appended ("... (3)" of "As a band 3, ..."); when no line says those
names and the part in its own words ranks the same general line first and clears the
floor, that line answers the part (`general_part.general_reading`, hops63). A line naming
another thing (a place, another band) is not read so, nor a part no line answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import extractive
from wikiqa.answerers.general_part import says_no_other_name
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

NOTICE = (
    "---\ntitle: Notice Periods\n---\n# Notice Periods\n\n"
    "After probation, the notice you give when you resign depends on your band.\n\n"
    "| Band | Notice you give |\n|---|---|\n"
    "| Band 1 | 1 week |\n| Band 2 | 2 weeks |\n| Band 3 | 4 weeks |\n| Band 4 | 8 weeks |\n\n"
    "Resign in writing to your line manager.\n"
)
LEAVING = (
    "---\ntitle: Leaving Us\n---\n# Leaving Us\n\n"
    "## Holiday not taken\n\n"
    "You will be paid for holiday you have not taken, in your final pay.\n\n"
    "## Equipment\n\n"
    "Hand back your uniform and locker key on your last day.\n"
)
DEPOT = (
    "---\ntitle: Depot Notes\n---\n# Depot Notes\n\n"
    "Staff at the Harwich depot can claim a parking permit refund when they leave.\n"
)
WHO = Principal(user_id="u-1", roles=["staff"], departments=["stores"])
ASK = "As a band 3, how much notice do I give, and what do I hand back on my last day?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(tmp_path, {"notice.md": NOTICE, "leaving.md": LEAVING, "depot.md": DEPOT})


async def test_the_general_line_answers_the_later_part(source: CollectionSource) -> None:
    result = await ask_as(ASK, source, WHO)
    assert isinstance(result, Answer)
    assert "4 weeks" in result.text
    assert "uniform and locker key" in result.text
    assert {c.doc_id for c in result.citations} >= {"notice.md", "leaving.md"}
    await source.aclose()


async def test_the_reading_switched_off_misses_it(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "general_reading", lambda *a, **k: False)
    result = await ask_as(ASK, source, WHO)
    assert "4 weeks" in getattr(result, "text", "")
    assert "uniform and locker key" not in getattr(result, "text", "")
    await source.aclose()


@pytest.mark.parametrize(
    "question",
    [
        # a part no line answers
        "As a band 3, how much notice do I give, and do I get a leaving bonus?",
        # the line that reads like it names another place
        "As a band 3, how much notice do I give, and can I claim a parking permit refund?",
    ],
)
async def test_no_line_or_another_things_line_does_not_answer(
    source: CollectionSource, question: str
) -> None:
    result = await ask_as(question, source, WHO)
    assert "Harwich" not in getattr(result, "text", "")
    assert "final pay" not in getattr(result, "text", "")
    assert "bonus" not in getattr(result, "text", "").lower()
    await source.aclose()


def test_a_line_naming_another_thing_is_no_general_line() -> None:
    q = "As a band 3, how much notice do I give, and will I be paid for holiday?"
    general = "Holiday you have earned but not taken is paid in your final pay."
    assert says_no_other_name(general, "Final pay", "Leaving Us", q)
    assert not says_no_other_name(
        "Staff at the Harwich depot are paid holiday in their final pay.", "", "", q
    )
    assert not says_no_other_name(general, "Band 4 staff", "Leaving Us", q)
    assert says_no_other_name(general, "Band 3 staff", "Leaving Us", q)


def test_the_line_must_say_the_parts_own_words_when_nothing_else_agrees() -> None:
    from types import SimpleNamespace

    from wikiqa.answerers.general_part import says_the_part

    def line(text: str) -> SimpleNamespace:
        return SimpleNamespace(
            span=SimpleNamespace(text=text), context="", doc=SimpleNamespace(title="")
        )

    paid = line(
        "When you leave, holiday you have built up but not taken is paid in your final pay."
    )
    phone = line("- Light personal use of your work phone and laptop is allowed in your own time.")
    assert says_the_part("will I be paid for holiday I haven't taken?", paid)  # type: ignore[arg-type]
    assert not says_the_part("do I get to keep my work phone?", phone)  # type: ignore[arg-type]


def _ev(score: float, *lines: tuple[str, int, str]) -> object:
    from types import SimpleNamespace

    ranked = [
        SimpleNamespace(
            at=(doc, start),
            span=SimpleNamespace(text=text),
            header=None,
            lead=None,
            context="",
            doc=SimpleNamespace(title=""),
        )
        for doc, start, text in lines
    ]
    return SimpleNamespace(score=score, ranked=ranked, question=SimpleNamespace(text="q"))


def test_names_finding_only_the_first_parts_line_find_nothing() -> None:
    from wikiqa.answerers.general_part import general_reading

    row = ("notice.md", 10, "| Band 3 | 4 weeks |")
    other = ("notice.md", 90, "Your manager may agree a shorter notice period.")
    first = _ev(0.8, row)
    whole = _ev(0.8, row, other)
    named = _ev(0.55, row)  # over the floor, with the first part's own row
    q = "As a band 3, how much notice do I give, and can my manager agree a shorter notice period?"
    assert general_reading(named, _ev(0.6, other), 0.35, q, whole, first)  # type: ignore[arg-type]
    # the part in its own words finds the first part's row again, or a row: nothing read
    assert not general_reading(named, _ev(0.6, row), 0.35, q, whole, first)  # type: ignore[arg-type]
    # a named reading over the floor with a line of its own stands
    mine = _ev(0.55, ("notice.md", 50, "Notice starts the day after your manager receives it."))
    assert not general_reading(mine, _ev(0.6, other), 0.35, q, whole, first)  # type: ignore[arg-type]
    # under the floor in its own words: nothing read
    assert not general_reading(named, _ev(0.3, other), 0.35, q, whole, first)  # type: ignore[arg-type]
