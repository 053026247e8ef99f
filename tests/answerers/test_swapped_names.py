"""A line that says what the question asks, but of another name or with the names' roles
turned round (other_case.py `swapped_names`, `swapped_roles`); an opposite said in the
same phrase although the line says the asked word elsewhere (`opposite_pairs`); and a
question asking in what year, which a line without a year does not answer
(features.gated_type "year"). Small documents written here."""

from __future__ import annotations

import pytest
from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse, answers_type, gated_type
from wikiqa.answerers.other_case import opposite_pairs, other_case, swapped_names, swapped_roles
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal


@pytest.mark.parametrize(
    ("question", "line", "pairs"),
    [
        (
            "How did Yale introduce a new era in football?",
            "In 1903, Harvard Stadium introduced a new era into football.",
            [("Yale", "Harvard Stadium")],
        ),
        (
            "When did Herve serve as a Norman general?",
            "One of the first Norman mercenaries to serve as a Byzantine general was Herve.",
            [("Norman", "Byzantine")],
        ),
        (
            "How many sports does Yale compete in?",
            "The Harvard Crimson competes in 42 intercollegiate sports.",
            [("Yale", "Harvard Crimson")],
        ),
        # two forms of one name: an acronym, a part of it, another spelling
        (
            "What charter is part of EU law?",
            "The Charter of Fundamental Rights is part of European Union law.",
            [],
        ),
        (
            "What is an example of an NP-intermediate problem?",
            "They are some of the very few NP problems not known to be in P.",
            [],
        ),
        (
            "What did the court accept in Groner v Minister for Education?",
            "In Groener v Minister for Education the court accepted a requirement.",
            [],
        ),
        # the line says the asked name before the word too: the same case
        (
            "When did Edward return?",
            "When finally Edward the Confessor returned from his father's refuge in 1041.",
            [],
        ),
        # a name after "was" is what the word is said of, not who does it
        (
            "When was the National Highway Act signed?",
            "On November 28, 1995, President Bill Clinton signed the act.",
            [],
        ),
        # a capital that opens a sentence, and a mark after the name, are no name's place
        (
            "I'm grade G. What notice do I have to give?",
            "Notice Periods. Grade: G; Notice: 8 weeks",
            [],
        ),
        ("What is band 5 pay?", "Basic pay by band from 1 April 2026.", []),
        # a nationality is not swapped for a name, nor a name for a nationality
        ("What did the Huguenots confess?", "They confessed to the French crown.", []),
    ],
)
def test_another_name_in_the_asked_name_s_place(
    question: str, line: str, pairs: list[tuple[str, str]]
) -> None:
    assert swapped_names(question, line) == pairs


@pytest.mark.parametrize(
    ("question", "line", "found"),
    [
        (
            "Who replaced the Normans as the ruling class?",
            "The invading Normans and their descendants replaced the Anglo-Saxons as the ruling "
            "class of England.",
            [("Normans", "replaced")],
        ),
        (
            "When did King Harold II conquer England?",
            "In 1066, Duke William II of Normandy conquered England killing King Harold II at "
            "the Battle of Hastings.",
            [("King Harold II", "conquer")],
        ),
        (
            "Who joined Norman forces in the destruction of the Armenians?",
            "Some Normans joined Turkish forces to aid in the destruction of the Armenians.",
            [("Norman", "joined")],
        ),
        # the same roles in the passive and the active
        ("When was Scotland invaded by William?", "William invaded Scotland in 1072.", []),
        ("What did Telecom Australia start?", "Started by Telecom Australia, AUSTPAC was ...", []),
        # a participle before "by" is passive too: the label is what was founded
        (
            "Who founded Tangerine Records?",
            "Tangerine Records was a record label founded by musician Ray Charles in 1962.",
            [],
        ),
        # the verb is not told apart from the subject's nouns: left alone
        (
            "How many valves did the Corliss engine use?",
            "The Corliss steam engine was a four-valve engine used in mills.",
            [],
        ),
        # a mark is no verb
        (
            "When did Honda, Toyota and Nissan open US assembly plants?",
            "Honda, Toyota and Nissan, affected by the 1981 restraints, opened US plants.",
            [],
        ),
    ],
)
def test_the_asked_name_in_the_other_role(
    question: str, line: str, found: list[tuple[str, str]]
) -> None:
    assert swapped_roles(question, line) == found


def test_an_opposite_in_the_phrase_though_the_line_says_the_word_elsewhere() -> None:
    question = "Who agreed to sign the Social Charter?"
    line = "The UK refused to sign the Social Charter unless it agreed to be bound by it."
    assert opposite_pairs(question, line) == [("agreed", "refused")]
    # said in the same phrase, the asked case is spoken of too
    both = "Some agreed to sign the Social Charter and others refused to sign the Social Charter."
    assert opposite_pairs(question, both) == []
    # a yes/no question is answered, with a no, by the other case
    assert not other_case("Did the UK agree to sign the Social Charter?", line, "yesno")


def test_a_question_asking_in_what_year_needs_a_year() -> None:
    asked = analyse("In what year was Fort Coligny built?")
    assert gated_type(asked) == "year"
    terms = set(asked.terms)
    assert not answers_type("year", "Fort Coligny was built to protect the colony.", terms)
    assert answers_type("year", "Fort Coligny was built in 1555.", terms)
    # a century is no year; it answers a question asking in what century (squad23)
    assert not answers_type("year", "Fort Coligny was built in the 16th century.", terms)
    assert gated_type(analyse("In what century was Fort Coligny built?")) == "era"
    assert answers_type("era", "Fort Coligny was built in the 16th century.", terms)
    # a count is no year; nor is the year the question names
    assert not answers_type("year", "Fort Coligny was built by 4,000 men.", terms)
    named = analyse("In what year after 1550 was Fort Coligny built?")
    assert not answers_type("year", "Fort Coligny was built after 1550.", set(named.terms))
    # "which year of" asks of something counted, not a year
    assert gated_type(analyse("In which year of service does leave go up?")) == "when"


DOCS = {
    "harvard": (
        "Harvard athletics",
        "# Harvard athletics\n\n"
        "The Harvard Crimson competes in 42 intercollegiate sports in the NCAA Division I "
        "Ivy League.\n\n"
        "Harvard has an intense athletic rivalry with Yale, culminating in The Game.\n",
    ),
    "normans": (
        "Norman conquest",
        "# Norman conquest\n\n"
        "The invading Normans and their descendants replaced the Anglo-Saxons as the ruling "
        "class of England.\n\n"
        "The Normans built castles across the country.\n",
    ),
    "forts": (
        "France Antarctique",
        "# France Antarctique\n\n"
        "A fort, named Fort Coligny, was built to protect the colonists from attack.\n\n"
        "The colony was founded by Nicolas Durand de Villegaignon.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    return await ask_async(question, TermSource(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("asked", "other"),
    [
        (
            "How many sports does Harvard compete in in the NCAA Division I Ivy League?",
            "How many sports does Yale compete in in the NCAA Division I Ivy League?",
        ),
        (
            "Who did the Normans replace as the ruling class?",
            "Who replaced the Normans as the ruling class?",
        ),
        ("What was Fort Coligny built to protect?", "In what year was Fort Coligny built?"),
    ],
)
async def test_the_line_is_refused_for_another_name_role_or_kind(
    asked: str, other: str, emb: OnnxEmbedder
) -> None:
    """The line answers what it states, and is refused for the question that asks it of
    another name, with the roles turned round, or for a year it does not give."""
    answered = await ask(asked, emb)
    assert isinstance(answered, Answer), answered
    refused = await ask(other, emb)
    assert isinstance(refused, Refusal), refused
