"""The reader's language: from the URL, else negotiated from Accept-Language."""
from __future__ import annotations

from urllib.parse import urlencode

from babel import Locale, negotiate_locale, support
from flask import Flask, g, request, url_for

from content.model import DEFAULT_LANG, LANGS

LANGUAGE_NAMES = {lang: Locale.parse(lang).get_display_name(lang).capitalize() for lang in LANGS}


def negotiated_lang() -> str:
    """Babel's negotiation over the Accept-Language header; English when nothing matches."""
    g.negotiated = True  # the answer varies with Accept-Language (caching adds the Vary)
    preferred = [value.replace("-", "_") for value, _ in request.accept_languages]
    found = negotiate_locale(preferred, list(LANGS), sep="_")
    if found is None:  # "ko_KR" against "ko": match on the language part
        bases = [p.split("_")[0].lower() for p in preferred]
        found = next((b for b in bases if b in LANGS), None)
    return found or DEFAULT_LANG


def current_locale() -> str:
    return g.get("lang") or DEFAULT_LANG


def with_query(path: str, pairs: list[tuple[str, str]]) -> str:
    """A path with the query copied as data: keys never become arguments of url_for
    (where ``endpoint``, ``_method`` or ``_external`` would change what it builds)."""
    return f"{path}?{urlencode(pairs)}" if pairs else path


PAIR_PARAM = "with"  # a second language shown beside the page's own (web/pairs.py)


def alternates() -> dict[str, str]:
    """The current page in every language: the language switcher and hreflang links,
    the query (a tutorial step, a tool's inputs, a second language) kept; switching to the
    second language swaps the two."""
    if request.endpoint is None or request.view_args is None or "lang" not in request.view_args:
        return {}
    here = request.view_args["lang"]
    pairs = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"]

    def for_lang(lang: str) -> list[tuple[str, str]]:
        return [(k, here if k == PAIR_PARAM and v == lang else v) for k, v in pairs]

    return {
        lang: with_query(url_for(request.endpoint, **{**request.view_args, "lang": lang}), for_lang(lang))
        for lang in LANGS
    }


def init(app: Flask) -> None:
    # The templates' gettext: the catalog of the request's language, loaded once per process
    # (Flask-Babel's own callables look the domain, locale and cache up on every string).
    catalogs: dict[str, support.NullTranslations] = {}
    folder = app.config["BABEL_TRANSLATION_DIRECTORIES"]

    def catalog() -> support.NullTranslations:
        lang = current_locale()
        found = catalogs.get(lang)
        if found is None:
            found = catalogs[lang] = support.Translations.load(folder, [lang], "messages")
        return found

    app.jinja_env.install_gettext_callables(
        gettext=lambda s: catalog().ugettext(s),
        ngettext=lambda s, p, n: catalog().ungettext(s, p, n),
        pgettext=lambda c, s: catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalog().unpgettext(c, s, p, n),
        newstyle=True,
    )

    @app.url_value_preprocessor
    def take_lang(endpoint, values):
        lang = (values or {}).get("lang")  # the API reads ?lang= itself
        g.lang = lang if lang in LANGS else None
        g.lang_requested = lang

    @app.context_processor
    def language_context():
        return {
            "lang": current_locale(),
            "langs": LANGS,
            "language_names": LANGUAGE_NAMES,
            "alternates": alternates(),
        }
