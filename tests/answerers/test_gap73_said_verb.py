"""The question's thing asked with the verb a retrieved rule line says of it (gap73,
said_verb.py): "How far ahead do the rotas come out?" is ruled on by "Rotas are published
... at least 4 weeks before the first day they cover." (hb17-trap-05); asked as "How far
ahead are rotas published?" it answers. The verb is the documents' own, and only when they say
one verb of the noun; a line that is not that rule line is not kept, and a question about a
thing no rule line is the subject of stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.said_verb import passive_verbs, retold, verb_said
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Document, Draft, DraftClaim, DraftQuote, Principal

ROTAS = (
    "Rotas, Shift Swaps and Breaks",
    "# Rotas, Shift Swaps and Breaks\n\n"
    "- Rotas are published on ShiftHub at least 4 weeks before the first day they cover.\n"
    "- Once published, your manager will not change your shifts without talking to you "
    "first.\n"
    "- Early shifts usually start at 06:00 and late shifts finish at 22:30.\n",
)
XMAS = (
    "Christmas Rota and Leave",
    "# Christmas Rota and Leave\n\n"
    "Requests are not first come, first served: your manager shares the time fairly.\n\n"
    "- Every colleague works at least one of Christmas Eve, Boxing Day or New Year's Eve.\n"
    "- Christmas leave requests go in by 1 October.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n- Book leave at least 4 weeks ahead through ShiftHub.\n"
    "- The Christmas period is booked under the Christmas rota rules.\n",
)
DOCS = {"rotas": ROTAS, "xmas": XMAS, "leave": LEAVE}
LIFEGUARD = Principal(user_id="u-1", roles=["staff"], departments=["pools"])


def _doc(entry: tuple[str, str]) -> Document:
    return Document(source="t", doc_id=entry[0], title=entry[0], text=entry[1])


@pytest.fixture
def answerer(emb: OnnxEmbedder) -> ExtractiveAnswerer:
    return ExtractiveAnswerer(floor=0.35, max_sentences=3, embedder=emb)


def test_the_documents_verb_of_the_noun() -> None:
    docs = [_doc(d) for d in DOCS.values()]
    assert passive_verbs("rotas", docs) == {"published"}
    assert retold("How far ahead do the rotas come out?", docs) == (
        "How far ahead are rotas published?",
        "rotas",
        "published",
    )
    # the question already says the verb, or names no noun a rule line is the subject of
    assert retold("When are rotas published?", docs) is None
    assert retold("How far ahead do I book my holiday?", docs) is None
    # two verbs said of the noun: no one rule line to lean on
    two = _doc(("More", "# More\n\n- Rotas are checked by the duty manager.\n"))
    assert retold("How far ahead do the rotas come out?", [*docs, two]) is None


def test_the_answer_must_cite_the_rule_line() -> None:
    def draft(line: str) -> Draft:
        return Draft(claims=[DraftClaim(text=line, quotes=[DraftQuote(doc_id="d", quote=line)])])

    assert verb_said("rotas", "published", draft(ROTAS[1].splitlines()[2]))
    assert not verb_said(
        "rotas", "published", draft("Christmas leave requests go in by 1 October.")
    )


async def test_the_rotas_asked_as_published(answerer: ExtractiveAnswerer) -> None:
    r = await ask_over(
        DOCS, "How far ahead do the rotas come out?", who=LIFEGUARD, answerer=answerer
    )
    assert isinstance(r, Answer), r
    assert any("at least 4 weeks before" in c.quote for c in r.citations), r.citations


async def test_unsaid_matters_stay_refused(answerer: ExtractiveAnswerer) -> None:
    q = "How far ahead do the pool timetables come out?"
    r = await ask_over(DOCS, q, who=LIFEGUARD, answerer=answerer)
    assert not isinstance(r, Answer), r


async def test_switched_off_refused(
    answerer: ExtractiveAnswerer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "SAID_VERB", False)
    r = await ask_over(
        DOCS, "How far ahead do the rotas come out?", who=LIFEGUARD, answerer=answerer
    )
    assert not (isinstance(r, Answer) and any("4 weeks before" in c.quote for c in r.citations))
