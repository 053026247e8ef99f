"""File names, titles and errors are data on the terminal: a `[/b]` in a path is not Rich
markup (it stopped `wikiqa index` and `wikiqa ask -v` with a MarkupError traceback after
the work was done), and control characters (`ESC ]0;...BEL` retitles the window) are shown
as escapes, never sent to the terminal."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from wikiqa.cli.main import EXIT_ANSWER, EXIT_ERROR, app
from wikiqa.cli.shown import one_line, plain, shown

runner = CliRunner()
ESC_TITLE = "\x1b]0;pwned\x07"  # an OSC sequence that would retitle the terminal


def test_a_markup_like_path_is_reported_not_a_traceback(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    (folder / "a[").mkdir(parents=True)
    (folder / "good.md").write_text("Hekla erupted in 1104.\n")
    (folder / "a[" / "b].txt").write_bytes(b"a\x00b")  # skipped: binary; its path has [/b]
    (folder / f"esc{ESC_TITLE}.txt").write_bytes(b"a\x00b")
    (folder / "[bold red]alert.md").write_text("---\naccess: x\n---\nHello.\n")
    result = runner.invoke(app, ["index", str(folder), "-c", "names", "--no-embed"])
    assert result.exit_code == 0, result.output
    assert "a[/b].txt: looks binary" in result.output
    assert "esc\\x1b]0;pwned\\x07.txt: looks binary" in result.output
    assert "[bold red]alert.md: invalid access metadata" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "2 added" in result.output and "2 skipped" in result.output


def test_a_markup_or_escape_title_is_shown_as_written(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    title = 'title: "Eruptions [/b] \\e]0;pwned\\a"'  # YAML's \e and \a are ESC and BEL
    (folder / "hekla.md").write_text(f"---\n{title}\n---\nHekla erupted in 1104.\n")
    result = runner.invoke(
        app, ["ask", "-v", "--source", f"docs:{folder}", "When did Hekla erupt?"]
    )
    assert result.exit_code == EXIT_ANSWER, result.output
    assert "Eruptions [/b] \\x1b]0;pwned\\x07" in result.output  # in the trace and the citation
    assert "\x1b" not in result.output and "\x07" not in result.output


def test_an_error_naming_a_markup_like_source_is_printed_whole() -> None:
    result = runner.invoke(app, ["ask", "--source", "docs:/no/such/[/b]", "q?"])
    assert result.exit_code == EXIT_ERROR
    assert "[/b]" in result.output and "Traceback" not in result.output


def test_shown_text_keeps_ordinary_text_and_layout() -> None:
    assert plain("Reykjavík: 22 days\n\tcafé") == "Reykjavík: 22 days\n\tcafé"
    assert plain("a\u202eb\u200bc\x00") == "a\\u202eb\\u200bc\\x00"  # bidi override, zero width
    assert shown("[red]x[/]") == "\\[red]x\\[/]"
    assert one_line("new\nline.md") == "new\\nline.md"
