"""A line making the act a "may" question asks about subject to someone's approval answers
under the floor (approval_line.py). Small documents written here."""

from __future__ import annotations

from memsource import quotes_over

from wikiqa.answerers.approval_line import last_phrase, needs_approval
from wikiqa.answerers.ruled_thing import asked_may
from wikiqa.store.embed import OnnxEmbedder

HIRING = (
    "Hiring for Your Team (for managers)",
    "# Hiring for Your Team (for managers)\n\n## Making an offer\n\n"
    "New starters join on the lowest point of the salary scale; anything higher needs the "
    "area director's approval. References are taken up before the start date.\n\n"
    "## Contracts\n\nSend the signed contract to the people team within 5 working days.\n",
)
EXPENSES = (
    "Claiming Expenses",
    "# Claiming Expenses\n\nClaims are paid with the next payroll after your manager approves "
    "them. Keep every receipt for 6 years.\n",
)
DOCS = {"h": HIRING, "x": EXPENSES}


def test_a_line_making_the_asked_act_subject_to_approval_is_read() -> None:
    words = asked_may("Can I offer a new cook more than the lowest point of the salary scale?")
    assert words is not None
    line = HIRING[1].split("\n\n")[2].split(". ")[0]
    assert needs_approval(line, words)
    assert needs_approval("Working abroad must be approved by HR first.", ["work", "abroad"])
    # one word of the ask is not enough; no approval stated
    assert not needs_approval(line, ["offer", "bonus"])
    assert not needs_approval("New starters join on the lowest point of the scale.", words)
    assert not needs_approval(
        "Claims are paid after your manager approves them.", ["claim", "paid"]
    )
    # the ask's last phrase: what the act is done with, as the ask ends it
    assert last_phrase("Can I give a new starter a signing bonus?") == ["sign", "bonus"]
    assert needs_approval(line, words, last_phrase("more than the lowest point of the scale"))
    assert not needs_approval(line, ["give", "new", "starter", "sign", "bonus"], ["sign", "bonus"])


async def test_the_approval_line_answers_under_the_floor(emb: OnnxEmbedder) -> None:
    # the asker's words ("a new cook", "more than") pull the line under the floor: main
    # refuses the question
    question = "Can I offer a new cook more than the lowest point of the salary scale?"
    quotes = await quotes_over(emb, DOCS, question)
    assert quotes is not None
    assert any("anything higher needs the area director's approval" in q for q in quotes)
    # beside it, over the same documents: the approval line, first a little under the floor,
    # names the person the asked act is done to and nothing of what it is done with
    assert await quotes_over(emb, DOCS, "Can I give a new starter a signing bonus?") is None
    assert await quotes_over(emb, DOCS, "Can I pay a new cook's travel to the interview?") is None
