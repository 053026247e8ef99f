"""Turn a `--source` spec into a Source.

Specs: `wikipedia` (default), `wikipedia:LANG`, `zim:PATH`, `docs:PATH` (a folder indexed
on demand, incrementally), `collection:NAME` (made with `wikiqa index`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from wikiqa.errors import ConfigError
from wikiqa.settings import Settings
from wikiqa.sources.base import Source

SPEC_HELP = "wikipedia, wikipedia:LANG, zim:PATH, docs:PATH, collection:NAME"
ProgressFn = Callable[[int, int, str], None]


def open_source(spec: str, settings: Settings, progress: ProgressFn | None = None) -> Source:
    """Build the Source named by `spec`, or raise ConfigError naming the valid ones."""
    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    if kind == "wikipedia":
        from wikiqa.sources.mediawiki import MediaWikiSource

        return MediaWikiSource.from_settings(settings, lang=arg or None)
    if kind == "zim":
        if not arg:
            raise ConfigError("zim source needs a file: --source zim:PATH/TO/FILE.zim")
        from wikiqa.sources.zim import ZimSource

        return ZimSource(Path(arg).expanduser())
    if kind == "docs":
        return _docs_source(Path(arg or ".").expanduser(), settings, progress)
    if kind == "collection":
        if not arg:
            raise ConfigError("collection source needs a name: --source collection:NAME")
        from wikiqa.sources.collection import CollectionSource
        from wikiqa.store.collections import open_collection

        store = open_collection(settings, arg)
        try:
            return CollectionSource.from_settings(store, f"collection:{arg}", settings)
        except Exception as exc:  # damaged beyond what opening it checks, or a lost server
            store.close()
            if (error := store.storage_error(exc)) is not None:
                raise error from None
            raise
    raise ConfigError(f"unknown source {spec!r}; valid sources: {SPEC_HELP}")


def _docs_source(folder: Path, settings: Settings, progress: ProgressFn | None) -> Source:
    from wikiqa.sources.collection import CollectionSource
    from wikiqa.store.collections import folder_collection_name, open_or_create
    from wikiqa.store.embed import embedder_from_settings
    from wikiqa.store.indexer import index_path

    if not folder.exists():
        raise ConfigError(f"docs source: {folder} does not exist")
    embedder = embedder_from_settings(settings) if settings.retrieval_mode != "lexical" else None
    if embedder is not None and progress is not None:
        embedder.progress = lambda done, total: progress(done, total, "embedding chunks")
    store = open_or_create(settings, folder_collection_name(folder))
    try:
        index_path(
            store, folder, embedder=embedder, progress=progress, limits=settings.format_limits()
        )
    except Exception as exc:
        store.close()
        if (error := store.storage_error(exc)) is not None:
            raise error from None
        raise
    except BaseException:
        store.close()
        raise
    name = f"docs:{folder.name or folder.resolve().name}"
    return CollectionSource.from_settings(store, name, settings)
