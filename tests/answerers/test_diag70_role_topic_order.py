"""A role's page on a topic of its own, silent on what was asked, is not read first (diag70,
`role_topic.own_topic_only`).

A shop manager asking "What time do I need to get tomorrow's order in to the depot?" was
refused: the managers' Christmas staffing page, close to the top hit, was put first as written
for them (`neighbours.prefer_fitting`), its own lines did not answer, and with it first the
depot page's line fell under the floor. Read in the search's order, the depot line answers.
A guide for a kind of engagement and a role page whose topic the question says keep their
place. The refusal reproduces only on the battery's documents (hb19-fact-57: its scores
depend on the whole collection); here the helpers and a never-said question are checked on
small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.role_topic import in_search_order, own_topic_only
from wikiqa.types import Answer, Document, Hit, Principal, Question, Refusal

MANAGER = Principal(user_id="u-1", roles=["staff", "manager"], departments=["shops"])
AGENCY = Principal(user_id="u-2", roles=["agency_worker"], departments=[])

DEPOT = (
    "Northgate Depot and Deliveries",
    "# Northgate Depot and Deliveries\n\n"
    "Northgate Depot loads bread and cakes from our bakeries onto our vans, and delivers to "
    "every shop each morning.\n\n"
    "- Every shop gets its first delivery before opening: kiosks by 06:00, high street shops "
    "by 07:00.\n"
    "- Kiosks get a second delivery at 11:30 on weekdays.\n"
    "- A shop's order for the next day must be in the ordering system by 14:00.\n"
    "- The depot is open 24 hours from Sunday 20:00 to Saturday 16:00.\n"
    "- Visitors to the depot wear hi-vis and sign in at the transport office.\n",
)
CHRISTMAS = (
    "Christmas Staffing 2026 (for managers)",
    "# Christmas Staffing 2026 (for managers)\n\n"
    "- Cafe shops need at least 7 colleagues on each Saturday in December.\n"
    "- Christmas temporary colleagues start on Monday 16 November 2026; book their induction "
    "for their first shift.\n"
    "- The bakeries run an extra night shift on 21, 22 and 23 December.\n"
    "- Send your Christmas rota to your area manager by 6 November 2026.\n",
)
CAKES = (
    "Celebration Cake Orders",
    "# Celebration Cake Orders\n\n"
    "- Customers order celebration cakes in any shop at least 3 days ahead.\n"
    "- A photo cake needs 5 days' notice and a printed photo.\n",
)
PARKING = (
    "Staff Parking",
    "# Staff Parking\n\nStaff park free in the rear car park. Permits are on the intranet.\n",
)
DOCS = {"depot": DEPOT, "managers-christmas": CHRISTMAS, "cakes": CAKES, "parking": PARKING}
Q = "What time do I need to get tomorrow's order in to the depot?"


async def _ask(
    question: str, who: Principal, docs: dict[str, tuple[str, str]] = DOCS
) -> Answer | Refusal:
    return await ask_over(docs, question, who=who, answerer=ExtractiveAnswerer(max_sentences=3))


def test_search_order_is_by_score_ties_kept() -> None:
    a, b, c = (
        Hit(source="m", doc_id=i, title=i, score=s) for i, s in (("a", 0.5), ("b", 0.9), ("c", 0.5))
    )
    assert [h.doc_id for h in in_search_order([a, b, c])] == ["b", "a", "c"]


def test_only_a_role_s_topic_page_is_read_in_the_search_s_order() -> None:
    docs = {i: Document(source="m", doc_id=i, title=t, text=x) for i, (t, x) in DOCS.items()}
    mine = Hit(source="m", doc_id="managers-christmas", title=CHRISTMAS[0], score=0.6)
    asked = Question(text=Q, principal=MANAGER)
    assert own_topic_only([mine], docs, asked)
    # the question saying the page's whole topic asks of it
    said = Question(text="How is Christmas staffing set for 2026?", principal=MANAGER)
    assert not own_topic_only([mine], docs, said)
    # a kind of engagement's guide keeps its place: its terms replace the general ones
    agency = Hit(source="m", doc_id="agency", title="Agency Workers Guide", score=0.6)
    worker = Question(text=Q, principal=AGENCY)
    assert not own_topic_only([agency], docs, worker)
    assert not own_topic_only([], docs, asked)


async def test_never_said_stays_refused() -> None:
    r = await _ask("What time does the depot close on Christmas Eve?", MANAGER)
    assert isinstance(r, Refusal), r
