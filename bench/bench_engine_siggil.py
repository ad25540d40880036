"""Siggil engine speed: full random games (uniform among legal actions) per second.

Usage: python bench/bench_engine_siggil.py [games per mode] [seconds-free: no timing in tests]
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import siggil
from engine.core import Rng

MODES = [
    ("2 players", {"players": 2}),
    ("3 players", {"players": 3}),
    ("4 players", {"players": 4}),
    ("solo easy", {"players": 1, "level": "easy"}),
    ("solo advanced", {"players": 1, "level": "advanced"}),
    ("2 players, apex layout", {"players": 2, "layout": "pyramids-apex"}),
]


def play(options: dict, seed: int) -> int:
    state = siggil.new_game(options, seed)
    rng = Rng(seed + 1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return len(state.log)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(f"Siggil engine: {games} full random games per mode (Python {sys.version.split()[0]})")
    print(f"{'mode':<24} {'games/s':>9} {'ms/game':>9} {'actions/game':>13}")
    total_games, total_time = 0, 0.0
    for name, options in MODES:
        start = time.perf_counter()
        actions = sum(play(options, seed) for seed in range(games))
        elapsed = time.perf_counter() - start
        total_games += games
        total_time += elapsed
        print(f"{name:<24} {games / elapsed:9.0f} {1000 * elapsed / games:9.2f} {actions / games:13.1f}")
    print(f"{'all':<24} {total_games / total_time:9.0f} {1000 * total_time / total_games:9.2f}")
    # replaying a stored log (what a request with a game in its URL costs)
    state = siggil.new_game({"players": 3}, 42)
    rng = Rng(43)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    log = siggil.encode_log(state.log)
    start = time.perf_counter()
    n = 200
    for _ in range(n):
        siggil.replay({"players": 3}, 42, siggil.decode_log(log))
    elapsed = time.perf_counter() - start
    print(f"replay of a {len(state.log)}-action game from its {len(log)}-character log: "
          f"{1000 * elapsed / n:.2f} ms")


if __name__ == "__main__":
    main()
