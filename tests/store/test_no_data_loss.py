"""Indexing loses nothing (issue 7, items 7-9): a file or subfolder indexed into an existing
collection leaves the rest alone; what cannot be read now is kept; a missing or empty root
deletes nothing unless pruned; nested HTML sections are chunked once, offsets exact."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from store_helpers import write

import wikiqa
from wikiqa.errors import NothingToIndex
from wikiqa.store.indexer import index_path
from wikiqa.store.ingest import chunk_text, markdown_sections
from wikiqa.store.sqlite import SqliteStore
from wikiqa.text.html import html_to_text


def _ids(store: SqliteStore) -> set[str]:
    return {r[0] for r in store._conn.execute("SELECT doc_id FROM documents")}


def _handbook(tmp_path: Path) -> Path:
    root = tmp_path / "handbook"
    write(root, "a.md", "Alpha page.\n")
    write(root, "b.md", "Bravo page.\n")
    write(root, "team/c.md", "Charlie page.\n")
    write(root, "team/d.md", "Delta page.\n")
    return root


def test_indexing_one_new_file_keeps_the_others(tmp_path: Path, new_store: SqliteStore) -> None:
    """Item 7: `wikiqa index ~/handbook/new.md --collection handbook` deleted every other."""
    root = _handbook(tmp_path)
    index_path(new_store, root)
    write(root, "new.md", "November page.\n")
    report = index_path(new_store, root / "new.md")
    assert report.added == ["new.md"] and report.deleted == []
    assert _ids(new_store) == {"a.md", "b.md", "team/c.md", "team/d.md", "new.md"}
    # The same for a subfolder: ids stay relative to the collection's root, no duplicates.
    write(root, "team/e.md", "Echo page.\n")
    (root / "team" / "d.md").unlink()
    report = index_path(new_store, root / "team")
    assert report.added == ["team/e.md"] and report.deleted == ["team/d.md"]
    assert report.unchanged == 1
    assert _ids(new_store) == {"a.md", "b.md", "team/c.md", "team/e.md", "new.md"}
    # Re-indexing an unchanged single file touches nothing.
    assert index_path(new_store, root / "a.md").touched == 0


def test_an_unrelated_folder_does_not_overwrite_a_same_named_document(
    tmp_path: Path, new_store: SqliteStore
) -> None:
    index_path(new_store, _handbook(tmp_path))
    other = tmp_path / "other"
    write(other, "a.md", "Another alpha.\n")
    write(other, "z.md", "Zulu page.\n")
    report = index_path(new_store, other)
    assert report.added == ["z.md"]
    assert any("a.md" in s and "taken" in s for s in report.skipped)
    doc = new_store.get_document("a.md", None)
    assert doc is not None and doc.text == "Alpha page.\n"


def test_missing_or_empty_root_deletes_nothing_unless_pruned(
    tmp_path: Path, new_store: SqliteStore
) -> None:
    root = _handbook(tmp_path)
    index_path(new_store, root)
    shutil.rmtree(root / "team")
    with pytest.raises(NothingToIndex, match="--prune"):
        index_path(new_store, root / "team")
    (root / "team").mkdir()
    write(root, "team/readme.rtf", "not indexable")  # .pdf is indexable since issue 14
    with pytest.raises(NothingToIndex, match="no indexable file"):
        index_path(new_store, root / "team")
    assert len(_ids(new_store)) == 4
    report = index_path(new_store, root / "team", prune=True)
    assert sorted(report.deleted) == ["team/c.md", "team/d.md"]
    assert _ids(new_store) == {"a.md", "b.md"}
    shutil.rmtree(root)
    with pytest.raises(NothingToIndex, match="does not exist"):
        index_path(new_store, root)
    assert _ids(new_store) == {"a.md", "b.md"}
    assert index_path(new_store, root, prune=True).deleted == ["a.md", "b.md"]


CHILD = """
import sys
from pathlib import Path
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
store = SqliteStore.open(Path(sys.argv[1]))
r = index_path(store, Path(sys.argv[2]))
print("deleted", sorted(r.deleted))
print("kept", sorted(getattr(r, "kept", [])))
print("skipped", " | ".join(r.skipped))
"""


def _run_without_root_powers(db: Path, root: Path) -> str:
    """Run an index in a child that file permissions apply to (root drops its overrides)."""
    cmd = [sys.executable, "-c", CHILD, str(db), str(root)]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: permissions cannot be enforced")
        caps = "-dac_override,-dac_read_search"
        cmd = [setpriv, f"--inh-caps={caps}", f"--bounding-set={caps}", *cmd]
    env = {**os.environ, "PYTHONPATH": str(Path(wikiqa.__file__).parents[1])}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_unreadable_folder_or_file_keeps_its_documents(tmp_path: Path) -> None:
    """Item 8: a subfolder that became unreadable made its documents 'deleted', silently."""
    root = _handbook(tmp_path)
    db = tmp_path / "c.sqlite"
    store = SqliteStore.create(db)
    index_path(store, root)
    store.close()
    (root / "team").chmod(0)
    (root / "b.md").chmod(0)
    (root / "a.md").unlink()  # really gone: still deleted
    try:
        out = _run_without_root_powers(db, root)
    finally:
        (root / "team").chmod(0o755)
        (root / "b.md").chmod(0o644)
    store = SqliteStore.open(db)
    assert _ids(store) == {"b.md", "team/c.md", "team/d.md"}
    store.close()
    assert "deleted ['a.md']" in out
    assert "kept ['b.md', 'team/c.md', 'team/d.md']" in out
    assert "team" in out and "unreadable" in out


NESTED = """<html><body>
<h1>Guide</h1><p>Intro paragraph of the guide.</p>
<h2>Setup</h2><p>Setup text unique-setup.</p>
<h3>Linux</h3><p>Linux text unique-linux.</p>
<h2>Usage</h2><p>Usage text unique-usage.</p>
</body></html>"""


def test_nested_html_sections_are_indexed_once(tmp_path: Path, new_store: SqliteStore) -> None:
    """Item 9: a subsection's text was indexed in its parent's chunk and its own."""
    parsed = html_to_text(NESTED)
    assert any(s.end > t.start and s.start < t.start for s in parsed.sections
               for t in parsed.sections if s is not t)  # fmt: skip  # they do nest
    chunks = chunk_text(parsed.text, list(parsed.sections))
    covered: list[int] = []
    for c in chunks:
        assert parsed.text[c.start : c.end] == c.text  # offsets stay exact
        covered.extend(range(c.start, c.end))
    assert len(covered) == len(set(covered))  # no character in two chunks
    for word in ("unique-setup", "unique-linux", "unique-usage", "Intro paragraph"):
        assert sum(word in c.text for c in chunks) == 1, word
    heading_of = {w: c.heading for c in chunks for w in ("unique-setup", "unique-linux") if w in c.text}  # fmt: skip
    assert heading_of == {"unique-setup": "Setup", "unique-linux": "Linux"}
    write(tmp_path / "d", "guide.html", NESTED)
    index_path(new_store, tmp_path / "d")
    rows = new_store._conn.execute("SELECT text FROM chunks").fetchall()
    assert sum("unique-linux" in r[0] for r in rows) == 1


def test_flat_markdown_chunks_unchanged(tmp_path: Path) -> None:
    text = "Preface.\n\n# One\n\nFirst.\n\n## Two\n\nSecond.\n\n# Three\n\nThird.\n"
    chunks = chunk_text(text, markdown_sections(text))
    assert [(c.heading, c.text) for c in chunks] == [
        ("", "Preface."),
        ("One", "# One\n\nFirst."),
        ("Two", "## Two\n\nSecond."),
        ("Three", "# Three\n\nThird."),
    ]
