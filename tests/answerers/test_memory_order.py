"""The in-memory source gives the same answer whatever order it holds its documents in.

yesno17 found "I work nights. Can I get hot food during my shift?" scored 0.33 and refused
in one order of the documents and answered in another: the source ranked documents sharing
as many words with the question by the order it held them. It breaks such ties by doc id,
as the stores do (tests/store/test_index_order.py), so every order gives the same hits and
the same answer text, citations and refusal reason. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

MEALS = (
    "Staff Meals",
    "# Staff Meals\n\nDay staff eat in the staff canteen between 12:00 and 14:00.\n\n"
    "Night staff can order a hot meal from room service at no charge before 23:00.\n",
)
REFER = (
    "Refer a Friend",
    "# Refer a Friend\n\n| Job filled | Referral bonus |\n|---|---|\n| Room attendant | £200 |\n"
    "| Chef | £500 |\n\nRoom attendants are inspected weekly by the housekeeping supervisor.\n",
)
PPE = (
    "Personal Protective Equipment",
    "# Personal Protective Equipment\n\nEveryone working in the warehouse must wear a hi-vis "
    "vest.\n\nThe company issues all personal protective equipment (PPE) free of charge.\n\n"
    "Report damaged equipment to your shift supervisor the same day.\n",
)
# the same notice filed twice: whichever copy ranks first is cited
CLOSURE = (
    "Office Closure",
    "# Office Closure\n\nThe Leeds office is closed on 24 December. Staff work from home "
    "that day.\n",
)
DOCS = {"ppe": PPE, "meals": MEALS, "refer": REFER, "closure": CLOSURE, "closure-2": CLOSURE}
QUESTIONS = (
    "I work nights. Can I get hot food during my shift?",
    "Do room attendants get a bonus for good inspection scores?",
    "When is the Leeds office closed?",
    "Do we get free safety gear?",
    "Is there a staff gym?",
)


def _outcome(result: Answer | Refusal) -> tuple[object, ...]:
    if isinstance(result, Answer):
        return ("answer", result.text, tuple((c.doc_id, c.quote) for c in result.citations))
    return ("refusal", result.code, result.reason)


async def test_every_order_of_the_documents_gives_the_same_answers() -> None:
    """On main ee2156a the notice is cited as "closure" or "closure-2" by the order the
    source holds them in."""
    keys = sorted(DOCS)
    orders = [keys, keys[::-1], keys[2:] + keys[:2]]
    seen: dict[str, set[tuple[object, ...]]] = {q: set() for q in QUESTIONS}
    for order in orders:
        source = TermSource({k: DOCS[k] for k in order})
        for question in QUESTIONS:
            result = await ask_async(question, source, settings=Settings())  # type: ignore[arg-type]
            seen[question].add(_outcome(result))
    assert all(len(outcomes) == 1 for outcomes in seen.values()), {
        q: o for q, o in seen.items() if len(o) > 1
    }
    (closed,) = seen["When is the Leeds office closed?"]
    assert closed[0] == "answer" and closed[2][0][0] == "closure"
