"""One term's BM25F scores in every document that has it, read from Whoosh's postings a
block at a time: Whoosh's own formula and figures (``whoosh.scoring.bm25``, its idf, the
field lengths it stores), without a matcher and a scorer call per posting.

The documents' normalized field lengths are read once when the index opens; a term's
(docnums, scores) are numpy arrays, computed in one vector operation and cached, the cache
bounded by the postings it holds (``limits.CACHE_POSTINGS``), so a worker's memory does not
grow with the queries.
"""
from __future__ import annotations

import threading
from math import log

import numpy as np
from whoosh.codec.whoosh3 import W3LeafMatcher

from .limits import CACHE_POSTINGS

EMPTY: tuple[np.ndarray, np.ndarray] = (np.zeros(0, np.int32), np.zeros(0, np.float64))


class Postings:
    def __init__(self, reader, weighting, fields) -> None:
        self.doc_count = reader.doc_count_all()
        self.k1 = weighting.K1
        self.norm: dict[str, np.ndarray] = {}
        n = reader.doc_count()
        for field in fields:
            total = reader.field_length(field)
            if not total:
                continue
            avg = total / (n or 1)
            b = weighting._field_B.get(field, weighting.B)
            lengths = np.array([reader.doc_field_length(d, field) or 0 for d in range(self.doc_count)], np.float64)
            self.norm[field] = self.k1 * ((1 - b) + b * lengths / avg)
        self._cache: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = {}
        self._held = 0
        self._lock = threading.Lock()

    # A release saves each language's warm state (language.Language.save_state): a lock
    # cannot be pickled, and a restored process needs its own.
    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "_lock"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def scores(self, reader, field: str, text: str) -> tuple[np.ndarray, np.ndarray]:
        """(docnums in order, their BM25F scores) of a term; empty when no document has it."""
        key = (field, text)
        found = self._cache.get(key)
        if found is not None:
            return found
        norm = self.norm.get(field)
        if norm is None or key not in reader:
            found = EMPTY
        else:
            idf = log(self.doc_count / (reader.doc_frequency(field, text) + 1)) + 1
            ids, weights = _read(reader.postings(field, text))
            ids = np.array(ids, np.int32)
            weights = np.array(weights, np.float64)
            found = (ids, idf * weights * (self.k1 + 1) / (weights + norm[ids]))
        with self._lock:
            if self._held + len(found[0]) > CACHE_POSTINGS:
                self._cache.clear()
                self._held = 0
            self._cache[key] = found
            self._held += len(found[0])
        return found


def _read(m) -> tuple[list[int], list[float]]:
    """All (docnum, weight) of a matcher, a block at a time where Whoosh's own matcher allows."""
    ids: list[int] = []
    weights: list[float] = []
    if isinstance(m, W3LeafMatcher):
        while not m._atend:
            m._read_ids()
            m._read_weights()
            ids.extend(m._ids)
            weights.extend(m._weights)
            m._next_block()
        return ids, weights
    while m.is_active():
        ids.append(m.id())
        weights.append(m.weight())
        m.next()
    return ids, weights
