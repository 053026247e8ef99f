from wikiqa.types import Answer, Citation, Claim, Event, Refusal, RefusalCode, parse_result


def _answer() -> Answer:
    cites = [
        Citation(
            source="docs", doc_id="a.md", title="A", url="file:a", start=0, end=5, quote="Hello"
        ),
        Citation(
            source="wikipedia",
            doc_id="B",
            title="B",
            url="https://x/B",
            revision_id=42,
            start=3,
            end=9,
            quote="world!",
        ),
    ]
    return Answer(
        question="q",
        claims=[
            Claim(text="Hello.", citations=[0]),
            Claim(text="World!", citations=[1, 0]),
            Claim(text="Bare."),
        ],
        citations=cites,
        trace=[Event(kind="search", detail="x", count=2)],
    )


def test_answer_is_truthy_with_coverage_confidence_and_dedup_sources() -> None:
    a = _answer()
    assert a
    assert a.confidence == 2 / 3  # citation coverage, not truth
    assert [s.doc_id for s in a.sources] == ["a.md", "B"]
    assert a.text == "Hello. World! Bare."


def test_refusal_is_falsy_and_formats_reason() -> None:
    r = Refusal(code=RefusalCode.no_evidence, reason="nothing found")
    assert not r
    assert r.formatted() == "No answer (no_evidence): nothing found"


def test_formatted_has_markers_then_numbered_sources() -> None:
    text = _answer().formatted()
    first, *rest = text.splitlines()
    assert first == "Hello. [1] World! [1] [2] Bare."
    assert "[2] B - https://x/B (revision 42)" in rest
    assert '    chars 3-9: "world!"' in rest


def test_to_dict_round_trips_through_the_discriminated_union() -> None:
    a = _answer()
    d = a.to_dict()
    assert d["kind"] == "answer" and d["confidence"] == 2 / 3 and len(d["sources"]) == 2
    assert parse_result(d) == a
    r = Refusal(code=RefusalCode.ambiguous, reason="which one?")
    assert parse_result(r.to_dict()) == r
