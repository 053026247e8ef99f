"""A later part of a compound question that says "it" or "they" for the subject the first
part names is also read with that subject in the pronoun's place (answerers/referent.py),
and the answer's trace says which part each line covers and which part no line answers."""

from __future__ import annotations

from chain_helpers import ask_staff, cited
from memsource import TermSource

from wikiqa.answerers.referent import referent, referred_reading, substituted
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Principal


def test_the_subject_a_first_part_names_is_its_noun_phrase_before_what_it_asks() -> None:
    assert referent("When is the report on my research leave due") == (
        "the report on my research leave"
    )
    assert referent("When do this year's merit increases take effect") == (
        "this year's merit increases"
    )
    assert referent("How much can the Head of Engineering sign off") == "the Head of Engineering"
    assert referent("How quickly must a SEV1 be acknowledged") == "a SEV1"
    assert referent("I've lost my card. How long is the replacement card valid") == (
        "the replacement card"
    )


def test_a_first_part_about_the_asker_or_a_possessor_names_no_subject() -> None:
    assert referent("How soon must I report a road collision to the Fleet Desk") is None
    assert referent("Can I roll unused holiday over into next year") is None
    assert referent("What's the top of a senior technician's pay range") is None  # "they"
    assert referent("Who approves travel") is None


def test_a_later_part_is_read_with_the_subject_in_place_of_its_pronoun() -> None:
    first = "When is the report on my research leave due"
    part = "what happens if I don't hand it in?"
    assert substituted(part, first) == (
        "what happens if I don't hand the report on my research leave in?"
    )
    assert referred_reading(part, (first, part)) == (
        "what happens if I don't hand the report on my research leave in?",
        "what happens if I don't hand it in? (the report on my research leave)",
    )
    # a possessive refers to whoever the first part names: part_hops chains it
    assert substituted("what's their number?", first) is None
    assert referred_reading(first, (first, part)) is None


DOCS = {
    "approval": (
        "Research Leave Approval: Dr Amara Okafor",
        "# Research Leave Approval: Dr Amara Okafor\n\n"
        "The Faculty Research Committee has approved your research leave in semester 2 of "
        "2027-28.\n\n- Your report on the leave is due by 4 September 2028.\n"
        "- Your second-year module will be taught by Dr Rhys Pemberton.\n",
    ),
    "policy": (
        "Research Leave for Academic Staff",
        "# Research Leave for Academic Staff\n\n"
        "Academic staff may apply for one semester of research leave after every six "
        "semesters of service.\n\n"
        "- Apply to the Faculty Research Committee by 31 January.\n"
        "- Within 3 months of returning you submit a short report on what was achieved. "
        "A report not handed in means the next application will not be considered.\n",
    ),
    "sickness": (
        "Reporting Sickness",
        "# Reporting Sickness\n\nIf you are ill, report it to your manager before 10:00 on "
        "your first day. A fit note is due after 7 days.\n",
    ),
}


async def test_the_part_referring_back_is_answered_from_its_own_policy() -> None:
    """The second part searched with the whole first part beside it finds the asker's
    letter again, whose lines say nothing of a report not handed in; read with "the report
    on my research leave" for "it", the policy's line answers it, cited after the letter."""
    result = await ask_staff(
        "When is the report on my research leave due, and what happens if I don't hand it in?",
        TermSource(DOCS),
    )
    assert isinstance(result, Answer), result
    assert cited(result) == {"approval", "policy"}
    assert "4 September 2028" in result.text
    assert "will not be considered" in result.text


async def test_the_trace_says_which_part_no_line_answers() -> None:
    """An unanswerable part is said in the trace, not answered with a line that does not
    clear the floor: the first part's line covers it, the second part is named as open."""
    events = []
    result = await ask_async(
        "When is the report on my research leave due, and is there a car park at the "
        "Lisbon campus?",
        TermSource(DOCS),
        settings=Settings(),
        principal=Principal(user_id="u-1", roles=["staff"]),
        on_event=events.append,
    )
    assert isinstance(result, Answer), result
    assert cited(result) == {"approval"}
    coverage = next(e.data["coverage"] for e in events if e.kind == "answer")
    assert coverage.startswith("covers: 'When is the report on my research leave due' <- ")
    assert "not answered: 'is there a car park at the Lisbon campus?'" in coverage
