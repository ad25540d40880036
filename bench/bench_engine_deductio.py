"""Deductio engine speed: full random games per second (and milliseconds per game).

Each game is set up with new_game and played to the end by a seeded random policy that picks
uniformly among State.legal_actions() (so most turns are guesses), or with --by-type by
picking the action type first (more clue actions, powers and reveals). Only the engine is
timed: the policy's random choice is included, nothing else.

    python bench/bench_engine_deductio.py [--games N] [--by-type]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.deductio import new_game


def play(seed: int, players: int, by_type: bool) -> int:
    rnd = random.Random(seed)
    state = new_game({"players": players}, seed)
    actions = 0
    while not state.is_over:
        legal = state.legal_actions()
        if by_type:
            kind = rnd.choice(sorted({a["type"] for a in legal}))
            legal = [a for a in legal if a["type"] == kind]
        state.apply(rnd.choice(legal))
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--by-type", action="store_true", help="choose the action type first")
    args = parser.parse_args()
    policy = "action type first" if args.by_type else "uniform among legal actions"
    print(f"Deductio engine, {args.games} random games per player count, policy: {policy}")
    total_games, total_time = 0, 0.0
    for players in (2, 3, 4):
        lengths = []
        start = time.perf_counter()
        for seed in range(args.games):
            lengths.append(play(seed, players, args.by_type))
        elapsed = time.perf_counter() - start
        total_games += args.games
        total_time += elapsed
        print(f"  {players} players: {args.games / elapsed:8.0f} games/s  {1000 * elapsed / args.games:6.2f} ms/game"
              f"  ({statistics.mean(lengths):.0f} actions/game on average, {sum(lengths) / elapsed:,.0f} actions/s)")
    print(f"  all:       {total_games / total_time:8.0f} games/s  {1000 * total_time / total_games:6.2f} ms/game")


if __name__ == "__main__":
    main()
