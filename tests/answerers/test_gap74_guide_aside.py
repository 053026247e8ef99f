"""The asker's own guide, put first by the role search, set aside after a refusal when the
question's own search ranks first a page the guide says nothing of (gap74). An agency
steward asking "A mum has just told me she can't find her son. What do I call on the
radio?" read the stewards' guide's "collect ... a radio" first and was refused
(hb23-fact-54); asked without the role search, the lost children page answers (the store's
ranker and pool are needed for that score: here the mechanism is tested, on small
documents written here). A matter the guide speaks of (pay) stays the guide's: the
employees' rate is never read alone for the steward."""

from __future__ import annotations

import pytest
from memsource import TermSource, ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.guide_aside import ROLE_SEARCH_ASIDE, first_alone, guide_silent
from wikiqa.answerers.search_once import SearchOnce
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import (
    Answer,
    Document,
    Draft,
    DraftClaim,
    DraftQuote,
    Principal,
    Question,
    RefusalCode,
)

GUIDE = (
    "Agency Event Stewards Guide",
    "# Agency Event Stewards Guide\n\n"
    "Agency event stewards are supplied by Gatekeeper Staffing for late openings and "
    "busy bank holidays.\n\n"
    "- Book shifts and send timesheets through your Gatekeeper Staffing branch; we do not "
    "pay you directly.\n"
    "- Sign in at the admissions office and collect a hi-vis tabard and a radio.\n"
    "- You never enter animal areas.\n",
)
LOST = (
    "Lost Children",
    "# Lost Children\n\n"
    '1. If you find a lost child, stay with them and radio "Code Teddy" with the '
    "child's description and where you are.\n"
    "2. Take the child to the nearest admissions kiosk or the guest services desk; never "
    "take a child to a staff-only area.\n"
    '3. If a parent reports a child missing, radio "Code Teddy" with the child\'s '
    "description at once.\n"
    "4. If the child has not been found within 10 minutes, admissions close the exits and "
    "the duty manager calls the police.\n\n"
    "Every colleague in a public area must know the Code Teddy steps; they are part of the "
    "safeguarding course.\n",
)
RATES = (
    "Pay Rates",
    "# Pay Rates\n\n"
    "These rates apply to every employed colleague.\n\n"
    "- Band A: £12.60 an hour.\n- Band B: £13.10 an hour.\n",
)
LONE = (
    "Lone Working",
    "# Lone Working\n\n"
    "- Keepers working alone before 08:00 check in with the duty keeper by radio every "
    "60 minutes.\n",
)
# pages sharing the question's words, so that the question's own search leaves the guide
# out and the role search ("... agency") puts it first, as the store's ranker did
FAMILY = (
    "Family Leave",
    "# Family Leave\n\nA mum can take a day off when her son is ill.\n",
)
SICK = (
    "Sickness Absence",
    "# Sickness Absence\n\nCall your manager if you cannot find cover.\n",
)
PARKING = (
    "Staff Parking",
    "# Staff Parking\n\nIf you cannot find a space, call security.\n",
)
SCHOOL = ("School Holidays", "# School Holidays\n\nA mum whose son is off school should ring HR.\n")
DOCS = {
    "a-guide": GUIDE,
    "lost": LOST,
    "rates": RATES,
    "lone": LONE,
    "family": FAMILY,
    "sick": SICK,
    "parking": PARKING,
    "school": SCHOOL,
}
STEWARD = Principal(user_id="u-1", roles=["agency"], departments=[])


@pytest.fixture
def answerer(emb: OnnxEmbedder) -> ExtractiveAnswerer:
    return ExtractiveAnswerer(floor=0.35, max_sentences=3, embedder=emb)


def _doc(pair: tuple[str, str]) -> Document:
    return Document(doc_id=pair[0], title=pair[0], text=pair[1], source="docs")


def test_the_guide_is_silent_on_another_subject() -> None:
    guide = [_doc(GUIDE)]
    assert guide_silent(guide, _doc(LOST))  # no guide line says "lost" or "children"
    assert not guide_silent(guide, _doc(RATES))  # "we do not pay you directly"
    # a guide that names the page hands the matter on: it is the guide's
    naming = Document(doc_id="g", title="Volunteer Guide", text="See Lost Children.", source="docs")
    assert not guide_silent([naming], _doc(LOST))


async def test_the_second_asking_makes_no_role_search(answerer: ExtractiveAnswerer) -> None:
    """Set aside, the asker's guide is not searched for: the question is decided over its
    own hits (the store ranks the guide first only through the role search)."""
    q = "A mum has just told me she can't find her son. What do I call on the radio?"
    source = TermSource(DOCS)
    aside = ROLE_SEARCH_ASIDE.set(True)
    try:
        await answerer.answer(Question(text=q, principal=STEWARD), SearchOnce(source))
    finally:
        ROLE_SEARCH_ASIDE.reset(aside)
    assert not any(x.endswith(" agency") for x in source.queries), source.queries
    source = TermSource(DOCS)
    await answerer.answer(Question(text=q, principal=STEWARD), SearchOnce(source))
    assert any(x.endswith(" agency") for x in source.queries), source.queries


def test_only_an_answer_citing_the_first_page_alone_stands() -> None:
    lost = _doc(LOST)
    quote = DraftQuote(source="docs", doc_id=lost.doc_id, quote="radio")
    other = DraftQuote(source="docs", doc_id="Pay Rates", quote="Band A")
    assert first_alone(Draft(claims=[DraftClaim(text="x", quotes=[quote])]), lost)
    both = Draft(claims=[DraftClaim(text="x", quotes=[quote, other])])
    assert not first_alone(both, lost)
    refused = Draft(refusal=RefusalCode.insufficient_evidence, reason="x")
    assert not first_alone(refused, lost)


async def test_a_matter_the_guide_rules_on_is_not_reread(answerer: ExtractiveAnswerer) -> None:
    """The employees' rate never answers the steward through the second asking: the guide
    speaks of pay, so the rates page is not asked alone."""
    assert not guide_silent([_doc(GUIDE)], _doc(RATES))
    r = await ask_over(DOCS, "How much do I get paid an hour?", who=STEWARD, answerer=answerer)
    assert not (isinstance(r, Answer) and any("£" in c.quote for c in r.citations)), r
