"""The ask after a told situation said as the documents name the situation's rule (told_ask,
told72): "Someone tripped on the stairs in the foyer. By when do I need to log it?" asked
again as "... log the accident?", "I'm rigging lights tomorrow afternoon. Is there a rule
about drinking the night before?" as "... drinking alcohol the night before a shift?", "I
woke up with a fever and I'm on at 6 tonight. How do I call in sick?" with the evening's
hour dropped. Must stay refused: the same asks where no page says the rule (no accident
page, no hours before a shift), a line opening with a case the asker does not tell, and
questions the reading leaves alone (another matter asked of the incident, a dependant
ill, notice to leave)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wikiqa.answerers import told_ask
from wikiqa.answerers.told_ask import situation_ask
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Answer

# handbook21's (Wrayburn Theatres) pages, as the open battery has them: the three rule pages
# and the eight the first searches of the target questions read instead
PAGES = {
    "s": (
        "Sickness Absence",
        "# Sickness Absence\n"
        "\n"
        "## Telling us\n"
        "\n"
        "Phone the duty manager at your venue at least 3 hours before your call. Do not text or email, and do not leave it to a colleague. Keep in touch on each day you are off unless you have a fit note.\n"
        "\n"
        "You may self-certify for up to 7 calendar days. From day 8 you need a fit note from your doctor.\n"
        "\n"
        "## Company sick pay\n"
        "\n"
        "| Length of service | Full pay | Half pay |\n"
        "|---|---|---|\n"
        "| Under 6 months | statutory sick pay only | none |\n"
        "| 6 months to 2 years | 4 weeks | 4 weeks |\n"
        "| 2 to 5 years | 8 weeks | 8 weeks |\n"
        "| 5 years or more | 13 weeks | 13 weeks |\n"
        "\n"
        "When you come back you have a return to work chat with your manager on your first day back. Casual front of house staff have their own sick pay terms in the casual guide.\n",
    ),
    "a": (
        "Alcohol and Drugs",
        "# Alcohol and Drugs\n"
        "\n"
        "- You must not be under the influence of alcohol or drugs at work.\n"
        "- You must not drink alcohol in the 6 hours before a call where you will work at height or operate the flying system.\n"
        "- Staff must not drink from the venue bars while on duty, including at the interval and after the show while the building is open.\n"
        "- Technical and workshop colleagues may be tested at random; refusing a test is treated as gross misconduct.\n"
        "- If you are taking medicine that may make you drowsy, tell your duty manager before your call.\n"
        "- Confidential help is available through the Employee Assistance Programme (see HR Contacts).\n",
    ),
    "x": (
        "Accidents and First Aid",
        "# Accidents and First Aid\n"
        "\n"
        "- Report every accident and near miss in Wrayburn SafeLog within 24 hours.\n"
        "- The names of the first aiders on duty are on the board at the stage door and in the front of house office.\n"
        "- Every box office has a defibrillator; the code to the cabinet is given at your induction.\n"
        "- Accidents to members of the audience are also reported to the house manager before the end of the performance.\n",
    ),
    "f": (
        "Staff Food and Drink",
        "# Staff Food and Drink\n"
        "\n"
        "- Colleagues working a call of 6 hours or more get a free hot meal from the venue café, up to £7.50.\n"
        "- Soft drinks, tea and coffee are free to staff on duty.\n"
        "- Staff get 20% off food and soft drinks at our cafés and bars when off duty.\n"
        "- Staff may not drink alcohol from the bars while on duty (see Alcohol and Drugs).\n",
    ),
    "c": (
        "Concession Staff Guide",
        "# Concession Staff Guide\n"
        "\n"
        "This guide is for staff of Interval Catering Ltd, who run the ice cream, programme and snack kiosks at our venues. You are employed by Interval Catering, not by Wrayburn Theatres.\n"
        "\n"
        "- Uniform: Interval Catering gives you 2 red polo shirts and a cap; Wrayburn uniform is not issued to concession staff.\n"
        "- You may use the staff room and the staff toilets at every venue.\n"
        "- You get 10% off food and soft drinks at our cafés when off duty.\n"
        "- Your pay, holidays and sick pay come from Interval Catering; ask your Interval Catering supervisor.\n"
        "- You follow our fire and evacuation rules and do the fire safety induction on your first day.\n",
    ),
    "e": (
        "Expenses",
        "# Expenses\n"
        "\n"
        "Claim expenses through the Wrayburn Expenses portal within 2 months of spending the money, with receipts.\n"
        "\n"
        "| Expense | Limit |\n"
        "|---|---|\n"
        "| Hotel outside London | £110 a night |\n"
        "| Hotel in London | £165 a night |\n"
        "| Breakfast when staying overnight | £8 |\n"
        "| Evening meal when staying overnight | £22 |\n"
        "| Train | standard class, booked in advance |\n"
        "\n"
        "Alcohol is never paid for. Volunteers claim under the Volunteer Stewards' Guide.\n",
    ),
    "l": (
        "Bar Licensing (bar team only)",
        "# Bar Licensing (bar team only)\n"
        "\n"
        "- The designated premises supervisor at each venue is the bar manager.\n"
        "- Every refusal to serve is written in the refusals book, with the time and the reason.\n"
        "- Last orders for interval drinks are called at the 2-minute bell.\n"
        "- Interval drinks are ordered before the show and set out on numbered trays.\n",
    ),
    "b": (
        "Bereavement Leave",
        "# Bereavement Leave\n"
        "\n"
        "If someone close to you dies, tell your line manager as soon as you can. Paid bereavement leave depends on your relationship to the person who died:\n"
        "\n"
        "| Relationship | Paid bereavement leave |\n"
        "|---|---|\n"
        "| Partner or child | 10 days |\n"
        "| Parent, brother or sister | 5 days |\n"
        "| Grandparent, grandchild or parent-in-law | 2 days |\n"
        "| Close friend or other relative | 1 day, unpaid |\n"
        "\n"
        "If the funeral is abroad, your manager can agree up to 5 extra days, taken as annual leave or unpaid leave. If a performance is running, your manager will arrange cover; you do not have to find your own.\n",
    ),
    "d": (
        "Disciplinary Procedure",
        "# Disciplinary Procedure\n"
        "\n"
        "We try to resolve minor problems informally first. If that does not work, the formal procedure applies.\n"
        "\n"
        "| Warning | Stays on your file for |\n"
        "|---|---|\n"
        "| Verbal warning | 6 months |\n"
        "| First written warning | 12 months |\n"
        "| Final written warning | 24 months |\n"
        "\n"
        "You may be accompanied at any hearing by a colleague or a trade union representative. You can appeal in writing within 7 days of the outcome. Gross misconduct, such as theft from a box office or violence, may lead to dismissal without notice.\n",
    ),
    "v": (
        "Fire and Evacuation",
        "# Fire and Evacuation\n"
        "\n"
        "- The fire alarm is tested every Tuesday at 10:00 at every venue.\n"
        '- If the front of house team hears the call "Mr Sands to the box office" on the radio, a fire has been reported: go to your evacuation position and wait for the house manager\'s instruction.\n'
        "- The house manager decides whether to stop the show and evacuate the auditorium.\n"
        "- Evacuation drills for staff are held every 6 months at every venue.\n",
    ),
    "h": (
        "Casual Front of House Guide",
        "# Casual Front of House Guide\n"
        "\n"
        "This guide is for casual ushers and bar staff on casual contracts. Where it differs from the main policies, this guide applies to you.\n"
        "\n"
        "- You are offered calls through the Wrayburn Rota app and can turn any call down.\n"
        "- Every call you accept is paid for at least 3 hours at the Band A rate.\n"
        "- Holiday: instead of booking annual leave, you get holiday pay worked out as 12.07% of the hours you work, paid each month.\n"
        "- Sick pay: casual staff get statutory sick pay only, if they qualify. Tell the duty manager at least 3 hours before the call.\n"
        "- Your calls and availability are looked after by the casual staff coordinator, Priya Landon.\n"
        "- You are given 1 black shirt and a name badge.\n",
    ),
}
DOCS = PAGES
OTHERS = {k: v for k, v in PAGES.items() if k not in "sax"}

ASKED = [
    (
        "Someone tripped on the stairs in the foyer. By when do I need to log it?",
        "within 24 hours",
    ),
    (
        "I'm rigging lights tomorrow afternoon. Is there a rule about drinking the night before?",
        "6 hours before a call",
    ),
    (
        "I woke up with a fever and I'm on at 6 tonight. How do I call in sick?",
        "at least 3 hours before your call",
    ),
]


async def quotes_over(
    emb: OnnxEmbedder, docs: dict[str, tuple[str, str]], question: str, tmp: Path
) -> list[str] | None:
    """The quotes the shipped pipeline answers `question` with over `docs`, indexed as the
    batteries are (hybrid search with the bundled MiniLM), or None when it refuses."""
    root = tmp / "docs"
    root.mkdir(parents=True, exist_ok=True)
    for key, (title, body) in docs.items():
        (root / f"{key}.md").write_text(f'---\ntitle: "{title}"\n---\n{body}')
    store = SqliteStore.create(tmp / "c.sqlite")
    index_path(store, root, embedder=emb)
    source = CollectionSource(store, "docs:t", mode="hybrid", embedder=emb)
    settings = Settings()
    result = await ask_async(
        question, source, settings=settings, answerer=extractive_answerer(settings)
    )
    if not isinstance(result, Answer):
        return None
    return [c.quote for c in result.citations]


def _says(quotes: list[str] | None, line: str) -> bool:
    return quotes is not None and any(line in q for q in quotes)


@pytest.mark.parametrize(("question", "line"), ASKED)
async def test_the_ask_said_as_the_rule_names_it(
    emb: OnnxEmbedder, tmp_path: Path, question: str, line: str
) -> None:
    assert _says(await quotes_over(emb, DOCS, question, tmp_path), line)


@pytest.mark.parametrize(("question", "line"), ASKED)
async def test_switched_off_it_is_refused(
    emb: OnnxEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, question: str, line: str
) -> None:
    monkeypatch.setattr(told_ask, "TOLD_ASK", False)
    assert not _says(await quotes_over(emb, DOCS, question, tmp_path), line)


@pytest.mark.parametrize(
    ("question", "gone"), [(q, k) for (q, _), k in zip(ASKED, "xas", strict=True)]
)
async def test_no_rule_page_no_answer(
    emb: OnnxEmbedder, tmp_path: Path, question: str, gone: str
) -> None:
    docs = {k: v for k, v in DOCS.items() if k != gone}
    assert await quotes_over(emb, docs, question, tmp_path) is None


async def test_a_case_the_asker_does_not_tell_is_not_the_answer(
    emb: OnnxEmbedder, tmp_path: Path
) -> None:
    night = (
        "Sickness Absence",
        "# Sickness Absence\n\n- If you work nights at a night hub, phone the night hub lead "
        "before 14:00 on the day of the shift.\n- You may self-certify for up to 7 days.\n",
    )
    docs = {k: v for k, v in OTHERS.items() if k != "h"} | {"s": night}
    asked = "I'm booked in Saturday but I'm poorly. How much notice do I have to give?"
    assert not _says(await quotes_over(emb, docs, asked, tmp_path), "night hub")


@pytest.mark.parametrize(
    "question",
    [
        "Someone tripped on the stairs in the foyer. Can I claim compensation for it?",
        "I'm rigging lights tomorrow. Can I have a drink at the interval?",
    ],
)
async def test_another_matter_is_not_answered_with_the_rule(
    emb: OnnxEmbedder, tmp_path: Path, question: str
) -> None:
    quotes = await quotes_over(emb, DOCS, question, tmp_path)
    assert not _says(quotes, "within 24 hours")
    assert not _says(quotes, "6 hours before a call")


def test_which_asks_are_said_as_the_rule() -> None:
    assert situation_ask(ASKED[0][0]).endswith("log the accident?")
    assert situation_ask(ASKED[1][0]).endswith("drinking alcohol the night before a shift?")
    assert situation_ask(ASKED[2][0]) == (
        "I woke up with a fever and I'm on tonight. How do I call in sick?"
    )
    assert situation_ask("I've burnt my hand on a tray. How long should I keep it under the tap?")
    assert situation_ask(
        "I'm booked in Saturday but I'm poorly. How much notice do I have to give?"
    ).endswith("How long before the shift do I have to ring in sick?")
    for same in (
        "Someone tripped on the stairs. Can I claim compensation for it?",  # no recording
        "How do I log it?",  # nothing told
        "I'm rigging tomorrow. Can I have a drink at the interval?",  # no rule asked
        "When do I have to stop drinking?",  # no work told
        "My son's poorly and I'm on tonight. What's the latest I can ring in?",  # a dependant
        "I feel rubbish. How much notice do I have to give to leave?",  # notice to leave
        "I woke up with a fever and I'm on at 6 tomorrow. How do I call in sick?",  # morning
    ):
        assert situation_ask(same) == same, same
