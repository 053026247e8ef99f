"""An indexed HTML page is re-derived when the HTML layout changes (its hash covers it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wikiqa.store.ingest import load_file
from wikiqa.text import html


def test_the_html_layout_version_is_part_of_the_content_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = tmp_path / "page.html"
    page.write_text("<dl><dt>Chief Nurse</dt><dd>Olusegun Adeyemi</dd></dl>", encoding="utf-8")
    note = tmp_path / "note.md"
    note.write_text("Chief Nurse: Olusegun Adeyemi\n", encoding="utf-8")
    before = load_file(page, tmp_path)
    assert before.text == "Chief Nurse: Olusegun Adeyemi"
    note_before = load_file(note, tmp_path).content_hash
    monkeypatch.setattr(html, "LAYOUT_VERSION", html.LAYOUT_VERSION + 1)
    assert load_file(page, tmp_path).content_hash != before.content_hash
    assert load_file(note, tmp_path).content_hash == note_before  # other formats unaffected
