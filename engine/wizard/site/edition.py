"""Which edition of the cards the table has: how Wizard's cards are shown, never what they are.

The engine's tokens stay H/D/C/S + 1-13 (docs/api.md). A reader may ask to see them as one of
the two printed editions, with ``?ed=`` in the page address (so it works without JavaScript
and in a shared link); static/wizard/edition.js remembers the choice on the device
(localStorage) and carries it along Wizard's links. The server keeps nothing.

- no ``ed`` (the default): as our texts write them, ♥ ♦ ♣ ♠ numbered 1 to 13;
- ``ed=amigo``: Amigo's four colours numbered 1 to 13 (♥ red, ♦ yellow, ♣ green, ♠ blue:
  the suits have no order, so any fixed pairing works; this is ours, content/games/wizard
  components.deck says so);
- ``ed=us``: U.S. Games Systems' French suits from 2 to the ace (1 = 2 ... 9 = 10, 10 = J,
  11 = Q, 12 = K, 13 = A).
"""
from __future__ import annotations

from flask import g, has_request_context, request, url_for
from markupsafe import Markup

from web.i18n import with_query
from web.tools import label

GAME = "wizard"
PARAM = "ed"
STORAGE_KEY = "rules-at-the-table/wizard-edition"  # static/wizard/edition.js
EDITIONS = ("", "amigo", "us")  # "" is our texts' own notation
US_FACES = {1: "2", 2: "3", 3: "4", 4: "5", 5: "6", 6: "7", 7: "8", 8: "9", 9: "10",
            10: "J", 11: "Q", 12: "K", 13: "A"}
SCRIPT = "wizard/edition.js"


def current() -> str:
    """The edition this request asks for ("" when none, or one we do not know)."""
    if not has_request_context():
        return ""
    value = request.args.get(PARAM, "")
    return value if value in EDITIONS else ""


def rank_text(rank: int, edition: str) -> str:
    """The rank as printed ("A" for 13 in the U.S. deck); a rank no deck has (an example of an
    impossible card, "H14") stays as it is."""
    return US_FACES.get(rank, str(rank)) if edition == "us" else str(rank)


def rank_spoken(rank: int, edition: str, lang: str) -> str:
    """The rank as a screen reader should say it (the U.S. deck's J, Q, K, A as words)."""
    if edition == "us" and rank in (10, 11, 12, 13):
        return label(GAME, "faces", US_FACES[rank], lang) or US_FACES[rank]
    return rank_text(rank, edition)


def colour(suit: str, lang: str) -> str:
    """Amigo's colour for one of our suits, as a word in a sentence ("red")."""
    return label(GAME, "colours", suit, lang) or suit


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def words(code: str, lang: str) -> str:
    return label(GAME, "edition", code, lang) or code


# --- keeping the edition in the address ----------------------------------------------------------


def query(edition: str | None = None) -> dict[str, str]:
    """{"ed": ...} to add to a query, or {} for our own notation."""
    edition = current() if edition is None else edition
    return {PARAM: edition} if edition else {}


def keep(url: str | None) -> str | None:
    """A link to one of Wizard's pages that keeps the reader's edition."""
    edition = current()
    if not url or not edition:
        return url
    return f"{url}{'&' if '?' in url else '?'}{PARAM}={edition}"


def keep_ref(ref: dict | None) -> dict | None:
    """A rule link of web.tools.rule_ref that keeps the edition."""
    return {**ref, "url": keep(ref["url"])} if ref else ref


def tutorial_url_defaults(endpoint: str, values: dict) -> None:
    """Wizard's tutorial steps keep the edition: a step's address with its token ("t", as the
    tutorial's links and redirects build it) gets the request's ``ed``. Addresses without a
    query of their own are left alone: the language switcher copies the query onto them."""
    if endpoint == "tutorials.step" and values.get("game") == GAME and "t" in values and PARAM not in values:
        edition = current()
        if edition:
            values[PARAM] = edition


def choices(lang: str) -> dict:
    """The edition choice on a page: this page's address in each edition (links: no
    JavaScript needed), the current one marked."""
    pairs = [(k, v) for k, v in request.args.items(multi=True) if k != PARAM]
    path = url_for(request.endpoint, **(request.view_args or {}))
    here = current()
    options = []
    for edition in EDITIONS:
        extra = [(PARAM, edition)] if edition else []
        options.append({"value": edition, "url": with_query(path, pairs + extra),
                        "text": words(edition or "rules", lang), "current": edition == here})
    return {"legend": words("legend", lang), "hint": words("hint", lang), "options": options,
            "edition": here, "param": PARAM, "script": script_once}


def script_once() -> Markup:
    """edition.js, once per page (a page may ask from a chip and a template), loaded by site.js
    after the page is shown (<template data-later>): the page never waits for it."""
    if not has_request_context() or g.get("wizard_edition_script"):
        return Markup("")
    g.wizard_edition_script = True
    return Markup('<template data-later><script src="{0}"></script></template>').format(url_for("static", filename=SCRIPT))
