"""A table row is named by every word of its key cell that no other row's key cell says and
the document says nowhere else ("how often do I redo the fire training?" names "| Fire
safety |" beside "| Radiation safety |": "safety" tells no row apart, "fire" does), when no
other row is so named and the question's words beside it are the document's own words
(`rows.own_named`, fact66). A word the document says elsewhere too, a word beside it the
document does not say ("a night porter" for "Kitchen porter"), or a question naming two rows
so, keys no row; a thing no row is stays unkeyed."""

from __future__ import annotations

import pytest

from wikiqa.answerers import rows
from wikiqa.answerers.features import analyse
from wikiqa.text.tables import table_rows

TRAINING = (
    "# Mandatory Training\n\n"
    "Everyone completes the courses for their job online within their first 4 weeks.\n\n"
    "| Course | Who | How | Refresh |\n|---|---|---|---|\n"
    "| Fire safety | Everyone | Online, 30 minutes | Every year |\n"
    "| Data protection | Everyone | Online, 40 minutes | Every 2 years |\n"
    "| Radiation safety | Vets and nurses | Online, 1 hour | Every 2 years |\n"
    "| Manual handling | Everyone | Half a day, in practice | Every 3 years |\n"
    "| Senior leadership | Managers | Two days | Every 3 years |\n\n"
    "If your training is more than 1 month overdue, your senior manager is told.\n"
)


def _fit(question: str, key: str) -> int:
    q = analyse(question)
    row = next(r for r in table_rows(TRAINING) if r.row.text.startswith(f"| {key} "))
    return rows.row_fit(
        "what", frozenset(q.terms), TRAINING, "Mandatory Training", row.header.text,
        row.row.text, row.header.start, on_topic=True, question=question,
    )  # fmt: skip


def test_a_row_named_by_its_own_word_fits() -> None:
    assert _fit("how often do I have to redo the fire training?", "Fire safety") != rows.NO
    # the other rows are not the one asked
    assert _fit("how often do I have to redo the fire training?", "Radiation safety") == rows.NO


def test_switched_off_the_row_is_not_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows, "own_named", lambda *a: False)
    assert _fit("how often do I have to redo the fire training?", "Fire safety") == rows.NO


def test_a_word_the_document_says_elsewhere_names_no_row() -> None:
    # "senior" is said again under the table: it names no row
    assert _fit("how often do I redo the senior training?", "Senior leadership") == rows.NO


def test_two_rows_named_so_name_neither() -> None:
    q = "how often do I redo the fire and radiation training?"
    assert _fit(q, "Fire safety") == rows.NO
    assert _fit(q, "Radiation safety") == rows.NO


def test_a_word_beside_the_own_word_that_the_document_does_not_say_names_no_row() -> None:
    # "radiation" is the row's own word, "monitoring" beside it is said nowhere: another thing
    assert _fit("how often is radiation monitoring redone?", "Radiation safety") == rows.NO
    # "training" beside "fire" is the document's own word: the row is named
    assert _fit("how often is fire training redone?", "Fire safety") != rows.NO


def test_a_name_written_capitalised_is_no_own_word() -> None:
    # "Radiation" capitalised reads as a name, which the rules for names key, not this one
    assert _fit("how often is Radiation training redone?", "Radiation safety") == rows.NO


def test_a_thing_no_row_is_keys_none() -> None:
    assert _fit("how often do I redo the first aid training?", "Fire safety") == rows.NO
