"""A release proved before it is switched to: the site made on it answers its main pages,
search and API in every language. Used by ``python -m publish`` and ``make setup``."""
from __future__ import annotations

from pathlib import Path

from .release import PublishError


def smoke(path: Path) -> None:
    from app import create_app
    from content.model import LANGS

    app = create_app({"RELEASE": str(path), "QUIET_LOG": True})
    client = app.test_client()
    site = app.extensions["site"]
    urls = ["/healthz"]
    for lang in LANGS:
        urls += [f"/{lang}/", f"/api/v1/games?lang={lang}"]
        for game in site.games.values():
            urls += [f"/{lang}/{game.id}/", f"/{lang}/{game.id}/faq"]
            if game.entries:
                first = game.entries[0]
                urls += [f"/{lang}/{game.id}/{first.id}", f"/api/v1/entries/{first.id}?lang={lang}"]
                urls.append(f"/{lang}/search?q={first.text(lang).title[:60]}")
    failed = []
    for url in urls:
        status = client.get(url).status_code
        if status != 200:
            failed.append(f"{url}: {status}")
    if failed:
        raise PublishError(f"release {path.name} does not serve {len(failed)} of {len(urls)} pages: "
                           + "; ".join(failed[:10]))
