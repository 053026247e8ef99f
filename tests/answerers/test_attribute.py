"""The attribute a question asks of its subject ("how many children", "the budget of",
"X's first wife", "who was the drummer on") must be stated by what the answer cites
(answerers/attribute.py); Wikipedia is faked at the HTTP level."""

from __future__ import annotations

import httpx
import pytest
from test_loose_search import AnyWordWiki  # the same one-page wiki, searched otherwise

from wikiqa.answerers.attribute import (
    LONG,
    TALL,
    asked_attribute,
    names_a_subject,
    states_attribute,
)
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.mediawiki import MediaWikiSource
from wikiqa.store.embed import OnnxEmbedder, default_embedder
from wikiqa.types import Answer, Refusal

TEXT = (
    "Dale Whitcombe (March 2, 1931 – May 8, 2001) was an American alto saxophonist and "
    "songwriter from Dayton, Ohio. He wrote the ballad Quiet Hours in 1962 for the singer "
    "Ora Lindqvist, and recorded it with his quartet for the Riverside label. Whitcombe "
    "toured Europe with the quartet every summer from 1964 to 1975."
)
ARREST = " Whitcombe was arrested in Dayton in 1958 and spent a month in jail."
FAMILY = " Whitcombe married Ora Lindqvist in 1963, and they had three children."


class OnePageWiki(AnyWordWiki):
    """A wiki whose every search finds the one page (as CirrusSearch does when the page
    holds every word of the question)."""

    def handle(self, request: httpx.Request) -> httpx.Response:
        p = dict(request.url.params)
        if p.get("generator") == "search":
            return httpx.Response(200, json={"query": {"pages": [self.page() | {"index": 1}]}})
        return httpx.Response(200, json={"query": {"pages": [self.page()]}})


@pytest.fixture(scope="module")
def embedder() -> OnnxEmbedder:
    return default_embedder()


async def ask(question: str, text: str, embedder: OnnxEmbedder) -> Answer | Refusal:
    wiki = OnePageWiki(text)
    source = MediaWikiSource(transport=httpx.MockTransport(wiki.handle), max_retries=0)
    try:
        answerer = ExtractiveAnswerer(embedder=embedder)
        return await ask_async(question, source, settings=Settings(), answerer=answerer)
    finally:
        await source.aclose()


@pytest.mark.parametrize(
    "question",
    [
        "How many children did Dale Whitcombe have?",
        "Who was Dale Whitcombe's first wife?",
        "What was the name of Dale Whitcombe's first wife?",
    ],
)
async def test_an_attribute_the_page_never_states_is_refused(
    question: str, embedder: OnnxEmbedder
) -> None:
    result = await ask(question, TEXT, embedder)
    assert isinstance(result, Refusal), result
    assert result.code == "insufficient_evidence"


async def test_the_same_questions_answer_once_the_page_states_it(embedder: OnnxEmbedder) -> None:
    result = await ask("How many children did Dale Whitcombe have?", TEXT + FAMILY, embedder)
    assert isinstance(result, Answer), result
    assert "three children" in result.text
    result = await ask("Who was Dale Whitcombe's first wife?", TEXT + FAMILY, embedder)
    assert isinstance(result, Answer), result
    assert "married Ora Lindqvist" in result.text


def test_the_asked_attribute_is_the_noun_the_question_asks_for() -> None:
    assert asked_attribute("How many children did Ray Charles have?") == "children"
    assert asked_attribute("How many studio albums did she release?") == "albums"
    assert asked_attribute("What was the production budget of the film Cosmic Ray?") == "budget"
    assert asked_attribute("What was Ray Charles's net worth when he died?") == "worth"
    assert asked_attribute("What was the name of Ray Charles's first wife?") == "wife"
    assert asked_attribute("Who was the drummer on the recording of Hit the Road Jack?") == (
        "drummer"
    )
    assert asked_attribute("How long is the album Tribute to Uncle Ray?") == LONG
    # a noun naming only the kind of value asked, a unit, or no noun: nothing to state
    assert asked_attribute("What is the nationality of Hank Crawford?") is None
    assert asked_attribute("In which city was Hank Crawford born?") is None
    assert asked_attribute("How many years before his death was that?") is None
    assert asked_attribute("Who wrote the song Crying Time?") is None
    assert asked_attribute("What is the notice period for managers?") is None
    assert asked_attribute("How many days off a year do I get after three years?") is None
    assert asked_attribute("How tall was Ray Charles?") == TALL
    # a subject described by a clause is a bridge's: its second document answers
    assert asked_attribute("What is the nickname of the city where the Pavilion is?") is None


def test_an_attribute_is_stated_in_its_other_forms() -> None:
    assert states_attribute("drummer", ["Connie Kay played drums on the session."])
    assert states_attribute("director", ["The film was directed by Taylor Hackford."])
    assert states_attribute("wife", ["He married Della Bea Robinson in 1955."])
    assert states_attribute("children", ["They had twelve sons and daughters."])
    assert states_attribute("budget", ["Budget: $40 million"])
    assert states_attribute(LONG, ["Length: 34:12"])
    assert states_attribute(LONG, ["The tour lasted three years."])
    assert not states_attribute(LONG, ["It was recorded when Wonder was just 11 years old."])
    assert not states_attribute("budget", ["Cosmic Ray is a 1962 experimental film."])
    assert not states_attribute("wife", ["He was one of the first black musicians signed."])


def test_only_a_question_that_names_its_subject_is_held_to_its_attribute() -> None:
    assert names_a_subject("How many children did Ray Charles have?", [])
    assert names_a_subject("how many children did hank crawford have", ["Hank Crawford"])
    assert not names_a_subject("how many children did he have", ["Hank Crawford"])
    # a handbook question names nothing: its paraphrase is the model's to judge
    assert not names_a_subject("What is the deadline for expense claims?", ["Expense Claims"])
    assert states_attribute(TALL, ["He stood 6 ft 2 in."])
    assert not states_attribute(TALL, ["He was born in 1930 in Albany."])


def test_a_duration_up_to_now_is_said_by_its_start_and_derivations_count() -> None:
    since = asked_attribute("How long has the Treaty of Rome principle been recognised?")
    assert since is not None and since != LONG
    assert states_attribute(since, ["It has been a general principle since 1957."])
    assert not states_attribute(LONG, ["The album was released in 1962."])
    assert asked_attribute("How many types of X.25 networks were there?") is None
    assert states_attribute("rival", ["Harvard has a long athletic rivalry with Yale."])


def test_a_when_question_in_the_passive_asks_for_the_event_its_participle_names() -> None:
    q = "In what year was Ray Charles first arrested for heroin possession?"
    assert asked_attribute(q) == "arrested"
    assert asked_attribute("When was Genius Loves Company released?") is None  # "a 2004 album"
    assert asked_attribute("In which year was Dale Whitcombe elected?") == "elected"
    assert asked_attribute("Where was Hank Crawford born?") is None  # not regular: its label
    assert asked_attribute("When did Genius Loves Company go triple platinum?") is None
    assert states_attribute("arrested", ["He was arrested in Boston in 1961."])
    assert states_attribute("arrested", ["His arrest in 1961 ended the tour."])
    assert not states_attribute("arrested", ["Years active: 1947–2004"])


async def test_a_date_for_another_event_does_not_answer_a_passive_when_question(
    embedder: OnnxEmbedder,
) -> None:
    result = await ask("In what year was Dale Whitcombe first arrested?", TEXT, embedder)
    assert isinstance(result, Refusal), result
    result = await ask("In what year was Dale Whitcombe first arrested?", TEXT + ARREST, embedder)
    assert isinstance(result, Answer), result
    assert "1958" in result.text
