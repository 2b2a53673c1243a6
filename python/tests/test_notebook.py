"""What a notebook user reaches for: results that are data (to_dict, pickle, a
DataFrame with a column per field), the registry's algorithms and options, progress
(a callback, a tqdm bar), bench's limit, range and shard as the command line's, and a
package whose dir() shows only what it offers."""

import csv
import io
import os
import pickle
import re
import subprocess
from pathlib import Path

import pytest

import treelab

ROOT = Path(__file__).resolve().parents[2]
TREELAB = os.environ.get("TREELAB", str(ROOT / "target" / "release" / "treelab"))
FFO40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"


def cli(*args, check=True):
    return subprocess.run([TREELAB, *args], capture_output=True, text=True, check=check)


def test_a_result_is_data():
    r = treelab.search("othello", FFO40, "negascout", 5, killers=2)
    d = r.to_dict()
    assert d["score"] == r.score and d["best"] == r.best and d["pv"] == r.pv
    assert d["nodes"] == r.nodes == r.counters["nodes"] > 0
    assert set(r.counters) <= set(d) and len(d) == 10 + len(r.counters)
    back = pickle.loads(pickle.dumps(r))
    assert back == r and type(back) is treelab.SearchResult
    assert back.to_dict() == d


def test_a_dataframe_of_results_has_a_column_per_field():
    pd = pytest.importorskip("pandas")
    a = treelab.search("othello", FFO40, "negaalpha", 5)
    b = treelab.search("othello", FFO40, "negascout", 5)
    frame = pd.DataFrame([a, b])
    assert list(frame.columns) == list(a.to_dict())
    assert list(frame["nodes"]) == [a.nodes, b.nodes]
    assert list(frame["best"]) == [a.best, b.best]
    assert list(frame["score"]) == [a.score, b.score] and frame["score"].dtype.kind == "i"


def test_moves_of_a_python_game_come_back_as_its_own_objects():
    from test_games import KeyedNim

    r = treelab.search(KeyedNim((1, 2, 3)), algo="negascout+tt=1", depth=6)
    assert isinstance(r.best, tuple) and r.best in KeyedNim((1, 2, 3)).moves()
    assert all(isinstance(m, tuple) for m in r.pv) and r.pv[0] == r.best
    assert pickle.loads(pickle.dumps(r)).pv == r.pv


def cli_algorithm_names():
    """The algorithms the command line lists when it refuses an unknown one."""
    done = cli("search", "--game", "tictactoe", "--algo", "quicksort", check=False)
    listed = done.stderr.split("expected one of", 1)[1]
    return re.findall(r"[a-z][a-z0-9-]*", listed)


def test_algorithms_are_the_registrys():
    algos = treelab.algorithms()
    names = [a["name"] for a in algos]
    assert names == cli_algorithm_names()
    by_name = {a["name"]: a for a in algos}
    assert by_name["negascout"]["result"] == "exact" and by_name["mcts"]["result"] == "sampling"
    assert by_name["mtdf"]["bounds"] == "fail-soft" and by_name["scout"]["bounds"] == "fail-hard"
    assert by_name["sss"]["order"] == "best-first" and by_name["ybwc"]["order"] == "parallel"
    assert by_name["minimax"]["table"].startswith("refused: ")
    killers = by_name["negascout"]["options"]["killers"]
    assert killers["form"] == "value" and (killers["min"], killers["max"]) == (0, 1024)
    assert killers["default"] == "0"
    assert by_name["negascout"]["options"]["order"]["values"][:2] == ["none", "static"]
    assert "iterations" in by_name["mcts"]["options"] and "iterations" not in by_name["negascout"]["options"]
    assert "threads" in by_name["ybwc"]["options"] and "threads" not in by_name["negaalpha"]["options"]


# An option with a value each algorithm that takes it accepts, to try the claims.
TRIALS = {"tt": "1", "killers": "2", "threads": "2", "iterations": "10", "history": None, "id": None}


@pytest.mark.parametrize("key", sorted(TRIALS))
def test_what_each_algorithm_takes_is_what_a_search_accepts(key):
    # Differential: an algorithm lists an option exactly when a row with it is not
    # refused for that option.
    for a in treelab.algorithms():
        value = TRIALS[key]
        row = f"{a['name']}+{key}" + (f"={value}" if value is not None else "")
        try:
            treelab.search("tictactoe", "XO.X.O...", row, 2, progress=False)
            refused = None
        except ValueError as e:
            refused = str(e)
        takes = key in a["options"]
        assert (refused is None) == takes, (row, takes, refused)


def test_progress_of_a_search_a_bench_and_a_match():
    seen = []
    r = treelab.search("othello", FFO40, "negaalpha", 9, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (r.nodes, None)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    seen.clear()
    treelab.search("othello", FFO40, "negaalpha", 9, nodes=100_000, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1][1] == 100_000
    cells = []
    treelab.bench("fforum-40-59.obf", ["negaalpha", "negascout"], [3, 4], limit=3, progress=lambda d, t: cells.append((d, t)))
    assert cells[-1] == (12, 12) and all(t == 12 for _, t in cells)
    games = []
    treelab.match("tictactoe", "negaalpha@2", "random", 4, progress=lambda d, t: games.append((d, t)))
    assert games[-1] == (4, 4)
    from test_games import Nim

    nodes = []
    r = treelab.search(Nim((3, 3, 3)), algo="minimax", depth=9, progress=lambda d, t: nodes.append(d))
    assert nodes and nodes[-1] <= r.nodes


def test_a_progress_callback_that_raises_stops_the_call():
    def stop(done, total):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        treelab.search("othello", FFO40, "negaalpha", 30, progress=stop)


def test_a_tqdm_bar_when_asked(capsys):
    pytest.importorskip("tqdm")
    treelab.bench("fforum-40-59.obf", ["negaalpha"], [2, 3], limit=4, progress=True)
    err = capsys.readouterr().err
    assert "bench" in err and "8/8" in err and "100%" in err
    treelab.bench("fforum-40-59.obf", ["negaalpha"], [2, 3], limit=4)
    assert capsys.readouterr().err == "", "a quick call draws no bar by default"


def test_dir_shows_what_the_package_offers():
    public = {name for name in dir(treelab) if not name.startswith("_")}
    assert public == set(treelab.__all__) - {"__version__"}
    for name in ("Any", "Dict", "List", "csv", "io", "json", "game", "tools"):
        assert name not in public


def cli_rows(*args):
    out = cli("bench", *args, "--format", "csv").stdout
    return [{k: v for k, v in row.items() if k != "seconds"} for row in csv.DictReader(io.StringIO(out))]


def as_text(frame):
    rows = frame.to_dict("records") if hasattr(frame, "to_dict") else frame
    return [{k: str(v) for k, v in row.items() if k != "seconds"} for row in rows]


def test_limit_and_shard_are_the_command_lines():
    algos = "negaalpha,mtdf+tt=4"
    for k in range(3):
        py = treelab.bench("fforum-40-59.obf", algos, "2..3", limit=7, shard=(k, 3))
        assert as_text(py) == cli_rows("--suite", "fforum-40-59.obf", "--algos", algos, "--depths", "2..3",
                                       "--limit", "7", "--shard", f"{k}/3")
    assert as_text(treelab.bench("fforum-40-59.obf", algos, [2], shard="1/3")) == as_text(
        treelab.bench("fforum-40-59.obf", algos, [2], shard=(1, 3)))


def test_range_takes_the_positions_solve_takes():
    # FFO numbers, as `treelab solve --range 42..45` selects them.
    solved = list(csv.DictReader(io.StringIO(cli("solve", "--suite", "fforum-40-59.obf", "--range", "42..45",
                                                 "--format", "csv").stdout)))
    names = [row["name"] if "name" in row else row["position"] for row in solved]
    for selection in ((42, 45), "42..45", range(42, 46)):
        py = treelab.bench("fforum-40-59.obf", ["negaalpha"], [3], range=selection)
        rows = py.to_dict("records") if hasattr(py, "to_dict") else py
        assert [r["position"] for r in rows] == names == ["#42", "#43", "#44", "#45"]
    whole = as_text(treelab.bench("fforum-40-59.obf", ["negaalpha"], [3], limit=6))
    assert as_text(treelab.bench("fforum-40-59.obf", ["negaalpha"], [3], range=(42, 45))) == whole[2:6]
    # The first two of them.
    assert as_text(treelab.bench("fforum-40-59.obf", ["negaalpha"], [3], range=(42, 45), limit=2)) == whole[2:4]
