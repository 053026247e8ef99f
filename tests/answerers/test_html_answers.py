"""HTML documents answered by the extractive answerer (issue 10): a definition-list pair is
one citable line, and an HTML list is read like a Markdown one (lead-in plus items)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.html import html_to_text
from wikiqa.types import Answer, Refusal

DIRECTORY = """<!DOCTYPE html>
<html><head><title>Trust Sites and Contacts</title></head><body>
<h1>Trust Sites and Contacts</h1>
<p>Halden Valley Health Trust runs three sites.</p>
<h2>Chief officers</h2>
<dl>
<dt>Chief Executive</dt><dd>Dr Helena Markovic</dd>
<dt>Chief Nurse</dt><dd>Olusegun Adeyemi</dd>
<dt>Director of People</dt><dd>Fenella Strachan</dd>
</dl>
</body></html>"""

LEAVING = """<html><head><title>Leaving the Trust</title></head><body>
<h1>Leaving the Trust</h1>
<p>Your manager completes the leaver form two weeks ahead.</p>
<p>On or before your last day you must:</p>
<ul>
<li>return your ID badge and keys to your manager;</li>
<li>hand over your laptop to the IT desk;</li>
<li>clear your locker.</li>
</ul>
<p>Your final salary is paid on the next normal pay date.</p>
</body></html>"""


def html_source(pages: dict[str, str]) -> TermSource:
    """Each HTML page served as the text html_to_text derives from it."""
    docs = {}
    for doc_id, html in pages.items():
        converted = html_to_text(html)
        docs[doc_id] = (converted.title or doc_id, converted.text)
    return TermSource(docs)


async def ask(question: str, pages: dict[str, str]) -> Answer | Refusal:
    return await ask_async(
        question,
        html_source(pages),  # type: ignore[arg-type]
        settings=Settings(),
        answerer=ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3),
    )


async def test_a_definition_list_pair_answers_who_holds_a_post() -> None:
    result = await ask("Who is the Director of People?", {"directory": DIRECTORY})
    assert isinstance(result, Answer), result
    quoted = [c.quote for c in result.citations]
    assert "Director of People: Fenella Strachan" in quoted
    assert "Fenella Strachan" in result.text


async def test_an_html_list_question_cites_the_lead_in_and_the_items() -> None:
    result = await ask("What do I need to hand back on my last day?", {"leaving": LEAVING})
    assert isinstance(result, Answer), result
    quoted = [c.quote for c in result.citations]
    assert "On or before your last day you must:" in quoted
    assert "- return your ID badge and keys to your manager;" in quoted
    assert len([t for t in quoted if t.startswith("- ")]) >= 2
