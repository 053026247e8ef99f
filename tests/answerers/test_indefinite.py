"""An indefinite pronoun ("everything", "someone", "anything") stands in for what a
colloquial question does not name ("Someone's asked for a copy of everything we hold on
them"): it is no content word the answer must align with (alignment._INDEFINITE). Small
documents written here."""

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
    assert align_features(plain_words("Who holds files?"), plain_words("Anyone holds files."))[2] == 0


async def test_a_question_about_everything_held_is_answered(emb: OnnxEmbedder) -> None:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    question = "Someone's asked for a copy of everything we hold on them. What do I do with that?"
    result = await ask_async(question, Source(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert "data protection officer" in result.text
