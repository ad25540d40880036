"""A page carries its styles and first script inline (web/styles.py), allowed by the CSP by
their hashes only: one round trip for a first visit, and the policy stays strict."""
from __future__ import annotations

import base64
import hashlib
import re

import pytest

from web.assets import SOURCE


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def directive(csp: str, name: str) -> list[str]:
    return next(part.split()[1:] for part in csp.split("; ") if part.startswith(name + " "))


@pytest.mark.parametrize("url", ["/ko/wizard/wizard.play.follow-suit", "/fi/deductio/faq", "/et/siggil/tools/capture",
                                 "/lt/search?q=koziris", "/en/", "/ko/wizard/tutorial/", "/fi/wizard/no-such-rule"])
def test_every_page_has_its_styles_and_first_script_inline_and_allowed_by_hash(client, url):
    r = client.get(url)
    html, csp = r.get_data(as_text=True), r.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "style=" not in html
    assert '<link rel="stylesheet"' not in html  # nothing to wait for after the page
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    scripts = re.findall(r"<script data-site=\"[^\"]+\">(.*?)</script>", html, re.S)
    assert len(styles) == 1 and len(scripts) == 1
    assert sha(styles[0]) in directive(csp, "style-src")
    assert sha(scripts[0]) in directive(csp, "script-src")
    assert "<script>" not in html  # no other inline script


def test_a_game_page_has_its_own_styles_and_not_another_games(client):
    wizard = re.search(r"<style>(.*?)</style>", client.get("/en/wizard/").get_data(as_text=True), re.S).group(1)
    deductio = re.search(r"<style>(.*?)</style>", client.get("/en/deductio/").get_data(as_text=True), re.S).group(1)
    own = re.search(r"^\s*(\.[a-z][\w-]*)", (SOURCE / "wizard" / "wizard.css").read_text(), re.M).group(1)
    assert own in wizard and own not in deductio
    assert ".skip" in wizard and ".skip" in deductio  # the shared styles on both


def test_the_policy_is_the_same_for_a_kept_page_and_a_rendered_one(client):
    first = client.get("/ko/wizard/wizard.play.follow-suit")
    again = client.get("/ko/wizard/wizard.play.follow-suit")  # from the worker's kept bodies
    assert first.headers["Content-Security-Policy"] == again.headers["Content-Security-Policy"]
    assert first.get_data() == again.get_data()
