"""Property: whatever the documents' access metadata, the reader and the query, no search
mode, index (in-memory BM25 or FTS5; exact or usearch vectors) and no fetch ever returns text
the reference rule (`can_read`) forbids; lexical search finds every readable matching
document; and the in-memory access mask allows exactly what the SQL clause allows."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import FakeEmbedder, write
from test_lexical_memory import access_table_agrees_with_sql

from wikiqa.store.acl import can_read
from wikiqa.store.indexer import index_path
from wikiqa.store.ingest import load_file
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Access, AccessScope, Principal

VOCAB = ["alpha", "bravo", "delta", "echo", "golf", "hotel", "kilo", "lima"]
DEPTS = ["eng", "hr", "sales"]
ROLES = ["admin", "manager", "auditor"]
USERS = ["u1", "u2", "u3"]

names_or_list = lambda pool: st.one_of(  # noqa: E731
    st.lists(st.sampled_from(pool), max_size=2), st.sampled_from(pool), st.none()
)
access_meta = st.fixed_dictionaries(
    {},
    optional={
        "access_scope": st.sampled_from(["public", "department", "role", "private", "bogus"]),
        "allowed_departments": names_or_list(DEPTS),
        "allowed_roles": names_or_list(ROLES),
        "owner_user_id": st.sampled_from([*USERS, ""]),
    },
)
document = st.tuples(
    access_meta, st.lists(st.sampled_from(VOCAB), min_size=1, max_size=5), st.booleans()
)
principal = st.one_of(
    st.none(),
    st.builds(
        Principal,
        user_id=st.one_of(st.none(), st.sampled_from(USERS)),
        roles=st.lists(st.sampled_from(ROLES), max_size=3),
        departments=st.lists(st.sampled_from(DEPTS), max_size=2),
    ),
)


def _norm(a: Access) -> Access:
    return a.model_copy(
        update={"allowed_departments": sorted(a.allowed_departments),
                "allowed_roles": sorted(a.allowed_roles)}
    )  # fmt: skip


def render(meta: dict[str, Any], words: list[str], malformed: bool) -> str:
    if malformed:
        return "---\naccess_scope: [public\n---\n" + " ".join(words) + "\n"
    front = f"---\n{yaml.safe_dump(meta)}---\n" if meta else ""
    return front + " ".join(words) + "\n"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    docs=st.lists(document, min_size=1, max_size=8),
    readers=st.lists(principal, min_size=1, max_size=4),
    queries=st.lists(st.lists(st.sampled_from(VOCAB), min_size=1, max_size=3), max_size=3),
    default_public=st.booleans(),
)
def test_no_search_mode_or_fetch_leaks(
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
            if malformed:
                assert doc.access.access_scope is None and doc.warnings
        emb = FakeEmbedder()
        store = SqliteStore.create(Path(tmp) / "c.sqlite", embedder=emb)
        try:
            index_path(store, root, default_scope=default, embedder=emb)
            for doc_id, access in expected.items():
                stored = store.access_of(doc_id)  # what the SQL filters on
                assert stored is not None and _norm(stored) == _norm(access)
            for reader in readers:
                access_table_agrees_with_sql(store._conn, reader)
                readable = {d for d, a in expected.items() if can_read(a, reader)}
                for doc_id in expected:
                    got = store.get_document(doc_id, reader)
                    assert (got is not None) == (doc_id in readable)
                for q in [*queries, VOCAB[:2]]:
                    text = " ".join(q)
                    for index in ("exact", "usearch"):
                        store.vector_index = index  # type: ignore[assignment]
                        for mode in ("lexical", "dense", "hybrid"):
                            hits = store.search(text, 50, reader, mode)  # type: ignore[arg-type]
                            assert {h.doc_id for h in hits} <= readable, (mode, index)
                        dense = store.search(text, 50, reader, "dense")
                        assert len(dense) == len(readable)  # one chunk each, none lost
                    matching = {d for d in readable if words_of[d] & set(q)}
                    for limit in (10**6, 0):  # in-memory BM25, then FTS5 itself
                        store.lexical_memory_max_chunks = limit
                        lexical = {h.doc_id for h in store.search(text, 50, reader, "lexical")}
                        assert lexical == matching, limit
                        hybrid = {h.doc_id for h in store.search(text, 50, reader, "hybrid")}
                        assert hybrid <= readable, limit
        finally:
            store.close()


def test_admin_role_grants_nothing_by_itself(tmp_path: Path) -> None:
    write(tmp_path / "d", "hr.md", "---\naccess_scope: role\nallowed_roles: [hr]\n---\nsalary\n")
    write(tmp_path / "d", "mine.md", "---\naccess_scope: private\nowner_user_id: u1\n---\nsalary\n")
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, tmp_path / "d")
    admin = Principal(user_id="root", roles=["admin"], departments=["hr"])
    assert store.search("salary", 5, admin, "lexical") == []
    assert store.get_document("hr.md", admin) is None
    assert [h.doc_id for h in store.search("salary", 5, Principal(roles=["hr"]), "lexical")] == [
        "hr.md"
    ]
    assert store.get_document("mine.md", Principal(user_id="u1")) is not None
