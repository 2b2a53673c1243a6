#!/usr/bin/env python3
"""OpenSpiel's MCTS speed from a game's start position: the reference for treelab's MCTS.

Times OpenSpiel's `MCTSBot` (UCT, one random rollout per simulation, no solver) choosing
a move from the start position, one thread, and prints simulations per second. By
default the C++ bot the package wraps (`pyspiel.MCTSBot`), the fast one; `--python` times
the pure-Python `open_spiel.python.algorithms.mcts.MCTSBot` instead. Not a
test dependency: run it by hand, in the same sitting as treelab's own MCTS benchmark,
and quote the two as a ratio (a speed figure holds only on one machine at one time).

Set-up, outside the repository:
    python3 -m venv ~/openspiel-venv && ~/openspiel-venv/bin/pip install open_spiel
Run:
    ~/openspiel-venv/bin/python scripts/openspiel_mcts_speed.py \
        [--game connect_four] [--simulations 20000] [--repeats 5] [--seed 1] [--python]
"""

import argparse
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts


def make_bot(game, simulations, seed, uct_c, python):
    """OpenSpiel's UCT bot with one random rollout per simulation and no solver."""
    if python:
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        return mcts.MCTSBot(game, uct_c, simulations, evaluator, solve=False, random_state=rng)
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(game, evaluator, uct_c, simulations, 1000, False, seed, False)


def simulations_per_second(game_name, simulations, seed, uct_c, python):
    """One move chosen from the start position; its simulations per second."""
    game = pyspiel.load_game(game_name)
    bot = make_bot(game, simulations, seed, uct_c, python)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    return simulations / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="connect_four", help="an OpenSpiel game name (connect_four, othello, tic_tac_toe)")
    parser.add_argument("--simulations", type=int, default=20000, help="simulations per move")
    parser.add_argument("--repeats", type=int, default=5, help="moves timed, each from the start")
    parser.add_argument("--seed", type=int, default=1, help="the first repeat's seed; each repeat adds 1")
    parser.add_argument("--uct-c", type=float, default=2.0, help="UCT's exploration constant")
    parser.add_argument("--python", action="store_true", help="the pure-Python bot, not the C++ one")
    args = parser.parse_args()
    if args.simulations < 1 or args.repeats < 1:
        parser.error("--simulations and --repeats must be at least 1")
    rates = [
        simulations_per_second(args.game, args.simulations, args.seed + r, args.uct_c, args.python)
        for r in range(args.repeats)
    ]
    print(
        f"{args.game}: OpenSpiel {'Python' if args.python else 'C++'} MCTSBot, {args.simulations} simulations, one random rollout each, "
        f"uct_c {args.uct_c}: median {statistics.median(rates):,.0f} simulations/s "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f}, {args.repeats} moves)"
    )


if __name__ == "__main__":
    main()
