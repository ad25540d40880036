"""Reading an index's mapped compound file in place.

Whoosh keeps a segment's files in one compound file, which it maps into memory; but it hands
each part out as a ``BufferFile``, whose reads go through a ``BytesIO`` of the part: a private
copy of the whole index in every process that opens it (~300 MiB a worker at 100x today's
content). ``MappedBufferFile`` reads the mapped bytes where they are, so the pages stay the
operating system's, shared by every worker; a read copies only what it returns. Its position
is its own (a plain attribute): forked workers sharing the mapping never move each other's.
"""
from __future__ import annotations

import os

from whoosh.filedb import compound
from whoosh.filedb.structfile import BufferFile


class _View:
    """A read-only file over a buffer, without copying it."""

    def __init__(self, buf) -> None:
        self._buf = memoryview(buf)
        self._pos = 0

    def read(self, n: int = -1) -> bytes:
        end = len(self._buf) if n is None or n < 0 else min(len(self._buf), self._pos + n)
        out = self._buf[self._pos:end].tobytes()
        self._pos = end
        return out

    def readinto(self, b) -> int:
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)

    def readline(self, limit: int = -1) -> bytes:
        end = len(self._buf) if limit is None or limit < 0 else min(len(self._buf), self._pos + limit)
        line_end = self._pos
        while line_end < end and self._buf[line_end] != 0x0A:
            line_end += 1
        return self.read(min(end, line_end + 1) - self._pos)

    def __iter__(self):
        while self._pos < len(self._buf):
            yield self.readline()

    def seek(self, pos: int, whence: int = os.SEEK_SET) -> int:
        base = {os.SEEK_SET: 0, os.SEEK_CUR: self._pos, os.SEEK_END: len(self._buf)}[whence]
        self._pos = max(0, base + pos)
        return self._pos

    def tell(self) -> int:
        return self._pos

    def close(self) -> None:
        self._buf = memoryview(b"")  # the mapping is the storage's to close


class MappedBufferFile(BufferFile):
    """Whoosh's BufferFile, reading its buffer in place instead of through a BytesIO copy."""

    def __init__(self, buf, name=None, onclose=None) -> None:
        super().__init__(b"", name=name, onclose=onclose)
        self._buf = buf
        self.file = _View(buf)

    def subset(self, position, length, name=None):
        return MappedBufferFile(self._buf[position:position + length], name=name or self._name)


def read_in_place() -> None:
    """Make Whoosh's compound storage hand out in-place readers (idempotent)."""
    compound.BufferFile = MappedBufferFile
