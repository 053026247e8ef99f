"""Words a colloquial question uses that name nothing a line must say. An indefinite
pronoun ("everything", "someone", "anything") stands in for what a question does not name
("Someone's asked for a copy of everything we hold on them"): it is no content word the
answer must align with (alignment._INDEFINITE); nor is "get" as a passive auxiliary ("Got
called out", "do I get paid": alignment._get_passive). Small documents written here."""

from __future__ import annotations

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
    # "get" before a noun is the verb the question asks about
    van = plain_words("Drivers have a van.")
    assert align_features(plain_words("Do I get a van?"), van)[1] == 0.0
    assert align_features(plain_words("Do I have a van?"), van)[1] == 1.0
