"""How responses may be cached: the one place that decides the caching headers.

- Static files: a content-hashed name (web/assets.py) is ``public, max-age=31536000,
  immutable``; a plain name is revalidated (``no-cache``, with Flask's ETag).
- Pages and GET API answers (200) carry a weak ETag made of the content version, the code and
  assets version and the language, and ``Cache-Control: public, max-age=60, s-maxage=10``:
  a phone keeps a page a minute, the front's cache ten seconds, then each asks again with
  If-None-Match and gets a 304 while nothing changed. The 304 is answered before the view runs
  when the URL names the language (every page and API address), so a revalidation costs no
  rendering. A new content version changes every ETag: no cache keeps a page past its check.
- A response whose language was negotiated from Accept-Language (the root's redirect, an
  error page outside a language prefix, an API error with no ``lang``) says
  ``Vary: Accept-Language`` and is never kept (``no-store``, whatever its status), so no cache
  hands one reader's language to another (the front stores one copy per address).
- Error pages and redirects are never kept (``no-store``): a redirect made for one request,
  or a 404 seen while content was being published, must not outlive it. Neither is /healthz.
- The service worker (/sw.js, ``REVALIDATE``) is always ``no-cache`` with an ETag of its own
  body: the browser checks it for a new version on every load (a 304 while it is the same),
  and a copy kept as immutable or for a minute would pin the old one and its caches.
- Every other answer (the tools' POST answers) may be stored but is revalidated before each
  use (``no-cache``).
- Redirects stay on this site and relative: a ``Location`` is never a host taken from the request.

Compression (web/compression.py) runs after this policy, on the plain body: a gzip body keeps
the page's weak ETag (same meaning, other bytes) and says ``Vary: Accept-Encoding``. Behind
the front, nginx asks for the plain body and compresses it itself (deploy/nginx.conf.in).

Besides the headers, each worker keeps the bodies of recent 200 pages (``RESPONSE_CACHE_BYTES``,
8 MiB by default, 0 for none), keyed by address and ETag: a page asked again is not rendered
again, and a new content version misses by its ETag.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from pathlib import Path

from flask import Flask, Response, current_app, g, request

from content.model import DEFAULT_LANG

from .live import current

IMMUTABLE = "public, max-age=31536000, immutable"
PAGE = "public, max-age=60, s-maxage=10"
NEVER_KEPT = frozenset({"ops.health"})
REVALIDATE = frozenset({"offline.service_worker"})  # checked on every use, never immutable
ROOT = Path(__file__).resolve().parent.parent
CODE = ("app.py", "web", "engine", "content", "search", "publish", "templates", "translations")


def code_version(assets_version: str) -> str:
    """The code, templates, catalogs and assets this process serves with, as one hash."""
    h = hashlib.sha256(assets_version.encode())
    for top in CODE:
        base = ROOT / top
        paths = [base] if base.is_file() else sorted(
            p for p in base.rglob("*") if p.suffix in (".py", ".html", ".js", ".po") and "__pycache__" not in p.parts)
        for path in paths:
            h.update(str(path.relative_to(ROOT)).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:12]


class Memo:
    """Recent page bodies, least recently used out first, bounded in bytes."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes, self.size = max_bytes, 0
        self.items: OrderedDict[tuple, tuple[bytes, str]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple) -> tuple[bytes, str] | None:
        with self.lock:
            item = self.items.get(key)
            if item is not None:
                self.items.move_to_end(key)
            return item

    def put(self, key: tuple, body: bytes, mimetype: str) -> None:
        if len(body) > self.max_bytes // 32:
            return
        with self.lock:
            if key in self.items:
                return
            self.items[key] = (body, mimetype)
            self.size += len(body)
            while self.size > self.max_bytes:
                _, (old, _m) = self.items.popitem(last=False)
                self.size -= len(old)


def _kept() -> bool:
    """Is this request's answer a page or GET API answer that caches may keep?"""
    return (request.method in ("GET", "HEAD") and request.endpoint is not None and request.endpoint != "static"
            and request.endpoint not in NEVER_KEPT and request.endpoint not in REVALIDATE
            and not g.get("never_kept"))


def _url_lang() -> str | None:
    """The language the address names (a page's prefix, the API's ?lang=), else None."""
    if request.path.startswith("/api/"):
        return request.args.get("lang", DEFAULT_LANG)[:20]
    if request.view_args and "lang" in request.view_args:
        return g.get("lang")
    return None


def etag(lang: str) -> str:
    return f"{current().version}.{current_app.config['CODE_VERSION']}.{lang}"


def early():
    """Before the view: a 304 for a matching If-None-Match, or a page kept from before."""
    if not _kept():
        return None
    lang = _url_lang()
    if lang is None:
        return None
    g.etag = tag = etag(lang)
    if request.if_none_match.contains_weak(tag):
        return Response(status=304)
    memo: Memo | None = current_app.extensions.get("memo")
    if memo is not None:
        hit = memo.get((request.full_path, tag))
        if hit is not None:
            g.memo_hit = True
            return Response(hit[0], mimetype=hit[1])
    return None


def policy(response: Response) -> Response:
    if g.get("negotiated"):
        response.vary.add("Accept-Language")
    status = response.status_code
    if request.endpoint == "static" and status in (200, 304):
        filename = (request.view_args or {}).get("filename")
        if filename in current_app.extensions["assets"]["hashed"]:
            response.headers["Cache-Control"] = IMMUTABLE
    elif (status >= 300 and status != 304) or g.get("negotiated"):
        response.headers["Cache-Control"] = "no-store"
    elif _kept() and status in (200, 304):
        tag = g.get("etag") or etag(_url_lang() or g.get("lang") or DEFAULT_LANG)
        response.set_etag(tag, weak=True)
        response.headers["Cache-Control"] = PAGE
        memo: Memo | None = current_app.extensions.get("memo")
        if status == 200 and "etag" in g and memo is not None and not g.get("memo_hit") and not response.is_streamed:
            memo.put((request.full_path, tag), response.get_data(), response.mimetype)
        if status == 200 and request.if_none_match:
            response.make_conditional(request)
    elif request.endpoint in NEVER_KEPT or g.get("never_kept"):
        response.headers["Cache-Control"] = "no-store"
    elif request.endpoint in REVALIDATE and status in (200, 304):
        response.headers["Cache-Control"] = "no-cache"
        if status == 200:
            response.add_etag()  # of its own body: it names the version it serves
            response.make_conditional(request)
    elif "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "no-cache"
    location = response.headers.get("Location")
    if location and location.startswith(request.host_url):
        # redirects stay on this site, relative: never a host taken from the request
        response.headers["Location"] = "/" + location[len(request.host_url):]
    return response


def init(app: Flask) -> None:
    # a deploy that names its content version (CONTENT_VERSION, web/offline.py) changes every ETag too
    named = app.config.get("CONTENT_VERSION") or ""
    app.config.setdefault("CODE_VERSION", code_version(app.extensions["assets"]["version"] + named))
    size = int(app.config.get("RESPONSE_CACHE_BYTES", 8 << 20))
    if size > 0:
        app.extensions["memo"] = Memo(size)
    app.before_request(early)
    app.after_request(policy)
