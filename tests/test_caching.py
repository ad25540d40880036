"""HTTP caching, one policy in one place (web/caching.py): ETags from the content version, the
code and assets version and the language; 304s that cost no rendering; hashed static assets
kept a year; errors, redirects and health never kept; the content version on every answer."""
from __future__ import annotations

import re

import pytest

import web.pages
from web import assets, caching


def test_pages_and_api_answers_carry_an_etag_of_versions_and_language(app, client):
    release = app.extensions["live"].release
    code = app.config["CODE_VERSION"]
    for path, lang in (("/en/wizard/", "en"), ("/ko/wizard/", "ko"), ("/api/v1/games?lang=fi", "fi"),
                       ("/lt/search?q=kortos", "lt"), ("/api/v1/search?lang=et&q=vaim", "et")):
        r = client.get(path)
        assert r.status_code == 200, path
        assert r.headers["ETag"] == f'W/"{release.version}.{code}.{lang}"', path
        assert r.headers["Cache-Control"] == caching.PAGE
        assert r.headers["X-Content-Version"] == release.version
        assert "Accept-Language" not in r.headers.get("Vary", "")  # the address names the language


def test_a_revalidation_is_answered_before_any_rendering(client, monkeypatch):
    tag = client.get("/fi/siggil/faq").headers["ETag"]
    rendered = []
    monkeypatch.setattr(web.pages, "render_template", lambda *a, **k: rendered.append(a) or "")
    for method in ("GET", "HEAD"):
        r = client.open("/fi/siggil/faq", method=method, headers={"If-None-Match": tag})
        assert r.status_code == 304 and r.headers["ETag"] == tag and not r.get_data()
        assert r.headers["Cache-Control"] == caching.PAGE
    r = client.get("/fi/siggil/faq", headers={"If-None-Match": 'W/"another.version.fi"'})
    assert r.status_code == 200 and not rendered  # a changed tag: the page again (kept in memory)
    assert not rendered


def test_a_page_asked_again_is_not_rendered_again(app, client, monkeypatch):
    client.get("/et/deductio/faq")
    monkeypatch.setattr(web.pages, "render_template", lambda *a, **k: pytest.fail("rendered again"))
    r = client.get("/et/deductio/faq")
    assert r.status_code == 200 and "Content-Security-Policy" in r.headers and r.headers["ETag"]


def test_errors_redirects_health_and_tools_answers_are_not_kept(client):
    assert client.get("/healthz").headers["Cache-Control"] == "no-store"
    assert client.get("/en/no-such-game/").headers["Cache-Control"] == "no-store"
    assert client.get("/en/search?q=" + "a" * 300).headers["Cache-Control"] == "no-store"  # a 400
    assert "ETag" not in client.get("/").headers
    r = client.post("/api/v1/wizard/trick?lang=en", json={"trump": "H", "cards": ["S13", "H2", "J", "S1"]})
    assert r.status_code == 200 and r.headers["Cache-Control"] == "no-cache" and "ETag" not in r.headers


def test_static_assets_have_content_hashed_names_kept_a_year(app, client):
    html = client.get("/en/").get_data(as_text=True)
    hrefs = re.findall(r'href="/static/([^"]+)"', html)
    assert hrefs and all(name in app.extensions["assets"]["hashed"] for name in hrefs)
    r = client.get(f"/static/{hrefs[0]}")
    assert r.status_code == 200 and r.headers["Cache-Control"] == caching.IMMUTABLE
    source = {hashed: plain for plain, hashed in app.extensions["assets"]["files"].items()}[hrefs[0]]
    assert r.get_data() == (assets.SOURCE / source).read_bytes()
    plain = client.get("/static/site.css")
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "no-cache"


def test_the_manifest_names_each_file_by_its_content(tmp_path):
    source = tmp_path / "static"
    (source / "game").mkdir(parents=True)
    (source / "a.css").write_text("body{}")
    (source / "game" / "b.js").write_text("x")
    manifest = assets.build(source, tmp_path / "out")
    assert manifest["files"]["a.css"] == assets.hashed_name("a.css", b"body{}")
    assert (tmp_path / "out" / manifest["files"]["game/b.js"]).read_text() == "x"
    assert (tmp_path / "out" / (manifest["files"]["a.css"] + ".gz")).is_file()
    assert assets.load(tmp_path / "out", source) == manifest
    (source / "a.css").write_text("body{color:red}")
    assert assets.load(tmp_path / "out", source) is None  # out of date: not used


def test_the_content_version_is_named_by_health(app, client):
    health = client.get("/healthz").get_json()
    assert health["content"] == app.extensions["live"].release.version
    assert health["code"] == app.config["CODE_VERSION"]


def test_compression_comes_after_the_policy_one_etag_and_plain_kept_bodies(client):
    """web/compression.py runs on the plain body the policy has seen: the gzip answer keeps the
    page's weak ETag and says Vary: Accept-Encoding, a 304 is never compressed, and the page
    memory keeps plain bodies (a reader without gzip never gets gzip bytes)."""
    import gzip

    path = "/et/siggil/faq?with=ko"
    packed = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    plain = client.get(path)  # from the page memory now
    assert "Content-Encoding" not in plain.headers and plain.data.startswith(b"<!doctype html>")
    assert gzip.decompress(packed.data) == plain.data
    assert packed.headers["ETag"] == plain.headers["ETag"] and packed.headers["ETag"].startswith('W/"')
    again = client.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304 and not again.data and "Content-Encoding" not in again.headers


def test_the_service_worker_is_revalidated_never_kept_as_a_page(client):
    r = client.get("/sw.js", headers={"Accept-Encoding": "gzip"})
    assert r.headers["Cache-Control"] == "no-cache" and caching.IMMUTABLE not in r.headers["Cache-Control"]
    assert r.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in r.headers["Vary"]
    assert client.get("/sw.js", headers={"If-None-Match": r.headers["ETag"]}).status_code == 304
