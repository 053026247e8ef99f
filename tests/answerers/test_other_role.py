"""A contact asked of a role, answered from another role's row (other_role.py, hops22).
"What's the phone number for the HR business partner who covers the Denholme office?" ranks
the staff directory's Denholme row first: it says the office and has a phone, but its job
cell says whose phone it is, a neighbourhood manager's. No document gives the HR business
partner's phone, so the question must be refused. Main 9c14bc7 answered with the
neighbourhood manager's number. Small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.types import Answer, Refusal

DOCS = {
    "directory": (
        "Staff Directory",
        "# Staff Directory\n\n"
        "| Name | Job | Office | Phone |\n|---|---|---|---|\n"
        "| Tom Ashworth | Neighbourhood manager | Denholme office | 01632 960 220 |\n"
        "| Gareth Pryce | Neighbourhood manager | Carrow office | 01632 960 210 |\n"
        "| Kerry Fenwick | Repairs supervisor | Harbour Road Depot | 01632 960 320 |\n",
    ),
    "hr": (
        "Your HR Business Partner",
        "# Your HR Business Partner\n\nEach area has its own HR business partner.\n\n"
        "| Area | HR business partner | Email |\n|---|---|---|\n"
        "| North area | Priya Sandhu | priya.sandhu@example.org |\n"
        "| Central area | Callum Reid | callum.reid@example.org |\n",
    ),
}


async def _ask(question: str) -> Answer | Refusal:
    return await ask_over(DOCS, question)


async def test_another_roles_phone_is_not_the_asked_roles() -> None:
    result = await _ask(
        "What's the phone number for the HR business partner who covers the Denholme office?"
    )
    assert isinstance(result, Refusal), result.text
    assert "01632 960 220" not in result.reason
    # the asked role's own row answers
    result = await _ask("What's the phone number for the repairs supervisor at Harbour Road Depot?")
    assert isinstance(result, Answer), result
    assert "01632 960 320" in result.text


def test_asked_role() -> None:
    from wikiqa.answerers.other_role import asked_role

    assert asked_role("What's the duty manager's phone number for Saltmere?") == "duty manager"
    assert asked_role("What's the email address of the HR business partner for Carrow?") == (
        "HR business partner"
    )
    assert asked_role("How much can the neighbourhood manager approve?") is None
