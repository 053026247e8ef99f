"""The ACL property test of tests/store/test_acl_property.py, against PostgreSQL: whatever
the access metadata, reader and query, no search mode and no fetch returns text the
reference rule (`can_read`) forbids; lexical search finds every readable matching document;
dense search loses no readable document to the filtered HNSW scan; and the stored access is
the parsed access."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from store_helpers import FakeEmbedder, write
from test_acl_property import VOCAB, _norm, document, principal, render

from wikiqa.store.acl import can_read
from wikiqa.store.indexer import index_path
from wikiqa.store.ingest import load_file
from wikiqa.store.postgres import PostgresStore
from wikiqa.types import Access, AccessScope, Principal


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    docs=st.lists(document, min_size=1, max_size=8),
    readers=st.lists(principal, min_size=1, max_size=4),
    queries=st.lists(st.lists(st.sampled_from(VOCAB), min_size=1, max_size=3), max_size=3),
    default_public=st.booleans(),
)
@example(  # every scope, and readers who almost qualify (random draws rarely build these)
    docs=[
        ({"access_scope": "private", "owner_user_id": "u1"}, ["alpha"], False),
        ({"access_scope": "department", "allowed_departments": ["eng"]}, ["alpha"], False),
        ({"access_scope": "role", "allowed_roles": ["auditor"]}, ["alpha", "bravo"], False),
        ({}, ["alpha"], False),
    ],
    readers=[Principal(user_id="u2", roles=["admin"], departments=["hr"]),
             Principal(user_id="u1"), Principal(roles=["auditor"]), None],
    queries=[["alpha"]],
    default_public=True,
)  # fmt: skip
def test_no_search_mode_or_fetch_leaks_postgres(
    pg_collection: Callable[..., PostgresStore],
    docs: list[tuple[dict[str, Any], list[str], bool]],
    readers: list[Principal | None],
    queries: list[list[str]],
    default_public: bool,
) -> None:
    default = AccessScope.public if default_public else None
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "docs"
        words_of: dict[str, set[str]] = {}
        expected: dict[str, Access] = {}
        for i, (meta, words, malformed) in enumerate(docs):
            path = write(root, f"d{i}.md", render(meta, words, malformed))
            doc = load_file(path, root, default_scope=default)
            expected[doc.doc_id] = doc.access
            words_of[doc.doc_id] = set(words)
        emb = FakeEmbedder()
        store = pg_collection(embedder=emb)
        index_path(store, root, default_scope=default, embedder=emb)
        for doc_id, access in expected.items():
            stored = store.access_of(doc_id)  # what the SQL filters on
            assert stored is not None and _norm(stored) == _norm(access)
        for reader in readers:
            readable = {d for d, a in expected.items() if can_read(a, reader)}
            for doc_id in expected:
                got = store.get_document(doc_id, reader)
                assert (got is not None) == (doc_id in readable)
            for q in [*queries, VOCAB[:2]]:
                text = " ".join(q)
                for mode in ("lexical", "dense", "hybrid"):
                    hits = store.search(text, 50, reader, mode)  # type: ignore[arg-type]
                    assert {h.doc_id for h in hits} <= readable, mode
                dense = store.search(text, 50, reader, "dense")
                assert len(dense) == len(readable)  # one chunk each, none lost
                matching = {d for d in readable if words_of[d] & set(q)}
                lexical = {h.doc_id for h in store.search(text, 50, reader, "lexical")}
                assert lexical == matching
        store.close()  # its pool's connections; the fixture drops the schema at the end


def test_admin_role_grants_nothing_by_itself_postgres(
    tmp_path: Path, pg_collection: Callable[..., PostgresStore]
) -> None:
    write(tmp_path / "d", "hr.md", "---\naccess_scope: role\nallowed_roles: [hr]\n---\nsalary\n")
    write(tmp_path / "d", "mine.md", "---\naccess_scope: private\nowner_user_id: u1\n---\nsalary\n")
    store = pg_collection()
    index_path(store, tmp_path / "d")
    admin = Principal(user_id="root", roles=["admin"], departments=["hr"])
    assert store.search("salary", 5, admin, "lexical") == []
    assert store.get_document("hr.md", admin) is None
    hits = store.search("salary", 5, Principal(roles=["hr"]), "lexical")
    assert [h.doc_id for h in hits] == ["hr.md"]
    assert store.get_document("mine.md", Principal(user_id="u1")) is not None
