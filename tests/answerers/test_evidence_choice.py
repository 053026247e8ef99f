"""Which document becomes the evidence, and which lines join it, on small documents written
here: a question naming a kind of engagement is answered from the documents that speak of
it (neighbours.covering), and a line of another document joins a one-part answer only for
what the answer's document leaves unsaid (hops.complement)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.neighbours import about_own, asked_audience, written_for_asker
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\n"
    "How much notice you have to give to end your employment depends on your grade.\n\n"
    "| Grade | Notice you have to give | Notice the company gives |\n|---|---|---|\n"
    "| W1 to W3 (warehouse) | 2 weeks | 2 weeks |\n"
    "| M1 and above (managers) | 3 months | 3 months |\n",
)
AGENCY = (
    "Agency Worker Guide",
    "# Agency Worker Guide\n\n"
    "This guide is for agency workers placed with us by Pathway Staffing.\n\n"
    "Either you or the agency may end an assignment with 1 week's notice.\n\n"
    "If you are ill, call your shift manager before your shift starts.\n",
)


async def ask(question: str, docs: dict[str, tuple[str, str]], floor: float) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=floor, max_sentences=3)
    return await ask_async(question, TermSource(docs), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


def test_an_agency_temp_is_a_kind_of_engagement() -> None:
    assert asked_audience("I'm an agency temp. How much notice do I give?")
    assert not asked_audience("How long can I keep the temp badge?")


async def test_a_question_naming_its_engagement_is_answered_from_the_documents_speaking_of_it() -> (
    None
):
    question = "I'm an agency temp. How much notice do I have to give to finish my placement?"
    result = await ask(question, {"notice": NOTICE, "agency": AGENCY}, floor=0.0)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"agency"}, result.citations
    assert "1 week's notice" in result.citations[0].quote


TRAVEL = (
    "Travel and Expenses Policy",
    "# Travel and Expenses Policy\n\n"
    "Book work trips through the travel desk.\n\n"
    "## Hotels\n\n"
    "| Location | Hotel cap per night |\n|---|---|\n"
    "| London | £175 |\n| Elsewhere in the UK | £110 |\n",
)
BENEFITS = (
    "Staff Benefits",
    "# Staff Benefits\n\n"
    "- Eye tests: staff who use a screen for most of the day can claim up to £60 towards "
    "glasses needed for screen work.\n"
    "- Cycle to work: bicycles up to £2,000 through salary sacrifice.\n",
)


async def test_a_line_of_another_document_sharing_words_the_answers_document_says_does_not_join_it() -> (
    None
):
    result = await ask(
        "What's the most I can spend on a London hotel for a work trip?",
        {"travel": TRAVEL, "benefits": BENEFITS},
        floor=0.0,
    )
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"travel"}, result.citations
    assert "| London | £175 |" in [c.quote for c in result.citations]


# ------------------------------------------------------------------ the asker's own document


def _doc(title: str, text: str = "") -> Document:
    return Document(source="docs", doc_id="private/x.md", title=title, text=f"# {title}\n{text}")


def test_a_first_person_question_naming_a_personal_documents_matter_is_about_it() -> None:
    question = "Who's taking my second-year module while I'm away on research leave?"
    cover = "\n- Your module will be taught by Dr Rhys Pemberton.\n"
    assert about_own(question, _doc("Research Leave Approval: Dr Amara Okafor", cover))
    # the asking sentence's own matter ("my second-year module") must be said by it
    assert not about_own(question, _doc("Research Leave Approval: Dr Amara Okafor"))
    # one word of the title is no matter named, and a question of no "my ..." names none
    assert not about_own(
        "Who covers my module while I'm on leave?", _doc("Research Leave Approval")
    )
    assert not about_own("How long is research leave?", _doc("Research Leave Approval"))
    assert not about_own(
        "How long a break do I need between my shifts?", _doc("Return to Work Plan")
    )


LECTURER = Principal(user_id="u-4101", roles=["staff", "academic"], departments=["history"])


def test_the_askers_own_document_on_the_matter_is_written_for_them() -> None:
    question = "Who's taking my second-year module while I'm away on research leave?"
    policy = Document(
        source="docs", doc_id="research-leave.md", title="Research Leave for Academic Staff",
        text="# Research Leave for Academic Staff\n\nApply by 31 January.\n",
    )  # fmt: skip
    own = Document(
        source="docs", doc_id="private/approval.md",
        title="Research Leave Approval: Dr Amara Okafor", owner_user_id="u-4101",
        text="# Research Leave Approval\n\n- Your module will be taught by Dr Rhys Pemberton.\n",
    )  # fmt: skip
    hits = [Hit(source="docs", doc_id=d.doc_id, title=d.title, score=1.0) for d in (own, policy)]
    docs = {d.doc_id: d for d in (own, policy)}
    mine = written_for_asker(hits, docs, question, LECTURER)
    assert "private/approval.md" in {h.doc_id for h in mine}
    # another matter of theirs is not
    plain = "How long a break do I need between my shifts?"
    assert "private/approval.md" not in {
        h.doc_id for h in written_for_asker(hits, docs, plain, LECTURER)
    }
