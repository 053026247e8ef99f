"""Files that could hold `wikiqa index` on one document: HTML nested so deep that parsing
it takes minutes, and a named pipe that blocks whoever opens it. Each is skipped with its
reason, at once, and the rest of the folder is indexed."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from store_helpers import write

from wikiqa.store.html_depth import MAX_HTML_DEPTH, html_depth_over
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore


@pytest.mark.parametrize(
    "html",
    [
        "<html><body>" + "<div>" * 200_000 + "<p>zebra</p>" + "</div>" * 200_000,
        "<html><body>" + "<div><ul><li>" * 60_000 + "zebra, never closed",
        "<b>" * 100_000 + "zebra",
    ],
)
def test_html_nested_past_the_limit_is_skipped_at_once(
    tmp_path: Path, new_store: SqliteStore, html: str
) -> None:
    root = tmp_path / "docs"
    write(root, "deep.html", html)
    write(root, "fine.md", "A page about zebras.\n")
    started = time.monotonic()
    report = index_path(new_store, root)
    assert time.monotonic() - started < 10  # parsing it took minutes
    assert report.added == ["fine.md"]
    assert any("deep.html" in s and "nested deeper than" in s for s in report.skipped)


def test_ordinary_html_is_far_under_the_limit() -> None:
    page = (
        "<html><head><meta charset=utf-8><title>T</title></head><body>"
        + "<div><p>para<p>another<ul><li>a<li>b</ul><br><img src=x></div>" * 5_000
        + "<table>"
        + "<tr><td>cell<td>cell" * 2_000
        + "</table></body></html>"
    )
    assert not html_depth_over(page.encode(), 64)
    nested = "<div>" * (MAX_HTML_DEPTH + 1)
    assert html_depth_over(nested.encode()) and not html_depth_over(nested[5:].encode())


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_skipped_not_waited_on(tmp_path: Path, new_store: SqliteStore) -> None:
    root = tmp_path / "docs"
    write(root, "fine.md", "A page about zebras.\n")
    os.mkfifo(root / "pipe.md")
    report = index_path(new_store, root)  # opening the pipe blocked here forever
    assert report.added == ["fine.md"]
    assert any("pipe.md" in s and "not a regular file" in s for s in report.skipped)
