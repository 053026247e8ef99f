"""An anonymous asker's kind of engagement told by how they work, not by its name, read as
their role: the guide whose title names that kind is theirs (trap63, `told_engagement.py`).

A bus company's casual drivers' guide beside the general overtime policy; the asker says
"now and then when you're short, with no fixed hours", never "casual". On small documents
written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.told_engagement import asked_alone, says_ask, told_kind, with_told_kind
from wikiqa.types import Answer, Principal, Refusal

ANONYMOUS = Principal()
BUS = Principal(user_id="u-2", roles=["staff"], departments=["buses"])
GUIDE = (
    "Casual Drivers' Guide",
    "# Casual Drivers' Guide\n\n"
    "This guide is for casual bus drivers, who are offered duties when they are needed and "
    "may turn them down. Employees should read the main policies instead.\n\n"
    "## Pay\n\n"
    "Casual drivers are paid the Grade D hourly rate for each hour worked. Overtime is paid "
    "only for hours beyond 48 in a week, at time and a quarter.\n\n"
    "## Holiday\n\n"
    "Holiday pay builds up at 12.07% of the hours you work.\n\n"
    "## Travel pass\n\n"
    "Casual drivers receive a staff travel pass for themselves only.\n",
)
OVERTIME = (
    "Overtime and Rest-Day Working",
    "# Overtime and Rest-Day Working\n\n"
    "Bus drivers are contracted for 39 hours a week. Hours worked beyond 39 in a week are "
    "overtime, paid at time and a half. Rest-day working is paid at double time.\n\n"
    "Overtime must be agreed with the duty manager before it is worked.\n",
)
HOURS = (
    "Bus Drivers' Hours and Breaks",
    "# Bus Drivers' Hours and Breaks\n\n"
    "No driver may drive for more than 5 hours 30 minutes without a break of at least 30 "
    "minutes. The depot roster shows every duty's breaks.\n",
)
DOCS = {"casual-guide": GUIDE, "pay-overtime": OVERTIME, "drivers-hours": HOURS}
TOLD = (
    "I drive buses for you now and then when you're short, with no fixed hours. "
    "After how many hours a week does overtime kick in?"
)


async def _ask(question: str, who: Principal) -> Answer | Refusal:
    return await ask_over(DOCS, question, who=who, answerer=ExtractiveAnswerer(max_sentences=3))


def test_a_kind_told_by_description() -> None:
    assert told_kind(TOLD) == "casual"
    assert told_kind("Brightstaff placed me with you last month. Who pays my sick pay?") == (
        "agency"
    )
    assert told_kind("I'm self-employed and invoice you monthly. When am I paid?") == ("contractor")
    assert told_kind("I help out for free at the shop. Can I claim my bus fare?") == "volunteer"
    assert told_kind("I've only been taken on for the summer. How much holiday?") == "seasonal"
    assert told_kind("I work weekends while I'm still at school. What can I lift?") == "student"
    # the kind's own word said, another person's case, or nothing told
    assert told_kind("I'm a casual driver with no fixed hours. Overtime?") == ""
    assert told_kind("What happens when you're short of stock?") == ""
    assert told_kind("Can I take leave as and when I want?") == ""
    assert told_kind("I was placed on a final written warning. How long does it last?") == ""
    assert asked_alone(TOLD) == "After how many hours a week does overtime kick in?"
    assert asked_alone("How much overtime do I get if I work as and when?") == ""
    # only an asker with no role of their own is read by the description
    assert with_told_kind(TOLD, BUS) is BUS
    told = with_told_kind(TOLD, ANONYMOUS)
    assert told is not None and told.roles == ["casual", "bank"]
    assert says_ask("After how many hours does overtime kick in?", [GUIDE[1]])
    assert not says_ask("How much is the sleep-in payment?", ["Travel is paid back at £0.30."])


async def test_the_told_kind_s_guide_answers_and_switched_off_it_does_not(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    got = await _ask(TOLD, ANONYMOUS)
    assert isinstance(got, Answer), got
    assert {c.doc_id for c in got.citations} == {"casual-guide"}
    assert "beyond 48" in got.text
    monkeypatch.setattr(extractive, "TOLD_KIND", False)
    off = await _ask(TOLD, ANONYMOUS)
    assert "beyond 48" not in (off.text if isinstance(off, Answer) else "")


async def test_a_staff_asker_and_an_unsaid_matter() -> None:
    bus = await _ask(TOLD, BUS)  # the organisation's own role for the asker stands
    assert "casual-guide" not in (
        {c.doc_id for c in bus.citations} if isinstance(bus, Answer) else set()
    )
    unsaid = await _ask(
        "I drive for you now and then when you're short. How much is the sleep-in payment?",
        ANONYMOUS,
    )
    assert isinstance(unsaid, Refusal), unsaid


async def test_an_answer_saying_only_the_telling_is_not_taken() -> None:
    # the guide's opening says what the telling says ("offered duties when they are needed"),
    # nothing of a sabbatical: the question is decided as the asker gave it
    got = await _ask(
        "I drive for you when you're short, with no fixed hours. "
        "How many weeks of paid sabbatical can I take?",
        ANONYMOUS,
    )
    assert isinstance(got, Refusal), got
