"""No tool page keeps a select of more than 14 options (issue 12: entry by taps): every card,
clue and count is a chip or a short list, in every language, empty and answered."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest
from flask import url_for

from content.model import LANGS

MOST_OPTIONS = 14


class Selects(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.sizes: list[tuple[str, int]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "select":
            self.sizes.append((dict(attrs).get("name", "?"), 0))
        elif tag == "option" and self.sizes:
            name, n = self.sizes[-1]
            self.sizes[-1] = (name, n + 1)


def tool_urls(app, lang: str) -> list[str]:
    with app.test_request_context():
        return [url_for(tool.endpoint, lang=lang)
                for site in app.extensions["game_sites"].values() for tool in site.tools]


@pytest.mark.parametrize("lang", LANGS)
def test_no_tool_page_has_a_select_of_more_than_14_options(app, client, lang):
    urls = tool_urls(app, lang)
    assert len(urls) >= 7  # every game's tools
    for url in urls:
        r = client.get(url)
        assert r.status_code == 200, url
        parser = Selects()
        parser.feed(r.get_data(as_text=True))
        too_long = [(name, n) for name, n in parser.sizes if n > MOST_OPTIONS]
        assert too_long == [], url
