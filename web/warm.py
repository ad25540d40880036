"""Everything a request needs, made before the first request: templates compiled, every
language's catalog loaded (once per process), every entry's text rendered (once per content
version, before that version is swapped in). A request never pays for loading."""
from __future__ import annotations

import os
from pathlib import Path

from flask import Flask, g
from flask_babel import get_translations
from jinja2 import FileSystemBytecodeCache

from content.model import LANGS

from .live import Release
from .render import to_html
from .templating import out_of_date_keys

ROOT = Path(__file__).resolve().parent.parent


def warm(app: Flask) -> None:
    env = app.jinja_env
    cache = Path(app.config.get("TEMPLATE_CACHE_DIR") or ROOT / "var" / "cache" / "templates")
    try:
        cache.mkdir(parents=True, exist_ok=True)
        if os.access(cache, os.W_OK):
            # compiled templates kept between starts (keyed by each template's source checksum)
            env.bytecode_cache = FileSystemBytecodeCache(str(cache))
    except OSError:
        pass
    for name in env.list_templates(extensions=("html",)):
        env.get_template(name)
    for lang in LANGS:
        with app.test_request_context(f"/{lang}/"):
            g.lang = lang
            get_translations()


def prepare(app: Flask, release: Release) -> None:
    """A content version made ready to serve: its out-of-date marks, its rendered texts."""
    release.out_of_date = out_of_date_keys(release.site)
    site = release.site
    for lang in LANGS:
        # an app context of its own: this may run inside a request (a worker's first check),
        # whose g and teardown must not be touched
        with app.app_context(), app.test_request_context(f"/{lang}/"):
            g.lang = lang
            for entry in site.entries.values():
                text = entry.text(lang)
                for part in (text.body, text.ruling):
                    if part:
                        to_html(part, site, lang, cache=release.html)
