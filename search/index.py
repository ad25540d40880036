"""Building the index: one Whoosh index folder per language under a root folder.

Layout of the root (default ``var/index``)::

    <root>/<lang>/CURRENT          the name of the live version (a text file)
    <root>/<lang>/<hash16>/        a complete Whoosh index + meta.json

A build writes a fresh folder (``.build-*``), renames it to its content hash and
then replaces ``CURRENT`` atomically (write a temporary file, ``os.replace``):
a reader sees the old version or the new one, never a half-written one. The
version before stays on disk (a process that opened it keeps working) and older
ones are removed. A language is rebuilt only when the hash of its documents (and
of the schema version) changes.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.fields import ID, STORED, TEXT, Schema

from .analyzers import LANGS, analyzers_for
from .documents import (
    Document,
    content_hash,
    documents,
    game_names,
    glossary_table,
    protected_words,
    synonym_table,
)

# Bump to force a rebuild of every index. A change to the code that analyzes or
# extracts the texts rebuilds them anyway: its source is part of the content hash.
SCHEMA_VERSION = 5


def code_fingerprint() -> str:
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in ("analyzers.py", "korean.py", "lexicon.py", "documents.py", "index.py"):
        digest.update((here / name).read_bytes())
    return digest.hexdigest()
REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ROOT = REPO_ROOT / "var" / "index"
POINTER = "CURRENT"
META = "meta.json"


def make_schema(lang: str, protected: tuple[str, ...] = ()) -> Schema:
    a = analyzers_for(lang, protected)
    return Schema(
        id=ID(stored=True, unique=True),
        game=ID(stored=True),
        kind=ID(stored=True),
        section_id=ID(stored=True),
        order=STORED(),
        title=TEXT(analyzer=a["stem"], stored=True),
        answer=TEXT(analyzer=a["stem"], stored=True),
        body=TEXT(analyzer=a["stem"], stored=True),
        ftitle=TEXT(analyzer=a["fold"]),
        fbody=TEXT(analyzer=a["fold"]),
        gram=TEXT(analyzer=a["gram"]),
        words=TEXT(analyzer=a["words"]),
        names=TEXT(analyzer=a["stem"]),
        section=TEXT(analyzer=a["stem"]),
        phrasing=TEXT(analyzer=a["stem"]),
        fphrasing=TEXT(analyzer=a["fold"]),
        phrasings=STORED(),  # one per line: scoring.phrasing_share compares the question with each
    )


@dataclass(frozen=True)
class BuildReport:
    lang: str
    path: Path
    hash: str
    docs: int
    rebuilt: bool
    seconds: float


def current_version(lang_dir: Path) -> Path | None:
    """The live index folder of a language, or None."""
    try:
        name = (lang_dir / POINTER).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    path = lang_dir / name
    return path if name and (path / META).is_file() else None


def read_meta(version_dir: Path) -> dict:
    return json.loads((version_dir / META).read_text(encoding="utf-8"))


def _add(writer, doc: Document) -> None:
    full = "\n".join(x for x in (doc.answer, doc.body) if x)
    writer.add_document(
        id=doc.id, game=doc.game, kind=doc.kind, section_id=doc.section, order=doc.order,
        title=doc.title, answer=doc.answer, body=doc.body,
        ftitle=doc.title, fbody=full,
        gram=f"{doc.title}\n{full}",
        words=f"{doc.title}\n{full}\n{doc.phrasings}",
        names=doc.names,
        section=doc.section_title,
        phrasing=doc.phrasings,
        fphrasing=doc.phrasings,
        phrasings=doc.phrasings,
    )


def build_language(site, lang: str, root: Path | str = DEFAULT_ROOT, force: bool = False) -> BuildReport:
    started = time.perf_counter()
    root = Path(root)
    lang_dir = root / lang
    docs = documents(site, lang)
    protected = protected_words(site) if lang == "ko" else ()
    games = {g: game_names(site, g) for g in site.games}
    glossary = glossary_table(site, lang)
    synonyms = synonym_table(site, lang)
    digest = content_hash(docs, {"schema": SCHEMA_VERSION, "code": code_fingerprint(), "lang": lang,
                                 "protected": protected,
                                 "games": games, "glossary": glossary, "synonyms": synonyms})
    live = current_version(lang_dir)
    if not force and live is not None and read_meta(live).get("hash") == digest:
        return BuildReport(lang, live, digest, len(docs), False, time.perf_counter() - started)

    lang_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=lang_dir))
    os.chmod(tmp, 0o755)  # mkdtemp makes it private; the site may run as another user
    try:
        ix = whoosh_index.create_in(str(tmp), make_schema(lang, protected))
        writer = ix.writer()
        for doc in docs:
            _add(writer, doc)
        writer.commit()
        meta = {
            "schema": SCHEMA_VERSION, "code": code_fingerprint(), "lang": lang, "hash": digest,
            "docs": len(docs),
            "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "games": games, "glossary": glossary, "synonyms": synonyms, "protected": list(protected),
            "entries": [{"id": d.id, "game": d.game, "kind": d.kind, "order": d.order,
                         "title": d.title, "related": list(d.related)} for d in docs],
        }
        (tmp / META).write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
        final = lang_dir / digest[:16]
        if final.exists():  # a folder of the same content (a forced rebuild): replace it
            if live is not None and live.resolve() == final.resolve():
                final = lang_dir / f"{digest[:16]}-{int(time.time() * 1000) % 10**8}"
            else:
                shutil.rmtree(final)
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _point(lang_dir, final.name)
    _prune(lang_dir, keep={final.name, live.name if live else ""})
    return BuildReport(lang, final, digest, len(docs), True, time.perf_counter() - started)


def _point(lang_dir: Path, name: str) -> None:
    fd, tmp_name = tempfile.mkstemp(prefix=".current-", dir=lang_dir)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(name + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp_name, 0o644)
    os.replace(tmp_name, lang_dir / POINTER)


def _prune(lang_dir: Path, keep: set[str]) -> None:
    """Remove versions other than the live one and the one before; leftovers of
    interrupted builds too."""
    now = time.time()
    for path in lang_dir.iterdir():
        if not path.is_dir() or path.name in keep:
            continue
        if path.name.startswith(".build-") and now - path.stat().st_mtime < 3600:
            continue  # perhaps another build at work
        shutil.rmtree(path, ignore_errors=True)


def build(root: Path | str = DEFAULT_ROOT, site=None, langs=LANGS, force: bool = False) -> list[BuildReport]:
    """Build (or keep) the index of every language. ``site`` defaults to the content."""
    if site is None:
        from content.loader import load_site

        site = load_site()
    return [build_language(site, lang, root, force=force) for lang in langs]
