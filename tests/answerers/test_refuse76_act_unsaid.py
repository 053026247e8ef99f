"""The act a question asks of its subject must be said by the line that answers it
(act_unsaid, refuse76): "Is Kilnwick Open-Air Screen going to close?" is not answered by the
public page's season dates, nor "Are any of our shops closing down?" by the Christmas
closing time, nor "How often do the lifeguards change positions?" by the training table's
lifeguard course. Must still answer: the board member who may read the board paper, the pool
team who may read the pool procedures, and the neighbouring questions the public lines do
answer (when the season runs, what time the shops close on Christmas Eve, how often the
lifeguards' course is refreshed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from memsource import quotes_over
from own_helpers import ask_as, own_source

from wikiqa.answerers import act_unsaid
from wikiqa.answerers.act_unsaid import (
    asked_act,
    asked_event,
    cited_ids,
    quote_line,
    unsaid_act,
    unsaid_event,
)
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Draft, DraftClaim, DraftQuote, Principal, Refusal

SCREENS = (
    "---\ntitle: Open-Air Screenings\naccess_scope: public\n---\n# Open-Air Screenings\n\n"
    "Our open-air screens at Newstead and Kilnwick run from 1 June to 13 September, with one "
    "film a night.\n\n- Gates open 90 minutes before the film, and the film starts at sunset.\n"
)
REVIEW = (
    "---\ntitle: Open-Air Review (board only)\naccess_scope: role\nallowed_roles: [executive]\n"
    "---\n# Open-Air Review (board only)\n\n"
    "Confidential to the board.\n\n"
    "- Kilnwick Open-Air Screen lost money in 2025 and 2026 because of cancelled nights. The "
    "board proposes to close it after the 2027 summer season, on 13 September 2027.\n"
    "- Its inflatable screen and deckchairs would move to Newstead.\n"
)
CHRISTMAS = (
    "---\ntitle: Christmas Opening 2026\naccess_scope: public\n---\n# Christmas Opening 2026\n\n"
    "Shops close at 16:00 on Thursday 24 December 2026 and stay closed on 25 and 26 December.\n"
)
TRAINING = (
    "---\ntitle: Mandatory Training\naccess_scope: public\n---\n# Mandatory Training\n\n"
    "| Course | Who | How often |\n|---|---|---|\n"
    "| Fire safety | everyone | every year |\n"
    "| Lifeguard in-service training | lifeguards | 20 hours every 12 months |\n"
)
POOL = (
    "---\ntitle: Pool Operating Procedures\naccess_scope: department\n"
    "allowed_departments: [pool]\n---\n# Pool Operating Procedures\n\n"
    "Lifeguards change positions every 20 minutes, moving to the next chair clockwise.\n"
)
STAFF = Principal(user_id="s-1", roles=["staff"], departments=["front_of_house"])
BOARD = Principal(user_id="b-1", roles=["executive"], departments=[])
POOL_TEAM = Principal(user_id="p-1", roles=["staff"], departments=["pool"])
CLOSE = "Is Kilnwick Open-Air Screen going to close?"
POSITIONS = "How often do the lifeguards change positions?"


def _files() -> dict[str, str]:
    return {
        "screens.md": SCREENS,
        "review.md": REVIEW,
        "christmas.md": CHRISTMAS,
        "training.md": TRAINING,
        "pool.md": POOL,
    }


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def _draft(*claims: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=c, quotes=[DraftQuote(doc_id="d", quote=c)]) for c in claims]
    )


def test_the_event_asked() -> None:
    assert asked_event(CLOSE) == "close"
    assert asked_event("Is the Corrie being sold off, and when?") == "sold"
    assert asked_event("Are any of our shops closing down, and when?") == "closing"
    assert asked_event("Are any of our stores going to shut next year?") == "shut"
    assert asked_event("Will the Marsh theatre close?") == "close"
    # a time of day or an occasion asked: the hours may answer
    assert asked_event("Is the café closing early on Christmas Eve?") == ""
    # no event: a light verb, an existence, a question that is no yes/no
    assert asked_event("Are we going to get a pay rise?") == ""
    assert asked_event("Is there a bonus for casuals?") == ""
    assert asked_event("When does the open-air season run?") == ""


def test_a_line_not_saying_the_event_does_not_answer() -> None:
    season = "Our open-air screens at Newstead and Kilnwick run from 1 June to 13 September."
    assert unsaid_event(CLOSE, _draft(season), None) == "close"
    assert unsaid_event(CLOSE, _draft("Kilnwick will close when its lease ends."), None) == ""
    hours = "Shops close at 16:00 on Thursday 24 December 2026."
    asked = "Are any of our shops closing down, and when?"
    assert unsaid_event(asked, _draft(hours), None) == "closing"  # hours, not a closing down
    assert unsaid_event(asked, _draft("Two shops are closing down in March."), None) == ""
    refused = Draft(refusal="insufficient_evidence", reason="x")
    assert unsaid_event(CLOSE, refused, None) == ""


def test_a_quote_is_read_in_its_whole_line() -> None:
    lost = "Kilnwick Open-Air Screen lost money in 2025 and 2026."
    text = f"# Review\n\n- {lost} The board proposes to close it in 2027.\n- Other.\n"
    assert quote_line(lost, text) == f"- {lost} The board proposes to close it in 2027."
    assert quote_line(lost, "") == lost
    assert unsaid_event(CLOSE, _draft(lost), None) == "close"
    assert unsaid_event(CLOSE, _draft(lost), None, {"d": text}) == ""
    refused = Draft(refusal="insufficient_evidence", reason="x")
    assert cited_ids(CLOSE, _draft(lost)) == ["d"]
    assert cited_ids(CLOSE, refused) == []
    assert cited_ids("When do the open-air screens run?", _draft(lost)) == []


def test_the_act_asked() -> None:
    act = asked_act(POSITIONS)
    assert act is not None and (act.verb, act.head) == ("change", "positions")
    drugs = asked_act("How often do the nurses count the controlled drugs?")
    assert drugs is not None and (drugs.verb, drugs.head) == ("count", "drugs")
    done_to = asked_act("How often do the engines on the hire boats get serviced?")
    assert done_to is not None and "engines" in done_to.words and not done_to.verb
    # a verb alone: its subject may be the thing the line says ("Rotas are published weekly")
    rota = asked_act("How often does the rota come out?")
    assert rota is not None and "rota" in rota.words
    assert not unsaid_act(
        "How often does the rota come out?", _draft("Rotas are published weekly."), None
    )
    # the asker's own act is not read
    assert asked_act("How often can I take a sabbatical?") is None
    assert asked_act("How often do we get paid?") is None
    assert asked_act("What time do the lifeguards start?") is None


@pytest.fixture
def frequency_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """The frequency reading, switched off at round 76's gate, read switched on."""
    monkeypatch.setattr(act_unsaid, "FREQUENCY_SAID", True)


@pytest.mark.usefixtures("frequency_said")
def test_a_frequency_of_another_act_does_not_answer() -> None:
    row = "Course | Who | How often\nLifeguard in-service training | lifeguards | 20 hours every 12 months"
    assert unsaid_act(POSITIONS, _draft(row), None) == "change positions"
    said = "Lifeguards change positions every 20 minutes."
    assert unsaid_act(POSITIONS, _draft(said), None) == ""
    drugs = "How often do the nurses count the controlled drugs?"
    other = "Course | Who | How often\nInfection prevention and control | everyone | every year"
    assert unsaid_act(drugs, _draft(other), None)  # "control" is no "controlled drugs"
    counted = "Controlled drugs are counted at every handover."
    assert unsaid_act(drugs, _draft(counted), None) == ""
    # a claim stating no frequency is not read
    assert unsaid_act(POSITIONS, _draft("Lifeguards wear red."), None) == ""


async def test_staff_asking_the_boards_event_are_refused(tmp_path: Path) -> None:
    source = own_source(tmp_path, _files())
    for question in (CLOSE, "Are any of our shops closing down, and when?"):
        result = await ask_as(question, source, STAFF)
        assert isinstance(result, Refusal), question


async def test_the_board_reads_the_closure(emb: OnnxEmbedder) -> None:
    # the event said in the cited line's own bullet, by the sentence after it; read with the
    # embedder, as shipped (the lexical answerer scores this paper under the floor)
    body = REVIEW.split("---\n", 2)[2]
    docs = {
        "review": ("Open-Air Review (board only)", body),
        "screens": ("Open-Air Screenings", SCREENS.split("---\n", 2)[2]),
    }
    quotes = await quotes_over(emb, docs, CLOSE)
    assert quotes is not None and any("Kilnwick Open-Air Screen lost money" in q for q in quotes), (
        quotes
    )


async def test_the_neighbouring_questions_still_answer(tmp_path: Path) -> None:
    source = own_source(tmp_path, _files())
    season = await ask_as("When do the open-air screens run?", source, STAFF)
    assert isinstance(season, Answer) and "1 June" in _said(season)
    hours = await ask_as("What time do shops close on 24 December 2026?", source, STAFF)
    assert isinstance(hours, Answer) and "16:00" in _said(hours)


@pytest.mark.usefixtures("frequency_said")
async def test_the_pool_procedure_is_read_by_its_team_only(tmp_path: Path) -> None:
    source = own_source(tmp_path, _files())
    outside = await ask_as(POSITIONS, source, STAFF)
    assert isinstance(outside, Refusal)
    team = await ask_as(POSITIONS, source, POOL_TEAM)
    assert isinstance(team, Answer) and "every 20 minutes" in _said(team)


def test_switched_off_nothing_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(act_unsaid, "EVENT_SAID", False)
    monkeypatch.setattr(act_unsaid, "FREQUENCY_SAID", False)
    season = "Our open-air screens at Newstead and Kilnwick run from 1 June to 13 September."
    assert unsaid_event(CLOSE, _draft(season), None) == ""
    row = "Lifeguard in-service training | lifeguards | 20 hours every 12 months"
    assert unsaid_act(POSITIONS, _draft(row), None) == ""


async def test_the_closure_read_without_its_line_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the same answer, its quote read alone, says no closing: what the whole line saves
    monkeypatch.setattr(act_unsaid, "quote_line", lambda quote, text: quote)
    body = REVIEW.split("---\n", 2)[2]
    assert await quotes_over(emb, {"review": ("Open-Air Review (board only)", body)}, CLOSE) is None
