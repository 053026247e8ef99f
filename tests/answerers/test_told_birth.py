"""A baby on the way told from the father's side ("My girlfriend's due in March, how much
paid time off do I get as the dad?") asks for the documents' "paternity or partner leave"
(told_birth.plain_birth); and a row of a death's table keyed by a relative answers no
question that tells no death (told_birth.untold_death_row). Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_birth import plain_birth
from wikiqa.store.embed import OnnxEmbedder

FAMILY = (
    "Family Leave",
    "# Family Leave\n"
    "\n"
    "## Maternity and adoption leave\n"
    "\n"
    "You can take up to 52 weeks. If you have 1 year's service 15 weeks before the baby is due (or when you are matched for adoption), we pay:\n"
    "\n"
    "- 14 weeks at full basic pay, then\n"
    "- 25 weeks at the statutory rate.\n"
    "\n"
    "## Paternity and partner leave\n"
    "\n"
    "Partners can take 2 weeks at full basic pay, in one block, within 8 weeks of the birth or placement. There is no service requirement.\n"
    "\n"
    "## Neonatal care leave\n"
    "\n"
    "If your baby is admitted to neonatal care for 7 days or more within 28 days of birth, you can take up to 12 weeks of neonatal care leave at full basic pay, on top of other family leave.\n"
    "\n"
    "## Antenatal appointments\n"
    "\n"
    "Paid time off for antenatal appointments from day one. Partners may take paid time off for 2 appointments.\n"
    "\n"
    "## Keeping in touch\n"
    "\n"
    "Up to 10 keeping-in-touch days, paid at your normal rate, while on maternity or adoption leave.\n"
    "\n"
    "Tell your head of department and the People team at least 15 weeks before the due date.\n",
)
BEREAVEMENT = (
    "Bereavement and Compassionate Leave",
    "# Bereavement and Compassionate Leave\n\n"
    "We know that a death in the family is hard. Tell your manager as soon as you can.\n\n"
    "| Relationship | Paid leave |\n|---|---|\n"
    "| Spouse, civil partner or partner | 10 days |\n"
    "| Parent, child, brother or sister | 5 days |\n"
    "| Grandparent or grandchild | 3 days |\n\n"
    "Up to 5 further unpaid days may be agreed for a funeral abroad.\n",
)
HOLIDAY = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 28 days of annual leave a year, including bank holidays. Book leave "
    "in the rota system at least two weeks ahead.\n",
)
DOCS = {"f": FAMILY, "b": BEREAVEMENT, "a": HOLIDAY}
DAD = "My girlfriend's due in March, how much paid time off do I get as the dad?"
PARTNERS = "Partners can take 2 weeks at full basic pay"


def test_the_dad_asks_for_paternity_or_partner_leave() -> None:
    assert plain_birth(DAD) == (
        "My girlfriend's due in March, how much paid paternity or partner leave do I get?"
    )
    assert plain_birth(
        "My wife is due. How much time off do I get as the new dad, and is it paid?"
    ) == ("My wife is due. How much paternity or partner leave do I get, and is it paid?")
    assert plain_birth("I'm going to be a dad in June. What leave can I have?") == (
        "I'm going to be a dad in June. What paternity or partner leave can I have?"
    )
    assert plain_birth("My wife is due in May. Do new dads get paid leave?") == (
        "My wife is due in May. Do partners get paid paternity or partner leave?"
    )
    for same in (
        "As the new dad, can I bring the baby into the hotel?",  # no leave asked
        "My dad is ill. Can I have time off?",  # the asker's father, not the asker
        "My wife is due in March. How much paid time off do I get?",  # who the asker is, untold
        "I'm due in March. How much maternity leave do I get?",
    ):
        assert plain_birth(same) == same, same


async def test_the_dads_leave_is_the_partners_line(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, DAD)
    assert quotes is not None
    assert any(PARTNERS in q for q in quotes)
    assert not any("10 days" in q for q in quotes)


async def test_without_the_reading_the_dad_is_not_answered_so(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_birth", lambda text: text)
    quotes = await quotes_over(emb, DOCS, DAD)
    assert quotes is None or not any(PARTNERS in q for q in quotes)


WEDDING = "My sister is getting married in June. How many days of paid leave do I get?"


async def test_a_death_row_answers_no_question_telling_no_death(emb: OnnxEmbedder) -> None:
    for question in (
        WEDDING,
        "My wife's birthday is in March. How much paid leave do I get?",
        "My grandad turns 90 next week. How much paid leave can I have?",
        "My partner is moving to Leeds for work. How many days of paid leave do I get?",
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is None or not any(" days |" in q for q in quotes), question


async def test_without_the_bound_the_sisters_row_answers_a_wedding(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "not_the_askers", lambda c, question: False)
    quotes = await quotes_over(emb, DOCS, WEDDING)
    assert quotes is not None and any("5 days" in q for q in quotes)


async def test_a_death_told_still_answers_from_the_row(emb: OnnxEmbedder) -> None:
    for question, row in (
        ("My sister died last week. How many days of paid leave do I get?", "5 days"),
        ("How much bereavement leave do I get for my grandmother?", "3 days"),
        ("My husband passed away on Sunday. How much paid leave can I have?", "10 days"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None and any(row in q for q in quotes), question


UNIVERSITY_FAMILY = (
    "Family Leave",
    "# Family Leave\n\n"
    "## Maternity and adoption leave\n\n"
    "You can take up to 52 weeks of maternity or adoption leave whatever your length of "
    "service. If you have 26 weeks' service by the 15th week before the baby is due, "
    "University pay is:\n\n"
    "- 18 weeks at full pay;\n"
    "- then 8 weeks at half pay plus statutory pay;\n"
    "- the rest unpaid.\n\n"
    "## Partner leave\n\n"
    "A partner of someone giving birth or adopting can take **4 weeks at full pay** within "
    "12 weeks of the birth or placement, in one block or two blocks of 2 weeks.\n\n"
    "## Keeping in touch\n\n"
    "Up to 10 keeping-in-touch days may be worked during maternity or adoption leave.\n",
)
COMPASSIONATE = (
    "Compassionate and Emergency Leave",
    "# Compassionate and Emergency Leave\n\n"
    "## Bereavement\n\n"
    "| Relationship | Paid leave |\n|---|---|\n"
    "| Husband, wife, civil partner or partner; child or stepchild | up to 10 working days |\n"
    "| Parent, step-parent, brother, sister or parent-in-law | up to 5 working days |\n\n"
    "Anyone who loses a pregnancy at any stage, and their partner, is entitled to 10 "
    "working days of paid leave.\n\n"
    "## Emergencies involving dependants\n\n"
    "You can take up to 3 days of paid emergency leave in a leave year to deal with an "
    "unexpected problem with a dependant.\n",
)
UNIVERSITY = {"f": UNIVERSITY_FAMILY, "c": COMPASSIONATE, "a": HOLIDAY}
WIFE = "My wife is due in March. How much paid time off do I get as the dad?"


async def test_neither_the_wifes_row_nor_the_pregnancy_loss_answers_the_dad(
    emb: OnnxEmbedder,
) -> None:
    quotes = await quotes_over(emb, UNIVERSITY, WIFE)
    assert quotes is None or not any("10 working days" in q or "18 weeks" in q for q in quotes)


async def test_without_the_bound_the_wifes_row_answers_the_dad(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "not_the_askers", lambda c, question: False)
    quotes = await quotes_over(emb, UNIVERSITY, WIFE)
    assert quotes is not None and any("10 working days" in q for q in quotes)
