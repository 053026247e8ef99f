"""YAML for access metadata (front matter, access manifests): plain data, read one way only.

Why not `yaml.safe_load` alone:
- Aliases. `safe_load` builds `&a [*b, *b, ...]` as shared references, cheaply, but every
  later walk of the value (the metadata stored with the document, its hash, the access
  check) expands them: ten levels of nine aliases in a 400-byte front matter are 3.4
  billion items, and `wikiqa index` hung on that one file. Access metadata has no use for
  anchors, aliases or `<<` merges, so any alias is an error (the document is then denied).
- Duplicate keys. YAML keeps the last of `access_scope: private ... access_scope: public`
  silently; which one the author meant is unknowable, so a repeated key is an error too.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses aliases and repeated mapping keys."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise ConstructorError(
                None, None, "aliases (*name) are not allowed here", event.start_mark
            )
        return super().compose_node(parent, index)

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                repeated = key in seen
                seen.add(key)
            except TypeError:  # an unhashable key; the base class reports it
                continue
            if repeated:
                raise ConstructorError(
                    None, None, f"the key {key!r} is repeated", key_node.start_mark
                )
        return super().construct_mapping(node, deep=deep)


def load_yaml(text: str) -> Any:
    """Parse `text` as plain YAML data; `yaml.YAMLError` for an alias or a repeated key."""
    return yaml.load(text, Loader=_StrictLoader)
