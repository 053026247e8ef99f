"""A line a little under the floor that permits or forbids the act a question asks leave for
answers (ruled_act.py). Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.ruled_act import asked_act, rules_on_act
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Question

CONDUCT = (
    "Code of Conduct",
    "# Code of Conduct\n\n## Gifts and hospitality\n\n"
    "You may accept gifts worth up to €50 from a supplier or customer. Anything worth more "
    "must be declined or declared to your manager and Legal.\n\n"
    "## Social media\n\nDo not post photos of customer sites on personal social media.\n",
)
SICKNESS = (
    "Sickness Absence Policy",
    "# Sickness Absence Policy\n\n## Reporting an absence\n\n"
    "Text messages and e-mails are not accepted as notification.\n\n"
    "## Fit notes\n\nFrom the eighth calendar day you need a fit note from a GP.\n",
)
UNIFORM = (
    "Uniform and Safety",
    "# Uniform and Safety\n\nKitchen, housekeeping and maintenance staff must wear safety "
    "shoes. Aprons are washed by the hotel laundry.\n",
)
DOCS = {"c": CONDUCT, "s": SICKNESS, "u": UNIFORM}


async def _answer(
    emb: OnnxEmbedder, question: str, docs: dict[str, tuple[str, str]] = DOCS
) -> list[str] | None:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)
    draft = await answerer.answer(Question(text=question), TermSource(docs))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]


def test_a_question_asking_leave_for_an_act_names_its_verb() -> None:
    assert asked_act("Can I accept a bottle of wine from a supplier?") == (
        "accept",
        " a bottle of wine from a supplier?",
    )
    assert asked_act("Is it OK to just text my manager?") == ("text", " my manager?")
    assert asked_act("Am I allowed to wear earrings?") == ("wear", " earrings?")
    # a light verb names no act (whether one gets a thing is asked_thing.py's question)
    assert asked_act("Can I get a free lunch?") is None
    # a question that asks no leave
    assert asked_act("How many days of leave do I get?") is None
    assert asked_act("Which unions does the company recognise?") is None


def test_a_line_rules_on_the_act_by_permitting_or_forbidding_it() -> None:
    rest = " a bottle of wine worth €80 from a supplier?"
    line = "You may accept gifts worth up to €50 from a supplier or customer."
    assert rules_on_act(line, "Gifts and hospitality", "Code of Conduct", "accept", rest)
    no = "Text messages and e-mails are not accepted as notification."
    rest = " my manager to say I'm off sick?"
    assert rules_on_act(no, "Reporting an absence", "Sickness Absence Policy", "text", rest)
    # nothing beyond the act said: "boss" is another's word for the manager the line never names
    assert not rules_on_act(no, "", "Absence", "text", " my boss?")
    # an obligation answers "must I", not "may I"
    must = "Kitchen, housekeeping and maintenance staff must wear safety shoes."
    assert not rules_on_act(must, "", "Uniform and Safety", "wear", " my earrings in the kitchen?")
    # the act permitted for a thing the ask does not name
    rep = "You may bring a trade union representative or a colleague."
    assert not rules_on_act(rep, "The hearing", "Disciplinary Procedure", "bring", " my dog in?")


async def test_a_line_ruling_on_the_asked_act_answers_a_little_under_the_floor(
    emb: OnnxEmbedder,
) -> None:
    quotes = await _answer(emb, "Can I accept a bottle of wine worth €80 from a supplier?")
    assert quotes is not None
    assert any("You may accept gifts" in q for q in quotes)
    quotes = await _answer(emb, "Is it OK to just text my manager to say I'm off sick?")
    assert quotes is not None
    assert any("Text messages and e-mails are not accepted" in q for q in quotes)


async def test_an_obligation_or_another_thing_leaves_the_question_refused(
    emb: OnnxEmbedder,
) -> None:
    # over the same documents the rule answers a "may I" question its line rules on ...
    assert await _answer(emb, "Can I accept a bottle of wine worth €80 from a supplier?")
    # ... but not the uniform line, which says "wear" and "kitchen" but obliges, of shoes
    assert await _answer(emb, "Can I wear my earrings in the kitchen?") is None
    # no document rules on dogs
    assert await _answer(emb, "Can I bring my dog into the office?") is None
