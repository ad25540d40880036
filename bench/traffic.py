"""The traffic of a table: which addresses a load test asks for, and how often.

A plan is a list of (category, method, path, body) with the weights below; every address is
checked in-process first (it must answer 200), so a load run measures the site, not broken
links. Categories:

    pages      home, game, FAQ and entry pages in the five languages
    search     the search page and /api/v1/search with the evaluation set's real questions
               (bench/search_eval: 450 of them), /api/v1/suggest with their first words
    api        /api/v1/entries/<id>, /api/v1/games
    tools      the ruling tools with inputs (GET pages), the trick and legal-card JSON (POST)
    tutorial   every step of every tutorial, by the usual way (the address a rule page links)
    static     the hashed stylesheets and scripts (a first visit; a phone keeps them a year)
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from urllib.parse import quote_plus

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("lt", "et", "ko", "fi", "en")
WEIGHTS = {"pages": 40, "search": 20, "api": 10, "tools": 12, "tutorial": 15, "static": 3}
TOOLS = [
    "/{lang}/wizard/tools/trick?trump=H&cards=S13.H7.H2",
    "/{lang}/wizard/tools/legal?trump=S&hand=W.H7.S2&trick=H3",
    "/{lang}/wizard/tools/score?s=1~3v0~Ann~Bo~Cy~000100~111101~200",
    "/{lang}/deductio/tools/clue?secret=7&centre=3.12.18&row=even.ge7.pm1",
    "/{lang}/deductio/tools/guess?upright=even.ge7&sideways=pm1&centre=3.12.18&known=5",
    "/{lang}/siggil/tools/capture?players=3&spirit=leaf&where=held&holder=leaf1.leaf2.leaf3&play=leaf4.leaf5.leaf6",
    "/{lang}/siggil/tools/end?players=3&s1=leaf.stone&h1=4&s2=deer&h2=2&h3=5&empty=1",
]
POSTS = [
    ("/api/v1/wizard/trick?lang=en", {"trump": "H", "cards": ["S13", "H2", "J", "S1"]}),
    ("/api/v1/wizard/legal?lang=ko", {"trump": "D", "hand": ["S3", "H4", "W", "J"], "trick": ["S9"]}),
]


def questions() -> dict[str, list[str]]:
    """The search evaluation's questions (search/evaluation.py), as players typed them."""
    from search.evaluation import load_eval_set

    return {lang: [q.q for q in load_eval_set(lang)] for lang in LANGS}


def plan(app) -> dict[str, list[tuple[str, str, str | None]]]:
    """Every address of the mix by category, each checked to answer 200."""
    site = app.extensions["site"]
    client = app.test_client()
    out: dict[str, list[tuple[str, str, str | None]]] = {k: [] for k in WEIGHTS}
    for lang in LANGS:
        out["pages"].append(("GET", f"/{lang}/", None))
        for game in site.games.values():
            out["pages"] += [("GET", f"/{lang}/{game.id}/", None), ("GET", f"/{lang}/{game.id}/faq", None)]
            out["pages"] += [("GET", f"/{lang}/{game.id}/{e.id}", None) for e in game.entries]
            tutorial = game.tutorial
            if tutorial is not None and getattr(tutorial, "links", None):
                for step, decisions in tutorial.links.items():
                    token = quote_plus(tutorial.token(decisions))
                    out["tutorial"].append(("GET", f"/{lang}/{game.id}/tutorial/{step}?t={token}", None))
            out["api"].append(("GET", f"/api/v1/games?lang={lang}", None))
        out["api"] += [("GET", f"/api/v1/entries/{e.id}?lang={lang}", None) for e in site.entries.values()]
        out["tools"] += [("GET", url.format(lang=lang), None) for url in TOOLS]
    asked = questions()
    for lang, qs in asked.items():
        for q in qs:
            out["search"].append(("GET", f"/{lang}/search?q={quote_plus(q)}", None))
            out["search"].append(("GET", f"/api/v1/search?lang={lang}&q={quote_plus(q)}", None))
            first = q.split()[0] if q.split() else q
            out["search"].append(("GET", f"/api/v1/suggest?lang={lang}&q={quote_plus(first[:12])}", None))
    out["tools"] += [("POST", path, json.dumps(body)) for path, body in POSTS] * 10
    for name in app.extensions["assets"]["hashed"]:
        if name.endswith((".css", ".js")):
            out["static"].append(("GET", f"/static/{name}", None))
    checked: dict[str, list[tuple[str, str, str | None]]] = {}
    for category, requests in out.items():
        checked[category] = []
        for method, path, body in requests:
            r = client.open(path, method=method, data=body, content_type="application/json" if body else None)
            if r.status_code == 200:
                checked[category].append((method, path, body))
    return checked


def chooser(plan: dict[str, list], seed: int):
    """A function giving (category, method, path, body) with the mix's weights."""
    rng = random.Random(seed)
    categories = [c for c in WEIGHTS if plan.get(c)]
    weights = [WEIGHTS[c] for c in categories]

    def choose():
        category = rng.choices(categories, weights)[0]
        return (category, *rng.choice(plan[category]))

    return choose, rng
