"""Access rules for local documents. Fail closed: anything unclear is denied.

- public: readable by everyone;
- department: the reader shares at least one of `allowed_departments`;
- role: the reader shares at least one of `allowed_roles` (a role named `admin` is just a
  role: it grants nothing by itself);
- private: only the reader whose user_id equals `owner_user_id`;
- a missing or unknown scope, or a scope whose list/owner is missing, is denied to all.

`can_read` is the reference statement of the rules (tests check the store's SQL against it);
`sql_filter` is the same rule as a WHERE clause, so the store filters *inside* its query,
before ranking, and a forbidden chunk never leaves the store.
"""

from __future__ import annotations

from typing import Any

from wikiqa.types import Access, AccessScope, Principal

ANONYMOUS = Principal()


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


def sql_filter(principal: Principal | None, doc_alias: str = "d") -> tuple[str, list[Any]]:
    """A WHERE fragment over the `documents` table (aliased) and `doc_access` grants."""
    p = principal or ANONYMOUS
    clauses = [f"{doc_alias}.access_scope = 'public'"]
    params: list[Any] = []
    for kind, values in (("department", p.departments), ("role", p.roles)):
        values = sorted({v for v in values if v})
        if values:
            marks = ",".join("?" * len(values))
            clauses.append(
                f"({doc_alias}.access_scope = '{kind}' AND EXISTS (SELECT 1 FROM doc_access a "
                f"WHERE a.doc_rowid = {doc_alias}.id AND a.kind = '{kind}' AND a.value IN ({marks})))"
            )
            params.extend(values)
    if p.user_id:
        clauses.append(f"({doc_alias}.access_scope = 'private' AND {doc_alias}.owner_user_id = ?)")
        params.append(p.user_id)
    return "(" + " OR ".join(clauses) + ")", params
