"""The asker's partner's due date told ("My wife's due in March") with the asker's own time
off asked ("How long can I have off when the baby comes, and is it paid?") is the other
parent's leave the policies name (told_birth, told71): asked again as "My wife is giving
birth in March. How long can I have paternity or partner leave ...", the partner's line
answers. Must stay refused or left alone: the mother asking for herself ("I'm due"), the
partner's own leave asked ("How much leave does she get?"), a purpose of its own, another
kind of leave, "due" of something else, and a policy with no partner's line."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import told_birth
from wikiqa.answerers.told_birth import birth_due, partner_due
from wikiqa.store.embed import OnnxEmbedder

# handbook20's (Kelvane Ferries) family and bereavement pages, as the open battery has them
FAMILY = (
    "Family Leave",
    "# Family Leave\n"
    "\n"
    "## Maternity and adoption\n"
    "\n"
    "You can take up to 52 weeks of maternity or adoption leave. Once you have 26 weeks' service, company pay is:\n"
    "\n"
    "| Weeks of leave | Pay |\n"
    "|---|---|\n"
    "| Weeks 1 to 8 | full pay |\n"
    "| Weeks 9 to 20 | half pay plus Statutory Maternity Pay |\n"
    "| Weeks 21 to 39 | Statutory Maternity Pay only |\n"
    "| Weeks 40 to 52 | unpaid |\n"
    "\n"
    "## Paternity\n"
    "\n"
    "Partners get 2 weeks of paternity leave on full pay, taken in the first 8 weeks after the birth or placement.\n"
    "\n"
    "## Shared parental leave\n"
    "\n"
    "Shared parental leave is paid at the statutory rate. Give 8 weeks' notice of each block.\n"
    "\n"
    "## Antenatal appointments\n"
    "\n"
    "Paid time off for antenatal appointments. Partners may go to 2 appointments with paid time off. Pregnant seafarers are not rostered for sea duty after the 28th week of pregnancy and move to shore duties on the same pay.\n",
)
BEREAVEMENT = (
    "Bereavement Leave",
    "# Bereavement Leave\n"
    "\n"
    "If someone close to you dies, tell your master or manager as soon as you can. Bereavement leave is paid at your normal rate and does not come out of your annual leave.\n"
    "\n"
    "| Relationship | Paid bereavement leave |\n"
    "|---|---|\n"
    "| Partner or child | 10 days |\n"
    "| Parent, brother or sister | 5 days |\n"
    "| Grandparent, grandchild or in-law | 3 days |\n"
    "| Close friend or other relative | 1 day |\n"
    "\n"
    "If the funeral is on the mainland and you live or work on an island, you get 1 extra paid day for travel. You may take unpaid leave or annual leave on top; ask your manager.\n"
    "\n"
    "Parents who lose a child under 18, or suffer a stillbirth after 24 weeks of pregnancy, get 2 weeks of parental bereavement leave on full pay in addition.\n",
)
DOCS = {
    "f": FAMILY,
    "b": BEREAVEMENT,
    "a": (
        "Annual Leave",
        "# Annual Leave\n\nFull-time staff get 28 days a year including bank holidays. Book "
        "leave on the rota app at least 4 weeks ahead.\n",
    ),
    "u": (
        "Uniform",
        "# Uniform\n\nDeck crew get two sets of overalls a year and a waterproof jacket every "
        "two years.\n",
    ),
}
PARTNER = "Partners get 2 weeks"
ASKED = [
    "My wife's due in March. How long can I have off when the baby comes, and is it paid?",
    "My wife is due in March, how long do I get off and is it paid?",
]


def _says_partner(quotes: list[str] | None) -> bool:
    return quotes is not None and any(PARTNER in q for q in quotes)


@pytest.mark.parametrize("question", ASKED)
async def test_the_partners_due_date_asks_the_partners_leave(
    emb: OnnxEmbedder, question: str
) -> None:
    assert _says_partner(await quotes_over(emb, DOCS, question))


async def test_switched_off_it_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(told_birth, "PARTNER_DUE", False)
    assert not _says_partner(await quotes_over(emb, DOCS, ASKED[0]))


async def test_no_partners_line_no_answer(emb: OnnxEmbedder) -> None:
    docs = {k: v for k, v in DOCS.items() if k != "f"}
    assert await quotes_over(emb, docs, ASKED[0]) is None


@pytest.mark.parametrize(
    "question",
    [
        "My wife's due in March. How much time off can I have for the christening?",
        "My wife's due in March. How long do I get off to build the cot?",
        "I'm due in March. How long can I have off when the baby comes?",
    ],
)
async def test_not_the_partners_own_leave_asked(emb: OnnxEmbedder, question: str) -> None:
    assert not _says_partner(await quotes_over(emb, DOCS, question))


def test_which_questions_are_the_partners_leave() -> None:
    assert birth_due(ASKED[0]) == (
        "My wife is giving birth in March. How long can I have paternity or partner leave "
        "when the baby comes, and is it paid?"
    )
    assert partner_due("My partner is due next month. How many weeks off do I get?") == (
        "My partner is due next month. How many weeks of paternity or partner leave do I get?"
    )
    for same in (
        "I'm due in March. How long can I have off?",  # the mother, for herself
        "My wife is due in March. How much leave does she get?",  # the partner's own
        "My wife is due in March. How much maternity leave can I get?",  # a kind named
        "My wife's due in March. Can I take annual leave when the baby comes?",
        "My wife's due in March. Can I have time off for her scans?",
        "My partner is due a pay rise. How much leave do I get?",  # not a birth
        "My wife is due back from holiday next week. How much leave do I get?",
        "My wife's due in March. What's the pension contribution?",  # no time off asked
    ):
        assert partner_due(same) == same, same
        assert birth_due(same) == same, same
