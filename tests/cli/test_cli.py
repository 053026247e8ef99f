import json
from pathlib import Path

from typer.testing import CliRunner

from wikiqa.cli.main import EXIT_ANSWER, EXIT_ERROR, EXIT_REFUSAL, app

runner = CliRunner()


def test_help_documents_commands_and_sources() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("ask", "index", "collections", "serve"):
        assert command in result.output
    ask_help = runner.invoke(app, ["ask", "--help"]).output
    for flag in ("--source", "--verbose", "--json", "--principal"):
        assert flag in ask_help


def test_ask_docs_source_answers_with_citation(corpus: Path) -> None:
    result = runner.invoke(app, ["ask", "--source", f"docs:{corpus}", "When did Hekla erupt?"])
    assert result.exit_code == EXIT_ANSWER, result.output
    assert "Hekla erupted in 1947" in result.stdout
    assert "[1] Volcanoes of Iceland" in result.stdout


def test_ask_json_prints_the_result_object(corpus: Path) -> None:
    result = runner.invoke(
        app, ["ask", "--json", "--source", f"docs:{corpus}", "Who patented the espresso machine?"]
    )
    assert result.exit_code == EXIT_ANSWER
    data = json.loads(result.stdout)
    assert data["kind"] == "answer"
    assert data["citations"][0]["quote"].startswith("The espresso machine was patented")


def test_verbose_streams_steps_to_stderr(corpus: Path) -> None:
    result = runner.invoke(
        app, ["ask", "-v", "--source", f"docs:{corpus}", "When did Hekla erupt?"]
    )
    assert "search" in result.stderr and "fetch" in result.stderr and "validate" in result.stderr
    assert "search" not in result.stdout


def test_refusal_has_its_own_exit_code(corpus: Path) -> None:
    result = runner.invoke(app, ["ask", "--source", f"docs:{corpus}", "Quantum gluon confinement?"])
    assert result.exit_code == EXIT_REFUSAL
    assert "No answer (insufficient_evidence)" in result.stdout


def test_unknown_source_names_the_valid_ones() -> None:
    result = runner.invoke(app, ["ask", "--source", "ftp:x", "q?"])
    assert result.exit_code == EXIT_ERROR
    assert "wikipedia, wikipedia:LANG, zim:PATH, docs:PATH, collection:NAME" in result.stderr


def test_missing_collection_says_how_to_create_it() -> None:
    result = runner.invoke(app, ["ask", "--source", "collection:handbook", "q?"])
    assert result.exit_code == EXIT_ERROR
    assert "wikiqa index PATH --collection handbook" in result.stderr


def test_empty_question_is_a_clear_error(corpus: Path) -> None:
    result = runner.invoke(app, ["ask", "--source", f"docs:{corpus}", "  "])
    assert result.exit_code == EXIT_ERROR
    assert "empty" in result.stderr


def test_index_then_ask_collection_and_list(tmp_path: Path, corpus: Path) -> None:
    folder = tmp_path / "kb"
    folder.mkdir()
    for f in corpus.iterdir():
        (folder / f.name).write_bytes(f.read_bytes())
    (folder / "blob.txt").write_bytes(b"\x00\x01\x02binary")
    first = runner.invoke(app, ["index", str(folder), "--collection", "kb"])
    assert first.exit_code == 0, first.output
    assert "5 added" in first.stdout and "1 skipped" in first.stdout
    assert "blob.txt: looks binary" in first.stderr
    again = runner.invoke(app, ["index", str(folder), "--collection", "kb"])
    assert "0 added, 0 updated, 0 deleted, 5 unchanged" in again.stdout
    asked = runner.invoke(
        app, ["ask", "--source", "collection:kb", "Where was coffee first cultivated?"]
    )
    assert asked.exit_code == EXIT_ANSWER and "Yemen" in asked.stdout
    listed = runner.invoke(app, ["collections"])
    assert "kb" in listed.stdout


def test_principal_file_grants_access(tmp_path: Path, corpus: Path) -> None:
    who = tmp_path / "fin.json"
    who.write_text(json.dumps({"user_id": "ann", "departments": ["finance"]}))
    q = "When does the payroll run happen?"
    anonymous = runner.invoke(app, ["ask", "--source", f"docs:{corpus}", q])
    assert anonymous.exit_code == EXIT_REFUSAL and "25th" not in anonymous.stdout
    finance = runner.invoke(app, ["ask", "--principal", str(who), "--source", f"docs:{corpus}", q])
    assert finance.exit_code == EXIT_ANSWER and "25th" in finance.stdout


def test_unknown_principal_is_a_clear_error(corpus: Path) -> None:
    result = runner.invoke(
        app, ["ask", "--principal", "nobody", "--source", f"docs:{corpus}", "q?"]
    )
    assert result.exit_code == EXIT_ERROR and "no principal 'nobody'" in result.stderr


def test_questions_in_any_script_or_with_control_characters(corpus: Path) -> None:
    for question in (
        "東京タワーの高さは？",
        "Когда извергалась Гекла?",
        "When\x00 did\x1b Hekla\t erupt?",
    ):
        result = runner.invoke(app, ["ask", "--source", f"docs:{corpus}", question])
        assert result.exit_code in (EXIT_ANSWER, EXIT_REFUSAL), result.output
        assert "Traceback" not in result.output
    cleaned = runner.invoke(
        app, ["ask", "--json", "--source", f"docs:{corpus}", "When\x00 did\x1b Hekla erupt?"]
    )
    assert json.loads(cleaned.stdout)["question"] == "When did Hekla erupt?"
