from pathlib import Path

import pytest

from wikiqa.errors import CollectionNotFound, ConfigError, SourceUnavailable
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source


def test_wikipedia_specs_name_their_language() -> None:
    settings = Settings()
    assert open_source("wikipedia", settings).name == "wikipedia"
    assert open_source("wikipedia:fr", settings).name == "wikipedia:fr"


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        ("gopher:x", ConfigError, "valid sources: wikipedia"),
        ("zim:", ConfigError, "zim:PATH"),
        ("collection:", ConfigError, "collection:NAME"),
        ("collection:nope", CollectionNotFound, "wikiqa index PATH --collection nope"),
        ("docs:/no/such/folder", ConfigError, "does not exist"),
        ("zim:/no/such/file.zim", SourceUnavailable, "/no/such/file.zim"),
    ],
)
def test_bad_specs_fail_clearly(spec: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(")):
        open_source(spec, Settings())


def test_docs_spec_indexes_incrementally(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.md").write_text("# A\n\nAlpha text about otters.\n")
    src = open_source(f"docs:{folder}", Settings())
    assert src.name == "docs:notes"
    (folder / "b.md").write_text("# B\n\nBeta text about herons.\n")
    again = open_source(f"docs:{folder}", Settings())
    assert again.store.stats()["documents"] == 2  # type: ignore[attr-defined]
