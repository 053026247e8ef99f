import pytest

from wikiqa.errors import BadQuestion, SourceUnavailable
from wikiqa.pipeline import ask, ask_async, clean_question
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.types import (
    Document,
    Draft,
    DraftClaim,
    DraftQuote,
    Hit,
    Principal,
    Question,
    RefusalCode,
)


@pytest.fixture
def docs_source(corpus):  # type: ignore[no-untyped-def]
    return open_source(f"docs:{corpus}", Settings())


def test_answers_from_local_docs_with_verbatim_citation(docs_source) -> None:  # type: ignore[no-untyped-def]
    result = ask("Who patented the espresso machine?", docs_source)
    assert result.kind == "answer", result
    (c,) = result.citations
    assert c.quote == "The espresso machine was patented by Angelo Moriondo in Turin in 1884."
    doc = docs_source.store.get_document(c.doc_id, None)
    assert doc.text[c.start : c.end] == c.quote
    kinds = [e.kind for e in result.trace]
    assert kinds[:3] == ["answerer", "search", "fetch"] and kinds[-1] == "validate"
    assert result.trace[0].detail == "extractive: no model configured (WIKIQA_MODEL unset)"
    assert result.usage is not None and result.usage.answerer == "extractive"


def test_refuses_off_topic_questions(docs_source) -> None:  # type: ignore[no-untyped-def]
    # Hybrid retrieval returns the nearest passages anyway; the answerer must refuse them.
    result = ask("Quantum chromodynamics gluon confinement?", docs_source)
    assert result.kind == "refusal" and result.code is RefusalCode.insufficient_evidence


def test_no_evidence_when_lexical_search_finds_nothing(corpus) -> None:  # type: ignore[no-untyped-def]
    settings = Settings(retrieval_mode="lexical")
    source = open_source(f"docs:{corpus}", settings)
    result = ask("Quantum chromodynamics gluon confinement?", source, settings=settings)
    assert result.kind == "refusal" and result.code is RefusalCode.no_evidence


def test_access_control_reaches_the_answer_path(docs_source) -> None:  # type: ignore[no-untyped-def]
    q = "When does the payroll run happen?"
    anonymous = ask(q, docs_source)
    assert anonymous.kind == "refusal"
    leaked = str({k: v for k, v in anonymous.to_dict().items() if k != "question"})
    assert "25th" not in leaked and "Payroll" not in leaked and "staff-only" not in leaked
    finance = ask(q, docs_source, principal=Principal(user_id="f", departments=["finance"]))
    assert finance.kind == "answer"
    assert "25th" in finance.text


def test_live_events_are_streamed(docs_source) -> None:  # type: ignore[no-untyped-def]
    seen = []
    ask("When did Hekla erupt?", docs_source, on_event=seen.append)
    assert [e.kind for e in seen][:3] == ["answerer", "search", "fetch"]


@pytest.mark.parametrize("bad", ["", "   ", "\x00\x01\x02"])
def test_empty_questions_are_rejected(bad: str) -> None:
    with pytest.raises(BadQuestion):
        clean_question(bad, 100)


def test_oversized_question_is_rejected_with_the_limit() -> None:
    with pytest.raises(BadQuestion, match="limit is 100"):
        clean_question("x" * 101, 100)


def test_control_characters_and_any_script_are_handled() -> None:
    assert clean_question("Wann\x07 war\u200b das?\n", 100) == "Wann war das?"
    assert clean_question("東京はどこ？", 100) == "東京はどこ？"


class _BrokenSource:
    name = "broken"

    async def search(self, query, k=5, principal=None):  # type: ignore[no-untyped-def]
        raise SourceUnavailable("connection refused")

    async def fetch(self, doc_id, principal=None, *, full=False):  # type: ignore[no-untyped-def]
        raise AssertionError

    async def aclose(self) -> None:
        return None


def test_source_faults_become_typed_refusals() -> None:
    result = ask("anything at all?", _BrokenSource())  # type: ignore[arg-type]
    assert result.kind == "refusal" and result.code is RefusalCode.source_unavailable
    assert "connection refused" in result.reason


class _OneDocSource:
    name = "mem"

    def __init__(self) -> None:
        self.doc = Document(
            source="mem", doc_id="d", title="D", text="The sky is blue on clear days."
        )

    async def search(self, query, k=5, principal=None):  # type: ignore[no-untyped-def]
        return [Hit(source="mem", doc_id="d", title="D")]

    async def fetch(self, doc_id, principal=None, *, full=False):  # type: ignore[no-untyped-def]
        return self.doc

    async def aclose(self) -> None:
        return None


class _ScriptedAnswerer:
    """Quotes something it never fetched: the host must refuse."""

    name = "scripted"

    def __init__(self, quote: str, fetch: bool = True) -> None:
        self.quote = quote
        self.fetch = fetch

    async def answer(self, question: Question, reader) -> Draft:  # type: ignore[no-untyped-def]
        await reader.search(question.text)
        if self.fetch:
            await reader.fetch("d")
        return Draft(
            claims=[DraftClaim(text="Claim.", quotes=[DraftQuote(doc_id="d", quote=self.quote)])]
        )


async def test_host_checks_quotes_against_this_runs_fetches() -> None:
    src = _OneDocSource()
    ok = await ask_async("q?", src, answerer=_ScriptedAnswerer("The sky is blue"))  # type: ignore[arg-type]
    assert ok.kind == "answer"
    invented = await ask_async("q?", src, answerer=_ScriptedAnswerer("The sky is green"))  # type: ignore[arg-type]
    assert invented.kind == "refusal" and invented.code is RefusalCode.invalid_citation
    unfetched = await ask_async(
        "q?", src, answerer=_ScriptedAnswerer("The sky is blue", fetch=False)
    )  # type: ignore[arg-type]
    assert unfetched.kind == "refusal" and unfetched.code is RefusalCode.no_evidence
