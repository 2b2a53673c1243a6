"""OpenSpiel's games wrapped (``treelab.openspiel.wrap``) give OpenSpiel's own values:
``alpha_beta_search`` on tic-tac-toe and Connect Four positions, ``expectiminimax`` on
Pig, a game with chance nodes where a player moves several times running. Skipped,
saying so, when ``open_spiel`` is not installed (``scripts/python-test.sh`` installs
it)."""

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
minimax = pytest.importorskip("open_spiel.python.algorithms.minimax")

import treelab  # noqa: E402
from treelab.openspiel import wrap  # noqa: E402


def played(game, actions):
    state = game.new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def alpha_beta(game, state):
    value, _ = minimax.alpha_beta_search(
        game, state=state, maximum_depth=64, maximizing_player_id=state.current_player()
    )
    return value


@pytest.mark.parametrize("actions", [[], [4], [0, 4], [4, 0, 8], [0, 3, 1, 4]])
@pytest.mark.parametrize("algo", ["negaalpha", "negascout", "mtdf+tt=1", "sss"])
def test_tictactoe_values_are_openspiels(actions, algo):
    game = pyspiel.load_game("tic_tac_toe")
    state = played(game, actions)
    r = treelab.search(wrap(state, key=True), algo=algo, depth=9 - len(actions))
    assert r.score == alpha_beta(game, state)
    # The move treelab names best is OpenSpiel's own action (an int), and it is worth
    # the value too, by OpenSpiel's search; so is the principal variation's line.
    assert isinstance(r.best, int) and r.best in state.legal_actions()
    assert r.pv[0] == r.best and all(isinstance(a, int) for a in r.pv)
    child = state.child(r.best)
    if child.is_terminal():
        assert child.returns()[state.current_player()] == r.score
    else:
        assert -alpha_beta(game, child) == r.score


def test_wrapped_tictactoe_counts_as_the_builtin_game():
    # OpenSpiel's actions are the cells in the built-in game's order, and its returns
    # are win-loss scores: plain NegaAlpha visits the same nodes.
    game = pyspiel.load_game("tic_tac_toe")
    mine = treelab.search(wrap(game.new_initial_state()), algo="negaalpha", depth=9)
    builtin = treelab.search("tictactoe", algo="negaalpha", scoring="win-loss")
    assert mine.counters["nodes"] == builtin.counters["nodes"]
    assert mine.score == builtin.score


# Connect Four positions (OpenSpiel's actions: columns 0-6) that alpha_beta_search
# solves in under a second.
C4 = [
    [0, 4, 6, 3, 2, 4, 5, 0, 5, 5, 6, 4, 4, 1, 0, 3, 3, 6, 6, 4, 6, 5, 6, 5, 5, 3, 2, 0, 0, 4],
    [0, 4, 6, 3, 2, 4, 5, 0, 5, 5, 6, 4, 4, 1, 0, 3, 3, 6, 6, 4, 6, 5, 6, 5, 5, 3],
    [0, 4, 6, 3, 2, 4, 5, 0, 5, 5, 6, 4, 4, 1, 0, 3, 3, 6, 6, 4, 6, 5, 6, 5, 5, 3, 2],
]


@pytest.mark.parametrize("actions", C4)
def test_connect_four_values_are_openspiels(actions):
    game = pyspiel.load_game("connect_four")
    state = played(game, actions)
    r = treelab.search(wrap(state, key=True), algo="negascout+tt=8", depth=42 - len(actions))
    assert r.score == alpha_beta(game, state)
    # The same position in treelab's own Connect Four (columns 1-7), searched to the
    # end with win-loss scoring, has the same value.
    builtin = treelab.search(
        "connect4", "".join(str(a + 1) for a in actions), "negascout+tt=8",
        42 - len(actions), scoring="win-loss",
    )
    assert builtin.score == r.score


@pytest.mark.parametrize("algo", ["expectimax", "star1", "star2"])
@pytest.mark.parametrize("params", [{"winscore": 4, "horizon": 6}, {"winscore": 5, "horizon": 7}])
def test_pig_values_are_expectiminimaxs(algo, params):
    game = pyspiel.load_game("pig", params)
    state = game.new_initial_state()
    horizon = params["horizon"]
    expected, _ = minimax.expectiminimax(state, horizon, lambda s: 0.0, 0)
    # Each decision may need a pass of the other side before it: twice the plies.
    r = treelab.search(wrap(state), algo=algo, depth=2 * horizon + 2)
    assert r.complete
    assert abs(r.score - expected) < 1e-9, (r.score, r.score_exact, expected)


def test_what_wrap_refuses():
    with pytest.raises(ValueError, match="perfect information"):
        wrap(pyspiel.load_game("kuhn_poker").new_initial_state())
    game = pyspiel.load_game("pig", {"winscore": 4, "horizon": 6})
    with pytest.raises(ValueError, match="chance nodes"):
        treelab.search(wrap(game.new_initial_state()), algo="negaalpha", depth=4)
