#!/usr/bin/env python3
"""Speed of games written in Python against the same game built in: NegaAlpha over
tic-tac-toe's whole tree (win-loss scoring, 18,297 nodes either way), written as a
treelab.Game, as OpenSpiel's game wrapped (when open_spiel is installed, beside
OpenSpiel's own alpha_beta_search of the same tree), and built in. Best of 5 runs each,
alternating. Run with the package installed: python scripts/python-speed.py
"""

import platform
import sys
import time
from pathlib import Path

import treelab

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "tests"))
from test_games import TicTacToe  # noqa: E402  (the test's game: the docs' example)


def best_of(runs, f):
    best = None
    for _ in range(runs):
        t = time.perf_counter()
        out = f()
        dt = time.perf_counter() - t
        best = dt if best is None or dt < best else best
    return best, out


def main():
    cases = [
        ("built in (tictactoe)", lambda: treelab.search("tictactoe", algo="negaalpha", scoring="win-loss", progress=False)),
        ("written in Python (treelab.Game)", lambda: treelab.search(TicTacToe(), algo="negaalpha", depth=9, scoring="win-loss", progress=False)),
    ]
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax

        from treelab.openspiel import wrap

        game = pyspiel.load_game("tic_tac_toe")
        cases.append(("OpenSpiel's game wrapped", lambda: treelab.search(wrap(game.new_initial_state()), algo="negaalpha", depth=9, progress=False)))
        cases.append(("OpenSpiel's alpha_beta_search", lambda: minimax.alpha_beta_search(game, maximizing_player_id=0)))
    except ImportError:
        print("(open_spiel not installed: its rows are left out)")
    times = {name: None for name, _ in cases}
    nodes = {}
    for _ in range(5):
        for name, f in cases:
            dt, out = best_of(1, f)
            times[name] = dt if times[name] is None else min(times[name], dt)
            if hasattr(out, "counters"):
                nodes[name] = out.counters["nodes"]
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, treelab {treelab.__version__}")
    base = times[cases[0][0]]
    print(f"| {'search':<34} | {'nodes':>7} | {'seconds':>8} | {'nodes/s':>10} | {'x built in':>10} |")
    print(f"|{'-' * 36}|{'-' * 9}:|{'-' * 10}:|{'-' * 12}:|{'-' * 12}:|")
    for name, _ in cases:
        n = nodes.get(name)
        rate = f"{n / times[name]:,.0f}" if n else "-"
        print(f"| {name:<34} | {n if n else '-':>7} | {times[name]:>8.4f} | {rate:>10} | {times[name] / base:>10.0f} |")


if __name__ == "__main__":
    main()
