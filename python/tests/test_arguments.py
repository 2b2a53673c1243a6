"""Arguments out of range or of the wrong type: a ValueError (or TypeError) that names
the argument, the value given and what it takes, before anything runs; never an
OverflowError from a conversion."""

import pytest

import treelab

FFO40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"


class Nim(treelab.Game):
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
        return -1

    def bounds(self):
        return (-1, 1)


SEARCHES = [
    (dict(depth=-1), ValueError, r"^depth=-1: give a whole number from 1 to 64, the plies to search"),
    (dict(depth=0), ValueError, r"^depth=0: give a whole number from 1 to 64"),
    (dict(depth=65), ValueError, r"^depth=65: give a whole number from 1 to 64"),
    (dict(depth=2**64), ValueError, r"^depth=18446744073709551616: give a whole number from 1 to 64"),
    (dict(depth="6"), TypeError, r"^depth='6': give a whole number from 1 to 64"),
    (dict(depth=6.0), TypeError, r"^depth=6.0: give a whole number"),
    (dict(depth=True), TypeError, r"^depth=True: give a whole number"),
    (dict(depth=6, nodes=-1), ValueError, r"^nodes=-1: give a whole number of at least 1, the nodes after which the search stops"),
    (dict(depth=6, nodes=0), ValueError, r"^nodes=0: give a whole number of at least 1"),
    (dict(depth=6, nodes=2**70), ValueError, r"^nodes=1180591620717411303424: give a whole number of at least 1"),
    (dict(depth=6, seconds=-1.0), ValueError, r"^seconds=-1: a time budget of -1 s is not a positive number"),
]


@pytest.mark.parametrize("kwargs,error,message", SEARCHES)
def test_a_search_names_the_argument_it_refuses(kwargs, error, message):
    with pytest.raises(error, match=message):
        treelab.search("othello", FFO40, "negaalpha", **kwargs)


@pytest.mark.parametrize("kwargs,error,message", SEARCHES[:-1])
def test_a_python_games_search_names_the_argument_too(kwargs, error, message):
    with pytest.raises(error, match=message):
        treelab.search(Nim((1, 2)), algo="negaalpha", **kwargs)


def test_a_parallel_rows_threads_say_what_they_take():
    with pytest.raises(ValueError, match=r"threads takes a whole number from 1 to 256"):
        treelab.search("othello", FFO40, "pvs-root", 4, threads=-1)
    with pytest.raises(ValueError, match=r"threads takes a whole number from 1 to 256"):
        treelab.search("othello", FFO40, "pvs-root", 4, threads=2**64)


@pytest.mark.parametrize(
    "call,error,message",
    [
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", 2, threads=-1), ValueError,
         r"^threads=-1: give a whole number from 1 to 256, the worker threads"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", 2, threads=0), ValueError, r"^threads=0: give"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", [2, -1]), ValueError,
         r"^depths=-1: give a whole number from 1 to 64"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", [2**64]), ValueError,
         r"^depths=18446744073709551616: give a whole number from 1 to 64"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", "0..3"), ValueError,
         r"depth 0 is out of range: use 1 to 64"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", 2, limit=0), ValueError,
         r"^limit=0: give a whole number of at least 1"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", 2, range=(45, 42)), ValueError,
         r"^range=\(45, 42\): the range is empty"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", 2, range=(60, 70)), ValueError,
         r"no position selected"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", 2, shard=(4, 4)), ValueError,
         r"^shard=4: give a whole number from 0 to 3, \(k, n\): slice k of n"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", 2, shard=(0, 0)), ValueError,
         r"^shard=0: give a whole number of at least 1"),
        (lambda: treelab.bench("fforum-40-59.obf", "negaalpha", 2, shard="1-4"), ValueError,
         r"^shard='1-4': give 'k/n'"),
        (lambda: treelab.match("tictactoe", "random", "random", -1), ValueError,
         r"^games=-1: give a whole number from 1 to 100000000, the games to play"),
        (lambda: treelab.match("tictactoe", "random", "random", 2, seed=-1), ValueError,
         r"^seed=-1: give a whole number of at least 0, the seed"),
        (lambda: treelab.match("tictactoe", "random", "random", 2, threads=-1), ValueError, r"^threads=-1: give"),
        (lambda: treelab.match("tictactoe", "random", "random", 2, openings="Test_L3_R1"), ValueError,
         r"^openings='Test_L3_R1': a Connect Four suite, not Tic-tac-toe"),
        (lambda: treelab.solve("othello", FFO40, threads=-1), ValueError, r"^threads=-1: give"),
        (lambda: treelab.exercise("alphabeta", "easy", seed=-3), ValueError, r"^seed=-3: give"),
        (lambda: treelab.exercise("alphabeta", "easy", count=0), ValueError,
         r"^count=0: give a whole number from 1 to 100, the exercises to draw"),
        (lambda: treelab.trace("tictactoe", None, "alphabeta", -2), ValueError, r"^depth=-2: give"),
        (lambda: treelab.search("tictactoe", algo="negaalpha", progress="yes"), TypeError,
         r"^progress='yes': give a callable progress\(done, total\)"),
    ],
)
def test_every_call_names_the_argument_it_refuses(call, error, message):
    with pytest.raises(error, match=message):
        call()
