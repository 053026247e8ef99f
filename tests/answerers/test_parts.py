"""Compound questions across two documents (answerers/parts.py): a part corroborated by the
whole question's own ranking is answered a little under the floor once another part is
answered; a question about two things "each" becomes one question per thing."""

from __future__ import annotations

from chain_helpers import ask_staff, cited
from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import Candidate, Evidence
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.parts import NAMED_SLACK, PART_SLACK, answered_parts, distributed
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document

REMOTE = "Tuesday and Thursday are anchor days, when teams are expected on site."
OFFICES = "| Lisbon | Rua do Açúcar 88 | 08:00–20:00 |"
PROPOSAL = "Anchor days would be dropped under the proposal."


def _cand(doc_id: str, sentence: str) -> Candidate:
    doc = Document(source="mem", doc_id=doc_id, title=doc_id, text=sentence)
    return Candidate(doc, Span(0, len(sentence), sentence), list(keys(sentence)), 0)


def _evidence(question: str, score: float, *cands: Candidate) -> Evidence:
    return Evidence(analyse(question), list(cands), [], score)


Q = "Which days are the office anchor days, and what are the Lisbon office's opening hours?"


def test_a_part_the_whole_question_also_ranks_high_is_answered_a_little_under_the_floor() -> None:
    remote, offices = _cand("remote", REMOTE), _cand("offices", OFFICES)
    whole = _evidence(Q, 0.5, offices, _cand("x", "Other."), remote)
    anchor = _evidence(Q.split(",")[0], DEFAULT_FLOOR - PART_SLACK / 2, remote)
    hours = _evidence("what are the Lisbon office's opening hours?", 0.7, offices)
    assert answered_parts([anchor, hours], whole, DEFAULT_FLOOR) == [anchor, hours]


def test_an_uncorroborated_or_weak_part_and_a_question_with_no_answered_part_stay_refused() -> None:
    remote, offices, proposal = (
        _cand("remote", REMOTE),
        _cand("offices", OFFICES),
        _cand("proposal", PROPOSAL),
    )
    whole = _evidence(Q, 0.5, offices, remote)
    hours = _evidence("what are the Lisbon office's opening hours?", 0.7, offices)
    # its best sentence is not among the whole question's candidates
    stray = _evidence(Q.split(",")[0], DEFAULT_FLOOR - 0.01, proposal)
    assert answered_parts([stray, hours], whole, DEFAULT_FLOOR) == [hours]
    # corroborated, but too far under the floor
    weak = _evidence(Q.split(",")[0], DEFAULT_FLOOR - 2 * PART_SLACK, remote)
    assert answered_parts([weak, hours], whole, DEFAULT_FLOOR) == [hours]
    # no part over the floor: nothing is answered at the lower floor
    low_hours = _evidence("what are the Lisbon office's opening hours?", 0.3, offices)
    anchor = _evidence(Q.split(",")[0], DEFAULT_FLOOR - 0.01, remote)
    assert answered_parts([anchor, low_hours], whole, DEFAULT_FLOOR) == []
    # a single-part question keeps the ordinary floor
    assert answered_parts([anchor], whole, DEFAULT_FLOOR) == []


def test_a_question_about_two_things_each_becomes_one_question_per_thing() -> None:
    q = "If I lose both my laptop and my corporate card on a trip, whom do I tell about each?"
    assert distributed(q) == (
        "If I lose my laptop on a trip, whom do I tell?",
        "If I lose my corporate card on a trip, whom do I tell?",
    )
    assert analyse(q).parts == distributed(q)
    # "both" without "each" may ask one thing of the two together: left whole
    assert distributed("Do both the Berlin office and the Lisbon office close on Fridays?") == ()
    assert distributed("Who approves travel expenses?") == ()


COLLISION = "Report the collision to the Fleet Desk within 1 hour."
FLEET_PHONE = "Call the Fleet Desk on 0330 555 0147 (24 hours) and the transport planner."
DEPOT_PHONE = "Call the depot office on 0330 555 0100 during opening hours."
QF = "How soon must I report a road collision to the Fleet Desk, and what's their number?"


def test_a_corroborated_part_whose_line_says_every_name_it_asks_about_is_answered_lower() -> None:
    collision, fleet, depot = (
        _cand("collisions", COLLISION),
        _cand("defects", FLEET_PHONE),
        _cand("depots", DEPOT_PHONE),
    )
    whole = _evidence(QF, 0.2, fleet, collision, depot)
    soon = _evidence(QF.split(",")[0], 0.77, collision)
    # the part refers back: it is scored with the first part's names (part_subject)
    low = DEFAULT_FLOOR - PART_SLACK - 0.1
    number = _evidence("what's their number? (Fleet, Desk)", low, fleet)
    assert answered_parts([soon, number], whole, DEFAULT_FLOOR) == [soon, number]
    # a line that does not say the names keeps the ordinary slack
    other = _evidence("what's their number? (Fleet, Desk)", low, depot)
    assert answered_parts([soon, other], whole, DEFAULT_FLOOR) == [soon]
    # a part naming nothing keeps it too
    bare = _evidence("what's the number?", low, fleet)
    assert answered_parts([soon, bare], whole, DEFAULT_FLOOR) == [soon]
    # nor does the named line count when the whole question does not rank it
    apart = _evidence(QF, 0.2, collision, depot)
    assert answered_parts([soon, number], apart, DEFAULT_FLOOR) == [soon]
    # under NAMED_SLACK, or with no part over the floor, nothing more is answered
    faint = _evidence(
        "what's their number? (Fleet, Desk)", DEFAULT_FLOOR - NAMED_SLACK - 0.01, fleet
    )
    assert answered_parts([soon, faint], whole, DEFAULT_FLOOR) == [soon]
    weak_soon = _evidence(QF.split(",")[0], DEFAULT_FLOOR - 0.01, collision)
    assert answered_parts([weak_soon, number], whole, DEFAULT_FLOOR) == []


FLEET_DOCS = {
    "collisions": (
        "Road Collision Procedure",
        "# Road Collision Procedure\n\n1. Stop safely and switch on hazard lights.\n"
        "2. If anyone is hurt, call 999.\n3. Take photos of the scene and the vehicles.\n"
        "4. Report the collision to the Fleet Desk within 1 hour.\n"
        "5. Complete the collision report form within 24 hours.\n",
    ),
    "defects": (
        "Vehicle Defects",
        "# Vehicle Defects\n\nCheck your vehicle before every shift. Record defects on the "
        "daily check sheet.\n\nIf a defect makes the vehicle unsafe, do not drive it. Call the "
        "Fleet Desk on 0330 555 0147 (24 hours) and the transport planner.\n",
    ),
    "parking": (
        "Depot Parking",
        "# Depot Parking\n\nStaff parking is on the east side of the depot. Visitors park at "
        "the front.\n",
    ),
}


async def test_a_part_referring_back_is_answered_by_the_line_naming_what_it_refers_to() -> None:
    """ "what's their number?" is scored with the first part's names (the Fleet Desk), and
    its few words score the Fleet Desk's phone line far under the floor; the whole question
    ranks that line first too and it says the Fleet Desk, so it answers the part, cited
    after the first part's answer from another document."""
    result = await ask_staff(
        "How soon must I report a road collision to the Fleet Desk, and what's their number?",
        TermSource(FLEET_DOCS),
    )
    assert isinstance(result, Answer), result
    assert cited(result) == {"collisions", "defects"}
    assert "within 1 hour" in result.text and "0330 555 0147" in result.text
