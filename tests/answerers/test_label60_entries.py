"""A labelled line and its list read as the answer (label60): a fact sheet's plain
`Label: value` lines are entries as labelled list items are; a value listing keyed entries
("Rounds: morning 07:00 to 13:00, teatime 15:30 to 19:00, ...") answers with the entry the
question names; an entry saying the whole ask in the document's own words ("what day is my
college day" and "Off-the-job training day: Wednesday" beside "Training provider: Calderdale
Skills College") is named too; and such an entry, asked for a kind of value its wording names
and its value says, answers under the floor. Must-refuse neighbours: an entry the list does
not hold ("the night round"), a word the sheet does not tie to the label ("pay day"), a value
of another kind. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.features import keys
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

AGREEMENT = (
    "Apprenticeship Agreement: Sam Reid",
    "# Apprenticeship Agreement: Sam Reid\n\n"
    "Apprentice: Sam Reid\n"
    "Apprenticeship: Baker, Level 2\n"
    "Start date: 7 September 2026\n"
    "Training provider: Northgate Skills College\n"
    "Off-the-job training day: Thursday\n"
    "Mentor: Amy Lowe\n\n"
    "## What we agree\n\n"
    "- Give you a day a week off the job for training, paid at your normal rate.\n",
)
BRANCH = (
    "Westfield Home Care Branch",
    "# Westfield Home Care Branch\n\n"
    "Branch manager: Sarah Kenyon\n"
    "Clients: about 140\n"
    "Office hours: Monday to Friday 08:30 to 17:00\n"
    "On-call line: 01632 962 200, outside office hours\n"
    "Rounds: morning 07:00 to 13:00, teatime 15:30 to 19:00, evening 19:00 to 22:30\n"
    "Staff parking: 12 spaces at the branch, free\n\n"
    "## The office\n\n"
    "The office plans every visit on the rota system and runs the on-call line.\n",
)
UNIFORM = (
    "Uniform and Appearance",
    "# Uniform and Appearance\n\n"
    "Wear your tunic on every round and keep your hair tied back. Tunics are washed at home "
    "after every shift, at 60 degrees.\n",
)


def _named(question: str, line: str, text: str) -> bool:
    from wikiqa.answerers.labelled import named_entry

    return named_entry(question, frozenset(keys(question)), line, text)


def test_a_run_of_plain_labelled_lines_is_a_sheet_of_entries() -> None:
    from wikiqa.answerers.labelled import entry_parts, sheet_lines

    text = BRANCH[1]
    assert "Office hours: Monday to Friday 08:30 to 17:00" in sheet_lines(text)
    assert entry_parts("Office hours: Monday to Friday 08:30 to 17:00", text) == (
        "Office hours",
        "Monday to Friday 08:30 to 17:00",
    )
    # one line alone is no sheet: prose opening with a title and a colon
    lone = "Teen Titans: Trouble in Tokyo is a 2006 film.\n\nIt was made for television.\n"
    assert entry_parts("Teen Titans: Trouble in Tokyo is a 2006 film.", lone) is None
    on_call = "On-call line: 01632 962 200, outside office hours"
    assert _named("What's the on-call line number?", on_call, text)
    # no kind asked: a sheet's line is not taken for the value ("What are the office hours?"
    # is left to the floor, as on main)
    assert not _named(
        "What are the office hours?", "Office hours: Monday to Friday 08:30 to 17:00", text
    )


def test_the_listed_entry_the_question_names() -> None:
    text = BRANCH[1]
    line = "Rounds: morning 07:00 to 13:00, teatime 15:30 to 19:00, evening 19:00 to 22:30"
    assert _named("what time does the teatime round run", line, text)
    assert _named("what time do the rounds run?", line, text)  # the whole list
    assert not _named("what time does the night round run", line, text)  # not listed
    assert not _named("Does the teatime round run on Sundays?", line, text)  # whether


def test_an_entry_saying_the_whole_ask_in_the_documents_words() -> None:
    text = AGREEMENT[1]
    line = "Off-the-job training day: Thursday"
    assert _named("what day is my college day", line, text)  # "college": the training provider
    assert _named("which day is my training day?", line, text)
    assert not _named("what day is my pay day", line, text)  # "pay": the sheet says nothing
    assert not _named("what time is my college day", line, text)  # no clock time
    # without the line saying the college is the training provider, "college" is unsaid
    bare = text.replace("Training provider: Northgate Skills College\n", "")
    assert not _named("what day is my college day", line, bare)


async def _ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    return await ask_async(question, TermSource(docs), settings=Settings())  # type: ignore[arg-type]


async def test_the_listed_entry_answers_under_the_floor() -> None:
    """Refused on main 462fcdb (the sheet's line under the floor); the night round, which the
    list does not hold, stays refused."""
    docs = {"branch": BRANCH, "uniform": UNIFORM, "agreement": AGREEMENT}
    result = await _ask("what time does the teatime round run", docs)
    assert isinstance(result, Answer), result
    assert any("teatime 15:30 to 19:00" in c.quote for c in result.citations)
    refused = await _ask("what time does the night round run", docs)
    assert isinstance(refused, Refusal), refused


async def test_the_entry_saying_the_ask_answers_under_the_floor() -> None:
    """Refused on main 462fcdb."""
    docs = {"branch": BRANCH, "uniform": UNIFORM, "agreement": AGREEMENT}
    result = await _ask("what day is my college day", docs)
    assert isinstance(result, Answer), result
    assert any("Off-the-job training day: Thursday" in c.quote for c in result.citations)
    # the sheet's mentor line says no day: refused, as on main
    refused = await _ask("which day do I see my mentor?", docs)
    assert isinstance(refused, Refusal), refused


def test_a_sheet_line_answers_only_a_kind_asked() -> None:
    """ "Home carers: 58" is named by "Hollinwood at Home carers", but "Where do they keep her
    spare key?" asks for no kind of value its figure is (hb15-perm-07, a permission task whose
    forbidden document is withheld, was answered with it before this bound)."""
    text = "# Branch\n\nBranch manager: Sarah Kenyon\nHome carers: 58\nClients: about 140\n"
    assert not _named(
        "My nan has home carers. Where do they keep her spare key?", "Home carers: 58", text
    )
