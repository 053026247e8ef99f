"""Words a colloquial question uses that name nothing a line must say. An indefinite
pronoun ("everything", "someone", "anything") stands in for what a question does not name
("Someone's asked for a copy of everything we hold on them"): it is no content word the
answer must align with (alignment._INDEFINITE); nor is "get" as a passive auxiliary ("Got
called out", "do I get paid": alignment._get_passive), nor, in a question, as a light verb
before its object ("how many days do I get", "do I get extra": alignment._light_get). Small
documents written here."""

from __future__ import annotations

import pytest
from test_extractive_classes import Source

from wikiqa.answerers.alignment import align_features, plain_words
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer

DOCS = {
    "data": (
        "Data Protection",
        "# Data Protection\n\n## Requests for information\n\n"
        "- Keep paper files in a locked cabinet.\n"
        "- If someone asks for a copy of the information we hold about them (a subject access "
        "request), forward it to the data protection officer the same day.\n",
    ),
    "records": (
        "Keeping Records",
        "# Keeping Records\n\n"
        "- Tenancy files are kept for 6 years after the tenancy ends.\n"
        "- A copy of each signed agreement goes to the tenant.\n"
        "- Everything we hold on a tenant is checked once a year.\n",
    ),
}


def test_an_indefinite_pronoun_is_no_word_the_line_must_say() -> None:
    line = plain_words("Forward requests for a copy of the files we hold to the data officer.")
    vague = plain_words("What do I do with a request for a copy of everything we hold?")
    plain = plain_words("What do I do with a request for a copy of we hold?")
    assert align_features(vague, line) == align_features(plain, line)
    assert align_features(vague, line)[1] == 1.0  # every content word is said
    # a pronoun standing for nothing else is no content word on the line's side either
    assert (
        align_features(plain_words("Who holds files?"), plain_words("Anyone holds files."))[2] == 0
    )


async def test_a_question_about_everything_held_is_answered(emb: OnnxEmbedder) -> None:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    question = "Someone's asked for a copy of everything we hold on them. What do I do with that?"
    result = await ask_async(question, Source(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert "data protection officer" in result.text


def test_get_before_a_participle_is_an_auxiliary_not_a_content_word() -> None:
    line = plain_words("Call-outs are paid for at least 2 hours.")
    got = plain_words("Got called out last night. What am I paid for?")
    was = plain_words("Was called out last night. What am I paid for?")
    assert align_features(got, line) == align_features(was, line)
    assert align_features(plain_words("When do I get paid?"), line)[1] == 1.0


def test_get_before_its_object_is_a_light_verb_in_a_question() -> None:
    van = plain_words("Drivers have a van.")
    assert align_features(plain_words("Do I get a van?"), van)[1] == 1.0
    assert align_features(plain_words("How many vans do drivers get?"), van) == align_features(
        plain_words("How many vans do drivers have?"), van
    )
    # before a particle it is a phrasal verb that says something of its own
    arrive = plain_words("Arrive 15 minutes before the shop opens.")
    assert align_features(plain_words("When do I get in?"), arrive)[1] == 0.0
    assert align_features(plain_words("Can I get it back?"), plain_words("It is kept."))[1] == 0.0
    # a line's own words are read as written: "get" there is still a word to match
    # (slot_fill: "get" is the one word of the line the question does not say)
    assert align_features(plain_words("Do drivers have vans?"), plain_words("Drivers get vans."))[
        2
    ] == pytest.approx(1 / 3)


LEAVE = {
    "leave": (
        "Time Away From Work",
        "# Time Away From Work\n\n"
        "Full-time staff are entitled to 25 days a year, plus bank holidays.\n\n"
        "Book it at least 2 weeks ahead through the rota app.\n",
    ),
    "study": (
        "Study Leave",
        "# Study Leave\n\n"
        "Staff on an approved course may take up to 5 study days a year.\n\n"
        "Ask your manager before you book a course.\n",
    ),
    "sick": (
        "Sick Pay",
        "# Sick Pay\n\nReport sickness to your manager by 9am.\n\nAfter probation, full pay for 4 weeks.\n",
    ),
}


async def test_how_much_do_i_get_is_answered_by_the_amount(emb: OnnxEmbedder) -> None:
    # "get" found no word of the line (it says "are entitled to") and held align_min down:
    # 0.33 and 0.29 before, under the floor
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    for question in ("how much holiday do I get?", "how much holiday do I get each year?"):
        result = await ask_async(question, Source(LEAVE), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]
        assert isinstance(result, Answer), (question, result)
        assert "25 days" in result.text
