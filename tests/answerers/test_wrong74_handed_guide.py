"""The guide a retrieved page hands the asker's kind to "in" by its title is fetched when
the search missed it (handed_guide.py): "Apprentices have their own probation in the
Apprentice Handbook." on the general Probation page, asked "How long is my probation?" by
an apprentice, answers from the handbook's probation line, not the general band table.
Another asker, a matter the page does not hand, and an unsaid matter are not answered from
the guide. Small documents written here; the handbook shares too few of the question's
words with it to be among the first five hits."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import handed_guide
from wikiqa.answerers.handed_guide import handed_titles
from wikiqa.types import Answer, Document, Hit, Principal

PROBATION = (
    "Probation",
    "# Probation\n\nHow long your probation lasts depends on the band of the job:\n\n"
    "| Band | Probation |\n|---|---|\n| Band A and Band B | 3 months |\n"
    "| Band C and Band D | 4 months |\n\n"
    "Probation can be extended once, by up to 3 months. "
    "Apprentices have their own probation in the Apprentice Handbook.\n",
)
NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\nHow long your notice is depends on your band. During probation "
    "the notice period on either side is 1 week.\n",
)
DISCIPLINE = (
    "Disciplinary",
    "# Disciplinary\n\nA warning stays on file for as long as 12 months. During probation "
    "a shorter procedure is used.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nHow long you have worked here sets your allowance. You can take "
    "leave during probation.\n",
)
BANDS = (
    "Job Bands",
    "# Job Bands\n\nYour band sets your pay and how long your probation lasts. Bands run "
    "from A to D.\n",
)
HANDBOOK = (
    "Apprentice Handbook",
    "# Apprentice Handbook\n\nOur apprenticeships take 2 years.\n\n"
    "- Probation: 12 weeks, with a review with your mentor at 6 weeks.\n"
    "- College days are paid working days.\n",
)
DOCS = {
    "a-probation": PROBATION,
    "b-notice": NOTICE,
    "c-discipline": DISCIPLINE,
    "d-leave": LEAVE,
    "e-bands": BANDS,
    "z-apprentices": HANDBOOK,
}
APPRENTICE = Principal(user_id="u-1", roles=["apprentice"], departments=["keepers"])
KEEPER = Principal(user_id="u-2", roles=["staff"], departments=["keepers"])
ASKED = "How long is my probation?"


def _hit(doc_id: str) -> Hit:
    return Hit(source="t", doc_id=doc_id, title=DOCS[doc_id][0], score=1.0)


def _docs() -> dict[str, Document]:
    return {
        k: Document(source="t", doc_id=k, title=title, text=text)
        for k, (title, text) in DOCS.items()
    }


def test_the_title_handed_to_the_askers_kind() -> None:
    hits = [_hit("a-probation"), _hit("b-notice")]
    assert handed_titles(hits, _docs(), ASKED, APPRENTICE) == ["Apprentice Handbook"]
    assert handed_titles(hits, _docs(), ASKED, KEEPER) == []  # not of the kind handed
    # the matter handed (probation) is not what is asked
    assert handed_titles(hits, _docs(), "How much an hour do I get?", APPRENTICE) == []
    # already retrieved: nothing to fetch
    assert handed_titles([*hits, _hit("z-apprentices")], _docs(), ASKED, APPRENTICE) == []


async def test_the_apprentice_gets_their_guides_probation() -> None:
    r = await ask_over(DOCS, ASKED, who=APPRENTICE)
    assert isinstance(r, Answer), r
    assert any("12 weeks" in c.quote for c in r.citations), r.citations
    assert not any("3 months |" in c.quote for c in r.citations), r.citations


async def test_without_the_reading_the_band_table_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(handed_guide, "HANDED_GUIDE", False)
    r = await ask_over(DOCS, ASKED, who=APPRENTICE)
    assert not isinstance(r, Answer) or not any("12 weeks" in c.quote for c in r.citations), r


async def test_another_asker_never_gets_the_apprentices_probation() -> None:
    r = await ask_over(DOCS, ASKED, who=KEEPER)
    assert not isinstance(r, Answer) or not any("12 weeks" in c.quote for c in r.citations), r


async def test_an_unsaid_matter_is_not_answered_from_the_guide() -> None:
    r = await ask_over(DOCS, "Do I get a bonus when I pass my probation?", who=APPRENTICE)
    assert not isinstance(r, Answer) or not any(
        c.title == "Apprentice Handbook" for c in r.citations
    ), r


async def test_a_question_asking_no_value_is_answered_as_without_the_guide() -> None:
    r = await ask_over(DOCS, "What happens if I fail my probation?", who=APPRENTICE)
    assert not isinstance(r, Answer) or not any("12 weeks" in c.quote for c in r.citations), r
