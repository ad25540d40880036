"""The score pad's arithmetic in JavaScript (static/wizard/scorepad-rules.js, what keeps the pad
working offline) against the engine: hundreds of generated rounds (scores, refused bids, tricks
that do not add up), rankings, and whole pads through the address format, run in node (or, where
node is missing, in Chromium)."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import wizard as W
from engine.core import BadInput, RuleViolation

ROOT = Path(__file__).resolve().parent.parent
RULES_JS = ROOT / "static" / "wizard" / "scorepad-rules.js"
RUNNER = """
const R = require(process.argv[1]);
let input = "";
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const cases = JSON.parse(input);
  const out = {
    rounds: cases.rounds.map((c) => ({
      bids: R.checkBids(c.players, c.variant, c.dealer, c.round, c.bids),
      score: R.scoreRound(c.bids, c.tricks, c.round),
    })),
    rankings: cases.rankings.map((t) => R.ranking(t)),
    pads: cases.pads.map((s) => {
      const d = R.decode(s);
      if (d.error) return { error: d.error.code, round: d.error.round || null };
      const t = R.table(d.pad);
      return { encoded: R.encode(d.pad), totals: t.totals, step: R.step(d.pad), round: R.currentRound(d.pad),
               ranks: t.ranking ? t.ranking.places.map((p) => [p.seat, p.rank]) : null };
    }),
  };
  process.stdout.write(JSON.stringify(out));
});
"""


def run_js(cases: dict, browser_factory) -> dict:
    node = shutil.which("node")
    if node:
        done = subprocess.run([node, "-e", RUNNER, str(RULES_JS)], input=json.dumps(cases), capture_output=True,
                              text=True, check=True, timeout=60)
        return json.loads(done.stdout)
    browser = browser_factory()  # no node: the same code in Chromium
    page = browser.new_page()
    page.add_script_tag(content=RULES_JS.read_text(encoding="utf-8"))
    body = RUNNER.split('process.stdin.on("end", () => {', 1)[1].rsplit("});", 1)[0]
    body = body.replace("JSON.parse(input)", "input").replace("process.stdout.write(JSON.stringify(out));", "return out;")
    result = page.evaluate(f"(input) => {{ const R = window.WizardPad; {body} }}", cases)
    page.close()
    return result


# --- the engine's answers -------------------------------------------------------------------------------


def engine_bids(players: int, variant: bool, dealer: int, round_no: int, bids: list[int]):
    """As the pad checks a round's bids: the bidding replayed through the engine."""
    options = {"players": players, "forbid_bids_equal_tricks": variant, "first_dealer": dealer,
               "start_round": round_no, "end_round": round_no}
    state = W.new_game(options, seed=round_no)
    if state.phase == W.PHASE_TRUMP:
        state.apply({"type": "choose_trump", "suit": "H", "player": state.dealer})
    try:
        for i in range(players):
            seat = (dealer + 1 + i) % players
            state.apply({"type": "bid", "bid": bids[seat], "player": seat})
    except RuleViolation as e:
        return {"code": e.code, "rule": e.rule_id, "params": e.params}
    return None


def engine_score(bids, tricks, round_no):
    try:
        details = W.score_details(bids, tricks, round_no)
    except BadInput as e:
        return {"error": {"code": e.code, "params": e.params}}
    return {"points": [d["points"] for d in details], "rules": [d["rule"] for d in details],
            "params": [d["params"] for d in details]}


def generated_rounds(rng: random.Random, count: int) -> list[dict]:
    out = []
    for _ in range(count):
        players = rng.randint(3, 6)
        round_no = rng.randint(1, W.rounds_for(players))
        bids = [rng.randint(0, round_no) for _ in range(players)]
        if rng.random() < 0.08:
            bids[rng.randrange(players)] = round_no + 1  # out of range
        if rng.random() < 0.3:  # the dealer's bid makes the total the round: the variant refuses it
            dealer = rng.randrange(players)
            others = sum(b for s, b in enumerate(bids) if s != dealer)
            if 0 <= round_no - others <= round_no:
                bids[dealer] = round_no - others
        tricks = [0] * players
        for _ in range(round_no):
            tricks[rng.randrange(players)] += 1
        if rng.random() < 0.08:
            tricks[rng.randrange(players)] += 1  # do not add up
        out.append({"players": players, "variant": rng.random() < 0.5, "dealer": rng.randrange(players),
                    "round": round_no, "bids": bids, "tricks": tricks})
    return out


def generated_pads(rng: random.Random, count: int) -> list[tuple[str, list[int] | None]]:
    """Whole pads as the site encodes them (some finished, some halfway, some damaged), with
    the engine's totals (None for a damaged one)."""
    from engine.wizard.site.scorepad import Pad

    out = []
    for i in range(count):
        players = rng.randint(3, 6)
        total_rounds = W.rounds_for(players)
        pad = Pad(players, rng.random() < 0.5, rng.randrange(players), [f"P{k}" if k % 2 else "" for k in range(players)])
        rounds = total_rounds if i % 4 == 0 else rng.randint(0, total_rounds)
        totals = [0] * players
        for r in range(1, rounds + 1):
            while True:
                bids = [rng.randint(0, r) for _ in range(players)]
                if engine_bids(players, pad.variant, pad.dealer(r), r, bids) is None:
                    break
            tricks = [0] * players
            for _ in range(r):
                tricks[rng.randrange(players)] += 1
            last_open = r == rounds and rng.random() < 0.3
            pad.rounds.append((bids, None if last_open else tricks))
            if not last_open:
                totals = [t + p for t, p in zip(totals, W.score_round(bids, tricks, r), strict=True)]
        text = pad.encode()
        if i % 7 == 3 and pad.rounds:  # damaged: a round's tricks that cannot be
            text = text[:-1] + ("k" if text[-1] != "k" else "j")
            out.append((text, None))
        else:
            out.append((text, totals))
    return out


@pytest.fixture()
def browser_factory(request):
    """Chromium, only when node is missing (the session's browser, started on demand)."""
    return lambda: request.getfixturevalue("browser")


def site_decodes(app, text: str) -> bool:
    from flask import g

    from engine.wizard.site.scorepad import decode_pad
    from web.tools import ToolError

    with app.test_request_context("/en/"):
        g.lang = "en"
        try:
            decode_pad(text)
        except ToolError:
            return False
    return True


def test_the_pad_arithmetic_matches_the_engine(app, browser_factory):
    rng = random.Random(2026)
    rounds = generated_rounds(rng, 400)
    rankings = [[rng.choice(range(-300, 400, 10)) for _ in range(rng.randint(3, 6))] for _ in range(200)]
    pads = generated_pads(rng, 120)
    got = run_js({"rounds": rounds, "rankings": rankings, "pads": [p for p, _t in pads]}, browser_factory)

    refused = scored = errors = 0
    for case, js in zip(rounds, got["rounds"], strict=True):
        expected = engine_bids(case["players"], case["variant"], case["dealer"], case["round"], case["bids"])
        assert js["bids"] == expected, case
        refused += expected is not None
        engine = engine_score(case["bids"], case["tricks"], case["round"])
        if "error" in engine:
            assert js["score"].get("error") == engine["error"], case
            errors += 1
        else:
            details = js["score"]["details"]
            assert [d["points"] for d in details] == engine["points"], case
            assert [d["rule"] for d in details] == engine["rules"], case
            assert [d["params"] for d in details] == engine["params"], case
            scored += 1
    assert refused >= 40 and scored >= 200 and errors >= 20  # every kind of answer was tried

    for totals, js in zip(rankings, got["rankings"], strict=True):
        expected = W.ranking(totals)
        assert js["ranks"] == expected["ranks"] and js["winners"] == expected["winners"], totals

    for (text, totals), js in zip(pads, got["pads"], strict=True):
        if totals is None:
            assert (js.get("error") == "bad-pad") == (not site_decodes(app, text)), text
            continue
        assert js["encoded"] == text and js["totals"] == totals, text
