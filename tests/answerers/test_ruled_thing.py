"""A line whose subject is the thing a "may" question asks about, ruled on by its predicate,
answers under the floor (ruled_thing.py). Small documents written here."""

from __future__ import annotations

from memsource import quotes_over

from wikiqa.answerers.ruled_thing import asked_may, rules_on_thing
from wikiqa.store.embed import OnnxEmbedder

ABSENCE = (
    "Reporting Absence",
    "# Reporting Absence\n\nPhone your team leader yourself before 08:00 on your first day "
    "off. An email or a message passed on by a friend is not enough, unless you are in "
    "hospital.\n\n## Returning\n\nFill in the return form on your first day back.\n",
)
DISCIPLINE = (
    "Disciplinary Procedure",
    "# Disciplinary Procedure\n\n## Dismissal\n\nDismissal without notice is possible only "
    "for gross misconduct, after a hearing.\n\n## Warnings\n\nA first written warning stays "
    "on file for 12 months.\n",
)
IT = (
    "Computers and Email",
    "# Computers and Email\n\nReasonable personal use of company laptops is allowed outside "
    "working hours. Report a lost laptop to the IT desk within 1 hour.\n",
)
DOCS = {"a": ABSENCE, "d": DISCIPLINE, "i": IT}


def test_the_act_a_may_question_asks_about_is_read_from_its_wording() -> None:
    assert asked_may("Can I just email my boss that I feel rotten today?") == [
        "email",
        "boss",
        "feel",
        "rotten",
        "today",
    ]
    assert asked_may("Can the firm sack someone on the spot without notice?") is not None
    assert asked_may("I'm stuck abroad. Is it OK to email my boss?") == ["email", "boss"]
    # a light verb names no act; no leave asked
    assert asked_may("Can I get money towards glasses?") is None
    assert asked_may("How much notice do I give?") is None


def test_a_line_rules_on_its_subject_when_the_subject_says_the_ask() -> None:
    line = "An email or a message passed on by a friend is not enough, unless you are ill."
    assert rules_on_thing(line, ["email", "boss"])
    assert rules_on_thing("- Dismissal without notice is possible only for misconduct.", ["notic"])
    # the subject says nothing of the ask; nothing ruled on
    assert not rules_on_thing(line, ["laptop"])
    assert not rules_on_thing("Send an email to your team leader before 08:00.", ["email"])


async def test_a_line_ruling_on_the_asked_thing_answers_under_the_floor(
    emb: OnnxEmbedder,
) -> None:
    # the asker's words ("my boss", "I feel rotten today", "on the spot") pull the line under
    # the floor: main refuses both, at 0.16 and 0.34
    quotes = await quotes_over(emb, DOCS, "Can I just email my boss that I feel rotten today?")
    assert quotes is not None
    assert any("An email or a message passed on by a friend is not enough" in q for q in quotes)
    quotes = await quotes_over(emb, DOCS, "Can the firm sack someone on the spot without notice?")
    assert quotes is not None
    assert any("Dismissal without notice is possible only" in q for q in quotes)
    # beside them, over the same documents: a light verb asks for a thing, not leave for an
    # act, so the laptop line ("Reasonable personal use of company laptops is allowed") is
    # not read for it
    assert await quotes_over(emb, DOCS, "Can I get money towards glasses for laptop work?") is None
