"""The slowest request per route, at the input limits, in-process (Flask test client).

Every GET and POST route is driven with its worst inputs: the longest words of each script
and the most words a query may have, random runs of Hangul without spaces, the largest tool
situations, the longest tutorial tokens and score-pad tokens, JSON nested as deep as the size
limit allows, query strings of the most keys. Target: no request over 50 ms.

    python bench/bench_worst.py [--trials N]
"""
from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app import create_app
from content.model import LANGS

TARGET_MS = 50.0
SCRIPTS = {
    "en": "abcdefghijklmnopqrstuvwxyz", "fi": "aeiouyäökltnsrmpvhj", "et": "aeiouõäöüktnsrmpvhjl",
    "lt": "aeiouąčęėįšųūžklmnprst",
}


def words_of(rng: random.Random, lang: str, length: int, limit: int = 200) -> str:
    if lang == "ko":
        make = lambda: "".join(chr(rng.randint(0xAC00, 0xD7A3)) for _ in range(length))  # noqa: E731
    else:
        make = lambda: "".join(rng.choice(SCRIPTS[lang]) for _ in range(length))  # noqa: E731
    out = make()
    while len(out) + length + 1 <= limit:
        out += " " + make()
    return out[:limit]


def questions(rng: random.Random, trials: int) -> list[tuple[str, str]]:
    out = []
    for lang in LANGS:
        for _ in range(trials):
            for length in ((1, 2, 3, 5, 8, 9, 20, 200) if lang == "ko" else (3, 7, 12, 20, 25, 40, 41, 199)):
                out.append((lang, words_of(rng, lang, length)))
    return out


def score_pad_token(client, players: int) -> str:
    """The longest pad: every round of a game entered through the form."""
    url = client.get(f"/en/wizard/tools/score?players={players}&dealer=1").headers["Location"]
    s = parse_qs(urlparse(url).query)["s"][0]
    rounds = 60 // players
    for round_no in range(1, rounds + 1):
        bids = {f"b{i}": "0" for i in range(1, players + 1)}
        bids["b1"] = str(round_no)
        s = parse_qs(urlparse(client.get("/en/wizard/tools/score", query_string={"s": s, **bids})
                              .headers["Location"]).query)["s"][0]
        tricks = {f"t{i}": "0" for i in range(1, players + 1)}
        tricks["t1"] = str(round_no)
        s = parse_qs(urlparse(client.get("/en/wizard/tools/score", query_string={"s": s, **tricks})
                              .headers["Location"]).query)["s"][0]
    return s


def requests(app, rng: random.Random, trials: int) -> list[tuple[str, str, dict]]:
    """(method, path, options) for every route at its limits."""
    site = app.extensions["site"]
    client = app.test_client()
    out: list[tuple[str, str, dict]] = []
    for lang, q in questions(rng, trials):
        out.append(("GET", f"/{lang}/search", {"query_string": {"q": q}}))
        out.append(("GET", "/api/v1/search", {"query_string": {"q": q, "lang": lang, "limit": "50"}}))
        out.append(("GET", "/api/v1/suggest", {"query_string": {"q": q[:100], "lang": lang}}))
    for lang in LANGS:
        out.append(("GET", f"/{lang}/", {}))
        for game in site.games.values():
            for path in ("", "faq", "tools"):
                out.append(("GET", f"/{lang}/{game.id}/{path}", {}))
            for entry in site.entries.values():
                if entry.game == game.id:
                    out.append(("GET", f"/{lang}/{game.id}/{entry.id}", {}))
                    out.append(("GET", f"/api/v1/entries/{entry.id}", {"query_string": {"lang": lang}}))
            tutorial = game.tutorial
            if tutorial is not None:
                for step_id, decisions in sorted(tutorial.links.items(), key=lambda x: -len(x[1]))[:8]:
                    out.append(("GET", f"/{lang}/{game.id}/tutorial/{step_id}",
                                {"query_string": {"t": tutorial.token(decisions)}}))
    hand = "H1.H2.H3.H4.H5.H6.H7.H8.H9.H10.H11.H12.H13.D1.D2.D3.D4.D5.D6.D7"
    spirits = ".".join(f"{f}{n}" for f in ("leaf", "stone", "deer", "wolf", "fish", "crow", "tree")
                       for n in range(1, 9))
    tools = [
        ("/en/wizard/tools/trick", {"trump": "S", "cards": "H13.W.J.S1.H12.C7"}),
        ("/en/wizard/tools/legal", {"trump": "S", "hand": hand, "w": "1", "j": "1", "t1": "J", "t2": "J",
                                    "t3": "D13", "t4": "S12", "t5": "W"}),
        ("/en/deductio/tools/clue", {"players": "4", "secret": "17", "centre": ".".join(map(str, range(1, 21))),
                                     "row": "even.ge7.le12.odd.ge3.le18.even.ge9.odd.le5"}),
        ("/en/deductio/tools/guess", {"players": "4", "number": "20", "known": ".".join(map(str, range(1, 21)))}),
        ("/en/siggil/tools/capture", {"players": "4", "level": "advanced", "spirit": "leaf", "where": "held",
                                      "holder": spirits, "mine": spirits, "play": spirits}),
        ("/en/siggil/tools/end", {"players": "4", **{f"s{k}": "leaf.stone.deer.wolf.fish.crow.tree"
                                                      for k in range(1, 5)}, **{f"h{k}": str(k) for k in range(1, 5)}}),
    ]
    for lang in LANGS:
        for path, query in tools:
            out.append(("GET", path.replace("/en/", f"/{lang}/"), {"query_string": query}))
    for players in (3, 6):
        s = score_pad_token(client, players)
        for lang in LANGS:
            out.append(("GET", f"/{lang}/wizard/tools/score", {"query_string": {"s": s}}))
    many_keys = "&".join(f"k{i}=v" for i in range(400))[:2040]
    out.append(("GET", f"/en/wizard/?{many_keys}", {}))
    deep = "[" * 8000 + "]" * 8000
    bodies = [deep, json.dumps({"trump": "S", "hand": hand.split("."), "trick": ["J", "J", "D13", "S12", "W"]}),
              json.dumps({"bids": [20] * 6, "tricks": [20] * 6, "round": 10}),
              json.dumps({"players": 4, "holder": spirits.split("."), "mine": spirits.split("."),
                          "play": spirits.split("."), "spirit": "leaf"})]
    for rule in app.url_map.iter_rules():
        if "POST" in rule.methods:
            for body in bodies:
                out.append(("POST", rule.rule, {"data": body, "content_type": "application/json"}))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3, help="random questions per length and language")
    args = parser.parse_args()
    app = create_app({"QUIET_LOG": True})
    rng = random.Random(20261201)
    todo = requests(app, rng, args.trials)
    client = app.test_client()
    slowest: dict[str, tuple[float, str, int]] = {}
    failures: list[str] = []
    for method, path, options in todo:
        gc.collect(0)
        start = time.perf_counter()
        r = client.open(path, method=method, **options)
        ms = (time.perf_counter() - start) * 1000
        if r.status_code == 302:  # a form's fields, redirected once to the compact address
            path, options = r.headers["Location"], {}
            start = time.perf_counter()
            r = client.open(path, method=method)
            ms = max(ms, (time.perf_counter() - start) * 1000)
        if r.status_code >= 500:
            failures.append(f"{method} {path[:60]}: {r.status_code}")
        endpoint = app.url_map.bind("localhost").match(path.split("?")[0], method=method)[0]
        if ms > slowest.get(endpoint, (0.0,))[0]:
            what = options.get("query_string", {}).get("q") or path
            slowest[endpoint] = (ms, f"{method} {str(what)[:40]}", r.status_code)
    print(f"{len(todo)} requests; the slowest per route (target: none over {TARGET_MS:.0f} ms)")
    print(f"{'route':32} {'ms':>7}  status  input")
    for endpoint, (ms, what, status) in sorted(slowest.items(), key=lambda x: -x[1][0]):
        flag = "  OVER" if ms > TARGET_MS else ""
        print(f"{endpoint:32} {ms:7.1f}  {status:6}  {what}{flag}")
    worst = max(ms for ms, _w, _s in slowest.values())
    print(f"slowest of all: {worst:.1f} ms; server errors: {len(failures)}")
    for line in failures[:10]:
        print("  5xx:", line)


if __name__ == "__main__":
    main()
