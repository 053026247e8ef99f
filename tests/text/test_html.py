"""html_to_text: readable text, stable offsets, sections that point at their headings."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wikiqa.text.html import HtmlText, html_to_text

INFOBOX = """
<html><head><title>Ray Charles</title></head><body>
<h1><span class="mw-headline">Ray Charles</span></h1>
<p><b>Ray Charles Robinson</b> (September 23, 1930 – June 10, 2004) was an American
   singer.<sup class="reference"><a href="#cite_note-1">[1]</a></sup></p>
<table class="infobox vcard"><tbody>
<tr><th colspan="2">Ray Charles</th></tr>
<tr><th scope="row">Born</th><td><span style="display:none">(1930-09-23)</span>September 23, 1930<br>Albany, Georgia, U.S.</td></tr>
<tr><th scope="row">Genres</th><td><div class="hlist"><ul><li>R&amp;B</li><li>soul</li></ul></div></td></tr>
<tr><th scope="row">Labels</th><td><ul><li>Warner Bros.</li><li>ABC</li></ul></td></tr>
</tbody></table>
<h2>Early life<span class="mw-editsection">[<a href="?action=edit">edit</a>]</span></h2>
<p>He was born in Albany.</p>
<h3>Blindness</h3>
<p>He lost his sight.</p>
<h2>Career</h2>
<ul><li>Atlantic years</li><li>ABC years</li></ul>
<div class="navbox">Navigation box text</div>
<div class="mw-references-wrap"><ol class="references"><li>Ref text</li></ol></div>
</body></html>
"""


@pytest.fixture(scope="module")
def infobox() -> HtmlText:
    return html_to_text(INFOBOX)


def test_infobox_rows_become_label_value_lines(infobox: HtmlText) -> None:
    lines = infobox.text.split("\n")
    assert "Born: September 23, 1930, Albany, Georgia, U.S." in lines
    assert "Genres: R&B, soul" in lines
    assert "Labels: Warner Bros., ABC" in lines
    assert "1930-09-23" not in infobox.text  # display:none


def test_chrome_is_dropped(infobox: HtmlText) -> None:
    for junk in ("[1]", "edit", "Navigation box", "Ref text"):
        assert junk not in infobox.text


def test_sections_start_at_their_heading(infobox: HtmlText) -> None:
    text = infobox.text
    got = [(s.title, s.level) for s in infobox.sections]
    assert got == [("Ray Charles", 1), ("Early life", 2), ("Blindness", 3), ("Career", 2)]
    for s in infobox.sections:
        assert 0 <= s.start < s.end <= len(text)
        assert text[s.start : s.end].startswith(s.title + "\n")
        assert text[s.start : s.end] == text[s.start : s.end].strip()
    by = {s.title: s for s in infobox.sections}
    # A section contains its subsections and stops at the next sibling.
    assert text[by["Early life"].start : by["Early life"].end] == (
        "Early life\n\nHe was born in Albany.\n\nBlindness\n\nHe lost his sight."
    )
    assert by["Ray Charles"].end == len(text)
    assert text[by["Career"].start :] == "Career\n\n- Atlantic years\n- ABC years"


def test_title_and_verbatim_spans(infobox: HtmlText) -> None:
    assert infobox.title == "Ray Charles"
    sentence = "Ray Charles Robinson (September 23, 1930 – June 10, 2004) was an American singer."
    start = infobox.text.index(sentence)
    assert infobox.text[start : start + len(sentence)] == sentence


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<p>One</p><p>Two</p>", "One\n\nTwo"),
        ("<p>a <b>bold</b>\n\n  move</p>", "a bold move"),
        # List items carry Markdown markers, nested lists indented (wikiqa.text.lists reads them).
        ("<ul><li>x</li><li>y</li></ul><p>after</p>", "- x\n- y\n\nafter"),
        ("<ol><li>a<ul><li>a1</li></ul></li><li>b</li></ol>", "1. a\n  - a1\n2. b"),
        ("<ol start='3'><li>c</li><li>d</li></ol>", "3. c\n4. d"),
        ("<li><p>para one</p><p>para two</p></li>", "- para one\npara two"),
        ("<p>line<br>break</p>", "line\nbreak"),
        # A term/definition pair is one line (it used to be two, neither answering alone).
        ("<dl><dt>Term</dt><dd>Meaning</dd></dl>", "Term: Meaning"),
        (
            "<dl><dt>A</dt><dd>1</dd><div><dt>B</dt><dt>C</dt><dd>2</dd><dd>3</dd></div></dl>",
            "A: 1\nB, C: 2; 3",
        ),
        ("<dl><dt>Note:</dt><dd>see <ul><li>x</li><li>y</li></ul></dd></dl>", "Note: see, x, y"),
        ("<ul><li><dl><dt>k</dt><dd>v</dd></dl></li></ul>", "- k: v"),
        (
            "<dl><dt>Rest</dt><dd><p>Take 11 hours.</p><p>Ask first.</p></dd></dl>",
            "Rest: Take 11 hours. Ask first.",
        ),
        # Not pairs (Wikipedia indents with a bare <dd>, a lone <dt> is a pseudo-heading).
        ("<dl><dd>indented</dd></dl><dl><dt>Heading</dt></dl><p>x</p>", "indented\n\nHeading\n\nx"),
        (
            "<table><tr><th>Year</th><th>Song</th><th>Chart</th></tr>"
            "<tr><td>1960</td><td>Georgia</td><td>1</td></tr></table>",
            "Year | Song | Chart\n1960 | Georgia | 1",
        ),
        (
            "<table><caption>Singles</caption><tr><td>a</td><td></td><td>c</td></tr></table>",
            "Singles\na | c",
        ),
        ("<table><tr><th>Born</th><td>1930</td></tr></table>", "Born: 1930"),
        (
            "<table><tr><td>outer<table><tr><td>in1</td><td>in2</td></tr></table></td></tr></table>",
            "outer, in1 | in2",
        ),
        ("<p>x</p><script>var a = 1;</script><style>p{}</style><noscript>js</noscript>", "x"),
        ("<nav>Menu</nav><main><p>Body</p></main><footer>(c) 2024</footer>", "Body"),
        (
            "<p>a</p><!--htdig_noindex--><div>Kiwix footer</div><!--/htdig_noindex--><p>b</p>",
            "a\n\nb",
        ),
        (
            "<p>kept</p><!--htdig_noindex--><p>no end marker, so kept</p>",
            "kept\n\nno end marker, so kept",
        ),
        ("<div hidden>secret</div><p style='display: none'>gone</p><p>shown</p>", "shown"),
        ("<p>code:</p><pre>def f():\n    return 1\n</pre>", "code:\n\ndef f():\n    return 1"),
        ("<p>x<sup>2</sup> <math alttext='x^2'><mi>x</mi></math></p>", "x2 x^2"),
        ("<p>H<sub>2</sub>O and <a href='#'>link</a>.</p>", "H2O and link."),
        ("<div class='hatnote'>For other uses, see X.</div><p>Lead</p>", "Lead"),
        ("<figure><img src=a.png alt=pic><figcaption>A caption</figcaption></figure>", "A caption"),
    ],
)
def test_layout(html: str, expected: str) -> None:
    assert html_to_text(html).text == expected


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<p>Zürich – 東京 – القاهرة 🎹</p>", "Zürich – 東京 – القاهرة 🎹"),
        ("<p>Cafe\u0301</p>", "Café"),  # NFC
        ("<p>aged&nbsp;73 co\u00adop zero\u200bwidth</p>", "aged 73 coop zerowidth"),
        ("<p>&lt;tag&gt; &amp; &quot;q&quot; &#8212; &eacute;</p>", '<tag> & "q" — é'),
    ],
)
def test_unicode(html: str, expected: str) -> None:
    assert html_to_text(html).text == expected


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<p>unclosed <b>bold <i>italic", "unclosed bold italic"),
        ("</div></div><p>stray closers</p></span>", "stray closers"),
        ("<p>one<p>two<li>item", "one\n\ntwo\n\n- item"),
        ("<table><tr><td>a<td>b<tr><td>c", "a | b\nc"),
        ("just text, no tags", "just text, no tags"),
        ("<h2>Only a heading", "Only a heading"),
        ("", ""),
        ("<<<>>>&&&;", "<<<>>>&&&;"),
        ("<html><body></body></html>", ""),
    ],
)
def test_broken_html(html: str, expected: str) -> None:
    assert html_to_text(html).text == expected


def test_title_fallbacks() -> None:
    assert html_to_text("<title>  Page \n Title </title><h1>H</h1>").title == "Page Title"
    assert html_to_text("<h2>Sub</h2><h1>Main <span>heading</span></h1>").title == "Main heading"
    assert html_to_text("<p>no title</p>").title is None
    assert html_to_text("<svg><title>icon</title></svg><h1>Real</h1>").title == "Real"


def test_headings_inside_layout_tables_still_make_sections() -> None:
    html = "<table><tr><td><h2>Intro</h2><p>Body text.</p></td><td>side</td></tr></table>"
    out = html_to_text(html)
    assert [s.title for s in out.sections] == ["Intro"]
    assert out.text.startswith("Intro\n\nBody text.")


def test_empty_headings_are_not_sections() -> None:
    out = html_to_text("<h2><span class='mw-editsection'>[edit]</span></h2><p>x</p>")
    assert out.sections == []
    assert out.text == "x"


def test_deep_nesting_does_not_recurse() -> None:
    html = "<div>" * 5000 + "<p>deep</p>" + "</div>" * 5000
    assert html_to_text(html).text == "deep"


def test_deterministic() -> None:
    assert html_to_text(INFOBOX) == html_to_text(INFOBOX)


_TAGS = ["p", "div", "h1", "h2", "h3", "li", "ul", "table", "tr", "td", "th", "b", "br", "pre"]


@st.composite
def _html(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 30))):
        tag = draw(st.sampled_from(_TAGS))
        kind = draw(st.sampled_from(["open", "close", "text"]))
        if kind == "open":
            parts.append(f"<{tag}>")
        elif kind == "close":
            parts.append(f"</{tag}>")
        else:
            parts.append(draw(st.text(max_size=12)))
    return "".join(parts)


@settings(max_examples=200, deadline=None)
@given(_html())
@example("<p><pre> 0")  # a leading <pre> once kept its indentation at the start of the text
def test_invariants(html: str) -> None:
    out = html_to_text(html)
    assert out.text == out.text.strip()
    assert "\n\n\n" not in out.text
    assert html_to_text(html) == out
    for s in out.sections:
        assert 0 <= s.start < s.end <= len(out.text)
        assert out.text[s.start :].startswith(s.title)
        assert 1 <= s.level <= 6


def test_a_heading_inside_the_stripped_lead_starts_at_the_text() -> None:
    """Hypothesis found a heading opened inside a stray <pre>: its title kept the <pre>'s
    leading space, which the page text strips, so its section started at -1."""
    out = html_to_text("<h3></ul><th></pre><pre></ul></tr></table><h3> \x16x</table><li> \x16x")
    assert out.sections
    for s in out.sections:
        assert 0 <= s.start < s.end <= len(out.text)
        assert out.text[s.start :].startswith(s.title)
