"""A first `docs:` index is seen to work when stderr is a pipe or a log, not only on a
terminal, and an ask that embeds nothing new prints no indexing line."""

from io import StringIO
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from wikiqa.cli.main import EXIT_ANSWER, app
from wikiqa.cli.progress import Milestones

runner = CliRunner()


def _lines(calls: list[tuple[int, int, str]]) -> list[str]:
    out = StringIO()
    milestones = Milestones(Console(file=out, width=200), "indexing")
    for call in calls:
        milestones(*call)
    return out.getvalue().splitlines()


def test_a_batch_is_reported_at_its_start_and_each_quarter() -> None:
    calls = [(done, 400, "embedding chunks") for done in range(50, 401, 50)]
    assert _lines(calls) == [
        "indexing: embedding 400 texts (new or changed files only; later runs reuse them)",
        "indexing: 100/400 embedded",
        "indexing: 200/400 embedded",
        "indexing: 300/400 embedded",
        "indexing: 400/400 embedded",
    ]


def test_each_batch_is_reported_and_small_ones_and_file_reading_are_not() -> None:
    calls = [
        (1, 14, "guide.md"),  # reading files: every ask does it
        (400, 400, "embedding chunks"),
        (250, 500, "embedding chunks"),  # the next batch: the answerer's texts
        (500, 500, "embedding chunks"),
        (1, 1, "embedding chunks"),  # a question
    ]
    assert _lines(calls) == [
        "indexing: embedding 400 texts (new or changed files only; later runs reuse them)",
        "indexing: embedding 500 texts (new or changed files only; later runs reuse them)",
        "indexing: 500/500 embedded",
    ]


def test_a_first_docs_ask_says_it_is_embedding_and_the_next_does_not(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    for i in range(30):
        folder.joinpath(f"site-{i}.md").write_text(
            f"# Site {i}\n\nSite {i} opens at {7 + i % 3} am on weekdays. "
            f"Its manager is Alex Number{i}. Parking at site {i} costs {i} pounds a day. "
            f"Visitors to site {i} sign in at the front desk.\n",
            encoding="utf-8",
        )
    question = "How much does parking at site 12 cost?"
    first = runner.invoke(app, ["ask", "--source", f"docs:{folder}", question])
    assert first.exit_code == EXIT_ANSWER, first.output
    assert "indexing: embedding" in first.stderr
    assert "embedded" in first.stderr
    again = runner.invoke(app, ["ask", "--source", f"docs:{folder}", question])
    assert again.exit_code == EXIT_ANSWER, again.output
    assert "indexing" not in again.stderr
    assert again.stdout == first.stdout
