"""PostgreSQL keeps extracted documents' origin maps as the SQLite file does: the same
origins back from get_document, the same citation location from `wikiqa ask`, deleted with
the document, and a collection from before the table gains it (and re-extracts) in place."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest
from format_files import samples
from pg_helpers import drop_collection
from typer.testing import CliRunner

from wikiqa.cli.main import EXIT_ANSWER, app
from wikiqa.store import pg_schema
from wikiqa.store.indexer import index_path
from wikiqa.store.postgres import PostgresStore
from wikiqa.store.sqlite import SqliteStore

runner = CliRunner()
QUESTION = "Which team number delivered project marker 0003?"


def _formats(folder: Path) -> Path:
    """One file of every format that carries origins, plus Markdown that carries none."""
    folder.mkdir()
    samples.make_pdf(folder / "report.pdf", pages=4)
    samples.make_docx(folder / "policy.docx")
    samples.make_xlsx(folder / "figures.xlsx")
    samples.make_pptx(folder / "deck.pptx")
    samples.make_csv(folder / "rows.csv")
    (folder / "notes.md").write_text("# Notes\n\nPlain Markdown has no origins.\n")
    return folder


def _origin_rows(store: PostgresStore) -> int:
    with psycopg.connect(store.url) as c:
        row = c.execute(f"SELECT count(*) FROM {pg_schema.quoted(store.schema)}.doc_origins")
        return int(row.fetchone()[0])  # type: ignore[index]


def test_origins_match_sqlite_for_every_format(
    tmp_path: Path, pg_collection: Callable[..., PostgresStore]
) -> None:
    folder = _formats(tmp_path / "docs")
    lite = SqliteStore.create(tmp_path / "c.sqlite")
    pg = pg_collection()
    try:
        index_path(lite, folder)
        index_path(pg, folder)
        ids = ["report.pdf", "policy.docx", "figures.xlsx", "deck.pptx", "rows.csv", "notes.md"]
        for doc_id in ids:
            want, got = lite.get_document(doc_id, None), pg.get_document(doc_id, None)
            assert want is not None and got is not None, doc_id
            assert got.origins == want.origins, doc_id
            assert bool(got.origins) == (doc_id != "notes.md"), doc_id
        assert _origin_rows(pg) == 5
    finally:
        lite.close()


def test_delete_and_replace_keep_one_map_per_document(
    tmp_path: Path, pg_collection: Callable[..., PostgresStore]
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    samples.make_xlsx(folder / "figures.xlsx")
    store = pg_collection()
    index_path(store, folder)
    samples.make_xlsx(folder / "figures.xlsx", extra_rows=3)  # changed: replaced in place
    assert index_path(store, folder).updated == ["figures.xlsx"]
    assert _origin_rows(store) == 1
    doc = store.get_document("figures.xlsx", None)
    assert doc is not None and doc.origins[-1].end <= len(doc.text)
    with store.transaction() as conn:
        store.delete("figures.xlsx", conn)
    assert _origin_rows(store) == 0


def test_ask_over_postgres_cites_the_page_as_sqlite_does(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "reports"
    folder.mkdir()
    samples.make_pdf(folder / "annual-report.pdf", pages=4)
    cited: dict[str, dict[str, object]] = {}
    try:
        for backend, store_url in (("sqlite", None), ("postgres", pg_url)):
            if store_url:
                monkeypatch.setenv("WIKIQA_STORE_URL", store_url)
            indexed = runner.invoke(app, ["index", str(folder), "--collection", "pg-cite",
                                          "--no-embed"])  # fmt: skip
            assert indexed.exit_code == 0, indexed.output
            asked = runner.invoke(
                app, ["ask", "--json", "--source", "collection:pg-cite", QUESTION]
            )
            assert asked.exit_code == EXIT_ANSWER, asked.output
            cited[backend] = json.loads(asked.stdout)["citations"][0]
        assert cited["postgres"]["location"] == cited["sqlite"]["location"] == "p. 3"
        assert cited["postgres"]["quote"] == cited["sqlite"]["quote"]
    finally:
        drop_collection(pg_url, "pg-cite")


def test_collection_from_before_origins_upgrades_in_place(
    tmp_path: Path, pg_collection: Callable[..., PostgresStore]
) -> None:
    folder = _formats(tmp_path / "docs")
    store = pg_collection()
    index_path(store, folder)
    want = store.get_document("report.pdf", None)
    assert want is not None and want.origins
    s = pg_schema.quoted(store.schema)
    with psycopg.connect(store.url) as c:  # the shape of a version-1 collection
        c.execute(f"DROP TABLE {s}.doc_origins")
        c.execute(f"DELETE FROM {s}.schema_migrations WHERE version > 1")
    store.close()

    reopened = PostgresStore.open(store.url, store.name)
    try:
        with psycopg.connect(store.url) as c:
            versions = c.execute(f"SELECT version FROM {s}.schema_migrations ORDER BY version")
            assert [v for (v,) in versions.fetchall()] == list(
                range(1, pg_schema.SCHEMA_VERSION + 1)
            )
        old = reopened.get_document("report.pdf", None)
        assert old is not None and old.origins == [] and old.text == want.text
        report = index_path(reopened, folder)  # extracted documents are re-read, once
        assert sorted(report.updated) == [
            "deck.pptx", "figures.xlsx", "policy.docx", "report.pdf", "rows.csv"
        ]  # fmt: skip
        assert report.unchanged == 1  # notes.md
        got = reopened.get_document("report.pdf", None)
        assert got is not None and got.origins == want.origins
        assert index_path(reopened, folder).unchanged == 6
    finally:
        reopened.close()
