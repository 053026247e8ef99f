"""Which document is for this asker when only its access says so: a guide readable by named
departments, the asker's among them, is written for the asker's team as a guide whose title
names their role is (neighbours.declared_for_asker, read in ExtractiveAnswerer._assess_for
from `Document.granted_groups`, which the store sets to the reader's own granted groups). On
small documents written here, adapted from the battery's sorting-hub handbook."""

from __future__ import annotations

import asyncio

from memsource import TermSource

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.neighbours import declared_for_asker
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.acl import reader_groups
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

SORTER = Principal(user_id="u1", roles=["staff"], departments=["warehouse"])
BARISTA = Principal(user_id="u2", roles=["staff"], departments=["cafes"])

DOCS = {
    "hub": (
        "Eastgate Hub Handbook",
        "# Eastgate Hub Handbook\n\n## Breaks\n\n"
        "On the early shift your break is 20 minutes at 9:00, and it is paid.\n\n"
        "Bales are moved by forklift only.\n",
    ),
    "cafe": (
        "Cafe Staff Guide",
        "# Cafe Staff Guide\n\n"
        "Cafe staff take their break when the lunch rush is over.\n\n"
        "Aprons are washed daily on every shift.\n",
    ),
    "leave": (
        "Annual Leave",
        "# Annual Leave\n\n"
        "Book leave at least 2 weeks ahead. Full-time staff get 25 days of annual leave.\n",
    ),
}
GRANTS = {"hub": ["warehouse"]}  # the rest are public
FLOOR = 0.46  # between the handbook line's score in the whole pool (0.42) and alone (0.50)
NEIGHBOUR = (
    "Cafe Staff Guide",
    "# Cafe Staff Guide\n\nCafe staff on an early shift take an unpaid break of 30 minutes.\n",
)


class GrantedSource(TermSource):
    """TermSource with department access, as the store serves it: a document granted to
    departments is found and fetched only by their readers, and fetched carrying the
    reader's own granted groups (acl.reader_groups)."""

    def __init__(self, docs: dict[str, tuple[str, str]], grants: dict[str, list[str]]) -> None:
        super().__init__(docs)
        self.grants = grants

    def _readable(self, doc_id: str, who: Principal | None) -> bool:
        granted = self.grants.get(doc_id)
        return granted is None or bool(set(granted) & set(who.departments if who else []))

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        found = await super().search(query, 50, principal)
        return [h for h in found if self._readable(h.doc_id, principal)][:k]

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        assert self._readable(doc_id, principal)
        doc = await super().fetch(doc_id, principal)
        grants = [("department", v) for v in self.grants.get(doc_id, [])]
        return doc.with_granted_groups(reader_groups("department", grants, principal))


def _ask(question: str, who: Principal, floor: float = 0.35) -> Answer | Refusal:
    return asyncio.run(
        ask_async(
            question,
            GrantedSource(DOCS, GRANTS),  # type: ignore[arg-type]
            settings=Settings(),
            answerer=ExtractiveAnswerer(floor=floor),
            principal=who,
        )
    )


def _doc(doc_id: str, groups: frozenset[str] = frozenset()) -> Document:
    title, text = DOCS[doc_id]
    return Document(source="mem", doc_id=doc_id, title=title, text=text).with_granted_groups(groups)


def test_a_document_granted_to_the_asker_s_department_is_declared_for_them() -> None:
    """Granted to a department of the asker's: theirs; public, granted by role, far under
    the best hit, or not in force: not."""
    hits = [
        Hit(source="mem", doc_id="cafe", title="Cafe Staff Guide", score=4.0),
        Hit(source="mem", doc_id="hub", title="Eastgate Hub Handbook", score=3.0),
        Hit(source="mem", doc_id="leave", title="Annual Leave", score=1.0),
    ]
    docs = {
        "cafe": _doc("cafe"),
        "hub": _doc("hub", frozenset({"department:warehouse"})),
        "leave": _doc("leave", frozenset({"department:warehouse"})),  # far under the best hit
    }
    q = "How long is my break on an early shift?"
    assert [h.doc_id for h in declared_for_asker(hits, docs, q)] == ["hub"]
    docs["hub"] = _doc("hub", frozenset({"role:manager"}))  # a role's grant: the managers' papers
    assert declared_for_asker(hits, docs, q) == []
    withdrawn = [
        hits[0],
        hits[1].model_copy(update={"title": "Eastgate Hub Handbook (superseded)"}),
    ]
    docs["hub"] = _doc("hub", frozenset({"department:warehouse"}))
    assert declared_for_asker(withdrawn, docs, q) == []


def test_the_department_s_own_guide_read_alone_when_its_line_ranks_first_under_the_floor() -> None:
    """Before, nothing told the answerer that the hub handbook is the sorter's own (its scope
    is said only by its access), so when its line ranked first under the floor with the cafe
    guide beside it in the pool (0.42 here, at a floor of 0.46), the sorter was refused. Now
    the handbook, declared for the sorter's department, is read alone as a guide written for
    the asker is (0.50) and answers. The cafe asker, who cannot read it, is still refused; the
    sorter's leave is still answered from the public leave policy, and a question nothing
    answers stays refused."""
    mine = _ask("How long is my break on an early shift?", SORTER, FLOOR)
    assert isinstance(mine, Answer)
    assert {c.title for c in mine.citations} == {"Eastgate Hub Handbook"}
    assert "20 minutes" in mine.text
    assert isinstance(_ask("How long is my break on an early shift?", BARISTA, FLOOR), Refusal)
    leave = _ask("How many days of annual leave do I get?", SORTER, 0.35)
    assert isinstance(leave, Answer) and {c.title for c in leave.citations} == {"Annual Leave"}
    assert isinstance(_ask("What is the parking charge for the forklift bay?", SORTER), Refusal)


def test_a_public_neighbour_ranked_first_still_answers() -> None:
    """The declared guide is not read alone when another document's line ranks first: a
    department's guide is about the team's work, and read as theirs whatever ranked first it
    answered the asker's questions as an employee (measured: a finance analyst's expense
    approval answered from the finance team's claims guide). The cafe line here ranks first
    for the sorter too and answers at 0.25, as on main."""
    docs = dict(DOCS, cafe=NEIGHBOUR)
    got = asyncio.run(
        ask_async(
            "How long is my break on an early shift?",
            GrantedSource(docs, GRANTS),  # type: ignore[arg-type]
            settings=Settings(),
            answerer=ExtractiveAnswerer(floor=0.25),
            principal=SORTER,
        )
    )
    assert isinstance(got, Answer) and {c.title for c in got.citations} == {"Cafe Staff Guide"}
