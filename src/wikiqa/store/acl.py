"""Access rules for local documents. Fail closed: anything unclear is denied.

- public: readable by everyone;
- department: the reader shares at least one of `allowed_departments`;
- role: the reader shares at least one of `allowed_roles` (a role named `admin` is just a
  role: it grants nothing by itself);
- private: only the reader whose user_id equals `owner_user_id`;
- a missing or unknown scope, or a scope whose list/owner is missing, is denied to all.

`can_read` is the reference statement of the rules (tests check the store's SQL against it);
`sql_filter` is the same rule as a WHERE clause, so the store filters *inside* its query,
before ranking, and a forbidden chunk never leaves the store; `AccessTable` is the same rule
again as array operations over every document, for the in-memory indexes (a boolean row mask
applied before ranking). Empty names never match, as in `sql_filter`.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import numpy as np

from wikiqa.types import Access, AccessScope, Principal

ANONYMOUS = Principal()


def reader_key(principal: Principal | None) -> tuple[str | None, tuple[str, ...], tuple[str, ...]]:
    """What the rules read of a reader, as a key: readers with equal keys may read the same
    documents, so a mask computed for one serves the other (and no other reader)."""
    p = principal or ANONYMOUS
    return (p.user_id, tuple(sorted(p.roles)), tuple(sorted(p.departments)))


def reader_groups(
    scope: str | None, grants: list[tuple[str, str]], principal: Principal | None
) -> frozenset[str]:
    """The reader's own departments or roles that a document of `scope` is granted to by
    `grants` ((kind, value) pairs), as "department:repairs" / "role:manager": whom the
    document is declared for, as far as this reader is one of them. Only the reader's own
    groups are ever named (a document granted to repairs and finance is "department:repairs"
    for a repairs reader), so nothing about the document's other readers leaves the store;
    empty for a public or private document, or one this reader is not granted."""
    p = principal or ANONYMOUS
    mine = {"department": set(p.departments), "role": set(p.roles)}.get(scope or "")
    if not mine:
        return frozenset()
    return frozenset(f"{kind}:{v}" for kind, v in grants if kind == scope and v and v in mine)


def can_read(access: Access | None, principal: Principal | None) -> bool:
    """The reference rule: may `principal` read a document with `access`?"""
    if access is None or access.access_scope is None:
        return False
    p = principal or ANONYMOUS
    scope = access.access_scope
    if scope is AccessScope.public:
        return True
    if scope is AccessScope.department:
        return bool(set(access.allowed_departments) & set(p.departments))
    if scope is AccessScope.role:
        return bool(set(access.allowed_roles) & set(p.roles))
    if scope is AccessScope.private:
        return access.owner_user_id is not None and access.owner_user_id == p.user_id
    return False


def sql_filter(
    principal: Principal | None, doc_alias: str = "d", mark: str = "?", grants: str = "doc_access"
) -> tuple[str, list[Any]]:
    """A WHERE fragment over the `documents` table (aliased) and `doc_access` grants.

    The same SQL serves SQLite (`mark="?"`) and PostgreSQL (`mark="%s"`, psycopg's
    placeholder, `grants` qualified by the collection's schema): both schemas name these
    tables and columns alike."""
    p = principal or ANONYMOUS
    clauses = [f"{doc_alias}.access_scope = 'public'"]
    params: list[Any] = []
    for kind, values in (("department", p.departments), ("role", p.roles)):
        values = sorted({v for v in values if v})
        if values:
            marks = ",".join([mark] * len(values))
            clauses.append(
                f"({doc_alias}.access_scope = '{kind}' AND EXISTS (SELECT 1 FROM {grants} a "
                f"WHERE a.doc_rowid = {doc_alias}.id AND a.kind = '{kind}' AND a.value IN ({marks})))"
            )
            params.extend(values)
    if p.user_id:
        clauses.append(
            f"({doc_alias}.access_scope = 'private' AND {doc_alias}.owner_user_id = {mark})"
        )
        params.append(p.user_id)
    return "(" + " OR ".join(clauses) + ")", params


_SCOPES = {"public": 1, "department": 2, "role": 3, "private": 4}  # anything else: 0, denied


class AccessTable:
    """Every document's access metadata as arrays, to evaluate `sql_filter` in memory."""

    def __init__(
        self,
        doc_rowids: np.ndarray,
        scopes: list[str | None],
        owners: list[str | None],
        grants: list[tuple[int, str, str]],
        doc_ids: list[str] | None = None,
    ) -> None:
        order = np.argsort(doc_rowids, kind="stable")
        self.doc_rowids = np.asarray(doc_rowids, dtype=np.int64)[order]
        # each document's doc id: the key rankings break ties on (fusion.top_k), so that the
        # order the documents were written in (their rowids) decides nothing
        ids = doc_ids if doc_ids is not None else [""] * len(order)
        self.doc_ids = np.array([ids[i] for i in order], dtype=object)
        self.scope = np.array([_SCOPES.get(scopes[i] or "", 0) for i in order], dtype=np.int8)
        self._owner_code: dict[str, int] = {}
        self.owner = np.array(
            [self._owner_code.setdefault(owners[i], len(self._owner_code)) if owners[i] else -1
             for i in order], dtype=np.int64)  # fmt: skip
        self._value_code: dict[tuple[str, str], int] = {}
        self.grant_doc = self.positions(np.array([g[0] for g in grants], dtype=np.int64))
        self.grant_value = np.array(
            [self._value_code.setdefault((k, v), len(self._value_code)) for _, k, v in grants],
            dtype=np.int64,
        )

    @classmethod
    def load(cls, conn: sqlite3.Connection) -> AccessTable:
        docs = conn.execute(
            "SELECT id, access_scope, owner_user_id, doc_id FROM documents"
        ).fetchall()
        grants = conn.execute("SELECT doc_rowid, kind, value FROM doc_access").fetchall()
        return cls(
            np.array([d[0] for d in docs], dtype=np.int64),
            [d[1] for d in docs],
            [d[2] for d in docs],
            grants,
            [d[3] for d in docs],
        )

    def with_changes(self, conn: sqlite3.Connection, touched: set[int]) -> AccessTable:
        """A new table where the documents `touched` are re-read (gone ones dropped): a write
        costs its documents plus array copies, not a scan of the documents table (whose rows
        hold the full text)."""
        marks = ",".join("?" * len(touched))
        ids = sorted(touched)
        docs = conn.execute(
            f"SELECT id, access_scope, owner_user_id, doc_id FROM documents WHERE id IN ({marks})",
            ids,
        ).fetchall()
        grants = conn.execute(
            f"SELECT doc_rowid, kind, value FROM doc_access WHERE doc_rowid IN ({marks})", ids
        ).fetchall()
        keep = ~np.isin(self.doc_rowids, ids)
        new = AccessTable.__new__(AccessTable)
        new._owner_code = dict(self._owner_code)
        new._value_code = dict(self._value_code)
        rowids = np.concatenate(
            [self.doc_rowids[keep], np.array([d[0] for d in docs], dtype=np.int64)]
        )
        scope = np.concatenate(
            [self.scope[keep], np.array([_SCOPES.get(d[1] or "", 0) for d in docs], dtype=np.int8)]
        )
        owner = np.concatenate([self.owner[keep], np.array(
            [new._owner_code.setdefault(d[2], len(new._owner_code)) if d[2] else -1 for d in docs],
            dtype=np.int64)])  # fmt: skip
        doc_ids = np.concatenate([self.doc_ids[keep], np.array([d[3] for d in docs], dtype=object)])
        order = np.argsort(rowids, kind="stable")
        new.doc_rowids, new.scope, new.owner = rowids[order], scope[order], owner[order]
        new.doc_ids = doc_ids[order]
        n_old = len(self.doc_rowids)
        old_grant_rowids = self.doc_rowids[np.minimum(self.grant_doc, max(n_old - 1, 0))]
        kept = (self.grant_doc < n_old) & ~np.isin(old_grant_rowids, ids)
        grant_rowids = np.concatenate(
            [old_grant_rowids[kept], np.array([g[0] for g in grants], dtype=np.int64)]
        )
        new.grant_doc = new.positions(grant_rowids)
        new.grant_value = np.concatenate([self.grant_value[kept], np.array(
            [new._value_code.setdefault((k, v), len(new._value_code)) for _, k, v in grants],
            dtype=np.int64)])  # fmt: skip
        return new

    def positions(self, doc_rowids: np.ndarray) -> np.ndarray:
        """Index of each rowid in this table; a rowid not in it maps to the always-False slot
        at the end of `doc_mask` (fail closed: e.g. a chunk written after this table)."""
        n = len(self.doc_rowids)
        pos = np.searchsorted(self.doc_rowids, doc_rowids)
        clipped = np.minimum(pos, max(n - 1, 0))
        found = (pos < n) & (self.doc_rowids[clipped] == doc_rowids) if n else pos < 0
        return np.where(found, pos, n)

    def doc_keys(self, positions: np.ndarray) -> np.ndarray:
        """The doc id of each slot in `positions` (as `positions` gives them; the unknown
        slot's is "")."""
        return np.append(self.doc_ids, np.array([""], dtype=object))[positions]

    def doc_mask(self, principal: Principal | None) -> np.ndarray:
        """(n documents + 1,) bool: may `principal` read each document? Last slot: False."""
        p = principal or ANONYMOUS
        ok = self.scope == 1
        for code, kind, values in ((2, "department", p.departments), (3, "role", p.roles)):
            wanted = [c for v in values if v and (c := self._value_code.get((kind, v))) is not None]
            if wanted:
                granted = np.zeros(len(ok) + 1, dtype=bool)  # + the unknown-document slot
                granted[self.grant_doc[np.isin(self.grant_value, wanted)]] = True
                ok |= (self.scope == code) & granted[:-1]
        if p.user_id and (owner := self._owner_code.get(p.user_id)) is not None:
            ok |= (self.scope == 4) & (self.owner == owner)
        return np.append(ok, False)
