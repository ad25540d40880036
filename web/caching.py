"""How responses may be cached: the one place that decides the caching headers.

- A response whose language was negotiated from Accept-Language (the root's redirect, an
  error page outside a language prefix, an API error with no ``lang``) says
  ``Vary: Accept-Language``, so no cache hands one reader's language to another.
- Error pages and redirects are never kept (``no-store``): a redirect made for one request,
  or a 404 seen while content was being published, must not outlive it.
- Every other answer may be stored but is revalidated before each use (``no-cache``).
- The service worker (/sw.js) is always ``no-cache``, whatever else is cached how: the browser
  checks it for a new version, and a copy kept as immutable would pin the old one for good.
"""
from __future__ import annotations

from flask import Flask, g, request
from werkzeug.wrappers import Response

REVALIDATE = {"offline.service_worker"}  # endpoints checked on every use, never immutable


def policy(response: Response) -> Response:
    if g.get("negotiated"):
        response.vary.add("Accept-Language")
    if response.status_code >= 300 and response.status_code != 304:
        response.headers["Cache-Control"] = "no-store"
    elif request.endpoint in REVALIDATE:
        response.headers["Cache-Control"] = "no-cache"
    elif "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "no-cache"
    location = response.headers.get("Location")
    if location and location.startswith(request.host_url):
        # redirects stay on this site, relative: never a host taken from the request
        response.headers["Location"] = "/" + location[len(request.host_url):]
    return response


def init(app: Flask) -> None:
    app.after_request(policy)
