"""Hostile input on every route: never a 5xx, every error a 4xx in the right format."""
from __future__ import annotations

import json
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content.model import LANGS

HOSTILE = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", "..", "../../etc/passwd", "%00", "*", "field:value", '"unbalanced', "(((", "[[",
                     "\x00\x01\x1b", "ko", "en", "wizard", "deductio.goal", "a" * 3000, "🂡🂱", "위자드",
                     "<script>alert(1)</script>", "%2e%2e%2f", "\u202e", "null", "{}", "1e999",
                     # numbers that are not ASCII digits
                     "²", "٣", "３", "¹²", "-1", "H²", "g1-٣"]),
)
# Query keys, not only values: Flask's url_for reads some of them as its own arguments.
KEYS = st.one_of(
    st.sampled_from(["q", "lang", "game", "limit", "s", "state", "t", "cards", "trump", "hand", "trick", "n",
                     "players", "a", "m", "secret", "number", "dealer", "b1", "t1", "h1", "s1",
                     "endpoint", "_method", "_external", "_scheme", "_anchor", "values", "view_args"]),
    st.text(min_size=1, max_size=12),
)
HOSTS = st.sampled_from(["localhost", "127.0.0.1", "127.0.0.1:8000", "evil.example", "localhost:99999", "",
                         "a b", "[::1]", "localhost.", "xn--e1afmkfd"])
SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options")
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def routes(app):
    """Every GET route of the app with its variables filled by the strategy."""
    out = []
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods and rule.endpoint != "static":
            out.append(rule)
    return out


def check_response(path: str, r) -> None:
    assert r.status_code < 500, (path, r.status_code)
    for name in SECURITY_HEADERS:
        assert name in r.headers, (path, name)
    body = r.get_data(as_text=True)
    assert "Traceback" not in body
    if r.status_code >= 400:
        if path.startswith("/api/"):
            error = r.get_json()["error"]
            assert error["code"] and error["message"]
        else:
            assert r.content_type.startswith("text/html")


@SETTINGS
@given(data=st.data())
def test_every_get_route_survives_hostile_values(client, app, data):
    rule = data.draw(st.sampled_from(routes(app)))
    values = {}
    for arg in rule.arguments:
        if arg == "lang":
            values[arg] = data.draw(st.one_of(st.sampled_from(LANGS), HOSTILE))
        else:
            values[arg] = data.draw(HOSTILE)
    path = rule.rule
    for arg, value in values.items():
        path = path.replace(f"<{arg}>", quote(value, safe=""))
    path = "/" + path.lstrip("/")  # "//x" would be read as a host name by the test client
    query = data.draw(st.dictionaries(KEYS, HOSTILE, max_size=4))
    host = data.draw(st.one_of(st.just("localhost"), HOSTS))
    r = client.get(path, query_string=query, headers={"Host": host})
    check_response(path, r)
    if host and host not in ("localhost", "127.0.0.1", "127.0.0.1:8000"):
        assert host not in r.headers.get("Location", "")


JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**20, max_value=10**20), st.floats(allow_nan=False),
              HOSTILE),
    lambda children: st.one_of(st.lists(children, max_size=8), st.dictionaries(st.text(max_size=8), children, max_size=5)),
    max_leaves=25,
)


@SETTINGS
@given(data=st.data())
def test_every_post_endpoint_survives_hostile_json(client, app, data):
    posts = [r for r in app.url_map.iter_rules() if "POST" in r.methods]
    if not posts:
        return
    rule = data.draw(st.sampled_from(posts))
    body = data.draw(st.one_of(
        JSON_VALUES,
        st.fixed_dictionaries({}, optional={
            "trump": JSON_VALUES, "cards": JSON_VALUES, "hand": JSON_VALUES, "trick": JSON_VALUES,
            "bids": JSON_VALUES, "tricks": JSON_VALUES, "players": JSON_VALUES, "secret": JSON_VALUES,
            "centre": JSON_VALUES, "row": JSON_VALUES, "spirit": JSON_VALUES, "play": JSON_VALUES,
        }),
    ))
    lang = data.draw(st.one_of(st.sampled_from(LANGS), HOSTILE))
    path = rule.rule
    text = json.dumps(body)
    depth = data.draw(st.sampled_from([0, 0, 50, 2_000, 7_000]))
    if depth:  # the same body nested deep, closed or not
        text = "[" * depth + text + "]" * data.draw(st.sampled_from([0, depth]))
    r = client.post(path, query_string={"lang": lang}, data=text, content_type="application/json")
    check_response(path, r)


def test_malformed_json_and_wrong_content_type_are_4xx(client, app):
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods:
            continue
        r = client.post(rule.rule, data="{not json", content_type="application/json")
        check_response(rule.rule, r)
        assert 400 <= r.status_code < 500
        r = client.post(rule.rule, data="trump=H", content_type="application/x-www-form-urlencoded")
        check_response(rule.rule, r)
        assert 400 <= r.status_code < 500


def test_oversized_body_is_413(client, app):
    posts = [r.rule for r in app.url_map.iter_rules() if "POST" in r.methods]
    for path in posts:
        r = client.post(path, data="[" + "1," * 20000 + "1]", content_type="application/json")
        assert r.status_code == 413
        assert r.get_json()["error"]["message"]


def test_oversized_query_string_is_414(client):
    r = client.get("/en/", query_string={"q": "x" * 5000})
    assert r.status_code == 414
