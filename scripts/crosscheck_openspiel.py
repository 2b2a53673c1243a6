#!/usr/bin/env python3
"""Checks treelab's EinStein wurfelt nicht! against OpenSpiel's einstein_wurfelt_nicht.

Plays GAMES random games with OpenSpiel (chance outcomes drawn by their probabilities,
moves uniformly, all from --seed), writes each game's every step to a fixture (the
chance node's number of outcomes and the outcome drawn; at a player's node the legal
moves in OpenSpiel's order and the move played; the final returns) together with
perft counts from treelab's start position, then has treelab replay the fixture
(`cargo test --release --test game_ewn`), which fails on the first difference in legal
moves, chance outcomes or results, naming the game and the step.

Needs OpenSpiel: python3 -m venv VENV && VENV/bin/pip install open_spiel, then
    VENV/bin/python scripts/crosscheck_openspiel.py --seed 1 --games 1000
The committed fixture (tests/fixtures/ewn_openspiel.txt) is what this writes with
--seed 1 --games 1000; the Rust tests replay it, so CI needs no Python.
"""

import argparse
import os
import random
import subprocess
import sys

import pyspiel

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "tests", "fixtures", "ewn_openspiel.txt")


def chance_token(state, action):
    """treelab's name of a chance outcome: place<N> for a placement, roll<N> for a roll."""
    text = state.action_to_string(pyspiel.PlayerId.CHANCE, action)
    if text.startswith("roll"):
        return "roll%d" % (action + 1)
    if text.startswith("Placing"):
        return "place%d" % action
    raise SystemExit("unknown chance outcome %r" % text)


def play_game(game, rng):
    """One random game: its tokens and White's (player 1's) return."""
    state = game.new_initial_state()
    tokens = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            probs = {p for _, p in outcomes}
            if len(probs) != 1 or abs(probs.pop() * len(outcomes) - 1.0) > 1e-12:
                raise SystemExit("OpenSpiel's chance outcomes are not equally likely")
            actions = [a for a, _ in outcomes]
            action = rng.choice(actions)
            tokens.append("c%d:%s" % (len(outcomes), chance_token(state, action)))
        else:
            legal = state.legal_actions()
            names = [state.action_to_string(state.current_player(), a) for a in legal]
            i = rng.randrange(len(legal))
            action = legal[i]
            tokens.append("%s>%d" % (",".join(names), i))
        state.apply_action(action)
    returns = state.returns()
    return tokens, int(returns[1])


def perft(state, depth):
    """Leaves of the tree of moves and chance outcomes, a finished game one leaf."""
    if depth == 0 or state.is_terminal():
        return 1
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.child(a), depth - 1) for a in actions)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--out", default=None, help="the fixture to write (default: a temporary file; "
                        "--out tests/fixtures/ewn_openspiel.txt rewrites the committed one)")
    parser.add_argument("--perft", type=int, default=7, help="perft depths 1..N from treelab's start")
    parser.add_argument("--no-replay", action="store_true", help="write the fixture only")
    args = parser.parse_args()

    game = pyspiel.load_game("einstein_wurfelt_nicht")
    rng = random.Random(args.seed)
    lines = [
        "# EinStein wurfelt nicht!: random games played by OpenSpiel's einstein_wurfelt_nicht,",
        "# written by scripts/crosscheck_openspiel.py --seed %d --games %d." % (args.seed, args.games),
        "# perft D N: leaves of the tree of moves and rolls D plies deep from treelab's start",
        "# (both sides placed in order 1 to 6: OpenSpiel's placements 0 and 719), White to roll.",
        "# game I R: one game, R White's return; then its steps: cN:OUTCOME at a chance node",
        "# of N equally likely outcomes, MOVES>I at a player's node (the legal moves in",
        "# OpenSpiel's order, and the index of the one played).",
    ]
    start = game.new_initial_state()
    start.apply_action(0)
    start.apply_action(719)
    for depth in range(1, args.perft + 1):
        lines.append("perft %d %d" % (depth, perft(start, depth)))
    for i in range(args.games):
        tokens, white = play_game(game, rng)
        lines.append("game %d %d %s" % (i, white, " ".join(tokens)))
    out = args.out
    if out is None:
        import tempfile
        fd, out = tempfile.mkstemp(prefix="ewn_openspiel_", suffix=".txt")
        os.close(fd)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %d games to %s" % (args.games, out))
    if args.no_replay:
        return 0
    env = dict(os.environ, TREELAB_EWN_FIXTURE=os.path.abspath(out))
    root = os.path.join(os.path.dirname(__file__), "..")
    result = subprocess.run(
        ["cargo", "test", "--release", "--test", "game_ewn", "--", "--nocapture"],
        cwd=root, env=env)
    if result.returncode != 0:
        print("treelab differs from OpenSpiel (see above)", file=sys.stderr)
        return 1
    print("treelab agrees with OpenSpiel on all %d games and the perft counts" % args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
