"""The one bound every situation reading shares: its answer stands only when a cited line says
each situation the question tells (`told_bound.said_or_refused`)."""

from __future__ import annotations

from wikiqa.answerers.told_bound import cited_lines, said_or_refused, says_any
from wikiqa.types import Draft, DraftClaim, DraftQuote, RefusalCode


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def _told(question: str) -> list[str]:
    return [kind for kind in ("nights", "overtime") if kind in question]


def _says(kind: str, lines: list[str]) -> bool:
    return says_any(kind, lines)


def test_an_answer_stands_only_when_every_situation_told_is_said() -> None:
    both = _answered("Nights are paid at time and a half.", "Overtime needs approval.")
    assert said_or_refused("nights and overtime?", both, _told, _says) is both
    one = _answered("Nights are paid at time and a half.")
    refused = said_or_refused("nights and overtime?", one, _told, _says)
    assert refused.refusal is RefusalCode.insufficient_evidence
    assert "'overtime'" in (refused.reason or "")
    untold = _answered("Breaks are 30 minutes.")
    assert said_or_refused("How long is my break?", untold, _told, _says) is untold


def test_a_refusal_stays_one_and_lines_are_read_whole_or_by_stem() -> None:
    refusal = Draft(refusal=RefusalCode.no_evidence, reason="the search found nothing")
    assert said_or_refused("nights?", refusal, _told, _says) is refusal
    lines = cited_lines(_answered("Shifts cancelled at short notice are paid."))
    assert lines == ["Shifts cancelled at short notice are paid."]
    assert not says_any("cancel", lines)
    assert says_any("cancel", lines, whole_word=False)
