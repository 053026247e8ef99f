"""Extracted documents keep their origin map in the collection file, older files gain the
table on open, and `wikiqa index` + `wikiqa ask` over a PDF cite the page."""

from __future__ import annotations

import json
from pathlib import Path

from format_files import samples
from typer.testing import CliRunner

from wikiqa.cli.main import EXIT_ANSWER, app
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Principal

runner = CliRunner()


def test_origins_round_trip_through_the_store(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    samples.make_xlsx(folder / "figures.xlsx")
    (folder / "notes.md").write_text("# Notes\n\nPlain Markdown has no origins.\n")
    store = SqliteStore.create(tmp_path / "c.sqlite")
    try:
        index_path(store, folder)
        doc = store.get_document("figures.xlsx", None)
        assert doc is not None and doc.metadata["format"] == "xlsx"
        row = "| Porto office | 41 | 7 |"
        start = doc.text.index(row)
        hit = [o for o in doc.origins if o.start <= start < o.end]
        assert [o.location for o in hit] == ["Offices!A3:C3"]
        md = store.get_document("notes.md", None)
        assert md is not None and md.origins == []
        with store.transaction() as conn:
            store.delete("figures.xlsx", conn)
        assert store._conn.execute("SELECT COUNT(*) FROM doc_origins").fetchone()[0] == 0
    finally:
        store.close()


def test_collection_made_before_origins_opens_and_gains_them(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    store = SqliteStore.create(path)
    (tmp_path / "a.md").write_text("# A\n\nAn old document from before the change.\n")
    index_path(store, tmp_path / "a.md")
    store._conn.execute("DROP TABLE doc_origins")  # the shape of a version-1 file
    store.close()
    reopened = SqliteStore.open(path)
    try:
        assert reopened.get_document("a.md", None) is not None
        docs = tmp_path / "new"
        docs.mkdir()
        samples.make_pptx(docs / "deck.pptx")
        index_path(reopened, docs)
        deck = reopened.get_document("new/deck.pptx", Principal(user_id="anyone"))
        assert deck is not None and deck.origins[0].location == "slide 1"
    finally:
        reopened.close()


def test_manifest_access_applies_to_binary_files(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    samples.make_pdf(folder / "salaries.pdf", pages=1)
    samples.make_docx(folder / "broken-rule.docx")
    (folder / "wikiqa-access.yaml").write_text(
        "salaries.pdf:\n  access_scope: department\n  allowed_departments: [finance]\n"
        "broken-rule.docx:\n  access_scope: departmnet\n"
    )
    store = SqliteStore.create(tmp_path / "c.sqlite")
    try:
        report = index_path(store, folder)
        finance = Principal(user_id="ann", departments=["finance"])
        assert store.get_document("salaries.pdf", finance) is not None
        assert store.get_document("salaries.pdf", Principal(user_id="bob")) is None
        assert store.get_document("broken-rule.docx", finance) is None  # fails closed
        assert any("broken-rule.docx" in w for w in report.warnings)
    finally:
        store.close()


def test_index_and_ask_over_a_pdf_cites_the_page(tmp_path: Path) -> None:
    folder = tmp_path / "reports"
    folder.mkdir()
    samples.make_pdf(folder / "annual-report.pdf", pages=4)
    indexed = runner.invoke(app, ["index", str(folder), "--collection", "reports", "--no-embed"])
    assert indexed.exit_code == 0, indexed.output
    assert "1 added" in indexed.stdout
    q = "Which team number delivered project marker 0003?"
    asked = runner.invoke(app, ["ask", "--source", "collection:reports", q])
    assert asked.exit_code == EXIT_ANSWER, asked.output
    assert "annual-report.pdf, p. 3, chars" in asked.stdout
    as_json = runner.invoke(app, ["ask", "--json", "--source", "collection:reports", q])
    data = json.loads(as_json.stdout)
    assert data["citations"][0]["location"] == "p. 3"
    assert "team number 21" in data["citations"][0]["quote"]


def test_index_and_ask_a_table_row_by_its_header(tmp_path: Path) -> None:
    folder = tmp_path / "figures"
    folder.mkdir()
    samples.make_xlsx(folder / "offices.xlsx")
    indexed = runner.invoke(app, ["index", str(folder), "--collection", "fig", "--no-embed"])
    assert indexed.exit_code == 0, indexed.output
    asked = runner.invoke(
        app,
        [
            "ask",
            "--json",
            "--source",
            "collection:fig",
            "How many contractors does the Porto office have?",
        ],
    )
    data = json.loads(asked.stdout)
    assert data["kind"] == "answer", data
    quotes = [(c["quote"], c["location"]) for c in data["citations"]]
    assert any("Porto office | 41 | 7" in q and loc == "Offices!A3:C3" for q, loc in quotes), quotes
