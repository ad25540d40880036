"""Everything a request needs, made before the first request: templates compiled, every
language's catalog loaded, every entry's text rendered. A request never pays for loading."""
from __future__ import annotations

from flask import Flask, g
from flask_babel import get_translations

from content.model import LANGS

from .render import to_html


def warm(app: Flask) -> None:
    env = app.jinja_env
    for name in env.list_templates(extensions=("html",)):
        env.get_template(name)
    site = app.extensions["site"]
    for lang in LANGS:
        with app.test_request_context(f"/{lang}/"):
            g.lang = lang
            get_translations()
            for entry in site.entries.values():
                text = entry.text(lang)
                for part in (text.body, text.ruling):
                    if part:
                        to_html(part, site, lang)
