"""A fetched collection document carries whom its access declares it for, as far as the reader
is one of them (`Document.granted_groups`, `acl.reader_groups`): the reader's own departments
or roles the document is granted to, never the other groups it is granted to, nothing for a
public or private document. The answerer reads it as "written for this reader's team"
(neighbours.declared_for_asker); the access decision itself is unchanged."""

from __future__ import annotations

from pathlib import Path

from store_helpers import write

from wikiqa.store.acl import reader_groups
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Principal

CORPUS = {
    "hub.md": "---\naccess_scope: department\nallowed_departments: [warehouse, retail]\n---\n"
    "# Hub Handbook\n\nBreaks are paid.\n",
    "managers.md": "---\naccess_scope: role\nallowed_roles: [manager, hr_partner]\n---\n"
    "# Absence Triggers\n\nMeet after 3 absences.\n",
    "leave.md": "---\naccess_scope: public\n---\n# Annual Leave\n\nBook leave 2 weeks ahead.\n",
    "mine.md": "---\naccess_scope: private\nowner_user_id: u1\n---\n# My Agreement\n\nFridays off.\n",
}
SORTER = Principal(user_id="u1", roles=["staff"], departments=["warehouse"])
MANAGER = Principal(user_id="u2", roles=["staff", "manager"], departments=["retail", "cafes"])


def _store(tmp_path: Path) -> SqliteStore:
    for name, text in CORPUS.items():
        write(tmp_path / "d", name, text)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, tmp_path / "d")
    return store


def test_the_reader_s_own_granted_groups_and_no_one_else_s(tmp_path: Path) -> None:
    store = _store(tmp_path)
    try:
        hub = store.get_document("hub.md", SORTER)
        assert hub is not None and hub.granted_groups == {"department:warehouse"}
        # the other department it is granted to is never named to this reader
        assert store.get_document("hub.md", MANAGER).granted_groups == {"department:retail"}  # type: ignore[union-attr]
        assert store.get_document("managers.md", MANAGER).granted_groups == {"role:manager"}  # type: ignore[union-attr]
        assert store.get_document("leave.md", SORTER).granted_groups == frozenset()  # type: ignore[union-attr]
        assert store.get_document("mine.md", SORTER).granted_groups == frozenset()  # type: ignore[union-attr]
        # access itself is unchanged: what a reader may not read is still not served
        assert store.get_document("managers.md", SORTER) is None
        assert store.get_document("hub.md", Principal(departments=["cafes"])) is None
        # not serialised: the document's JSON says nothing of its readers
        assert "warehouse" not in hub.model_dump_json()
    finally:
        store.close()


def test_reader_groups_names_only_the_reader_s_own() -> None:
    grants = [("department", "warehouse"), ("department", "retail"), ("role", "manager")]
    assert reader_groups("department", grants, SORTER) == {"department:warehouse"}
    assert reader_groups("department", grants, Principal(departments=["cafes"])) == frozenset()
    assert reader_groups("role", grants, MANAGER) == {"role:manager"}
    assert reader_groups("public", grants, SORTER) == frozenset()
    assert reader_groups(None, grants, None) == frozenset()
