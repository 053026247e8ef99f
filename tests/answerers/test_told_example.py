"""A line giving the asker's situation as its own example of what it rules on answers a
little under the floor (told_example.py). Small documents written here."""

from __future__ import annotations

from memsource import quotes_over

from wikiqa.answerers.told_example import gives_example
from wikiqa.store.embed import OnnxEmbedder

FAMILY = (
    "Family and Emergency Leave",
    "# Family and Emergency Leave\n\n## Emergencies\n\n"
    "You can take up to 2 days of paid emergency leave a year to deal with a sudden problem "
    "with a dependant, such as a nanny failing to show up or a school closing without "
    "warning.\n\n## Parental leave\n\nParents may take up to 4 weeks of unpaid parental "
    "leave a year.\n",
)
TRAINING = (
    "Training Records",
    "# Training Records\n\nKeep your certificates, such as a forklift ticket or a first aid "
    "card, on the training system.\n",
)
DOCS = {"f": FAMILY, "t": TRAINING}


def test_an_example_saying_the_situation_is_read() -> None:
    line = FAMILY[1].split("\n\n")[2]
    assert gives_example(line, "My nanny didn't show up today", "Am I paid if I stay at home?")
    # one word of the situation only; the ask unsaid by the rest of the line
    assert not gives_example(line, "My nanny is ill", "Am I paid if I stay at home?")
    assert not gives_example(line, "My nanny didn't show up today", "Who do I ring?")
    assert not gives_example(
        "Parents may take 4 weeks of leave.", "My nanny didn't show up", "paid"
    )


async def test_the_example_line_answers_under_the_floor(emb: OnnxEmbedder) -> None:
    # the asker's words ("this morning", "the kids") pull the line under the floor: main
    # refuses the question
    question = "My nanny didn't show up this morning. Am I paid if I stay home with the kids?"
    quotes = await quotes_over(emb, DOCS, question)
    assert quotes is not None
    assert any("such as a nanny failing to show up" in q for q in quotes)
    # beside it, over the same documents: one word of the situation shared with another
    # line's example ("ticket") does not make that line the asker's case
    assert (
        await quotes_over(emb, DOCS, "I got a parking ticket on a job. Will work pay it?") is None
    )
