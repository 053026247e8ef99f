"""Readiness: can every source this server is configured to serve be opened right now?

`/healthz` is liveness (the process answers); `/readyz` is readiness (503 while a served
collection is missing or damaged), so an orchestrator stops routing to a server that can
only fail. The response names the configured spec and a short reason, never a host path;
the full message (with the file and what to do) goes to the server log.
"""

from __future__ import annotations

import logging
from pathlib import Path

from wikiqa.errors import CollectionCorrupt, CollectionNotFound, ConfigError, SourceUnavailable
from wikiqa.settings import Settings

log = logging.getLogger(__name__)


def served_specs(settings: Settings) -> list[str]:
    return list(dict.fromkeys([settings.source, *settings.api_sources]))


def check_spec(spec: str, settings: Settings) -> str | None:
    """None if `spec` can be served, else a short reason ("damaged", "missing", ...)."""
    from wikiqa.store.collections import collection_path, folder_collection_name
    from wikiqa.store.sqlite import SqliteStore

    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    try:
        if kind == "collection" and settings.store_url:  # a PostgreSQL collection
            from wikiqa.store.collections import open_collection

            open_collection(settings, arg).close()
            return None
        if kind == "collection":
            path = collection_path(settings, arg)
        elif kind == "docs":
            folder = Path(arg or ".").expanduser()
            if not folder.exists():
                return "folder missing"
            path = collection_path(settings, folder_collection_name(folder))
            if not path.exists():
                return None  # indexed on first use
        elif kind == "zim":
            return None if Path(arg).expanduser().is_file() else "file missing"
        else:
            return None  # remote sources: reachability is not readiness
        SqliteStore.open(path).close()
    except CollectionNotFound as exc:
        log.warning("not ready: %s: %s", spec, exc)
        return "collection missing"
    except CollectionCorrupt as exc:
        log.error("not ready: %s: %s", spec, exc)
        return "collection damaged"
    except SourceUnavailable as exc:  # the PostgreSQL server cannot be reached
        log.error("not ready: %s: %s", spec, exc)
        return "store unavailable"
    except ConfigError as exc:
        log.warning("not ready: %s: %s", spec, exc)
        return "invalid source"
    return None


def readiness(settings: Settings) -> dict[str, str]:
    """{spec: reason} for every served source that cannot be opened; empty when ready."""
    problems = {}
    for spec in served_specs(settings):
        why = check_spec(spec, settings)
        if why is not None:
            problems[spec] = why
    return problems
