"""treelab.solve, match, trace, exercise and across against the native command line:
the same numbers for the same input, the same errors."""

import _thread
import csv
import io
import os
import re
import subprocess
import threading
from pathlib import Path

import pytest

import treelab

ROOT = Path(__file__).resolve().parents[2]
TREELAB = os.environ.get("TREELAB", str(ROOT / "target" / "release" / "treelab"))
OBF = (ROOT / "assets" / "othello" / "fforum-40-59.obf").read_text().splitlines()
FFO = [l.split(";")[0].strip() for l in OBF if l.strip()]


def cli(*args):
    return subprocess.run([TREELAB, *args], capture_output=True, text=True, check=True).stdout


def cli_csv(*args):
    return list(csv.DictReader(io.StringIO(cli(*args))))


def test_solve_gives_the_command_lines_score_move_and_nodes():
    for number in (40, 41):
        row = cli_csv("solve", "--suite", "fforum-40-59.obf", "--range", f"{number}..{number}",
                      "--format", "csv")[0]
        r = treelab.solve("othello", FFO[number - 40])
        assert r.score == int(row["score"]) == int(row["expected"])
        assert r.best == row["best"]
        assert r.nodes == int(row["nodes"])
    # Connect Four: the solver's score (Pons') and nodes, as the command line's on a
    # test set's line.
    line = (ROOT / "assets" / "connect4" / "Test_L2_R1").read_text().splitlines()[0]
    moves, score = line.split()
    row = cli_csv("solve", "--suite", "Test_L2_R1", "--limit", "1", "--format", "csv")[0]
    r = treelab.solve("connect4", moves)
    assert r.score == int(score) == int(row["score"])
    assert r.nodes == int(row["nodes"])
    assert r.best is None
    # On threads: the same scores (Connect Four's solver too, on a position big
    # enough to split: a test-set line with its last four moves taken back).
    assert treelab.solve("othello", FFO[0], threads=2).score == int(score_40())
    lines = (ROOT / "assets" / "connect4" / "Test_L1_R1").read_text().splitlines()
    bigger = next(m[:-4] for m in (line.split()[0] for line in lines) if len(m) >= 11)
    one = treelab.solve("connect4", bigger)
    two = treelab.solve("connect4", bigger, threads=2)
    assert one.score == two.score


def score_40():
    return cli_csv("solve", "--suite", "fforum-40-59.obf", "--range", "40..40",
                   "--format", "csv")[0]["expected"]


def test_solve_refuses_what_it_cannot_solve():
    with pytest.raises(ValueError, match="no exact solver for tictactoe"):
        treelab.solve("tictactoe", "")
    with pytest.raises(ValueError, match="position"):
        treelab.solve("othello", "not a board")
    with pytest.raises(ValueError, match="threads"):
        treelab.solve("othello", FFO[0], threads=0)


def test_ctrl_c_stops_a_solve():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            treelab.solve("othello", FFO[10])  # #50: seconds to solve
    finally:
        timer.cancel()


def test_match_is_the_command_lines_match():
    args = ["--game", "tictactoe", "--black", "negaalpha@2", "--white", "random",
            "--games", "6", "--openings", "1", "--alternate"]
    m = treelab.match("tictactoe", "negaalpha@2", "random", 6, openings=1, alternate=True)
    lines = list(csv.DictReader(io.StringIO(cli("match", *args, "--format", "csv"))))
    assert len(m.games) == len(lines) == 6
    for game, line in zip(m.games, lines):
        assert game["index"] == int(line["game"]) and game["a_first"] == (line["a_first"] == "true")
        assert game["plies"] == int(line["plies"]) and game["opening_moves"] == int(line["opening_moves"])
        assert game["moves"] == line["moves"].split() and game["start"] == line["start"]
        assert game["score_a"] == int(line["score_a"]) and game["rolls"] == int(line["rolls"])
        for who, side in enumerate("ab"):
            for key in ("nodes", "leaves", "searches"):
                assert game[key][who] == int(line[f"{key}_{side}"]), (key, side)
    text = cli("match", *args)
    wins, draws, losses = map(int, re.search(r"A wins (\d+), draws (\d+), losses (\d+)", text).groups())
    assert (m.wins, m.draws, m.losses) == (wins, draws, losses)
    assert m.text.strip() in text
    assert len(m.games) == 6 and sum(m.pentanomial) == 3
    elo = float(re.search(r"Elo ([+-][\d.]+)", text).group(1))
    assert round(m.elo, 1) == elo
    assert 0 <= m.los <= 1 and m.elo_high == float("inf")
    with pytest.raises(ValueError, match="black"):
        treelab.match("tictactoe", "nonsense@2", "random", 2)


def test_trace_is_the_command_lines_trace():
    args = ["--game", "tictactoe", "--position", "XO.X.O...", "--algo", "alphabeta"]
    t = treelab.trace("tictactoe", "XO.X.O...", "alphabeta")
    rows = cli_csv("trace", *args, "--format", "csv")
    assert len(t) == len(rows)
    for mine, theirs in zip(t, rows):
        assert mine["path"] == theirs["path"]
        assert mine["type"] == theirs["type"]
        assert mine["reason"] == theirs["explanation"]
        assert mine["pruned"] == theirs["pruned"]
        assert mine["kind"] == theirs["kind"] and str(mine["ply"]) == theirs["ply"]
        assert (mine["value"] if mine["value"] is not None else "") == (
            float(theirs["value"]) if theirs["value"] else "")
    assert t.text == cli("trace", *args)
    svg = t.svg()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert "\\begin{tikzpicture}" in t.tikz()
    # The figure is the one --svg writes.
    out = ROOT / "target" / "trace-test.svg"
    cli("trace", *args, "--svg", str(out))
    assert out.read_text() == svg
    mcts = treelab.trace("tictactoe", None, "mcts+iterations=20")
    assert len(mcts) == 20 and "iteration" in mcts[0]
    lines = cli_csv("trace", "--game", "tictactoe", "--algo", "mcts+iterations=20", "--format", "csv")
    for mine, theirs in zip(mcts, lines):
        assert mine["iteration"] == int(theirs["iteration"])
        assert " ".join(map(str, mine["selected"])) == theirs["selected"]
        assert (mine["added_move"] or "") == theirs["added_move"]
        assert " ".join(mine["playout"]) == theirs["playout"] and mine["end"] == theirs["end"]
        assert mine["reward"] == float(theirs["reward"])
    with pytest.raises(ValueError, match="no figure"):
        mcts.svg()
    # PUCT's iterations carry the priors the network gave, the CSV's last column.
    puct = treelab.trace("tictactoe", None, "puct+iterations=20")
    lines = cli_csv("trace", "--game", "tictactoe", "--algo", "puct+iterations=20", "--format", "csv")
    assert len(puct) == 20 and len(puct[0]["priors"]) == 9 and mcts[0]["priors"] == []
    for mine, theirs in zip(puct, lines):
        assert " ".join(f"{m}:{p:.3f}" for m, p in mine["priors"]) == theirs["priors"]


def test_exercise_is_the_command_lines_exercise():
    ex = treelab.exercise("alphabeta", "medium", seed=3)
    line = cli("exercise", "--algo", "alphabeta", "--difficulty", "medium", "--seed", "3")
    first, second = line.splitlines()[:2]
    assert first.split(None, 1) == [ex.id, ex.tree]
    assert f"cutoffs: {ex.cutoffs}," in second
    assert f"leaves evaluated: {ex.leaves_searched} of {ex.leaves}" in second
    key = ex.key
    assert key["visits"] and key["value"] and key["svg"].lstrip().startswith("<")
    # The key's value is the tree's value (searched as a custom tree).
    r = treelab.search("custom", ex.tree, "alphabeta")
    assert float(key["value"]) == r.score
    assert len(treelab.exercise("star1", "easy", seed=2, count=3)) == 3
    with pytest.raises(ValueError):
        treelab.exercise("alphabeta", "impossible")


def test_across_gives_the_command_lines_figures():
    algos = "negaalpha,negascout,mtdf+tt=16+id"
    frame = treelab.bench("fforum-40-59.obf", algos, [3, 4], threads=2)
    a = treelab.across(frame)
    records = a.to_dict("records") if hasattr(a, "to_dict") else a
    text = cli("bench", "--suite", "fforum-40-59.obf", "--algos", algos, "--depths", "3,4")
    table = text.split("across positions", 1)[1].splitlines()
    assert len(records) == 4
    for r in records:
        line = next(l for l in table if l.startswith(r["algorithm"] + " ")
                    and l.split()[1] == str(r["depth"]))
        cells = line.split()
        assert int(cells[2]) == r["positions"] == 20
        assert cells[3] == f"{r['geomean']:.2f}"
        assert cells[4] == f"{r['low']:.2f}-{r['high']:.2f}"
        assert cells[5] == f"{r['total_ratio']:.2f}"
        assert [int(c) for c in cells[6:9]] == [r["fewer"], r["equal"], r["more"]]
        assert r["baseline"] == "negaalpha"
    with pytest.raises(ValueError, match="no row"):
        treelab.across(frame, baseline="sss")
