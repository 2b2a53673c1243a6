"""treelab.search against the native command line: the same counts, the same errors.

The command line is the release binary (``TREELAB``, else ``target/release/treelab``
of this checkout; ``scripts/python-test.sh`` builds it).
"""

import _thread
import os
import subprocess
import threading
import time
from pathlib import Path

import pytest

import treelab

ROOT = Path(__file__).resolve().parents[2]
TREELAB = os.environ.get("TREELAB", str(ROOT / "target" / "release" / "treelab"))
FFO = [l.split(";")[0].strip() for l in (ROOT / "assets" / "othello" / "fforum-40-59.obf").read_text().splitlines() if l.strip()]


def cli_search(game, position, row, depth):
    """``treelab search``'s counters and score for the same search (its ``--algo``
    takes a row spec)."""
    args = [TREELAB, "search", "--game", game, "--position", position, "--algo", row]
    if depth is not None:
        args += ["--depth", str(depth)]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    fields = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
    return fields


# (game, position, row, depth): every game, pruning and not, with ordering, killers,
# a table, iterative deepening, chance nodes and MCTS.
CASES = [
    ("othello", FFO[0], "negaalpha", 6),
    ("othello", FFO[1], "negascout+order=static+killers=2", 7),
    ("othello", FFO[2], "mtdf+tt=16+id", 6),
    ("othello", FFO[3], "sss", 4),
    ("connect4", "4453", "negaalpha+tt=8", 8),
    ("tictactoe", "", "alphabeta", None),
    ("tictactoe", "", "minimax", None),
    ("random-tree", "", "scout", 6),
    ("ewn", "", "star2", 2),
    ("tictactoe", "", "mcts+iterations=300", None),
    ("connect4", "4453", "puct+iterations=300", 42),
    ("connect4", "4453", "pvs+order=prior+tt=8", 7),
    ("tictactoe", "", "puct+iterations=50+puct-c=200+net=" + str(ROOT / "assets" / "nets" / "tictactoe.safetensors"), None),
]


@pytest.mark.parametrize("game,position,row,depth", CASES)
def test_search_counts_as_the_command_line(game, position, row, depth):
    r = treelab.search(game, position or None, row, depth)
    cli = cli_search(game, position, row, depth)
    counters = r.counters
    assert counters, "every counter is there"
    for name, value in counters.items():
        assert int(cli[name]) == value, f"{name}: {value} here, {cli[name]} on the command line"
    assert (cli["best"] if cli["best"] != "none" else None) == r.best
    assert cli["pv"].split() == r.pv
    assert int(cli["depth"]) == r.depth
    assert cli["complete"] == ("true" if r.complete else "false")
    if cli["score"].lstrip("+-").isdigit():
        assert int(cli["score"]) == r.score
    elif cli["score"] != "none":
        # A chance game's score is in the game's units, its fraction beside it.
        assert round(r.score, 6) == float(cli["score"])
        assert r.score_exact == cli.get("score_exact")


def test_the_network_as_evaluator_counts_as_the_command_line():
    r = treelab.search("connect4", "4453", algo="negaalpha", depth=6, evaluator="net")
    args = [TREELAB, "search", "--game", "connect4", "--position", "4453", "--algo", "negaalpha",
            "--depth", "6", "--eval", "net"]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    cli = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
    assert int(cli["nodes"]) == r.nodes
    assert int(cli["score"]) == r.score
    own = treelab.search("connect4", "4453", algo="negaalpha", depth=6)
    assert own.nodes != r.nodes


def test_puct_gives_its_estimate_and_counts_the_network():
    r = treelab.search("connect4", "4453", algo="puct", depth=42, iterations=200)
    assert r.score is None and r.estimate is not None
    assert 0 < r.net_evaluations <= r.tree_nodes <= 201
    with pytest.raises(ValueError, match="has no network face"):
        treelab.search("random-tree", algo="puct", depth=4)


def test_options_as_keywords_are_the_row_spec():
    assert treelab.row_spec("mtdf", tt=16, id=True, fail_soft=False) == "mtdf+tt=16+id"
    a = treelab.search("othello", FFO[1], "negascout", 6, order="static", killers=2)
    b = treelab.search("othello", FFO[1], "negascout+order=static+killers=2", 6)
    assert a.counters == {**b.counters, "nodes": b.counters["nodes"]}
    assert (a.score, a.best, a.pv) == (b.score, b.best, b.pv)


def cli_error(*args):
    done = subprocess.run([TREELAB, *args], capture_output=True, text=True)
    assert done.returncode != 0
    return done.stderr.strip().removeprefix("treelab: ")


@pytest.mark.parametrize(
    "call,cli",
    [
        (lambda: treelab.search("othello", "XX", "negaalpha", 3),
         ["search", "--game", "othello", "--position", "XX", "--algo", "negaalpha", "--depth", "3"]),
        (lambda: treelab.search("chess", None, "negaalpha", 3),
         ["search", "--game", "chess", "--algo", "negaalpha", "--depth", "3"]),
        (lambda: treelab.search("othello", None, "negaalpha", 3, tt="x"),
         ["search", "--game", "othello", "--algo", "negaalpha+tt=x", "--depth", "3"]),
        (lambda: treelab.search("othello", None, "quicksort", 3),
         ["search", "--game", "othello", "--algo", "quicksort", "--depth", "3"]),
    ],
)
def test_errors_are_value_errors_with_the_command_lines_message(call, cli):
    with pytest.raises(ValueError) as e:
        call()
    message = cli_error(*cli)
    assert str(e.value) in message, f"{e.value!r} is not in the CLI's {message!r}"


def test_a_game_needs_a_depth():
    with pytest.raises(ValueError, match="depth is needed"):
        treelab.search("othello", None, "negaalpha")


def test_limits_stop_a_search_and_say_so():
    r = treelab.search("othello", FFO[0], "negaalpha", 30, nodes=50_000)
    assert not r.complete and "node" in r.stopped
    assert 50_000 <= r.counters["nodes"] < 60_000


def test_ctrl_c_stops_a_long_search():
    interrupted = []

    def press_ctrl_c():
        time.sleep(0.3)
        interrupted.append(time.perf_counter())
        _thread.interrupt_main()

    threading.Thread(target=press_ctrl_c).start()
    with pytest.raises(KeyboardInterrupt):
        treelab.search("othello", FFO[0], "negaalpha", 40)
    took = time.perf_counter() - interrupted[0]
    print(f"KeyboardInterrupt {took * 1000:.1f} ms after Ctrl+C")
    assert took < 1.0


def test_searches_release_the_gil():
    # Two searches in two Python threads, and this thread counting meanwhile: the
    # count goes on while they search.
    results = []
    threads = [
        threading.Thread(target=lambda p=p: results.append(treelab.search("othello", p, "negaalpha", 9)))
        for p in FFO[:2]
    ]
    for t in threads:
        t.start()
    ticks = 0
    while any(t.is_alive() for t in threads):
        ticks += 1
    for t in threads:
        t.join()
    assert len(results) == 2 and all(r.complete for r in results)
    assert ticks > 1000, f"this thread ran {ticks} loops while they searched"


def test_a_parallel_row_gives_the_serial_value():
    # PVS split at the root on 2 and 4 threads: the exact value of NegaAlpha; the
    # counts vary from run to run and say how the work was shared.
    want = treelab.search("othello", FFO[0], "negaalpha", 6).score
    for threads in (1, 2, 4):
        r = treelab.search("othello", FFO[0], "pvs-root", 6, threads=threads, tt=4)
        assert r.score == want
        assert r.counters["threads"] == threads
    with pytest.raises(ValueError, match="threads are PVS split at the root, Lazy SMP, YBWC and ABDADA's"):
        treelab.search("othello", FFO[0], "negaalpha", 6, threads=2)
