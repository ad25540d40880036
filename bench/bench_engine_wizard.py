"""Full random Wizard games per second, for 3 to 6 players.

Each game is played from the deal to the end, choosing uniformly among State.legal_actions()
at every step (as the property tests do), so the figure includes the legal-move generation.

    python bench/bench_engine_wizard.py [--games N] [--players 4 6]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Rng
from engine.wizard import new_game, replay


def random_game(players: int, seed: int, forbid: bool = False):
    state = new_game({"players": players, "forbid_bids_equal_tricks": forbid}, seed)
    rng = Rng(seed ^ 0x5EED)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def measure(players: int, games: int) -> tuple[float, int]:
    random_game(players, 0)  # warm up
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(1, games + 1):
        actions += len(random_game(players, seed, forbid=seed % 2 == 0).actions)
    return time.perf_counter() - start, time.process_time() - cpu, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {args.games} games per player count")
    print(f"{'players':>7} {'games/s':>9} {'ms/game':>8} {'cpu ms/game':>12} {'actions/game':>13} "
          f"{'us/action':>10} {'replay ms':>10}")
    for players in args.players:
        seconds, cpu, actions = measure(players, args.games)
        # replaying a finished game from its log (what a request with a saved game costs)
        log = random_game(players, 12345)
        start = time.perf_counter()
        for _ in range(50):
            replay(log.options, log.seed, log.actions)
        replay_ms = (time.perf_counter() - start) / 50 * 1000
        print(f"{players:>7} {args.games / seconds:>9.0f} {seconds / args.games * 1000:>8.2f} "
              f"{cpu / args.games * 1000:>12.2f} {actions / args.games:>13.0f} "
              f"{seconds / actions * 1e6:>10.1f} {replay_ms:>10.2f}")


if __name__ == "__main__":
    main()
