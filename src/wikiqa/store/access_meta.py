"""Strict reading of access metadata: exact or denied.

Access metadata comes from Markdown front matter and from `wikiqa-access.yaml` manifests.
A mistake in it must never make a document readable by more people than intended, so the
parse is strict and anything that merely *looks* like access metadata without parsing
exactly denies the document to everyone, with a warning naming the file:

- `access_scope` must be one of public, department, role, private (exact, lowercase);
- `allowed_departments` / `allowed_roles` are a non-empty string or a list of them
  (`[null]`, numbers, booleans and nested lists are refused, not stringified);
- `owner_user_id` is a non-empty string; fields that do not belong to the scope are refused;
- a key that resembles an access key but is not one (`access-scope`, `visibility`,
  `allowed_users`, ...) is refused;
- in the text itself: front matter that is unclosed, preceded by blank lines, or in a file
  that is not Markdown, and any line that starts with an access key, are refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from wikiqa.types import Access, AccessScope

ACCESS_KEYS = ("access_scope", "allowed_departments", "allowed_roles", "owner_user_id")
DENIED = Access(access_scope=None)

# Words (of a key split at separators and camelCase) that signal an attempt at access
# metadata; a key containing one that is not exactly an ACCESS_KEY denies the document.
_ACCESS_WORDS = frozenset(
    [
        "access",
        "allow",
        "allowed",
        "owner",
        "owners",
        "scope",
        "role",
        "roles",
        "department",
        "departments",
        "dept",
        "depts",
        "permission",
        "permissions",
        "perms",
        "visibility",
        "visible",
        "acl",
        "acls",
        "private",
        "restricted",
        "restrict",
        "confidential",
        "confidentiality",
        "audience",
        "readers",
        "classification",
        "sensitivity",
        "security",
        "group",
        "groups",
    ]
)
_COMPACT_KEYS = tuple(k.replace("_", "") for k in ACCESS_KEYS)
_FENCE = re.compile(r"^[ \t]*(?:---|\+\+\+)[ \t]*$")
_KEY_LINE = re.compile(r"^[ \t]*[\"']?[A-Za-z_][\w .-]*[\"']?[ \t]*[:=]")
_ACCESS_LINE = re.compile(
    r"^[ \t>*-]*[\"']?(?:access_?scope|allowed_?(?:departments?|roles?)|owner_?user_?id)"
    r"[\"']?[ \t]*[:=]",
    re.IGNORECASE | re.MULTILINE,
)
_HTML_META = re.compile(
    r"<meta\b[^>]*\b(?:name|property|http-equiv)\s*=\s*[\"']?[^\"'>\s]*"
    r"(?:access|allowed|owner|audience|visibility)",
    re.IGNORECASE,
)
_HEAD_LINES = 40  # how far into a document a stray front matter block is looked for


@dataclass
class AccessResult:
    """The effective access of one document and why (warnings name the file)."""

    access: Access
    warnings: list[str] = field(default_factory=list)

    @property
    def denied(self) -> bool:
        return self.access.access_scope is None


def _key_words(key: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", key)
    return re.findall(r"[a-z0-9]+", spaced.lower())


def access_like_keys(meta: dict[str, Any]) -> list[str]:
    """Keys that resemble access keys but are not exactly one of ACCESS_KEYS."""
    out = []
    for key in meta:
        if key in ACCESS_KEYS:
            continue
        words = _key_words(str(key))
        compact = "".join(words)
        if any(w in _ACCESS_WORDS for w in words) or any(c in compact for c in _COMPACT_KEYS):
            out.append(str(key))
    return out


def has_access_keys(meta: dict[str, Any]) -> bool:
    return any(k in meta for k in ACCESS_KEYS) or bool(access_like_keys(meta))


def _names(value: Any, key: str) -> list[str]:
    """A non-empty string or a list of non-empty strings; anything else is refused."""
    if value is None:
        raise ValueError(f"{key} is empty")
    items = value if isinstance(value, list) else [value]
    for item in items:
        if not isinstance(item, str) or not item.strip():
            raise ValueError(
                f"{key} holds {item!r}, not a name "
                "(quote names that YAML reads as numbers, booleans or null)"
            )
    return [str(x).strip() for x in items]


_NEEDS = {
    AccessScope.public: set(),
    AccessScope.department: {"allowed_departments"},
    AccessScope.role: {"allowed_roles"},
    AccessScope.private: {"owner_user_id"},
}


def parse_access(
    meta: dict[str, Any], where: str, default_scope: AccessScope | None
) -> AccessResult:
    """Effective access from `meta` (front matter and manifest entry, already combined).

    No access keys at all: `default_scope`. Otherwise the metadata must parse exactly or
    the document is denied to all, with a warning naming `where`.
    """
    strange = access_like_keys(meta)
    if strange:
        keys = ", ".join(map(repr, strange))
        return _deny(where, f"unknown access-like key(s) {keys}; use {', '.join(ACCESS_KEYS)}")
    if not any(k in meta for k in ACCESS_KEYS):
        return AccessResult(Access(access_scope=default_scope))
    try:
        scope_raw = meta.get("access_scope")
        if not isinstance(scope_raw, str) or scope_raw not in AccessScope.__members__:
            raise ValueError(
                f"access_scope is {scope_raw!r}; expected one of public, department, role, private"
            )
        scope = AccessScope(scope_raw)
        # An empty list for a field of another scope grants nothing and is not ambiguous.
        present = {k for k in ACCESS_KEYS[1:] if k in meta and meta[k] != []}
        extra = present - _NEEDS[scope]
        if extra:
            raise ValueError(f"{', '.join(sorted(extra))} does not apply to scope {scope.value}")
        depts, roles = (
            _names(meta[k], k) if k in present else []
            for k in ("allowed_departments", "allowed_roles")
        )
        owner = None
        if "owner_user_id" in present:
            raw = meta["owner_user_id"]
            if not isinstance(raw, str) or not raw.strip():
                raise ValueError(f"owner_user_id is {raw!r}, not a user id (quote numeric ids)")
            owner = raw.strip()
        missing = _NEEDS[scope] - present
        if missing:
            raise ValueError(f"scope {scope.value} needs {', '.join(sorted(missing))}")
    except ValueError as exc:
        return _deny(where, str(exc))
    return AccessResult(
        Access(access_scope=scope, allowed_departments=depts, allowed_roles=roles,
               owner_user_id=owner)
    )  # fmt: skip


def _deny(where: str, why: str) -> AccessResult:
    return AccessResult(
        DENIED, [f"{where}: invalid access metadata ({why}); denied to all readers"]
    )


def stray_metadata(text: str, *, kind: str, raw: str = "") -> str | None:
    """Why `text` (what would become answerable) carries access-like metadata, or None.

    Catches front matter that did not parse as front matter (unclosed, after blank lines,
    in a .txt or .html file), a leading `key: value` block naming an access key, an access
    key at the start of any line, and HTML <meta> tags naming access.
    """
    if kind == "html" and raw:
        why = stray_metadata(raw, kind="html-source")
        if why:
            return why
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and _FENCE.match(lines[first]):
        head = lines[first + 1 : first + 1 + _HEAD_LINES]
        if any(_KEY_LINE.match(line) for line in head):
            if kind != "markdown":
                return "front matter in a file that is not Markdown (only .md files carry it)"
            if first > 0:
                return "front matter must start on the first line (blank lines precede it)"
            return "front matter that did not parse (unclosed, repeated or not valid YAML)"
    m = _ACCESS_LINE.search(text)
    if m:
        line_no = text.count("\n", 0, m.start()) + 1
        return f"access metadata in the text at line {line_no} (not in front matter)"
    if kind in ("html", "html-source") and _HTML_META.search((raw or text)[:65536]):
        return "access metadata in an HTML <meta> tag (HTML files take access from the manifest)"
    return None
