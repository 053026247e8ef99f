"""An infobox line is read with the words that ask for its label (answerers/labels.py):
"Who composed the score for ...?" is answered by "Music by: ..."; Wikipedia is faked at the
HTTP level, the page written here."""

from __future__ import annotations

from typing import Any

import pytest
from test_loose_search import AnyWordWiki, ask_wiki  # the one-page wiki, another page

from wikiqa.answerers.labels import asking_words, label_keys, label_reading
from wikiqa.types import Answer, Refusal

INTRO = (
    "Quiet Hours is a 1998 Canadian drama film about a lighthouse keeper on the coast of "
    "Nova Scotia. The film was shot in the winter of 1997 and opened the Halifax festival."
)
INFOBOX = """{{Infobox film
| name = Quiet Hours
| director = Mara Ellison
| music = Ilse Marrow
| starring = Tom Quill, Ada Brenner
| runtime = 104 minutes
}}
'''Quiet Hours''' is a 1998 Canadian drama film."""


class FilmWiki(AnyWordWiki):
    """One film page; its search finds it only for an `a OR b` query (as CirrusSearch does
    when no page holds every word of the question) unless `every_search` is set."""

    def __init__(self, every_search: bool = False) -> None:
        super().__init__(INTRO)
        self.every_search = every_search

    def page(self) -> dict[str, Any]:
        url = "https://en.wikipedia.org/wiki/Quiet_Hours_(film)"
        rev = {"revid": 77, "slots": {"main": {"contentmodel": "wikitext", "content": INFOBOX}}}
        return {"pageid": 7, "ns": 0, "title": "Quiet Hours (film)", "extract": INTRO,
                "canonicalurl": url, "lastrevid": 77, "revisions": [rev]}  # fmt: skip

    def finds(self, query: str) -> bool:
        return self.every_search or super().finds(query)


async def ask(question: str, every_search: bool = False) -> Answer | Refusal:
    return await ask_wiki(question, FilmWiki(every_search))


@pytest.mark.parametrize("every_search", [False, True])
async def test_a_verb_asks_for_the_label_that_names_it(every_search: bool) -> None:
    result = await ask("Who composed the score for the film Quiet Hours?", every_search)
    assert isinstance(result, Answer), result
    assert "Ilse Marrow" in result.text
    assert [c.quote for c in result.citations] == ["Music by: Ilse Marrow"]  # verbatim


async def test_a_label_the_question_does_not_ask_for_still_refuses() -> None:
    result = await ask("How many children did the keeper in Quiet Hours have?")
    assert isinstance(result, Refusal), result


def test_label_reading() -> None:
    assert "composed" in label_reading("Music by: Ilse Marrow")
    assert label_reading("Music by: Ilse Marrow").startswith("Music by: Ilse Marrow (")
    assert asking_words("Genre(s)") == asking_words("Genres") == asking_words("genre")
    assert label_reading("Owner: People team") == ""  # not an infobox label: as written
    assert label_reading("He wrote it: a ballad") == ""  # prose is no label line
    assert "compos" in label_keys(["Music by: Ilse Marrow", "Plain sentence."])
