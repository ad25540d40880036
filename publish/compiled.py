"""The validated content, compiled: the loader's ``Site`` and the worked examples' results,
pickled at build time so that a worker loads them in milliseconds instead of reading and
proving the YAML.

Everything in a ``Site`` is plain data (dataclasses, tuples, dicts, strings) except each
tutorial's adapter, an instance of the game's ``Play`` subclass that holds its engine module:
that one is written as "the adapter of module M, class C" and made afresh on loading (it has
no state of its own). ``tests/test_releases.py`` proves the round trip field by field.
"""
from __future__ import annotations

import importlib
import io
import pickle
from pathlib import Path

from content.model import Site
from engine.play import Play

PROTOCOL = 5


def _adapter(module: str, qualname: str) -> Play:
    cls = importlib.import_module(module)
    for part in qualname.split("."):
        cls = getattr(cls, part)
    return cls()


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj):
        if isinstance(obj, Play):
            return _adapter, (type(obj).__module__, type(obj).__qualname__)
        return NotImplemented


def dumps(site: Site, examples: dict) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=PROTOCOL).dump({"site": site, "examples": examples})
    return buffer.getvalue()


def write(path: Path, site: Site, examples: dict) -> None:
    path.write_bytes(dumps(site, examples))


def loads(data: bytes) -> tuple[Site, dict]:
    """The compiled content of a release (bytes this project wrote: never load any from
    elsewhere, pickle runs what it reads)."""
    loaded = pickle.loads(data)
    return loaded["site"], loaded["examples"]


def read(path: Path) -> tuple[Site, dict]:
    return loads(path.read_bytes())
