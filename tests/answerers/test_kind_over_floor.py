"""Over the floor, a first answer from a table keyed by a kind the question does not name
(a grade, a band) gives way to the chain through the row the question names in another
table (key_bridge.kind_hop), when that chain ends in the same table: the search chose the
table, the job table chooses its row. Small documents written here; the job table is not
among the first search's hits (longer documents say "service controller" more often)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Principal

OVERTIME = (
    "Overtime and Rest-Day Working",
    "# Overtime and Rest-Day Working\n\nOvertime is any time worked beyond your rostered "
    "duty, and it is paid at a rate that depends on your grade.\n\n"
    "| Grade | Saturday | Sunday |\n|---|---|---|\n"
    "| Grade H | no paid overtime | no paid overtime |\n"
    "| Grades A and B | time and a half | double time |\n"
    "| Grades C, D and E | time and a half | double time |\n"
    "| Grades F and G | time and a third | time and three quarters |\n",
)
GRADES = (
    "Job Grades",
    "# Job Grades\n\nEvery job sits in one grade.\n\n| Job | Grade |\n|---|---|\n"
    "| Depot cleaner | Grade A |\n| Vehicle shunter and fueller | Grade B |\n"
    "| Service controller | Grade F |\n| Bus driver | Grade D |\n| Depot manager | Grade H |\n",
)
# Longer documents saying the job more often than the job table: the first search's five
# hits are the overtime table and these.
CONTROL = {
    "radio": (
        "Radio Procedure",
        "# Radio Procedure\n\nA service controller on the radio is paid attention first. The "
        "service controller logs every call.\n",
    ),
    "rota": (
        "Control Room Rota",
        "# Control Room Rota\n\nEach service controller is paid monthly. A service controller "
        "swaps shifts through the rota clerk.\n",
    ),
    "desk": (
        "Control Desk",
        "# Control Desk\n\nThe service controller keeps the desk clear. A service controller "
        "is paid for the handover time.\n",
    ),
    "train": (
        "Control Training",
        "# Control Training\n\nA new service controller is paid while training. Every "
        "service controller sits a radio test.\n",
    ),
}
FILLER = {
    "leave": (
        "Annual Leave Policy",
        "# Annual Leave Policy\n\nFull-time staff get 25 days of annual leave each year.\n",
    ),
}
QUESTION = "What's a service controller paid for overtime on a Sunday?"


class HiddenSource(TermSource):
    """A TermSource whose `hidden` documents neither a search nor a fetch shows to a reader
    without the role "payroll" (an access-controlled mapping table)."""

    def __init__(self, docs: dict[str, tuple[str, str]], hidden: set[str]) -> None:
        super().__init__(docs)
        self.hidden = hidden

    def _sees(self, principal: Principal | None) -> bool:
        return principal is not None and "payroll" in principal.roles

    async def search(self, query: str, k: int = 5, principal: Principal | None = None):  # type: ignore[no-untyped-def]
        hits = await super().search(query, k + len(self.hidden), principal)
        return [h for h in hits if h.doc_id not in self.hidden or self._sees(principal)][:k]

    async def fetch(self, doc_id: str, principal: Principal | None = None, *, full: bool = False):  # type: ignore[no-untyped-def]
        if doc_id in self.hidden and not self._sees(principal):
            raise KeyError(doc_id)
        return await super().fetch(doc_id, principal, full=full)


def _docs() -> dict[str, tuple[str, str]]:
    return {"overtime": OVERTIME, **CONTROL, "grades": GRADES, **FILLER}


async def test_the_first_hops_row_of_an_unnamed_grade_gives_way_to_the_job_s_row() -> None:
    """The first search ranks "| Grade H | no paid overtime | ... |" first, over the floor:
    a row of a table keyed by grade, which the question does not name, for a job it does.
    The job table maps the service controller to Grade F, and Grade F keys "Grades F and
    G" of that same table: the chain answers (main ee2156a answers with the Grade H row)."""
    source = TermSource(_docs())
    first = await source.search(QUESTION)
    assert "grades" not in {h.doc_id for h in first}  # the mapping is not in the first hop
    result = await ask_async(QUESTION, source, settings=Settings())  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert "| Service controller | Grade F |" in result.text, result.text
    assert "time and three quarters" in result.text and "Grade H" not in result.text
    assert {c.doc_id for c in result.citations} == {"grades", "overtime"}


async def test_only_a_job_row_the_reader_may_see_and_the_question_names_replaces_it() -> None:
    """The chain is the reader's: with the job table hidden from the asker nothing of it is
    cited and the first answer is not replaced by Grade F's row; with it visible (role
    "payroll") it is. A question naming no job keeps the first answer."""
    source = HiddenSource(_docs(), {"grades"})
    staff = Principal(user_id="u-1", roles=["staff"])
    result = await ask_async(QUESTION, source, settings=Settings(), principal=staff)  # type: ignore[arg-type]
    assert "grades" not in {c.doc_id for c in getattr(result, "citations", [])}
    assert "Grade F" not in getattr(result, "text", "")
    payroll = Principal(user_id="u-2", roles=["payroll"])
    result = await ask_async(QUESTION, source, settings=Settings(), principal=payroll)  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert "| Grades F and G | time and a third | time and three quarters |" in result.text
    question = "What is overtime paid at on a Sunday for Grade H?"
    result = await ask_async(question, TermSource(_docs()), settings=Settings())  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert "grades" not in {c.doc_id for c in result.citations}
    assert "| Grade H | no paid overtime | no paid overtime |" in result.text
