"""Games written in Python (``treelab.Game``), searched by the generic engine: Nim
gives Bouton's result on random heaps with every exact algorithm (its best move and
principal variation the game's own move objects), tic-tac-toe written naturally
(``moves()`` the empty cells, ``is_over()`` a line or a full board) gives the value
plain minimax gives and exactly the built-in game's node counts, traces follow the
search with the moves never searched, and a broken game says what broke."""

import _thread
import random
import threading

import pytest

import treelab


class Nim(treelab.Game):
    """Normal-play Nim: take any number from one heap; who takes the last wins."""

    def __init__(self, heaps):
        self.heaps = tuple(heaps)

    def moves(self):
        return [(i, n) for i, h in enumerate(self.heaps) for n in range(1, h + 1)]

    def play(self, move):
        i, n = move
        return Nim(self.heaps[:i] + (self.heaps[i] - n,) + self.heaps[i + 1 :])

    def is_over(self):
        return not any(self.heaps)

    def score(self):
        return -1  # the side to move faces empty heaps: the other side took the last

    def bounds(self):
        return (-1, 1)

    def __repr__(self):
        return f"Nim{self.heaps}"


class KeyedNim(Nim):
    """Nim with a key, so that a table finds transpositions."""

    def play(self, move):
        return KeyedNim(Nim.play(self, move).heaps)

    def key(self):
        k = 0
        for h in self.heaps:
            k = k * 16 + h
        return k


def bouton(heaps):
    """Bouton (1901): the side to move wins exactly when the heaps' XOR is not 0."""
    x = 0
    for h in heaps:
        x ^= h
    return 1 if x else -1


def random_heaps(rng, n):
    return [tuple(rng.randint(0, 3) for _ in range(3)) for _ in range(n)]


def test_nim_to_the_end_gives_boutons_result_on_random_heaps():
    rng = random.Random(7)
    for heaps in random_heaps(rng, 12) + [(1, 2, 3), (1, 2, 4), (3, 3), (0, 0, 0)]:
        depth = max(sum(heaps), 1)
        r = treelab.search(Nim(heaps), algo="negaalpha", depth=depth)
        assert r.score == bouton(heaps), heaps
        assert r.complete
        if any(heaps):
            # The best move is the game's own move object, and in a won position it
            # leaves a XOR of 0.
            assert r.best in Nim(heaps).moves(), (heaps, r.best)
            after = Nim(heaps).play(r.best).heaps
            if r.score == 1:
                assert bouton(after) == -1, (heaps, r.best)
            # The principal variation is a line of move objects, each legal in turn.
            state = Nim(heaps)
            for move in r.pv:
                assert isinstance(move, tuple) and move in state.moves(), (heaps, r.pv)
                state = state.play(move)


@pytest.mark.parametrize(
    "algo",
    ["alphabeta", "negascout", "pvs", "scout", "mtdf+tt=1", "sss", "mt-sss", "negaalpha+tt=1+id"],
)
def test_every_exact_algorithm_agrees_with_bouton(algo):
    rng = random.Random(11)
    for heaps in random_heaps(rng, 6):
        depth = max(sum(heaps), 1)
        r = treelab.search(KeyedNim(heaps), algo=algo, depth=depth)
        assert r.score == bouton(heaps), (algo, heaps)


def test_a_key_lets_the_table_find_transpositions():
    plain = treelab.search(Nim((2, 2, 3)), algo="negaalpha", depth=7, tt=4)
    keyed = treelab.search(KeyedNim((2, 2, 3)), algo="negaalpha", depth=7, tt=4)
    assert plain.score == keyed.score == bouton((2, 2, 3))
    assert plain.counters["tt_hits"] == 0  # each state is its own without key()
    assert keyed.counters["tt_hits"] > 0
    assert keyed.counters["nodes"] < plain.counters["nodes"]


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe(treelab.Game):
    """Tic-tac-toe written naturally, with the built-in game's cells (a1 b1 c1 / a2
    ...), move order and win-loss scores (1, 0, -1 for the side to move): ``moves()``
    is every empty cell, also once a line is made; ``is_over()`` says the game ended."""

    def __init__(self, cells=(0,) * 9, turn=1):
        self.cells, self.turn = cells, turn

    def winner(self):
        for a, b, c in LINES:
            if self.cells[a] and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return 0

    def moves(self):
        return ["abc"[i % 3] + str(i // 3 + 1) for i in range(9) if not self.cells[i]]

    def play(self, move):
        i = "abc".index(move[0]) + 3 * (int(move[1]) - 1)
        cells = self.cells[:i] + (self.turn,) + self.cells[i + 1 :]
        return TicTacToe(cells, -self.turn)

    def is_over(self):
        return bool(self.winner()) or all(self.cells)

    def score(self):
        w = self.winner()
        return 0 if not w else (1 if w == self.turn else -1)

    def bounds(self):
        return (-1, 1)

    def key(self):
        return sum((c % 3) * 3**i for i, c in enumerate(self.cells))


def played(moves):
    state = TicTacToe()
    for m in moves.split():
        state = state.play(m)
    return state


@pytest.mark.parametrize("algo", ["negaalpha", "alphabeta", "negascout", "pvs", "minimax"])
@pytest.mark.parametrize("moves", ["", "b2", "a1 b2 c3", "a1 a2 b1"])
def test_tictactoe_in_python_counts_as_the_builtin_game(algo, moves):
    # Win-loss scoring: the built-in game's own scores a win by its length too.
    mine = treelab.search(
        played(moves), algo=algo, depth=9 - len(moves.split()), scoring="win-loss"
    )
    board = "".join({1: "X", -1: "O", 0: "."}[c] for c in played(moves).cells)
    builtin = treelab.search("tictactoe", board, algo=algo, scoring="win-loss")
    assert mine.score == builtin.score
    assert mine.best == builtin.best
    assert mine.pv == builtin.pv
    for name in ("nodes", "leaves", "interior", "beta_cutoffs", "first_move_cutoffs", "max_ply"):
        assert mine.counters[name] == builtin.counters[name], (name, algo, moves)


def plain_minimax(state, memo):
    """The value of ``state`` for the side to move by plain negamax over the whole
    tree (memoised on the board: the same value, reached sooner)."""
    if state.is_over():
        return state.score()
    key = (state.cells, state.turn)
    if key not in memo:
        memo[key] = max(-plain_minimax(state.play(m), memo) for m in state.moves())
    return memo[key]


@pytest.mark.parametrize("algo", ["negaalpha", "alphabeta", "negascout", "minimax", "mtdf+tt=1"])
def test_natural_tictactoe_is_a_draw_from_the_empty_board(algo):
    # Before is_over() was asked first, a search went on past a win (moves() still
    # lists the empty cells) and gave 1 here.
    assert plain_minimax(TicTacToe(), {}) == 0
    r = treelab.search(TicTacToe(), algo=algo, depth=9)
    assert r.score == 0 and r.complete
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax
    except ImportError:
        return
    game = pyspiel.load_game("tic_tac_toe")
    value, _ = minimax.alpha_beta_search(game, maximizing_player_id=0)
    assert value == r.score


class Spy(TicTacToe):
    """Tic-tac-toe that notes every state moves() is asked at."""

    asked = []

    def play(self, move):
        child = TicTacToe.play(self, move)
        return Spy(child.cells, child.turn)

    def moves(self):
        Spy.asked.append(self)
        return TicTacToe.moves(self)


def test_is_over_is_asked_before_moves_at_every_state():
    Spy.asked = []
    r = treelab.search(Spy(), algo="negaalpha", depth=9)
    assert r.score == 0
    assert Spy.asked, "moves() was asked"
    finished = [s for s in Spy.asked if s.is_over()]
    assert finished == [], f"moves() asked at {len(finished)} finished states"


class Stuck(Nim):
    """A game whose states have no move while is_over() says it goes on."""

    def moves(self):
        return [] if sum(self.heaps) == 1 else Nim.moves(self)

    def play(self, move):
        return Stuck(Nim.play(self, move).heaps)


def test_no_move_while_the_game_goes_on_is_an_error_that_says_so():
    with pytest.raises(ValueError, match=r"moves\(\) of Nim\(0, 1\) returned no move while is_over\(\) is False"):
        treelab.search(Stuck((1, 1)), algo="negaalpha", depth=3)


class NoneFromPlay(Nim):
    def play(self, move):
        return None


class ListFromPlay(Nim):
    def play(self, move):
        return list(Nim.play(self, move).heaps)


def test_play_returning_no_state_names_play():
    with pytest.raises(TypeError, match=r"play\(\(0, 1\)\) returned None: play\(move\) must return the state after the move"):
        treelab.search(NoneFromPlay((1, 2)), algo="negaalpha", depth=3)
    with pytest.raises(TypeError, match=r"returned \[0, 2\]: play\(move\) must return"):
        treelab.search(ListFromPlay((1, 2)), algo="negaalpha", depth=3)


def test_a_trace_follows_the_search():
    t = treelab.trace(Nim((1, 2)), algo="alphabeta", depth=3)
    r = treelab.search(Nim((1, 2)), algo="alphabeta", depth=3)
    assert len(t) == r.counters["nodes"]
    assert t[0]["path"] == "" and t[0]["ply"] == 0
    assert t[0]["value"] == r.score
    assert all(v["ply"] == len(v["path"].split(") (")) for v in t[1:])
    assert {v["type"] for v in t} <= {"pv", "cut", "all", "leaf", "table"}
    assert any(v["type"] == "cut" for v in t)
    # The moves never searched below each visit: its state's moves less those its
    # children were entered by, the states replayed here from the visits' paths.
    heaps = (1, 2, 2)
    t = treelab.trace(Nim(heaps), algo="alphabeta", depth=5)
    assert sum(1 for v in t if v["pruned"]) == 9
    for v in t:
        state = Nim(heaps)
        for part in filter(None, v["path"][1:-1].split(") (")):
            state = state.play(tuple(int(x) for x in part.split(", ")))
        below = t[v["index"] + 1 :]
        end = next((k for k, w in enumerate(below) if w["ply"] <= v["ply"]), len(below))
        children = [w for w in below[:end] if w["ply"] == v["ply"] + 1]
        if v["type"] in ("leaf", "table") or not children:
            assert v["pruned"] == "", v
            continue
        searched = {w["path"][len(v["path"]) :].strip() for w in children}
        expected = [str(m) for m in state.moves() if str(m) not in searched]
        assert v["pruned"] == " ".join(expected), v
    with pytest.raises(ValueError, match="no figure"):
        t.svg()


def test_a_grid_of_python_states():
    rows = treelab.bench([Nim((1, 2, 3)), Nim((2, 2))], ["negaalpha", "mtdf+tt=1"], [4, 6])
    records = rows.to_dict("records") if hasattr(rows, "to_dict") else rows
    assert len(records) == 2 * 2 * 2
    one = treelab.search(Nim((2, 2)), algo="mtdf+tt=1", depth=4)
    cell = [r for r in records if r["position"] == "Nim(2, 2)" and r["algorithm"] == "mtdf+tt=1"
            and r["depth"] == 4][0]
    assert cell["nodes"] == one.counters["nodes"] and cell["score"] == one.score


class Broken(Nim):
    def __init__(self, heaps, fault):
        super().__init__(heaps)
        self.fault = fault

    def play(self, move):
        if self.fault == "play":
            raise RuntimeError("play broke")
        return Broken(Nim.play(self, move).heaps, self.fault)

    def moves(self):
        if self.fault == "unhashable":
            return [[0, 1]]
        return Nim.moves(self)

    def score(self):
        return 5 if self.fault == "bounds" else -1


def test_a_broken_game_says_what_broke():
    with pytest.raises(RuntimeError, match="play broke"):
        treelab.search(Broken((1, 2), "play"), algo="negaalpha", depth=3)
    with pytest.raises(ValueError, match="hashable"):
        treelab.search(Broken((1, 2), "unhashable"), algo="negaalpha", depth=3)
    with pytest.raises(ValueError, match=r"score\(\) returned 5, outside bounds\(\) \(-1, 1\)"):
        treelab.search(Broken((1, 2), "bounds"), algo="negaalpha", depth=3)
    with pytest.raises(ValueError, match="a depth is needed"):
        treelab.search(Nim((1, 2)), algo="negaalpha")
    with pytest.raises(ValueError, match="leave position out"):
        treelab.search(Nim((1, 2)), "x", algo="negaalpha", depth=2)
    with pytest.raises(ValueError, match="subclass of treelab.Game"):
        treelab._treelab.search_game(object(), "negaalpha", 2)
    with pytest.raises(NotImplementedError):
        treelab.search(treelab.Game(), algo="negaalpha", depth=2)
    with pytest.raises(ValueError, match="one thread"):
        treelab.search(Nim((1, 2)), algo="pvs-root", depth=2, threads=2)


def test_ctrl_c_stops_a_python_game():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            treelab.search(Nim((6, 6, 6, 6)), algo="minimax", depth=24)
    finally:
        timer.cancel()
    # The next search runs as usual.
    assert treelab.search(Nim((1, 1)), algo="negaalpha", depth=2).score == -1


def test_same_counts_every_run():
    a = treelab.search(Nim((2, 3, 3)), algo="negascout", depth=8, tt=1, id=True)
    b = treelab.search(Nim((2, 3, 3)), algo="negascout", depth=8, tt=1, id=True)
    assert a.counters == b.counters and a.pv == b.pv
