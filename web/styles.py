"""Each page's stylesheet and its first script, written into the page itself.

Why inline: at the table a phone's first visit is paid in round trips. Under slow 3G (400 ms
each) a linked stylesheet costs a second round trip after the page (and a linked script a
third), so a page could not load in under a second however small; written into the page,
its styles cost only their bytes (3–5 KiB gzipped), and the page loads in one round trip.
The CSP stays strict: it names each block by its SHA-256 (`'sha256-…'`), never
`'unsafe-inline'`; `style=` attributes stay refused.

A page's styles are the shared ones (site, tools, tutorial: every page a game has may be
one of those) and its game's own (`GameSite.styles`), compacted. The set is fixed at
start-up, one per game and one for pages of no game, so the CSP is one header for every
response (a page served from the kept bodies is not rendered again: web/caching.py).
The files stay in static/ too: the offline copy of a game and any other reader use them.
"""
from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

from flask import Flask, current_app
from markupsafe import Markup

from .assets import SOURCE
from .compression import compact_css
from .security import policy

SHARED = ("site.css", "tools.css", "tutorial.css")
BOOT = "boot.js"  # the one script a page waits for (it loads the rest after the load event)


@dataclass(frozen=True)
class Inline:
    text: Markup  # as written between the tags
    source: str  # the CSP's name for it: 'sha256-…'


def inline(data: bytes) -> Inline:
    text = data.decode("utf-8").strip()
    if "</" in text:
        raise ValueError("an inline block may not hold '</'")  # it would close its element
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()
    return Inline(Markup(text), f"'sha256-{digest}'")


def sheet(files: tuple[str, ...]) -> Inline:
    return inline(b"".join(compact_css((SOURCE / name).read_bytes()) for name in files))


def init(app: Flask, game_styles: dict[str, tuple[str, ...]]) -> None:
    """The sheets for every game (by id) and for pages of no game, the first script, and the
    hashes the CSP allows (web/security.py)."""
    sheets = {None: sheet(SHARED)}
    for game_id, styles in game_styles.items():
        sheets[game_id] = sheet(SHARED + tuple(styles)) if styles else sheets[None]
    boot = inline((SOURCE / BOOT).read_bytes())
    app.extensions["inline"] = {"sheets": sheets, "boot": boot}
    app.extensions["csp"] = policy(scripts=(boot.source,),
                                   styles=tuple(dict.fromkeys(s.source for s in sheets.values())))

    @app.context_processor
    def page_styles():
        found = current_app.extensions["inline"]
        return {"page_sheet": lambda game: found["sheets"].get(getattr(game, "id", None), found["sheets"][None]),
                "boot_script": found["boot"]}
