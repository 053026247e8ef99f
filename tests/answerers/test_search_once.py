"""A question's repeated search is answered from its first run, and from nothing else: not
another question's, not another principal's (the reader binds who asks)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.search_once import SearchOnce
from wikiqa.grounding.validator import Ledger
from wikiqa.pipeline import RecordingReader, Trace, ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Document, Hit, Principal

DOCS = {
    "leave": ("Annual Leave", "Full-time staff get 27 days of annual leave a year."),
    "sick": ("Sick Leave", "Tell your manager by 09:00 on your first day of sickness."),
    "pay": ("Pay Dates", "Salaries are paid on the 28th of each month."),
}


class CountingSource(TermSource):
    """TermSource that counts the searches the source itself receives, by (query, k)."""

    def __init__(self, docs: dict[str, tuple[str, str]]) -> None:
        super().__init__(docs)
        self.asked: list[tuple[str, int]] = []

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        self.asked.append((query, k))
        return await super().search(query, k, principal)


class RoleSource(CountingSource):
    """Only a principal with the role "hr" may see the pay document."""

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        hits = await super().search(query, k, principal)
        if principal is None or "hr" not in principal.roles:
            hits = [h for h in hits if h.doc_id != "pay"]
        return hits

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        if doc_id == "pay" and (principal is None or "hr" not in principal.roles):
            raise PermissionError(doc_id)
        return await super().fetch(doc_id, principal, full=full)


def reader(source: CountingSource, principal: Principal | None = None) -> RecordingReader:
    return RecordingReader(source, principal, Ledger(), Trace(None))  # type: ignore[arg-type]


async def test_a_repeated_search_runs_once_and_returns_the_same_hits_in_a_fresh_list() -> None:
    source = CountingSource(DOCS)
    once = SearchOnce(reader(source))
    first = await once.search("annual leave days", k=5)
    first.append(Hit(source="mem", doc_id="x", title="mine"))  # the caller's own list
    again = await once.search("annual leave days", k=5)
    assert source.asked == [("annual leave days", 5)]
    assert [h.doc_id for h in again] == ["leave", "sick"] and once.repeats == 1


async def test_another_query_or_another_k_is_searched_anew() -> None:
    source = CountingSource(DOCS)
    once = SearchOnce(reader(source))
    await once.search("annual leave", k=5)
    await once.search("annual leave", k=2)
    await once.search("sick leave", k=5)
    assert source.asked == [("annual leave", 5), ("annual leave", 2), ("sick leave", 5)]
    assert once.repeats == 0


async def test_another_question_or_principal_never_gets_these_hits() -> None:
    source = RoleSource(DOCS)
    hr = SearchOnce(reader(source, Principal(user_id="h", roles=["hr"])))
    staff = SearchOnce(reader(source, Principal(user_id="s", roles=["staff"])))
    assert [h.doc_id for h in await hr.search("salaries paid month")] == ["pay"]
    assert await staff.search("salaries paid month") == []  # searched again, as staff
    assert [h.doc_id for h in await SearchOnce(reader(source)).search("salaries paid")] == []
    assert len(source.asked) == 3


async def test_the_wrapped_reader_still_reads_and_traces() -> None:
    source = CountingSource(DOCS)
    inner = reader(source)
    once = SearchOnce(inner)
    doc = await once.fetch("leave")
    assert doc.title == "Annual Leave" and once.fetches == 1 == inner.fetches


TRUST = {
    "directory": (
        "Trust Sites and Contacts",
        "Halden Valley Health Trust runs three sites.\n\n"
        "| Site | Address | Main switchboard |\n|---|---|---|\n"
        "| Halden General Hospital | Riverside Road, Halden | 01632 960 100 |\n"
        "| Brightmoor Community Hospital | Moor Lane, Brightmoor | 01632 960 400 |\n",
    ),
    "restaurant": (
        "Staff Restaurant",
        "The Riverside Restaurant at Halden General Hospital is open 07:00 to 19:30 every day.",
    ),
    "leave": (
        "Annual Leave",
        "This policy covers all staff employed by Halden Valley Health Trust. "
        "Full-time staff get 27 days of annual leave.",
    ),
}


async def test_a_question_whose_steps_repeat_a_search_sends_it_to_the_source_once() -> None:
    """The answerer searches the Trust's name from two steps of this question; the source
    sees it once, and the answer is what it was when the source saw it twice."""
    q = "Does the Trust run a cycle-to-work scheme for buying a bike?"
    source = CountingSource(TRUST)
    result = await ask_async(q, source, settings=Settings())  # type: ignore[arg-type]
    assert len(source.asked) == len(set(source.asked)) > 1
    searches = [e for e in result.trace if e.kind == "search"]
    assert len(searches) == len(source.asked)
    if isinstance(result, Answer):
        assert "leave" not in {c.doc_id for c in result.citations}, result.text
