"""Reading the content's YAML files: refusing a key given twice, naming the file on any error.
Only the content package reads YAML (the loader, and the translation versions beside it)."""
from __future__ import annotations

from pathlib import Path

import yaml

from .errors import ContentError


class _UniqueKeyLoader(yaml.SafeLoader):
    """A YAML loader that refuses a key twice in one mapping (yaml silently keeps the last)."""


def _no_duplicates(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _no_duplicates)


def read_yaml(path: Path):
    try:
        with path.open(encoding="utf-8") as f:
            return yaml.load(f, Loader=_UniqueKeyLoader)
    except yaml.YAMLError as e:
        raise ContentError(path, None, f"malformed YAML: {e}") from None
    except UnicodeDecodeError as e:
        raise ContentError(path, None, f"not UTF-8: {e}") from None
