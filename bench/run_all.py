"""Runs every benchmark in turn (make bench); copy the figures into docs/benchmarks.md."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
RUNS = [
    ["bench_engine_wizard.py"],
    ["bench_engine_deductio.py"],
    ["bench_engine_siggil.py"],
    ["search_eval.py"],
    ["search_scale.py", "--sizes", "1", "10", "100"],
    ["bench_worst.py"],
    ["search_copies.py"],
    ["load.py", "--seconds", "30", "--clients", "16"],
    ["switch.py"],
    ["boot.py"],
    ["slow_clients.py"],
    ["phone.py"],  # a phone in Chromium: taps, FAQ heights, slow 3G, offline
    ["taps_wizard.py"],
    ["taps_wizard_table.py"],
    ["taps_deductio.py"],
    ["taps_siggil.py"],
    ["rule_heights.py"],
]


def main() -> int:
    failed = 0
    for run in RUNS:
        print(f"\n## {' '.join(run)}", flush=True)
        failed |= subprocess.call([sys.executable, str(BENCH / run[0]), *run[1:]], cwd=BENCH.parent)
    return failed


if __name__ == "__main__":
    sys.exit(main())
